//! The SSH side of `hotseat serve` (russh): who may log in, and one game per connection.
//!
//! Only an interactive session with a pty is served; every other request (a command, a
//! subsystem such as sftp, X11, agent or port forwarding) is refused. tokio runs here and
//! nowhere else: each connection's game runs on its own plain thread ([`super::conn`]), which
//! this layer feeds with the client's bytes and window sizes, and whose frames it sends as fast
//! as the client's SSH window takes them.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use russh::keys::{HashAlg, PrivateKey};
use russh::server::{
    Auth, ChannelOpenHandle, Config, Handler, Msg, Response, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};
use tokio::net::{TcpListener, TcpStream};

use super::conn::{self, In, Outbox};
use super::{Peer, Welcome, color_for_term, sanitize_name};
use crate::host::events;
use crate::host::limits::{self, Backoff, Connections, InputBudget, Slot, Stage};

/// Who may log in, and how.
#[derive(Clone, Default)]
pub struct Access {
    /// Only these keys (SHA256 fingerprints), from `--allow-keys`; `None`: any key.
    pub keys: Option<HashSet<String>>,
    /// The shared password every player must give, from `--password`.
    pub password: Option<String>,
}

impl Access {
    /// Reads an authorized_keys file: the fingerprints of its keys (options are ignored).
    pub fn allow_keys_file(path: &Path) -> Result<HashSet<String>, String> {
        let shown = crate::text::path(path);
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the allowed keys {shown}: {e}"))?;
        let mut keys = HashSet::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let entry = line
                .parse::<russh::keys::ssh_key::authorized_keys::Entry>()
                .map_err(|e| format!("{shown}, line {}: not a public key ({e})", n + 1))?;
            keys.insert(entry.public_key().fingerprint(HashAlg::Sha256).to_string());
        }
        if keys.is_empty() {
            return Err(format!("{shown} holds no public key: nobody could log in"));
        }
        Ok(keys)
    }

    /// The methods offered to a client: keys always; a password when one is set; otherwise
    /// keyboard-interactive with no question, for a guest without a key (unless only listed
    /// keys may log in).
    fn methods(&self) -> MethodSet {
        let mut m = vec![MethodKind::PublicKey];
        if self.password.is_some() {
            m.push(MethodKind::Password);
            m.push(MethodKind::KeyboardInteractive);
        } else if self.keys.is_none() {
            m.push(MethodKind::KeyboardInteractive);
        }
        MethodSet::from(&m[..])
    }

    fn password_ok(&self, given: &str) -> bool {
        self.password
            .as_deref()
            .is_some_and(|p| same_secret(p.as_bytes(), given.as_bytes()))
    }
}

/// Compares without stopping at the first difference, so the time taken tells nothing.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
    }
    diff == 0
}

/// What every connection shares.
pub struct Shared {
    pub access: Access,
    pub welcome: Welcome,
    pub ascii: bool,
    pub connections: Connections,
    /// Failed logins per address.
    pub backoff: Backoff,
    /// The connections' threads, to close them when the server stops.
    pub live: Mutex<HashMap<u64, Sender<In>>>,
    /// Sessions that reached a game and whose socket is still open: a goodbye is only on the
    /// wire once its session has ended (the client closes after the channel does).
    pub playing: AtomicUsize,
}

impl Shared {
    /// Tells every connection that the server stops (with `words`, how to come back): each
    /// saves, shows them and ends. Waits a few seconds at most for them, and for their
    /// goodbyes to leave: a runtime shut down before then would drop them unsent.
    pub fn close_all(&self, words: &str) {
        let live: Vec<Sender<In>> = self
            .live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for tx in live {
            let _ = tx.send(In::Stop(words.to_string()));
        }
        let end = Instant::now() + std::time::Duration::from_secs(3);
        while Instant::now() < end
            && (self.playing.load(Ordering::SeqCst) > 0
                || !self
                    .live
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .is_empty())
        {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// The russh configuration: our host key, the limits, the methods.
pub fn config(key: PrivateKey, access: &Access) -> Config {
    Config {
        server_id: russh::SshId::Standard("SSH-2.0-hotseat".into()),
        methods: access.methods(),
        auth_rejection_time: std::time::Duration::from_millis(500),
        auth_rejection_time_initial: Some(std::time::Duration::ZERO),
        keys: vec![key],
        max_auth_attempts: limits::AUTH_ATTEMPTS,
        // Dead clients are found by keepalives; a live one that sends nothing is the game's
        // idle limit's business.
        inactivity_timeout: Some(limits::IDLE + std::time::Duration::from_secs(60)),
        keepalive_interval: Some(std::time::Duration::from_secs(30)),
        keepalive_max: 4,
        nodelay: true,
        ..Config::default()
    }
}

/// Closes a connection's socket from outside its task: a client that stops reading leaves
/// that task waiting on the network, and this ends the wait.
#[derive(Clone)]
pub struct Killer(Arc<Mutex<Option<std::net::TcpStream>>>);

impl Killer {
    pub fn kill(&self) {
        if let Some(s) = self.0.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// Accepts connections on `listener` until `stop` is notified.
pub async fn accept_loop(
    listener: TcpListener,
    config: Arc<Config>,
    shared: Arc<Shared>,
    stop: Arc<tokio::sync::Notify>,
) {
    let mut next_id = 0u64;
    loop {
        let (socket, addr) = tokio::select! {
            () = stop.notified() => return,
            r = listener.accept() => match r {
                Ok(x) => x,
                // Out of descriptors and the like: wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Some((socket, killer)) = killable(socket) else {
            continue;
        };
        let ip = addr.ip().to_string();
        let kill = {
            let killer = killer.clone();
            Arc::new(move || killer.kill())
        };
        let slot = match shared.connections.admit(addr.ip(), kill, Instant::now()) {
            Ok(admitted) => {
                if let Some(out) = admitted.pushed_out {
                    events::log(
                        "refused",
                        &[
                            ("addr", &out.to_string()),
                            ("reason", "pushed out while logging in: the server is busy"),
                        ],
                    );
                }
                admitted.slot
            }
            Err(why) => {
                events::log("refused", &[("addr", &ip), ("reason", why.reason())]);
                killer.kill();
                continue;
            }
        };
        events::log("connect", &[("addr", &ip)]);
        next_id += 1;
        let started = Arc::new(AtomicBool::new(false));
        let slot = Arc::new(slot);
        let client = Client {
            id: next_id,
            shared: shared.clone(),
            addr,
            slot: slot.clone(),
            user: String::new(),
            key: None,
            key_checked: false,
            session_channel: None,
            pty: None,
            tx: None,
            budget: InputBudget::new(Instant::now()),
            killer: killer.clone(),
            started: started.clone(),
        };
        let config = config.clone();
        let shared = shared.clone();
        tokio::spawn(async move {
            // A client that has not asked to log in soon after connecting, or that has not
            // reached the game in time, is let go.
            let watchdog = {
                let killer = killer.clone();
                let started = started.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(limits::HANDSHAKE_TIME).await;
                    if slot.stage() == Some(Stage::Handshake) {
                        events::log("refused", &[("addr", &ip), ("reason", "no login in time")]);
                        killer.kill();
                        return;
                    }
                    let rest = limits::LOGIN_TIME.saturating_sub(limits::HANDSHAKE_TIME);
                    tokio::time::sleep(rest).await;
                    if !started.load(Ordering::SeqCst) {
                        events::log("refused", &[("addr", &ip), ("reason", "no game in time")]);
                        killer.kill();
                    }
                })
            };
            if let Ok(session) = russh::server::run_stream(config, socket, client).await {
                let _ = session.await;
            }
            watchdog.abort();
            killer.kill();
            if started.load(Ordering::SeqCst) {
                shared.playing.fetch_sub(1, Ordering::SeqCst);
            }
        });
    }
}

/// The socket, and a way to close it from elsewhere.
fn killable(socket: TcpStream) -> Option<(TcpStream, Killer)> {
    let std = socket.into_std().ok()?;
    let other = std.try_clone().ok()?;
    let socket = TcpStream::from_std(std).ok()?;
    Some((socket, Killer(Arc::new(Mutex::new(Some(other))))))
}

/// One connection's SSH state.
struct Client {
    id: u64,
    shared: Arc<Shared>,
    addr: SocketAddr,
    slot: Arc<Slot>,
    user: String,
    /// The verified key's fingerprint.
    key: Option<String>,
    /// The key was verified (and, with a password set, the password still has to follow).
    key_checked: bool,
    session_channel: Option<Channel<Msg>>,
    /// TERM, columns, rows.
    pty: Option<(String, u16, u16)>,
    /// To the game's thread, once it runs.
    tx: Option<Sender<In>>,
    budget: InputBudget,
    killer: Killer,
    started: Arc<AtomicBool>,
}

/// A window's columns and rows as drawn: at least 1, at most the size a real terminal has.
fn dims(cols: u32, rows: u32) -> (u16, u16) {
    let clamp = |n: u32, max: u16| u16::try_from(n).unwrap_or(u16::MAX).clamp(1, max);
    (clamp(cols, limits::MAX_COLS), clamp(rows, limits::MAX_ROWS))
}

impl Client {
    fn key_allowed(&self, fingerprint: &str) -> bool {
        self.shared
            .access
            .keys
            .as_ref()
            .is_none_or(|k| k.contains(fingerprint))
    }

    /// Whether a client that has given the password (or, with none set, nothing) may enter.
    fn may_enter_without_key(&self) -> bool {
        self.shared.access.keys.is_none() || self.key_checked
    }

    fn reject() -> Auth {
        Auth::reject()
    }

    fn ip(&self) -> String {
        self.addr.ip().to_string()
    }

    /// The client asked to log in (as `user`): its key exchange is done.
    fn asking(&mut self, user: &str) {
        self.user = user.to_string();
        self.slot.reached(Stage::Login);
    }

    /// Waits out this address's back-off for failed logins, then checks `given`; a failure
    /// counts against the address and is logged.
    async fn check_password(&self, given: &str) -> bool {
        let addr = self.addr.ip();
        let wait = self.shared.backoff.wait(addr, Instant::now());
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        if self.shared.access.password_ok(given) {
            self.shared.backoff.succeeded(addr);
            return true;
        }
        let n = self.shared.backoff.failed(addr, Instant::now());
        events::log(
            "refused",
            &[
                ("addr", &self.ip()),
                ("user", &sanitize_name(&self.user)),
                ("reason", "wrong password"),
                ("failures", &n.to_string()),
            ],
        );
        false
    }

    /// Refuses the request (OpenSSH then says "exec request failed"), with why on the
    /// channel's error stream for clients that show it, and closes the channel.
    fn refuse(session: &mut Session, channel: ChannelId, why: &str) -> Result<(), russh::Error> {
        let msg = format!("hotseat: {why}\r\n");
        session.extended_data(channel, 1, msg.into_bytes())?;
        session.channel_failure(channel)?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// Starts the game's thread and the task that sends its frames.
    fn start_game(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let Some(ch) = self.session_channel.take() else {
            return Self::refuse(session, channel, "no session");
        };
        let Some((term, w, h)) = self.pty.clone() else {
            // Not a refusal but a mistake: the shell is granted and says what to do instead.
            session.channel_success(channel)?;
            let msg = "hotseat: the game needs a terminal: connect with `ssh -t`, without a \
                       command\r\n";
            session.extended_data(channel, 1, msg.as_bytes().to_vec())?;
            session.exit_status_request(channel, 1)?;
            session.eof(channel)?;
            return session.close(channel);
        };
        session.channel_success(channel)?;
        let name = sanitize_name(&self.user);
        match &self.key {
            Some(k) => events::log(
                "login",
                &[("addr", &self.ip()), ("user", &name), ("key", k)],
            ),
            None => events::log(
                "login",
                &[
                    ("addr", &self.ip()),
                    ("user", &name),
                    ("key", "none (guest)"),
                ],
            ),
        }
        let (tx, rx) = mpsc::channel();
        let (wake, wake_pending) = conn::wake_for(tx.clone());
        let out = Outbox::new();
        let peer = Peer::new(
            name,
            self.key.clone(),
            self.addr.ip(),
            color_for_term(&term),
        );
        let setup = conn::Setup {
            peer,
            size: (w, h),
            ascii: self.shared.ascii,
            rx,
            wake,
            wake_pending,
            out: out.clone(),
            idle: limits::IDLE,
        };
        let shared = self.shared.clone();
        let killer = self.killer.clone();
        let id = self.id;
        let ip = self.ip();
        let who = peer_name_for_log(&setup.peer);
        shared
            .live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, tx.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("conn-{id}"))
            .spawn(move || {
                let welcome = shared.welcome.clone();
                let end = conn::run(setup, &*welcome);
                events::log(
                    "disconnect",
                    &[("addr", &ip), ("user", &who), ("reason", end.reason())],
                );
                shared
                    .live
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&id);
                if end == conn::End::NotReading {
                    killer.kill();
                }
            });
        if spawned.is_err() {
            return Self::refuse(session, channel, "the server cannot start another game");
        }
        self.tx = Some(tx);
        self.shared.playing.fetch_add(1, Ordering::SeqCst);
        self.started.store(true, Ordering::SeqCst);
        self.slot.reached(Stage::Playing);
        let (_read, write) = ch.split();
        let notify = Arc::new(tokio::sync::Notify::new());
        let n = notify.clone();
        out.on_ready(move || n.notify_one());
        tokio::spawn(async move {
            loop {
                while let Some(frame) = out.pop() {
                    let len = frame.len();
                    if write.data_bytes(frame).await.is_err() {
                        return;
                    }
                    out.sent(len);
                }
                if out.is_closed() {
                    break;
                }
                notify.notified().await;
            }
            let _ = write.exit_status(0).await;
            let _ = write.eof().await;
            let _ = write.close().await;
        });
        Ok(())
    }
}

/// How a connection is named in the server's log: its name, and "guest" for one without a key.
fn peer_name_for_log(peer: &Peer) -> String {
    match peer.key {
        Some(_) => peer.name.clone(),
        None => format!("{} (guest)", peer.name),
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(In::Close);
        }
    }
}

impl Handler for Client {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.asking(user);
        Ok(Self::reject())
    }

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        self.asking(user);
        let fp = offer.public_key.fingerprint(HashAlg::Sha256).to_string();
        Ok(if self.key_allowed(&fp) {
            Auth::Accept
        } else {
            Self::reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.asking(user);
        let fp = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        if !self.key_allowed(&fp) {
            events::log(
                "refused",
                &[
                    ("addr", &self.ip()),
                    ("key", &fp),
                    ("reason", "key not allowed"),
                ],
            );
            return Ok(Self::reject());
        }
        self.key = Some(fp);
        self.key_checked = true;
        if self.shared.access.password.is_some() {
            // The key says who; the password still has to say they are invited.
            return Ok(Auth::Reject {
                proceed_with_methods: Some(MethodSet::from(
                    &[MethodKind::Password, MethodKind::KeyboardInteractive][..],
                )),
                partial_success: true,
            });
        }
        Ok(Auth::Accept)
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        self.asking(user);
        Ok(
            if self.may_enter_without_key() && self.check_password(password).await {
                Auth::Accept
            } else {
                Self::reject()
            },
        )
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.asking(user);
        if !self.may_enter_without_key() {
            return Ok(Self::reject());
        }
        if self.shared.access.password.is_none() {
            // A guest without a key: nothing to ask.
            return Ok(Auth::Accept);
        }
        match response {
            None => Ok(Auth::Partial {
                name: "hotseat".into(),
                instructions: "".into(),
                prompts: vec![("Password: ".into(), false)].into(),
            }),
            Some(mut answers) => {
                let given = answers.next().unwrap_or_default();
                let given = String::from_utf8_lossy(&given);
                Ok(if self.check_password(&given).await {
                    Auth::Accept
                } else {
                    Self::reject()
                })
            }
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One game per connection.
        if self.session_channel.is_some() || self.tx.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.session_channel = Some(channel);
            reply.accept().await;
        }
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_forwarded_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _socket_path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let term: String = term.chars().take(64).collect();
        let (w, h) = dims(col_width, row_height);
        self.pty = Some((term, w, h));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.tx.is_some() {
            return session.channel_failure(channel);
        }
        self.start_game(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        Self::refuse(
            session,
            channel,
            "this server only runs the game; connect without a command",
        )
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        Self::refuse(session, channel, "this server only runs the game")
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        session.channel_failure(channel)?;
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _socket_path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = &self.tx {
            let (w, h) = dims(col_width, row_height);
            let _ = tx.send(In::Resize(w, h));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.budget.spend(data.len(), Instant::now()) {
            // A flood: end this connection; its game saves as on any other way out.
            if self.tx.is_some() {
                events::log(
                    "refused",
                    &[("addr", &self.ip()), ("reason", "input flood")],
                );
            }
            if let Some(tx) = self.tx.take() {
                let _ = tx.send(In::Close);
            }
            self.killer.kill();
            return Ok(());
        }
        if let Some(tx) = &self.tx {
            let n = data.len().min(limits::MAX_READ);
            let _ = tx.send(In::Data(data[..n].to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = &self.tx {
            let _ = tx.send(In::Close);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(In::Close);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by a hostile test: a 10000×10000 window cost about 94 MB of server memory.
    #[test]
    fn windows_are_drawn_at_most_at_a_real_terminals_size() {
        assert_eq!(dims(10_000, 10_000), (limits::MAX_COLS, limits::MAX_ROWS));
        assert_eq!(dims(u32::MAX, 0), (limits::MAX_COLS, 1));
        assert_eq!(dims(80, 24), (80, 24));
        assert_eq!(dims(500, 200), (500, 200));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"open sesame", b"open sesame"));
        assert!(!same_secret(b"open sesame", b"open sesam"));
        assert!(!same_secret(b"open sesame", b"open sesame!"));
        assert!(!same_secret(b"", b"x"));
        assert!(same_secret(b"", b""));
    }

    #[test]
    fn methods_follow_the_options() {
        let names = |a: &Access| {
            a.methods()
                .iter()
                .map(|m| <&str>::from(m).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(&Access::default()),
            ["publickey", "keyboard-interactive"]
        );
        let pw = Access {
            password: Some("x".into()),
            ..Access::default()
        };
        assert_eq!(
            names(&pw),
            ["publickey", "password", "keyboard-interactive"]
        );
        let keys_only = Access {
            keys: Some(HashSet::new()),
            ..Access::default()
        };
        assert_eq!(names(&keys_only), ["publickey"]);
    }

    #[test]
    fn allowed_keys_are_read_from_an_authorized_keys_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let key = super::super::hostkey::load_or_create(dir.path()).expect("key");
        let public = key.public_key().to_openssh().expect("openssh");
        let file = dir.path().join("allowed");
        std::fs::write(&file, format!("# friends\n\nno-pty {public} ann@laptop\n")).expect("write");
        let keys = Access::allow_keys_file(&file).expect("read");
        assert!(keys.contains(&super::super::hostkey::fingerprint(&key)));
        std::fs::write(&file, "# nobody\n").expect("write");
        assert!(Access::allow_keys_file(&file).is_err());
        std::fs::write(&file, "ssh-ed25519 AAAA!!!! x\n").expect("write");
        let err = Access::allow_keys_file(&file).expect_err("broken");
        assert!(err.contains("line 1"), "{err}");
    }
}

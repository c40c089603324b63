//! "Host on the network" from the local launcher: the game server runs inside this process for
//! as long as the host's lobby is open, and the host plays from this terminal like any other
//! connection, through the same hub. Leaving that lobby stops the server: every connected game
//! saves and its client is told goodbye, as when `hotseat serve` is stopped.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Peer, ServeOptions, Wake, Welcome, hostkey, ssh};
use crate::host::hub::Hub;
use crate::host::limits;
use crate::ui::AnyGame;
use crate::ui::launcher::HostFn;
use crate::ui::lobby::Lobby;
use crate::ui::lobby::Served;

/// The port friends connect to, as `hotseat serve` uses by default.
pub const PORT: u16 = 2222;

/// The server running in this process; dropping it stops it.
pub struct Hosted {
    pub bound: SocketAddr,
    pub fingerprint: String,
    stop: Arc<tokio::sync::Notify>,
    thread: Option<JoinHandle<()>>,
}

impl Hosted {
    /// Starts serving `hub`'s lobby on `bind`:`port` (any key may log in, no password, as
    /// `hotseat serve` without options). `data_dir` holds the host key. The port is taken
    /// before the hub opens the server's tables: a server already running there keeps them.
    pub fn start(
        data_dir: &Path,
        bind: IpAddr,
        port: u16,
        games: &[&'static dyn AnyGame],
        hub: impl FnOnce() -> Result<Hub, String>,
    ) -> Result<(Hosted, Hub), String> {
        let key = hostkey::load_or_create(data_dir)?;
        let fingerprint = hostkey::fingerprint(&key);
        // The game's own screen is on this terminal: no event lines on it.
        crate::host::events::set_quiet(true);
        let access = ssh::Access::default();
        let config = Arc::new(ssh::config(key, &access));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ssh")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let addr = SocketAddr::new(bind, port);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(addr))
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let hub = hub()?;
        let opts = ServeOptions {
            bind,
            port: bound.port(),
            allow_keys: None,
            password: None,
            ascii: false,
        };
        hub.set_invite(&super::join_command(&super::join_text(
            bound,
            &fingerprint,
            &opts,
        )));
        let served = Served::new(hub.clone(), games);
        let welcome: Welcome =
            Arc::new(move |peer, wake| crate::ui::lobby::welcome(&served, peer, wake));
        let shared = Arc::new(ssh::Shared {
            access,
            welcome,
            ascii: false,
            connections: limits::Connections::new(),
            backoff: limits::Backoff::new(),
            live: Default::default(),
            playing: Default::default(),
        });
        let stop = Arc::new(tokio::sync::Notify::new());
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("hosted server".into())
            .spawn(move || {
                runtime.block_on(ssh::accept_loop(listener, config, shared.clone(), stopped));
                close_all(&shared);
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(|e| format!("cannot start the server: {e}"))?;
        Ok((
            Hosted {
                bound,
                fingerprint,
                stop,
                thread: Some(thread),
            },
            hub,
        ))
    }

    /// What the host's lobby shows: the command friends type, and the key they should see.
    pub fn banner(&self) -> String {
        let opts = ServeOptions {
            bind: self.bound.ip(),
            port: self.bound.port(),
            allow_keys: None,
            password: None,
            ascii: false,
        };
        // The server's own words for the command, so both ways of serving say the same.
        let join = super::join_command(&super::join_text(self.bound, &self.fingerprint, &opts));
        format!(
            "Hosting: friends join with {join}  (key {})",
            self.fingerprint
        )
    }
}

/// Tells every connection to save and say goodbye, and waits a moment for them.
fn close_all(shared: &ssh::Shared) {
    shared.close_all(
        "hotseat: the host stopped hosting; your table and seat are saved.\r\n\
         hotseat: to come back when they host again, connect the same way\r\n\
         hotseat: (without a key: then c and your reconnect code)\r\n",
    );
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.stop.notify_one();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The person at this terminal, as the hub knows them: the login name, and one fixed identity
/// so that coming back to host again finds their seats.
pub fn local_peer(color: bool) -> Peer {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default();
    Peer::new(
        super::sanitize_name(&user),
        Some("local:this terminal".into()),
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        color,
    )
}

/// Where "Host on the network" listens: every address at [`PORT`] (tests: a free local port).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostAt {
    pub bind: IpAddr,
    pub port: u16,
}

impl Default for HostAt {
    fn default() -> Self {
        HostAt {
            bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: PORT,
        }
    }
}

/// The launcher's "Host on the network", listening at `at`.
pub fn host_fn(at: HostAt) -> HostFn {
    Arc::new(
        move |data_dir: &Path, games: &[&'static dyn AnyGame], nudge: Wake| {
            host_lobby(data_dir, games, at, nudge)
                .map(|l| Box::new(l) as Box<dyn crate::ui::Screen>)
        },
    )
}

/// A server started now over the data folder's tables, with its hub (whose tables keep the
/// settings' pace, as `hotseat serve`'s do).
fn host_hub(
    data_dir: &Path,
    games: &[&'static dyn AnyGame],
    at: HostAt,
) -> Result<(Hosted, Hub), String> {
    let host_games = crate::ui::registered::host_games(games);
    Hosted::start(data_dir, at.bind, at.port, games, || {
        Hub::open(data_dir, &host_games).map_err(|e| {
            format!(
                "cannot open the server's tables in {}: {e}",
                crate::text::path(data_dir)
            )
        })
    })
}

/// The host's lobby over a server started now, or why the server could not start. `nudge`
/// redraws this terminal when the hub wakes it.
pub fn host_lobby(
    data_dir: &Path,
    games: &[&'static dyn AnyGame],
    at: HostAt,
    nudge: Wake,
) -> Result<Lobby, String> {
    let (server, hub) = host_hub(data_dir, games, at)?;
    let banner = server.banner();
    let served = Served::new(hub, games);
    Ok(Lobby::new(served, local_peer(true), nudge).hosting(banner, Box::new(server)))
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::net::TcpStream;

    use super::*;
    use crate::ui::launcher::{Catalog, Launcher};
    use crate::ui::testutil::{ch, draw};
    use crate::ui::{Nav, Screen, Theme};

    const THEME: Theme = Theme::new(false, true);
    const LOCAL: HostAt = HostAt {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
    };

    fn launcher(dir: &Path, at: HostAt) -> Launcher {
        let l = Launcher::new_in(Catalog {
            games: crate::registry::GAMES.to_vec(),
            dir: dir.join("games"),
            local: crate::ui::work::Local::inline(),
        });
        l.with_host(Some(host_fn(at)))
    }

    #[test]
    fn a_hosted_tables_computer_players_keep_the_settings_pace() {
        let dir = tempfile::tempdir().expect("tmp");
        let pace = Duration::from_millis(1234);
        // The launcher's "Host on the network" runs on the screen's thread, where main
        // installed the settings.
        let (_server, hub) = crate::config::paced(pace, || {
            host_hub(dir.path(), crate::registry::GAMES, LOCAL).expect("hosting")
        });
        assert_eq!(hub.bot_delay(), pace);
    }

    /// The server's SSH greeting, read from a plain TCP connection.
    fn greeting(addr: SocketAddr) -> String {
        let mut s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).expect("read");
        String::from_utf8_lossy(&buf[..n]).into_owned()
    }

    #[test]
    fn hosting_serves_ssh_until_its_lobby_is_left() {
        let dir = tempfile::tempdir().expect("tmp");
        let games = crate::registry::host_games();
        let (server, _hub) =
            Hosted::start(dir.path(), LOCAL.bind, 0, crate::registry::GAMES, || {
                Hub::open(dir.path(), &games).map_err(|e| e.to_string())
            })
            .expect("start");
        let addr = server.bound;
        assert!(greeting(addr).starts_with("SSH-2.0-hotseat"));
        let banner = server.banner();
        assert!(
            banner.contains(&format!("ssh -p {} <their name>@127.0.0.1", addr.port())),
            "{banner}"
        );
        assert!(banner.contains(&server.fingerprint));
        drop(server);
        assert!(TcpStream::connect(addr).is_err(), "the port is let go");
    }

    #[test]
    fn o_in_the_launcher_opens_the_hosting_lobby() {
        let dir = tempfile::tempdir().expect("tmp");
        let mut l = launcher(dir.path(), LOCAL);
        let Nav::Push(lobby) = l.on_event(&ch('o')) else {
            panic!("the host's lobby: {:?}", l.note);
        };
        let s = draw(lobby.as_ref(), THEME, 80, 24);
        assert!(s.contains("Hosting: friends join with ssh -p"), "{s}");
        assert!(s.contains("q stop"), "{s}");
        // The host key is kept in the data folder, owner-only, for the next time.
        assert!(hostkey::path(dir.path()).exists());
    }

    #[test]
    fn a_taken_port_is_said_on_the_launcher() {
        let dir = tempfile::tempdir().expect("tmp");
        let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = taken.local_addr().expect("addr").port();
        let mut l = launcher(
            dir.path(),
            HostAt {
                bind: LOCAL.bind,
                port,
            },
        );
        assert!(matches!(l.on_event(&ch('o')), Nav::Stay));
        let s = draw(&l, THEME, 80, 24);
        assert!(
            s.contains("Cannot host: cannot listen on 127.0.0.1:"),
            "{s}"
        );
        // The server's tables were not opened: nothing written beside the host key.
        assert!(!dir.path().join("games").exists(), "{s}");
    }
}

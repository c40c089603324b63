//! The network layer: `hotseat serve` lets friends join with the `ssh` client they already have.
//!
//! A thin transport over one shared app: each connection runs its own [`crate::ui::app::App`]
//! on its own thread ([`conn`]), drawn into a remote terminal ([`remote_term`]) from keys parsed
//! off the SSH channel ([`input`]); what the connections share lives in the host
//! ([`crate::host::hub::Hub`]). Nothing below this layer imports it.

pub mod conn;
#[cfg(feature = "server")]
pub mod host_lobby;
#[cfg(feature = "server")]
pub mod hostkey;
pub mod remote_term;
#[cfg(feature = "server")]
pub mod ssh;

pub use crate::host::{Peer, Wake};

#[cfg(feature = "server")]
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[cfg(feature = "server")]
use crate::host::{events, limits};

/// Makes a connection's first screen (the hub's lobby). Called on the connection's own thread.
pub type Welcome = Arc<dyn Fn(Peer, Wake) -> Box<dyn crate::ui::Screen> + Send + Sync>;

/// The longest display name.
pub const MAX_NAME: usize = 24;

/// An SSH user name made fit to show: without the characters no name may hold
/// ([`crate::text::is_unfit_for_name`], the rule logs and the launcher apply too), no blanks at
/// the ends, at most [`MAX_NAME`] characters; "guest" when nothing is left.
pub fn sanitize_name(user: &str) -> String {
    let kept: String = user
        .chars()
        .filter(|&c| !crate::text::is_unfit_for_name(c))
        .collect();
    let name: String = kept.trim().chars().take(MAX_NAME).collect();
    let name = name.trim_end().to_string();
    if name.is_empty() {
        "guest".to_string()
    } else {
        name
    }
}

/// Whether a client terminal called `term` (its pty request's TERM) shows colour: not when it
/// gave none or is `dumb`. The server's own `NO_COLOR` is about the server's terminal, not the
/// players'.
pub fn color_for_term(term: &str) -> bool {
    let t = term.trim().to_ascii_lowercase();
    !(t.is_empty() || t == "dumb" || t.starts_with("dumb-"))
}

/// What `hotseat serve` was asked.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub bind: IpAddr,
    pub port: u16,
    pub allow_keys: Option<PathBuf>,
    pub password: Option<String>,
    pub ascii: bool,
}

/// The shared password, from `--password`, the first line of `--password-file`, or the
/// `HOTSEAT_PASSWORD` environment variable (in that order); `None`: no password.
pub fn password(
    given: Option<&str>,
    file: Option<&Path>,
    env: Option<&str>,
) -> Result<Option<String>, String> {
    let pw = match (given, file) {
        (Some(p), _) => Some(p.to_string()),
        (None, Some(f)) => {
            let shown = crate::text::path(f);
            let text = crate::files::read_capped(f, 64 * 1024)
                .map_err(|e| format!("cannot read the password file {shown}: {e}"))?;
            let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
            if line.is_empty() {
                return Err(format!(
                    "the password file {shown} starts with an empty line"
                ));
            }
            Some(line.to_string())
        }
        (None, None) => env.filter(|e| !e.is_empty()).map(str::to_string),
    };
    if pw.as_deref() == Some("") {
        return Err("--password must not be empty".into());
    }
    Ok(pw)
}

/// Runs the server until the process is stopped (Ctrl-C): prints how to join (and `restored`,
/// the tables it brought back), hands `invite` the command friends type (with `<their name>`
/// for the name), then serves every connection its own `welcome` screen.
/// Stopping, it tells every connection how to come back and prints `saved()`, what was kept.
/// `data_dir` holds the host key.
#[cfg(feature = "server")]
pub fn serve(
    opts: &ServeOptions,
    data_dir: &Path,
    welcome: Welcome,
    restored: &str,
    saved: &dyn Fn() -> String,
    invite: &dyn Fn(&str),
) -> Result<(), String> {
    let key = hostkey::load_or_create(data_dir)?;
    let fingerprint = hostkey::fingerprint(&key);
    let access = ssh::Access {
        keys: match &opts.allow_keys {
            Some(p) => Some(ssh::Access::allow_keys_file(p)?),
            None => None,
        },
        password: match &opts.password {
            Some(p) if p.is_empty() => return Err("--password must not be empty".into()),
            p => p.clone(),
        },
    };
    if let Some(files) = limits::raise_file_limit()
        && files < limits::DESCRIPTORS_NEEDED
    {
        events::log(
            "limit",
            &[
                ("what", "descriptors"),
                ("open-files", &files.to_string()),
                ("needed", &limits::DESCRIPTORS_NEEDED.to_string()),
            ],
        );
    }
    let config = Arc::new(ssh::config(key, &access));
    let shared = Arc::new(ssh::Shared {
        access,
        welcome,
        ascii: opts.ascii,
        connections: limits::Connections::new(),
        backoff: limits::Backoff::new(),
        live: Default::default(),
        playing: Default::default(),
    });
    // One thread for all the SSH work (the games run on their connections' threads): a key
    // read from the socket goes to its game's thread, and its frame comes back to this one to
    // be encrypted and written, two hand-offs. With a pool of workers, the reading, the
    // writing task and the session's task could each wake another worker (about five
    // hand-offs a key, measured with `strace -f -c`).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .thread_name("ssh")
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let addr = SocketAddr::new(opts.bind, opts.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(addr))
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let join = join_text(bound, &fingerprint, opts);
    invite(&join_command(&join));
    let mut out = std::io::stdout().lock();
    let _ = out
        .write_all(join.as_bytes())
        .and_then(|()| out.write_all(restored.as_bytes()))
        .and_then(|()| {
            out.write_all(
                hostkey::unchecked_note(data_dir)
                    .unwrap_or_default()
                    .as_bytes(),
            )
        })
        .and_then(|()| out.flush());
    drop(out);
    events::log("listening", &[("addr", &bound.to_string())]);
    let stop = Arc::new(tokio::sync::Notify::new());
    watch_stop_signals(&runtime, stop.clone());
    runtime.block_on(ssh::accept_loop(listener, config, shared.clone(), stop));
    // Stopping: every game saves and tells its client goodbye, and how to come back.
    events::log("stopping", &[]);
    let command = join_command(&join);
    let bye = format!(
        "hotseat: the host stopped the server; your table and seat are saved.\r\n\
         hotseat: to come back when it runs again: {command}\r\n\
         hotseat: (without a key: then c and your reconnect code)\r\n"
    );
    // The goodbyes are written by this runtime's tasks: it runs while the games close.
    let closing = shared.clone();
    let closed = runtime.spawn_blocking(move || closing.close_all(&bye));
    let _ = runtime.block_on(closed);
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(saved().as_bytes()).and_then(|()| out.flush());
    Ok(())
}

/// What `hotseat serve` prints: where it listens, the key to expect, the command to give.
pub fn join_text(bound: SocketAddr, fingerprint: &str, opts: &ServeOptions) -> String {
    let host = if bound.ip().is_unspecified() {
        host_name().unwrap_or_else(|| "<this computer's address>".into())
    } else if bound.is_ipv6() {
        format!("[{}]", bound.ip())
    } else {
        bound.ip().to_string()
    };
    let port = if bound.port() == 22 {
        String::new()
    } else {
        format!("-p {} ", bound.port())
    };
    let mut t = format!(
        "hotseat server listening on {bound}\n\
         Host key fingerprint: {fingerprint} (ED25519)\n\
         Friends join with:    ssh {port}<their name>@{host}\n"
    );
    if opts.password.is_some() {
        t.push_str("Every player is asked for the password.\n");
    }
    if let Some(p) = &opts.allow_keys {
        t.push_str(&format!(
            "Only the keys in {} may join.\n",
            crate::text::path(p)
        ));
    }
    t.push_str("Ctrl-C stops the server (open tables are saved).\n");
    t
}

/// The command of a [`join_text`]: `ssh -p 2222 <their name>@host`.
pub fn join_command(join_text: &str) -> String {
    join_text
        .lines()
        .find_map(|l| l.strip_prefix("Friends join with:"))
        .map(|c| c.trim().to_string())
        .unwrap_or_default()
}

/// This computer's name, as others on the network may know it.
fn host_name() -> Option<String> {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is valid for its length; gethostname writes at most that much.
        let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if r != 0 {
            return None;
        }
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        let name = String::from_utf8_lossy(&buf[..end]).into_owned();
        (!name.is_empty() && !name.chars().any(crate::text::is_unsafe)).then_some(name)
    }
    #[cfg(not(unix))]
    {
        std::env::var("COMPUTERNAME").ok().filter(|n| !n.is_empty())
    }
}

/// Ctrl-C, SIGTERM or SIGHUP stop the server in order (games saved, clients told). Elsewhere
/// (Windows) tokio's portable Ctrl-C, and on Windows Ctrl-Break too: without a handler either
/// one ends the process at once, and the open tables are not saved.
#[cfg(feature = "server")]
fn watch_stop_signals(runtime: &tokio::runtime::Runtime, stop: Arc<tokio::sync::Notify>) {
    #[cfg(unix)]
    {
        // A thread of its own rather than tokio's unix signals: the three of them, caught even
        // while the runtime's workers are all busy.
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            let _ = std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    if signals.forever().next().is_some() {
                        stop.notify_one();
                    }
                });
        }
        let _ = runtime;
    }
    #[cfg(not(unix))]
    runtime.spawn(async move {
        #[cfg(windows)]
        let ctrl_break = async {
            match tokio::signal::windows::ctrl_break() {
                Ok(mut b) => b.recv().await,
                // Not watched: Ctrl-C still is.
                Err(_) => std::future::pending().await,
            }
        };
        #[cfg(not(windows))]
        let ctrl_break = std::future::pending::<Option<()>>();
        tokio::select! {
            r = tokio::signal::ctrl_c() => {
                if r.is_err() {
                    // No handler could be set: the default (ending the process) stays.
                    return;
                }
            }
            _ = ctrl_break => {}
        }
        stop.notify_one();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned_and_capped() {
        assert_eq!(sanitize_name("ann"), "ann");
        assert_eq!(sanitize_name("  bob  "), "bob");
        assert_eq!(sanitize_name("e\u{1b}[31mvil"), "e[31mvil");
        assert_eq!(sanitize_name("\u{202E}nna"), "nna");
        assert_eq!(sanitize_name("a\u{200B}b"), "ab");
        assert_eq!(sanitize_name("\u{7}\u{202E}"), "guest");
        assert_eq!(sanitize_name(""), "guest");
        let long = "x".repeat(100);
        assert_eq!(sanitize_name(&long).chars().count(), MAX_NAME);
        assert_eq!(
            sanitize_name("李".repeat(30).as_str()).chars().count(),
            MAX_NAME
        );
    }

    #[test]
    fn colour_follows_the_clients_term() {
        assert!(color_for_term("xterm-256color"));
        assert!(color_for_term("screen"));
        assert!(!color_for_term("dumb"));
        assert!(!color_for_term(""));
    }

    #[test]
    fn the_join_text_names_port_and_fingerprint() {
        let opts = ServeOptions {
            bind: "127.0.0.1".parse().expect("ip"),
            port: 2222,
            allow_keys: None,
            password: Some("pw".into()),
            ascii: false,
        };
        let t = join_text("127.0.0.1:2222".parse().expect("addr"), "SHA256:abc", &opts);
        assert!(t.contains("ssh -p 2222 <their name>@127.0.0.1"), "{t}");
        assert!(t.contains("SHA256:abc"), "{t}");
        assert!(t.contains("password"), "{t}");
        assert!(
            !t.contains("pw\n"),
            "the password itself is not printed: {t}"
        );
    }
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_wake_calls_its_function_from_every_clone() {
        let n = Arc::new(AtomicUsize::new(0));
        let m = n.clone();
        let w = Wake::new(move || {
            m.fetch_add(1, Ordering::SeqCst);
        });
        let w2 = w.clone();
        w.wake();
        w2.wake();
        assert_eq!(n.load(Ordering::SeqCst), 2);
        Wake::none().wake();
    }
}

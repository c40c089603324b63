//! Measures of `hotseat serve` over localhost with the real OpenSSH client, printed as a small
//! report (not timed assertions). Run with `cargo bench --bench ssh`.
//!
//! - connect to first frame: spawning `ssh -tt` to the first complete frame (key exchange and
//!   authentication included; the server asks the client's terminal nothing);
//! - key press to updated frame: a Down/Up in the launcher's game list (a cursor move), from
//!   writing the key to the end of the frame that shows it, median and p99;
//! - bytes per frame for that cursor move;
//! - server memory per connection and CPU with fifty idle connections (the `hotseat serve`
//!   binary, read from /proc).

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "../tests/common/ssh.rs"]
#[allow(dead_code)]
mod ssh;

use std::sync::Arc;
use std::time::{Duration, Instant};

use hotseat::server::{ServeOptions, Welcome};
use pty::Term;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A server in this process whose first screen is the launcher (a list with a cursor).
fn launcher_server(home: &std::path::Path) -> u16 {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let opts = ServeOptions {
        bind: "127.0.0.1".parse().expect("ip"),
        port,
        allow_keys: None,
        password: None,
        ascii: false,
    };
    let welcome: Welcome = Arc::new(|_peer, _wake| {
        Box::new(hotseat::ui::launcher::Launcher::new(
            hotseat::registry::GAMES,
        ))
    });
    let dir = home.to_path_buf();
    std::thread::spawn(move || hotseat::server::serve(&opts, &dir, welcome));
    let end = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < end, "the server never listened");
        std::thread::sleep(Duration::from_millis(20));
    }
    port
}

fn ssh_to(port: u16, client: &std::path::Path, key: &std::path::Path) -> Term {
    let args: Vec<String> = vec![
        "-F".into(),
        "/dev/null".into(),
        "-p".into(),
        port.to_string(),
        "-o".into(),
        "StrictHostKeyChecking=no".into(),
        "-o".into(),
        "UserKnownHostsFile=/dev/null".into(),
        "-o".into(),
        "IdentityAgent=none".into(),
        "-o".into(),
        "IdentitiesOnly=yes".into(),
        "-o".into(),
        "LogLevel=ERROR".into(),
        "-i".into(),
        key.display().to_string(),
        "-tt".into(),
        "ann@127.0.0.1".into(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Term::spawn_program("ssh", &args, client, client, 80, 24)
}

fn main() {
    if std::process::Command::new("ssh")
        .arg("-V")
        .output()
        .is_err()
    {
        println!("ssh: the OpenSSH client is missing; nothing measured");
        return;
    }
    let home = tempfile::tempdir().expect("home");
    let client = tempfile::tempdir().expect("client");
    // SAFETY: set before any other thread starts.
    unsafe { std::env::set_var("HOTSEAT_HOME", home.path()) };
    let key = ssh::keygen(client.path(), "bench");
    let port = launcher_server(home.path());

    // Connect to first frame.
    let mut connects = Vec::new();
    for _ in 0..10 {
        let t0 = Instant::now();
        let mut t = ssh_to(port, client.path(), &key);
        t.wait_for("tabletop games for one keyboard");
        connects.push(t0.elapsed());
        assert!(!t.raw().windows(4).any(|w| w == b"\x1b[6n"), "cursor query");
        t.send("\x03");
        t.wait_exit();
    }
    connects.sort();
    println!(
        "connect to first frame (ssh -tt spawn to frame, 10 runs): median {}, max {}",
        ms(percentile(&connects, 0.5)),
        ms(*connects.last().expect("runs"))
    );

    // Key press to updated frame, and bytes per frame.
    let t = ssh_to(port, client.path(), &key);
    t.wait_for("tabletop games for one keyboard");
    std::thread::sleep(Duration::from_millis(300));
    let mut lat = Vec::new();
    let mut bytes = Vec::new();
    for i in 0..300 {
        let (frames, raw) = (t.frames(), t.raw().len());
        let key = if i % 2 == 0 { "\x1b[B" } else { "\x1b[A" };
        let t0 = Instant::now();
        t.send_bytes(key.as_bytes());
        let end = t0 + Duration::from_secs(10);
        while t.frames() == frames {
            assert!(Instant::now() < end, "no frame after a key");
            std::hint::spin_loop();
        }
        lat.push(t0.elapsed());
        bytes.push(t.raw().len() - raw);
        std::thread::sleep(Duration::from_millis(5));
    }
    lat.sort();
    bytes.sort();
    println!(
        "key press to updated frame (cursor move in a list, 300 keys): median {}, p99 {}",
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99))
    );
    println!(
        "bytes per frame for that cursor move (80x24, synchronized-update markers included): \
         median {}, max {}",
        bytes[bytes.len() / 2],
        bytes[bytes.len() - 1]
    );
    drop(t);

    // Memory per connection and CPU at rest: the real binary, fifty clients.
    let mut server = ssh::Server::start(&[]);
    let key = server.new_key("m");
    std::thread::sleep(Duration::from_millis(500));
    let before = ssh::rss_kib(server.pid()).unwrap_or(0);
    let clients: Vec<Term> = (0..50)
        .map(|i| server.connect_from(&format!("127.0.0.{}", 10 + i), "p", Some(&key)))
        .collect();
    for c in &clients {
        c.wait_for("Open tables");
    }
    std::thread::sleep(Duration::from_secs(1));
    let after = ssh::rss_kib(server.pid()).unwrap_or(0);
    println!(
        "server memory: {before} KiB at rest, {after} KiB with 50 connections: {} KiB each",
        after.saturating_sub(before) / 50
    );
    let cpu0 = ssh::cpu_ticks(server.pid()).unwrap_or(0);
    std::thread::sleep(Duration::from_secs(10));
    let cpu1 = ssh::cpu_ticks(server.pid()).unwrap_or(0);
    println!(
        "server CPU with 50 idle connections over 10 s: {} clock ticks (1 tick = 10 ms)",
        cpu1.saturating_sub(cpu0)
    );
    for mut c in clients {
        c.send_bytes(b"\x03");
        c.wait_exit();
    }
    assert!(server.alive());

    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_hotseat"));
    if let Ok(m) = std::fs::metadata(bin) {
        println!(
            "this build's binary: {:.2} MB ({}); `cargo build --release` for the shipped size",
            m.len() as f64 / 1e6,
            bin.display()
        );
    }
}

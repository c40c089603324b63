//! The server against a hostile stranger (issue #19), with real connections to a server on a
//! free loopback port: silent connections that would hold every place, what the host is told
//! (event lines, `--quiet`), the password kept out of `ps`, and a stop that tells everyone how
//! to come back and a start that says what it restored. Each stops by itself within seconds.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use common::ssh::Server;

/// Found by a hostile test: 300 TCP connections from 38 loopback addresses that never sent a
/// banner held all 200 places for 30 s, and every new player was refused. Now they hold only
/// the places for connections logging in, each new one pushes out the oldest, and players
/// already in are never touched.
#[test]
fn silent_connections_never_lock_a_player_out() {
    let s = Server::start(&[]);
    let ann_key = s.new_key("ann");
    let ann = s.connect("ann", Some(&ann_key), 80, 24);
    ann.wait_for("Open tables");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let server = SocketAddr::from(([127, 0, 0, 1], s.port));
    let flood = rt.block_on(async {
        let mut held = Vec::new();
        for i in 0..300u32 {
            let from: IpAddr = format!("127.0.1.{}", 1 + i % 38).parse().expect("ip");
            let sock = tokio::net::TcpSocket::new_v4().expect("socket");
            sock.bind(SocketAddr::new(from, 0)).expect("bind");
            if let Ok(c) = sock.connect(server).await {
                held.push(c);
            }
        }
        held
    });
    assert!(flood.len() > 200, "{} silent connections", flood.len());
    s.wait_line(&["refused addr=127.0.1.", "pushed out"]);
    // A new player gets in while the flood holds its connections open.
    let bo_key = s.new_key("bo");
    let bo = s.connect_from("127.0.3.1", "bo", Some(&bo_key));
    bo.wait_for("Open tables");
    // The player who was in before is untouched.
    ann.send("n");
    ann.wait_for("which game?");
    s.wait_line(&["login addr=127.0.3.1", "user=bo", "key=SHA256:"]);
    drop(flood);
}

/// Silent connections are let go after a few seconds (the handshake grace), with a line
/// saying so, rather than the 30 s they held before.
#[test]
fn a_connection_that_never_logs_in_is_let_go_in_seconds() {
    let s = Server::start(&[]);
    let mut c = std::net::TcpStream::connect(("127.0.0.1", s.port)).expect("connect");
    c.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let t0 = Instant::now();
    let mut buf = [0u8; 256];
    // The server's banner comes first; then nothing until it closes the connection.
    loop {
        match std::io::Read::read(&mut c, &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
    let held = t0.elapsed();
    assert!(held < Duration::from_secs(20), "held for {held:?}");
    s.wait_line(&["refused addr=127.0.0.1", "no login in time"]);
}

#[test]
fn the_host_sees_connections_logins_and_refusals_unless_quiet() {
    let s = Server::start(&[]);
    let key = s.new_key("ann");
    let mut t = s.connect("ann", Some(&key), 80, 24);
    t.wait_for("Open tables");
    t.send("\x03");
    t.wait_exit();
    let login = s.wait_line(&["login addr=127.0.0.1", "user=ann"]);
    // The form tools such as fail2ban match: time, program and process, event, address.
    let (stamp, rest) = login.split_once(' ').expect("a time first");
    assert!(stamp.ends_with('Z') && stamp.contains('T'), "{login}");
    assert!(rest.starts_with("hotseat["), "{login}");
    assert!(login.contains("key=SHA256:"), "{login}");
    s.wait_line(&["connect addr=127.0.0.1"]);
    s.wait_line(&["disconnect addr=127.0.0.1", "user=ann", "reason=quit"]);

    let quiet = Server::start(&["--quiet"]);
    let mut t = quiet.connect("ann", Some(&key), 80, 24);
    t.wait_for("Open tables");
    t.send("\x03");
    t.wait_exit();
    let printed = quiet.printed();
    assert!(
        !printed.iter().any(|l| l.contains(" hotseat[")),
        "--quiet prints no event line: {printed:?}"
    );
}

/// `--password` shows in `ps`; the password may come from a file or the environment instead.
#[test]
fn the_password_comes_from_a_file_or_the_environment() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("pw");
    std::fs::write(&file, "open sesame\n").expect("write");
    let by_file = Server::start(&["--password-file", file.to_str().expect("utf-8")]);
    assert!(
        by_file
            .printed()
            .iter()
            .any(|l| l.contains("asked for the password"))
    );
    let cmdline =
        std::fs::read_to_string(format!("/proc/{}/cmdline", by_file.pid())).unwrap_or_default();
    assert!(!cmdline.contains("sesame"), "{cmdline:?}");
    let by_env = Server::start_with_env(&[], &[("HOTSEAT_PASSWORD", "open sesame")]);
    assert!(
        by_env
            .printed()
            .iter()
            .any(|l| l.contains("asked for the password"))
    );
    let none = Server::start(&[]);
    assert!(
        !none
            .printed()
            .iter()
            .any(|l| l.contains("asked for the password"))
    );
}

/// Ctrl-C on the server: every connection is told the host stopped it and how to come back,
/// the server prints what it saved, and the next start says which tables it restored.
#[test]
fn stopping_says_how_to_come_back_and_the_next_start_what_came_back() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let mut ann = s.connect("ann", Some(&key), 80, 24);
    ann.wait_for("Open tables");
    ann.send("n");
    ann.wait_for("which game?");
    ann.send("\r");
    ann.wait_for("New table:");
    ann.send("s");
    let waiting = ann.wait_for("Waiting for");
    let code = common::pty::table_code_on(&waiting);
    assert_eq!(s.stop(), Some(0), "the server stopped cleanly");
    ann.wait_exit();
    let said = String::from_utf8_lossy(&ann.raw()).into_owned();
    assert!(said.contains("the host stopped the server"), "{said}");
    assert!(
        said.contains(&format!("ssh -p {} ann@127.0.0.1", s.port)),
        "{said}"
    );
    let saved = s.wait_line(&["Stopped. Saved for the next start: 1 open table"]);
    let printed = s.printed().join("\n");
    assert!(printed.contains(&code), "{saved}\n{printed}");
    let home = std::mem::replace(&mut s.home, tempfile::tempdir().expect("tmp"));
    drop(s);
    let again = Server::start_in(home, &[]);
    again.wait_line(&["Tables restored from the last run: 1 open table"]);
    again.wait_line(&[&code]);
    again.wait_line(&["table-restored", "code="]);
}

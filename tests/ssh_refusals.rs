//! What the server refuses, with the real OpenSSH client: commands, subsystems, forwarding,
//! a wrong password, a key that is not allowed. The server serves on after each.

use crate::common;

use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::ssh::{Server, output_within};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_command_is_refused() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let o = s.run_ssh(Some(&key), &["ann@127.0.0.1", "ls", "/"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("exec request failed"), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "a command printed: {o:?}");
    s.assert_serves(&key);
}

#[test]
fn a_subsystem_is_refused() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let o = s.run_ssh(Some(&key), &["-s", "ann@127.0.0.1", "sftp"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(
        stderr(&o).contains("subsystem request failed"),
        "{}",
        stderr(&o)
    );
    s.assert_serves(&key);
}

#[test]
fn forwarding_is_refused() {
    let mut s = Server::start(&[]);
    let key = s.new_key("ann");
    let target = format!("127.0.0.1:{}", s.port);
    // -W: stdio forwarding, the direct-tcpip channel that -L uses.
    let o = s.run_ssh(Some(&key), &["-W", &target, "ann@127.0.0.1"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("forwarding failed"), "{}", stderr(&o));
    // -R: the server is asked to listen for the client.
    let o = s.run_ssh(
        Some(&key),
        &[
            "-N",
            "-o",
            "ExitOnForwardFailure=yes",
            "-R",
            "0:127.0.0.1:9",
            "ann@127.0.0.1",
        ],
    );
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("forwarding failed"), "{}", stderr(&o));
    // -L: the client listens; what comes in is not let through the server.
    let local = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let lport = local.local_addr().expect("addr").port();
    drop(local);
    let mut ssh = Command::new("ssh")
        .args(s.ssh_args(Some(&key)))
        .args(["-o", "BatchMode=yes", "-N", "-L"])
        .arg(format!("{lport}:{target}"))
        .arg("ann@127.0.0.1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ssh -L");
    let end = Instant::now() + Duration::from_secs(30);
    let mut conn = loop {
        if let Ok(c) = TcpStream::connect(("127.0.0.1", lport)) {
            break c;
        }
        assert!(Instant::now() < end, "ssh -L never listened");
        std::thread::sleep(Duration::from_millis(50));
    };
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut buf = [0u8; 64];
    // Through a working forward the server's own banner would come back.
    match conn.read(&mut buf) {
        Ok(0) => {}
        Ok(n) => panic!("the forward carried {:?}", &buf[..n]),
        Err(e) => panic!("the refused forward was never closed: {e}"),
    }
    let _ = ssh.kill();
    let _ = ssh.wait();
    s.assert_serves(&key);
}

/// Runs ssh with `password` given through SSH_ASKPASS, password authentication only.
fn with_password(
    s: &Server,
    key: Option<&std::path::Path>,
    password: &str,
) -> std::process::Output {
    let askpass = s.client.path().join("askpass.sh");
    std::fs::write(&askpass, format!("#!/bin/sh\necho '{password}'\n")).expect("askpass");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&askpass, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    let mut cmd = Command::new("ssh");
    cmd.args(s.ssh_args(key))
        .args([
            "-o",
            "NumberOfPasswordPrompts=1",
            "-o",
            "KbdInteractiveAuthentication=no",
            "-T",
            "ann@127.0.0.1",
        ])
        .env("SSH_ASKPASS", &askpass)
        .env("SSH_ASKPASS_REQUIRE", "force")
        .env("DISPLAY", ":0")
        .stdin(Stdio::null());
    output_within(cmd, Duration::from_secs(60))
}

#[test]
fn a_wrong_password_is_refused_and_the_right_one_lets_in() {
    let mut s = Server::start(&["--password", "open sesame"]);
    let o = with_password(&s, None, "open says me");
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    // The right password gets past authentication (without a terminal, the game says so).
    let o = with_password(&s, None, "open sesame");
    assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
    // A key alone is not enough when a password is set.
    let key = s.new_key("ann");
    let o = s.run_ssh(Some(&key), &["-T", "ann@127.0.0.1"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    // A key and the password: in, at a terminal, by typing it at the prompt.
    let mut t = s.connect("ann", Some(&key), 80, 24);
    let end = Instant::now() + Duration::from_secs(30);
    while !String::from_utf8_lossy(&t.raw()).contains("assword") {
        assert!(Instant::now() < end, "no password prompt");
        std::thread::sleep(Duration::from_millis(20));
    }
    t.send("open sesame\r");
    t.wait_for("Open tables");
    t.send("\x03");
    assert_eq!(t.wait_exit(), 0);
    assert!(s.alive());
}

#[test]
fn a_key_not_in_allow_keys_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let friend = common::ssh::keygen(dir.path(), "friend");
    let stranger = common::ssh::keygen(dir.path(), "stranger");
    let allowed = dir.path().join("allowed_keys");
    std::fs::copy(friend.with_extension("pub"), &allowed).expect("copy");
    let mut s = Server::start(&["--allow-keys", allowed.to_str().expect("utf-8 path")]);
    let o = s.run_ssh(Some(&stranger), &["-T", "ann@127.0.0.1"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    // Nor may a guest without a key come in.
    let o = s.run_ssh(None, &["-T", "ann@127.0.0.1"]);
    assert!(!o.status.success(), "{o:?}");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    s.assert_serves(&friend);
}

#[test]
fn bad_options_are_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hotseat"));
        cmd.args(["serve", "--bind", "127.0.0.1", "--port", "0"])
            .args(args)
            .env("HOTSEAT_HOME", dir.path())
            .stdin(Stdio::null());
        output_within(cmd, Duration::from_secs(30))
    };
    let missing = dir.path().join("nope");
    let o = run(&["--allow-keys", missing.to_str().expect("path")]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("cannot read the allowed keys"),
        "{}",
        stderr(&o)
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let key = dir.path().join("ssh_host_ed25519_key");
        // Made by a first start (killed at once), then opened to everyone.
        let mut first = Server::start_in(tempfile::tempdir().expect("t"), &[]);
        std::fs::copy(first.home.path().join("ssh_host_ed25519_key"), &key).expect("copy");
        first.stop();
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let o = run(&[]);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains("may be read by others"),
            "{}",
            stderr(&o)
        );
    }
}

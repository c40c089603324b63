//! The program and its terminal: stop signals and a closed terminal save, restore the terminal
//! and end the process (it never outlives its terminal); screens refuse to start without one.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::pty::Term;
use common::{check_log, logs};

/// A Pocket game in seat 1's hands with one flip made and saved in `log`.
fn game_with_a_flip(t: &Term) {
    t.wait_for("needs 1");
    t.send("\r");
    t.wait_for("flips A1");
}

fn pocket_args(log: &Path) -> Vec<String> {
    [
        "play",
        "pocket",
        "--players",
        "2",
        "--option",
        "start=1",
        "--log",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([log.to_string_lossy().into_owned()])
    .collect()
}

fn assert_log_kept(log: &Path) {
    let verdict = check_log(log);
    assert!(verdict.contains("unfinished"), "{verdict}");
    let text = std::fs::read_to_string(log).expect("log");
    assert!(text.contains("\"flip\""), "the flip is in the log: {text}");
}

#[test]
fn stop_signals_restore_the_terminal_and_keep_the_game() {
    for (signal, code) in [("TERM", 143), ("HUP", 129), ("INT", 130)] {
        let home = tempfile::tempdir().expect("home");
        let log = home.path().join("game.json");
        let args = pocket_args(&log);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut t = Term::in_home(home.path(), &args);
        game_with_a_flip(&t);
        t.signal(signal);
        assert_eq!(t.wait_exit(), code, "exit code after SIG{signal}");
        assert!(
            t.restored(),
            "SIG{signal} left the terminal on the alternate screen, with the mouse on or the \
             cursor hidden"
        );
        assert_log_kept(&log);
    }
}

#[test]
fn a_closed_terminal_ends_the_program_even_with_hang_ups_ignored() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("game.json");
    let args = pocket_args(&log);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut t = Term::spawn_ignoring_hangup(&args, home.path(), 80, 24);
    game_with_a_flip(&t);
    t.hang_up();
    // The process ends instead of spinning on a terminal that will never answer again.
    t.wait_exit();
    assert!(!t.running());
    assert_log_kept(&log);
}

#[test]
fn a_closed_terminal_ends_the_launcher() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn_ignoring_hangup(&[], home.path(), 80, 24);
    t.wait_for("tabletop games for one keyboard");
    t.hang_up();
    t.wait_exit();
    assert!(!t.running());
}

#[test]
fn screens_without_a_terminal_say_so_and_create_no_log() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("scripted.json");
    let runs: [&[&str]; 3] = [
        &["play", "pocket"],
        &["play", "couperation", "--log", &log.to_string_lossy()],
        &[],
    ];
    for args in runs {
        let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .env("HOTSEAT_HOME", home.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success(),
            "{args:?} succeeded without a terminal"
        );
        assert!(err.contains("needs a terminal"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(logs(home.path()).is_empty(), "{:?}", logs(home.path()));
    assert!(!log.exists());
}

#[test]
fn keys_wait_while_the_terminal_is_too_small() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("game.json");
    let args = pocket_args(&log);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut t = Term::in_home(home.path(), &args);
    t.wait_for("needs 1");
    t.resize(60, 18);
    t.wait_for("Terminal too small");
    t.send("\r");
    t.send("l");
    t.send("q");
    t.resize(80, 24);
    let back = t.wait_for("needs 1");
    assert!(
        !back.contains("flips A1"),
        "Enter flipped a tile nobody could see:\n{back}"
    );
    // The game is still open, and its keys work again at full size.
    t.send("\r");
    t.wait_for("flips A1");
    t.quit();
    assert_eq!(
        std::fs::read_to_string(&log)
            .expect("log")
            .matches("\"flip\"")
            .count(),
        1
    );
}

#[test]
fn esc_goes_back_and_only_q_quits_the_launcher() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn(&[], home.path(), home.path(), 80, 24);
    t.wait_for("tabletop games for one keyboard");
    t.send("\r");
    t.wait_for("New game: Pocket & Biscuit");
    t.send("\x1b");
    t.wait_until("the launcher again", |f| {
        f.contains("tabletop games for one keyboard") && !f.contains("New game")
    });
    t.send("\x1b");
    t.send("j");
    // Still running, and still taking keys: the selection moved to the second game.
    t.wait_line("the second game selected", |l| {
        l.contains("Kokoro") && l.contains('▶')
    });
    assert!(t.running());
    t.quit();
}

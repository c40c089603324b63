//! The real binary in a pseudo-terminal: launcher, a Pocket & Biscuit game, quitting, the log on
//! disk, resuming, replaying, a killed process and a terminal that is too small.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::pty::Term;

fn logs(home: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(home.join("games"))
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn check(log: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("replay")
        .arg("--check")
        .arg(log)
        .output()
        .expect("run check");
    assert!(
        out.status.success(),
        "check failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn launcher_game_quit_resume_replay() {
    let home = tempfile::tempdir().expect("home");
    let cwd = tempfile::tempdir().expect("cwd");
    let mut t = Term::spawn(&[], home.path(), cwd.path(), 80, 24);
    t.wait_for("Pocket & Biscuit");
    t.wait_for("2–5 players");
    // Idle means no drawing at all.
    let before = t.raw().len();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert_eq!(
        t.raw().len(),
        before,
        "the launcher wrote output while idle"
    );
    t.send("\r");
    t.wait_for("New game: Pocket & Biscuit");
    // Down to the start-player option and choose seat 1, so the human moves first.
    for key in ["\x1b[B", "\x1b[B", "\x1b[B", "\x1b[C"] {
        t.send(key);
    }
    t.wait_for("< 1 >");
    t.send("s");
    t.wait_for("Player 1 needs 1");
    // Two flips by the human in seat 1 (the computer plays seat 2 in between).
    t.send("\r");
    t.wait_for("flips A1");
    t.send("x"); // turns shown tiles back, or skips the computer's wait
    t.send("l");
    t.send("\r");
    t.send("q");
    t.wait_for("tabletop games for one keyboard");
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored(), "terminal not restored");
    let found = logs(home.path());
    assert_eq!(found.len(), 1, "one log: {found:?}");
    let log = &found[0];
    let verdict = check(log);
    assert!(
        verdict.starts_with("ok: Pocket & Biscuit with 2 players"),
        "{verdict}"
    );
    let before = std::fs::read_to_string(log).expect("log");
    assert!(before.contains("\"flip\""), "the flips are in the log");

    // Resume it from the command line, then leave again: nothing is lost.
    let mut t = Term::spawn(
        &["resume", &log.to_string_lossy()],
        home.path(),
        cwd.path(),
        80,
        24,
    );
    t.wait_for("Pocket & Biscuit");
    t.wait_for("Events");
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored());
    assert!(check(log).starts_with("ok: "));

    // Replay: step to the end and back, switch viewpoint, leave.
    let mut t = Term::spawn(
        &["replay", &log.to_string_lossy()],
        home.path(),
        cwd.path(),
        80,
        24,
    );
    t.wait_for("Pocket & Biscuit");
    t.send("G");
    t.send("h");
    t.send("v");
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored());
    assert!(t.frames() > 1);
}

#[test]
fn a_killed_game_resumes() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("kill.json");
    let mut t = Term::spawn(
        &[
            "play",
            "pocket",
            "--players",
            "2",
            "--option",
            "start=1",
            "--log",
            &log.to_string_lossy(),
        ],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("needs 1");
    t.send("\r");
    t.wait_for("flips A1");
    t.kill();
    let verdict = check(&log);
    assert!(verdict.contains("unfinished"), "{verdict}");
    let mut t = Term::spawn(
        &["resume", &log.to_string_lossy()],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("flips A1");
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored());
}

#[test]
fn too_small_terminal_says_so() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn(&[], home.path(), home.path(), 60, 20);
    t.wait_for("Terminal too small");
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored());
}

#[test]
fn a_bad_log_is_refused_plainly() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("bad.json");
    std::fs::write(&log, "{\"format\":\"hotseat-log\",\"version\":1,").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("resume")
        .arg(&log)
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not valid JSON"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

//! The real binary in a pseudo-terminal: launcher, a Pocket & Biscuit game, quitting, the log on
//! disk, resuming, replaying, a killed process and a terminal that is too small.

use crate::common;

use std::process::Command;

use common::pty::Term;
use common::{check_log, one_log};

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
    t.quit();
    let log = &one_log(home.path());
    let verdict = check_log(log);
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
    t.quit();
    assert!(check_log(log).starts_with("ok: "));

    // Replay: an unfinished game is refused, since stepping back would show where tiles lie.
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("replay")
        .arg(log)
        .env("HOTSEAT_HOME", home.path())
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not finished"), "{err}");
    assert!(err.contains("hotseat resume"), "{err}");
}

#[test]
fn a_killed_game_resumes() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("kill.json");
    let mut t = Term::in_home(
        home.path(),
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
    );
    t.wait_for("needs 1");
    t.send("\r");
    t.wait_for("flips A1");
    t.kill();
    let verdict = check_log(&log);
    assert!(verdict.contains("unfinished"), "{verdict}");
    let mut t = Term::in_home(home.path(), &["resume", &log.to_string_lossy()]);
    t.wait_for("flips A1");
    t.quit();
}

#[test]
fn the_screen_follows_the_window_size() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn(&[], home.path(), home.path(), 80, 24);
    t.wait_for("tabletop games for one keyboard");
    t.resize(70, 20);
    t.wait_for("Terminal too small");
    t.resize(100, 30);
    t.wait_for("tabletop games for one keyboard");
    // The launcher now uses the wider window: its frame reaches column 100.
    t.wait_line("a frame 100 columns wide", |l| l.chars().count() == 100);
    t.quit();
}

#[test]
fn too_small_terminal_says_so() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn(&[], home.path(), home.path(), 60, 20);
    t.wait_for("Terminal too small");
    // Keys wait for a larger window (nothing acts on a screen nobody sees); Ctrl-C quits.
    t.wait_for("Ctrl-C quits");
    t.send("q");
    assert!(t.running());
    t.send("\x03");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored(), "terminal not restored");
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

#[test]
fn a_new_game_never_overwrites_a_log() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("kept.json");
    std::fs::write(&log, "precious").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["play", "pocket", "--log"])
        .arg(&log)
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&log).expect("read"), "precious");
}

/// The seats that acted in `log`, in order (chance left out).
fn movers(log: &std::path::Path) -> Vec<u64> {
    let text = std::fs::read_to_string(log).expect("log");
    let json: serde_json::Value = serde_json::from_str(&text).expect("a JSON log");
    json["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter_map(|a| a["by"].as_u64())
        .collect()
}

#[test]
fn enter_after_a_computer_players_failed_flip_only_turns_the_tiles_back() {
    // The play-test's steps: the computer player starts, fails a flip, and its tiles stay up.
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::in_home(
        home.path(),
        &[
            "play",
            "pocket",
            "--players",
            "2",
            "--bot",
            "2=hard",
            "--option",
            "start=2",
            "--seed",
            "7",
        ],
    );
    let shown = t.wait_for("any key turns them back");
    assert!(shown.contains("Player 1 to move"), "{shown}");
    // The hint offers nothing but turning them back.
    assert!(shown.contains("any key turn the tiles back"), "{shown}");
    assert!(!shown.contains("Enter flip"), "{shown}");
    t.send("\r");
    let back = t.wait_until("the tiles turned back", |f| {
        !f.contains("any key turns them back") && f.contains("Enter flip")
    });
    assert!(
        !back.contains("Player 1: flips"),
        "Enter flipped a tile:\n{back}"
    );
    assert!(back.contains("Player 1 to move"), "{back}");
    // The next Enter flips.
    t.send("\r");
    t.wait_for("Player 1: flips");
    t.quit();
    let by = movers(&one_log(home.path()));
    assert_eq!(by.iter().filter(|&&s| s == 0).count(), 1, "{by:?}");
    assert_eq!(by.first(), Some(&1), "the computer player starts: {by:?}");
}

#[test]
fn q_in_play_says_how_to_carry_the_game_on() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::in_home(
        home.path(),
        &[
            "play",
            "pocket",
            "--players",
            "2",
            "--bot",
            "2",
            "--seed",
            "7",
        ],
    );
    t.wait_for("Events");
    t.quit();
    let log = one_log(home.path());
    let raw = String::from_utf8_lossy(&t.raw()).into_owned();
    let line = format!("hotseat resume {}", log.display());
    assert!(raw.contains(&line), "{line} not in:\n{raw}");
    // The line works: the game opens again, and leaving says it again.
    let mut t = Term::in_home(home.path(), &["resume", &log.to_string_lossy()]);
    t.wait_for("Events");
    t.quit();
    let raw = String::from_utf8_lossy(&t.raw()).into_owned();
    assert!(raw.contains(&line), "{line} not in:\n{raw}");
}

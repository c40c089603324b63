//! Rocca Monster in a pseudo-terminal: a human and three computer players, a night and a vote,
//! `q` leaves with the terminal restored and a log that replays.

mod common;

use std::time::{Duration, Instant};

use common::pty::Term;

/// Waits until some line of the screen satisfies `ok`; panics with the screen if not.
fn wait_line(t: &Term, what: &str, ok: impl Fn(&str) -> bool) -> String {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let f = t.frame();
        if f.lines().any(&ok) {
            return f;
        }
        if Instant::now() > end {
            panic!("timed out waiting for {what}; screen:\n{f}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_night_and_a_vote_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::spawn(
        &[
            "play",
            "rocca",
            "--players",
            "4",
            "--bot",
            "2",
            "--bot",
            "3",
            "--bot",
            "4",
            "--seed",
            "5",
        ],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("Player 1's view");
    // Midnight: the same one-key turn for every role.
    wait_line(&t, "our night turn", |l| {
        l.contains("You sleep: point") || l.contains("You hunt tonight")
    });
    t.send("\r");
    wait_line(&t, "our night line", |l| {
        l.contains("Player 1: sleeps") || l.contains("Player 1: attacks")
    });
    // Morning, then the day's vote.
    let f = wait_line(&t, "the vote", |l| {
        l.contains("Put your vote on a villager")
    });
    assert!(f.contains("Morning of day 1: the die lies on"), "{f}");
    t.send("l");
    t.send("\r");
    wait_line(&t, "our vote", |l| l.contains("Player 1: votes for"));
    t.send("q");
    assert_eq!(t.wait_exit(), 0);
    assert!(t.restored(), "terminal not restored");
    let logs: Vec<_> = std::fs::read_dir(home.path().join("games"))
        .expect("games folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(logs.len(), 1, "{logs:?}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["replay", "--check"])
        .arg(&logs[0])
        .env("HOTSEAT_HOME", home.path())
        .output()
        .expect("run replay --check");
    assert!(
        out.status.success(),
        "replay --check failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

//! Kokoro in a pseudo-terminal: a human and a computer player, a few paths drawn, `q` leaves
//! with the terminal restored and a log that replays.

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
fn play_a_few_paths_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::spawn(
        &[
            "play",
            "kokoro",
            "--players",
            "2",
            "--bot",
            "2",
            "--seed",
            "3",
        ],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("Player 1's mat");
    for row in 1..=3 {
        // Our turn: the status line offers a draw or a peek.
        wait_line(&t, "our turn", |l| l.contains("p peeks"));
        t.send("j");
        let at = format!("at r{row}c0");
        wait_line(&t, "the cursor", |l| {
            l.contains("Enter draws") && l.contains(&at)
        });
        t.send("\r");
        wait_line(&t, "our draw", |l| {
            l.contains("Player 1: draws") && l.contains(&at)
        });
    }
    let screen = t.frame();
    assert!(screen.contains("Round 1/5"), "{screen}");
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

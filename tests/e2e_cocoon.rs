//! Cocoon World in a pseudo-terminal: a human and a computer player; the human places a tile,
//! `q` leaves with the terminal restored and a log that replays.

mod common;

use std::time::{Duration, Instant};

use common::pty::Term;

/// Waits until the screen satisfies `ok`; panics with the screen if not.
fn wait(t: &Term, what: &str, ok: impl Fn(&str) -> bool) -> String {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let f = t.frame();
        if ok(&f) {
            return f;
        }
        if Instant::now() > end {
            panic!("timed out waiting for {what}; screen:\n{f}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn play_a_few_choices_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::spawn(
        &[
            "play",
            "cocoon",
            "--players",
            "2",
            "--bot",
            "2",
            "--seed",
            "3",
            "--option",
            "start=1",
        ],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("EP circle");
    // Make a few of Player 1's choices with the first menu line (or the first space).
    let mut made = 0;
    let end = Instant::now() + Duration::from_secs(30);
    while made < 3 && Instant::now() < end {
        let f = t.frame();
        if f.contains("Player 1 to move") && f.contains("Enter confirm") {
            let before = f.clone();
            t.send("1");
            t.send("\r");
            wait(&t, "the choice to apply", |s| s != before);
            made += 1;
        } else {
            // A computer player thinks: any key skips the wait.
            t.send("x");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    assert!(made >= 1, "no choice was made:\n{}", t.frame());
    let screen = t.frame();
    assert!(screen.contains("Round"), "{screen}");
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
    let text = std::fs::read_to_string(&logs[0]).expect("log");
    assert!(text.contains("\"cocoon\""), "{text}");
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

//! Couperation in a pseudo-terminal: a human and a computer player, a few turns played with the
//! keys, `q` leaves with the terminal restored and a log that replays.

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
fn play_a_few_turns_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::spawn(
        &[
            "play",
            "coupe",
            "--players",
            "2",
            "--bot",
            "2",
            "--seed",
            "4",
            "--option",
            "start=1",
        ],
        home.path(),
        home.path(),
        80,
        24,
    );
    t.wait_for("Player 1's view");
    // Our actions so far, read from the log the game writes after every action.
    let games = home.path().join("games");
    let moves = || -> usize {
        std::fs::read_dir(&games)
            .map(|d| {
                d.flatten()
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .map(|t| t.matches("\"by\": 0").count())
                    .sum()
            })
            .unwrap_or(0)
    };
    for _ in 0..3 {
        // Our turn: answer a draw question with a digit, then act.
        let f = wait_line(&t, "our turn", |l| {
            l.contains("Your turn") || l.contains("You may draw")
        });
        if f.contains("You may draw") {
            t.send("0");
            wait_line(&t, "the action step", |l| l.contains("Your turn"));
        }
        let before = moves();
        // The cursor starts on a slot with options; Enter does the first one, which places
        // or turns up a card.
        t.send("\r");
        let end = Instant::now() + Duration::from_secs(20);
        while moves() <= before && !t.frame().contains("Game over") {
            assert!(Instant::now() < end, "no move seen:\n{}", t.frame());
            std::thread::sleep(Duration::from_millis(20));
        }
        if t.frame().contains("Game over") {
            break;
        }
    }
    let screen = t.frame();
    assert!(screen.contains("Pyramid"), "{screen}");
    assert!(screen.contains("Reserve"), "{screen}");
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
    assert!(text.contains("\"game\": \"couperation\""), "{text}");
    assert!(text.contains("\"by\": 0"), "our actions are in the log");
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

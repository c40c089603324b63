//! Couperation in a pseudo-terminal: a human and a computer player, a few turns played with the
//! keys, `q` leaves with the terminal restored and a log that replays.

use crate::common;

use std::time::{Duration, Instant};

use common::pty::Term;
use common::{check_log, one_log};

#[test]
fn play_a_few_turns_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
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
        // Our turn: answer a draw question with a digit, then act. A card the computer
        // player or the deck would show waits for a key while our move can still be taken back.
        let f = loop {
            let f = t.wait_line("our turn or a waiting move", |l| {
                l.contains("Your turn") || l.contains("You may draw") || l.contains("any key go on")
            });
            if !f.contains("any key go on") {
                break f;
            }
            t.send(" ");
            t.wait_until("the waiting move", |s| !s.contains("any key go on"));
        };
        if f.contains("You may draw") {
            t.send("0");
            t.wait_line("the action step", |l| l.contains("Your turn"));
        }
        let before = moves();
        // The cursor starts on a slot with options; Enter does the first one, which places a
        // card (or, when turning one up is all there is, asks again and the second Enter does).
        t.send("\r");
        if t.frame().contains("Careful") {
            t.send("\r");
        }
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
    t.quit();
    let log = one_log(home.path());
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("\"game\": \"couperation\""), "{text}");
    assert!(text.contains("\"by\": 0"), "our actions are in the log");
    check_log(&log);
}

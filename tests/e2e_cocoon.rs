//! Cocoon World in a pseudo-terminal: a human and a computer player; the human places a tile,
//! `q` leaves with the terminal restored and a log that replays.

use crate::common;

use std::time::{Duration, Instant};

use common::pty::Term;
use common::{check_log, one_log};

#[test]
fn play_a_few_choices_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
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
    );
    t.wait_for("EP circle");
    // Make a few of Player 1's choices with the first menu line (or the first space).
    let mut made = 0;
    let end = Instant::now() + Duration::from_secs(30);
    while made < 3 && Instant::now() < end {
        let f = t.frame();
        if f.contains("Player 1 to move") && f.contains("Enter do it") {
            let before = f.clone();
            t.send("1");
            t.send("\r");
            t.wait_until("the choice to apply", |s| s != before);
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
    t.quit();
    let log = one_log(home.path());
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("\"cocoon\""), "{text}");
    check_log(&log);
}

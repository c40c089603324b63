//! Kokoro in a pseudo-terminal: a human and a computer player, a few paths drawn, `q` leaves
//! with the terminal restored and a log that replays.

use crate::common;

use common::pty::Term;
use common::{check_log, one_log};

#[test]
fn play_a_few_paths_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
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
    );
    t.wait_for("Player 1's mat");
    for row in 1..=3 {
        // Our turn: the status line offers a draw or a peek.
        t.wait_line("our turn", |l| l.contains("p peeks"));
        t.send("j");
        let at = format!("at r{row}c0");
        t.wait_line("the cursor", |l| {
            l.contains("Enter draws") && l.contains(&at)
        });
        t.send("\r");
        t.wait_line("our draw", |l| {
            l.contains("Player 1: draws") && l.contains(&at)
        });
        // The next card waits for a key while the drawing can still be taken back.
        t.wait_line("the held card", |l| l.contains("Ready to go on"));
        t.send(" ");
    }
    let screen = t.frame();
    assert!(screen.contains("Round 1/5"), "{screen}");
    t.quit();
    let log = one_log(home.path());
    check_log(&log);
}

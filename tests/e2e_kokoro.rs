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
    // Our turn: the status line offers a draw or a peek.
    t.wait_line("our turn", |l| l.contains("p peeks"));
    t.send("j");
    t.wait_line("the cursor", |l| {
        l.contains("Enter draws") && l.contains("at r1c0")
    });
    for _ in 0..3 {
        // Each card starts with the cursor on a free space.
        let at = space_offered(&t);
        t.send("\r");
        t.wait_line("our draw", |l| {
            l.contains("Player 1: draws") && l.contains(&at)
        });
        // With another player at the table, the next card waits for a key while the drawing
        // can still be taken back.
        t.wait_line("the held card", |l| l.contains("Ready to go on"));
        t.send(" ");
    }
    let screen = t.frame();
    assert!(screen.contains("Round 1/5"), "{screen}");
    t.quit();
    let log = one_log(home.path());
    check_log(&log);
}

/// The space the status line offers to draw on ("at r1c0"); fails if the cursor is on a space
/// that is taken.
fn space_offered(t: &Term) -> String {
    let screen = t.wait_line("a space to draw on", |l| {
        l.contains("Enter draws") || l.contains("is taken")
    });
    assert!(!screen.contains("is taken"), "{screen}");
    let line = screen
        .lines()
        .find(|l| l.contains("Enter draws"))
        .expect("the draw line");
    let at = line.split(" at ").nth(1).expect("a space");
    format!("at {}", &at[..4])
}

#[test]
fn solo_each_card_takes_one_key_on_a_free_space() {
    // The play-test's steps: alone, Enter on every card and nothing else.
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
        &["play", "kokoro", "--players", "1", "--seed", "3"],
    );
    t.wait_for("Player 1's mat");
    let mut drawn = Vec::new();
    for _ in 0..5 {
        // The cursor is on a free space as the card turns up, and no key is asked for
        // between two cards.
        let at = space_offered(&t);
        assert!(!drawn.contains(&at), "{at} twice");
        t.send("\r");
        let screen = t.wait_line("the draw", |l| {
            l.contains("Player 1: draws") && l.contains(&at)
        });
        assert!(!screen.contains("Ready to go on"), "{screen}");
        drawn.push(at);
    }
    t.quit();
    let log = std::fs::read_to_string(one_log(home.path())).expect("log");
    assert_eq!(log.matches("\"draw\"").count(), 5, "{log}");
}

//! The game screen's own keys in a pseudo-terminal: `r` and F1 open the rules over a game and
//! Esc comes back; `?` has keys and marks apart; Couperation asks twice before a card is
//! turned up.

use crate::common;

use common::pty::Term;

const ESC: &str = "\x1b";
const F1: &str = "\x1bOP";

#[test]
fn rules_and_help_over_a_game() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
        &["play", "pocket", "--players", "2", "--seed", "4"],
    );
    t.wait_for("Player 1's view");
    for key in ["r", F1] {
        t.send(key);
        t.wait_for("Rules: Pocket & Biscuit");
        t.send(ESC);
        t.wait_for("Player 1's view");
    }
    t.send("?");
    let help = t.wait_for("On the board");
    let keys = help.find("Keys").expect("a keys section");
    let board = help.find("On the board").expect("a legend section");
    assert!(keys < board, "{help}");
    assert!(!help.contains(" u "), "no undo in Pocket:\n{help}");
    t.send("x");
    t.wait_until("the help closed", |f| !f.contains("On the board"));
    t.quit();
}

#[test]
fn couperation_asks_twice_before_turning_a_card_up() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
        &[
            "play",
            "couperation",
            "--players",
            "2",
            "--seed",
            "9",
            "--option",
            "mode=beginner",
            "--option",
            "start=1",
        ],
    );
    // Player 1 puts a card face down.
    t.wait_for("Pass to Player 1");
    t.send("\r");
    t.wait_for("Your turn");
    for _ in 0..20 {
        if t.frame()
            .lines()
            .any(|l| l.contains("▶ place") && l.contains("face down"))
        {
            break;
        }
        t.send("\t");
    }
    t.send("\r");
    // Player 2 takes the keyboard: Enter does a safe option by default, never the turn-up.
    t.wait_for("Pass to Player 2");
    t.send("\r");
    let f = t.wait_for("Your turn");
    assert!(!f.contains("▶ turn it up"), "{f}");
    // Walk to the face-down card and highlight turning it up.
    t.send("\x1b[C");
    t.wait_for("At row 1, slot 3");
    for _ in 0..10 {
        if t.frame().contains("▶ turn it up") {
            break;
        }
        t.send("\t");
    }
    t.wait_for("▶ turn it up");
    t.send("\r");
    t.wait_for("Careful");
    // Esc thinks again; the card stays face down.
    t.send(ESC);
    t.wait_until("the warning gone", |f| !f.contains("Careful"));
    assert!(t.frame().contains("▶ turn it up"));
    // Enter twice turns it up.
    t.send("\r");
    t.wait_for("Careful");
    t.send("\r");
    t.wait_for("Pass to Player 1");
    t.send("\r");
    t.wait_for("Player 2: turns up row 1, slot 3");
    t.quit();
}

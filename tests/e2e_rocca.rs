//! Rocca Monster in a pseudo-terminal: a human and three computer players, a night and a vote,
//! `q` leaves with the terminal restored and a log that replays.

use crate::common;

use common::pty::Term;
use common::{check_log, one_log};

#[test]
fn a_night_and_a_vote_then_quit_and_replay() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
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
    );
    t.wait_for("Player 1's view");
    // Midnight: the same one-key turn for every role.
    t.wait_line("our night turn", |l| {
        l.contains("You sleep: point") || l.contains("You hunt tonight")
    });
    t.send("\r");
    t.wait_line("our night line", |l| {
        l.contains("Player 1: sleeps") || l.contains("Player 1: attacks")
    });
    // What the night brings waits for a key while the night turn can still be taken back.
    t.wait_line("the held dawn", |l| l.contains("any key go on"));
    t.send(" ");
    // Morning, then the day's vote.
    let f = t.wait_line("the vote", |l| l.contains("Put your vote on a villager"));
    assert!(f.contains("Morning of day 1: the die lies on"), "{f}");
    t.send("l");
    t.send("\r");
    t.wait_line("our vote", |l| l.contains("Player 1: votes for"));
    t.quit();
    let log = one_log(home.path());
    check_log(&log);
}

//! Hard computer players in a pseudo-terminal: while one thinks, the screen still answers keys.
//! With no pause between moves (`--bot-pace 0`), a screen that let its bots think on its own
//! thread would never read a key while any of them is to move; here `?` opens the help with
//! the header still saying who is thinking, and the game goes on once it is closed.

use crate::common;

use common::pty::Term;
use common::{check_log, one_log};

/// The header: the game's name and whose turn it is.
fn header(frame: &str) -> &str {
    frame.lines().next().unwrap_or("")
}

/// The event pane's last lines (below the board).
fn events(frame: &str) -> Vec<&str> {
    frame.lines().skip(18).take(5).collect()
}

#[test]
fn help_opens_while_a_hard_computer_player_thinks_and_the_game_goes_on() {
    let home = tempfile::tempdir().expect("tmp");
    let mut t = Term::in_home(
        home.path(),
        &[
            "play",
            "cocoon",
            "--players",
            "2",
            "--bot",
            "1=hard",
            "--bot",
            "2=hard",
            "--bot-pace",
            "0",
            "--seed",
            "3",
        ],
    );
    // A key lands while a decision is in flight unless the bot was quicker than the key; so
    // try on a few turns, and only count a help drawn while the header still says thinking.
    let mut under_help = None;
    for _ in 0..30 {
        let thinking = t.wait_until("a computer player thinking", |f| {
            header(f).contains("is thinking") && !f.contains("Help:")
        });
        t.send("?");
        let help = t.wait_for("Help:");
        if header(&help).contains("is thinking") {
            under_help = Some((thinking, help));
            break;
        }
        t.send("\x1b");
        t.wait_until("the help to close", |f| !f.contains("Help:"));
    }
    let (thinking, help) = under_help.expect("help opened while a computer player thought");
    assert!(help.contains("Keys"), "{help}");
    // Closed again, the decision lands and play goes on by itself.
    t.send("\x1b");
    t.wait_until("the computer player's move", |f| {
        !f.contains("Help:") && events(f) != events(&thinking)
    });
    // Leaving while they think saves the game and exits without waiting for them.
    t.wait_until("a computer player thinking", |f| {
        header(f).contains("is thinking")
    });
    t.quit();
    check_log(&one_log(home.path()));
}

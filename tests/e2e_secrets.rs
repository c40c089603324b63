//! The real binary in a pseudo-terminal, looking for secrets the program itself gives away:
//! the terminal's scrollback after quitting, and computer players moving on before a person has
//! seen a Pocket turn's tiles. See `docs/secrets.md`.

use crate::common;

use std::time::Duration;

use common::pty::Term;

/// Every line the terminal holds after the program exits: the screen and its scrollback.
fn terminal_after(raw: &[u8], rows: u16, cols: u16) -> String {
    let (r, c) = (
        std::num::NonZeroU16::new(rows).expect("rows"),
        std::num::NonZeroU16::new(cols).expect("cols"),
    );
    let mut parser = vt100::Parser::new(r, c, 10_000);
    parser.process(raw);
    assert!(
        !parser.screen().alternate_screen(),
        "still on the game's screen"
    );
    let mut out = parser.screen().contents();
    let back = {
        parser.screen_mut().set_scrollback(usize::MAX);
        parser.screen().scrollback()
    };
    for offset in 1..=back {
        parser.screen_mut().set_scrollback(offset);
        out.push_str(&parser.screen().contents());
    }
    out
}

#[test]
fn quitting_leaves_nothing_of_the_game_in_the_terminal() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::in_home(
        home.path(),
        &["play", "pocket", "--names", "Ann,Bo", "--option", "start=1"],
    );
    t.wait_for("Ann needs 1");
    t.send("\r");
    t.wait_for("flips A1");
    t.quit();
    let after = terminal_after(&t.raw(), 24, 80);
    for secret in ["flips", "biscuit", "Pocket", "Ann"] {
        assert!(
            !after.contains(secret),
            "{secret:?} is left in the terminal after quitting:\n{after}"
        );
    }
}

#[test]
fn computer_players_wait_until_a_person_has_seen_each_turn() {
    let home = tempfile::tempdir().expect("home");
    let log = home.path().join("five.json");
    // Three computer players in a row (seats 2 to 4), starting with the first of them.
    let mut t = Term::spawn(
        &[
            "play",
            "pocket",
            "--names",
            "Ann,Mem,Fog,Max,Bo",
            "--bot",
            "2=memory",
            "--bot",
            "3=forgetful",
            "--bot",
            "4=memory",
            "--option",
            "start=2",
            // Computer players move every 100 ms: a screen that moved on by itself would have
            // done so ten times over in the second watched below.
            "--bot-pace",
            "100",
            "--log",
            &log.to_string_lossy(),
        ],
        home.path(),
        home.path(),
        120,
        40,
    );
    for bot in ["Mem", "Fog", "Max"] {
        // The computer player's turn ends and its tiles stay up...
        let shown = t.wait_until(&format!("{bot}'s turn on show"), |f| {
            // "go on" while a computer player is next; Max is followed by Bo, a person.
            f.contains(&format!("Last turn: {bot} flipped"))
                && (f.contains("any key go on") || f.contains("any key turns them back"))
        });
        let actions = std::fs::read_to_string(&log).expect("log").len();
        // ... however long nobody presses a key (ten times the computer players' pace).
        std::thread::sleep(Duration::from_millis(1000));
        assert_eq!(t.frame(), shown, "the screen moved on by itself");
        assert_eq!(
            std::fs::read_to_string(&log).expect("log").len(),
            actions,
            "a computer player moved while {bot}'s tiles were up"
        );
        // A key that does nothing else (Space would also flip for Bo).
        t.send("x");
        t.wait_until("the tiles turned back", |f| {
            !f.contains(&format!("Last turn: {bot} flipped"))
        });
    }
    t.wait_for("Bo to move");
    t.quit();
}

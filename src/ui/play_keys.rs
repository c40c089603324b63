//! The game screen's own keys (leave, undo, rules, the hand-off, the end), listed once like a
//! game's: the play screen's hint line, `?` help and dispatch read this list.

use ratatui::crossterm::event::KeyCode;

use super::commands::{Command, ENTER, Key};

/// The game screen's own keys, around the game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCmd {
    Leave,
    LeaveEnd,
    HideEnd,
    ShowEnd,
    Replay,
    Rules,
    Scroll,
    Ready,
    Undo,
    Skip,
    /// A step that would show something new waits while the last move can be taken back.
    GoOn,
    /// At a network table's end: a new game with the same seats.
    Again,
    /// At a network table, for its creator: the seat screen.
    Seats,
    /// At a hosted table: the chat line.
    Chat,
    /// At a table waiting for its players, for its creator: computer players in the free
    /// seats.
    Fill,
    /// At a person's decision: what the hardest computer player would do (see
    /// [`super::play::hint`]).
    Hint,
}

/// In dispatch order: the first that applies wins, so "any key" comes last.
pub const PLAY_COMMANDS: &[Command<PlayCmd>] = &[
    Command {
        id: PlayCmd::Undo,
        keys: &[Key::Char('u')],
        key: "u",
        label: "undo",
        // Each game says what it takes back: `GameUi::UNDO`.
        help: "",
    },
    // `H`, not `h`: every grid game moves left with `h` (`commands::ARROWS`).
    Command {
        id: PlayCmd::Hint,
        keys: &[Key::Char('H')],
        key: "H",
        label: "hint",
        help: "the hardest computer player's move here, and why",
    },
    Command {
        id: PlayCmd::Leave,
        keys: &[Key::Char('q')],
        key: "q",
        label: "leave (saved)",
        help: "leave; the game is saved and can be continued",
    },
    Command {
        id: PlayCmd::LeaveEnd,
        keys: &[Key::Code(KeyCode::Enter), Key::Char('q')],
        key: "Enter/q",
        label: "leave",
        help: "leave",
    },
    Command {
        id: PlayCmd::HideEnd,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "see the board",
        help: "put the result away to see the final board, and back",
    },
    Command {
        id: PlayCmd::ShowEnd,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "show the result",
        help: "",
    },
    Command {
        id: PlayCmd::Replay,
        keys: &[Key::Char('w')],
        key: "w",
        label: "watch the replay",
        help: "watch the replay",
    },
    Command {
        id: PlayCmd::Again,
        keys: &[Key::Char('a')],
        key: "a",
        label: "play again",
        help: "at the end of a game on the server: a new game with those who choose it (the others' seats are free; a spectator watches it)",
    },
    Command {
        id: PlayCmd::Seats,
        keys: &[Key::Char('s')],
        key: "s",
        label: "seats",
        help: "the table's creator: give a seat to a computer player, or free it for someone else",
    },
    Command {
        id: PlayCmd::Chat,
        keys: &[Key::Char('/')],
        key: "/",
        label: "chat",
        help: "at a table with people at other terminals: say something (Enter sends, Esc closes); \
               each game's rules page says what it allows",
    },
    Command {
        id: PlayCmd::Rules,
        keys: &[Key::Char('r'), Key::Code(KeyCode::F(1))],
        key: "r",
        label: "rules",
        help: "this game's rules (F1 too); Esc comes back to the game",
    },
    Command {
        id: PlayCmd::Scroll,
        keys: &[Key::Code(KeyCode::PageUp), Key::Code(KeyCode::PageDown)],
        key: "PgUp/PgDn",
        label: "",
        help: "scroll the event pane back and forth",
    },
    Command {
        id: PlayCmd::Ready,
        keys: ENTER,
        key: "Enter",
        label: "I am ready",
        help: "on the hand-off screen: take the keyboard; at a table waiting for its players: \
               you are ready to begin",
    },
    Command {
        id: PlayCmd::Fill,
        keys: &[Key::Char('b')],
        key: "b",
        label: "computer players in the free seats",
        help: "at a table waiting for its players, for its creator: computer players take the \
               free seats (the game begins once everyone is ready)",
    },
    Command {
        id: PlayCmd::Skip,
        keys: &[Key::Any],
        key: "any key",
        label: "skip the wait",
        help: "while a computer player thinks: it moves at once",
    },
    Command {
        id: PlayCmd::GoOn,
        keys: &[Key::Any],
        key: "any key",
        label: "go on",
        help: "when the game waits (\"Ready to go on\"): go on; your last move then stays",
    },
];

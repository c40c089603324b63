//! What a table is made of and how the lobbies see it: the seats asked for, each seat's kind,
//! and the summaries listed (names, seats and games only: never a seat's secret).

use crate::engine::{Options, Seat};

use std::time::Duration;

/// What a new table is: the game, its options, who sits where, and how long a seat may stay
/// empty before a computer player takes it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    pub game: String,
    pub options: Options,
    pub seats: Vec<SeatSpec>,
    pub seed: Option<u64>,
    pub timeout: Duration,
    /// When a seat's timeout passes, a computer player plays for its person until they are
    /// back. Without (a turn-based table, played over days): the seat waits for them.
    pub stand_in: bool,
    /// The creator allows the hint key at this table although seats are remote; a hint is
    /// then shown only at the terminal that asked (off by default: help the others do not get).
    pub hints: bool,
}

/// Who sits in one seat of a new table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A free seat anyone may take.
    Remote,
    /// A person at the creator's terminal, by name (hot-seat with hand-off screens).
    Here(String),
    /// A computer player of this kind.
    Bot { kind: String },
}

/// What the lobby shows of one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSummary {
    pub code: String,
    pub game: String,
    pub seats: Vec<SeatSummary>,
    /// The table's options as the setup form names them, (label, value) in the game's order:
    /// public, everyone at the table agreed to them.
    pub options: Vec<(String, String)>,
    /// Every remote seat has been taken once: the game is under way.
    pub started: bool,
    pub over: bool,
}

/// What the lobby shows of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSummary {
    pub seat: Seat,
    /// The player's name ("free" seats have the name they will lose to their first taker).
    pub name: String,
    pub kind: SeatKind,
    /// A remote seat nobody holds: anyone may join it.
    pub free: bool,
    /// Its person is connected now.
    pub connected: bool,
    /// A computer player plays it while its person is away.
    pub stand_in: bool,
    /// The table's creator muted its person in the chat.
    pub muted: bool,
    /// Its person said they are ready to begin (every seat, once the game has begun).
    pub ready: bool,
    /// Its person is away: when a computer player takes the seat unless they are back.
    pub takeover_at: Option<std::time::Instant>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Remote,
    Here,
    Bot(String),
}

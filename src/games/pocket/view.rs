//! What a viewer may know. The grid is public, but it is a memory game: a tile turned back
//! face down leaves no trace on it. Received tiles are private in part: cracked ones lie face up
//! for everyone, the others go on their owner's face-down pile, whose contents and score only
//! the owner may know until the game ends.

use serde::{Deserialize, Serialize};

use super::tiles::{CELLS, Kind};
use crate::engine::Seat;

/// One grid position as the table sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellView {
    /// Its tile has been received by a player.
    Empty,
    /// Face down, whether or not anyone has seen it before.
    FaceDown,
    /// Part of the current run.
    FaceUp { kind: Kind, tapped: bool },
}

/// A tile turned face up during a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    pub cell: usize,
    pub kind: Kind,
    pub tap: bool,
    /// Whether it matched the run's need (false for the flip that ended the run).
    pub matched: bool,
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnEnd {
    /// Two or more matched: the player received `tiles` tiles.
    Received { tiles: usize },
    /// Fewer than two matched: every tile went back face down.
    Nothing,
    /// A tapped cracked tile: every tile went back face down.
    SpellFailed,
    /// Six matched and received; `shown` is the face-down tile then shown to everyone, if any
    /// remained.
    GreatSix { shown: Option<(usize, Kind)> },
}

/// The public record of a finished turn, kept until the next turn's first flip (the table saw
/// it; after that it is for everyone to remember).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSummary {
    pub seat: Seat,
    /// Every tile flipped, in order; the last one is the failing one unless the turn ended
    /// in a Great 6 or with no face-down tile left.
    pub flips: Vec<Shown>,
    pub end: TurnEnd,
    /// The index in the game's actions of the turn's first action, so that a screen can tell
    /// which event lines belong to it.
    pub began: usize,
}

impl TurnSummary {
    /// The flip that stopped the run, if one did.
    pub fn failed(&self) -> Option<&Shown> {
        self.flips.last().filter(|s| !s.matched)
    }
    /// Every cell whose identity this summary tells, with its kind.
    pub fn revealed(&self) -> Vec<(usize, Kind)> {
        let mut out: Vec<(usize, Kind)> = self.flips.iter().map(|s| (s.cell, s.kind)).collect();
        if let TurnEnd::GreatSix { shown: Some(shown) } = self.end {
            out.push(shown);
        }
        out
    }
}

/// The run in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunView {
    /// The count the next flip must show.
    pub need: usize,
    /// The tiles flipped this turn, all matched.
    pub flips: Vec<Shown>,
}

/// One seat's received tiles as the viewer may see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// Every tile received: the pile and the cracked ones.
    pub tiles: usize,
    /// Cracked tiles received: they lie face up, for everyone to see.
    pub cracked: usize,
    /// Tiles on the face-down pile.
    pub pile: usize,
    /// What the pile holds, in the order received: for its owner, for everyone once the game
    /// is over, and in the omniscient view.
    pub pile_tiles: Option<Vec<Kind>>,
    /// The score, for those who may see the pile.
    pub score: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub grid: [CellView; CELLS],
    pub run: RunView,
    pub seats: Vec<SeatView>,
    /// Whose turn it is; `None` before the start player is drawn and after the end.
    pub turn: Option<Seat>,
    /// The current player got a Great 6 and must show one face-down tile.
    pub show_pending: bool,
    /// The cell being flipped or shown while chance decides what it holds.
    pub dealing: Option<usize>,
    /// The tile being flipped was tapped first (the whole table saw the tap).
    pub dealing_tapped: bool,
    /// During the last round: how many turns remain, this one included.
    pub final_turns: Option<usize>,
    pub last_turn: Option<TurnSummary>,
    /// The index in the game's actions of the current turn's first action (after the end: of
    /// the last turn's). Event lines before it tell earlier turns' flips.
    pub turn_began: usize,
    pub over: bool,
    /// Identities of face-down tiles seen before; only for [`crate::engine::Viewer::Omniscient`].
    pub known: Option<[Option<Kind>; CELLS]>,
}

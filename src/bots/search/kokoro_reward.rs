//! The parts of the hard Kokoro player's reward that both its whole-table search
//! ([`super::kokoro`]) and its shared futures ([`super::kokoro_futures`]) count.

use crate::engine::Seat;
use crate::games::kokoro::{Decree, Kokoro};

/// What winning is worth at a table of several, in the reward's units (1 = 100 points).
pub const WIN_WEIGHT: f64 = 0.5;

/// Points beyond the rules' 5 that the search counts for each zero box in a solo game.
pub const ZERO_BOX_DREAD: f64 = 35.0;

/// Boxes of `seat` that hold 0 and cost points (a first box under the gentle-start decree
/// costs nothing).
pub fn zero_boxes(state: &Kokoro, seat: Seat) -> u8 {
    let gentle = state.decree() == Some(Decree::GentleStart);
    state
        .records()
        .iter()
        .filter(|r| !(gentle && r.round == 1))
        .filter(|r| r.players.get(seat).is_some_and(|p| p.box_value == 0))
        .count() as u8
}

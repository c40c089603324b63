//! A state rebuilt from what a seat remembers, for the search player's determinizations
//! (`crate::bots::search::pocket`). In Pocket every tile anyone has seen was face up for the
//! whole table, so a seat with perfect memory knows the whole state except the tiles nobody has
//! seen yet, which chance decides when they are first turned up.

use super::tiles::{CELLS, KINDS, Kind, full_box};
use super::view::{CellView, View};
use super::{Pending, Phase, Place, Pocket, Tile};

impl Pocket {
    /// The state `view` shows, with the identities of face-down and received tiles from
    /// `known` (what the seat saw of each cell) and the seats' received tiles from `received`.
    /// Unseen tiles stay for chance. Pure.
    pub fn from_memory(
        view: &View,
        known: &[Option<Kind>; CELLS],
        received: Vec<Vec<Kind>>,
    ) -> Pocket {
        let players = view.seats.len();
        let mut cells = [Tile {
            kind: None,
            place: Place::Down,
        }; CELLS];
        let mut unseen = full_box();
        for (c, cell) in cells.iter_mut().enumerate() {
            *cell = match view.grid[c] {
                CellView::Empty => Tile {
                    kind: known[c],
                    place: Place::Received,
                },
                CellView::FaceDown => Tile {
                    kind: known[c],
                    place: Place::Down,
                },
                CellView::FaceUp { kind, .. } => Tile {
                    kind: Some(kind),
                    place: Place::Up,
                },
            };
            if let Some(k) = cell.kind {
                let n = &mut unseen[k.index()];
                *n = n.saturating_sub(1);
            }
        }
        let phase = if view.over {
            Phase::Over
        } else if view.turn.is_none() {
            Phase::Start
        } else if let Some(cell) = view.dealing {
            Phase::Deal(Pending::Flip {
                cell,
                tap: view.dealing_tapped,
            })
        } else if view.show_pending {
            Phase::Show
        } else {
            Phase::Flip
        };
        let mut received = received;
        received.resize(players, Vec::new());
        // Every kind nobody saw is still possible; keep the counts consistent with KINDS.
        debug_assert_eq!(unseen.len(), KINDS.len());
        Pocket {
            players,
            cells,
            unseen,
            phase,
            turn: view.turn.unwrap_or(0),
            flips: view.run.flips.clone(),
            received,
            final_turns: view.final_turns,
            last_turn: view.last_turn.clone(),
            applied: view.turn_began + 2 * view.run.flips.len(),
            turn_began: view.turn_began,
        }
    }
}

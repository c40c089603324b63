//! A state rebuilt from one seat's view, for the search player's determinizations
//! (`crate::bots::search::kokoro`). Everything in Kokoro is public except what other seats chose
//! this turn and the top sanctuary card nobody has shown this seat; the rebuilt state leaves
//! both open: those seats are still to choose, and chance settles the top card when it is needed.

use super::{Kokoro, Player, RoundRecord, Sheet, View};
use crate::engine::{Seat, Viewer};

impl Kokoro {
    /// The state `view` shows, with other seats' choices of this turn not yet made and the top
    /// sanctuary card not yet settled unless the viewer peeked at it. Pure; `None` for a
    /// non-seat view or one whose lists disagree with its player count.
    pub fn from_view(view: &View) -> Option<Kokoro> {
        let Viewer::Seat(me) = view.viewer else {
            return None;
        };
        let n = view.players;
        if me >= n || view.mats.len() != n || view.sheets.len() != n || view.mirror_used.len() != n
        {
            return None;
        }
        let players = (0..n)
            .map(|s| Player {
                mat: view.mats[s],
                pending: if s == me {
                    view.choices.get(s).copied().flatten()
                } else {
                    None
                },
                knows_top: s == me && view.next_sanctuary.is_some(),
                mirror_used: view.mirror_used[s],
                boxes: view.sheets[s].boxes,
            })
            .collect();
        Some(Kokoro {
            side: view.side,
            players,
            random_decree: view.decree_pending,
            decree: view.decree,
            guardians: view.guardians,
            grove: view.grove,
            revealed: view.revealed.clone(),
            top: view.next_sanctuary,
            deck: view.deck_left,
            card: view.card,
            golden: view.golden,
            rounds_done: view.rounds_done,
            cards_revealed: view.cards_revealed,
            records: view.records.clone(),
        })
    }

    /// The game as `seat` alone plays it from here: its own mat, sheet, pending choice and
    /// knowledge of the top sanctuary card, everything public as it is, the other seats gone.
    /// A seat's mat depends only on its own choices and the cards, which come in the same order
    /// whatever anyone chooses, so the hard players play each seat's future on its own
    /// (`crate::bots::search::kokoro_futures`). `None` for a seat not at the table.
    pub fn alone(&self, seat: Seat) -> Option<Kokoro> {
        let player = self.players.get(seat)?.clone();
        let records = self
            .records
            .iter()
            .map(|r| {
                Some(RoundRecord {
                    players: vec![*r.players.get(seat)?],
                    ..r.clone()
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Kokoro {
            players: vec![player],
            records,
            ..self.clone()
        })
    }

    /// The state as another seat's view rebuilds it ([`Kokoro::from_view`]): every seat's
    /// choice of this turn still open and nobody knowing the top sanctuary card, which stays
    /// as it is. For a state rebuilt from a seat's view, this is that seat's own knowledge
    /// dropped: hard players who know different things share the rest
    /// (`crate::bots::search::kokoro_futures`).
    pub fn as_others_see(&self) -> Kokoro {
        let mut g = self.clone();
        for p in &mut g.players {
            p.pending = None;
            p.knows_top = false;
        }
        g
    }

    /// `seat`'s sheet as it stands (the final one once the game is over).
    pub fn sheet(&self, seat: Seat) -> Option<Sheet> {
        self.sheets().get(seat).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Options};

    // That a rebuilt state shows its seat the same view along random games is checked for
    // every game's determinization by `tests/common/conformance.rs`.

    #[test]
    fn only_a_seats_view_rebuilds() {
        let g = Kokoro::new(&Options::new(), 2).expect("new");
        assert!(Kokoro::from_view(&g.view(Viewer::Public)).is_none());
        assert!(Kokoro::from_view(&g.view(Viewer::Seat(1))).is_some());
    }
}

//! Computer players. A bot sees only its seat's views: the one it is asked to act on and every
//! one it witnessed after each action, in order. The one exception is a yardstick that says so
//! ([`Bot::viewer`]): a player shown every card, to measure what hidden information costs.

use super::game::{Game, Seat, Viewer};

pub trait Bot<G: Game>: Send {
    /// Called after every action of the game (and once at the start) with this seat's view.
    fn observe(&mut self, _view: &G::View) {}
    /// Picks one of `legal` (never empty) for `seat`.
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action;
    /// Whose view this bot is shown when it sits at `seat`: its seat's, except for a yardstick
    /// that sees everything (Couperation's `seer`, an upper bound measured with `hotseat sim`).
    fn viewer(&self, seat: Seat) -> Viewer {
        Viewer::Seat(seat)
    }
}

//! Computer players. A bot sees only its seat's views: the one it is asked to act on and every
//! one it witnessed after each action, in order.

use super::game::{Game, Seat};

pub trait Bot<G: Game>: Send {
    /// Called after every action of the game (and once at the start) with this seat's view.
    fn observe(&mut self, _view: &G::View) {}
    /// Picks one of `legal` (never empty) for `seat`.
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action;
}

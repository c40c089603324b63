//! Computer players. A bot sees only its seat's views: the one it is asked to act on and every
//! one it witnessed after each action, in order. The one exception is a yardstick that says so
//! ([`Bot::viewer`]): a player shown every card, to measure what hidden information costs.

use std::any::Any;

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
    /// How bots of this kind choose together when several are asked on one state at once
    /// ([`super::thinker::Question::answer`]): the function is given every bot asked, finds
    /// those of its kind (with [`Bot::as_any_mut`]) and sets their [`Asked::chosen`], each
    /// from that bot's own view and legal actions only; the others then choose alone. Kokoro's
    /// hard players share their played-out futures there. `None` (the default): alone.
    fn together(&self) -> Option<Together<G>> {
        None
    }
    /// This bot as `Any`, for a [`Together`] function to find the bots of its kind.
    fn as_any_mut(&mut self) -> Option<&mut dyn Any> {
        None
    }
}

/// Chooses for the bots of one kind among `asked` at once, on at most `workers` threads.
pub type Together<G> = fn(asked: &mut [Asked<'_, G>], workers: usize);

/// A computer player asked to choose on a state with others: its seat, its own view of the
/// state, its legal actions, and what it chose once it has.
pub struct Asked<'a, G: Game> {
    pub seat: Seat,
    pub bot: &'a mut dyn Bot<G>,
    pub view: G::View,
    pub legal: Vec<G::Action>,
    pub chosen: Option<G::Action>,
}

//! Kokoro for the search player. Every card drawn is public and the deck is kept as counts, so
//! the only hidden things are the other seats' choices this turn and a top sanctuary card this
//! seat did not peek at: [`Kokoro::from_view`] leaves both open, and the search samples them
//! (the choices by the tree and the playouts, the card as the chance step that settles it).

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Search};
use crate::bots::kokoro::PlannerBot;
use crate::engine::{Outcome, Seat};
use crate::games::kokoro::{Kokoro, View};

impl Determinize for Kokoro {
    type Belief = Kokoro;

    fn belief(_seat: Seat, seen: &[View]) -> Option<Kokoro> {
        Kokoro::from_view(seen.last()?)
    }

    fn sample(belief: &Kokoro, _rng: &mut ChaCha8Rng) -> Kokoro {
        belief.clone()
    }

    /// Points matter even when winning: alone at the table they are all that matters, and
    /// with others the search still prefers winning by more.
    fn reward(outcome: &Outcome, seat: Seat) -> f64 {
        let mine = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
        if outcome.scores.len() <= 1 {
            return mine / 100.0;
        }
        super::default_reward(outcome, seat)
    }
}

/// The strongest search player for Kokoro within the time budget: planner playouts.
pub fn hard(seed: u64) -> Search<Kokoro> {
    Search::with_bots(seed, Budget::default(), |s| Box::new(PlannerBot::new(s)))
}

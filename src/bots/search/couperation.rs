//! Couperation for the search player: each sample keeps the seat's own hand and face-down
//! cards and shuffles every card it cannot see among the places it cannot see into
//! ([`Couperation::from_view`]). The team wins or loses together, so the reward is the win
//! plus a little for each face-up card, which tells a near miss from an early collapse.

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Search};
use crate::bots::couperation::Builder;
use crate::engine::{Outcome, Seat, rng};
use crate::games::couperation::{Couperation, SLOTS, View};

impl Determinize for Couperation {
    /// The view, and one state dealt from it (a view that cannot be dealt out is refused
    /// here, so every later deal succeeds; the state is only a formal fallback).
    type Belief = (View, Couperation);

    fn belief(_seat: Seat, seen: &[View]) -> Option<(View, Couperation)> {
        let v = seen.last()?;
        let mut last = |n: usize| n - 1;
        Couperation::from_view(v, &mut last).map(|g| (v.clone(), g))
    }

    fn sample(belief: &(View, Couperation), r: &mut ChaCha8Rng) -> Couperation {
        let mut pick = |n: usize| rng::below(r, n as u64) as usize;
        Couperation::from_view(&belief.0, &mut pick).unwrap_or_else(|| belief.1.clone())
    }

    fn reward(outcome: &Outcome, seat: Seat) -> f64 {
        let won = if outcome.winners.contains(&seat) {
            1.0
        } else {
            0.0
        };
        let up = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
        won + 0.3 * up / SLOTS as f64
    }
}

/// The strongest search player for Couperation within the time budget: builder playouts.
pub fn hard(seed: u64) -> Search<Couperation> {
    Search::with_bots(seed, Budget::default(), |s| {
        Box::new(Builder::new(s, crate::bots::Level::Hard))
    })
}

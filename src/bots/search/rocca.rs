//! Rocca Monster for the search player: each sample hides the killer (and the Healer) among
//! the living villagers outside the seat's family and leaves the other seats' private choices
//! of this turn to be made again ([`Rocca::from_view`]); the votes and reports are public.

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Search};
use crate::bots::rocca::SleuthBot;
use crate::engine::{Seat, rng};
use crate::games::rocca::{Rocca, View, vote_changes};

impl Determinize for Rocca {
    fn search_player(seed: u64, budget: Budget) -> Box<dyn crate::engine::Bot<Rocca>> {
        Box::new(hard(seed).with_budget(budget))
    }

    /// The view, and one state drawn from it (a view that cannot be drawn is refused here,
    /// so every later draw succeeds; the state is only a formal fallback).
    type Belief = (View, Vec<u8>, Rocca);

    fn belief(_seat: Seat, seen: &[View]) -> Option<(View, Vec<u8>, Rocca)> {
        let v = seen.last()?;
        let changes = vote_changes(seen);
        let mut first = |_: usize| 0;
        Rocca::from_view(v, &changes, &mut first).map(|g| (v.clone(), changes, g))
    }

    fn sample(belief: &(View, Vec<u8>, Rocca), r: &mut ChaCha8Rng) -> Rocca {
        let mut pick = |n: usize| rng::below(r, n as u64) as usize;
        Rocca::from_view(&belief.0, &belief.1, &mut pick).unwrap_or_else(|| belief.2.clone())
    }

    /// Who is done this turn: the others' private choices are made again in the sample.
    fn keep_open(drawn: &mut View, seen: &View) {
        drawn.done = seen.done.clone();
    }
}

/// The strongest search player for Rocca within the time budget: sleuth playouts, each
/// sleuth first reading the public story so far.
pub fn hard(seed: u64) -> Search<Rocca> {
    Search::with_bots(seed, Budget::default(), |s| Box::new(SleuthBot::new(s))).primed()
}

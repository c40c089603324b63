//! A determinizer for any game, by replay: from the start, find for each view the seat saw the
//! action (chance outcome or another seat's choice) after which the sampled state shows it that
//! view, drawing among the candidates that fit. Where none fits (a hidden draw earlier sampled
//! one way turns out otherwise, e.g. a tile another seat places), the state is re-dealt with
//! [`Game::vary_hidden`] for the seat, which changes only what the seat cannot see, and the
//! step is tried again. Games whose state cannot be rebuilt from a view use it (Cocoon).

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use crate::engine::{Actor, Game, Seat, ToMove, Viewer, rng};

/// Re-deals tried on a step no candidate fits before the replay gives up.
const REDEALS: u64 = 64;

/// States like one that no action brings to a view, adjusted with what the view tells (drawn
/// with the rng where a choice is free).
pub type Repair<G> = dyn Fn(&G, &<G as Game>::View, &mut ChaCha8Rng) -> Vec<G>;

/// A state that shows `seat` every view in `seen`, in order, replayed from one of `starts`
/// (the game's possible fresh states, e.g. one per start-player option). `None` when no start
/// shows the first view or a step cannot be matched.
///
/// `repair` offers states like one that no action brings to `target`, adjusted with what
/// `target` tells (e.g. a hand it shows, a tile that turns up): each is tried, in order,
/// before the random re-deals.
pub fn replay<G: Game>(
    seat: Seat,
    seen: &[G::View],
    starts: impl IntoIterator<Item = G>,
    repair: &Repair<G>,
    rng: &mut ChaCha8Rng,
) -> Option<G> {
    replay_or_stop(seat, seen, starts, repair, rng).ok()
}

/// [`replay`], or where it stopped: the index in `seen` of the furthest view that no start's
/// replay could be brought to (0: no start shows the first view). For measuring the
/// determinizer.
pub fn replay_or_stop<G: Game>(
    seat: Seat,
    seen: &[G::View],
    starts: impl IntoIterator<Item = G>,
    repair: &Repair<G>,
    rng: &mut ChaCha8Rng,
) -> Result<G, usize> {
    let me = Viewer::Seat(seat);
    let Some(first) = seen.first() else {
        return Err(0);
    };
    let mut stop = 0;
    'starts: for start in starts {
        if !start.shows(me, first) {
            continue;
        }
        let mut state = start;
        for (k, target) in seen.iter().enumerate().skip(1) {
            match step(&state, me, target, rng) {
                Some(next) => state = next,
                None => {
                    let mut fixed = repair(&state, target, rng)
                        .iter()
                        .find_map(|s| step(s, me, target, rng));
                    for _ in 0..if fixed.is_some() { 0 } else { REDEALS } {
                        let other = state.vary_hidden(me, rng.next_u64());
                        if let Some(next) = step(&other, me, target, rng) {
                            fixed = Some(next);
                            break;
                        }
                    }
                    match fixed {
                        Some(next) => state = next,
                        None => {
                            stop = stop.max(k);
                            continue 'starts;
                        }
                    }
                }
            }
        }
        return Ok(state);
    }
    Err(stop)
}

/// One action after which `state` shows `viewer` the view `target`, drawn among those that do.
fn step<G: Game>(state: &G, viewer: Viewer, target: &G::View, rng: &mut ChaCha8Rng) -> Option<G> {
    let mut fits: Vec<(G, u32)> = Vec::new();
    match state.to_move() {
        ToMove::Over => return None,
        ToMove::Chance => {
            let outcomes = state.chance_outcomes();
            // Most draws are hidden or forced: the sampled one usually fits, so try it first.
            let first = rng::weighted_by(rng, &outcomes, |(_, w)| *w)?;
            let mut s = state.clone();
            if s.apply(Actor::Chance, &outcomes[first].0).is_ok() && s.shows(viewer, target) {
                return Some(s);
            }
            for (i, (a, w)) in outcomes.iter().enumerate() {
                if i == first {
                    continue;
                }
                let mut s = state.clone();
                if s.apply(Actor::Chance, a).is_ok() && s.shows(viewer, target) {
                    fits.push((s, *w));
                }
            }
        }
        ToMove::Seats(seats) => {
            for seat in seats {
                for a in state.legal_actions(seat) {
                    let mut s = state.clone();
                    if s.apply(Actor::Seat(seat), &a).is_ok() && s.shows(viewer, target) {
                        fits.push((s, 1));
                    }
                }
            }
        }
    }
    let i = rng::weighted_by(rng, &fits, |(_, w)| *w)?;
    Some(fits.swap_remove(i).0)
}

//! A finished solo Kokoro game looked back on: at each of the person's turns, what the hard
//! player would have done there, and how many points more it would have left at the end. The
//! end screen lists the three turns that would have gained most.
//!
//! Each turn compares the two moves on the same sampled futures ([`Search::gain`]: the same
//! cards to come and the same planner playouts after each move), so the figure is what the
//! move alone is worth, not the luck of the draw. Every search runs an exact playout count
//! with no time cap: the same game gets the same review on any machine. It takes seconds, so
//! the screen works it out on a thread of its own.

use crate::bots::hint::{Effort, seed_of};
use crate::bots::search::{self, Budget, Determinize};
use crate::engine::{Actor, Bot, Game, Match, Seat, Viewer};
use crate::games::kokoro::{Action, Kokoro};

/// A turn where the hard player would have done better.
#[derive(Clone, Debug, PartialEq)]
pub struct Missed {
    /// The round (1 to 5), and the turn: which path card of the game it was (1 = the first).
    pub round: u8,
    pub turn: u8,
    /// What the person did, and what the hard player would have done.
    pub played: Action,
    pub better: Action,
    /// Points more at the end, on average over the sampled futures.
    pub points: f64,
}

/// How many turns the end screen lists.
pub const SHOWN: usize = 3;

/// Playouts of each search of a review as played (the hard player's choice, then each of the
/// two moves compared): fewer than a decision's 400, as a review weighs about 45 turns.
const PLAYOUTS: u32 = 160;

/// The turns of `seat` in `m` where the hard player would have gained most, the most first
/// (at most [`SHOWN`], none where it would have gained nothing).
pub fn kokoro(m: &Match<Kokoro>, seat: Seat, effort: Effort) -> Vec<Missed> {
    let playouts = match effort {
        Effort::Play => PLAYOUTS,
        Effort::Exact(n) => n,
    };
    let mut out = Vec::new();
    let mut state = m.initial.clone();
    for step in &m.history {
        if step.actor == Actor::Seat(seat)
            && let Some(missed) = weigh(&state, seat, &step.action, playouts)
        {
            out.push(missed);
        }
        if state.apply(step.actor, &step.action).is_err() {
            break;
        }
    }
    out.sort_by(|a, b| b.points.total_cmp(&a.points));
    out.truncate(SHOWN);
    out
}

/// The turn where `seat` played `played` on `state`, if the hard player would have gained by
/// another move.
fn weigh(state: &Kokoro, seat: Seat, played: &Action, playouts: u32) -> Option<Missed> {
    let legal = state.bot_actions(seat);
    if legal.len() < 2 || !legal.contains(played) {
        return None;
    }
    let view = state.view(Viewer::Seat(seat));
    let seed = seed_of(seat, &view);
    let mut hard = search::kokoro::player(seed)
        .with_budget(Budget::exact(playouts))
        .exact();
    let better = hard.choose(seat, &view, &legal);
    if better == *played || !legal.contains(&better) {
        return None;
    }
    let belief = Kokoro::belief(seat, std::slice::from_ref(&view))?;
    let mut judge =
        search::kokoro::hard(seed ^ 0x7265_7669_6577).with_budget(Budget::exact(playouts));
    let points = judge.gain(&belief, seat, &better, played, playouts);
    (points > 0.0).then_some(Missed {
        round: view.round,
        turn: view.cards_revealed,
        played: *played,
        better,
        points,
    })
}

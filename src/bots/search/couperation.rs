//! Couperation for the search player: each sample keeps the seat's own hand and face-down
//! cards and shuffles every card it cannot see among the places it cannot see into
//! ([`Couperation::from_view`]). The team wins or loses together, so the reward is the win
//! plus a little for each face-up card, which tells a near miss from an early collapse.

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Search};
use crate::bots::Level;
use crate::bots::couperation::Builder;
use crate::engine::{Bot, Outcome, Seat, rng};
use crate::games::couperation::{Action, Couperation, SLOTS, SlotView, View};

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

/// The search player at every decision, builder playouts: strong, but a playout from early in
/// the game is a whole game, so under the time cap it runs too few of them there; the hard
/// level is [`Hard`].
pub fn hard(seed: u64) -> Search<Couperation> {
    Search::with_bots(seed, Budget::default(), |s| {
        Box::new(Builder::new(s, crate::bots::Level::Hard))
    })
}

/// The hard level searches once at most this many slots are open (see [`Hard`]). Searching
/// from 13 on, at 200 playouts, won no more (300 four-player games on the same seeds: 60.0%
/// against 62.3%) and made each playout longer.
pub const SEARCH_FROM_OPEN: usize = 10;

/// Playouts per searched decision. The order's windows (`Pyramid::windows`) made playouts
/// about twice as cheap, which bought more than the 120 of before within the time cap. On the
/// same 300 four-player games: 51.0% at 120, 62.3% at 200, 66.3% at 300.
pub const HARD_PLAYOUTS: u32 = 300;

/// The hard level: the builder's judgement while the pyramid is young, the search over
/// builder playouts once at most [`SEARCH_FROM_OPEN`] slots are open. Almost every lost game
/// is lost at the end (a full pyramid and a face-down card that must be turned up blind), where
/// a playout is a few turns and cheap; early on a playout is a whole game, too dear for the
/// playouts a decision can afford. Measured (2,000 games), this team wins far more than the
/// builder's own hard level; see the rules page's "Computer players".
pub struct Hard {
    builder: Builder,
    search: Search<Couperation>,
    from_open: usize,
}

impl Hard {
    pub fn new(seed: u64) -> Hard {
        Hard::with(seed, Budget::playouts(HARD_PLAYOUTS), SEARCH_FROM_OPEN)
    }

    /// Searching with `budget` once at most `from_open` slots are open.
    pub fn with(seed: u64, budget: Budget, from_open: usize) -> Hard {
        Hard {
            builder: Builder::new(seed, Level::Hard),
            search: Search::with_bots(rng::mix(seed ^ 0x005e_a7c4), budget, |s| {
                Box::new(Builder::new(s, Level::Hard))
            }),
            from_open,
        }
    }

    /// What a searched decision may spend.
    pub fn budget(&self) -> Budget {
        self.search.budget()
    }

    /// Playouts the last decision ran (0 when the builder decided alone).
    pub fn last_playouts(&self) -> u32 {
        self.search.last_playouts
    }
}

impl Bot<Couperation> for Hard {
    fn observe(&mut self, view: &View) {
        // The search reads only the view it decides on, so it keeps none.
        self.builder.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let open = view
            .pyramid
            .iter()
            .filter(|s| **s == SlotView::Empty)
            .count();
        self.search.last_playouts = 0;
        if open > self.from_open {
            return self.builder.choose(seat, view, legal);
        }
        self.search.decide(seat, view, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, Viewer};

    /// The hard level affords 300 playouts a searched decision (it had 120 before playouts
    /// got cheaper), under the usual time cap.
    #[test]
    fn the_hard_level_plays_out_300_games_a_decision() {
        assert_eq!(Hard::new(1).budget(), Budget::playouts(300));
    }

    /// The hard level lets the builder decide while more than its threshold of slots is
    /// open, and searches from then on.
    #[test]
    fn the_hard_level_searches_only_at_the_end() {
        let mut g = Couperation::new(&Options::new(), 2).expect("2 players");
        let mut builders = [Builder::new(1, Level::Hard), Builder::new(2, Level::Hard)];
        let mut hard = Hard::with(3, Budget::exact(8), 10);
        let mut chance = rng::stream(5, 7);
        let (mut early, mut late) = (0, 0);
        for _ in 0..3000 {
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut chance, &w).expect("chance");
                    g.apply(Actor::Chance, &o[i].0).expect("legal");
                }
                ToMove::Seats(s) => {
                    let seat = s[0];
                    let legal = g.legal_actions(seat);
                    let view = g.view(Viewer::Seat(seat));
                    if seat == 0 && legal.len() > 1 {
                        hard.choose(seat, &view, &legal);
                        let open = g.pyramid().slots.iter().filter(|s| s.is_empty()).count();
                        if open > 10 {
                            assert_eq!(hard.last_playouts(), 0, "{open} open slots");
                            early += 1;
                        } else {
                            assert!(hard.last_playouts() > 0, "{open} open slots");
                            late += 1;
                        }
                    }
                    let a = builders[seat].choose(seat, &view, &legal);
                    g.apply(Actor::Seat(seat), &a).expect("legal");
                }
            }
        }
        assert!(early > 0 && late > 0, "early {early}, late {late}");
    }
}

//! Computer players for Kokoro. The planner looks only at its seat's [`View`]: it scores each
//! legal draw by the chains it leaves on its own mat (the sanctuary of this round against the box
//! it must beat, the sanctuaries still to come, the guardians) and peeks when the card is of no
//! use and the next sanctuary is unknown.

use crate::bots::random::RandomBot;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Bot, Seat, rng};
use crate::games::kokoro::cards::{BOTTOM, LEFT, RIGHT, TOP};
use crate::games::kokoro::chain::{Mat, SpaceSet, chain_from, neighbour};
use crate::games::kokoro::mats::{self, SANCTUARIES, Side};
use crate::games::kokoro::scoring::{caterpillars_on, features_on, flowers_on};
use crate::games::kokoro::{Action, Decree, GOLDEN_PER_ROUND, Kokoro, ROUNDS, View, mirror};

/// The kinds a seat may be given, the default first.
pub const KINDS: &[(&str, &str)] = &[
    (
        "planner",
        "plans chains toward the sanctuaries and guardians",
    ),
    ("random", "any legal move"),
];

pub fn make(kind: &str, seed: u64) -> Option<Box<dyn Bot<Kokoro>>> {
    match kind {
        "planner" => Some(Box::new(PlannerBot::new(seed))),
        "random" => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

pub struct PlannerBot {
    /// A little seeded noise on near-equal choices, so that two planners at one table (who
    /// see the same cards) do not draw identical mats.
    rng: ChaCha8Rng,
}

/// How far apart (in the planner's points) two choices may be and still be picked either way.
const NOISE: f32 = 0.4;

impl PlannerBot {
    pub fn new(seed: u64) -> Self {
        PlannerBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

const EDGES: [u8; 4] = [TOP, RIGHT, BOTTOM, LEFT];

/// What the planner knows about the round, read once per decision.
struct Context {
    side: Side,
    grove: Option<u8>,
    current: Option<u8>,
    /// The box this round's count must beat.
    previous_box: u8,
    /// Expected turns still to come in this round after the current one.
    turns_left: f32,
    /// Sanctuary spaces that may still be scored after this round, with a weight each.
    future: Vec<(u8, f32)>,
    guardians: [u8; 2],
    /// Rounds still to play after this one, for the weight of long-term building.
    rounds_after: usize,
}

impl Context {
    fn new(seat: Seat, view: &View) -> Context {
        let side = view.side;
        let current = view.sanctuary.and_then(|l| mats::sanctuary_space(side, l));
        let previous_box = view
            .rounds_done
            .checked_sub(1)
            .and_then(|r| view.sheets.get(seat).and_then(|s| s.boxes[r]))
            .unwrap_or(0);
        let golden_left: u32 = view.deck_left.iter().map(|d| u32::from(d[1])).sum();
        let plain_left: u32 = view.deck_left.iter().map(|d| u32::from(d[0])).sum();
        let k = f32::from(GOLDEN_PER_ROUND.saturating_sub(view.golden));
        // Plain cards expected before the k-th golden, plus the goldens themselves.
        let turns_left = k + k * plain_left as f32 / (golden_left as f32 + 1.0);
        let rounds_after = ROUNDS.saturating_sub(view.rounds_done + 1);
        let mut future = Vec::new();
        if rounds_after > 0 {
            let unseen: Vec<char> = SANCTUARIES
                .iter()
                .copied()
                .filter(|l| !view.revealed.contains(l))
                .collect();
            for &l in &unseen {
                let Some(space) = mats::sanctuary_space(side, l) else {
                    continue;
                };
                let w = match view.next_sanctuary {
                    Some(n) if n == l => 1.0,
                    Some(_) => 0.8 * rounds_after.saturating_sub(1) as f32 / unseen.len() as f32,
                    None => 0.8 * rounds_after as f32 / unseen.len() as f32,
                };
                future.push((space, w));
            }
        }
        if view.decree == Some(Decree::ForgottenShrine) {
            // The unscored sanctuary pays half: keep the weight of a far future one.
            for f in &mut future {
                f.1 = f.1.max(0.1);
            }
        }
        Context {
            side,
            grove: view.grove,
            current,
            previous_box,
            turns_left,
            future,
            guardians: view.guardian_spaces(),
            rounds_after,
        }
    }

    /// Ends of `chain` that point into an empty space a path may still take, and the features
    /// waiting in those spaces.
    fn open_ends(&self, mat: &Mat, chain: SpaceSet) -> (u32, u32) {
        let printed = mats::printed(self.side);
        let (mut ends, mut near) = (0, 0);
        for s in chain.iter() {
            for e in EDGES {
                if mat.edges(s) & e == 0 {
                    continue;
                }
                if let Some(n) = neighbour(s, e)
                    && mat.path(n) == 0
                    && self.grove != Some(n)
                {
                    ends += 1;
                    near += printed
                        .get(usize::from(n))
                        .map_or(0, |p| u32::from(p.features()));
                }
            }
        }
        (ends, near)
    }

    fn evaluate(&self, mat: &Mat) -> f32 {
        let mut v = 0.0;
        let live = (self.turns_left / 4.0).min(1.5);
        if let Some(space) = self.current {
            let chain = chain_from(mat, space);
            let f = f32::from(features_on(self.side, chain));
            let (ends, near) = self.open_ends(mat, chain);
            let need = f32::from(self.previous_box) + 1.0;
            if self.turns_left < 0.5 {
                // The box is decided by this turn.
                v += if f >= need { 2.0 * f } else { -10.0 + f * 0.2 };
            } else {
                v += 1.2 * f.min(need + 3.0) + 0.4 * (f - need - 3.0).max(0.0);
                if f >= need {
                    // The fewer turns remain, the more a box already secured is worth.
                    v += 6.0 + 12.0 / (1.0 + self.turns_left);
                }
                v += live * (1.8 * ends as f32 + 0.35 * near as f32);
                if ends == 0 && f < need {
                    v -= 6.0;
                }
            }
        }
        for &(space, w) in &self.future {
            let chain = chain_from(mat, space);
            let f = f32::from(features_on(self.side, chain));
            let (ends, near) = self.open_ends(mat, chain);
            v += w * (f + 2.0 * ends as f32 + 0.3 * near as f32);
        }
        let cg = chain_from(mat, self.guardians[0]);
        let fg = chain_from(mat, self.guardians[1]);
        let guardian_live = if self.rounds_after > 0 { 1.0 } else { live };
        v += 0.9 * f32::from(caterpillars_on(self.side, cg));
        v += 0.9 * f32::from(flowers_on(self.side, fg));
        v += 0.4 * guardian_live * (self.open_ends(mat, cg).0 + self.open_ends(mat, fg).0) as f32;
        v
    }
}

impl Bot<Kokoro> for PlannerBot {
    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let Some(mat) = view.mats.get(seat) else {
            return legal[0];
        };
        let Some(card) = view.card else {
            return legal[0];
        };
        let ctx = Context::new(seat, view);
        let here = ctx.evaluate(mat);
        let mut best = (f32::MIN, legal[0]);
        for &a in legal {
            let value = match a {
                Action::Draw { space, mirrored } => {
                    let mut after = *mat;
                    let number = if mirrored {
                        mirror(card.number)
                    } else {
                        card.number
                    };
                    if let Some(cell) = after.paths.get_mut(usize::from(space)) {
                        *cell = number;
                    }
                    // Spending the mirror or a space has a small cost of its own.
                    ctx.evaluate(&after) - if mirrored { 0.8 } else { 0.0 } - 0.3
                }
                Action::Peek => {
                    let info = if view.next_sanctuary.is_none() && ctx.rounds_after > 0 {
                        1.5
                    } else {
                        0.0
                    };
                    here + info
                }
                _ => f32::MIN,
            };
            let jitter = rng::below(&mut self.rng, 1000) as f32 * NOISE / 1000.0;
            if value + jitter > best.0 {
                best = (value + jitter, a);
            }
        }
        best.1
    }
}

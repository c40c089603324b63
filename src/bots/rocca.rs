//! Computer players for Rocca Monster. Each decides only from its seat's views: its own
//! family's bodies, who the die found each morning, the open votes and the graves.
//!
//! The detective ([`DetectiveBot`], the default) reasons from public facts alone and never
//! follows whoever voted first; holding the Monster it votes as a villager of its seat would.
//!
//! The sleuth (kept to measure against) suspects every living villager outside its family
//! that no grave has shown, trusts attacked villagers more (the Monster rarely attacks itself)
//! and joins the strongest suspicion so the table reaches a majority: the first voter sets the
//! target. As the Monster it attacks away from the Police and the Mayor, steers votes onto
//! innocents and off itself. As the Vampire it bites every family it can; as the Healer it
//! prays over a grave every evening.

mod belief;
mod detective;
mod roles;

pub use belief::{HARD, Model, Notes};
pub use detective::DetectiveBot;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Bot, Seat, rng};
use crate::games::rocca::{Action, Body, FAMILY, Face, Report, Rocca, Stage, View, owner};

pub const KINDS: &[(&str, &str)] = &[
    (
        "detective",
        "reasons from attacks and votes, never follows the first voter; the Monster votes as a villager would",
    ),
    (
        "sleuth",
        "reads attacks and votes; hunts, bluffs, bites and heals",
    ),
    ("random", "any legal move"),
];

// What a kind string means: `crate::bots::kinds::rocca`.

/// One seat with a player for each side, for pitting villagers against a Monster of another
/// kind (`hotseat sim rocca --bot hard/sleuth`). Both watch every view; the one whose side the
/// seat is on chooses.
pub struct Sides {
    village: Box<dyn Bot<Rocca>>,
    killer: Box<dyn Bot<Rocca>>,
}

impl Sides {
    pub fn new(village: Box<dyn Bot<Rocca>>, killer: Box<dyn Bot<Rocca>>) -> Sides {
        Sides { village, killer }
    }
}

impl Bot<Rocca> for Sides {
    fn observe(&mut self, view: &View) {
        self.village.observe(view);
        self.killer.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let killer = SleuthBot::mine(view, seat, Body::Monster)
            || SleuthBot::mine(view, seat, Body::Vampire)
            || view.in_clan;
        if killer {
            self.killer.choose(seat, view, legal)
        } else {
            self.village.choose(seat, view, legal)
        }
    }
}

pub struct SleuthBot {
    rng: ChaCha8Rng,
    /// Villagers the die was found on at dawn (the killer's choice, before any Mayor).
    attacked: Vec<u8>,
    /// Votes received by each villager over the game, by voting seat.
    accused_by: Vec<Vec<Seat>>,
    /// The reports already read.
    seen: Vec<Report>,
    seen_day: u32,
}

impl SleuthBot {
    pub fn new(seed: u64) -> Self {
        SleuthBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            attacked: Vec::new(),
            accused_by: Vec::new(),
            seen: Vec::new(),
            seen_day: 0,
        }
    }

    /// A little noise between near-equal choices.
    fn noise(&mut self) -> f64 {
        rng::below(&mut self.rng, 1000) as f64 / 10_000.0
    }

    fn pick_best(&mut self, legal: &[Action], score: impl Fn(&Action) -> f64) -> Action {
        let mut best = legal[0];
        let mut top = f64::MIN;
        for a in legal {
            let s = score(a) + self.noise();
            if s > top {
                top = s;
                best = *a;
            }
        }
        best
    }

    fn mine(view: &View, seat: Seat, body: Body) -> bool {
        (0..FAMILY).any(|i| {
            view.villager((seat * FAMILY + i) as u8)
                .and_then(|x| x.body)
                == Some(body)
        })
    }

    /// How likely the sleuth thinks `v` holds the killer card (0: impossible).
    fn suspicion(&self, view: &View, seat: Seat, v: u8) -> f64 {
        let Some(x) = view.villager(v) else {
            return 0.0;
        };
        if !x.alive || x.once_dead || owner(v) == seat || x.body.is_some() {
            return 0.0;
        }
        let mut s = 1.0;
        if self.attacked.contains(&v) {
            s *= 0.25;
        }
        s
    }

    /// Votes now on each villager.
    fn counts(view: &View) -> Vec<f64> {
        view.tally().iter().map(|&c| f64::from(c)).collect()
    }

    fn vote(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let counts = Self::counts(view);
        let killer = Self::mine(view, seat, Body::Monster) || Self::mine(view, seat, Body::Vampire);
        let current = view.votes.get(seat).copied().flatten();
        let count = |v: u8| counts.get(usize::from(v)).copied().unwrap_or(0.0);
        let top = counts.iter().copied().fold(0.0, f64::max);
        if killer {
            let me_at = (0..FAMILY as u8)
                .map(|i| seat as u8 * FAMILY as u8 + i)
                .find(|&v| {
                    matches!(
                        view.villager(v).and_then(|x| x.body),
                        Some(Body::Monster | Body::Vampire)
                    )
                });
            let danger = me_at.is_some_and(|m| count(m) >= top && top > 0.0);
            if let Some(cur) = current
                && !danger
                && Some(cur) != me_at
                && legal.contains(&Action::Confirm)
            {
                return Action::Confirm;
            }
            // Push the strongest innocent, away from one's own card and (a little) family.
            return self.pick_best(legal, |a| match *a {
                Action::Vote { v } if Some(v) == me_at => -10.0,
                Action::Vote { v } => {
                    let own = if owner(v) == seat { 0.3 } else { 1.0 };
                    own * (1.0 + 2.0 * count(v))
                }
                Action::Confirm => -5.0,
                _ => -1.0,
            });
        }
        let clan = view.in_clan;
        let table: Vec<f64> = (0..view.villagers.len() as u8)
            .map(|v| {
                if clan {
                    // A clan member cannot tell the Vampire either; it only spares its family.
                    if owner(v) == seat { 0.0 } else { 0.5 }
                } else {
                    self.suspicion(view, seat, v)
                }
            })
            .collect();
        let sus = |v: u8| table.get(usize::from(v)).copied().unwrap_or(0.0);
        if let Some(cur) = current
            && legal.contains(&Action::Confirm)
        {
            let best_other = (0..view.villagers.len() as u8)
                .filter(|&v| v != cur && view.votable(v) && sus(v) > 0.0)
                .map(&count)
                .fold(0.0, f64::max);
            // Stay unless a suspect has more support than one's own choice.
            if count(cur) >= best_other || sus(cur) > 0.0 && count(cur) + 1.0 > best_other {
                return Action::Confirm;
            }
        }
        let total_sus: f64 = (0..view.villagers.len() as u8)
            .map(sus)
            .sum::<f64>()
            .max(1e-9);
        self.pick_best(legal, |a| match *a {
            Action::Vote { v } => {
                let p = sus(v) / total_sus;
                if p <= 0.0 {
                    -1.0 + count(v) * 0.01
                } else {
                    p * (1.0 + 2.0 * count(v))
                }
            }
            Action::Confirm => 0.0,
            _ => -2.0,
        })
    }

    fn attack(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let police = (0..view.villagers.len() as u8).find(|&v| {
            view.villager(v)
                .is_some_and(|x| x.face == Face::Police && x.alive && !x.once_dead)
        });
        let mayor = (0..view.villagers.len() as u8).find(|&v| {
            view.villager(v)
                .is_some_and(|x| x.face == Face::Mayor && x.alive && !x.once_dead)
        });
        let accusers: Vec<Seat> = self.accused_by.iter().flatten().copied().collect();
        self.pick_best(legal, |a| {
            let Action::Attack { v } = *a else {
                return -1.0;
            };
            let Some(x) = view.villager(v) else {
                return -1.0;
            };
            if x.body
                .is_some_and(|b| b == Body::Monster || b == Body::Vampire)
            {
                return -5.0;
            }
            let mut s = 1.0;
            if owner(v) == seat {
                s *= 0.35;
            }
            if Some(v) == police {
                s *= 0.3;
            } else if police.is_some_and(|p| owner(p) == owner(v)) {
                s *= 0.6;
            }
            if mayor.is_some_and(|m| owner(m) == owner(v)) && !view.mayor_used {
                s *= 0.2;
            }
            // Silence the families that vote against the Monster's family.
            let hostility = accusers.iter().filter(|&&s| s == owner(v)).count() as f64;
            s * (1.0 + 0.3 * hostility)
        })
    }

    fn learn(&mut self, view: &View) {
        if self.accused_by.len() != view.villagers.len() {
            self.accused_by = vec![Vec::new(); view.villagers.len()];
        }
        if view.today != self.seen || view.day != self.seen_day {
            for r in &view.today {
                if let Report::Found { v } = r
                    && !self.attacked.contains(v)
                {
                    self.attacked.push(*v);
                }
            }
            self.seen = view.today.clone();
            self.seen_day = view.day;
        }
        if view.stage == Stage::Tally {
            for (s, vote) in view.votes.iter().enumerate() {
                if let Some(v) = vote
                    && let Some(list) = self.accused_by.get_mut(usize::from(*v))
                {
                    list.push(s);
                }
            }
        }
    }
}

impl Bot<Rocca> for SleuthBot {
    fn observe(&mut self, view: &View) {
        self.learn(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.learn(view);
        let first = legal[0];
        match first {
            Action::Attack { .. } => self.attack(seat, view, legal),
            Action::Bite { .. } => {
                // Every family bitten is one more on the Vampire's side.
                let clan = view.clan.clone();
                self.pick_best(legal, |a| match *a {
                    Action::Bite { seat: b }
                        if usize::from(b) != seat && !clan.contains(&usize::from(b)) =>
                    {
                        1.0
                    }
                    Action::Sleep => 0.5,
                    _ => 0.0,
                })
            }
            Action::Revive { .. } => {
                // Bring back one of the own family first, else anyone.
                self.pick_best(legal, |a| match *a {
                    Action::Revive { v } if owner(v) == seat => 1.5,
                    Action::Revive { .. } => 1.0,
                    _ => 0.0,
                })
            }
            Action::Redirect { .. } | Action::Keep => {
                let killer =
                    Self::mine(view, seat, Body::Monster) || Self::mine(view, seat, Body::Vampire);
                let scores: Vec<f64> = (0..view.villagers.len() as u8)
                    .map(|v| {
                        if killer {
                            if view.villager(v).and_then(|x| x.body).is_some() {
                                0.0
                            } else {
                                1.0
                            }
                        } else {
                            self.suspicion(view, seat, v)
                        }
                    })
                    .collect();
                self.pick_best(legal, |a| match *a {
                    Action::Redirect { v } => scores.get(usize::from(v)).copied().unwrap_or(0.0),
                    _ => 0.05,
                })
            }
            Action::Vote { .. } | Action::Confirm => self.vote(seat, view, legal),
            _ => {
                // A step with nothing to do; the vote's options always hold a Vote, handled above.
                if legal.iter().any(|a| matches!(a, Action::Vote { .. })) {
                    self.vote(seat, view, legal)
                } else {
                    first
                }
            }
        }
    }
}

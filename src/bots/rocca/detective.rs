//! The detective: a Rocca player that reasons from public facts only (see [`super::belief`]).
//!
//! As a villager it votes for a villager it finds most suspect, ignoring how the others have
//! voted so far in the ballot (so whoever votes first does not set the target), and never
//! moves a card once placed. At normal it breaks ties with its own seeded die. At hard it also
//! reads families from the attacks and draws among the suspects, the likelier the more
//! suspect, with a die every seat throws alike (today's public events): the detectives agree
//! on one villager, and a killer cannot know which when it attacks. As the Mayor it moves the
//! die onto its chief suspect.
//!
//! Holding the killer card it votes exactly as a villager of its seat would (its vote gives
//! nothing away). At normal it attacks more or less at random, sparing its family somewhat and
//! avoiding the Police and the Mayor. At hard it forecasts, for each victim, how likely the
//! table is to execute the killer tomorrow (from the table's suspicion, and from whether the
//! ballots so far show the table following its first voter) and attacks where that is least,
//! weighed against how likely the victim is to die.
//!
//! The Healer's prayers, the Vampire's bites and a clan member's votes are in [`super::roles`].

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use super::belief::{
    HARD, HERDING_PRIOR, Model, Notes, VOTE_POWER, family, normalise, public_seed, race,
};
use super::roles::{self, Side};
use crate::bots::Level;
use crate::engine::{Bot, Seat, rng};
use crate::games::rocca::{Action, Body, Face, Rocca, View, owner};

/// What the normal detective believes: the same about votes, nothing about families. The hard
/// killer forecasts the table with it too: a table that reads families can be fooled by a
/// killer striking its own, but a killer that plays for that is easy to read in turn.
const NORMAL: Model = Model {
    kinds: [(1.0, 1.0), (1.0, 0.0), (1.0, 0.0)],
    itself: 0.02,
    own_vote: 6.0,
};

/// What one more likely death is worth to the hard killer, against its chance of being
/// executed tomorrow.
const KILL_VALUE: f64 = 0.1;

/// What a survivor the Vampire may bite (one more family on its side) is worth to the hard
/// Vampire, on the same scale.
const BITE_VALUE: f64 = 0.1;

pub struct DetectiveBot {
    /// The killer's die, for attacks.
    rng: ChaCha8Rng,
    /// The die for ties in votes and the Mayor's choice: its own, so that the killer's
    /// attacks do not shift its votes away from what a villager in its seat would vote.
    ties: ChaCha8Rng,
    level: Level,
    notes: Notes,
}

impl DetectiveBot {
    pub fn new(seed: u64, level: Level) -> Self {
        DetectiveBot {
            rng: ChaCha8Rng::seed_from_u64(rng::mix(seed ^ 0xde7e_c71e)),
            ties: ChaCha8Rng::seed_from_u64(rng::mix(seed ^ 0x7135)),
            level,
            notes: Notes::default(),
        }
    }

    fn model(&self) -> Model {
        match self.level {
            Level::Hard => HARD,
            _ => NORMAL,
        }
    }

    /// The best of `options` by `score` (higher first, compared as tuples), ties broken by the
    /// bot's own die.
    fn pick<T: Copy>(
        r: &mut ChaCha8Rng,
        options: &[T],
        score: impl Fn(T) -> (f64, f64),
    ) -> Option<T> {
        let scored: Vec<(T, (f64, f64))> = options.iter().map(|&o| (o, score(o))).collect();
        let best = scored
            .iter()
            .map(|x| x.1)
            .fold((f64::MIN, f64::MIN), |a, b| if b > a { b } else { a });
        let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1e-12);
        let top: Vec<T> = scored
            .iter()
            .filter(|x| near(x.1.0, best.0) && near(x.1.1, best.1))
            .map(|x| x.0)
            .collect();
        if top.is_empty() {
            return None;
        }
        // Always one draw, however many are tied, so that one odd choice does not shift
        // every later tie-break.
        let i = (rng::below(r, 1 << 32) % top.len() as u64) as usize;
        top.get(i).copied()
    }

    /// The villager of `seat`'s family holding the killer card, if it is this seat's.
    fn my_killer(view: &View, seat: Seat) -> Option<u8> {
        family(seat).find(|&v| {
            view.villager(v)
                .and_then(|x| x.body)
                .is_some_and(Body::is_killer)
        })
    }

    fn vote(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        if legal.contains(&Action::Confirm) {
            // A placed card stands: moving it after others would be following them.
            return Action::Confirm;
        }
        let me = Self::my_killer(view, seat);
        // The same reasoning whether or not the seat holds the killer card.
        let w = self.notes.suspicion(view, Some(seat), &self.model());
        let targets: Vec<u8> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Vote { v } => Some(v),
                _ => None,
            })
            .collect();
        let honest = self.villager_vote(seat, view, &targets, &w, me);
        let choice = if Side::of(view, seat) == Side::Clan {
            roles::clan_vote(
                seat,
                &w,
                &targets,
                honest,
                rng::mix(public_seed(view) ^ 0xc1a2),
            )
        } else {
            honest
        };
        match choice {
            Some(v) => Action::Vote { v },
            None => legal[0],
        }
    }

    /// The villager a villager of `seat` votes for among `targets`, with suspicion `w`; `me`
    /// is the seat's killer card, if it holds it (never voted for).
    fn villager_vote(
        &mut self,
        seat: Seat,
        view: &View,
        targets: &[u8],
        w: &[f64],
        me: Option<u8>,
    ) -> Option<u8> {
        // With nobody suspect among the candidates (a re-vote among one's own family), any
        // other family first; the killer's player never votes for its own card.
        let fallback = |v: u8| {
            if Some(v) == me {
                0.0
            } else if owner(v) == seat {
                0.5
            } else {
                1.0
            }
        };
        let at = |v: u8| w.get(usize::from(v)).copied().unwrap_or(0.0);
        if self.level == Level::Hard {
            // The whole table draws with the same public die: today's events. Every detective
            // reaches the same choice (a majority, not a scatter), and the killer could not
            // know it when it attacked, the roll coming after.
            if let Some(v) = race(w, targets, public_seed(view)) {
                return Some(v);
            }
        }
        Self::pick(&mut self.ties, targets, |v| (at(v), fallback(v)))
    }

    /// The Mayor's choice: a villager moves the die onto its chief suspect.
    fn mayor(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let targets: Vec<u8> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Redirect { v } => Some(v),
                _ => None,
            })
            .collect();
        if let Some(me) = Self::my_killer(view, seat) {
            // The die is the killer's own once more: it goes where an attack would, the table
            // having seen it found on the killer's family.
            let choice = match self.level {
                Level::Hard => {
                    let scores: Vec<(f64, f64)> = targets
                        .iter()
                        .map(|&v| self.forecast(me, view, &self.notes, v))
                        .collect();
                    Self::pick(&mut self.rng, &targets, |v| score_of(&targets, &scores, v))
                }
                _ => self.attack_target(me, view, &targets),
            };
            return match choice {
                Some(v) => Action::Redirect { v },
                None => Action::Keep,
            };
        }
        let w = self.notes.suspicion(view, Some(seat), &self.model());
        let at = |v: u8| w.get(usize::from(v)).copied().unwrap_or(0.0);
        match Self::pick(&mut self.ties, &targets, |v| (at(v), 0.0)) {
            Some(v) if at(v) > 0.0 => Action::Redirect { v },
            _ => Action::Keep,
        }
    }

    fn attack(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let Some(me) = Self::my_killer(view, seat) else {
            return legal[0];
        };
        let targets: Vec<u8> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Attack { v } if v != me => Some(v),
                _ => None,
            })
            .collect();
        match self.attack_target(me, view, &targets) {
            Some(v) => Action::Attack { v },
            None => legal[0],
        }
    }

    /// Where the killer at `me` puts the die among `targets`.
    fn attack_target(&mut self, me: u8, view: &View, targets: &[u8]) -> Option<u8> {
        match self.level {
            Level::Hard => {
                let scores: Vec<(f64, f64)> = targets
                    .iter()
                    .map(|&v| self.attack_value(me, view, v))
                    .collect();
                Self::pick(&mut self.rng, targets, |v| score_of(targets, &scores, v))
            }
            _ => {
                // A plain killer: likelier victims are easy kills outside its family and away
                // from an unused Mayor.
                let weights: Vec<u32> = targets
                    .iter()
                    .map(|&v| {
                        let mut w = death_chance(view, v);
                        if owner(v) == owner(me) {
                            w *= 0.5;
                        }
                        if mayor_family(view) == Some(owner(v)) && owner(v) != owner(me) {
                            w *= 0.2;
                        }
                        (w * 1000.0).round().max(1.0) as u32
                    })
                    .collect();
                let i = rng::weighted(&mut self.rng, &weights)?;
                targets.get(i).copied()
            }
        }
    }

    /// The hard killer's value of putting the die on `v`. (Striking its own family while it
    /// holds the unused Mayor, to move the die afterwards, gains nothing by its model: the
    /// table clears the villager found and loses the one hit.)
    fn attack_value(&self, me: u8, view: &View, v: u8) -> (f64, f64) {
        let living: Vec<u8> = (0..view.villagers.len() as u8)
            .filter(|&u| view.villager(u).is_some_and(|x| x.alive))
            .collect();
        let notes = self.notes.with_attack(view.day, v, living);
        self.forecast(me, view, &notes, v)
    }

    /// The hard killer's value of the die landing on `hit` once the table has read `notes`
    /// (this dawn's attack among them): the chance of a death (for the Vampire, of a survivor
    /// whose family it may bite), less the chance of being the one the table hangs tomorrow
    /// (and, on another player's Mayor's family, of the Mayor moving the die onto the killer).
    /// Second, to break ties, the same risk were the table to follow its first voter: before
    /// the ballots tell how the table votes, the victims it cannot tell apart are taken where
    /// a following table would spare the killer more (the first voter's own family, which it
    /// never votes for), which costs nothing if the table does not follow.
    fn forecast(&self, me: u8, view: &View, notes: &Notes, hit: u8) -> (f64, f64) {
        let model = NORMAL;
        let survived = notes.suspicion(view, None, &model);
        let mut died = survived.clone();
        if let Some(x) = died.get_mut(usize::from(hit)) {
            *x = 0.0;
        }
        normalise(&mut died);
        let d = death_chance(view, hit);
        // The table either follows its first voter or votes each its own mind; how much it
        // follows, the ballots so far tell.
        let herd = ((notes.herding() - HERDING_PRIOR) / (1.0 - HERDING_PRIOR)).clamp(0.0, 1.0);
        // The first voter after the attack: a family whose last villager dies votes no more.
        let first = |dead: Option<u8>| {
            (0..view.players).find(|&s| {
                s != owner(me)
                    && family(s)
                        .any(|u| Some(u) != dead && view.villager(u).is_some_and(|x| x.alive))
            })
        };
        // The chance the table's first voter picks the killer, the others following it.
        let led = |w: &[f64], dead: Option<u8>| match first(dead) {
            // The killer votes first: the table follows it.
            Some(f) if f > owner(me) => 0.0,
            Some(f) => {
                let mut eyes: Vec<f64> = w.to_vec();
                family(f).for_each(|u| {
                    if let Some(x) = eyes.get_mut(usize::from(u)) {
                        *x = 0.0;
                    }
                });
                hanged(&eyes, me, 1.0)
            }
            None => 0.0,
        };
        let hazard = |w: &[f64], dead: Option<u8>| {
            herd * led(w, dead) + (1.0 - herd) * hanged(w, me, VOTE_POWER)
        };
        let mut loss = d * hazard(&died, Some(hit)) + (1.0 - d) * hazard(&survived, None);
        // Only while no ballot has shown the table voting its own mind.
        let led_loss = if notes.herding() >= HERDING_PRIOR {
            d * led(&died, Some(hit)) + (1.0 - d) * led(&survived, None)
        } else {
            0.0
        };
        if let Some(f) = mayor_family(view)
            && f == owner(hit)
            && f != owner(me)
        {
            let eyes = notes.suspicion(view, Some(f), &model);
            loss += death_chance(view, me) * hanged(&eyes, me, VOTE_POWER);
        }
        let vampire = view.villager(me).and_then(|x| x.body) == Some(Body::Vampire);
        let bite = if vampire && owner(hit) != owner(me) && !view.clan.contains(&owner(hit)) {
            BITE_VALUE * (1.0 - d)
        } else {
            0.0
        };
        (KILL_VALUE * d + bite - loss, -led_loss)
    }
}

/// The score `scores` holds for `v`, index-aligned with `targets` (the lowest if none).
fn score_of(targets: &[u8], scores: &[(f64, f64)], v: u8) -> (f64, f64) {
    targets
        .iter()
        .position(|&t| t == v)
        .and_then(|i| scores.get(i).copied())
        .unwrap_or((f64::MIN, f64::MIN))
}

/// The chance the table executes `me` when its suspicion is `w`.
fn hanged(w: &[f64], me: u8, sharpness: f64) -> f64 {
    let total: f64 = w.iter().map(|x| x.powf(sharpness)).sum();
    if total <= 0.0 {
        return 0.0;
    }
    w.get(usize::from(me)).map_or(0.0, |x| x.powf(sharpness)) / total
}

/// The chance an attack on `v` kills it, from the public faces.
fn death_chance(view: &View, v: u8) -> f64 {
    let police = (0..view.villagers.len() as u8).find(|&u| {
        view.villager(u)
            .is_some_and(|x| x.face == Face::Police && x.alive && !x.once_dead)
    });
    let need = match police {
        Some(p) if p == v => crate::games::rocca::cards::SURVIVE_POLICE,
        Some(p) if owner(p) == owner(v) => crate::games::rocca::cards::SURVIVE_POLICE_FAMILY,
        _ => crate::games::rocca::cards::SURVIVE_PLAIN,
    };
    f64::from(need.saturating_sub(1)) / f64::from(crate::games::rocca::cards::DIE_FACES)
}

/// The family whose Mayor may still move the die.
fn mayor_family(view: &View) -> Option<Seat> {
    if view.mayor_used {
        return None;
    }
    (0..view.villagers.len() as u8)
        .find(|&u| {
            view.villager(u)
                .is_some_and(|x| x.face == Face::Mayor && x.alive && !x.once_dead)
        })
        .map(owner)
}

impl Bot<Rocca> for DetectiveBot {
    fn observe(&mut self, view: &View) {
        self.notes.read(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.notes.read(view);
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        if has(|a| matches!(a, Action::Attack { .. })) {
            self.attack(seat, view, legal)
        } else if has(|a| matches!(a, Action::Redirect { .. } | Action::Keep)) {
            self.mayor(seat, view, legal)
        } else if has(|a| matches!(a, Action::Vote { .. } | Action::Confirm)) {
            self.vote(seat, view, legal)
        } else if has(|a| matches!(a, Action::Bite { .. })) {
            roles::bite(seat, view, legal)
        } else if has(|a| matches!(a, Action::Revive { .. })) {
            let die = rng::mix(public_seed(view) ^ seat as u64);
            roles::prayer(Side::of(view, seat), seat, view, legal, die)
        } else {
            legal[0]
        }
    }
}

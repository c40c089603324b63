//! What the table has seen, and who it makes suspect: the detective's reasoning.
//!
//! Only public facts enter [`Notes`]: where the die was found each dawn and who was alive
//! then, and the final vote cards of every ballot. [`Notes::suspicion`] turns them into a
//! weight per villager (proportional to the chance it hides the killer card) by Bayes' rule:
//! a prior over the villagers the viewer cannot rule out, times, for each attack, how likely
//! a killer sitting there was to choose that victim, times, for each ballot, how likely its
//! votes were. Every villager running it on the same facts reaches the same weights, so no
//! one follows whoever happened to vote first.

use crate::engine::{Seat, rng};
use crate::games::rocca::{FAMILY, Report, Stage, View, owner};

/// How the detective believes a killer behaves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Kinds of killer and how likely each is: how much likelier the kind is to attack a
    /// villager of its own family than anyone else's (below 1: it spares its family; above 1:
    /// it hides behind attacks on its own). The detective weighs them all at once, so a killer
    /// gains nothing sure by sparing or by striking its own family.
    pub kinds: [(f64, f64); 3],
    /// How likely a killer is to attack its own villager (a death there ends the game).
    pub itself: f64,
    /// How much likelier a vote on one's own family is from the killer's seat than from a
    /// villager's (1: votes say nothing). A villager knows its own family is innocent.
    pub own_vote: f64,
}

/// What the hard detective believes: most killers spare their own family, some strike it to
/// look innocent, some do not care; a vote on one's own family comes from the killer's seat.
pub const HARD: Model = Model {
    kinds: [(0.35, 0.5), (1.0, 0.3), (2.5, 0.2)],
    itself: 0.02,
    own_vote: 6.0,
};

/// How a hard villager votes: for a villager drawn with chance suspicion to this power, so
/// that a killer cannot count on staying just out of the lead. The hard killer's forecast
/// takes the table to vote so.
pub const VOTE_POWER: f64 = 4.0;

/// [`Notes::herding`] before any ballot: no sign yet of a table that follows.
pub const HERDING_PRIOR: f64 = 0.3;

/// One dawn: the die was found on `v` while `living` were alive.
#[derive(Clone, Debug, PartialEq)]
struct Attack {
    day: u32,
    v: u8,
    living: Vec<u8>,
}

/// One counted ballot: each seat's vote card, and the villager hard detectives drew for it
/// (as the whole table reckons it).
#[derive(Clone, Debug, PartialEq)]
struct Ballot {
    day: u32,
    ballot: u8,
    votes: Vec<Option<u8>>,
    drawn: Option<u8>,
}

/// The public story so far, gathered from one seat's views.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notes {
    attacks: Vec<Attack>,
    ballots: Vec<Ballot>,
}

impl Notes {
    /// Reads one view (views may repeat; each fact is kept once).
    pub fn read(&mut self, view: &View) {
        // From midnight to the next dawn the reports are still yesterday's while the day
        // count has moved on; at the end there is nothing left to decide.
        let fresh = !matches!(
            view.stage,
            Stage::Setup | Stage::Midnight | Stage::Dawn | Stage::Over
        );
        for r in view.today.iter().filter(|_| fresh) {
            if let Report::Found { v } = *r
                && !self.attacks.iter().any(|a| a.day == view.day)
            {
                let mut living: Vec<u8> = (0..view.villagers.len() as u8)
                    .filter(|&u| view.villager(u).is_some_and(|x| x.alive))
                    .collect();
                // Seen only after the roll killed it: it was alive at dawn.
                if !living.contains(&v) {
                    living.push(v);
                }
                self.attacks.push(Attack {
                    day: view.day,
                    v,
                    living,
                });
            }
        }
        if view.stage == Stage::Tally
            && !self
                .ballots
                .iter()
                .any(|b| b.day == view.day && b.ballot == view.ballot)
        {
            let w = self.suspicion(view, None, &HARD);
            let targets: Vec<u8> = (0..view.villagers.len() as u8)
                .filter(|&v| view.votable(v))
                .collect();
            self.ballots.push(Ballot {
                day: view.day,
                ballot: view.ballot,
                votes: view.votes.clone(),
                drawn: race(&w, &targets, public_seed(view)),
            });
        }
    }

    /// The weight of each villager hiding the killer card as `seat` sees it (0 where it cannot
    /// be), or as the whole table sees it with `seat` `None`: then only graves rule anyone
    /// out. A seat never suspects its own family: it knows those bodies, and the killer's
    /// player reasons as if it knew the same (so that it votes as a villager would).
    pub fn suspicion(&self, view: &View, seat: Option<Seat>, model: &Model) -> Vec<f64> {
        let n = view.villagers.len();
        let mut w: Vec<f64> = (0..n as u8)
            .map(|m| {
                let possible = view
                    .villager(m)
                    .is_some_and(|x| x.alive && !x.once_dead && Some(owner(m)) != seat);
                if possible { 1.0 } else { 0.0 }
            })
            .collect();
        let prior = w.clone();
        w.iter_mut().for_each(|x| *x = 0.0);
        for &(own_family, chance) in &model.kinds {
            if chance <= 0.0 {
                continue;
            }
            for (m, wm) in w.iter_mut().enumerate() {
                let mut x = chance * prior[m];
                for a in &self.attacks {
                    if x <= 0.0 {
                        break;
                    }
                    x *= attack_likelihood(a, m as u8, own_family, model.itself);
                }
                *wm += x;
            }
        }
        if model.own_vote != 1.0 {
            for b in &self.ballots {
                for (s, vote) in b.votes.iter().enumerate() {
                    if vote.is_some_and(|x| owner(x) == s) {
                        for (m, wm) in w.iter_mut().enumerate() {
                            if owner(m as u8) == s {
                                *wm *= model.own_vote;
                            }
                        }
                    }
                }
            }
        }
        normalise(&mut w);
        w
    }

    /// These notes with one more attack, as the table would read it tomorrow.
    pub fn with_attack(&self, day: u32, v: u8, living: Vec<u8>) -> Notes {
        let mut n = self.clone();
        n.attacks.push(Attack { day, v, living });
        n
    }

    /// How much the table follows earlier votes, 0 (each votes its own mind) to 1 (everyone
    /// joins a villager someone already voted for), from the counted ballots. A vote follows
    /// when it joins an earlier card other than the villager hard detectives drew for that
    /// ballot. A vote for the drawn one tells nothing either way (agreeing on the public die
    /// looks the same as following a first voter who happened to pick it), so it is not
    /// counted. [`HERDING_PRIOR`] before any evidence.
    pub fn herding(&self) -> f64 {
        // As if part of one vote had joined: a start that evidence soon outweighs.
        let (mut joined, mut chances) = (HERDING_PRIOR, 1.0);
        for b in &self.ballots {
            let mut earlier: Vec<u8> = Vec::new();
            for &v in b.votes.iter().flatten() {
                if !earlier.is_empty() && Some(v) != b.drawn {
                    chances += 1.0;
                    if earlier.contains(&v) {
                        joined += 1.0;
                    }
                }
                earlier.push(v);
            }
        }
        joined / chances
    }
}

/// How likely a killer hiding at `m` was to put the die on `a.v`.
fn attack_likelihood(a: &Attack, m: u8, own_family: f64, itself: f64) -> f64 {
    let weight = |u: u8| {
        if u == m {
            itself
        } else if owner(u) == owner(m) {
            own_family
        } else {
            1.0
        }
    };
    let total: f64 = a.living.iter().map(|&u| weight(u)).sum();
    if total <= 0.0 {
        return 1.0;
    }
    weight(a.v) / total
}

/// The hard detectives' vote among `targets` with suspicion `w`: an exponential race, each
/// villager's time its own draw from the public `seed` divided by its weight to the power
/// [`VOTE_POWER`]. Every seat draws alike, so the detectives agree on one villager, and one
/// that rules out its own family still agrees with the others on everyone else. `None` when
/// nobody among `targets` is suspect.
pub fn race(w: &[f64], targets: &[u8], seed: u64) -> Option<u8> {
    let at = |v: u8| w.get(usize::from(v)).copied().unwrap_or(0.0);
    let time = |v: u8| {
        let w = at(v).powf(VOTE_POWER);
        let u = (rng::mix(seed ^ u64::from(v) << 32) >> 11) as f64 / (1u64 << 53) as f64;
        if w > 0.0 {
            -(1.0 - u).ln() / w
        } else {
            f64::MAX
        }
    };
    targets
        .iter()
        .copied()
        .filter(|&v| at(v) > 0.0)
        .min_by(|&a, &b| time(a).total_cmp(&time(b)))
}

/// A seed every seat computes alike from what the whole table saw since dawn (the die's
/// rolls among it), the day and the ballot.
pub fn public_seed(view: &View) -> u64 {
    let mut h = rng::mix(u64::from(view.day) << 8 | u64::from(view.ballot));
    for r in &view.today {
        for b in format!("{r:?}").bytes() {
            h = rng::mix(h ^ u64::from(b));
        }
    }
    h
}

/// Scales the weights to sum to 1 (all zero stays all zero).
pub fn normalise(w: &mut [f64]) {
    let total: f64 = w.iter().sum();
    if total > 0.0 {
        w.iter_mut().for_each(|x| *x /= total);
    }
}

/// Villagers of `seat`'s family.
pub fn family(seat: Seat) -> impl Iterator<Item = u8> {
    (0..FAMILY as u8).map(move |i| seat as u8 * FAMILY as u8 + i)
}

//! Computer players. Each sees only its own seat's views (see [`crate::engine::Bot`]).
//!
//! A bot kind is a string in logs and on the command line: `"<kind>"` or `"<kind>:<level>"`,
//! the level being easy, normal or hard; a plain kind is that kind's normal level, so logs
//! written before levels existed still load.

pub mod cocoon;
pub mod couperation;
pub mod hint;
pub mod kinds;
pub mod kokoro;
pub mod pocket;
pub mod random;
pub mod review;
pub mod rocca;
pub mod search;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Bot, Game, Seat, rng};

/// How hard a computer player tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Fun for a beginner: plays sensibly but makes the mistakes a learner makes.
    Easy,
    Normal,
    /// The strongest this program has within its time budget.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// A kind string's kind and level: `"wheel:hard"` is `("wheel", Hard)`, a plain `"wheel"` is
/// `("wheel", Normal)`. A suffix that names no level stays part of the kind (so `make_bot`
/// refuses it as an unknown kind rather than guessing).
pub fn split_level(kind: &str) -> (&str, Level) {
    match kind.rsplit_once(':') {
        Some((k, l)) => match Level::parse(l) {
            Some(level) => (k, level),
            None => (kind, Level::Normal),
        },
        None => (kind, Level::Normal),
    }
}

/// The kind string for `kind` at `level`, the way logs write it: normal stays a plain kind.
pub fn with_level(kind: &str, level: Level) -> String {
    match level {
        Level::Normal => kind.to_string(),
        l => format!("{kind}:{}", l.name()),
    }
}

/// Whether a kind has levels at all: the random player and Pocket's perfect memory (a yardstick,
/// not an opponent to tune) play the same at every level.
pub fn has_levels(kind: &str) -> bool {
    !matches!(kind, "random" | "perfect")
}

/// A beginner's mistake that suits every game: now and then the player overlooks some of the
/// moves open to it and plays the best of the rest. What it plays is still a move its inner
/// player would consider sensible among what it noticed, never a random one.
pub struct Overlook<G: Game> {
    inner: Box<dyn Bot<G>>,
    rng: ChaCha8Rng,
    /// Chance in percent that a decision overlooks moves.
    percent: u64,
}

impl<G: Game> Overlook<G> {
    pub fn new(inner: Box<dyn Bot<G>>, seed: u64, percent: u64) -> Self {
        Overlook {
            inner,
            rng: ChaCha8Rng::seed_from_u64(rng::mix(seed ^ 0x0be7_100c)),
            percent,
        }
    }
}

impl<G: Game> Bot<G> for Overlook<G> {
    fn observe(&mut self, view: &G::View) {
        self.inner.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        if legal.len() < 3 || rng::below(&mut self.rng, 100) >= self.percent {
            return self.inner.choose(seat, view, legal);
        }
        // Each move is noticed with even odds; at least one always is.
        let mut noticed: Vec<G::Action> = legal
            .iter()
            .filter(|_| rng::below(&mut self.rng, 2) == 0)
            .cloned()
            .collect();
        if noticed.is_empty() {
            let i = rng::below(&mut self.rng, legal.len() as u64) as usize;
            noticed.push(legal[i.min(legal.len() - 1)].clone());
        }
        self.inner.choose(seat, view, &noticed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_kind_is_normal_and_a_suffix_names_the_level() {
        assert_eq!(split_level("wheel"), ("wheel", Level::Normal));
        assert_eq!(split_level("wheel:easy"), ("wheel", Level::Easy));
        assert_eq!(split_level("wheel:normal"), ("wheel", Level::Normal));
        assert_eq!(split_level("wheel:hard"), ("wheel", Level::Hard));
        // An unknown level is not a level: the whole string stays the kind, so it is refused.
        assert_eq!(
            split_level("wheel:extreme"),
            ("wheel:extreme", Level::Normal)
        );
        assert_eq!(split_level(""), ("", Level::Normal));
        assert_eq!(split_level(":hard"), ("", Level::Hard));
    }

    #[test]
    fn with_level_writes_normal_as_the_plain_kind() {
        for l in Level::ALL {
            assert_eq!(split_level(&with_level("memory", l)), ("memory", l));
        }
        assert_eq!(with_level("memory", Level::Normal), "memory");
        assert_eq!(with_level("memory", Level::Hard), "memory:hard");
    }
}

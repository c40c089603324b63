//! What a computer player's kind string means, one function per game: the only place where
//! `"<kind>[:<level>]"` (see [`super::split_level`]) becomes a player. Each game's `make_bot`
//! (its `Registered` impl) is its function here, and the tests and measurements that want a
//! level by name call the same function.
//!
//! It sits above both kinds of player: the hand-written ones (`bots::<game>`) and the search
//! players (`bots::search::<game>`), which play out with the hand-written ones. So a level
//! built of a search over a hand-written player imports in one direction only.

use super::cocoon::WheelBot;
use super::couperation::Builder;
use super::kokoro::PlannerBot;
use super::pocket::MemoryBot;
use super::random::RandomBot;
use super::rocca::{DetectiveBot, Sides, SleuthBot};
use super::{Level, Overlook, has_levels, search, split_level};
use crate::engine::{Bot, rng};
use crate::games::{
    cocoon::Cocoon, couperation::Couperation, kokoro::Kokoro, pocket::Pocket, rocca::Rocca,
};

/// Pocket: `memory` at a level remembers like a person ([`MemoryBot::easy`],
/// [`MemoryBot::normal`], [`MemoryBot::hard`]); `forgetful` forgets faster the easier it is
/// ([`MemoryBot::fading`]); `perfect` and `random` play the same at every level.
pub fn pocket(kind: &str, seed: u64) -> Option<Box<dyn Bot<Pocket>>> {
    match split_level(kind) {
        ("memory", Level::Easy) => Some(Box::new(MemoryBot::easy(seed))),
        ("memory", Level::Normal) => Some(Box::new(MemoryBot::normal(seed))),
        ("memory", Level::Hard) => Some(Box::new(MemoryBot::hard(seed))),
        ("forgetful", level) => Some(Box::new(MemoryBot::fading(seed, level))),
        ("perfect", _) => Some(Box::new(MemoryBot::new(seed, 0))),
        ("random", _) => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

/// Kokoro: the planner's easy and normal levels are its own ([`PlannerBot::easy`],
/// [`PlannerBot::normal`]); hard is the guarded search player (the planner while the round's
/// box is open, then search over planner playouts, [`search::kokoro::player`]), measured
/// stronger than the planner's own hard level with fewer zero boxes (see the rules page's
/// "Computer players"). The random player plays the same at every level.
pub fn kokoro(kind: &str, seed: u64) -> Option<Box<dyn Bot<Kokoro>>> {
    match split_level(kind) {
        ("planner", Level::Easy) => Some(Box::new(PlannerBot::easy(seed))),
        ("planner", Level::Normal) => Some(Box::new(PlannerBot::normal(seed))),
        ("planner", Level::Hard) => Some(Box::new(search::kokoro::player(seed))),
        ("random", _) => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

/// Couperation: the builder at easy also overlooks moves; hard is the builder weighing every
/// move exactly, then the search over builder playouts once few slots are open
/// ([`search::couperation::Hard`]). `seer` is that hard level shown every card, at any level
/// ([`search::couperation::Seer`]): a yardstick for `hotseat sim`, not in the launcher.
pub fn couperation(kind: &str, seed: u64) -> Option<Box<dyn Bot<Couperation>>> {
    match split_level(kind) {
        ("builder", Level::Easy) => Some(Box::new(Overlook::new(
            Box::new(Builder::new(seed, Level::Easy)),
            seed,
            25,
        ))),
        ("builder", Level::Hard) => Some(Box::new(search::couperation::Hard::new(seed))),
        ("builder", level) => Some(Box::new(Builder::new(seed, level))),
        ("seer", _) => Some(Box::new(search::couperation::Seer::new(seed))),
        ("random", _) => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

/// Rocca: `"<kind>[:<level>]"`, or `"<village>/<killer>"`, a seat that plays one kind as a
/// villager and the other while it holds the killer card ([`Sides`]). Easy overlooks moves.
pub fn rocca(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rocca>>> {
    if let Some((village, killer)) = kind.split_once('/') {
        return Some(Box::new(Sides::new(
            rocca_one(village, seed)?,
            rocca_one(killer, rng::mix(seed))?,
        )));
    }
    rocca_one(kind, seed)
}

fn rocca_one(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rocca>>> {
    let (kind, level) = split_level(kind);
    if level == Level::Easy && has_levels(kind) {
        let normal = rocca_one(kind, seed)?;
        return Some(Box::new(Overlook::new(normal, seed, 35)));
    }
    match kind {
        "detective" => Some(Box::new(DetectiveBot::new(seed, level))),
        "sleuth" => Some(Box::new(SleuthBot::new(seed))),
        "random" => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

/// Cocoon: the wheel's easy and normal levels are its own ([`WheelBot::easy`],
/// [`WheelBot::normal`]); hard is the search over wheel playouts ([`search::cocoon::hard`]),
/// measured stronger than the wheel's own hard level (see the rules page's "Computer
/// players"). The random player plays the same at every level.
pub fn cocoon(kind: &str, seed: u64) -> Option<Box<dyn Bot<Cocoon>>> {
    match split_level(kind) {
        ("wheel", Level::Easy) => Some(Box::new(WheelBot::easy(seed))),
        ("wheel", Level::Normal) => Some(Box::new(WheelBot::normal(seed))),
        ("wheel", Level::Hard) => Some(Box::new(search::cocoon::hard(seed))),
        ("random", _) => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

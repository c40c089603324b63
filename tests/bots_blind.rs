//! Computer players see only their own seat's view: every bot of every game, and the search
//! player of every game, chooses the same when another seat's secret is varied with everything
//! it observed unchanged (`hotseat::conformance::check_bot_blind`).

use hotseat::bots::search::{self, Budget};
use hotseat::conformance::{check_bot_blind, check_bots_blind};
use hotseat::games::{
    cocoon::Cocoon, couperation::Couperation, kokoro::Kokoro, pocket::Pocket, rocca::Rocca,
};

/// Search decisions by playout count, so that the two copies compare like for like.
const PLAYOUTS: Budget = Budget::exact(24);
const GAMES: u64 = 3;

#[test]
fn pocket_bots_are_blind() {
    check_bots_blind::<Pocket>(GAMES);
    check_bot_blind::<Pocket>(
        "search",
        &|s| Box::new(search::pocket::hard(s).with_budget(PLAYOUTS)),
        GAMES,
    );
}

#[test]
fn kokoro_bots_are_blind() {
    check_bots_blind::<Kokoro>(GAMES);
    check_bot_blind::<Kokoro>(
        "search",
        &|s| Box::new(search::kokoro::hard(s).with_budget(PLAYOUTS)),
        GAMES,
    );
    // The hard level: the planner while its box is open, then the search.
    check_bot_blind::<Kokoro>(
        "planner:hard",
        &|s| Box::new(search::kokoro::player(s).with_budget(PLAYOUTS)),
        GAMES,
    );
}

#[test]
fn couperation_bots_are_blind() {
    check_bots_blind::<Couperation>(GAMES);
    check_bot_blind::<Couperation>(
        "search",
        &|s| Box::new(search::couperation::hard(s).with_budget(PLAYOUTS)),
        GAMES,
    );
    // The hard level: the builder, then the search once few slots are open.
    check_bot_blind::<Couperation>(
        "builder:hard",
        &|s| Box::new(search::couperation::Hard::with(s, PLAYOUTS, 10)),
        GAMES,
    );
}

#[test]
fn rocca_bots_are_blind() {
    check_bots_blind::<Rocca>(GAMES);
    check_bot_blind::<Rocca>(
        "detective:hard",
        &|s| {
            Box::new(hotseat::bots::rocca::DetectiveBot::new(
                s,
                hotseat::bots::Level::Hard,
            ))
        },
        GAMES,
    );
    check_bot_blind::<Rocca>(
        "search",
        &|s| Box::new(search::rocca::hard(s).with_budget(PLAYOUTS)),
        GAMES,
    );
}

#[test]
fn cocoon_bots_are_blind() {
    check_bots_blind::<Cocoon>(GAMES);
    check_bot_blind::<Cocoon>(
        "search",
        &|s| Box::new(search::cocoon::hard(s).with_budget(PLAYOUTS)),
        GAMES,
    );
}

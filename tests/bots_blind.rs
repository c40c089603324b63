//! Computer players see only their own seat's view: every bot of every game, and the search
//! player of every game, chooses the same when another seat's secret is varied with everything
//! it observed unchanged (`common::conformance::check_bot_blind`).

use crate::common::conformance::{check_bot_blind, check_bots_blind};
use hotseat::bots::search::{self, Budget, Determinize};
use hotseat::games::{couperation::Couperation, kokoro::Kokoro, rocca::Rocca};

/// Search decisions by playout count, so that the two copies compare like for like.
const PLAYOUTS: Budget = Budget::exact(24);
const GAMES: u64 = 3;

/// Every listed bot of every game of the registry, and its search player.
macro_rules! every_bot_is_blind {
    ($($id:ident => $game:ty,)*) => {
        $(
            #[test]
            fn $id() {
                check_bots_blind::<$game>(GAMES);
                check_bot_blind::<$game>(
                    "search",
                    &|s| <$game as Determinize>::search_player(s, PLAYOUTS),
                    GAMES,
                );
            }
        )*
    };
}

hotseat::for_each_game!(every_bot_is_blind);

// The levels built of more than one player, beyond the listed kinds.

#[test]
fn kokoro_hard_is_blind() {
    // The hard level: the planner while its box is open, then the search.
    check_bot_blind::<Kokoro>(
        "planner:hard",
        &|s| Box::new(search::kokoro::player(s).with_budget(PLAYOUTS)),
        GAMES,
    );
}

#[test]
fn couperation_hard_is_blind() {
    // The hard level: the builder, then the search once few slots are open.
    check_bot_blind::<Couperation>(
        "builder:hard",
        &|s| Box::new(search::couperation::Hard::with(s, PLAYOUTS, 10)),
        GAMES,
    );
}

#[test]
fn rocca_detective_hard_is_blind() {
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
}

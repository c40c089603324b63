//! The hint key, in every game of the registry: at decisions along seeded random games it
//! names a legal action with a one-line reason, and it is the same when the other seats'
//! secrets vary (`common::conformance::check_hint_blind`).

use crate::common::conformance::check_hint_blind;

/// Searches by playout count, so that the two hints compare like for like.
const PLAYOUTS: u32 = 24;
const GAMES: u64 = 3;

macro_rules! every_hint_is_blind {
    ($($id:ident => $game:ty,)*) => {
        $(
            #[test]
            fn $id() {
                check_hint_blind::<$game>(GAMES, PLAYOUTS);
            }
        )*
    };
}

hotseat::for_each_game!(every_hint_is_blind);

//! The conformance battery (`common::conformance::check_game`: rules, views, log round trip,
//! driver, undo, log writes, event lines, the search player's drawn states), one test per game
//! of the registry's list, so a game added there is checked without another line here.

macro_rules! conformance {
    ($($id:ident => $game:ty,)*) => {
        $(
            #[test]
            fn $id() {
                crate::common::conformance::check_game::<$game>();
            }
        )*
    };
}

hotseat::for_each_game!(conformance);

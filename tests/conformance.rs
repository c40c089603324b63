//! The conformance battery (`common::conformance`: rules, views, log round trip, driver, undo,
//! log writes, event lines, the search player's drawn states), four tests per game of the
//! registry's list (`conformance::kokoro::rules` …), so a game added there is checked without
//! another line here, and the parts of one game run side by side.

macro_rules! conformance {
    ($($id:ident => $game:ty,)*) => {
        $(
            mod $id {
                use crate::common::conformance as check;

                #[test]
                fn rules() {
                    check::check_rules::<$game>();
                }

                #[test]
                fn driver() {
                    check::check_driver::<$game>();
                }

                #[test]
                fn event_lines() {
                    check::check_event_lines::<$game>();
                }

                #[test]
                fn drawn_states() {
                    check::check_drawn_states::<$game>();
                }
            }
        )*
    };
}

hotseat::for_each_game!(conformance);

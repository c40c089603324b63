//! The list of games. Adding a game: its rules module (`src/games/<id>`), its bots, its UI
//! module with its `impl Registered` (bots, rules page, aliases), and one line in [`GAMES`].
//!
//! The list sits on top of the layers it ties together (each entry names a game's rules, bots
//! and screen): `main` and the command line read it and hand it down, to the launcher as its
//! catalogue and to the host as the games it runs ([`host_games`]). Nothing below imports it.

pub use crate::registered::{AnyTable, Entry, GameInfo, Registered, Scoring};
pub use crate::ui::registered::AnyGame;

/// The one list of games, in launcher order: each game's id and its rules type. [`GAMES`] and
/// every per-game list in the tests and benches are written from it, so a sixth game added here
/// gets every check at once (and one added anywhere else gets none).
///
/// - `for_each_game!(my_macro)` calls `my_macro! { pocket => hotseat::games::pocket::Pocket,
///   kokoro => ..., }`: for one test function per game, or an array.
/// - `for_each_game!(|G| check::<G>())` runs the expression once per game with `G` naming its
///   rules type (a type alias, so a generic function defined outside the block takes it).
#[macro_export]
macro_rules! for_each_game {
    // The list itself, handed to the arm named by `$how`.
    (@list $($how:tt)*) => {
        $crate::for_each_game! { $($how)* ;
            pocket => $crate::games::pocket::Pocket,
            kokoro => $crate::games::kokoro::Kokoro,
            couperation => $crate::games::couperation::Couperation,
            rocca => $crate::games::rocca::Rocca,
            cocoon => $crate::games::cocoon::Cocoon,
        }
    };
    (@call $callback:ident ; $($id:ident => $game:ty,)*) => {
        $callback! { $($id => $game,)* }
    };
    (@each [$t:ident $body:expr] ; $($id:ident => $game:ty,)*) => {
        $({
            #[allow(dead_code)]
            type $t = $game;
            $body;
        })*
    };
    (|$t:ident| $body:expr) => {
        $crate::for_each_game! { @list @each [$t $body] }
    };
    ($callback:ident) => {
        $crate::for_each_game! { @list @call $callback }
    };
}

/// The entries of [`GAMES`], written from [`for_each_game!`].
macro_rules! entries {
    ($($id:ident => $game:ty,)*) => {
        &[$(&Entry::<$game>::NEW),*]
    };
}

/// Every game, in launcher order.
pub static GAMES: &[&dyn AnyGame] = crate::for_each_game!(entries);

/// The games as the host runs them.
pub fn host_games() -> Vec<&'static dyn crate::host::game::HostGame> {
    crate::ui::registered::host_games(GAMES)
}

/// A game by id or alias.
pub fn find(id: &str) -> Option<&'static dyn AnyGame> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id() == id || g.aliases().contains(&id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_fits_the_launcher_at_80_columns() {
        for g in GAMES {
            // The launcher indents the pitch by four columns inside a bordered 80-column list.
            assert!(
                g.pitch().chars().count() <= 74,
                "{}: pitch too long",
                g.id()
            );
            assert!(find(g.id()).is_some());
            assert!(
                !g.bots().is_empty() && g.bots().iter().any(|(k, _)| *k == "random"),
                "{}",
                g.id()
            );
            assert!(
                g.rules().contains("## Keys"),
                "{}: rules page without keys",
                g.id()
            );
            assert!(
                g.rules().contains("## Choices this program makes"),
                "{}: rules page without choices",
                g.id()
            );
        }
        assert_eq!(GAMES.len(), 5);
        assert_eq!(find("coupe").map(|g| g.id()), Some("couperation"));
    }

    /// The names the list gives its games (test functions are named after them) are their ids,
    /// in the launcher's order.
    #[test]
    fn the_list_names_each_game_by_its_id() {
        macro_rules! ids {
            ($($id:ident => $game:ty,)*) => {
                vec![$((stringify!($id), <$game as crate::engine::Game>::ID)),*]
            };
        }
        let named: Vec<(&str, &str)> = crate::for_each_game!(ids);
        for (name, id) in &named {
            assert_eq!(name, id);
        }
        let ids: Vec<&str> = named.iter().map(|(_, id)| *id).collect();
        assert_eq!(ids, GAMES.iter().map(|g| g.id()).collect::<Vec<_>>());
        let mut seen = Vec::new();
        crate::for_each_game!(|G| {
            seen.push(<G as crate::engine::Game>::ID);
        });
        assert_eq!(seen, ids);
    }

    /// The README's table of games is this list: ids, names and player counts, in order.
    #[test]
    fn the_readme_lists_every_game() {
        let readme = include_str!("../README.md");
        let rows: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("| id | game |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        assert_eq!(rows.len(), GAMES.len(), "{rows:?}");
        for (row, g) in rows.iter().zip(GAMES) {
            let (min, max) = g.players();
            let players = if min == max {
                min.to_string()
            } else {
                format!("{min}–{max}")
            };
            let start = format!("| `{}` | {} | {players} |", g.id(), g.name());
            assert!(
                row.starts_with(&start),
                "README row {row:?}, expected {start:?}"
            );
        }
    }
}

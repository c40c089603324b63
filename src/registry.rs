//! The list of games. Adding a game: its rules module (`src/games/<id>`), its bots, its UI
//! module with its `impl Registered` (bots, rules page, aliases), and one line in [`GAMES`].
//!
//! The list sits on top of the layers it ties together (each entry names a game's rules, bots
//! and screen): `main` and the command line read it and hand it down, to the launcher as its
//! catalogue and to the host as the games it runs ([`host_games`]). Nothing below imports it.

pub use crate::registered::{AnyTable, Entry, GameInfo, Registered, Scoring};
pub use crate::ui::registered::AnyGame;

/// Every game, in launcher order.
pub static GAMES: &[&dyn AnyGame] = &[
    &Entry::<crate::games::pocket::Pocket>::NEW,
    &Entry::<crate::games::kokoro::Kokoro>::NEW,
    &Entry::<crate::games::couperation::Couperation>::NEW,
    &Entry::<crate::games::rocca::Rocca>::NEW,
    &Entry::<crate::games::cocoon::Cocoon>::NEW,
];

/// The games as the host runs them.
pub fn host_games() -> Vec<&'static dyn crate::host::game::HostGame> {
    GAMES
        .iter()
        .map(|&g| g as &'static dyn crate::host::game::HostGame)
        .collect()
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

    /// The UI and the engine do not import this list: it sits on top of them (no cycle).
    #[test]
    fn nothing_below_the_registry_imports_it() {
        fn scan(dir: &std::path::Path, found: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    scan(&p, found);
                } else if p.extension().is_some_and(|x| x == "rs")
                // Test modules may use the real list.
                && !p.file_name().is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
                    // Only the code before a file's test module counts.
                && std::fs::read_to_string(&p).is_ok_and(|t| {
                    t.split("#[cfg(test)]\nmod tests")
                        .next()
                        .is_some_and(|code| code.contains("crate::registry"))
                }) {
                    found.push(p.display().to_string());
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut found = Vec::new();
        for layer in ["ui", "host", "engine", "games", "bots"] {
            scan(&root.join(layer), &mut found);
        }
        assert!(found.is_empty(), "{found:?} import the registry");
    }
}

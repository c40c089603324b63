//! What the launcher's screens share: the games on offer and the folder their logs live in.

use std::path::PathBuf;

use super::AnyGame;
use super::theme::Theme;
use super::work::Local;
use crate::store::{self, Saved};

/// The games on offer, the folder their logs live in and how a game opened from them runs;
/// handed to every launcher screen so tests can use their own games and a temporary folder.
#[derive(Clone)]
pub struct Catalog {
    pub games: Vec<&'static dyn AnyGame>,
    pub dir: PathBuf,
    pub local: Local,
}

impl Catalog {
    /// `games` (the registry's list) and the user's data folder, for the program.
    pub fn standard(games: &[&'static dyn AnyGame]) -> Self {
        Catalog {
            games: games.to_vec(),
            dir: store::games_dir(),
            local: Local::app(),
        }
    }

    pub fn find(&self, id: &str) -> Option<&'static dyn AnyGame> {
        self.games.iter().copied().find(|g| g.id() == id)
    }

    /// The game's display name, or its id when it is not in the catalog.
    pub fn name_of(&self, id: &str) -> String {
        self.find(id)
            .map(|g| g.name().to_string())
            .unwrap_or_else(|| id.to_string())
    }

    pub fn saved(&self) -> Vec<Saved> {
        store::list_saved_in(&self.dir, &self.games)
    }

    pub fn new_log_path(&self, game: &str, started: &str) -> PathBuf {
        store::new_log_path_in(&self.dir, game, started)
    }
}

/// "2 players", "2-5 players".
pub fn player_range(theme: &Theme, (lo, hi): (usize, usize)) -> String {
    if lo == hi {
        format!("{lo} players")
    } else {
        format!("{lo}{}{hi} players", if theme.ascii { "-" } else { "–" })
    }
}

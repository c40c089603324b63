//! Where games are kept: `$HOTSEAT_HOME` if set, else the platform's data folder; logs live in
//! its `games/` folder.

use std::path::{Path, PathBuf};

use crate::engine::log::{self, LogFile};

pub fn data_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("HOTSEAT_HOME").filter(|h| !h.is_empty()) {
        return PathBuf::from(home);
    }
    directories::ProjectDirs::from("", "", "hotseat")
        .map(|d| d.data_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".hotseat"))
}

pub fn games_dir() -> PathBuf {
    data_dir().join("games")
}

/// The current time as RFC 3339 UTC, to the second.
pub fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// A fresh log path for a game started at `started` (RFC 3339): `<game>-<date>-<time>.json`,
/// with a counter if that name is taken.
pub fn new_log_path(game: &str, started: &str) -> PathBuf {
    new_log_path_in(&games_dir(), game, started)
}

/// [`new_log_path`] in a given folder (the launcher's, which tests point elsewhere).
pub fn new_log_path_in(dir: &Path, game: &str, started: &str) -> PathBuf {
    let stamp: String = started
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .collect::<String>()
        .replace('T', "-");
    let mut path = dir.join(format!("{game}-{stamp}.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{game}-{stamp}-{n}.json"));
        n += 1;
    }
    path
}

/// What the launcher lists of a saved game, read without re-simulating it.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub path: PathBuf,
    pub game: String,
    pub started: String,
    pub players: Vec<String>,
    /// Scores when finished; `None` for a game that can be continued.
    pub scores: Option<Vec<i32>>,
    /// The logged winners (seats) of a finished game: none in a cooperative loss.
    pub winners: Vec<usize>,
    pub actions: usize,
}

/// Every readable log in the games folder, newest first. Unreadable files are skipped here;
/// opening one shows why it was refused.
pub fn list_saved() -> Vec<Saved> {
    list_saved_in(&games_dir())
}

pub fn list_saved_in(dir: &Path) -> Vec<Saved> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Saved> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| log::read(&p).ok().map(|l| summarize(p, &l)))
        .collect();
    out.sort_by(|a, b| b.started.cmp(&a.started).then(b.path.cmp(&a.path)));
    out
}

fn summarize(path: PathBuf, l: &LogFile) -> Saved {
    Saved {
        path,
        game: l.game.clone(),
        started: l.started.clone(),
        players: l.players.iter().map(|p| p.name.clone()).collect(),
        scores: l.result.as_ref().map(|r| r.scores.clone()),
        winners: l
            .result
            .as_ref()
            .map(|r| r.winners.clone())
            .unwrap_or_default(),
        actions: l.actions.len(),
    }
}

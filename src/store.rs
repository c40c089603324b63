//! Where games are kept: `$HOTSEAT_HOME` if set, else the platform's data folder; logs live in
//! its `games/` folder.

use std::path::{Path, PathBuf};

use crate::engine::Outcome;
use crate::engine::log::{self, LogFile};
use crate::registered::GameInfo;

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
    // A name whose lock file is there is taken too: another process has just started a game
    // under it and not saved it yet.
    while path.exists() || crate::engine::lock::lock_path(&path).exists() {
        path = dir.join(format!("{game}-{stamp}-{n}.json"));
        n += 1;
    }
    path
}

/// What the launcher lists of a saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub path: PathBuf,
    pub game: String,
    pub started: String,
    pub players: Vec<String>,
    /// Per seat, the computer player's kind and level as the log names it ("memory:hard"),
    /// `None` for a person.
    pub bots: Vec<Option<String>>,
    /// Scores when finished; `None` for a game that can be continued.
    pub scores: Option<Vec<i32>>,
    /// The logged winners (seats) of a finished game: none in a cooperative loss.
    pub winners: Vec<usize>,
    pub actions: usize,
    /// Per seat, the decisions made after asking for a hint (the log's `"hint": true` marks).
    pub hints: Vec<usize>,
    /// Where an unfinished game stands ("turn 7", "round 2 of 5"); empty for a broken log.
    pub progress: String,
    /// Why the log cannot be opened, in one line; the fields above are empty then.
    pub broken: Option<String>,
}

impl Saved {
    /// Who played `seat`, as the history counts players: a person by name, a computer player
    /// by its kind and level as `--bot` spells them ("memory:hard (bot)", "memory (bot)" at
    /// normal), whatever name its seat had: two computer players named alike may play nothing
    /// alike.
    pub fn player(&self, seat: usize) -> String {
        match self.bots.get(seat).and_then(Option::as_deref) {
            Some(kind) => {
                let (k, level) = crate::bots::split_level(kind);
                format!("{} (bot)", crate::bots::with_level(k, level))
            }
            None => self.players.get(seat).cloned().unwrap_or_default(),
        }
    }

    /// The file's name, safe to show.
    pub fn file_name(&self) -> String {
        crate::text::clean(
            &self
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        )
        .into_owned()
    }
}

/// Every log in the folder `dir`, checked as opening it would check it for `games`: the sound
/// ones newest first, then the ones that cannot be opened with the reason, so none ever goes
/// missing.
pub fn list_saved_in<G: GameInfo + ?Sized>(dir: &Path, games: &[&'static G]) -> Vec<Saved> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let (mut good, mut broken): (Vec<Saved>, Vec<Saved>) = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| match check(&p, games) {
            Ok((l, outcome, progress)) => summarize(p, &l, outcome, progress),
            Err(reason) => Saved {
                path: p,
                game: String::new(),
                started: String::new(),
                players: Vec::new(),
                bots: Vec::new(),
                scores: None,
                winners: Vec::new(),
                actions: 0,
                hints: Vec::new(),
                progress: String::new(),
                broken: Some(reason),
            },
        })
        .partition(|s| s.broken.is_none());
    good.sort_by(|a, b| b.started.cmp(&a.started).then(b.path.cmp(&a.path)));
    broken.sort_by(|a, b| a.path.cmp(&b.path));
    good.extend(broken);
    good
}

/// One log, checked and summarised as [`list_saved_in`] does (the server's finished tables).
pub fn saved_at<G: GameInfo + ?Sized>(path: &Path, games: &[&'static G]) -> Saved {
    match check(path, games) {
        Ok((l, outcome, progress)) => summarize(path.to_path_buf(), &l, outcome, progress),
        Err(reason) => Saved {
            path: path.to_path_buf(),
            game: String::new(),
            started: String::new(),
            players: Vec::new(),
            bots: Vec::new(),
            scores: None,
            winners: Vec::new(),
            actions: 0,
            hints: Vec::new(),
            progress: String::new(),
            broken: Some(reason),
        },
    }
}

/// Reads and re-simulates a log (a special file is refused without being opened).
fn check<G: GameInfo + ?Sized>(
    path: &Path,
    games: &[&'static G],
) -> Result<(LogFile, Option<Outcome>, String), String> {
    let l = log::read(path).map_err(|e| e.to_string())?;
    let g = games
        .iter()
        .find(|g| g.id() == l.game)
        .ok_or_else(|| format!("this hotseat has no game '{}'", crate::text::clean(&l.game)))?;
    let (outcome, progress) = g.check_log_progress(&l).map_err(|e| e.to_string())?;
    Ok((l, outcome, progress))
}

/// Per seat of `l`, its decisions marked as made after a hint.
fn hints_of(l: &LogFile) -> Vec<usize> {
    let mut out = vec![0; l.players.len()];
    for e in l.actions.iter().filter(|e| e.hint) {
        if let crate::engine::log::By::Seat(s) = e.by
            && let Some(n) = out.get_mut(s)
        {
            *n += 1;
        }
    }
    out
}

fn summarize(path: PathBuf, l: &LogFile, outcome: Option<Outcome>, progress: String) -> Saved {
    // The reader refused every control character already; cleaning again costs nothing.
    let clean = |s: &str| crate::text::clean(s).into_owned();
    Saved {
        path,
        game: clean(&l.game),
        started: clean(&l.started),
        players: l.players.iter().map(|p| clean(&p.name)).collect(),
        bots: l
            .players
            .iter()
            .map(|p| p.bot.as_deref().filter(|_| p.is_bot()).map(clean))
            .collect(),
        // The result as the game ended it (the log's result is checked against it).
        winners: outcome
            .as_ref()
            .map(|o| o.winners.clone())
            .unwrap_or_default(),
        scores: outcome.map(|o| o.scores),
        actions: l.actions.len(),
        hints: hints_of(l),
        progress,
        broken: None,
    }
}

//! Solo high-score tables, kept in `highscores.json` in the data folder: the top ten scores for
//! each game variant (for Kokoro: side and decree), with name and date. Pure data functions; the
//! UI only calls them.
//!
//! A file that cannot be read as a table is never overwritten: [`record`] renames it aside
//! (`highscores.json.corrupt-<n>`) and says so.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub const FILE: &str = "highscores.json";
/// Scores kept per table.
pub const KEEP: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub name: String,
    pub score: i32,
    /// The date the game was played (its start), `YYYY-MM-DD`.
    pub date: String,
    /// Identifies the game (its start time and seed), so one game is recorded once.
    pub game: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScores {
    pub version: u32,
    /// Table key (see [`table_key`]) to its scores, best first.
    pub tables: BTreeMap<String, Vec<Score>>,
}

/// The key of one table: `kokoro/blue/none`.
pub fn table_key(game: &str, variant: &[&str]) -> String {
    let mut k = game.to_string();
    for v in variant {
        k.push('/');
        k.push_str(if v.is_empty() { "none" } else { v });
    }
    k
}

/// The high-score file in a data folder.
pub fn path_in(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE)
}

#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file exists but is not a high-score table.
    Corrupt(String),
    Io(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Corrupt(e) => write!(f, "the high-score file is damaged ({e})"),
            LoadError::Io(e) => write!(f, "the high-score file cannot be read ({e})"),
        }
    }
}

/// The largest high-score file read: ten scores for each of a few dozen tables fit in a
/// fraction of this.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Reads the table file; a missing file is an empty table. A special file, an oversized one,
/// and names or dates holding control characters are refused as damaged.
pub fn load(path: &Path) -> Result<HighScores, LoadError> {
    use crate::files::ReadError;
    let text = match crate::files::read_capped(path, MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(ReadError::Missing) => return Ok(HighScores::default()),
        Err(e @ ReadError::Io(_)) => return Err(LoadError::Io(e.to_string())),
        Err(e) => return Err(LoadError::Corrupt(e.to_string())),
    };
    let scores: HighScores = serde_json::from_str(&text).map_err(|e| {
        LoadError::Corrupt(crate::text::clean(&crate::text::clip(&e.to_string(), 200)).into_owned())
    })?;
    let bad = |s: &str| s.chars().any(crate::text::is_unsafe);
    for (key, list) in &scores.tables {
        if bad(key)
            || list
                .iter()
                .any(|s| bad(&s.name) || bad(&s.date) || bad(&s.game))
        {
            return Err(LoadError::Corrupt(
                "a name or date holds a control character".into(),
            ));
        }
        if list
            .iter()
            .any(|s| s.name.chars().count() > crate::engine::log::MAX_NAME_CHARS)
        {
            return Err(LoadError::Corrupt("a name is too long".into()));
        }
    }
    Ok(scores)
}

/// Writes the tables through a temporary file of its own and a rename, so a crash never
/// leaves half a file ([`crate::files::write_atomic`]).
pub fn write_atomic(path: &Path, scores: &HighScores) -> std::io::Result<()> {
    let mut json = serde_json::to_string_pretty(scores).map_err(std::io::Error::other)?;
    json.push('\n');
    crate::files::write_atomic(path, json.as_bytes())
}

/// Puts `entry` into `list` (best first; an equal score ranks below the older ones) and keeps
/// the top [`KEEP`]. Returns its place (0 = best) if it made the table. A game already in the
/// list is not added again; its place is returned.
pub fn insert(list: &mut Vec<Score>, entry: Score) -> Option<usize> {
    if let Some(i) = list.iter().position(|s| s.game == entry.game) {
        return Some(i);
    }
    let at = list
        .iter()
        .position(|s| s.score < entry.score)
        .unwrap_or(list.len());
    if at >= KEEP {
        return None;
    }
    list.insert(at, entry);
    list.truncate(KEEP);
    Some(at)
}

/// What [`record`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The table after recording, best first.
    pub table: Vec<Score>,
    /// The new score's place (0 = best), if it made the table.
    pub place: Option<usize>,
    /// Something the player should know: a damaged file was renamed aside, or writing failed.
    pub warning: Option<String>,
}

/// Records `entry` in table `key` of the file at `path` (once per game) and returns the table.
pub fn record(path: &Path, key: &str, entry: Score) -> Recorded {
    let mut warning = None;
    let mut all = match load(path) {
        Ok(t) => t,
        Err(LoadError::Corrupt(e)) => match set_aside(path) {
            Ok(aside) => {
                warning = Some(format!(
                    "The high-score file was damaged ({e}); it was kept as {} and a new one begun.",
                    aside.display()
                ));
                HighScores::default()
            }
            Err(io) => {
                return Recorded {
                    table: Vec::new(),
                    place: None,
                    warning: Some(format!(
                        "The high-score file is damaged ({e}) and could not be moved aside \
                         ({io}); the score was not recorded."
                    )),
                };
            }
        },
        Err(e) => {
            return Recorded {
                table: Vec::new(),
                place: None,
                warning: Some(format!("{e}; the score was not recorded.")),
            };
        }
    };
    all.version = 1;
    let list = all.tables.entry(key.to_string()).or_default();
    let before = list.clone();
    let place = insert(list, entry);
    let table = list.clone();
    if table != before
        && let Err(e) = write_atomic(path, &all)
    {
        warning = Some(format!("The high-score file could not be written ({e})."));
    }
    Recorded {
        table,
        place,
        warning,
    }
}

/// Renames a damaged file to the first free `<name>.corrupt-<n>`.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| FILE.to_string());
    let mut n = 1;
    loop {
        let aside = path.with_file_name(format!("{name}.corrupt-{n}"));
        if !aside.exists() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
        n += 1;
    }
}

/// The tables of one game (keys starting with `game/`), for the launcher's page.
pub fn tables_of<'a>(all: &'a HighScores, game: &str) -> Vec<(&'a str, &'a [Score])> {
    let prefix = format!("{game}/");
    all.tables
        .iter()
        .filter(|(k, v)| k.starts_with(&prefix) && !v.is_empty())
        .map(|(k, v)| (&k[prefix.len()..], v.as_slice()))
        .collect()
}

/// "blue/none" as "Blue side, no decree"; "pink/long-road" as "Pink side, decree long-road".
pub fn variant_title(key: &str) -> String {
    let mut parts = key.split('/');
    let side = parts.next().unwrap_or("");
    let mut out: String = side
        .chars()
        .take(1)
        .flat_map(char::to_uppercase)
        .chain(side.chars().skip(1))
        .collect();
    out.push_str(" side");
    for p in parts {
        if p == "none" {
            out.push_str(", no decree");
        } else {
            out.push_str(&format!(", decree {p}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(name: &str, score: i32, game: &str) -> Score {
        Score {
            name: name.into(),
            score,
            date: "2026-11-25".into(),
            game: game.into(),
        }
    }

    #[test]
    fn insert_keeps_best_first_and_ties_below_older() {
        let mut l = Vec::new();
        assert_eq!(insert(&mut l, score("a", 10, "g1")), Some(0));
        assert_eq!(insert(&mut l, score("b", 20, "g2")), Some(0));
        assert_eq!(insert(&mut l, score("c", 10, "g3")), Some(2));
        let names: Vec<&str> = l.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["b", "a", "c"]);
        // The same game again is not a second entry.
        assert_eq!(insert(&mut l, score("c", 10, "g3")), Some(2));
        assert_eq!(l.len(), 3);
    }

    #[test]
    fn only_the_top_ten_are_kept() {
        let mut l = Vec::new();
        for i in 0..12 {
            insert(&mut l, score("p", i, &format!("g{i}")));
        }
        assert_eq!(l.len(), KEEP);
        assert_eq!(l[0].score, 11);
        assert_eq!(l[9].score, 2);
        assert_eq!(insert(&mut l, score("low", 1, "x")), None);
        assert_eq!(
            insert(&mut l, score("low", 2, "y")),
            None,
            "a tie with the last"
        );
        assert_eq!(insert(&mut l, score("mid", 7, "z")), Some(5));
        assert_eq!(l.len(), KEEP);
        assert_eq!(l[9].score, 3);
    }

    #[test]
    fn tables_are_per_side_and_decree_and_survive_a_reload() {
        let dir = tempfile::tempdir().expect("tmp");
        let path = path_in(dir.path());
        let blue = table_key("kokoro", &["blue", ""]);
        let pink = table_key("kokoro", &["pink", "long-road"]);
        assert_eq!(blue, "kokoro/blue/none");
        let r = record(&path, &blue, score("Ann", 40, "g1"));
        assert_eq!((r.place, r.warning), (Some(0), None));
        let r = record(&path, &pink, score("Bo", 30, "g2"));
        assert_eq!(r.table.len(), 1);
        let r = record(&path, &blue, score("Cy", 50, "g3"));
        assert_eq!(r.place, Some(0));
        assert_eq!(r.table.len(), 2);
        // Recording the same game twice (a redraw, a resumed finished game) changes nothing.
        let r = record(&path, &blue, score("Cy", 50, "g3"));
        assert_eq!((r.place, r.table.len()), (Some(0), 2));
        let all = load(&path).expect("load");
        assert_eq!(all.tables[&blue].len(), 2);
        assert_eq!(all.tables[&pink][0].name, "Bo");
        let mine = tables_of(&all, "kokoro");
        assert_eq!(mine.len(), 2);
        assert_eq!(mine[0].0, "blue/none");
        assert!(tables_of(&all, "pocket").is_empty());
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_reported() {
        let dir = tempfile::tempdir().expect("tmp");
        let path = path_in(dir.path());
        std::fs::write(&path, "{ not json").expect("write");
        assert!(matches!(load(&path), Err(LoadError::Corrupt(_))));
        let r = record(&path, "kokoro/blue/none", score("Ann", 12, "g1"));
        assert_eq!(r.place, Some(0));
        let warning = r.warning.expect("a warning");
        assert!(warning.contains("damaged"), "{warning}");
        let aside = dir.path().join("highscores.json.corrupt-1");
        assert_eq!(std::fs::read_to_string(&aside).expect("kept"), "{ not json");
        assert_eq!(load(&path).expect("new file").tables.len(), 1);
        // A second damaged file goes to the next free name.
        std::fs::write(&path, "[]").expect("write");
        let r = record(&path, "kokoro/blue/none", score("Ann", 12, "g2"));
        assert!(r.warning.is_some());
        assert!(dir.path().join("highscores.json.corrupt-2").exists());
    }

    #[test]
    fn a_missing_file_is_an_empty_table() {
        let dir = tempfile::tempdir().expect("tmp");
        assert_eq!(
            load(&dir.path().join("nope.json")),
            Ok(HighScores::default())
        );
    }

    #[test]
    fn special_huge_and_escaped_files_are_damaged_not_read() {
        let dir = tempfile::tempdir().expect("tmp");
        let path = path_in(dir.path());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/dev/zero", &path).expect("symlink");
            let e = load(&path).expect_err("a device");
            assert!(e.to_string().contains("device"), "{e}");
            std::fs::remove_file(&path).expect("rm");
        }
        std::fs::File::create(&path)
            .and_then(|f| f.set_len(MAX_FILE_BYTES + 1))
            .expect("big");
        assert!(matches!(load(&path), Err(LoadError::Corrupt(_))));
        let mut t = HighScores::default();
        t.tables.insert(
            "kokoro/blue/none".into(),
            vec![score("\u{1b}]0;x\u{7}", 1, "g")],
        );
        std::fs::write(&path, serde_json::to_string(&t).expect("json")).expect("write");
        let e = load(&path).expect_err("escape codes");
        assert!(e.to_string().contains("control character"), "{e}");
    }
}

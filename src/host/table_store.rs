//! What the server keeps beside its tables' logs, in `server/tables.json` in the data folder:
//! each open table's code, its log's file name (the log itself is an ordinary game log in
//! `games/`), who holds which seat and each guest's reconnect code, and the logs of the tables
//! that have finished. Written whole and atomically (owner-only, like every file the project's
//! writer makes), read through the size cap, and checked before anything in it is used.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Who holds a seat: a key's fingerprint, or for a client without a key the name it gave
/// (lower-cased) and its connection's secret (`ann#5f0c…`). A name alone proves nothing: the
/// same name on another connection is another identity, and only the seat's reconnect code
/// moves a guest's seats and rights to a new connection ([`Ident::guest_name`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ident {
    Key(String),
    Guest(String),
}

impl Ident {
    pub fn of(peer: &super::Peer) -> Ident {
        match &peer.key {
            Some(k) => Ident::Key(k.clone()),
            None => Ident::Guest(format!("{}#{:016x}", peer.name.to_lowercase(), peer.guest)),
        }
    }

    /// A guest's name (lower-cased), without the secret; `None` for a key.
    pub fn guest_name(&self) -> Option<&str> {
        match self {
            Ident::Key(_) => None,
            // Records from before the secret hold the name alone.
            Ident::Guest(g) => Some(g.split_once('#').map_or(g.as_str(), |(n, _)| n)),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerFile {
    pub format: String,
    pub version: u32,
    pub tables: Vec<TableRecord>,
    /// The log file names of finished tables, oldest first.
    #[serde(default)]
    pub finished: Vec<String>,
}

pub const FORMAT: &str = "hotseat-server";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    pub code: String,
    /// The log's file name in the games folder.
    pub log: String,
    pub creator: Ident,
    pub timeout_secs: u64,
    /// A computer player plays for a person away longer than the timeout (files from before
    /// turn-based tables: always).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub stand_in: bool,
    /// The creator allows hints at this table (files from before the switch: not allowed).
    #[serde(default, skip_serializing_if = "is_no")]
    pub hints: bool,
    pub started: bool,
    pub seats: Vec<SeatRecord>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRecord {
    /// "remote", "here" or "bot" (a seat handed to a computer player is "bot" with the log's
    /// player still a person).
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<Ident>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reconnect: Option<String>,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn is_no(b: &bool) -> bool {
    !*b
}

/// The file's place in the data folder.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("server").join("tables.json")
}

/// The largest file read back: far more than any number of tables a server holds.
const CAP: u64 = 4 << 20;

/// Reads the file; a missing one is an empty server. A broken one is an error: the server does
/// not start over it (and so never overwrites it) until someone looks.
pub fn read(data_dir: &Path) -> Result<ServerFile, String> {
    let p = path(data_dir);
    let text = match crate::files::read_capped(&p, CAP) {
        Ok(t) => t,
        Err(crate::files::ReadError::Missing) => return Ok(ServerFile::default()),
        Err(e) => return Err(format!("{}: {e}", p.display())),
    };
    let file: ServerFile =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
    if file.format != FORMAT {
        return Err(format!("{}: not a hotseat server file", p.display()));
    }
    Ok(file)
}

pub fn write(data_dir: &Path, file: &ServerFile) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(file).map_err(std::io::Error::other)?;
    crate::files::write_atomic(&path(data_dir), text.as_bytes())
}

/// Whether `name` is a plain file name (no folder, no `..`): a record may only name a log in
/// the games folder.
pub fn plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && Path::new(name).file_name().and_then(|n| n.to_str()) == Some(name)
        && name != ".."
        && name.ends_with(".json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_name_only_logs_in_the_games_folder() {
        assert!(plain_file_name("pocket-20261126-071000.json"));
        assert!(!plain_file_name("../games/x.json"));
        assert!(!plain_file_name("/etc/passwd"));
        assert!(!plain_file_name("a/b.json"));
        assert!(!plain_file_name("x.txt"));
        assert!(!plain_file_name(""));
    }

    #[test]
    fn a_missing_file_is_an_empty_server_and_a_broken_one_is_refused() {
        let dir = tempfile::tempdir().expect("tmp");
        assert_eq!(read(dir.path()), Ok(ServerFile::default()));
        std::fs::create_dir_all(dir.path().join("server")).expect("mkdir");
        std::fs::write(path(dir.path()), "{nonsense").expect("write");
        assert!(read(dir.path()).is_err());
        let file = ServerFile {
            format: FORMAT.into(),
            version: 1,
            tables: Vec::new(),
            finished: vec!["a.json".into()],
        };
        write(dir.path(), &file).expect("write");
        assert_eq!(read(dir.path()), Ok(file));
    }
}

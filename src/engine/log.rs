//! The JSON game log: its format, atomic writing, and reading with checks that name the entry and
//! the problem. Re-simulating the actions is [`super::session::Match::from_log`]'s job.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::options::Options;

pub const FORMAT: &str = "hotseat-log";
pub const VERSION: u32 = 1;
/// Larger files are refused before parsing: no real game comes near this.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;
pub const MAX_ACTIONS: usize = 500_000;

/// Who is at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerEntry {
    pub name: String,
    pub kind: PlayerKind,
    /// The bot's kind, for bot seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The bot's own seed, a decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Human,
    Bot,
}

impl PlayerEntry {
    pub fn human(name: impl Into<String>) -> Self {
        PlayerEntry {
            name: name.into(),
            kind: PlayerKind::Human,
            bot: None,
            seed: None,
        }
    }
    pub fn bot(name: impl Into<String>, kind: impl Into<String>, seed: u64) -> Self {
        PlayerEntry {
            name: name.into(),
            kind: PlayerKind::Bot,
            bot: Some(kind.into()),
            seed: Some(seed.to_string()),
        }
    }
    pub fn is_bot(&self) -> bool {
        self.kind == PlayerKind::Bot
    }
}

/// The actor of a log entry: `"chance"` or a seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    Chance,
    Seat(usize),
}

impl Serialize for By {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            By::Chance => s.serialize_str("chance"),
            By::Seat(n) => s.serialize_u64(*n as u64),
        }
    }
}

impl<'de> Deserialize<'de> for By {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if s == "chance" => Ok(By::Chance),
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .map(By::Seat)
                .ok_or_else(|| {
                    serde::de::Error::custom("'by' must be a seat number or \"chance\"")
                }),
            _ => Err(serde::de::Error::custom(
                "'by' must be a seat number or \"chance\"",
            )),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub by: By,
    pub a: Value,
    /// Milliseconds the player took, for human seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogResult {
    pub scores: Vec<i32>,
    #[serde(default)]
    pub winners: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogFile {
    pub format: String,
    pub version: u32,
    pub app: String,
    pub game: String,
    pub rules_version: u32,
    #[serde(default)]
    pub options: Options,
    pub players: Vec<PlayerEntry>,
    pub seed: String,
    pub started: String,
    pub actions: Vec<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<LogResult>,
}

/// Why a log was refused: where (an entry index, or the header) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub entry: Option<usize>,
    pub problem: String,
}

impl LogError {
    pub fn header(problem: impl Into<String>) -> Self {
        LogError {
            entry: None,
            problem: problem.into(),
        }
    }
    pub fn at(entry: usize, problem: impl Into<String>) -> Self {
        LogError {
            entry: Some(entry),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.entry {
            Some(i) => write!(f, "entry {i}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl std::error::Error for LogError {}

/// Reads a log file from disk with the size cap, then [`parse`].
pub fn read(path: &Path) -> Result<LogFile, LogError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| LogError::header(format!("cannot read {}: {e}", path.display())))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(LogError::header(format!(
            "file is {} bytes, over the {MAX_FILE_BYTES}-byte cap",
            meta.len()
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| LogError::header(format!("cannot read {}: {e}", path.display())))?;
    parse(&text)
}

/// Parses and checks the shape of a log; the actions are checked by re-simulation later.
pub fn parse(text: &str) -> Result<LogFile, LogError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(LogError::header(format!(
            "log is over the {MAX_FILE_BYTES}-byte cap"
        )));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| LogError::header(format!("not valid JSON: {e}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| LogError::header("not a hotseat log: the top level is not an object"))?;
    match obj.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        _ => {
            return Err(LogError::header(format!(
                "not a hotseat log: 'format' is not \"{FORMAT}\""
            )));
        }
    }
    let version = obj
        .get("version")
        .and_then(Value::as_u64)
        .ok_or_else(|| LogError::header("'version' is missing or not a number"))?;
    if version > u64::from(VERSION) {
        return Err(LogError::header(format!(
            "log format version {version} is newer than this hotseat understands ({VERSION}); update hotseat"
        )));
    }
    if version == 0 {
        return Err(LogError::header("log format version 0 does not exist"));
    }
    let actions = obj
        .get("actions")
        .and_then(Value::as_array)
        .ok_or_else(|| LogError::header("'actions' is missing or not a list"))?;
    if actions.len() > MAX_ACTIONS {
        return Err(LogError::header(format!(
            "{} actions, over the cap of {MAX_ACTIONS}",
            actions.len()
        )));
    }
    for (i, a) in actions.iter().enumerate() {
        Entry::deserialize(a).map_err(|e| LogError::at(i, format!("malformed entry: {e}")))?;
    }
    serde_json::from_value(value).map_err(|e| LogError::header(format!("malformed header: {e}")))
}

/// The log as pretty JSON.
pub fn to_json(log: &LogFile) -> String {
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(log).unwrap_or_default()
}

/// Writes the log so that a crash at any moment leaves either the old or the new file whole.
pub fn write_atomic(path: &Path, log: &LogFile) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = PathBuf::from(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    tmp.set_file_name(format!(".{name}.tmp"));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(to_json(log).as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_round_trips() {
        let e = Entry {
            by: By::Chance,
            a: Value::Null,
            ms: None,
        };
        let s = serde_json::to_string(&e).unwrap();
        assert_eq!(s, r#"{"by":"chance","a":null}"#);
        let e2: Entry = serde_json::from_str(r#"{"by":3,"a":1,"ms":5}"#).unwrap();
        assert_eq!(e2.by, By::Seat(3));
        assert!(serde_json::from_str::<Entry>(r#"{"by":"bob","a":1}"#).is_err());
        assert!(serde_json::from_str::<Entry>(r#"{"by":-1,"a":1}"#).is_err());
    }
}

//! The JSON game log: its format, atomic writing, and reading with checks that name the entry and
//! the problem. Re-simulating the actions is [`super::session::Match::from_log`]'s job.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::options::Options;

pub const FORMAT: &str = "hotseat-log";
pub const VERSION: u32 = 1;
/// Larger files are refused without being read whole. The longest real games (Cocoon with five
/// players) log under a thousand actions in about 60 KB, so this is over sixty times that, and
/// small enough that parsing any file of this size stays within a few hundred megabytes.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
pub const MAX_ACTIONS: usize = 50_000;
/// The longest player name, in characters, everywhere: command line, launcher and logs.
pub const MAX_NAME_CHARS: usize = 24;
/// The longest other text in a log's header: game id, bot kind, seed, start time, app
/// version, option key or value.
pub const MAX_FIELD_CHARS: usize = 40;
/// More seats than any game takes; a longer list is refused before any game looks at it.
pub const MAX_PLAYERS: usize = 16;
/// More options than any game offers.
pub const MAX_OPTIONS: usize = 16;
/// The longest problem a refusal quotes: serde quotes the offending text, which may be long.
const MAX_PROBLEM_CHARS: usize = 300;

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
    pub winners: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
            problem: safe_problem(problem.into()),
        }
    }
    pub fn at(entry: usize, problem: impl Into<String>) -> Self {
        LogError {
            entry: Some(entry),
            problem: safe_problem(problem.into()),
        }
    }
}

/// A refusal quotes text from the file (serde names the unknown field or variant): it is
/// escaped and shortened here, so no message built from a log can reach a terminal raw.
fn safe_problem(p: String) -> String {
    let clipped = crate::text::clip(&p, MAX_PROBLEM_CHARS);
    crate::text::clean(&clipped).into_owned()
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

/// Reads a log file from disk ([`read_text`]), then [`parse`].
pub fn read(path: &Path) -> Result<LogFile, LogError> {
    parse(&read_text(path)?)
}

/// A log file's text through [`crate::files::read_capped`]: a special file is refused without
/// being opened for reading, and no more than the cap is ever read.
pub fn read_text(path: &Path) -> Result<String, LogError> {
    use crate::files::ReadError;
    crate::files::read_capped(path, MAX_FILE_BYTES).map_err(|e| match e {
        ReadError::TooBig(_) => over_cap(),
        ReadError::NotUtf8(_) => LogError::header(format!("not a hotseat log: {e}")),
        e => LogError::header(e.to_string()),
    })
}

fn over_cap() -> LogError {
    LogError::header(format!(
        "the file is over the {} MB cap for a log",
        MAX_FILE_BYTES / (1024 * 1024)
    ))
}

/// Parses and checks the shape of a log: strict (no unknown fields anywhere), with every text
/// free of control characters and within its cap. The actions are checked by re-simulation
/// later ([`super::session::Match::from_log`]).
pub fn parse(text: &str) -> Result<LogFile, LogError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(over_cap());
    }
    // serde_json refuses nesting deeper than 128 levels, so deep files end here too.
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
    for (key, v) in obj {
        if key.chars().any(crate::text::is_unsafe) {
            return Err(LogError::header("a field name holds a control character"));
        }
        if key != "actions" {
            check_text(v).map_err(|p| LogError::header(format!("'{key}'{p}")))?;
        }
    }
    for (i, a) in actions.iter().enumerate() {
        check_text(a).map_err(|p| LogError::at(i, format!("the entry{p}")))?;
        EntryShape::deserialize(a).map_err(|e| LogError::at(i, format!("malformed entry: {e}")))?;
    }
    let log: LogFile = serde_json::from_value(value)
        .map_err(|e| LogError::header(format!("malformed header: {e}")))?;
    check_header(&log)?;
    Ok(log)
}

/// An [`Entry`]'s shape, checked without copying its action (which may be large).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryShape {
    #[serde(rename = "by")]
    _by: By,
    #[serde(rename = "a")]
    _a: serde::de::IgnoredAny,
    #[serde(default, rename = "ms")]
    _ms: Option<u64>,
}

/// Finds a control character (or direction override) anywhere in `v`, keys included: no
/// text hotseat writes holds one, and such text could drive the terminal it is shown on.
/// The problem is said as the rest of a sentence ("'players' holds …").
fn check_text(v: &Value) -> Result<(), String> {
    let bad = |s: &str| s.chars().any(crate::text::is_unsafe);
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) if bad(s) => {
                return Err(format!(
                    " holds a control character: \"{}\"",
                    crate::text::clip(s, 40)
                ));
            }
            Value::Array(a) => stack.extend(a),
            Value::Object(o) => {
                if let Some(k) = o.keys().find(|k| bad(k)) {
                    return Err(format!(
                        " has a field name with a control character: \"{}\"",
                        crate::text::clip(k, 40)
                    ));
                }
                stack.extend(o.values());
            }
            _ => {}
        }
    }
    Ok(())
}

/// The caps on the header's texts and lists, and a seat's fields agreeing with its kind.
fn check_header(log: &LogFile) -> Result<(), LogError> {
    let field = |what: &str, s: &str| {
        if s.chars().count() > MAX_FIELD_CHARS {
            return Err(LogError::header(format!(
                "{what} is longer than {MAX_FIELD_CHARS} characters"
            )));
        }
        Ok(())
    };
    field("'app'", &log.app)?;
    field("'game'", &log.game)?;
    field("'seed'", &log.seed)?;
    field("'started'", &log.started)?;
    if log.options.len() > MAX_OPTIONS {
        return Err(LogError::header(format!(
            "{} options, more than any game has",
            log.options.len()
        )));
    }
    for (k, v) in &log.options {
        field("an option's name", k)?;
        field(&format!("option '{k}'"), v)?;
    }
    if log.players.len() > MAX_PLAYERS {
        return Err(LogError::header(format!(
            "{} players, more than any game seats",
            log.players.len()
        )));
    }
    for (i, p) in log.players.iter().enumerate() {
        let who = format!("player {}", i + 1);
        check_name(&p.name).map_err(|e| LogError::header(format!("{who}: {e}")))?;
        if let Some(kind) = &p.bot {
            field(&format!("{who}'s bot kind"), kind)?;
        }
        if let Some(seed) = &p.seed {
            field(&format!("{who}'s bot seed"), seed)?;
        }
        if p.kind == PlayerKind::Human && (p.bot.is_some() || p.seed.is_some()) {
            return Err(LogError::header(format!(
                "{who} is a person but has a bot kind or seed"
            )));
        }
    }
    Ok(())
}

/// A player name is 1 to [`MAX_NAME_CHARS`] characters with no control characters; the same
/// rule for the command line, the launcher and logs.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("the name is empty".into());
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "the name \"{}\" is {n} characters; at most {MAX_NAME_CHARS}",
            crate::text::clip(name, MAX_NAME_CHARS)
        ));
    }
    if name.chars().any(crate::text::is_unsafe) {
        return Err(format!(
            "the name \"{}\" holds a control character",
            crate::text::clean(name)
        ));
    }
    Ok(())
}

/// The log as pretty JSON.
pub fn to_json(log: &LogFile) -> String {
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(log).unwrap_or_default()
}

/// Writes the log so that a crash at any moment leaves either the old or the new file whole
/// ([`crate::files::write_atomic`]).
pub fn write_atomic(path: &Path, log: &LogFile) -> std::io::Result<()> {
    let mut text = to_json(log);
    text.push('\n');
    crate::files::write_atomic(path, text.as_bytes())
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

//! The JSON game log: its format, atomic writing, and reading with checks that name the entry and
//! the problem. Re-simulating the actions is [`super::session::Match::from_log`]'s job.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use super::options::Options;

pub const FORMAT: &str = "hotseat-log";
pub const VERSION: u32 = 1;
/// Larger files are refused without being read whole. The longest real games (Cocoon with five
/// players) log under a thousand actions in about 60 KB, so this is over sixty times that, and
/// small enough that parsing any file of this size stays within a few hundred megabytes.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
pub use super::log_scan::MAX_ACTIONS;
/// The longest player name, in characters, everywhere: command line, launcher and logs.
pub const MAX_NAME_CHARS: usize = 24;
/// The longest other text in a log's header: game id, bot kind, seed, start time, app
/// version, option key or value.
pub const MAX_FIELD_CHARS: usize = 40;
/// More seats than any game takes; a longer list is refused before any game looks at it.
pub const MAX_PLAYERS: usize = 16;
/// More options than any game offers.
pub const MAX_OPTIONS: usize = 16;

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
        // A visitor of its own, not a `Value`: nothing is built from what is not a seat.
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = By;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a seat number or \"chance\"")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<By, E> {
                usize::try_from(n)
                    .map(By::Seat)
                    .map_err(|_| E::custom("'by' must be a seat number or \"chance\""))
            }
            fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<By, E> {
                Err(E::custom("'by' must be a seat number or \"chance\""))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<By, E> {
                match s {
                    "chance" => Ok(By::Chance),
                    _ => Err(E::custom("'by' must be a seat number or \"chance\"")),
                }
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub by: By,
    /// The action as JSON text, kept as text until it is re-simulated: a tree of values costs
    /// many times its text ([`super::log_scan`]).
    pub a: Box<RawValue>,
    /// Milliseconds the player took, for human seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
    /// The person asked for a hint (the hint key) before this decision. Written only when
    /// true, so logs without hints read as before and older hotseats still read them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hint: bool,
}

impl Entry {
    /// `action` written as a log holds it.
    pub fn action_text(action: &impl Serialize) -> Box<RawValue> {
        // Serialising a game's plain action data cannot fail.
        serde_json::value::to_raw_value(action).unwrap_or_else(|_| RawValue::NULL.to_owned())
    }
    /// The action as a JSON value.
    pub fn action_value(&self) -> Result<Value, serde_json::Error> {
        serde_json::from_str(self.a.get())
    }
}

/// Two entries are equal when they say the same: the action compared as JSON, not as text.
impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.by == other.by
            && self.ms == other.ms
            && self.hint == other.hint
            && (self.a.get() == other.a.get()
                || matches!((self.action_value(), other.action_value()), (Ok(a), Ok(b)) if a == b))
    }
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

pub use super::log_error::LogError;

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

/// Parses and checks the shape of a log: its text walked first within bounds
/// ([`super::log_scan`]: nesting, list and object sizes, repeated fields, control characters),
/// then read strictly (no unknown fields anywhere) into typed structures, each action kept as
/// its text. The actions are checked by re-simulation later
/// ([`super::session::Match::from_log`]).
pub fn parse(text: &str) -> Result<LogFile, LogError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(over_cap());
    }
    let found = super::log_scan::scan(text)?;
    if !found.top_is_object {
        return Err(LogError::header(
            "not a hotseat log: the top level is not an object",
        ));
    }
    if found.format.as_deref() != Some(FORMAT) {
        return Err(LogError::header(format!(
            "not a hotseat log: 'format' is not \"{FORMAT}\""
        )));
    }
    let version = found
        .version
        .ok_or_else(|| LogError::header("'version' is missing or not a number"))?;
    if version > u64::from(VERSION) {
        return Err(LogError::header(format!(
            "log format version {version} is newer than this hotseat understands ({VERSION}); update hotseat"
        )));
    }
    if version == 0 {
        return Err(LogError::header("log format version 0 does not exist"));
    }
    if found.actions.is_none() {
        return Err(LogError::header("'actions' is missing or not a list"));
    }
    let raw: RawLog = serde_json::from_str(text)
        .map_err(|e| LogError::header(format!("malformed header: {e}")))?;
    let mut actions = Vec::with_capacity(raw.actions.len());
    for (i, a) in raw.actions.iter().enumerate() {
        let entry: Entry = serde_json::from_str(a.get())
            .map_err(|e| LogError::at(i, format!("malformed entry: {}", without_position(&e))))?;
        actions.push(entry);
    }
    let log = LogFile {
        format: raw.format,
        version: raw.version,
        app: raw.app,
        game: raw.game,
        rules_version: raw.rules_version,
        options: raw.options,
        players: raw.players,
        seed: raw.seed,
        started: raw.started,
        actions,
        result: raw.result,
    };
    check_header(&log)?;
    Ok(log)
}

/// [`LogFile`] with its entries still text, so that a malformed one is named by its index.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLog<'a> {
    format: String,
    version: u32,
    app: String,
    game: String,
    rules_version: u32,
    #[serde(default)]
    options: Options,
    players: Vec<PlayerEntry>,
    seed: String,
    started: String,
    #[serde(borrow)]
    actions: Vec<&'a RawValue>,
    #[serde(default)]
    result: Option<LogResult>,
}

/// serde_json's message without its " at line 1 column 9": within one entry's text the
/// position says nothing about where the entry is in the file.
fn without_position(e: &serde_json::Error) -> String {
    let s = e.to_string();
    let tail = format!(" at line {} column {}", e.line(), e.column());
    s.strip_suffix(&tail).map(str::to_string).unwrap_or(s)
}

/// A seed as hotseat writes it: a whole number in canonical decimal ("0100" and "+100" are
/// not), so that one seed has one spelling and a log says it only one way.
pub fn parse_seed(s: &str) -> Option<u64> {
    s.parse::<u64>().ok().filter(|n| n.to_string() == s)
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
    if parse_seed(&log.seed).is_none() {
        return Err(LogError::header(format!(
            "seed '{}' is not a whole number as hotseat writes it",
            log.seed
        )));
    }
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
            if parse_seed(seed).is_none() {
                return Err(LogError::header(format!(
                    "{who}'s bot seed '{seed}' is not a whole number as hotseat writes it"
                )));
            }
        }
        if p.kind == PlayerKind::Human && (p.bot.is_some() || p.seed.is_some()) {
            return Err(LogError::header(format!(
                "{who} is a person but has a bot kind or seed"
            )));
        }
    }
    Ok(())
}

/// A player name is 1 to [`MAX_NAME_CHARS`] characters, none of them one that drives the
/// terminal or shows nothing ([`crate::text::is_unfit_for_name`]); the same rule for the
/// command line, the launcher, logs and the server's names.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("the name is empty".into());
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "the name \"{}\" is {n} characters; at most {MAX_NAME_CHARS}",
            crate::text::clean(&crate::text::clip(name, MAX_NAME_CHARS))
        ));
    }
    if name.chars().any(crate::text::is_unsafe) {
        return Err(format!(
            "the name \"{}\" holds a control character",
            crate::text::clean(name)
        ));
    }
    if let Some(c) = name.chars().find(|&c| crate::text::is_invisible(c)) {
        return Err(format!(
            "the name \"{}\" holds an invisible character (U+{:04X})",
            crate::text::clean_name(name),
            c as u32
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
            a: RawValue::NULL.to_owned(),
            ms: None,
            hint: false,
        };
        let s = serde_json::to_string(&e).unwrap();
        assert_eq!(s, r#"{"by":"chance","a":null}"#);
        let e2: Entry = serde_json::from_str(r#"{"by":3,"a":1,"ms":5}"#).unwrap();
        assert_eq!(e2.by, By::Seat(3));
        assert!(serde_json::from_str::<Entry>(r#"{"by":"bob","a":1}"#).is_err());
        assert!(serde_json::from_str::<Entry>(r#"{"by":-1,"a":1}"#).is_err());
        // A hint asked is written only when there was one, and read back.
        let e3: Entry = serde_json::from_str(r#"{"by":0,"a":1,"ms":5,"hint":true}"#).unwrap();
        assert!(e3.hint);
        assert_eq!(
            serde_json::to_string(&e3).unwrap(),
            r#"{"by":0,"a":1,"ms":5,"hint":true}"#
        );
        assert!(!e2.hint);
        assert_eq!(
            serde_json::to_string(&e2).unwrap(),
            r#"{"by":3,"a":1,"ms":5}"#
        );
    }
}

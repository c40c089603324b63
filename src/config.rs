//! The user's settings: one TOML file, read once at start and never written by the program.
//!
//! Where: `$HOTSEAT_CONFIG` if set, else `config.toml` in the platform's config folder
//! (`~/.config/hotseat/config.toml` on Linux). Every key is optional; [`EXAMPLE`] documents them
//! all (`hotseat config --example`). A file with a syntax error, an unknown key or a value of
//! the wrong type or range is refused as a whole, with its line and the problem: the program
//! then starts with the defaults. Command-line flags override the file (see `main`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

/// The commented example `hotseat config --example` prints: every key, its default, and what
/// it does. Parsing it with the comments removed gives the defaults (a test checks that).
pub const EXAMPLE: &str = r##"# hotseat settings: ~/.config/hotseat/config.toml on Linux, or the file $HOTSEAT_CONFIG
# names. hotseat reads this file at start and never writes it. Every key is optional:
# remove the leading "# " of a line to set it. Command-line flags win over this file.

# Names the setup form and `hotseat play` give the seats, in seat order (up to 8, each
# 1 to 24 characters). Seats past the list are "Player 3", "Player 4", ...
# names = ["Ann", "Bo"]

# Colours: "dark" (for a dark terminal background), "light" (darker colours for a light
# background) or "none" (no colours at all, as NO_COLOR does).
# theme = "dark"

# "standard", or "colour-blind": colours told apart without red against green, and every
# mark a colour shows also shown by a letter, a symbol or underlining.
# palette = "standard"

# Draw with ASCII only: no box-drawing characters or symbols (like --ascii).
# ascii = false

# Capture the mouse for clicks on the boards. Turn it off to select and copy text with the
# mouse as in any other program (like --no-mouse); every action also has a key.
# mouse = true

# How long each computer player's move stays on screen before the next, in milliseconds
# (0 to 5000).
# bot_pace_ms = 700

# The level new computer players start at in the setup form and in `hotseat play --bot N`:
# "easy", "normal" or "hard".
# bot_level = "normal"
"##;

/// The largest settings file read; a real one is a few hundred bytes.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;
/// The most names a file may give: the largest table of any game.
pub const MAX_NAMES: usize = 8;
pub const MAX_PACE_MS: u64 = 5000;
/// Computer players' pace when the file does not say.
pub const DEFAULT_PACE: Duration = Duration::from_millis(700);

/// Colours for the terminal's background.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    #[default]
    Dark,
    Light,
    None,
}

/// Which colours marks are drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Palette {
    #[default]
    #[serde(rename = "standard")]
    Standard,
    /// No red against green; what a colour marks is also marked another way.
    #[serde(rename = "colour-blind", alias = "color-blind")]
    ColourBlind,
}

/// The settings in force: the file's, or the defaults, with the command line's flags over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub names: Vec<String>,
    pub theme: ThemeName,
    pub palette: Palette,
    pub ascii: bool,
    pub mouse: bool,
    pub bot_pace: Duration,
    /// A level name ("easy", "normal", "hard") for new computer players, as the file gives it:
    /// the bot code decides what it means (`kind:level`).
    pub bot_level: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            names: Vec::new(),
            theme: ThemeName::Dark,
            palette: Palette::Standard,
            ascii: false,
            mouse: true,
            bot_pace: DEFAULT_PACE,
            bot_level: None,
        }
    }
}

impl Settings {
    /// The level new computer players start at: the file's `bot_level`, normal when unset.
    pub fn level(&self) -> crate::bots::Level {
        self.bot_level
            .as_deref()
            .and_then(crate::bots::Level::parse)
            .unwrap_or(crate::bots::Level::Normal)
    }

    /// The name the settings give seat `seat` (0-based), if any.
    pub fn name(&self, seat: usize) -> Option<&str> {
        self.names.get(seat).map(String::as_str)
    }
}

/// The file's shape: every key optional, nothing else allowed. Spans give refusals a line.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FileKeys {
    names: Option<Spanned<Vec<String>>>,
    theme: Option<ThemeName>,
    palette: Option<Palette>,
    ascii: Option<bool>,
    mouse: Option<bool>,
    bot_pace_ms: Option<Spanned<u64>>,
    bot_level: Option<Spanned<String>>,
}

/// Why a settings file was refused: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    /// 1-based line of the problem, when it has one.
    pub line: Option<usize>,
    pub problem: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = crate::text::path(&self.path);
        match self.line {
            Some(l) => write!(f, "{path}: line {l}: {}", self.problem),
            None => write!(f, "{path}: {}", self.problem),
        }
    }
}

/// The settings file's path: `$HOTSEAT_CONFIG` if set, else the platform's config folder.
pub fn path() -> PathBuf {
    if let Some(p) = std::env::var_os("HOTSEAT_CONFIG").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    directories::ProjectDirs::from("", "", "hotseat")
        .map(|d| d.config_dir().join("config.toml"))
        .unwrap_or_else(|| PathBuf::from(".hotseat-config.toml"))
}

/// Whether `$HOTSEAT_CONFIG` names the settings file.
fn named_by_env() -> bool {
    std::env::var_os("HOTSEAT_CONFIG").is_some_and(|p| !p.is_empty())
}

/// Reads the settings file in force (see [`path`]) as [`load`] does, except that a file
/// `$HOTSEAT_CONFIG` names must be there: the variable was set for a reason, and a mistyped
/// name would otherwise leave the defaults in force without a word.
pub fn load_in_force() -> Result<Option<Settings>, ConfigError> {
    let path = path();
    match load(&path) {
        Ok(None) if named_by_env() => Err(ConfigError {
            path,
            line: None,
            problem: "$HOTSEAT_CONFIG names this file, but there is no such file".into(),
        }),
        found => found,
    }
}

/// `hotseat config --init`: writes [`EXAMPLE`] as the settings file at `path`, creating its
/// folder; never over a file already there. Returns what to print.
pub fn init(path: &Path) -> Result<String, String> {
    let shown = crate::text::path(path);
    if path.exists() {
        return Err(format!(
            "{shown} already exists; hotseat never writes over it (`hotseat config` checks it)"
        ));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", crate::text::path(dir)))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("cannot create {shown}: {e}"))?;
    std::io::Write::write_all(&mut file, EXAMPLE.as_bytes())
        .map_err(|e| format!("cannot write {shown}: {e}"))?;
    Ok(format!(
        "{shown}: written, every key commented out; edit it to change a setting\n"
    ))
}

/// Reads the file at `path`: `Ok(None)` when there is none, the settings when it is sound.
pub fn load(path: &Path) -> Result<Option<Settings>, ConfigError> {
    use crate::files::ReadError;
    let text = match crate::files::read_capped(path, MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(ReadError::Missing) => return Ok(None),
        Err(e) => {
            return Err(ConfigError {
                path: path.to_path_buf(),
                line: None,
                problem: e.to_string(),
            });
        }
    };
    parse(&text)
        .map(Some)
        .map_err(|(line, problem)| ConfigError {
            path: path.to_path_buf(),
            line,
            problem,
        })
}

/// The settings a file's text gives, or the line and the problem.
pub fn parse(text: &str) -> Result<Settings, (Option<usize>, String)> {
    let line_of = |at: usize| Some(text[..at.min(text.len())].matches('\n').count() + 1);
    let keys: FileKeys = toml::from_str(text).map_err(|e| {
        (
            e.span().and_then(|s| line_of(s.start)),
            clean_message(e.message()),
        )
    })?;
    let mut s = Settings::default();
    if let Some(names) = keys.names {
        let at = line_of(names.span().start);
        let names = names.into_inner();
        if names.len() > MAX_NAMES {
            return Err((
                at,
                format!(
                    "names: {} names, but no game seats more than {MAX_NAMES}",
                    names.len()
                ),
            ));
        }
        for (i, n) in names.iter().enumerate() {
            crate::engine::log::check_name(n.trim()).map_err(|e| {
                (
                    at,
                    format!(
                        "names: name {}: {}",
                        i + 1,
                        crate::text::clean(&e.to_string())
                    ),
                )
            })?;
        }
        s.names = names.into_iter().map(|n| n.trim().to_string()).collect();
    }
    if let Some(t) = keys.theme {
        s.theme = t;
    }
    if let Some(p) = keys.palette {
        s.palette = p;
    }
    if let Some(a) = keys.ascii {
        s.ascii = a;
    }
    if let Some(m) = keys.mouse {
        s.mouse = m;
    }
    if let Some(ms) = keys.bot_pace_ms {
        let at = line_of(ms.span().start);
        let ms = ms.into_inner();
        if ms > MAX_PACE_MS {
            return Err((
                at,
                format!("bot_pace_ms: {ms} is more than {MAX_PACE_MS} (five seconds a move)"),
            ));
        }
        s.bot_pace = Duration::from_millis(ms);
    }
    if let Some(level) = keys.bot_level {
        let at = line_of(level.span().start);
        let level = level.into_inner();
        let ok = (1..=16).contains(&level.len())
            && level
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !ok {
            return Err((
                at,
                format!(
                    "bot_level: '{}' is not a level name (\"easy\", \"normal\" or \"hard\")",
                    crate::text::clean(&crate::text::clip(&level, 24))
                ),
            ));
        }
        s.bot_level = Some(level);
    }
    Ok(s)
}

/// toml's messages are one or more lines; the first says what is wrong, in the words of the
/// Rust types behind the keys ("expected u64"): those become the words of this file.
fn clean_message(m: &str) -> String {
    let first = m.lines().find(|l| !l.trim().is_empty()).unwrap_or(m).trim();
    let mut words = first.to_string();
    for (rust, plain) in [
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected a boolean", "expected true or false"),
        (
            "expected a sequence",
            "expected a list, like [\"Ann\", \"Bo\"]",
        ),
        ("expected a string", "expected text in quotes"),
        ("invalid type: ", ""),
        ("invalid value: ", ""),
    ] {
        words = words.replace(rust, plain);
    }
    crate::text::clean(&crate::text::clip(&words, 200)).into_owned()
}

static CURRENT: OnceLock<Settings> = OnceLock::new();

/// Makes `s` the settings every screen reads; the first call wins (main calls it once, before
/// any screen exists).
pub fn install(s: Settings) {
    let _ = CURRENT.set(s);
}

/// The settings in force: those installed at start, or the defaults (tests, library use).
pub fn current() -> &'static Settings {
    static DEFAULT: OnceLock<Settings> = OnceLock::new();
    #[cfg(test)]
    if let Some(s) = SCOPED.with(std::cell::Cell::get) {
        return s;
    }
    CURRENT
        .get()
        .unwrap_or_else(|| DEFAULT.get_or_init(Settings::default))
}

#[cfg(test)]
thread_local! {
    /// Settings a test puts in force on its own thread ([`scoped`]).
    static SCOPED: std::cell::Cell<Option<&'static Settings>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with `s` in force on this thread, as if `main` had installed it (tests: each one
/// its own settings, while the others run beside it).
#[cfg(test)]
pub fn scoped<R>(s: Settings, f: impl FnOnce() -> R) -> R {
    let leaked: &'static Settings = Box::leak(Box::new(s));
    let before = SCOPED.with(|c| c.replace(Some(leaked)));
    let r = f();
    SCOPED.with(|c| c.set(before));
    r
}

/// [`scoped`] with the default settings but for `bot_pace_ms` (tests of the pace).
#[cfg(test)]
pub fn paced<R>(pace: Duration, f: impl FnOnce() -> R) -> R {
    let s = Settings {
        bot_pace: pace,
        ..Settings::default()
    };
    scoped(s, f)
}

/// What `hotseat config` prints about the settings file in force, and whether it is sound
/// (or absent, where nothing names it).
pub fn report_in_force() -> (String, bool) {
    let path = path();
    match load_in_force() {
        Err(e) => (format!("{e}\n"), false),
        Ok(_) => (report(&path), true),
    }
}

/// What `hotseat config` prints: where the file is and whether it is sound.
pub fn report(path: &Path) -> String {
    let shown = crate::text::path(path);
    match load(path) {
        Ok(None) => format!(
            "{shown}: no settings file; the defaults are in force (`hotseat config --init` \
             writes one to start from)\n"
        ),
        Ok(Some(_)) => format!("{shown}: ok\n"),
        Err(e) => format!("{e}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (Option<usize>, String) {
        parse(text).expect_err("refused")
    }

    #[test]
    fn an_empty_file_and_the_uncommented_example_give_the_defaults() {
        assert_eq!(parse(""), Ok(Settings::default()));
        let uncommented: String = EXAMPLE
            .lines()
            .filter_map(|l| l.strip_prefix("# "))
            // Only the lines that set a key: the prose lines are not TOML.
            .filter(|l| l.contains(" = "))
            .map(|l| format!("{l}\n"))
            .collect();
        let s = parse(&uncommented).expect("the example parses");
        assert_eq!(
            s,
            Settings {
                names: vec!["Ann".into(), "Bo".into()],
                bot_level: Some("normal".into()),
                ..Settings::default()
            }
        );
        // Every key of the file is in the example.
        for key in [
            "names",
            "theme",
            "palette",
            "ascii",
            "mouse",
            "bot_pace_ms",
            "bot_level",
        ] {
            assert!(uncommented.contains(&format!("{key} = ")), "{key}");
        }
    }

    #[test]
    fn every_key_is_read() {
        let s = parse(
            "names = [\" Ann \", \"Bo\"]\ntheme = \"light\"\npalette = \"colour-blind\"\n\
             ascii = true\nmouse = false\nbot_pace_ms = 0\nbot_level = \"hard\"\n",
        )
        .expect("sound");
        assert_eq!(s.names, ["Ann", "Bo"]);
        assert_eq!(
            (s.theme, s.palette),
            (ThemeName::Light, Palette::ColourBlind)
        );
        assert!(s.ascii && !s.mouse);
        assert_eq!(s.bot_pace, Duration::ZERO);
        assert_eq!(s.bot_level.as_deref(), Some("hard"));
        assert_eq!(s.level(), crate::bots::Level::Hard);
        assert_eq!(s.name(1), Some("Bo"));
        assert_eq!(s.name(2), None);
        assert_eq!(
            parse("palette = \"color-blind\"\ntheme = \"none\"").map(|s| (s.palette, s.theme)),
            Ok((Palette::ColourBlind, ThemeName::None))
        );
    }

    #[test]
    fn a_syntax_error_names_its_line() {
        let (line, problem) = err("ascii = true\n\nmouse = \n");
        assert_eq!(line, Some(3), "{problem}");
        assert!(!problem.is_empty());
        let (line, _) = err("names = [\"Ann\"\n");
        assert_eq!(line, Some(1));
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let (line, problem) = err("ascii = true\ncolour = \"red\"\n");
        assert_eq!(line, Some(2));
        assert!(problem.contains("colour"), "{problem}");
        // A table is a key too.
        let (line, problem) = err("[display]\nascii = true\n");
        assert_eq!(line, Some(1));
        assert!(problem.contains("display"), "{problem}");
    }

    #[test]
    fn a_wrong_type_or_value_is_refused_with_its_line() {
        let (line, problem) = err("# a comment\nmouse = \"no\"\n");
        assert_eq!(line, Some(2));
        assert!(problem.contains("true or false"), "{problem}");
        let (line, problem) = err("\n\ntheme = \"pink\"\n");
        assert_eq!(line, Some(3));
        assert!(problem.contains("pink"), "{problem}");
        let (line, problem) = err("bot_pace_ms = -5\n");
        assert_eq!(line, Some(1), "{problem}");
        let (line, problem) = err("ascii = false\nbot_pace_ms = 60000\n");
        assert_eq!(line, Some(2));
        assert!(problem.contains("5000"), "{problem}");
        let (line, problem) = err("names = [1, 2]\n");
        assert_eq!(line, Some(1), "{problem}");
    }

    #[test]
    fn wrong_types_are_named_in_the_files_words_not_rusts() {
        for (text, want) in [
            ("bot_pace_ms = -5\n", "whole number"),
            ("bot_pace_ms = \"fast\"\n", "whole number"),
            ("mouse = \"no\"\n", "true or false"),
            ("names = \"Ann\"\n", "a list"),
            ("names = [1]\n", "text in quotes"),
        ] {
            let (_, problem) = err(text);
            assert!(problem.contains(want), "{text}: {problem}");
            for rust in ["u64", "i64", "boolean", "sequence", "invalid type"] {
                assert!(!problem.contains(rust), "{text}: {problem}");
            }
        }
    }

    #[test]
    fn init_writes_the_example_into_a_new_folder_and_never_over_a_file() {
        let dir = tempfile::tempdir().expect("tmp");
        let p = dir.path().join("a").join("b").join("config.toml");
        let said = init(&p).expect("written");
        assert!(said.contains("written"), "{said}");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), EXAMPLE);
        assert_eq!(load(&p).map(|s| s.is_some()), Ok(true));
        std::fs::write(&p, "ascii = true\n").expect("write");
        let e = init(&p).expect_err("exists");
        assert!(e.contains("already exists"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "ascii = true\n");
    }

    #[test]
    fn names_and_levels_are_checked() {
        let (line, problem) = err("ascii = true\nnames = [\"Ann\", \"\"]\n");
        assert_eq!(line, Some(2));
        assert!(problem.contains("name 2"), "{problem}");
        let (_, problem) = err("names = [\"a\\u001b[31m\"]\n");
        assert!(!problem.contains('\u{1b}'), "{problem}");
        let nine: Vec<String> = (1..=9).map(|i| format!("\"P{i}\"")).collect();
        let (_, problem) = err(&format!("names = [{}]\n", nine.join(", ")));
        assert!(problem.contains("9 names"), "{problem}");
        let (_, problem) = err("bot_level = \"Very Hard!\"\n");
        assert!(problem.contains("not a level name"), "{problem}");
    }

    #[test]
    fn files_missing_special_or_broken() {
        let dir = tempfile::tempdir().expect("tmp");
        let p = dir.path().join("config.toml");
        assert_eq!(load(&p), Ok(None));
        assert!(report(&p).contains("no settings file"));
        std::fs::write(&p, "ascii = true\n").expect("write");
        assert_eq!(load(&p).map(|s| s.map(|s| s.ascii)), Ok(Some(true)));
        assert!(report(&p).ends_with(": ok\n"));
        std::fs::write(&p, "ascii = true\nascii = false\n").expect("write");
        let e = load(&p).expect_err("a key twice");
        assert_eq!(e.line, Some(2));
        assert!(e.to_string().contains("config.toml: line 2: "), "{e}");
        std::fs::write(&p, [0xff, 0xfe]).expect("write");
        assert!(load(&p).expect_err("not text").problem.contains("UTF-8"));
        let e = load(dir.path()).expect_err("a folder");
        assert_eq!(e.line, None);
        assert!(e.problem.contains("folder"), "{e}");
    }
}

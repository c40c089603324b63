//! The command line: argument types and the commands that need no terminal UI.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::engine::log::{self, PlayerEntry};
use crate::engine::rng;
use crate::engine::{Options, Setup};
use crate::registry::{self, AnyGame, AnyTable};
use crate::store;

#[derive(Parser, Debug)]
#[command(
    name = "hotseat",
    version,
    about = "Tabletop games for friends sharing one keyboard."
)]
pub struct Cli {
    /// Plain ASCII drawing: no box-drawing characters or symbols outside ASCII.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Leave the mouse to the terminal (select and copy text); every action has a key.
    #[arg(long, global = true)]
    pub no_mouse: bool,
    /// Colours for the background: dark, light or none (overrides the settings file).
    #[arg(long, global = true, value_name = "THEME", value_parser = ["dark", "light", "none"])]
    pub theme: Option<String>,
    /// standard or colour-blind (overrides the settings file).
    #[arg(long, global = true, value_name = "PALETTE", value_parser = palettes())]
    pub palette: Option<String>,
    /// Milliseconds each computer player's move stays on screen (overrides the settings file).
    #[arg(long, global = true, value_name = "MS")]
    pub bot_pace: Option<u64>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Start a game directly, skipping the launcher.
    Play(PlayArgs),
    /// Carry on with a saved, unfinished game.
    Resume {
        /// The game's log file.
        log: PathBuf,
    },
    /// Watch a finished game step by step (an unfinished one is refused: it would show
    /// secrets), or check any log with --check.
    Replay {
        log: PathBuf,
        /// Re-simulate the log without a screen: exit 0 if it is sound, else name the entry and
        /// the problem.
        #[arg(long)]
        check: bool,
    },
    /// Print a game's rules page.
    Rules {
        #[arg(value_parser = game_ids())]
        game: String,
    },
    /// List the games with their player ranges, options and computer players.
    List,
    /// Play computer-only games without a screen and report statistics.
    Sim(SimArgs),
    /// Where the settings file is and whether it is sound (exit 1 if it is refused); --example
    /// prints a commented example with every key, --init writes it as the file.
    Config {
        /// Print a commented example of the settings file with every key and its default.
        #[arg(long, conflicts_with_all = ["path", "init"])]
        example: bool,
        /// Print only the settings file's path.
        #[arg(long, conflicts_with = "init")]
        path: bool,
        /// Write the commented example as the settings file, creating its folder (never over
        /// a file already there).
        #[arg(long)]
        init: bool,
    },
    /// Print what a bug report needs: versions, system, terminal, settings and data folder.
    Bugreport,
    /// Games played, wins, best and average scores per game and player, from the saved logs.
    Stats {
        /// Only this game.
        #[arg(long, value_name = "ID", value_parser = game_ids())]
        game: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script (see the README for where each shell wants it).
    Completions {
        /// bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output, or write one page per command into a
    /// folder with --out.
    Man {
        /// Write hotseat.1 and hotseat-<command>.1 into this folder instead.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Host games over the network: friends join with `ssh -p PORT NAME@HOST`, each on their
    /// own terminal.
    Serve(ServeArgs),
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on (default: every address of this computer).
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
    pub bind: std::net::IpAddr,
    /// Only the public keys in this file (authorized_keys format) may join.
    #[arg(long, value_name = "FILE")]
    pub allow_keys: Option<PathBuf>,
    /// Every player must give this password (shared by all; with a key, after it). It shows in
    /// `ps`: prefer --password-file or the HOTSEAT_PASSWORD environment variable.
    #[arg(long, value_name = "PW", conflicts_with = "password_file")]
    pub password: Option<String>,
    /// Reads the password from the first line of this file instead.
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
    /// No event lines (connections, logins, refusals, tables) on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[arg(value_parser = game_ids())]
    pub game: String,
    /// Number of players (default: the game's minimum, or the number of --names).
    #[arg(long)]
    pub players: Option<usize>,
    /// Player names, comma separated, in seat order.
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Make a seat a computer player: SEAT (1 = first player), SEAT=KIND, SEAT=KIND:LEVEL or
    /// SEAT=LEVEL (the game's best kind at that level). Levels: easy, normal (the default),
    /// hard. Repeatable.
    #[arg(
        long = "bot",
        value_name = "SEAT[=KIND[:LEVEL]|=LEVEL]",
        value_parser = BotValues { every_seat: false },
        hide_possible_values = true
    )]
    pub bots: Vec<String>,
    /// Seed for the game's chance (a whole number), for a game you can play again identically.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A game option, KEY=VALUE (see `hotseat list`). Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Where to write the log (default: a new file in the data folder's games/).
    #[arg(long)]
    pub log: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SimArgs {
    #[arg(value_parser = game_ids())]
    pub game: String,
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Players per game (default: the game's minimum).
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of the first game; game k uses seed + k.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Who plays: KIND[:LEVEL] or LEVEL for every seat, SEAT=KIND[:LEVEL] or SEAT=LEVEL for
    /// one seat (1 = first; later ones win). Levels: easy, normal, hard; a plain KIND is its
    /// normal level and a plain LEVEL the game's best kind. Rocca also takes VILLAGE/MONSTER,
    /// e.g. `sleuth:hard/sleuth`: that kind as a villager, the other when holding the killer.
    /// Repeatable. Default: the game's best kind at normal.
    ///
    /// The table gives each seat's wins and mean score with 95% intervals (Wilson for win
    /// rates), the same per kind when kinds differ, and for Rocca the village's win rate by
    /// the Monster's seat. Example: `hotseat sim cocoon --bot 1=wheel:hard --bot 2=wheel:easy`.
    #[arg(
        long = "bot",
        value_name = "KIND[:LEVEL]|SEAT=KIND[:LEVEL]",
        value_parser = BotValues { every_seat: true },
        hide_possible_values = true
    )]
    pub bots: Vec<String>,
    /// A game option, KEY=VALUE. Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Write each game's log into this folder.
    #[arg(long)]
    pub save_logs: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Let search players (the hard levels) run their full playout count however long it
    /// takes: the figures a quiet machine gives, the same on a busy one. In play they stop at
    /// their time cap; `cargo bench --bench bots` measures how long a decision takes.
    #[arg(long)]
    pub no_time_cap: bool,
    /// Games played at once, on this many threads. The figures do not depend on it (with
    /// `--no-time-cap`, or on a machine with a core per job).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
}

/// What `hotseat --version` prints after the program's name: its version, then the rules
/// version of each game (a log records the version it was played under, and a newer program
/// may refuse or convert an older log, so a bug report needs both).
pub fn long_version() -> String {
    let mut s = format!("{}\nrules versions:", env!("CARGO_PKG_VERSION"));
    for g in registry::GAMES {
        s.push_str(&format!(
            "\n  {:<12} {:>2}  {}",
            g.id(),
            g.rules_version(),
            g.name()
        ));
    }
    s
}

/// The game ids (and their other names) as the command line's choices: shells complete them
/// and a mistake lists them.
fn game_ids() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(registry::GAMES.iter().map(|g| {
        clap::builder::PossibleValue::new(g.id())
            .aliases(g.aliases().iter().copied())
            .help(g.name())
    }))
}

fn palettes() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new([
        clap::builder::PossibleValue::new("standard"),
        clap::builder::PossibleValue::new("colour-blind").alias("color-blind"),
    ])
}

/// `--bot`'s values as choices the shells complete: a seat alone, or with a level, a kind or a
/// kind and a level (`2=memory:hard`), over every game's kinds; with `every_seat` (`sim`) also
/// the same without a seat. Any value still parses: the game is not known while completing,
/// so [`bot_kind`] checks the value against the game's own kinds and names them on a mistake.
/// clap's help leaves the long list out (`hide_possible_values`).
#[derive(Clone)]
struct BotValues {
    every_seat: bool,
}

impl clap::builder::TypedValueParser for BotValues {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(bot_values(self.every_seat).into_iter()))
    }
}

fn bot_values(every_seat: bool) -> Vec<clap::builder::PossibleValue> {
    use crate::bots::{Level, has_levels};
    use clap::builder::PossibleValue;
    // Every game's kinds, each once, in the order the games list them.
    let mut kinds: Vec<(&str, &str)> = Vec::new();
    for g in registry::GAMES {
        for &(kind, about) in g.bots() {
            if !kinds.iter().any(|(k, _)| *k == kind) {
                kinds.push((kind, about));
            }
        }
    }
    // A seat's words, or none for every seat.
    let mut forms: Vec<(String, String)> = Vec::new();
    let most = registry::GAMES
        .iter()
        .map(|g| g.players().1)
        .max()
        .unwrap_or(1);
    if every_seat {
        forms.push((String::new(), "every seat".into()));
    }
    forms.extend((1..=most).map(|seat| (format!("{seat}="), format!("seat {seat}"))));
    let mut values = Vec::new();
    for (prefix, who) in &forms {
        // A plain seat number is `play`'s (`sim` has no default kind to give it).
        if let Some(seat) = prefix.strip_suffix('=')
            && !every_seat
        {
            values.push(PossibleValue::new(seat.to_string()).help(format!(
                "{who}: the game's best kind at the level in the settings"
            )));
        }
        for level in Level::ALL {
            values.push(
                PossibleValue::new(format!("{prefix}{}", level.name()))
                    .help(format!("{who}: the game's best kind, {}", level.name())),
            );
        }
        for (kind, about) in &kinds {
            values.push(
                PossibleValue::new(format!("{prefix}{kind}")).help(format!("{who}: {about}")),
            );
            if has_levels(kind) {
                for level in Level::ALL {
                    values.push(
                        PossibleValue::new(format!("{prefix}{kind}:{}", level.name()))
                            .help(format!("{who}: {kind}, {}", level.name())),
                    );
                }
            }
        }
    }
    values
}

/// Where a bug report goes. The project has no public address for reports yet (its owners
/// have to give one), so the text says so plainly instead of pointing anywhere.
pub const WHERE_TO_REPORT: &str =
    "to whoever you got hotseat from: it has no public issue tracker or address for reports yet";

/// What the program says after a panic's message: it is a bug, and how to report it.
pub fn panic_note() -> String {
    format!(
        "this is a bug in hotseat. Every action of a game so far is saved. To report it, send \
         the message above with what `hotseat bugreport` prints {WHERE_TO_REPORT}."
    )
}

/// After a panic's message (the screens' hook puts the terminal back first), says what to do
/// about it on standard error. A computer player's panic is not followed by it: that halts
/// only its game, which says so on the screen (see `engine::thinker`).
pub fn install_bug_note() {
    use std::io::Write;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        if std::thread::current().name() != Some(crate::engine::thinker::THREAD_NAME) {
            // Never panics: after a hang-up the terminal it would go to may be gone.
            let _ = writeln!(std::io::stderr(), "hotseat: {}", panic_note());
        }
    }));
}

/// What `hotseat bugreport` prints: everything a bug report needs besides what happened.
pub fn bugreport() -> String {
    let env = |k: &str| {
        std::env::var(k)
            .map(|v| crate::text::clean(&crate::text::clip(&v, 80)).into_owned())
            .unwrap_or_else(|_| "(not set)".into())
    };
    let size = match ratatui::crossterm::terminal::size() {
        Ok((w, h)) => format!("{w}x{h}"),
        Err(e) => format!("unknown ({e})"),
    };
    let (config, _) = crate::config::report_in_force();
    let data = store::data_dir();
    let logs = std::fs::read_dir(data.join("games"))
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .count()
        })
        .map_or("no games folder".to_string(), |n| {
            format!("{n} saved games")
        });
    let mut s = format!("hotseat {}\n", long_version());
    s.push_str(&format!(
        "network server: {}\n",
        if cfg!(feature = "server") {
            "built in"
        } else {
            "left out (built without the `server` feature)"
        }
    ));
    s.push_str(&format!(
        "system: {} {} ({})\n",
        std::env::consts::OS,
        std::env::consts::ARCH,
        std::env::consts::FAMILY
    ));
    s.push_str(&format!(
        "terminal: TERM={} COLORTERM={} NO_COLOR={} size {size}\n",
        env("TERM"),
        env("COLORTERM"),
        env("NO_COLOR")
    ));
    s.push_str(&format!("settings: {config}"));
    s.push_str(&format!(
        "data folder: {} ({logs})\n",
        crate::text::path(&data)
    ));
    s.push_str(&format!(
        "\nTo report a bug, send this with what you did and what happened (and the game's log, \
         in the data folder's games folder, if the bug is in a game) {WHERE_TO_REPORT}.\n"
    ));
    s
}

static LONG_VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(long_version);

/// The command line's definition, with the facts only known at run time (the rules versions).
pub fn command() -> clap::Command {
    Cli::command().long_version(LONG_VERSION.as_str())
}

/// Parses the process's arguments; `--help`, `--version` and mistakes print and exit as clap
/// does.
pub fn parse() -> Cli {
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// The settings in force: the file's (or the defaults, with a warning when the file is
/// refused) under the command line's flags. `Err` only for a bad flag.
pub fn settings(args: &Cli) -> Result<(crate::config::Settings, Option<String>), String> {
    use crate::config::{self, Palette, ThemeName};
    let (mut s, warning) = match config::load_in_force() {
        Ok(found) => (found.unwrap_or_default(), None),
        Err(e) => (
            config::Settings::default(),
            Some(format!("{e}; starting with the default settings")),
        ),
    };
    s.ascii |= args.ascii;
    if args.no_mouse {
        s.mouse = false;
    }
    if let Some(t) = &args.theme {
        s.theme = match t.as_str() {
            "dark" => ThemeName::Dark,
            "light" => ThemeName::Light,
            "none" => ThemeName::None,
            _ => return Err("--theme is dark, light or none".into()),
        };
    }
    if let Some(p) = &args.palette {
        s.palette = match p.as_str() {
            "standard" => Palette::Standard,
            "colour-blind" | "color-blind" => Palette::ColourBlind,
            _ => return Err("--palette is standard or colour-blind".into()),
        };
    }
    if let Some(ms) = args.bot_pace {
        if ms > config::MAX_PACE_MS {
            return Err(format!(
                "--bot-pace is 0 to {} milliseconds",
                config::MAX_PACE_MS
            ));
        }
        s.bot_pace = std::time::Duration::from_millis(ms);
    }
    Ok((s, warning))
}

/// `hotseat stats`: the saved logs' statistics, as text or JSON.
pub fn stats(only: Option<&str>, json: bool) -> Result<String, String> {
    let mut st = crate::stats::read(&store::games_dir(), &store::data_dir(), registry::GAMES);
    if let Some(id) = only {
        st = st.only(game(id)?.id());
    }
    if json {
        let mut s = serde_json::to_string(&st).map_err(|e| e.to_string())?;
        s.push('\n');
        Ok(s)
    } else {
        Ok(st.text())
    }
}

pub fn game(id: &str) -> Result<&'static dyn AnyGame, String> {
    registry::find(id).ok_or_else(|| {
        let known: Vec<&str> = registry::GAMES.iter().map(|g| g.id()).collect();
        format!("unknown game '{id}' (known: {})", known.join(", "))
    })
}

/// A game's rules page for `hotseat rules`; with `ascii`, every symbol written in ASCII the
/// way the game screens draw it in ASCII mode.
pub fn rules_text(id: &str, ascii: bool) -> Result<String, String> {
    let text = game(id)?.rules();
    Ok(if ascii {
        crate::ui::Theme::new(true, false).text(text)
    } else {
        text.to_string()
    })
}

pub fn parse_options(kvs: &[String]) -> Result<Options, String> {
    let mut out = BTreeMap::new();
    for kv in kvs {
        let shown = crate::text::clean(&crate::text::clip(kv, log::MAX_FIELD_CHARS)).into_owned();
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("option '{shown}' is not KEY=VALUE"))?;
        let (k, v) = (k.trim(), v.trim());
        if k.chars().count() > log::MAX_FIELD_CHARS || v.chars().count() > log::MAX_FIELD_CHARS {
            return Err(format!(
                "option '{shown}' is too long (at most {} characters a side)",
                log::MAX_FIELD_CHARS
            ));
        }
        if kv.chars().any(crate::text::is_unsafe) {
            return Err(format!("option '{shown}' holds a control character"));
        }
        out.insert(k.to_string(), v.to_string());
    }
    Ok(out)
}

fn parse_seat(s: &str, n: usize) -> Result<usize, String> {
    let seat: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a seat number"))?;
    if seat == 0 || seat > n {
        return Err(format!("seat {seat} does not exist (seats are 1 to {n})"));
    }
    Ok(seat - 1)
}

/// The game's best kind (the first listed).
fn best_kind(g: &dyn AnyGame) -> String {
    g.bots()
        .first()
        .map(|(k, _)| k.to_string())
        .unwrap_or_else(|| "random".into())
}

/// The game's best kind at the level the settings give new computer players (`bot_level`).
fn settings_kind(g: &dyn AnyGame) -> String {
    let kind = best_kind(g);
    if crate::bots::has_levels(&kind) {
        crate::bots::with_level(&kind, crate::config::current().level())
    } else {
        kind
    }
}

/// A computer player as the command line names it (`KIND`, `KIND:LEVEL` or `LEVEL`), as the
/// kind string logs keep: normal is written as the plain kind.
pub fn bot_kind(g: &dyn AnyGame, spec: &str) -> Result<String, String> {
    use crate::bots::{Level, split_level, with_level};
    let spec = spec.trim();
    let shown = crate::text::clean(&crate::text::clip(spec, log::MAX_FIELD_CHARS)).into_owned();
    let kinds: Vec<&str> = g.bots().iter().map(|(k, _)| *k).collect();
    let levels = Level::ALL.map(Level::name).join(", ");
    let refused = || {
        format!(
            "{} has no computer player '{shown}' (kinds: {}; levels: {levels})",
            g.name(),
            kinds.join(", ")
        )
    };
    // Rocca's VILLAGE/MONSTER: each side named on its own, then the pair checked as a whole.
    if let Some((village, monster)) = spec.split_once('/') {
        let kind = format!("{}/{}", bot_kind(g, village)?, bot_kind(g, monster)?);
        return if g.bot_ok(&kind) {
            Ok(kind)
        } else {
            Err(refused())
        };
    }
    let kind = if let Some(level) = Level::parse(spec) {
        with_level(&best_kind(g), level)
    } else {
        let (k, level) = split_level(spec);
        if let Some((_, l)) = k.rsplit_once(':')
            && kinds.contains(&k.split(':').next().unwrap_or(""))
        {
            let l = crate::text::clean(&crate::text::clip(l, log::MAX_FIELD_CHARS)).into_owned();
            return Err(format!("'{l}' is not a level (levels: {levels})"));
        }
        with_level(k, level)
    };
    if g.bot_ok(&kind) {
        return Ok(kind);
    }
    Err(refused())
}

/// The setup `hotseat play` describes.
pub fn play_setup(g: &dyn AnyGame, a: &PlayArgs, started: String) -> Result<Setup, String> {
    let (min, max) = g.players();
    let n = a.players.unwrap_or(a.names.len().max(min));
    if n < min || n > max {
        return Err(format!(
            "{} takes {min} to {max} players, not {n}",
            g.name()
        ));
    }
    if a.names.len() > n {
        return Err(format!("{} names for {n} players", a.names.len()));
    }
    for (i, name) in a.names.iter().enumerate() {
        if !name.trim().is_empty() {
            log::check_name(name.trim()).map_err(|e| format!("name {}: {e}", i + 1))?;
        }
    }
    let seed = a.seed.unwrap_or_else(crate::engine::rng::fresh_seed);
    let mut kinds: Vec<Option<String>> = vec![None; n];
    for b in &a.bots {
        let (seat, kind) = match b.split_once('=') {
            Some((s, k)) => (parse_seat(s, n)?, bot_kind(g, k)?),
            // A bare seat: the best kind at the settings' level (normal unless `bot_level`).
            None => (parse_seat(b, n)?, settings_kind(g)),
        };
        kinds[seat] = Some(kind);
    }
    let players =
        (0..n)
            .map(|i| {
                let name = a
                    .names
                    .get(i)
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty());
                match &kinds[i] {
                    Some(kind) => PlayerEntry::bot(
                        name.unwrap_or(format!("Bot {}", i + 1)),
                        kind,
                        rng::bot_seed(seed, i),
                    ),
                    None => PlayerEntry::human(name.unwrap_or_else(|| {
                        match crate::config::current().name(i) {
                            Some(n) => n.to_string(),
                            None => format!("Player {}", i + 1),
                        }
                    })),
                }
            })
            .collect();
    Ok(Setup {
        options: parse_options(&a.options)?,
        players,
        seed,
        started,
    })
}

/// `hotseat replay --check`: the one-line verdict, `Err` naming the file, the entry and the
/// problem. Nothing from the file is printed: the verdict is made of this program's own words
/// and numbers.
pub fn check_log(path: &Path) -> Result<String, String> {
    let (g, t) = load(path)?;
    let state = match t.outcome() {
        Some(o) => format!("finished, scores {:?}", o.scores),
        None => "unfinished".into(),
    };
    Ok(format!(
        "ok: {} with {} players, {} actions re-simulated exactly, every chance outcome the seed's own draw, {state}",
        g.name(),
        t.to_log().players.len(),
        t.actions()
    ))
}

/// Reads, checks and re-simulates a log; every refusal starts with the file's name.
fn load(path: &Path) -> Result<(&'static dyn AnyGame, Box<dyn AnyTable>), String> {
    let named = |e: String| format!("{}: {e}", crate::text::path(path));
    let l = log::read(path).map_err(|e| named(e.to_string()))?;
    let g = game(&l.game).map_err(named)?;
    let t = g.load_table(&l).map_err(|e| named(e.to_string()))?;
    Ok((g, t))
}

pub fn list_text() -> String {
    let mut s = String::new();
    for g in registry::GAMES {
        let (min, max) = g.players();
        s.push_str(&format!(
            "{:<12} {} ({min}-{max} players)\n",
            g.id(),
            g.name()
        ));
        s.push_str(&format!("             {}\n", g.pitch()));
        for o in g.options() {
            s.push_str(&format!(
                "             --option {}={}  {}\n",
                o.key,
                o.values.join("|"),
                o.help
            ));
        }
        for (k, d) in g.bots() {
            s.push_str(&format!("             --bot {k}: {d}\n"));
        }
    }
    s
}

pub use crate::sim::SimReport;

/// Each seat's kind string for `hotseat sim`, from its `--bot` arguments.
pub fn sim_kinds(g: &dyn AnyGame, bots: &[String], n: usize) -> Result<Vec<String>, String> {
    let mut kinds = vec![best_kind(g); n];
    for b in bots {
        match b.split_once('=') {
            Some((s, k)) => kinds[parse_seat(s, n)?] = bot_kind(g, k)?,
            None => {
                let k = bot_kind(g, b)?;
                kinds.iter_mut().for_each(|x| *x = k.clone());
            }
        }
    }
    Ok(kinds)
}

pub fn sim(a: &SimArgs) -> Result<SimReport, String> {
    let g = game(&a.game)?;
    if a.games == 0 {
        return Err("--games must be at least 1: statistics of no games say nothing".into());
    }
    let (min, max) = g.players();
    let n = a.players.unwrap_or(min);
    if n < min || n > max {
        return Err(format!(
            "{} takes {min} to {max} players, not {n}",
            g.name()
        ));
    }
    let kinds = sim_kinds(g, &a.bots, n)?;
    let options = parse_options(&a.options)?;
    if let Some(dir) = &a.save_logs {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    crate::bots::search::set_time_caps(!a.no_time_cap);
    let mut r = crate::sim::run_jobs(
        g,
        &kinds,
        &options,
        a.games,
        a.seed,
        a.save_logs.as_deref(),
        usize::from(a.jobs),
    )?;
    r.time_caps = !a.no_time_cap;
    Ok(r)
}

pub fn sim_text(r: &SimReport) -> String {
    crate::sim::text(r)
}

/// A new table for `hotseat play` and the file its log will go to: `--log`, or a fresh file
/// in the data folder. Nothing is written yet (see [`start_saving`]), so a caller can still
/// refuse to start (no terminal) without leaving a log behind.
pub fn new_play_table(a: &PlayArgs) -> Result<(Box<dyn AnyTable>, PathBuf), String> {
    let g = game(&a.game)?;
    let started = store::now_rfc3339();
    let setup = play_setup(g, a, started.clone())?;
    let t = g.new_table(setup)?;
    let path = a
        .log
        .clone()
        .unwrap_or_else(|| store::new_log_path(g.id(), &started));
    // A new game never writes over a saved one.
    let shown = crate::text::path(&path);
    if path.exists() {
        return Err(format!(
            "{shown} already exists; `hotseat resume {shown}` carries it on, or choose another --log"
        ));
    }
    Ok((t, path))
}

/// Writes the new game's log for the first time; from now on every action is saved to it.
pub fn start_saving(t: &mut Box<dyn AnyTable>, path: PathBuf) -> Result<(), String> {
    let shown = crate::text::path(&path);
    t.set_save(Some(path))
        .map_err(|e| format!("{shown}: {e}"))?;
    match t.save_error() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A table rebuilt from a saved log, saving back to the same file; refused while another
/// process has the game open.
/// The game screen for `t` (the program quits when it is left).
pub fn play_screen(t: Box<dyn AnyTable>) -> Result<Box<dyn crate::ui::Screen>, String> {
    let g = registry::find(t.game()).ok_or("this hotseat does not have the game")?;
    g.play_screen(t, false, &crate::ui::work::Local::app())
}

/// The replay viewer for `t`'s history.
pub fn replay_screen(t: Box<dyn AnyTable>) -> Result<Box<dyn crate::ui::Screen>, String> {
    let g = registry::find(t.game()).ok_or("this hotseat does not have the game")?;
    g.replay_screen(t)
}

pub fn load_table(path: &Path) -> Result<Box<dyn AnyTable>, String> {
    let (_, mut t) = load(path)?;
    t.set_save(Some(path.to_path_buf()))
        .map_err(|e| format!("{}: {e}", crate::text::path(path)))?;
    Ok(t)
}

/// What `hotseat play` and `hotseat resume` print once the screen is closed on an unfinished
/// game: the command that carries it on. `None` for a finished game or a log that cannot be
/// read (nothing was saved, or the error was on screen already).
pub fn resume_line(path: &Path) -> Option<String> {
    let t = load_for_replay(path).ok()?;
    if t.outcome().is_some() {
        return None;
    }
    Some(format!(
        "The game is saved. To carry it on: hotseat resume {}\n",
        shell_word(&crate::text::path(path))
    ))
}

/// `word` as one word for a POSIX shell: as it is when nothing in it is special, otherwise in
/// single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:,@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A table rebuilt from a saved log for watching: no lock, nothing is written.
pub fn load_for_replay(path: &Path) -> Result<Box<dyn AnyTable>, String> {
    load(path).map(|(_, t)| t)
}

/// A finished game's table for `hotseat replay`. An unfinished game is refused: stepping through
/// it would show secrets its players have not seen yet (hands, roles, where tiles lie).
pub fn replay_table(path: &Path) -> Result<Box<dyn AnyTable>, String> {
    let t = load_for_replay(path)?;
    if t.outcome().is_none() {
        let shown = crate::text::path(path);
        return Err(format!(
            "{shown}: this game is not finished, and a replay would show secrets its players \
             have not seen; `hotseat resume {shown}` carries it on"
        ));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The child process of `a_panic_says_it_is_a_bug_and_what_to_do_with_the_report`: it
    /// installs the note as `main` does, then a computer player's thread and this one panic.
    #[test]
    #[ignore = "panics on purpose: run by a_panic_says_it_is_a_bug_and_what_to_do_with_the_report"]
    fn panic_with_the_bug_note_installed() {
        install_bug_note();
        let thinker = std::thread::Builder::new()
            .name(crate::engine::thinker::THREAD_NAME.into())
            .spawn(|| panic!("a computer player's own panic"))
            .expect("a thread");
        assert!(thinker.join().is_err());
        panic!("a bug's panic");
    }

    #[test]
    fn a_panic_says_it_is_a_bug_and_what_to_do_with_the_report() {
        let out = std::process::Command::new(std::env::current_exe().expect("this test binary"))
            .args([
                "--exact",
                "cli::tests::panic_with_the_bug_note_installed",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        let note = format!("hotseat: {}", panic_note());
        // Once: after the bug's message, not after the computer player's.
        assert_eq!(err.matches(&note).count(), 1, "{err}");
        let (Some(message), Some(after)) = (err.find("a bug's panic"), err.find(&note)) else {
            panic!("no message or note in:\n{err}");
        };
        assert!(message < after, "{err}");
        assert!(err.contains("a computer player's own panic"), "{err}");
        // It names the command that gathers a report and says where the report goes, with no
        // address the project does not have.
        for want in [
            "this is a bug in hotseat",
            "`hotseat bugreport`",
            "to whoever you got hotseat from",
            "no public issue tracker",
        ] {
            assert!(note.contains(want), "no '{want}' in: {note}");
        }
        assert!(!note.contains("http") && !note.contains('@'), "{note}");
    }
}

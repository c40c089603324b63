//! The new-game form: player count, each seat's name and kind, the game's options, the seed.
//!
//! The same form sets up a table on the game server ([`SetupForm::for_server`]): seats may
//! then also be "remote" (a free seat someone joins over SSH) or "here" (a person at the
//! creator's terminal), and a seat timeout is chosen. The form itself never talks to the
//! server: on Start it only marks itself ready, and the lobby hands its choices to the hub.

use std::collections::BTreeMap;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::Setup;
use crate::engine::log::PlayerEntry;
use crate::engine::rng;
use crate::store;
use crate::ui::AnyGame;

use super::catalog::{Catalog, player_range};
use super::commands::{self, Command, ENTER, Key};
use super::theme::Theme;
use super::widgets::{TextInput, hint_line};
use super::{Nav, Screen};

/// The longest name, the same cap as the command line and logs.
pub const NAME_MAX: usize = crate::engine::log::MAX_NAME_CHARS;

/// One row of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Count,
    Seat(usize),
    Opt(usize),
    Seed,
    /// Server tables only: how long a seat may be away before a computer player stands in.
    Timeout,
    /// Server tables only: whether the hint key works at the table (the creator's switch).
    Hints,
    Start,
}

/// What the form's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupCmd {
    /// Typing a seat's name (the name field has the keyboard).
    Type,
    /// Enter, Esc or Tab while typing: the name is done.
    Done,
    Up,
    Down,
    Less,
    More,
    /// Enter on a seat whose name this terminal gives.
    EditName,
    /// Enter on a row of choices: the next one, like →.
    NextValue,
    /// Enter on the Seed row: on to the next row.
    NextRow,
    /// Digits and Backspace on the Seed row.
    Seed,
    /// `s` anywhere, or Enter on the last row: start the game here...
    Start,
    /// ...or, on a server table's form, open it in the lobby.
    Open,
    Back,
}

const H_ENTER: &str = "edit a seat's name; on a choice: the next one; on Start: start";
const H_ENTER_SERVER: &str =
    "edit the name of a person here; on a choice: the next one; on Open table: open it";

/// The form's keys, in the hint line's order: the hint line, the `?` help and dispatch all read
/// this list. Entries without keys only name a group on the hint line; entries without a label
/// only dispatch and explain. Local and server forms differ in the help's words, so some
/// commands come twice and [`SetupForm::applies`] keeps the form's own.
pub const SETUP_COMMANDS: &[Command<SetupCmd>] = &[
    Command {
        id: SetupCmd::Type,
        keys: &[],
        key: "type",
        label: "the name",
        help: "",
    },
    Command {
        id: SetupCmd::Type,
        keys: &[],
        key: "Backspace",
        label: "erase",
        help: "",
    },
    Command {
        id: SetupCmd::Done,
        keys: &[
            Key::Code(KeyCode::Enter),
            Key::Code(KeyCode::Esc),
            Key::Code(KeyCode::Tab),
        ],
        key: "Enter",
        label: "done",
        help: "",
    },
    Command {
        id: SetupCmd::Type,
        keys: &[Key::Chars(' ', char::MAX), Key::Code(KeyCode::Backspace)],
        key: "",
        label: "",
        help: "",
    },
    Command {
        id: SetupCmd::Up,
        keys: &[],
        key: "↑/↓",
        label: "row",
        help: "",
    },
    Command {
        id: SetupCmd::Up,
        keys: &[
            Key::Code(KeyCode::Up),
            Key::Char('k'),
            Key::Code(KeyCode::BackTab),
        ],
        key: "↑/↓ j/k Tab",
        label: "",
        help: "move between rows",
    },
    Command {
        id: SetupCmd::Down,
        keys: &[
            Key::Code(KeyCode::Down),
            Key::Char('j'),
            Key::Code(KeyCode::Tab),
        ],
        key: "↑/↓ j/k Tab",
        label: "",
        help: "move between rows",
    },
    Command {
        id: SetupCmd::More,
        keys: &[],
        key: "←/→",
        label: "change",
        help: "",
    },
    Command {
        id: SetupCmd::Less,
        keys: &[Key::Code(KeyCode::Left), Key::Char('h')],
        key: "←/→ h/l",
        label: "",
        help: "change the value on the row (players, who plays, options)",
    },
    Command {
        id: SetupCmd::More,
        keys: &[Key::Code(KeyCode::Right), Key::Char('l')],
        key: "←/→ h/l",
        label: "",
        help: "change the value on the row (players, who plays, options)",
    },
    Command {
        id: SetupCmd::EditName,
        keys: ENTER,
        key: "Enter",
        label: "edit name",
        help: H_ENTER,
    },
    Command {
        id: SetupCmd::NextValue,
        keys: ENTER,
        key: "Enter",
        label: "",
        help: H_ENTER,
    },
    Command {
        id: SetupCmd::NextRow,
        keys: ENTER,
        key: "Enter",
        label: "",
        help: "",
    },
    // Every row but Start has its own Enter above, so these two answer Enter on Start only.
    Command {
        id: SetupCmd::Start,
        keys: ENTER,
        key: "Enter",
        label: "",
        help: H_ENTER,
    },
    Command {
        id: SetupCmd::Open,
        keys: ENTER,
        key: "Enter",
        label: "",
        help: H_ENTER_SERVER,
    },
    Command {
        id: SetupCmd::Seed,
        keys: &[Key::Chars('0', '9'), Key::Code(KeyCode::Backspace)],
        key: "0-9",
        label: "seed",
        help: "on the Seed row: type a seed (Backspace erases; empty: a random one)",
    },
    Command {
        id: SetupCmd::Start,
        keys: &[Key::Char('s')],
        key: "s",
        label: "start",
        help: "start the game, from any row",
    },
    Command {
        id: SetupCmd::Open,
        keys: &[Key::Char('s')],
        key: "s",
        label: "open",
        help: "open the table in the lobby, from any row",
    },
    Command {
        id: SetupCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc",
        label: "back",
        help: "",
    },
    Command {
        id: SetupCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc / q",
        label: "",
        help: "back to the games",
    },
];

/// The seat timeouts a server table offers, in seconds, with their labels and whether a
/// computer player then plays for the person who is away. The long ones are turn-based tables,
/// played over days: their seats wait for their people unless the creator asks otherwise.
pub const TIMEOUTS: &[(u64, &str, bool)] = &[
    (60, "1 minute", true),
    (120, "2 minutes", true),
    (300, "5 minutes", true),
    (600, "10 minutes", true),
    (1800, "30 minutes", true),
    (DAY, "turn-based: 1 day, the seat waits", false),
    (DAY, "turn-based: 1 day, then a computer player", true),
    (3 * DAY, "turn-based: 3 days, the seat waits", false),
    (7 * DAY, "turn-based: 1 week, the seat waits", false),
];

const DAY: u64 = 24 * 3600;

/// The default timeout: long enough to reconnect after a dropped line, short enough that the
/// others do not wait long for a player who has gone.
const TIMEOUT_DEFAULT: usize = 1;

/// What the form adds for a table on the game server.
#[derive(Clone, Debug)]
pub struct ServerRows {
    /// The creator's name, the first seat's default.
    pub creator: String,
    /// Index into [`TIMEOUTS`].
    pub timeout: usize,
    /// The hint key works at the table (off unless the creator allows it: a hint is help
    /// the other terminals do not get).
    pub hints: bool,
    /// Start was chosen on a valid form: the lobby takes the choices (see [`SetupForm::take_ready`]).
    pub ready: bool,
}

/// Who takes a seat at a server table, as the form chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// A free seat anyone may take over SSH.
    Remote,
    /// A person at the creator's terminal, by name.
    Here(String),
    /// A computer player of this kind.
    Bot { kind: String },
}

#[derive(Clone, Debug)]
pub struct SeatForm {
    pub name: TextInput,
    /// 0 = human, k = the game's computer player k-1 in [`bot_choices`] order (each kind at
    /// each of its levels).
    pub kind: usize,
    /// The name was typed by the user (so a kind change keeps it).
    pub edited: bool,
}

pub struct SetupForm {
    catalog: Catalog,
    game: &'static dyn AnyGame,
    pub players: usize,
    /// One per possible seat; the first `players` are used.
    pub seats: Vec<SeatForm>,
    /// Chosen value index per option.
    pub options: Vec<usize>,
    pub seed: TextInput,
    pub row: usize,
    /// The row's text field has the keyboard.
    pub editing: bool,
    pub error: Option<String>,
    /// `Some` when the form sets up a table on the game server.
    pub server: Option<ServerRows>,
}

fn default_name(seat: usize, kind: usize) -> String {
    if kind == 0 {
        match crate::config::current().name(seat) {
            Some(name) => name.to_string(),
            None => format!("Player {}", seat + 1),
        }
    } else {
        format!("Bot {}", seat + 1)
    }
}

/// The computer players a seat may be: every kind at each of its levels, easy to hard, as
/// kind strings (normal written as the plain kind).
pub fn bot_choices(game: &dyn AnyGame) -> Vec<String> {
    use crate::bots::{Level, has_levels, with_level};
    let mut out = Vec::new();
    for (kind, _) in game.bots() {
        if has_levels(kind) {
            out.extend(Level::ALL.map(|l| with_level(kind, l)));
        } else {
            out.push(kind.to_string());
        }
    }
    out
}

/// The seat kind (an index: 0 is a person, then [`bot_choices`] in order) computer seats start
/// as: the game's best kind at `level` (the settings' `bot_level`), or its first kind.
fn starting_bot(game: &dyn AnyGame, level: crate::bots::Level) -> usize {
    let choices = bot_choices(game);
    let best = game.bots().first().map_or("random", |(k, _)| *k);
    let wanted = crate::bots::with_level(best, level);
    choices
        .iter()
        .position(|k| *k == wanted)
        .or_else(|| choices.iter().position(|k| !k.contains(':')))
        .map_or(0, |i| i + 1)
}

/// What a level means, for the form's help line.
fn level_help(level: crate::bots::Level) -> &'static str {
    match level {
        crate::bots::Level::Easy => "Easy: plays sensibly but makes a learner's mistakes.",
        crate::bots::Level::Normal => "Normal: a steady player.",
        crate::bots::Level::Hard => "Hard: the strongest this program plays.",
    }
}

impl SetupForm {
    pub fn new(catalog: Catalog, game: &'static dyn AnyGame) -> Self {
        let (lo, hi) = game.players();
        let first_bot = starting_bot(game, crate::config::current().level());
        let seats = (0..hi.max(1))
            .map(|i| {
                // The first seat is a person; the others start as the best bot, if any.
                let kind = if i > 0 { first_bot } else { 0 };
                SeatForm {
                    name: TextInput::new(default_name(i, kind), NAME_MAX),
                    kind,
                    edited: false,
                }
            })
            .collect();
        SetupForm {
            catalog,
            game,
            players: lo.max(1),
            seats,
            options: vec![0; game.options().len()],
            seed: TextInput::digits(20),
            row: 0,
            editing: false,
            error: None,
            server: None,
        }
    }

    /// The form for a table on the game server, created by `creator`: the first seat is the
    /// creator's, here at their terminal; every other seat is left free for someone to join.
    pub fn for_server(catalog: Catalog, game: &'static dyn AnyGame, creator: &str) -> Self {
        let mut form = SetupForm::new(catalog, game);
        form.server = Some(ServerRows {
            creator: creator.to_string(),
            timeout: TIMEOUT_DEFAULT,
            hints: false,
            ready: false,
        });
        // A table on the server is for more than one person: two seats where the game allows.
        let (lo, hi) = game.players();
        form.players = lo.max(2).min(hi).max(1);
        form.reclamp();
        let remote = form.remote_kind();
        for (i, seat) in form.seats.iter_mut().enumerate() {
            seat.kind = if i == 0 { 0 } else { remote.unwrap_or(0) };
            seat.edited = false;
        }
        for i in 0..form.seats.len() {
            let kind = form.seats[i].kind;
            form.seats[i].name.value = form.default_name(i, kind);
        }
        form
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Count];
        rows.extend((0..self.players).map(Row::Seat));
        rows.extend((0..self.options.len()).map(Row::Opt));
        rows.push(Row::Seed);
        if self.server.is_some() {
            rows.push(Row::Timeout);
            rows.push(Row::Hints);
        }
        rows.push(Row::Start);
        rows
    }

    /// The kind index of a remote seat: the last, after the computer players (server only).
    fn remote_kind(&self) -> Option<usize> {
        self.server
            .as_ref()
            .map(|_| bot_choices(self.game).len() + 1)
    }

    fn is_remote(&self, kind: usize) -> bool {
        self.remote_kind() == Some(kind)
    }

    /// A seat's name when none was typed: the creator's for a server table's first seat.
    fn default_name(&self, seat: usize, kind: usize) -> String {
        match &self.server {
            Some(_) if self.is_remote(kind) => "(open seat)".into(),
            Some(s) if seat == 0 && kind == 0 && !s.creator.trim().is_empty() => s.creator.clone(),
            _ => default_name(seat, kind),
        }
    }

    /// The seat's name may be typed: always at this keyboard; at a server table only for the
    /// people at the creator's terminal (the others bring their own names).
    fn name_editable(&self, seat: usize) -> bool {
        match (&self.server, self.seats.get(seat)) {
            (None, _) => true,
            (Some(_), Some(s)) => s.kind == 0,
            (Some(_), None) => false,
        }
    }

    /// Start was chosen on a valid server form: true once, then the flag is cleared.
    pub fn take_ready(&mut self) -> bool {
        match &mut self.server {
            Some(s) => std::mem::take(&mut s.ready),
            None => false,
        }
    }

    /// The chosen seat timeout (server tables).
    pub fn timeout(&self) -> Option<std::time::Duration> {
        let s = self.server.as_ref()?;
        TIMEOUTS
            .get(s.timeout)
            .map(|&(secs, _, _)| std::time::Duration::from_secs(secs))
    }

    /// Whether a computer player plays for a person away longer than the timeout (server
    /// tables; a turn-based table's seats wait unless the creator chose otherwise).
    pub fn stand_in(&self) -> bool {
        let s = self.server.as_ref();
        s.and_then(|s| TIMEOUTS.get(s.timeout)).is_none_or(|t| t.2)
    }

    /// Whether the creator allows the hint key at the server table (off by default).
    pub fn hints(&self) -> bool {
        self.server.as_ref().is_some_and(|s| s.hints)
    }

    /// Who takes each seat of a server table, in seat order.
    pub fn seat_choices(&self) -> Vec<SeatChoice> {
        (0..self.players.min(self.seats.len()))
            .map(|i| {
                let seat = &self.seats[i];
                match seat.kind {
                    k if self.is_remote(k) => SeatChoice::Remote,
                    0 => SeatChoice::Here(match seat.name.value.trim() {
                        "" => self.default_name(i, 0),
                        n => n.to_string(),
                    }),
                    k => SeatChoice::Bot {
                        kind: self.bot_kind(k).unwrap_or_default(),
                    },
                }
            })
            .collect()
    }

    /// The chosen options, as the engine takes them.
    pub fn chosen_options(&self) -> crate::engine::Options {
        self.options_with(usize::MAX, 0)
    }

    /// The typed seed; `None` for a fresh random one.
    pub fn chosen_seed(&self) -> Result<Option<u64>, String> {
        if self.seed.value.is_empty() {
            return Ok(None);
        }
        self.seed
            .value
            .parse::<u64>()
            .map(Some)
            .map_err(|_| format!("The seed must be a whole number up to {}.", u64::MAX))
    }

    pub fn game(&self) -> &'static dyn AnyGame {
        self.game
    }

    pub fn current(&self) -> Row {
        let rows = self.rows();
        rows[self.row.min(rows.len() - 1)]
    }

    fn kinds(&self) -> usize {
        bot_choices(self.game).len() + 1 + usize::from(self.server.is_some())
    }

    /// The kind string of choice `kind` (0 = a person, and the remote seat: none).
    fn bot_kind(&self, kind: usize) -> Option<String> {
        if self.is_remote(kind) {
            return None;
        }
        kind.checked_sub(1)
            .and_then(|k| bot_choices(self.game).into_iter().nth(k))
    }

    fn kind_label(&self, kind: usize) -> String {
        match self.bot_kind(kind) {
            None if self.is_remote(kind) => "Remote: joins over SSH".into(),
            None if kind == 0 && self.server.is_some() => "Here: this terminal".into(),
            None if kind == 0 => "Human".into(),
            None => "?".into(),
            Some(k) => match k.split_once(':') {
                Some((name, level)) => format!("Computer: {name} ({level})"),
                None if crate::bots::has_levels(&k) => format!("Computer: {k} (normal)"),
                None => format!("Computer: {k}"),
            },
        }
    }

    /// ←/→ on the current row: `step` is +1 or -1.
    fn change(&mut self, step: isize) {
        match self.current() {
            Row::Count => {
                let (lo, hi) = self.game.players();
                let n = self.players as isize + step;
                self.players = n.clamp(lo as isize, hi as isize) as usize;
                self.reclamp();
            }
            Row::Seat(i) => {
                let kinds = self.kinds() as isize;
                let Some(seat) = self.seats.get_mut(i) else {
                    return;
                };
                seat.kind = (seat.kind as isize + step).rem_euclid(kinds) as usize;
                let kind = seat.kind;
                // A typed name stays, except on a seat whose name is not the form's to give.
                if !self.seats[i].edited || !self.name_editable(i) {
                    self.seats[i].edited = false;
                    self.seats[i].name.value = self.default_name(i, kind);
                }
            }
            Row::Timeout => {
                if let Some(s) = &mut self.server {
                    let n = TIMEOUTS.len() as isize;
                    s.timeout = (s.timeout as isize + step).clamp(0, n - 1) as usize;
                }
            }
            Row::Hints => {
                if let Some(s) = &mut self.server {
                    s.hints = !s.hints;
                }
            }
            Row::Opt(i) => {
                let Some(spec) = self.game.options().get(i) else {
                    return;
                };
                let n = spec.values.len().max(1) as isize;
                let Some(&now) = self.options.get(i) else {
                    return;
                };
                // The next value in that direction that makes a game with the rest of the
                // form; values that cannot are skipped, and if none can, say why.
                let mut why = None;
                for k in 1..n {
                    let v = (now as isize + step * k).rem_euclid(n) as usize;
                    match self.check_with(i, v) {
                        Ok(()) => {
                            self.options[i] = v;
                            return;
                        }
                        Err(e) => {
                            why.get_or_insert(e);
                        }
                    }
                }
                if let Some(e) = why {
                    self.error = Some(format!("No other choice fits this form: {e}."));
                }
            }
            Row::Seed | Row::Start => {}
        }
    }

    /// The options as the engine takes them, with option `i` set to value index `v`.
    fn options_with(&self, i: usize, v: usize) -> BTreeMap<String, String> {
        self.game
            .options()
            .iter()
            .enumerate()
            .filter_map(|(k, spec)| {
                let idx = if k == i {
                    v
                } else {
                    self.options.get(k).copied().unwrap_or(0)
                };
                spec.values
                    .get(idx)
                    .map(|val| (spec.key.to_string(), val.to_string()))
            })
            .collect()
    }

    /// Whether option `i` at value index `v` makes a game with the rest of the form.
    fn check_with(&self, i: usize, v: usize) -> Result<(), String> {
        self.game
            .check_setup(&self.options_with(i, v), self.players)
    }

    /// The values option `i` offers now: those that make a game with the rest of the form.
    pub fn offered(&self, i: usize) -> Vec<&'static str> {
        let Some(spec) = self.game.options().get(i) else {
            return Vec::new();
        };
        (0..spec.values.len())
            .filter(|&v| self.check_with(i, v).is_ok())
            .map(|v| spec.values[v])
            .collect()
    }

    /// After the player count changed: every option whose value no longer fits moves to the
    /// nearest value that does, preferring a lower one (start player 5 of 5 becomes 2 of 2).
    fn reclamp(&mut self) {
        for i in 0..self.options.len() {
            let now = self.options[i];
            if self.check_with(i, now).is_ok() {
                continue;
            }
            let n = self.game.options().get(i).map_or(0, |s| s.values.len());
            let fits = (0..now)
                .rev()
                .chain(now + 1..n)
                .find(|&v| self.check_with(i, v).is_ok());
            if let Some(v) = fits {
                self.options[i] = v;
            }
        }
    }

    /// Whether `cmd` does something on the form as it is now. Enter does one thing per row;
    /// the start key is "start" on a local form and "open" on a server table's.
    pub fn applies(&self, cmd: SetupCmd) -> bool {
        let row = self.current();
        let server = self.server.is_some();
        if self.editing {
            return matches!(cmd, SetupCmd::Type | SetupCmd::Done);
        }
        match cmd {
            SetupCmd::Type | SetupCmd::Done => false,
            SetupCmd::Up | SetupCmd::Down | SetupCmd::Back => true,
            SetupCmd::Less | SetupCmd::More => !matches!(row, Row::Seed | Row::Start),
            SetupCmd::EditName => matches!(row, Row::Seat(i) if self.name_editable(i)),
            SetupCmd::NextValue => match row {
                Row::Seat(i) => !self.name_editable(i),
                Row::Count | Row::Opt(_) | Row::Timeout | Row::Hints => true,
                Row::Seed | Row::Start => false,
            },
            SetupCmd::NextRow | SetupCmd::Seed => row == Row::Seed,
            SetupCmd::Start => !server,
            SetupCmd::Open => server,
        }
    }

    /// The commands this form can ever give: a server form's or a local one's.
    fn commands_offered(&self) -> Vec<Command<SetupCmd>> {
        let server = self.server.is_some();
        SETUP_COMMANDS
            .iter()
            .filter(|c| match c.id {
                SetupCmd::Start => !server,
                SetupCmd::Open => server,
                _ => true,
            })
            .copied()
            .collect()
    }

    fn on_key(&mut self, key: KeyEvent) -> Nav {
        let Some(cmd) = commands::find(SETUP_COMMANDS, &key, |c| self.applies(c)) else {
            return Nav::Stay;
        };
        if !self.editing {
            self.error = None;
        }
        let rows = self.rows().len();
        match cmd {
            SetupCmd::Type => {
                if let Row::Seat(i) = self.current()
                    && seat_edit(&mut self.seats[i], &key)
                {
                    self.seats[i].edited = true;
                }
            }
            SetupCmd::Done => {
                self.editing = false;
                if let Row::Seat(i) = self.current()
                    && self.seats[i].name.value.trim().is_empty()
                {
                    let kind = self.seats[i].kind;
                    self.seats[i].name.value = self.default_name(i, kind);
                    self.seats[i].edited = false;
                }
            }
            SetupCmd::Back => return Nav::Pop,
            SetupCmd::Up => self.row = self.row.min(rows - 1).saturating_sub(1),
            SetupCmd::Down | SetupCmd::NextRow => self.row = (self.row + 1).min(rows - 1),
            SetupCmd::Less => self.change(-1),
            SetupCmd::More | SetupCmd::NextValue => self.change(1),
            SetupCmd::EditName => self.editing = true,
            SetupCmd::Seed => {
                self.seed.on_key(&key);
            }
            SetupCmd::Start | SetupCmd::Open => return self.start(),
        }
        Nav::Stay
    }

    /// The engine's setup from the form, or why it cannot start.
    pub fn build(&self, started: String) -> Result<Setup, String> {
        let seed = if self.seed.value.is_empty() {
            rng::fresh_seed()
        } else {
            self.seed
                .value
                .parse::<u64>()
                .map_err(|_| format!("The seed must be a whole number up to {}.", u64::MAX))?
        };
        let players = (0..self.players)
            .map(|i| {
                let seat = &self.seats[i];
                let name = match seat.name.value.trim() {
                    "" => default_name(i, seat.kind),
                    n => n.to_string(),
                };
                match self.bot_kind(seat.kind) {
                    None => PlayerEntry::human(name),
                    Some(kind) => {
                        PlayerEntry::bot(name, &kind, crate::engine::rng::bot_seed(seed, i))
                    }
                }
            })
            .collect();
        let options: BTreeMap<String, String> = self
            .game
            .options()
            .iter()
            .zip(&self.options)
            .filter_map(|(spec, &i)| {
                spec.values
                    .get(i)
                    .map(|v| (spec.key.to_string(), v.to_string()))
            })
            .collect();
        Ok(Setup {
            options,
            players,
            seed,
            started,
        })
    }

    fn start(&mut self) -> Nav {
        if self.server.is_some() {
            // A server table is the hub's to make: check what can be checked here, then let
            // the lobby take the choices.
            let checked = self
                .chosen_seed()
                .and_then(|_| self.game.check_setup(&self.chosen_options(), self.players));
            match (checked, &mut self.server) {
                (Err(e), _) => self.error = Some(e),
                (Ok(()), Some(s)) => s.ready = true,
                (Ok(()), None) => {}
            }
            return Nav::Stay;
        }
        let started = store::now_rfc3339();
        let setup = match self.build(started.clone()) {
            Ok(s) => s,
            Err(e) => {
                self.error = Some(e);
                return Nav::Stay;
            }
        };
        match self.game.new_table(setup) {
            Ok(mut table) => {
                let path = self.catalog.new_log_path(self.game.id(), &started);
                if let Err(e) = table.set_save(Some(path)) {
                    self.error = Some(format!("Cannot start: {e}"));
                    return Nav::Stay;
                }
                match self.game.play_screen(table, true, &self.catalog.local) {
                    Ok(screen) => Nav::Replace(screen),
                    Err(e) => {
                        self.error = Some(format!("Cannot start: {e}"));
                        Nav::Stay
                    }
                }
            }
            Err(e) => {
                self.error = Some(format!("Cannot start: {e}"));
                Nav::Stay
            }
        }
    }

    fn describe_row(&self, row: Row) -> String {
        match row {
            Row::Count => {
                let (lo, hi) = self.game.players();
                format!("How many seats at the table ({lo} to {hi}).")
            }
            Row::Seat(i) => {
                let kind = self.seats.get(i).map(|s| s.kind).unwrap_or(0);
                let what = match self.bot_kind(kind) {
                    None if self.is_remote(kind) => {
                        return "A free seat: someone joins it over SSH from the lobby. \
                            Left/right changes who plays."
                            .into();
                    }
                    None if self.server.is_some() => {
                        "A person at this terminal; several take turns with a hand-off screen."
                            .to_string()
                    }
                    None => "A person at this keyboard.".to_string(),
                    Some(k) => {
                        let (name, level) = crate::bots::split_level(&k);
                        let about = self
                            .game
                            .bots()
                            .iter()
                            .find(|b| b.0 == name)
                            .map(|b| format!("Computer player: {}.", b.1))
                            .unwrap_or_default();
                        if crate::bots::has_levels(name) {
                            format!("{about} {}", level_help(level))
                        } else {
                            about
                        }
                    }
                };
                if self.editing {
                    format!("{what} Type the name, Enter when done.")
                } else if !self.name_editable(i) {
                    format!("{what} Left/right changes who plays.")
                } else {
                    format!("{what} Enter edits the name; left/right changes who plays.")
                }
            }
            Row::Opt(i) => self
                .game
                .options()
                .get(i)
                .map(|s| {
                    let value = s.values.get(self.options[i]).copied().unwrap_or("");
                    // "Start player: start player: random..." reads as a stutter: a help that
                    // already begins with the label stands alone.
                    let head = if s.help.to_lowercase().starts_with(&s.label.to_lowercase()) {
                        format!("{}{}", s.label, s.help.get(s.label.len()..).unwrap_or(""))
                    } else {
                        format!("{}: {}", s.label, s.help)
                    };
                    match self.game.describe_option(s.key, value) {
                        Some(d) => format!("{head}. {value}: {d}"),
                        None => format!("{head}."),
                    }
                })
                .unwrap_or_default(),
            Row::Seed => {
                "Digits to replay the same shuffles and dice; empty for a fresh random game.".into()
            }
            Row::Timeout => "How long a seat's player may be gone (a dropped connection) \
                before a computer player plays for them, until they come back. Turn-based \
                tables last days: players come back when they have time."
                .into(),
            Row::Hints => "Whether the players may press the hint key to see what the hardest \
                computer player would do. A hint shows only on the screen of the player who \
                asked, and the others are not told what it said."
                .into(),
            Row::Start if self.server.is_some() => {
                "Open the table in the lobby (or press s from any row).".into()
            }
            Row::Start => "Start the game (or press s from any row).".into(),
        }
    }
}

fn seat_edit(seat: &mut SeatForm, key: &KeyEvent) -> bool {
    seat.name.on_key(key) == super::widgets::Edit::Changed
}

impl Screen for SetupForm {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, detail, hint] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(4),
            Constraint::Length(1),
        ])
        .areas(f.area());
        let heading = if self.server.is_some() {
            "New table"
        } else {
            "New game"
        };
        let block = theme.block(format!("{heading}: {}", theme.text(self.game.name())));
        let inner = block.inner(body);
        f.render_widget(block, body);
        let current = self.current();
        // The blank lines only space the form out: where rows would not fit (a server table of
        // eight seats at 80x24), they go, first the one at the top.
        let mut spacers = vec![0];
        let mut lines = vec![Line::from("")];
        // Wide enough for the longest option label, so every value starts in one column.
        let label_w = self
            .game
            .options()
            .iter()
            .map(|s| super::widgets::width(&theme.text(s.label)))
            .max()
            .unwrap_or(0)
            .max(12);
        // The names' column: 18 wide, or as wide as the widest name (by display width, plus
        // the editing cursor) so the kinds stay in one column.
        let name_w = self.seats[..self.players.min(self.seats.len())]
            .iter()
            .map(|s| super::widgets::width(&theme.text(&s.name.value)) + 1)
            .max()
            .unwrap_or(0)
            .max(18);
        for row in self.rows() {
            if row == Row::Start {
                spacers.push(lines.len());
                lines.push(Line::from(""));
            }
            let (label, value) = match row {
                Row::Count => (
                    "Players".to_string(),
                    format!(
                        "< {} >   ({})",
                        self.players,
                        player_range(theme, self.game.players())
                    ),
                ),
                Row::Seat(i) => {
                    let seat = &self.seats[i];
                    let cursor = if self.editing && row == current {
                        "_"
                    } else {
                        ""
                    };
                    let name = format!("{}{cursor}", theme.text(&seat.name.value));
                    (
                        format!("Seat {}", i + 1),
                        format!(
                            "{} < {} >",
                            super::widgets::fit(&name, name_w, theme.ellipsis()),
                            self.kind_label(seat.kind)
                        ),
                    )
                }
                Row::Opt(i) => {
                    let spec = &self.game.options()[i];
                    let v = spec.values.get(self.options[i]).copied().unwrap_or("");
                    (theme.text(spec.label), format!("< {} >", theme.text(v)))
                }
                Row::Seed => {
                    let v = if self.seed.value.is_empty() && !(row == current) {
                        "(random)".to_string()
                    } else if row == current {
                        format!("{}_", self.seed.value)
                    } else {
                        self.seed.value.clone()
                    };
                    ("Seed".into(), v)
                }
                Row::Timeout => {
                    let t = self.server.as_ref().map_or(0, |s| s.timeout);
                    let label = TIMEOUTS.get(t).map_or("", |t| t.1);
                    ("Seat timeout".into(), format!("< {label} >"))
                }
                Row::Hints => {
                    let on = if self.hints() { "allowed" } else { "off" };
                    ("Hints".into(), format!("< {on} >"))
                }
                Row::Start if self.server.is_some() => (String::new(), "[ Open table ]".into()),
                Row::Start => (String::new(), "[ Start ]".into()),
            };
            let sel = row == current;
            let marker = if sel { theme.pointer() } else { "  " };
            let label = super::widgets::fit(&label, label_w, theme.ellipsis());
            let text = format!(" {marker}{label} {value}");
            lines.push(if sel {
                Line::styled(text, theme.selected())
            } else {
                Line::from(text)
            });
            if matches!(row, Row::Count) {
                spacers.push(lines.len());
                lines.push(Line::from(""));
            }
        }
        let over = lines.len().saturating_sub(inner.height as usize);
        let drop: Vec<usize> = spacers.into_iter().take(over).collect();
        let lines: Vec<Line> = (lines.into_iter().enumerate())
            .filter(|(i, _)| !drop.contains(i))
            .map(|(_, l)| l)
            .collect();
        f.render_widget(Paragraph::new(lines), inner);
        let mut detail_lines = vec![Line::styled(
            theme.text(&self.describe_row(current)),
            theme.dim(),
        )];
        if let Some(e) = &self.error {
            detail_lines.push(Line::styled(theme.text(e), theme.error()));
        }
        // Inset by a column on each side, so wrapped lines keep the indent of the first.
        let detail = Rect {
            x: detail.x + 1,
            width: detail.width.saturating_sub(2),
            ..detail
        };
        f.render_widget(
            Paragraph::new(detail_lines).wrap(Wrap { trim: false }),
            detail,
        );
        let hint_spans = hint_line(theme, &commands::hints(SETUP_COMMANDS, |c| self.applies(c)));
        f.render_widget(Paragraph::new(hint_spans), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(*k),
            _ => Nav::Stay,
        }
    }

    fn captures_text(&self) -> bool {
        self.editing
    }

    fn title(&self) -> String {
        match self.server {
            Some(_) => format!("New table of {}", self.game.name()),
            None => format!("New game of {}", self.game.name()),
        }
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(&self.commands_offered())
    }
}

#[cfg(test)]
mod tests {
    use insta::assert_snapshot;
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::registry;
    use crate::ui::testutil::{draw, key};

    const THEME: Theme = Theme::new(false, true);

    #[test]
    fn computer_seats_start_at_the_settings_level() {
        use crate::bots::Level;
        for g in registry::GAMES {
            let choices = bot_choices(*g);
            let best = g.bots()[0].0;
            for (level, want) in [
                (Level::Easy, format!("{best}:easy")),
                (Level::Normal, best.to_string()),
                (Level::Hard, format!("{best}:hard")),
            ] {
                let i = starting_bot(*g, level);
                assert_eq!(choices[i - 1], want, "{}", g.id());
            }
        }
        // Unset in the settings file: normal.
        assert_eq!(crate::config::Settings::default().level(), Level::Normal);
    }

    fn form(id: &str) -> SetupForm {
        let catalog = Catalog {
            games: registry::GAMES.to_vec(),
            dir: std::env::temp_dir().join("hotseat-setup-tests-never-written"),
            local: crate::ui::work::Local::inline(),
        };
        let game = registry::find(id).expect("game");
        SetupForm::new(catalog, game)
    }

    fn go_to(f: &mut SetupForm, row: Row) {
        f.row = f.rows().iter().position(|r| *r == row).expect("row");
    }

    fn press(f: &mut SetupForm, code: KeyCode, times: usize) {
        for _ in 0..times {
            f.on_event(&key(code));
        }
    }

    fn value(f: &SetupForm, key: &str) -> &'static str {
        let i = f
            .game
            .options()
            .iter()
            .position(|s| s.key == key)
            .expect("option");
        f.game.options()[i].values[f.options[i]]
    }

    #[test]
    fn start_player_offers_only_seats_at_the_table() {
        let mut f = form("pocket");
        assert_eq!(f.players, 2);
        assert_eq!(f.offered(0), ["random", "1", "2"]);
        go_to(&mut f, Row::Opt(0));
        press(&mut f, KeyCode::Left, 1);
        assert_eq!(
            value(&f, "start"),
            "2",
            "left from random wraps to the last seat"
        );
        press(&mut f, KeyCode::Right, 1);
        assert_eq!(value(&f, "start"), "random");
        // Five players, start with the fifth; back to two: the start player is re-clamped.
        go_to(&mut f, Row::Count);
        press(&mut f, KeyCode::Right, 3);
        assert_eq!(f.players, 5);
        go_to(&mut f, Row::Opt(0));
        press(&mut f, KeyCode::Left, 1);
        assert_eq!(value(&f, "start"), "5");
        go_to(&mut f, Row::Count);
        press(&mut f, KeyCode::Left, 3);
        assert_eq!(f.players, 2);
        assert_eq!(value(&f, "start"), "2");
        assert!(f.build("2026-11-25T20:00:00Z".into()).is_ok());
        let shown = draw(&f, THEME, 80, 24);
        assert_snapshot!("setup_start_player_reclamped", shown);
        assert_snapshot!(
            "setup_start_player_reclamped_120x40",
            draw(&f, THEME, 120, 40)
        );
    }

    #[test]
    fn options_that_need_more_players_are_not_offered() {
        let mut f = form("rocca");
        assert_eq!(f.players, 3);
        let healer = f
            .game
            .options()
            .iter()
            .position(|s| s.key == "healer")
            .expect("healer");
        assert_eq!(f.offered(healer), ["off"]);
        go_to(&mut f, Row::Opt(healer));
        press(&mut f, KeyCode::Right, 1);
        assert_eq!(value(&f, "healer"), "off");
        let why = f.error.clone().expect("a reason");
        assert!(why.contains("4 or more players"), "{why}");
        go_to(&mut f, Row::Count);
        press(&mut f, KeyCode::Right, 1);
        go_to(&mut f, Row::Opt(healer));
        press(&mut f, KeyCode::Right, 1);
        assert_eq!(value(&f, "healer"), "on");
        go_to(&mut f, Row::Count);
        press(&mut f, KeyCode::Left, 1);
        assert_eq!(value(&f, "healer"), "off", "re-clamped at 3 players");
    }

    fn server_form(id: &str) -> SetupForm {
        let catalog = Catalog {
            games: registry::GAMES.to_vec(),
            dir: std::env::temp_dir().join("hotseat-setup-tests-never-written"),
            local: crate::ui::work::Local::inline(),
        };
        SetupForm::for_server(catalog, registry::find(id).expect("game"), "ann")
    }

    /// The form's keys come from one list: on every row of a local and a server form, and while
    /// a name is typed, a key does something exactly when the list has a command for it that
    /// applies; the help shows the form's own start key.
    #[test]
    fn the_keys_hints_and_help_are_one_list() {
        let dir = tempfile::tempdir().expect("tmp");
        let catalog = Catalog {
            games: registry::GAMES.to_vec(),
            dir: dir.path().to_path_buf(),
            local: crate::ui::work::Local::inline(),
        };
        let game = registry::find("kokoro").expect("game");
        for server in [false, true] {
            let new = || {
                let mut f = if server {
                    SetupForm::for_server(catalog.clone(), game, "ann")
                } else {
                    SetupForm::new(catalog.clone(), game)
                };
                // Room both ways on the count, a seed to erase, and a seat of each kind.
                f.players = 3;
                f.seed.value = "12".into();
                f.seats[1].kind = 1;
                f
            };
            let rows = new().rows();
            for (at, row) in rows.iter().enumerate() {
                for editing in [false, true] {
                    let fresh = || {
                        let mut f = new();
                        f.row = at;
                        f.editing = editing && f.applies(SetupCmd::EditName);
                        f
                    };
                    if editing && !fresh().editing {
                        continue;
                    }
                    let state = |f: &SetupForm| {
                        (
                            f.row,
                            f.players,
                            f.seats
                                .iter()
                                .map(|s| (s.kind, s.name.value.clone()))
                                .collect::<Vec<_>>(),
                            f.options.clone(),
                            f.seed.value.clone(),
                            f.editing,
                            f.error.clone(),
                            f.server.as_ref().map(|s| (s.timeout, s.hints, s.ready)),
                        )
                    };
                    crate::ui::testutil::keys_are_the_list(fresh, state, |f, k| {
                        commands::find(SETUP_COMMANDS, k, |c| f.applies(c)).filter(|c| {
                            !(*c == SetupCmd::Up && at == 0
                                || *c == SetupCmd::Down && at + 1 == rows.len())
                        })
                    });
                    let hint = draw(&fresh(), THEME, 80, 24);
                    let hint = hint.lines().last().unwrap_or_default().to_string();
                    if editing {
                        assert!(hint.contains("type the name"), "{hint}");
                    } else {
                        assert_eq!(hint.contains("s open"), server, "{row:?}: {hint}");
                        assert_eq!(hint.contains("0-9 seed"), *row == Row::Seed, "{hint}");
                        let name = matches!(row, Row::Seat(i) if fresh().name_editable(*i));
                        assert_eq!(hint.contains("Enter edit name"), name, "{row:?}: {hint}");
                    }
                }
            }
            let help = new().help();
            let start = help.iter().find(|(k, _)| k == "s").map(|(_, w)| w.clone());
            assert_eq!(
                start.is_some_and(|w| w.contains("lobby")),
                server,
                "{help:?}"
            );
        }
    }

    #[test]
    fn the_local_form_offers_no_remote_seats() {
        let mut f = form("couperation");
        assert!(!f.rows().contains(&Row::Timeout));
        assert!(!f.rows().contains(&Row::Hints) && !f.hints());
        go_to(&mut f, Row::Seat(1));
        let mut labels = Vec::new();
        for _ in 0..f.kinds() {
            labels.push(f.kind_label(f.seats[1].kind));
            press(&mut f, KeyCode::Right, 1);
        }
        assert!(
            labels
                .iter()
                .all(|l| !l.contains("Remote") && !l.contains("Here"))
        );
        assert_eq!(labels.len(), bot_choices(f.game).len() + 1);
        press(&mut f, KeyCode::Char('s'), 1);
        assert!(
            !f.take_ready(),
            "a local form starts a game, it is never 'ready'"
        );
    }

    #[test]
    fn a_server_form_seats_the_creator_here_and_leaves_the_rest_free() {
        let mut f = server_form("couperation");
        assert_eq!(
            f.seat_choices(),
            [SeatChoice::Here("ann".into()), SeatChoice::Remote]
        );
        assert_eq!(f.timeout(), Some(std::time::Duration::from_secs(120)));
        // Right from a remote seat wraps to a person here, then the computer players.
        go_to(&mut f, Row::Seat(1));
        press(&mut f, KeyCode::Right, 1);
        assert_eq!(f.seat_choices()[1], SeatChoice::Here("Player 2".into()));
        press(&mut f, KeyCode::Right, 1);
        // The best kind first, at its easy level.
        let best = f.game.bots()[0].0.to_string();
        assert_eq!(
            f.seat_choices()[1],
            SeatChoice::Bot {
                kind: format!("{best}:easy")
            }
        );
        // A computer player's or a remote seat's name is not typed here.
        press(&mut f, KeyCode::Enter, 1);
        assert!(!f.editing);
        // The person here can be renamed; the name stays through kind changes back and forth.
        go_to(&mut f, Row::Seat(0));
        press(&mut f, KeyCode::Enter, 1);
        assert!(f.editing && f.captures_text());
        press(&mut f, KeyCode::Backspace, 3);
        for c in "Bo".chars() {
            f.on_event(&crate::ui::testutil::ch(c));
        }
        press(&mut f, KeyCode::Enter, 1);
        assert_eq!(f.seat_choices()[0], SeatChoice::Here("Bo".into()));
        go_to(&mut f, Row::Timeout);
        press(&mut f, KeyCode::Right, 3);
        assert_eq!(f.timeout(), Some(std::time::Duration::from_secs(1800)));
        assert!(f.stand_in());
        press(&mut f, KeyCode::Right, 1);
        assert_eq!(f.timeout(), Some(std::time::Duration::from_secs(24 * 3600)));
        assert!(!f.stand_in(), "a turn-based table's seats wait");
        press(&mut f, KeyCode::Right, 1);
        assert!(
            f.stand_in(),
            "unless the creator asks for a computer player"
        );
        press(&mut f, KeyCode::Right, 10);
        assert_eq!(
            f.timeout(),
            Some(std::time::Duration::from_secs(7 * 24 * 3600))
        );
        press(&mut f, KeyCode::Left, 10);
        assert_eq!(f.timeout(), Some(std::time::Duration::from_secs(60)));
        // Hints are off at a server table unless the creator allows them.
        assert!(!f.hints());
        go_to(&mut f, Row::Hints);
        press(&mut f, KeyCode::Right, 1);
        assert!(f.hints());
        press(&mut f, KeyCode::Enter, 1);
        assert!(!f.hints());
        press(&mut f, KeyCode::Left, 1);
        assert!(f.hints());
        // Start only marks the form ready, once; nothing is written anywhere.
        assert!(matches!(
            f.on_event(&crate::ui::testutil::ch('s')),
            Nav::Stay
        ));
        assert!(f.take_ready());
        assert!(!f.take_ready());
    }

    #[test]
    fn a_server_form_with_a_bad_seed_is_not_ready() {
        let mut f = server_form("pocket");
        f.seed.value = "99999999999999999999".into();
        f.on_event(&crate::ui::testutil::ch('s'));
        assert!(!f.take_ready());
        assert!(f.error.as_deref().is_some_and(|e| e.contains("seed")));
        f.seed.value = "42".into();
        f.on_event(&crate::ui::testutil::ch('s'));
        assert!(f.take_ready());
        assert_eq!(f.chosen_seed(), Ok(Some(42)));
    }

    #[test]
    fn server_form_snapshots() {
        // Kokoro at eight seats is the tallest form: it must still fit at 80x24.
        let mut f = server_form("kokoro");
        go_to(&mut f, Row::Count);
        press(&mut f, KeyCode::Right, 7);
        assert_eq!(f.players, 8);
        go_to(&mut f, Row::Seat(2));
        press(&mut f, KeyCode::Right, 2);
        go_to(&mut f, Row::Seat(3));
        press(&mut f, KeyCode::Right, 1);
        go_to(&mut f, Row::Seat(1));
        let small = draw(&f, THEME, 80, 24);
        assert!(small.contains("[ Open table ]"), "{small}");
        assert_snapshot!("setup_server_80x24", small);
        assert_snapshot!("setup_server_120x40", draw(&f, THEME, 120, 40));
    }

    #[test]
    fn every_offered_value_starts_a_game() {
        for g in registry::GAMES {
            let (lo, hi) = g.players();
            for n in lo..=hi {
                let f = SetupForm {
                    players: n,
                    ..form(g.id())
                };
                for i in 0..f.options.len() {
                    for v in f.offered(i) {
                        let idx = g.options()[i]
                            .values
                            .iter()
                            .position(|x| *x == v)
                            .expect("value");
                        let setup = {
                            let mut f2 = form(g.id());
                            f2.players = n;
                            f2.options[i] = idx;
                            f2.seed.value = "7".into();
                            f2.build("2026-11-25T20:00:00Z".into()).expect("build")
                        };
                        assert!(
                            g.new_table(setup).is_ok(),
                            "{} with {n} players, {}={v}",
                            g.id(),
                            g.options()[i].key
                        );
                    }
                }
            }
        }
    }
}

//! The lobby: what a person sees right after `ssh -p 2222 ann@host`. It lists the server's open
//! tables (code, game, seats taken and free, who sits where, waiting or playing) and leads to a
//! table: set up a new one, take a free seat by picking it or by typing a table's code, watch
//! one as a spectator. It also opens the rules pages and the replays of finished games.
//!
//! The lobby reads the tables from the hub every time it draws, so the list is current
//! whenever the hub wakes the connection. It shows names, seats and games only: nothing a seat
//! keeps hidden is ever in a [`TableSummary`].

pub mod create;
pub mod finished;
pub mod games;
pub mod seat_admin;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
pub mod visitor;
pub mod waiting;

use std::sync::Arc;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::engine::Seat;
use crate::ui::commands::{self, Command, ENTER, Key};
use crate::ui::theme::Theme;
use crate::ui::widgets::{TextInput, column_widths, fit, hint_line, truncate, width};
use crate::ui::{AnyGame, Nav, Screen};

use self::finished::FinishedList;
use self::games::GamePick;
pub use self::visitor::{Served, Tables, Visitor, seat_screen};
use crate::host::chat::Said;
use crate::host::hub::{SeatKind, SeatSummary, TableSummary};
use crate::host::{Peer, Wake};
use crate::ui::play::chat::said_lines;

/// The first screen of a new connection to a server: the lobby, with the table on top where
/// the connection's key holds a seat in a game under way.
pub fn welcome(served: &Served, peer: Peer, wake: Wake) -> Box<dyn Screen> {
    if let Some(code) = crate::host::table_code::in_user_name(&peer.name) {
        return invited(served, peer, wake, code);
    }
    let hub = &served.hub;
    hub.remember_name(&peer);
    // Seated at several games (turn-based ones, played over days): the lobby, which says
    // where it is their move, rather than one of them.
    let back = (hub.seated_at(&peer) <= 1)
        .then(|| hub.rejoin(&peer))
        .flatten()
        .and_then(|seated| seat_screen(served, seated, &peer, wake.clone()).ok());
    let lobby: Box<dyn Screen> = Box::new(Lobby::new(served.clone(), peer, wake));
    match back {
        Some(play) => Box::new(Stack(vec![lobby, play])),
        None => lobby,
    }
}

/// A person who came with an invite (`ssh -p 2222 7K2M-9PQR@host`, the table's code for their
/// name): straight to that table under the name their key came with before, or after they
/// typed one (asked once: the key keeps it). An unknown code, or a table without a seat for
/// them, leaves them in the lobby with the reason.
fn invited(served: &Served, mut peer: Peer, wake: Wake, code: String) -> Box<dyn Screen> {
    let known = peer.key.as_deref().and_then(|k| served.hub.known_name(k));
    let asking = known.is_none();
    if let Some(name) = known {
        peer.name = name;
    }
    let mut lobby = Lobby::new(served.clone(), peer, wake);
    if asking {
        lobby.step = Step::Name {
            input: TextInput::new("", crate::engine::log::MAX_NAME_CHARS),
            code,
        };
        return Box::new(lobby);
    }
    match lobby.join(&code, None) {
        Nav::Push(table) => Box::new(Stack(vec![Box::new(lobby), table])),
        _ => Box::new(lobby),
    }
}

/// Where the lobby stands: the list, or one of its small questions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    List,
    /// Typing a table's code (a reconnect code works too: the hub knows both).
    Code(TextInput),
    /// Choosing a free seat at the table `code`; `seat` is the highlighted one.
    Seat {
        code: String,
        seat: Seat,
    },
    /// Typing a line for the lobby's chat.
    Chat(TextInput),
    /// Typing the name to play under, for an invite to the table `code`.
    Name {
        input: TextInput,
        code: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyCmd {
    Move,
    Join,
    Code,
    New,
    Watch,
    Rules,
    Finished,
    Quit,
    StopHosting,
    SeatMove,
    TakeSeat,
    CodeJoin,
    Back,
    NameOk,
    Leave,
    Chat,
    Say,
}

const UP_DOWN: &[Key] = &[
    Key::Code(KeyCode::Up),
    Key::Code(KeyCode::Down),
    Key::Char('k'),
    Key::Char('j'),
];

/// The lobby's keys, in the order of the hint line.
pub const LOBBY_COMMANDS: &[Command<LobbyCmd>] = &[
    Command {
        id: LobbyCmd::Move,
        keys: UP_DOWN,
        key: "↑/↓",
        label: "choose",
        help: "choose a table",
    },
    Command {
        id: LobbyCmd::Join,
        keys: ENTER,
        key: "Enter",
        label: "join",
        help: "join the chosen table: pick one of its free seats (or go back to your own)",
    },
    Command {
        id: LobbyCmd::Code,
        keys: &[Key::Char('c')],
        key: "c",
        label: "code",
        help: "join a table by the short code a friend gave you (or your reconnect code)",
    },
    Command {
        id: LobbyCmd::New,
        keys: &[Key::Char('n')],
        key: "n",
        label: "new",
        help: "set up a new table: game, seats (remote, here or computer), options",
    },
    Command {
        id: LobbyCmd::Watch,
        keys: &[Key::Char('w')],
        key: "w",
        label: "watch",
        help: "watch the chosen table as a spectator (what everyone may see, no hands)",
    },
    Command {
        id: LobbyCmd::Rules,
        keys: &[Key::Char('r')],
        key: "r",
        label: "rules",
        help: "read the rules of a game",
    },
    Command {
        id: LobbyCmd::Finished,
        keys: &[Key::Char('f')],
        key: "f",
        label: "finished",
        help: "watch the replay of a game finished on this server",
    },
    Command {
        id: LobbyCmd::Quit,
        keys: &[Key::Char('q')],
        key: "q",
        label: "quit",
        help: "leave the server (a seat you hold stays yours)",
    },
    Command {
        id: LobbyCmd::StopHosting,
        keys: &[Key::Char('q')],
        key: "q",
        label: "stop",
        help: "hosting from this terminal: stop the server and go back to the games",
    },
    // Last on the list: at 80 columns the hint line ends before it, never before quit.
    Command {
        id: LobbyCmd::Chat,
        keys: &[Key::Char('/')],
        key: "/",
        label: "chat",
        help: "talk with everyone in the lobby (Enter sends, Esc closes)",
    },
    Command {
        id: LobbyCmd::SeatMove,
        keys: UP_DOWN,
        key: "↑/↓",
        label: "seat",
        help: "",
    },
    Command {
        id: LobbyCmd::TakeSeat,
        keys: ENTER,
        key: "Enter",
        label: "take it",
        help: "",
    },
    Command {
        id: LobbyCmd::CodeJoin,
        keys: &[Key::Code(KeyCode::Enter)],
        key: "Enter",
        label: "join",
        help: "",
    },
    Command {
        id: LobbyCmd::Back,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "back",
        help: "",
    },
    Command {
        id: LobbyCmd::NameOk,
        keys: &[Key::Code(KeyCode::Enter)],
        key: "Enter",
        label: "join",
        help: "",
    },
    Command {
        id: LobbyCmd::Say,
        keys: &[Key::Code(KeyCode::Enter)],
        key: "Enter",
        label: "send",
        help: "",
    },
    Command {
        id: LobbyCmd::Leave,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "leave",
        help: "",
    },
];

/// How many of the lobby chat's last lines a lobby reads.
pub const LOBBY_CHAT_KEPT: usize = 30;

/// The longest code the field takes: table codes and reconnect codes are both shorter.
const CODE_MAX: usize = 32;

pub struct Lobby {
    pub visitor: Visitor,
    /// The highlighted table's code: the highlight stays on its table as others come and go.
    pub selected: Option<String>,
    pub step: Step,
    /// What the last key did, or why it could not (`true`: an error).
    pub note: Option<(String, bool)>,
    _listed: crate::host::listing::Listed,
    /// This terminal hosts the server: how to join it, and what keeps the server running
    /// (dropped with the lobby, which stops it).
    hosting: Option<(String, Box<dyn std::any::Any>)>,
    /// The last line of the lobby's chat this person has had in view.
    chat_seen: u64,
}

impl Lobby {
    /// The lobby for `peer`, over the server's hub and the games it offers.
    pub fn new(served: Served, peer: Peer, wake: Wake) -> Self {
        let games = served.games.clone();
        Lobby::over(Arc::new(served), games, peer, wake)
    }

    /// The lobby over any [`Tables`].
    pub fn over(
        hub: Arc<dyn Tables>,
        games: Vec<&'static dyn AnyGame>,
        peer: Peer,
        wake: Wake,
    ) -> Self {
        Lobby {
            _listed: crate::host::listing::Listed::new(&wake),
            visitor: Visitor {
                hub,
                peer,
                wake,
                games,
            },
            selected: None,
            step: Step::List,
            note: None,
            hosting: None,
            chat_seen: 0,
        }
    }

    /// The lobby of the terminal that hosts the server: `banner` says how to join, and the
    /// server runs as long as `server` is kept (the lobby's `q` lets it go).
    pub fn hosting(mut self, banner: String, server: Box<dyn std::any::Any>) -> Self {
        self.hosting = Some((banner, server));
        self
    }

    /// The tables the lobby lists: the open ones (finished ones are under `f`).
    pub fn open_tables(&self) -> Vec<TableSummary> {
        let mut t = self.visitor.hub.tables();
        t.retain(|t| !t.over);
        t
    }

    /// The highlighted row: the selected code's, or the first.
    fn index(&self, tables: &[TableSummary]) -> Option<usize> {
        if tables.is_empty() {
            return None;
        }
        let at = self
            .selected
            .as_ref()
            .and_then(|c| tables.iter().position(|t| &t.code == c));
        Some(at.unwrap_or(0))
    }

    fn current(&self, tables: &[TableSummary]) -> Option<TableSummary> {
        self.index(tables).and_then(|i| tables.get(i)).cloned()
    }

    /// Whether `cmd` does something now.
    pub fn applies(&self, cmd: LobbyCmd) -> bool {
        let has_table = || !self.open_tables().is_empty();
        match (&self.step, cmd) {
            (Step::List, LobbyCmd::Move | LobbyCmd::Join | LobbyCmd::Watch) => has_table(),
            (Step::List, LobbyCmd::Code | LobbyCmd::New | LobbyCmd::Rules | LobbyCmd::Finished) => {
                true
            }
            (Step::List, LobbyCmd::Chat) => true,
            (Step::Chat(_), LobbyCmd::Say | LobbyCmd::Back) => true,
            (Step::List, LobbyCmd::Quit) => self.hosting.is_none(),
            (Step::List, LobbyCmd::StopHosting) => self.hosting.is_some(),
            (Step::Seat { .. }, LobbyCmd::SeatMove | LobbyCmd::TakeSeat | LobbyCmd::Back) => true,
            (Step::Code(_), LobbyCmd::CodeJoin | LobbyCmd::Back) => true,
            (Step::Name { .. }, LobbyCmd::NameOk | LobbyCmd::Leave) => true,
            _ => false,
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Nav {
        let Some(cmd) = commands::find(LOBBY_COMMANDS, &key, |c| self.applies(c)) else {
            if let Step::Code(input) | Step::Name { input, .. } | Step::Chat(input) = &mut self.step
            {
                input.on_key(&key);
                self.note = None;
            }
            return Nav::Stay;
        };
        self.note = None;
        let tables = self.open_tables();
        match cmd {
            LobbyCmd::Move => {
                let Some(i) = self.index(&tables) else {
                    return Nav::Stay;
                };
                let down = matches!(key.code, KeyCode::Down | KeyCode::Char('j'));
                let next = if down {
                    (i + 1).min(tables.len() - 1)
                } else {
                    i.saturating_sub(1)
                };
                self.selected = tables.get(next).map(|t| t.code.clone());
                Nav::Stay
            }
            LobbyCmd::Join => {
                let Some(t) = self.current(&tables) else {
                    return Nav::Stay;
                };
                self.selected = Some(t.code.clone());
                let mut free = t.seats.iter().filter(|s| s.free);
                match (free.next(), free.next()) {
                    // A choice of seats: pick one.
                    (Some(s), Some(_)) => {
                        self.step = Step::Seat {
                            code: t.code,
                            seat: s.seat,
                        };
                        Nav::Stay
                    }
                    // One free seat or none: nothing to choose. The hub seats a person back in
                    // their own seat, else in the free one, or says why not.
                    _ => self.join(&t.code, None),
                }
            }
            LobbyCmd::Code => {
                self.step = Step::Code(TextInput::new("", CODE_MAX));
                Nav::Stay
            }
            LobbyCmd::New => Nav::Push(Box::new(GamePick::create(self.visitor.clone()))),
            LobbyCmd::Watch => {
                let Some(t) = self.current(&tables) else {
                    return Nav::Stay;
                };
                self.selected = Some(t.code.clone());
                let v = &self.visitor;
                match v.hub.watch(&t.code, &v.peer, v.wake.clone()) {
                    Ok(screen) => Nav::Push(screen),
                    Err(e) => self.refused(e),
                }
            }
            LobbyCmd::Rules => {
                let game = self.current(&tables).map(|t| t.game);
                Nav::Push(Box::new(GamePick::rules(
                    self.visitor.games.clone(),
                    game.as_deref(),
                )))
            }
            LobbyCmd::Finished => Nav::Push(Box::new(FinishedList::new(
                self.visitor.games.clone(),
                &self.visitor.hub.finished_logs(),
            ))),
            LobbyCmd::Quit => Nav::Quit,
            LobbyCmd::StopHosting => Nav::Pop,
            LobbyCmd::SeatMove => {
                let Step::Seat { code, seat } = &self.step else {
                    return Nav::Stay;
                };
                let down = matches!(key.code, KeyCode::Down | KeyCode::Char('j'));
                let free: Vec<Seat> = tables
                    .iter()
                    .find(|t| &t.code == code)
                    .map(|t| t.seats.iter().filter(|s| s.free).map(|s| s.seat).collect())
                    .unwrap_or_default();
                let next = if down {
                    free.iter().find(|&&s| s > *seat)
                } else {
                    free.iter().rev().find(|&&s| s < *seat)
                };
                if let Some(&next) = next {
                    self.step = Step::Seat {
                        code: code.clone(),
                        seat: next,
                    };
                }
                Nav::Stay
            }
            LobbyCmd::TakeSeat => {
                let Step::Seat { code, seat } = self.step.clone() else {
                    return Nav::Stay;
                };
                self.join(&code, Some(seat))
            }
            LobbyCmd::CodeJoin => {
                let Step::Code(input) = &self.step else {
                    return Nav::Stay;
                };
                let code = input.value.trim().to_string();
                if code.is_empty() {
                    return Nav::Stay;
                }
                self.join(&code, None)
            }
            LobbyCmd::Back => {
                self.step = Step::List;
                Nav::Stay
            }
            LobbyCmd::NameOk => {
                let Step::Name { input, code } = self.step.clone() else {
                    return Nav::Stay;
                };
                let name = input.value.trim().to_string();
                if let Err(e) = crate::engine::log::check_name(&name) {
                    return self.refused(e.to_string());
                }
                self.visitor.peer.name = name;
                self.visitor.hub.remember_name(&self.visitor.peer);
                self.step = Step::List;
                self.join(&code, None)
            }
            LobbyCmd::Leave => Nav::Quit,
            LobbyCmd::Chat => {
                self.step = Step::Chat(TextInput::new("", crate::host::chat::MAX_CHARS));
                self.chat_seen = self.newest_said();
                Nav::Stay
            }
            LobbyCmd::Say => {
                let Step::Chat(input) = &self.step else {
                    return Nav::Stay;
                };
                let v = &self.visitor;
                match v.hub.say(&v.peer, &input.value) {
                    Ok(()) => {
                        self.step = Step::Chat(TextInput::new("", crate::host::chat::MAX_CHARS));
                        self.chat_seen = self.newest_said();
                        Nav::Stay
                    }
                    Err(e) => self.refused(e),
                }
            }
        }
    }

    /// The newest line of the lobby's chat.
    fn newest_said(&self) -> u64 {
        self.visitor.hub.chat().last().map_or(0, |l| l.seq)
    }

    /// Asks the hub for a seat; the lobby is back at its list when the person leaves the table.
    fn join(&mut self, code: &str, seat: Option<Seat>) -> Nav {
        let v = &self.visitor;
        match v.hub.join(code, seat, &v.peer, v.wake.clone()) {
            Ok(screen) => {
                self.step = Step::List;
                // A seat taken: the other lobbies show it.
                crate::host::listing::ring();
                Nav::Push(screen)
            }
            Err(e) => self.refused(e),
        }
    }

    /// The hub said no: say why, and stay where the person was (a mistyped code can be fixed).
    fn refused(&mut self, why: String) -> Nav {
        self.note = Some((sentence(&crate::text::clean(&why)), true));
        Nav::Stay
    }
}

/// A reason as a sentence: a capital first, a full stop last.
fn sentence(s: &str) -> String {
    let s = s.trim();
    let mut chars = s.chars();
    let mut out: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// A table's code as people read it out: "7K2M-9PQR".
fn show_code(theme: &Theme, code: &str) -> String {
    theme.text(&crate::host::table_code::show(&crate::text::clean(code)))
}

/// "2/4": seats taken of all seats.
fn taken(t: &TableSummary) -> String {
    let free = t.seats.iter().filter(|s| s.free).count();
    format!("{}/{}", t.seats.len() - free, t.seats.len())
}

/// "waiting for 2", "getting ready", "playing", "playing, 1 free".
fn state(t: &TableSummary) -> String {
    let free = t.seats.iter().filter(|s| s.free).count();
    match (t.started, free) {
        (false, 0) => "getting ready".into(),
        (false, n) => format!("waiting for {n}"),
        (true, 0) => "playing".into(),
        (true, n) => format!("playing, {n} free"),
    }
}

/// A seat's name as the lobby shows it.
fn seat_name(theme: &Theme, s: &SeatSummary) -> String {
    if s.free {
        "(free)".into()
    } else {
        theme.text(&crate::text::clean(&s.name))
    }
}

/// Who plays a seat, in a few words.
fn seat_role(s: &SeatSummary) -> String {
    if s.free {
        return "free: anyone may take it".into();
    }
    let away = if s.stand_in {
        ", away: a computer plays"
    } else if !s.connected && !matches!(s.kind, SeatKind::Bot(_)) {
        ", away"
    } else {
        ""
    };
    match &s.kind {
        SeatKind::Remote => format!("remote{away}"),
        SeatKind::Here => format!("at the creator's terminal{away}"),
        SeatKind::Bot(kind) => format!("computer ({})", crate::text::clean(kind)),
    }
}

const GAP: usize = 2;

/// The table's options in one sentence ("Mode beginner · Start player random"), wrapped to
/// `width`: the lines under its seats. None for a game without options.
fn option_lines(theme: &Theme, t: &TableSummary, width: usize) -> Vec<String> {
    if t.options.is_empty() {
        return Vec::new();
    }
    let text = t
        .options
        .iter()
        .map(|(label, value)| {
            let (l, v) = (crate::text::clean(label), crate::text::clean(value));
            format!("{}: {}", theme.text(&l), theme.text(&v))
        })
        .collect::<Vec<_>>()
        .join(theme.sep());
    crate::ui::widgets::wrap(&text, width.saturating_sub(2))
}

/// Rows the seats box takes: its seats, its options, its border.
fn seats_height(theme: &Theme, t: &TableSummary, width: u16) -> u16 {
    let inner = usize::from(width.saturating_sub(2));
    (t.seats.len() + option_lines(theme, t, inner).len() + 2) as u16
}

/// The seats box is as tall as the tallest table's: moving the highlight then leaves the
/// boxes where they are, and a cursor move sends the changed rows, not the whole screen.
fn seats_box_height(theme: &Theme, tables: &[TableSummary], width: u16) -> u16 {
    tables
        .iter()
        .map(|t| seats_height(theme, t, width))
        .max()
        .unwrap_or(0)
}

/// How the ways to a table work, in the room a wide terminal leaves under the seats.
/// The rows the how-to box takes beside the seats at 120 columns (the chat has the rest).
const HOW_ROWS: u16 = 12;

fn widgets_width(s: &str) -> u16 {
    u16::try_from(width(s)).unwrap_or(u16::MAX)
}

/// The lobby's chat in view, under the how-to box at 120 columns.
fn render_chat_pane(f: &mut Frame, theme: &Theme, area: Rect, said: &[Said]) {
    if area.height < 3 {
        return;
    }
    let block = theme.block("Lobby chat (/ to talk)");
    let inner = block.inner(area);
    f.render_widget(block, area);
    f.render_widget(Paragraph::new(said_lines(said, theme, inner)), inner);
}

/// The open chat line over the foot of `body`, with the last lines above it.
fn render_chat_box(f: &mut Frame, theme: &Theme, body: Rect, said: &[Said], input: &TextInput) {
    let line = crate::ui::play::chat::render_said_box(f, theme, (body, "Lobby chat"), said);
    let room = usize::from(line.width).saturating_sub(8);
    let typed: Vec<char> = theme.text(&input.value).chars().collect();
    let tail: String = typed[typed.len().saturating_sub(room)..].iter().collect();
    f.render_widget(
        Paragraph::new(Line::styled(format!(" Say: {tail}_"), theme.accent())),
        line,
    );
}

fn render_how(f: &mut Frame, theme: &Theme, area: Rect) {
    if area.height < 4 {
        return;
    }
    let block = theme.block("How to play here");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let text = [
        "Enter takes a free seat at the chosen table; a seat you held before is yours again.",
        "w watches a table: only what every player may see.",
        "n sets up a table: seats free for friends over SSH, people taking turns at this terminal, computer players.",
        "c joins by a table's code, or by your reconnect code.",
    ];
    let w = (inner.width as usize).saturating_sub(2).max(1);
    let mut lines = Vec::new();
    for t in text {
        for (i, l) in crate::ui::widgets::wrap(t, w.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            let lead = if i == 0 { " - " } else { "   " };
            lines.push(Line::styled(
                format!("{lead}{}", theme.text(&l)),
                theme.dim(),
            ));
        }
    }
    f.render_widget(Paragraph::new(lines), inner);
}

impl Lobby {
    fn cells(&self, theme: &Theme, t: &TableSummary, yours: bool) -> [String; 5] {
        let names: Vec<String> = t.seats.iter().map(|s| seat_name(theme, s)).collect();
        [
            show_code(theme, &t.code),
            theme.text(&self.visitor.game_name(&t.game)),
            taken(t),
            if yours { "your move".into() } else { state(t) },
            names.join(", "),
        ]
    }

    fn render_list(
        &self,
        f: &mut Frame,
        theme: &Theme,
        area: Rect,
        (tables, yours): (&[TableSummary], &[String]),
    ) {
        let block = theme.block(format!("Open tables ({})", tables.len()));
        let inner = block.inner(area);
        f.render_widget(block, area);
        if tables.is_empty() {
            let text = vec![
                Line::from(""),
                Line::styled("  No open tables yet.", theme.dim()),
                Line::from(""),
                Line::styled(
                    "  n sets one up: seats for friends who join over SSH, people here",
                    theme.dim(),
                ),
                Line::styled("  at this terminal, computer players.", theme.dim()),
                Line::styled(
                    "  c joins a table by the code a friend gives you.",
                    theme.dim(),
                ),
            ];
            f.render_widget(Paragraph::new(text), inner);
            return;
        }
        let heads = ["Code", "Game", "Seats", "State", "Players"];
        let rows: Vec<[String; 5]> = (tables.iter())
            .map(|t| self.cells(theme, t, yours.contains(&t.code)))
            .collect();
        let mut natural: Vec<usize> = heads.iter().map(|h| width(h)).collect();
        for r in &rows {
            for (n, c) in natural.iter_mut().zip(r) {
                *n = (*n).max(width(c));
            }
        }
        let w = inner.width as usize;
        let min = [natural[0], 8, 5, 7, 10];
        let widths = column_widths(&natural, &min, GAP, w.saturating_sub(2));
        let line = |marker: &str, cells: [&str; 5]| {
            let mut row = marker.to_string();
            for (i, (c, &cw)) in cells.iter().zip(&widths).enumerate() {
                if i > 0 {
                    row.push_str(&" ".repeat(GAP));
                }
                if i + 1 == cells.len() {
                    row.push_str(&truncate(c, cw, theme.ellipsis()));
                } else {
                    row.push_str(&fit(c, cw, theme.ellipsis()));
                }
            }
            truncate(&row, w, theme.ellipsis())
        };
        let mut lines = vec![Line::styled(line("  ", heads), theme.title())];
        let sel = self.index(tables).unwrap_or(0);
        let room = (inner.height as usize).saturating_sub(1).max(1);
        let first = sel.saturating_sub(room - 1);
        for (i, r) in rows.iter().enumerate().skip(first).take(room) {
            let marker = if i == sel { theme.pointer() } else { "  " };
            let text = line(marker, r.each_ref().map(String::as_str));
            lines.push(if i == sel {
                Line::styled(text, theme.selected())
            } else if tables.get(i).is_some_and(|t| yours.contains(&t.code)) {
                Line::styled(text, theme.accent())
            } else {
                Line::from(text)
            });
        }
        f.render_widget(Paragraph::new(lines), inner);
    }

    /// The chosen table's seats, one a line, with who plays each.
    fn render_seats(&self, f: &mut Frame, theme: &Theme, area: Rect, t: &TableSummary) {
        let title = format!(
            "{}{}{}",
            show_code(theme, &t.code),
            theme.sep(),
            theme.text(&self.visitor.game_name(&t.game))
        );
        let block = theme.block(title);
        let inner = block.inner(area);
        f.render_widget(block, area);
        let w = inner.width as usize;
        let name_w = t
            .seats
            .iter()
            .map(|s| width(&seat_name(theme, s)))
            .max()
            .unwrap_or(0)
            .clamp(6, 16);
        let picking = match &self.step {
            Step::Seat { code, seat } if *code == t.code => Some(*seat),
            _ => None,
        };
        let mut lines: Vec<Line> = t
            .seats
            .iter()
            .map(|s| {
                let sel = picking == Some(s.seat);
                let marker = if sel { theme.pointer() } else { "  " };
                let row = format!(
                    "{marker}{:>2} {} {}",
                    s.seat + 1,
                    fit(&seat_name(theme, s), name_w, theme.ellipsis()),
                    seat_role(s)
                );
                let row = truncate(&row, w, theme.ellipsis());
                if sel {
                    Line::styled(row, theme.selected())
                } else if s.free {
                    Line::styled(row, theme.accent())
                } else {
                    Line::from(row)
                }
            })
            .collect();
        for l in option_lines(theme, t, w) {
            lines.push(Line::styled(format!("  {l}"), theme.dim()));
        }
        f.render_widget(Paragraph::new(lines), inner);
    }
}

/// A one-line question over the middle of the screen: its title, the field's label and a word
/// under it.
fn render_field(
    f: &mut Frame,
    theme: &Theme,
    (title, label, under): (&str, &str, &str),
    input: &TextInput,
) {
    let area = f.area();
    let w = 50.min(area.width);
    let h = 6.min(area.height);
    let rect = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, rect);
    let block = theme.block(title.to_string());
    let inner = block.inner(rect);
    f.render_widget(block, rect);
    let lines = vec![
        Line::from(""),
        Line::from(vec![
            Span::raw(label.to_string()),
            Span::styled(format!("{}_", theme.text(&input.value)), theme.accent()),
        ]),
        Line::styled(under.to_string(), theme.dim()),
    ];
    f.render_widget(Paragraph::new(lines), inner);
}

impl Screen for Lobby {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let tables = self.open_tables();
        let [head, body, note, hint] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .areas(f.area());
        let banner = match &self.hosting {
            Some((b, _)) => Line::styled(format!("  {}", theme.text(b)), theme.key()),
            None => Line::from(""),
        };
        let greeting = vec![
            banner,
            Line::from(vec![
                Span::styled("  hotseat", theme.title()),
                Span::styled(theme.sep().to_string(), theme.dim()),
                Span::styled(
                    match self.step {
                        // An invited visitor's user name is the table's code until they
                        // give a name.
                        Step::Name { .. } => "Hello!".to_string(),
                        _ => format!(
                            "Hello, {}!",
                            theme.text(&crate::text::clean(&self.visitor.peer.name))
                        ),
                    },
                    theme.accent(),
                ),
                Span::styled(
                    format!("{}tables to join or watch", theme.sep()),
                    theme.dim(),
                ),
            ]),
        ];
        f.render_widget(Paragraph::new(greeting), head);

        let yours = self.visitor.hub.your_moves(&self.visitor.peer);
        let current = self.current(&tables);
        let said = self.visitor.hub.chat();
        match &current {
            Some(t) if body.width >= 110 => {
                let [list, side] =
                    Layout::horizontal([Constraint::Fill(1), Constraint::Length(46)]).areas(body);
                let h = seats_box_height(theme, &tables, side.width).min(side.height);
                let [seats, how, chat] = Layout::vertical([
                    Constraint::Length(h),
                    Constraint::Length(HOW_ROWS),
                    Constraint::Fill(1),
                ])
                .areas(side);
                self.render_list(f, theme, list, (&tables, &yours));
                self.render_seats(f, theme, seats, t);
                render_how(f, theme, how);
                render_chat_pane(f, theme, chat, &said);
            }
            Some(t) => {
                // The list keeps its heading and three rows; the seats take the rest they need.
                let h =
                    seats_box_height(theme, &tables, body.width).min(body.height.saturating_sub(6));
                let [list, seats] =
                    Layout::vertical([Constraint::Fill(1), Constraint::Length(h)]).areas(body);
                self.render_list(f, theme, list, (&tables, &yours));
                self.render_seats(f, theme, seats, t);
            }
            None => self.render_list(f, theme, body, (&tables, &yours)),
        }
        let unread = said
            .iter()
            .filter(|l| l.seq > self.chat_seen && l.name != self.visitor.peer.name)
            .count();
        let chat_hidden = current.is_none() || body.width < 110;
        if chat_hidden && unread > 0 && !matches!(self.step, Step::Chat(_)) {
            let marker = format!("chat: {unread} new (/) ");
            let w = widgets_width(&marker);
            let at = Rect {
                x: head.x + head.width.saturating_sub(w),
                y: head.y + 1,
                width: w.min(head.width),
                height: 1,
            };
            f.render_widget(Paragraph::new(Line::styled(marker, theme.accent())), at);
        }
        let note_line = match (&self.note, &self.step) {
            (Some((text, true)), _) => {
                Line::styled(format!(" {}", theme.text(text)), theme.error())
            }
            (Some((text, false)), _) => Line::styled(format!(" {}", theme.text(text)), theme.dim()),
            (None, Step::Seat { code, .. }) if tables.iter().all(|t| &t.code != code) => {
                Line::styled(" That table has closed: Esc goes back.", theme.error())
            }
            (None, Step::Seat { .. }) => Line::styled(
                " Choose a free seat: Enter takes it, Esc goes back.",
                theme.dim(),
            ),
            (None, _) if !yours.is_empty() => {
                let at: Vec<String> = (yours.iter())
                    .filter_map(|c| tables.iter().find(|t| &t.code == c))
                    .map(|t| {
                        format!(
                            "{} ({})",
                            show_code(theme, &t.code),
                            theme.text(&self.visitor.game_name(&t.game))
                        )
                    })
                    .collect();
                Line::styled(format!(" Your move at {}.", at.join(", ")), theme.accent())
            }
            (None, _) => Line::from(""),
        };
        f.render_widget(Paragraph::new(note_line).wrap(Wrap { trim: false }), note);
        match &self.step {
            Step::Chat(input) => render_chat_box(f, theme, body, &said, input),
            Step::Code(input) => render_field(
                f,
                theme,
                (
                    "Join by code",
                    " Code: ",
                    " A table's code, or your reconnect code.",
                ),
                input,
            ),
            Step::Name { input, code } => render_field(
                f,
                theme,
                (
                    &format!("Invited to table {}", crate::host::table_code::show(code)),
                    " Your name: ",
                    " The name the others see at the table.",
                ),
                input,
            ),
            _ => {}
        }
        // At 80 columns the list's keys fill the line: the chat's `/` is then left to the help
        // and to the marker of what is new.
        let mut keys = commands::hints(LOBBY_COMMANDS, |c| {
            self.applies(c) && (c != LobbyCmd::Chat || hint.width >= 90)
        });
        // At 80 columns every key of the list fills the line: `?` is then left to the help.
        if matches!(self.step, Step::List) && (hint.width >= 90 || tables.is_empty()) {
            keys.push(("?", "help"));
        }
        let keys: Vec<(&str, &str)> = keys
            .iter()
            .map(|&(k, l)| {
                if k == "↑/↓" {
                    (theme.up_down(), l)
                } else {
                    (k, l)
                }
            })
            .collect();
        f.render_widget(Paragraph::new(hint_line(theme, &keys)), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(*k),
            _ => Nav::Stay,
        }
    }

    fn captures_text(&self) -> bool {
        matches!(self.step, Step::Code(_) | Step::Name { .. } | Step::Chat(_))
    }

    fn title(&self) -> String {
        "Lobby".into()
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(LOBBY_COMMANDS)
    }
}

/// Screens stacked inside one: the table over the lobby for a player coming back. Leaving the
/// top screen shows the one below, as the app's own stack would.
struct Stack(Vec<Box<dyn Screen>>);

impl Stack {
    fn nav(&mut self, nav: Nav) -> Nav {
        match nav {
            Nav::Stay => Nav::Stay,
            Nav::Quit => Nav::Quit,
            Nav::Pop if self.0.len() > 1 => {
                self.0.pop();
                Nav::Stay
            }
            Nav::Pop => Nav::Pop,
            Nav::Push(s) => {
                self.0.push(s);
                Nav::Stay
            }
            Nav::Replace(s) => {
                self.0.pop();
                self.0.push(s);
                Nav::Stay
            }
        }
    }
}

impl Screen for Stack {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        if let Some(top) = self.0.last() {
            top.render(f, theme);
        }
    }
    fn on_event(&mut self, ev: &Event) -> Nav {
        let nav = match self.0.last_mut() {
            Some(top) => top.on_event(ev),
            None => return Nav::Pop,
        };
        self.nav(nav)
    }
    fn on_event_in(&mut self, ev: &Event, area: Rect, theme: &Theme) -> Nav {
        let nav = match self.0.last_mut() {
            Some(top) => top.on_event_in(ev, area, theme),
            None => return Nav::Pop,
        };
        self.nav(nav)
    }
    fn deadline(&self) -> Option<Instant> {
        self.0.last().and_then(|t| t.deadline())
    }
    fn on_deadline(&mut self) -> Nav {
        let nav = match self.0.last_mut() {
            Some(top) => top.on_deadline(),
            None => return Nav::Stay,
        };
        self.nav(nav)
    }
    fn title(&self) -> String {
        self.0.last().map(|t| t.title()).unwrap_or_default()
    }
    fn help(&self) -> Vec<(String, String)> {
        self.0.last().map(|t| t.help()).unwrap_or_default()
    }
    fn legend(&self) -> Vec<(String, String)> {
        self.0.last().map(|t| t.legend()).unwrap_or_default()
    }
    fn captures_text(&self) -> bool {
        self.0.last().is_some_and(|t| t.captures_text())
    }
    fn on_exit(&mut self) {
        for s in &mut self.0 {
            s.on_exit();
        }
    }
}

//! The screen `hotseat` opens with: the list of games and the ways into them.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};

use super::commands::{self, Command, ENTER, Key};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use super::AnyGame;
pub use super::catalog::{Catalog, player_range};
use crate::store;

use super::damage::Damage;
use super::lines;
use super::rules_page::RulesPage;
use super::saved::{Mode, SavedList};
use super::scores_page::ScoresPage;
use super::setup::SetupForm;
use super::theme::Theme;
use super::widgets::hint_line;
use super::{Nav, Screen};

/// What the launcher's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchCmd {
    Up,
    Down,
    Play,
    Resume,
    Saved,
    Rules,
    Stats,
    Best,
    Host,
    Quit,
}

/// The launcher's keys, in the hint line's order: the hint line, the `?` help and dispatch all
/// read this list. The hint line fits 80 columns with every key a game can offer, so `n` (set up
/// a game, like Enter) and the arrows are in the help only.
pub const LAUNCHER_COMMANDS: &[Command<LaunchCmd>] = &[
    Command {
        id: LaunchCmd::Up,
        keys: &[Key::Code(KeyCode::Up), Key::Char('k')],
        key: "↑/↓ j/k",
        label: "",
        help: "choose a game",
    },
    Command {
        id: LaunchCmd::Down,
        keys: &[Key::Code(KeyCode::Down), Key::Char('j')],
        key: "↑/↓ j/k",
        label: "",
        help: "choose a game",
    },
    Command {
        id: LaunchCmd::Play,
        keys: ENTER,
        key: "Enter",
        label: "play",
        help: "",
    },
    Command {
        id: LaunchCmd::Play,
        keys: &[Key::Char('n')],
        key: "Enter / n",
        label: "",
        help: "set up a new game",
    },
    Command {
        id: LaunchCmd::Resume,
        keys: &[Key::Char('c')],
        key: "c",
        label: "resume",
        help: "continue an unfinished game",
    },
    Command {
        id: LaunchCmd::Saved,
        keys: &[Key::Char('s')],
        key: "s",
        label: "saved",
        help: "browse saved games and watch replays",
    },
    Command {
        id: LaunchCmd::Rules,
        keys: &[Key::Char('r')],
        key: "r",
        label: "rules",
        help: "read the rules of the chosen game",
    },
    Command {
        id: LaunchCmd::Stats,
        keys: &[Key::Char('t')],
        key: "t",
        label: "stats",
        help: "stats: games played, wins and scores per player",
    },
    Command {
        id: LaunchCmd::Best,
        keys: &[Key::Char('h')],
        key: "h",
        label: "best",
        help: "solo high scores (games that keep them)",
    },
    Command {
        id: LaunchCmd::Host,
        keys: &[Key::Char('o')],
        key: "o",
        label: "host",
        help: "host on the network: friends join over SSH",
    },
    // Only `q` quits: Esc means "back" on every other screen, and a second Esc from the setup
    // form must not end the program without a word.
    Command {
        id: LaunchCmd::Quit,
        keys: &[Key::Char('q')],
        key: "q",
        label: "quit",
        help: "quit",
    },
];

/// "Host on the network": starts a game server in this process over the data folder and the
/// games given, and returns this terminal's lobby on it (the server runs as long as the lobby
/// does), or why it could not. The network layer hands it down from `main`; the launcher only
/// calls it.
pub type HostFn = std::sync::Arc<
    dyn Fn(&Path, &[&'static dyn AnyGame], crate::host::Wake) -> Result<Box<dyn Screen>, String>
        + Send
        + Sync,
>;

pub struct Launcher {
    catalog: Catalog,
    pub selected: usize,
    /// How "Host on the network" starts a server (`None`: this launcher cannot host).
    pub host: Option<HostFn>,
    /// Why the last request could not be done (the server could not start).
    pub note: Option<String>,
}

impl Launcher {
    /// The launcher over `games` (the registry's list) and the user's data folder.
    pub fn new(games: &[&'static dyn AnyGame]) -> Self {
        Launcher::new_in(Catalog::standard(games))
    }

    pub fn new_in(catalog: Catalog) -> Self {
        Launcher {
            catalog,
            selected: 0,
            host: None,
            note: None,
        }
    }

    /// The data folder: the games folder's parent (tests keep everything in their own).
    fn data_dir(&self) -> PathBuf {
        self.catalog
            .dir
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(store::data_dir)
    }

    /// This launcher with "Host on the network" starting servers by `host`.
    pub fn with_host(mut self, host: Option<HostFn>) -> Self {
        self.host = host;
        self
    }

    /// Starts the game server in this process and opens its lobby here; the server stops when
    /// that lobby is left.
    fn host(&mut self) -> Nav {
        let Some(host) = self.host.clone() else {
            self.note =
                Some("Cannot host: this hotseat was built without the network server".into());
            return Nav::Stay;
        };
        let nudge = crate::host::Wake::new(super::input::nudge);
        match host(&self.data_dir(), &self.catalog.games, nudge) {
            Ok(lobby) => Nav::Push(lobby),
            Err(e) => {
                self.note = Some(format!("Cannot host: {}", crate::text::clean(&e)));
                Nav::Stay
            }
        }
    }

    fn game(&self) -> Option<&'static dyn AnyGame> {
        self.catalog.games.get(self.selected).copied()
    }

    /// Whether `cmd` does something now: a game's pages need a chosen game, and the high
    /// scores a game that keeps them.
    pub fn applies(&self, cmd: LaunchCmd) -> bool {
        match cmd {
            LaunchCmd::Play | LaunchCmd::Rules => self.game().is_some(),
            LaunchCmd::Best => self.game().is_some_and(|g| g.high_scores()),
            LaunchCmd::Up | LaunchCmd::Down => self.catalog.games.len() > 1,
            LaunchCmd::Resume | LaunchCmd::Saved | LaunchCmd::Stats | LaunchCmd::Quit => true,
            LaunchCmd::Host => cfg!(feature = "server"),
        }
    }

    fn run(&mut self, cmd: LaunchCmd) -> Nav {
        let n = self.catalog.games.len();
        match cmd {
            LaunchCmd::Quit => Nav::Quit,
            LaunchCmd::Up => {
                self.selected = self.selected.saturating_sub(1);
                Nav::Stay
            }
            LaunchCmd::Down => {
                self.selected = (self.selected + 1).min(n.saturating_sub(1));
                Nav::Stay
            }
            LaunchCmd::Play => match self.game() {
                Some(g) => Nav::Push(Box::new(SetupForm::new(self.catalog.clone(), g))),
                None => Nav::Stay,
            },
            LaunchCmd::Rules => match self.game() {
                Some(g) => Nav::Push(Box::new(RulesPage::new(g.name(), g.rules()))),
                None => Nav::Stay,
            },
            LaunchCmd::Host => self.host(),
            LaunchCmd::Best => match self.game().filter(|g| g.high_scores()) {
                Some(g) => {
                    let data = self.data_dir();
                    Nav::Push(Box::new(ScoresPage::new(
                        g.id(),
                        g.name(),
                        &crate::highscores::path_in(&data),
                    )))
                }
                None => Nav::Stay,
            },
            LaunchCmd::Stats => Nav::Push(Box::new(super::stats_page::StatsPage::new(
                &self.catalog,
                self.game().map_or("", |g| g.id()),
            ))),
            LaunchCmd::Resume => Nav::Push(Box::new(SavedList::new(
                self.catalog.clone(),
                Mode::Continue,
            ))),
            LaunchCmd::Saved => {
                Nav::Push(Box::new(SavedList::new(self.catalog.clone(), Mode::Browse)))
            }
        }
    }
}

impl Launcher {
    /// Draws the launcher, the regions `d` says (all of them for a whole frame): the title,
    /// the Games box, each game's two lines and the hint line. A key moving the selection
    /// redraws the two names it moves between, and the hint line if its keys changed.
    fn draw(&self, f: &mut Frame, theme: &Theme, d: &mut Damage) {
        let [title, body, hint] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(f.area());
        // The box's inside, as `lines::boxed` gives it.
        let inner = body.intersection(f.area());
        let inner = Rect::new(
            inner.x.saturating_add(1),
            inner.y.saturating_add(1),
            inner.width.saturating_sub(2),
            inner.height.saturating_sub(2),
        );
        // Each region's key: what its drawing reads (the theme and the games are the
        // screen's for its life).
        let note: Vec<u8> = match &self.note {
            Some(n) => [b"1", n.as_bytes()].concat(),
            None => b"0".to_vec(),
        };
        let applies: Vec<u8> = LAUNCHER_COMMANDS
            .iter()
            .map(|c| u8::from(self.applies(c.id)))
            .collect();
        let row = |i: usize| {
            let y = inner.y.saturating_add(u16::try_from(i).unwrap_or(u16::MAX));
            Rect::new(inner.x, y, inner.width, 1).intersection(inner)
        };
        const SELECTED: &[u8] = b"1";
        const UNSELECTED: &[u8] = b"0";
        let mut regions: Vec<(Rect, Option<&[u8]>)> = vec![
            (title, Some(&note[..])),
            (body, Some(b"")),
            (hint, Some(&applies[..])),
        ];
        if self.catalog.games.is_empty() {
            regions.push((inner, Some(b"")));
        }
        for i in 0..self.catalog.games.len() {
            let sel = if i == self.selected {
                SELECTED
            } else {
                UNSELECTED
            };
            regions.push((row(3 * i), Some(sel)));
            regions.push((row(3 * i + 1), Some(b"")));
        }
        d.plan(f.buffer_mut(), &regions);
        let buf = f.buffer_mut();
        if d.draws(0) {
            let mut head = vec![
                Line::from(""),
                Line::from(vec![
                    Span::styled("  hotseat", theme.title()),
                    Span::styled(
                        format!("{}tabletop games for one keyboard", theme.sep()),
                        theme.dim(),
                    ),
                ]),
            ];
            if let Some(n) = &self.note {
                head.push(Line::styled(format!("  {}", theme.text(n)), theme.error()));
            }
            // Lines written straight into the buffer: this screen is redrawn on every key.
            lines::render(&head, title, buf);
        }
        if d.draws(1) {
            theme.draw_block("Games", body, buf);
        }
        if d.draws(2) {
            let mut keys = commands::hints(LAUNCHER_COMMANDS, |c| self.applies(c));
            // `?` is the same on every screen: it gives way when the line is full.
            let used: usize = keys
                .iter()
                .map(|(k, w)| super::widgets::width(k) + super::widgets::width(w) + 3)
                .sum();
            if used + 7 <= hint.width as usize {
                keys.push(("?", "help"));
            }
            lines::render(&[hint_line(theme, &keys)], hint, buf);
        }
        if self.catalog.games.is_empty() && d.draws(3) {
            let rows = [
                Line::from(""),
                Line::styled("  No games are installed in this build.", theme.dim()),
            ];
            lines::render(&rows, inner, buf);
        }
        let width = inner.width as usize;
        for (i, g) in self.catalog.games.iter().enumerate() {
            let (name_row, pitch_row) = (row(3 * i), row(3 * i + 1));
            if d.draws(3 + 2 * i) && !name_row.is_empty() {
                let sel = i == self.selected;
                let marker = if sel { theme.pointer() } else { "  " };
                let range = player_range(theme, g.players());
                let name = theme.text(g.name());
                let pad = width.saturating_sub(
                    2 + super::widgets::width(&name) + super::widgets::width(&range) + 2,
                );
                let text = format!("{marker}{name}{}{range}  ", " ".repeat(pad));
                let style = if sel { theme.selected() } else { theme.title() };
                lines::render(&[Line::styled(text, style)], name_row, buf);
            }
            if d.draws(4 + 2 * i) && !pitch_row.is_empty() {
                let pitch = Line::styled(format!("    {}", theme.text(g.pitch())), theme.dim());
                lines::render(&[pitch], pitch_row, buf);
            }
        }
    }
}

impl Screen for Launcher {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        self.draw(f, theme, &mut Damage::untracked());
    }

    fn render_damaged(&self, f: &mut Frame, theme: &Theme, d: &mut Damage) {
        self.draw(f, theme, d);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        self.note = None;
        match commands::find(LAUNCHER_COMMANDS, k, |c| self.applies(c)) {
            Some(cmd) => self.run(cmd),
            None => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        "hotseat".into()
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(LAUNCHER_COMMANDS)
    }
}

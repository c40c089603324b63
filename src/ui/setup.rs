//! The new-game form: player count, each seat's name and kind, the game's options, the seed.

use std::collections::BTreeMap;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::Setup;
use crate::engine::log::PlayerEntry;
use crate::engine::rng;
use crate::registry::AnyGame;
use crate::store;

use super::launcher::{Catalog, player_range};
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
    Start,
}

#[derive(Clone, Debug)]
pub struct SeatForm {
    pub name: TextInput,
    /// 0 = human, k = the game's bot kind k-1.
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
}

fn default_name(seat: usize, kind: usize) -> String {
    if kind == 0 {
        format!("Player {}", seat + 1)
    } else {
        format!("Bot {}", seat + 1)
    }
}

/// The seed of the bot in `seat`, derived from the game's seed (splitmix64).
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(seat as u64 + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SetupForm {
    pub fn new(catalog: Catalog, game: &'static dyn AnyGame) -> Self {
        let (lo, hi) = game.players();
        let has_bots = !game.bots().is_empty();
        let seats = (0..hi.max(1))
            .map(|i| {
                // The first seat is a person; the others start as the best bot, if any.
                let kind = usize::from(i > 0 && has_bots);
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
        }
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Count];
        rows.extend((0..self.players).map(Row::Seat));
        rows.extend((0..self.options.len()).map(Row::Opt));
        rows.push(Row::Seed);
        rows.push(Row::Start);
        rows
    }

    pub fn current(&self) -> Row {
        let rows = self.rows();
        rows[self.row.min(rows.len() - 1)]
    }

    fn kinds(&self) -> usize {
        self.game.bots().len() + 1
    }

    fn kind_label(&self, kind: usize) -> String {
        match kind {
            0 => "Human".into(),
            k => match self.game.bots().get(k - 1) {
                Some((name, _)) => format!("Computer: {name}"),
                None => "?".into(),
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
            }
            Row::Seat(i) => {
                let kinds = self.kinds() as isize;
                let Some(seat) = self.seats.get_mut(i) else {
                    return;
                };
                seat.kind = (seat.kind as isize + step).rem_euclid(kinds) as usize;
                if !seat.edited {
                    seat.name.value = default_name(i, seat.kind);
                }
            }
            Row::Opt(i) => {
                let Some(spec) = self.game.options().get(i) else {
                    return;
                };
                let n = spec.values.len().max(1) as isize;
                if let Some(v) = self.options.get_mut(i) {
                    *v = (*v as isize + step).rem_euclid(n) as usize;
                }
            }
            Row::Seed | Row::Start => {}
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Nav {
        if self.editing {
            if let Row::Seat(i) = self.current() {
                match key.code {
                    KeyCode::Enter | KeyCode::Esc | KeyCode::Tab => {
                        self.editing = false;
                        let seat = &mut self.seats[i];
                        if seat.name.value.trim().is_empty() {
                            seat.name.value = default_name(i, seat.kind);
                            seat.edited = false;
                        }
                    }
                    _ => {
                        if seat_edit(&mut self.seats[i], &key) {
                            self.seats[i].edited = true;
                        }
                    }
                }
                return Nav::Stay;
            }
            self.editing = false;
        }
        self.error = None;
        let rows = self.rows().len();
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Nav::Pop,
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => {
                self.row = self.row.min(rows - 1).saturating_sub(1)
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.row = (self.row + 1).min(rows - 1)
            }
            KeyCode::Left | KeyCode::Char('h') => self.change(-1),
            KeyCode::Right | KeyCode::Char('l') => self.change(1),
            KeyCode::Enter => match self.current() {
                Row::Seat(_) => self.editing = true,
                Row::Start => return self.start(),
                Row::Count | Row::Opt(_) => self.change(1),
                Row::Seed => self.row = (self.row + 1).min(rows - 1),
            },
            KeyCode::Char('s') => return self.start(),
            _ if self.current() == Row::Seed => {
                self.seed.on_key(&key);
            }
            _ => {}
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
                match seat.kind {
                    0 => PlayerEntry::human(name),
                    k => {
                        let kind = self.game.bots().get(k - 1).map(|b| b.0).unwrap_or("");
                        PlayerEntry::bot(name, kind, bot_seed(seed, i))
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
                Nav::Replace(table.into_screen(true))
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
                let what = match kind {
                    0 => "A person at this keyboard.".to_string(),
                    k => self
                        .game
                        .bots()
                        .get(k - 1)
                        .map(|b| format!("Computer player: {}.", b.1))
                        .unwrap_or_default(),
                };
                if self.editing {
                    format!("{what} Type the name, Enter when done.")
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
        let block = theme.block(format!("New game: {}", theme.text(self.game.name())));
        let inner = block.inner(body);
        f.render_widget(block, body);
        let current = self.current();
        let mut lines = vec![Line::from("")];
        // Wide enough for the longest option label, so every value starts in one column.
        let label_w = self
            .game
            .options()
            .iter()
            .map(|s| theme.text(s.label).chars().count())
            .max()
            .unwrap_or(0)
            .max(12);
        for row in self.rows() {
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
                        format!("{name:<18} < {} >", self.kind_label(seat.kind)),
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
                Row::Start => (String::new(), "[ Start ]".into()),
            };
            let sel = row == current;
            let marker = if sel { theme.pointer() } else { "  " };
            let text = format!(" {marker}{label:<label_w$} {value}");
            lines.push(if sel {
                Line::styled(text, theme.selected())
            } else {
                Line::from(text)
            });
            if matches!(row, Row::Count) || matches!(row, Row::Seed) {
                lines.push(Line::from(""));
            }
        }
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
        let keys: Vec<(&str, &str)> = if self.editing {
            vec![
                ("type", "the name"),
                ("Backspace", "erase"),
                ("Enter", "done"),
            ]
        } else {
            vec![
                (theme.up_down(), "row"),
                (theme.left_right(), "change"),
                ("Enter", "edit/choose"),
                ("s", "start"),
                ("Esc", "back"),
            ]
        };
        let mut hint_spans = hint_line(theme, &keys);
        if !self.editing && current == Row::Seed {
            hint_spans
                .spans
                .push(Span::styled("  (type digits)", theme.dim()));
        }
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
        format!("New game of {}", self.game.name())
    }

    fn help(&self) -> Vec<(String, String)> {
        [
            ("↑/↓ j/k Tab", "move between rows"),
            ("←/→ h/l", "change the value (count, who plays, options)"),
            ("Enter", "edit a seat's name; on Start: start"),
            ("digits", "on the Seed row: type a seed"),
            ("s", "start the game"),
            ("Esc / q", "back to the games"),
        ]
        .iter()
        .map(|(k, w)| (k.to_string(), w.to_string()))
        .collect()
    }
}

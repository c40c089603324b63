//! The game screen around any game's [`GameUi`]: header, board, event pane, hint line; the
//! pass-the-keyboard hand-off, the computer players' pace, undo, and the end panel.

use std::cell::Cell;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::engine::{Actor, Seat, Table, ToMove, Viewer};
use crate::registry::Registered;

use super::commands::{self, Command};
use super::events::{self, EventLog};
pub use super::play_keys::{PLAY_COMMANDS, PlayCmd};
use super::theme::Theme;
use super::widgets::hint_line;
use super::{Ctx, GameUi, Nav, Screen, pass};

/// How long a computer player "thinks" before its move is shown; any key skips it.
pub const BOT_DELAY: Duration = Duration::from_millis(700);

/// How many event lines the pane can scroll back through.
const EVENT_HISTORY: usize = 500;

/// The game screen for `table`. `back_to_launcher`: `q` returns to the previous screen instead
/// of quitting the program.
pub fn play_screen<G: Registered>(table: Table<G>, back_to_launcher: bool) -> Box<dyn Screen> {
    Box::new(Play::new(table, back_to_launcher))
}

pub struct Play<G: Registered> {
    pub table: Table<G>,
    pub ui: G::Ui,
    back: bool,
    names: Vec<String>,
    pub events: EventLog,
    /// The human seat at the keyboard, whose view is drawn.
    pub keyboard: Option<Seat>,
    /// While `Some(seat)`, the board is hidden until `seat` presses Enter.
    pub pass: Option<Seat>,
    /// When the computer player to move acts.
    pub bot_at: Option<Instant>,
    /// A message for the status line (an error, "took back ...").
    pub status: Option<String>,
    /// How many event lines the pane is scrolled back (PgUp/PgDn); 0 follows the newest.
    pub events_back: usize,
    /// A rules or bot error that stops the game.
    pub halted: Option<String>,
    turn_started: Instant,
    board: Cell<Rect>,
    /// The theme of the last draw, for the game's key and mouse handling.
    theme: Cell<Theme>,
    /// Where app-level records (high scores) go; `None` in unit tests.
    pub data_dir: Option<std::path::PathBuf>,
    /// The game's `on_game_over` has been called.
    over_seen: bool,
    /// The end of the game is put away to look at the final board (Esc).
    pub end_hidden: bool,
}

impl<G: Registered> Play<G> {
    pub fn new(table: Table<G>, back: bool) -> Self {
        let names: Vec<String> = table.m.players.iter().map(|p| p.name.clone()).collect();
        let events = EventLog::rebuild(&table.m);
        let humans: Vec<Seat> = (0..names.len()).filter(|&s| !table.is_bot(s)).collect();
        // A lone human is always at the keyboard.
        let keyboard = (humans.len() == 1).then(|| humans[0]);
        let mut p = Play {
            table,
            ui: G::Ui::default(),
            back,
            names,
            events,
            keyboard,
            pass: None,
            bot_at: None,
            status: None,
            events_back: 0,
            halted: None,
            turn_started: Instant::now(),
            board: Cell::new(Rect::default()),
            theme: Cell::new(Theme::default()),
            data_dir: (!cfg!(test)).then(crate::store::data_dir),
            over_seen: false,
            end_hidden: false,
        };
        p.advance();
        p
    }

    /// The same screen writing its records to `dir` (tests).
    pub fn with_data_dir(mut self, dir: Option<std::path::PathBuf>) -> Self {
        self.data_dir = dir;
        self.over_seen = false;
        self.advance();
        self
    }

    fn humans(&self) -> usize {
        (0..self.names.len())
            .filter(|&s| !self.table.is_bot(s))
            .count()
    }

    fn name(&self, seat: Seat) -> &str {
        self.names.get(seat).map(String::as_str).unwrap_or("?")
    }

    pub fn is_over(&self) -> bool {
        self.table.m.is_over()
    }

    /// The viewer whose view is on screen. With several people at the table, a private view
    /// stays up only while its owner is to move: while computer players act, the screen shows
    /// what everyone may see.
    pub fn viewer(&self) -> Viewer {
        match self.keyboard {
            Some(k)
                if G::Ui::PRIVATE
                    && self.humans() > 1
                    && !self.is_over()
                    && !self.table.m.to_move().includes(k) =>
            {
                Viewer::Public
            }
            Some(k) => Viewer::Seat(k),
            None => Viewer::Public,
        }
    }

    /// Applies an action and records its event lines for every viewer.
    fn apply(&mut self, actor: Actor, action: G::Action, ms: Option<u64>) -> Result<(), String> {
        let before = self.table.m.state.clone();
        self.table
            .apply(actor, action.clone(), ms)
            .map_err(|e| e.0)?;
        self.events.record(&before, actor, &action, &self.names);
        self.events_back = 0;
        Ok(())
    }

    /// Plays chance, then decides who acts next: a bot (after a pause) or a human (after a
    /// hand-off if the views are private).
    fn advance(&mut self) {
        if self.halted.is_some() {
            return;
        }
        while let Some(a) = self.table.m.sample_chance() {
            if let Err(e) = self.apply(Actor::Chance, a, None) {
                self.halted = Some(format!("chance failed: {e}"));
                return;
            }
        }
        match self.table.m.to_move() {
            ToMove::Over => {
                self.bot_at = None;
                if !self.over_seen {
                    self.over_seen = true;
                    self.ui
                        .on_game_over(&self.table.m, self.data_dir.as_deref());
                }
                return;
            }
            ToMove::Chance => {
                self.halted = Some("chance is to move but has no outcome".into());
                return;
            }
            ToMove::Seats(_) => {}
        }
        if self.table.bot_to_move().is_some() {
            if self.bot_at.is_none() {
                self.bot_at = Some(Instant::now() + BOT_DELAY);
            }
            return;
        }
        self.bot_at = None;
        let Some(seat) = self.table.m.to_move().seats().first().copied() else {
            return;
        };
        self.hand_to(seat);
    }

    fn hand_to(&mut self, seat: Seat) {
        if self.keyboard == Some(seat) && self.pass.is_none() {
            return;
        }
        if G::Ui::PRIVATE && self.humans() > 1 && self.keyboard != Some(seat) {
            self.pass = Some(seat);
            // Forget the previous player's selections with their view.
            self.ui = G::Ui::default();
        } else {
            self.pass = None;
            self.keyboard = Some(seat);
            self.turn_started = Instant::now();
        }
    }

    /// The pass screen's Enter: the named seat takes the keyboard.
    fn confirm_pass(&mut self) {
        if let Some(seat) = self.pass.take() {
            self.keyboard = Some(seat);
            self.turn_started = Instant::now();
        }
    }

    /// The computer player to move acts now.
    pub fn bot_move(&mut self) {
        self.bot_at = None;
        let Some(seat) = self.table.bot_to_move() else {
            self.advance();
            return;
        };
        let before = self.table.m.state.clone();
        match self.table.bot_step(seat) {
            Ok(a) => self
                .events
                .record(&before, Actor::Seat(seat), &a, &self.names),
            Err(e) => {
                self.halted = Some(format!("{} could not move: {e}", self.name(seat)));
                return;
            }
        }
        self.advance();
    }

    /// The human seat at the keyboard if it is to move now.
    fn human_to_move(&self) -> Option<Seat> {
        let seat = self.keyboard?;
        (self.pass.is_none()
            && self.halted.is_none()
            && self.bot_at.is_none()
            && !self.table.is_bot(seat)
            && self.table.m.to_move().includes(seat))
        .then_some(seat)
    }

    fn human_action(&mut self, seat: Seat, action: G::Action) {
        let ms = self.turn_started.elapsed().as_millis() as u64;
        match self.apply(Actor::Seat(seat), action, Some(ms)) {
            Ok(()) => {
                self.turn_started = Instant::now();
                self.advance();
            }
            Err(e) => self.status = Some(format!("Not allowed: {e}")),
        }
    }

    /// Whether `u` may take an action back now: the last action is the keyboard holder's own,
    /// undoable, and nobody else has had the keyboard since (the pass screen for the next
    /// player still counts as the holder's: nobody has taken the keyboard yet).
    pub fn can_undo(&self) -> bool {
        match (self.table.m.undoable(), self.keyboard) {
            (Some((s, n)), Some(k)) => s == k && n > 0 && !self.table.is_bot(s) && !self.is_over(),
            _ => false,
        }
    }

    fn undo(&mut self) {
        if !self.can_undo() {
            self.status = Some("Nothing to take back".into());
            return;
        }
        self.table.undo(1);
        self.events.truncate(self.table.m.history.len());
        self.status = Some("Took back your last action".into());
        self.bot_at = None;
        self.advance();
    }

    fn leave(&self) -> Nav {
        if self.back { Nav::Pop } else { Nav::Quit }
    }

    /// Whether the screen's own command `cmd` does something now.
    pub fn applies(&self, cmd: PlayCmd) -> bool {
        let over = self.is_over();
        let closable = over && G::Ui::END_CLOSABLE;
        match cmd {
            PlayCmd::Leave => !over,
            PlayCmd::LeaveEnd | PlayCmd::Replay => over,
            PlayCmd::HideEnd => closable && !self.end_hidden,
            PlayCmd::ShowEnd => closable && self.end_hidden,
            PlayCmd::Rules => true,
            PlayCmd::Scroll => self.pass.is_none(),
            PlayCmd::Ready => !over && self.pass.is_some(),
            PlayCmd::Undo => {
                G::Ui::UNDO.is_some()
                    && !over
                    && (self.can_undo() || (self.pass.is_none() && self.bot_at.is_none()))
            }
            PlayCmd::Skip => !over && self.pass.is_none() && self.bot_at.is_some(),
        }
    }

    fn on_key(&mut self, key: KeyEvent) -> Nav {
        self.status = None;
        let Some(cmd) = commands::find(PLAY_COMMANDS, &key, |c| self.applies(c)) else {
            self.game_input(|ui, ctx| ui.on_key(key, ctx));
            return Nav::Stay;
        };
        match cmd {
            PlayCmd::Leave | PlayCmd::LeaveEnd => return self.leave(),
            PlayCmd::HideEnd | PlayCmd::ShowEnd => {
                self.end_hidden = cmd == PlayCmd::HideEnd;
                self.ui.show_end(!self.end_hidden);
            }
            PlayCmd::Replay => {
                return Nav::Replace(super::replay::replay_screen::<G>(self.table.m.clone()));
            }
            PlayCmd::Rules => {
                return Nav::Push(Box::new(super::rules_page::RulesPage::new(
                    G::NAME,
                    G::RULES,
                )));
            }
            PlayCmd::Scroll => {
                let viewer = self.viewer();
                let total = self
                    .events
                    .lines(self.events.len(), viewer, EVENT_HISTORY)
                    .len();
                self.events_back = if key.code == KeyCode::PageUp {
                    (self.events_back + 3).min(total.saturating_sub(1))
                } else {
                    self.events_back.saturating_sub(3)
                };
            }
            PlayCmd::Ready => self.confirm_pass(),
            PlayCmd::Undo => self.undo(),
            PlayCmd::Skip => self.bot_move(),
        }
        Nav::Stay
    }

    /// Hands an input to the game's UI with the view of the human to move, and applies the
    /// action it makes of it, if any.
    fn game_input(&mut self, input: impl FnOnce(&mut G::Ui, &Ctx<G>) -> Option<G::Action>) {
        let Some(seat) = self.human_to_move() else {
            return;
        };
        let view = self.table.m.state.view(Viewer::Seat(seat));
        let legal = self.table.m.state.legal_actions(seat);
        let ctx = Ctx::<G> {
            view: &view,
            seat: Some(seat),
            legal: &legal,
            names: &self.names,
            ascii: self.theme.get().ascii,
            color: self.theme.get().color,
        };
        if let Some(a) = input(&mut self.ui, &ctx) {
            self.human_action(seat, a);
        }
    }

    fn turn_text(&self, theme: &Theme) -> String {
        if self.halted.is_some() {
            return "Stopped".into();
        }
        if self.is_over() {
            return "Game over".into();
        }
        if let Some(seat) = self.pass {
            return format!("Pass to {}", self.name(seat));
        }
        let seats = self.table.m.to_move().seats().to_vec();
        if let Some(bot) = self.table.bot_to_move() {
            return format!("{} is thinking{}", self.name(bot), theme.ellipsis());
        }
        let names: Vec<&str> = seats.iter().map(|&s| self.name(s)).collect();
        format!("{} to move", names.join(", "))
    }

    fn render_header(&self, f: &mut Frame, area: Rect, theme: &Theme) {
        let left = Line::from(vec![
            Span::styled(format!(" {}", theme.text(G::NAME)), theme.title()),
            Span::raw(theme.sep()),
            Span::styled(theme.text(&self.turn_text(theme)), theme.accent()),
        ]);
        f.render_widget(Paragraph::new(left), area);
        let right = match (self.pass, self.viewer()) {
            (Some(_), _) => String::new(),
            (None, Viewer::Seat(s)) => format!("{}'s view ", theme.text(self.name(s))),
            (None, _) => "Public view ".into(),
        };
        f.render_widget(
            Paragraph::new(Line::styled(right, theme.dim()).right_aligned()),
            area,
        );
    }

    /// The hint line: the commands that apply now, the game's between the screen's first
    /// (hand-off, waiting) and its last (undo, leave, rules). `u` only when it can act.
    fn hints(&self, theme: &Theme) -> Vec<(&'static str, &'static str)> {
        let first = |c: PlayCmd| matches!(c, PlayCmd::Ready | PlayCmd::Skip);
        let shown = |c: PlayCmd| self.applies(c) && (c != PlayCmd::Undo || self.can_undo());
        let mut keys = commands::hints(PLAY_COMMANDS, |c| first(c) && shown(c));
        if let Some(seat) = self.human_to_move() {
            let view = self.table.m.state.view(Viewer::Seat(seat));
            let legal = self.table.m.state.legal_actions(seat);
            let ctx = Ctx::<G> {
                view: &view,
                seat: Some(seat),
                legal: &legal,
                names: &self.names,
                ascii: theme.ascii,
                color: theme.color,
            };
            keys.extend(self.ui.hints(&ctx));
        }
        keys.extend(commands::hints(PLAY_COMMANDS, |c| !first(c) && shown(c)));
        keys.push(("?", "help"));
        keys
    }

    fn render_status(&self, f: &mut Frame, area: Rect, theme: &Theme) {
        let problem = self
            .halted
            .clone()
            .or_else(|| self.status.clone())
            .or_else(|| self.table.save_error.clone());
        let line = match problem {
            Some(msg) => {
                let style = if self.halted.is_some() || self.table.save_error.is_some() {
                    theme.error()
                } else {
                    theme.accent()
                };
                Line::styled(format!(" {}", theme.text(&msg)), style)
            }
            None => {
                // What does not fit goes, from the end, but `?` stays: it lists everything.
                let mut keys = self.hints(theme);
                let mut line = hint_line(theme, &keys);
                while line.width() > usize::from(area.width) && keys.len() > 1 {
                    keys.remove(keys.len() - 2);
                    line = hint_line(theme, &keys);
                }
                line
            }
        };
        f.render_widget(Paragraph::new(line), area);
    }

    fn render_end(&self, f: &mut Frame, area: Rect, theme: &Theme) {
        let Some(outcome) = self.table.m.state.outcome() else {
            return;
        };
        // Names by display width, so wide (CJK, emoji) names keep the scores in line; a name
        // too long for the panel is cut, never the scores.
        let w = self
            .names
            .iter()
            .map(|n| super::widgets::width(&theme.text(n)))
            .max()
            .unwrap_or(4)
            .min(usize::from(area.width).saturating_sub(22).max(4));
        let mut lines = vec![Line::from("")];
        for (s, score) in outcome.scores.iter().enumerate() {
            let won = outcome.winners.contains(&s);
            let mark = if won { "wins" } else { "" };
            let name = super::widgets::fit(&theme.text(self.name(s)), w, theme.ellipsis());
            let text = format!("  {name}  {score:>5}  {mark}");
            lines.push(if won {
                Line::styled(text, theme.accent())
            } else {
                Line::from(text)
            });
        }
        lines.push(Line::from(""));
        let verdict = match outcome.winners.len() {
            0 => "Nobody wins.".to_string(),
            n if n == self.names.len() && n > 1 => "Everybody wins.".to_string(),
            1 => format!("{} wins.", self.name(outcome.winners[0])),
            _ => {
                let names: Vec<&str> = outcome.winners.iter().map(|&s| self.name(s)).collect();
                format!("Shared win: {}.", names.join(", "))
            }
        };
        lines.push(Line::styled(
            format!("  {}", theme.text(&verdict)),
            theme.title(),
        ));
        if !outcome.note.is_empty() {
            lines.push(Line::styled(
                format!(
                    "  ({})",
                    theme.text(&crate::engine::name_seats(&outcome.note, &self.names))
                ),
                theme.dim(),
            ));
        }
        lines.push(Line::from(""));
        let end_keys = commands::hints(PLAY_COMMANDS, |c| self.applies(c) && c != PlayCmd::Rules);
        lines.push(hint_line(theme, &end_keys));
        let width = lines
            .iter()
            .map(|l| l.width() as u16 + 4)
            .max()
            .unwrap_or(30)
            .clamp(36, area.width);
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        f.render_widget(Clear, popup);
        f.render_widget(Paragraph::new(lines).block(theme.block("Game over")), popup);
    }
}

impl<G: Registered> Screen for Play<G> {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [header, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(f.area());
        self.render_header(f, header, theme);
        self.render_status(f, status, theme);
        if let Some(seat) = self.pass {
            pass::render(f, body, theme, self.name(seat));
            return;
        }
        let (board, pane) = G::Ui::layout(body);
        self.board.set(board);
        self.theme.set(*theme);
        let viewer = self.viewer();
        let view = self.table.m.state.view(viewer);
        let legal = match self.human_to_move() {
            Some(seat) => self.table.m.state.legal_actions(seat),
            None => Vec::new(),
        };
        let ctx = Ctx::<G> {
            view: &view,
            seat: self.keyboard,
            legal: &legal,
            names: &self.names,
            ascii: theme.ascii,
            color: theme.color,
        };
        self.ui.render(f, board, &ctx);
        let lines = self.events.lines(self.events.len(), viewer, EVENT_HISTORY);
        let end = lines.len().saturating_sub(self.events_back);
        events::render_pane(f, pane, theme, &lines[..end]);
        if self.is_over() && G::Ui::END_PANEL && !self.end_hidden {
            self.render_end(f, board, theme);
        }
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(*k),
            Event::Mouse(m) => {
                let board = self.board.get();
                self.game_input(|ui, ctx| ui.on_mouse(*m, board, ctx));
                Nav::Stay
            }
            _ => Nav::Stay,
        }
    }

    fn deadline(&self) -> Option<Instant> {
        if self.halted.is_some() || self.pass.is_some() {
            return None;
        }
        self.bot_at
    }

    fn on_deadline(&mut self) -> Nav {
        self.bot_move();
        Nav::Stay
    }

    /// Every action was saved when it was made; only a save that failed is tried again.
    fn on_exit(&mut self) {
        if self.table.save_error.is_some() {
            self.table.persist();
        }
    }

    fn title(&self) -> String {
        G::NAME.to_string()
    }

    /// The keys that work in this game now: while it runs, the game's (those its options and
    /// players allow) and the screen's (`u` only in games that allow it, saying what it takes
    /// back there; the hand-off and the computer players' pause only at tables that have
    /// them); once it is over, the end's keys.
    fn help(&self) -> Vec<(String, String)> {
        let over = self.is_over();
        let mut keys = Vec::new();
        if !over {
            let viewer = self.viewer();
            let view = self.table.m.state.view(viewer);
            let ctx = Ctx::<G> {
                view: &view,
                seat: self.keyboard,
                legal: &[],
                names: &self.names,
                ascii: self.theme.get().ascii,
                color: self.theme.get().color,
            };
            let offered: Vec<Command<<G::Ui as GameUi<G>>::Cmd>> = G::Ui::COMMANDS
                .iter()
                .filter(|c| self.ui.offered(c.id, &ctx))
                .copied()
                .collect();
            keys = commands::help_lines(&offered);
            if let Some(undo) = G::Ui::UNDO {
                keys.push(("u".into(), undo.into()));
            }
        }
        let bots = (0..self.names.len()).any(|s| self.table.is_bot(s));
        let offered: Vec<Command<PlayCmd>> = PLAY_COMMANDS
            .iter()
            .filter(|c| match c.id {
                PlayCmd::Leave | PlayCmd::Undo => !over,
                PlayCmd::LeaveEnd | PlayCmd::Replay => over,
                PlayCmd::HideEnd | PlayCmd::ShowEnd => over && G::Ui::END_CLOSABLE,
                PlayCmd::Rules | PlayCmd::Scroll => true,
                PlayCmd::Ready => !over && G::Ui::PRIVATE && self.humans() > 1,
                PlayCmd::Skip => !over && bots,
            })
            .copied()
            .collect();
        keys.extend(commands::help_lines(&offered));
        keys
    }

    fn legend(&self) -> Vec<(String, String)> {
        G::Ui::LEGEND
            .iter()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect()
    }
}

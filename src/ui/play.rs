//! The game screen around any game's [`GameUi`]: header, board, event pane, hint line; the
//! pass-the-keyboard hand-off, the computer players' pace, undo, and the end panel.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::engine::{Seat, Table, ToMove, Viewer};
use crate::host::hub::Hub;
use crate::host::room::{self, Attached, Driving};
use crate::host::{Peer, Wake as HostWake};
use crate::ui::Playable;

use super::commands::{self, Command};
use super::events::{self, EventLog};
use super::lines;
pub use super::play_keys::{PLAY_COMMANDS, PlayCmd};
use super::score_chart;
use super::theme::Theme;
use super::widgets::{self, hint_line};
use super::work::{Local, Work};
use super::{Ctx, GameUi, Nav, Screen, pass};

pub mod chat;
pub mod hint;

/// Columns the end panel adds for a score chart.
const END_CHART_W: u16 = 40;

/// How many event lines the pane can scroll back through.
const EVENT_HISTORY: usize = 500;

/// The game screen for `table`. `back_to_launcher`: `q` returns to the previous screen instead
/// of quitting the program.
/// `local`: how the game runs at this terminal.
pub fn play_screen<G: Playable>(
    table: Table<G>,
    back_to_launcher: bool,
    local: &Local,
) -> Box<dyn Screen> {
    Box::new(Play::local(table, back_to_launcher, local))
}

/// Where the game screen's turn stands: exactly one of these at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The board is hidden until this seat's player takes the keyboard.
    HandOff(Seat),
    /// This person is at the keyboard and to move.
    Person(Seat),
    /// The computer players to move are thinking (off the screen's thread, see
    /// [`Play::thinking`]); their move lands at this instant or when they have chosen,
    /// whichever is later. Any key brings the instant to now.
    Bots(Instant),
    /// The next step would show this person something new while they may still take their
    /// last decision back: it waits for their key.
    Held(Seat),
    /// Computer players are next, but the board shows what a person must see first (Pocket's
    /// failed flip): any key or click says it was seen, then they think.
    Shown,
    Over,
    Halted(Halt),
    /// At a network table: others are to move (people at other terminals, or the server's
    /// computer players); this terminal watches as it happens.
    Others,
    /// At a network table: it waits for every remote seat to be taken.
    Waiting,
}

/// Why the game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// A rules or computer-player error: the game cannot go on.
    Broken(String),
    /// The log could not be written: `r` tries again; leaving without it asks first.
    Unsaved { error: String, leaving: bool },
}

pub struct Play<G: Playable> {
    /// The table as this terminal shows it: a mirror of its room's table, pulled whenever the
    /// room changes (see [`Play::sync`]). Only the room plays it.
    pub table: Table<G>,
    pub ui: G::Ui,
    back: bool,
    names: Vec<String>,
    pub events: EventLog,
    /// The human seat at the keyboard, whose view is drawn.
    pub keyboard: Option<Seat>,
    pub turn: Turn,
    /// The person who may press `u` now (see [`Table::undo_span`]).
    undo_by: Option<Seat>,
    /// A message for the status line ("took back ...", a refusal).
    pub status: Option<String>,
    /// How many event lines the pane is scrolled back (PgUp/PgDn); 0 follows the newest.
    pub events_back: usize,
    turn_started: Instant,
    /// Where app-level records (high scores) go at a local table; `None` in unit tests.
    pub data_dir: Option<std::path::PathBuf>,
    /// The game's `on_game_over` has been called.
    over_seen: bool,
    /// The end of the game is put away to look at the final board (Esc).
    pub end_hidden: bool,
    /// This terminal's place at the table's room, local or hosted: the seats at its keyboard.
    /// The room plays chance and computer players, paces, holds and saves; this screen sends
    /// its people's actions there and draws from its own seats' views.
    pub room: Attached<G>,
    /// At a hosted table: the hub, who is at this terminal and how to redraw it, for "play
    /// again" and the creator's seats screen. `None` at a local table.
    link: Option<Link>,
    /// The hint key's state (see [`hint`]).
    pub hints: hint::Hints<G>,
    /// Where this screen's slow work runs (hints, a finished game's review).
    work: Work,
    /// The chat line of a hosted table.
    pub chat: chat::ChatBox,
}

/// A hosted table's way back to its host (see [`Play::link`]).
struct Link {
    hub: Hub,
    peer: Peer,
    wake: HostWake,
}

impl<G: Playable> Play<G> {
    /// A local game on `table`: a room of its own with every person's seat at this terminal.
    /// With [`Work::Threads`] the room thinks on its own thread and nudges the terminal's wait
    /// (see `super::input::nudge`); inline, every step is taken before a key returns.
    pub fn local(table: Table<G>, back: bool, local: &Local) -> Self {
        let (driving, wake) = match local.work {
            Work::Threads => (Driving::Thread, HostWake::new(super::input::nudge)),
            Work::Inline => (Driving::Inline, HostWake::none()),
        };
        Self::open(table, back, driving, wake, local)
    }

    /// A local game as unit tests of screens open it ([`Local::inline`]).
    #[cfg(test)]
    pub fn new(table: Table<G>, back: bool) -> Self {
        Self::local(table, back, &Local::inline())
    }

    /// The same screen with its room's computer players thinking on the room's thread, which
    /// calls `wake` whenever the table changed (tests of the thinking).
    #[cfg(test)]
    pub fn thinking_on_thread(table: Table<G>, back: bool, wake: HostWake) -> Self {
        Self::open(table, back, Driving::Thread, wake, &Local::inline())
    }

    fn open(table: Table<G>, back: bool, driving: Driving, wake: HostWake, local: &Local) -> Self {
        // `bot_pace_ms` (or `--bot-pace`) as it is when the game opens.
        let pace = crate::config::current().bot_pace;
        let mut at = room::local(table, pace, driving, wake);
        let mirror = at.mirror();
        Self::build(mirror, back, at, None, local.records.clone(), local.work)
    }

    /// The screen of one connection at a hosted table: drawn only from the views of the seats
    /// at its keyboard (none: a spectator, who sees the public view). `work`: where its hints
    /// are worked out (the room plays its computer players).
    pub fn shared(mut at: Attached<G>, hub: Hub, peer: Peer, wake: HostWake, work: Work) -> Self {
        let table = at.mirror();
        let reconnect = at.info.reconnect.clone();
        let played_for = at.info.played_for;
        let link = Link { hub, peer, wake };
        let mut p = Self::build(table, true, at, Some(link), None, work);
        if played_for > 0 {
            // Back after a computer player stood in: say so, or the board seems to have moved
            // on by itself.
            let moves = if played_for == 1 { "move" } else { "moves" };
            p.status = Some(format!(
                "Welcome back: a computer player made {played_for} {moves} for you"
            ));
        } else if let Some(code) = reconnect {
            p.status = Some(format!(
                "Your reconnect code: {} (with the same name it brings you back)",
                crate::host::table_code::show(&code)
            ));
        }
        p
    }

    fn build(
        table: Table<G>,
        back: bool,
        room: Attached<G>,
        link: Option<Link>,
        data_dir: Option<std::path::PathBuf>,
        work: Work,
    ) -> Self {
        let names: Vec<String> = table.m.players.iter().map(|p| p.name.clone()).collect();
        let events = EventLog::rebuild(&table.m);
        let humans: Vec<Seat> = room.mine.clone();
        // A lone human is always at the keyboard. Of several at a local table, a saved game
        // reopens with the one whose last decision may still be taken back: the step after it
        // waits for them again, as it did before they left (their private view stays hidden
        // as it was).
        let keyboard = match humans.as_slice() {
            [one] => Some(*one),
            _ if link.is_none() => table
                .m
                .history
                .iter()
                .rev()
                .find_map(|s| match s.actor {
                    crate::engine::Actor::Seat(k) if humans.contains(&k) => Some(k),
                    _ => None,
                })
                .filter(|&k| {
                    table.undo_span(k).is_some()
                        && (!G::Ui::PRIVATE || !table.m.to_move().includes(k))
                }),
            _ => None,
        };
        let mut p = Play {
            table,
            ui: G::Ui::default(),
            back,
            names,
            events,
            keyboard,
            turn: Turn::Over,
            undo_by: None,
            status: None,
            events_back: 0,
            turn_started: Instant::now(),
            data_dir,
            over_seen: false,
            end_hidden: false,
            room,
            link,
            hints: hint::Hints::new(work),
            work,
            chat: Default::default(),
        };
        p.sync();
        p
    }

    /// The same screen writing its records to `dir` (tests).
    #[cfg(test)]
    pub fn with_data_dir(mut self, dir: Option<std::path::PathBuf>) -> Self {
        self.data_dir = dir;
        self.over_seen = false;
        self.sync();
        self
    }

    /// This terminal's screen at the place "play again" gave it: the seats its person holds
    /// at the new table, or a spectator's.
    fn screen_at(&self, seated: crate::host::hub::Seated) -> Option<Box<dyn Screen>> {
        let link = self.link.as_ref()?;
        let handle = seated.attach(&link.peer, link.wake.clone());
        let at = handle.downcast::<Attached<G>>().ok()?;
        let next = Play::shared(
            *at,
            link.hub.clone(),
            link.peer.clone(),
            link.wake.clone(),
            self.work,
        );
        Some(Box::new(next))
    }

    /// Whether computer players are thinking and have not chosen yet.
    pub fn thinking(&self) -> bool {
        self.room.thinking()
    }

    /// How many people play at this keyboard: the seats at this terminal that are not
    /// computer players (every person, at a local table).
    fn humans(&self) -> usize {
        let mine = self.room.mine.iter();
        mine.filter(|&&s| !self.table.is_bot(s)).count()
    }

    fn name(&self, seat: Seat) -> &str {
        self.names.get(seat).map(String::as_str).unwrap_or("?")
    }

    pub fn is_over(&self) -> bool {
        self.table.m.is_over()
    }

    /// The seat whose hand-off screen is up.
    pub fn pass(&self) -> Option<Seat> {
        match self.turn {
            Turn::HandOff(s) => Some(s),
            _ => None,
        }
    }

    /// When the computer players act, while they are thinking.
    pub fn bot_at(&self) -> Option<Instant> {
        match self.turn {
            Turn::Bots(at) => Some(at),
            _ => None,
        }
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
                    && (!self.table.m.to_move().includes(k)
                        || matches!(self.turn, Turn::Bots(_))) =>
            {
                Viewer::Public
            }
            Some(k) => Viewer::Seat(k),
            None => Viewer::Public,
        }
    }

    /// Pulls the room's table into the mirror and sets the turn from it. The room plays
    /// chance and computer players; this terminal only shows them, and tells the room when
    /// nothing on its board waits for a look (see [`Attached::seen`]).
    fn sync(&mut self) {
        loop {
            self.pull();
            if self.turn != Turn::Shown {
                // Nothing here waits for a look: the computer players may go on.
                self.room.seen();
            }
            // A room driven inline has moved on already.
            if !self.room.stale() {
                return;
            }
        }
    }

    /// One pull of [`Play::sync`].
    fn pull(&mut self) {
        let before = self.room.mine.clone();
        self.room.pull(&mut self.table);
        chat::news(self);
        let mine = self.room.mine.clone();
        let info = self.room.info.clone();
        if mine != before {
            // The creator moved a seat: whoever is at this keyboard now sees only their own.
            self.keyboard = (mine.len() == 1).then(|| mine[0]);
            self.ui = G::Ui::default();
            self.turn = Turn::Others;
            if mine.is_empty() {
                self.status = Some("The table's creator gave your seat away: you watch now".into());
            }
        }
        self.names = self
            .table
            .m
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect();
        if self.events.len() > self.table.m.history.len() {
            self.events = EventLog::rebuild(&self.table.m);
        } else if self.events.len() != self.table.m.history.len() {
            self.events.catch_up(&self.table.m);
            self.events_back = 0;
        }
        let was_person = matches!(self.turn, Turn::Person(_));
        let leaving = matches!(self.turn, Turn::Halted(Halt::Unsaved { leaving: true, .. }));
        self.turn = if let Some(e) = info.broken {
            Turn::Halted(Halt::Broken(e))
        } else if let Some(error) = info.unsaved {
            if self.link.is_some() {
                // The host's disk: nobody at this terminal can mend it.
                Turn::Halted(Halt::Broken(error))
            } else {
                Turn::Halted(Halt::Unsaved { error, leaving })
            }
        } else if !info.started {
            Turn::Waiting
        } else if let Some((seat, _)) = info.held.filter(|(s, _)| mine.contains(s)) {
            Turn::Held(seat)
        } else {
            match self.table.m.to_move() {
                ToMove::Over => {
                    if !self.over_seen {
                        self.over_seen = true;
                        // A hosted table recorded the end (a high score) in the host's data
                        // folder; the game's end panel reads it from there to show the
                        // player's place. A local game records it here.
                        let dir = match self.link {
                            Some(_) => self.room.data_dir(),
                            None => self.data_dir.clone(),
                        };
                        self.ui
                            .on_game_over(&self.table.m, dir.as_deref(), self.work);
                    }
                    Turn::Over
                }
                ToMove::Seats(seats) => {
                    let here = seats
                        .iter()
                        .copied()
                        .find(|s| mine.contains(s) && !self.table.is_bot(*s));
                    // Where every person sits here, the computer players' turn is this
                    // screen's too: it shows them thinking (people at the same step wait for
                    // them, as they choose at once) and a key hurries them.
                    let bots = info.alone && info.bots;
                    match here {
                        _ if bots && self.must_be_seen() => Turn::Shown,
                        _ if bots => Turn::Bots(info.bots_at.unwrap_or_else(Instant::now)),
                        Some(seat) => self.hand_to(seat),
                        None if self.must_be_seen() => Turn::Shown,
                        None => Turn::Others,
                    }
                }
                ToMove::Chance => Turn::Others,
            }
        };
        if !was_person && matches!(self.turn, Turn::Person(_)) {
            self.turn_started = Instant::now();
        }
        self.undo_by = self.keyboard.filter(|&k| {
            info.alone
                && !matches!(self.turn, Turn::Over | Turn::Halted(_))
                && self.table.undo_span(k).is_some()
        });
    }

    fn hand_to(&mut self, seat: Seat) -> Turn {
        if self.turn == Turn::HandOff(seat) {
            return Turn::HandOff(seat);
        }
        if self.keyboard == Some(seat) {
            return Turn::Person(seat);
        }
        if G::Ui::PRIVATE && self.humans() > 1 {
            // Forget the previous player's selections with their view.
            self.ui = G::Ui::default();
            return Turn::HandOff(seat);
        }
        self.keyboard = Some(seat);
        self.turn_started = Instant::now();
        Turn::Person(seat)
    }

    /// Computer players are next, but the board shows what a person must see first (see
    /// [`GameUi::holds`]). A person to move sees it anyway: their first key reaches the game,
    /// which turns it away and does its job. With no person at the table nobody is waited for.
    fn must_be_seen(&self) -> bool {
        self.humans() > 0 && self.ui.holds(&self.table.m.state.view(self.viewer()))
    }

    /// Whether the screen waits for a person to have seen the board ([`Turn::Shown`]).
    pub fn held(&self) -> bool {
        self.turn == Turn::Shown
    }

    /// A key or click while [`Play::held`]: the person has seen the board; play goes on (the
    /// computer players' pause starts now).
    fn release(&mut self) {
        let view = self.table.m.state.view(self.viewer());
        self.ui.release(&view);
        self.turn = Turn::Others;
        self.sync();
    }

    /// The first action whose event line may be on screen now (see [`GameUi::events_from`]).
    fn events_from(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        self.ui.events_from(&self.table.m.state.view(self.viewer()))
    }

    /// The hand-off screen's Enter: its seat takes the keyboard.
    fn confirm_pass(&mut self) {
        if let Turn::HandOff(seat) = self.turn {
            self.keyboard = Some(seat);
            self.turn_started = Instant::now();
            self.turn = Turn::Person(seat);
            self.undo_by = None;
        }
    }

    /// The rest of the computer players' pause is skipped (their deadline, or a key): their
    /// move lands now if they have chosen, else as soon as they have (the room wakes the
    /// screen). Never waits for them.
    pub fn bot_move(&mut self) {
        if !matches!(self.turn, Turn::Bots(_)) {
            return;
        }
        self.room.hurry();
        self.sync();
    }

    /// Lets a held step happen (the person gives up taking their last move back).
    pub fn go_on(&mut self) {
        if !matches!(self.turn, Turn::Held(_)) {
            return;
        }
        self.room.go_on();
        self.sync();
    }

    /// The human seat at the keyboard if it is to move now.
    fn human_to_move(&self) -> Option<Seat> {
        match self.turn {
            Turn::Person(seat) => Some(seat),
            _ => None,
        }
    }

    /// The person in `seat` does `action` (as their keys or mouse would).
    pub fn act(&mut self, seat: Seat, action: G::Action) {
        let ms = self.turn_started.elapsed().as_millis() as u64;
        self.act_after(seat, action, ms);
    }

    /// [`Play::act`], the person having thought for `ms` milliseconds (what the log keeps).
    pub fn act_after(&mut self, seat: Seat, action: G::Action, ms: u64) {
        match self.room.act(seat, action, ms) {
            Ok(()) => self.turn_started = Instant::now(),
            Err(e) => self.status = Some(format!("Not allowed: {e}")),
        }
        self.sync();
    }

    /// Whether `u` takes something back now: the person at the keyboard made the last decision
    /// that counts, the game lets it be taken back, and nothing they had not seen has been
    /// shown since (nor has anybody else taken the keyboard).
    pub fn can_undo(&self) -> bool {
        self.undo_by.is_some()
    }

    fn undo(&mut self) {
        let Some(seat) = self.undo_by else {
            self.status = Some("Nothing to take back".into());
            return;
        };
        let handed_off = matches!(self.turn, Turn::HandOff(_));
        if !self.room.undo(seat) {
            self.status = Some("Nothing to take back".into());
            return;
        }
        self.events_back = 0;
        self.status = Some("Took back your last move".into());
        if handed_off {
            // Back to the hand-off screen of the seat that acted: whoever holds the keyboard
            // now must not see that seat's view without it.
            self.keyboard = None;
        }
        self.sync();
    }

    fn leave(&mut self) -> Nav {
        if self.link.is_some() {
            // The seat stays this person's; the host keeps the game.
            return self.exit();
        }
        if let Err(error) = self.room.save() {
            self.turn = Turn::Halted(Halt::Unsaved {
                error,
                leaving: true,
            });
            return Nav::Stay;
        }
        self.exit()
    }

    fn exit(&self) -> Nav {
        if self.back { Nav::Pop } else { Nav::Quit }
    }

    /// Keys while the log cannot be written: retry, or leave only when the player says so.
    fn on_halted_key(&mut self, key: KeyEvent) -> Nav {
        let Turn::Halted(Halt::Unsaved { error, leaving }) = self.turn.clone() else {
            return match key.code {
                KeyCode::Char('q') | KeyCode::Esc => self.exit(),
                _ => Nav::Stay,
            };
        };
        match key.code {
            KeyCode::Char('r') => {
                match self.room.save() {
                    Ok(()) => {
                        self.status = Some("Saved".into());
                        self.turn = Turn::Others;
                        self.sync();
                    }
                    Err(e) => self.turn = Turn::Halted(Halt::Unsaved { error: e, leaving }),
                }
                Nav::Stay
            }
            KeyCode::Char('y') if leaving => self.exit(),
            KeyCode::Char('q') => {
                self.turn = Turn::Halted(Halt::Unsaved {
                    error,
                    leaving: true,
                });
                Nav::Stay
            }
            KeyCode::Esc if leaving => {
                self.turn = Turn::Halted(Halt::Unsaved {
                    error,
                    leaving: false,
                });
                Nav::Stay
            }
            _ => Nav::Stay,
        }
    }

    /// Whether the screen's own command `cmd` does something now.
    pub fn applies(&self, cmd: PlayCmd) -> bool {
        let over = self.is_over();
        let closable = over && G::Ui::END_CLOSABLE;
        let hand_off = matches!(self.turn, Turn::HandOff(_));
        match cmd {
            PlayCmd::Leave => !over,
            PlayCmd::LeaveEnd | PlayCmd::Replay => over,
            PlayCmd::HideEnd => closable && !self.end_hidden,
            PlayCmd::ShowEnd => closable && self.end_hidden,
            PlayCmd::Rules => true,
            PlayCmd::Scroll => !hand_off,
            PlayCmd::Ready => {
                hand_off
                    || (self.turn == Turn::Waiting
                        && (self.room.info.seats.iter())
                            .any(|s| self.room.mine.contains(&s.seat) && !s.ready))
            }
            PlayCmd::Fill => {
                self.turn == Turn::Waiting
                    && self.link.is_some()
                    && self.room.info.creator
                    && self.room.info.seats.iter().any(|s| s.free)
            }
            // Each person chooses for themselves; a spectator may follow once someone has.
            PlayCmd::Again => {
                over && self.link.is_some()
                    && (!self.room.mine.is_empty() || self.room.info.again.is_some())
            }
            PlayCmd::Seats => self.link.is_some() && self.room.info.creator && !over,
            PlayCmd::Undo => {
                G::Ui::UNDO.is_some()
                    && self.room.info.alone
                    && !over
                    && (self.can_undo() || matches!(self.turn, Turn::Person(_)))
            }
            PlayCmd::Skip => matches!(self.turn, Turn::Bots(_)),
            PlayCmd::GoOn => matches!(self.turn, Turn::Held(_)),
            PlayCmd::Hint => hint::applies(self),
            PlayCmd::Chat => chat::applies(self),
        }
    }

    fn on_key(&mut self, key: KeyEvent, theme: Theme) -> Nav {
        self.status = None;
        if matches!(self.turn, Turn::Halted(_)) {
            return self.on_halted_key(key);
        }
        if self.chat.open {
            chat::on_key(self, key);
            return Nav::Stay;
        }
        let cmd = commands::find(PLAY_COMMANDS, &key, |c| self.applies(c));
        if self.held() && !matches!(cmd, Some(PlayCmd::Leave | PlayCmd::Rules | PlayCmd::Scroll)) {
            // Any other key only says the person has seen the board (see `GameUi::holds`).
            self.release();
            return Nav::Stay;
        }
        let Some(cmd) = cmd else {
            self.game_input(theme, |ui, ctx| ui.on_key(key, ctx));
            return Nav::Stay;
        };
        match cmd {
            PlayCmd::Leave | PlayCmd::LeaveEnd => return self.leave(),
            PlayCmd::HideEnd | PlayCmd::ShowEnd => {
                self.end_hidden = cmd == PlayCmd::HideEnd;
                self.ui.show_end(!self.end_hidden);
            }
            PlayCmd::Replay => {
                return Nav::Push(super::replay::replay_screen::<G>(self.table.m.clone()));
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
                    .lines_in(self.events_from(), self.events.len(), viewer, EVENT_HISTORY)
                    .len();
                self.events_back = if key.code == KeyCode::PageUp {
                    (self.events_back + 3).min(total.saturating_sub(1))
                } else {
                    self.events_back.saturating_sub(3)
                };
            }
            PlayCmd::Ready if self.turn == Turn::Waiting => {
                self.room.ready();
                self.sync();
            }
            PlayCmd::Ready => self.confirm_pass(),
            PlayCmd::Fill => {
                if let Err(e) = self.room.fill_with_bots() {
                    self.status = Some(e);
                }
                self.sync();
            }
            PlayCmd::Again => {
                let Some(link) = &self.link else {
                    return Nav::Stay;
                };
                match link.hub.play_again(&self.room.info.code, &link.peer) {
                    Ok(seated) => {
                        if let Some(next) = self.screen_at(seated) {
                            return Nav::Replace(next);
                        }
                    }
                    Err(e) => self.status = Some(e),
                }
                self.sync();
            }
            PlayCmd::Seats => {
                if let Some(link) = &self.link {
                    return Nav::Push(super::lobby::seat_admin::screen(
                        link.hub.clone(),
                        self.room.info.code.clone(),
                        link.peer.clone(),
                    ));
                }
            }
            PlayCmd::Undo => self.undo(),
            PlayCmd::Skip => self.bot_move(),
            PlayCmd::GoOn => self.go_on(),
            PlayCmd::Hint => hint::ask(self),
            PlayCmd::Chat => chat::open(self),
        }
        Nav::Stay
    }

    /// Hands an input to the game's UI with the view of the human to move, and applies the
    /// action it makes of it, if any.
    fn game_input(
        &mut self,
        theme: Theme,
        input: impl FnOnce(&mut G::Ui, &Ctx<G>) -> Option<G::Action>,
    ) {
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
            theme,
        };
        if let Some(a) = input(&mut self.ui, &ctx) {
            self.act(seat, a);
        }
    }

    /// The board's area in a frame of `area`: the one rule both drawing and the mouse use.
    fn board_area(area: Rect) -> Rect {
        let [_, body, _] = Self::rows(area);
        G::Ui::layout(body).0
    }

    fn rows(area: Rect) -> [Rect; 3] {
        Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(area)
    }

    /// Handles an event in a frame of `area` drawn with `theme`.
    pub fn handle(&mut self, ev: &Event, area: Rect, theme: Theme) -> Nav {
        if self.room.stale() {
            // A key acts on the table as it is now, not as it was last drawn.
            self.sync();
        }
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(*k, theme),
            Event::Mouse(m) => {
                if self.held() {
                    if matches!(m.kind, ratatui::crossterm::event::MouseEventKind::Down(_)) {
                        self.release();
                    }
                    return Nav::Stay;
                }
                let board = Self::board_area(area);
                self.game_input(theme, |ui, ctx| ui.on_mouse(*m, board, ctx));
                Nav::Stay
            }
            _ => Nav::Stay,
        }
    }

    /// The header's word on whose turn it is. `compact` counts several names instead of
    /// listing them, for a header too narrow for the list.
    fn turn_text(&self, theme: &Theme, compact: bool) -> String {
        let list = |names: &[&str], bots: bool| -> String {
            match names.len() {
                n if compact && n > 1 && bots => format!("{n} computer players"),
                n if compact && n > 1 => format!("{n} players"),
                _ => names.join(", "),
            }
        };
        match &self.turn {
            Turn::Halted(Halt::Broken(_)) => "Stopped".into(),
            Turn::Halted(Halt::Unsaved { .. }) => "Not saved".into(),
            Turn::Over => "Game over".into(),
            Turn::HandOff(seat) => format!("Pass to {}", self.name(*seat)),
            Turn::Held(_) => {
                let held = self.room.info.held.clone().map(|h| h.1).unwrap_or_default();
                let bots: Vec<&str> = held.into_iter().map(|s| self.name(s)).collect();
                if bots.is_empty() {
                    "Ready to go on".into()
                } else {
                    format!("{} ready to move", list(&bots, true))
                }
            }
            Turn::Shown => format!(
                "{} next, once you have looked",
                list(&self.to_move_names(false), false)
            ),
            Turn::Bots(_) => {
                let bots = self.to_move_names(true);
                let verb = if bots.len() == 1 { "is" } else { "are" };
                format!("{} {verb} thinking{}", list(&bots, true), theme.ellipsis())
            }
            Turn::Person(_) => format!("{} to move", list(&self.to_move_names(false), false)),
            Turn::Waiting => "Waiting for players".into(),
            Turn::Others => {
                let seats = self.table.m.to_move().seats().to_vec();
                let labels: Vec<String> = seats
                    .iter()
                    .map(|&s| self.remote_label(s, compact))
                    .collect();
                let names: Vec<&str> = labels.iter().map(String::as_str).collect();
                if seats.is_empty() {
                    format!("Dealing{}", theme.ellipsis())
                } else if seats.iter().all(|&s| self.table.is_bot(s)) {
                    let verb = if names.len() == 1 { "is" } else { "are" };
                    format!("{} {verb} thinking{}", list(&names, true), theme.ellipsis())
                } else {
                    format!("{} to move", list(&names, false))
                }
            }
        }
    }

    /// A seat's name at a network table, with whether its person is away (and a computer player
    /// stands in), so that nobody waits for a player who has gone.
    fn remote_label(&self, seat: Seat, compact: bool) -> String {
        let name = self.name(seat);
        if self.link.is_none() {
            return name.to_string();
        }
        match self.room.info.seats.iter().find(|s| s.seat == seat) {
            Some(s) if s.stand_in => format!("{name} (away, computer plays)"),
            Some(s)
                if !s.connected
                    && !s.free
                    && !matches!(s.kind, crate::host::hub::SeatKind::Bot(_)) =>
            {
                match s
                    .takeover_at
                    .map(|at| at.saturating_duration_since(Instant::now()))
                {
                    Some(left) if !left.is_zero() => {
                        let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
                        let clock = if secs >= 3600 {
                            format!("{}h{:02}", secs / 3600, secs % 3600 / 60)
                        } else {
                            format!("{}:{:02}", secs / 60, secs % 60)
                        };
                        if compact {
                            format!("{name} (away {clock})")
                        } else {
                            format!("{name} (away, a computer player in {clock})")
                        }
                    }
                    _ => format!("{name} (away)"),
                }
            }
            _ => name.to_string(),
        }
    }

    /// While the header counts down to a computer player taking an away seat to move: the
    /// next tick of its clock.
    fn countdown(&self) -> Option<Instant> {
        if self.link.is_none() || self.turn != Turn::Others {
            return None;
        }
        let now = Instant::now();
        let to_move = self.table.m.to_move();
        let away = (self.room.info.seats.iter())
            .filter(|s| to_move.includes(s.seat))
            .filter_map(|s| s.takeover_at)
            .filter(|&at| at > now)
            .min()?;
        // The clock shows whole seconds, or whole minutes from an hour up: it changes when
        // what is left crosses one.
        let left = away - now;
        let tick = if left >= Duration::from_secs(3600) {
            Duration::from_secs(left.as_secs() % 60)
                + Duration::from_nanos(left.subsec_nanos().into())
        } else {
            Duration::from_nanos(u64::from(left.subsec_nanos()))
        };
        Some(now + tick.max(Duration::from_millis(1)))
    }

    /// The names of the seats to move (only the computer players among them with `bots`).
    fn to_move_names(&self, bots: bool) -> Vec<&str> {
        let seats = self.table.m.to_move().seats().to_vec();
        seats
            .into_iter()
            .filter(|&s| !bots || self.table.is_bot(s))
            .map(|s| self.name(s))
            .collect()
    }

    fn render_header(&self, f: &mut Frame, area: Rect, theme: &Theme, unread: Option<String>) {
        let right = format!("{}{}", unread.unwrap_or_default(), self.header_right(theme));
        // The turn never runs into the view's name: names give way to a count, then the text
        // is cut short.
        let name = format!(" {}", theme.text(G::NAME));
        let room = (area.width as usize)
            .saturating_sub(widgets::width(&right) + 1)
            .saturating_sub(widgets::width(&name) + widgets::width(theme.sep()));
        let mut turn = theme.text(&self.turn_text(theme, false));
        if widgets::width(&turn) > room {
            turn = theme.text(&self.turn_text(theme, true));
        }
        let turn = widgets::truncate(&turn, room, theme.ellipsis());
        let left = Line::from(vec![
            Span::styled(name, theme.title()),
            Span::raw(theme.sep()),
            Span::styled(turn, theme.accent()),
        ]);
        lines::render(std::slice::from_ref(&left), area, f.buffer_mut());
        f.render_widget(
            Paragraph::new(Line::styled(right, theme.dim()).right_aligned()),
            area,
        );
    }

    /// The header's right end: whose view is drawn, and a network table's code.
    fn header_right(&self, theme: &Theme) -> String {
        let mut right = match (self.pass(), self.viewer()) {
            (Some(_), _) => String::new(),
            (None, _) if self.turn == Turn::Waiting => String::new(),
            (None, Viewer::Seat(s)) => format!("{}'s view ", theme.text(self.name(s))),
            (None, _) => "Public view ".into(),
        };
        if self.link.is_some() {
            right = format!(
                "{}{}{right}",
                crate::host::table_code::show(&self.room.info.code),
                if right.is_empty() { " " } else { theme.sep() }
            );
        }
        right
    }

    /// The hint line: the commands that apply now, the game's between the screen's first
    /// (hand-off, waiting) and its last (undo, leave, rules). `u` only when it can act.
    fn hints(&self, theme: &Theme) -> Vec<(&'static str, &'static str)> {
        if self.chat.open {
            return chat::hints(self);
        }
        let mut keys = match &self.turn {
            Turn::Halted(Halt::Unsaved { leaving: true, .. }) => {
                return vec![("y", "leave anyway"), ("r", "try again"), ("Esc", "stay")];
            }
            Turn::Halted(Halt::Unsaved { .. }) => {
                return vec![("r", "try to save again"), ("q", "leave"), ("?", "help")];
            }
            Turn::Halted(Halt::Broken(_)) => return vec![("q", "leave")],
            _ => Vec::new(),
        };
        let first = |c: PlayCmd| matches!(c, PlayCmd::Ready | PlayCmd::Skip | PlayCmd::GoOn);
        let shown = |c: PlayCmd| self.applies(c) && (c != PlayCmd::Undo || self.can_undo());
        keys.extend(commands::hints(PLAY_COMMANDS, |c| first(c) && shown(c)));
        if self.held() {
            // The board waits for a person to have seen it (see `GameUi::holds`).
            keys.insert(0, ("any key", "go on"));
        } else if let Some(seat) = self.human_to_move() {
            let view = self.table.m.state.view(Viewer::Seat(seat));
            let legal = self.table.m.state.legal_actions(seat);
            let ctx = Ctx::<G> {
                view: &view,
                seat: Some(seat),
                legal: &legal,
                names: &self.names,
                theme: *theme,
            };
            keys.extend(self.ui.hints(&ctx));
        }
        keys.extend(commands::hints(PLAY_COMMANDS, |c| !first(c) && shown(c)));
        if self.link.is_some() && self.room.mine.is_empty() {
            // A spectator has no game of theirs to save.
            for k in keys.iter_mut().filter(|k| k.0 == "q") {
                k.1 = "leave";
            }
        }
        keys.push(("?", "help"));
        keys
    }

    fn render_status(&self, f: &mut Frame, area: Rect, theme: &Theme) {
        let line = match (&self.turn, &self.status) {
            (Turn::Halted(Halt::Broken(e)), _) => {
                Line::styled(format!(" {}", theme.text(e)), theme.error())
            }
            (Turn::Halted(_), _) => hint_line(theme, &self.hints(theme)),
            (_, Some(msg)) => Line::styled(format!(" {}", theme.text(msg)), theme.accent()),
            _ => {
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
        lines::render(std::slice::from_ref(&line), area, f.buffer_mut());
    }

    /// The panel over the board while the log cannot be written.
    fn render_unsaved(&self, f: &mut Frame, area: Rect, theme: &Theme) {
        let Turn::Halted(Halt::Unsaved { error, leaving }) = &self.turn else {
            return;
        };
        let mut lines = vec![
            Line::from(""),
            Line::styled(" The game could not be saved:", theme.error()),
            Line::from(format!(" {}", theme.text(error))),
            Line::from(""),
        ];
        if *leaving {
            lines.push(Line::from(
                " Leaving now loses the moves since the last save.",
            ));
            lines.push(Line::from(""));
            lines.push(hint_line(
                theme,
                &[("y", "leave anyway"), ("r", "try again"), ("Esc", "stay")],
            ));
        } else {
            lines.push(Line::from(
                " The game waits here; nothing is lost while it stays open.",
            ));
            lines.push(Line::from(
                " Free some space or fix the folder, then try again.",
            ));
            lines.push(Line::from(""));
            lines.push(hint_line(theme, &[("r", "try again"), ("q", "leave")]));
        }
        let width = area.width.min(72);
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        f.render_widget(Clear, popup);
        f.render_widget(
            Paragraph::new(lines)
                .wrap(ratatui::widgets::Wrap { trim: false })
                .block(theme.block("Not saved")),
            popup,
        );
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
            let unit = G::SCORE_UNIT.map_or(String::new(), |u| format!(" {u}"));
            let text = format!("  {name}  {score:>5}{unit}  {mark}");
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
        // A game that follows its scores through the game shows them beside the table, with
        // the keys below both.
        let table_w = lines[..lines.len() - 2]
            .iter()
            .map(|l| l.width() as u16 + 3)
            .max()
            .unwrap_or(20);
        let chart = self
            .ui
            .end_chart()
            .filter(|p| !p.is_empty() && area.width >= table_w + END_CHART_W + 2);
        let Some(progress) = chart else {
            let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
            f.render_widget(Clear, popup);
            f.render_widget(Paragraph::new(lines).block(theme.block("Game over")), popup);
            return;
        };
        let hint = lines.split_off(lines.len() - 2);
        let body_h =
            (lines.len() as u16).max(score_chart::height_for(self.names.len(), END_CHART_W) + 1);
        let outer_w = width.max(table_w + END_CHART_W + 2).min(area.width);
        let outer_h = (body_h + 4).min(area.height);
        let popup = area.centered(Constraint::Length(outer_w), Constraint::Length(outer_h));
        f.render_widget(Clear, popup);
        let block = theme.block("Game over");
        let inner = block.inner(popup);
        f.render_widget(block, popup);
        let [body, keys] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(2)]).areas(inner);
        let [table, right] =
            Layout::horizontal([Constraint::Length(table_w), Constraint::Fill(1)]).areas(body);
        f.render_widget(Paragraph::new(lines), table);
        f.render_widget(Paragraph::new(hint), keys);
        let at = Rect {
            x: right.x + 1,
            y: right.y + 1,
            width: right.width.saturating_sub(2),
            height: right.height.saturating_sub(1),
        };
        f.render_widget(
            score_chart::ScoreChart {
                progress,
                names: &self.names,
                theme: *theme,
            },
            at,
        );
    }
}

impl<G: Playable> Screen for Play<G> {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [header, body, status] = Self::rows(f.area());
        let (board, pane) = G::Ui::layout(body);
        self.render_header(f, header, theme, chat::marker(self, pane));
        self.render_status(f, status, theme);
        if self.turn == Turn::Waiting {
            let invite = (self.link.as_ref()).and_then(|l| l.hub.invite_line(&self.room.info.code));
            crate::ui::lobby::waiting::render(f, body, theme, &self.room.info, invite.as_deref());
            chat::render_box(self, f, body, theme);
            return;
        }
        if let Some(seat) = self.pass() {
            pass::render(f, body, theme, self.name(seat));
            return;
        }
        let viewer = self.viewer();
        let view = self.table.m.state.view(viewer);
        let legal = match self.human_to_move() {
            Some(seat) => self.table.m.state.legal_actions(seat),
            None => Vec::new(),
        };
        let ctx = Ctx::<G> {
            view: &view,
            // The seat whose view is drawn: none while the public view is up, even with
            // somebody at the keyboard (their hand is not on this screen).
            seat: viewer.seat(),
            legal: &legal,
            names: &self.names,
            theme: *theme,
        };
        self.ui.render(f, board, &ctx);
        let lines =
            self.events
                .lines_in(self.events_from(), self.events.len(), viewer, EVENT_HISTORY);
        let end = lines.len().saturating_sub(self.events_back);
        let pane = chat::render_pane(self, f, pane, theme);
        events::render_pane(f, pane, theme, &lines[..end]);
        if self.turn == Turn::Over && G::Ui::END_PANEL && !self.end_hidden {
            self.render_end(f, board, theme);
        }
        self.render_unsaved(f, board, theme);
        chat::render_box(self, f, body, theme);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        self.handle(ev, Rect::new(0, 0, 80, 24), Theme::default())
    }

    fn on_event_in(&mut self, ev: &Event, area: Rect, theme: &Theme) -> Nav {
        self.handle(ev, area, *theme)
    }

    /// At a network table: now, when the server's table changed since it was pulled (the
    /// connection is woken for that, and pulls before it draws).
    /// The room wakes the screen when its table changed: the deadline is then now, to pull
    /// it. A room driven inline (tests) has no thread to end the computer players' pause.
    fn deadline(&self) -> Option<Instant> {
        if let Some(at) = hint::deadline(self) {
            return Some(at);
        }
        if self.room.stale() {
            return Some(Instant::now());
        }
        if self.room.inline() {
            return self.bot_at();
        }
        self.countdown()
    }

    /// While the chat line is open, `?` is typed into it.
    fn captures_text(&self) -> bool {
        self.chat.open
    }

    /// At a hosted table the deadline only pulls what changed in the room: the board under
    /// the `?` overlay keeps up with the other terminals. A local game's screen waits under
    /// the overlay, so that nothing moves unseen while its person reads.
    fn runs_under_help(&self) -> bool {
        self.link.is_some()
    }

    fn on_deadline(&mut self) -> Nav {
        if hint::land(self) {
            return Nav::Stay;
        }
        self.sync();
        if self.room.inline() {
            // The computer players' pause is over: nothing else would end it here.
            self.bot_move();
        }
        Nav::Stay
    }

    /// Every person's action was saved when it was made; whatever the log lacks (computer
    /// moves since the last decision, a failed write) is written now. A hosted table's room
    /// keeps its own log.
    fn on_exit(&mut self) {
        if self.link.is_none() {
            let _ = self.room.save();
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
                seat: viewer.seat(),
                legal: &[],
                names: &self.names,
                theme: Theme::default(),
            };
            let offered: Vec<Command<<G::Ui as GameUi<G>>::Cmd>> = G::Ui::COMMANDS
                .iter()
                .filter(|c| self.ui.offered(c.id, &ctx))
                .copied()
                .collect();
            keys = commands::help_lines(&offered);
            match G::Ui::UNDO {
                Some(_) if !self.room.info.alone => keys.push((
                    "u".into(),
                    "no undo here: another terminal may have seen the move (undo works at a \
                     server table only while all its people sit at one terminal, unwatched)"
                        .into(),
                )),
                Some(undo) => keys.push(("u".into(), undo.into())),
                None => {}
            }
        }
        let bots = (0..self.names.len()).any(|s| self.table.is_bot(s));
        let alone = self.room.info.alone;
        let offered: Vec<Command<PlayCmd>> = PLAY_COMMANDS
            .iter()
            .filter(|c| match c.id {
                PlayCmd::Leave | PlayCmd::Undo => !over,
                PlayCmd::LeaveEnd | PlayCmd::Replay => over,
                PlayCmd::HideEnd | PlayCmd::ShowEnd => over && G::Ui::END_CLOSABLE,
                PlayCmd::Rules | PlayCmd::Scroll => true,
                PlayCmd::Ready => {
                    !over && (G::Ui::PRIVATE && self.humans() > 1 || self.applies(PlayCmd::Ready))
                }
                PlayCmd::Fill => self.applies(PlayCmd::Fill),
                PlayCmd::Skip => !over && bots && alone,
                PlayCmd::GoOn => !over && G::Ui::UNDO.is_some() && alone,
                PlayCmd::Again => self.applies(PlayCmd::Again),
                PlayCmd::Seats => !over && self.applies(PlayCmd::Seats),
                PlayCmd::Hint => !over && hint::offered(self),
                PlayCmd::Chat => self.room.info.talk.is_some(),
            })
            .copied()
            .collect();
        keys.extend(commands::help_lines(&offered));
        if let Some(line) = (self.link.as_ref())
            .filter(|_| !over)
            .and_then(|l| l.hub.invite_line(&self.room.info.code))
        {
            keys.push((
                "invite".into(),
                format!("{line}: this line brings a friend straight to this table"),
            ));
        }
        if let Some(code) = self.room.info.reconnect.clone() {
            keys.push((
                crate::host::table_code::show(&code),
                "your reconnect code: with the same name, type it in the lobby to come back".into(),
            ));
        }
        keys
    }

    fn legend(&self) -> Vec<(String, String)> {
        G::Ui::LEGEND
            .iter()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect()
    }
}

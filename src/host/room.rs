//! One table on the server: the authoritative [`Table`] of a game, the seats and who holds
//! them, the connections showing it, and the thread that plays its chance and computer players.
//!
//! A connection never drives the table: its play screen sends its people's actions here
//! ([`Attached::act`]) and mirrors the table's match to draw from its own seats' views
//! ([`Attached::pull`]). Every change bumps the room's version and calls every attached
//! connection's [`Wake`]; a play screen whose mirror is older than the version asks to act at
//! once (its deadline is now), so the connection thread pulls before it draws again.
//!
//! A local game (the launcher's, `hotseat play`) is a room too, without a hub ([`local`]):
//! every person's seat is at the one terminal, which is its only connection. So the local
//! screen and a remote connection are two views of the same kind of room, paced, held and
//! saved by the same driver.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::engine::table::{Next, Pace};
use crate::engine::thinker::Answer;
use crate::engine::{Actor, Bot, Chat, Game, Seat, Table, ToMove, Viewer};
use crate::registered::Registered;

use super::chat::{ChatLog, Said, Speaker};
use super::seats::{SeatKind, SeatSummary, TableSummary};
use super::table_store::{Ident, SeatRecord, TableRecord};
use super::{Peer, Wake};

/// How many of the chat's last lines a connection is given.
const CHAT_SHOWN: usize = 30;

/// One seat and who holds it.
#[derive(Clone, Debug)]
pub struct SeatHold {
    pub kind: SeatKind,
    /// The person's identity, for remote and here seats that someone holds.
    pub holder: Option<Ident>,
    /// The code that brings a keyless holder back (see [`super::table_code`]).
    pub reconnect: Option<String>,
    /// Since when no connection shows this person's seat; `None` while one does.
    pub away_since: Option<Instant>,
    /// A computer player plays the seat for now (its person is away, or the creator handed it).
    pub stand_in: bool,
    /// How long the game's history was when the stand-in took the seat, so that its person can
    /// be told on their return how many moves were made for them.
    pub stand_in_from: usize,
    /// At a table without stand-ins: the person has been away longer than the timeout, and
    /// the table was told so.
    pub overdue: bool,
}

impl SeatHold {
    pub fn new(kind: SeatKind, holder: Option<Ident>) -> SeatHold {
        SeatHold {
            kind,
            holder,
            reconnect: None,
            away_since: None,
            stand_in: false,
            stand_in_from: 0,
            overdue: false,
        }
    }

    fn person(&self) -> bool {
        matches!(self.kind, SeatKind::Remote | SeatKind::Here)
    }

    pub fn record(&self) -> SeatRecord {
        let (kind, bot) = match &self.kind {
            SeatKind::Remote => ("remote", None),
            SeatKind::Here => ("here", None),
            SeatKind::Bot(k) => ("bot", Some(k.clone())),
        };
        SeatRecord {
            kind: kind.into(),
            bot,
            holder: self.holder.clone(),
            reconnect: self.reconnect.clone(),
        }
    }
}

/// "1 day", "3 days".
fn plural(n: u64, unit: &str) -> String {
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// One connection showing the table.
struct Conn {
    wake: Wake,
    seats: Vec<Seat>,
    /// The table's creator, seen as such (a key, or the creator's own first connection).
    creator: bool,
    /// Who is connected: a reconnect code that moves a guest's seats to a new connection takes
    /// them (and the creator's controls) from this one.
    ident: Ident,
    /// Moves a computer player made for this connection's seats while their person was away.
    played_for: usize,
    /// The name the connection came with (a spectator's name in the chat).
    name: String,
}

/// What a room is made with.
pub struct RoomSetup {
    pub code: String,
    pub seats: Vec<SeatHold>,
    pub creator: Ident,
    pub timeout: Duration,
    /// See [`super::seats::TableSpec::stand_in`].
    pub stand_in: bool,
    /// See [`super::seats::TableSpec::hints`].
    pub hints: bool,
    pub log: PathBuf,
    pub started: bool,
    /// How long computer players "think" before their move shows (the settings' `bot_pace_ms`).
    pub bot_delay: Duration,
}

/// The state behind a room's lock.
pub struct Shared<G: Registered> {
    pub table: Table<G>,
    pub code: String,
    pub seats: Vec<SeatHold>,
    pub creator: Ident,
    pub timeout: Duration,
    /// See [`super::seats::TableSpec::stand_in`].
    pub stand_in: bool,
    /// See [`super::seats::TableSpec::hints`].
    pub hints: bool,
    /// Every remote seat has been taken once: play may go on.
    pub started: bool,
    /// The code of the table "play again" opened after this one.
    pub again: Option<String>,
    /// Who went on to that table: their leaving this one is no news.
    again_by: Vec<Ident>,
    /// Why the game cannot go on (a rules or computer-player error).
    pub broken: Option<String>,
    pub log: PathBuf,
    conns: BTreeMap<u64, Conn>,
    next_conn: u64,
    /// Since when no connection shows the table (`None` while one does).
    unwatched_since: Option<Instant>,
    /// When the computer players to move act: they start thinking at once, and their move
    /// shows no sooner than `bot_delay` later, so that people see one move at a time.
    bots_at: Option<Instant>,
    /// The computer players' decision, in, waiting for `bots_at` (see [`Shared::due`]).
    answer: Option<Answer<G>>,
    /// A step that would show this person something new waits while they may still take
    /// their last move back (see [`Shared::undo_allowed`]).
    held: Option<Seat>,
    /// At a table whose people all sit at one terminal: its last step may have put on the
    /// board something they must look at before the computer players go on (Pocket's failed
    /// flip, a person's or a computer player's). The computer players wait until that
    /// terminal has drawn it and says it needs no look ([`Attached::seen`]).
    unseen: bool,
    bot_delay: Duration,
    /// The table as the lobbies last saw it.
    listed: Option<TableSummary>,
    /// The end of the game has been recorded (see [`Shared::record_end`]).
    scored: bool,
    closed: bool,
    /// The driver's computer players are thinking with the room unlocked (see [`think`]):
    /// whatever would change the game waits for them ([`Room::moving`]).
    thinking: bool,
    /// What the table's people said (not at a local game's room: nobody to talk to).
    chat: ChatLog,
    /// A local game's room (see [`local`]): it closes when its terminal leaves.
    standalone: bool,
    /// Seats whose person said they are ready to begin (see [`Shared::start_if_full`]).
    ready: std::collections::BTreeSet<Seat>,
    /// Seats whose person has been here since they took it: a new connection there is their
    /// return, not a newcomer.
    was_here: std::collections::BTreeSet<Seat>,
    /// The real state while a test shows the connections a varied one.
    #[cfg(test)]
    real: Option<G>,
}

pub struct Room<G: Registered> {
    state: Mutex<Shared<G>>,
    cv: Condvar,
    version: AtomicU64,
    /// How the room's driver runs.
    driving: Driving,
}

/// How a room's driver runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driving {
    /// On a thread of its own, which sleeps while nothing is due: the terminals read keys and
    /// draw while the computer players think.
    Thread,
    /// On the thread of whoever changed the room, until nothing is due now (tests of screens
    /// that do not test the thinking: every step is taken before the call returns, and a
    /// computer player's pause waits for [`Attached::hurry`]).
    Inline,
}

/// Opens a room on `table` (saving to its log already) and starts its driver thread.
pub fn open<G: Registered>(
    table: Table<G>,
    setup: RoomSetup,
) -> (Arc<dyn ServerTable>, Option<JoinHandle<()>>) {
    let room = build(table, setup, Driving::Thread, false);
    let handle = start(&room);
    (room, handle)
}

/// A local game's room: every person's seat is at this terminal (`SeatKind::Here`), which is
/// attached as its one connection; the computer players keep their seats. Nobody times out,
/// there is no code to share, and the room closes when the returned handle is dropped.
/// `wake` is called whenever the table changes (the driver's thread moved it).
pub fn local<G: Registered>(
    table: Table<G>,
    bot_delay: Duration,
    driving: Driving,
    wake: Wake,
) -> Attached<G> {
    let me = Ident::Guest("this terminal".into());
    let seats: Vec<SeatHold> = (0..table.m.players.len())
        .map(|s| match table.m.players[s].bot.clone() {
            Some(kind) if table.is_bot(s) => SeatHold::new(SeatKind::Bot(kind), None),
            _ if table.is_bot(s) => SeatHold::new(SeatKind::Bot(String::new()), None),
            _ => SeatHold::new(SeatKind::Here, Some(me.clone())),
        })
        .collect();
    let people: Vec<Seat> = (0..seats.len()).filter(|&s| !table.is_bot(s)).collect();
    let setup = RoomSetup {
        code: String::new(),
        seats,
        creator: me.clone(),
        timeout: Duration::MAX,
        stand_in: false,
        hints: false,
        log: PathBuf::new(),
        started: true,
        bot_delay,
    };
    let room = build(table, setup, driving, true);
    let conn = room.join(people.clone(), true, me, String::new(), wake);
    {
        // Chance up to the first decision before the screen opens, as the terminal is already
        // here: a step that would show its person something new after a move they may still
        // take back (a saved game reopened) waits for them.
        let mut g = room.lock();
        g.advance(0);
    }
    // Detached: it ends when the screen leaves and the room closes.
    let _driver = start(&room);
    let mut at = Attached {
        room,
        conn,
        seen: 0,
        mine: people,
        info: Info::default(),
    };
    at.room.run_inline();
    at.sync_info();
    at
}

fn build<G: Registered>(
    table: Table<G>,
    setup: RoomSetup,
    driving: Driving,
    standalone: bool,
) -> Arc<Room<G>> {
    let now = Instant::now();
    let mut shared = Shared {
        table,
        code: setup.code,
        seats: setup.seats,
        creator: setup.creator,
        timeout: setup.timeout,
        stand_in: setup.stand_in,
        hints: setup.hints,
        started: setup.started,
        again: None,
        again_by: Vec::new(),
        broken: None,
        log: setup.log,
        conns: BTreeMap::new(),
        next_conn: 1,
        unwatched_since: Some(Instant::now()),
        bots_at: None,
        answer: None,
        held: None,
        unseen: false,
        bot_delay: setup.bot_delay,
        listed: None,
        scored: false,
        closed: false,
        thinking: false,
        chat: ChatLog::default(),
        standalone,
        was_here: Default::default(),
        ready: Default::default(),
        #[cfg(test)]
        real: None,
    };
    for s in 0..shared.seats.len() {
        if let SeatKind::Bot(kind) = shared.seats[s].kind.clone() {
            if !shared.table.is_bot(s) {
                shared.stand_in(s, &kind);
            }
        } else if shared.seats[s].person() {
            // Nobody is connected yet; the clock runs from now.
            shared.seats[s].away_since = Some(now);
        }
    }
    shared.start_if_full();
    Arc::new(Room {
        state: Mutex::new(shared),
        cv: Condvar::new(),
        version: AtomicU64::new(1),
        driving,
    })
}

/// Starts the room's driver thread, if it has one.
fn start<G: Registered>(room: &Arc<Room<G>>) -> Option<JoinHandle<()>> {
    if room.driving != Driving::Thread {
        return None;
    }
    let driver = room.clone();
    // Named as the thinking threads are: a computer player's panic here is caught and halts
    // the table, and the app's panic hook leaves the terminal alone.
    std::thread::Builder::new()
        .name(crate::engine::thinker::THREAD_NAME.into())
        .spawn(move || drive(&driver))
        .ok()
}

impl<G: Registered> Shared<G> {
    /// Whether some connection shows `seat`.
    fn shown(&self, seat: Seat) -> bool {
        self.conns.values().any(|c| c.seats.contains(&seat))
    }

    /// The seats `ident` holds.
    pub fn held(&self, ident: &Ident) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].holder.as_ref() == Some(ident))
            .collect()
    }

    /// `ident`, called `name`, takes the free `seat`. A guest's seats share one reconnect
    /// code. Before the first move a seat takes its person's name.
    fn seat_person(&mut self, seat: Seat, ident: &Ident, name: &str) {
        let reconnect = match ident {
            Ident::Key(_) => None,
            Ident::Guest(_) => Some(
                (self.held(ident).first())
                    .and_then(|&s| self.seats[s].reconnect.clone())
                    .unwrap_or_else(super::table_code::fresh),
            ),
        };
        let hold = &mut self.seats[seat];
        hold.holder = Some(ident.clone());
        hold.reconnect = reconnect;
        hold.away_since = Some(Instant::now());
        if !self.started && crate::engine::log::check_name(name).is_ok() {
            self.table.m.players[seat].name = name.to_string();
        }
    }

    /// Starts play once every remote seat has someone and, at a table with remote seats,
    /// every person at it has said they are ready: a key meant for the seat chooser can never
    /// become a move, however many seats were free.
    fn start_if_full(&mut self) {
        let full = (self.seats.iter()).all(|s| s.kind != SeatKind::Remote || s.holder.is_some());
        let remote = self.seats.iter().any(|s| s.kind == SeatKind::Remote);
        let ready = (0..self.seats.len())
            .filter(|&s| self.waits_for_ready(s))
            .all(|s| self.ready.contains(&s));
        if !self.started && full && (!remote || ready) {
            self.started = true;
            if remote {
                self.notice("Everyone is ready: the game begins".into());
            }
        }
    }

    /// Whether the start waits for `seat`'s person to say they are ready.
    fn waits_for_ready(&self, seat: Seat) -> bool {
        let h = &self.seats[seat];
        h.person() && h.holder.is_some() && !h.stand_in
    }

    /// A computer player of `kind` (the game's best when unknown) takes `seat`, shown the game
    /// so far as the seat saw it, so that it knows what its person knew.
    fn stand_in(&mut self, seat: Seat, kind: &str) {
        let seed = crate::engine::rng::bot_seed(self.table.m.seed ^ 0x5eed_5ea7, seat);
        let bot = G::make_bot(kind, seed)
            .or_else(|| G::BOTS.first().and_then(|(k, _)| G::make_bot(k, seed)));
        let Some(mut bot) = bot else {
            return;
        };
        let me = Viewer::Seat(seat);
        let mut state = self.table.m.initial.clone();
        bot.observe(&state.view(me));
        for step in &self.table.m.history {
            // Applied once already, so it applies again.
            let _ = state.apply(step.actor, &step.action);
            bot.observe(&state.view(me));
        }
        if let Some(slot) = self.table.bots.get_mut(seat) {
            *slot = Some(bot);
            self.seats[seat].stand_in = true;
            self.seats[seat].stand_in_from = self.table.m.history.len();
        }
    }

    /// The person is back: their seat is theirs again. Returns how many moves the computer
    /// player made for them meanwhile.
    fn stand_down(&mut self, seat: Seat) -> usize {
        let hold = &mut self.seats[seat];
        hold.away_since = None;
        hold.overdue = false;
        if !(hold.stand_in && hold.person()) {
            return 0;
        }
        hold.stand_in = false;
        let from = hold.stand_in_from;
        if let Some(slot) = self.table.bots.get_mut(seat) {
            *slot = None;
        }
        self.table
            .m
            .history
            .iter()
            .skip(from)
            .filter(|step| step.actor == Actor::Seat(seat))
            .count()
    }

    /// Seats whose person has been away longer than the timeout go to a computer player, while
    /// somebody plays on: a table everyone has left waits for them instead of playing itself
    /// to the end.
    fn take_over_timed_out(&mut self, now: Instant) -> bool {
        let mut changed = false;
        if !self.conns.values().any(|c| !c.seats.is_empty()) {
            return false;
        }
        for s in 0..self.seats.len() {
            let h = &self.seats[s];
            if h.person()
                && !h.stand_in
                && !h.overdue
                && h.away_since
                    .is_some_and(|t| now.saturating_duration_since(t) >= self.timeout)
            {
                let name = self.table.m.player_name(s).to_string();
                if !self.stand_in {
                    // A turn-based table: the seat waits; the creator decides.
                    self.seats[s].overdue = true;
                    self.notice(format!(
                        "{name} has been away {}: the table's creator may give the seat to a computer player or free it (s)",
                        humantime::format_duration(self.timeout)
                    ));
                    changed = true;
                    continue;
                }
                let best = G::BOTS.first().map(|b| b.0).unwrap_or("");
                self.stand_in(s, best);
                self.notice(format!(
                    "{name} was away too long: a computer player plays for them until they are back"
                ));
                changed = true;
            }
        }
        changed
    }

    /// Tells everyone at a hosted table `text` (a local game's one person needs no news).
    fn notice(&mut self, text: String) {
        if !self.standalone {
            self.chat.notice(text);
        }
    }

    /// When the next seat times out.
    fn next_timeout(&self) -> Option<Instant> {
        if !self.conns.values().any(|c| !c.seats.is_empty()) {
            return None;
        }
        self.seats
            .iter()
            .filter(|h| h.person() && !h.stand_in && !h.overdue)
            .filter_map(|h| h.away_since.and_then(|t| t.checked_add(self.timeout)))
            .min()
    }

    pub fn summary(&self) -> TableSummary {
        TableSummary {
            code: self.code.clone(),
            game: G::ID.to_string(),
            seats: (0..self.seats.len())
                .map(|s| {
                    let h = &self.seats[s];
                    SeatSummary {
                        seat: s,
                        name: self.table.m.player_name(s).to_string(),
                        kind: h.kind.clone(),
                        free: h.kind == SeatKind::Remote && h.holder.is_none(),
                        connected: self.shown(s),
                        stand_in: h.stand_in && h.person(),
                        muted: h.holder.as_ref().is_some_and(|i| self.chat.is_muted(i)),
                        ready: self.started || self.ready.contains(&s),
                        takeover_at: h
                            .away_since
                            .filter(|_| self.stand_in && self.started && h.person() && !h.stand_in)
                            .filter(|_| h.holder.is_some() && !self.shown(s))
                            .and_then(|t| t.checked_add(self.timeout)),
                    }
                })
                .collect(),
            options: G::OPTIONS
                .iter()
                .map(|o| {
                    let v = crate::engine::options::get(&self.table.m.options, o.key);
                    (o.label.to_string(), v.to_string())
                })
                .chain(self.pace())
                // Whoever joins should know that others may play with the hint key.
                .chain(
                    (self.hints && !self.standalone)
                        .then(|| ("Hints".to_string(), "allowed".to_string())),
                )
                .collect(),
            started: self.started,
            over: self.table.m.is_over(),
        }
    }

    /// A hosted table's pace, as the lobbies show it beside the options: whoever joins a
    /// turn-based table should know that it lasts days.
    fn pace(&self) -> Option<(String, String)> {
        if self.standalone {
            return None;
        }
        let secs = self.timeout.as_secs();
        let span = match secs {
            s if s >= 86_400 && s % 86_400 == 0 => plural(s / 86_400, "day"),
            s if s >= 3600 => plural(s / 3600, "hour"),
            s => plural(s.div_ceil(60), "minute"),
        };
        Some(if self.stand_in {
            ("Away".into(), format!("a computer player after {span}"))
        } else {
            ("Turn-based".into(), format!("seats wait {span}"))
        })
    }

    pub fn record(&self) -> TableRecord {
        TableRecord {
            code: self.code.clone(),
            log: self
                .log
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            creator: self.creator.clone(),
            timeout_secs: self.timeout.as_secs(),
            stand_in: self.stand_in,
            hints: self.hints,
            started: self.started,
            seats: self.seats.iter().map(SeatHold::record).collect(),
        }
    }

    /// Whether a person may take a move back here: every person's seat is at one terminal,
    /// the only one showing the table (no remote seat, no spectator), so nothing taken back
    /// was seen anywhere else.
    pub fn undo_allowed(&self) -> bool {
        self.seats.iter().all(|h| h.kind != SeatKind::Remote)
            && self.conns.len() == 1
            && self.conns.values().all(|c| {
                self.seats
                    .iter()
                    .enumerate()
                    .all(|(s, h)| !h.person() || h.stand_in || c.seats.contains(&s))
            })
    }

    /// The person whose last move may still be taken back, if undo is allowed here.
    fn undo_by(&self) -> Option<Seat> {
        if !self.undo_allowed() {
            return None;
        }
        if !G::HOLD_SOLO && self.table.m.players.len() == 1 {
            // Nothing waits for a solo player in this game (see `Registered::HOLD_SOLO`).
            return None;
        }
        let last = self
            .table
            .m
            .history
            .iter()
            .rev()
            .find_map(|st| match st.actor {
                Actor::Seat(n) if !self.table.is_bot(n) => Some(n),
                _ => None,
            })?;
        self.table.undo_span(last).map(|_| last)
    }

    /// Applies the table's driver up to the next decision a person owes or the computer
    /// players' next round, and keeps the game's log up to date. A step that would show the
    /// person who may still undo something new waits for them ([`Attached::go_on`]).
    fn advance(&mut self, bot_rounds: usize) {
        let hold_for = self.undo_by();
        let next = self.table.advance(Pace {
            bot_rounds,
            hold_for,
        });
        self.after(next);
    }

    /// The computer players' answer comes back (see [`think`]): their choices are played
    /// (or held), then chance up to the next decision.
    fn settle(&mut self, answer: Answer<G>) {
        let hold_for = self.undo_by();
        let next = self.table.settle(
            answer,
            Pace {
                bot_rounds: 0,
                hold_for,
            },
        );
        self.after(next);
    }

    /// Keeps the room in step with where the table stopped.
    fn after(&mut self, next: Result<Next, crate::engine::Refusal>) {
        match next {
            Ok(Next::Held(seat)) => self.held = Some(seat),
            Ok(_) => {}
            Err(e) => self.broken = Some(format!("the game cannot go on: {e}")),
        }
        // Until the one terminal of a table whose people all sit there has drawn the result,
        // nothing it must see may be passed (see `Shared::unseen`).
        self.unseen = self.undo_allowed();
        // A computer player standing in for a person moves for that person: saved at once,
        // where the table alone would wait for a person's next decision.
        if self.table.unsaved() && self.seats.iter().any(|h| h.stand_in && h.person()) {
            self.table.persist();
        }
        if self.table.m.is_over() && !self.scored {
            self.scored = true;
            self.record_end();
        }
    }

    /// The server's data folder: the logs are in its `games` folder.
    fn data_dir(&self) -> Option<PathBuf> {
        Some(self.log.parent()?.parent()?.to_path_buf())
    }

    /// The game just ended: the records a local game keeps outside its log are kept here too,
    /// in the server's data folder, once (a solo Kokoro game's high score). The connections'
    /// play screens then read the same table to show the player's place.
    fn record_end(&self) {
        if let Some(dir) = self.data_dir() {
            G::record_end(&self.table.m, &dir);
        }
    }

    /// What the driver must do now: `Some(true)` act at once (chance, the computer players
    /// start thinking, or their decision lands), `Some(false)` wait for `bots_at`, `None`
    /// nothing (people to move, the end, a held step, a failed save).
    fn due(&mut self, now: Instant) -> Option<bool> {
        if !self.started
            || self.held.is_some()
            || (self.unseen && self.undo_allowed())
            || self.broken.is_some()
            || self.table.save_error.is_some()
        {
            return None;
        }
        match self.table.m.to_move() {
            ToMove::Over => None,
            ToMove::Chance => Some(true),
            ToMove::Seats(seats) => {
                let bots = seats.iter().filter(|&&s| self.table.is_bot(s)).count();
                if bots == 0 {
                    self.forget_decision();
                    return None;
                }
                if self.answer.as_ref().is_some_and(Answer::failed) {
                    // A computer player failed: the table stops now, not after the pause.
                    return Some(true);
                }
                if self.answer.is_none() {
                    // They think at once; alone at the step, their move shows after the pause
                    // (which runs while they think), with people, as soon as they have chosen.
                    let pause = if bots < seats.len() {
                        Duration::ZERO
                    } else {
                        self.bot_delay
                    };
                    self.bots_at.get_or_insert(now + pause);
                    return Some(true);
                }
                let at = *self.bots_at.get_or_insert(now);
                Some(now >= at)
            }
        }
    }

    /// A person's change took the game elsewhere: a decision waiting for its pause is moot.
    fn forget_decision(&mut self) {
        self.answer = None;
        self.bots_at = None;
    }

    /// What this room tells a connection: `conn`'s seats and rights, and where play stands.
    fn info(&self, conn: u64) -> (Vec<Seat>, Info) {
        let c = self.conns.get(&conn);
        let mine = c.map(|c| c.seats.clone()).unwrap_or_default();
        let pending = matches!(self.table.m.to_move(), ToMove::Seats(seats)
            if seats.iter().any(|&s| self.table.is_bot(s)));
        let info = Info {
            code: self.code.clone(),
            started: self.started,
            seats: self.summary().seats,
            reconnect: mine.first().and_then(|&s| self.seats[s].reconnect.clone()),
            creator: c.is_some_and(|c| c.creator),
            again: self.again.clone(),
            broken: self.broken.clone(),
            unsaved: self.table.save_error.clone(),
            alone: self.undo_allowed(),
            held: self.held.map(|h| (h, self.table.held_bots())),
            played_for: c.map_or(0, |c| c.played_for),
            bots: pending && self.started && self.held.is_none() && self.broken.is_none(),
            bots_at: self.bots_at,
            chat: c.map_or(Vec::new(), |c| {
                self.chat.visible(c.seats.is_empty(), CHAT_SHOWN)
            }),
            hints: self.hints,
            talk: c.filter(|_| !self.standalone).map(|c| {
                if self.chat.is_muted(&c.ident) {
                    Chat::Closed("the table's creator muted you")
                } else if c.seats.is_empty() {
                    Chat::Open
                } else {
                    self.table.m.state.chat()
                }
            }),
        };
        (mine, info)
    }
}

impl<G: Registered> Room<G> {
    fn lock(&self) -> MutexGuard<'_, Shared<G>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The room, to change the game: once the driver's computer players have finished
    /// thinking (nothing may move under them; they end with [`Room::changed`], which wakes
    /// this wait). Reading needs no wait: every terminal keeps drawing while they think.
    fn moving(&self) -> MutexGuard<'_, Shared<G>> {
        self.cv
            .wait_while(self.lock(), |g| g.thinking)
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Something every connection shows may have changed.
    fn changed(&self, g: &mut Shared<G>) {
        self.version.fetch_add(1, Ordering::SeqCst);
        for c in g.conns.values() {
            c.wake.wake();
        }
        self.cv.notify_all();
        // What the lobbies list of this table (seats, who is connected, started, over):
        // they are woken only when that changed, not at every move.
        let summary = g.summary();
        if g.listed.as_ref() != Some(&summary) {
            g.listed = Some(summary);
            super::listing::ring();
        }
    }

    fn join(&self, seats: Vec<Seat>, creator: bool, ident: Ident, name: String, wake: Wake) -> u64 {
        // Standing a computer player down changes the seats' bots.
        let mut g = self.moving();
        let played_for = seats.iter().map(|&s| g.stand_down(s)).sum();
        for &s in &seats {
            if g.shown(s) {
                continue;
            }
            let who = g.table.m.player_name(s).to_string();
            let text = if g.was_here.insert(s) {
                format!("{who} joined")
            } else {
                format!("{who} is back")
            };
            g.notice(text);
        }
        if seats.is_empty() && !name.is_empty() {
            g.notice(format!("{name} is watching"));
        }
        let id = g.next_conn;
        g.next_conn += 1;
        g.unwatched_since = None;
        g.conns.insert(
            id,
            Conn {
                wake,
                seats,
                creator,
                ident,
                played_for,
                name,
            },
        );
        self.changed(&mut g);
        id
    }

    fn detach(&self, conn: u64) {
        let mut g = self.lock();
        let Some(c) = g.conns.remove(&conn) else {
            return;
        };
        let now = Instant::now();
        for s in c.seats {
            if !g.shown(s) && !g.started {
                // Gone before the start: whoever comes says again that they are ready.
                g.ready.remove(&s);
            }
            if !g.shown(s) && g.seats[s].person() && g.seats[s].holder.is_some() {
                g.seats[s].away_since = Some(now);
                let who = g.table.m.player_name(s).to_string();
                let text = if g.table.m.is_over() {
                    if g.again_by.contains(&c.ident) {
                        // Already told: "… wants to play again" or "… plays again too".
                        continue;
                    }
                    // Nobody takes a seat at a finished game: the person only went.
                    format!("{who} left")
                } else if g.started
                    && g.stand_in
                    && g.timeout < Duration::from_secs(100 * 24 * 3600)
                {
                    format!(
                        "{who} left: a computer player takes the seat in {} unless they are back",
                        humantime::format_duration(g.timeout)
                    )
                } else {
                    format!("{who} left: the seat waits for them")
                };
                g.notice(text);
            }
        }
        if g.conns.is_empty() {
            g.unwatched_since = Some(now);
            if g.standalone {
                // A local game ends with its screen: the driver stops (a thought under way
                // finishes into nothing), and the log's lock goes at once, so that the game
                // can be opened again before that thought ends. What the log lacks is written
                // first (the screen asked about a save that failed before it left).
                g.closed = true;
                g.table.persist();
                if g.table.save_error.is_none() {
                    let _ = g.table.save_to(None);
                }
            }
        }
        self.changed(&mut g);
    }

    /// With [`Driving::Inline`], takes every step that is due now, on this thread.
    fn run_inline(&self) {
        if self.driving != Driving::Inline {
            return;
        }
        let mut g = self.lock();
        loop {
            let (next, step) = step(self, g);
            g = next;
            if !matches!(step, Step::Again) {
                return;
            }
        }
    }
}

/// What the driver does after one [`step`].
enum Step {
    /// Something happened: look again at once.
    Again,
    /// Nothing is due before this instant (`None`: before something changes).
    Until(Option<Instant>),
    /// The table is closed or over: the driver ends.
    Stop,
}

/// The driver thread: chance at once, computer players (thinking at once, moving after their
/// pause), seats whose people stayed away too long to a computer player. It sleeps on the
/// room's condition variable in between, so an idle table costs nothing.
fn drive<G: Registered>(room: &Room<G>) {
    let mut g = room.lock();
    loop {
        let (next, step) = step(room, g);
        g = next;
        g = match step {
            Step::Again => continue,
            Step::Stop => return,
            Step::Until(Some(at)) => {
                let wait = at
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(1));
                room.cv
                    .wait_timeout(g, wait)
                    .unwrap_or_else(|e| e.into_inner())
                    .0
            }
            Step::Until(None) => room.cv.wait(g).unwrap_or_else(|e| e.into_inner()),
        };
    }
}

/// One step of a room's driver, whichever thread runs it (see [`Driving`]).
fn step<'a, G: Registered>(
    room: &'a Room<G>,
    mut g: MutexGuard<'a, Shared<G>>,
) -> (MutexGuard<'a, Shared<G>>, Step) {
    // Nothing moves at a finished table: the thread ends with the game.
    if g.closed || g.table.m.is_over() {
        return (g, Step::Stop);
    }
    if g.held.is_some() && !g.undo_allowed() {
        // Someone else is here now (or the person left): the step waits no longer.
        g.held = None;
        if let Err(e) = g.table.release() {
            g.broken = Some(format!("the game cannot go on: {e}"));
        }
        g.advance(0);
        room.changed(&mut g);
        return (g, Step::Again);
    }
    let now = Instant::now();
    if g.started && g.take_over_timed_out(now) {
        room.changed(&mut g);
        return (g, Step::Again);
    }
    let wake_at = g.next_timeout();
    match g.due(now) {
        Some(true) => {
            if matches!(g.table.m.to_move(), ToMove::Chance) {
                g.forget_decision();
                g.advance(0);
                room.changed(&mut g);
            } else if let Some(answer) = g.answer.take() {
                g.bots_at = None;
                g.settle(answer);
                room.changed(&mut g);
            } else {
                g = think(room, g);
            }
            (g, Step::Again)
        }
        Some(false) => {
            let at = [wake_at, g.bots_at].into_iter().flatten().min();
            (g, Step::Until(at))
        }
        None => (g, Step::Until(wake_at)),
    }
}

/// The computer players to move choose with the room unlocked, so that every terminal at the
/// table (the host's own included) keeps drawing and reading keys while they think; changes to
/// the game wait for them meanwhile ([`Room::moving`]), but for an undo, which makes their
/// decision moot. The decision waits in the room for the end of their pause.
fn think<'a, G: Registered>(
    room: &'a Room<G>,
    mut g: MutexGuard<'a, Shared<G>>,
) -> MutexGuard<'a, Shared<G>> {
    let seats: Vec<Seat> = (g.table.m.to_move().seats().iter().copied())
        .filter(|&s| g.table.is_bot(s))
        .collect();
    match g.table.ask(&seats) {
        Ok(question) => {
            // Nothing the terminals show changes until the decision lands: they already show
            // the computer players to move (see `Info::bots`).
            g.thinking = true;
            drop(g);
            let answer = question.answer();
            g = room.lock();
            g.thinking = false;
            g.answer = Some(answer);
            // The terminals learn that the decision is in, and when it shows.
            room.changed(&mut g);
        }
        Err(e) => {
            g.broken = Some(format!("the game cannot go on: {e}"));
            room.changed(&mut g);
        }
    }
    g
}

/// A room, whatever its game, as the hub sees it.
pub trait ServerTable: Send + Sync {
    fn summary(&self) -> TableSummary;
    fn record(&self) -> TableRecord;
    fn is_over(&self) -> bool;
    /// Over, and nobody looks at it any more.
    fn is_idle(&self) -> bool;
    /// Not started, and nobody has looked at it for `after`: nobody is coming.
    fn is_abandoned(&self, now: Instant, after: Duration) -> bool;
    /// The log's path.
    fn log(&self) -> PathBuf;
    /// `by` takes `seat`, or the first free seat; a key that holds seats here gets them back.
    /// Returns the seats `by` then holds.
    fn take(&self, seat: Option<Seat>, by: &Peer) -> Result<Vec<Seat>, String>;
    /// The seats a reconnect code gives back to `by`, if the code is this table's.
    fn reclaim(&self, code: &str, by: &Peer) -> Option<Result<Vec<Seat>, String>>;
    /// The seats `by`'s identity holds.
    fn held_by(&self, by: &Peer) -> Vec<Seat>;
    fn creator(&self) -> Ident;
    /// The game's id.
    fn game(&self) -> &'static str;
    /// A connection showing `seats` (none: a spectator) joins the room: its seat handle, an
    /// [`Attached`] of the room's game, which the UI turns into its play screen. Dropping the
    /// handle detaches the connection.
    fn attach(
        self: Arc<Self>,
        seats: Vec<Seat>,
        creator: bool,
        ident: Ident,
        name: String,
        wake: Wake,
    ) -> Box<dyn std::any::Any + Send>;
    /// The creator mutes the person in `seat` in the chat (`muted`), or lets them speak again.
    fn mute(&self, seat: Seat, muted: bool) -> Result<(), String>;
    /// The creator gives `seat` to a computer player for the rest of the game.
    fn hand_to_bot(&self, seat: Seat) -> Result<(), String>;
    /// The creator frees `seat` for someone else (a computer player keeps it warm after the
    /// timeout).
    fn free(&self, seat: Seat) -> Result<(), String>;
    /// What "play again" needs when `chooser` opens the new table: the game, options, the
    /// computer players and `chooser`'s seats as they are, every other person's seat free.
    fn again_setup(&self, chooser: &Ident) -> AgainSetup;
    /// `who` chose "play again": the new table is `code` (the first one to choose opened it).
    fn chose_again(&self, code: String, who: &Peer);
    /// `by` comes to this new table from the finished one where they held `seats` (and the
    /// players' names there): they take those seats if they are free, or else the first free
    /// one, and are ready (choosing to play again says so). No seat left: none (they watch).
    fn come_again(&self, seats: &[(Seat, String)], by: &Peer) -> Vec<Seat>;
    /// The seats `by` holds here and the players' names on them.
    fn named_seats(&self, by: &Peer) -> Vec<(Seat, String)>;
    /// The game under way waits for a move of `by`'s (told to them alone: whose move it is
    /// may be a secret of the others).
    fn waits_on(&self, by: &Peer) -> bool;
    /// The server is shutting down: the driver thread ends.
    fn close(&self);
    fn reconnect_codes(&self) -> Vec<String>;
    /// Tests: nothing is due on the server (people to move, the end, or waiting for players).
    #[cfg(test)]
    fn quiet(&self) -> bool;
    /// Seats `bot` (a `Box<dyn Bot<G>>` of this table's game) in a computer player's seat;
    /// false when it is not one.
    #[cfg(test)]
    fn seat_bot(&self, seat: Seat, bot: Box<dyn std::any::Any + Send>) -> bool;
    /// Tests: shows the connections a state that differs only in what `viewer` may not know
    /// (`Some(salt)`), or the real one again (`None`).
    #[cfg(test)]
    fn vary_hidden(&self, viewer: Viewer, salt: Option<u64>);
    /// Tests: the first person to move plays a random legal action; false at the end.
    #[cfg(test)]
    fn play_random(&self, seed: u64) -> bool;
    /// Tests: the number of actions so far.
    #[cfg(test)]
    fn actions(&self) -> usize;
    /// Tests: every person seated now says they are ready (tests of other things than the
    /// ready step itself).
    #[cfg(test)]
    fn all_ready(&self);
}

/// What "play again" copies from a finished table.
pub struct AgainSetup {
    pub game: &'static str,
    pub options: crate::engine::Options,
    pub seats: Vec<SeatHold>,
    pub players: Vec<crate::engine::log::PlayerEntry>,
    pub creator: Ident,
    pub timeout: Duration,
    pub stand_in: bool,
    pub hints: bool,
}

impl<G: Registered> ServerTable for Room<G> {
    fn summary(&self) -> TableSummary {
        self.lock().summary()
    }

    fn record(&self) -> TableRecord {
        self.lock().record()
    }

    fn is_over(&self) -> bool {
        self.lock().table.m.is_over()
    }

    fn is_idle(&self) -> bool {
        let g = self.lock();
        g.table.m.is_over() && g.conns.is_empty()
    }

    fn is_abandoned(&self, now: Instant, after: Duration) -> bool {
        let g = self.lock();
        // A turn-based table waits for its players as long as for a move.
        let after = if g.stand_in {
            after
        } else {
            after.max(g.timeout)
        };
        !g.started
            && !g.table.m.is_over()
            && g.conns.is_empty()
            && g.unwatched_since
                .is_some_and(|t| now.saturating_duration_since(t) >= after)
    }

    fn log(&self) -> PathBuf {
        self.lock().log.clone()
    }

    fn take(&self, seat: Option<Seat>, by: &Peer) -> Result<Vec<Seat>, String> {
        let mut g = self.lock();
        let ident = Ident::of(by);
        let held = g.held(&ident);
        if !held.is_empty() && seat.is_none_or(|s| held.contains(&s)) {
            return Ok(held);
        }
        // A guest by the same name holds a seat here: only its reconnect code brings it back
        // (a name alone proves nothing), and two players by one name would be one too many.
        if let Some(name) = ident.guest_name() {
            let namesake = g.seats.iter().any(|h| {
                h.holder
                    .as_ref()
                    .is_some_and(|o| *o != ident && o.guest_name() == Some(name))
            });
            if namesake {
                return Err(
                    "someone by that name has a seat here already: type its reconnect code to get it back, or connect under another name"
                        .into(),
                );
            }
        }
        if g.table.m.is_over() {
            return Err("this game is over".into());
        }
        let seat = match seat {
            Some(s) => {
                let Some(h) = g.seats.get(s) else {
                    return Err(format!("this table has no seat {}", s + 1));
                };
                if h.kind != SeatKind::Remote || h.holder.is_some() {
                    return Err(format!("seat {} is taken", s + 1));
                }
                s
            }
            None => (0..g.seats.len())
                .find(|&s| g.seats[s].kind == SeatKind::Remote && g.seats[s].holder.is_none())
                .ok_or("this table has no free seat: watch it instead")?,
        };
        g.seat_person(seat, &ident, &by.name);
        g.start_if_full();
        g.table.persist();
        self.changed(&mut g);
        Ok(vec![seat])
    }

    fn reclaim(&self, code: &str, by: &Peer) -> Option<Result<Vec<Seat>, String>> {
        let mut g = self.lock();
        let seats: Vec<Seat> = (0..g.seats.len())
            .filter(|&s| g.seats[s].reconnect.as_deref() == Some(code))
            .collect();
        let first = *seats.first()?;
        let new = Ident::of(by);
        let Some(old) = g.seats[first].holder.clone() else {
            return Some(Err("that seat was freed".into()));
        };
        if by.key.is_some() || old.guest_name() != new.guest_name() {
            return Some(Err(
                "that reconnect code belongs to another name: connect with the name you played under"
                    .into(),
            ));
        }
        // The name and its code prove the guest: their seats and rights move to this
        // connection, and any other connection under the old identity loses them.
        if old != new {
            for h in g.seats.iter_mut() {
                if h.holder.as_ref() == Some(&old) {
                    h.holder = Some(new.clone());
                }
            }
            if g.creator == old {
                g.creator = new.clone();
            }
            for c in g.conns.values_mut() {
                if c.ident == old {
                    c.seats.clear();
                    c.creator = false;
                }
            }
            self.changed(&mut g);
        }
        Some(Ok(g.held(&new)))
    }

    fn held_by(&self, by: &Peer) -> Vec<Seat> {
        self.lock().held(&Ident::of(by))
    }

    fn creator(&self) -> Ident {
        self.lock().creator.clone()
    }

    fn game(&self) -> &'static str {
        G::ID
    }

    fn attach(
        self: Arc<Self>,
        seats: Vec<Seat>,
        creator: bool,
        ident: Ident,
        name: String,
        wake: Wake,
    ) -> Box<dyn std::any::Any + Send> {
        let conn = self.join(seats.clone(), creator, ident, name, wake);
        Box::new(Attached {
            room: self,
            conn,
            seen: 0,
            mine: seats,
            info: Info::default(),
        })
    }

    fn mute(&self, seat: Seat, muted: bool) -> Result<(), String> {
        let mut g = self.lock();
        let Some(who) = g.seats.get(seat).and_then(|h| h.holder.clone()) else {
            return Err(format!("nobody holds seat {}", seat + 1));
        };
        g.chat.mute(who, muted);
        self.changed(&mut g);
        Ok(())
    }

    fn hand_to_bot(&self, seat: Seat) -> Result<(), String> {
        let mut g = self.moving();
        let Some(h) = g.seats.get(seat) else {
            return Err(format!("this table has no seat {}", seat + 1));
        };
        if !h.person() {
            return Err("a computer player has that seat already".into());
        }
        let best = G::BOTS.first().map(|b| b.0).unwrap_or("").to_string();
        for c in g.conns.values_mut() {
            c.seats.retain(|&s| s != seat);
        }
        let h = &mut g.seats[seat];
        h.kind = SeatKind::Bot(best.clone());
        h.holder = None;
        h.reconnect = None;
        h.away_since = None;
        if !h.stand_in {
            g.stand_in(seat, &best);
        }
        let who = g.table.m.player_name(seat).to_string();
        g.notice(format!(
            "The table's creator gave seat {} ({who}) to a computer player",
            seat + 1
        ));
        g.start_if_full();
        self.changed(&mut g);
        Ok(())
    }

    fn free(&self, seat: Seat) -> Result<(), String> {
        let mut g = self.lock();
        if g.seats.get(seat).is_none() {
            return Err(format!("this table has no seat {}", seat + 1));
        }
        for c in g.conns.values_mut() {
            c.seats.retain(|&s| s != seat);
        }
        let started = g.started;
        let h = &mut g.seats[seat];
        let was_bot = matches!(h.kind, SeatKind::Bot(_));
        if was_bot && !h.stand_in {
            return Err("a computer player seated at the start keeps its seat".into());
        }
        h.kind = SeatKind::Remote;
        h.holder = None;
        h.reconnect = None;
        h.overdue = false;
        if !h.stand_in {
            // Nobody there: after the timeout a computer player keeps it warm.
            h.away_since = started.then(Instant::now);
        }
        g.was_here.remove(&seat);
        g.ready.remove(&seat);
        let who = g.table.m.player_name(seat).to_string();
        g.notice(format!(
            "The table's creator freed seat {} ({who}) for someone else",
            seat + 1
        ));
        self.changed(&mut g);
        Ok(())
    }

    fn again_setup(&self, chooser: &Ident) -> AgainSetup {
        let g = self.lock();
        let (mut seats, mut players) = (Vec::new(), Vec::new());
        for (s, h) in g.seats.iter().enumerate() {
            let mut p = g.table.m.players[s].clone();
            if h.person() && h.holder.as_ref() != Some(chooser) {
                seats.push(SeatHold::new(SeatKind::Remote, None));
                p.name = format!("Seat {}", s + 1);
            } else {
                seats.push(SeatHold::new(h.kind.clone(), h.holder.clone()));
            }
            players.push(p);
        }
        AgainSetup {
            game: G::ID,
            options: g.table.m.options.clone(),
            seats,
            players,
            creator: chooser.clone(),
            timeout: g.timeout,
            stand_in: g.stand_in,
            hints: g.hints,
        }
    }

    fn chose_again(&self, code: String, who: &Peer) {
        let mut g = self.lock();
        let ident = Ident::of(who);
        let name = match g.held(&ident).first() {
            Some(&s) => g.table.m.player_name(s).to_string(),
            None => who.name.clone(),
        };
        let first = g.again.is_none();
        g.again = Some(code.clone());
        g.again_by.push(ident);
        g.notice(if first {
            format!(
                "{name} wants to play again, at table {}: press a to join them",
                super::table_code::show(&code)
            )
        } else {
            format!("{name} plays again too")
        });
        self.changed(&mut g);
    }

    fn come_again(&self, seats: &[(Seat, String)], by: &Peer) -> Vec<Seat> {
        let mut g = self.moving();
        let ident = Ident::of(by);
        let free = |g: &Shared<G>, s: Seat| {
            (g.seats.get(s)).is_some_and(|h| h.kind == SeatKind::Remote && h.holder.is_none())
        };
        for (s, name) in seats {
            if free(&g, *s) {
                g.seat_person(*s, &ident, name);
            }
        }
        if g.held(&ident).is_empty()
            && !seats.is_empty()
            && let Some(s) = (0..g.seats.len()).find(|&s| free(&g, s))
        {
            g.seat_person(s, &ident, &by.name);
        }
        let mine = g.held(&ident);
        if !g.started {
            for &s in &mine {
                if g.ready.insert(s) {
                    let who = g.table.m.player_name(s).to_string();
                    g.notice(format!("{who} is ready"));
                }
            }
        }
        g.start_if_full();
        g.table.persist();
        self.changed(&mut g);
        drop(g);
        self.run_inline();
        mine
    }

    fn waits_on(&self, by: &Peer) -> bool {
        let g = self.lock();
        let to_move = g.table.m.to_move();
        g.started && (g.held(&Ident::of(by)).iter()).any(|&s| to_move.includes(s))
    }

    fn named_seats(&self, by: &Peer) -> Vec<(Seat, String)> {
        let g = self.lock();
        (g.held(&Ident::of(by)).into_iter())
            .map(|s| (s, g.table.m.player_name(s).to_string()))
            .collect()
    }

    fn close(&self) {
        let mut g = self.lock();
        g.closed = true;
        self.cv.notify_all();
    }

    fn reconnect_codes(&self) -> Vec<String> {
        self.lock()
            .seats
            .iter()
            .filter_map(|h| h.reconnect.clone())
            .collect()
    }

    #[cfg(test)]
    fn seat_bot(&self, seat: Seat, bot: Box<dyn std::any::Any + Send>) -> bool {
        let Ok(bot) = bot.downcast::<Box<dyn Bot<G>>>() else {
            return false;
        };
        let mut g = self.moving();
        match g.table.bots.get_mut(seat) {
            Some(slot @ Some(_)) => {
                *slot = Some(*bot);
                true
            }
            _ => false,
        }
    }

    #[cfg(test)]
    fn quiet(&self) -> bool {
        let mut g = self.lock();
        !g.started || g.due(Instant::now()).is_none()
    }

    #[cfg(test)]
    fn vary_hidden(&self, viewer: Viewer, salt: Option<u64>) {
        let mut g = self.moving();
        let real = g.real.take().unwrap_or_else(|| g.table.m.state.clone());
        match salt {
            Some(salt) => {
                g.table.m.state = real.vary_hidden(viewer, salt);
                g.real = Some(real);
            }
            None => g.table.m.state = real,
        }
        self.changed(&mut g);
    }

    #[cfg(test)]
    fn play_random(&self, seed: u64) -> bool {
        let mut g = self.moving();
        let Some(&seat) = g.table.m.to_move().seats().first() else {
            return false;
        };
        let legal = g.table.m.state.bot_actions(seat);
        let mut pick = crate::engine::rng::stream(seed, 99);
        let i = crate::engine::rng::below(&mut pick, legal.len() as u64) as usize;
        let Some(a) = legal.get(i).cloned() else {
            return false;
        };
        if g.table.apply(Actor::Seat(seat), a, Some(1)).is_err() {
            return false;
        }
        g.advance(0);
        self.changed(&mut g);
        true
    }

    #[cfg(test)]
    fn actions(&self) -> usize {
        self.lock().table.m.history.len()
    }

    #[cfg(test)]
    fn all_ready(&self) {
        let mut g = self.lock();
        let seated: Vec<Seat> = (0..g.seats.len())
            .filter(|&s| g.waits_for_ready(s))
            .collect();
        g.ready.extend(seated);
        g.start_if_full();
        self.changed(&mut g);
    }
}

/// What a connection's screen knows of its table besides the match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub code: String,
    pub started: bool,
    pub seats: Vec<SeatSummary>,
    /// This connection's reconnect code (a client without a key).
    pub reconnect: Option<String>,
    pub creator: bool,
    pub again: Option<String>,
    /// Why the game cannot go on (a rules or computer-player error).
    pub broken: Option<String>,
    /// Why the log could not be written: the game waits until a save succeeds
    /// ([`Attached::save`]).
    pub unsaved: Option<String>,
    /// Every person at this table sits at this terminal, the only one showing it (see
    /// [`Shared::undo_allowed`]): a person may take a move back, and hurry the computer
    /// players.
    pub alone: bool,
    /// The step waiting for this person's "go on" (or undo), and the computer players whose
    /// moves wait with it.
    pub held: Option<(Seat, Vec<Seat>)>,
    /// Moves a computer player made for this connection's seats while their person was away.
    pub played_for: usize,
    /// Computer players are to move and have not yet: they think, or their move waits for
    /// `bots_at`.
    pub bots: bool,
    /// When the computer players' move shows at the earliest (their pause).
    pub bots_at: Option<Instant>,
    /// The last lines of the table's chat this connection may read.
    pub chat: Vec<Said>,
    /// What this connection may say now (`None`: no chat here, a local game).
    pub talk: Option<Chat>,
    /// The creator allows the hint key at this table (see [`super::seats::TableSpec::hints`]).
    pub hints: bool,
}

/// One connection's place at a room: the seats at its keyboard. Dropping it detaches the
/// connection (the seats stay held, and their timeout starts).
pub struct Attached<G: Registered> {
    room: Arc<Room<G>>,
    conn: u64,
    /// The room's version the mirror was pulled at.
    seen: u64,
    /// The seats at this keyboard.
    pub mine: Vec<Seat>,
    pub info: Info,
}

impl<G: Registered> Drop for Attached<G> {
    fn drop(&mut self) {
        self.room.detach(self.conn);
    }
}

/// A stand-in for a computer player in a mirror: the mirror never plays, it only needs to know
/// which seats are computer players.
struct Mirrored;

impl<G: Game> Bot<G> for Mirrored {
    fn choose(&mut self, _seat: Seat, _view: &G::View, legal: &[G::Action]) -> G::Action {
        // Never called: a mirror is never advanced. `legal` is never empty by contract.
        legal[0].clone()
    }
}

impl<G: Registered> Attached<G> {
    /// Whether the room changed since the last pull.
    pub fn stale(&self) -> bool {
        self.room.version.load(Ordering::SeqCst) != self.seen
    }

    /// The server's data folder (where a finished game's high score was recorded).
    pub fn data_dir(&self) -> Option<PathBuf> {
        self.room.lock().data_dir()
    }

    /// A mirror of the room's table (no store, no lock, no computer players that play).
    pub fn mirror(&mut self) -> Table<G> {
        let (m, bots) = {
            let g = self.room.lock();
            let bots = (0..g.seats.len())
                .map(|s| {
                    g.table
                        .is_bot(s)
                        .then(|| Box::new(Mirrored) as Box<dyn Bot<G>>)
                })
                .collect();
            (g.table.m.clone(), bots)
        };
        let mut t = Table::shown(m, bots);
        self.pull(&mut t);
        t
    }

    /// Brings `mirror` and this connection's info up to date with the room.
    pub fn pull(&mut self, mirror: &mut Table<G>) {
        let g = self.room.lock();
        self.seen = self.room.version.load(Ordering::SeqCst);
        if mirror.m.history.len() != g.table.m.history.len()
            || mirror.m.players != g.table.m.players
            || mirror.m.state != g.table.m.state
        {
            mirror.m = g.table.m.clone();
        }
        for s in 0..mirror.bots.len() {
            let bot = g.table.is_bot(s);
            if mirror.is_bot(s) != bot {
                mirror.bots[s] = bot.then(|| Box::new(Mirrored) as Box<dyn Bot<G>>);
            }
        }
        (self.mine, self.info) = g.info(self.conn);
    }

    /// Brings this connection's info up to date (not the mirror).
    fn sync_info(&mut self) {
        let g = self.room.lock();
        (self.mine, self.info) = g.info(self.conn);
    }

    /// The room's log as it would be written now (tests).
    #[cfg(test)]
    pub fn log_for_tests(&self) -> crate::engine::log::LogFile {
        self.room.lock().table.m.to_log()
    }

    /// The room's computer players are thinking now.
    pub fn thinking(&self) -> bool {
        self.room.lock().thinking
    }

    /// The room's driver runs inline (see [`Driving::Inline`]).
    pub fn inline(&self) -> bool {
        self.room.driving == Driving::Inline
    }

    /// The person in `seat` (at this keyboard) does `action`.
    pub fn act(&self, seat: Seat, action: G::Action, ms: u64) -> Result<(), String> {
        let mut g = self.room.moving();
        let mine = g
            .conns
            .get(&self.conn)
            .is_some_and(|c| c.seats.contains(&seat));
        if !mine || g.table.is_bot(seat) {
            return Err("that seat is not yours to play".into());
        }
        if !g.started {
            return Err("the table waits for its players".into());
        }
        g.table
            .apply(Actor::Seat(seat), action, Some(ms))
            .map_err(|e| e.to_string())?;
        g.advance(0);
        self.room.changed(&mut g);
        drop(g);
        self.room.run_inline();
        Ok(())
    }

    /// This connection's person says `text` at the table: to everyone from a seat, as the
    /// game allows now; to the other spectators only from none. Why it is refused otherwise.
    pub fn say(&self, text: &str) -> Result<(), String> {
        let mut g = self.room.lock();
        if g.standalone {
            return Err("nobody else is at this table".into());
        }
        let Some(c) = g.conns.get(&self.conn) else {
            return Err("you have left this table".into());
        };
        let ident = c.ident.clone();
        let spectator = c.seats.is_empty();
        let name = match c.seats.first() {
            Some(&s) => g.table.m.player_name(s).to_string(),
            None => format!("{} (watching)", c.name),
        };
        let policy = g.table.m.state.chat();
        let speaker = Speaker {
            ident: &ident,
            name: &name,
            spectator,
        };
        g.chat.say(speaker, text, policy, Instant::now())?;
        self.room.changed(&mut g);
        Ok(())
    }

    /// This connection's people are ready to begin: the table starts when everyone at it is.
    pub fn ready(&self) {
        let mut g = self.room.lock();
        let Some(c) = g.conns.get(&self.conn) else {
            return;
        };
        let mine = c.seats.clone();
        if g.started || mine.is_empty() {
            return;
        }
        let fresh: Vec<Seat> = mine.into_iter().filter(|&s| g.ready.insert(s)).collect();
        for s in fresh {
            let who = g.table.m.player_name(s).to_string();
            g.notice(format!("{who} is ready"));
        }
        g.start_if_full();
        self.room.changed(&mut g);
        drop(g);
        self.room.run_inline();
    }

    /// The creator fills every free seat with a computer player; the table then starts once
    /// everyone at it is ready (the creator is, by asking).
    pub fn fill_with_bots(&self) -> Result<(), String> {
        let mut g = self.room.moving();
        let creator = g.conns.get(&self.conn).is_some_and(|c| c.creator);
        if !creator {
            return Err("only the table's creator may do that".into());
        }
        if g.started {
            return Err("the game has begun".into());
        }
        let best = G::BOTS.first().map(|b| b.0).unwrap_or("").to_string();
        for s in 0..g.seats.len() {
            let h = &mut g.seats[s];
            if h.kind == SeatKind::Remote && h.holder.is_none() {
                h.kind = SeatKind::Bot(best.clone());
                h.away_since = None;
                g.stand_in(s, &best);
            }
        }
        g.notice("The table's creator seated computer players in the free seats".into());
        let mine = g.conns.get(&self.conn).map(|c| c.seats.clone());
        g.ready.extend(mine.unwrap_or_default());
        g.start_if_full();
        self.room.changed(&mut g);
        drop(g);
        self.room.run_inline();
        Ok(())
    }

    /// The person in `seat` (at this keyboard) asked for a hint: their next decision is
    /// marked so in the log (see [`crate::engine::Match::hint_asked`]).
    pub fn hint_asked(&self, seat: Seat) {
        let mut g = self.room.lock();
        let mine = g
            .conns
            .get(&self.conn)
            .is_some_and(|c| c.seats.contains(&seat));
        if mine {
            g.table.m.hint_asked(seat);
        }
    }

    /// This terminal shows the table as it is and its people need not look at anything
    /// before the computer players go on (see [`Shared::unseen`]).
    pub fn seen(&self) {
        let mut g = self.room.lock();
        if g.unseen {
            g.unseen = false;
            self.room.cv.notify_all();
            drop(g);
            self.room.run_inline();
        }
    }

    /// The held step happens: `seat` gives up taking its last move back.
    pub fn go_on(&self) {
        let mut g = self.room.moving();
        if g.held.take().is_none() {
            return;
        }
        if let Err(e) = g.table.release() {
            g.broken = Some(format!("the game cannot go on: {e}"));
        }
        g.advance(0);
        self.room.changed(&mut g);
        drop(g);
        self.room.run_inline();
    }

    /// The computer players' move shows as soon as they have chosen: the rest of their pause
    /// is skipped. Only where every person sits at this terminal (nobody else's pace is cut).
    pub fn hurry(&self) {
        let mut g = self.room.lock();
        if !g.undo_allowed() {
            return;
        }
        // Before they have started thinking too: their pause is then over before it begins.
        let now = Instant::now();
        g.bots_at = Some(g.bots_at.map_or(now, |at| at.min(now)));
        self.room.cv.notify_all();
        drop(g);
        self.room.run_inline();
    }

    /// Writes whatever the log lacks (a local game being left, a save that failed). On
    /// success a game that waited for the save goes on; the error otherwise.
    pub fn save(&self) -> Result<(), String> {
        let mut g = self.room.lock();
        let failed = g.table.save_error.is_some();
        if g.table.unsaved() || failed {
            g.table.persist();
        }
        if let Some(e) = g.table.save_error.clone() {
            return Err(e);
        }
        if failed {
            self.room.changed(&mut g);
            drop(g);
            self.room.run_inline();
        }
        Ok(())
    }

    /// Takes back `seat`'s last move, where that is allowed here; false when it is not.
    /// Computer players thinking meanwhile are not waited for: their decision is moot.
    pub fn undo(&self, seat: Seat) -> bool {
        let mut g = self.room.lock();
        let mine = g
            .conns
            .get(&self.conn)
            .is_some_and(|c| c.seats.contains(&seat));
        if !mine || !g.undo_allowed() || !g.table.undo(seat) {
            return false;
        }
        g.held = None;
        g.forget_decision();
        // The table seated fresh computer players (see `Table::undo`): the thought under way,
        // if any, comes back stale and is dropped (`Table::settle`), so changes need not
        // wait for it.
        g.thinking = false;
        // Computer players seated anew by the undo: stand-ins are the seats' own again.
        for s in 0..g.seats.len() {
            if g.seats[s].stand_in && !g.table.is_bot(s) {
                let kind = match &g.seats[s].kind {
                    SeatKind::Bot(k) => k.clone(),
                    _ => G::BOTS.first().map(|b| b.0).unwrap_or("").to_string(),
                };
                g.stand_in(s, &kind);
            }
        }
        g.advance(0);
        self.room.changed(&mut g);
        drop(g);
        self.room.run_inline();
        true
    }
}

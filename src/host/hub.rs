//! The server's shared tables: every connection's screens reach the tables through one [`Hub`].
//!
//! A table lives here, not on any connection: its computer players and chance advance on the
//! server, and every connection at it is woken when it changes. The lobby lists tables with
//! [`Hub::tables`] and seats people with [`Hub::create`], [`Hub::join`] and [`Hub::watch`].

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::engine::log::{self, PlayerEntry};
use crate::engine::{Seat, Setup, rng};
use crate::{store, text};

use super::Peer;
use super::game::{self, HostGame};
use super::limits::{self, Backoff};
use super::room::{RoomSetup, SeatHold, ServerTable};
pub use super::seats::{SeatKind, SeatSpec, SeatSummary, TableSpec, TableSummary};
use super::table_store::{self, Ident, ServerFile, TableRecord};
use super::{events, table_code};

/// A place at a table the hub gave someone: the room, the seats at their terminal (none: a
/// spectator) and whether they have the creator's controls. The UI turns it into a play
/// screen ([`ServerTable::attach`]).
pub struct Seated {
    pub room: Arc<dyn ServerTable>,
    pub seats: Vec<Seat>,
    pub creator: bool,
}

impl Seated {
    /// `by`'s connection, which `wake` redraws, joins the room at these seats: its handle
    /// (see [`ServerTable::attach`]).
    pub fn attach(self, by: &Peer, wake: super::Wake) -> Box<dyn std::any::Any + Send> {
        self.room.attach(
            self.seats,
            self.creator,
            Ident::of(by),
            by.name.clone(),
            wake,
        )
    }
}

/// Every table of the server. Cheap to clone; all clones share the tables.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    dir: PathBuf,
    /// The games this host runs tables of.
    games: Vec<&'static dyn HostGame>,
    rooms: Mutex<Rooms>,
    /// How long computer players think before their move shows, in milliseconds.
    bot_delay_ms: AtomicU64,
    /// Wrong table and reconnect codes, per address.
    guesses: Backoff,
    /// How long a table that has not started may go unlooked-at before it closes
    /// ([`limits::UNSTARTED_TABLE_TIME`]; tests shorten it).
    unstarted_ms: AtomicU64,
    /// Held while someone chooses "play again" (see [`Hub::play_again`]).
    again_lock: Mutex<()>,
    /// The names keys came with, for invites ([`Hub::known_name`]).
    names: super::names::Names,
    /// The command friends type to come, with `<their name>` where the name goes (see
    /// [`Hub::invite_line`]); unknown until the server listens.
    invite: Mutex<Option<String>>,
    /// What people in the lobby said to each other (not at any table).
    lobby_chat: Mutex<super::chat::ChatLog>,
}

#[derive(Default)]
struct Rooms {
    /// By code, and in the order they opened.
    tables: BTreeMap<String, Arc<dyn ServerTable>>,
    order: Vec<String>,
    /// Tables "play again" opened, by the finished table's code.
    again: BTreeMap<String, String>,
    /// Log file names of the finished tables.
    finished: Vec<String>,
    /// Records of tables that could not be opened at start (their log is open in another
    /// process, or broken): kept in the file as they were.
    dormant: Vec<TableRecord>,
    threads: Vec<JoinHandle<()>>,
    /// The address each open table was created from, for the per-address limit.
    opened_from: BTreeMap<String, std::net::IpAddr>,
}

impl Drop for Inner {
    /// The server is going away: every driver thread ends (and with the rooms, their logs'
    /// locks go).
    fn drop(&mut self) {
        let rooms = std::mem::take(self.rooms.get_mut().unwrap_or_else(|e| e.into_inner()));
        for room in rooms.tables.values() {
            room.close();
        }
        for t in rooms.threads {
            let _ = t.join();
        }
    }
}

/// Who sits where at a table being opened.
struct Opening {
    game: &'static dyn HostGame,
    setup: Setup,
    seats: Vec<SeatHold>,
    creator: Ident,
    timeout: Duration,
    stand_in: bool,
    hints: bool,
}

impl Hub {
    /// The hub over the data folder `data_dir` for `games`, with the unfinished tables saved
    /// there.
    pub fn open(data_dir: &Path, games: &[&'static dyn HostGame]) -> io::Result<Hub> {
        std::fs::create_dir_all(data_dir.join("games"))?;
        let hub = Hub {
            inner: Arc::new(Inner {
                dir: data_dir.to_path_buf(),
                games: games.to_vec(),
                rooms: Mutex::new(Rooms::default()),
                bot_delay_ms: AtomicU64::new(crate::config::current().bot_pace.as_millis() as u64),
                guesses: Backoff::new(),
                unstarted_ms: AtomicU64::new(limits::UNSTARTED_TABLE_TIME.as_millis() as u64),
                again_lock: Mutex::new(()),
                names: super::names::Names::open(data_dir),
                invite: Mutex::new(None),
                lobby_chat: Mutex::new(Default::default()),
            }),
        };
        let file = table_store::read(data_dir).map_err(io::Error::other)?;
        {
            let mut rooms = hub.rooms();
            rooms.finished = file.finished;
            for rec in file.tables {
                match hub.restore(&rec) {
                    Ok(Some((room, thread))) => {
                        let s = room.summary();
                        events::log(
                            "table-restored",
                            &[
                                ("code", &table_code::show(&rec.code)),
                                ("game", &s.game),
                                ("players", &summary_names(&s)),
                            ],
                        );
                        rooms.order.push(rec.code.clone());
                        rooms.tables.insert(rec.code.clone(), room);
                        rooms.threads.extend(thread);
                    }
                    Ok(None) => rooms.finished.push(rec.log.clone()),
                    Err(e) => {
                        events::log(
                            "table-not-restored",
                            &[("code", &text::clean(&rec.code)), ("reason", &e)],
                        );
                        rooms.dormant.push(rec);
                    }
                }
            }
        }
        hub.save();
        Ok(hub)
    }

    /// How long computer players think before their move shows at tables opened from now on
    /// (the settings' `bot_pace_ms` unless set).
    pub fn set_bot_delay(&self, d: Duration) {
        self.inner
            .bot_delay_ms
            .store(d.as_millis() as u64, Ordering::SeqCst);
    }

    /// How long a table that has not started may stay unlooked-at before it closes.
    pub fn set_unstarted_time(&self, d: Duration) {
        self.inner
            .unstarted_ms
            .store(d.as_millis() as u64, Ordering::SeqCst);
    }

    /// How long computer players think before their move shows at tables opened from now on.
    pub fn bot_delay(&self) -> Duration {
        Duration::from_millis(self.inner.bot_delay_ms.load(Ordering::SeqCst))
    }

    fn rooms(&self) -> MutexGuard<'_, Rooms> {
        self.inner.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn games_dir(&self) -> PathBuf {
        self.inner.dir.join("games")
    }

    /// Opens one saved table again; `None` when its game has ended.
    #[allow(clippy::type_complexity)]
    fn restore(
        &self,
        rec: &TableRecord,
    ) -> Result<Option<(Arc<dyn ServerTable>, Option<JoinHandle<()>>)>, String> {
        if table_code::normalize(&rec.code).as_deref() != Some(rec.code.as_str()) {
            return Err("its code is not a table code".into());
        }
        if !table_store::plain_file_name(&rec.log) {
            return Err("its log is not a file in the games folder".into());
        }
        let path = self.games_dir().join(&rec.log);
        let l = log::read(&path).map_err(|e| e.to_string())?;
        let game =
            game::find(&self.inner.games, &l.game).ok_or("its game is not in this hotseat")?;
        let mut table = game.load_table(&l).map_err(|e| e.to_string())?;
        if table.outcome().is_some() {
            return Ok(None);
        }
        if rec.seats.len() != l.players.len() {
            return Err("its seats do not match its log".into());
        }
        let mut seats = Vec::new();
        for s in &rec.seats {
            let kind = match (s.kind.as_str(), &s.bot) {
                ("remote", None) => SeatKind::Remote,
                ("here", None) => SeatKind::Here,
                ("bot", Some(k)) => SeatKind::Bot(k.clone()),
                _ => return Err(format!("a seat of unknown kind '{}'", s.kind)),
            };
            let mut hold = SeatHold::new(kind, s.holder.clone());
            hold.reconnect = match &s.reconnect {
                Some(c) => Some(table_code::normalize(c).ok_or("a broken reconnect code")?),
                None => None,
            };
            seats.push(hold);
        }
        table.set_save(Some(path.clone()))?;
        game.open_room(
            table,
            RoomSetup {
                code: rec.code.clone(),
                seats,
                creator: rec.creator.clone(),
                timeout: Duration::from_secs(rec.timeout_secs),
                stand_in: rec.stand_in,
                hints: rec.hints,
                log: path,
                // A table starts when everyone at it is ready, which the list is not always
                // saved for: a game with a move in its log had begun.
                started: rec.started
                    || (l.actions.iter()).any(|e| matches!(e.by, log::By::Seat(_))),
                bot_delay: self.bot_delay(),
            },
        )
        .map(Some)
    }

    /// Writes the list of tables beside their logs.
    fn save(&self) {
        let rooms = self.rooms();
        let mut file = ServerFile {
            format: table_store::FORMAT.into(),
            version: 1,
            tables: Vec::new(),
            finished: rooms.finished.clone(),
        };
        for code in &rooms.order {
            let Some(room) = rooms.tables.get(code) else {
                continue;
            };
            let rec = room.record();
            if room.is_over() {
                if !file.finished.contains(&rec.log) {
                    file.finished.push(rec.log);
                }
            } else {
                file.tables.push(rec);
            }
        }
        file.tables.extend(rooms.dormant.iter().cloned());
        if let Err(e) = table_store::write(&self.inner.dir, &file) {
            eprintln!("hotseat: cannot save the list of tables: {e}");
        }
    }

    /// The seats of the unfinished table where `peer`'s key holds a seat, if any (a player
    /// coming back).
    pub fn rejoin(&self, peer: &Peer) -> Option<Seated> {
        peer.key.as_ref()?;
        let room = {
            let rooms = self.rooms();
            rooms
                .order
                .iter()
                .rev()
                .filter_map(|c| rooms.tables.get(c))
                .find(|r| !r.is_over() && !r.held_by(peer).is_empty())
                .cloned()?
        };
        let seats = room.held_by(peer);
        let creator = room.creator() == Ident::of(peer);
        Some(Seated {
            room,
            seats,
            creator,
        })
    }

    /// The open tables, oldest first (finished ones while somebody still looks at them).
    /// Reading only: the finished tables nobody looks at are let go of when something changes
    /// ([`Hub::reap`]), never while a list is drawn.
    pub fn tables(&self) -> Vec<TableSummary> {
        let rooms = self.rooms();
        rooms
            .order
            .iter()
            .filter_map(|c| rooms.tables.get(c))
            .filter(|r| !r.is_idle())
            .map(|r| r.summary())
            .collect()
    }

    /// Lets go of the tables nobody needs: finished ones nobody looks at any more (their log
    /// joins the finished list), and with `closing`, ones that never started and that nobody
    /// has looked at for a while (closed, their log removed: it holds no move). Closing is
    /// done only when a table is about to open, where the limits count, never while a list is
    /// drawn.
    fn reap(&self, closing: bool) {
        let now = Instant::now();
        let unstarted = Duration::from_millis(self.inner.unstarted_ms.load(Ordering::SeqCst));
        let mut rooms = self.rooms();
        rooms.threads.retain(|t| !t.is_finished());
        let (mut idle, mut abandoned) = (Vec::new(), Vec::new());
        for code in &rooms.order {
            if let Some(r) = rooms.tables.get(code) {
                if r.is_idle() {
                    idle.push(code.clone());
                } else if closing && r.is_abandoned(now, unstarted) {
                    abandoned.push(code.clone());
                }
            }
        }
        if idle.is_empty() && abandoned.is_empty() {
            return;
        }
        for code in &idle {
            if let Some(room) = rooms.tables.remove(code) {
                let name = room.record().log;
                if !rooms.finished.contains(&name) {
                    events::log(
                        "table-finished",
                        &[
                            ("code", &table_code::show(code)),
                            ("game", &room.summary().game),
                            ("log", &name),
                        ],
                    );
                    rooms.finished.push(name);
                }
            }
        }
        for code in &abandoned {
            if let Some(room) = rooms.tables.remove(code) {
                room.close();
                let _ = std::fs::remove_file(room.log());
                events::log(
                    "table-closed",
                    &[
                        ("code", &table_code::show(code)),
                        ("game", &room.summary().game),
                        ("reason", "never started, nobody there"),
                    ],
                );
            }
        }
        rooms
            .order
            .retain(|c| !idle.contains(c) && !abandoned.contains(c));
        for code in idle.iter().chain(&abandoned) {
            rooms.opened_from.remove(code);
            rooms.again.retain(|_, v| v != code);
        }
        drop(rooms);
        self.save();
    }

    /// Whether `by` may open one more table, or what limit stands in the way.
    fn may_open(&self, by: &Peer) -> Result<(), String> {
        self.reap(true);
        let ident = Ident::of(by);
        let rooms = self.rooms();
        let open: Vec<(&String, &Arc<dyn ServerTable>)> =
            rooms.tables.iter().filter(|(_, r)| !r.is_over()).collect();
        let refuse = |what: &str, msg: String| {
            events::log(
                "limit",
                &[
                    ("addr", &by.addr.to_string()),
                    ("what", what),
                    ("user", &by.name),
                ],
            );
            Err(msg)
        };
        if open.len() >= limits::TABLES {
            return refuse(
                "tables",
                format!(
                    "the server has {} open tables, its most: join one, or try again when one ends",
                    limits::TABLES
                ),
            );
        }
        if open.iter().filter(|(_, r)| r.creator() == ident).count() >= limits::TABLES_PER_CREATOR {
            return refuse(
                "tables-per-creator",
                format!(
                    "you have {} open tables, the most one person may open: finish one first (a table nobody joined closes 10 minutes after everyone left it)",
                    limits::TABLES_PER_CREATOR
                ),
            );
        }
        let from_addr = open
            .iter()
            .filter(|(c, _)| rooms.opened_from.get(*c) == Some(&by.addr))
            .count();
        if from_addr >= limits::TABLES_PER_ADDRESS {
            return refuse(
                "tables-per-address",
                format!(
                    "{} open tables come from your address, the most it may open: finish one first",
                    limits::TABLES_PER_ADDRESS
                ),
            );
        }
        Ok(())
    }

    pub(crate) fn room(&self, code: &str) -> Option<Arc<dyn ServerTable>> {
        self.rooms().tables.get(code).cloned()
    }

    /// Opens a table and seats its creator's people; returns its code and the creator's seats.
    pub fn create(&self, spec: TableSpec, by: &Peer) -> Result<(String, Seated), String> {
        let game = game::find(&self.inner.games, &spec.game)
            .ok_or_else(|| format!("this hotseat has no game '{}'", text::clean(&spec.game)))?;
        game.check_setup(&spec.options, spec.seats.len())?;
        self.may_open(by)?;
        let seed = spec.seed.unwrap_or_else(rand::random::<u64>);
        let creator = Ident::of(by);
        let mut players = Vec::new();
        let mut seats = Vec::new();
        for (i, s) in spec.seats.iter().enumerate() {
            match s {
                SeatSpec::Remote => {
                    players.push(PlayerEntry::human(format!("Seat {}", i + 1)));
                    seats.push(SeatHold::new(SeatKind::Remote, None));
                }
                SeatSpec::Here(name) => {
                    log::check_name(name).map_err(|e| format!("seat {}: {e}", i + 1))?;
                    players.push(PlayerEntry::human(name.clone()));
                    seats.push(SeatHold::new(SeatKind::Here, Some(creator.clone())));
                }
                SeatSpec::Bot { kind } => {
                    players.push(PlayerEntry::bot(
                        format!("Bot {}", i + 1),
                        kind.clone(),
                        rng::bot_seed(seed, i),
                    ));
                    seats.push(SeatHold::new(SeatKind::Bot(kind.clone()), None));
                }
            }
        }
        let code = self.open_table(Opening {
            game,
            setup: Setup {
                options: spec.options,
                players,
                seed,
                started: store::now_rfc3339(),
            },
            seats,
            creator,
            timeout: spec.timeout,
            stand_in: spec.stand_in,
            hints: spec.hints,
        })?;
        self.rooms().opened_from.insert(code.clone(), by.addr);
        let invite = self.invite_line(&code).unwrap_or_default();
        let mut fields = vec![
            ("code", table_code::show(&code)),
            ("game", game.id().to_string()),
            ("addr", by.addr.to_string()),
            ("user", by.name.clone()),
        ];
        if !invite.is_empty() {
            // The host reads who may come straight to the table.
            fields.push(("invite", invite));
        }
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        events::log("table-created", &fields);
        let room = self.room(&code).ok_or("the table closed at once")?;
        let seats = room.held_by(by);
        Ok((
            code,
            Seated {
                room,
                seats,
                creator: true,
            },
        ))
    }

    /// Opens a table: its log (locked) in the games folder, its room and driver, a fresh code.
    fn open_table(&self, mut o: Opening) -> Result<String, String> {
        let mut table = o.game.new_table(o.setup.clone())?;
        let path = store::new_log_path_in(&self.games_dir(), o.game.id(), &o.setup.started);
        table.set_save(Some(path.clone()))?;
        let mut rooms = self.rooms();
        let taken = |c: &str| {
            rooms.tables.contains_key(c)
                || rooms
                    .tables
                    .values()
                    .any(|r| r.reconnect_codes().iter().any(|x| x == c))
        };
        let code = table_code::fresh_unused(taken);
        // A guest's seats share one reconnect code.
        let mut guest_codes: BTreeMap<String, String> = BTreeMap::new();
        for h in &mut o.seats {
            if let Some(Ident::Guest(name)) = &h.holder {
                let c = guest_codes
                    .entry(name.clone())
                    .or_insert_with(|| table_code::fresh_unused(|c| taken(c) || c == code));
                h.reconnect = Some(c.clone());
            }
        }
        let (room, thread) = o.game.open_room(
            table,
            RoomSetup {
                code: code.clone(),
                seats: o.seats,
                creator: o.creator,
                timeout: o.timeout,
                stand_in: o.stand_in,
                hints: o.hints,
                log: path,
                started: false,
                bot_delay: self.bot_delay(),
            },
        )?;
        rooms.tables.insert(code.clone(), room);
        rooms.order.push(code.clone());
        rooms.threads.extend(thread);
        drop(rooms);
        self.save();
        Ok(code)
    }

    /// Takes `seat` (or the first free one, or the seats `by`'s key already holds) at the table
    /// `code`; `code` may also be a seat's reconnect code, which gives its seats back to the
    /// name they were taken under.
    pub fn join(&self, code: &str, seat: Option<Seat>, by: &Peer) -> Result<Seated, String> {
        self.reap(false);
        // Codes are guessed no faster than the back-off lets this address.
        let now = Instant::now();
        let wait = self.inner.guesses.wait(by.addr, now);
        if !wait.is_zero() {
            return Err(format!(
                "too many wrong codes from your address: try again in {} s",
                wait.as_secs().max(1)
            ));
        }
        let r = self.join_now(code, seat, by);
        if let Err(e) = &r
            && (e == NO_TABLE || e.starts_with("that reconnect code belongs"))
        {
            let n = self.inner.guesses.failed(by.addr, now);
            events::log(
                "refused",
                &[
                    ("addr", &by.addr.to_string()),
                    ("user", &by.name),
                    ("reason", "wrong code"),
                    ("failures", &n.to_string()),
                ],
            );
        }
        r
    }

    fn join_now(&self, code: &str, seat: Option<Seat>, by: &Peer) -> Result<Seated, String> {
        let code = table_code::normalize(code).ok_or(NOT_A_CODE)?;
        let creator_key =
            |room: &Arc<dyn ServerTable>| by.key.is_some() && room.creator() == Ident::of(by);
        if let Some(room) = self.room(&code) {
            let seats = room.take(seat, by)?;
            self.save();
            let creator = creator_key(&room);
            return Ok(Seated {
                room,
                seats,
                creator,
            });
        }
        let rooms: Vec<Arc<dyn ServerTable>> = self.rooms().tables.values().cloned().collect();
        for room in rooms {
            if let Some(seats) = room.reclaim(&code, by) {
                let seats = seats?;
                self.save();
                let creator = room.creator() == Ident::of(by);
                return Ok(Seated {
                    room,
                    seats,
                    creator,
                });
            }
        }
        Err(NO_TABLE.into())
    }

    /// Watches the table `code` as a spectator: its public view only.
    pub fn watch(&self, code: &str, by: &Peer) -> Result<Seated, String> {
        self.reap(false);
        let code = table_code::normalize(code).ok_or(NOT_A_CODE)?;
        let room = self.room(&code).ok_or(NO_TABLE)?;
        let creator = by.key.is_some() && room.creator() == Ident::of(by);
        Ok(Seated {
            room,
            seats: Vec::new(),
            creator,
        })
    }

    /// The logs of the server's finished tables, newest first.
    pub fn finished_logs(&self) -> Vec<PathBuf> {
        self.reap(false);
        self.save();
        let rooms = self.rooms();
        let mut names = rooms.finished.clone();
        for code in &rooms.order {
            if let Some(room) = rooms.tables.get(code).filter(|r| r.is_over()) {
                let name = room.record().log;
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
            .iter()
            .rev()
            .filter(|n| table_store::plain_file_name(n))
            .map(|n| self.games_dir().join(n))
            .filter(|p| p.is_file())
            .collect()
    }

    /// `by` chooses "play again" at the finished table `code`. The first to choose opens a
    /// new table (a fresh deal, the same game, options and computer players) where their
    /// seats are theirs and every other person's seat is free; whoever chooses after them
    /// takes their own seats there again if still free. Choosing says they are ready. Nobody
    /// else moves: the others stay on their result screen until they choose or leave. A
    /// spectator follows to watch the new table, once there is one.
    pub fn play_again(&self, code: &str, by: &Peer) -> Result<Seated, String> {
        // One chooser at a time: two at once must not open two tables.
        let _one = self
            .inner
            .again_lock
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let room = self.room(code).ok_or(NO_TABLE)?;
        if !room.is_over() {
            return Err("the game is not over yet".into());
        }
        let ident = Ident::of(by);
        let mine = room.named_seats(by);
        let existing = self.rooms().again.get(code).cloned();
        let new = match existing.filter(|c| self.room(c).is_some()) {
            Some(new) => new,
            None if mine.is_empty() => {
                return Err("nobody has chosen to play again yet".into());
            }
            None => self.open_again(code, &room, &ident)?,
        };
        let next = self.room(&new).ok_or("the new table closed")?;
        let seats = if mine.is_empty() {
            Vec::new()
        } else {
            let seats = next.come_again(&mine, by);
            room.chose_again(new.clone(), by);
            self.save();
            seats
        };
        let creator = next.creator() == ident;
        Ok(Seated {
            room: next,
            seats,
            creator,
        })
    }

    /// Opens the table "play again" leads to from the finished `room`, for `chooser`.
    fn open_again(
        &self,
        code: &str,
        room: &Arc<dyn ServerTable>,
        chooser: &Ident,
    ) -> Result<String, String> {
        self.reap(true);
        let open = (self.rooms().tables.values())
            .filter(|r| !r.is_over())
            .count();
        if open >= limits::TABLES {
            return Err(format!(
                "the server has {} open tables, its most: try again when one ends",
                limits::TABLES
            ));
        }
        let a = room.again_setup(chooser);
        let game = game::find(&self.inner.games, a.game).ok_or("this game is gone")?;
        let seed = rand::random::<u64>();
        let players = a
            .players
            .iter()
            .zip(&a.seats)
            .enumerate()
            .map(|(i, (p, h))| match &h.kind {
                SeatKind::Bot(kind) => {
                    PlayerEntry::bot(p.name.clone(), kind.clone(), rng::bot_seed(seed, i))
                }
                _ => PlayerEntry::human(p.name.clone()),
            })
            .collect();
        let new = self.open_table(Opening {
            game,
            setup: Setup {
                options: a.options,
                players,
                seed,
                started: store::now_rfc3339(),
            },
            seats: a.seats,
            creator: a.creator,
            timeout: a.timeout,
            stand_in: a.stand_in,
            hints: a.hints,
        })?;
        self.rooms().again.insert(code.to_string(), new.clone());
        Ok(new)
    }

    /// The creator gives `seat` of table `code` to a computer player.
    pub fn hand_to_bot(&self, code: &str, seat: Seat, by: &Peer) -> Result<(), String> {
        let room = self.creators_room(code, by)?;
        room.hand_to_bot(seat)?;
        self.save();
        Ok(())
    }

    /// The creator mutes the person in `seat` of table `code` in its chat, or lets them
    /// speak again.
    pub fn mute(&self, code: &str, seat: Seat, muted: bool, by: &Peer) -> Result<(), String> {
        self.creators_room(code, by)?.mute(seat, muted)
    }

    /// The creator frees `seat` of table `code` for someone else.
    pub fn free_seat(&self, code: &str, seat: Seat, by: &Peer) -> Result<(), String> {
        let room = self.creators_room(code, by)?;
        room.free(seat)?;
        self.save();
        Ok(())
    }

    fn creators_room(&self, code: &str, by: &Peer) -> Result<Arc<dyn ServerTable>, String> {
        let room = self.room(code).ok_or(NO_TABLE)?;
        if room.creator() != Ident::of(by) {
            return Err("only the table's creator may do that".into());
        }
        Ok(room)
    }

    /// The open (unfinished) tables as the host reads them, under `title`: their codes, games
    /// and players. Empty when there are none.
    pub fn open_tables_text(&self, title: &str) -> String {
        let open: Vec<TableSummary> = self.tables().into_iter().filter(|t| !t.over).collect();
        if open.is_empty() {
            return String::new();
        }
        let mut t = format!(
            "{title}: {} open table{}\n",
            open.len(),
            if open.len() == 1 { "" } else { "s" }
        );
        for s in &open {
            t.push_str(&format!(
                "  {}  {:<12} {}\n",
                table_code::show(&s.code),
                s.game,
                summary_names(s)
            ));
        }
        t
    }

    /// The server listens: friends join with `command` (`ssh -p 2222 <their name>@host`).
    pub fn set_invite(&self, command: &str) {
        *self.inner.invite.lock().unwrap_or_else(|e| e.into_inner()) = Some(command.to_string());
    }

    /// The one line that brings a friend straight to the table `code`: the join command with
    /// the table's code for the name.
    pub fn invite_line(&self, code: &str) -> Option<String> {
        let command = self
            .inner
            .invite
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()?;
        command
            .contains("<their name>")
            .then(|| command.replace("<their name>", &table_code::show(code)))
    }

    /// The open tables where a game waits for `by`'s move, oldest first: for their eyes only.
    pub fn your_moves(&self, by: &Peer) -> Vec<String> {
        let rooms = self.rooms();
        (rooms.order.iter())
            .filter(|c| rooms.tables.get(*c).is_some_and(|r| r.waits_on(by)))
            .cloned()
            .collect()
    }

    /// The unfinished tables where `by` holds a seat.
    pub fn seated_at(&self, by: &Peer) -> usize {
        let rooms = self.rooms();
        (rooms.tables.values())
            .filter(|r| !r.is_over() && !r.held_by(by).is_empty())
            .count()
    }

    /// `by` says `text` in the lobby, to everyone there: cleaned and rate-limited as at a
    /// table. Returns why it is refused.
    pub fn say_in_lobby(&self, by: &Peer, text: &str) -> Result<(), String> {
        let ident = Ident::of(by);
        let who = super::chat::Speaker {
            ident: &ident,
            name: &by.name,
            spectator: false,
        };
        let open = crate::engine::Chat::Open;
        (self
            .inner
            .lobby_chat
            .lock()
            .unwrap_or_else(|e| e.into_inner()))
        .say(who, text, open, Instant::now())?;
        super::listing::ring();
        Ok(())
    }

    /// The last `n` lines said in the lobby.
    pub fn lobby_chat(&self, n: usize) -> Vec<super::chat::Said> {
        (self
            .inner
            .lobby_chat
            .lock()
            .unwrap_or_else(|e| e.into_inner()))
        .visible(false, n)
    }

    /// The name the key `key` came with last (an invite has a table's code for a name).
    pub fn known_name(&self, key: &str) -> Option<String> {
        self.inner.names.get(key)
    }

    /// `peer` comes with a key under their name: kept for their invites.
    pub fn remember_name(&self, peer: &Peer) {
        if let Some(k) = &peer.key {
            self.inner.names.remember(k, &peer.name);
        }
    }

    /// The summary of table `code`.
    pub fn table(&self, code: &str) -> Option<TableSummary> {
        self.room(code).map(|r| r.summary())
    }
}

/// The players' names at a table, for the server's log.
fn summary_names(s: &TableSummary) -> String {
    s.seats
        .iter()
        .map(|x| x.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

const NOT_A_CODE: &str = "a code is eight letters and digits, like 7K2M-9PQR";
const NO_TABLE: &str = "no table has that code";

//! The lobby's screens over a stand-in hub whose answers the tests choose: what each screen
//! shows at 80x24 and 120x40, and where each key leads.

use crate::testkit::RunChance;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use insta::assert_snapshot;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::engine::Seat;
use crate::ui::commands::{self, every_key};
use crate::ui::testutil::{ch, draw, key};
use crate::ui::theme::Theme;
use crate::ui::{Nav, Screen};

use super::create::CreateTable;
use super::{LOBBY_COMMANDS, Lobby, LobbyCmd, Step, Tables};
use crate::host::hub::{SeatKind, SeatSpec, SeatSummary, TableSpec, TableSummary};
use crate::host::{Peer, Wake};

const THEME: Theme = Theme::new(false, true);

pub fn peer(name: &str) -> Peer {
    // A guest: every call is a new connection with a secret of its own.
    Peer::new(name.into(), None, IpAddr::from([127, 0, 0, 1]), true)
}

/// A screen that only says what it stands for: the table screens are the hub's.
struct Marker(String);

impl Screen for Marker {
    fn render(&self, f: &mut Frame, _theme: &Theme) {
        f.render_widget(Paragraph::new(Line::from(self.0.clone())), f.area());
    }
    fn on_event(&mut self, _ev: &Event) -> Nav {
        Nav::Stay
    }
}

/// What the stand-in was asked, for the tests to check.
#[derive(Default)]
struct Asked {
    joins: Vec<(String, Option<Seat>, String)>,
    watches: Vec<String>,
    created: Vec<TableSpec>,
}

/// A hub with tables the test sets; `create` adds one.
#[derive(Default)]
struct StandIn {
    tables: Mutex<Vec<TableSummary>>,
    asked: Mutex<Asked>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Tables for StandIn {
    fn tables(&self) -> Vec<TableSummary> {
        lock(&self.tables).clone()
    }
    fn create(
        &self,
        spec: TableSpec,
        by: &Peer,
        _wake: Wake,
    ) -> Result<(String, Box<dyn Screen>), String> {
        let code = format!("T{}", lock(&self.tables).len() + 1);
        let seats = spec
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                SeatSpec::Remote => seat(i, "", SeatKind::Remote, true),
                SeatSpec::Here(n) => seat(i, n, SeatKind::Here, false),
                SeatSpec::Bot { kind } => seat(i, "Bot", SeatKind::Bot(kind.clone()), false),
            })
            .collect();
        lock(&self.tables).push(TableSummary {
            code: code.clone(),
            game: spec.game.clone(),
            seats,
            options: spec
                .options
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            started: false,
            over: false,
        });
        lock(&self.asked).created.push(spec);
        Ok((
            code.clone(),
            Box::new(Marker(format!("table {code} for {}", by.name))),
        ))
    }
    fn join(
        &self,
        code: &str,
        seat: Option<Seat>,
        by: &Peer,
        _wake: Wake,
    ) -> Result<Box<dyn Screen>, String> {
        lock(&self.asked)
            .joins
            .push((code.into(), seat, by.name.clone()));
        let tables = lock(&self.tables);
        let Some(t) = tables.iter().find(|t| t.code.eq_ignore_ascii_case(code)) else {
            return Err(format!("No table has the code {code}."));
        };
        let free = |s: &&SeatSummary| s.free;
        match seat {
            Some(n) if t.seats.get(n).is_some_and(|s| s.free) => {}
            None if t.seats.iter().any(|s| s.free) => {}
            _ if t.seats.iter().find(free).is_none() => {
                return Err(format!("Table {} is full: w watches it.", t.code));
            }
            _ => return Err("That seat is taken.".into()),
        }
        Ok(Box::new(Marker(format!("seated at {}", t.code))))
    }
    fn watch(&self, code: &str, _by: &Peer, _wake: Wake) -> Result<Box<dyn Screen>, String> {
        lock(&self.asked).watches.push(code.into());
        Ok(Box::new(Marker(format!("watching {code}"))))
    }
    fn finished_logs(&self) -> Vec<PathBuf> {
        Vec::new()
    }
}

fn seat(i: usize, name: &str, kind: SeatKind, free: bool) -> SeatSummary {
    SeatSummary {
        seat: i,
        name: name.into(),
        kind,
        free,
        connected: !free,
        stand_in: false,
        muted: false,
        ready: true,
        takeover_at: None,
    }
}

/// Three tables: one waiting with a free seat, one full and under way, one with a seat played
/// by a computer while its person is away.
fn three_tables() -> Vec<TableSummary> {
    vec![
        TableSummary {
            code: "K7QX2M4P".into(),
            game: "couperation".into(),
            seats: vec![
                seat(0, "ann", SeatKind::Here, false),
                seat(1, "Bo", SeatKind::Here, false),
                seat(2, "", SeatKind::Remote, true),
            ],
            options: vec![
                ("Mode".into(), "beginner".into()),
                ("Start player".into(), "random".into()),
            ],
            started: false,
            over: false,
        },
        TableSummary {
            code: "P3ZR9D5W".into(),
            game: "rocca".into(),
            seats: vec![
                seat(0, "cy", SeatKind::Remote, false),
                seat(1, "dee", SeatKind::Remote, false),
                seat(2, "Bot 3", SeatKind::Bot("village".into()), false),
                seat(3, "eve", SeatKind::Remote, false),
            ],
            options: vec![
                ("Mayor face".into(), "on".into()),
                ("Police face".into(), "off".into()),
                ("Healer body (4+)".into(), "on".into()),
                ("Vampire (4+)".into(), "off".into()),
            ],
            started: true,
            over: false,
        },
        TableSummary {
            code: "H4WT6B7N".into(),
            game: "kokoro".into(),
            seats: vec![
                seat(0, "fay", SeatKind::Remote, false),
                SeatSummary {
                    stand_in: true,
                    connected: false,
                    ..seat(1, "gus", SeatKind::Remote, false)
                },
            ],
            options: vec![
                ("Mat side".into(), "blue".into()),
                ("Decree".into(), "none".into()),
            ],
            started: true,
            over: false,
        },
        TableSummary {
            code: "0VER0000".into(),
            game: "pocket".into(),
            seats: vec![seat(0, "old", SeatKind::Remote, false)],
            options: Vec::new(),
            started: true,
            over: true,
        },
    ]
}

fn lobby_over(hub: &Arc<StandIn>, name: &str) -> Lobby {
    Lobby::over(
        hub.clone(),
        crate::registry::GAMES.to_vec(),
        peer(name),
        Wake::none(),
    )
}

fn with_tables() -> (Arc<StandIn>, Lobby) {
    let hub = Arc::new(StandIn::default());
    *lock(&hub.tables) = three_tables();
    let l = lobby_over(&hub, "ann");
    (hub, l)
}

fn typed(l: &mut Lobby, s: &str) {
    for c in s.chars() {
        l.on_event(&ch(c));
    }
}

fn shown(nav: &Nav) -> String {
    match nav {
        Nav::Push(s) | Nav::Replace(s) => draw(s.as_ref(), THEME, 80, 24),
        _ => String::new(),
    }
}

#[test]
fn an_empty_lobby_greets_and_says_what_to_do() {
    let hub = Arc::new(StandIn::default());
    let l = lobby_over(&hub, "ann");
    for (w, h) in [(80, 24), (120, 40)] {
        let s = draw(&l, THEME, w, h);
        assert!(s.contains("Hello, ann!"), "{s}");
        assert!(s.contains("No open tables yet"), "{s}");
        assert!(!s.contains("Enter join"), "nothing to join: {s}");
        assert_snapshot!(format!("lobby_empty_{w}x{h}"), s);
    }
}

#[test]
fn the_lobby_lists_open_tables_with_their_seats() {
    let (_hub, mut l) = with_tables();
    let s = draw(&l, THEME, 80, 24);
    assert!(s.contains("K7QX-2M4P") && s.contains("Couperation"), "{s}");
    assert!(s.contains("waiting for 1"), "{s}");
    assert!(
        s.contains("Mode: beginner · Start player: random"),
        "the chosen table's options: {s}"
    );
    assert!(
        !s.contains("0VER-0000"),
        "finished tables are not open: {s}"
    );
    assert_snapshot!("lobby_tables_80x24", s);
    l.on_event(&key(KeyCode::Down));
    l.on_event(&key(KeyCode::Down));
    let s = draw(&l, THEME, 120, 40);
    assert!(s.contains("away: a computer plays"), "{s}");
    assert!(s.contains("Mat side: blue · Decree: none"), "{s}");
    assert_snapshot!("lobby_tables_120x40", s);
}

/// Issue #9's measures: at 80x24 a ↓ in the lobby cost 1.4 KB, because the seats box took
/// each table's own height and the whole list moved with it. The boxes stay put now.
#[test]
fn moving_the_highlight_leaves_the_boxes_where_they_are() {
    let (_hub, mut l) = with_tables();
    for (w, h) in [(80, 24), (120, 40)] {
        let borders = |l: &Lobby| -> Vec<usize> {
            draw(l, THEME, w, h)
                .lines()
                .enumerate()
                .filter(|(_, line)| line.contains('╭') || line.contains('╰'))
                .map(|(i, _)| i)
                .collect()
        };
        let first = borders(&l);
        for _ in 0..2 {
            l.on_event(&key(KeyCode::Down));
            assert_eq!(borders(&l), first, "{}", draw(&l, THEME, w, h));
        }
        l.on_event(&key(KeyCode::Up));
        l.on_event(&key(KeyCode::Up));
    }
}

#[test]
fn the_highlight_follows_its_table_when_the_list_changes() {
    let (hub, mut l) = with_tables();
    l.on_event(&key(KeyCode::Down));
    assert_eq!(l.selected.as_deref(), Some("P3ZR9D5W"));
    // The first table closes: the highlight stays on the same table.
    lock(&hub.tables).remove(0);
    l.on_event(&ch('w'));
    assert_eq!(lock(&hub.asked).watches, ["P3ZR9D5W"]);
}

/// The waiting table with a second free seat, so that Enter offers a choice.
fn with_two_free_seats() -> (Arc<StandIn>, Lobby) {
    let (hub, l) = with_tables();
    lock(&hub.tables)[0]
        .seats
        .push(seat(3, "", SeatKind::Remote, true));
    (hub, l)
}

#[test]
fn enter_at_a_table_with_one_free_seat_takes_it_at_once() {
    let (hub, mut l) = with_tables();
    let nav = l.on_event(&key(KeyCode::Enter));
    assert_eq!(shown(&nav).lines().next(), Some("seated at K7QX2M4P"));
    assert_eq!(
        lock(&hub.asked).joins,
        [("K7QX2M4P".to_string(), None, "ann".to_string())],
        "no seat named: the hub gives back a seat held before, else the free one"
    );
    assert_eq!(l.step, Step::List);
}

#[test]
fn enter_picks_a_free_seat_and_the_hub_seats_the_person() {
    let (hub, mut l) = with_two_free_seats();
    assert!(matches!(l.on_event(&key(KeyCode::Enter)), Nav::Stay));
    assert_eq!(
        l.step,
        Step::Seat {
            code: "K7QX2M4P".into(),
            seat: 2
        }
    );
    for (w, h) in [(80, 24), (120, 40)] {
        assert_snapshot!(format!("lobby_pick_seat_{w}x{h}"), draw(&l, THEME, w, h));
    }
    let nav = l.on_event(&key(KeyCode::Enter));
    assert_eq!(shown(&nav).lines().next(), Some("seated at K7QX2M4P"));
    assert_eq!(
        lock(&hub.asked).joins,
        [("K7QX2M4P".to_string(), Some(2), "ann".to_string())]
    );
    assert_eq!(
        l.step,
        Step::List,
        "back at the list when the table is left"
    );
}

#[test]
fn enter_on_a_full_table_asks_the_hub_which_may_refuse() {
    let (hub, mut l) = with_tables();
    l.on_event(&key(KeyCode::Down));
    let nav = l.on_event(&key(KeyCode::Enter));
    assert!(matches!(nav, Nav::Stay));
    assert_eq!(
        lock(&hub.asked).joins,
        [("P3ZR9D5W".to_string(), None, "ann".to_string())],
        "no seat chosen: the hub seats a person back in their own seat, or refuses"
    );
    let s = draw(&l, THEME, 80, 24);
    assert!(s.contains("Table P3ZR9D5W is full"), "{s}");
}

#[test]
fn join_by_code_right_wrong_and_full() {
    let (hub, mut l) = with_tables();
    l.on_event(&ch('c'));
    assert!(
        l.captures_text(),
        "the code field has the keyboard: q is typed"
    );
    typed(&mut l, "nope-q");
    assert!(matches!(l.on_event(&key(KeyCode::Enter)), Nav::Stay));
    for (w, h) in [(80, 24), (120, 40)] {
        let s = draw(&l, THEME, w, h);
        assert!(s.contains("No table has the code nope-q."), "{s}");
        assert_snapshot!(format!("lobby_code_wrong_{w}x{h}"), s);
    }
    // Still in the field to fix the typing; the note goes with the next key.
    for _ in 0..6 {
        l.on_event(&key(KeyCode::Backspace));
    }
    assert!(l.note.is_none());
    typed(&mut l, "p3zr9d5w");
    l.on_event(&key(KeyCode::Enter));
    let s = draw(&l, THEME, 80, 24);
    assert!(s.contains("Table P3ZR9D5W is full"), "{s}");
    assert_snapshot!("lobby_code_full_80x24", s);
    assert_snapshot!("lobby_code_full_120x40", draw(&l, THEME, 120, 40));
    for _ in 0..8 {
        l.on_event(&key(KeyCode::Backspace));
    }
    typed(&mut l, "k7qx2m4p");
    assert_snapshot!("lobby_code_typed_80x24", draw(&l, THEME, 80, 24));
    let nav = l.on_event(&key(KeyCode::Enter));
    assert_eq!(shown(&nav).lines().next(), Some("seated at K7QX2M4P"));
    assert_eq!(l.step, Step::List);
    let joins = &lock(&hub.asked).joins;
    assert_eq!(joins.len(), 3);
    assert_eq!(joins[2], ("k7qx2m4p".into(), None, "ann".into()));
}

#[test]
fn esc_leaves_the_code_field_and_the_seat_choice() {
    let (_hub, mut l) = with_two_free_seats();
    l.on_event(&ch('c'));
    l.on_event(&key(KeyCode::Esc));
    assert_eq!(l.step, Step::List);
    l.on_event(&key(KeyCode::Enter));
    assert!(matches!(l.step, Step::Seat { .. }));
    l.on_event(&key(KeyCode::Esc));
    assert_eq!(l.step, Step::List);
    assert!(matches!(l.on_event(&ch('q')), Nav::Quit));
}

#[test]
fn watch_new_rules_and_finished_open_their_screens() {
    let (hub, mut l) = with_tables();
    assert_eq!(
        shown(&l.on_event(&ch('w'))).lines().next(),
        Some("watching K7QX2M4P")
    );
    assert_eq!(lock(&hub.asked).watches, ["K7QX2M4P"]);
    let s = shown(&l.on_event(&ch('n')));
    assert!(s.contains("New table: which game?"), "{s}");
    let s = shown(&l.on_event(&ch('r')));
    assert!(s.contains("Rules: which game?"), "{s}");
    let s = shown(&l.on_event(&ch('f')));
    assert!(s.contains("No finished games yet"), "{s}");
}

#[test]
fn every_key_the_lobby_lists_works_and_no_other_does_anything() {
    let (_hub, l) = with_tables();
    // In each step, every key either gives a listed command that applies, or is typed (the
    // code field), or does nothing at all.
    for step in [
        Step::List,
        Step::Code(crate::ui::widgets::TextInput::new("", 8)),
        Step::Seat {
            code: "K7QX2M4P".into(),
            seat: 2,
        },
        Step::Chat(crate::ui::widgets::TextInput::new("", 8)),
        Step::Name {
            input: crate::ui::widgets::TextInput::new("", 8),
            code: "K7QX2M4P".into(),
        },
    ] {
        for k in every_key() {
            let mut m = lobby_like(&l);
            m.step = step.clone();
            let cmd = commands::find(LOBBY_COMMANDS, &k, |c| m.applies(c));
            let nav = m.on_event(&Event::Key(k));
            let changed = m.step != step || m.selected.is_some() || m.note.is_some();
            match cmd {
                Some(_) => {}
                None if matches!(step, Step::Code(_) | Step::Chat(_) | Step::Name { .. }) => {}
                None => assert!(
                    matches!(nav, Nav::Stay) && !changed,
                    "{k:?} in {step:?} did something unlisted"
                ),
            }
        }
    }
    // The hint line lists exactly the commands that apply.
    let hints = commands::hints(LOBBY_COMMANDS, |c| l.applies(c));
    let labels: Vec<&str> = hints.iter().map(|h| h.1).collect();
    assert_eq!(
        labels,
        [
            "choose", "join", "code", "new", "watch", "rules", "finished", "quit", "chat"
        ]
    );
    assert!(!l.applies(LobbyCmd::TakeSeat));
}

/// A fresh lobby over the same hub and person as `l`.
fn lobby_like(l: &Lobby) -> Lobby {
    Lobby::over(
        l.visitor.hub.clone(),
        crate::registry::GAMES.to_vec(),
        l.visitor.peer.clone(),
        Wake::none(),
    )
}

#[test]
fn a_lobby_shows_a_table_another_connection_creates() {
    // The stand-in hub wakes nobody itself: the lobby that opens the table rings the others.
    let hub = Arc::new(StandIn::default());
    let woken = Arc::new(AtomicUsize::new(0));
    let w = woken.clone();
    let watching = Lobby::over(
        hub.clone(),
        crate::registry::GAMES.to_vec(),
        peer("bo"),
        Wake::new(move || {
            w.fetch_add(1, Ordering::SeqCst);
        }),
    );
    assert!(draw(&watching, THEME, 80, 24).contains("No open tables yet"));
    // Ann sets up a Couperation table through the form; Bo's connection is woken.
    let ann = lobby_over(&hub, "ann");
    let mut form = CreateTable::new(
        ann.visitor.clone(),
        crate::registry::find("couperation").expect("game"),
    );
    let nav = form.on_event(&ch('s'));
    assert_eq!(shown(&nav).lines().next(), Some("table T1 for ann"));
    // At least once: lobbies of other tests in this process may ring too.
    assert!(woken.load(Ordering::SeqCst) >= 1);
    let s = draw(&watching, THEME, 80, 24);
    assert!(
        s.contains("T1") && s.contains("ann") && s.contains("(free)"),
        "{s}"
    );
    let spec = lock(&hub.asked).created[0].clone();
    assert_eq!(spec.seats, [SeatSpec::Here("ann".into()), SeatSpec::Remote]);
    assert_eq!(spec.game, "couperation");
}

#[test]
fn a_refused_table_keeps_the_form_with_the_reason() {
    struct No;
    impl Tables for No {
        fn tables(&self) -> Vec<TableSummary> {
            Vec::new()
        }
        fn create(
            &self,
            _: TableSpec,
            _: &Peer,
            _: Wake,
        ) -> Result<(String, Box<dyn Screen>), String> {
            Err("The server has too many tables.".into())
        }
        fn join(
            &self,
            _: &str,
            _: Option<Seat>,
            _: &Peer,
            _: Wake,
        ) -> Result<Box<dyn Screen>, String> {
            Err("no".into())
        }
        fn watch(&self, _: &str, _: &Peer, _: Wake) -> Result<Box<dyn Screen>, String> {
            Err("no".into())
        }
        fn finished_logs(&self) -> Vec<PathBuf> {
            Vec::new()
        }
    }
    let l = Lobby::over(
        Arc::new(No),
        crate::registry::GAMES.to_vec(),
        peer("ann"),
        Wake::none(),
    );
    let mut form = CreateTable::new(
        l.visitor.clone(),
        crate::registry::find("pocket").expect("game"),
    );
    assert!(matches!(form.on_event(&ch('s')), Nav::Stay));
    let s = draw(&form, THEME, 80, 24);
    assert!(s.contains("The server has too many tables."), "{s}");
    assert_snapshot!("lobby_create_refused_80x24", s);
}

// ---------- finished games ----------

mod finished {
    use std::path::Path;

    use super::*;
    use crate::engine::log::{self, PlayerEntry};
    use crate::engine::{Actor, Match, Setup};
    use crate::ui::AnyGame;
    use crate::ui::demo::{DEMO, Demo, DemoAction};
    use crate::ui::replay::ReplayScreen;

    use super::super::finished::FinishedList;

    fn demo(seed: u64, started: &str) -> Match<Demo> {
        let mut m = Match::<Demo>::new(Setup {
            options: Default::default(),
            players: vec![PlayerEntry::human("ann"), PlayerEntry::human("bo")],
            seed,
            started: started.into(),
        })
        .expect("demo setup");
        m.run_chance().expect("deal");
        m
    }

    /// A finished game and an unfinished one (whose hands are still secret).
    fn logs(dir: &Path) -> Vec<PathBuf> {
        let mut done = demo(1, "2026-11-26T08:00:00Z");
        while !done.is_over() {
            let seat = done.to_move().seats()[0];
            done.apply(Actor::Seat(seat), DemoAction::Pick(3), Some(1000))
                .expect("pick");
        }
        let mut open = demo(2, "2026-11-26T08:30:00Z");
        open.apply(Actor::Seat(0), DemoAction::Pick(2), Some(500))
            .expect("pick");
        let (a, b) = (dir.join("done.json"), dir.join("open.json"));
        log::write_atomic(&a, &done.to_log()).expect("write");
        log::write_atomic(&b, &open.to_log()).expect("write");
        vec![a, b]
    }

    fn games() -> Vec<&'static dyn AnyGame> {
        vec![&DEMO]
    }

    #[test]
    fn only_finished_games_are_listed_and_replayed() {
        let dir = tempfile::tempdir().expect("tmp");
        let paths = logs(dir.path());
        let mut l = FinishedList::new(games(), &paths);
        assert_eq!(l.items.len(), 1, "the unfinished game is left out");
        for (w, h) in [(80, 24), (120, 40)] {
            let s = draw(&l, THEME, w, h);
            assert!(s.contains("ann, bo") && !s.contains("unfinished"), "{s}");
            assert_snapshot!(format!("lobby_finished_{w}x{h}"), s);
        }
        let Nav::Push(replay) = l.on_event(&key(KeyCode::Enter)) else {
            panic!("Enter opens the replay");
        };
        let s = draw(replay.as_ref(), THEME, 80, 24);
        assert!(s.contains("Replay") || s.contains("replay"), "{s}");
        assert!(matches!(l.on_event(&key(KeyCode::Esc)), Nav::Pop));
    }

    #[test]
    fn a_log_that_is_no_longer_finished_is_not_replayed() {
        let dir = tempfile::tempdir().expect("tmp");
        let paths = logs(dir.path());
        let mut l = FinishedList::new(games(), &paths);
        // The file changes under the list: now it holds the unfinished game.
        std::fs::copy(&paths[1], &paths[0]).expect("copy");
        assert!(matches!(l.on_event(&key(KeyCode::Enter)), Nav::Stay));
        let why = l.message.clone().expect("a reason");
        assert!(why.contains("only finished games are replayed"), "{why}");
        // A log that is gone says so, and nothing panics.
        std::fs::remove_file(&paths[0]).expect("rm");
        assert!(matches!(l.on_event(&key(KeyCode::Enter)), Nav::Stay));
        assert!(
            l.message
                .as_deref()
                .is_some_and(|m| m.contains("Cannot open"))
        );
    }

    #[test]
    fn a_replay_shows_every_seat_only_because_the_game_is_over() {
        let dir = tempfile::tempdir().expect("tmp");
        let paths = logs(dir.path());
        let mut l = FinishedList::new(games(), &paths);
        let Nav::Push(_) = l.on_event(&key(KeyCode::Enter)) else {
            panic!("replay");
        };
        let m = Match::<Demo>::from_log(&log::read(&paths[0]).expect("read")).expect("load");
        assert!(m.is_over());
        let r = ReplayScreen::new(m);
        assert_eq!(r.viewer, crate::engine::Viewer::Omniscient);
    }
}

// ---------- the game list ----------

#[test]
fn the_game_list_leads_to_the_form_or_the_rules() {
    use super::games::GamePick;
    let hub = Arc::new(StandIn::default());
    let l = lobby_over(&hub, "ann");
    let mut pick = GamePick::create(l.visitor.clone());
    for (w, h) in [(80, 24), (120, 40)] {
        assert_snapshot!(
            format!("lobby_new_table_games_{w}x{h}"),
            draw(&pick, THEME, w, h)
        );
    }
    pick.on_event(&key(KeyCode::Down));
    let Nav::Replace(form) = pick.on_event(&key(KeyCode::Enter)) else {
        panic!("the form takes the list's place");
    };
    let s = draw(form.as_ref(), THEME, 80, 24);
    let second = crate::registry::GAMES[1].name();
    assert!(s.contains(&format!("New table: {second}")), "{s}");
    assert!(s.contains("Remote: joins over SSH"), "{s}");
    // Rules: the chosen table's game comes first.
    let mut rules = GamePick::rules(crate::registry::GAMES.to_vec(), Some("rocca"));
    let Nav::Push(page) = rules.on_event(&key(KeyCode::Enter)) else {
        panic!("the rules page");
    };
    assert!(draw(page.as_ref(), THEME, 80, 24).contains("Rocca"));
    assert!(matches!(rules.on_event(&key(KeyCode::Esc)), Nav::Pop));
}

// ---------- through the real hub ----------

mod via_hub {
    use super::*;
    use crate::host::table_code;
    use crate::ui::lobby::Served;

    fn keyed(name: &str) -> Peer {
        Peer {
            key: Some(format!("SHA256:{name}-key")),
            ..peer(name)
        }
    }

    fn counted() -> (Wake, Arc<AtomicUsize>) {
        let n = Arc::new(AtomicUsize::new(0));
        let m = n.clone();
        (
            Wake::new(move || {
                m.fetch_add(1, Ordering::SeqCst);
            }),
            n,
        )
    }

    fn open(l: &mut Lobby, code: &str) -> Nav {
        l.on_event(&ch('c'));
        typed(l, code);
        l.on_event(&key(KeyCode::Enter))
    }

    #[test]
    fn a_table_opened_in_one_lobby_shows_in_another_which_joins_it_by_code() {
        let dir = tempfile::tempdir().expect("tmp");
        let hub = Served::open(dir.path(), crate::registry::GAMES)
            .expect("hub")
            .inline();
        let (w, bo_woken) = counted();
        let mut bo = Lobby::new(hub.clone(), keyed("bo"), w);
        assert!(draw(&bo, THEME, 80, 24).contains("No open tables yet"));
        let ann = Lobby::new(hub.clone(), keyed("ann"), Wake::none());
        let couperation = crate::registry::find("couperation").expect("game");
        let mut form = CreateTable::new(ann.visitor.clone(), couperation);
        let before = bo_woken.load(Ordering::SeqCst);
        let Nav::Replace(_ann_table) = form.on_event(&ch('s')) else {
            panic!("the table's screen takes the form's place");
        };
        assert!(
            bo_woken.load(Ordering::SeqCst) > before,
            "Bo's lobby is woken"
        );
        let tables = hub.tables();
        assert_eq!(tables.len(), 1);
        let code = tables[0].code.clone();
        let s = draw(&bo, THEME, 80, 24);
        assert!(s.contains(&table_code::show(&code)), "{s}");
        assert!(
            s.contains("ann, (free)") && s.contains("waiting for 1"),
            "{s}"
        );
        assert!(
            s.contains("Mode: standard · Start player: random"),
            "the hub lists the table's options: {s}"
        );

        // A code that is no table's, then the right one typed in lower case.
        assert!(matches!(open(&mut bo, "zzzz-zzzz"), Nav::Stay));
        let s = draw(&bo, THEME, 80, 24);
        assert!(s.contains("No table has that code."), "{s}");
        bo.on_event(&key(KeyCode::Esc));
        let Nav::Push(_bo_table) = open(&mut bo, &code.to_lowercase()) else {
            panic!("Bo is seated: {:?}", bo.note);
        };
        assert_eq!(bo.step, Step::List);
        let t = &hub.tables()[0];
        assert!(!t.started && t.seats.iter().all(|s| !s.free), "{t:?}");
        // Full, the table waits until everyone at it is ready.
        let room = hub.room(&code).expect("room");
        room.all_ready();
        let t = &hub.tables()[0];
        assert!(t.started, "{t:?}");

        // A third person finds the table full: the lobby says so and offers to watch.
        let mut cy = Lobby::new(hub.clone(), keyed("cy"), Wake::none());
        let s = draw(&cy, THEME, 80, 24);
        assert!(s.contains("playing") && s.contains("ann, bo"), "{s}");
        assert!(matches!(open(&mut cy, &code), Nav::Stay));
        let s = draw(&cy, THEME, 80, 24);
        assert!(
            s.contains("This table has no free seat: watch it instead."),
            "{s}"
        );
        cy.on_event(&key(KeyCode::Esc));
        assert!(matches!(cy.on_event(&ch('w')), Nav::Push(_)));
    }

    #[test]
    fn the_lobby_never_shows_a_hand() {
        // Two people at a Couperation table: whatever the hub tells the lobby, no card of
        // either hand is drawn in a third person's lobby.
        let dir = tempfile::tempdir().expect("tmp");
        let hub = Served::open(dir.path(), crate::registry::GAMES)
            .expect("hub")
            .inline();
        let ann = Lobby::new(hub.clone(), keyed("ann"), Wake::none());
        let mut form = CreateTable::new(
            ann.visitor.clone(),
            crate::registry::find("couperation").expect("game"),
        );
        form.form.seed.value = "7".into();
        let Nav::Replace(_t1) = form.on_event(&ch('s')) else {
            panic!("table");
        };
        let code = hub.tables()[0].code.clone();
        let mut bo = Lobby::new(hub.clone(), keyed("bo"), Wake::none());
        let Nav::Push(_t2) = open(&mut bo, &code) else {
            panic!("seated");
        };
        hub.room(&code).expect("room").all_ready();
        let cy = Lobby::new(hub.clone(), keyed("cy"), Wake::none());
        for (w, h) in [(80, 24), (120, 40)] {
            let s = draw(&cy, THEME, w, h);
            // The lobby's whole text is names, codes, the game and its own words.
            let allowed = [
                "hotseat",
                "Hello,",
                "at",
                "the",
                "creator's",
                "terminal",
                "Hello",
                "cy!",
                "tables",
                "to",
                "join",
                "or",
                "watch",
                "Open",
                "(1)",
                "Code",
                "Game",
                "Seats",
                "State",
                "Players",
                "Couperation",
                "2/2",
                "playing",
                "ann,",
                "bo",
                "ann",
                "remote",
                "1",
                "2",
                "choose",
                "Enter",
                "c",
                "code",
                "n",
                "new",
                "w",
                "r",
                "rules",
                "f",
                "finished",
                "q",
                "quit",
                "?",
                "help",
                "How",
                "play",
                "here",
                "·",
                "▶",
                "↑/↓",
                // The table's options, which every seat agreed to.
                "Mode:",
                "standard",
                "Start",
                "player:",
                "random",
                // The table's pace: public, a fact of the table.
                "Away:",
                "after",
                "minutes",
                "/",
                "chat",
            ];
            let shown_code = table_code::show(&code);
            let stray: Vec<&str> = s
                .split(|c: char| c.is_whitespace() || "│╭╮╰╯─".contains(c))
                .filter(|w| !w.is_empty() && *w != shown_code && !allowed.contains(w))
                .collect();
            // The how-to pane's sentences are fixed text: drop its words.
            let how: String = [
                "Enter takes a free seat at the chosen table; a seat you held before is yours again.",
                "w watches a table: only what every player may see.",
                "n sets up a table: seats free for friends over SSH, people taking turns at this terminal, computer players.",
                "c joins by a table's code, or by your reconnect code.",
                // The lobby chat's box, empty.
                "Lobby chat (/ to talk) Nobody has said anything yet: / to talk",
            ]
            .join(" ");
            let stray: Vec<&&str> = stray
                .iter()
                .filter(|w| !how.split_whitespace().any(|h| h == **w) && **w != "-")
                .collect();
            assert!(stray.is_empty(), "unexpected words {stray:?} in\n{s}");
        }
    }
}

#[test]
fn a_hosting_lobby_says_how_to_join_and_q_stops_the_server() {
    struct Server(Arc<AtomicUsize>);
    impl Drop for Server {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
    let stopped = Arc::new(AtomicUsize::new(0));
    let (hub, _) = with_tables();
    let mut l = lobby_over(&hub, "host").hosting(
        "Hosting: friends join with ssh -p 2222 <name>@box".into(),
        Box::new(Server(stopped.clone())),
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let s = draw(&l, THEME, w, h);
        assert!(
            s.contains("friends join with ssh -p 2222 <name>@box"),
            "{s}"
        );
        assert!(s.contains("q stop") && !s.contains("q quit"), "{s}");
        assert_snapshot!(format!("lobby_hosting_{w}x{h}"), s);
    }
    assert!(
        matches!(l.on_event(&ch('q')), Nav::Pop),
        "back to the launcher"
    );
    assert_eq!(stopped.load(Ordering::SeqCst), 0);
    drop(l);
    assert_eq!(
        stopped.load(Ordering::SeqCst),
        1,
        "the server stops with its lobby"
    );
}

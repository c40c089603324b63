//! Tables on the server, driven in-process: several connections' apps at one hub, fed events
//! and drawn with the test backend as the SSH layer would draw them.

use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyCode;

use crate::engine::{Options, Viewer};
use crate::ui::Theme;
use crate::ui::app::App;
use crate::ui::lobby::{Lobby, Served};
use crate::ui::testutil::{ch, draw_app, key};
use crate::ui::{Playable, Registered};

use crate::host::hub::{SeatKind, SeatSpec, TableSpec};
use crate::host::table_code;
use crate::host::{Peer, Wake};

const THEME: Theme = Theme::new(false, true);
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn peer(name: &str, key: Option<&str>) -> Peer {
    Peer::new(
        name.into(),
        key.map(|k| format!("SHA256:{k}")),
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        true,
    )
}

/// One connection: its app, and how often the hub woke it.
struct Term {
    app: App,
    woken: Arc<AtomicUsize>,
}

fn wake() -> (Wake, Arc<AtomicUsize>) {
    let n = Arc::new(AtomicUsize::new(0));
    let m = n.clone();
    (
        Wake::new(move || {
            m.fetch_add(1, Ordering::SeqCst);
        }),
        n,
    )
}

impl Term {
    fn open(screen: impl FnOnce(Wake) -> Box<dyn crate::ui::Screen>) -> Term {
        let (w, woken) = wake();
        let mut app = App::new(screen(w), THEME);
        app.set_size(80, 24);
        let mut t = Term { app, woken };
        t.catch_up();
        t
    }

    /// What the connection thread does when woken: acts on a passed deadline, then draws.
    fn catch_up(&mut self) {
        for _ in 0..100 {
            match self.app.deadline() {
                Some(at) if at <= Instant::now() => self.app.on_deadline(),
                _ => return,
            }
        }
    }

    fn draw(&mut self, w: u16, h: u16) -> String {
        self.catch_up();
        draw_app(&self.app, w, h)
    }

    /// The frames a person may look at: both sizes, and the `?` overlay.
    fn frames(&mut self) -> Vec<String> {
        let mut out: Vec<String> = SIZES.iter().map(|&(w, h)| self.draw(w, h)).collect();
        self.press(ch('?'));
        out.push(self.draw(80, 24));
        self.press(ch('?'));
        out
    }

    fn press(&mut self, ev: ratatui::crossterm::event::Event) {
        self.catch_up();
        self.app.on_event(&ev);
        self.catch_up();
    }
}

fn hub(dir: &Path) -> Served {
    let hub = Served::open(dir, crate::registry::GAMES)
        .expect("hub")
        .inline();
    hub.set_bot_delay(Duration::from_millis(5));
    hub
}

/// Waits (generously) until `cond` holds; the driver thread works meanwhile.
fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(30);
    while !cond() {
        assert!(Instant::now() < end, "waited too long for: {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits until the server owes nothing (people to move, or the end). Everyone seated is
/// ready first (the ready step's own tests press Enter instead).
fn quiet(hub: &Served, code: &str) {
    let room = hub.room(code).expect("room");
    room.all_ready();
    until("the table to settle", || room.quiet());
}

fn spec(game: &str, seats: Vec<SeatSpec>) -> TableSpec {
    TableSpec {
        game: game.into(),
        options: Options::new(),
        seats,
        seed: Some(7),
        timeout: Duration::from_secs(3600),
        stand_in: true,
        hints: false,
    }
}

/// A table of `G` with `n` remote seats, each taken by its own connection, and a spectator.
fn full_table<G: Playable>(hub: &Served, n: usize) -> (String, Vec<Term>, Term) {
    seated_table(hub, spec(G::ID, vec![SeatSpec::Remote; n]))
}

/// The table `table` (remote seats only), each seat taken by its own connection, and a
/// spectator.
fn seated_table(hub: &Served, table: TableSpec) -> (String, Vec<Term>, Term) {
    let n = table.seats.len();
    let creator = peer("host", Some("host"));
    let mut code = String::new();
    let host = Term::open(|w| {
        let (c, s) = hub.create(table, &creator, w).expect("create");
        code = c;
        s
    });
    drop(host);
    let terms: Vec<Term> = (0..n)
        .map(|i| {
            let name = format!("P{}", i + 1);
            let p = peer(&name, Some(&name));
            Term::open(|w| hub.join(&code, Some(i), &p, w).expect("join"))
        })
        .collect();
    let watcher = peer("eve", Some("eve"));
    let spectator = Term::open(|w| hub.watch(&code, &watcher, w).expect("watch"));
    quiet(hub, &code);
    (code, terms, spectator)
}

/// Each connection's frames stay the same, to the character, whatever its viewer may not
/// know is changed on the server; the spectator's whatever the public may not know. Returns
/// how many seats' frames did change when their own secrets changed too (the check can fail).
fn same_frames_whatever_is_hidden(
    hub: &Served,
    code: &str,
    terms: &mut [Term],
    spectator: &mut Term,
) -> usize {
    let mut seen = 0;
    let room = hub.room(code).expect("room");
    let viewers: Vec<Viewer> = (0..terms.len()).map(Viewer::Seat).collect();
    for (i, viewer) in viewers.iter().chain([&Viewer::Public]).enumerate() {
        let t = if i < terms.len() {
            &mut terms[i]
        } else {
            &mut *spectator
        };
        let real = t.frames();
        for salt in 0..3 {
            room.vary_hidden(*viewer, Some(salt));
            let varied = t.frames();
            assert_eq!(
                real,
                varied,
                "{viewer:?} sees a secret at action {}",
                room.actions()
            );
        }
        if *viewer != Viewer::Public {
            // What the public may not know includes this seat's own secrets: those show.
            room.vary_hidden(Viewer::Public, Some(1));
            seen += usize::from(t.frames() != real);
        }
        room.vary_hidden(*viewer, None);
    }
    seen
}

fn check_private_game<G: Playable>(players: usize) {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, mut spectator) = full_table::<G>(&hub, players);
    let room = hub.room(&code).expect("room");
    for (i, t) in terms.iter_mut().enumerate() {
        let shown = t.draw(120, 40);
        assert!(
            shown.contains(&format!("P{}'s view", i + 1)),
            "{}: seat {i} draws its own view:\n{shown}",
            G::ID
        );
        assert!(!shown.contains("Hand-off"), "no hand-off between terminals");
    }
    // A key puts the table's last notice away and brings the hint line back.
    spectator.press(key(KeyCode::PageDown));
    let watched = spectator.draw(120, 40);
    assert!(watched.contains("Public view"));
    // A spectator leaves nothing saved behind: the hint says only "leave".
    assert!(watched.contains("q leave"), "{watched}");
    assert!(!watched.contains("leave (saved)"), "{watched}");
    let mut seen = 0;
    for step in 0..12u64 {
        seen += same_frames_whatever_is_hidden(&hub, &code, &mut terms, &mut spectator);
        for n in 0..3 {
            if !room.play_random(step * 10 + n) {
                break;
            }
            quiet(&hub, &code);
        }
    }
    assert!(seen > 0, "{}: a seat's own secrets reach its frames", G::ID);
}

/// A test per game with secrets, so that the games are checked side by side.
mod each_terminal_is_drawn_only_from_its_own_seat {
    use super::check_private_game;

    #[test]
    fn couperation() {
        check_private_game::<crate::games::couperation::Couperation>(2);
    }

    #[test]
    fn rocca() {
        check_private_game::<crate::games::rocca::Rocca>(4);
    }

    #[test]
    fn kokoro() {
        check_private_game::<crate::games::kokoro::Kokoro>(2);
    }

    #[test]
    fn cocoon() {
        check_private_game::<crate::games::cocoon::Cocoon>(3);
    }
}

#[test]
fn a_waiting_seat_sees_whose_turn_it_is_and_the_moves_as_they_happen() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, _spectator) =
        full_table::<crate::games::couperation::Couperation>(&hub, 2);
    let room = hub.room(&code).expect("room");
    let before = terms[1].woken.load(Ordering::SeqCst);
    let first = terms[0].draw(80, 24);
    let second = terms[1].draw(80, 24);
    // Seat 1 is to move: the other terminal says so and waits, with no hand-off screen.
    assert!(first.contains("P1 to move"), "{first}");
    assert!(second.contains("P1 to move"), "{second}");
    assert!(!second.contains("Pass to"), "{second}");
    assert!(room.play_random(1));
    quiet(&hub, &code);
    assert!(
        terms[1].woken.load(Ordering::SeqCst) > before,
        "a move wakes the others"
    );
    let second = terms[1].draw(80, 24);
    assert!(second.contains("P2 to move"), "{second}");
    assert!(
        second.contains("P1:"),
        "the move shows in the event pane:\n{second}"
    );
}

#[test]
fn the_waiting_screen_gives_the_code_and_the_seats() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let creator = peer("Ann", Some("ann"));
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub
            .create(
                spec(
                    "couperation",
                    vec![
                        SeatSpec::Here("Ann".into()),
                        SeatSpec::Remote,
                        SeatSpec::Bot {
                            kind: "random".into(),
                        },
                    ],
                ),
                &creator,
                w,
            )
            .expect("create");
        code = c;
        s
    });
    let shown = table_code::show(&code);
    for (w, h) in SIZES {
        let frame = host.draw(w, h).replace(&shown, "CODE-CODE");
        insta::assert_snapshot!(format!("waiting_for_players_{w}x{h}"), frame);
    }
    let bo = peer("Bo", Some("bo"));
    let mut joiner = Term::open(|w| hub.join(&code.to_lowercase(), None, &bo, w).expect("join"));
    quiet(&hub, &code);
    let host_frame = host.draw(80, 24);
    assert!(host_frame.contains("Ann's view"), "{host_frame}");
    let bo_frame = joiner.draw(80, 24);
    assert!(
        bo_frame.contains("Bo's view"),
        "the seat took its person's name:\n{bo_frame}"
    );
    let t = hub.table(&code).expect("table");
    assert!(t.started);
    assert_eq!(t.seats[1].name, "Bo");
}

#[test]
fn the_waiting_panel_leaves_a_margin_before_its_border_with_several_seats_free() {
    // "Waiting for 2 more players. ..." is a character longer than "1 more player": at 80
    // columns it ran into the panel's right border (seen in tmux over SSH).
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let creator = peer("Ann", Some("ann"));
    let seats = vec![
        SeatSpec::Here("Ann".into()),
        SeatSpec::Remote,
        SeatSpec::Remote,
    ];
    let mut host = Term::open(|w| {
        hub.create(spec("couperation", seats), &creator, w)
            .expect("create")
            .1
    });
    for (w, h) in SIZES {
        let frame = host.draw(w, h);
        assert!(frame.contains("Waiting for 2 more players"), "{frame}");
        for line in frame.lines().filter(|l| l.trim_end().ends_with('│')) {
            let inner = line.trim_end().trim_end_matches('│');
            assert!(
                inner.ends_with(' '),
                "text runs into the border at {w}x{h}:\n{frame}"
            );
        }
    }
}

#[test]
fn a_dropped_connection_keeps_its_seat_and_the_same_key_gets_it_back() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, _spectator) =
        full_table::<crate::games::couperation::Couperation>(&hub, 2);
    let p2 = terms.pop().expect("P2");
    drop(p2);
    let t = hub.table(&code).expect("table");
    assert!(
        !t.seats[1].connected && !t.seats[1].free,
        "the seat stays held"
    );
    // Someone else cannot take it.
    let other = peer("Zed", Some("zed"));
    assert!(hub.join(&code, Some(1), &other, Wake::none()).is_err());
    // The same key comes back to it, from the table's code or straight from the welcome.
    let p2 = peer("P2", Some("P2"));
    let mut back = Term::open(|w| hub.join(&code, None, &p2, w).expect("rejoin"));
    assert!(back.draw(80, 24).contains("P2's view"));
    drop(back);
    let mut welcomed = Term::open(|w| crate::ui::lobby::welcome(&hub, p2.clone(), w));
    let frame = welcomed.draw(80, 24);
    assert!(frame.contains("P2's view"), "{frame}");
    // Leaving the table shows the lobby beneath.
    welcomed.press(ch('q'));
    assert!(!welcomed.app.done());
    assert!(!welcomed.draw(80, 24).contains("P2's view"));
}

#[test]
fn a_guest_without_a_key_comes_back_with_the_reconnect_code() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let host = peer("host", Some("host"));
    let (code, _) = hub
        .create(
            spec(
                "couperation",
                vec![SeatSpec::Here("Host".into()), SeatSpec::Remote],
            ),
            &host,
            Wake::none(),
        )
        .expect("create");
    let guest = peer("Gus", None);
    let mut t = Term::open(|w| hub.join(&code, None, &guest, w).expect("join"));
    let room = hub.room(&code).expect("room");
    room.all_ready();
    let frame = t.draw(120, 40);
    let reconnect = room.reconnect_codes().pop().expect("a reconnect code");
    assert!(
        frame.contains(&table_code::show(&reconnect)),
        "the code is shown at join:\n{frame}"
    );
    drop(t);
    // The table's code alone does not give a guest's seat back: anyone may type that name,
    // and a new connection under it is somebody else until it gives the code.
    let again = peer("Gus", None);
    let e = hub
        .join(&code, None, &again, Wake::none())
        .err()
        .expect("a namesake is refused");
    assert!(e.contains("reconnect code"), "{e}");
    let impostor = peer("Ivy", None);
    assert!(hub.join(&reconnect, None, &impostor, Wake::none()).is_err());
    let mut back = Term::open(|w| {
        hub.join(&reconnect.to_lowercase(), None, &again, w)
            .expect("reconnect")
    });
    assert!(back.draw(80, 24).contains("Gus's view"));
}

/// Found by a hostile test: a second keyless connection named like a guest creator, without
/// the reconnect code, watched the table, followed "play again" to the new table, and there
/// got the creator's controls: it freed a key holder's seat. A name alone proves nothing now.
#[test]
fn a_guest_cannot_become_another_guest_by_name() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let gus = peer("Gus", None);
    let mut code = String::new();
    let mut creator = Term::open(|w| {
        let (c, s) = hub
            .create(
                spec(
                    "couperation",
                    vec![SeatSpec::Here("Gus".into()), SeatSpec::Remote],
                ),
                &gus,
                w,
            )
            .expect("create");
        code = c;
        s
    });
    let bo = peer("Bo", Some("bo"));
    let mut bo_term = Term::open(|w| hub.join(&code, None, &bo, w).expect("join"));
    let impostor = peer("gus", None);
    let mut watching = Term::open(|w| hub.watch(&code, &impostor, w).expect("watch"));
    play_to_end(&hub, &code);
    let room = hub.room(&code).expect("room");
    assert!(room.held_by(&impostor).is_empty());
    assert!(hub.free_seat(&code, 1, &impostor).is_err());
    // The creator plays again; the impostor follows as a spectator with no rights.
    creator.draw(80, 24);
    bo_term.draw(80, 24);
    watching.draw(80, 24);
    let mine = hub.play_again(&code, &gus).expect("play again");
    assert!(mine.creator, "who opened the new table has its controls");
    let new = mine.room.summary().code;
    let bo_again = hub.play_again(&code, &bo).expect("Bo plays again too");
    assert_eq!(bo_again.seats, vec![1]);
    let seated = hub
        .play_again(&code, &impostor)
        .expect("follows as a spectator");
    assert!(seated.seats.is_empty() && !seated.creator);
    let _followed =
        crate::ui::lobby::seat_screen(&hub, seated, &impostor, Wake::none()).expect("a screen");
    let e = hub
        .free_seat(&new, 1, &impostor)
        .expect_err("the impostor may not free Bo's seat");
    assert!(e.contains("creator"), "{e}");
    assert!(hub.hand_to_bot(&new, 1, &impostor).is_err());
    assert!(hub.join(&new, None, &impostor, Wake::none()).is_err());
    let next = hub.room(&new).expect("room");
    assert!(next.held_by(&impostor).is_empty());
    assert_eq!(next.held_by(&bo), vec![1], "Bo keeps his seat");
    let saved =
        std::fs::read_to_string(crate::host::table_store::path(dir.path())).expect("tables");
    assert!(saved.contains("SHA256:bo"), "tables.json keeps Bo: {saved}");
    // The real creator still has the controls at the new table.
    assert!(hub.free_seat(&new, 1, &gus).is_ok());
}

/// A Couperation table opened by a host with a key, both seats free; its code.
fn two_free_seats(hub: &Served) -> String {
    let host = peer("host", Some("host"));
    hub.create(
        spec("couperation", vec![SeatSpec::Remote, SeatSpec::Remote]),
        &host,
        Wake::none(),
    )
    .expect("create")
    .0
}

/// A guest's name and reconnect code move their seats and the creator's controls to a new
/// connection; the old connection keeps none of them.
#[test]
fn a_reconnect_code_moves_a_guests_seats_and_rights_to_the_new_connection() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let code = two_free_seats(&hub);
    let gus = peer("Gus", None);
    let _t = Term::open(|w| hub.join(&code, Some(0), &gus, w).expect("join"));
    let room = hub.room(&code).expect("room");
    let reconnect = room.reconnect_codes().pop().expect("a reconnect code");
    let later = peer("Gus", None);
    assert!(room.held_by(&later).is_empty());
    let _back = Term::open(|w| hub.join(&reconnect, None, &later, w).expect("reconnect"));
    assert_eq!(room.held_by(&later), vec![0]);
    assert!(
        room.held_by(&gus).is_empty(),
        "the old connection lost the seat"
    );
    // Another name with the right code gets nothing.
    let ivy = peer("Ivy", None);
    assert!(hub.join(&reconnect, None, &ivy, Wake::none()).is_err());
}

/// Found by a hostile test: a connection tried 5,000 reconnect codes in 6 s. After a few
/// wrong codes an address waits, longer each time; another address does not.
#[test]
fn wrong_codes_slow_the_guessing_address_only() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let code = two_free_seats(&hub);
    let guesser = peer("mallory", None);
    let mut refused_unseen = 0;
    for _ in 0..50 {
        let guess = table_code::fresh();
        if guess == code {
            continue;
        }
        match hub.join(&guess, None, &guesser, Wake::none()) {
            Err(e) if e.contains("too many wrong codes") => refused_unseen += 1,
            Err(_) => {}
            Ok(_) => panic!("a guess opened a table"),
        }
    }
    assert!(
        refused_unseen >= 40,
        "{refused_unseen} of 50 guesses waited"
    );
    // Even the right code waits for the guesser's address...
    let e = hub
        .join(&code, None, &guesser, Wake::none())
        .err()
        .expect("the guesser waits");
    assert!(e.contains("try again in"), "{e}");
    // ...but not for a player somewhere else.
    let far = Peer::new("bo".into(), None, "10.9.8.7".parse().expect("ip"), true);
    hub.join(&code, None, &far, Wake::none())
        .expect("another address joins at once");
}

/// Found by a hostile test: one guest opened 300 tables in 17 s, and 1,010 tables used up
/// every file descriptor. Tables are limited per creator, per address and in all; a table that
/// never started and that nobody looks at closes.
#[test]
fn open_tables_are_limited_and_abandoned_ones_close() {
    use crate::host::limits;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let one = || spec("couperation", vec![SeatSpec::Remote, SeatSpec::Remote]);
    let mut codes = Vec::new();
    for _ in 0..limits::TABLES_PER_CREATOR {
        codes.push(hub.create(one(), &ann, Wake::none()).expect("create").0);
    }
    let e = hub
        .create(one(), &ann, Wake::none())
        .err()
        .expect("one table too many");
    assert!(e.contains("the most one person may open"), "{e}");
    // Other people from other addresses still open tables; one address has its own limit.
    let mut n = 0;
    let e = loop {
        let p = peer(&format!("p{n}"), Some(&format!("p{n}")));
        match hub.create(one(), &p, Wake::none()) {
            Ok(_) => n += 1,
            Err(e) => break e,
        }
        assert!(n < 100, "no limit per address");
    };
    assert_eq!(
        n + limits::TABLES_PER_CREATOR,
        limits::TABLES_PER_ADDRESS,
        "{e}"
    );
    assert!(e.contains("from your address"), "{e}");
    let far = Peer::new(
        "far".into(),
        Some("SHA256:far".into()),
        "10.1.2.3".parse().expect("ip"),
        true,
    );
    hub.create(one(), &far, Wake::none())
        .expect("another address");
    // Tables nobody looks at that never started close, their logs with them.
    let logs: Vec<_> = codes
        .iter()
        .map(|c| hub.room(c).expect("room").log())
        .collect();
    assert!(logs.iter().all(|l| l.exists()));
    hub.set_unstarted_time(Duration::ZERO);
    assert_eq!(
        hub.tables().len(),
        limits::TABLES_PER_ADDRESS + 1,
        "listing closes nothing"
    );
    let (new, _) = hub
        .create(one(), &ann, Wake::none())
        .expect("room again once the old ones closed");
    // (The new table may take a freed name: games opened in one second share a stamp.)
    let new_log = hub.room(&new).expect("room").log();
    assert!(
        logs.iter().filter(|l| **l != new_log).all(|l| !l.exists()),
        "abandoned tables are closed"
    );
    let left: Vec<String> = hub.tables().into_iter().map(|t| t.code).collect();
    assert_eq!(left, vec![new]);
}

#[test]
fn the_server_holds_at_most_its_number_of_tables() {
    use crate::host::limits;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let one = || spec("couperation", vec![SeatSpec::Remote, SeatSpec::Remote]);
    let mut i = 0u32;
    let e = loop {
        let addr: std::net::IpAddr = format!("10.0.{}.{}", i / 200, i % 200 + 1)
            .parse()
            .expect("ip");
        let p = Peer::new(format!("p{i}"), Some(format!("SHA256:p{i}")), addr, true);
        match hub.create(one(), &p, Wake::none()) {
            Ok(_) => i += 1,
            Err(e) => break e,
        }
        assert!(i as usize <= limits::TABLES, "no limit in all");
    };
    assert_eq!(i as usize, limits::TABLES);
    assert!(e.contains("open tables, its most"), "{e}");
}

#[test]
fn a_seat_away_past_the_timeout_is_played_by_a_computer_until_its_person_returns() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let mut s = spec(
        "couperation",
        vec![SeatSpec::Here("Ann".into()), SeatSpec::Remote],
    );
    s.timeout = Duration::from_millis(50);
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub.create(s, &ann, w).expect("create");
        code = c;
        s
    });
    let bo = peer("Bo", Some("bo"));
    let bo_term = Term::open(|w| hub.join(&code, None, &bo, w).expect("join"));
    quiet(&hub, &code);
    drop(bo_term);
    until("Bo's seat to go to a computer player", || {
        hub.table(&code).expect("table").seats[1].stand_in
    });
    // Ann plays; the computer player answers for Bo.
    let room = hub.room(&code).expect("room");
    let before = room.actions();
    assert!(room.play_random(3));
    until("the computer player to move for Bo", || {
        room.quiet() && room.actions() > before + 1
    });
    let frame = host.draw(80, 24);
    assert!(frame.contains("Ann's view"), "{frame}");
    // Bo is back: the seat is his again.
    let mut back = Term::open(|w| hub.join(&code, None, &bo, w).expect("rejoin"));
    let t = hub.table(&code).expect("table");
    assert!(!t.seats[1].stand_in && t.seats[1].connected);
    let frame = back.draw(80, 24);
    assert!(frame.contains("Bo's view"), "{frame}");
    assert!(
        frame.contains("Welcome back: a computer player made"),
        "Bo is told the board moved on for him: {frame}"
    );
}

#[test]
fn the_others_see_that_a_seat_to_move_is_away() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let s = spec(
        "couperation",
        vec![SeatSpec::Here("Ann".into()), SeatSpec::Remote],
    );
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub.create(s, &ann, w).expect("create");
        code = c;
        s
    });
    let bo = peer("Bo", Some("bo"));
    let mut bo_term = Term::open(|w| hub.join(&code, None, &bo, w).expect("join"));
    quiet(&hub, &code);
    let room = hub.room(&code).expect("room");
    // While Bo is connected his turn reads as his own.
    let mut n = 0;
    while !host.draw(120, 40).contains("Bo to move") {
        assert!(room.play_random(n) && n < 50, "Bo's turn comes");
        quiet(&hub, &code);
        n += 1;
    }
    assert!(!bo_term.draw(80, 24).contains("(away)"));
    drop(bo_term);
    let frame = host.draw(120, 40);
    // With the time left before a computer player takes his seat (the table's timeout).
    assert!(
        frame.contains("Bo (away, a computer player in 1h00) to move")
            || frame.contains("Bo (away, a computer player in 59:59) to move"),
        "{frame}"
    );
}

#[test]
fn the_creator_hands_a_seat_to_a_computer_or_frees_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub
            .create(
                spec(
                    "rocca",
                    vec![
                        SeatSpec::Here("Ann".into()),
                        SeatSpec::Remote,
                        SeatSpec::Remote,
                    ],
                ),
                &ann,
                w,
            )
            .expect("create");
        code = c;
        s
    });
    let bo = peer("Bo", Some("bo"));
    let cy = peer("Cy", Some("cy"));
    let mut bo_t = Term::open(|w| hub.join(&code, None, &bo, w).expect("bo"));
    let _cy_t = Term::open(|w| hub.join(&code, None, &cy, w).expect("cy"));
    quiet(&hub, &code);
    // Only the creator is offered the seat screen.
    host.press(ch('?'));
    assert!(
        host.draw(120, 40)
            .contains("give a seat to a computer player")
    );
    host.press(key(KeyCode::Esc));
    bo_t.press(ch('?'));
    assert!(
        !bo_t
            .draw(120, 40)
            .contains("give a seat to a computer player")
    );
    bo_t.press(key(KeyCode::Esc));
    bo_t.press(ch('s'));
    assert!(!bo_t.draw(80, 24).contains("Seats at table"));
    assert!(hub.hand_to_bot(&code, 1, &bo).is_err(), "only the creator");
    host.press(ch('s'));
    assert!(host.draw(80, 24).contains("Seats at table"));
    host.press(key(KeyCode::Down));
    host.press(ch('b'));
    let t = hub.table(&code).expect("table");
    assert!(
        matches!(t.seats[1].kind, SeatKind::Bot(_)),
        "{:?}",
        t.seats[1]
    );
    let frame = bo_t.draw(80, 24);
    assert!(!frame.contains("Bo's view"), "Bo no longer sees the seat");
    assert!(
        frame.contains("gave your seat away: you watch now"),
        "Bo is told why: {frame}"
    );
    host.press(key(KeyCode::Down));
    host.press(ch('f'));
    let t = hub.table(&code).expect("table");
    assert!(t.seats[2].free, "Cy's seat is free for someone else");
    let dee = peer("Dee", Some("dee"));
    assert!(hub.join(&code, Some(2), &dee, Wake::none()).is_ok());
}

/// Plays random moves for the people until the game ends.
fn play_to_end(hub: &Served, code: &str) {
    let room = hub.room(code).expect("room");
    for n in 0..20_000u64 {
        quiet(hub, code);
        if !room.play_random(n) {
            break;
        }
    }
    quiet(hub, code);
    assert!(room.is_over(), "the game ended");
}

#[test]
fn tables_come_back_after_a_restart_and_the_lock_keeps_local_play_out() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub1 = hub(dir.path());
    let (code, terms, spectator) = full_table::<crate::games::couperation::Couperation>(&hub1, 2);
    let room = hub1.room(&code).expect("room");
    for n in 0..5 {
        assert!(room.play_random(n));
        quiet(&hub1, &code);
    }
    let actions = room.actions();
    let log = room.log();
    assert!(
        crate::engine::lock::lock(&log).is_err(),
        "a local `hotseat resume` cannot open the table while the server has it"
    );
    let before = hub1.tables();
    drop((terms, spectator, room));
    drop(hub1);
    // The server is gone: its table's lock with it.
    let hub2 = hub(dir.path());
    let after = hub2.tables();
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].code, before[0].code);
    assert_eq!(after[0].seats[1].name, "P2");
    assert!(after[0].started && !after[0].seats[0].connected);
    let room = hub2.room(&code).expect("restored");
    assert_eq!(room.actions(), actions);
    let p2 = peer("P2", Some("P2"));
    let mut back = Term::open(|w| hub2.join(&code, None, &p2, w).expect("rejoin"));
    assert!(back.draw(80, 24).contains("P2's view"));
    assert!(crate::engine::lock::lock(&log).is_err());
}

#[test]
fn play_again_is_each_persons_choice_and_the_new_table_keeps_only_those_who_chose_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, mut spectator) =
        full_table::<crate::games::couperation::Couperation>(&hub, 3);
    play_to_end(&hub, &code);
    for t in terms.iter_mut() {
        let frame = t.draw(80, 24);
        assert!(frame.contains("Game over"), "{frame}");
        assert!(frame.contains("a play again"), "{frame}");
    }
    let frame = spectator.draw(80, 24);
    assert!(frame.contains("Game over"), "{frame}");
    assert!(
        !frame.contains("a play again"),
        "a spectator has nothing to choose before a person has:\n{frame}"
    );
    let old_log = hub.room(&code).expect("room").log();
    assert_eq!(hub.finished_logs(), vec![old_log]);
    // P2 chooses first: a new table opens with P2 seated and ready, the others' seats free.
    terms[1].press(ch('a'));
    let new = hub
        .tables()
        .into_iter()
        .find(|t| t.code != code)
        .expect("a new table");
    assert!(!new.started, "the new table waits for the others");
    let shown = table_code::show(&new.code);
    let frame = terms[1].draw(80, 24);
    assert!(frame.contains(&shown), "P2 is at the new table:\n{frame}");
    let seats: Vec<(bool, bool, String)> = (new.seats.iter())
        .map(|s| (s.free, s.ready, s.name.clone()))
        .collect();
    assert_eq!(
        seats,
        vec![
            (true, false, "Seat 1".into()),
            (false, true, "P2".into()),
            (true, false, "Seat 3".into())
        ]
    );
    // Nobody else moved: P1, P3 and the spectator still see the result, with the news.
    let (first, rest) = terms.split_at_mut(1);
    for t in [&mut first[0], &mut rest[1], &mut spectator] {
        let frame = t.draw(120, 40);
        assert!(frame.contains("Game over"), "{frame}");
        assert!(
            !frame.contains(&shown) || frame.contains("wants to play again"),
            "{frame}"
        );
        assert!(frame.contains("P2 wants to play again"), "{frame}");
    }
    // P1 chooses too and gets their own seat back; P3 leaves the result screen.
    terms[0].press(ch('a'));
    let frame = terms[0].draw(80, 24);
    assert!(frame.contains(&shown) && frame.contains("P1"), "{frame}");
    terms[2].press(ch('q'));
    assert!(
        terms[2].app.done(),
        "P3's result screen closes when P3 leaves it"
    );
    // At a finished game nobody stands in for a person who goes.
    let frame = spectator.draw(120, 40);
    assert!(frame.contains("· P3 left"), "{frame}");
    assert!(!frame.contains("takes the seat"), "{frame}");
    // Those who went on to the new table were announced already.
    assert!(
        !frame.contains("· P1 left") && !frame.contains("· P2 left"),
        "{frame}"
    );
    let t = hub.table(&new.code).expect("new");
    assert_eq!(t.seats[0].name, "P1");
    assert!(!t.seats[0].free && t.seats[0].ready);
    assert!(
        t.seats[2].free,
        "P3 did not choose: the seat is free for anyone"
    );
    assert!(!t.started);
    // The spectator follows to watch the new table.
    spectator.press(ch('a'));
    let frame = spectator.draw(80, 24);
    assert!(
        frame.contains(&shown) && frame.contains("Waiting for 1 more"),
        "{frame}"
    );
    // Asked twice: one new table, the same seat.
    let again = hub
        .play_again(&code, &peer("P2", Some("P2")))
        .expect("again");
    assert_eq!(again.room.summary().code, new.code);
    assert_eq!(again.seats, vec![1]);
    // A newcomer takes the free seat, says they are ready, and the game begins.
    let zed = peer("Zed", Some("zed"));
    let mut z = Term::open(|w| hub.join(&new.code, None, &zed, w).expect("join"));
    z.press(key(KeyCode::Enter));
    until("the new game to begin", || {
        hub.table(&new.code).is_some_and(|t| t.started)
    });
}

#[test]
fn several_people_at_one_terminal_pass_it_between_them_but_not_to_other_terminals() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub
            .create(
                spec(
                    "couperation",
                    vec![
                        SeatSpec::Here("Ann".into()),
                        SeatSpec::Here("Al".into()),
                        SeatSpec::Remote,
                    ],
                ),
                &ann,
                w,
            )
            .expect("create");
        code = c;
        s
    });
    let bo = peer("Bo", Some("bo"));
    let mut remote = Term::open(|w| hub.join(&code, None, &bo, w).expect("join"));
    quiet(&hub, &code);
    let room = hub.room(&code).expect("room");
    // Until Bo is to move, the shared terminal hands off between Ann and Al; Bo's terminal
    // never shows a hand-off.
    let mut handed = 0;
    for n in 0..40u64 {
        let frame = host.draw(80, 24);
        if frame.contains("Bo to move") {
            break;
        }
        if let Some(name) = ["Ann", "Al"]
            .into_iter()
            .find(|n| frame.contains(&format!("Pass to {n}")))
        {
            assert!(!remote.draw(80, 24).contains("Pass to"));
            host.press(key(KeyCode::Enter));
            let frame = host.draw(80, 24);
            assert!(frame.contains(&format!("{name}'s view")), "{frame}");
            handed += 1;
        }
        assert!(room.play_random(n));
        quiet(&hub, &code);
    }
    assert!(handed > 0, "the shared terminal handed off");
    // While another terminal's seat is to move, the shared terminal shows the public view.
    let frame = host.draw(120, 40);
    assert!(frame.contains("Bo to move"), "{frame}");
    assert!(frame.contains("Public view"), "{frame}");
    assert!(remote.draw(120, 40).contains("Bo's view"));
    // With a person at another terminal, undo is not offered; the help says why.
    host.press(ch('?'));
    let help = host.draw(120, 40);
    assert!(help.contains("no undo here"), "{help}");
}

#[test]
fn snapshot_of_a_seat_waiting_for_another_terminal() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, _spectator) =
        full_table::<crate::games::couperation::Couperation>(&hub, 2);
    let shown = table_code::show(&code);
    for (w, h) in SIZES {
        let frame = terms[1].draw(w, h).replace(&shown, "CODE-CODE");
        assert!(
            frame.contains("P1 to move") && frame.contains("P2's view"),
            "{frame}"
        );
        insta::assert_snapshot!(format!("waiting_for_another_terminal_{w}x{h}"), frame);
    }
}

/// Every game at once, each with two remote seats and a computer player: random keys at both
/// terminals while the server plays; nothing panics, nothing locks up, every game ends.
#[test]
fn random_keys_at_busy_tables_never_break_them() {
    use crate::registry::GAMES;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let keys = [
        key(KeyCode::Enter),
        key(KeyCode::Left),
        key(KeyCode::Right),
        key(KeyCode::Up),
        key(KeyCode::Down),
        key(KeyCode::Esc),
        key(KeyCode::PageUp),
        ch(' '),
        ch('1'),
        ch('2'),
        ch('3'),
        ch('p'),
        ch('n'),
        ch('t'),
        ch('c'),
        ch('u'),
        ch('a'),
        ch('?'),
    ];
    let mut tables = Vec::new();
    for (g, game) in GAMES.iter().enumerate() {
        let (lo, hi) = game.players();
        if lo > 3 || hi < 3 {
            continue;
        }
        let host = peer(&format!("H{g}"), Some(&format!("h{g}")));
        let kind = game.bots()[0].0.to_string();
        let (code, _) = hub
            .create(
                spec(
                    game.id(),
                    vec![SeatSpec::Remote, SeatSpec::Remote, SeatSpec::Bot { kind }],
                ),
                &host,
                Wake::none(),
            )
            .expect("create");
        let terms: Vec<Term> = (0..2)
            .map(|i| {
                let p = peer(&format!("T{g}{i}"), Some(&format!("t{g}{i}")));
                Term::open(|w| hub.join(&code, None, &p, w).expect("join"))
            })
            .collect();
        tables.push((code, terms));
    }
    assert!(tables.len() >= 4);
    let mut pick = crate::engine::rng::stream(5, 5);
    for round in 0..20_000u64 {
        let mut open = 0;
        for (code, terms) in tables.iter_mut() {
            let room = hub.room(code).expect("room");
            if room.is_over() {
                continue;
            }
            open += 1;
            for t in terms.iter_mut() {
                let k = crate::engine::rng::below(&mut pick, keys.len() as u64) as usize;
                t.press(keys[k].clone());
                if round % 7 == 0 {
                    t.draw(80, 24);
                }
            }
            if room.quiet() {
                room.play_random(round);
            }
        }
        if open == 0 {
            break;
        }
    }
    for (code, terms) in tables.iter_mut() {
        until("the game to end", || {
            hub.room(code).expect("room").is_over()
        });
        for t in terms.iter_mut() {
            if t.app.help_open() {
                // The overlay pauses the screen under it; closing it catches up.
                t.press(key(KeyCode::Esc));
            }
            let frame = t.draw(80, 24);
            // At the end, or at the new table a random `a` opened.
            let followed = !frame.contains(&table_code::show(code));
            assert!(
                frame.contains("Game over") || followed || t.app.done(),
                "{frame}"
            );
        }
    }
}

#[test]
fn undo_works_only_while_every_person_sits_at_one_unwatched_terminal() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let mut code = String::new();
    let mut host = Term::open(|w| {
        let (c, s) = hub
            .create(
                spec(
                    "couperation",
                    vec![
                        SeatSpec::Here("Ann".into()),
                        SeatSpec::Bot {
                            kind: "builder".into(),
                        },
                    ],
                ),
                &ann,
                w,
            )
            .expect("create");
        code = c;
        s
    });
    let room = hub.room(&code).expect("room");
    let mut undone = false;
    for n in 0..200u64 {
        quiet(&hub, &code);
        let frame = host.draw(120, 40);
        if frame.contains("u undo") {
            let before = room.actions();
            host.press(ch('u'));
            quiet(&hub, &code);
            let frame = host.draw(120, 40);
            assert!(frame.contains("Took back your last move"), "{frame}");
            assert!(room.actions() < before);
            undone = true;
            break;
        }
        if frame.contains("Ready to go on") || frame.contains("ready to move") {
            host.press(ch('x'));
            continue;
        }
        room.play_random(n);
    }
    assert!(undone, "some move of Ann's could be taken back");
    // A spectator arrives: nothing is taken back any more, and the help says why.
    let eve = peer("Eve", Some("eve"));
    let _watching = Term::open(|w| hub.watch(&code, &eve, w).expect("watch"));
    quiet(&hub, &code);
    host.press(ch('?'));
    assert!(host.draw(120, 40).contains("no undo here"));
    host.press(ch('?'));
    for n in 0..200u64 {
        quiet(&hub, &code);
        assert!(!host.draw(120, 40).contains("u undo"));
        if !room.play_random(n) {
            break;
        }
    }
}

/// Issue #9: with `?` open over a network table, the board underneath stood still (the help
/// paused the deadline that pulls the server's table). The help stays open over the new move.
#[test]
fn the_table_under_the_help_keeps_up_with_the_other_terminals() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, _spectator) =
        full_table::<crate::games::couperation::Couperation>(&hub, 2);
    let room = hub.room(&code).expect("room");
    terms[1].press(ch('?'));
    assert!(terms[1].app.help_open());
    let before = terms[1].draw(120, 40);
    assert!(before.contains("P1 to move"), "{before}");
    assert!(room.play_random(1));
    quiet(&hub, &code);
    let after = terms[1].draw(120, 40);
    assert!(
        after.contains("P2 to move"),
        "the move shows under the help:\n{after}"
    );
    assert!(terms[1].app.help_open(), "the help is still open");
    assert!(
        after.contains("this help / quit at once"),
        "drawn over it:\n{after}"
    );
}

/// Issue #9: a solo Kokoro game played at the server recorded no high score. The server
/// records it in its data folder once, as a local game does in the player's, and the
/// player's end sheet shows their place.
#[test]
fn a_solo_kokoro_game_at_the_server_records_its_high_score() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, mut spectator) = full_table::<crate::games::kokoro::Kokoro>(&hub, 1);
    play_to_end(&hub, &code);
    let file = crate::highscores::path_in(dir.path());
    let scores = crate::highscores::load(&file).expect("the high-score file");
    let all: Vec<_> = scores.tables.values().flatten().collect();
    assert_eq!(all.len(), 1, "{scores:?}");
    assert_eq!(all[0].name, "P1");
    let frame = terms[0].draw(120, 40);
    assert!(frame.contains("High scores"), "{frame}");
    assert!(frame.contains("Your score is number 1 of 1"), "{frame}");
    spectator.draw(120, 40);
    let again = crate::highscores::load(&file).expect("the high-score file");
    assert_eq!(again, scores, "recorded once");
}

/// A computer player at a table on the server thinks on the table's driver thread with the
/// room unlocked: every terminal keeps drawing meanwhile, and no connection's thread ever
/// chooses for it, not even at a step where its person moves at the same time (Kokoro).
#[test]
fn a_computer_player_thinks_on_the_driver_and_the_terminals_never_wait_for_it() {
    use crate::games::kokoro::Kokoro;
    use crate::ui::testutil::{HANG, gated};
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let creator = peer("host", Some("host"));
    let kind = Kokoro::BOTS[0].0.to_string();
    let seats = vec![SeatSpec::Remote, SeatSpec::Bot { kind }];
    let mut code = String::new();
    drop(Term::open(|w| {
        let (c, s) = hub
            .create(spec("kokoro", seats), &creator, w)
            .expect("create");
        code = c;
        s
    }));
    let room = hub.room(&code).expect("room");
    let ann = peer("Ann", Some("ann"));
    let mut term = Term::open(|w| hub.join(&code, Some(0), &ann, w).expect("join"));
    quiet(&hub, &code);
    // From now on the computer player thinks until the test lets it go.
    let (bot, gate) = gated::<Kokoro>();
    assert!(room.seat_bot(1, Box::new(bot)));
    let before = room.actions();
    // Ann draws (through a connection's own call): the next card is the computer player's as
    // much as hers, and it thinks on the driver, not on her connection's thread.
    assert!(room.play_random(1));
    assert_eq!(
        gate.thinking().as_deref(),
        Some(crate::engine::thinker::THREAD_NAME)
    );
    // While it thinks the room answers at once: a terminal draws and reads it.
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = room.clone();
    std::thread::spawn(move || {
        let _ = tx.send(reader.summary());
    });
    rx.recv_timeout(HANG)
        .expect("the room answers while its bot thinks");
    let frame = term.draw(80, 24);
    assert!(frame.contains("Ann's view"), "{frame}");
    let seen = room.actions();
    gate.release.send(true).expect("the bot listens");
    until("the computer player's move", || room.actions() > seen);
    assert!(seen > before, "Ann's move, then the computer player's");
}

// ---------- one table, local or served ----------

use crate::engine::Game;
use crate::ui::Screen;

#[test]
fn a_served_tables_computer_players_keep_the_settings_pace() {
    let dir = tempfile::tempdir().expect("tmp");
    let pace = Duration::from_millis(300);
    // `hotseat serve --bot-pace` (or `bot_pace_ms`), as main installs it before the hub opens.
    let hub = crate::config::paced(pace, || {
        Served::open(dir.path(), crate::registry::GAMES).expect("hub")
    });
    assert_eq!(hub.bot_delay(), pace);
    let ann = peer("ann", Some("ann"));
    let best = crate::games::pocket::Pocket::BOTS[0].0.to_string();
    let mut s = spec("pocket", vec![SeatSpec::Here("ann".into())]);
    s.seats.push(SeatSpec::Bot { kind: best });
    let (code, _room, mut p) = served_play::<crate::games::pocket::Pocket>(&hub, s, &ann);
    // Ann plays until the computer player is to move; its move shows no sooner than the pace.
    let mut pick = crate::engine::rng::stream(3, 3);
    for _ in 0..200 {
        quiet(&hub, &code);
        p.on_deadline();
        if p.is_over() {
            break;
        }
        match p.turn {
            crate::ui::play::Turn::Shown => {
                p.on_event(&ch(' '));
            }
            crate::ui::play::Turn::Held(_) => p.go_on(),
            _ => {}
        }
        let Some(seat) = person_to_move(&p) else {
            continue;
        };
        let before = p.table.m.history.len();
        let legal = p.table.m.state.bot_actions(seat);
        let i = crate::engine::rng::below(&mut pick, legal.len() as u64) as usize;
        let mut acted = Instant::now();
        p.act_after(seat, legal[i], 1);
        p.on_deadline();
        if p.held() {
            // A failed flip waits for Ann's look: the pause runs from her key.
            acted = Instant::now();
            p.on_event(&ch(' '));
        }
        if person_to_move(&p).is_none() && !p.is_over() {
            let bot = crate::engine::Actor::Seat(1);
            until("the computer player's move", || {
                p.on_deadline();
                p.table.m.history[before..].iter().any(|s| s.actor == bot)
            });
            assert!(acted.elapsed() >= pace, "{:?}", acted.elapsed());
            return;
        }
    }
    panic!("the computer player never moved");
}

/// A table opened by `by` on `hub` (`spec`'s seats), and `by`'s play screen at it.
fn served_play<G: Playable>(
    hub: &Served,
    spec: TableSpec,
    by: &Peer,
) -> (
    String,
    Arc<dyn crate::host::room::ServerTable>,
    crate::ui::play::Play<G>,
) {
    let (code, seated) = hub.hub.create(spec, by).expect("create");
    let room = seated.room.clone();
    let handle = seated.attach(by, Wake::none());
    let at = *handle
        .downcast::<crate::host::room::Attached<G>>()
        .expect("a table of this game");
    let p = crate::ui::play::Play::shared(at, hub.hub.clone(), by.clone(), Wake::none(), hub.work);
    (code, room, p)
}

/// The person at this terminal who is to move now, after any step that waits for them.
fn person_to_move<G: Playable>(p: &crate::ui::play::Play<G>) -> Option<crate::engine::Seat> {
    match p.turn {
        crate::ui::play::Turn::Person(s) => Some(s),
        _ => None,
    }
}

/// Plays `p` to its end, the person's choices drawn from `seed` (the n-th after n ms),
/// letting the computer players move as the table has them (`settle` waits for them).
fn play_out<G: Playable>(
    p: &mut crate::ui::play::Play<G>,
    seed: u64,
    mut settle: impl FnMut(&mut crate::ui::play::Play<G>),
) {
    use crate::ui::play::Turn;
    let mut pick = crate::engine::rng::stream(seed, 1);
    let mut moves = 0;
    for _ in 0..5000 {
        settle(p);
        match p.turn.clone() {
            Turn::Over => return,
            Turn::Held(_) => p.go_on(),
            Turn::Shown => {
                p.on_event(&ch(' '));
            }
            Turn::Person(seat) => {
                let legal = p.table.m.state.bot_actions(seat);
                let i = crate::engine::rng::below(&mut pick, legal.len() as u64) as usize;
                p.act_after(seat, legal[i].clone(), moves);
                moves += 1;
            }
            Turn::Halted(h) => panic!("halted: {h:?}"),
            _ => {}
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_local_game_and_a_served_game_with_the_same_seed_seats_and_inputs_write_the_same_log() {
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Match, Setup, Table};
    use crate::games::pocket::Pocket;
    use crate::ui::play::Turn;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("ann", Some("ann"));
    let best = Pocket::BOTS[0].0.to_string();
    let mut s = spec("pocket", vec![SeatSpec::Here("ann".into())]);
    s.seats.push(SeatSpec::Bot { kind: best.clone() });
    let (code, room, mut served) = served_play::<Pocket>(&hub, s, &ann);
    play_out(&mut served, 11, |p| {
        quiet(&hub, &code);
        p.on_deadline();
    });
    let served_log = std::fs::read(room.log()).expect("the served log");

    // The same game at a local table: the same seed, start, seats and options.
    let header = crate::engine::log::read(&room.log()).expect("log");
    let m = Match::<Pocket>::new(Setup {
        options: header.options.clone(),
        players: vec![
            PlayerEntry::human("ann"),
            PlayerEntry::bot("Bot 2", best, crate::engine::rng::bot_seed(7, 1)),
        ],
        seed: 7,
        started: header.started.clone(),
    })
    .expect("setup");
    let mut table = Table::new(m, Pocket::make_bot).expect("table");
    let local_path = dir.path().join("local.json");
    table.save_to(Some(local_path.clone())).expect("saves");
    let mut local = crate::ui::play::Play::new(table, true);
    play_out(&mut local, 11, |p| {
        while matches!(p.turn, Turn::Bots(_)) {
            p.bot_move();
        }
    });
    let local_log = std::fs::read(&local_path).expect("the local log");
    assert!(served.is_over() && local.is_over());
    assert_eq!(
        String::from_utf8_lossy(&local_log),
        String::from_utf8_lossy(&served_log)
    );
}

#[test]
fn a_hosted_solo_game_waits_for_its_player_exactly_as_at_a_local_table() {
    use crate::games::kokoro::Kokoro;
    use crate::ui::play::Turn;
    // Kokoro previews every path before it is drawn, so a solo player's next card never waits
    // for a key (`HOLD_SOLO`); the hosted table now keeps the same rule as the local one.
    const { assert!(!Kokoro::HOLD_SOLO) };
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("ann", Some("ann"));
    let solo = spec("kokoro", vec![SeatSpec::Here("ann".into())]);
    let (code, _room, mut p) = served_play::<Kokoro>(&hub, solo, &ann);
    let mut moves = 0;
    play_out(&mut p, 5, |p| {
        quiet(&hub, &code);
        p.on_deadline();
        assert!(
            !matches!(p.turn, Turn::Held(_)),
            "a step waits for the solo player"
        );
        moves += 1;
    });
    assert!(p.is_over() && moves > 10);
}

#[test]
fn drawing_the_lobby_changes_nothing_at_the_host() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, terms, spectator) = full_table::<crate::games::couperation::Couperation>(&hub, 2);
    play_to_end(&hub, &code);
    // Everyone leaves the finished table: nobody looks at it any more.
    drop(terms);
    drop(spectator);
    let saved = || std::fs::read(crate::host::table_store::path(dir.path())).expect("tables");
    let before = saved();
    let lobby = Lobby::new(hub.clone(), peer("eve", Some("eve")), Wake::none());
    for size in [(80, 24), (120, 40), (80, 24)] {
        let frame = crate::ui::testutil::draw(&lobby, Theme::new(false, true), size.0, size.1);
        assert!(!frame.contains(&table_code::show(&code)), "{frame}");
    }
    // The list no longer shows the table, but drawing it moved nothing: the table is still
    // open at the host and the saved list of tables is as it was.
    assert!(hub.room(&code).is_some());
    assert_eq!(saved(), before);
    // Opening the finished games (a key, not a frame) lets it go.
    assert_eq!(hub.finished_logs().len(), 1);
    assert!(hub.room(&code).is_none());
    assert_ne!(saved(), before);
}

#[test]
fn at_a_hosted_table_the_computer_players_wait_until_a_failed_flip_was_seen_as_at_home() {
    use crate::games::pocket::Pocket;
    use crate::ui::play::Turn;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    // No pause at all: only the wait for Ann's look can keep the computer player back.
    hub.set_bot_delay(Duration::ZERO);
    let ann = peer("ann", Some("ann"));
    let mut s = spec("pocket", vec![SeatSpec::Here("ann".into())]);
    s.seats.push(SeatSpec::Bot {
        kind: Pocket::BOTS[0].0.to_string(),
    });
    let (code, _room, mut p) = served_play::<Pocket>(&hub, s, &ann);
    let mut pick = crate::engine::rng::stream(9, 9);
    for _ in 0..2000 {
        quiet(&hub, &code);
        p.on_deadline();
        match p.turn.clone() {
            Turn::Shown => {
                let n = p.table.m.history.len();
                // The table owes nothing while Ann has not looked: the computer player waits.
                quiet(&hub, &code);
                p.on_deadline();
                assert_eq!(p.table.m.history.len(), n);
                assert_eq!(p.turn, Turn::Shown);
                // Her key says she has seen it; play goes on.
                p.on_event(&ch(' '));
                until("the computer player's move", || {
                    p.on_deadline();
                    p.table.m.history.len() > n
                });
                return;
            }
            Turn::Person(seat) => {
                let legal = p.table.m.state.bot_actions(seat);
                let i = crate::engine::rng::below(&mut pick, legal.len() as u64) as usize;
                p.act_after(seat, legal[i], 1);
            }
            Turn::Held(_) => p.go_on(),
            Turn::Over => break,
            _ => {}
        }
    }
    panic!("no flip failed in front of a computer player");
}

/// The moves seat `seat` has made at the table whose log is `log`.
fn moves_by(log: &Path, seat: usize) -> usize {
    crate::engine::log::read(log).map_or(0, |l| {
        l.actions
            .iter()
            .filter(|e| e.by == crate::engine::log::By::Seat(seat))
            .count()
    })
}

/// Issue 22's first play-test step at a remote seat: the computer player starts, fails a flip
/// and its tiles stay up on Bo's terminal; Bo's Enter turns them back and does nothing else.
/// Bo's connection is the lobby's (`Served::join`, an `App` fed keys and drawn as the SSH layer
/// does).
#[test]
fn at_a_remote_seat_enter_after_a_computer_players_failed_flip_only_turns_the_tiles_back() {
    use crate::games::pocket::Pocket;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let mut s = spec("pocket", vec![SeatSpec::Remote]);
    s.seats.push(SeatSpec::Bot {
        kind: format!("{}:hard", Pocket::BOTS[0].0),
    });
    s.options.insert("start".into(), "2".into());
    let (code, _) = hub
        .hub
        .create(s, &peer("host", Some("host")))
        .expect("create");
    let bo = peer("Bo", Some("bo"));
    let mut t = Term::open(|w| hub.join(&code, Some(0), &bo, w).expect("join"));
    // Bo says he is ready; the computer player starts.
    t.press(key(KeyCode::Enter));
    let log = hub.room(&code).expect("room").log();
    let mut shown = String::new();
    until("the computer player's tiles shown to Bo", || {
        shown = t.draw(80, 24);
        shown.contains("any key turns them back")
    });
    assert!(shown.contains("Bot 2: taps and flips"), "{shown}");
    assert!(shown.contains("Bo to move"), "{shown}");
    // The status line says the game began; the tiles' own panel says what a key does.
    assert!(
        shown.contains("Look well: any key turns them back."),
        "{shown}"
    );
    assert!(!shown.contains("Enter flip"), "{shown}");
    t.press(key(KeyCode::Enter));
    for (w, h) in SIZES {
        let back = t.draw(w, h);
        assert!(!back.contains("any key turns them back"), "{back}");
        assert!(back.contains("Enter flip"), "{back}");
        assert!(
            back.contains("Bo to move"),
            "the turn is still Bo's:\n{back}"
        );
        assert!(!back.contains("Bo: flips"), "Enter flipped a tile:\n{back}");
    }
    assert_eq!(moves_by(&log, 0), 0, "Enter flipped Bo's tile");
    // The next Enter flips.
    t.press(key(KeyCode::Enter));
    until("Bo's flip", || moves_by(&log, 0) == 1);
    let flipped = t.draw(80, 24);
    assert!(flipped.contains("Bo: flips"), "{flipped}");
}

/// A connection's play screen at a seat handle of table `G`.
fn seat_play<G: Playable>(
    hub: &Served,
    seated: crate::host::hub::Seated,
    by: &Peer,
) -> crate::ui::play::Play<G> {
    let at = *seated
        .attach(by, Wake::none())
        .downcast::<crate::host::room::Attached<G>>()
        .expect("a table of this game");
    crate::ui::play::Play::shared(at, hub.hub.clone(), by.clone(), Wake::none(), hub.work)
}

/// Types `text` into `p`'s chat line and sends it.
fn say<G: Playable>(p: &mut crate::ui::play::Play<G>, text: &str) {
    use crate::ui::Screen;
    p.on_event(&ch('/'));
    assert!(p.chat.open, "the chat line opens");
    for c in text.chars() {
        p.on_event(&ch(c));
    }
    p.on_event(&key(KeyCode::Enter));
}

/// A table of `G` with `n` remote seats, set up by a creator who sits at none, and the play
/// screens of the people P1, P2, … who took them.
fn seated_screens<G: Playable>(hub: &Served, n: usize) -> (String, Vec<crate::ui::play::Play<G>>) {
    let creator = peer("host", Some("host"));
    let (code, _) = hub
        .hub
        .create(spec(G::ID, vec![SeatSpec::Remote; n]), &creator)
        .expect("create");
    let screens = (0..n)
        .map(|i| {
            let p = peer(&format!("P{}", i + 1), Some(&format!("p{i}")));
            let seated = hub.hub.join(&code, Some(i), &p).expect("join");
            seat_play(hub, seated, &p)
        })
        .collect();
    (code, screens)
}

fn frame<G: Playable>(p: &mut crate::ui::play::Play<G>, w: u16, h: u16) -> String {
    use crate::ui::Screen;
    p.on_deadline();
    crate::ui::testutil::draw(p, THEME, w, h)
}

#[test]
fn rocca_players_talk_by_day_nobody_at_night_and_spectators_only_among_themselves() {
    use crate::games::rocca::{Rocca, Stage};
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut players) = seated_screens::<Rocca>(&hub, 3);
    let eve = peer("eve", Some("eve"));
    let mut watcher: crate::ui::play::Play<Rocca> =
        seat_play(&hub, hub.hub.watch(&code, &eve).expect("watch"), &eve);
    quiet(&hub, &code);
    let room = hub.room(&code).expect("room");
    let stage = |p: &mut crate::ui::play::Play<Rocca>| {
        frame(p, 80, 24);
        p.table.m.state.stage()
    };

    // Midnight: every eye is closed, whatever the seat.
    assert_eq!(stage(&mut players[0]), Stage::Midnight);
    for p in players.iter_mut() {
        say(p, "psst");
        let shown = frame(p, 120, 40);
        assert!(shown.contains("eyes are closed"), "{shown}");
        p.on_event(&key(KeyCode::Esc));
    }
    assert!(!frame(&mut players[1], 120, 40).contains("psst"));

    // Day: the village talks, and every player reads it, beside the board or behind a key.
    let mut n = 0;
    while !matches!(stage(&mut players[0]), Stage::Mayor | Stage::Vote) {
        assert!(room.play_random(n), "the game ended before a day");
        quiet(&hub, &code);
        n += 1;
    }
    say(&mut players[0], "I suspect the baker");
    for p in players.iter_mut().chain([&mut watcher]) {
        let wide = frame(p, 120, 40);
        assert!(wide.contains("P1: I suspect the baker"), "{wide}");
    }
    let narrow = frame(&mut players[2], 80, 24);
    assert!(narrow.contains("chat: 1 new"), "{narrow}");
    assert!(!narrow.contains("I suspect"), "{narrow}");
    players[2].on_event(&ch('/'));
    let open = frame(&mut players[2], 80, 24);
    assert!(open.contains("P1: I suspect the baker"), "{open}");
    assert!(!open.contains("chat: 1 new"), "read once shown: {open}");

    // A spectator's line reaches the spectators, never a player.
    say(&mut watcher, "it is P2");
    assert!(frame(&mut watcher, 120, 40).contains("eve (watching): it is P2"));
    for p in players.iter_mut() {
        let shown = frame(p, 120, 40);
        assert!(!shown.contains("it is P2"), "{shown}");
    }
}

#[test]
fn couperation_offers_only_its_phrases_and_a_local_game_no_chat() {
    use crate::games::couperation::Couperation;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut ps) = seated_screens::<Couperation>(&hub, 2);
    quiet(&hub, &code);
    {
        use crate::ui::Screen;
        ps[0].on_event(&ch('/'));
        // Letters type nothing: the arrows choose a phrase.
        ps[0].on_event(&ch('1'));
        ps[0].on_event(&key(KeyCode::Right));
        let open = frame(&mut ps[0], 80, 24);
        assert!(open.contains("[wait]"), "{open}");
        ps[0].on_event(&key(KeyCode::Enter));
    }
    assert!(frame(&mut ps[1], 120, 40).contains("P1: wait"));
    assert!(ps[0].room.say("I hold 12").is_err(), "no free text");
    let shown = table_code::show(&code);
    insta::assert_snapshot!(
        "chat_in_the_pane_120x40",
        frame(&mut ps[1], 120, 40).replace(&shown, "CODE-CODE")
    );
    {
        use crate::ui::Screen;
        ps[1].on_event(&ch('/'));
    }
    insta::assert_snapshot!(
        "chat_line_open_80x24",
        frame(&mut ps[1], 80, 24).replace(&shown, "CODE-CODE")
    );

    // At one terminal nobody else is there to read it.
    let m = crate::engine::Match::<Couperation>::new(crate::engine::Setup {
        options: Options::new(),
        players: vec![
            crate::engine::log::PlayerEntry::human("Ann"),
            crate::engine::log::PlayerEntry::human("Bo"),
        ],
        seed: 3,
        started: "2026-11-28T00:00:00Z".into(),
    })
    .expect("setup");
    let table = crate::engine::Table::new(m, Couperation::make_bot).expect("table");
    let local = crate::ui::play::Play::new(table, false);
    assert!(!local.applies(crate::ui::play::PlayCmd::Chat));
}

#[test]
fn everyone_is_told_who_joined_left_and_came_back_and_sees_the_away_clock() {
    use crate::games::kokoro::Kokoro;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let creator = peer("host", Some("host"));
    let mut s = spec("kokoro", vec![SeatSpec::Remote; 2]);
    s.timeout = Duration::from_secs(600);
    let (code, _) = hub.hub.create(s, &creator).expect("create");
    let ann = peer("Ann", Some("ann"));
    let bo = peer("Bo", Some("bo"));
    let mut a: crate::ui::play::Play<Kokoro> = seat_play(
        &hub,
        hub.hub.join(&code, Some(0), &ann).expect("join"),
        &ann,
    );
    let mut b: crate::ui::play::Play<Kokoro> =
        seat_play(&hub, hub.hub.join(&code, Some(1), &bo).expect("join"), &bo);
    frame(&mut a, 80, 24);
    assert_eq!(a.status.as_deref(), Some("Bo joined"));
    // Nothing begins until both have said they are ready (Enter).
    {
        use crate::ui::Screen;
        a.on_event(&key(KeyCode::Enter));
        assert!(frame(&mut a, 80, 24).contains("Ann  (remote, connected), ready"));
        assert_eq!(a.turn, crate::ui::play::Turn::Waiting);
        b.on_event(&key(KeyCode::Enter));
    }
    quiet(&hub, &code);
    frame(&mut a, 80, 24);
    assert_eq!(
        a.status.as_deref(),
        Some("Everyone is ready: the game begins")
    );
    // Ann plays her part of the first card; then the table waits for Bo, who leaves.
    while person_to_move(&a) == Some(0) {
        let legal = a.table.m.state.bot_actions(0);
        a.act_after(0, legal[0], 1);
    }
    drop(b);
    let shown = frame(&mut a, 80, 24);
    assert_eq!(
        a.status.as_deref(),
        Some("Bo left: a computer player takes the seat in 10m unless they are back")
    );
    // The whole clock where the header has room, a short one where it has not.
    let clock = |s: &str, long: bool| {
        let what = if long {
            "away, a computer player in"
        } else {
            "away"
        };
        s.contains(&format!("Bo ({what} 10:00)")) || s.contains(&format!("Bo ({what} 9:59)"))
    };
    assert!(clock(&shown, false), "{shown}");
    let wide = frame(&mut a, 120, 40);
    assert!(clock(&wide, true), "{wide}");
    assert!(a.deadline().is_some(), "the clock ticks");
    {
        use crate::ui::Screen;
        a.on_event(&ch('/'));
        let open = frame(&mut a, 80, 24);
        assert!(
            open.contains("· Bo left"),
            "the chat keeps the notices: {open}"
        );
        a.on_event(&key(KeyCode::Esc));
    }
    let back: crate::ui::play::Play<Kokoro> = seat_play(
        &hub,
        hub.hub.join(&code, Some(1), &bo).expect("rejoin"),
        &bo,
    );
    frame(&mut a, 80, 24);
    assert_eq!(a.status.as_deref(), Some("Bo is back"));
    drop(back);
}

#[test]
fn no_key_makes_a_move_before_everyone_is_ready_and_the_creator_may_seat_computers() {
    use crate::games::pocket::Pocket;
    use crate::ui::Screen;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let seats = vec![
        SeatSpec::Here("Ann".into()),
        SeatSpec::Remote,
        SeatSpec::Remote,
    ];
    let (code, seated) = hub.hub.create(spec("pocket", seats), &ann).expect("create");
    let mut a: crate::ui::play::Play<Pocket> = seat_play(&hub, seated, &ann);
    let bo = peer("Bo", Some("bo"));
    let mut b: crate::ui::play::Play<Pocket> =
        seat_play(&hub, hub.hub.join(&code, Some(1), &bo).expect("join"), &bo);
    let room = hub.room(&code).expect("room");
    // Every key Bo could press while the table waits: none is a move.
    for k in crate::ui::commands::every_key() {
        b.on_event(&ratatui::crossterm::event::Event::Key(k));
        if b.chat.open {
            b.on_event(&key(KeyCode::Esc));
        }
    }
    assert_eq!(b.turn, crate::ui::play::Turn::Waiting);
    let shown = frame(&mut b, 80, 24);
    assert!(shown.contains("Bo  (remote, connected), ready"), "{shown}");
    assert!(!hub.table(&code).expect("table").started);
    let history = room.log();
    assert!(
        crate::engine::log::read(&history)
            .map(|l| l
                .actions
                .iter()
                .all(|e| e.by == crate::engine::log::By::Chance))
            .unwrap_or(true),
        "no seat moved"
    );
    // Only the creator may seat computer players, and only while a seat is free.
    assert!(!b.applies(crate::ui::play::PlayCmd::Fill));
    frame(&mut a, 80, 24);
    assert!(a.applies(crate::ui::play::PlayCmd::Fill));
    a.on_event(&ch('b'));
    let t = hub.table(&code).expect("table");
    assert!(matches!(t.seats[2].kind, SeatKind::Bot(_)), "{t:?}");
    assert!(t.started, "Bo was ready, and Ann by asking: {t:?}");
}

/// `ssh -p 2222 CODE@host`: the table's code for a name brings a friend straight to the table,
/// under the name their key came with before, or one they type once.
#[test]
fn an_invite_line_joins_its_table_directly_and_asks_the_name_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    hub.set_invite("ssh -p 2222 <their name>@example");
    let code = two_free_seats(&hub);
    let shown = table_code::show(&code);
    let line = format!("ssh -p 2222 {shown}@example");
    assert_eq!(hub.invite_line(&code).as_deref(), Some(line.as_str()));
    let host = peer("host", Some("host"));
    let mut creator = Term::open(|w| hub.join(&code, None, &host, w).expect("creator"));
    for (w, h) in SIZES {
        let frame = creator.draw(w, h);
        assert!(
            frame.contains(&line),
            "the table shows its invite line:\n{frame}"
        );
    }
    let welcome = |p: Peer| Term::open(|w| crate::ui::lobby::welcome(&hub, p, w));
    // Zed's key has been here before as "Zed": straight to the table.
    let zed = peer("Zed", Some("zed"));
    drop(welcome(zed.clone()));
    let mut invited = welcome(peer(&shown, Some("zed")));
    let frame = invited.draw(80, 24);
    assert!(
        frame.contains("Waiting for players") && frame.contains("Zed"),
        "{frame}"
    );
    assert_eq!(hub.table(&code).expect("table").seats[1].name, "Zed");
    // A new key is asked its name once; the next invite needs none.
    let mut first = welcome(peer(&shown.to_lowercase(), Some("ivy")));
    let frame = first.draw(80, 24);
    assert!(
        frame.contains(&format!("Invited to table {shown}")),
        "{frame}"
    );
    assert!(frame.contains("Your name"), "{frame}");
    assert!(
        frame.contains("Hello!") && !frame.contains("Hello, "),
        "the code is no name to greet: {frame}"
    );
    first.press(key(KeyCode::Enter));
    assert!(
        first.draw(80, 24).contains("Your name"),
        "an empty name is refused"
    );
    for c in "Ivy".chars() {
        first.press(ch(c));
    }
    first.press(key(KeyCode::Enter));
    let frame = first.draw(80, 24);
    assert!(
        frame.contains("no free seat") || frame.contains("No free seat"),
        "the table is full now: the lobby says so:\n{frame}"
    );
    assert!(frame.contains("Hello, Ivy!"), "{frame}");
    let code2 = two_free_seats(&hub);
    let mut again = welcome(peer(&table_code::show(&code2), Some("ivy")));
    let frame = again.draw(80, 24);
    assert!(frame.contains("Waiting for players"), "{frame}");
    assert_eq!(hub.table(&code2).expect("table").seats[0].name, "Ivy");
    // An unknown code lands in the lobby, with a word about it.
    let mut lost = welcome(peer("ZZZZ-9999", Some("zed")));
    let frame = lost.draw(80, 24);
    assert!(frame.contains("Hello, Zed!"), "{frame}");
    assert!(frame.contains("No table has that code"), "{frame}");
    // A keyless guest is asked every time; Esc leaves.
    let mut guest = welcome(peer(&shown, None));
    assert!(guest.draw(80, 24).contains("Your name"));
    guest.press(key(KeyCode::Esc));
    assert!(guest.app.done());
}

/// A turn-based table (#21, games over days): a person away past the timeout keeps their seat
/// (no computer player unless the creator asked for one), the lobby opens with "your move" for
/// each table waiting on them, and all of it survives a restart of the server.
#[test]
fn a_turn_based_table_waits_for_its_players_and_the_lobby_says_where_it_is_their_move() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub1 = hub(dir.path());
    let ann = peer("Ann", Some("ann"));
    let bo = peer("Bo", Some("bo"));
    let open = |hub: &Served| {
        let mut s = spec(
            "couperation",
            vec![SeatSpec::Here("Ann".into()), SeatSpec::Remote],
        );
        s.timeout = Duration::from_millis(50);
        s.stand_in = false;
        let mut code = String::new();
        let host = Term::open(|w| {
            let (c, s) = hub.create(s, &ann, w).expect("create");
            code = c;
            s
        });
        let bo_term = Term::open(|w| hub.join(&code, None, &bo, w).expect("join"));
        quiet(hub, &code);
        (code, host, bo_term)
    };
    let (code, mut host, bo_term) = open(&hub1);
    let (other, _host2, bo_term2) = open(&hub1);
    drop((bo_term, bo_term2));
    until("the table to say Bo's time is up", || {
        host.draw(120, 40).contains("Bo has been away")
    });
    let t = hub1.table(&code).expect("table");
    assert!(!t.seats[1].stand_in, "the seat waits for Bo");
    assert!(
        t.seats[1].takeover_at.is_none(),
        "no computer player is coming"
    );
    // Play on until it is Bo's move at both tables.
    for c in [&code, &other] {
        let room = hub1.room(c).expect("room");
        let mut n = 0;
        while !room.waits_on(&bo) {
            assert!(room.play_random(n) && n < 50, "Bo's turn comes");
            quiet(&hub1, c);
            n += 1;
        }
    }
    let frame = host.draw(120, 40);
    assert!(
        frame.contains("Bo (away) to move"),
        "no clock runs:\n{frame}"
    );
    let yours = hub1.your_moves(&bo);
    assert_eq!(yours.len(), 2);
    assert!(hub1.your_moves(&peer("Cy", Some("cy"))).is_empty());
    let lobby_of = |hub: &Served| Term::open(|w| crate::ui::lobby::welcome(hub, bo.clone(), w));
    let mut bo_lobby = lobby_of(&hub1);
    let frame = bo_lobby.draw(120, 40);
    assert!(
        frame.contains("Hello, Bo!"),
        "seated at two tables: the lobby\n{frame}"
    );
    assert!(frame.contains("your move"), "{frame}");
    assert!(
        frame.contains(&format!("Your move at {}", table_code::show(&yours[0]))),
        "{frame}"
    );
    // Ann's lobby says nothing of Bo's moves.
    let mut ann_lobby = Term::open(|w| Box::new(Lobby::new(hub1.clone(), ann.clone(), w)));
    assert!(!ann_lobby.draw(120, 40).contains("your move"));
    // The server restarts: the tables, their clocks and Bo's moves are back.
    drop((host, _host2, bo_lobby, ann_lobby));
    drop(hub1);
    let hub2 = hub(dir.path());
    let room = hub2.room(&code).expect("restored");
    assert!(!room.record().stand_in);
    assert_eq!(room.record().timeout_secs, 0);
    assert_eq!(hub2.your_moves(&bo).len(), 2);
    let frame = lobby_of(&hub2).draw(80, 24);
    assert!(frame.contains("your move"), "{frame}");
}

/// The lobby has a chat too: everyone in it reads it, at 120 columns beside the tables and
/// behind `/` at 80, with a marker for what is new; lines are cleaned and rate-limited.
#[test]
fn people_in_the_lobby_talk_to_each_other() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let _code = two_free_seats(&hub);
    let lobby = |name: &str| {
        let p = peer(name, Some(name));
        let h = hub.clone();
        Term::open(move |w| Box::new(Lobby::new(h, p, w)))
    };
    let (mut ann, mut bo) = (lobby("Ann"), lobby("Bo"));
    ann.press(ch('/'));
    for c in "hi all\u{1b}[2J".chars() {
        ann.press(ch(c));
    }
    ann.press(key(KeyCode::Enter));
    let wide = bo.draw(120, 40);
    assert!(wide.contains("Lobby chat"), "{wide}");
    assert!(
        wide.contains("Ann: hi all[2J"),
        "cleaned of its escape:\n{wide}"
    );
    let narrow = bo.draw(80, 24);
    assert!(narrow.contains("chat: 1 new"), "{narrow}");
    assert!(!narrow.contains("Ann: hi"), "{narrow}");
    bo.press(ch('/'));
    let open = bo.draw(80, 24);
    assert!(
        open.contains("Ann: hi all") && open.contains("Say:"),
        "{open}"
    );
    bo.press(key(KeyCode::Esc));
    assert!(!bo.draw(80, 24).contains("chat: 1 new"), "read once opened");
    // No more than five lines in ten seconds from one person.
    for i in 0..5 {
        assert_eq!(
            hub.say_in_lobby(&peer("Cy", Some("cy")), &format!("line {i}")),
            Ok(())
        );
    }
    let e = hub.say_in_lobby(&peer("Cy", Some("cy")), "one more");
    assert!(e.is_err_and(|e| e.contains("too fast")));
    // Refused in the lobby too: the reason shows on the note line.
    ann.press(key(KeyCode::Enter));
    assert!(ann.draw(80, 24).contains("Nothing to say"));
}

/// A Kokoro table of two remote seats, each taken by its own connection, with the creator's
/// hint switch as given; both seats are to draw on the first card.
fn hint_table(hub: &Served, allowed: bool) -> (String, Vec<Term>, Term) {
    let table = TableSpec {
        hints: allowed,
        ..spec("kokoro", vec![SeatSpec::Remote; 2])
    };
    seated_table(hub, table)
}

/// The decisions the table's saved log marks as made after a hint.
fn hinted_in_log(dir: &Path) -> usize {
    let games = std::fs::read_dir(dir.join("games")).expect("games folder");
    games
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| crate::engine::log::read(&e.path()).ok())
        .map(|l| l.actions.iter().filter(|a| a.hint).count())
        .sum()
}

#[test]
fn hints_at_a_remote_table_are_off_unless_the_creator_allows_them() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (_code, mut terms, _spectator) = hint_table(&hub, false);
    assert!(
        !offers_hints(&mut terms[0]),
        "the help does not list the key"
    );
    terms[0].press(ch('H'));
    let shown = terms[0].draw(120, 40);
    assert!(!shown.contains("Hint:"), "no hint shown:\n{shown}");
    assert_eq!(hinted_in_log(dir.path()), 0);
}

/// Whether the `?` help of this terminal's table lists the hint key.
fn offers_hints(t: &mut Term) -> bool {
    t.press(ch('?'));
    let help = t.draw(120, 40);
    t.press(ch('?'));
    help.contains("hardest computer player's move")
}

#[test]
fn an_allowed_hint_shows_only_on_the_screen_that_asked() {
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let (code, mut terms, mut spectator) = hint_table(&hub, true);
    // Whoever looks at the table in the lobby knows hints are allowed there.
    let summary = hub.room(&code).expect("room").summary();
    assert!(
        summary
            .options
            .contains(&("Hints".into(), "allowed".into()))
    );
    let before: Vec<Vec<String>> = terms.iter_mut().map(|t| t.frames()).collect();
    let watched = spectator.frames();
    assert!(offers_hints(&mut terms[0]), "the help lists the key");
    terms[0].press(ch('H'));
    let shown = terms[0].draw(120, 40);
    let why = shown
        .lines()
        .find_map(|l| l.split_once("Hint: ").map(|(_, w)| w.trim().to_string()))
        .unwrap_or_else(|| panic!("the asker sees the hint:\n{shown}"));
    assert!(!why.is_empty(), "{shown}");
    // The other seat's and the spectator's screens are as they were, to the character.
    assert_eq!(
        terms[1].frames(),
        before[1],
        "the other seat is shown nothing"
    );
    assert_eq!(spectator.frames(), watched, "nor is the spectator");
    for frame in terms[1].frames().iter().chain(&spectator.frames()) {
        assert!(!frame.contains("Hint:") && !frame.contains(&why), "{frame}");
    }
    // The asker's decision is marked in the table's log once it is made.
    assert_eq!(hinted_in_log(dir.path()), 0);
    terms[0].press(key(KeyCode::Enter));
    until("the hinted move in the log", || {
        hinted_in_log(dir.path()) == 1
    });
    // The creator's switch survives a restart of the server.
    drop((terms, spectator));
    drop(hub);
    let hub = self::hub(dir.path());
    let mut back = Term::open(|w| {
        hub.join(&code, None, &peer("P2", Some("P2")), w)
            .expect("rejoin")
    });
    assert!(offers_hints(&mut back), "hints are still allowed");
}

/// A hint at a hosted table is worked out on a thread of its own, as outside the tests; when
/// it is ready it wakes the asking connection (whose thread draws only when woken), not the
/// local terminal's wait, which would leave "Looking for a hint…" up until the next key.
#[test]
fn a_hint_worked_out_on_its_thread_wakes_the_connection_that_asked() {
    use crate::games::kokoro::Kokoro;
    use crate::ui::Screen;
    use crate::ui::play::hint::{Hints, THINKING};
    let dir = tempfile::tempdir().expect("tmp");
    let hub = hub(dir.path());
    let creator = peer("host", Some("host"));
    let table = TableSpec {
        hints: true,
        ..spec("kokoro", vec![SeatSpec::Remote; 2])
    };
    let (code, _) = hub.hub.create(table, &creator).expect("create");
    let p1 = peer("P1", Some("p1"));
    let at = *hub
        .hub
        .join(&code, Some(0), &p1)
        .expect("join")
        .attach(&p1, Wake::none())
        .downcast::<crate::host::room::Attached<Kokoro>>()
        .expect("a Kokoro table");
    // The wake of P1's connection: what its thread waits on before it draws again.
    let (conn, woken) = wake();
    let mut p = crate::ui::play::Play::shared(at, hub.hub.clone(), p1.clone(), conn, hub.work);
    let p2 = peer("P2", Some("p2"));
    let _other: crate::ui::play::Play<Kokoro> =
        seat_play(&hub, hub.hub.join(&code, Some(1), &p2).expect("join"), &p2);
    quiet(&hub, &code);
    // The local terminal's wake, as `Hints::default` has it outside the tests: it must not be
    // the one called here (a served screen is not this process's terminal).
    let (local, local_woken) = wake();
    p.hints = Hints::on_thread(local.0.clone());
    frame(&mut p, 80, 24);
    assert_eq!(person_to_move(&p), Some(0), "P1 is to draw");
    let asked = woken.load(Ordering::SeqCst);
    p.on_event(&ch('H'));
    assert_eq!(p.status.as_deref(), Some(THINKING));
    until("the hint's thread to wake P1's connection", || {
        woken.load(Ordering::SeqCst) > asked
    });
    // Woken, the connection's thread acts on the screen's deadline and draws: the hint is
    // there.
    let shown = frame(&mut p, 120, 40);
    assert!(shown.contains("Hint: "), "{shown}");
    assert!(!shown.contains(THINKING), "{shown}");
    assert_eq!(local_woken.load(Ordering::SeqCst), 0);
}

/// The whole way of a hint at a hosted table whose creator allowed them, worked out on its own
/// thread as outside the tests (this hub is not `inline`): each connection only does what its
/// thread does when woken (act on a passed deadline, then draw), and the asker presses no
/// other key, yet its screen shows the hint; the other seat's screen, and the spectator's,
/// never show it, nor that one was looked for.
#[test]
fn a_threaded_hint_reaches_the_askers_screen_alone_without_another_key() {
    use crate::ui::play::hint::THINKING;
    let dir = tempfile::tempdir().expect("tmp");
    let hub = Served::open(dir.path(), crate::registry::GAMES).expect("hub");
    assert_eq!(hub.work, crate::ui::work::Work::Threads);
    hub.set_bot_delay(Duration::from_millis(5));
    let (_code, mut terms, mut spectator) = hint_table(&hub, true);
    let other = terms[1].frames();
    let watched = spectator.frames();
    // The key, and nothing after it: no catch-up, so the screen changes only when woken. (A
    // hint on the first card may be ready at once: the wakes are counted from before the key.)
    let mut seen = terms[0].woken.load(Ordering::SeqCst);
    terms[0].app.on_event(&ch('H'));
    let asking = draw_app(&terms[0].app, 120, 40);
    assert!(asking.contains(THINKING), "{asking}");
    let end = Instant::now() + Duration::from_secs(30);
    let shown = loop {
        until("a wake of the asker's connection", || {
            terms[0].woken.load(Ordering::SeqCst) > seen
        });
        seen = terms[0].woken.load(Ordering::SeqCst);
        let frame = terms[0].draw(120, 40);
        if frame.contains("Hint: ") {
            break frame;
        }
        assert!(Instant::now() < end, "woken, but no hint:\n{frame}");
    };
    assert!(!shown.contains(THINKING), "{shown}");
    let why = shown
        .lines()
        .find_map(|l| l.split_once("Hint: ").map(|(_, w)| w.trim().to_string()))
        .unwrap_or_default();
    assert!(!why.is_empty(), "{shown}");
    // The other seat and the spectator see what they saw before, to the character.
    assert_eq!(terms[1].frames(), other, "the other seat is shown nothing");
    assert_eq!(spectator.frames(), watched, "nor is the spectator");
    for frame in terms[1].frames().iter().chain(&spectator.frames()) {
        assert!(
            !frame.contains("Hint:") && !frame.contains(THINKING) && !frame.contains(&why),
            "{frame}"
        );
    }
    // Nor once the asker has played it.
    terms[0].press(key(KeyCode::Enter));
    for frame in terms[1].frames().iter().chain(&spectator.frames()) {
        assert!(!frame.contains("Hint:") && !frame.contains(&why), "{frame}");
    }
}

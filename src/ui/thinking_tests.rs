//! The screen while a computer player thinks: a bot that blocks until the test lets it go
//! shows that keys are handled and frames drawn meanwhile, that its move lands only after its
//! thread has woken the screen, and that undo, leaving and a panicking bot never wait for it.
//! Channels are waited on with a generous timeout only so that a bug hangs no test run.

use crate::testkit::RunChance;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ratatui::crossterm::event::{Event, KeyCode};

use crate::engine::log::{LogFile, PlayerEntry};
use crate::engine::table::LogStore;
use crate::engine::thinker::THREAD_NAME;
use crate::engine::{Actor, Bot, Game, Match, Setup, Table};
use crate::host::Wake;
use crate::ui::Registered;

use super::Screen;
use super::app::App;
use super::demo::Demo;
use super::play::{Play, Turn};
use super::testutil::{HANG, ch, draw_app, key};
use super::theme::Theme;

const THEME: Theme = Theme::new(false, true);

/// The test's end of a gated bot (see [`gated`]) and of the screen's wake-ups.
struct Gate {
    started: Receiver<Option<String>>,
    release: Sender<bool>,
    woken: Receiver<()>,
}

impl Gate {
    /// Waits until the bot is thinking; returns the name of the thread it thinks on.
    fn thinking(&self) -> Option<String> {
        self.started
            .recv_timeout(HANG)
            .expect("the bot starts thinking")
    }

    /// Lets the bot choose (or fail) and waits for the room to wake the screen: the decision
    /// is in. Wake-ups from before (the room wakes its screen at every change) are forgotten.
    fn open(&self, choose: bool) {
        while self.woken.try_recv().is_ok() {}
        self.release.send(choose).expect("the bot listens");
        self.woken.recv_timeout(HANG).expect("the screen is woken");
    }
}

/// Handles what the room wakes the screen for until the screen satisfies `done`, waiting for
/// each wake-up (never for a fixed time); returns the screen.
fn until(app: &mut App, woken: &Receiver<()>, done: impl Fn(&str) -> bool) -> String {
    loop {
        if app.deadline().is_some_and(|d| d <= Instant::now()) {
            app.on_deadline();
        }
        let shown = screen(app);
        if done(&shown) {
            return shown;
        }
        if woken.recv_timeout(HANG).is_err() {
            panic!("the screen never got there: {shown}");
        }
    }
}

/// A gated bot, and the test's end of it with `woken` for the screen's wake-ups.
fn gated<G: Game>(woken: Receiver<()>) -> (Box<dyn Bot<G>>, Gate) {
    let (bot, end) = super::testutil::gated::<G>();
    let gate = Gate {
        started: end.started,
        release: end.release,
        woken,
    };
    (bot, gate)
}

/// A wake-up that the test can wait for.
fn waker() -> (Wake, Receiver<()>) {
    let (tx, rx) = channel();
    let wake = Wake::new(move || {
        let _ = tx.send(());
    });
    (wake, rx)
}

/// Records every log written.
#[derive(Clone, Default)]
struct Writes(Arc<Mutex<Vec<usize>>>);

impl LogStore for Writes {
    fn write(&mut self, log: &LogFile) -> std::io::Result<()> {
        self.0.lock().expect("writes").push(log.actions.len());
        Ok(())
    }
    fn name(&self) -> String {
        "test store".into()
    }
}

/// Ann against a greedy computer player; Ann is to move.
fn ann_and_a_bot() -> Table<Demo> {
    let m = Match::<Demo>::new(Setup {
        options: Default::default(),
        players: vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bot 2", "greedy", 7),
        ],
        seed: 42,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("demo setup");
    Table::new(m, Demo::make_bot).expect("table")
}

/// Ann's screen against a gated computer player, whose room wakes the test; Ann is to move.
fn gated_play(store: Option<Writes>) -> (Play<Demo>, Gate) {
    let mut table = ann_and_a_bot();
    let (wake, woken) = waker();
    let (bot, gate) = gated(woken);
    table.bots[1] = Some(bot);
    if let Some(store) = store {
        table.set_store(Some(Box::new(store)));
    }
    (Play::thinking_on_thread(table, true, wake), gate)
}

/// [`gated_play`] in the app.
fn gated_game(store: Option<Writes>) -> (App, Gate) {
    let (play, gate) = gated_play(store);
    (App::new(Box::new(play), THEME), gate)
}

fn screen(app: &App) -> String {
    draw_app(app, 80, 24)
}

#[test]
fn the_screen_answers_keys_while_a_computer_player_thinks() {
    let (mut app, gate) = gated_game(None);
    app.on_event(&ch('2'));
    assert_eq!(gate.thinking().as_deref(), Some(THREAD_NAME));
    let thinking = screen(&app);
    assert!(thinking.contains("Total: 2"), "{thinking}");
    assert!(thinking.contains("Bot 2 is thinking"), "{thinking}");
    // No clock runs while it thinks: the screen waits for the thinking thread's wake-up.
    assert_eq!(app.deadline(), None);

    // Help opens and closes.
    assert!(app.on_event(&ch('?')));
    assert!(app.help_open());
    assert!(screen(&app).contains("Help"), "{}", screen(&app));
    assert!(app.on_event(&key(KeyCode::Esc)));
    assert!(!app.help_open());
    // The event list scrolls back and forth.
    assert!(app.on_event(&key(KeyCode::PageUp)));
    let scrolled = screen(&app);
    assert_ne!(scrolled, thinking, "the event pane scrolled");
    assert!(app.on_event(&key(KeyCode::PageDown)));
    assert_eq!(screen(&app), thinking);
    // A resize redraws; a key skips what is left of the pause, but waits for no decision.
    assert!(app.on_event(&Event::Resize(100, 30)));
    assert!(app.on_event(&ch('x')));
    app.on_event(&Event::Resize(80, 24));
    assert_eq!(app.deadline(), None);
    assert_eq!(screen(&app), thinking, "nothing moved on the board");

    // The decision comes in and wakes the screen: the move lands at once (the pause was
    // skipped) and is shown.
    gate.open(true);
    let at = app.deadline().expect("the move is due");
    assert!(at <= std::time::Instant::now());
    app.on_deadline();
    let moved = screen(&app);
    assert!(moved.contains("Total: 5"), "{moved}");
    assert!(moved.contains("Ann to move"), "{moved}");
}

#[test]
fn the_move_waits_for_the_pause_when_the_decision_is_quick() {
    let pace = std::time::Duration::from_millis(400);
    let (mut p, gate) = crate::config::paced(pace, || gated_play(None));
    let asked = Instant::now();
    p.on_event(&ch('1'));
    gate.thinking();
    gate.open(true);
    // Decided, but its pause is still on: the move lands on the pause's deadline.
    p.on_deadline();
    let at = p.bot_at().expect("the pause's deadline");
    assert!(at >= asked + pace, "{:?}", at - asked);
    let total = |p: &Play<Demo>| super::testutil::draw(p, THEME, 80, 24).contains("Total: 4");
    while !total(&p) {
        gate.woken
            .recv_timeout(HANG)
            .expect("the room wakes the screen");
        p.on_deadline();
    }
    assert!(Instant::now() >= at, "not before the pause's end");
}

#[test]
fn undo_while_a_computer_player_thinks_discards_its_decision() {
    let (mut app, gate) = gated_game(None);
    app.on_event(&ch('1'));
    gate.thinking();
    app.on_event(&ch('u'));
    let back = screen(&app);
    assert!(back.contains("Took back"), "{back}");
    assert!(back.contains("Total: 0"), "{back}");
    // The old decision comes in late: it changes nothing and breaks nothing.
    gate.open(true);
    app.on_deadline();
    assert_eq!(screen(&app), back, "nothing changed");
    assert_eq!(app.deadline(), None, "Ann is to move, nothing is due");
    assert!(screen(&app).contains("Total: 0"));
    assert!(screen(&app).contains("Ann to move"));
    // Play goes on with the fresh computer player seated by the undo (greedy: adds 1); a key
    // skips its pause.
    app.on_event(&ch('2'));
    app.on_event(&ch('x'));
    until(&mut app, &gate.woken, |s| s.contains("Total: 3"));
}

#[test]
fn leaving_while_a_computer_player_thinks_saves_and_does_not_wait() {
    let writes = Writes::default();
    let (mut app, gate) = gated_game(Some(writes.clone()));
    app.on_event(&ch('3'));
    gate.thinking();
    // The gate is still shut: leaving must not wait for the thought.
    app.on_event(&ch('q'));
    assert!(app.done(), "back to the launcher at once");
    app.on_exit();
    let saved = writes.0.lock().expect("writes").last().copied();
    assert_eq!(saved, Some(2), "the deal and Ann's move are saved");
    // The thought ends later into nothing.
    let _ = gate.release.send(true);
}

#[test]
fn leaving_while_a_computer_player_thinks_lets_the_game_be_opened_again_at_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("game.json");
    let mut table = ann_and_a_bot();
    let (wake, woken) = waker();
    let (bot, gate) = gated(woken);
    table.bots[1] = Some(bot);
    table.save_to(Some(path.clone())).expect("saves");
    let mut app = App::new(Box::new(Play::thinking_on_thread(table, true, wake)), THEME);
    app.on_event(&ch('2'));
    gate.thinking();
    assert!(
        crate::engine::lock::lock(&path).is_err(),
        "the game is open"
    );
    app.on_event(&ch('q'));
    app.on_exit();
    drop(app);
    // The thought is still under way (the gate is shut), yet the game is free to open.
    let again = crate::engine::lock::lock(&path);
    assert!(again.is_ok(), "{:?}", again.err());
    let saved = crate::engine::log::read(&path).expect("saved");
    assert_eq!(saved.actions.len(), 2, "the deal and Ann's move");
    let _ = gate.release.send(true);
}

#[test]
fn a_computer_player_that_panics_halts_the_game_not_the_program() {
    let (mut app, gate) = gated_game(None);
    app.on_event(&ch('1'));
    gate.thinking();
    gate.open(false);
    app.on_deadline();
    let halted = screen(&app);
    assert!(halted.contains("Stopped"), "{halted}");
    assert!(
        halted.contains("the gated bot was told to fail"),
        "{halted}"
    );
    assert!(!app.done());
    // The game is over for this table, but the program is not: q leaves the screen.
    app.on_event(&ch('q'));
    assert!(app.done());
}

#[test]
fn a_simultaneous_step_thinks_off_the_screen_and_the_person_waits_for_it() {
    // Ann with two computer players, on Kokoro's first card.
    let mut table = crate::engine::table::tests::kokoro_with_ann();
    let (wake, woken) = waker();
    let (bot2, gate2) = gated(woken);
    let (bot3, gate3) = gated(channel().1);
    table.bots[1] = Some(bot2);
    table.bots[2] = Some(bot3);
    let mut p = Play::thinking_on_thread(table, true, wake);
    // Every seat draws on the first card at once; the computer players think first.
    assert_eq!(gate2.thinking().as_deref(), Some(THREAD_NAME));
    assert!(matches!(p.turn, Turn::Bots(_)), "{:?}", p.turn);
    assert!(p.thinking());
    let before = p.table.m.history.len();
    // Ann's keys do nothing to the board meanwhile, and nothing is due.
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.table.m.history.len(), before);
    assert_eq!(p.deadline(), None);
    let _ = gate2.release.send(true);
    assert_eq!(gate3.thinking().as_deref(), Some(THREAD_NAME));
    // One thread thinks for both; it wakes the screen when both have chosen.
    while gate2.woken.try_recv().is_ok() {}
    gate3.release.send(true).expect("bot 3 listens");
    gate2.woken.recv_timeout(HANG).expect("the screen is woken");
    assert!(p.deadline().is_some());
    p.on_deadline();
    assert_eq!(p.turn, Turn::Person(0));
    let bots_moved = (p.table.m.history.iter())
        .filter(|s| matches!(s.actor, Actor::Seat(1 | 2)))
        .count();
    assert_eq!(
        bots_moved, 2,
        "both computer players chose, then Ann is to move"
    );
}

#[test]
fn the_public_view_up_while_a_computer_player_moves_has_no_hand_line() {
    use crate::games::couperation::Couperation;
    // Ann and Bob at one keyboard with a computer player; play runs up to the computer's turn,
    // with Bob, who moved last, still at the keyboard.
    let mut m = Match::<Couperation>::new(Setup {
        options: Default::default(),
        players: vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::human("Bob"),
            PlayerEntry::bot("Bot 3", "builder", 7),
        ],
        seed: 5,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("couperation setup");
    m.run_chance().expect("chance");
    while let Some(&seat) = m.to_move().seats().first().filter(|&&s| s != 2) {
        let a = m.state.bot_actions(seat)[0];
        m.apply(Actor::Seat(seat), a, None).expect("legal");
        m.run_chance().expect("chance");
    }
    let mut table = Table::new(m, Couperation::make_bot).expect("table");
    let (wake, woken) = waker();
    let (bot, gate) = gated(woken);
    table.bots[2] = Some(bot);
    let mut p = Play::thinking_on_thread(table, true, wake);
    p.keyboard = Some(1);
    gate.thinking();
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = super::testutil::draw(&p, THEME, w, h);
        assert!(shown.contains("Public view"), "{shown}");
        // Bob's hand is not on this screen, so no line may say what it holds (nor that it is
        // empty, as it said when the screen drew the public view as Bob's).
        assert!(!shown.contains("Hand "), "{shown}");
        assert!(shown.contains("Bot 3's turn"), "{shown}");
    }
    p.on_event(&ch('x'));
}

#[test]
fn the_header_counts_the_thinkers_when_their_names_do_not_fit() {
    use crate::games::kokoro::Kokoro;
    // Ann with four computer players, all thinking on Kokoro's first card.
    let mut players = vec![PlayerEntry::human("Ann")];
    players.extend((2..=5).map(|i| PlayerEntry::bot(format!("Bot {i}"), "random", i)));
    let m = Match::<Kokoro>::new(Setup {
        options: Default::default(),
        players,
        seed: 4,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("kokoro setup");
    let mut table = Table::new(m, Kokoro::make_bot).expect("table");
    let (wake, _woken) = waker();
    let mut gates = Vec::new();
    for seat in 1..=4 {
        let (bot, gate) = gated(channel().1);
        table.bots[seat] = Some(bot);
        gates.push(gate);
    }
    let p = Play::thinking_on_thread(table, true, wake);
    gates[0].thinking();
    let header = |w, h| {
        let shown = super::testutil::draw(&p, THEME, w, h);
        shown.lines().next().unwrap_or_default().to_string()
    };
    // 80 columns: the list would run into "Ann's view", so it is counted.
    let narrow = header(80, 24);
    assert!(
        narrow.contains("· 4 computer players are thinking… ") && narrow.ends_with("Ann's view"),
        "{narrow}"
    );
    // 120 columns: every name.
    let wide = header(120, 40);
    assert!(
        wide.contains("Bot 2, Bot 3, Bot 4, Bot 5 are thinking…") && wide.ends_with("Ann's view"),
        "{wide}"
    );
}

#[test]
fn the_settings_pace_holds_a_computer_players_move_at_a_local_table() {
    let pace = std::time::Duration::from_millis(1234);
    let table = ann_and_a_bot();
    // `bot_pace_ms` (or `--bot-pace`) as main installs it, read when the screen opens.
    let mut play = crate::config::paced(pace, || Play::new(table, true));
    let before = std::time::Instant::now();
    play.on_event(&ch('2'));
    let after = std::time::Instant::now();
    let at = play.bot_at().expect("the computer player's move waits");
    assert!(
        at >= before + pace && at <= after + pace,
        "{:?}",
        at - before
    );
}

//! The hint key on the game screen: the move lands under the game's cursor, its reason on the
//! status line, off the screen's thread when the app asks it there; never where other
//! terminals play.

use crate::testkit::RunChance;
use std::sync::mpsc;

use insta::assert_snapshot;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{Hints, THINKING, Wake};
use crate::engine::log::PlayerEntry;
use crate::engine::{Actor, Game, Match, Setup, Table, ToMove, Viewer, rng};
use crate::games::kokoro::Kokoro;
use crate::games::rocca::Rocca;
use crate::registered::{Effort, hint};
use crate::ui::play::{Play, Turn};
use crate::ui::testutil::{HANG, ch, draw, key, settle, settled};
use crate::ui::{Ctx, GameUi, Playable, Registered, Screen, Theme};

const THEME: Theme = Theme::new(false, true);

fn new_match<G: Playable>(players: Vec<PlayerEntry>, seed: u64) -> Match<G> {
    Match::new(Setup {
        options: Default::default(),
        players,
        seed,
        started: "2026-11-28T02:00:00Z".into(),
    })
    .expect("setup")
}

fn humans(n: usize) -> Vec<PlayerEntry> {
    (1..=n)
        .map(|i| PlayerEntry::human(format!("P{i}")))
        .collect()
}

/// The keys that make a move once the cursor is on it: Enter (twice for a move that asks to
/// be sure), and the games' own letters for moves that are not a place on the board.
const MOVE_KEYS: &[&[char]] = &[&['\n'], &['\n', '\n'], &['t'], &['p'], &['n'], &['c']];

fn press(c: char) -> KeyEvent {
    let code = if c == '\n' {
        KeyCode::Enter
    } else {
        KeyCode::Char(c)
    };
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Along seeded random games of `G`, at decisions spread over each: after
/// [`GameUi::show_hint`] the hinted move is what Enter (or the one key the game has for such
/// a move) plays, from wherever the person's cursor was.
fn hint_is_one_key_away<G: Playable>(players: usize, seed: u64)
where
    G::Ui: Clone,
{
    let mut m = new_match::<G>(humans(players), seed);
    let mut pick = rng::stream(seed, 11);
    let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
    let mut ui = G::Ui::default();
    for step in 0..400 {
        m.run_chance().expect("chance");
        let ToMove::Seats(seats) = m.to_move() else {
            break;
        };
        let seat = seats[0];
        let legal = m.state.legal_actions(seat);
        if step % 7 == 0 && legal.len() > 1 {
            let view = m.state.view(Viewer::Seat(seat));
            let ctx = Ctx::<G> {
                view: &view,
                seat: Some(seat),
                legal: &legal,
                names: &names,
                theme: THEME,
            };
            let seen = crate::bots::hint::seen_by(&m, seat);
            let h = hint(&m.state, &seen, seat, Effort::Exact(16)).expect("a hint");
            ui.show_hint(&h.action, &ctx);
            let played = MOVE_KEYS.iter().any(|keys| {
                let mut after = ui.clone();
                let mut made = None;
                for &k in keys.iter() {
                    made = after.on_key(press(k), &ctx);
                    if made.is_some() {
                        break;
                    }
                }
                made.as_ref() == Some(&h.action)
            });
            assert!(
                played,
                "{} seed {seed} step {step}: the hinted {:?} is not one key away",
                G::ID,
                h.action
            );
        }
        let a = legal[rng::below(&mut pick, legal.len() as u64) as usize].clone();
        m.apply(Actor::Seat(seat), a, None).expect("legal");
        // A few keys between decisions, so the cursor is anywhere when the next hint lands.
        let view = m.state.view(Viewer::Seat(seat));
        let ctx = Ctx::<G> {
            view: &view,
            seat: Some(seat),
            legal: &[],
            names: &names,
            theme: THEME,
        };
        for c in ['l', 'j'] {
            let _ = ui.on_key(press(c), &ctx);
        }
    }
}

#[test]
fn every_game_puts_the_hinted_move_one_key_away() {
    crate::for_each_game!(|G| {
        for seed in 1..=2 {
            hint_is_one_key_away::<G>(2.clamp(G::MIN_PLAYERS, G::MAX_PLAYERS), seed);
        }
    });
}

/// A solo Kokoro game at its first decision with a choice.
fn kokoro_solo() -> Play<Kokoro> {
    let p = settled(new_match::<Kokoro>(humans(1), 5));
    assert!(matches!(p.turn, Turn::Person(0)));
    p
}

#[test]
fn the_key_shows_the_reason_and_enter_plays_the_hinted_move() {
    let mut p = kokoro_solo();
    let m = p.table.m.clone();
    let expected = hint(
        &m.state,
        &crate::bots::hint::seen_by(&m, 0),
        0,
        Effort::Exact(super::INLINE_PLAYOUTS),
    )
    .expect("a hint");
    p.on_event(&ch('H'));
    assert_eq!(
        p.status.as_deref(),
        Some(format!("Hint: {}", expected.why).as_str())
    );
    let before = p.table.m.history.len();
    p.on_event(&key(KeyCode::Enter));
    let played = p.table.m.history.get(before).map(|s| s.action);
    assert_eq!(played, Some(expected.action), "Enter plays the hint");
    // The room's log says the decision came after a hint; the next one does not.
    let log = p.room.log_for_tests();
    assert!(log.actions[before].hint, "marked in the log");
    assert!(p.table.m.history[before].hint, "and on the screen's copy");
}

#[test]
fn the_key_is_listed_where_it_works_and_only_there() {
    let p = kokoro_solo();
    assert!(p.applies(crate::ui::play::PlayCmd::Hint));
    assert!(draw(&p, THEME, 120, 40).contains("H hint"));
    assert!(p.help().iter().any(|(k, _)| k == "H"));
    // Not while the computer players move, nor once the game is over.
    let table = Table::new(
        new_match::<Kokoro>(vec![PlayerEntry::bot("B", "planner", 1)], 3),
        Kokoro::make_bot,
    )
    .expect("table");
    let mut watched = Play::new(table, false);
    assert!(!watched.applies(crate::ui::play::PlayCmd::Hint));
    settle(&mut watched);
    assert!(watched.is_over());
    assert!(!watched.applies(crate::ui::play::PlayCmd::Hint));
    assert!(!watched.help().iter().any(|(k, _)| k == "H"));
}

/// The screen with its hints worked out on a thread that reports on a channel.
fn on_thread(mut p: Play<Kokoro>) -> (Play<Kokoro>, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let wake: Wake = std::sync::Arc::new(move || {
        let _ = tx.send(());
    });
    p.hints = Hints::on_thread(wake);
    (p, rx)
}

#[test]
fn a_hint_is_worked_out_off_the_screens_thread() {
    let (mut p, done) = on_thread(kokoro_solo());
    p.on_event(&ch('H'));
    // The key returns at once; the screen says it is looking and keeps no deadline until the
    // thread is done.
    assert_eq!(p.status.as_deref(), Some(THINKING));
    assert!(draw(&p, THEME, 80, 24).contains(THINKING));
    done.recv_timeout(HANG)
        .expect("the hint's thread wakes the screen");
    assert!(p.deadline().is_some(), "a ready hint is due at once");
    p.on_deadline();
    let status = p.status.clone().unwrap_or_default();
    assert!(status.starts_with("Hint: "), "{status}");
    assert!(!p.hints.pending());
}

#[test]
fn a_hint_for_a_decision_already_made_is_dropped() {
    let (mut p, done) = on_thread(kokoro_solo());
    p.on_event(&ch('H'));
    // The person draws before the hint is in.
    let before = p.table.m.history.len();
    p.on_event(&key(KeyCode::Enter));
    assert!(p.table.m.history.len() > before);
    settle(&mut p);
    done.recv_timeout(HANG)
        .expect("the hint's thread wakes the screen");
    p.on_deadline();
    assert!(
        !p.status.as_deref().unwrap_or("").starts_with("Hint"),
        "{:?}",
        p.status
    );
    assert!(!p.hints.pending());
}

/// Snapshots of a game screen with a hint on it, at 80×24 and 120×40.
fn snapshots<G: Playable>(p: &Play<G>, name: &str) {
    for (w, h) in [(80, 24), (120, 40)] {
        assert_snapshot!(format!("{name}_{w}x{h}"), draw(p, THEME, w, h));
    }
}

#[test]
fn kokoro_screen_with_a_hint() {
    let mut p = kokoro_solo();
    p.on_event(&ch('H'));
    snapshots(&p, "hint_kokoro");
}

#[test]
fn rocca_screen_with_a_hint_at_a_vote() {
    // Three people and two computer players, played to the first vote of the person at the
    // keyboard: only their own family's secrets are on the screen, and the hint comes from
    // them.
    let mut players = humans(1);
    for i in 0..2u64 {
        players.push(PlayerEntry::bot(format!("B{i}"), "detective", 10 + i));
    }
    let mut p = settled(new_match::<Rocca>(players, 4));
    for _ in 0..40 {
        let Turn::Person(seat) = p.turn else {
            settle(&mut p);
            continue;
        };
        let legal = p.table.m.state.legal_actions(seat);
        if legal
            .iter()
            .any(|a| matches!(a, crate::games::rocca::Action::Vote { .. }))
        {
            break;
        }
        p.act(seat, legal[0]);
        settle(&mut p);
    }
    p.on_event(&ch('H'));
    assert!(
        p.status.as_deref().unwrap_or("").starts_with("Hint: vote"),
        "{:?}",
        p.status
    );
    snapshots(&p, "hint_rocca");
}

#[test]
fn a_decision_made_after_a_hint_is_marked_in_the_log_and_the_replay() {
    // The match a table's room holds: a first decision without a hint, then one with.
    let mut m = new_match::<Kokoro>(humans(1), 5);
    for hinted in [false, true] {
        m.run_chance().expect("chance");
        let legal = m.state.legal_actions(0);
        if hinted {
            m.hint_asked(0);
        }
        m.apply(Actor::Seat(0), legal[0], Some(100)).expect("legal");
    }
    m.run_chance().expect("chance");
    let marked: Vec<bool> = m
        .history
        .iter()
        .filter(|s| s.actor == Actor::Seat(0))
        .map(|s| s.hint)
        .collect();
    assert_eq!(marked, vec![false, true]);
    // The log says so, once, and only on that decision; read back (as resuming and replaying
    // do) it is still there.
    let log = m.to_log();
    let text = serde_json::to_string(&log).expect("json");
    assert_eq!(text.matches("\"hint\":true").count(), 1, "{text}");
    let back = Table::<Kokoro>::from_log(&log, Kokoro::make_bot).expect("the log reads back");
    let again: Vec<bool> = back.m.history.iter().map(|s| s.hint).collect();
    let before: Vec<bool> = m.history.iter().map(|s| s.hint).collect();
    assert_eq!(again, before);
    // The replay's event pane shows it beside that decision only.
    let events = crate::ui::events::EventLog::rebuild(&back.m);
    let lines = events.lines(back.m.history.len(), Viewer::Omniscient, 100);
    let with: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains(crate::ui::events::HINT_MARK))
        .collect();
    assert_eq!(with.len(), 1, "{lines:?}");
    assert!(with[0].contains("draws"), "{with:?}");
}

/// The screen's commands are looked up before the game's, so a hint key that a game also
/// used would take that game's key away (`h` is left in every grid game).
#[test]
fn the_hint_key_is_no_games_key() {
    use crate::ui::commands::Key;
    let hint = crate::ui::play::PLAY_COMMANDS
        .iter()
        .find(|c| c.id == crate::ui::play::PlayCmd::Hint)
        .expect("the hint key is listed");
    for k in hint.keys {
        let Key::Char(c) = *k else {
            panic!("the hint key is a letter");
        };
        let pressed = press(c);
        crate::for_each_game!(|G| {
            for cmd in <G as Playable>::Ui::COMMANDS {
                let taken = cmd
                    .keys
                    .iter()
                    .any(|x| *x != Key::Any && x.matches(&pressed));
                assert!(!taken, "{}: {:?} uses {c}", G::ID, cmd.id);
            }
        });
    }
}

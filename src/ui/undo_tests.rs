//! Undo in the real games, through the game screen: what `u` takes back, what waits for a key
//! so that it still can, and what it never crosses.

use ratatui::crossterm::event::KeyCode;

use crate::engine::log::PlayerEntry;
use crate::engine::{Actor, Game, Match, Options, Setup, Table};
use crate::ui::{Playable, Registered};

use super::Screen;
use super::play::{Play, Turn};
use super::testutil::{ch, draw, key};
use super::theme::Theme;

const THEME: Theme = Theme::new(false, true);

fn play<G: Playable>(players: Vec<PlayerEntry>, seed: u64) -> Play<G> {
    let m = Match::<G>::new(Setup {
        options: Options::new(),
        players,
        seed,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("setup");
    Play::new(Table::new(m, G::make_bot).expect("table"), true)
}

/// Lets the computer players act until the person at the keyboard is to move.
fn until_person<G: Playable>(p: &mut Play<G>) {
    for _ in 0..200 {
        match p.turn {
            Turn::Bots(_) => p.bot_move(),
            Turn::Held(_) => p.go_on(),
            Turn::Shown => {
                p.on_event(&key(KeyCode::Char(' ')));
            }
            Turn::HandOff(_) => {
                p.on_event(&key(KeyCode::Enter));
            }
            _ => return,
        }
    }
}

/// Does the person's first legal action straight through the table, as a key would.
fn act_first<G: Playable>(p: &mut Play<G>, want: impl Fn(&G::Action) -> bool) -> G::Action {
    let Turn::Person(seat) = p.turn else {
        panic!("nobody to move: {:?}", p.turn);
    };
    let a = p
        .table
        .m
        .state
        .legal_actions(seat)
        .into_iter()
        .find(|a| want(a))
        .expect("such an action");
    p.act(seat, a.clone());
    a
}

#[test]
fn solo_kokoro_the_next_card_comes_without_a_key() {
    use crate::games::kokoro::{Action, Kokoro};
    let mut p = play::<Kokoro>(vec![PlayerEntry::human("Ann")], 3);
    until_person(&mut p);
    let before = p.table.m.history.len();
    act_first(&mut p, |a| matches!(a, Action::Draw { .. }));
    // The drawing was previewed before Enter: no stop for a key after every path.
    assert_eq!(p.turn, Turn::Person(0), "the next card is up at once");
    assert!(p.table.m.history.len() > before + 1, "the next card is up");
    assert!(!draw(&p, THEME, 80, 24).contains("go on"));
}

#[test]
fn hot_seat_undo_outlasts_a_save_and_a_resume() {
    use crate::games::kokoro::{Action, Kokoro};
    let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
    let mut p = play::<Kokoro>(players, 3);
    for _ in 0..2 {
        until_person(&mut p);
        act_first(&mut p, |a| matches!(a, Action::Draw { .. }));
    }
    assert_eq!(p.turn, Turn::Held(1), "the next card waits for Bo");
    assert!(p.can_undo());
    let drawn = p.table.m.history.len();
    // Leave, and open the saved game again, as `hotseat resume` does.
    let log = p.table.m.to_log();
    let table = Table::<Kokoro>::from_log(&log, Kokoro::make_bot).expect("resume");
    let mut back = Play::new(table, true);
    assert_eq!(back.turn, Turn::Held(1), "the card still waits");
    assert_eq!(back.table.m.history.len(), drawn, "not turned up");
    assert!(back.can_undo(), "the undo offered before leaving");
    assert!(draw(&back, THEME, 80, 24).contains("u undo"));
    back.on_event(&ch('u'));
    assert_eq!(
        back.table.m.history.len(),
        drawn - 1,
        "Bo's path taken back"
    );
}

#[test]
fn kokoro_with_others_the_next_card_waits_for_a_key_so_a_drawing_can_be_taken_back() {
    use crate::games::kokoro::{Action, Kokoro};
    let players = vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bo", "random", 2),
    ];
    let mut p = play::<Kokoro>(players, 3);
    until_person(&mut p);
    let before = p.table.m.history.len();
    let card = p.table.m.state.clone();
    act_first(&mut p, |a| matches!(a, Action::Draw { .. }));
    assert_eq!(p.turn, Turn::Held(0), "the next card waits");
    assert_eq!(p.table.m.history.len(), before + 1, "not turned up yet");
    assert!(draw(&p, THEME, 80, 24).contains("u undo"));
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), before);
    assert_eq!(p.table.m.state, card, "the same card to draw again");
    assert_eq!(p.turn, Turn::Person(0));
    // Any other key turns the next card up; then the drawing stays.
    act_first(&mut p, |a| matches!(a, Action::Draw { .. }));
    p.on_event(&ch('x'));
    assert!(p.table.m.history.len() > before + 1, "the next card is up");
    assert!(!p.can_undo(), "a card seen is never taken back");
    p.on_event(&ch('u'));
    assert!(p.table.m.history.len() > before + 1);
}

#[test]
fn cocoon_undo_takes_a_tile_back_with_the_pawn_moves_it_caused() {
    use crate::games::cocoon::Cocoon;
    let players = vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bo", "wheel", 2),
        PlayerEntry::bot("Cy", "wheel", 3),
    ];
    let mut p = play::<Cocoon>(players, 5);
    let mut tried = 0;
    for _ in 0..40 {
        until_person(&mut p);
        if p.is_over() {
            break;
        }
        let before = p.table.m.state.clone();
        let len = p.table.m.history.len();
        let seat = p.keyboard.expect("Ann");
        let legal = p.table.m.state.legal_actions(seat);
        let a = legal[0];
        let undoable = p.table.m.state.undoable(seat, &a);
        // Several event lines: the pawn moves the tile caused are part of it.
        let followed = before
            .describe(Actor::Seat(seat), &a, crate::engine::Viewer::Public)
            .contains('\n');
        p.act(seat, a);
        if undoable && p.can_undo() {
            p.on_event(&ch('u'));
            assert_eq!(p.table.m.history.len(), len);
            assert_eq!(p.table.m.state, before);
            tried += 1;
            if followed {
                // Taken back together with the forced steps after it: done.
                return;
            }
            let a = p.table.m.state.legal_actions(seat)[0];
            p.act(seat, a);
        }
    }
    panic!("no tile with forced steps after it was taken back ({tried} undos)");
}

#[test]
fn couperation_against_a_bot_undo_outlasts_the_bots_draw_and_its_card_waits() {
    use crate::games::couperation::{Action, Couperation};
    let players = vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bo", "builder", 5),
    ];
    let mut p = play::<Couperation>(players, 42);
    until_person(&mut p);
    // Draw what the turn allows, then place a card.
    if p.table
        .m
        .state
        .legal_actions(0)
        .iter()
        .any(|a| matches!(a, Action::Draw { .. }))
    {
        act_first(&mut p, |a| matches!(a, Action::Draw { .. }));
        until_person(&mut p);
    }
    let before = p.table.m.state.clone();
    let len = p.table.m.history.len();
    act_first(&mut p, |a| matches!(a, Action::Place { .. }));
    assert!(p.can_undo());
    // The bot thinks, then draws (Ann sees no card of it) and its card waits for Ann's key.
    while matches!(p.turn, Turn::Bots(_)) {
        p.bot_move();
    }
    assert_eq!(p.turn, Turn::Held(0), "{:?}", p.turn);
    assert!(p.table.m.history.len() > len + 1, "the bot drew meanwhile");
    assert!(
        p.table.m.history[len + 1..]
            .iter()
            .all(|s| s.actor != Actor::Seat(0))
    );
    // The screen says the game waits, for Bo's move or for the card Bo draws next.
    let shown = draw(&p, THEME, 80, 24);
    assert!(
        shown.contains("Bo ready to move") || shown.contains("Ready to go on"),
        "{shown}"
    );
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), len);
    assert_eq!(p.table.m.state, before);
    assert_eq!(p.turn, Turn::Person(0));
}

#[test]
fn pocket_never_offers_undo() {
    use crate::games::pocket::Pocket;
    let players = vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bo", "random", 1),
    ];
    let mut p = play::<Pocket>(players, 9);
    for _ in 0..10 {
        until_person(&mut p);
        if p.is_over() {
            break;
        }
        act_first(&mut p, |_| true);
        assert!(!p.can_undo());
        assert!(!draw(&p, THEME, 80, 24).contains("u undo"));
    }
    assert!(
        !p.help().iter().any(|(k, _)| k == "u"),
        "no u in Pocket's help"
    );
}

#[test]
fn kokoro_computer_players_choose_together_with_one_pause_at_most() {
    use crate::games::kokoro::Kokoro;
    let bots = |from: usize| {
        (from..8).map(|i| PlayerEntry::bot(format!("Bot {}", i + 1), "random", i as u64))
    };
    // With a person at the table the computer players choose at once, while the person thinks.
    let mut players = vec![PlayerEntry::human("Ann")];
    players.extend(bots(1));
    let p = play::<Kokoro>(players, 4);
    assert_eq!(p.turn, Turn::Person(0), "no pause before Ann's turn");
    let drawn = p
        .table
        .m
        .history
        .iter()
        .filter(|s| matches!(s.actor, Actor::Seat(_)))
        .count();
    assert_eq!(
        drawn, 7,
        "every computer player has drawn on the first card"
    );
    // Computer players alone: one pause for the whole round.
    let mut p = play::<Kokoro>(bots(0).collect(), 4);
    assert!(matches!(p.turn, Turn::Bots(_)));
    p.bot_move();
    let drawn = p
        .table
        .m
        .history
        .iter()
        .filter(|s| matches!(s.actor, Actor::Seat(_)))
        .count();
    assert_eq!(drawn, 8, "all eight drew after one pause");
}

//! Couperation builder teams by level (the hard level's own figures, with its endgame search,
//! come from `hotseat sim`). The quick test plays seeded games and checks that a hard builder
//! team wins clearly more often than an easy one. The measure (1,000 games per table size and
//! mode with the hard team, win rates with 95% intervals) is
//! `cargo bench --bench strength -- couperation`.

use hotseat::bots::{Level, with_level};
use hotseat::engine::{Actor, Bot, Game, Options, ToMove, Viewer, rng};
use hotseat::games::couperation::{Action, Couperation, End, FINISH, FinishAt, Slot};

/// The builder at `level` (the hard level proper searches at the end of the game: too slow
/// for these habit checks in a debug build, and its habits are the builder's).
fn builder(level: Level, seed: u64) -> Box<dyn Bot<Couperation>> {
    match level {
        Level::Hard => Box::new(hotseat::bots::couperation::Builder::new(seed, level)),
        _ => {
            hotseat::bots::kinds::couperation(&with_level("builder", level), seed).expect("builder")
        }
    }
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    BadReveal,
    Stuck,
}

/// What the team did in one game, beyond how it ended.
#[derive(Clone, Copy, Debug, Default)]
struct Habits {
    /// Combines that took the place of a card already face up.
    swaps: usize,
    /// The finish card lay in the reserve at some point.
    finish_in_reserve: bool,
    /// The finish card went on top while a face-down card was still in the pyramid and the
    /// player had a move that risked nothing.
    early_crown: bool,
    /// The game was lost by a card turned up while the player had a move that risked nothing.
    lost_turning_up: bool,
}

/// Plays one game with every seat at `level`; `omniscient` shows the bots every face-down
/// card (a test-only yardstick, never a level players get).
fn play(level: Level, players: usize, mode: &str, seed: u64, omniscient: bool) -> Ending {
    play_watched(level, players, mode, seed, omniscient).0
}

fn play_watched(
    level: Level,
    players: usize,
    mode: &str,
    seed: u64,
    omniscient: bool,
) -> (Ending, Habits) {
    play_team(&|s| builder(level, s), players, mode, seed, omniscient)
}

/// Plays one game with every seat made by `make` from its seed.
fn play_team(
    make: &dyn Fn(u64) -> Box<dyn Bot<Couperation>>,
    players: usize,
    mode: &str,
    seed: u64,
    omniscient: bool,
) -> (Ending, Habits) {
    let mut habits = Habits::default();
    let mut options = Options::new();
    options.insert("mode".into(), mode.into());
    let mut g = Couperation::new(&options, players).expect("a table of 2 to 4");
    let mut bots: Vec<Box<dyn Bot<Couperation>>> =
        (0..players).map(|s| make(rng::bot_seed(seed, s))).collect();
    let view = |g: &Couperation, seat| {
        if omniscient {
            let mut v = g.view(Viewer::Omniscient);
            v.viewer = Viewer::Seat(seat);
            v
        } else {
            g.view(Viewer::Seat(seat))
        }
    };
    let mut chance = rng::stream(seed, 7);
    for _ in 0..5000 {
        match g.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let o = g.chance_outcomes();
                let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                let i = rng::weighted(&mut chance, &w).expect("chance has outcomes");
                g.apply(Actor::Chance, &o[i].0).expect("legal chance");
            }
            ToMove::Seats(s) => {
                let seat = s[0];
                let legal = g.legal_actions(seat);
                let a = bots[seat].choose(seat, &view(&g, seat), &legal);
                assert!(legal.contains(&a), "seed {seed}: illegal {a:?}");
                if let Action::Combine { slot, .. } = a
                    && matches!(g.pyramid().get(usize::from(slot)), Slot::Up(_))
                {
                    habits.swaps += 1;
                }
                let crowns = matches!(
                    a,
                    Action::Place { c: FINISH, .. } | Action::Combine { take: FINISH, .. }
                );
                // Another move that risks nothing: a card placed, hidden or combined.
                let safe_move = legal.iter().any(|x| match x {
                    Action::Place { c, .. } => *c != FINISH,
                    Action::Hide { .. } => true,
                    Action::Combine { take, .. } => *take != FINISH,
                    _ => false,
                });
                habits.early_crown |= crowns && safe_move && g.pyramid().face_down() > 0;
                g.apply(Actor::Seat(seat), &a).expect("legal");
                habits.lost_turning_up |= matches!(a, Action::Reveal { .. })
                    && safe_move
                    && matches!(g.end(), Some(End::BadReveal { .. }));
            }
        }
        habits.finish_in_reserve |= g.finish() == FinishAt::Reserve;
        for (seat, b) in bots.iter_mut().enumerate() {
            b.observe(&view(&g, seat));
        }
    }
    let ending = match g.end() {
        Some(End::Complete) => Ending::Won,
        Some(End::BadReveal { .. }) => Ending::BadReveal,
        Some(End::Stuck { .. }) => Ending::Stuck,
        None => panic!("seed {seed}: the game did not end"),
    };
    (ending, habits)
}

fn wins(level: Level, players: usize, mode: &str, games: u64, omniscient: bool) -> usize {
    (0..games)
        .filter(|&s| play(level, players, mode, s, omniscient) == Ending::Won)
        .count()
}

/// A hard team keeps the numbers each slot can still take and never turns a card up blind
/// while it has another move; an easy one misjudges and overlooks. Over the same deals the
/// hard team wins clearly more.
#[test]
fn a_hard_team_wins_more_than_an_easy_one() {
    const GAMES: u64 = 150;
    let hard = wins(Level::Hard, 2, "standard", GAMES, false);
    let easy = wins(Level::Easy, 2, "standard", GAMES, false);
    assert!(
        hard >= easy + 15,
        "hard won {hard} and easy {easy} of {GAMES} games"
    );
}

/// Taking the place of a face-up card spends a card for good; the hard team does it only for
/// a real gain (it used to swap four or five times a game and run out of cards at the end).
#[test]
fn the_hard_team_seldom_swaps_face_up_cards() {
    const GAMES: u64 = 60;
    let swaps: usize = (0..GAMES)
        .map(|s| play_watched(Level::Hard, 2, "standard", s, false).1.swaps)
        .sum();
    let per_game = swaps as f64 / GAMES as f64;
    assert!(per_game < 2.5, "{per_game:.2} swaps a game");
}

/// At four players the finish card goes to the reserve, where anyone holding two cards can
/// crown the pyramid when the top opens; at two the holder keeps it in front.
#[test]
fn the_finish_card_waits_in_the_reserve_at_a_big_table() {
    const GAMES: u64 = 40;
    let in_reserve = |players| {
        (0..GAMES)
            .filter(|&s| {
                play_watched(Level::Hard, players, "standard", s, false)
                    .1
                    .finish_in_reserve
            })
            .count()
    };
    let (four, two) = (in_reserve(4), in_reserve(2));
    assert!(four >= 32, "4 players: {four} of {GAMES} games");
    assert!(two < four, "2 players: {two}, 4 players: {four}");
}

/// The finish card on top closes the last open slot, and the next player draws nothing after
/// it: put there while a face-down card still waits, it leaves whoever has no combine to
/// turn a card up blind. The hard team crowns the pyramid only when that wins (or when its
/// only other moves are blind turn-ups).
#[test]
fn the_hard_team_crowns_the_pyramid_only_to_win() {
    const GAMES: u64 = 60;
    let early = (0..GAMES)
        .filter(|&s| {
            play_watched(Level::Hard, 2 + s as usize % 3, "standard", s, false)
                .1
                .early_crown
        })
        .count();
    assert!(early <= 2, "{early} of {GAMES} games crowned early");
}

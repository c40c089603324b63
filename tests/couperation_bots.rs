//! Couperation teams by level. The quick test plays seeded games and checks that a hard team
//! wins clearly more often than an easy one. The measure,
//! `cargo test --release --test couperation_bots -- --ignored --nocapture`, plays 1,000 games
//! (COUPERATION_GAMES sets the count) per table size and mode with the hard team and prints the
//! win rates with 95% intervals, how the lost games ended, and the same for a test-only team
//! that sees every face-down card (what hidden information costs the team).

use hotseat::bots::Level;
use hotseat::engine::{Actor, Bot, Game, Options, ToMove, Viewer, rng};
use hotseat::games::couperation::{Couperation, End};
use hotseat::sim::wilson;

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    BadReveal,
    Stuck,
}

/// Plays one game with every seat at `level`; `omniscient` shows the bots every face-down
/// card (a test-only yardstick, never a level players get).
fn play(level: Level, players: usize, mode: &str, seed: u64, omniscient: bool) -> Ending {
    let mut options = Options::new();
    options.insert("mode".into(), mode.into());
    let mut g = Couperation::new(&options, players).expect("a table of 2 to 4");
    let mut bots: Vec<Box<dyn Bot<Couperation>>> = (0..players)
        .map(|s| {
            hotseat::bots::couperation::make("builder", level, rng::bot_seed(seed, s))
                .expect("builder")
        })
        .collect();
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
                g.apply(Actor::Seat(seat), &a).expect("legal");
            }
        }
        for (seat, b) in bots.iter_mut().enumerate() {
            b.observe(&view(&g, seat));
        }
    }
    match g.end() {
        Some(End::Complete) => Ending::Won,
        Some(End::BadReveal { .. }) => Ending::BadReveal,
        Some(End::Stuck { .. }) => Ending::Stuck,
        None => panic!("seed {seed}: the game did not end"),
    }
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

/// 1,000 games per table size and mode: win rates with 95% intervals.
#[test]
#[ignore = "a measure: plays thousands of games (run with --release)"]
fn measure_the_hard_team() {
    let games: u64 = std::env::var("COUPERATION_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for omniscient in [false, true] {
        for mode in ["standard", "beginner"] {
            for players in 2..=4 {
                let mut ends = [0usize; 3];
                for seed in 0..games {
                    ends[play(Level::Hard, players, mode, seed, omniscient) as usize] += 1;
                }
                let (lo, hi) = wilson(ends[0], games as usize);
                println!(
                    "{} {players}p {mode:8}: wins {:5.1}% [{:4.1}, {:4.1}] of {games}; lost by a card turned up {}, stuck {}",
                    if omniscient { "sees all " } else { "hard     " },
                    100.0 * ends[0] as f64 / games as f64,
                    100.0 * lo,
                    100.0 * hi,
                    ends[1],
                    ends[2],
                );
            }
        }
    }
}

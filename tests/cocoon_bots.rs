//! Cocoon bots by level: `cargo test --release --test cocoon_bots -- --ignored --nocapture`
//! prints how often the hard wheel beats the normal one (seats alternate) with a 95% interval;
//! COCOON_GAMES sets the count.

use hotseat::bots::cocoon::WheelBot;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Bot, Game, Match, Options, ToMove, Viewer};
use hotseat::games::cocoon::Cocoon;

type New = fn(u64) -> WheelBot;

/// Plays one 2-player game; returns the winners.
fn play(bots: [New; 2], seed: u64) -> Vec<usize> {
    let setup = Setup {
        options: Options::new(),
        players: (0..2)
            .map(|i| PlayerEntry::bot(format!("Bot {i}"), "wheel", seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    };
    let mut m = Match::<Cocoon>::new(setup).unwrap();
    let mut players: Vec<WheelBot> = bots
        .iter()
        .enumerate()
        .map(|(i, new)| new(seed.wrapping_mul(31) + i as u64))
        .collect();
    loop {
        match m.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                m.run_chance().unwrap();
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                let legal = m.state.legal_actions(seat);
                let view = m.view(Viewer::Seat(seat));
                let a = players[seat].choose(seat, &view, &legal);
                assert!(legal.contains(&a), "bot chose an illegal {a:?}");
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
    }
    m.state.outcome().unwrap().winners
}

/// Wins of `a` over `games` games against `b`, `a` in seat 1 in even games, seat 2 in odd.
fn wins(a: New, b: New, games: u64) -> f64 {
    let mut won = 0.0;
    for g in 0..games {
        let seat = (g % 2) as usize;
        let bots = if seat == 0 { [a, b] } else { [b, a] };
        let w = play(bots, g + 1);
        if w.contains(&seat) {
            won += 1.0 / w.len() as f64;
        }
    }
    won
}

#[test]
fn hard_and_easy_wheels_finish_games() {
    for g in 0..4 {
        assert!(!play([WheelBot::hard, WheelBot::easy], g).is_empty());
    }
}

#[test]
#[ignore = "measurement: run in release with --nocapture"]
fn measure_hard_against_normal() {
    let games = std::env::var("COCOON_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    for (name, a, b) in [
        (
            "hard vs normal",
            WheelBot::hard as New,
            WheelBot::normal as New,
        ),
        (
            "normal vs easy",
            WheelBot::normal as New,
            WheelBot::easy as New,
        ),
    ] {
        let p = wins(a, b, games) / games as f64;
        let half = 1.96 * (p * (1.0 - p) / games as f64).sqrt();
        println!(
            "{name}: {:.1}% ± {:.1} of {games} 2-player games",
            100.0 * p,
            100.0 * half
        );
    }
}

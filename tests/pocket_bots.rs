//! Pocket's computer players by level. Each level's share of 2-player wins against the perfect
//! memory, with a 95% interval, is `cargo bench --bench strength -- pocket`.

use crate::common::RunChance;
use hotseat::bots::has_levels;
use hotseat::bots::pocket::{KINDS, MemoryBot};
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Bot, Game, Match, Options, ToMove, Viewer};
use hotseat::games::pocket::Pocket;

type New = fn(u64) -> MemoryBot;

/// Plays one 2-player game; returns the winners.
fn play(bots: [New; 2], seed: u64) -> Vec<usize> {
    let setup = Setup {
        options: Options::new(),
        players: (0..2)
            .map(|i| PlayerEntry::bot(format!("Bot {i}"), "memory", seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    };
    let mut m = Match::<Pocket>::new(setup).unwrap();
    let mut players: Vec<MemoryBot> = bots
        .iter()
        .enumerate()
        .map(|(i, new)| new(seed.wrapping_mul(31) + i as u64))
        .collect();
    loop {
        for (seat, p) in players.iter_mut().enumerate() {
            p.observe(&m.view(Viewer::Seat(seat)));
        }
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

/// The actions of one 2-player game between two computer players named as on the command
/// line (`forgetful:easy`).
fn actions(kinds: [&str; 2], seed: u64) -> Vec<String> {
    let setup = Setup {
        options: Options::new(),
        players: kinds
            .iter()
            .enumerate()
            .map(|(i, k)| PlayerEntry::bot(format!("Bot {i}"), *k, seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    };
    let mut m = Match::<Pocket>::new(setup).unwrap();
    let mut players: Vec<Box<dyn Bot<Pocket>>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| hotseat::bots::kinds::pocket(k, seed + i as u64).expect("a Pocket bot"))
        .collect();
    let mut out = Vec::new();
    loop {
        for (seat, p) in players.iter_mut().enumerate() {
            p.observe(&m.view(Viewer::Seat(seat)));
        }
        match m.to_move() {
            ToMove::Over => return out,
            ToMove::Chance => {
                m.run_chance().unwrap();
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                let legal = m.state.legal_actions(seat);
                let view = m.view(Viewer::Seat(seat));
                let a = players[seat].choose(seat, &view, &legal);
                out.push(format!("{seat}:{a:?}"));
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
    }
}

#[test]
fn forgetful_levels_play_differently_on_the_same_seeds() {
    // Each level against the same perfect memory, on the same seeds: a level that changed
    // nothing would play every game move for move alike.
    let games = |kind| -> Vec<Vec<String>> {
        (1..=6)
            .map(|seed| actions([kind, "perfect"], seed))
            .collect()
    };
    let (easy, normal, hard) = (
        games("forgetful:easy"),
        games("forgetful"),
        games("forgetful:hard"),
    );
    assert_ne!(easy, normal);
    assert_ne!(normal, hard);
    assert_ne!(easy, hard);
}

#[test]
fn the_perfect_memory_is_a_kind_of_its_own_without_levels() {
    assert!(KINDS.iter().any(|(k, _)| *k == "perfect"));
    assert!(!has_levels("perfect"));
    // Whatever level a log or a command line gives it, it plays the same.
    for seed in 1..=3 {
        let plain = actions(["perfect", "memory"], seed);
        assert_eq!(actions(["perfect:easy", "memory"], seed), plain);
        assert_eq!(actions(["perfect:hard", "memory"], seed), plain);
    }
}

#[test]
fn every_level_finishes_games() {
    for g in 0..3 {
        assert!(!play([MemoryBot::easy, MemoryBot::hard], g).is_empty());
    }
}

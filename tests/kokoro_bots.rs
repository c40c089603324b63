//! Kokoro bots: they play legal moves from their own view, and the planner scores far above the
//! random bot. The figures over many games are `cargo bench --bench strength -- kokoro`.

use crate::common::RunChance;
use hotseat::bots::kinds::kokoro as make;
use hotseat::bots::kokoro::KINDS;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Game, Match, Options, ToMove, Viewer};
use hotseat::games::kokoro::Kokoro;

/// Plays one game with the given bot kinds per seat; returns the final scores.
fn play(kinds: &[&str], side: &str, decree: &str, seed: u64) -> Vec<i32> {
    let mut options = Options::new();
    options.insert("side".into(), side.into());
    options.insert("decree".into(), decree.into());
    let setup = Setup {
        options,
        players: kinds
            .iter()
            .enumerate()
            .map(|(i, k)| PlayerEntry::bot(format!("Bot {i}"), *k, seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    };
    let mut m = Match::<Kokoro>::new(setup).unwrap();
    let mut bots: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| make(k, seed.wrapping_mul(31) + i as u64).unwrap())
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
                let a = bots[seat].choose(seat, &view, &legal);
                assert!(legal.contains(&a), "bot chose an illegal {a:?}");
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
    }
    m.state.outcome().unwrap().scores
}

fn mean(xs: &[i32]) -> f64 {
    xs.iter().map(|&x| f64::from(x)).sum::<f64>() / xs.len().max(1) as f64
}

/// Mean score of planner seats and of random seats over `games` games of `players` seats
/// (alternating kinds when several).
fn measure(games: u64, players: usize, side: &str, decree: &str) -> (f64, f64) {
    let (mut planner, mut random) = (Vec::new(), Vec::new());
    for g in 0..games {
        if players == 1 {
            planner.extend(play(&["planner"], side, decree, g));
            random.extend(play(&["random"], side, decree, g));
        } else {
            let kinds: Vec<&str> = (0..players)
                .map(|i| {
                    if (i + g as usize).is_multiple_of(2) {
                        "planner"
                    } else {
                        "random"
                    }
                })
                .collect();
            let scores = play(&kinds, side, decree, g);
            for (k, s) in kinds.iter().zip(scores) {
                if *k == "planner" {
                    planner.push(s);
                } else {
                    random.push(s);
                }
            }
        }
    }
    (mean(&planner), mean(&random))
}

#[test]
fn kinds_are_listed_with_the_default_first() {
    assert_eq!(KINDS[0].0, "planner");
    for (k, _) in KINDS {
        assert!(make(k, 1).is_some());
    }
    assert!(make("nobody", 1).is_none());
}

#[test]
fn planner_beats_random_by_far() {
    let (p, r) = measure(6, 1, "blue", "none");
    assert!(p > r + 20.0, "planner {p} vs random {r}");
    let (p, r) = measure(3, 4, "pink", "random");
    assert!(p > r + 20.0, "planner {p} vs random {r}");
}

#[test]
fn bots_play_every_decree() {
    for decree in ["mirror-pool", "sacred-grove", "forgotten-shrine"] {
        let scores = play(&["planner", "random", "planner"], "pink", decree, 3);
        assert_eq!(scores.len(), 3);
    }
}

#[test]
fn sim_reports_zero_boxes_per_seat() {
    // A random player rarely beats its previous box: the sim must count its zero boxes, and
    // a game that ends with none must count none.
    let g = hotseat::registry::find("kokoro").unwrap();
    let kinds = vec!["random".to_string(), "planner".to_string()];
    let r = hotseat::sim::run(g, &kinds, &Options::new(), 4, 1, None).unwrap();
    assert_eq!(r.figures.len(), 2);
    assert!(r.figures.iter().all(|f| f.figure == "zero boxes"));
    assert!(r.figures[0].mean >= 1.0, "{:?}", r.figures);
    assert!(r.figures[0].mean > r.figures[1].mean, "{:?}", r.figures);
    assert!(hotseat::sim::text(&r).contains("zero boxes"));
}

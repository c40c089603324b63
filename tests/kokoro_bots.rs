//! Kokoro bots: they play legal moves from their own view, and the planner scores far above the
//! random bot. `cargo test --release --test kokoro_bots -- --ignored --nocapture` prints the
//! 200-game figures.

use hotseat::bots::kokoro::{KINDS, PlannerBot, make};
use hotseat::engine::Bot;
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
#[ignore = "measurement: run in release with --nocapture"]
fn measure_planner_against_random() {
    for (players, side, decree) in [
        (1, "blue", "none"),
        (1, "pink", "none"),
        (4, "blue", "none"),
        (4, "pink", "random"),
    ] {
        let (p, r) = measure(200, players, side, decree);
        println!("{players} player(s), {side}, decree {decree}: planner {p:.1}, random {r:.1}");
    }
}

#[test]
#[ignore = "diagnostic"]
fn planner_box_profile() {
    let mut zeros = 0;
    let mut boxes = [0u32; 5];
    let mut guard = 0u32;
    let n = 200;
    for g in 0..n {
        let mut options = Options::new();
        options.insert("side".into(), "blue".into());
        let setup = Setup {
            options,
            players: vec![PlayerEntry::bot("b", "planner", g)],
            seed: g,
            started: String::new(),
        };
        let mut m = Match::<Kokoro>::new(setup).unwrap();
        let mut bot = make("planner", g).unwrap();
        while !m.is_over() {
            if m.to_move() == ToMove::Chance {
                m.run_chance().unwrap();
                continue;
            }
            let legal = m.state.legal_actions(0);
            let a = bot.choose(0, &m.view(Viewer::Seat(0)), &legal);
            m.apply(Actor::Seat(0), a, None).unwrap();
        }
        let s = m.view(Viewer::Public).sheets[0];
        zeros += s.zeros as u32;
        guard += u32::from(s.caterpillar_guardian + s.flower_guardian);
        for (i, b) in s.boxes.iter().enumerate() {
            boxes[i] += u32::from(b.unwrap_or(0));
        }
    }
    println!(
        "zeros/game {:.2}, guardians {:.1}, boxes {:?}",
        zeros as f64 / n as f64,
        guard as f64 / n as f64,
        boxes.map(|b| b as f64 / n as f64)
    );
}

type NewBot = fn(u64) -> Box<dyn Bot<Kokoro>>;

/// Solo blue games with one planner level: (mean score, its 95% half-interval, zero boxes per
/// game). Seeds 1..=games, the same as `hotseat sim kokoro --players 1 --games N`.
fn solo_level(games: u64, new: NewBot) -> (f64, f64, f64) {
    let (mut scores, mut zeros) = (Vec::new(), 0u32);
    let mut boxes = [0.0f64; 6];
    let mut zero_at = [0u32; 5];
    for seed in 1..=games {
        let mut options = Options::new();
        options.insert("side".into(), "blue".into());
        let setup = Setup {
            options,
            players: vec![PlayerEntry::bot("b", "planner", seed)],
            seed,
            started: String::new(),
        };
        let mut m = Match::<Kokoro>::new(setup).unwrap();
        let mut bot = new(seed);
        while !m.is_over() {
            if m.to_move() == ToMove::Chance {
                m.run_chance().unwrap();
                continue;
            }
            let legal = m.state.legal_actions(0);
            let view = m.view(Viewer::Seat(0));
            bot.observe(&view);
            let a = bot.choose(0, &view, &legal);
            m.apply(Actor::Seat(0), a, None).unwrap();
        }
        let s = m.view(Viewer::Public).sheets[0];
        zeros += u32::from(s.zeros);
        for (i, b) in s.boxes.iter().enumerate() {
            boxes[i] += f64::from(b.unwrap_or(0)) / games as f64;
            if *b == Some(0) {
                zero_at[i] += 1;
            }
        }
        boxes[5] += f64::from(s.caterpillar_guardian + s.flower_guardian) / games as f64;
        scores.push(f64::from(s.total));
    }
    println!("boxes and guardians {boxes:.1?}, zeros by round {zero_at:?}");
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt(), f64::from(zeros) / n)
}

#[test]
#[ignore = "measurement: run in release with --nocapture; KOKORO_GAMES sets the count"]
fn measure_levels_solo() {
    let games = std::env::var("KOKORO_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(200);
    let levels: [(&str, NewBot); 5] = [
        ("easy", |s| Box::new(PlannerBot::easy(s))),
        ("normal", |s| Box::new(PlannerBot::normal(s))),
        ("lookahead", |s| Box::new(PlannerBot::hard(s))),
        ("search", |s| {
            Box::new(hotseat::bots::search::kokoro::hard(s))
        }),
        ("hard", |s| {
            Box::new(hotseat::bots::search::kokoro::player(s))
        }),
    ];
    let only = std::env::var("KOKORO_LEVEL").unwrap_or_default();
    for (name, new) in levels {
        if !only.is_empty() && !only.contains(name) {
            continue;
        }
        let clock = std::time::Instant::now();
        let (mean, half, zeros) = solo_level(games, new);
        println!(
            "{name}, {games} solo blue games: mean {mean:.1} ± {half:.1}, {zeros:.2} zero boxes a game, {:.1} ms a game",
            clock.elapsed().as_secs_f64() * 1000.0 / games as f64
        );
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

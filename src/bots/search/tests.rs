//! The search player's tests, and its strength measured against the hand-written bots
//! (ignored by default: `cargo test --release --lib bots::search::tests::measure -- --ignored
//! --nocapture`, with `SEARCH_GAMES` games each).

use super::*;
use crate::engine::log::PlayerEntry;
use crate::engine::{Match, Options, Setup, Viewer};

/// Plays one game with one bot per seat as the table does: chance from the seed, every bot to
/// move chooses on the same state, every bot watches every action. Returns the outcome.
pub(crate) fn play<G: Game>(
    options: &Options,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
) -> Option<Outcome> {
    let setup = Setup {
        options: options.clone(),
        players: (0..bots.len())
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed,
        started: "test".into(),
    };
    let mut m = Match::<G>::new(setup).ok()?;
    let show = |m: &Match<G>, bots: &mut [Box<dyn Bot<G>>]| {
        for (s, b) in bots.iter_mut().enumerate() {
            b.observe(&m.state.view(Viewer::Seat(s)));
        }
    };
    show(&m, bots);
    for _ in 0..20_000 {
        match m.to_move() {
            ToMove::Over => return m.state.outcome(),
            ToMove::Chance => {
                let a = m.sample_chance()?;
                m.apply(Actor::Chance, a, None).ok()?;
                show(&m, bots);
            }
            ToMove::Seats(seats) => {
                let mut chosen = Vec::new();
                for &s in &seats {
                    let legal = m.state.bot_actions(s);
                    let view = m.state.view(Viewer::Seat(s));
                    chosen.push((s, bots[s].choose(s, &view, &legal)));
                }
                for (s, a) in chosen {
                    m.apply(Actor::Seat(s), a, None).ok()?;
                    show(&m, bots);
                }
            }
        }
    }
    None
}

/// `SEARCH_PLAYOUTS` playouts per decision by count, or the level's own budget (time-capped)
/// when unset.
fn budget() -> Option<Budget> {
    std::env::var("SEARCH_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map(Budget::exact)
}

fn games() -> u64 {
    std::env::var("SEARCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

/// Mean and 95% half-width of `xs`.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}

mod kokoro {
    use super::*;
    use crate::bots::kokoro::PlannerBot;
    use crate::games::kokoro::Kokoro;

    fn search(seed: u64, playouts: u32) -> Box<dyn Bot<Kokoro>> {
        Box::new(Search::<Kokoro>::with_bots(
            seed,
            Budget::exact(playouts),
            |s| Box::new(PlannerBot::new(s)),
        ))
    }

    #[test]
    fn a_search_decision_is_fixed_by_its_seed_and_legal() {
        let options = Options::new();
        let a = play::<Kokoro>(&options, &mut [search(3, 20), search(4, 20)], 11);
        let b = play::<Kokoro>(&options, &mut [search(3, 20), search(4, 20)], 11);
        assert!(a.is_some(), "the game ends");
        assert_eq!(a, b);
    }

    #[test]
    #[ignore]
    fn measure_kokoro_solo() {
        let playouts: u32 = std::env::var("SEARCH_PLAYOUTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        let (mut s, mut p) = (Vec::new(), Vec::new());
        for seed in 0..games() {
            let o = play::<Kokoro>(&Options::new(), &mut [search(seed, playouts)], seed);
            s.push(f64::from(o.map_or(0, |o| o.scores[0])));
            let o = play::<Kokoro>(
                &Options::new(),
                &mut [Box::new(PlannerBot::new(seed))],
                seed,
            );
            p.push(f64::from(o.map_or(0, |o| o.scores[0])));
        }
        println!(
            "kokoro solo search({playouts}) {:?} planner {:?}",
            mean_ci(&s),
            mean_ci(&p)
        );
    }
}

mod pocket {
    use super::*;
    use crate::bots::pocket::MemoryBot;
    use crate::games::pocket::Pocket;

    /// A seat that saw every view knows the whole state but the unseen tiles.
    #[test]
    fn memory_rebuilds_the_state() {
        for seed in 0..30u64 {
            let players = 2 + seed as usize % 4;
            let mut m = Match::<Pocket>::new(Setup {
                options: Options::new(),
                players: (0..players)
                    .map(|i| PlayerEntry::human(format!("{i}")))
                    .collect(),
                seed,
                started: "t".into(),
            })
            .expect("setup");
            let mut seen: Vec<Vec<_>> = vec![Vec::new(); players];
            let mut r = rng::stream(seed, 5);
            let mut steps = 0;
            while !m.is_over() {
                steps += 1;
                for (s, v) in seen.iter_mut().enumerate() {
                    v.push(m.state.view(Viewer::Seat(s)));
                }
                if let ToMove::Seats(seats) = m.to_move() {
                    for (s, v) in seen.iter().enumerate() {
                        assert!(
                            super::super::pocket::rebuilds(&m.state, s, v),
                            "seed {seed} step {steps} seat {s}"
                        );
                    }
                    let l = m.state.bot_actions(seats[0]);
                    let a = l[rng::below(&mut r, l.len() as u64) as usize];
                    m.apply(Actor::Seat(seats[0]), a, None).expect("legal");
                } else {
                    let a = m.sample_chance().expect("chance");
                    m.apply(Actor::Chance, a, None).expect("chance");
                }
            }
        }
    }

    #[test]
    #[ignore]
    fn measure_pocket_vs_memory() {
        let playouts: u32 = std::env::var("SEARCH_PLAYOUTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        let mut wins = Vec::new();
        for seed in 0..games() {
            // Alternate seats so that the start player's edge cancels out.
            let me = (seed % 2) as usize;
            let mut bots: Vec<Box<dyn Bot<Pocket>>> = vec![
                Box::new(MemoryBot::new(seed, 0)),
                Box::new(MemoryBot::new(seed + 1, 0)),
            ];
            let mut s = if std::env::var("POCKET_RULE").is_ok() {
                super::super::pocket::hard(seed)
            } else {
                Search::with_bots(seed, Budget::exact(playouts), |s| {
                    Box::new(MemoryBot::new(s, 0))
                })
                .primed()
            };
            s.budget = Budget::exact(playouts);
            bots[me] = Box::new(s);
            let o = play::<Pocket>(&Options::new(), &mut bots, seed);
            let w = o.map_or(0.0, |o| {
                if o.winners.contains(&me) {
                    1.0 / o.winners.len() as f64
                } else {
                    0.0
                }
            });
            wins.push(w);
        }
        println!(
            "pocket 2p search({playouts}) vs memory: win {:?}",
            mean_ci(&wins)
        );
    }
}

mod couperation {
    use super::*;
    use crate::bots::couperation::Builder;
    use crate::games::couperation::Couperation;

    #[test]
    #[ignore]
    fn measure_couperation_team() {
        let playouts: u32 = std::env::var("SEARCH_PLAYOUTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        let players: usize = std::env::var("SEARCH_PLAYERS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2);
        let (mut s, mut b) = (Vec::new(), Vec::new());
        for seed in 0..games() {
            let mut bots: Vec<Box<dyn Bot<Couperation>>> = (0..players)
                .map(|i| {
                    let mut x = super::super::couperation::hard(seed * 8 + i as u64);
                    x.budget = Budget::exact(playouts);
                    Box::new(x) as Box<dyn Bot<Couperation>>
                })
                .collect();
            let o = play::<Couperation>(&Options::new(), &mut bots, seed);
            s.push(o.map_or(0.0, |o| f64::from(!o.winners.is_empty() as u8)));
            let mut bots: Vec<Box<dyn Bot<Couperation>>> = (0..players)
                .map(|i| {
                    Box::new(Builder::new(seed * 8 + i as u64, crate::bots::Level::Hard))
                        as Box<dyn Bot<Couperation>>
                })
                .collect();
            let o = play::<Couperation>(&Options::new(), &mut bots, seed);
            b.push(o.map_or(0.0, |o| f64::from(!o.winners.is_empty() as u8)));
        }
        println!(
            "couperation {players}p search({playouts}) team win {:?} builder {:?}",
            mean_ci(&s),
            mean_ci(&b)
        );
    }
}

mod cocoon {
    use super::*;
    use crate::bots::cocoon::WheelBot;
    use crate::games::cocoon::Cocoon;

    /// The replay finds, from a seat's views alone, a state that shows it the same view.
    #[test]
    fn replay_finds_a_state_behind_every_view() {
        for seed in 0..6u64 {
            let players = 2 + seed as usize % 4;
            let mut m = Match::<Cocoon>::new(Setup {
                options: Options::new(),
                players: (0..players)
                    .map(|i| PlayerEntry::human(format!("{i}")))
                    .collect(),
                seed,
                started: "t".into(),
            })
            .expect("setup");
            let mut seen: Vec<_> = vec![m.state.view(Viewer::Seat(0))];
            let mut r = rng::stream(seed, 5);
            let mut decisions = 0;
            while !m.is_over() {
                if let ToMove::Seats(seats) = m.to_move() {
                    if seats[0] == 0 && decisions % 5 == 0 {
                        let (_, g) = Cocoon::belief(0, &seen).expect("a replay");
                        assert_eq!(g.view(Viewer::Seat(0)), *seen.last().expect("a view"));
                    }
                    decisions += 1;
                    let l = m.state.bot_actions(seats[0]);
                    let a = l[rng::below(&mut r, l.len() as u64) as usize];
                    m.apply(Actor::Seat(seats[0]), a, None).expect("legal");
                } else {
                    let a = m.sample_chance().expect("chance");
                    m.apply(Actor::Chance, a, None).expect("chance");
                }
                seen.push(m.state.view(Viewer::Seat(0)));
            }
        }
    }

    #[test]
    #[ignore]
    fn measure_cocoon_vs_wheel() {
        let playouts: u32 = std::env::var("SEARCH_PLAYOUTS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200);
        let mut wins = Vec::new();
        for seed in 0..games() {
            let me = (seed % 2) as usize;
            let mut bots: Vec<Box<dyn Bot<Cocoon>>> = vec![
                Box::new(WheelBot::new(seed)),
                Box::new(WheelBot::new(seed + 1)),
            ];
            bots[me] =
                Box::new(super::super::cocoon::hard(seed).with_budget(Budget::exact(playouts)));
            let o = play::<Cocoon>(&Options::new(), &mut bots, seed);
            wins.push(o.map_or(0.0, |o| {
                if o.winners.contains(&me) {
                    1.0 / o.winners.len() as f64
                } else {
                    0.0
                }
            }));
        }
        println!(
            "cocoon 2p search({playouts}) vs wheel: win {:?}",
            mean_ci(&wins)
        );
    }
}

mod rocca {
    use super::*;
    use crate::bots::rocca::SleuthBot;
    use crate::games::rocca::Rocca;

    fn search(seed: u64) -> Box<dyn Bot<Rocca>> {
        let s = super::super::rocca::hard(seed);
        Box::new(match budget() {
            Some(b) => s.with_budget(b),
            None => s,
        })
    }

    /// Village win rates at 5 players: all sleuths; search villagers against a sleuth
    /// Monster; sleuth villagers against a search Monster.
    #[test]
    #[ignore]
    fn measure_rocca_village() {
        let players = 5;
        let (mut base, mut vill, mut mons) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 0..games() {
            let mut m = Match::<Rocca>::new(Setup {
                options: Options::new(),
                players: (0..players)
                    .map(|i| PlayerEntry::human(format!("{i}")))
                    .collect(),
                seed,
                started: "t".into(),
            })
            .expect("setup");
            m.run_chance().expect("setup deal");
            let killer = m.state.killer_at().map_or(0, crate::games::rocca::owner);
            let village = |o: Option<Outcome>| {
                o.map_or(0.0, |o| f64::from(!o.winners.contains(&killer) as u8))
            };
            let sleuths = |seed: u64| -> Vec<Box<dyn Bot<Rocca>>> {
                (0..players)
                    .map(|i| Box::new(SleuthBot::new(seed * 8 + i as u64)) as Box<dyn Bot<Rocca>>)
                    .collect()
            };
            base.push(village(play::<Rocca>(
                &Options::new(),
                &mut sleuths(seed),
                seed,
            )));
            let mut bots = sleuths(seed);
            for (i, b) in bots.iter_mut().enumerate() {
                if i != killer {
                    *b = search(seed * 8 + i as u64);
                }
            }
            vill.push(village(play::<Rocca>(&Options::new(), &mut bots, seed)));
            let mut bots = sleuths(seed);
            bots[killer] = search(seed * 8 + killer as u64);
            mons.push(village(play::<Rocca>(&Options::new(), &mut bots, seed)));
        }
        println!(
            "rocca 5p village win: all sleuth {:?}; search villagers {:?}; search monster {:?}",
            mean_ci(&base),
            mean_ci(&vill),
            mean_ci(&mons)
        );
    }
}

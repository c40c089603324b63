//! The search player's tests. Its strength against the hand-written bots (the hard levels) is
//! measured by `cargo bench --bench strength`.

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
        // The same game twice, side by side.
        let game = || play::<Kokoro>(&options, &mut [search(3, 20), search(4, 20)], 11);
        let (a, b) = std::thread::scope(|s| {
            let first = s.spawn(game);
            let b = game();
            (first.join().expect("first game"), b)
        });
        assert!(a.is_some(), "the game ends");
        assert_eq!(a, b);
    }
}

mod pocket {
    use super::*;
    use crate::games::pocket::Pocket;

    /// A seat that saw every view knows the whole state but the unseen tiles.
    #[test]
    fn memory_rebuilds_the_state() {
        // The even seeds on a thread of their own, the odd ones here.
        std::thread::scope(|s| {
            s.spawn(|| (0..30).step_by(2).for_each(memory_rebuilds_the_state_in));
            (1..30).step_by(2).for_each(memory_rebuilds_the_state_in);
        });
    }

    fn memory_rebuilds_the_state_in(seed: u64) {
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

// That the replay finds, from a seat's views alone, a state that shows Cocoon's seat the same
// view is checked for every game's determinization by `tests/common/conformance.rs`.

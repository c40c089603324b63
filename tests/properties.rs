//! Properties every registered game must have, over many seeded random playouts per player
//! count and option: legal actions apply, others are refused, the game ends, scores exist
//! exactly at the end, the log replays to the same state byte for byte, and no seat's view
//! changes when something it may not know changes.
//!
//! `HOTSEAT_PLAYOUTS` sets the playouts per player count (default below); they cycle through
//! the option sets (each value of each option).

use hotseat::engine::log::{self, PlayerEntry};
use hotseat::engine::rng;
use hotseat::engine::{Actor, Game, Match, Options, Setup, ToMove, Viewer};

const DEFAULT_PLAYOUTS: usize = 1000;
const MAX_ACTIONS: usize = 20_000;

fn playouts() -> usize {
    std::env::var("HOTSEAT_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_PLAYOUTS)
}

fn setup(players: usize, options: &Options, seed: u64) -> Setup {
    Setup {
        options: options.clone(),
        players: (0..players)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed,
        started: "2026-11-25T00:00:00Z".into(),
    }
}

/// Every option set worth trying: each value of each option with the others at their default.
fn option_sets<G: Game>() -> Vec<Options> {
    let mut sets = vec![Options::new()];
    for spec in G::OPTIONS {
        for v in spec.values.iter().skip(1) {
            let mut o = Options::new();
            o.insert(spec.key.to_string(), v.to_string());
            sets.push(o);
        }
    }
    sets
}

/// Plays one seeded random game, checking the step properties on the way; returns the match.
fn random_playout<G: Game>(players: usize, options: &Options, seed: u64) -> Option<Match<G>> {
    let mut m = Match::<G>::new(setup(players, options, seed)).ok()?;
    let mut pick = rng::stream(seed ^ 0xB07, 0);
    let mut seen: Vec<G::Action> = Vec::new();
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(
            steps < MAX_ACTIONS,
            "{} seed {seed}: no end after {MAX_ACTIONS} actions",
            G::ID
        );
        let to_move = m.to_move();
        assert_eq!(
            m.state.outcome().is_some(),
            to_move == ToMove::Over,
            "{} seed {seed}: outcome iff over",
            G::ID
        );
        for s in 0..players {
            if !to_move.includes(s) {
                assert!(
                    m.state.legal_actions(s).is_empty(),
                    "{} seed {seed}: seat {s} not to move has actions",
                    G::ID
                );
            }
        }
        if steps % 7 == 0 {
            check_views(&m.state, players, steps as u64);
        }
        match to_move {
            ToMove::Over => return Some(m),
            ToMove::Chance => {
                let outcomes = m.state.chance_outcomes();
                assert!(
                    !outcomes.is_empty(),
                    "{} seed {seed}: chance without outcomes",
                    G::ID
                );
                assert!(outcomes.iter().all(|(_, w)| *w > 0));
                let a = m.sample_chance().expect("chance outcome");
                m.apply(Actor::Chance, a, None)
                    .expect("chance outcome applies");
            }
            ToMove::Seats(seats) => {
                assert!(!seats.is_empty());
                let seat = seats[rng::below(&mut pick, seats.len() as u64) as usize];
                let legal = m.state.legal_actions(seat);
                assert!(
                    !legal.is_empty(),
                    "{} seed {seed}: seat {seat} to move without actions",
                    G::ID
                );
                // A sample of refusals: an earlier action that is not legal now, and chance acting.
                if let Some(old) = seen.iter().rev().find(|a| !legal.contains(a)) {
                    let mut probe = m.state.clone();
                    assert!(
                        probe.apply(Actor::Seat(seat), old).is_err(),
                        "{} seed {seed}: illegal {old:?} applied",
                        G::ID
                    );
                }
                let mut probe = m.clone();
                assert!(probe.apply(Actor::Chance, legal[0].clone(), None).is_err());
                if let Some(other) = (0..players).find(|s| !seats.contains(s)) {
                    let mut probe = m.clone();
                    assert!(
                        probe
                            .apply(Actor::Seat(other), legal[0].clone(), None)
                            .is_err()
                    );
                }
                // The random player is a computer player: it picks among `bot_actions`, which
                // are some of the legal actions, never none.
                let choices = m.state.bot_actions(seat);
                assert!(
                    !choices.is_empty() && choices.iter().all(|a| legal.contains(a)),
                    "{} seed {seed}: bot actions must be legal and not empty",
                    G::ID
                );
                let a = choices[rng::below(&mut pick, choices.len() as u64) as usize].clone();
                if seen.len() < 64 {
                    seen.push(a.clone());
                } else {
                    let k = rng::below(&mut pick, 64) as usize;
                    seen[k] = a.clone();
                }
                m.apply(Actor::Seat(seat), a, None)
                    .expect("legal action applies");
            }
        }
    }
}

fn check_views<G: Game>(state: &G, players: usize, salt: u64) {
    let mut viewers: Vec<Viewer> = (0..players).map(Viewer::Seat).collect();
    viewers.push(Viewer::Public);
    for v in viewers {
        let varied = state.vary_hidden(v, salt);
        assert_eq!(
            state.view(v),
            varied.view(v),
            "{}: {v:?}'s view changed with a secret it may not know",
            G::ID
        );
    }
}

fn check_round_trip<G: Game>(m: &Match<G>) {
    let json = log::to_json(&m.to_log());
    let parsed = log::parse(&json).expect("own log parses");
    let back = Match::<G>::from_log(&parsed).expect("own log re-simulates");
    assert_eq!(back.state, m.state, "{}: replayed state differs", G::ID);
    assert_eq!(
        log::to_json(&back.to_log()),
        json,
        "{}: log is not byte-identical after a round trip",
        G::ID
    );
}

pub fn check_game<G: Game>() {
    let n = playouts();
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        // Variants this player count cannot take (e.g. a start seat beyond the table) drop out.
        let sets: Vec<Options> = option_sets::<G>()
            .into_iter()
            .filter(|o| Match::<G>::new(setup(players, o, 0)).is_ok())
            .collect();
        for k in 0..n as u64 {
            let options = &sets[k as usize % sets.len()];
            let seed = k * 7919 + players as u64;
            let m = random_playout::<G>(players, options, seed).expect("setup");
            if k % 10 == 0 {
                check_round_trip(&m);
            }
            if k % 100 == 0 {
                let again = random_playout::<G>(players, options, seed).expect("setup");
                assert_eq!(
                    log::to_json(&again.to_log()),
                    log::to_json(&m.to_log()),
                    "same seed, same log"
                );
            }
        }
    }
}

macro_rules! game_properties {
    ($($name:ident => $game:ty),* $(,)?) => {
        $(#[test] fn $name() { check_game::<$game>(); })*
    };
}

game_properties! {
    pocket => hotseat::games::pocket::Pocket,
    kokoro => hotseat::games::kokoro::Kokoro,
    couperation => hotseat::games::couperation::Couperation,
    rocca => hotseat::games::rocca::Rocca,
    cocoon => hotseat::games::cocoon::Cocoon,
}

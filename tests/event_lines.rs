//! Event lines never tell a viewer a secret: when two actions (or two chance outcomes) leave a
//! viewer's view the same while some other view tells them apart, that viewer's event line for
//! them is the same too.
//! The screen tests (`src/ui/secrets_tests.rs`) vary the state, not the history; this covers
//! the event pane, whose lines are written when each action is applied. See `docs/secrets.md`.

use hotseat::engine::log::PlayerEntry;
use hotseat::engine::rng;
use hotseat::engine::{Actor, Game, Match, Options, Setup, ToMove, Viewer};

const SEEDS: u64 = 6;
const MAX_ACTIONS: usize = 3000;
/// Other actions compared with the one played, at each step.
const OTHERS: usize = 6;

fn option_sets<G: Game>(players: usize) -> Vec<Options> {
    let mut sets = vec![Options::new()];
    for spec in G::OPTIONS {
        for v in spec.values.iter().skip(1) {
            let mut o = Options::new();
            o.insert(spec.key.to_string(), v.to_string());
            sets.push(o);
        }
    }
    sets.retain(|o| G::new(o, players).is_ok());
    sets
}

/// `a` and `b` by `actor` look the same to `viewer` afterwards: their lines must match.
fn check_pair<G: Game>(state: &G, actor: Actor, a: &G::Action, b: &G::Action, players: usize) {
    let (mut after_a, mut after_b) = (state.clone(), state.clone());
    if after_a.apply(actor, a).is_err() || after_b.apply(actor, b).is_err() {
        return;
    }
    // When not even the omniscient view tells them apart, nobody has a secret to keep here.
    if after_a.view(Viewer::Omniscient) == after_b.view(Viewer::Omniscient) {
        return;
    }
    let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Public]);
    // The actor knows what it chose, whatever its view shows afterwards.
    for v in viewers.filter(|&v| Actor::Seat(seat_of(v)) != actor) {
        if after_a.view(v) == after_b.view(v) {
            let (la, lb) = (state.describe(actor, a, v), state.describe(actor, b, v));
            assert_eq!(
                la,
                lb,
                "{}: {v:?} cannot tell {a:?} from {b:?} by its view, but its event lines differ",
                G::ID
            );
        }
    }
}

fn seat_of(v: Viewer) -> usize {
    match v {
        Viewer::Seat(s) => s,
        _ => usize::MAX,
    }
}

fn check_game<G: Game>() {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS.min(5) {
        for (k, options) in option_sets::<G>(players).into_iter().enumerate() {
            for seed in 0..SEEDS {
                let seed = seed * 31 + k as u64 * 1000 + players as u64;
                let mut m = Match::<G>::new(Setup {
                    options: options.clone(),
                    players: (0..players)
                        .map(|i| PlayerEntry::human(format!("P{i}")))
                        .collect(),
                    seed,
                    started: "2026-11-25T00:00:00Z".into(),
                })
                .expect("setup");
                let mut pick = rng::stream(seed, 7);
                for _ in 0..MAX_ACTIONS {
                    let (actor, options): (Actor, Vec<G::Action>) = match m.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => (
                            Actor::Chance,
                            m.state
                                .chance_outcomes()
                                .into_iter()
                                .map(|(a, _)| a)
                                .collect(),
                        ),
                        ToMove::Seats(seats) => {
                            let seat = seats[rng::below(&mut pick, seats.len() as u64) as usize];
                            (Actor::Seat(seat), m.state.legal_actions(seat))
                        }
                    };
                    let chosen = match actor {
                        Actor::Chance => match m.sample_chance() {
                            Some(a) => a,
                            None => break,
                        },
                        // Played as a computer player would, so that every game ends.
                        Actor::Seat(seat) => {
                            let choices = m.state.bot_actions(seat);
                            choices[rng::below(&mut pick, choices.len() as u64) as usize].clone()
                        }
                    };
                    for _ in 0..OTHERS.min(options.len()) {
                        let other = &options[rng::below(&mut pick, options.len() as u64) as usize];
                        check_pair(&m.state, actor, &chosen, other, players);
                    }
                    m.apply(actor, chosen, None).expect("legal");
                }
            }
        }
    }
}

macro_rules! event_line_checks {
    ($($name:ident => $game:ty),* $(,)?) => {
        $(#[test] fn $name() { check_game::<$game>(); })*
    };
}

event_line_checks! {
    pocket => hotseat::games::pocket::Pocket,
    kokoro => hotseat::games::kokoro::Kokoro,
    couperation => hotseat::games::couperation::Couperation,
    rocca => hotseat::games::rocca::Rocca,
    cocoon => hotseat::games::cocoon::Cocoon,
}

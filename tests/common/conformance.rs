//! The conformance check every game of the registry runs (`tests/conformance.rs`), OpenSpiel
//! style: its four parts ([`check_rules`], [`check_driver`], [`check_event_lines`],
//! [`check_drawn_states`]) are four tests per game, so they run side by side.
//!
//! - Rules, over many seeded random playouts per player count and option: legal actions apply,
//!   others are refused, the game ends, scores exist exactly at the end, the log replays to the
//!   same state byte for byte, and no view changes when something its viewer may not know
//!   changes (`vary_hidden`).
//! - The driver, with a person in seat 0 against random computer players: undo takes a
//!   decision back to exactly the state before it and never across a step that showed the
//!   person something (no view, no event line), and the log is written at most once per
//!   decision (plus the final result).
//! - Event lines never tell a viewer a secret ([`check_event_lines`]).
//! - The search player's determinizations: a state drawn from what a seat has seen shows that
//!   seat exactly what it was shown and offers it the same moves ([`check_drawn_states`]).
//!
//! `HOTSEAT_PLAYOUTS` sets the rules playouts per player count (default below); they cycle
//! through the option sets (each value of each option). Panics name the game, seed and problem.
//!
//! Only the integration tests use it (`tests/conformance.rs`, `tests/bots_blind.rs`,
//! `tests/hints.rs`), so it lives with them, over the library's public interface: the product
//! does not carry it, and no `testkit` feature is needed (a dev-dependency of the crate on
//! itself made the unit tests' build wait for the library's).

use std::sync::{Arc, Mutex};

use hotseat::bots::search::Determinize;
use hotseat::engine::log::{self, LogFile, PlayerEntry};
use hotseat::engine::rng;
use hotseat::engine::table::{LogStore, Next, Pace};
use hotseat::engine::{Actor, Game, Match, Options, Setup, Table, ToMove, Viewer};
use hotseat::ui::Playable;

use super::option_sets;

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

/// Plays one seeded random game, checking the step properties on the way; returns the match.
fn random_playout<G: Game>(players: usize, options: &Options, seed: u64) -> Option<Match<G>> {
    let mut m = Match::<G>::new(setup(players, options, seed)).ok()?;
    let mut pick = rng::stream(seed ^ 0xB07, 0);
    let mut seen: Vec<G::Action> = Vec::new();
    let mut listed = Vec::new();
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
                // Into a buffer that held the last chance step's outcomes: the same list.
                m.state.chance_outcomes_into(&mut listed);
                assert_eq!(
                    listed,
                    outcomes,
                    "{} seed {seed}: chance_outcomes_into",
                    G::ID
                );
                same_pick(&m.state, &outcomes, &mut listed, (seed, steps));
                let a = m.sample_chance().expect("chance outcome");
                if steps % 7 == 3 {
                    same_when_offered(&m.state, Actor::Chance, &a, (seed, players, steps));
                }
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
                // Refused on the match itself, not on a copy: a refusal must leave the match as
                // it was, and the rest of the playout (the log's round trip among it) would show
                // it if one did not. Copying the match and its history twice a step was most of
                // this check's time.
                assert!(m.apply(Actor::Chance, legal[0].clone(), None).is_err());
                if let Some(other) = (0..players).find(|s| !seats.contains(s)) {
                    assert!(m.apply(Actor::Seat(other), legal[0].clone(), None).is_err());
                }
                // The random player is a computer player: it picks among `bot_actions`, which
                // are some of the legal actions, never none.
                let choices = m.state.bot_actions(seat);
                assert!(
                    !choices.is_empty()
                        && (choices == legal || choices.iter().all(|a| legal.contains(a))),
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
                if steps % 7 == 3 {
                    same_when_offered(&m.state, Actor::Seat(seat), &a, (seed, players, steps));
                }
                m.apply(Actor::Seat(seat), a, None)
                    .expect("legal action applies");
            }
        }
    }
}

/// [`Game::chance_pick`], which the search's playouts draw with, is told the outcomes' total
/// weight and answers the outcome covering the place it is given, as walking the list does:
/// the first place, the last, and one that moves with the step (not drawn from the playout's
/// generator, which would change the games played).
fn same_pick<G: Game>(
    state: &G,
    outcomes: &[(G::Action, u32)],
    buf: &mut Vec<(G::Action, u32)>,
    (seed, steps): (u64, usize),
) {
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    let moving = (seed ^ steps as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) % total;
    for place in [0, total - 1, moving] {
        let mut left = place;
        let walked = outcomes.iter().find_map(|(a, w)| {
            if left < u64::from(*w) {
                Some(a.clone())
            } else {
                left -= u64::from(*w);
                None
            }
        });
        let picked = state.chance_pick(buf, &mut |t| {
            assert_eq!(t, total, "{} seed {seed}: chance_pick's total", G::ID);
            place
        });
        assert_eq!(
            picked,
            walked,
            "{} seed {seed}: chance_pick at {place}",
            G::ID
        );
    }
}

/// [`Game::apply_offered`], which the search's playouts use, leaves the state exactly as the
/// checked [`Game::apply`] does for an action the state offered.
fn same_when_offered<G: Game>(
    state: &G,
    actor: Actor,
    a: &G::Action,
    (seed, players, steps): (u64, usize, usize),
) {
    let (mut checked, mut offered) = (state.clone(), state.clone());
    checked.apply(actor, a).expect("an offered action applies");
    offered
        .apply_offered(actor, a)
        .expect("an offered action applies unchecked");
    assert!(
        checked == offered,
        "{} seed {seed}: {a:?} by {actor:?} leaves another state unchecked",
        G::ID
    );
    // Every seventh check: views cost much in some games (Kokoro's score sheets).
    if steps % 49 == 3 {
        same_shows(state, &checked, (seed, players));
    }
}

/// [`Game::shows`] answers as comparing [`Game::view`]s does, and [`Game::view_into`] builds
/// the same view, for the first and last seat and the public, whether the view is the state's
/// own or the other state's (one step apart: usually another view).
fn same_shows<G: Game>(a: &G, b: &G, (seed, players): (u64, usize)) {
    let mut viewers = vec![Viewer::Seat(0), Viewer::Public];
    if players > 1 {
        viewers.push(Viewer::Seat(players - 1));
    }
    for v in viewers {
        let (va, vb) = (a.view(v), b.view(v));
        let same = va == vb;
        // `view_into` over the other state's view (buffers of other lengths) builds the same.
        for (state, own, other) in [(a, &va, &vb), (b, &vb, &va)] {
            let mut reused = other.clone();
            state.view_into(v, &mut reused);
            assert_eq!(
                reused,
                *own,
                "{} seed {seed}: view_into and view disagree for {v:?}",
                G::ID
            );
        }
        for (state, own, other) in [(a, &va, &vb), (b, &vb, &va)] {
            assert!(
                state.shows(v, own),
                "{} seed {seed}: a state does not show {v:?} its own view",
                G::ID
            );
            assert_eq!(
                state.shows(v, other),
                same,
                "{} seed {seed}: shows and view disagree for {v:?}",
                G::ID
            );
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

/// The rules over [`playouts`] random playouts per player count; each player count on a
/// thread of its own (Kokoro seats 1 to 8), so that the longest test of the suite is not
/// one game's player counts one after another.
pub fn check_rules<G: Game>() {
    std::thread::scope(|s| {
        for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
            s.spawn(move || check_rules_for::<G>(players));
        }
    });
}

fn check_rules_for<G: Game>(players: usize) {
    let n = playouts();
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

/// Playouts per player count for the driver checks (each plays a whole game through a table).
const DRIVER_PLAYOUTS: u64 = 6;

/// Counts the log writes of a table and keeps the last log written.
#[derive(Clone, Default)]
pub struct CountingStore {
    pub writes: Arc<Mutex<usize>>,
    pub last: Arc<Mutex<Option<LogFile>>>,
}

impl CountingStore {
    pub fn writes(&self) -> usize {
        self.writes.lock().map(|w| *w).unwrap_or(0)
    }
}

impl LogStore for CountingStore {
    fn write(&mut self, l: &LogFile) -> std::io::Result<()> {
        if let Ok(mut w) = self.writes.lock() {
            *w += 1;
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some(l.clone());
        }
        Ok(())
    }
    fn name(&self) -> String {
        "counting store".into()
    }
}

/// A person in seat 0, random computer players elsewhere, played through [`Table::advance`]
/// as the game screen does; undo is tried at random where it is offered.
pub fn check_driver<G: Playable>() {
    let mut undos = 0;
    for players in G::MIN_PLAYERS.max(1)..=G::MAX_PLAYERS {
        for k in 0..DRIVER_PLAYOUTS {
            undos += driver_playout::<G>(players, k * 104_729 + players as u64);
        }
    }
    // The help offers `u` exactly for the games where it can act.
    let help = <G::Ui as hotseat::ui::GameUi<G>>::UNDO;
    assert_eq!(
        undos > 0,
        help.is_some(),
        "{}: undo acted {undos} times, and the help says {help:?}",
        G::ID
    );
}

/// Returns how many times undo acted.
fn driver_playout<G: Playable>(players: usize, seed: u64) -> usize {
    let entries = (0..players)
        .map(|i| {
            if i == 0 {
                PlayerEntry::human("Person")
            } else {
                PlayerEntry::bot(format!("Bot {i}"), "random", seed + i as u64)
            }
        })
        .collect();
    let setup = Setup {
        options: Options::new(),
        players: entries,
        seed,
        started: "2026-11-25T00:00:00Z".into(),
    };
    let Ok(m) = Match::<G>::new(setup) else {
        return 0;
    };
    let mut t = Table::new(m, G::make_bot).expect("random bots exist");
    let store = CountingStore::default();
    t.set_store(Some(Box::new(store.clone())));
    let pace = Pace {
        bot_rounds: usize::MAX,
        hold_for: Some(0),
    };
    let mut pick = rng::stream(seed ^ 0x0D0, 0);
    let (mut decisions, mut undos, mut steps) = (0usize, 0usize, 0usize);
    let id = G::ID;
    loop {
        steps += 1;
        assert!(
            steps < MAX_ACTIONS,
            "{id} seed {seed}: the driver never ends"
        );
        let next = t.advance(pace).expect("the driver plays");
        if next == Next::Over {
            break;
        }
        if let Some(n) = t.undo_span(0)
            && undos < 8
            && rng::below(&mut pick, 3) == 0
        {
            check_undo(&mut t, n, seed);
            undos += 1;
            continue;
        }
        match next {
            Next::Held(seat) => {
                assert_eq!(seat, 0, "{id} seed {seed}: held for a computer player");
                assert!(
                    t.undo_span(0).is_some(),
                    "{id} seed {seed}: held without undo"
                );
                t.release().expect("a held step plays");
            }
            Next::People(seats) => {
                assert_eq!(seats, vec![0], "{id} seed {seed}: only seat 0 is a person");
                // A random person: choices from `bot_actions` keep the game finite.
                let legal = t.m.state.bot_actions(0);
                let a = legal[rng::below(&mut pick, legal.len() as u64) as usize].clone();
                t.apply(Actor::Seat(0), a, Some(1))
                    .expect("legal action applies");
                decisions += 1;
            }
            Next::Bots(_) | Next::Over => panic!("{id} seed {seed}: stopped at {next:?}"),
        }
    }
    // The first write comes with the store, one per undo; the rest at most one per decision
    // and one for the result.
    let writes = store.writes() - 1 - undos;
    assert!(
        writes <= decisions + 1,
        "{id} seed {seed}: {writes} log writes for {decisions} decisions"
    );
    let last = store
        .last
        .lock()
        .ok()
        .and_then(|l| l.clone())
        .expect("a log");
    assert_eq!(
        last,
        t.m.to_log(),
        "{id} seed {seed}: the stored log is behind"
    );
    undos
}

/// Takes `n` steps back for seat 0 and checks that nothing taken back had shown it anything.
fn check_undo<G: Playable>(t: &mut Table<G>, n: usize, seed: u64) {
    let id = G::ID;
    let keep = t.m.history.len() - n;
    let decision = &t.m.history[keep];
    assert_eq!(
        decision.actor,
        Actor::Seat(0),
        "{id} seed {seed}: undo starts elsewhere"
    );
    assert!(
        decision.undoable,
        "{id} seed {seed}: undo of a final decision"
    );
    let mut state = t.m.state_at(keep + 1);
    for step in &t.m.history[keep + 1..] {
        if step.actor == Actor::Chance {
            let lines: Vec<String> = state
                .chance_outcomes()
                .iter()
                .map(|(a, _)| state.describe(Actor::Chance, a, Viewer::Seat(0)))
                .collect();
            assert!(
                lines.windows(2).all(|w| w[0] == w[1]),
                "{id} seed {seed}: undo across a chance step seat 0 could read: {lines:?}"
            );
            // Nor may a step read differently where only what seat 0 cannot see differs
            // (a forced step can still uncover something hidden before).
            let line = state.describe(Actor::Chance, &step.action, Viewer::Seat(0));
            for salt in 0..3 {
                let other = state.vary_hidden(Viewer::Seat(0), salt);
                if other
                    .chance_outcomes()
                    .iter()
                    .any(|(a, _)| *a == step.action)
                {
                    assert_eq!(
                        other.describe(Actor::Chance, &step.action, Viewer::Seat(0)),
                        line,
                        "{id} seed {seed}: undo across a step that told seat 0 something"
                    );
                }
            }
        }
        let _ = state.apply(step.actor, &step.action);
    }
    let before = t.m.state_at(keep);
    assert!(t.undo(0), "{id} seed {seed}: undo offered but refused");
    assert_eq!(
        t.m.state, before,
        "{id} seed {seed}: undo did not restore the state"
    );
    assert_eq!(t.m.history.len(), keep);
}

/// Decisions checked per game by [`check_bot_blind`].
const BLIND_DECISIONS: usize = 6;

/// A computer player sees only its own seat's view: along seeded random games, at decisions
/// spread over each game, two copies of the bot with the same seed watch the same views; one
/// chooses on the true state, the other on the state with everything its seat may not know
/// varied (`vary_hidden`). Their choices must be the same. Run it for every bot of a game with
/// [`check_bots_blind`], or for one bot built by `make` (e.g. a search level).
pub fn check_bot_blind<G: Game>(
    name: &str,
    make: &dyn Fn(u64) -> Box<dyn hotseat::engine::Bot<G>>,
    games: u64,
) {
    let players = G::MIN_PLAYERS..=G::MAX_PLAYERS.min(G::MIN_PLAYERS + 2);
    check_bot_blind_with(name, make, &Options::new(), players, games);
}

/// [`check_bot_blind`] with these game options and table sizes (e.g. a game's optional roles).
pub fn check_bot_blind_with<G: Game>(
    name: &str,
    make: &dyn Fn(u64) -> Box<dyn hotseat::engine::Bot<G>>,
    options: &Options,
    players: std::ops::RangeInclusive<usize>,
    games: u64,
) {
    for players in players {
        for seed in 0..games {
            let Some(m) = random_playout::<G>(players, options, seed * 31 + 7) else {
                continue;
            };
            for (at, seat) in spread_decisions(&m) {
                let viewer = Viewer::Seat(seat);
                // What the seat watched before this decision, as the table shows it.
                let mut state = m.initial.clone();
                let mut watched = Vec::with_capacity(at);
                for step in &m.history[..at] {
                    watched.push(state.view(viewer));
                    let _ = state.apply(step.actor, &step.action);
                }
                let varied = state.vary_hidden(viewer, seed ^ at as u64);
                let view = state.view(viewer);
                assert_eq!(view, varied.view(viewer), "{}: vary_hidden leaks", G::ID);
                let legal = state.bot_actions(seat);
                let bot_seed = rng::bot_seed(seed, seat);
                let mut choices = Vec::new();
                for s in [&state, &varied] {
                    let mut bot = make(bot_seed);
                    for v in &watched {
                        bot.observe(v);
                    }
                    bot.observe(&s.view(viewer));
                    choices.push(bot.choose(seat, &s.view(viewer), &s.bot_actions(seat)));
                }
                assert!(
                    legal.contains(&choices[0]),
                    "{} {name}: illegal choice",
                    G::ID
                );
                assert_eq!(
                    choices[0],
                    choices[1],
                    "{} {name} seed {seed} action {at}: the choice depends on a secret of \
                     another seat",
                    G::ID
                );
            }
        }
    }
}

/// About [`BLIND_DECISIONS`] of `m`'s seats' decisions, spread over the game: where each was
/// taken in the history, and by which seat.
fn spread_decisions<G: Game>(m: &Match<G>) -> Vec<(usize, hotseat::engine::Seat)> {
    let decisions: Vec<(usize, hotseat::engine::Seat)> = (m.history.iter().enumerate())
        .filter_map(|(i, step)| match step.actor {
            Actor::Seat(seat) => Some((i, seat)),
            Actor::Chance => None,
        })
        .collect();
    let every = (decisions.len() / BLIND_DECISIONS).max(1);
    decisions.into_iter().step_by(every).collect()
}

/// The hint key ([`hotseat::registered::hint`]) sees only its seat's views: along seeded random
/// games, at decisions spread over each game, it names one of the seat's legal actions with a
/// reason that fits the status line, and it is the same when the other seats' secrets are
/// varied (the views the seat watched unchanged). Searches count `playouts`, so that the two
/// compare like for like on any machine.
pub fn check_hint_blind<G: hotseat::registered::Registered>(games: u64, playouts: u32) {
    use hotseat::registered::{Effort, hint};
    let players = G::MIN_PLAYERS..=G::MAX_PLAYERS.min(G::MIN_PLAYERS + 2);
    for players in players {
        for seed in 0..games {
            let Some(m) = random_playout::<G>(players, &Options::new(), seed * 53 + 11) else {
                continue;
            };
            for (at, seat) in spread_decisions(&m) {
                let viewer = Viewer::Seat(seat);
                let mut state = m.initial.clone();
                let mut seen = vec![state.view(viewer)];
                for step in &m.history[..at] {
                    let _ = state.apply(step.actor, &step.action);
                    seen.push(state.view(viewer));
                }
                let varied = state.vary_hidden(viewer, seed ^ ((at as u64) << 3));
                assert_eq!(
                    state.view(viewer),
                    varied.view(viewer),
                    "{}: vary_hidden leaks",
                    G::ID
                );
                let effort = Effort::Exact(playouts);
                let Some(h) = hint(&state, &seen, seat, effort) else {
                    panic!("{} seed {seed} action {at}: no hint at a decision", G::ID);
                };
                assert!(
                    state.legal_actions(seat).contains(&h.action),
                    "{} seed {seed} action {at}: the hint {:?} is not legal",
                    G::ID,
                    h.action
                );
                assert!(
                    !h.why.is_empty()
                        && h.why.chars().count() <= hotseat::bots::hint::WHY_WIDTH
                        && !h.why.contains('\n'),
                    "{} seed {seed} action {at}: reason {:?}",
                    G::ID,
                    h.why
                );
                assert_eq!(
                    Some(h),
                    hint(&varied, &seen, seat, effort),
                    "{} seed {seed} action {at}: the hint depends on a secret of another seat",
                    G::ID
                );
            }
        }
    }
}

/// [`check_bot_blind`] for every bot kind the game lists.
pub fn check_bots_blind<G: Playable>(games: u64) {
    for (kind, _) in G::BOTS {
        let make = |seed: u64| match G::make_bot(kind, seed) {
            Some(b) => b,
            None => panic!("{}: listed bot {kind} cannot be made", G::ID),
        };
        check_bot_blind::<G>(kind, &make, games);
    }
}

/// Seeded games per table size for [`check_event_lines`].
const EVENT_LINE_SEEDS: u64 = 6;
/// Other actions compared with the one played, at each step.
const EVENT_LINE_OTHERS: usize = 6;

/// Event lines never tell a viewer a secret: when two actions (or two chance outcomes) leave a
/// viewer's view the same while some other view tells them apart, that viewer's event line for
/// them is the same too. The screen tests (`tests/screen_secrets.rs`) vary the state, not the
/// history; this covers the event pane, whose lines are written when each action is applied.
/// See `docs/secrets.md`.
pub fn check_event_lines<G: Game>() {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS.min(5) {
        let sets: Vec<Options> = option_sets::<G>()
            .into_iter()
            .filter(|o| G::new(o, players).is_ok())
            .collect();
        for (k, options) in sets.into_iter().enumerate() {
            for seed in 0..EVENT_LINE_SEEDS {
                let seed = seed * 31 + k as u64 * 1000 + players as u64;
                let mut m = Match::<G>::new(setup(players, &options, seed)).expect("setup");
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
                    for _ in 0..EVENT_LINE_OTHERS.min(options.len()) {
                        let other = &options[rng::below(&mut pick, options.len() as u64) as usize];
                        check_event_pair(&m.state, actor, &chosen, other, players);
                    }
                    same_lines_for_each(&m.state, actor, &chosen, players);
                    m.apply(actor, chosen, None).expect("legal");
                }
            }
        }
    }
}

/// [`Game::describe_each`], which the event log uses, writes each viewer's
/// [`Game::describe`] line.
fn same_lines_for_each<G: Game>(state: &G, actor: Actor, a: &G::Action, players: usize) {
    let viewers: Vec<Viewer> = (0..players)
        .map(Viewer::Seat)
        .chain([Viewer::Public, Viewer::Omniscient])
        .collect();
    let one_by_one: Vec<String> = viewers
        .iter()
        .map(|&v| state.describe(actor, a, v))
        .collect();
    assert_eq!(
        state.describe_each(actor, a, &viewers),
        one_by_one,
        "{}: describe_each and describe disagree for {a:?} by {actor:?}",
        G::ID
    );
}

/// `a` and `b` by `actor` look the same to a viewer afterwards: its lines for them must match.
fn check_event_pair<G: Game>(
    state: &G,
    actor: Actor,
    a: &G::Action,
    b: &G::Action,
    players: usize,
) {
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
    for v in viewers.filter(|&v| !matches!((v, actor), (Viewer::Seat(s), Actor::Seat(t)) if s == t))
    {
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

/// Seeded games for [`check_drawn_states`], over table sizes and option sets.
const DRAWN_STATE_GAMES: u64 = 40;
/// Table sizes tried by [`check_drawn_states`]: the smallest and up to three more.
const DRAWN_STATE_SIZES: usize = 4;
/// Steps at most per game of [`check_drawn_states`].
const DRAWN_STATE_STEPS: usize = 3000;

/// The options of game `k`: option `i` takes value `(k / n_0 / .. / n_{i-1}) % n_i` (`n` being
/// each option's count of values), so consecutive games run through every combination.
fn options_of<G: Game>(k: u64) -> Options {
    let mut o = Options::new();
    let mut rest = k;
    for spec in G::OPTIONS {
        let n = spec.values.len().max(1) as u64;
        if let Some(v) = spec.values.get((rest % n) as usize) {
            o.insert(spec.key.to_string(), v.to_string());
        }
        rest /= n;
    }
    o
}

/// The search player's determinizations are sound: along seeded random games over every table
/// size and combination of options, at every decision, a state drawn from what a seat has seen
/// (every view since the start, as a computer player watches them) shows that seat the view it
/// was shown (what [`Determinize::keep_open`] leaves open aside) and offers it the same moves,
/// to a person and to a computer player. The seats to move are checked at every decision, the
/// others whenever their views give a state (a determinizer may give up on a view, and then
/// the search plays its playout policy; a seat to move must get one). A seat that has chosen
/// in private is still to choose in a drawn state, so only the seats to move compare moves.
pub fn check_drawn_states<G: Determinize>() {
    let sizes = (G::MAX_PLAYERS - G::MIN_PLAYERS + 1).min(DRAWN_STATE_SIZES) as u64;
    for k in 0..DRAWN_STATE_GAMES {
        let players = G::MIN_PLAYERS + (k % sizes) as usize;
        let options = options_of::<G>(k / sizes);
        let Ok(mut m) = Match::<G>::new(setup(players, &options, k)) else {
            continue;
        };
        let mut r = rng::stream(k, 3);
        let mut draw = rng::stream(k, 4);
        let mut seen: Vec<Vec<G::View>> = (0..players)
            .map(|s| vec![m.state.view(Viewer::Seat(s))])
            .collect();
        for step in 0..DRAWN_STATE_STEPS {
            let (actor, a) = match m.to_move() {
                ToMove::Over => break,
                ToMove::Chance => (Actor::Chance, m.sample_chance().expect("an outcome")),
                ToMove::Seats(seats) => {
                    for (seat, seen) in seen.iter().enumerate() {
                        let to_move = seats.contains(&seat);
                        check_drawn_state(&m.state, seat, seen, to_move, &mut draw, (k, step));
                    }
                    let seat = seats[rng::below(&mut r, seats.len() as u64) as usize];
                    let choices = m.state.bot_actions(seat);
                    let a = choices[rng::below(&mut r, choices.len() as u64) as usize].clone();
                    (Actor::Seat(seat), a)
                }
            };
            m.apply(actor, a, None).expect("legal");
            for (s, v) in seen.iter_mut().enumerate() {
                v.push(m.state.view(Viewer::Seat(s)));
            }
        }
    }
}

/// One state drawn for `seat` from `seen` against the true `state`; its moves too if it is
/// `to_move` (`k`, `step`: the game and step, for the message).
fn check_drawn_state<G: Determinize>(
    state: &G,
    seat: usize,
    seen: &[G::View],
    to_move: bool,
    draw: &mut rand_chacha::ChaCha8Rng,
    (k, step): (u64, usize),
) {
    let id = G::ID;
    let shown = seen.last().expect("a view");
    let Some(belief) = G::belief(seat, seen) else {
        assert!(
            !to_move,
            "{id} game {k} step {step}: seat {seat}'s views give no belief"
        );
        return;
    };
    let drawn = G::sample(&belief, draw);
    let mut view = drawn.view(Viewer::Seat(seat));
    G::keep_open(&mut view, shown);
    assert_eq!(
        &view, shown,
        "{id} game {k} step {step}: a state drawn for seat {seat} shows it another view"
    );
    if !to_move {
        return;
    }
    assert_eq!(
        drawn.legal_actions(seat),
        state.legal_actions(seat),
        "{id} game {k} step {step}: a state drawn for seat {seat} offers it other moves"
    );
    assert_eq!(
        drawn.bot_actions(seat),
        state.bot_actions(seat),
        "{id} game {k} step {step}: a state drawn for seat {seat} offers its computer player \
         other moves"
    );
}

//! Cocoon computer players by level.
//!
//! - A fast check: at last-round decisions of seeded games where one choice wins far more
//!   often than another (found by playing each choice out on the true state), the hard player
//!   (the search) picks a winning one, where the normal wheel, which counts EP, does not always.
//!   Win rates are what the deciding seat can know: states drawn from its own views.
//! - The measures (the hard player and the wheel's levels against the normal wheel, with 95%
//!   intervals) are `cargo bench --bench strength -- cocoon`.

use hotseat::bots::cocoon::WheelBot;
use hotseat::bots::search::{self, Budget, Determinize};
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Bot, Game, Match, Options, Seat, ToMove, Viewer, rng};
use hotseat::games::cocoon::{Action, Cocoon, View};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

type Make = fn(u64) -> Box<dyn Bot<Cocoon>>;

fn new_match(seed: u64) -> Match<Cocoon> {
    new_table(seed, 2)
}

fn new_table(seed: u64, players: usize) -> Match<Cocoon> {
    Match::<Cocoon>::new(Setup {
        options: Options::new(),
        players: (0..players)
            .map(|i| PlayerEntry::bot(format!("Bot {i}"), "wheel", seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    })
    .expect("setup")
}

/// Plays one 2-player game, every bot watching its own seat's view after each action (as the
/// table shows them); returns the winners.
fn play(bots: [Make; 2], seed: u64) -> Vec<usize> {
    let mut m = new_match(seed);
    let mut players: Vec<Box<dyn Bot<Cocoon>>> = bots
        .iter()
        .enumerate()
        .map(|(i, new)| new(seed.wrapping_mul(31) + i as u64))
        .collect();
    for (seat, p) in players.iter_mut().enumerate() {
        p.observe(&m.view(Viewer::Seat(seat)));
    }
    loop {
        match m.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let a = m.sample_chance().expect("a chance outcome");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                let legal = m.state.bot_actions(seat);
                let view = m.view(Viewer::Seat(seat));
                let a = players[seat].choose(seat, &view, &legal);
                assert!(legal.contains(&a), "bot chose an illegal {a:?}");
                m.apply(Actor::Seat(seat), a, None).expect("legal");
            }
        }
        for (seat, p) in players.iter_mut().enumerate() {
            p.observe(&m.view(Viewer::Seat(seat)));
        }
    }
    m.state.outcome().expect("over").winners
}

/// How often `seat` wins after `action`, both seats then playing the wheel, over `n` states
/// drawn from what `seat` has seen (its views, the current one last) and what is left to
/// chance: the win rate a player with that seat's knowledge can expect.
fn win_rate(seen: &[View], seat: Seat, action: Action, n: u64) -> Option<f64> {
    let belief = Cocoon::belief(seat, seen)?;
    let mut won = 0.0;
    for k in 0..n {
        let mut r = ChaCha8Rng::seed_from_u64(1000 + k);
        let mut g = Cocoon::sample(&belief, &mut r).quiet();
        g.apply(Actor::Seat(seat), &action).expect("legal");
        let mut r = ChaCha8Rng::seed_from_u64(k);
        let mut bots = [WheelBot::normal(k), WheelBot::normal(k + 1)];
        loop {
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).expect("an outcome");
                    g.apply(Actor::Chance, &o[i].0).expect("chance applies");
                }
                ToMove::Seats(s) => {
                    let legal = g.bot_actions(s[0]);
                    let v = g.view(Viewer::Seat(s[0]));
                    let a = bots[s[0]].choose(s[0], &v, &legal);
                    g.apply(Actor::Seat(s[0]), &a).expect("legal");
                }
            }
        }
        let w = g.outcome().expect("over").winners;
        if w.contains(&seat) {
            won += 1.0 / w.len() as f64;
        }
    }
    Some(won / n as f64)
}

/// One last-round decision that matters: the seat's views up to it, the legal actions and
/// each one's win rate on the true state.
struct Decision {
    seed: u64,
    seat: Seat,
    seen: Vec<View>,
    legal: Vec<Action>,
    rates: Vec<f64>,
}

/// The first `want` decisions of the last round, in seeded wheel games, where the best choice
/// wins at least half the time more often than the worst.
fn decisive(want: usize) -> Vec<Decision> {
    let mut out = Vec::new();
    for seed in 1..200 {
        let mut m = new_match(seed);
        let mut seen = [vec![m.view(Viewer::Seat(0))], vec![m.view(Viewer::Seat(1))]];
        let mut bots = [WheelBot::normal(seed), WheelBot::normal(seed + 7)];
        while !m.is_over() {
            match m.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let a = m.sample_chance().expect("a chance outcome");
                    m.apply(Actor::Chance, a, None).expect("chance applies");
                }
                ToMove::Seats(s) => {
                    let seat = s[0];
                    let legal = m.state.bot_actions(seat);
                    let view = m.view(Viewer::Seat(seat));
                    if view.round == view.rounds && legal.len() > 1 && legal.len() <= 4 {
                        // Positions whose views the replay cannot rebuild are skipped.
                        let rates: Vec<f64> = legal
                            .iter()
                            .filter_map(|&a| win_rate(&seen[seat], seat, a, 200))
                            .collect();
                        let best = rates.iter().copied().fold(0.0, f64::max);
                        let worst = rates.iter().copied().fold(1.0, f64::min);
                        if rates.len() == legal.len() && best - worst >= 0.5 {
                            out.push(Decision {
                                seed,
                                seat,
                                seen: seen[seat].clone(),
                                legal: legal.clone(),
                                rates,
                            });
                            if out.len() == want {
                                return out;
                            }
                        }
                    }
                    let a = bots[seat].choose(seat, &view, &legal);
                    m.apply(Actor::Seat(seat), a, None).expect("legal");
                }
            }
            for (seat, s) in seen.iter_mut().enumerate() {
                s.push(m.view(Viewer::Seat(seat)));
            }
        }
    }
    out
}

#[test]
fn hard_finds_the_winning_choice_in_the_last_round() {
    let found = decisive(8);
    assert_eq!(
        found.len(),
        8,
        "seeded games hold decisive last-round choices"
    );
    let mut wheel_misses = 0;
    for d in &found {
        let best = d.rates.iter().copied().fold(0.0, f64::max);
        let rate = |a: Action| d.rates[d.legal.iter().position(|&x| x == a).expect("legal")];
        let view = d.seen.last().expect("a view");
        // Counted playouts: the same choice on every machine.
        let mut hard = search::cocoon::hard(d.seed).with_budget(Budget::exact(600));
        for v in &d.seen[..d.seen.len() - 1] {
            hard.observe(v);
        }
        let chosen = hard.choose(d.seat, view, &d.legal);
        assert!(
            rate(chosen) >= best - 0.2,
            "seed {}: hard chose {chosen:?} ({:.2}) among {:?} with {:?}",
            d.seed,
            rate(chosen),
            d.legal,
            d.rates
        );
        let wheel = WheelBot::normal(d.seed).choose(d.seat, view, &d.legal);
        if rate(wheel) < best - 0.2 {
            wheel_misses += 1;
        }
    }
    // The positions tell players apart: counting EP misses some of them.
    assert!(wheel_misses >= 1, "the wheel found every winning choice");
}

/// Decisions with a choice, and those whose views the determinizer could not rebuild (the
/// search then falls back to the wheel), over `games` seeded wheel games of `players`, every
/// seat counted.
fn replay_failures(players: usize, games: u64) -> (usize, usize) {
    let (mut decisions, mut failed) = (0, 0);
    for seed in 1..=games {
        let mut m = new_table(seed, players);
        let mut seen: Vec<Vec<View>> = (0..players)
            .map(|s| vec![m.view(Viewer::Seat(s))])
            .collect();
        let mut bots: Vec<WheelBot> = (0..players)
            .map(|s| WheelBot::normal(seed + s as u64))
            .collect();
        while !m.is_over() {
            match m.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let a = m.sample_chance().expect("a chance outcome");
                    m.apply(Actor::Chance, a, None).expect("chance applies");
                }
                ToMove::Seats(s) => {
                    let seat = s[0];
                    let legal = m.state.bot_actions(seat);
                    if legal.len() > 1 {
                        decisions += 1;
                        if Cocoon::belief(seat, &seen[seat]).is_none() {
                            failed += 1;
                        }
                    }
                    let view = m.view(Viewer::Seat(seat));
                    let a = bots[seat].choose(seat, &view, &legal);
                    m.apply(Actor::Seat(seat), a, None).expect("legal");
                }
            }
            for (seat, s) in seen.iter_mut().enumerate() {
                s.push(m.view(Viewer::Seat(seat)));
            }
        }
    }
    (decisions, failed)
}

/// The replay once lost about 28% of 2-player games at some decision (the tiles looked at for
/// "Choose 1 from 3", shown only once all three are drawn; tiles off a top another seat put
/// back; a hand "Take a Tile" shows at a bigger table): the repairs now rebuild every one.
#[test]
fn the_determinizer_rebuilds_every_decision() {
    for (players, games) in [(2, 200), (3, 40), (5, 20)] {
        let (decisions, failed) = replay_failures(players, games);
        assert!(
            decisions > 20 * games as usize,
            "{players}p: {decisions} decisions"
        );
        assert_eq!(
            failed, 0,
            "{players}p: {failed} of {decisions} decisions could not be rebuilt"
        );
    }
}

/// The last rounds decide most games and their playouts are short: the hard player spends
/// more there (it once ran 3,000 playouts a decision in each of the last four rounds alike),
/// and little on the first rounds.
#[test]
fn the_hard_player_spends_most_on_the_last_round() {
    // Counted playouts only: no test in this file relies on a time cap.
    search::set_time_caps(false);
    let seed = 5;
    let mut m = new_match(seed);
    let mut hard = search::cocoon::hard(seed);
    let mut wheels = [WheelBot::normal(seed), WheelBot::normal(seed + 1)];
    let (mut first, mut last) = (None, None);
    hard.observe(&m.view(Viewer::Seat(0)));
    while !m.is_over() {
        match m.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let a = m.sample_chance().expect("a chance outcome");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(s) => {
                let seat = s[0];
                let legal = m.state.bot_actions(seat);
                let view = m.view(Viewer::Seat(seat));
                let decides = seat == 0 && legal.len() > 1;
                let a = if decides && (first.is_none() || view.round == view.rounds) {
                    let a = hard.choose(0, &view, &legal);
                    let n = hard.last_playouts();
                    if view.round == 1 {
                        first = first.or(Some(n));
                    } else if view.round == view.rounds {
                        last = last.or(Some(n));
                    }
                    a
                } else {
                    wheels[seat].choose(seat, &view, &legal)
                };
                m.apply(Actor::Seat(seat), a, None).expect("legal");
            }
        }
        hard.observe(&m.view(Viewer::Seat(0)));
    }
    search::set_time_caps(true);
    let (first, last) = (
        first.expect("a first-round decision"),
        last.expect("a last-round one"),
    );
    assert!(
        first <= search::cocoon::EARLY_PLAYOUTS,
        "first round: {first} playouts"
    );
    assert!(last > 3_000, "last round: {last} playouts");
}

#[test]
fn hard_and_easy_wheels_finish_games() {
    let hard: Make = |s| Box::new(WheelBot::hard(s));
    let easy: Make = |s| Box::new(WheelBot::easy(s));
    for g in 0..4 {
        assert!(!play([hard, easy], g).is_empty());
    }
}

/// Wins of `a` in `games` games against `b`, `a` in seat 1 in even games, seat 2 in odd
/// (a shared win counts its share).
/// The games are independent: they are played on two threads (the test is the suite's
/// longest), and summed in game order.
fn wins(a: Make, b: Make, games: u64) -> f64 {
    let share = |g: u64| {
        let seat = (g % 2) as usize;
        let bots = if seat == 0 { [a, b] } else { [b, a] };
        let w = play(bots, g + 1);
        if w.contains(&seat) {
            1.0 / w.len() as f64
        } else {
            0.0
        }
    };
    let (evens, odds): (Vec<f64>, Vec<f64>) = std::thread::scope(|s| {
        let odds = s.spawn(|| (1..games).step_by(2).map(share).collect());
        let evens = (0..games).step_by(2).map(share).collect();
        (evens, odds.join().expect("the odd games' thread"))
    });
    (0..games as usize)
        .map(|g| {
            if g % 2 == 0 {
                evens[g / 2]
            } else {
                odds[g / 2]
            }
        })
        .sum()
}

/// A regression guard on strength, not a measure: the hard player with a counted budget of
/// GUARD_PLAYOUTS a decision (the same games on every machine) against the normal wheel,
/// seats alternating. It won 29 of these 40 games when written (the wheel against itself
/// wins half); the 1,000-game figures are on the rules page.
#[test]
fn hard_beats_the_wheel_on_seeded_games() {
    let hard: Make =
        |s| Box::new(search::cocoon::hard(s).with_budget(Budget::exact(GUARD_PLAYOUTS)));
    let normal: Make = |s| Box::new(WheelBot::normal(s));
    let won = wins(hard, normal, GUARD_GAMES);
    assert!(won >= GUARD_WINS, "hard won {won} of {GUARD_GAMES}");
}

const GUARD_GAMES: u64 = 40;
const GUARD_PLAYOUTS: u32 = 1000;
const GUARD_WINS: f64 = 24.0;

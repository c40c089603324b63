//! How long the hint key takes, per game: the views the seat was shown, replayed from the
//! match (`hotseat::bots::hint::seen_by`), and the hard player's choice with its reason
//! (`hotseat::registered::hint`, as the game screen asks it, with the hard level's own budgets
//! and time caps). Run with `cargo bench --bench hints` (HINT_BENCH_GAMES sets the seeded games
//! per game, 2 by default).
//!
//! The positions are realistic: seeded games played by the game's best kind at its normal
//! level in every seat, a hint asked for seat 0 (the screen's "seat 1") at up to 30 of its
//! decisions with a choice, spread over the game. Prints the median, the 99th percentile and
//! the maximum per game, and a few of the reasons given. Hints run one after another on one
//! thread, on whatever else the machine is doing: the figures of a loaded machine are upper
//! bounds for a quiet one.

use std::time::{Duration, Instant};

use hotseat::bots::hint::seen_by;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Actor, Bot, Match, Setup, ToMove, Viewer};
use hotseat::registered::{Effort, Registered, hint};

/// Hints measured per game at most, spread over the whole game.
const PER_GAME: usize = 30;

fn games() -> u64 {
    std::env::var("HINT_BENCH_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2)
}

fn new_match<G: Registered>(players: usize, seed: u64) -> Match<G> {
    Match::<G>::new(Setup {
        options: Default::default(),
        players: (0..players)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed,
        started: "bench".into(),
    })
    .expect("setup")
}

/// Plays one seeded game with the game's best kind in every seat, calling `at` before each of
/// seat 0's decisions with a choice.
fn play<G: Registered>(players: usize, seed: u64, mut at: impl FnMut(&Match<G>)) {
    let kind = G::BOTS.first().map_or("random", |b| b.0);
    let mut m = new_match::<G>(players, seed);
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
        .map(|s| G::make_bot(kind, seed * 16 + s as u64).expect("the first kind makes a bot"))
        .collect();
    let show = |m: &Match<G>, bots: &mut [Box<dyn Bot<G>>]| {
        for (s, b) in bots.iter_mut().enumerate() {
            b.observe(&m.state.view(Viewer::Seat(s)));
        }
    };
    show(&m, &mut bots);
    loop {
        match m.to_move() {
            ToMove::Over => return,
            ToMove::Chance => {
                let a = m.sample_chance().expect("chance");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let mut chosen = Vec::new();
                for &seat in &seats {
                    let legal = m.state.bot_actions(seat);
                    if seat == 0 && legal.len() > 1 {
                        at(&m);
                    }
                    let view = m.state.view(Viewer::Seat(seat));
                    chosen.push((seat, bots[seat].choose(seat, &view, &legal)));
                }
                for (seat, a) in chosen {
                    m.apply(Actor::Seat(seat), a, None).expect("legal");
                }
            }
        }
        show(&m, &mut bots);
    }
}

fn measure<G: Registered>(players: usize) {
    let mut times: Vec<Duration> = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    for seed in 1..=games() {
        let mut total = 0usize;
        play::<G>(players, seed, |_| total += 1);
        let stride = total.div_ceil(PER_GAME).max(1);
        let mut k = 0;
        play::<G>(players, seed, |m| {
            if k % stride == 0 {
                let t = Instant::now();
                let seen = seen_by(m, 0);
                let h = hint(&m.state, &seen, 0, Effort::Play).expect("a hint at a decision");
                times.push(t.elapsed());
                if reasons.len() < 6 && !reasons.contains(&h.why) {
                    reasons.push(h.why);
                }
            }
            k += 1;
        });
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{:<12} {players} players  {:>4} hints  median {:>6.1} ms  p99 {:>6.1} ms  max {:>6.1} ms",
        G::ID,
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
    );
    for r in reasons {
        println!("{:<12}   \"{r}\"", "");
    }
}

fn main() {
    measure::<hotseat::games::pocket::Pocket>(3);
    measure::<hotseat::games::kokoro::Kokoro>(1);
    measure::<hotseat::games::kokoro::Kokoro>(4);
    measure::<hotseat::games::couperation::Couperation>(3);
    measure::<hotseat::games::rocca::Rocca>(5);
    measure::<hotseat::games::cocoon::Cocoon>(3);
}

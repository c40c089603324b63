//! Engine benchmarks: whole random playouts per game and log replay speed.
//! Run with `cargo bench --bench engine`.

use divan::Bencher;
use hotseat::engine::log::{self, PlayerEntry};
use hotseat::engine::{Actor, Game, Match, Setup, ToMove, rng};
use hotseat::games::kokoro::Kokoro;
use hotseat::registered::sample_sizes;

fn main() {
    divan::main();
}

fn setup(players: usize, seed: u64) -> Setup {
    Setup {
        options: Default::default(),
        players: (0..players)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed,
        started: "bench".into(),
    }
}

/// One random game to its end; returns the number of actions.
fn playout<G: Game>(players: usize, seed: u64) -> Match<G> {
    let mut m = Match::<G>::new(setup(players, seed)).expect("setup");
    let mut pick = rng::stream(seed, u64::MAX);
    loop {
        match m.to_move() {
            ToMove::Over => return m,
            ToMove::Chance => {
                let a = m.sample_chance().expect("chance");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                // A computer player's choices: Rocca limits how often one moves its vote.
                let legal = m.state.bot_actions(seat);
                let a = legal[rng::below(&mut pick, legal.len() as u64) as usize].clone();
                m.apply(Actor::Seat(seat), a, None).expect("legal");
            }
        }
    }
}

fn bench_playout<G: Game>(b: Bencher, players: usize) {
    let mut seed = 0;
    b.bench_local(|| {
        seed += 1;
        playout::<G>(players, seed).history.len()
    });
}

/// One random game to its end, for every game of the registry at its sample table sizes.
macro_rules! playouts {
    ($($id:ident => $game:ty,)*) => {
        mod playout {
            use super::*;
            $(
                #[divan::bench(args = sample_sizes::<$game>())]
                fn $id(b: Bencher, players: usize) {
                    bench_playout::<$game>(b, players);
                }
            )*
        }
    };
}
hotseat::for_each_game!(playouts);

fn bench_replay<G: Game>(b: Bencher, players: usize) {
    let l = playout::<G>(players, 42).to_log();
    let n = l.actions.len();
    b.counter(divan::counter::ItemsCount::new(n))
        .bench_local(|| Match::<G>::from_log(&l).expect("replays"));
}

/// Re-simulating a log with every check, a game of the most players of every game of the
/// registry; the counter gives actions per second.
macro_rules! replays {
    ($($id:ident => $game:ty,)*) => {
        mod replay {
            use super::*;
            $(
                #[divan::bench]
                fn $id(b: Bencher) {
                    bench_replay::<$game>(b, <$game as Game>::MAX_PLAYERS);
                }
            )*
        }
    };
}
hotseat::for_each_game!(replays);

/// Parsing a log's JSON (before re-simulation).
#[divan::bench]
fn parse_kokoro_log(b: Bencher) {
    let text = log::to_json(&playout::<Kokoro>(8, 42).to_log());
    b.counter(divan::counter::BytesCount::new(text.len()))
        .bench_local(|| log::parse(&text).expect("parses"));
}

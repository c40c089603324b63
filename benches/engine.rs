//! Engine benchmarks: whole random playouts per game and log replay speed.
//! Run with `cargo bench --bench engine`.

#[path = "timing.rs"]
#[allow(dead_code)]
mod timing;

use hotseat::engine::log::{self, PlayerEntry};
use hotseat::engine::{Actor, Game, Match, Setup, ToMove, rng};
use hotseat::games::kokoro::Kokoro;
use hotseat::registered::sample_sizes;

use timing::{Count, Timer};

fn main() {
    let t = Timer::from_args();
    macro_rules! every_game {
        ($($id:ident => $game:ty,)*) => {$(
            for players in sample_sizes::<$game>() {
                bench_playout::<$game>(&t, &format!("playout/{}/{players}", stringify!($id)), players);
            }
        )* $(
            bench_replay::<$game>(&t, &format!("replay/{}", stringify!($id)), <$game as Game>::MAX_PLAYERS);
        )*};
    }
    hotseat::for_each_game!(every_game);
    parse_kokoro_log(&t);
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

/// One random game to its end, for every game of the registry at its sample table sizes.
fn bench_playout<G: Game>(t: &Timer, name: &str, players: usize) {
    let mut seed = 0;
    t.time(name, None, || {
        seed += 1;
        playout::<G>(players, seed).history.len()
    });
}

/// Re-simulating a log with every check, a game of the most players of every game of the
/// registry; the count gives actions per second.
fn bench_replay<G: Game>(t: &Timer, name: &str, players: usize) {
    let l = playout::<G>(players, 42).to_log();
    let n = l.actions.len();
    t.time(name, Some(Count::Items(n, "actions")), || {
        Match::<G>::from_log(&l).expect("replays")
    });
}

/// Parsing a log's JSON (before re-simulation).
fn parse_kokoro_log(t: &Timer) {
    let text = log::to_json(&playout::<Kokoro>(8, 42).to_log());
    t.time("parse/kokoro", Some(Count::Bytes(text.len())), || {
        log::parse(&text).expect("parses")
    });
}

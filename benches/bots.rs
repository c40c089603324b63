//! Computer player benchmarks: the search player's decision time per game at the budget its
//! "hard" level plays with (120 ms cap, 400 playouts), and its playout speed (a decision of 50
//! playouts by count: playouts per second = 50 / its time). Run with `cargo bench --bench bots`.
//! Every decision is taken at the same mid-game position per game, found by a seeded random
//! game, with the views the seat watched up to it.

use divan::Bencher;
use hotseat::bots::search::{self, Budget, Determinize, Search};
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Actor, Bot, Game, Match, Setup, ToMove, Viewer, rng};
use hotseat::games::{
    cocoon::Cocoon, couperation::Couperation, kokoro::Kokoro, pocket::Pocket, rocca::Rocca,
};

fn main() {
    divan::main();
}

/// Playouts per decision for the playout-speed figures.
const SPEED_PLAYOUTS: u32 = 50;

/// The views seat 0 watched up to its `k`-th decision of a seeded random game, and the legal
/// actions there.
fn position<G: Game>(players: usize, k: usize) -> (Vec<G::View>, Vec<G::Action>) {
    let mut m = Match::<G>::new(Setup {
        options: Default::default(),
        players: (0..players)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed: 7,
        started: "bench".into(),
    })
    .expect("setup");
    let mut pick = rng::stream(7, 1);
    let mut seen = vec![m.state.view(Viewer::Seat(0))];
    let mut decisions = 0;
    loop {
        match m.to_move() {
            ToMove::Over => panic!("{}: the game ended before decision {k}", G::ID),
            ToMove::Chance => {
                let a = m.sample_chance().expect("chance");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let legal = m.state.bot_actions(0);
                if seats.contains(&0) && legal.len() > 1 {
                    decisions += 1;
                    if decisions == k {
                        return (seen, legal);
                    }
                }
                let seat = seats[0];
                let legal = m.state.bot_actions(seat);
                let a = legal[rng::below(&mut pick, legal.len() as u64) as usize].clone();
                m.apply(Actor::Seat(seat), a, None).expect("legal");
            }
        }
        seen.push(m.state.view(Viewer::Seat(0)));
    }
}

fn bench_decide<G: Determinize>(
    b: Bencher,
    players: usize,
    k: usize,
    make: fn(u64) -> Search<G>,
    budget: Option<Budget>,
) {
    let (seen, legal) = position::<G>(players, k);
    let mut seed = 0;
    b.bench_local(|| {
        seed += 1;
        let mut s = make(seed);
        if let Some(budget) = budget {
            s = s.with_budget(budget);
        }
        for v in &seen {
            s.observe(v);
        }
        let view = seen.last().expect("a view");
        s.choose(0, view, &legal)
    });
}

#[divan::bench(args = [2, 4])]
fn decide_pocket(b: Bencher, players: usize) {
    bench_decide::<Pocket>(b, players, 12, search::pocket::hard, None);
}

#[divan::bench(args = [1, 4])]
fn decide_kokoro(b: Bencher, players: usize) {
    bench_decide::<Kokoro>(b, players, 20, search::kokoro::hard, None);
}

#[divan::bench(args = [2, 4])]
fn decide_couperation(b: Bencher, players: usize) {
    bench_decide::<Couperation>(b, players, 6, search::couperation::hard, None);
}

#[divan::bench(args = [5])]
fn decide_rocca(b: Bencher, players: usize) {
    bench_decide::<Rocca>(b, players, 6, search::rocca::hard, None);
}

#[divan::bench(args = [2, 4])]
fn decide_cocoon(b: Bencher, players: usize) {
    bench_decide::<Cocoon>(b, players, 12, search::cocoon::hard, None);
}

const SPEED: Option<Budget> = Some(Budget::exact(SPEED_PLAYOUTS));

#[divan::bench(args = [2])]
fn playouts50_pocket(b: Bencher, players: usize) {
    bench_decide::<Pocket>(b, players, 12, search::pocket::hard, SPEED);
}

#[divan::bench(args = [1])]
fn playouts50_kokoro(b: Bencher, players: usize) {
    bench_decide::<Kokoro>(b, players, 20, search::kokoro::hard, SPEED);
}

#[divan::bench(args = [2])]
fn playouts50_couperation(b: Bencher, players: usize) {
    bench_decide::<Couperation>(b, players, 6, search::couperation::hard, SPEED);
}

#[divan::bench(args = [5])]
fn playouts50_rocca(b: Bencher, players: usize) {
    bench_decide::<Rocca>(b, players, 6, search::rocca::hard, SPEED);
}

#[divan::bench(args = [2])]
fn playouts50_cocoon(b: Bencher, players: usize) {
    bench_decide::<Cocoon>(b, players, 12, search::cocoon::hard, SPEED);
}

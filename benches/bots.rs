//! Computer players' decision time, per game and level, and playout speed per game.
//! Run with `cargo bench --bench bots` (BOT_BENCH_GAMES sets the seeded games per row, 2 by
//! default). Prints two tables:
//!
//! - Decision time: for every game and every level (easy, normal, hard: the hard levels are
//!   the search players) of the game's best kind, the time of `choose` at realistic positions:
//!   seeded games played by the game's normal bot, the measured player watching seat 1's views
//!   throughout and asked to choose at seat 1's decisions (those with a choice). Median, 99th
//!   percentile and maximum; every decision must stay under 200 ms.
//! - Playout speed: whole games per second with the normal bot in every seat, the playouts the
//!   search players are made of, and actions (choices and chance) per second.
//!
//! Decisions run one after another on one thread, on whatever else the machine is doing: the
//! figures of a loaded machine are upper bounds for a quiet one.

use std::time::{Duration, Instant};

use hotseat::bots::Level;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Actor, Bot, Game, Match, Setup, ToMove, Viewer};
use hotseat::ui::registered::Registered;

/// A decision may take this long at most (issue #10).
const LIMIT: Duration = Duration::from_millis(200);

/// Measured decisions per game at most, spread over the whole game.
const PER_GAME: usize = 40;

fn games() -> u64 {
    std::env::var("BOT_BENCH_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2)
}

fn new_match<G: Game>(players: usize, seed: u64) -> Match<G> {
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

/// The game's best kind (its first), at its normal level: the bot that drives the games.
fn driver<G: Registered>(seed: u64) -> Box<dyn Bot<G>> {
    let kind = G::BOTS.first().map_or("random", |b| b.0);
    G::make_bot(kind, seed).expect("the first kind makes a bot")
}

/// Decision times of `kind` at seat 0 (the "seat 1" of the screen) over seeded games.
fn decision_times<G: Registered>(players: usize, kind: &str) -> Option<Vec<Duration>> {
    let mut times = Vec::new();
    for seed in 1..=games() {
        let mut measured = G::make_bot(kind, seed)?;
        let mut m = new_match::<G>(players, seed);
        let mut drivers: Vec<Box<dyn Bot<G>>> = (0..players)
            .map(|s| driver::<G>(seed * 16 + s as u64))
            .collect();
        let watch = |m: &Match<G>, measured: &mut Box<dyn Bot<G>>, d: &mut [Box<dyn Bot<G>>]| {
            measured.observe(&m.state.view(Viewer::Seat(0)));
            for (s, b) in d.iter_mut().enumerate() {
                b.observe(&m.state.view(Viewer::Seat(s)));
            }
        };
        watch(&m, &mut measured, &mut drivers);
        // Seat 0's decisions with a choice, to spread the measured ones over the game.
        let total = count_decisions::<G>(players, seed);
        let stride = total.div_ceil(PER_GAME).max(1);
        let mut k = 0;
        loop {
            match m.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let a = m.sample_chance().expect("chance");
                    m.apply(Actor::Chance, a, None).expect("chance applies");
                }
                ToMove::Seats(seats) => {
                    let mut chosen = Vec::new();
                    for &seat in &seats {
                        let legal = m.state.bot_actions(seat);
                        let view = m.state.view(Viewer::Seat(seat));
                        if seat == 0 && legal.len() > 1 {
                            if k % stride == 0 {
                                let t = Instant::now();
                                let a = measured.choose(0, &view, &legal);
                                times.push(t.elapsed());
                                assert!(legal.contains(&a), "{kind} chose an illegal action");
                            }
                            k += 1;
                        }
                        chosen.push((seat, drivers[seat].choose(seat, &view, &legal)));
                    }
                    for (seat, a) in chosen {
                        m.apply(Actor::Seat(seat), a, None).expect("legal");
                    }
                }
            }
            watch(&m, &mut measured, &mut drivers);
        }
    }
    Some(times)
}

/// Seat 0's decisions with a choice in the seeded game the drivers play.
fn count_decisions<G: Registered>(players: usize, seed: u64) -> usize {
    let mut m = new_match::<G>(players, seed);
    let mut drivers: Vec<Box<dyn Bot<G>>> = (0..players)
        .map(|s| driver::<G>(seed * 16 + s as u64))
        .collect();
    let mut n = 0;
    for (s, b) in drivers.iter_mut().enumerate() {
        b.observe(&m.state.view(Viewer::Seat(s)));
    }
    loop {
        match m.to_move() {
            ToMove::Over => return n,
            ToMove::Chance => {
                let a = m.sample_chance().expect("chance");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let mut chosen = Vec::new();
                for &seat in &seats {
                    let legal = m.state.bot_actions(seat);
                    if seat == 0 && legal.len() > 1 {
                        n += 1;
                    }
                    let view = m.state.view(Viewer::Seat(seat));
                    chosen.push((seat, drivers[seat].choose(seat, &view, &legal)));
                }
                for (seat, a) in chosen {
                    m.apply(Actor::Seat(seat), a, None).expect("legal");
                }
            }
        }
        for (s, b) in drivers.iter_mut().enumerate() {
            b.observe(&m.state.view(Viewer::Seat(s)));
        }
    }
}

/// Whole games per second and actions per second with the driver in every seat, on the game
/// state alone (no log), as the search's playouts run.
fn playout_speed<G: Registered>(players: usize) -> (f64, f64) {
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    let mut seed = 1;
    while start.elapsed() < Duration::from_secs(2) {
        let m = new_match::<G>(players, seed);
        let mut g = m.state.clone();
        let mut r = hotseat::engine::rng::stream(seed, 3);
        let mut bots: Vec<Box<dyn Bot<G>>> =
            (0..players).map(|s| driver::<G>(seed + s as u64)).collect();
        loop {
            let (actor, a) = match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = hotseat::engine::rng::weighted(&mut r, &w).expect("an outcome");
                    (Actor::Chance, o[i].0.clone())
                }
                ToMove::Seats(seats) => {
                    let seat = seats[0];
                    let legal = g.bot_actions(seat);
                    let view = g.view(Viewer::Seat(seat));
                    bots[seat].observe(&view);
                    (Actor::Seat(seat), bots[seat].choose(seat, &view, &legal))
                }
            };
            g.apply(actor, &a).expect("legal");
            actions += 1;
        }
        games += 1;
        seed += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, actions as f64 / secs)
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn row<G: Registered>(players: usize, over: &mut Vec<String>) {
    let kind = G::BOTS.first().map_or("random", |b| b.0);
    for level in Level::ALL {
        let k = format!("{kind}:{}", level.name());
        let Some(mut t) = decision_times::<G>(players, &k) else {
            println!("{:<12} {players:>2}  {k:<18} (no such player)", G::ID);
            continue;
        };
        t.sort();
        let Some(&max) = t.last() else {
            continue;
        };
        let median = t[t.len() / 2];
        let p99 = t[(t.len() * 99 / 100).min(t.len() - 1)];
        let flag = if max > LIMIT { "  OVER 200 ms" } else { "" };
        println!(
            "{:<12} {players:>2}  {k:<18} {:>5} {:>9} {:>9} {:>9}{flag}",
            G::ID,
            t.len(),
            ms(median),
            ms(p99),
            ms(max)
        );
        if max > LIMIT {
            over.push(format!("{} {k}: {} ms", G::ID, ms(max)));
        }
    }
}

fn speed<G: Registered>(players: usize) {
    let (games, actions) = playout_speed::<G>(players);
    let kind = G::BOTS.first().map_or("random", |b| b.0);
    println!(
        "{:<12} {players:>2}  {kind:<12} {games:>10.0} {actions:>12.0}",
        G::ID
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this too: keep that quick.
    if !std::env::args().any(|a| a == "--bench") {
        println!("bots bench: run with `cargo bench --bench bots`");
        return;
    }
    if std::env::var("BOT_BENCH_ONLY").is_ok_and(|v| v == "wait") {
        card_wait();
        return;
    }
    println!(
        "decision time (ms) of the best kind at each level, {} seeded games",
        games()
    );
    println!(
        "{:<12} {:>2}  {:<18} {:>5} {:>9} {:>9} {:>9}",
        "game", "pl", "player", "n", "median", "p99", "max"
    );
    let mut over = Vec::new();
    // Every game of the registry, at its fewest players and at the middle of its range.
    hotseat::for_each_game!(|G| for players in
        hotseat::registered::sample_sizes::<G>().into_iter().take(2)
    {
        row::<G>(players, &mut over);
    });
    println!();
    println!("playouts: whole games per second with the normal bot in every seat");
    println!(
        "{:<12} {:>2}  {:<12} {:>10} {:>12}",
        "game", "pl", "bot", "games/s", "actions/s"
    );
    hotseat::for_each_game!(|G| speed::<G>(G::MIN_PLAYERS));
    if !over.is_empty() {
        println!();
        println!("over the 200 ms a decision may take: {}", over.join("; "));
    }
}

/// How long a card waits for seven hard Kokoro players at a table of eight (seat 1 a person,
/// played here by the normal planner), asked as a table asks them ([`Table::ask`], then
/// [`hotseat::engine::thinker::Question::answer_on`]): each alone one after another on one
/// thread, each alone side by side on the machine's cores, and together (sharing their
/// played-out futures) on one thread and on the cores. One bot's thinking is the first wait
/// over seven. `BOT_BENCH_ONLY=wait cargo bench --bench bots` prints only this.
fn card_wait() {
    use hotseat::engine::table::{Next, Pace};
    use hotseat::games::kokoro::Kokoro;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "Kokoro, 8 seats, 7 planner:hard: wait per card (ms), {} seeded games",
        games()
    );
    println!(
        "{:<14} {:>5} {:>9} {:>9} {:>9}",
        "threads", "cards", "mean", "median", "max"
    );
    let mut means = Vec::new();
    for (together, workers) in [(false, 1), (false, cores), (true, 1), (true, cores)] {
        let mut waits = Vec::new();
        for seed in 1..=games() {
            let mut players = vec![PlayerEntry::human("P0")];
            players.extend(
                (1..8).map(|i| PlayerEntry::bot(format!("B{i}"), "planner:hard", seed * 16 + i)),
            );
            let m = Match::<Kokoro>::new(Setup {
                options: Default::default(),
                players,
                seed,
                started: "bench".into(),
            })
            .expect("setup");
            let mut table = hotseat::engine::Table::new(m, Kokoro::make_bot).expect("table");
            let mut person = driver::<Kokoro>(seed * 16);
            let pace = Pace {
                bot_rounds: 0,
                hold_for: None,
            };
            loop {
                match table.advance(pace).expect("advance") {
                    Next::Over => break,
                    Next::Bots(bots) => {
                        let q = table.ask(&bots).expect("ask");
                        let t = Instant::now();
                        let answer = if together {
                            q.answer_on(workers)
                        } else {
                            q.answer_alone_on(workers)
                        };
                        waits.push(t.elapsed());
                        table.settle(answer, pace).expect("settle");
                    }
                    Next::People(people) => {
                        for seat in people {
                            let view = table.m.state.view(Viewer::Seat(seat));
                            person.observe(&view);
                            let legal = table.m.state.bot_actions(seat);
                            let a = person.choose(seat, &view, &legal);
                            table.apply(Actor::Seat(seat), a, None).expect("legal");
                        }
                    }
                    Next::Held(_) => table.release().expect("release"),
                }
            }
        }
        waits.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mean = waits.iter().map(|&d| ms(d)).sum::<f64>() / waits.len().max(1) as f64;
        let median = waits.get(waits.len() / 2).map_or(0.0, |&d| ms(d));
        let max = waits.last().map_or(0.0, |&d| ms(d));
        println!(
            "{:<14} {:>5} {mean:>9.1} {median:>9.1} {max:>9.1}",
            format!("{} {workers}", if together { "together" } else { "alone" }),
            waits.len()
        );
        means.push(mean);
    }
    if let [alone, side, shared, shared_side] = means[..] {
        let one = alone / 7.0;
        println!(
            "one bot's thinking {one:.1} ms; a card waits {:.2} times that alone side by side, \
             {:.2} together on one thread, {:.2} together on {cores} (target 1.5)",
            side / one,
            shared / one,
            shared_side / one
        );
    }
}

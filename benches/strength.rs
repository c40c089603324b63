//! How strong the computer players are: win rates and mean scores with 95% intervals over
//! seeded games, played and summed up by `hotseat::sim` (the same games, intervals and table
//! as `hotseat sim`). These were `#[ignore]`d print-only tests; a measurement takes minutes of
//! CPU, so it is a bench, never part of `cargo test`.
//!
//! `cargo bench --bench strength` runs every line; `cargo bench --bench strength -- kokoro`
//! only the lines whose name holds `kokoro`. `STRENGTH_GAMES` sets the games per line (1,000
//! by default; each figure's interval says how sure it is), `STRENGTH_JOBS` the threads (all
//! cores by default). Search players run their full playout count (no time cap), so the
//! figures of a loaded machine are those of a quiet one.

use hotseat::engine::Options;
use hotseat::registry;
use hotseat::sim;

/// One measurement: `kinds` in seat order at a table of `game` with `options`.
struct Line {
    name: String,
    game: &'static str,
    kinds: Vec<String>,
    options: Options,
}

fn line(name: &str, game: &'static str, kinds: &[&str], options: &[(&str, &str)]) -> Line {
    Line {
        name: format!("{game}: {name}"),
        game,
        kinds: kinds.iter().map(|k| k.to_string()).collect(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// Every measurement, by game.
fn lines() -> Vec<Line> {
    let mut out = Vec::new();
    // Pocket: each level of the memory player against perfect memory, two players.
    for level in ["memory:easy", "memory", "memory:hard"] {
        out.push(line(
            &format!("{level} vs perfect memory"),
            "pocket",
            &[level, "perfect"],
            &[],
        ));
    }
    // Kokoro: the planner against the random player, and each level alone (solo scores).
    for (players, side, decree) in [
        (1, "blue", "none"),
        (1, "pink", "none"),
        (4, "blue", "none"),
        (4, "pink", "random"),
    ] {
        let kinds: Vec<&str> = (0..players)
            .map(|i| if i % 2 == 0 { "planner" } else { "random" })
            .collect();
        let kinds = if players == 1 { vec!["planner"] } else { kinds };
        out.push(line(
            &format!("planner vs random, {players} player(s), {side}, decree {decree}"),
            "kokoro",
            &kinds,
            &[("side", side), ("decree", decree)],
        ));
        if players == 1 {
            out.push(line(
                &format!("random alone, {side}, decree {decree}"),
                "kokoro",
                &["random"],
                &[("side", side), ("decree", decree)],
            ));
        }
    }
    for level in ["planner:easy", "planner", "planner:hard"] {
        out.push(line(&format!("{level} solo"), "kokoro", &[level], &[]));
    }
    // Couperation: the hard team (and the normal one) at each table size and mode.
    for mode in ["standard", "beginner"] {
        for players in 2..=4 {
            for level in ["builder:hard", "builder"] {
                out.push(line(
                    &format!("{level} team of {players}, {mode}"),
                    "couperation",
                    &vec![level; players],
                    &[("mode", mode)],
                ));
            }
        }
    }
    // Rocca: the village's rate for each kind at 3 to 6 players (the Monster's seat is in
    // the groups), and each side of the hard detective against the sleuth.
    for players in 3..=6 {
        for kind in ["sleuth", "detective", "detective:hard"] {
            out.push(line(
                &format!("{kind} at {players} players"),
                "rocca",
                &vec![kind; players],
                &[],
            ));
        }
    }
    for players in [4, 6] {
        for kind in ["detective:hard/sleuth", "sleuth/detective:hard"] {
            out.push(line(
                &format!("{kind} at {players} players"),
                "rocca",
                &vec![kind; players],
                &[],
            ));
        }
    }
    // Cocoon: each level of the wheel against the normal wheel, two players.
    for level in ["wheel:hard", "wheel:easy"] {
        out.push(line(
            &format!("{level} vs wheel"),
            "cocoon",
            &[level, "wheel"],
            &[],
        ));
    }
    out
}

fn env(key: &str) -> Option<usize> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

fn main() {
    // `cargo bench` passes `--bench`; a word that is not a flag picks lines by name.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let games = env("STRENGTH_GAMES").unwrap_or(1000);
    let jobs = env("STRENGTH_JOBS").unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    hotseat::bots::search::set_time_caps(false);
    for l in lines() {
        if !filter.is_empty() && !filter.iter().any(|f| l.name.contains(f.as_str())) {
            continue;
        }
        let Some(g) = registry::find(l.game) else {
            eprintln!("{}: no such game", l.game);
            std::process::exit(1);
        };
        println!("== {}", l.name);
        match sim::run_jobs(g, &l.kinds, &l.options, games, 1, None, jobs) {
            Ok(mut r) => {
                r.time_caps = false;
                println!("{}", sim::text(&r));
            }
            Err(e) => {
                eprintln!("{}: {e}", l.name);
                std::process::exit(1);
            }
        }
    }
}

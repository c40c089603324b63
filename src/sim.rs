//! `hotseat sim`: computer-only games without a screen, and what they show with 95% intervals
//! (Wilson's for win rates, the normal approximation for mean scores), so a claim such as
//! "hard beats easy" comes with how sure it is.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use crate::engine::log::{self, PlayerEntry};
use crate::engine::{Options, Setup, rng};
use crate::registered::{AnyTable, GameInfo};
use crate::store;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Wilson's 95% score interval for `wins` successes in `n` trials, as fractions. Unlike the
/// plain `p ± z·se`, it stays inside 0..1 and is honest at 0 or `n` wins and for small `n`.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (wins as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A mean with its 95% interval (normal approximation with the sample standard deviation).
pub fn mean_interval(xs: &[f64]) -> (f64, (f64, f64)) {
    let n = xs.len();
    if n == 0 {
        return (0.0, (0.0, 0.0));
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n == 1 {
        return (mean, (mean, mean));
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    let half = Z95 * (var / n as f64).sqrt();
    (mean, (mean - half, mean + half))
}

/// One seat's figures over all games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatStats {
    /// 1 = first seat.
    pub seat: usize,
    pub kind: String,
    pub wins: usize,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_ci: (f64, f64),
    pub mean_score: f64,
    pub score_ci: (f64, f64),
    pub min_score: i32,
    pub max_score: i32,
}

/// One kind's figures over every seat it held (each game counts once per such seat).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindStats {
    pub kind: String,
    pub seat_games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub win_ci: (f64, f64),
    pub mean_score: f64,
    pub score_ci: (f64, f64),
}

/// A game-specific split of the games, such as Rocca's village win rate by Monster seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupStats {
    pub group: String,
    /// Whose win is counted, e.g. "village".
    pub side: String,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub win_ci: (f64, f64),
}

/// The mean of one of a game's own per-seat figures (see
/// [`crate::ui::registered::Registered::figures`]), such as Kokoro's zero boxes per game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureStats {
    pub figure: String,
    /// 1 = first seat.
    pub seat: usize,
    pub kind: String,
    pub mean: f64,
    pub ci: (f64, f64),
}

/// Statistics of `hotseat sim`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    pub game: String,
    pub players: usize,
    pub bots: Vec<String>,
    pub games: usize,
    pub actions: usize,
    pub seconds: f64,
    pub actions_per_sec: f64,
    pub mean_actions: f64,
    pub wins: Vec<usize>,
    pub mean_score: Vec<f64>,
    pub min_score: Vec<i32>,
    pub max_score: Vec<i32>,
    pub seats: Vec<SeatStats>,
    pub kinds: Vec<KindStats>,
    /// Empty unless the game splits its games (Rocca: by Monster seat, with the overall figure
    /// first).
    pub groups: Vec<GroupStats>,
    /// Empty unless the game has figures of its own, per figure and seat.
    pub figures: Vec<FigureStats>,
    /// Empty unless the game counts blunders of its own, per count and seat (Kokoro: zero
    /// boxes a card of their round would have saved).
    pub checks: Vec<FigureStats>,
    /// Whether search players stopped at their time caps (`--no-time-cap` turns them off).
    pub time_caps: bool,
}

/// What one finished game left: scores, winners, and its group if the game has one.
pub struct GameResult {
    pub scores: Vec<i32>,
    pub winners: Vec<usize>,
    pub group: Option<crate::registered::Breakdown>,
    /// The game's own per-seat figures (name, one value per seat).
    pub figures: Vec<(&'static str, Vec<f64>)>,
    /// The game's own per-seat blunder counts (name, one value per seat).
    pub checks: Vec<(&'static str, Vec<f64>)>,
}

/// Adds up finished games into a report.
pub fn report(
    game: &str,
    kinds: &[String],
    results: &[GameResult],
    actions: usize,
    seconds: f64,
) -> SimReport {
    let n = kinds.len();
    let games = results.len();
    let score = |r: &GameResult, i: usize| r.scores.get(i).copied().unwrap_or(0);
    let seats: Vec<SeatStats> = (0..n)
        .map(|i| {
            let xs: Vec<f64> = results.iter().map(|r| f64::from(score(r, i))).collect();
            let wins = results.iter().filter(|r| r.winners.contains(&i)).count();
            let (mean, ci) = mean_interval(&xs);
            SeatStats {
                seat: i + 1,
                kind: kinds[i].clone(),
                wins,
                win_rate: wins as f64 / games.max(1) as f64,
                win_ci: wilson(wins, games),
                mean_score: mean,
                score_ci: ci,
                min_score: results.iter().map(|r| score(r, i)).min().unwrap_or(0),
                max_score: results.iter().map(|r| score(r, i)).max().unwrap_or(0),
            }
        })
        .collect();
    let mut by_kind: BTreeMap<&str, (usize, Vec<f64>)> = BTreeMap::new();
    for r in results {
        for (i, k) in kinds.iter().enumerate() {
            let e = by_kind.entry(k.as_str()).or_default();
            e.0 += usize::from(r.winners.contains(&i));
            e.1.push(f64::from(score(r, i)));
        }
    }
    let kinds_out = by_kind
        .into_iter()
        .map(|(k, (wins, xs))| {
            let (mean, ci) = mean_interval(&xs);
            KindStats {
                kind: k.to_string(),
                seat_games: xs.len(),
                wins,
                win_rate: wins as f64 / xs.len().max(1) as f64,
                win_ci: wilson(wins, xs.len()),
                mean_score: mean,
                score_ci: ci,
            }
        })
        .collect();
    let mut groups: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let mut overall: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for g in results.iter().filter_map(|r| r.group.as_ref()) {
        let e = groups
            .entry((g.group.clone(), g.side.to_string()))
            .or_default();
        e.0 += 1;
        e.1 += usize::from(g.won);
        let o = overall.entry(g.side.to_string()).or_default();
        o.0 += 1;
        o.1 += usize::from(g.won);
    }
    let group = |group: String, side: String, (games, wins): (usize, usize)| GroupStats {
        group,
        side,
        games,
        wins,
        win_rate: wins as f64 / games.max(1) as f64,
        win_ci: wilson(wins, games),
    };
    let groups_out = overall
        .into_iter()
        .map(|(side, c)| group("all games".into(), side, c))
        .chain(groups.into_iter().map(|((g, side), c)| group(g, side, c)))
        .collect();
    let figures_out = per_seat(results, kinds, |r| &r.figures);
    let checks_out = per_seat(results, kinds, |r| &r.checks);
    SimReport {
        game: game.to_string(),
        players: n,
        bots: kinds.to_vec(),
        games,
        actions,
        seconds,
        actions_per_sec: if seconds > 0.0 {
            actions as f64 / seconds
        } else {
            0.0
        },
        mean_actions: actions as f64 / games.max(1) as f64,
        wins: seats.iter().map(|s| s.wins).collect(),
        mean_score: seats.iter().map(|s| s.mean_score).collect(),
        min_score: seats.iter().map(|s| s.min_score).collect(),
        max_score: seats.iter().map(|s| s.max_score).collect(),
        seats,
        kinds: kinds_out,
        groups: groups_out,
        figures: figures_out,
        checks: checks_out,
        time_caps: true,
    }
}

/// Plays `games` games of `g` with `kinds` in seat order; game k uses seed `seed + k`.
pub fn run(
    g: &dyn GameInfo,
    kinds: &[String],
    options: &Options,
    games: usize,
    seed: u64,
    save_logs: Option<&std::path::Path>,
) -> Result<SimReport, String> {
    run_jobs(g, kinds, options, games, seed, save_logs, 1)
}

/// [`run`] on `jobs` threads. Each game depends only on its seed, so the report is the same
/// for any number of jobs (unless search players are cut short by their time caps, which a
/// busier machine does sooner: see [`crate::bots::search::set_time_caps`]).
pub fn run_jobs(
    g: &dyn GameInfo,
    kinds: &[String],
    options: &Options,
    games: usize,
    seed: u64,
    save_logs: Option<&std::path::Path>,
    jobs: usize,
) -> Result<SimReport, String> {
    let started = store::now_rfc3339();
    let clock = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let play = || -> Result<Vec<(usize, GameResult, usize)>, String> {
        let mut mine = Vec::new();
        loop {
            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if k >= games {
                return Ok(mine);
            }
            let (result, actions) = play_one(
                g,
                kinds,
                options,
                seed.wrapping_add(k as u64),
                &started,
                save_logs,
            )?;
            mine.push((k, result, actions));
        }
    };
    let mut played: Vec<(usize, GameResult, usize)> = Vec::with_capacity(games);
    std::thread::scope(|scope| -> Result<(), String> {
        let workers: Vec<_> = (1..jobs.max(1)).map(|_| scope.spawn(play)).collect();
        played.extend(play()?);
        for w in workers {
            let games = w
                .join()
                .map_err(|_| "a simulation thread panicked".to_string())??;
            played.extend(games);
        }
        Ok(())
    })?;
    played.sort_by_key(|(k, _, _)| *k);
    let actions = played.iter().map(|(_, _, a)| a).sum();
    let results: Vec<GameResult> = played.into_iter().map(|(_, r, _)| r).collect();
    Ok(report(
        g.id(),
        kinds,
        &results,
        actions,
        clock.elapsed().as_secs_f64(),
    ))
}

/// Each named per-seat value that `values` takes from the games, averaged per seat.
fn per_seat(
    results: &[GameResult],
    kinds: &[String],
    values: impl Fn(&GameResult) -> &Vec<(&'static str, Vec<f64>)>,
) -> Vec<FigureStats> {
    let mut names: Vec<&'static str> = Vec::new();
    for (name, _) in results.iter().flat_map(&values) {
        if !names.contains(name) {
            names.push(name);
        }
    }
    let mut out = Vec::new();
    for name in names {
        for (i, kind) in kinds.iter().enumerate() {
            let xs: Vec<f64> = results
                .iter()
                .flat_map(&values)
                .filter(|(f, _)| *f == name)
                .filter_map(|(_, v)| v.get(i).copied())
                .collect();
            let (mean, ci) = mean_interval(&xs);
            out.push(FigureStats {
                figure: name.to_string(),
                seat: i + 1,
                kind: kind.clone(),
                mean,
                ci,
            });
        }
    }
    out
}

/// One whole game with `seed`: what it left and how many actions it took.
fn play_one(
    g: &dyn GameInfo,
    kinds: &[String],
    options: &Options,
    seed: u64,
    started: &str,
    save_logs: Option<&std::path::Path>,
) -> Result<(GameResult, usize), String> {
    let players = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            PlayerEntry::bot(format!("{kind} {}", i + 1), kind, rng::bot_seed(seed, i))
        })
        .collect();
    let setup = Setup {
        options: options.clone(),
        players,
        seed,
        started: started.to_string(),
    };
    let mut t: Box<dyn AnyTable> = g.new_table(setup)?;
    t.run_bots()
        .map_err(|e| format!("game with seed {seed}: {e}"))?;
    let o = t
        .outcome()
        .ok_or_else(|| format!("game with seed {seed} did not end"))?;
    if let Some(dir) = save_logs {
        let path = dir.join(format!("{}-{seed}.json", g.id()));
        log::write_atomic(&path, &t.to_log())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let result = GameResult {
        scores: o.scores,
        winners: o.winners,
        group: t.breakdown(),
        figures: t.figures(),
        checks: t.checks(),
    };
    Ok((result, t.actions()))
}

fn pct((lo, hi): (f64, f64)) -> String {
    format!("[{:.1}, {:.1}]", 100.0 * lo, 100.0 * hi)
}

/// The report as a table for people.
pub fn text(r: &SimReport) -> String {
    let mut s = format!(
        "{} games of {} with {} players ({})\n{:.0} actions/s, {:.1} actions per game on average\n\
         win rates with 95% Wilson intervals, mean scores with 95% intervals\n",
        r.games,
        r.game,
        r.players,
        r.bots.join(", "),
        r.actions_per_sec,
        r.mean_actions
    );
    if !r.time_caps {
        s.push_str("search players ran their full playout count (--no-time-cap)\n");
    }
    s.push('\n');
    let kind_w = r.bots.iter().map(|k| k.len()).max().unwrap_or(4).max(4);
    s.push_str(&format!(
        "{:<6} {:<kind_w$} {:>6} {:>7} {:<14} {:>7} {:<18} {:>5} {:>5}\n",
        "seat", "kind", "wins", "win %", "95% interval", "score", "95% interval", "min", "max"
    ));
    for x in &r.seats {
        s.push_str(&format!(
            "{:<6} {:<kind_w$} {:>6} {:>7.1} {:<14} {:>7.2} {:<18} {:>5} {:>5}\n",
            x.seat,
            x.kind,
            x.wins,
            100.0 * x.win_rate,
            pct(x.win_ci),
            x.mean_score,
            format!("[{:.2}, {:.2}]", x.score_ci.0, x.score_ci.1),
            x.min_score,
            x.max_score
        ));
    }
    if r.kinds.len() > 1 {
        s.push_str("\nby kind (each game counts once per seat the kind held)\n");
        for k in &r.kinds {
            s.push_str(&format!(
                "{:<6} {:<kind_w$} {:>6} {:>7.1} {:<14} {:>7.2} [{:.2}, {:.2}] of {}\n",
                "",
                k.kind,
                k.wins,
                100.0 * k.win_rate,
                pct(k.win_ci),
                k.mean_score,
                k.score_ci.0,
                k.score_ci.1,
                k.seat_games
            ));
        }
    }
    if !r.groups.is_empty() {
        s.push('\n');
        for g in &r.groups {
            s.push_str(&format!(
                "{:<22} {} wins {:>5.1}% {} of {} games\n",
                g.group,
                g.side,
                100.0 * g.win_rate,
                pct(g.win_ci),
                g.games
            ));
        }
    }
    for list in [&r.figures, &r.checks] {
        if list.is_empty() {
            continue;
        }
        s.push('\n');
        for f in list {
            s.push_str(&format!(
                "{:<6} {:<kind_w$} {} {:.2} [{:.2}, {:.2}] a game\n",
                f.seat, f.kind, f.figure, f.mean, f.ci.0, f.ci.1
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Wilson 1927 worked example as used in Newcombe 1998): 0.2553 to 0.3662.
        let (lo, hi) = wilson(81, 263);
        assert!(close(lo, 0.2553) && close(hi, 0.3662), "{lo} {hi}");
        // 0 of 10: the interval starts at 0 and reaches 0.2775, unlike the plain interval
        // which collapses to a point.
        let (lo, hi) = wilson(0, 10);
        assert!(close(lo, 0.0) && close(hi, 0.2775), "{lo} {hi}");
        let (lo, hi) = wilson(10, 10);
        assert!(close(lo, 0.7225) && close(hi, 1.0), "{lo} {hi}");
        // Half of 1000: symmetric, about ±3.1 points.
        let (lo, hi) = wilson(500, 1000);
        assert!(close(lo, 0.4691) && close(hi, 0.5309), "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn mean_interval_uses_the_sample_deviation() {
        // Mean 5, sample sd sqrt(2.5) ≈ 1.5811 over 5 values: half width 1.96·1.5811/√5.
        let (m, (lo, hi)) = mean_interval(&[3.0, 4.0, 5.0, 6.0, 7.0]);
        assert!(close(m, 5.0));
        assert!(close(hi - m, 1.3859) && close(m - lo, 1.3859), "{lo} {hi}");
        assert_eq!(mean_interval(&[2.0]), (2.0, (2.0, 2.0)));
        assert_eq!(mean_interval(&[]), (0.0, (0.0, 0.0)));
    }

    fn result(scores: &[i32], winners: &[usize], group: Option<(&str, bool)>) -> GameResult {
        GameResult {
            scores: scores.to_vec(),
            winners: winners.to_vec(),
            group: group.map(|(g, won)| crate::registered::Breakdown {
                group: g.to_string(),
                side: "village",
                won,
            }),
            figures: Vec::new(),
            checks: Vec::new(),
        }
    }

    #[test]
    fn report_counts_seats_kinds_and_groups() {
        let kinds = vec!["wheel:hard".to_string(), "wheel:easy".to_string()];
        let results = vec![
            result(&[10, 4], &[0], Some(("Monster in seat 1", true))),
            result(&[7, 9], &[1], Some(("Monster in seat 2", false))),
            result(&[8, 8], &[0, 1], Some(("Monster in seat 1", true))),
        ];
        let r = report("cocoon", &kinds, &results, 30, 1.0);
        assert_eq!(r.wins, vec![2, 2]);
        assert_eq!(r.seats[0].kind, "wheel:hard");
        assert!(close(r.seats[0].win_rate, 2.0 / 3.0));
        assert_eq!(r.seats[0].win_ci, wilson(2, 3));
        assert!(close(r.seats[1].mean_score, 7.0));
        assert_eq!((r.seats[1].min_score, r.seats[1].max_score), (4, 9));
        assert_eq!(r.kinds.len(), 2);
        assert_eq!(r.kinds[0].kind, "wheel:easy");
        assert_eq!(r.kinds[0].seat_games, 3);
        let g: Vec<(&str, usize, usize)> = r
            .groups
            .iter()
            .map(|g| (g.group.as_str(), g.games, g.wins))
            .collect();
        assert_eq!(
            g,
            vec![
                ("all games", 3, 2),
                ("Monster in seat 1", 2, 2),
                ("Monster in seat 2", 1, 0)
            ]
        );
        assert!(close(r.mean_actions, 10.0));
    }

    #[test]
    fn a_games_own_figures_are_averaged_per_seat() {
        let kinds = vec!["planner:hard".to_string(), "planner".to_string()];
        let mut results = vec![result(&[50, 40], &[0], None), result(&[60, 30], &[0], None)];
        results[0].figures = vec![("zero boxes", vec![0.0, 2.0])];
        results[1].figures = vec![("zero boxes", vec![1.0, 2.0])];
        let r = report("kokoro", &kinds, &results, 80, 1.0);
        assert_eq!(r.figures.len(), 2);
        assert_eq!(r.figures[0].figure, "zero boxes");
        assert_eq!(
            (r.figures[0].seat, r.figures[0].kind.as_str()),
            (1, "planner:hard")
        );
        assert!(close(r.figures[0].mean, 0.5));
        assert_eq!(r.figures[0].ci, mean_interval(&[0.0, 1.0]).1);
        assert!(close(r.figures[1].mean, 2.0));
        let t = text(&r);
        assert!(t.contains("zero boxes 0.50"), "{t}");
        // Games without figures print none.
        let r = report("kokoro", &kinds, &results[..0], 0, 1.0);
        assert!(r.figures.is_empty());
    }

    #[test]
    fn a_games_blunder_counts_are_averaged_apart_from_its_figures() {
        let kinds = vec!["planner:hard".to_string(), "random".to_string()];
        let mut results = vec![result(&[50, 20], &[0], None), result(&[40, 30], &[0], None)];
        for r in &mut results {
            r.figures = vec![("zero boxes", vec![1.0, 3.0])];
        }
        results[0].checks = vec![("savable zero boxes", vec![1.0, 2.0])];
        results[1].checks = vec![("savable zero boxes", vec![0.0, 2.0])];
        let r = report("kokoro", &kinds, &results, 80, 1.0);
        assert_eq!(r.figures.len(), 2);
        assert_eq!(r.checks.len(), 2);
        assert_eq!(r.checks[0].figure, "savable zero boxes");
        assert!(close(r.checks[0].mean, 0.5));
        assert!(close(r.checks[1].mean, 2.0));
        let t = text(&r);
        assert!(t.contains("zero boxes 1.00"), "{t}");
        assert!(t.contains("savable zero boxes 0.50"), "{t}");
    }

    #[test]
    fn the_json_holds_the_same_figures_as_the_table() {
        let kinds = vec!["sleuth".to_string(); 3];
        let results = vec![
            result(&[1, 0, 1], &[0, 2], Some(("Monster in seat 2", true))),
            result(&[0, 1, 0], &[1], Some(("Monster in seat 2", false))),
        ];
        let r = report("rocca", &kinds, &results, 100, 2.0);
        let v: serde_json::Value = serde_json::to_value(&r).expect("json");
        assert_eq!(v["games"], 2);
        assert_eq!(v["seats"][0]["wins"], 1);
        assert_eq!(v["seats"][0]["kind"], "sleuth");
        let ci = &v["seats"][0]["win_ci"];
        let (lo, hi) = wilson(1, 2);
        assert!(close(ci[0].as_f64().unwrap_or(-1.0), lo));
        assert!(close(ci[1].as_f64().unwrap_or(-1.0), hi));
        assert_eq!(v["groups"][0]["group"], "all games");
        assert_eq!(v["groups"][0]["side"], "village");
        assert_eq!(v["groups"][1]["wins"], 1);
        assert_eq!(v["kinds"][0]["seat_games"], 6);
        // The table prints the same rate and interval.
        let t = text(&r);
        assert!(t.contains(&pct(wilson(1, 2))), "{t}");
        assert!(t.contains("Monster in seat 2"), "{t}");
    }
}

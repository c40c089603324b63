//! Kokoro bots: they play legal moves from their own view, and the planner scores far above the
//! random bot. The figures over many games are `cargo bench --bench strength -- kokoro`.

use crate::common::RunChance;
use hotseat::bots::kinds::kokoro as make;
use hotseat::bots::kokoro::KINDS;
use hotseat::bots::kokoro::PlannerBot;
use hotseat::bots::search::{self, Budget};
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Bot, Game, Match, Options, ToMove, Viewer, rng};
use hotseat::games::kokoro::{Action, Kokoro};

/// Plays one game with the given bot kinds per seat; returns the final scores.
fn play(kinds: &[&str], side: &str, decree: &str, seed: u64) -> Vec<i32> {
    let mut options = Options::new();
    options.insert("side".into(), side.into());
    options.insert("decree".into(), decree.into());
    let setup = Setup {
        options,
        players: kinds
            .iter()
            .enumerate()
            .map(|(i, k)| PlayerEntry::bot(format!("Bot {i}"), *k, seed + i as u64))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    };
    let mut m = Match::<Kokoro>::new(setup).unwrap();
    let mut bots: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| make(k, seed.wrapping_mul(31) + i as u64).unwrap())
        .collect();
    loop {
        match m.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                m.run_chance().unwrap();
            }
            ToMove::Seats(seats) => {
                let seat = seats[0];
                let legal = m.state.legal_actions(seat);
                let view = m.view(Viewer::Seat(seat));
                let a = bots[seat].choose(seat, &view, &legal);
                assert!(legal.contains(&a), "bot chose an illegal {a:?}");
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
    }
    m.state.outcome().unwrap().scores
}

fn mean(xs: &[i32]) -> f64 {
    xs.iter().map(|&x| f64::from(x)).sum::<f64>() / xs.len().max(1) as f64
}

/// Mean score of planner seats and of random seats over `games` games of `players` seats
/// (alternating kinds when several).
fn measure(games: u64, players: usize, side: &str, decree: &str) -> (f64, f64) {
    let (mut planner, mut random) = (Vec::new(), Vec::new());
    for g in 0..games {
        if players == 1 {
            planner.extend(play(&["planner"], side, decree, g));
            random.extend(play(&["random"], side, decree, g));
        } else {
            let kinds: Vec<&str> = (0..players)
                .map(|i| {
                    if (i + g as usize).is_multiple_of(2) {
                        "planner"
                    } else {
                        "random"
                    }
                })
                .collect();
            let scores = play(&kinds, side, decree, g);
            for (k, s) in kinds.iter().zip(scores) {
                if *k == "planner" {
                    planner.push(s);
                } else {
                    random.push(s);
                }
            }
        }
    }
    (mean(&planner), mean(&random))
}

#[test]
fn kinds_are_listed_with_the_default_first() {
    assert_eq!(KINDS[0].0, "planner");
    for (k, _) in KINDS {
        assert!(make(k, 1).is_some());
    }
    assert!(make("nobody", 1).is_none());
}

#[test]
fn planner_beats_random_by_far() {
    let (p, r) = measure(6, 1, "blue", "none");
    assert!(p > r + 20.0, "planner {p} vs random {r}");
    let (p, r) = measure(3, 4, "pink", "random");
    assert!(p > r + 20.0, "planner {p} vs random {r}");
}

#[test]
fn bots_play_every_decree() {
    for decree in ["mirror-pool", "sacred-grove", "forgotten-shrine"] {
        let scores = play(&["planner", "random", "planner"], "pink", decree, 3);
        assert_eq!(scores.len(), 3);
    }
}

#[test]
fn sim_reports_zero_boxes_per_seat() {
    // A random player rarely beats its previous box: the sim must count its zero boxes, and
    // a game that ends with none must count none.
    let g = hotseat::registry::find("kokoro").unwrap();
    let kinds = vec!["random".to_string(), "planner".to_string()];
    let r = hotseat::sim::run(g, &kinds, &Options::new(), 4, 1, None).unwrap();
    assert_eq!(r.figures.len(), 2);
    assert!(r.figures.iter().all(|f| f.figure == "zero boxes"));
    assert!(r.figures[0].mean >= 1.0, "{:?}", r.figures);
    assert!(r.figures[0].mean > r.figures[1].mean, "{:?}", r.figures);
    assert!(hotseat::sim::text(&r).contains("zero boxes"));
}

/// One decision as a byte: a draw is its space (plus 64 when mirrored), a peek 255.
fn code(a: &Action) -> u8 {
    match *a {
        Action::Draw { space, mirrored } => space + if mirrored { 64 } else { 0 },
        Action::Peek => 255,
        _ => 254,
    }
}

/// A game's decisions ([`code`]) and the points their playouts came to.
type Decisions = (Vec<u8>, u64);
/// [`Decisions`] as recorded.
type Recorded = (&'static [u8], u64);

/// The hard player's decisions in a seeded game: the normal planner plays every seat until
/// round `from` (1 to 5), then the hard player does, and its first `count` decisions are
/// returned (every seat's, in turn). Each seat chooses from the view it had before any seat
/// chose, as a table asks them. `playouts`: a fixed budget for every search decision; `None`:
/// the player's own budgets. No time cap either way. Last comes the sum over those decisions of
/// the points the search's playouts of each chosen move came to (the last halving round's),
/// which changes with almost any playout that goes otherwise.
fn hard_decisions(
    players: usize,
    side_decree: (&str, &str),
    seed: u64,
    from: usize,
    count: usize,
    playouts: Option<u32>,
) -> Decisions {
    let mut options = Options::new();
    options.insert("side".into(), side_decree.0.into());
    options.insert("decree".into(), side_decree.1.into());
    let mut g = Kokoro::new(&options, players).unwrap();
    let mut hard: Vec<_> = (0..players)
        .map(|s| {
            let bot = search::kokoro::player(seed * 16 + s as u64).exact();
            match playouts {
                Some(n) => bot.with_budget(Budget::exact(n)),
                None => bot,
            }
        })
        .collect();
    let mut normal: Vec<_> = (0..players)
        .map(|s| PlannerBot::normal(seed * 16 + 8 + s as u64))
        .collect();
    let mut r = rng::stream(seed, 3);
    let mut out = Vec::new();
    let mut points = 0;
    loop {
        match g.to_move() {
            ToMove::Over => return (out, points),
            ToMove::Chance => {
                let o = g.chance_outcomes();
                let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                let i = rng::weighted(&mut r, &w).unwrap();
                g.apply(Actor::Chance, &o[i].0).unwrap();
            }
            ToMove::Seats(seats) => {
                let mut chosen = Vec::new();
                for &seat in &seats {
                    let view = g.view(Viewer::Seat(seat));
                    let legal = g.legal_actions(seat);
                    hard[seat].observe(&view);
                    let a = if view.rounds_done + 1 >= from {
                        let a = hard[seat].choose(seat, &view, &legal);
                        out.push(code(&a));
                        if let Some(e) = hard[seat].last_estimate() {
                            points += (e.score * f64::from(e.playouts)).round() as u64;
                        }
                        a
                    } else {
                        normal[seat].choose(seat, &view, &legal)
                    };
                    assert!(legal.contains(&a), "an illegal {a:?}");
                    chosen.push((seat, a));
                }
                if out.len() >= count {
                    out.truncate(count);
                    return (out, points);
                }
                for (seat, a) in chosen {
                    g.apply(Actor::Seat(seat), &a).unwrap();
                }
            }
        }
    }
}

/// The hard player's decisions on fixed seeds, recorded again when its playouts came to be
/// played one mat at a time on futures every seat can share (which drew other futures, from a
/// seed of what every seat sees); a change that only makes it think with less CPU must leave
/// every one of them as it was. Small fixed budgets from the first rounds (the guard, the search, every decree the
/// planner reads), and the player's own budgets on the last round's cards. The failure message
/// shows every decision made instead.
#[test]
fn the_hard_player_decides_as_recorded() {
    let cases: [(&str, Decisions, Recorded); 8] = [
        (
            "solo",
            hard_decisions(1, ("blue", "none"), 1, 1, 38, Some(16)),
            (
                &[
                    14, 27, 23, 15, 18, 4, 37, 17, 26, 32, 255, 11, 36, 10, 5, 0, 255, 8, 31, 34,
                    41, 9, 28, 22, 30, 24, 35, 1, 3, 16, 2, 21, 20, 40, 33, 29, 19,
                ],
                4784,
            ),
        ),
        (
            "2 gentle-start",
            hard_decisions(2, ("blue", "gentle-start"), 2, 1, 24, Some(12)),
            (
                &[
                    18, 18, 23, 23, 14, 14, 4, 4, 37, 37, 10, 24, 41, 41, 17, 15, 36, 36, 16, 40,
                    15, 255, 0, 0,
                ],
                959,
            ),
        ),
        (
            "2 pilgrimage",
            hard_decisions(2, ("pink", "pilgrimage"), 3, 2, 24, Some(12)),
            (
                &[
                    38, 38, 13, 13, 32, 32, 255, 255, 39, 16, 20, 20, 31, 15, 5, 4, 16, 255, 22,
                    37, 23, 27, 35, 31,
                ],
                1336,
            ),
        ),
        (
            "3 tidy-edges",
            hard_decisions(3, ("blue", "tidy-edges"), 4, 2, 24, Some(12)),
            (
                &[
                    37, 37, 37, 23, 23, 23, 5, 5, 5, 11, 11, 11, 19, 38, 38, 22, 24, 22, 255, 22,
                    36, 29, 8, 30,
                ],
                1496,
            ),
        ),
        (
            "4 forgotten-shrine",
            hard_decisions(4, ("pink", "forgotten-shrine"), 5, 3, 24, Some(8)),
            (
                &[
                    255, 27, 8, 255, 18, 21, 18, 18, 23, 11, 255, 23, 9, 255, 6, 9, 16, 12, 34, 16,
                    19, 22, 12, 19,
                ],
                2670,
            ),
        ),
        (
            "5 mirror-pool",
            hard_decisions(5, ("pink", "mirror-pool"), 6, 3, 20, Some(8)),
            (
                &[
                    15, 15, 15, 15, 15, 73, 73, 73, 73, 73, 22, 4, 22, 22, 22, 26, 255, 26, 26, 26,
                ],
                73,
            ),
        ),
        (
            "solo, own budgets",
            hard_decisions(1, ("blue", "none"), 7, 5, 4, None),
            (&[31, 12, 29, 25], 37022),
        ),
        (
            "3, own budgets",
            hard_decisions(3, ("blue", "none"), 8, 5, 6, None),
            (&[34, 34, 34, 31, 31, 31], 68674),
        ),
    ];
    let mut got = String::new();
    for (name, actual, _) in &cases {
        got.push_str(&format!("{name}: {actual:?}\n"));
    }
    for (name, (actual, points), (want, want_points)) in &cases {
        assert_eq!(&actual[..], *want, "{name}; all decisions now:\n{got}");
        assert_eq!(points, want_points, "{name}; all decisions now:\n{got}");
    }
}

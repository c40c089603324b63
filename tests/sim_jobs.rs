//! `hotseat sim --jobs N` gives the same figures as one thread, and `--no-time-cap` lets a
//! search decision run its whole playout count however long it takes (its own process: the
//! switch is process-wide).

use std::time::Duration;

use hotseat::bots::search::{self, Budget};
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Actor, Bot, Game, Match, Options, Setup, ToMove, Viewer};
use hotseat::games::pocket::Pocket;
use hotseat::registry;

#[test]
fn games_on_several_threads_add_up_to_the_same_report() {
    let g = registry::find("pocket").expect("pocket");
    let kinds = vec![
        "memory".to_string(),
        "memory:easy".to_string(),
        "memory:hard".to_string(),
    ];
    let one = hotseat::sim::run_jobs(g, &kinds, &Options::new(), 30, 5, None, 1).expect("sim");
    let three = hotseat::sim::run_jobs(g, &kinds, &Options::new(), 30, 5, None, 3).expect("sim");
    assert_eq!(one.games, 30);
    assert_eq!(one.actions, three.actions);
    assert_eq!(one.wins, three.wins);
    assert_eq!(one.seats, three.seats);
    assert_eq!(one.mean_score, three.mean_score);
}

/// The first decision a seat faces in a seeded Pocket game, with the views it was shown.
fn first_decision() -> (
    Vec<<Pocket as Game>::View>,
    usize,
    Vec<<Pocket as Game>::Action>,
) {
    let setup = Setup {
        options: Options::new(),
        players: (0..3)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed: 9,
        started: "test".into(),
    };
    let mut m = Match::<Pocket>::new(setup).expect("setup");
    loop {
        match m.to_move() {
            ToMove::Chance => {
                let a = m.sample_chance().expect("chance");
                m.apply(Actor::Chance, a, None).expect("chance applies");
            }
            ToMove::Seats(seats) => {
                let s = seats[0];
                let legal = m.state.bot_actions(s);
                if legal.len() > 1 {
                    return (vec![m.state.view(Viewer::Seat(s))], s, legal);
                }
                m.apply(Actor::Seat(s), legal[0], None).expect("applies");
            }
            ToMove::Over => panic!("the game ended before a real decision"),
        }
    }
}

#[test]
fn without_time_caps_a_decision_runs_every_playout() {
    let (views, seat, legal) = first_decision();
    let decide = || {
        // A zero time cap: with caps on, the decision stops after its first playout.
        let mut bot = search::pocket::hard(1).with_budget(Budget {
            playouts: 64,
            time: Duration::ZERO,
        });
        for v in &views {
            bot.observe(v);
        }
        let view = views.last().expect("a view");
        bot.choose(seat, view, &legal);
        bot.last_playouts
    };
    let capped = decide();
    search::set_time_caps(false);
    let full = decide();
    search::set_time_caps(true);
    assert!(capped < 8, "the zero cap stops it early: {capped} playouts");
    assert!(full >= 48, "no cap: the whole count runs: {full} playouts");
}

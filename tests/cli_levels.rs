//! Levels on the command line and in logs: `--bot SEAT=KIND:LEVEL`, `--bot SEAT=LEVEL`, and
//! logs whose kinds carry no level (written before levels existed) still load.

use hotseat::bots::{Level, split_level};
use hotseat::cli::{self, PlayArgs};
use hotseat::registry::{self, AnyGame};

fn game(id: &str) -> &'static dyn AnyGame {
    registry::find(id).expect("game")
}

fn play(game: &str, bots: &[&str]) -> PlayArgs {
    PlayArgs {
        game: game.into(),
        players: Some(3),
        names: Vec::new(),
        bots: bots.iter().map(|s| s.to_string()).collect(),
        seed: Some(7),
        options: Vec::new(),
        log: None,
    }
}

fn kinds(game_id: &str, bots: &[&str]) -> Result<Vec<Option<String>>, String> {
    let s = cli::play_setup(game(game_id), &play(game_id, bots), "t".into())?;
    Ok(s.players.into_iter().map(|p| p.bot).collect())
}

#[test]
fn play_takes_kind_level_and_level_alone() {
    let k = kinds("pocket", &["2=memory:hard", "3=easy"]).expect("setup");
    assert_eq!(
        k,
        vec![None, Some("memory:hard".into()), Some("memory:easy".into())]
    );
    // Normal is written as the plain kind, as old logs have it; a bare seat is the best kind.
    let k = kinds("pocket", &["1", "2=memory:normal", "3=normal"]).expect("setup");
    assert_eq!(
        k,
        vec![
            Some("memory".into()),
            Some("memory".into()),
            Some("memory".into())
        ]
    );
    let k = kinds("pocket", &["2=random"]).expect("setup");
    assert_eq!(k[1].as_deref(), Some("random"));
}

#[test]
fn play_refuses_unknown_levels_and_kinds() {
    let e = kinds("pocket", &["2=memory:extreme"]).expect_err("no such level");
    assert!(e.contains("'extreme' is not a level"), "{e}");
    assert!(e.contains("easy, normal, hard"), "{e}");
    let e = kinds("pocket", &["2=psychic:hard"]).expect_err("no such kind");
    assert!(e.contains("no computer player 'psychic:hard'"), "{e}");
    let e = kinds("pocket", &["2=expert"]).expect_err("no such kind or level");
    assert!(e.contains("no computer player 'expert'"), "{e}");
    // The village/monster pair is Rocca's alone.
    assert!(kinds("pocket", &["2=memory/memory"]).is_err());
}

#[test]
fn every_game_offers_three_levels_of_its_best_kind() {
    for g in registry::GAMES {
        let best = g.bots()[0].0;
        for l in Level::ALL {
            let kind = cli::bot_kind(*g, l.name()).expect("level alone");
            assert_eq!(split_level(&kind), (best, l), "{}", g.id());
            assert!(g.bot_ok(&kind), "{} {kind}", g.id());
        }
        assert!(!g.bot_ok(&format!("{best}:extreme")), "{}", g.id());
    }
}

#[test]
fn sim_seats_take_levels_and_rocca_sides() {
    let g = game("rocca");
    let k = cli::sim_kinds(g, &["sleuth:hard".into(), "1=easy".into()], 4).expect("kinds");
    assert_eq!(
        k,
        vec![
            "detective:easy",
            "sleuth:hard",
            "sleuth:hard",
            "sleuth:hard"
        ]
    );
    let k = cli::sim_kinds(g, &["hard/sleuth".into()], 3).expect("kinds");
    assert_eq!(k, vec!["detective:hard/sleuth"; 3]);
    assert!(cli::sim_kinds(g, &["5=hard".into()], 4).is_err());
}

/// A log written before levels existed names plain kinds; it loads, its computer players
/// play on, and the same game with `:normal`-free kinds written today is identical.
#[test]
fn old_logs_with_plain_kinds_load_and_play_on() {
    for g in registry::GAMES {
        let best = g.bots()[0].0;
        let (min, _) = g.players();
        let players = (0..min)
            .map(|i| hotseat::engine::log::PlayerEntry::bot(format!("B{i}"), best, 11 + i as u64))
            .collect();
        let setup = hotseat::engine::Setup {
            options: Default::default(),
            players,
            seed: 5,
            started: "2026-01-01T00:00:00Z".into(),
        };
        let mut t = g.new_table(setup).expect("table");
        t.run_bots().expect("play");
        // An unfinished game: its log's first 12 actions.
        let mut log = t.to_log();
        log.actions.truncate(12);
        log.result = None;
        assert!(log.players.iter().all(|p| p.bot.as_deref() == Some(best)));
        let text = serde_json::to_string(&log).expect("json");
        let back = hotseat::engine::log::parse(&text).expect("parse");
        let mut again = g.load_table(&back).expect("an old log loads");
        assert_eq!(again.actions(), log.actions.len(), "{}", g.id());
        again.run_bots().expect("its computer players play on");
        assert!(again.outcome().is_some(), "{}", g.id());
    }
}

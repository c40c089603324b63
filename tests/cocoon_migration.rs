//! Cocoon World logs from before the one-outcome steps became part of the action that causes
//! them (rules version 3, where they were chance entries of their own and moved every later
//! draw of the seed) are refused with their version named, as are versions from the future.

use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Match, Setup, Table};
use hotseat::games::cocoon::Cocoon;
use hotseat::ui::Registered;

fn finished_log() -> hotseat::engine::log::LogFile {
    let players = (0..3)
        .map(|i| PlayerEntry::bot(format!("Bot {i}"), "wheel", i))
        .collect();
    let m = Match::<Cocoon>::new(Setup {
        options: Default::default(),
        players,
        seed: 12,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("setup");
    let mut t = Table::new(m, Cocoon::make_bot).expect("table");
    hotseat::ui::AnyTable::run_bots(&mut t).expect("plays");
    t.m.to_log()
}

#[test]
fn a_log_of_this_version_loads_and_one_step_log_entry_at_most_remains() {
    let l = finished_log();
    assert_eq!(l.rules_version, 4);
    let steps = l
        .actions
        .iter()
        .filter(|e| e.action_value().ok() == Some(serde_json::json!({"t": "step"})))
        .count();
    assert!(
        steps <= 1,
        "only a game's opening step is an entry: {steps}"
    );
    Match::<Cocoon>::from_log(&l).expect("loads");
}

#[test]
fn other_rules_versions_are_refused_with_their_number() {
    for v in [2, 3, 5] {
        let mut l = finished_log();
        l.rules_version = v;
        let e = Match::<Cocoon>::from_log(&l)
            .expect_err("refused")
            .to_string();
        assert!(e.contains(&format!("rules version {v}")), "{e}");
    }
}

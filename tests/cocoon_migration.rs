//! Cocoon World logs written before the one-outcome steps became part of the action that causes
//! them (rules version 3) still load: the migration drops those step entries and the game
//! re-simulates to the same result. Older or newer versions are refused with their version.

use hotseat::engine::Match;
use hotseat::engine::log::{self, By, LogFile};
use hotseat::games::cocoon::Cocoon;

fn v3() -> LogFile {
    let text = include_str!("fixtures/cocoon-rules3.json");
    log::parse(text).expect("the fixture parses")
}

#[test]
fn a_rules_3_log_loads_with_its_steps_folded_into_the_actions() {
    let old = v3();
    assert_eq!(old.rules_version, 3);
    let m = Match::<Cocoon>::from_log(&old).expect("a version 3 log loads");
    let result = old.result.clone().expect("a finished game");
    let outcome = hotseat::engine::Game::outcome(&m.state).expect("over");
    assert_eq!(outcome.scores, result.scores);
    assert_eq!(outcome.winners, result.winners);
    // Saved again, it is a version 4 log, with far fewer entries, that loads as it is.
    let new = m.to_log();
    assert_eq!(new.rules_version, 4);
    assert!(
        new.actions.len() * 2 < old.actions.len(),
        "{} entries from {}",
        new.actions.len(),
        old.actions.len()
    );
    let steps = new
        .actions
        .iter()
        .filter(|e| e.by == By::Chance && e.a == serde_json::json!({"t": "step"}))
        .count();
    assert!(steps <= 1, "only the opening step stays: {steps}");
    let again = Match::<Cocoon>::from_log(&new).expect("the new log loads");
    assert_eq!(again.state, m.state);
}

#[test]
fn other_rules_versions_are_refused_with_their_number() {
    for v in [2, 5] {
        let mut l = v3();
        l.rules_version = v;
        let e = Match::<Cocoon>::from_log(&l)
            .expect_err("refused")
            .to_string();
        assert!(e.contains(&format!("rules version {v}")), "{e}");
    }
}

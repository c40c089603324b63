//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod conformance;
pub mod frames;
pub mod pty;
pub mod queries;
pub mod screens;
pub mod ssh;
#[path = "../../src/testkit.rs"]
mod testkit;

pub use testkit::RunChance;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A local game as the library's screen tests open it: every step at once, nothing recorded.
pub fn inline() -> hotseat::ui::work::Local {
    hotseat::ui::work::Local {
        work: hotseat::ui::work::Work::Inline,
        records: None,
    }
}

/// The game logs (`*.json`) in `$HOTSEAT_HOME/games`, sorted; none if the folder is missing.
pub fn logs(home: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(home.join("games"))
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The one game log in `$HOTSEAT_HOME/games`; panics if there is not exactly one.
pub fn one_log(home: &Path) -> PathBuf {
    let found = logs(home);
    assert_eq!(found.len(), 1, "one log: {found:?}");
    found[0].clone()
}

/// Runs `hotseat replay --check` on `log`, asserts it succeeds and returns its verdict.
pub fn check_log(log: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["replay", "--check"])
        .arg(log)
        .output()
        .expect("run replay --check");
    assert!(
        out.status.success(),
        "replay --check failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every option set worth trying: the defaults, then each other value of each option with the
/// rest at their default.
pub fn option_sets<G: hotseat::engine::Game>() -> Vec<hotseat::engine::Options> {
    let mut sets = vec![hotseat::engine::Options::new()];
    for spec in G::OPTIONS {
        for v in spec.values.iter().skip(1) {
            let mut o = hotseat::engine::Options::new();
            o.insert(spec.key.to_string(), v.to_string());
            sets.push(o);
        }
    }
    sets
}

//! Every integration test in one binary. Each file under `tests/` is still its own module
//! (and can be run alone: `cargo test --test suite pocket_rules::`), but they are compiled and
//! linked once: forty binaries each linked the whole crate and monomorphised the same game
//! code again, which was most of a clean build's time. A file not listed here would never run:
//! `every_test_file_is_in_the_suite` fails until it is added. The helpers they share are
//! `common` (`use crate::common;` in a test file).

mod common;

#[path = "bots_blind.rs"]
mod bots_blind;
#[path = "cli_home.rs"]
mod cli_home;
#[path = "cli_levels.rs"]
mod cli_levels;
#[path = "cli_output.rs"]
mod cli_output;
#[path = "cli_rules.rs"]
mod cli_rules;
#[path = "cocoon_bots.rs"]
mod cocoon_bots;
#[path = "cocoon_migration.rs"]
mod cocoon_migration;
#[path = "cocoon_rules.rs"]
mod cocoon_rules;
#[path = "conformance.rs"]
mod conformance;
#[path = "corpus.rs"]
mod corpus;
#[path = "couperation_bots.rs"]
mod couperation_bots;
#[path = "couperation_rules.rs"]
mod couperation_rules;
#[path = "damage.rs"]
mod damage;
#[path = "e2e_cocoon.rs"]
mod e2e_cocoon;
#[path = "e2e_couperation.rs"]
mod e2e_couperation;
#[path = "e2e_keys.rs"]
mod e2e_keys;
#[path = "e2e_kokoro.rs"]
mod e2e_kokoro;
#[path = "e2e_no_queries.rs"]
mod e2e_no_queries;
#[path = "e2e_pocket.rs"]
mod e2e_pocket;
#[path = "e2e_rocca.rs"]
mod e2e_rocca;
#[path = "e2e_saves.rs"]
mod e2e_saves;
#[path = "e2e_secrets.rs"]
mod e2e_secrets;
#[path = "e2e_settings.rs"]
mod e2e_settings;
#[path = "e2e_terminal.rs"]
mod e2e_terminal;
#[path = "e2e_thinking.rs"]
mod e2e_thinking;
#[path = "hints.rs"]
mod hints;
#[path = "kokoro_bots.rs"]
mod kokoro_bots;
#[path = "kokoro_rules.rs"]
mod kokoro_rules;
#[path = "logs.rs"]
mod logs;
#[path = "pocket_bots.rs"]
mod pocket_bots;
#[path = "pocket_rules.rs"]
mod pocket_rules;
#[path = "rocca_bots.rs"]
mod rocca_bots;
#[path = "rocca_rules.rs"]
mod rocca_rules;
#[path = "saving.rs"]
mod saving;
#[path = "screen_secrets.rs"]
mod screen_secrets;
#[path = "search_bots.rs"]
mod search_bots;
#[path = "sim_jobs.rs"]
mod sim_jobs;
#[path = "ssh_connect.rs"]
#[cfg(feature = "server")]
mod ssh_connect;
#[path = "ssh_hardening.rs"]
#[cfg(feature = "server")]
mod ssh_hardening;
#[path = "ssh_refusals.rs"]
#[cfg(feature = "server")]
mod ssh_refusals;
#[path = "ssh_robust.rs"]
#[cfg(feature = "server")]
mod ssh_robust;
#[path = "ssh_table.rs"]
#[cfg(feature = "server")]
mod ssh_table;

#[test]
fn every_test_file_is_in_the_suite() {
    let listed = include_str!("suite.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the tests folder") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".rs")
            && name != "suite.rs"
            && !listed.contains(&format!("#[path = \"{name}\"]"))
        {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/suite.rs does not list {missing:?}"
    );
}

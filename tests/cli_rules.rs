//! `hotseat rules`: every game's page, and with `--ascii` nothing outside ASCII.

use std::process::Command;

fn rules(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .output()
        .expect("run hotseat rules");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn rules_ascii_prints_only_ascii_and_keeps_the_symbols_apart() {
    for game in hotseat::registry::GAMES.iter().map(|g| g.id()) {
        let plain = rules(&["rules", game]);
        let ascii = rules(&["rules", game, "--ascii"]);
        let bad: Vec<char> = ascii.chars().filter(|c| !c.is_ascii()).collect();
        assert!(bad.is_empty(), "{game}: {bad:?}");
        // No symbol became a question mark: every one has its own stand-in.
        assert_eq!(
            plain.matches('?').count(),
            ascii.matches('?').count(),
            "{game}"
        );
    }
    let rocca = rules(&["--ascii", "rules", "rocca"]);
    assert!(!rocca.contains('†') && !rocca.contains('●'));
    // Kokoro's table of path cards: four corners, four different marks.
    let kokoro = rules(&["rules", "kokoro", "--ascii"]);
    for (n, mark) in [(1, 'J'), (2, 'L'), (3, 'r'), (4, '7')] {
        let row = format!("| {n} | {mark} |");
        assert!(kokoro.contains(&row), "{row} in\n{kokoro}");
    }
}

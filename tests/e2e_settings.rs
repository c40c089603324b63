//! The settings file's `bot_level` in a pseudo-terminal: new computer players start at it in
//! the setup form and for a bare `hotseat play --bot SEAT`; a refused file is named on the
//! launcher, not only on standard error (which the full-screen launcher hides).

use crate::common;

use common::pty::Term;

#[test]
fn new_computer_players_start_at_the_settings_level() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(home.path().join("config.toml"), "bot_level = \"hard\"\n").expect("write");

    // The setup form: the second seat starts as the best kind at the hard level.
    let mut t = Term::in_home(home.path(), &[]);
    t.wait_for("Pocket & Biscuit");
    t.send("\r");
    t.wait_for("Computer: memory (hard)");
    t.send("\x1b");
    t.wait_for("Enter play");
    t.quit();

    // The command line: `--bot 2` without a kind is the best kind at the hard level.
    let log = home.path().join("game.json");
    let log_arg = log.to_string_lossy().into_owned();
    let args = [
        "play",
        "pocket",
        "--players",
        "2",
        "--bot",
        "2",
        "--seed",
        "4",
        "--log",
        &log_arg,
    ];
    let mut t = Term::in_home(home.path(), &args);
    t.wait_for("Player 1's view");
    t.quit();
    let text = std::fs::read_to_string(&log).expect("the log is kept");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["players"][1]["bot"], "memory:hard", "{text}");
    assert!(v["players"][0]["bot"].is_null(), "{text}");
}

#[test]
fn the_launcher_says_when_the_settings_file_was_refused() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(home.path().join("config.toml"), "mouse = \"off\"\n").expect("write");
    let mut t = Term::in_home(home.path(), &[]);
    let frame = t.wait_for("Settings file refused");
    assert!(frame.contains("hotseat config"), "{frame}");
    // Any key puts the notice away.
    t.send("j");
    t.wait_until("the notice is gone", |f| !f.contains("refused"));
    t.quit();
}

//! The conventions of a terminal program: `--version` with the rules versions, completion
//! scripts, the manual page, the settings file and `hotseat stats`, run as a user runs them.

use std::path::Path;
use std::process::{Command, Output};

fn hotseat(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOTSEAT_HOME", home)
        .env("HOTSEAT_CONFIG", home.join("config.toml"))
        .env_remove("NO_COLOR")
        .output()
        .expect("run hotseat")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn version_names_each_games_rules_version() {
    let home = tempfile::tempdir().expect("tmp");
    let out = hotseat(home.path(), &["--version"]);
    assert!(out.status.success());
    let v = text(&out.stdout);
    assert!(
        v.starts_with(&format!("hotseat {}\n", env!("CARGO_PKG_VERSION"))),
        "{v}"
    );
    for (id, version) in [
        ("pocket", 1),
        ("kokoro", 3),
        ("couperation", 1),
        ("rocca", 1),
        ("cocoon", 4),
    ] {
        assert!(
            v.lines()
                .any(|l| l.split_whitespace().take(2).eq([id, &version.to_string()])),
            "{id} {version} missing:\n{v}"
        );
    }
    // -V stays one line, for scripts.
    let short = text(&hotseat(home.path(), &["-V"]).stdout);
    assert_eq!(short.lines().count(), 1, "{short}");
}

#[test]
fn completions_for_every_shell_and_a_refusal_for_others() {
    let home = tempfile::tempdir().expect("tmp");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = hotseat(home.path(), &["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(
            script.contains("replay") && script.contains("stats"),
            "{shell}"
        );
    }
    let out = hotseat(home.path(), &["completions", "tcsh"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("possible values"));
}

#[test]
fn man_to_stdout_or_into_a_folder() {
    let home = tempfile::tempdir().expect("tmp");
    let out = hotseat(home.path(), &["man"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains(".TH hotseat 1"));
    let dir = home.path().join("man/man1");
    let dir_arg = dir.to_string_lossy().into_owned();
    let out = hotseat(home.path(), &["man", "--out", &dir_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.join("hotseat.1").is_file());
    assert!(dir.join("hotseat-play.1").is_file());
    assert!(text(&out.stdout).contains("hotseat-stats.1"));
}

#[test]
fn config_example_path_and_report() {
    let home = tempfile::tempdir().expect("tmp");
    let example = text(&hotseat(home.path(), &["config", "--example"]).stdout);
    assert!(example.contains("# mouse = true"), "{example}");
    let path = text(&hotseat(home.path(), &["config", "--path"]).stdout);
    assert_eq!(
        path.trim_end(),
        home.path().join("config.toml").to_string_lossy()
    );
    let report = text(&hotseat(home.path(), &["config"]).stdout);
    assert!(report.contains("no settings file"), "{report}");
    // The example, written as the file, is sound: the program never writes it itself.
    std::fs::write(home.path().join("config.toml"), &example).expect("write");
    let report = text(&hotseat(home.path(), &["config"]).stdout);
    assert!(report.ends_with(": ok\n"), "{report}");
    assert_eq!(
        std::fs::read_to_string(home.path().join("config.toml")).expect("read"),
        example
    );
}

#[test]
fn a_bad_file_is_named_with_its_line_and_the_defaults_are_used() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(
        home.path().join("config.toml"),
        "ascii = true\nmouse = \"off\"\n",
    )
    .expect("write");
    let out = hotseat(home.path(), &["rules", "pocket"]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("config.toml: line 2: "), "{err}");
    assert!(err.contains("default settings"), "{err}");
    // The defaults: not ASCII, although the file's first line asked for it.
    assert!(!text(&out.stdout).is_ascii());
    // `hotseat config` reports the same problem on standard output, and only there.
    let out = hotseat(home.path(), &["config"]);
    assert!(text(&out.stdout).contains("line 2"));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn the_file_is_read_and_flags_win_over_it() {
    let home = tempfile::tempdir().expect("tmp");
    let rules = |args: &[&str]| text(&hotseat(home.path(), args).stdout);
    assert!(!rules(&["rules", "pocket"]).is_ascii());
    std::fs::write(home.path().join("config.toml"), "ascii = true\n").expect("write");
    assert!(rules(&["rules", "pocket"]).is_ascii());
    std::fs::write(home.path().join("config.toml"), "ascii = false\n").expect("write");
    assert!(rules(&["--ascii", "rules", "pocket"]).is_ascii());
    let out = hotseat(home.path(), &["--bot-pace", "99999", "list"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--bot-pace"));
}

#[test]
fn stats_reads_saved_logs_and_names_broken_ones() {
    let home = tempfile::tempdir().expect("tmp");
    let games = home.path().join("games");
    let games_arg = games.to_string_lossy().into_owned();
    let out = hotseat(
        home.path(),
        &[
            "sim",
            "pocket",
            "--games",
            "3",
            "--players",
            "2",
            "--save-logs",
            &games_arg,
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(games.join("torn.json"), "{\"format\": \"hotseat-log\"").expect("write");
    let out = hotseat(home.path(), &["stats", "--game", "pocket"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.starts_with("Pocket & Biscuit: 3 finished games\n"), "{s}");
    assert!(s.contains("1 log could not be read:\n  torn.json: "), "{s}");
    let out = hotseat(home.path(), &["stats", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["games"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["games"][0]["played"], 3);
    assert_eq!(v["broken"][0]["file"], "torn.json");
    let out = hotseat(home.path(), &["stats", "--game", "chess"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("unknown game"));
}

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
fn bash_completes_bot_values_whole() {
    // `--bot 2=memory:hard`: bash splits words at '=' and ':', so the script must put them
    // back together. Typed into a real bash, as a user would, with Tab.
    let home = tempfile::tempdir().expect("tmp");
    let script = home.path().join("hotseat.bash");
    std::fs::write(
        &script,
        hotseat(home.path(), &["completions", "bash"]).stdout,
    )
    .expect("write");
    let bin = Path::new(env!("CARGO_BIN_EXE_hotseat"))
        .parent()
        .expect("the binary's folder");
    let t = crate::common::pty::Term::spawn_program(
        "bash",
        &["--norc", "--noprofile"],
        home.path(),
        home.path(),
        120,
        24,
    );
    t.send(&format!(
        "PS1='$ '; PATH='{}':\"$PATH\"; source '{}'; echo sourced\r",
        bin.display(),
        script.display()
    ));
    t.wait_for_drawn("\nsourced");
    // A seat, a kind and the start of a level.
    t.send("hotseat play pocket --bot 2=memory:h\t");
    t.wait_for_drawn("--bot 2=memory:hard ");
    // The same after '=' alone, and in sim's every-seat form.
    t.send("--bot 1=forgetful:e\t--theme li\t");
    t.wait_for_drawn("--bot 1=forgetful:easy --theme light ");
    t.send("\x15hotseat sim rocca --bot sleuth:ha\t");
    t.wait_for_drawn("--bot sleuth:hard ");
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
    // $HOTSEAT_CONFIG names a file that is not there: said, not ignored.
    let out = hotseat(home.path(), &["config"]);
    let report = text(&out.stdout);
    assert!(report.contains("no such file"), "{report}");
    assert_eq!(out.status.code(), Some(1), "{report}");
    let out = hotseat(home.path(), &["rules", "pocket"]);
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("no such file"),
        "{}",
        text(&out.stderr)
    );
    // The example, written as the file, is sound: the program never writes it itself.
    std::fs::write(home.path().join("config.toml"), &example).expect("write");
    let out = hotseat(home.path(), &["config"]);
    let report = text(&out.stdout);
    assert!(report.ends_with(": ok\n"), "{report}");
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(home.path().join("config.toml")).expect("read"),
        example
    );
}

#[test]
fn config_init_makes_the_folder_and_writes_the_example_once() {
    // The README's first step on a fresh machine: the folder does not exist yet.
    let home = tempfile::tempdir().expect("tmp");
    let file = home
        .path()
        .join("fresh")
        .join("hotseat")
        .join("config.toml");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .env("HOTSEAT_HOME", home.path())
            .env("HOTSEAT_CONFIG", &file)
            .output()
            .expect("run hotseat")
    };
    let out = run(&["config", "--init"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("written"));
    let example = text(&run(&["config", "--example"]).stdout);
    assert_eq!(std::fs::read_to_string(&file).expect("written"), example);
    assert!(run(&["config"]).status.success());
    // Never over a file already there.
    std::fs::write(&file, "ascii = true\n").expect("write");
    let out = run(&["config", "--init"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(&file).expect("kept"),
        "ascii = true\n"
    );
}

#[test]
fn bugreport_says_what_a_report_needs() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(home.path().join("config.toml"), "mouse = \"off\"\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("bugreport")
        .env("HOTSEAT_HOME", home.path())
        .env("HOTSEAT_CONFIG", home.path().join("config.toml"))
        .env("TERM", "xterm-256color")
        .output()
        .expect("run hotseat");
    assert!(out.status.success());
    let r = text(&out.stdout);
    for want in [
        &format!("hotseat {}", env!("CARGO_PKG_VERSION")),
        "rules versions:",
        "cocoon",
        std::env::consts::OS,
        std::env::consts::ARCH,
        "TERM=xterm-256color",
        "size ",
        "config.toml: line 1:",
        &home.path().display().to_string(),
        "no games folder",
        // Where the report goes: there is no address to send it to yet, and it says so.
        "to whoever you got hotseat from",
        "no public issue tracker",
    ] {
        assert!(r.contains(want), "no '{want}' in:\n{r}");
    }
    assert!(!r.contains("http"), "{r}");
}

#[test]
fn config_problems_exit_1_and_speak_the_files_words() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(home.path().join("config.toml"), "bot_pace_ms = -5\n").expect("write");
    let out = hotseat(home.path(), &["config"]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("line 1"), "{report}");
    assert!(report.contains("whole number"), "{report}");
    assert!(!report.contains("u64"), "{report}");
}

#[test]
fn bad_theme_and_palette_name_their_choices() {
    let home = tempfile::tempdir().expect("tmp");
    std::fs::write(home.path().join("config.toml"), "").expect("write");
    let out = hotseat(home.path(), &["--theme", "pink", "list"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("possible values: dark, light, none"), "{err}");
    let out = hotseat(
        home.path(),
        &["--palette", "color-blind", "rules", "pocket"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = hotseat(home.path(), &["play", "po"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("pocket"));
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
    let err = text(&out.stderr);
    assert!(err.contains("invalid value 'chess'"), "{err}");
    assert!(err.contains("pocket"), "the choices are listed: {err}");
}

#[test]
fn the_package_says_what_an_installer_and_a_packager_need() {
    // `cargo install` and a packager read these; the README must agree with them.
    let dir = env!("CARGO_MANIFEST_DIR");
    let read = |name: &str| std::fs::read_to_string(Path::new(dir).join(name)).expect(name);
    let manifest: toml::Table = toml::from_str(&read("Cargo.toml")).expect("Cargo.toml");
    let package = manifest["package"].as_table().expect("[package]");
    for key in [
        "rust-version",
        "description",
        "keywords",
        "categories",
        "license",
    ] {
        assert!(package.contains_key(key), "no {key} in [package]");
    }
    let msrv = package["rust-version"].as_str().expect("a string");
    assert!(
        read("README.md").contains(&format!("Rust {msrv} or newer")),
        "the README does not name Rust {msrv}"
    );
    // The server is a default feature a packager can leave out; ratatui brings only what is used.
    let features = manifest["features"].as_table().expect("[features]");
    assert!(
        features["default"]
            .as_array()
            .expect("default")
            .iter()
            .any(|f| f.as_str() == Some("server"))
    );
    let deps = manifest["dependencies"].as_table().expect("[dependencies]");
    assert_eq!(deps["ratatui"]["default-features"].as_bool(), Some(false));
    assert_eq!(deps["russh"]["optional"].as_bool(), Some(true));
    // Every crate the binary names has its licence notice in THIRD_PARTY.toml.
    let notices: toml::Table = toml::from_str(&read("THIRD_PARTY.toml")).expect("THIRD_PARTY");
    let listed: Vec<&str> = notices["third_party_libraries"]
        .as_array()
        .expect("libraries")
        .iter()
        .filter_map(|l| l["package_name"].as_str())
        .collect();
    for name in deps.keys() {
        assert!(listed.contains(&name.as_str()), "{name} has no notice");
    }
}

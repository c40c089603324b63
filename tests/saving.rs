//! Saved games cannot be lost: one game is open in one process at a time, every write goes
//! through a temporary file of its own, and stale temporary files neither hide nor break a log.

use std::process::Command;

use hotseat::cli;
use hotseat::engine::Setup;
use hotseat::engine::log::{self, LogFile, PlayerEntry};
use hotseat::registry;

fn unfinished_log(game: &str, seed: u64) -> LogFile {
    let g = registry::find(game).expect("game");
    let setup = Setup {
        options: Default::default(),
        players: vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bot", "random", 3),
            PlayerEntry::human("Cy"),
        ],
        seed,
        started: "2026-11-25T00:00:00Z".into(),
    };
    let mut t = g.new_table(setup).expect("setup");
    t.run_bots().expect("deal");
    assert!(t.outcome().is_none());
    t.to_log()
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn writers_never_share_a_temporary_file() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("game.json");
    let logs = [unfinished_log("pocket", 1), unfinished_log("pocket", 2)];
    std::thread::scope(|s| {
        for l in &logs {
            let path = &path;
            s.spawn(move || {
                for _ in 0..200 {
                    log::write_atomic(path, l).expect("every write succeeds");
                }
            });
        }
    });
    let back = log::read(&path).expect("the log is whole");
    assert!(logs.contains(&back));
    assert_eq!(
        files_in(dir.path()),
        ["game.json"],
        "no temporary file is left"
    );
}

#[test]
fn a_failed_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().expect("tmp");
    // A folder where the log should be: the final rename fails.
    std::fs::create_dir(dir.path().join("game.json")).expect("dir");
    let l = unfinished_log("rocca", 4);
    assert!(log::write_atomic(&dir.path().join("game.json"), &l).is_err());
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn a_game_open_in_one_process_is_refused_in_another() {
    let home = tempfile::tempdir().expect("tmp");
    let games = home.path().join("games");
    let path = games.join("rocca-1.json");
    log::write_atomic(&path, &unfinished_log("rocca", 5)).expect("write");

    // In this process: the first resume holds the game, the second is refused plainly.
    let first = cli::load_table(&path).expect("first resume");
    let e = cli::load_table(&path).err().expect("second resume refused");
    assert!(
        e.contains("rocca-1.json") && e.contains("open in another hotseat"),
        "{e}"
    );
    // Watching it needs no lock.
    assert!(cli::load_for_replay(&path).is_ok());
    assert!(cli::check_log(&path).is_ok());

    // Another process: `hotseat resume` says so and exits non-zero, before any screen.
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("resume")
        .arg(&path)
        .env("HOTSEAT_HOME", home.path())
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "this game is open in another hotseat (process {})",
            std::process::id()
        )),
        "{err}"
    );
    drop(first);
    assert!(
        cli::load_table(&path).is_ok(),
        "free once the first lets go"
    );
}

#[test]
fn stale_temporary_files_neither_hide_nor_break_a_log() {
    let home = tempfile::tempdir().expect("tmp");
    let dir = home.path().join("games");
    let path = dir.join("pocket-1.json");
    log::write_atomic(&path, &unfinished_log("pocket", 6)).expect("write");
    // What crashed writers leave: the old fixed name and the new unique names, half written.
    for stale in [".pocket-1.json.tmp", ".pocket-1.json.a1B2c3.tmp"] {
        std::fs::write(dir.join(stale), r#"{"format": "hotseat-lo"#).expect("write");
    }
    let listed = hotseat::store::list_saved_in(&dir, registry::GAMES);
    assert_eq!(listed.len(), 1, "only the log is listed: {listed:?}");
    assert!(listed[0].broken.is_none());
    let t = cli::load_table(&path).expect("resume");
    assert_eq!(
        files_in(&dir),
        [".pocket-1.json.lock", "pocket-1.json"],
        "taking the game removes its stale temporary files"
    );
    drop(t);
    assert_eq!(files_in(&dir), ["pocket-1.json"]);
}

#[cfg(unix)]
#[test]
fn two_links_to_one_game_share_its_lock() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("pocket-1.json");
    log::write_atomic(&path, &unfinished_log("pocket", 8)).expect("write");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&path, &link).expect("symlink");
    let first = cli::load_table(&link).expect("through the link");
    let e = cli::load_table(&path)
        .err()
        .expect("the real file is taken");
    assert!(e.contains("open in another hotseat"), "{e}");
    drop(first);
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink(),
        "saving through a link keeps the link"
    );
}

#[test]
fn a_new_game_never_takes_the_name_of_one_being_started() {
    let dir = tempfile::tempdir().expect("tmp");
    let first = hotseat::store::new_log_path_in(dir.path(), "pocket", "2026-11-25T10:00:00Z");
    let _held = hotseat::engine::lock::lock(&first).expect("lock");
    let second = hotseat::store::new_log_path_in(dir.path(), "pocket", "2026-11-25T10:00:00Z");
    assert_ne!(first, second);
}

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

/// A hard link is a second name for the log's file: a lock beside one name cannot be seen from
/// the other, and the first save would split the game between them. It is refused, in this
/// process and in another, while it has two names; once the game is saved through one name,
/// the other is an older copy of its own.
#[cfg(unix)]
#[test]
fn a_hard_link_to_a_game_cannot_open_it_a_second_time() {
    let home = tempfile::tempdir().expect("tmp");
    let games = home.path().join("games");
    let path = games.join("pocket-1.json");
    log::write_atomic(&path, &unfinished_log("pocket", 9)).expect("write");
    let first = cli::load_table(&path).expect("first resume");
    let other = home.path().join("elsewhere");
    std::fs::create_dir(&other).expect("dir");
    let link = other.join("same-game.json");
    std::fs::hard_link(&path, &link).expect("hard link");

    let e = cli::load_table(&link)
        .err()
        .expect("the hard link is refused");
    assert!(
        e.contains("same-game.json") && e.contains("2 names (hard links)"),
        "{e}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("resume")
        .arg(&link)
        .env("HOTSEAT_HOME", home.path())
        .output()
        .expect("run");
    assert!(!out.status.success(), "a second process is refused");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 names (hard links)"), "{err}");
    // Nothing was written through the link: still the one file, two names.
    assert_eq!(files_in(&other), ["same-game.json"]);

    // Saved through its own name, the game leaves the link behind as an older copy.
    drop(first);
    log::write_atomic(&path, &unfinished_log("pocket", 9)).expect("save");
    let copy = cli::load_table(&link).expect("the old copy opens on its own");
    drop(copy);
}

/// Another spelling of the path (`.`, `..`, a relative path) finds the same lock.
#[test]
fn another_spelling_of_the_path_shares_the_lock() {
    let dir = tempfile::tempdir().expect("tmp");
    let games = dir.path().join("games");
    let path = games.join("pocket-1.json");
    log::write_atomic(&path, &unfinished_log("pocket", 10)).expect("write");
    let first = cli::load_table(&path).expect("first resume");
    let roundabout = games
        .join(".")
        .join("..")
        .join("games")
        .join("pocket-1.json");
    let e = cli::load_table(&roundabout).err().expect("refused");
    assert!(e.contains("open in another hotseat"), "{e}");
    // A relative path, as `hotseat resume games/pocket-1.json` from the folder above.
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["resume", "./games/../games/pocket-1.json"])
        .current_dir(dir.path())
        .env("HOTSEAT_HOME", dir.path())
        .output()
        .expect("run");
    assert!(!out.status.success(), "a second process is refused");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("open in another hotseat"), "{err}");
    drop(first);
    assert_eq!(files_in(&games), ["pocket-1.json"]);
}

#[test]
fn a_new_game_never_takes_the_name_of_one_being_started() {
    let dir = tempfile::tempdir().expect("tmp");
    let first = hotseat::store::new_log_path_in(dir.path(), "pocket", "2026-11-25T10:00:00Z");
    let _held = hotseat::engine::lock::lock(&first).expect("lock");
    let second = hotseat::store::new_log_path_in(dir.path(), "pocket", "2026-11-25T10:00:00Z");
    assert_ne!(first, second);
}

//! The launcher over a games folder holding special and broken files, in a pseudo-terminal:
//! it opens (a named pipe or a link to /dev/zero does not hang it), lists every file with the
//! reason it cannot be opened, and Continue on a game open in another process says so.

use crate::common;

use common::pty::Term;

#[cfg(unix)]
#[test]
fn the_launcher_lists_special_and_broken_files_and_refuses_a_game_open_elsewhere() {
    let home = tempfile::tempdir().expect("tmp");
    let games = home.path().join("games");
    std::fs::create_dir(&games).expect("games");
    let pipe =
        std::ffi::CString::new(games.join("pipe.json").to_string_lossy().as_bytes()).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(pipe.as_ptr(), 0o644) }, 0);
    std::os::unix::fs::symlink("/dev/zero", games.join("zero.json")).expect("symlink");
    std::fs::write(games.join("cut.json"), r#"{"format":"hotseat-lo"#).expect("write");

    // A game open in another process: this test holds its lock.
    let mut t = Term::in_home(home.path(), &["play", "pocket", "--seed", "3"]);
    t.wait_for("Pocket & Biscuit ·");
    t.quit();
    let log = common::logs(home.path())
        .into_iter()
        .find(|p| p.to_string_lossy().contains("pocket-"))
        .expect("the pocket log");
    let held = hotseat::engine::lock::lock(&log).expect("lock");

    let mut t = Term::in_home(home.path(), &[]);
    t.wait_for("Games");
    t.send("s");
    let f = t.wait_for("zero.json: cannot be opened");
    assert!(f.contains("pipe.json: cannot be opened: not a regular file but a named pipe"));
    assert!(f.contains("cut.json: cannot be opened: not valid JSON"));
    assert!(
        f.contains("Pocket & Bisc"),
        "the sound game is listed too:\n{f}"
    );
    t.send("\x1b");
    t.wait_for("Games");
    t.send("c");
    t.wait_for("Continue a game");
    // The sound unfinished game is first; Enter on it says it is open elsewhere.
    t.send("\r");
    t.wait_for("open in another hotseat");
    drop(held);
    t.send("\r");
    t.wait_for("Pocket & Biscuit ·");
    t.send("q");
    t.wait_for("Games");
    t.quit();
}

//! One game open in one process at a time. Logs are replaced whole on every save (a new file
//! renamed over the old), so a lock on the log itself would stay on the replaced file; the
//! lock is instead an advisory lock (std's `File::try_lock`: `flock` on Unix, `LockFileEx` on
//! Windows) on a small `.<log>.lock` file beside it, which the operating system releases
//! when the process ends however it ends. Holding it also makes it safe to remove the log's
//! stale temporary files, since nobody else can be writing them.
//!
//! The lock must follow the game, whatever path names it. A game's identity is not its
//! inode: every save renames a new file over the log, so the inode changes with each move.
//! What stays is the real path of the file, and that is what the lock is derived from:
//! - another spelling of the path (`./x/../games/g.json`, a relative path) and a symbolic
//!   link (to the file or to a folder on the way) both resolve to one canonical path
//!   ([`canonical`]), so they find one lock file; [`super::table::Table::save_to`] saves to
//!   that path too, so a save through a link replaces the real file, not the link;
//! - a hard link is a second real path to the same file, and no lock beside one name can be
//!   seen from the other (it may be in another folder). Such a log is refused outright while
//!   it has more than one name: the first save would split it in two anyway (the name saved
//!   through gets the new file, the other keeps the old), so two names can never stay one
//!   game. Once the log is saved through one name the other is a copy of an earlier moment,
//!   no different from one made with `cp`, and opens as a game of its own.
//!
//! On systems other than Unix the link count is not read: only the canonical path applies.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{ErrorKind, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock on one log; released (and its file removed) when dropped.
#[derive(Debug)]
pub struct LogLock {
    /// `None` when the folder cannot be written at all: then nobody can save into it either,
    /// and saving reports that on its own.
    held: Option<(File, PathBuf)>,
}

/// `.<name>.lock` beside the log: hidden, and not a `.json` file, so never listed as a game.
pub fn lock_path(log: &Path) -> PathBuf {
    let name = log
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    log.with_file_name(format!(".{name}.lock"))
}

/// The real path of `log`: symbolic links and `.`/`..` resolved, for the file itself when it
/// exists, else for its folder (a new game's log). Unchanged when neither can be resolved.
pub fn canonical(log: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(log) {
        return p;
    }
    let dir = match log.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), log.file_name()) {
        (Ok(d), Some(name)) => d.join(name),
        _ => log.to_path_buf(),
    }
}

/// Refuses a log with more than one name (a hard link): see the module's comment.
#[cfg(unix)]
fn single_name(log: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    match std::fs::metadata(log) {
        Ok(m) if m.is_file() && m.nlink() > 1 => Err(format!(
            "this log has {} names (hard links), and saving would split the game between them; \
             open it through one name only, or play a copy (`cp`)",
            m.nlink()
        )),
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn single_name(_: &Path) -> Result<(), String> {
    Ok(())
}

/// Takes the lock on `log` (through its [`canonical`] path), or says plainly that the game is
/// open elsewhere or cannot be one game.
pub fn lock(log: &Path) -> Result<LogLock, String> {
    let log = &canonical(log);
    single_name(log)?;
    let path = lock_path(log);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // A folder that cannot be made is reported by the first save.
        let _ = std::fs::create_dir_all(dir);
    }
    // The holder before us removes the file when it lets go; if that happened between our
    // open and our lock, we hold a lock nobody else can see: take it again on the new file.
    for _ in 0..8 {
        let mut file = match open(&path) {
            Ok(f) => f,
            Err(e) if unwritable(&e) => return Ok(LogLock { held: None }),
            Err(e) => return Err(format!("cannot lock the game: {e}")),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut pid = String::new();
                let _ = (&mut file).take(32).read_to_string(&mut pid);
                let who = match pid.trim().parse::<u32>() {
                    Ok(n) => format!("another hotseat (process {n})"),
                    Err(_) => "another hotseat".to_string(),
                };
                return Err(format!(
                    "this game is open in {who}; close it there first, or watch it with `hotseat replay`"
                ));
            }
            Err(TryLockError::Error(e)) => return Err(format!("cannot lock the game: {e}")),
        }
        if !same_file(&file, &path) {
            continue;
        }
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = write!(file, "{}", std::process::id());
        remove_stale_temps(log);
        return Ok(LogLock {
            held: Some((file, path)),
        });
    }
    Err("cannot lock the game: its lock file keeps changing".into())
}

fn unwritable(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem
    )
}

/// Opens the lock file without waiting, refusing anything but a regular file (a pipe put in
/// its place must not hang us).
fn open(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW);
    }
    let f = o.open(path)?;
    if !f.metadata()?.is_file() {
        return Err(std::io::Error::other("the lock file is not a regular file"));
    }
    Ok(f)
}

#[cfg(unix)]
fn same_file(f: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (f.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

impl LogLock {
    /// Whether a lock is really held (false only in a folder nobody can write).
    pub fn is_held(&self) -> bool {
        self.held.is_some()
    }
}

impl Drop for LogLock {
    fn drop(&mut self) {
        // Removed while still locked, so nobody can lock this file after we let go.
        if let Some((_, path)) = &self.held {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Whether `file_name` is one of `log`'s temporary files: `.<name>.<random>.tmp` (see
/// [`super::log::write_atomic`]), or `.<name>.tmp` from older versions.
pub fn is_temp_of(log_name: &str, file_name: &str) -> bool {
    let Some(rest) = file_name
        .strip_prefix('.')
        .and_then(|r| r.strip_prefix(log_name))
        .and_then(|r| r.strip_prefix('.'))
        .and_then(|r| r.strip_suffix("tmp"))
    else {
        return false;
    };
    rest.is_empty()
        || rest
            .strip_suffix('.')
            .is_some_and(|r| !r.is_empty() && !r.contains('.'))
}

/// Removes the temporary files a crash left beside `log`; only called with the lock held.
fn remove_stale_temps(log: &Path) {
    let (Some(dir), Some(name)) = (log.parent(), log.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let name = name.to_string_lossy();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if is_temp_of(&name, &e.file_name().to_string_lossy())
            && e.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().expect("tmp");
        let log = dir.path().join("pocket-1.json");
        let first = lock(&log).expect("first");
        assert!(first.is_held());
        let e = lock(&log).expect_err("second");
        assert!(e.contains("open in another hotseat"), "{e}");
        assert!(
            e.contains(&format!("process {}", std::process::id())),
            "{e}"
        );
        drop(first);
        assert!(!lock_path(&log).exists(), "the lock file is removed");
        let again = lock(&log).expect("free again");
        drop(again);
    }

    #[test]
    fn temp_names_are_recognised_exactly() {
        assert!(is_temp_of("a.json", ".a.json.tmp"));
        assert!(is_temp_of("a.json", ".a.json.Xy12ab.tmp"));
        assert!(!is_temp_of("a.json", ".a.json.json.Xy12ab.tmp"));
        assert!(!is_temp_of("a.json", "a.json"));
        assert!(!is_temp_of("a.json", ".a.json.lock"));
        assert!(!is_temp_of("a.json", ".a.json..tmp"));
    }

    #[test]
    fn taking_the_lock_removes_stale_temporary_files_only() {
        let dir = tempfile::tempdir().expect("tmp");
        let log = dir.path().join("g.json");
        for n in [
            ".g.json.tmp",
            ".g.json.abc123.tmp",
            ".h.json.abc123.tmp",
            "g.json",
        ] {
            std::fs::write(dir.path().join(n), "x").expect("write");
        }
        let _l = lock(&log).expect("lock");
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [".g.json.lock", ".h.json.abc123.tmp", "g.json"]);
    }
}

//! Reading and writing the program's own files (game logs, high scores) so that no file can
//! hang, flood or break it: only regular files are read, through a size cap; writes go through
//! a temporary file of their own, renamed over the old one.

use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// Not there (or a symlink to nowhere).
    Missing,
    /// A named pipe, a device, a folder…: refused without reading it.
    Special(&'static str),
    /// Over the cap, in bytes.
    TooBig(u64),
    /// Not UTF-8 text: the offset of the first bad byte.
    NotUtf8(usize),
    Io(std::io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Missing => write!(f, "cannot read the file: it does not exist"),
            ReadError::Special(kind) => write!(
                f,
                "not a regular file but {kind}; refused without reading it"
            ),
            ReadError::TooBig(cap) => {
                write!(f, "the file is over the {} KB cap", cap / 1024)
            }
            ReadError::NotUtf8(at) => write!(f, "not UTF-8 text (bad byte at offset {at})"),
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::NotFound {
            ReadError::Missing
        } else {
            ReadError::Io(e)
        }
    }
}

/// A file's text. Anything but a regular file (a named pipe, a device, a folder, a symlink to
/// one of those) is refused from its metadata, before it is opened: opening a pipe for reading
/// waits for a writer, and a device may never end. The file is then opened without waiting and
/// checked again (it may have been swapped in between), and read through the cap, so a file
/// that grows while it is read cannot take more than the cap either.
pub fn read_capped(path: &Path, cap: u64) -> Result<String, ReadError> {
    check_regular(&std::fs::metadata(path)?, cap)?;
    let file = open_without_waiting(path)?;
    let meta = file.metadata()?;
    check_regular(&meta, cap)?;
    let mut bytes = Vec::with_capacity(meta.len().min(cap) as usize + 1);
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooBig(cap));
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8(e.utf8_error().valid_up_to()))
}

fn check_regular(meta: &Metadata, cap: u64) -> Result<(), ReadError> {
    if !meta.is_file() {
        return Err(ReadError::Special(kind_of(meta)));
    }
    if meta.len() > cap {
        return Err(ReadError::TooBig(cap));
    }
    Ok(())
}

fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Opens for reading without blocking on a pipe or a terminal that took the file's place.
fn open_without_waiting(path: &Path) -> std::io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    o.open(path)
}

/// Writes `bytes` so that a crash at any moment leaves either the old or the new file whole:
/// they go to a temporary file with a name of its own (`.<name>.<random>.tmp`: hidden, and
/// not a `.json`, so never listed as a game) in the same folder, which is then renamed over
/// `path`. Two writers never share a temporary file; one that fails is removed at once, and
/// one a crash left beside a log is removed by the next process that takes the game's lock
/// ([`crate::engine::lock`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

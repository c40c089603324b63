//! The server's host key: an Ed25519 key made once and kept in the data folder, so that clients
//! see the same fingerprint every time and no warning after their first connection.
//!
//! The file is the OpenSSH private key format, readable by the owner only. A key file that
//! others may read, or that is not a usable Ed25519 key, is refused rather than replaced: the
//! person running the server must decide (a replaced key warns every client).

use std::io::Write;
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{Algorithm, HashAlg, PrivateKey};

/// The host key's file name in the data folder.
pub const FILE_NAME: &str = "ssh_host_ed25519_key";

/// Where the host key lives in `data_dir`.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// The host key in `data_dir`: read if it exists, made (and saved owner-only) if not.
pub fn load_or_create(data_dir: &Path) -> Result<PrivateKey, String> {
    let file = path(data_dir);
    match std::fs::symlink_metadata(&file) {
        Ok(_) => load(&file),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(data_dir, &file),
        Err(e) => Err(format!(
            "cannot read the host key {}: {e}",
            crate::text::path(&file)
        )),
    }
}

/// "SHA256:…", as `ssh-keygen -lf` and the client's first-connection prompt show it.
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

fn load(file: &Path) -> Result<PrivateKey, String> {
    let shown = crate::text::path(file);
    let meta = std::fs::symlink_metadata(file)
        .map_err(|e| format!("cannot read the host key {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "the host key {shown} is not a plain file; move it away to make a new key"
        ));
    }
    check_private(mode(&meta), &shown)?;
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read the host key {shown}: {e}"))?;
    let key = PrivateKey::from_openssh(text.as_bytes()).map_err(|e| {
        format!(
            "the host key {shown} is not an OpenSSH private key ({e}); move it away to make a \
             new one (clients will then see a changed-key warning)"
        )
    })?;
    if key.is_encrypted() {
        return Err(format!(
            "the host key {shown} is protected by a passphrase; the server needs it without one"
        ));
    }
    if key.algorithm() != Algorithm::Ed25519 {
        return Err(format!(
            "the host key {shown} is a {} key, not Ed25519; move it away to make a new one",
            key.algorithm()
        ));
    }
    Ok(key)
}

/// Who may read or write the key file, as far as hotseat can tell: on Unix the mode's
/// permission bits. Elsewhere (Windows keeps access lists, which the standard library does not
/// read) nothing: the key is then neither refused nor vouched for, and `hotseat serve` says so
/// ([`unchecked_note`]).
fn mode(meta: &std::fs::Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(meta.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Refuses a key file that anyone but its owner may read or write.
fn check_private(mode: Option<u32>, shown: &str) -> Result<(), String> {
    match mode {
        Some(mode) if mode & 0o077 != 0 => Err(format!(
            "the host key {shown} may be read by others (permissions {mode:03o}); \
             run `chmod 600 {shown}` and start again"
        )),
        _ => Ok(()),
    }
}

/// What `hotseat serve` prints where the key file's permissions cannot be checked (Windows).
pub fn unchecked_note(data_dir: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path(data_dir)).ok()?;
    note_for(mode(&meta), &crate::text::path(&path(data_dir)))
}

fn note_for(mode: Option<u32>, shown: &str) -> Option<String> {
    mode.is_none().then(|| {
        format!(
            "Note: hotseat cannot check who may read the host key {shown} on this system; \
             anyone who can read it can pose as this server. Keep it in a folder only you can \
             open (your user profile is).\n"
        )
    })
}

fn create(data_dir: &Path, file: &Path) -> Result<PrivateKey, String> {
    let shown = crate::text::path(file);
    std::fs::create_dir_all(data_dir).map_err(|e| {
        format!(
            "cannot make the data folder {}: {e}",
            crate::text::path(data_dir)
        )
    })?;
    let seed: [u8; 32] = rand::random();
    let mut key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    key.set_comment("hotseat host key");
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| format!("cannot encode the host key: {e}"))?;
    // Written to a temporary file (owner-only from the start) and moved into place without
    // replacing anything: two servers starting at once cannot mix their keys.
    let mut builder = tempfile::Builder::new();
    builder.prefix(".hostkey");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o600));
    }
    let mut tmp = builder
        .tempfile_in(data_dir)
        .map_err(|e| format!("cannot write the host key {shown}: {e}"))?;
    tmp.write_all(text.as_bytes())
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| format!("cannot write the host key {shown}: {e}"))?;
    match tmp.persist_noclobber(file) {
        Ok(_) => Ok(key),
        // Another server made one first: use that one.
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => load(file),
        Err(e) => Err(format!("cannot write the host key {shown}: {}", e.error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_owner_only_and_reused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let a = load_or_create(dir.path()).expect("new key");
        let b = load_or_create(dir.path()).expect("same key");
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert!(fingerprint(&a).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(path(dir.path()))
                .expect("key file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // Nothing else was left in the folder.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("read dir")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from(FILE_NAME)]);
    }

    #[test]
    fn two_data_folders_get_different_keys() {
        let (d1, d2) = (
            tempfile::tempdir().expect("t"),
            tempfile::tempdir().expect("t"),
        );
        let a = load_or_create(d1.path()).expect("key");
        let b = load_or_create(d2.path()).expect("key");
        assert_ne!(fingerprint(&a), fingerprint(&b));
    }

    #[test]
    fn where_permissions_cannot_be_read_the_key_is_kept_and_the_host_told() {
        // Windows' case, worked out from what the file system tells (nothing) on any system.
        assert_eq!(check_private(None, "k"), Ok(()));
        let note = note_for(None, "k").expect("a note");
        assert!(
            note.contains("cannot check who may read the host key k"),
            "{note}"
        );
        assert_eq!(note_for(Some(0o600), "k"), None);
        assert_eq!(check_private(Some(0o600), "k"), Ok(()));
        assert!(check_private(Some(0o640), "k").is_err());
        #[cfg(unix)]
        {
            let dir = tempfile::tempdir().expect("tempdir");
            load_or_create(dir.path()).expect("new key");
            assert_eq!(unchecked_note(dir.path()), None);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        load_or_create(dir.path()).expect("new key");
        std::fs::set_permissions(path(dir.path()), std::fs::Permissions::from_mode(0o644))
            .expect("chmod");
        let err = load_or_create(dir.path()).expect_err("refused");
        assert!(err.contains("may be read by others"), "{err}");
        assert!(err.contains("chmod 600"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_broken_key_file_is_refused_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let file = path(dir.path());
        std::fs::write(&file, "not a key\x1b[2J").expect("write");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        let err = load_or_create(dir.path()).expect_err("refused");
        assert!(err.contains("not an OpenSSH private key"), "{err}");
        assert!(!err.contains('\x1b'), "{err}");
        assert_eq!(
            std::fs::read_to_string(&file).expect("still there"),
            "not a key\x1b[2J"
        );
    }
}

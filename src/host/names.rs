//! The names people's keys came with. An invite (`ssh -p 2222 7K2M-9PQR@host`) puts a table's
//! code where the name would be, so the name comes from the key's earlier visits, or is asked
//! once and kept here for the next.
//!
//! The file (`server/names.json` in the data folder) is the server's own; read back, every
//! name is checked again like a name typed in, and a broken file is left as it is (never
//! overwritten): the server then remembers no names until someone looks.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::events;

const FORMAT: &str = "hotseat-names";

/// At most this many keys are remembered: a server is for friends, and a stranger with many
/// keys must not grow the file without end.
pub const MOST: usize = 10_000;

/// The largest file read back (10 000 keys with the longest names fit well inside).
const CAP: u64 = 4 << 20;

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NamesFile {
    format: String,
    /// Name by key fingerprint ("SHA256:…").
    names: BTreeMap<String, String>,
}

pub struct Names {
    path: PathBuf,
    map: Mutex<BTreeMap<String, String>>,
    /// The file was there but could not be read: it is kept as it is.
    broken: bool,
}

impl Names {
    /// The names kept in `data_dir`; none when the file is missing or broken.
    pub fn open(data_dir: &Path) -> Names {
        let path = data_dir.join("server").join("names.json");
        let read = match crate::files::read_capped(&path, CAP) {
            Ok(text) => serde_json::from_str::<NamesFile>(&text)
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    if f.format == FORMAT {
                        Ok(f.names)
                    } else {
                        Err("not a hotseat names file".into())
                    }
                }),
            Err(crate::files::ReadError::Missing) => Ok(BTreeMap::new()),
            Err(e) => Err(e.to_string()),
        };
        let (map, broken) = match read {
            Ok(mut m) => {
                m.retain(|k, n| {
                    k.starts_with("SHA256:") && crate::engine::log::check_name(n).is_ok()
                });
                (m, false)
            }
            Err(e) => {
                events::log(
                    "names-not-read",
                    &[("file", &crate::text::path(&path)), ("reason", &e)],
                );
                (BTreeMap::new(), true)
            }
        };
        Names {
            path,
            map: Mutex::new(map),
            broken,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The name `key` last came with.
    pub fn get(&self, key: &str) -> Option<String> {
        self.map().get(key).cloned()
    }

    /// `key` comes as `name` (a name fit for a log, or nothing is kept).
    pub fn remember(&self, key: &str, name: &str) {
        if crate::engine::log::check_name(name).is_err() {
            return;
        }
        let mut map = self.map();
        if map.get(key).map(String::as_str) == Some(name) {
            return;
        }
        if !map.contains_key(key) && map.len() >= MOST {
            return;
        }
        map.insert(key.to_string(), name.to_string());
        if self.broken {
            return;
        }
        let file = NamesFile {
            format: FORMAT.into(),
            names: map.clone(),
        };
        drop(map);
        let written = serde_json::to_string_pretty(&file)
            .map_err(std::io::Error::other)
            .and_then(|t| crate::files::write_atomic(&self.path, t.as_bytes()));
        if let Err(e) = written {
            events::log(
                "names-not-saved",
                &[
                    ("file", &crate::text::path(&self.path)),
                    ("reason", &e.to_string()),
                ],
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keys_name_is_kept_across_runs_and_a_tampered_file_is_never_trusted_or_overwritten() {
        let dir = tempfile::tempdir().expect("tmp");
        let names = Names::open(dir.path());
        assert_eq!(names.get("SHA256:ann"), None);
        names.remember("SHA256:ann", "Ann");
        names.remember("SHA256:bad", "e\u{1b}[31mvil");
        assert_eq!(
            Names::open(dir.path()).get("SHA256:ann").as_deref(),
            Some("Ann")
        );
        assert_eq!(Names::open(dir.path()).get("SHA256:bad"), None);
        // A name written into the file by hand is checked like one typed in.
        let p = dir.path().join("server").join("names.json");
        let text = std::fs::read_to_string(&p).expect("read");
        std::fs::write(&p, text.replace("\"Ann\"", "\"A\\u001b[2Jnn\"")).expect("write");
        assert_eq!(Names::open(dir.path()).get("SHA256:ann"), None);
        // A broken file is kept as it was.
        std::fs::write(&p, "{nonsense").expect("write");
        let names = Names::open(dir.path());
        names.remember("SHA256:bo", "Bo");
        assert_eq!(names.get("SHA256:bo").as_deref(), Some("Bo"));
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "{nonsense");
    }
}

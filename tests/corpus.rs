//! A corpus of malformed, tampered and special files: every one is refused with a message that
//! names the file, holds no control character, and comes without a panic, without hanging
//! (each case runs under a watchdog thread: a case still running after [`WATCHDOG`] fails the
//! test; a sound case ends in milliseconds) and within a memory bound (this test binary
//! counts every allocation a case makes: see [`Counting`]). The same files in a games folder are all listed
//! by the launcher, the broken ones with their reason.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use hotseat::cli;
use hotseat::engine::Setup;
use hotseat::engine::log::{self, PlayerEntry};
use hotseat::engine::log_scan;
use hotseat::registry::{self, GAMES};
use hotseat::store;
use serde_json::{Value, json};

/// Counts the bytes allocated now and the most at any moment since the last reset, by the
/// threads that run a case only: every integration test shares this binary (tests/suite.rs),
/// and the others allocate on their own threads at the same time.
struct Counting;

static NOW: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    /// Whether this thread runs a case; a `const` cell, so reading it never allocates.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn counted() -> bool {
    COUNTED.try_with(Cell::get).unwrap_or(false)
}

fn grew(n: usize) {
    if counted() {
        let n = n as isize;
        let now = NOW.fetch_add(n, Ordering::Relaxed) + n;
        PEAK.fetch_max(now, Ordering::Relaxed);
    }
}

fn shrank(n: usize) {
    if counted() {
        NOW.fetch_sub(n as isize, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Far longer than any case needs (they end in milliseconds): only a hang reaches it.
const WATCHDOG: Duration = Duration::from_secs(30);
/// Memory a single case may take on top of what was in use before it: any file up to the
/// 4 MB cap is read within this (its text, then typed structures with each action kept as
/// text: see `hotseat::engine::log_scan`). Reading 4 MB of nested objects into a tree of
/// values took close to a gigabyte.
const MEMORY: usize = 40 * 1024 * 1024;

/// The cases share the allocation counters, so they run one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `f` on its own thread under the watchdog and the memory bound.
fn case<T: Send + 'static>(name: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        COUNTED.with(|c| c.set(true));
        let v = f();
        COUNTED.with(|c| c.set(false));
        let _ = tx.send(v);
    });
    match rx.recv_timeout(WATCHDOG) {
        Ok(v) => {
            let used = PEAK.load(Ordering::Relaxed).saturating_sub(base).max(0) as usize;
            assert!(
                used < MEMORY,
                "{name}: took {} MB, over the bound",
                used >> 20
            );
            v
        }
        Err(RecvTimeoutError::Timeout) => panic!("{name}: still running after {WATCHDOG:?}"),
        Err(RecvTimeoutError::Disconnected) => panic!("{name}: panicked"),
    }
}

/// `replay --check` and `resume` both refuse the file, naming it, in clean text.
fn refused(name: &str, path: &Path) -> String {
    let p = path.to_path_buf();
    let (check, resume) = case(name, move || {
        let check = cli::check_log(&p);
        let resume = cli::load_table(&p).map(|_| ());
        (check, resume)
    });
    let e = check.expect_err(name);
    let file = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let file = file.unwrap_or_default();
    assert!(
        e.contains(&*hotseat::text::clean(&file)),
        "{name}: the error names the file: {e}"
    );
    assert!(
        !e.chars().any(hotseat::text::is_unsafe),
        "{name}: raw control characters in {e:?}"
    );
    assert!(e.chars().count() < 700, "{name}: a flood of text: {e}");
    assert!(resume.is_err(), "{name}: resume refuses it too");
    e
}

fn good_log(game: &str, seed: u64) -> Value {
    let g = registry::find(game).expect("game");
    let (min, max) = g.players();
    let players = (0..min.max(2).min(max))
        .map(|i| PlayerEntry::bot(format!("R{i}"), "random", seed + i as u64))
        .collect();
    let setup = Setup {
        options: Default::default(),
        players,
        seed,
        started: "2026-11-25T00:00:00Z".into(),
    };
    let mut t = g.new_table(setup).expect("setup");
    t.run_bots().expect("plays");
    serde_json::to_value(t.to_log()).expect("value")
}

fn with(base: &Value, f: impl FnOnce(&mut Value)) -> Value {
    let mut v = base.clone();
    f(&mut v);
    v
}

/// The files of the corpus that have contents, by name, with what the refusal must say.
fn content_cases() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let base = good_log("pocket", 7);
    let text = |v: &Value| serde_json::to_vec_pretty(v).expect("json");
    let good = text(&base);
    let object_action = base["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .position(|e| e["a"].is_object())
        .expect("an action written as an object");
    let mut utf8 = good.clone();
    let at = good.windows(4).position(|w| w == b"\"R0\"").expect("name") + 1;
    utf8[at] = 0xff;
    let mut zeros = String::from("[");
    while zeros.len() < 4_000_000 {
        zeros.push_str("0,");
    }
    zeros.push_str("0]");
    let big_action = String::from_utf8(text(&with(&base, |v| {
        v["actions"][1]["a"] = json!("PLACEHOLDER")
    })))
    .expect("utf8")
    .replacen("\"PLACEHOLDER\"", &zeros, 1);
    let mut many = String::from(r#"{"format":"hotseat-log","version":1,"actions":["#);
    for i in 0..=log::MAX_ACTIONS {
        many.push_str(if i == 0 { "" } else { "," });
        many.push_str(r#"{"by":0,"a":0}"#);
    }
    many.push_str("]}");
    let hostile = hostile_cases(&good);
    let mut cases = vec![
        ("empty.json", Vec::new(), "not valid JSON"),
        (
            "truncated.json",
            good[..good.len() / 2].to_vec(),
            "not valid JSON",
        ),
        ("null.json", b"null".to_vec(), "not a hotseat log"),
        ("list.json", b"[1,2]".to_vec(), "not a hotseat log"),
        (
            "deep-lists.json",
            "[".repeat(100_000).into_bytes(),
            "nested more than 16 deep",
        ),
        (
            "deep-objects.json",
            r#"{"a":"#.repeat(100_000).into_bytes(),
            "nested more than 16 deep",
        ),
        ("invalid-utf8.json", utf8, "not UTF-8"),
        (
            "bom.json",
            [b"\xef\xbb\xbf".as_slice(), &good].concat(),
            "not valid JSON",
        ),
        (
            "huge-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("N".repeat(3_000_000))
            })),
            "at most 24",
        ),
        (
            "huge-action.json",
            big_action.into_bytes(),
            "entry 1: the action holds more than 64 values",
        ),
        ("many-actions.json", many.into_bytes(), "over the cap"),
        (
            "over-cap.json",
            vec![b' '; log::MAX_FILE_BYTES as usize + 1],
            "cap",
        ),
        (
            "escape-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("\u{1b}]0;pwned\u{7}")
            })),
            "control character",
        ),
        (
            "escape-game.json",
            text(&with(&base, |v| v["game"] = json!("\rok: fine\u{1b}[K"))),
            "control character",
        ),
        (
            "escape-seed.json",
            text(&with(&base, |v| v["seed"] = json!("7\u{1b}[2J"))),
            "control character",
        ),
        (
            "escape-bot.json",
            text(&with(&base, |v| {
                v["players"][1]["bot"] = json!("random\u{9b}1m")
            })),
            "control character",
        ),
        (
            "escape-field.json",
            text(&with(&base, |v| v["\u{1b}]0;x\u{7}"] = json!(1))),
            "control character",
        ),
        (
            "bidi-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("Ann\u{202e}nnA")
            })),
            "control character",
        ),
        (
            "unknown-top-field.json",
            text(&with(&base, |v| v["cheat"] = json!(true))),
            "unknown field `cheat`",
        ),
        (
            "unknown-player-field.json",
            text(&with(&base, |v| v["players"][0]["score"] = json!(99))),
            "unknown field `score`",
        ),
        (
            "unknown-entry-field.json",
            text(&with(&base, |v| v["actions"][0]["note"] = json!("x"))),
            "entry 0: malformed entry: unknown field `note`",
        ),
        (
            "unknown-result-field.json",
            text(&with(&base, |v| v["result"]["bonus"] = json!(1))),
            "unknown field `bonus`",
        ),
        (
            "extra-action-field.json",
            text(&with(&base, |v| {
                v["actions"][object_action]["a"]["extra"] = json!(1)
            })),
            "unknown field 'extra'",
        ),
        (
            "result-removed.json",
            text(&with(&base, |v| {
                v.as_object_mut().expect("object").remove("result");
            })),
            "result is missing",
        ),
        (
            "winners-changed.json",
            text(&with(&base, |v| v["result"]["winners"] = json!([]))),
            "recorded winners",
        ),
        (
            "person-with-bot-seed.json",
            text(&with(&base, |v| {
                v["players"][0] = json!({"name": "Ann", "kind": "human", "seed": "3"})
            })),
            "is a person but has a bot",
        ),
        (
            "chance-with-time.json",
            text(&with(&base, |v| v["actions"][0]["ms"] = json!(5))),
            "entry 0: a chance outcome with a thinking time",
        ),
        (
            "changed-seed.json",
            text(&with(&base, |v| v["seed"] = json!("8"))),
            "not the seed's draw",
        ),
        (
            "padded-seed.json",
            text(&with(&base, |v| v["seed"] = json!("07"))),
            "seed '07' is not a whole number as hotseat writes it",
        ),
        (
            "plus-seed.json",
            text(&with(&base, |v| v["seed"] = json!("+7"))),
            "seed '+7' is not a whole number as hotseat writes it",
        ),
        (
            "padded-bot-seed.json",
            text(&with(&base, |v| v["players"][1]["seed"] = json!("08"))),
            "player 2's bot seed '08' is not a whole number",
        ),
        (
            "zero-width-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("\u{200B}")
            })),
            "invisible character (U+200B)",
        ),
        (
            "hangul-filler-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("\u{3164}")
            })),
            "invisible character (U+3164)",
        ),
        (
            "bom-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("R0\u{FEFF}")
            })),
            "invisible character (U+FEFF)",
        ),
        (
            "tag-name.json",
            text(&with(&base, |v| {
                v["players"][0]["name"] = json!("R\u{E0030}\u{E007F}")
            })),
            "invisible character (U+E0030)",
        ),
    ];
    cases.extend(hostile);
    cases
}

/// `text` with the first `"key":` written twice, the first time with `value`.
fn twice(text: &[u8], key: &str, value: &str) -> Vec<u8> {
    let s = String::from_utf8(text.to_vec()).expect("utf8");
    let field = format!("\"{key}\":");
    assert!(s.contains(&field), "{key} is in the log");
    s.replacen(&field, &format!("{field} {value}, {field}"), 1)
        .into_bytes()
}

/// Files that cost memory out of all proportion to their size when read into a tree of values
/// (up to 946 MB and seconds for 4 MB), each just under the cap, and repeated fields.
fn hostile_cases(good: &[u8]) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let cap = log::MAX_FILE_BYTES as usize;
    let fill = |unit: &str, head: &str, tail: &str| {
        let n = (cap - head.len() - tail.len()) / (unit.len() + 1);
        let mut s = String::with_capacity(cap);
        s.push_str(head);
        for i in 0..n {
            s.push_str(if i == 0 { "" } else { "," });
            s.push_str(unit);
        }
        s.push_str(tail);
        assert!(s.len() <= cap);
        s.into_bytes()
    };
    // A sound log's header around a list of actions of our own.
    let mut v: Value = serde_json::from_slice(good).expect("json");
    v["actions"] = json!("ACTIONS");
    let text = serde_json::to_string(&v).expect("json");
    let (head, tail) = text.split_once("\"ACTIONS\"").expect("placeholder");
    let (head, tail) = (format!("{head}["), format!("]{tail}"));
    let (head, tail) = (head.as_str(), tail.as_str());
    // The deepest an entry's action may nest, as many entries as fit: every one passes the
    // walk, so this is the most a log can ask of the reader before re-simulation starts.
    let deepest = log_scan::MAX_DEPTH - 4;
    let entry = format!(
        r#"{{"by":0,"a":{}{{}}{}}}"#,
        r#"{"ab":"#.repeat(deepest),
        "}".repeat(deepest)
    );
    let nested_objects =
        |depth: usize| format!("{}{{}}{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
    let mut wide = String::from(r#"{"format":"hotseat-log","version":1"#);
    while wide.len() < cap - 40 {
        wide.push_str(&format!(r#","k{}":{{}}"#, wide.len()));
    }
    wide.push('}');
    vec![
        (
            "nested-objects.json",
            nested_objects(cap / 7).into_bytes(),
            "nested more than 16 deep",
        ),
        (
            "nested-lists.json",
            format!("{}{}", "[".repeat(cap / 2), "]".repeat(cap / 2)).into_bytes(),
            "nested more than 16 deep",
        ),
        (
            "many-nested-objects.json",
            fill(&nested_objects(100), "[", "]"),
            "nested more than 16 deep",
        ),
        ("wide-object.json", wide.into_bytes(), "more than 32 fields"),
        (
            "many-empty-entries.json",
            fill("{}", head, tail),
            "over the cap",
        ),
        (
            "deepest-entries.json",
            fill(&entry, head, tail),
            "entry 0: not a pocket action",
        ),
        (
            "long-players.json",
            fill(
                "0",
                r#"{"format":"hotseat-log","version":1,"players":["#,
                "]}",
            ),
            "a list of more than 64 items",
        ),
        (
            "twice-winners.json",
            twice(good, "winners", "[0]"),
            "the field 'winners' appears twice",
        ),
        (
            "twice-seed.json",
            twice(good, "seed", "\"8\""),
            "the field 'seed' appears twice",
        ),
        (
            "twice-in-an-action.json",
            twice(good, "t", "\"flip\""),
            "entry 0: the field 't' appears twice",
        ),
    ]
}

/// The hostile files in a games folder: the launcher's list (the same code as the statistics
/// and the server's finished games) lists each with its reason, within the memory bound.
#[test]
fn hostile_logs_in_the_games_folder_are_listed_within_memory() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("tmp");
    let good = serde_json::to_vec_pretty(&good_log("pocket", 7)).expect("json");
    let cases = hostile_cases(&good);
    for (name, bytes, _) in &cases {
        std::fs::write(dir.path().join(name), bytes).expect("write");
    }
    std::fs::write(dir.path().join("good.json"), &good).expect("write");
    let d = dir.path().to_path_buf();
    let listed = case("the saved-games list", move || {
        store::list_saved_in(&d, GAMES)
    });
    assert_eq!(listed.len(), cases.len() + 1);
    assert!(listed[0].broken.is_none(), "the sound log comes first");
    for (name, _, expect) in &cases {
        let row = listed
            .iter()
            .find(|s| s.path == dir.path().join(name))
            .unwrap_or_else(|| panic!("{name} is listed"));
        let reason = row.broken.as_deref().unwrap_or_default();
        assert!(reason.contains(expect), "{name}: {reason}");
    }
}

#[test]
fn malformed_and_tampered_files_are_refused_quickly_and_within_memory() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("tmp");
    for (name, bytes, expect) in content_cases() {
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).expect("write");
        let e = refused(name, &path);
        assert!(e.contains(expect), "{name}: expected {expect:?} in {e}");
    }
    // A file whose name is itself an escape code is named escaped.
    let path = dir.path().join("\u{1b}]0;title\u{7}.json");
    std::fs::write(&path, b"{}").expect("write");
    let e = refused("escape-file-name", &path);
    assert!(e.contains("\\u{1b}]0;title\\u{7}.json"), "{e}");
}

/// Makes a named pipe (`mkfifo`).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
}

/// Special files in a games folder: each refused without being read (a pipe would block the
/// open, a device would read forever), and every one listed with its reason.
#[cfg(unix)]
#[test]
fn special_files_are_refused_without_reading_and_listed_with_a_reason() {
    use std::os::unix::fs::symlink;
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let home = tempfile::tempdir().expect("tmp");
    let dir = home.path().join("games");
    std::fs::create_dir(&dir).expect("games");
    let at = |n: &str| dir.join(n);
    mkfifo(&at("pipe.json"));
    std::fs::create_dir(at("folder.json")).expect("dir");
    symlink("/dev/zero", at("zero.json")).expect("symlink");
    symlink("/dev/null", at("null-device.json")).expect("symlink");
    symlink(at("nowhere"), at("dangling.json")).expect("symlink");
    symlink(at("loop.json"), at("loop.json")).expect("symlink");
    let sparse = std::fs::File::create(at("sparse-5gb.json")).expect("create");
    sparse.set_len(5 << 30).expect("sparse file");
    drop(sparse);
    let good = good_log("rocca", 3);
    std::fs::write(at("good.json"), serde_json::to_vec(&good).expect("json")).expect("write");
    symlink(at("good.json"), at("link-to-good.json")).expect("symlink");

    let expect = [
        ("pipe.json", "named pipe"),
        ("folder.json", "folder"),
        ("zero.json", "device"),
        ("null-device.json", "device"),
        ("dangling.json", "cannot read"),
        ("loop.json", "cannot read"),
        ("sparse-5gb.json", "cap"),
    ];
    for (name, what) in expect {
        let e = refused(name, &at(name));
        assert!(e.contains(what), "{name}: expected {what:?} in {e}");
    }
    let e = refused("/dev/zero itself", Path::new("/dev/zero"));
    assert!(e.contains("device"), "{e}");
    case("a symlink to a sound log", {
        let p = at("link-to-good.json");
        move || cli::check_log(&p).expect("a link to a regular log is read")
    });

    // The launcher's list: nothing missing, nothing hanging, each broken one with its reason.
    let d = dir.clone();
    let listed = case("the saved-games list", move || {
        store::list_saved_in(&d, GAMES)
    });
    let names: Vec<PathBuf> = listed.iter().map(|s| s.path.clone()).collect();
    assert_eq!(listed.len(), expect.len() + 2, "{names:?}");
    for (name, what) in expect {
        let row = listed
            .iter()
            .find(|s| s.path == at(name))
            .unwrap_or_else(|| panic!("{name} is listed"));
        let reason = row.broken.as_deref().unwrap_or_default();
        assert!(reason.contains(what), "{name}: {reason}");
    }
    assert!(listed[0].broken.is_none() && listed[1].broken.is_none());
}

/// The program itself never prints raw text from a log: `replay --check` on a log full of
/// escape codes exits non-zero, names the file, and writes no control character.
#[test]
fn the_binary_prints_refusals_escaped_and_fails() {
    let dir = tempfile::tempdir().expect("tmp");
    let base = good_log("couperation", 5);
    for (i, v) in [
        with(&base, |v| v["game"] = json!("\u{1b}]0;pwned\u{7}\rok: ")),
        with(&base, |v| v["players"][0]["name"] = json!("\u{1b}[2J")),
        with(&base, |v| v["options"] = json!({"\u{1b}[31m": "x"})),
    ]
    .iter()
    .enumerate()
    {
        let path = dir.path().join(format!("evil-{i}.json"));
        std::fs::write(&path, serde_json::to_vec(v).expect("json")).expect("write");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(["replay", "--check"])
            .arg(&path)
            .output()
            .expect("run");
        assert!(!out.status.success());
        assert!(out.stdout.is_empty(), "no verdict on stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("evil-{i}.json")), "{err}");
        assert!(
            !out.stderr
                .iter()
                .any(|&b| b == 0x1b || b == b'\r' || b == 7),
            "{err:?}"
        );
    }
}

//! The program never asks the terminal anything: a terminal that does not answer (some serial
//! consoles, multiplexers, slow links) starts the launcher as quickly as any, and no reply is
//! ever waited for.

use crate::common;

use common::pty::Term;

use common::queries::QUERIES;

fn queries_in(raw: &[u8]) -> Vec<String> {
    QUERIES
        .iter()
        .filter(|q| raw.windows(q.len()).any(|w| w == **q))
        .map(|q| format!("{:?}", String::from_utf8_lossy(q)))
        .collect()
}

#[test]
fn no_query_is_sent_at_start_or_after() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::in_home(home.path(), &[]);
    t.wait_for("tabletop games for one keyboard");
    // A resize and a few keys: still nothing asked.
    t.resize(100, 30);
    t.wait_until("the launcher at 100 columns", |f| {
        f.lines().any(|l| l.chars().count() > 80)
    });
    t.send("\x1b[B");
    t.send("?");
    t.wait_for("Help:");
    t.send("\x1b");
    t.wait_until("the help closed", |f| !f.contains("Help:"));
    t.quit();
    let raw = t.raw();
    let asked = queries_in(&raw);
    assert!(asked.is_empty(), "queries sent to the terminal: {asked:?}");
    // Clicks are reported, mouse motion is not: moving the mouse over the window sends the
    // program nothing to read, draw or answer.
    let has = |s: &[u8]| raw.windows(s.len()).any(|w| w == s);
    assert!(has(b"\x1b[?1000h"), "clicks are reported");
    assert!(
        !has(b"\x1b[?1003h") && !has(b"\x1b[?1002h"),
        "mouse motion is reported"
    );
}

#[test]
fn the_launcher_starts_on_a_terminal_that_never_answers() {
    let home = tempfile::tempdir().expect("home");
    let mut t = Term::spawn_mute(&[], home.path(), 80, 24);
    t.wait_for("tabletop games for one keyboard");
    assert!(t.running(), "the program gave up on the terminal");
    t.send("?");
    t.wait_for("Help:");
    t.send("\x1b");
    t.wait_until("the help closed", |f| !f.contains("Help:"));
    t.quit();
}

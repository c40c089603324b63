//! What the server tells its host: one line per event on standard error, in a form a person
//! reads and a tool such as fail2ban matches. Every line is
//!
//! ```text
//! 2026-11-27T20:35:00Z hotseat[1234]: EVENT key=value key="a value" ...
//! ```
//!
//! where `addr=` always names the client's address when there is one. A refused login reads
//! `refused addr=203.0.113.9 reason="wrong password"`, so a fail2ban filter is
//! `failregex = hotseat\[\d+\]: refused addr=<HOST> `. `--quiet` turns the lines off.
//! Values from clients (names) are cleaned and quoted: a name cannot forge a second line or a
//! field.

use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns the event lines off (`hotseat serve --quiet`) or on.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::SeqCst);
}

/// One field's value as it is written: bare when it is a plain word, otherwise quoted, with
/// quotes, backslashes and anything unprintable escaped.
fn value(v: &str) -> String {
    let plain = !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.:/@+=[]".contains(c));
    if plain {
        return v.to_string();
    }
    let mut out = String::with_capacity(v.len() + 2);
    out.push('"');
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || crate::text::is_unsafe(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The line for `event` with `fields`, without the time and process.
pub fn line(event: &str, fields: &[(&str, &str)]) -> String {
    let mut l = event.to_string();
    for (k, v) in fields {
        let _ = write!(l, " {k}={}", value(v));
    }
    l
}

/// Writes one event line to standard error (unless quiet).
pub fn log(event: &str, fields: &[(&str, &str)]) {
    if QUIET.load(Ordering::SeqCst) {
        return;
    }
    let text = format!(
        "{} hotseat[{}]: {}\n",
        crate::store::now_rfc3339(),
        std::process::id(),
        line(event, fields)
    );
    // One write per line, so lines from several threads never mix.
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_plain_words_or_quoted() {
        assert_eq!(
            line(
                "refused",
                &[("addr", "127.0.0.1"), ("reason", "wrong password")]
            ),
            "refused addr=127.0.0.1 reason=\"wrong password\""
        );
        assert_eq!(
            line("login", &[("key", "SHA256:ab+/c=")]),
            "login key=SHA256:ab+/c="
        );
        // A name cannot end the line or forge a field.
        let forged = line(
            "login",
            &[("user", "ann\" addr=1.2.3.4\nrefused addr=9.9.9.9")],
        );
        assert!(!forged.contains('\n'), "{forged}");
        assert_eq!(
            forged,
            "login user=\"ann\\\" addr=1.2.3.4\\u{a}refused addr=9.9.9.9\""
        );
        assert_eq!(line("x", &[("user", "")]), "x user=\"\"");
        assert_eq!(
            line("x", &[("user", "a\u{202e}b")]),
            "x user=\"a\\u{202e}b\""
        );
    }
}

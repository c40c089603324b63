//! Text from files and the command line made safe for a terminal. A log, a file name or an
//! argument may hold escape codes (which would set the terminal's title, move the cursor or
//! print a fake "ok") or direction overrides (which reorder what is shown): every such
//! character is written out as a visible `\u{..}` escape instead.

use std::borrow::Cow;

/// Characters that change the terminal or the text's direction instead of showing a glyph:
/// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional marks,
/// embeddings, overrides and isolates.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// `s` with every [`is_unsafe`] character shown as `\u{1b}`; borrowed when nothing changes.
pub fn clean(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`clean`] for text of several lines: the line breaks stay, everything else is escaped.
pub fn clean_lines(s: &str) -> String {
    s.split('\n')
        .map(|l| clean(l.strip_suffix('\r').unwrap_or(l)).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// At most `max` characters of `s`, with "…" in place of the rest.
pub fn clip(s: &str, max: usize) -> Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => Cow::Borrowed(s),
        Some((i, _)) => Cow::Owned(format!("{}…", &s[..i])),
    }
}

/// A path for a message: escaped and shortened, so a hostile file name cannot reach the
/// terminal raw or flood it.
pub fn path(p: &std::path::Path) -> String {
    clean(&clip(&p.display().to_string(), 200)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_direction_overrides_are_shown_escaped() {
        assert_eq!(clean("Ann"), "Ann");
        assert!(matches!(clean("Zoë 李"), Cow::Borrowed(_)));
        assert_eq!(clean("\u{1b}]0;pwned\u{7}"), "\\u{1b}]0;pwned\\u{7}");
        assert_eq!(clean("a\rok"), "a\\u{d}ok");
        assert_eq!(clean("\u{9b}2J"), "\\u{9b}2J");
        assert_eq!(clean("evil\u{202E}txt"), "evil\\u{202e}txt");
        assert_eq!(clean_lines("one\ntwo\u{1b}"), "one\ntwo\\u{1b}");
        for s in ["\u{1b}[2J", "\u{7f}", "x\u{2066}y"] {
            assert!(!clean(s).chars().any(is_unsafe), "{s:?}");
        }
    }

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abcdef", 3), "abc…");
        assert_eq!(clip("李李李", 3), "李李李");
        assert_eq!(clip("李李李李", 2), "李李…");
    }
}

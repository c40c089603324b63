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

/// Characters that show nothing, so that a name made of them looks empty or like another
/// name: Unicode's default-ignorable code points (zero-width spaces and joiners, soft hyphen,
/// the byte-order mark, variation selectors, the Hangul fillers U+115F, U+1160, U+3164 and
/// U+FFA0, the tag characters U+E0000-U+E0FFF) and every other format character (category Cf:
/// the Arabic number signs, the interlinear annotation marks…). Together with [`is_unsafe`],
/// this is the one rule for names: a log, the command line and the launcher refuse a name
/// holding one ([`crate::engine::log::check_name`]); the server drops them from an SSH user
/// name (`server::sanitize_name`).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        // Default_Ignorable_Code_Point (Unicode 16, DerivedCoreProperties.txt).
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
            // The other format characters (General_Category=Cf).
            | '\u{0600}'..='\u{0605}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
    )
}

/// Whether `c` may not be part of a player's name: [`is_unsafe`] or [`is_invisible`].
pub fn is_unfit_for_name(c: char) -> bool {
    is_unsafe(c) || is_invisible(c)
}

/// A name for a message: every character [`is_unfit_for_name`] shown as `\u{200b}`.
pub fn clean_name(s: &str) -> String {
    escape(s, is_unfit_for_name).into_owned()
}

/// `s` with every [`is_unsafe`] character shown as `\u{1b}`; borrowed when nothing changes.
pub fn clean(s: &str) -> Cow<'_, str> {
    escape(s, is_unsafe)
}

fn escape(s: &str, bad: fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if bad(c) {
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
    fn invisible_and_format_characters_are_unfit_for_names() {
        for c in [
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{115F}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{2060}',
            '\u{FE0F}',
            '\u{E0001}',
            '\u{E0041}',
            '\u{E007F}',
            '\u{0600}',
            '\u{FFF9}',
            '\u{180E}',
            '\u{034F}',
            '\u{13430}',
        ] {
            assert!(
                is_invisible(c) && is_unfit_for_name(c),
                "U+{:04X}",
                c as u32
            );
        }
        for c in ['a', 'é', '李', ' ', '-', '😀', '\u{3000}', 'ㄱ'] {
            assert!(!is_unfit_for_name(c), "U+{:04X}", c as u32);
        }
        assert!(is_unfit_for_name('\u{1b}'));
        assert_eq!(clean_name("a\u{200B}b"), "a\\u{200b}b");
    }

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abcdef", 3), "abc…");
        assert_eq!(clip("李李李", 3), "李李李");
        assert_eq!(clip("李李李李", 2), "李李…");
    }
}

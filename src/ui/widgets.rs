//! Small pieces shared by the screens: the hint line, a text field, word wrapping, and text
//! laid out by display width (a CJK character or an emoji takes two columns, so counting
//! characters would cut names that fit and push columns out of line).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::theme::Theme;

/// A one-line hint: `key what  key what ...`, truncated by the terminal if too long.
pub fn hint_line<'a>(theme: &Theme, keys: &[(&str, &str)]) -> Line<'a> {
    let mut spans = vec![Span::raw(" ")];
    for (i, (k, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(theme.text(k), theme.key()));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(theme.text(what), theme.dim()));
    }
    Line::from(spans)
}

/// An editable line of text with a length cap (player names, seeds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    pub value: String,
    pub max: usize,
    /// Only ASCII digits are accepted.
    pub digits_only: bool,
}

/// What a key did to a [`TextInput`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    Changed,
    Ignored,
}

impl TextInput {
    pub fn new(value: impl Into<String>, max: usize) -> Self {
        TextInput {
            value: value.into(),
            max,
            digits_only: false,
        }
    }

    pub fn digits(max: usize) -> Self {
        TextInput {
            value: String::new(),
            max,
            digits_only: true,
        }
    }

    pub fn on_key(&mut self, key: &KeyEvent) -> Edit {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return Edit::Ignored;
        }
        match key.code {
            KeyCode::Backspace => {
                if self.value.pop().is_some() {
                    Edit::Changed
                } else {
                    Edit::Ignored
                }
            }
            KeyCode::Char(c) if self.accepts(c) => {
                if self.value.chars().count() < self.max {
                    self.value.push(c);
                    Edit::Changed
                } else {
                    Edit::Ignored
                }
            }
            _ => Edit::Ignored,
        }
    }

    fn accepts(&self, c: char) -> bool {
        if self.digits_only {
            c.is_ascii_digit()
        } else {
            !c.is_control()
        }
    }
}

/// Columns `s` takes on screen.
pub fn width(s: &str) -> usize {
    s.width()
}

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The longest start of `s` that takes at most `max` columns (a wide character is never split),
/// and the rest.
fn split_at_width(s: &str, max: usize) -> (&str, &str) {
    let mut used = 0;
    for (i, c) in s.char_indices() {
        let w = char_width(c);
        if used + w > max {
            return s.split_at(i);
        }
        used += w;
    }
    (s, "")
}

/// Splits `text` into lines of at most `width` columns at spaces (long words are cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut word: &str = word;
        let mut wlen = word.width();
        if len > 0 && len + 1 + wlen > width {
            out.push(std::mem::take(&mut line));
            len = 0;
        }
        while wlen > width {
            let room = width - len.min(width) - usize::from(len > 0);
            let (mut head, mut rest) = split_at_width(word, room);
            if head.is_empty() && len == 0 {
                // A character wider than the whole line: it goes on a line of its own.
                let c = word.chars().next().map_or(0, char::len_utf8);
                (head, rest) = word.split_at(c);
            }
            if len > 0 && !head.is_empty() {
                line.push(' ');
            }
            line.push_str(head);
            out.push(std::mem::take(&mut line));
            len = 0;
            word = rest;
            wlen = word.width();
        }
        if wlen == 0 {
            continue;
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        line.push_str(word);
        len += wlen;
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// Cuts `s` to `width` columns, ending with `ellipsis` if it was longer.
pub fn truncate(s: &str, width: usize, ellipsis: &str) -> String {
    if s.width() <= width {
        return s.to_string();
    }
    if ellipsis.width() > width {
        return split_at_width(s, width).0.to_string();
    }
    let mut out = split_at_width(s, width - ellipsis.width())
        .0
        .trim_end()
        .to_string();
    out.push_str(ellipsis);
    out
}

/// `s` in `width` columns for a label that must tell people apart: when it does not fit and
/// ends in a short word (a seat number, an initial), that word is kept after the cut
/// ("Player 1" in 7 columns is "Play… 1", not "Player…" like every other player).
pub fn abbreviate(s: &str, width: usize, ellipsis: &str) -> String {
    if s.width() <= width {
        return s.to_string();
    }
    if let Some((head, last)) = s.trim_end().rsplit_once(' ') {
        let keep = last.width() + 1 + ellipsis.width() + 1;
        if last.width() <= 3 && !head.trim().is_empty() && keep <= width {
            let room = width - last.width() - 1;
            return format!("{} {last}", truncate(head.trim_end(), room, ellipsis));
        }
    }
    truncate(s, width, ellipsis)
}

/// `s` cut to `width` columns (see [`truncate`]) and padded with spaces to exactly `width`:
/// a table cell whose next column starts where it should, whatever the characters.
pub fn fit(s: &str, width: usize, ellipsis: &str) -> String {
    let mut out = truncate(s, width, ellipsis);
    let pad = width.saturating_sub(out.width());
    out.extend(std::iter::repeat_n(' ', pad));
    out
}

/// Like [`fit`], with the padding on the left (numbers, right-aligned cells).
pub fn fit_right(s: &str, width: usize, ellipsis: &str) -> String {
    let cut = truncate(s, width, ellipsis);
    let pad = width.saturating_sub(cut.width());
    " ".repeat(pad) + &cut
}

/// The widths of a table's columns in `total` columns, with `gap` columns between them. Each
/// column wants its widest cell (`natural`); when they do not all fit, the widest columns give
/// way first, never below their `min`imum (then the row is cut at the screen's edge).
pub fn column_widths(natural: &[usize], min: &[usize], gap: usize, total: usize) -> Vec<usize> {
    let mut w: Vec<usize> = natural
        .iter()
        .enumerate()
        .map(|(i, &n)| n.max(min.get(i).copied().unwrap_or(0)))
        .collect();
    let gaps = gap * w.len().saturating_sub(1);
    let mut over = (w.iter().sum::<usize>() + gaps).saturating_sub(total);
    while over > 0 {
        // The widest column that may still shrink gives one column.
        let Some(i) = (0..w.len())
            .filter(|&i| w[i] > min.get(i).copied().unwrap_or(0))
            .max_by_key(|&i| (w[i], std::cmp::Reverse(i)))
        else {
            break;
        };
        w[i] -= 1;
        over -= 1;
    }
    w
}

/// The grid step an arrow key or `h`/`j`/`k`/`l` asks for, as (rows, columns).
pub fn grid_step(code: ratatui::crossterm::event::KeyCode) -> Option<(isize, isize)> {
    use ratatui::crossterm::event::KeyCode;
    match code {
        KeyCode::Left | KeyCode::Char('h') => Some((0, -1)),
        KeyCode::Right | KeyCode::Char('l') => Some((0, 1)),
        KeyCode::Up | KeyCode::Char('k') => Some((-1, 0)),
        KeyCode::Down | KeyCode::Char('j') => Some((1, 0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 3), vec![""]);
        for l in wrap("x yyyyyyyyyyyy z", 4) {
            assert!(l.chars().count() <= 4, "{l}");
        }
    }

    #[test]
    fn wide_characters_count_two_columns() {
        assert_eq!(width("山田"), 4);
        assert_eq!(width("🎲x"), 3);
        assert_eq!(truncate("山田太郎", 5, "…"), "山田…");
        assert_eq!(truncate("山田太郎", 8, "…"), "山田太郎");
        assert_eq!(truncate("Pocket & Biscuit", 16, "…"), "Pocket & Biscuit");
        assert_eq!(fit("山田", 6, "…"), "山田  ");
        assert_eq!(fit("🎲🎲🎲", 5, "…"), "🎲🎲…");
        assert_eq!(fit_right("山", 4, "…"), "  山");
        assert_eq!(abbreviate("Player 1", 7, "…"), "Play… 1");
        assert_eq!(abbreviate("Player 12", 7, "…"), "Pla… 12");
        assert_eq!(abbreviate("Ann Smith", 7, "…"), "Ann Sm…");
        assert_eq!(abbreviate("山田 太郎", 7, "…"), "山田…");
        for l in wrap("山田太郎は 森の 小道を 歩いた", 5) {
            assert!(width(&l) <= 5, "{l}");
        }
        assert_eq!(wrap("山田太郎", 4), ["山田", "太郎"]);
        assert_eq!(wrap("a 山田", 3), ["a", "山", "田"]);
        // A character wider than the line still makes progress.
        assert_eq!(wrap("山", 1), ["山"]);
    }

    #[test]
    fn columns_keep_their_natural_width_when_there_is_room() {
        assert_eq!(
            column_widths(&[16, 16, 30, 10], &[6, 16, 8, 4], 2, 200),
            [16, 16, 30, 10]
        );
        // At 60 columns the widest (players) gives way first, the date never.
        let w = column_widths(&[16, 16, 30, 10], &[6, 16, 8, 4], 2, 60);
        assert_eq!(w.iter().sum::<usize>() + 6, 60);
        assert_eq!(w[1], 16);
        assert!(w[2] >= w[0], "{w:?}");
        // Too narrow for the minimums: each column keeps its minimum.
        assert_eq!(
            column_widths(&[16, 16, 30, 10], &[6, 16, 8, 4], 2, 10),
            [6, 16, 8, 4]
        );
    }

    #[test]
    fn text_input_caps_and_filters() {
        let mut t = TextInput::digits(3);
        for c in ['1', 'a', '2', '3', '4'] {
            t.on_key(&KeyEvent::from(KeyCode::Char(c)));
        }
        assert_eq!(t.value, "123");
        t.on_key(&KeyEvent::from(KeyCode::Backspace));
        assert_eq!(t.value, "12");
    }
}

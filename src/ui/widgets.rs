//! Small pieces shared by the screens: the hint line, a text field, word wrapping.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::{Line, Span};

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

/// Splits `text` into lines of at most `width` columns at spaces (long words are cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut word: String = word.to_string();
        let mut wlen = word.chars().count();
        if len > 0 && len + 1 + wlen > width {
            out.push(std::mem::take(&mut line));
            len = 0;
        }
        while wlen > width {
            let head: String = word.chars().take(width - len.min(width)).collect();
            let rest: String = word.chars().skip(head.chars().count()).collect();
            if len > 0 {
                line.push(' ');
            }
            line.push_str(&head);
            out.push(std::mem::take(&mut line));
            len = 0;
            word = rest;
            wlen = word.chars().count();
        }
        if wlen == 0 {
            continue;
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        line.push_str(&word);
        len += wlen;
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// Cuts `s` to `width` columns, ending with `ellipsis` if it was longer.
pub fn truncate(s: &str, width: usize, ellipsis: &str) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let keep = width.saturating_sub(ellipsis.chars().count());
    let mut out: String = s.chars().take(keep).collect();
    out.push_str(ellipsis);
    out
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

//! Key commands declared once (in the spirit of gitui's command lists): each screen lists its
//! commands with their keys, a short label for the hint line and a sentence for the `?` help.
//! Dispatch, the hint line and the help are all read from the same list, so a key that works is
//! always listed and a listed key always works.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One key a command answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A key by its code: `Code(KeyCode::Enter)`.
    Code(KeyCode),
    /// A character key, exactly (case matters).
    Char(char),
    /// Any character from the first to the second, inclusive: digits `'1'..='9'`.
    Chars(char, char),
    /// Any key at all (the first key after a result shown, a computer player's pause).
    Any,
}

impl Key {
    /// Whether `key` is this key. Ctrl and Alt combinations are never a command's key: the app
    /// keeps them (Ctrl-C).
    pub fn matches(self, key: &KeyEvent) -> bool {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return false;
        }
        match (self, key.code) {
            (Key::Any, _) => true,
            (Key::Code(c), code) => c == code,
            (Key::Char(c), KeyCode::Char(k)) => c == k,
            (Key::Chars(lo, hi), KeyCode::Char(k)) => (lo..=hi).contains(&k),
            _ => false,
        }
    }
}

/// The arrow keys and their `h j k l` twins.
pub const ARROWS: &[Key] = &[
    Key::Code(KeyCode::Left),
    Key::Code(KeyCode::Right),
    Key::Code(KeyCode::Up),
    Key::Code(KeyCode::Down),
    Key::Char('h'),
    Key::Char('j'),
    Key::Char('k'),
    Key::Char('l'),
];

/// Enter and Space, which do the highlighted thing everywhere.
pub const ENTER: &[Key] = &[Key::Code(KeyCode::Enter), Key::Char(' ')];

/// One command of a screen.
#[derive(Clone, Copy, Debug)]
pub struct Command<C> {
    pub id: C,
    /// The keys that give this command.
    pub keys: &'static [Key],
    /// How the keys are written in the hint line and the help: `arrows`, `Enter`, `1-9`.
    pub key: &'static str,
    /// The hint line's word or two; empty keeps the command off the hint line (help only).
    pub label: &'static str,
    /// The help's sentence: what it does and when.
    pub help: &'static str,
}

/// The first command in `list` that `key` gives and that `applies` now.
pub fn find<C: Copy>(
    list: &[Command<C>],
    key: &KeyEvent,
    applies: impl Fn(C) -> bool,
) -> Option<C> {
    list.iter()
        .find(|c| c.keys.iter().any(|k| k.matches(key)) && applies(c.id))
        .map(|c| c.id)
}

/// The hint line's `(key, label)` pairs of the commands that apply now.
pub fn hints<C: Copy>(
    list: &[Command<C>],
    applies: impl Fn(C) -> bool,
) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for c in list {
        // Two commands may share keys and a label in different steps: show the pair once.
        if !c.label.is_empty() && applies(c.id) && !out.contains(&(c.key, c.label)) {
            out.push((c.key, c.label));
        }
    }
    out
}

/// The help's `(key, sentence)` lines of every command in `list`, each written once.
pub fn help_lines<C>(list: &[Command<C>]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for c in list {
        let line = (c.key.to_string(), c.help.to_string());
        if !c.help.is_empty() && !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Key events to try a command list against in tests: every key a game screen could see.
#[cfg(test)]
pub fn every_key() -> Vec<KeyEvent> {
    let mut codes: Vec<KeyCode> = vec![
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Delete,
        KeyCode::F(1),
        KeyCode::F(2),
    ];
    codes.extend((' '..='~').map(KeyCode::Char));
    codes.into_iter().map(KeyEvent::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum C {
        Move,
        Pick,
        Other,
    }

    const LIST: &[Command<C>] = &[
        Command {
            id: C::Move,
            keys: ARROWS,
            key: "arrows",
            label: "move",
            help: "move the cursor",
        },
        Command {
            id: C::Pick,
            keys: &[Key::Chars('1', '9')],
            key: "1-9",
            label: "pick",
            help: "pick that line",
        },
        Command {
            id: C::Other,
            keys: &[Key::Char('1')],
            key: "1",
            label: "",
            help: "",
        },
    ];

    #[test]
    fn the_first_command_that_applies_wins() {
        let one = KeyEvent::from(KeyCode::Char('1'));
        assert_eq!(find(LIST, &one, |_| true), Some(C::Pick));
        assert_eq!(find(LIST, &one, |c| c != C::Pick), Some(C::Other));
        assert_eq!(find(LIST, &one, |_| false), None);
        let ctrl_h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::CONTROL);
        assert_eq!(find(LIST, &ctrl_h, |_| true), None);
        assert_eq!(
            find(LIST, &KeyEvent::from(KeyCode::Char('j')), |_| true),
            Some(C::Move)
        );
    }

    #[test]
    fn hints_and_help_come_from_the_list() {
        assert_eq!(
            hints(LIST, |c| c != C::Move),
            vec![("1-9", "pick")],
            "unlabelled and inapplicable commands stay off the line"
        );
        let help = help_lines(LIST);
        assert_eq!(help.len(), 2);
        assert_eq!(help[0], ("arrows".into(), "move the cursor".into()));
    }
}

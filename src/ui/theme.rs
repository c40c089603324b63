//! How things look: ASCII or box drawing, colour or none (NO_COLOR). Every screen draws through
//! a [`Theme`] so both switches reach everything on screen.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::widgets::{Block, BorderType, Borders};

/// Borders made of plain ASCII characters, for terminals without box drawing.
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// The user's display choices (from the command line and `NO_COLOR`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UiOptions {
    /// Plain ASCII only: no box drawing, no symbols outside ASCII.
    pub ascii: bool,
    /// Colours allowed (false when `NO_COLOR` is set).
    pub color: bool,
}

impl UiOptions {
    /// Colour unless the `NO_COLOR` environment variable is set and not empty.
    pub fn from_env(ascii: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        UiOptions {
            ascii,
            color: !no_color,
        }
    }
}

/// Styles and symbols derived from [`UiOptions`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
}

impl From<UiOptions> for Theme {
    fn from(o: UiOptions) -> Self {
        Theme {
            ascii: o.ascii,
            color: o.color,
        }
    }
}

impl Theme {
    pub const fn new(ascii: bool, color: bool) -> Self {
        Theme { ascii, color }
    }

    /// A bordered block with a title, in the theme's border characters.
    pub fn block<'a>(&self, title: impl Into<String>) -> Block<'a> {
        let title: String = title.into();
        let b = Block::default().borders(Borders::ALL);
        let b = if self.ascii {
            b.border_set(ASCII_BORDER)
        } else {
            b.border_type(BorderType::Rounded)
        };
        let b = b.border_style(self.frame());
        if title.is_empty() {
            b
        } else {
            b.title(format!(" {title} "))
        }
    }

    /// A block with only a top rule and a title (panes inside a screen).
    pub fn rule<'a>(&self, title: impl Into<String>) -> Block<'a> {
        let title: String = title.into();
        let b = Block::default().borders(Borders::TOP);
        let b = if self.ascii {
            b.border_set(ASCII_BORDER)
        } else {
            b.border_set(border::PLAIN)
        };
        b.border_style(self.frame()).title(format!(" {title} "))
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Borders and rules.
    pub fn frame(&self) -> Style {
        self.fg(Color::DarkGray)
    }
    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// The highlighted row of a list or form.
    pub fn selected(&self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    /// Something to notice: whose turn, the winner.
    pub fn accent(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    /// Secondary text: hints, descriptions.
    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::Gray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }
    /// Errors and warnings.
    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    /// The key names in a hint line.
    pub fn key(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A middle dot, or a hyphen in ASCII mode.
    pub fn sep(&self) -> &'static str {
        if self.ascii { " - " } else { " · " }
    }
    /// A long dash, or a hyphen in ASCII mode.
    pub fn dash(&self) -> &'static str {
        if self.ascii { "-" } else { "—" }
    }
    /// The marker of the highlighted row.
    pub fn pointer(&self) -> &'static str {
        if self.ascii { "> " } else { "▶ " }
    }
    pub fn ellipsis(&self) -> &'static str {
        if self.ascii { "..." } else { "…" }
    }
    pub fn left_right(&self) -> &'static str {
        if self.ascii { "<- ->" } else { "←/→" }
    }
    pub fn up_down(&self) -> &'static str {
        if self.ascii { "up/down" } else { "↑/↓" }
    }
    /// Text in ASCII mode has its non-ASCII characters replaced, so no game string slips a
    /// symbol past `--ascii`.
    pub fn text(&self, s: &str) -> String {
        if !self.ascii || s.is_ascii() {
            return s.to_string();
        }
        s.chars()
            .map(|c| match c {
                c if c.is_ascii() => c.to_string(),
                '—' | '–' | '─' => "-".into(),
                '│' => "|".into(),
                // Kokoro's four corners stay four different cards.
                '┘' => "J".into(),
                '└' => "L".into(),
                '┌' => "r".into(),
                '┐' => "7".into(),
                '†' => "x".into(),
                '●' => "@".into(),
                '◇' => "d".into(),
                '♡' => "h".into(),
                '▒' => "#".into(),
                '▶' => ">".into(),
                '↔' => "<->".into(),
                '−' => "-".into(),
                '★' => "*".into(),
                '✓' => "*".into(),
                '·' | '•' => "*".into(),
                '…' => "...".into(),
                '←' => "<-".into(),
                '→' => "->".into(),
                '↑' => "^".into(),
                '↓' => "v".into(),
                '×' => "x".into(),
                '‘' | '’' => "'".into(),
                '“' | '”' => "\"".into(),
                _ => "?".into(),
            })
            .collect()
    }
}

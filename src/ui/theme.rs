//! How things look: ASCII or box drawing, colour or none (NO_COLOR). Every screen draws through
//! a [`Theme`] so both switches reach everything on screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
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

pub use crate::config::Palette;

/// The user's display choices (from the settings file, the command line and `NO_COLOR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UiOptions {
    /// Plain ASCII only: no box drawing, no symbols outside ASCII.
    pub ascii: bool,
    /// Colours allowed (false when `NO_COLOR` is set or the settings say `theme = "none"`).
    pub color: bool,
    /// Darker colours for a light terminal background.
    pub light: bool,
    pub palette: Palette,
    /// Capture the mouse (clicks on boards); off leaves text selection to the terminal.
    pub mouse: bool,
}

impl Default for UiOptions {
    fn default() -> Self {
        UiOptions {
            ascii: false,
            color: false,
            light: false,
            palette: Palette::Standard,
            mouse: true,
        }
    }
}

impl UiOptions {
    /// Colour unless the `NO_COLOR` environment variable is set and not empty.
    pub fn from_env(ascii: bool) -> Self {
        UiOptions {
            ascii,
            color: !no_color_env(),
            ..UiOptions::default()
        }
    }

    /// The settings' choices, with `NO_COLOR` still turning colours off.
    pub fn from_settings(s: &crate::config::Settings) -> Self {
        use crate::config::ThemeName;
        UiOptions {
            ascii: s.ascii,
            color: s.theme != ThemeName::None && !no_color_env(),
            light: s.theme == ThemeName::Light,
            palette: s.palette,
            mouse: s.mouse,
        }
    }
}

fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Styles and symbols derived from [`UiOptions`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
    pub light: bool,
    pub palette: Palette,
}

impl From<UiOptions> for Theme {
    fn from(o: UiOptions) -> Self {
        Theme {
            ascii: o.ascii,
            color: o.color,
            light: o.light,
            palette: o.palette,
        }
    }
}

impl Theme {
    pub const fn new(ascii: bool, color: bool) -> Self {
        Theme {
            ascii,
            color,
            light: false,
            palette: Palette::Standard,
        }
    }

    pub fn colour_blind(&self) -> bool {
        self.palette == Palette::ColourBlind
    }

    /// `c` as this theme draws it: darker on a light background; in the colour-blind palette,
    /// the Okabe–Ito colours (256-colour approximations), so no two marks differ only by red
    /// against green.
    pub fn colour(&self, c: Color) -> Color {
        let c = if self.colour_blind() {
            match c {
                Color::Red | Color::LightRed => Color::Indexed(166),
                Color::Green | Color::LightGreen => Color::Indexed(36),
                Color::Yellow | Color::LightYellow => Color::Indexed(220),
                Color::Blue | Color::LightBlue => Color::Indexed(32),
                Color::Cyan | Color::LightCyan => Color::Indexed(117),
                Color::Magenta | Color::LightMagenta => Color::Indexed(169),
                c => c,
            }
        } else {
            c
        };
        if !self.light {
            return c;
        }
        match c {
            Color::White | Color::Gray => Color::DarkGray,
            Color::DarkGray => Color::Gray,
            Color::LightRed => Color::Red,
            Color::LightGreen => Color::Green,
            Color::LightBlue => Color::Blue,
            Color::LightCyan | Color::Indexed(117) => Color::Blue,
            Color::LightMagenta => Color::Magenta,
            Color::Yellow | Color::LightYellow | Color::Indexed(220) => Color::Indexed(130),
            c => c,
        }
    }

    /// A foreground of colour `c` in this theme (nothing without colours).
    pub fn paint(&self, c: Color) -> Style {
        self.fg(c)
    }

    /// The theme's border characters.
    pub fn border_set(&self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::ROUNDED
        }
    }

    /// Draws what [`Theme::block`] draws with `title` around `area`, straight into `buf`
    /// (see [`super::lines::boxed`]), and returns the area inside.
    pub fn draw_block(&self, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
        super::lines::boxed(title, &self.border_set(), self.frame(), area, buf)
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
            Style::new().fg(self.colour(c))
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
                .bg(self.colour(Color::Cyan))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    /// Something to notice: whose turn, the winner.
    pub fn accent(&self) -> Style {
        let s = self.fg(Color::Yellow).add_modifier(Modifier::BOLD);
        // Colour-blind palette: never colour alone (bold alone is faint on some terminals).
        if self.colour_blind() {
            s.add_modifier(Modifier::UNDERLINED)
        } else {
            s
        }
    }
    /// Secondary text: hints, descriptions.
    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(self.colour(Color::Gray))
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

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::engine::Setup;
    use crate::engine::log::PlayerEntry;
    use crate::ui::app::App;

    const RED_GREEN: [Color; 4] = [Color::Red, Color::LightRed, Color::Green, Color::LightGreen];

    fn colour_blind() -> Theme {
        Theme {
            palette: Palette::ColourBlind,
            ..Theme::new(false, true)
        }
    }

    #[test]
    fn the_colour_blind_palette_has_no_red_against_green_and_underlines_accents() {
        let t = colour_blind();
        for c in RED_GREEN {
            assert!(!RED_GREEN.contains(&t.colour(c)), "{c:?}");
        }
        assert!(t.accent().add_modifier.contains(Modifier::UNDERLINED));
        let standard = Theme::new(false, true);
        assert!(
            !standard
                .accent()
                .add_modifier
                .contains(Modifier::UNDERLINED)
        );
        assert_eq!(standard.colour(Color::LightRed), Color::LightRed);
        // Without colours the palette paints nothing.
        let mono = Theme {
            color: false,
            ..colour_blind()
        };
        assert_eq!(mono.paint(Color::Red), Style::new());
    }

    #[test]
    fn the_light_theme_darkens_what_a_white_background_hides() {
        let light = Theme {
            light: true,
            ..Theme::new(false, true)
        };
        for c in [
            Color::White,
            Color::Gray,
            Color::Yellow,
            Color::LightYellow,
            Color::LightCyan,
        ] {
            assert_ne!(light.colour(c), c, "{c:?}");
        }
        assert_eq!(light.dim().fg, Some(Color::DarkGray));
    }

    /// Every game's screen, drawn by the app in the colour-blind palette: boards take the
    /// frame's colours through their context, so no cell is red or green.
    #[test]
    fn every_board_follows_the_frames_palette() {
        for g in crate::registry::GAMES {
            let (min, _) = g.players();
            let n = min.max(2).min(g.players().1);
            let mut players = vec![PlayerEntry::human("Ann")];
            for i in 1..n {
                let kind = g.bots().first().map_or("random", |(k, _)| *k);
                players.push(PlayerEntry::bot(format!("Bot {}", i + 1), kind, i as u64));
            }
            let mut t = g
                .new_table(Setup {
                    options: Default::default(),
                    players,
                    seed: 9,
                    started: "2026-11-26T08:00:00Z".into(),
                })
                .expect("table");
            t.run_bots().expect("bots");
            let app = App::new(
                g.play_screen(t, false, &crate::ui::work::Local::inline())
                    .expect("screen"),
                colour_blind(),
            );
            for (w, h) in [(80, 24), (120, 40)] {
                let mut term = Terminal::new(TestBackend::new(w, h)).expect("terminal");
                term.draw(|f| app.render(f)).expect("draw");
                let buf = term.backend().buffer();
                for cell in buf.content() {
                    assert!(
                        !RED_GREEN.contains(&cell.fg) && !RED_GREEN.contains(&cell.bg),
                        "{}: {:?} '{}'",
                        g.id(),
                        cell.fg,
                        cell.symbol()
                    );
                }
            }
        }
    }
}

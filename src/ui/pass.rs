//! The pass-the-keyboard screen: hides the board until the named player says only they can see.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::theme::Theme;

/// Draws the pass screen over `area` (nothing of the board stays visible).
pub fn render(f: &mut Frame, area: Rect, theme: &Theme, name: &str) {
    f.render_widget(Clear, area);
    let name = theme.text(name);
    let width = area.width.saturating_sub(8).min(64);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(7));
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(format!("Pass to {name}"), theme.accent())).centered(),
        Line::from(""),
        Line::from(format!("Press Enter when only {name} can see the screen.")).centered(),
    ];
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(theme.block("Hand-off")),
        popup,
    );
}

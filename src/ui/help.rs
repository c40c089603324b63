//! The `?` overlay: the current screen's keys plus the global ones.

use ratatui::Frame;
use ratatui::layout::Constraint;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::theme::Theme;

/// Keys every screen has.
pub fn global_keys() -> Vec<(String, String)> {
    vec![
        ("?".into(), "show or hide this help".into()),
        ("Ctrl-C".into(), "quit at once (games are saved)".into()),
    ]
}

/// A centred box over the screen listing `keys` and the global keys.
pub fn render_overlay(f: &mut Frame, theme: &Theme, title: &str, keys: &[(String, String)]) {
    let mut all: Vec<(String, String)> = keys.to_vec();
    all.extend(global_keys());
    let key_w = all
        .iter()
        .map(|(k, _)| theme.text(k).chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = all
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!(" {:<key_w$}  ", theme.text(k)), theme.key()),
                Span::raw(theme.text(what)),
            ])
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::styled(" Press any key to close.", theme.dim()));
    let area = f.area();
    let width = lines
        .iter()
        .map(|l| l.width() as u16 + 3)
        .max()
        .unwrap_or(20)
        .clamp(30, area.width.saturating_sub(4));
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(2));
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    f.render_widget(Clear, popup);
    f.render_widget(
        Paragraph::new(lines).block(theme.block(format!("Help: {}", theme.text(title)))),
        popup,
    );
}

//! The `?` overlay: the current screen's keys plus the global ones, then what the screen's
//! marks mean in a section of their own (marks are not keys).

use ratatui::Frame;
use ratatui::layout::Constraint;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::theme::Theme;
use super::widgets::wrap;

/// Keys every screen has.
pub fn global_keys() -> Vec<(String, String)> {
    vec![(
        "? / Ctrl-C".into(),
        "this help / quit at once (games are saved)".into(),
    )]
}

/// The overlay's lines at most `width` columns wide: a "Keys" section and, if `legend` is not
/// empty, an "On the board" one. A long sentence wraps under itself, not under its key.
pub fn overlay_lines(
    theme: &Theme,
    keys: &[(String, String)],
    legend: &[(String, String)],
    width: usize,
) -> Vec<Line<'static>> {
    let mut all: Vec<(String, String)> = keys.to_vec();
    all.extend(global_keys());
    let key_w = all
        .iter()
        .chain(legend)
        .map(|(k, _)| theme.text(k).chars().count())
        .max()
        .unwrap_or(0);
    let text_w = width.saturating_sub(key_w + 3).max(10);
    let rows = |rows: &[(String, String)], key_style: Style| -> Vec<Line<'static>> {
        let mut out = Vec::new();
        for (k, what) in rows {
            for (i, part) in wrap(&theme.text(what), text_w).into_iter().enumerate() {
                let key = if i == 0 { theme.text(k) } else { String::new() };
                out.push(Line::from(vec![
                    Span::styled(format!(" {key:<key_w$}  "), key_style),
                    Span::raw(part),
                ]));
            }
        }
        out
    };
    let mut lines = vec![Line::styled(" Keys", theme.title())];
    lines.extend(rows(&all, theme.key()));
    if !legend.is_empty() {
        lines.push(Line::styled(" On the board", theme.title()));
        lines.extend(rows(legend, theme.accent()));
    }
    lines
}

/// A centred box over the screen listing `keys` and the global keys, then `legend`.
pub fn render_overlay(
    f: &mut Frame,
    theme: &Theme,
    title: &str,
    keys: &[(String, String)],
    legend: &[(String, String)],
) {
    let area = f.area();
    let max_w = area.width.saturating_sub(4);
    // Lay out at the widest the screen allows, then shrink the box to what the lines use.
    let lines = overlay_lines(theme, keys, legend, usize::from(max_w.saturating_sub(3)));
    let width = lines
        .iter()
        .map(|l| l.width() as u16 + 3)
        .max()
        .unwrap_or(20)
        .clamp(30.min(max_w), max_w);
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(2));
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let block = theme
        .block(format!("Help: {}", theme.text(title)))
        .title_bottom(Line::styled(" any key closes ", theme.dim()).right_aligned());
    f.render_widget(Clear, popup);
    f.render_widget(Paragraph::new(lines).block(block), popup);
}

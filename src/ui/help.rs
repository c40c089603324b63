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

/// A centred box over the screen listing `keys` and the global keys, then `legend`. A list
/// taller than the screen shows `scroll` lines down (clamped) and says that arrows scroll it.
pub fn render_overlay(
    f: &mut Frame,
    theme: &Theme,
    title: &str,
    keys: &[(String, String)],
    legend: &[(String, String)],
    scroll: u16,
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
    let total = lines.len() as u16;
    let height = (total + 2).min(area.height.saturating_sub(2));
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let hidden = total.saturating_sub(height.saturating_sub(2));
    let scroll = scroll.min(hidden);
    let footer = if hidden == 0 {
        " any key closes ".to_string()
    } else {
        let (up, down) = if theme.ascii {
            ("^", "v")
        } else {
            ("↑", "↓")
        };
        let more = match (scroll > 0, scroll < hidden) {
            (true, true) => format!("{up}{down}"),
            (false, _) => down.to_string(),
            (true, false) => up.to_string(),
        };
        format!(" {more} more · any other key closes ")
    };
    let block = theme
        .block(format!("Help: {}", theme.text(title)))
        .title_bottom(Line::styled(footer, theme.dim()).right_aligned());
    f.render_widget(Clear, popup);
    f.render_widget(
        Paragraph::new(lines).block(block).scroll((scroll, 0)),
        popup,
    );
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::ui::testutil::buffer_text;

    fn drawn(keys: &[(String, String)], scroll: u16) -> String {
        let theme = Theme::new(false, false);
        let mut t = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
        t.draw(|f| render_overlay(f, &theme, "Game", keys, &[], scroll))
            .expect("draw");
        buffer_text(t.backend().buffer())
    }

    /// A help list taller than the screen says so and scrolls to its last line; nothing is
    /// silently cut off (Rocca's and Cocoon's help at 80x24 lost their last marks).
    #[test]
    fn a_help_taller_than_the_screen_scrolls_to_its_end() {
        let keys: Vec<(String, String)> = (1..=30)
            .map(|i| (format!("k{i}"), format!("key number {i}")))
            .collect();
        let top = drawn(&keys, 0);
        assert!(
            top.contains("key number 1 ") && top.contains("↓ more"),
            "{top}"
        );
        assert!(!top.contains("key number 30"), "{top}");
        let bottom = drawn(&keys, 200);
        assert!(bottom.contains("key number 30"), "{bottom}");
        assert!(
            bottom.contains("↑ more") && !bottom.contains("key number 1 "),
            "{bottom}"
        );
        let short = drawn(&keys[..3], 5);
        assert!(short.contains("key number 1 ") && short.contains("any key closes"));
        assert!(!short.contains("more"), "{short}");
    }
}

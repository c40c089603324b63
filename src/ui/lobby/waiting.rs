//! The panel a network table shows until every remote seat is taken and everyone at it is
//! ready: the table's code to give the others, who sits where so far and who is ready. Nothing
//! of the game is dealt to anyone's eyes yet.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::ui::Theme;

use super::seat_admin::seat_line;
use crate::host::room::Info;
use crate::host::table_code;

/// `invite`: the one line that brings a friend straight here, when the server knows it.
pub fn render(f: &mut Frame, area: Rect, theme: &Theme, info: &Info, invite: Option<&str>) {
    f.render_widget(Clear, area);
    let free = info.seats.iter().filter(|s| s.free).count();
    let mut lines = vec![
        Line::from(""),
        Line::styled(
            format!("  Table {}", table_code::show(&info.code)),
            theme.title(),
        ),
        Line::from(""),
    ];
    if free > 0 {
        lines.push(Line::from(format!(
            "  Waiting for {free} more {}. Anyone who connects can join from the lobby,",
            if free == 1 { "player" } else { "players" }
        )));
        lines.push(Line::from("  by picking this table or typing its code."));
        if let Some(line) = invite {
            lines.push(Line::from(
                "  Or send them this line, which joins this table at once:",
            ));
            lines.push(Line::styled(
                format!("    {}", theme.text(line)),
                theme.key(),
            ));
        }
    } else {
        lines.push(Line::from("  Everyone is here."));
    }
    lines.push(Line::from(
        "  The game begins when every player has pressed Enter (ready).",
    ));
    lines.push(Line::from(""));
    for s in &info.seats {
        let person = !s.free && !matches!(s.kind, crate::host::hub::SeatKind::Bot(_));
        let ready = match (person, s.ready) {
            (false, _) => "",
            (true, true) => ", ready",
            (true, false) => ", not ready yet",
        };
        lines.push(Line::from(format!(
            "  {}{ready}",
            theme.text(&seat_line(s))
        )));
    }
    if let Some(code) = &info.reconnect {
        lines.push(Line::from(""));
        lines.push(Line::styled(
            format!(
                "  Your reconnect code: {} (with the same name it brings you back)",
                table_code::show(code)
            ),
            theme.accent(),
        ));
    }
    // Wide enough that the longest line (five more players) keeps a margin at 80 columns.
    let width = area.width.min(78);
    let height = (lines.len() as u16 + 3).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(theme.block("Waiting for players")),
        popup,
    );
}

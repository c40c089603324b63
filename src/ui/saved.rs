//! Saved games: the ones to continue, or all of them to watch again.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::log;
use crate::store::Saved;

use super::launcher::Catalog;
use super::theme::Theme;
use super::widgets::{column_widths, fit, hint_line, truncate, width};
use super::{Nav, Screen};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Unfinished games; Enter resumes play.
    Continue,
    /// Every game; Enter opens the replay viewer.
    Browse,
}

pub struct SavedList {
    catalog: Catalog,
    pub mode: Mode,
    pub items: Vec<Saved>,
    pub selected: usize,
    /// Why the last game could not be opened.
    pub message: Option<String>,
}

impl SavedList {
    pub fn new(catalog: Catalog, mode: Mode) -> Self {
        let mut items = catalog.saved();
        if mode == Mode::Continue {
            items.retain(|s| s.scores.is_none());
        }
        SavedList {
            catalog,
            mode,
            items,
            selected: 0,
            message: None,
        }
    }

    fn open(&mut self) -> Nav {
        let Some(item) = self.items.get(self.selected) else {
            return Nav::Stay;
        };
        let path = item.path.clone();
        let file = item.file_name();
        if let Some(reason) = &item.broken {
            self.message = Some(format!("Cannot open {file}: {reason}"));
            return Nav::Stay;
        }
        let log = match log::read(&path) {
            Ok(l) => l,
            Err(e) => {
                self.message = Some(format!("Cannot open {file}: {e}"));
                return Nav::Stay;
            }
        };
        let Some(game) = self.catalog.find(&log.game) else {
            self.message = Some(format!(
                "Cannot open {file}: this hotseat has no game '{}'",
                log.game
            ));
            return Nav::Stay;
        };
        let mut table = match game.load_table(&log) {
            Ok(t) => t,
            Err(e) => {
                self.message = Some(format!("Cannot open {file}: {e}"));
                return Nav::Stay;
            }
        };
        match self.mode {
            Mode::Continue => {
                if let Err(e) = table.set_save(Some(path)) {
                    self.message = Some(format!("Cannot open {file}: {e}"));
                    return Nav::Stay;
                }
                Nav::Replace(table.into_screen(true))
            }
            Mode::Browse => Nav::Push(table.into_replay()),
        }
    }

    fn result_text(&self, s: &Saved) -> String {
        match &s.scores {
            Some(scores) => {
                let best = scores.iter().copied().max().unwrap_or(0);
                let winners: Vec<&str> = s
                    .players
                    .iter()
                    .zip(scores)
                    .filter(|(_, sc)| **sc == best)
                    .map(|(n, _)| n.as_str())
                    .collect();
                let list: Vec<String> = scores.iter().map(i32::to_string).collect();
                format!("{} won, {}", winners.join(", "), list.join("-"))
            }
            None if self.mode == Mode::Continue => format!("{} actions", s.actions),
            None => format!("unfinished, {} actions", s.actions),
        }
    }
}

/// Columns between two cells of the list.
const GAP: usize = 2;

/// One row of the list: the marker, then each cell cut or padded to its column's width (the
/// last column is not padded).
fn table_row(theme: &Theme, marker: &str, cells: [&str; 4], widths: &[usize]) -> String {
    let mut row = marker.to_string();
    for (i, (cell, &w)) in cells.iter().zip(widths).enumerate() {
        if i > 0 {
            row.push_str(&" ".repeat(GAP));
        }
        if i + 1 == cells.len() {
            row.push_str(&truncate(cell, w, theme.ellipsis()));
        } else {
            row.push_str(&fit(cell, w, theme.ellipsis()));
        }
    }
    row
}

impl SavedList {
    /// The four cells of a saved game's row, as drawn.
    fn cells(&self, theme: &Theme, s: &Saved) -> [String; 4] {
        [
            theme.text(&self.catalog.name_of(&s.game)),
            short_date(&s.started),
            theme.text(&s.players.join(", ")),
            theme.text(&self.result_text(s)),
        ]
    }

    /// Each column as wide as its widest cell (by display width) when the list has the room;
    /// otherwise players and results give way first, then the game's name. `w` is the width
    /// inside the frame, marker included.
    fn column_widths(&self, theme: &Theme, w: usize, last: &str) -> Vec<usize> {
        let heads = ["Game", "Started", "Players", last];
        let mut natural: Vec<usize> = heads.iter().map(|h| width(h)).collect();
        for s in self.items.iter().filter(|s| s.broken.is_none()) {
            for (n, cell) in natural.iter_mut().zip(self.cells(theme, s)) {
                *n = (*n).max(width(&cell));
            }
        }
        // The date is never cut; a name keeps at least "Pocket…", players and results a few
        // letters.
        let min = [7, natural[1], 10, 8];
        column_widths(&natural, &min, GAP, w.saturating_sub(2))
    }
}

/// "2026-11-25 20:00" from an RFC 3339 time.
pub fn short_date(rfc: &str) -> String {
    let s: String = rfc.replace('T', " ");
    s.chars().take(16).collect()
}

impl Screen for SavedList {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, msg, hint] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .areas(f.area());
        let title = match self.mode {
            Mode::Continue => "Continue a game",
            Mode::Browse => "Saved games",
        };
        let block = theme.block(title);
        let inner = block.inner(body);
        f.render_widget(block, body);
        let w = inner.width as usize;
        let mut lines = Vec::new();
        if self.items.is_empty() {
            lines.push(Line::from(""));
            lines.push(Line::styled(
                match self.mode {
                    Mode::Continue => "  No unfinished games.",
                    Mode::Browse => "  No saved games yet.",
                },
                theme.dim(),
            ));
        } else {
            let last = match self.mode {
                Mode::Continue => "Progress",
                Mode::Browse => "Result",
            };
            let widths = self.column_widths(theme, w, last);
            lines.push(Line::styled(
                table_row(theme, "  ", ["Game", "Started", "Players", last], &widths),
                theme.title(),
            ));
            let rows = (inner.height as usize).saturating_sub(1).max(1);
            let first = self.selected.saturating_sub(rows - 1);
            for (i, s) in self.items.iter().enumerate().skip(first).take(rows) {
                let sel = i == self.selected;
                let marker = if sel { theme.pointer() } else { "  " };
                if let Some(reason) = &s.broken {
                    // A log that cannot be opened stays in the list, with why.
                    let row = format!("{marker}{}: cannot be opened: {reason}", s.file_name());
                    let row = truncate(&theme.text(&row), w, theme.ellipsis());
                    lines.push(Line::styled(
                        row,
                        if sel { theme.selected() } else { theme.error() },
                    ));
                    continue;
                }
                let cells = self.cells(theme, s);
                let row = table_row(theme, marker, cells.each_ref().map(String::as_str), &widths);
                let row = truncate(&row, w, theme.ellipsis());
                lines.push(if sel {
                    Line::styled(row, theme.selected())
                } else {
                    Line::from(row)
                });
            }
        }
        f.render_widget(Paragraph::new(lines), inner);
        if let Some(m) = &self.message {
            f.render_widget(
                Paragraph::new(Line::styled(format!(" {}", theme.text(m)), theme.error()))
                    .wrap(Wrap { trim: false }),
                msg,
            );
        }
        let enter = match self.mode {
            Mode::Continue => "continue",
            Mode::Browse => "watch replay",
        };
        f.render_widget(
            Paragraph::new(hint_line(
                theme,
                &[
                    (theme.up_down(), "choose"),
                    ("Enter", enter),
                    ("Esc", "back"),
                ],
            )),
            hint,
        );
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        match k.code {
            KeyCode::Esc | KeyCode::Char('q') => Nav::Pop,
            KeyCode::Up | KeyCode::Char('k') => {
                self.selected = self.selected.saturating_sub(1);
                self.message = None;
                Nav::Stay
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1).min(self.items.len().saturating_sub(1));
                self.message = None;
                Nav::Stay
            }
            KeyCode::Enter => self.open(),
            _ => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        match self.mode {
            Mode::Continue => "Continue a game".into(),
            Mode::Browse => "Saved games".into(),
        }
    }

    fn help(&self) -> Vec<(String, String)> {
        let enter = match self.mode {
            Mode::Continue => "continue the chosen game",
            Mode::Browse => "watch the chosen game again",
        };
        vec![
            ("↑/↓ j/k".into(), "choose".into()),
            ("Enter".into(), enter.into()),
            ("Esc / q".into(), "back".into()),
        ]
    }
}

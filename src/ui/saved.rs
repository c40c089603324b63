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
use super::widgets::{hint_line, truncate};
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
            lines.push(Line::styled(
                format!(
                    "  {:<14} {:<16}  {:<20} {}",
                    "Game", "Started", "Players", last
                ),
                theme.title(),
            ));
        }
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
            let row = format!(
                "{marker}{:<14} {:<16}  {:<20} {}",
                truncate(
                    &theme.text(&self.catalog.name_of(&s.game)),
                    14,
                    theme.ellipsis()
                ),
                short_date(&s.started),
                truncate(&theme.text(&s.players.join(", ")), 20, theme.ellipsis()),
                theme.text(&self.result_text(s)),
            );
            let row = truncate(&row, w, theme.ellipsis());
            lines.push(if sel {
                Line::styled(row, theme.selected())
            } else {
                Line::from(row)
            });
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

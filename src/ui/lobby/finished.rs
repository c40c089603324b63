//! The server's finished games, to watch again with the replay viewer. Only finished games are
//! listed or opened: replaying an unfinished one would show what its seats still hide.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::log;
use crate::store::{self, Saved};
use crate::ui::commands::{self, Command, ENTER, Key};
use crate::ui::registered::Scoring;
use crate::ui::saved::{finished_text, short_date};
use crate::ui::theme::Theme;
use crate::ui::widgets::{column_widths, fit, hint_line, truncate, width};
use crate::ui::{AnyGame, Nav, Screen};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinishedCmd {
    Move,
    Replay,
    Back,
}

pub const FINISHED_COMMANDS: &[Command<FinishedCmd>] = &[
    Command {
        id: FinishedCmd::Move,
        keys: &[
            Key::Code(KeyCode::Up),
            Key::Code(KeyCode::Down),
            Key::Char('k'),
            Key::Char('j'),
        ],
        key: "↑/↓",
        label: "choose",
        help: "choose a game",
    },
    Command {
        id: FinishedCmd::Replay,
        keys: ENTER,
        key: "Enter",
        label: "watch replay",
        help: "watch the chosen game again, from any seat's view (it is over: nothing is secret)",
    },
    Command {
        id: FinishedCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc",
        label: "back",
        help: "back to the lobby",
    },
];

pub struct FinishedList {
    games: Vec<&'static dyn AnyGame>,
    pub items: Vec<Saved>,
    pub selected: usize,
    pub message: Option<String>,
}

impl FinishedList {
    /// The finished games among `paths` (the hub's logs); the others are left out.
    pub fn new(games: Vec<&'static dyn AnyGame>, paths: &[PathBuf]) -> Self {
        let items = paths
            .iter()
            .map(|p| store::saved_at(p, &games))
            .filter(|s| s.broken.is_none() && s.scores.is_some())
            .collect();
        FinishedList {
            games,
            items,
            selected: 0,
            message: None,
        }
    }

    fn open(&mut self) -> Nav {
        let Some(item) = self.items.get(self.selected) else {
            return Nav::Stay;
        };
        let file = item.file_name();
        let opened = log::read(&item.path)
            .map_err(|e| e.to_string())
            .and_then(|l| {
                let game = self
                    .games
                    .iter()
                    .find(|g| g.id() == l.game)
                    .ok_or_else(|| "this hotseat does not have its game".to_string())?;
                Ok((*game, game.load_table(&l).map_err(|e| e.to_string())?))
            });
        match opened {
            // Checked again at opening: the file may have changed since the list was made.
            Ok((game, table)) if table.outcome().is_some() => match game.replay_screen(table) {
                Ok(screen) => Nav::Push(screen),
                Err(e) => {
                    self.message = Some(format!("Cannot open {file}: {e}"));
                    Nav::Stay
                }
            },
            Ok(_) => {
                self.message = Some(format!(
                    "{file} is not finished: only finished games are replayed."
                ));
                Nav::Stay
            }
            Err(e) => {
                self.message = Some(format!("Cannot open {file}: {}", crate::text::clean(&e)));
                Nav::Stay
            }
        }
    }

    fn cells(&self, theme: &Theme, s: &Saved) -> [String; 4] {
        let game = self.games.iter().find(|g| g.id() == s.game);
        let scoring = game.map_or(Scoring::Points, |g| g.scoring());
        [
            theme.text(game.map_or(s.game.as_str(), |g| g.name())),
            short_date(&s.started),
            theme.text(&s.players.join(", ")),
            theme.text(&finished_text(
                scoring,
                &s.players,
                s.scores.as_deref().unwrap_or(&[]),
                &s.winners,
            )),
        ]
    }
}

const GAP: usize = 2;

impl Screen for FinishedList {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, msg, hint] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .areas(f.area());
        let block = theme.block("Finished games on this server");
        let inner = block.inner(body);
        f.render_widget(block, body);
        let w = inner.width as usize;
        let mut lines = Vec::new();
        if self.items.is_empty() {
            lines.push(Line::from(""));
            lines.push(Line::styled(
                "  No finished games yet: a game is listed here once it has ended.",
                theme.dim(),
            ));
        } else {
            let heads = ["Game", "Started", "Players", "Result"];
            let rows: Vec<[String; 4]> = self.items.iter().map(|s| self.cells(theme, s)).collect();
            let mut natural: Vec<usize> = heads.iter().map(|h| width(h)).collect();
            for r in &rows {
                for (n, c) in natural.iter_mut().zip(r) {
                    *n = (*n).max(width(c));
                }
            }
            let min = [7, natural[1], 10, 8];
            let widths = column_widths(&natural, &min, GAP, w.saturating_sub(2));
            let line = |marker: &str, cells: [&str; 4]| {
                let mut row = marker.to_string();
                for (i, (c, &cw)) in cells.iter().zip(&widths).enumerate() {
                    if i > 0 {
                        row.push_str(&" ".repeat(GAP));
                    }
                    if i + 1 == cells.len() {
                        row.push_str(&truncate(c, cw, theme.ellipsis()));
                    } else {
                        row.push_str(&fit(c, cw, theme.ellipsis()));
                    }
                }
                truncate(&row, w, theme.ellipsis())
            };
            lines.push(Line::styled(line("  ", heads), theme.title()));
            let room = (inner.height as usize).saturating_sub(1).max(1);
            let first = self.selected.saturating_sub(room - 1);
            for (i, r) in rows.iter().enumerate().skip(first).take(room) {
                let sel = i == self.selected;
                let marker = if sel { theme.pointer() } else { "  " };
                let text = line(marker, r.each_ref().map(String::as_str));
                lines.push(if sel {
                    Line::styled(text, theme.selected())
                } else {
                    Line::from(text)
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
        let mut keys = commands::hints(FINISHED_COMMANDS, |c| {
            c == FinishedCmd::Back || !self.items.is_empty()
        });
        for k in keys.iter_mut().filter(|k| k.0 == "↑/↓") {
            k.0 = theme.up_down();
        }
        f.render_widget(Paragraph::new(hint_line(theme, &keys)), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        match commands::find(FINISHED_COMMANDS, k, |_| true) {
            Some(FinishedCmd::Move) => {
                self.message = None;
                if matches!(k.code, KeyCode::Down | KeyCode::Char('j')) {
                    self.selected = (self.selected + 1).min(self.items.len().saturating_sub(1));
                } else {
                    self.selected = self.selected.saturating_sub(1);
                }
                Nav::Stay
            }
            Some(FinishedCmd::Replay) => self.open(),
            Some(FinishedCmd::Back) => Nav::Pop,
            None => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        "Finished games".into()
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(FINISHED_COMMANDS)
    }
}

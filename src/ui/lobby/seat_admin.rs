//! The table creator's seat screen (`s` on the play screen): who holds each seat, and the
//! creator's moves: giving a seat to a computer player for good, freeing it for someone else,
//! muting its person in the chat. It reads the table afresh at every frame.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::ui::widgets::hint_line;
use crate::ui::{Nav, Screen, Theme};

use crate::host::Peer;
use crate::host::hub::{Hub, SeatKind, SeatSummary};
use crate::host::table_code;

pub struct SeatsScreen {
    hub: Hub,
    code: String,
    by: Peer,
    cursor: usize,
    status: Option<String>,
}

pub fn screen(hub: Hub, code: String, by: Peer) -> Box<dyn Screen> {
    Box::new(SeatsScreen {
        hub,
        code,
        by,
        cursor: 0,
        status: None,
    })
}

/// One seat's line: its number, name and state.
pub fn seat_line(s: &SeatSummary) -> String {
    let kind = match &s.kind {
        SeatKind::Remote => "remote",
        SeatKind::Here => "at the creator's terminal",
        SeatKind::Bot(k) => k.as_str(),
    };
    let state = if s.free {
        "free"
    } else if s.stand_in {
        "away: a computer player plays for now"
    } else if matches!(s.kind, SeatKind::Bot(_)) {
        "computer player"
    } else if s.connected {
        "connected"
    } else {
        "away"
    };
    let muted = if s.muted { ", muted" } else { "" };
    format!("{}  {}  ({kind}, {state}{muted})", s.seat + 1, s.name)
}

impl SeatsScreen {
    fn seats(&self) -> Vec<SeatSummary> {
        self.hub
            .table(&self.code)
            .map(|t| t.seats)
            .unwrap_or_default()
    }
}

impl Screen for SeatsScreen {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [top, body, bottom] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(f.area());
        f.render_widget(
            Paragraph::new(Line::styled(
                format!(" Seats at table {}", table_code::show(&self.code)),
                theme.title(),
            )),
            top,
        );
        let lines: Vec<Line> = self
            .seats()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let text = format!(
                    " {} {}",
                    if i == self.cursor {
                        theme.pointer()
                    } else {
                        " "
                    },
                    theme.text(&seat_line(s))
                );
                if i == self.cursor {
                    Line::styled(text, theme.selected())
                } else {
                    Line::from(text)
                }
            })
            .collect();
        f.render_widget(Paragraph::new(lines), body);
        let line = match &self.status {
            Some(s) => Line::styled(format!(" {}", theme.text(s)), theme.accent()),
            None => hint_line(
                theme,
                &[
                    (theme.up_down(), "seat"),
                    ("b", "give to a computer player"),
                    ("f", "free for someone else"),
                    ("m", "mute in the chat"),
                    ("Esc", "back"),
                ],
            ),
        };
        f.render_widget(Paragraph::new(line), bottom);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        self.status = None;
        let n = self.seats().len();
        match k.code {
            KeyCode::Esc | KeyCode::Char('q') => return Nav::Pop,
            KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => {
                self.cursor = (self.cursor + 1).min(n.saturating_sub(1));
            }
            KeyCode::Char('b') => {
                self.status = Some(
                    match self.hub.hand_to_bot(&self.code, self.cursor, &self.by) {
                        Ok(()) => format!("Seat {} goes to a computer player", self.cursor + 1),
                        Err(e) => e,
                    },
                );
            }
            KeyCode::Char('m') => {
                let muted = self.seats().get(self.cursor).is_some_and(|s| s.muted);
                self.status = Some(
                    match self.hub.mute(&self.code, self.cursor, !muted, &self.by) {
                        Ok(()) if muted => format!("Seat {} may talk again", self.cursor + 1),
                        Ok(()) => format!("Seat {} is muted in the chat", self.cursor + 1),
                        Err(e) => e,
                    },
                );
            }
            KeyCode::Char('f') => {
                self.status = Some(
                    match self.hub.free_seat(&self.code, self.cursor, &self.by) {
                        Ok(()) => format!(
                            "Seat {} is free: anyone may join it with the table's code",
                            self.cursor + 1
                        ),
                        Err(e) => e,
                    },
                );
            }
            _ => {}
        }
        Nav::Stay
    }

    fn title(&self) -> String {
        "Seats".into()
    }

    fn help(&self) -> Vec<(String, String)> {
        vec![
            ("↑/↓".into(), "choose a seat".into()),
            (
                "b".into(),
                "give the seat to a computer player for the rest of the game".into(),
            ),
            (
                "f".into(),
                "free the seat: anyone may join it (a computer player plays it after the table's timeout)".into(),
            ),
            (
                "m".into(),
                "mute the seat's person in the table's chat, or let them talk again".into(),
            ),
            ("Esc".into(), "back to the game".into()),
        ]
    }
}

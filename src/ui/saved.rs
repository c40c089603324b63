//! Saved games: the ones to continue, or all of them to watch again.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};

use super::commands::{self, Command, ENTER, Key};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::log;
use crate::store::Saved;
use crate::ui::registered::Scoring;

use super::catalog::Catalog;
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

/// What the saved list's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedCmd {
    Up,
    Down,
    /// Enter on a finished game in the saved games: its replay.
    Replay,
    /// Enter on an unfinished game: play on.
    Continue,
    Back,
}

/// The saved list's keys: the hint line, the `?` help and dispatch all read this list. Enter
/// has two entries because it does two things: a finished game is watched again, an unfinished
/// one is continued (its replay would show secrets); the hint line names the one the row gets.
pub const SAVED_COMMANDS: &[Command<SavedCmd>] = &[
    Command {
        id: SavedCmd::Up,
        keys: &[],
        key: "↑/↓",
        label: "choose",
        help: "",
    },
    Command {
        id: SavedCmd::Up,
        keys: &[Key::Code(KeyCode::Up), Key::Char('k')],
        key: "↑/↓ j/k",
        label: "",
        help: "choose a game",
    },
    Command {
        id: SavedCmd::Down,
        keys: &[Key::Code(KeyCode::Down), Key::Char('j')],
        key: "↑/↓ j/k",
        label: "",
        help: "choose a game",
    },
    Command {
        id: SavedCmd::Replay,
        keys: ENTER,
        key: "Enter",
        label: "watch replay",
        help: "watch a finished game again, from any player's view",
    },
    Command {
        id: SavedCmd::Continue,
        keys: ENTER,
        key: "Enter",
        label: "continue",
        help: "continue an unfinished game",
    },
    Command {
        id: SavedCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc",
        label: "back",
        help: "",
    },
    Command {
        id: SavedCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc / q",
        label: "",
        help: "back",
    },
];

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
        // An unfinished game is never replayed: stepping through it would show secrets the
        // players have not seen (a hand, a role, where a tile lies). It can only be continued.
        if self.mode == Mode::Continue || table.outcome().is_none() {
            if let Err(e) = table.set_save(Some(path)) {
                self.message = Some(format!("Cannot open {file}: {e}"));
                return Nav::Stay;
            }
            return match game.play_screen(table, true, &self.catalog.local) {
                Ok(screen) => Nav::Replace(screen),
                Err(e) => {
                    self.message = Some(format!("Cannot open {file}: {e}"));
                    Nav::Stay
                }
            };
        }
        match game.replay_screen(table) {
            Ok(screen) => Nav::Push(screen),
            Err(e) => {
                self.message = Some(format!("Cannot open {file}: {e}"));
                Nav::Stay
            }
        }
    }

    fn result_text(&self, s: &Saved) -> String {
        match &s.scores {
            Some(scores) => {
                let scoring = self
                    .catalog
                    .find(&s.game)
                    .map_or(Scoring::Points, |g| g.scoring());
                finished_text(scoring, &s.players, scores, &s.winners)
            }
            None if self.mode == Mode::Continue => s.progress.clone(),
            None => format!("unfinished, {}", s.progress),
        }
    }

    /// Whether `cmd` does something now. The arrows always apply (at an end of the list they
    /// stay put); Enter needs a row, and which Enter depends on it.
    pub fn applies(&self, cmd: SavedCmd) -> bool {
        let row = self.selected < self.items.len();
        match cmd {
            SavedCmd::Up | SavedCmd::Down | SavedCmd::Back => true,
            SavedCmd::Replay => row && self.mode == Mode::Browse && !self.selected_unfinished(),
            SavedCmd::Continue => {
                row && (self.mode == Mode::Continue || self.selected_unfinished())
            }
        }
    }

    /// The commands this list can ever give: the saved games to continue never replay.
    fn offered(&self) -> Vec<Command<SavedCmd>> {
        SAVED_COMMANDS
            .iter()
            .filter(|c| self.mode == Mode::Browse || c.id != SavedCmd::Replay)
            .copied()
            .collect()
    }

    /// The selected game is unfinished: Enter continues it instead of replaying it.
    fn selected_unfinished(&self) -> bool {
        self.items
            .get(self.selected)
            .is_some_and(|s| s.scores.is_none() && s.broken.is_none())
    }
}

/// A finished game's logged result in a few words: who won as the log says (never worked out
/// again from the scores), then the scores. Scores are separated by " / " and negative ones
/// carry a real minus sign, so "−18 / −20" cannot be read as a range.
pub fn finished_text(
    scoring: Scoring,
    players: &[String],
    scores: &[i32],
    winners: &[usize],
) -> String {
    let name = |s: usize| {
        players
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("player {}", s + 1))
    };
    let points = |v: i32| {
        if v < 0 {
            format!("\u{2212}{}", v.unsigned_abs())
        } else {
            v.to_string()
        }
    };
    let all = winners.len() == players.len() && players.len() > 1;
    let who = match (scoring, winners) {
        (Scoring::Together, []) => "lost together".to_string(),
        (Scoring::Together, _) => "won together".to_string(),
        (_, []) => "nobody won".to_string(),
        (_, [one]) => format!("{} won", name(*one)),
        (Scoring::Points, _) if all => "everybody shares the win".to_string(),
        (Scoring::Points, many) => {
            let names: Vec<String> = many.iter().map(|&s| name(s)).collect();
            format!("{} share the win", names.join(", "))
        }
        (Scoring::Sides, many) => {
            let names: Vec<String> = many.iter().map(|&s| name(s)).collect();
            format!("{} won", names.join(", "))
        }
    };
    match scoring {
        // One seat: the score is the result.
        Scoring::Points if players.len() == 1 => {
            format!(
                "{} points",
                scores.first().map_or("0".into(), |&v| points(v))
            )
        }
        Scoring::Points => {
            let list: Vec<String> = scores.iter().map(|&v| points(v)).collect();
            format!("{who}, {}", list.join(" / "))
        }
        // Everyone has the same score: say it once.
        Scoring::Together => match scores.first() {
            Some(&v) => format!("{who} ({})", points(v)),
            None => who,
        },
        Scoring::Sides => who,
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
        if self.mode == Mode::Browse && self.selected_unfinished() && self.message.is_none() {
            // Says why this row continues instead of replaying.
            f.render_widget(
                Paragraph::new(Line::styled(
                    " Unfinished: Enter continues it. Replays wait for the end: they show secrets."
                        .to_string(),
                    theme.dim(),
                ))
                .wrap(Wrap { trim: false }),
                msg,
            );
        }
        f.render_widget(
            Paragraph::new(hint_line(
                theme,
                &commands::hints(SAVED_COMMANDS, |c| self.applies(c)),
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
        match commands::find(SAVED_COMMANDS, k, |c| self.applies(c)) {
            Some(SavedCmd::Back) => Nav::Pop,
            Some(SavedCmd::Up) => {
                self.selected = self.selected.saturating_sub(1);
                self.message = None;
                Nav::Stay
            }
            Some(SavedCmd::Down) => {
                self.selected = (self.selected + 1).min(self.items.len().saturating_sub(1));
                self.message = None;
                Nav::Stay
            }
            Some(SavedCmd::Replay | SavedCmd::Continue) => self.open(),
            None => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        match self.mode {
            Mode::Continue => "Continue a game".into(),
            Mode::Browse => "Saved games".into(),
        }
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(&self.offered())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_logged_result_is_shown_not_the_top_score() {
        let two = names(&["Player 1", "Bot 2"]);
        // A lost cooperative game: equal scores, nobody won.
        assert_eq!(
            finished_text(Scoring::Together, &two, &[15, 15], &[]),
            "lost together (15)"
        );
        assert_eq!(
            finished_text(Scoring::Together, &two, &[36, 36], &[0, 1]),
            "won together (36)"
        );
        // The log's winner, even where the scores would say otherwise (a tie broken by tiles).
        let three = names(&["Ann", "Bo", "Cy"]);
        assert_eq!(
            finished_text(Scoring::Points, &three, &[9, 9, 4], &[1]),
            "Bo won, 9 / 9 / 4"
        );
        assert_eq!(
            finished_text(Scoring::Points, &three, &[9, 9, 4], &[0, 1]),
            "Ann, Bo share the win, 9 / 9 / 4"
        );
        assert_eq!(
            finished_text(Scoring::Points, &two, &[3, 3], &[0, 1]),
            "everybody shares the win, 3 / 3"
        );
        assert_eq!(
            finished_text(Scoring::Sides, &three, &[1, 0, 1], &[0, 2]),
            "Ann, Cy won"
        );
        assert_eq!(
            finished_text(Scoring::Points, &names(&["Ann"]), &[57], &[0]),
            "57 points"
        );
    }

    #[test]
    fn negative_scores_read_clearly() {
        let two = names(&["Ann", "Bo"]);
        assert_eq!(
            finished_text(Scoring::Points, &two, &[-18, -20], &[0]),
            "Ann won, \u{2212}18 / \u{2212}20"
        );
        assert_eq!(
            Theme::new(true, false).text(&finished_text(Scoring::Points, &two, &[-18, -20], &[0])),
            "Ann won, -18 / -20"
        );
    }
}

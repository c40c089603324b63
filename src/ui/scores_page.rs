//! A game's solo high-score tables, opened with `h` on the launcher.

use std::path::Path;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::highscores::{self, variant_title};

use super::theme::Theme;
use super::widgets::{fit, hint_line};
use super::{Nav, Screen};

/// A table's title and its rows: name, score, date.
type Rows = Vec<(String, Vec<(String, i32, String)>)>;

pub struct ScoresPage {
    name: String,
    /// Table name and its rows (rank, name, score, date); read once when the page opens.
    tables: Rows,
    /// Why the file could not be read, if it could not.
    problem: Option<String>,
    pub scroll: usize,
}

impl ScoresPage {
    /// The tables of game `id` in the high-score file at `path`.
    pub fn new(id: &str, name: &str, path: &Path) -> Self {
        let (tables, problem) = match highscores::load(path) {
            Ok(all) => (
                highscores::tables_of(&all, id)
                    .into_iter()
                    .map(|(k, v)| {
                        (
                            variant_title(k),
                            v.iter()
                                .map(|s| (s.name.clone(), s.score, s.date.clone()))
                                .collect(),
                        )
                    })
                    .collect(),
                None,
            ),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        ScoresPage {
            name: name.to_string(),
            tables,
            problem,
            scroll: 0,
        }
    }

    fn lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        if let Some(p) = &self.problem {
            out.push(Line::styled(format!(" {}", theme.text(p)), theme.error()));
        } else if self.tables.is_empty() {
            out.push(Line::styled(
                " No high scores yet: they are kept for solo games.",
                theme.dim(),
            ));
        }
        for (title, rows) in &self.tables {
            out.push(Line::styled(
                format!(" {}", theme.text(title)),
                theme.title(),
            ));
            for (i, (name, score, date)) in rows.iter().enumerate() {
                out.push(Line::from(format!(
                    " {:>3}. {} {:>5}  {}",
                    i + 1,
                    fit(&theme.text(name), 16, theme.ellipsis()),
                    score,
                    theme.text(date)
                )));
            }
            out.push(Line::from(""));
        }
        out
    }
}

impl Screen for ScoresPage {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, hint] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(f.area());
        let block = theme.block(format!("High scores: {}", theme.text(&self.name)));
        let lines: Vec<Line> = self.lines(theme).into_iter().skip(self.scroll).collect();
        f.render_widget(Paragraph::new(lines).block(block), body);
        f.render_widget(
            Paragraph::new(hint_line(theme, &[("↑/↓", "scroll"), ("Esc/q", "back")])),
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
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Enter => Nav::Pop,
            KeyCode::Up | KeyCode::Char('k') => {
                self.scroll = self.scroll.saturating_sub(1);
                Nav::Stay
            }
            KeyCode::Down | KeyCode::Char('j') => {
                let total: usize = self.tables.iter().map(|(_, r)| r.len() + 2).sum();
                self.scroll = (self.scroll + 1).min(total.saturating_sub(1));
                Nav::Stay
            }
            _ => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        format!("High scores: {}", self.name)
    }

    fn help(&self) -> Vec<(String, String)> {
        vec![
            ("↑/↓ j/k".into(), "scroll".into()),
            ("Esc / q".into(), "back to the games".into()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::highscores::{Score, path_in, record};
    use crate::ui::testutil::draw;

    #[test]
    fn lists_the_game_tables_and_reports_a_damaged_file() {
        let dir = tempfile::tempdir().expect("tmp");
        let path = path_in(dir.path());
        let theme = Theme::new(false, true);
        let empty = ScoresPage::new("kokoro", "Kokoro", &path);
        assert!(draw(&empty, theme, 80, 24).contains("No high scores yet"));
        for (i, s) in [31, 44].into_iter().enumerate() {
            let e = Score {
                name: "Ann".into(),
                score: s,
                date: "2026-11-25".into(),
                game: format!("g{i}"),
            };
            record(&path, "kokoro/blue/none", e);
        }
        let page = ScoresPage::new("kokoro", "Kokoro", &path);
        let text = draw(&page, theme, 80, 24);
        assert!(text.contains("Blue side, no decree"), "{text}");
        assert!(
            text.contains("1. Ann                 44  2026-11-25"),
            "{text}"
        );
        std::fs::write(&path, "garbage").expect("write");
        let bad = ScoresPage::new("kokoro", "Kokoro", &path);
        assert!(draw(&bad, theme, 80, 24).contains("damaged"));
    }
}

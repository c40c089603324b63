//! A game's solo high-score tables, opened with `h` on the launcher.

use std::path::Path;

use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::highscores::{self, variant_title};

use super::commands;
use super::scroll::{SCROLL_COMMANDS, Scroll};
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
    pub scroll: Scroll,
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
            scroll: Scroll::default(),
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
        let lines = self.lines(theme);
        let top = self
            .scroll
            .fit(lines.len(), block.inner(body).height as usize);
        let lines: Vec<Line> = lines.into_iter().skip(top).collect();
        f.render_widget(Paragraph::new(lines).block(block), body);
        f.render_widget(
            Paragraph::new(hint_line(
                theme,
                &commands::hints(SCROLL_COMMANDS, |_| true),
            )),
            hint,
        );
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        self.scroll.on_event(ev)
    }

    fn title(&self) -> String {
        format!("High scores: {}", self.name)
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(SCROLL_COMMANDS)
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyCode;

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
        insta::assert_snapshot!("scores_80x24", draw(&page, theme, 80, 24));
        insta::assert_snapshot!("scores_120x40", draw(&page, theme, 120, 40));
        let text = draw(&page, theme, 80, 24);
        assert!(text.contains("Blue side, no decree"), "{text}");
        assert!(
            text.contains("1. Ann                 44  2026-11-25"),
            "{text}"
        );
        // A short window scrolls; the keys are the scrolling pages' list.
        let mut page = page;
        draw(&page, theme, 80, 5);
        page.on_event(&crate::ui::testutil::key(KeyCode::Down));
        assert_eq!(page.scroll.top(), 1);
        page.on_event(&crate::ui::testutil::key(KeyCode::End));
        let bottom = page.scroll.top();
        page.on_event(&crate::ui::testutil::key(KeyCode::Down));
        draw(&page, theme, 80, 5);
        assert_eq!(page.scroll.top(), bottom, "nothing below the last line");
        let last = draw(&page, theme, 80, 5);
        assert!(
            last.contains("2. Ann"),
            "the last page shows the last row: {last}"
        );
        assert!(draw(&page, theme, 80, 24).contains("PgUp/PgDn page  Esc back"));
        std::fs::write(&path, "garbage").expect("write");
        let bad = ScoresPage::new("kokoro", "Kokoro", &path);
        assert!(draw(&bad, theme, 80, 24).contains("damaged"));
    }
}

//! A game's rules, from Markdown: headings bold, bullets kept, paragraphs wrapped; scrollable.

use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::commands;
use super::scroll::{SCROLL_COMMANDS, Scroll};
use super::theme::Theme;
use super::widgets::{hint_line, wrap};
use super::{Nav, Screen};

pub struct RulesPage {
    name: String,
    text: &'static str,
    pub scroll: Scroll,
}

impl RulesPage {
    pub fn new(name: &str, text: &'static str) -> Self {
        RulesPage {
            name: name.to_string(),
            text,
            scroll: Scroll::default(),
        }
    }
}

/// Removes inline emphasis markers, which a terminal cannot show as such.
fn plain(s: &str) -> String {
    let s = s.replace("**", "").replace("__", "").replace('`', "");
    // A single `*` or `_` that opens or closes a word is emphasis; elsewhere it is text.
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '*' || c == '_' {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1).copied();
            let word = |ch: Option<char>| ch.is_some_and(|ch| ch.is_alphanumeric());
            let edge = |ch: Option<char>| {
                ch.is_none_or(|ch| ch.is_whitespace() || ch.is_ascii_punctuation())
            };
            if (edge(before) && word(after)) || (word(before) && edge(after)) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// One block of the Markdown text.
enum Block {
    Heading(String),
    Paragraph(String),
    /// A list item: its indent, its marker ("- ", "1. ") and its text, continuation lines joined.
    Item(usize, String, String),
    /// Table rows, cells trimmed, the `|---|` rule left out.
    Table(Vec<Vec<String>>),
    Blank,
}

/// Splits Markdown into blocks: lines that continue a paragraph or a list item are joined.
fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for raw in text.lines() {
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            out.push(Block::Blank);
        } else if trimmed.starts_with('#') {
            out.push(Block::Heading(
                trimmed.trim_start_matches('#').trim().to_string(),
            ));
        } else if trimmed.starts_with('|') {
            let cells: Vec<String> = trimmed
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            let rule = cells
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')));
            match out.last_mut() {
                Some(Block::Table(rows)) => {
                    if !rule {
                        rows.push(cells);
                    }
                }
                _ => out.push(Block::Table(vec![cells])),
            }
        } else if let Some(marker) = list_marker(trimmed) {
            let indent = line.len() - trimmed.len();
            out.push(Block::Item(
                indent,
                marker.to_string(),
                trimmed[marker.len()..].to_string(),
            ));
        } else {
            match out.last_mut() {
                Some(Block::Paragraph(p)) | Some(Block::Item(_, _, p)) => {
                    p.push(' ');
                    p.push_str(trimmed);
                }
                _ => out.push(Block::Paragraph(trimmed.to_string())),
            }
        }
    }
    out
}

/// Lines with a first prefix and a hanging indent for the rest.
fn hanging(text: &str, lead: &str, hang: usize, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    wrap(&plain(text), width.saturating_sub(hang).max(8))
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let prefix = if i == 0 {
                lead.to_string()
            } else {
                " ".repeat(hang)
            };
            Line::from(theme.text(&format!("{prefix}{l}")))
        })
        .collect()
}

/// A table aligned in columns when it fits, else one wrapped line per row.
fn table_lines(rows: &[Vec<String>], width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let cell = |r: &Vec<String>, c: usize| plain(r.get(c).map(String::as_str).unwrap_or(""));
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .map(|r| super::widgets::width(&cell(r, c)))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let total: usize = widths.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let style = if i == 0 {
            theme.title()
        } else {
            ratatui::style::Style::new()
        };
        if total <= width {
            let text: Vec<String> = (0..cols)
                .map(|c| super::widgets::fit(&cell(r, c), widths[c], ""))
                .collect();
            out.push(Line::styled(theme.text(text.join("  ").trim_end()), style));
        } else {
            let text: Vec<String> = (0..cols)
                .map(|c| cell(r, c))
                .filter(|t| !t.is_empty())
                .collect();
            for l in hanging(&text.join(" | "), "", 2, width, theme) {
                out.push(l.style(style));
            }
        }
    }
    out
}

/// The Markdown `text` as styled lines at most `width` columns wide.
pub fn markdown_lines(text: &str, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    for block in blocks(text) {
        match block {
            Block::Blank => {
                if out.last().is_some_and(|l| l.width() > 0) {
                    out.push(Line::from(""));
                }
            }
            Block::Heading(t) => {
                for l in wrap(&plain(&t), width) {
                    out.push(Line::styled(theme.text(&l), theme.title()));
                }
            }
            Block::Paragraph(t) => {
                for l in wrap(&plain(&t), width) {
                    out.push(Line::from(theme.text(&l)));
                }
            }
            Block::Item(indent, marker, t) => {
                let lead = format!("{}{}", " ".repeat(indent), marker);
                let hang = indent + marker.chars().count();
                out.extend(hanging(&t, &lead, hang, width, theme));
            }
            Block::Table(rows) => out.extend(table_lines(&rows, width, theme)),
        }
    }
    while out.last().is_some_and(|l| l.width() == 0) {
        out.pop();
    }
    out
}

/// "- ", "* ", "1. " and the like, with the space.
fn list_marker(s: &str) -> Option<&str> {
    if s.starts_with("- ") || s.starts_with("* ") || s.starts_with("+ ") {
        return Some(&s[..2]);
    }
    let digits = s.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && s[digits..].starts_with(". ") {
        return Some(&s[..digits + 2]);
    }
    None
}

impl Screen for RulesPage {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, hint] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(f.area());
        let block = theme.block(format!("Rules: {}", theme.text(&self.name)));
        let inner = block.inner(body);
        f.render_widget(block, body);
        let inner = inner.inner(ratatui::layout::Margin::new(1, 0));
        let lines = markdown_lines(self.text, inner.width as usize, theme);
        let top = self.scroll.fit(lines.len(), inner.height as usize);
        let shown: Vec<Line> = lines
            .into_iter()
            .skip(top)
            .take(inner.height as usize)
            .collect();
        f.render_widget(Paragraph::new(shown), inner);
        let pos = self.scroll.position();
        let mut line = hint_line(theme, &commands::hints(SCROLL_COMMANDS, |_| true));
        line.spans.push(ratatui::text::Span::styled(
            format!("  ({pos})"),
            theme.dim(),
        ));
        f.render_widget(Paragraph::new(line), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        self.scroll.on_event(ev)
    }

    fn title(&self) -> String {
        format!("Rules of {}", self.name)
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(SCROLL_COMMANDS)
    }
}

#[cfg(test)]
mod markdown_tests {
    use super::*;

    fn text(md: &str, width: usize) -> Vec<String> {
        markdown_lines(md, width, &Theme::new(false, false))
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn bullets_continue_and_emphasis_goes() {
        let md = "- a card that tells the\n  *next* player how many\n- two_words stay";
        assert_eq!(
            text(md, 80),
            vec![
                "- a card that tells the next player how many",
                "- two_words stay"
            ]
        );
    }

    #[test]
    fn tables_align_when_they_fit_and_wrap_when_not() {
        let md = "| n | name |\n|---|---|\n| 9 | one |\n| 12 | two |";
        assert_eq!(text(md, 80), vec!["n   name", "9   one", "12  two"]);
        let narrow = text(md, 7);
        assert_eq!(narrow[0], "n | name");
        assert!(narrow.iter().all(|l| l.chars().count() <= 8), "{narrow:?}");
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::ui::testutil::key;

    /// Found by random bytes over SSH: End then Down before the first frame overflowed the
    /// scroll (the page's height is unknown until it is drawn).
    #[test]
    fn keys_before_the_first_frame_never_overflow() {
        let mut page = RulesPage::new("Demo", "# Demo\n\nOne line.");
        for code in [
            KeyCode::End,
            KeyCode::Down,
            KeyCode::PageDown,
            KeyCode::Down,
        ] {
            assert!(matches!(page.on_event(&key(code)), Nav::Stay));
        }
    }
}

//! A game's rules, from Markdown: headings bold, bullets kept, paragraphs wrapped; scrollable.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use super::widgets::{hint_line, wrap};
use super::{Nav, Screen};

pub struct RulesPage {
    name: String,
    text: &'static str,
    pub scroll: usize,
    /// The largest useful scroll and the page height at the last draw.
    max_scroll: Cell<usize>,
    page: Cell<usize>,
}

impl RulesPage {
    pub fn new(name: &str, text: &'static str) -> Self {
        RulesPage {
            name: name.to_string(),
            text,
            scroll: 0,
            max_scroll: Cell::new(usize::MAX),
            page: Cell::new(10),
        }
    }
}

/// Removes inline emphasis markers, which a terminal cannot show as such.
fn plain(s: &str) -> String {
    s.replace("**", "").replace("__", "").replace('`', "")
}

/// The Markdown `text` as styled lines at most `width` columns wide.
pub fn markdown_lines(text: &str, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut para = String::new();
    let flush = |para: &mut String, out: &mut Vec<Line<'static>>| {
        if !para.is_empty() {
            for l in wrap(&plain(para), width) {
                out.push(Line::from(theme.text(&l)));
            }
            para.clear();
        }
    };
    for raw in text.lines() {
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            flush(&mut para, &mut out);
            if out.last().is_some_and(|l| l.width() > 0) {
                out.push(Line::from(""));
            }
        } else if trimmed.starts_with('#') {
            flush(&mut para, &mut out);
            let title = trimmed.trim_start_matches('#').trim();
            for l in wrap(&plain(title), width) {
                out.push(Line::styled(theme.text(&l), theme.title()));
            }
        } else if let Some(marker) = list_marker(trimmed) {
            flush(&mut para, &mut out);
            let indent = line.len() - trimmed.len();
            let body = &trimmed[marker.len()..];
            let hang = indent + marker.chars().count();
            let lead = format!("{}{}", " ".repeat(indent), marker);
            for (i, l) in wrap(&plain(body), width.saturating_sub(hang).max(8))
                .into_iter()
                .enumerate()
            {
                let prefix = if i == 0 {
                    lead.clone()
                } else {
                    " ".repeat(hang)
                };
                out.push(Line::from(theme.text(&format!("{prefix}{l}"))));
            }
        } else {
            if !para.is_empty() {
                para.push(' ');
            }
            para.push_str(trimmed);
        }
    }
    flush(&mut para, &mut out);
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
        let height = inner.height as usize;
        let max = lines.len().saturating_sub(height);
        self.max_scroll.set(max);
        self.page.set(height.max(1));
        let top = self.scroll.min(max);
        let shown: Vec<Line> = lines.into_iter().skip(top).take(height).collect();
        f.render_widget(Paragraph::new(shown), inner);
        let pos = match (top * 100).checked_div(max) {
            Some(pct) => format!("{pct}%"),
            None => "all shown".to_string(),
        };
        let mut line = hint_line(
            theme,
            &[
                (theme.up_down(), "scroll"),
                ("PgUp/PgDn", "page"),
                ("Esc", "back"),
            ],
        );
        line.spans.push(ratatui::text::Span::styled(
            format!("  ({pos})"),
            theme.dim(),
        ));
        f.render_widget(Paragraph::new(line), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        let max = self.max_scroll.get();
        let page = self.page.get();
        let s = self.scroll.min(max);
        self.scroll = match k.code {
            KeyCode::Esc | KeyCode::Char('q') => return Nav::Pop,
            KeyCode::Down | KeyCode::Char('j') => (s + 1).min(max),
            KeyCode::Up | KeyCode::Char('k') => s.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => s.saturating_add(page).min(max),
            KeyCode::PageUp => s.saturating_sub(page),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => max,
            _ => s,
        };
        Nav::Stay
    }

    fn title(&self) -> String {
        format!("Rules of {}", self.name)
    }

    fn help(&self) -> Vec<(String, String)> {
        [
            ("↑/↓ j/k", "scroll a line"),
            ("PgUp/PgDn space", "scroll a page"),
            ("Home/End g/G", "top or bottom"),
            ("Esc / q", "back"),
        ]
        .iter()
        .map(|(k, w)| (k.to_string(), w.to_string()))
        .collect()
    }
}

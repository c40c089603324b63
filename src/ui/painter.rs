//! A ratatui terminal that compares frames faster: [`Painter::draw`] sends the backend the
//! cells ratatui's own `Terminal::draw` would send, found by [`diff`], which skips the cells
//! that did not change without measuring their width (a one-byte symbol is one column) and
//! compares their symbols without a call to `memcmp`. Ratatui's diff was about 20% of a
//! launcher key's CPU under `perf` (most cells of a frame are the frame before).
//!
//! The `Terminal` is kept to make the [`Frame`] a screen draws on (and to clear the backend on
//! a resize); the two frames compared are held here, and the terminal's own buffers are
//! emptied so that no third or fourth frame stays in memory.

use ratatui::backend::Backend;
use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};

pub struct Painter<B: Backend> {
    terminal: Terminal<B>,
    /// What the screen shows.
    shown: Buffer,
    /// The frame being drawn (the one shown before, reset).
    next: Buffer,
}

impl<B: Backend> Painter<B> {
    /// A painter over `backend` for a `w`×`h` screen (nothing drawn yet).
    pub fn new(backend: B, w: u16, h: u16) -> Result<Self, B::Error> {
        let area = Rect::new(0, 0, w, h);
        let terminal = Terminal::with_options(
            backend,
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        let mut p = Painter {
            terminal,
            shown: Buffer::default(),
            next: Buffer::default(),
        };
        p.take_terminal_buffers();
        Ok(p)
    }

    /// The terminal's two buffers (blank, at its size) become `shown` and `next`, and the
    /// terminal keeps two empty ones: no frame is allocated twice.
    fn take_terminal_buffers(&mut self) {
        self.shown = std::mem::take(self.terminal.current_buffer_mut());
        self.terminal.swap_buffers();
        self.next = std::mem::take(self.terminal.current_buffer_mut());
        self.terminal.swap_buffers();
    }

    pub fn backend(&self) -> &B {
        self.terminal.backend()
    }

    pub fn backend_mut(&mut self) -> &mut B {
        self.terminal.backend_mut()
    }

    /// The window changed size: the backend is cleared and the next frame is drawn whole.
    pub fn resize(&mut self, area: Rect) -> Result<(), B::Error> {
        self.terminal.resize(area)?;
        self.take_terminal_buffers();
        Ok(())
    }

    /// Draws a frame with `render` and gives the backend the cells that changed, then hides
    /// the cursor and flushes the backend, as `Terminal::draw` does (no screen places the
    /// cursor).
    pub fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> Result<(), B::Error> {
        self.next.reset();
        std::mem::swap(&mut self.next, self.terminal.current_buffer_mut());
        render(&mut self.terminal.get_frame());
        std::mem::swap(&mut self.next, self.terminal.current_buffer_mut());
        let backend = self.terminal.backend_mut();
        backend.draw(diff(&self.shown, &self.next))?;
        backend.hide_cursor()?;
        backend.flush()?;
        std::mem::swap(&mut self.shown, &mut self.next);
        Ok(())
    }
}

/// The cells to send to turn `prev` into `next`: the same, in the same order, as ratatui's
/// `Buffer::diff` (tested against it).
pub fn diff<'a>(prev: &'a Buffer, next: &'a Buffer) -> Diff<'a> {
    assert!(
        prev.area.x == next.area.x
            && prev.area.y == next.area.y
            && prev.area.width == next.area.width,
        "buffer areas must have the same x, y and width"
    );
    let mut area = prev.area;
    area.height = area.height.min(next.area.height);
    Diff {
        next: &next.content,
        prev: &prev.content,
        area,
        pos: 0,
        trailing: None,
    }
}

pub struct Diff<'a> {
    next: &'a [Cell],
    prev: &'a [Cell],
    area: Rect,
    pos: usize,
    /// The cells after a wide one still to check: (next index, end, send even if unchanged).
    trailing: Option<(usize, usize, bool)>,
}

const VISIBLE_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

impl Diff<'_> {
    fn pos_of(&self, index: usize) -> (u16, u16) {
        let w = usize::from(self.area.width);
        let x = index % w + usize::from(self.area.x);
        let y = index / w + usize::from(self.area.y);
        (x as u16, y as u16)
    }
}

#[allow(deprecated)]
fn is_skip(cell: &Cell) -> bool {
    matches!(cell.diff_option, CellDiffOption::Skip)
        || (cell.skip && matches!(cell.diff_option, CellDiffOption::None))
}

/// `a == b` (`Cell`'s equality), the styles first and the symbols without a call for the
/// common one-byte symbol.
#[allow(deprecated)]
fn same(a: &Cell, b: &Cell) -> bool {
    if a.fg != b.fg
        || a.bg != b.bg
        || a.underline_color != b.underline_color
        || a.modifier != b.modifier
        || a.skip != b.skip
        || a.diff_option != b.diff_option
    {
        return false;
    }
    let (x, y) = (a.symbol().as_bytes(), b.symbol().as_bytes());
    match (x, y) {
        ([p], [q]) => p == q,
        _ => x == y,
    }
}

/// A cell's width ([`CellWidth`]), without the table lookup for a one-byte symbol (one
/// column, as [`CellWidth`] says).
fn width(c: &Cell) -> usize {
    match (c.diff_option, c.symbol().len()) {
        (CellDiffOption::ForcedWidth(_), _) => usize::from(c.cell_width()),
        (_, 1) => 1,
        _ => usize::from(c.cell_width()),
    }
}

impl<'a> Iterator for Diff<'a> {
    type Item = (u16, u16, &'a Cell);

    fn next(&mut self) -> Option<Self::Item> {
        let len = self.next.len().min(self.prev.len());
        if let Some((next_index, end, force)) = &mut self.trailing {
            while *next_index < *end {
                let j = *next_index;
                let w = width(&self.next[j]).max(1);
                *next_index += w;
                *end = (*end).max(*next_index).min(len);
                if !is_skip(&self.next[j])
                    && (*force || self.prev[j].symbol() != self.next[j].symbol())
                {
                    let (x, y) = self.pos_of(j);
                    return Some((x, y, &self.next[j]));
                }
            }
            self.pos = *end;
            self.trailing = None;
        }
        while self.pos < len {
            let i = self.pos;
            self.pos += 1;
            let current = &self.next[i];
            let previous = &self.prev[i];
            match current.diff_option {
                CellDiffOption::Skip => {}
                _ if is_skip(current) => {}
                CellDiffOption::ForcedWidth(w) => {
                    self.pos = self
                        .pos
                        .saturating_add(usize::from(w.get().saturating_sub(1)));
                    if !same(current, previous) {
                        let (x, y) = self.pos_of(i);
                        return Some((x, y, current));
                    }
                }
                CellDiffOption::None | CellDiffOption::AlwaysUpdate => {
                    if matches!(current.diff_option, CellDiffOption::None)
                        && same(current, previous)
                    {
                        self.pos += width(current).saturating_sub(1);
                        continue;
                    }
                    let cell_width = width(current);
                    let previous_width = width(previous);
                    let vs16 = cell_width > 1 && current.symbol().contains('\u{FE0F}');
                    if vs16 {
                        self.trailing = Some((i + 1, (i + cell_width).min(len), false));
                    } else if cell_width > 1 {
                        self.pos += cell_width - 1;
                    } else if previous_width > cell_width
                        && (previous.bg != Color::Reset
                            || previous.modifier.intersects(VISIBLE_ON_BLANK))
                    {
                        self.trailing = Some((i + 1, (i + previous_width).min(len), true));
                    }
                    let (x, y) = self.pos_of(i);
                    return Some((x, y, current));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Style;

    /// Frames with narrow, wide, emoji (VS16), empty, forced-width and skipped cells, styled and not,
    /// compared every way: the same cells as ratatui's diff.
    #[test]
    fn the_same_cells_as_ratatui_s_diff() {
        let area = Rect::new(0, 0, 9, 3);
        let symbols = ["a", "b", " ", "あ", "❤\u{fe0f}", "é", "─", ""];
        let styles = [
            Style::new(),
            Style::new().bg(Color::Blue),
            Style::new().add_modifier(Modifier::REVERSED),
            Style::new().fg(Color::Red),
        ];
        let mut frames = Vec::new();
        for seed in 0..40u32 {
            let mut b = Buffer::empty(area);
            let mut r = seed.wrapping_mul(2654435761).wrapping_add(12345);
            let mut next = || {
                r ^= r << 13;
                r ^= r >> 17;
                r ^= r << 5;
                r as usize
            };
            for y in 0..area.height {
                let mut x = 0;
                while x < area.width {
                    let mut s = symbols[next() % symbols.len()];
                    if s.len() > 1 && x + 1 == area.width {
                        // A wide symbol (or forced width) in the last column: ratatui's
                        // diff reads past the frame's end.
                        s = "a";
                    }
                    let st = styles[next() % styles.len()];
                    let cell = &mut b[(x, y)];
                    cell.set_symbol(s).set_style(st);
                    match next() % 12 {
                        0 => {
                            cell.set_diff_option(CellDiffOption::Skip);
                        }
                        1 => {
                            cell.set_diff_option(CellDiffOption::AlwaysUpdate);
                        }
                        2 if x + 1 < area.width => {
                            cell.set_diff_option(CellDiffOption::ForcedWidth(
                                std::num::NonZeroU16::MIN.saturating_add(1),
                            ));
                        }
                        _ => {}
                    }
                    // Most frames well formed (a wide symbol's next cell blank), some not.
                    x += if seed % 5 == 0 || s.len() == 1 { 1 } else { 2 };
                }
            }
            frames.push(b);
        }
        for a in &frames {
            for b in &frames {
                let ours: Vec<_> = diff(a, b).map(|(x, y, c)| (x, y, c.clone())).collect();
                let theirs: Vec<_> = a
                    .diff(b)
                    .into_iter()
                    .map(|(x, y, c)| (x, y, c.clone()))
                    .collect();
                assert_eq!(ours, theirs);
            }
        }
    }
}

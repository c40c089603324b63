//! A ratatui terminal that compares frames faster: [`Painter::draw`] sends the backend the
//! cells ratatui's own `Terminal::draw` would send, found by [`diff`], which skips the cells
//! that did not change without measuring their width (a one-byte symbol is one column) and
//! compares their symbols without a call to `memcmp`. Ratatui's diff was about 20% of a
//! launcher key's CPU under `perf` (most cells of a frame are the frame before).
//!
//! The frame shown is kept as [`Sent`]: each cell's symbol as one character (a longer one,
//! rare, kept beside, as are an underline's colour and a forced width), its colours,
//! modifiers and diff option in 16 bytes, where ratatui's
//! `Cell` takes 48. The backend keeps it ([`Paint`]): the encoder reads the cells the terminal
//! shows from it (a row's unchanged cells, to move them sideways or write over a short gap),
//! so the screen is kept once. One frame is drawn at a time, into a ratatui buffer; the diff
//! brings `Sent` up to it as it goes. The `Terminal` is kept to make the [`Frame`] a screen
//! draws on (and to clear the backend on a resize); its own buffers are emptied, so that no
//! second full frame stays in memory.

use std::collections::HashMap;
use std::num::NonZeroU16;

use ratatui::backend::Backend;
use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};

use super::damage::Damage;

/// A backend that keeps the frame shown ([`Sent`]) and sends what a new frame changes.
pub trait Paint: Backend {
    /// Sends the cells of `next` that [`diff`] finds changed from the frame shown, which then
    /// is `next`. Only the rows marked in `rows` may differ from the frame shown (an empty
    /// `rows`: any), if the frame shown is still the one painted last: the backend walks all
    /// of them when it is not (after a clear, a resize).
    fn paint(&mut self, next: &Buffer, rows: &[bool]) -> Result<(), Self::Error>;
}

pub struct Painter<B: Paint> {
    terminal: Terminal<B>,
    /// The frame being drawn, over the one drawn before (see [`Damage`]).
    next: Buffer,
    /// What the frame being drawn reuses of the one before.
    damage: Damage,
}

impl<B: Paint> Painter<B> {
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
            next: Buffer::default(),
            damage: Damage::new(),
        };
        p.take_terminal_buffers();
        Ok(p)
    }

    /// The terminal's current buffer (blank, at its size) becomes `next`, and the terminal
    /// keeps two empty buffers.
    fn take_terminal_buffers(&mut self) {
        self.next = std::mem::take(self.terminal.current_buffer_mut());
        self.terminal.swap_buffers();
        drop(std::mem::take(self.terminal.current_buffer_mut()));
        self.terminal.swap_buffers();
    }

    pub fn backend(&self) -> &B {
        self.terminal.backend()
    }

    pub fn backend_mut(&mut self) -> &mut B {
        self.terminal.backend_mut()
    }

    /// The window changed size (the backend knows it already, and keeps a blank frame shown
    /// of that size): the backend is cleared and the next frame is drawn whole.
    pub fn resize(&mut self, area: Rect) -> Result<(), B::Error> {
        self.damage.forget();
        self.terminal.resize(area)?;
        self.take_terminal_buffers();
        Ok(())
    }

    /// Draws a whole frame with `render` and gives the backend the cells that changed, then
    /// hides the cursor and flushes the backend, as `Terminal::draw` does (no screen places
    /// the cursor).
    pub fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> Result<(), B::Error> {
        self.draw_damaged(|f, d| {
            d.whole(f.buffer_mut());
            render(f);
        })
    }

    /// [`Painter::draw`] over the frame drawn before: `render` draws what changed, as
    /// [`Damage`] says, and only the rows it drew are compared.
    pub fn draw_damaged(
        &mut self,
        render: impl FnOnce(&mut Frame, &mut Damage),
    ) -> Result<(), B::Error> {
        self.damage.begin(self.next.area.height);
        std::mem::swap(&mut self.next, self.terminal.current_buffer_mut());
        render(&mut self.terminal.get_frame(), &mut self.damage);
        std::mem::swap(&mut self.next, self.terminal.current_buffer_mut());
        let backend = self.terminal.backend_mut();
        let painted = backend.paint(&self.next, self.damage.rows());
        if painted.is_err() {
            // The frame shown is not known to be the frame kept.
            self.damage.forget();
        }
        painted?;
        backend.hide_cursor()?;
        backend.flush()?;
        Ok(())
    }

    /// The frame drawn last.
    pub fn drawn(&self) -> &Buffer {
        &self.next
    }
}

/// A frame as the diff needs it, compactly: what the screen shows after the frames sent.
#[derive(Default, Debug, PartialEq)]
pub struct Sent {
    area: Rect,
    cells: Vec<Packed>,
    /// The symbols of more than one character, by cell index.
    long: HashMap<usize, Box<str>>,
    /// The forced widths, by cell index.
    forced: HashMap<usize, NonZeroU16>,
    /// The underline colours other than the default, by cell index.
    underlines: HashMap<usize, Color>,
}

/// One cell of [`Sent`]: `sym` is its symbol's one character ([`EMPTY_SYMBOL`] for the empty
/// symbol, [`LONG_SYMBOL`] for one of more characters), `opt` its diff option ([`OPT_KIND`]
/// bits), deprecated skip flag ([`OPT_SKIP`]) and whether it has an underline colour
/// ([`OPT_UNDERLINE`]); `stale`: the terminal may not show it (see [`Sent::set_stale`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed {
    sym: u32,
    fg: Color,
    bg: Color,
    modifier: Modifier,
    opt: u8,
    stale: bool,
}

const EMPTY_SYMBOL: u32 = 0x11_0000;
const LONG_SYMBOL: u32 = 0x11_0001;
const OPT_KIND: u8 = 3;
const OPT_FORCED: u8 = 3;
const OPT_SKIP: u8 = 4;
const OPT_UNDERLINE: u8 = 8;
/// Set on a blank cell (a space, no colour, no modifier, no option), the most common: it is
/// compared with a blank of the next frame without its colours' payloads.
const OPT_BLANK: u8 = 16;

const BLANK: Packed = Packed {
    sym: b' ' as u32,
    fg: Color::Reset,
    bg: Color::Reset,
    modifier: Modifier::empty(),
    opt: OPT_BLANK,
    stale: false,
};

/// The code of a symbol in [`Packed::sym`].
fn symbol_code(s: &str) -> u32 {
    if let [b] = s.as_bytes() {
        return u32::from(*b);
    }
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (None, _) => EMPTY_SYMBOL,
        (Some(c), None) => u32::from(c),
        _ => LONG_SYMBOL,
    }
}

/// Whether the symbol of code `sym` is one character of at most one column: the cell after
/// it is compared on its own. Below U+1100 (where the first wide characters are), and the
/// dashes, arrows, box drawing, blocks and shapes the screens use (one column in the width
/// table ratatui lays frames out with; tested; not U+25FD and U+25FE, two).
fn narrow(sym: u32) -> bool {
    sym < 0x1100
        || (0x2010..0x2028).contains(&sym)
        || (0x2190..0x2200).contains(&sym)
        || (0x2500..0x25fd).contains(&sym)
}

/// Whether `c` is a blank: a space (or no symbol), in no colour, with no modifier and no
/// option ([`OPT_BLANK`]). Each colour's variant alone is looked at.
#[allow(deprecated)]
fn is_blank(c: &Cell) -> bool {
    matches!(c.fg, Color::Reset)
        && matches!(c.bg, Color::Reset)
        && matches!(c.underline_color, Color::Reset)
        && c.modifier.is_empty()
        && matches!(c.diff_option, CellDiffOption::None)
        && !c.skip
        && c.symbol().as_bytes() == b" "
}

#[allow(deprecated)]
fn option_code(c: &Cell) -> u8 {
    let kind = match c.diff_option {
        CellDiffOption::None => 0,
        CellDiffOption::Skip => 1,
        CellDiffOption::AlwaysUpdate => 2,
        CellDiffOption::ForcedWidth(_) => OPT_FORCED,
    };
    let skip = if c.skip { OPT_SKIP } else { 0 };
    let underline = if c.underline_color == Color::Reset {
        0
    } else {
        OPT_UNDERLINE
    };
    kind | skip | underline
}

impl Sent {
    /// A blank screen of `area`.
    pub fn blank(area: Rect) -> Self {
        Sent {
            area,
            cells: vec![BLANK; usize::from(area.width) * usize::from(area.height)],
            long: HashMap::new(),
            forced: HashMap::new(),
            underlines: HashMap::new(),
        }
    }

    pub fn area(&self) -> Rect {
        self.area
    }

    /// Every cell is a blank again (the screen was cleared), shown for sure.
    pub fn clear(&mut self) {
        self.cells.fill(BLANK);
        self.long.clear();
        self.forced.clear();
        self.underlines.clear();
    }

    /// Whether the terminal may show something else in cell `i` than this frame says: a
    /// cell not written since a partial clear or a resize, the cell after a wide symbol.
    /// Kept for the encoder (the diff reads the frame alone); a cell keeps its mark when it
    /// takes a new value ([`Sent::set`]).
    pub fn set_stale(&mut self, i: usize, stale: bool) {
        if let Some(c) = self.cells.get_mut(i) {
            c.stale = stale;
        }
    }

    /// [`Sent::set_stale`] for every cell.
    pub fn set_all_stale(&mut self, stale: bool) {
        for c in &mut self.cells {
            c.stale = stale;
        }
    }

    /// Cell `i` as a terminal shows it, if this frame knows: its one character, colours and
    /// modifiers. `None` for a symbol that is not one character, a cell skipped (never sent)
    /// or of a forced width, one marked stale, or one off the frame.
    pub fn plain(&self, i: usize) -> Option<(char, Color, Color, Modifier)> {
        let p = self.cells.get(i)?;
        // Skip and ForcedWidth are the option kinds with the low bit set.
        if p.stale || p.opt & (1 | OPT_SKIP) != 0 {
            return None;
        }
        Some((char::from_u32(p.sym)?, p.fg, p.bg, p.modifier))
    }

    /// `buf`, as a frame shown.
    #[cfg(test)]
    pub fn of(buf: &Buffer) -> Self {
        let mut s = Sent::blank(buf.area);
        s.cells.truncate(buf.content.len());
        for (i, c) in buf.content.iter().enumerate() {
            s.set(i, c);
        }
        s
    }

    /// Cell `i` becomes `c` (its [`Sent::set_stale`] mark kept).
    pub fn set(&mut self, i: usize, c: &Cell) {
        let symbol = c.symbol();
        let sym = symbol_code(symbol);
        let opt = option_code(c);
        let blank = opt == 0
            && sym == u32::from(b' ')
            && c.fg == Color::Reset
            && c.bg == Color::Reset
            && c.modifier.is_empty();
        let opt = if blank { OPT_BLANK } else { opt };
        let old = &mut self.cells[i];
        if old.sym == LONG_SYMBOL && sym != LONG_SYMBOL {
            self.long.remove(&i);
        }
        if old.opt & OPT_KIND == OPT_FORCED && opt & OPT_KIND != OPT_FORCED {
            self.forced.remove(&i);
        }
        if old.opt & OPT_UNDERLINE != 0 && opt & OPT_UNDERLINE == 0 {
            self.underlines.remove(&i);
        }
        *old = Packed {
            sym,
            fg: c.fg,
            bg: c.bg,
            modifier: c.modifier,
            opt,
            stale: old.stale,
        };
        if opt & OPT_UNDERLINE != 0 {
            self.underlines.insert(i, c.underline_color);
        }
        if sym == LONG_SYMBOL {
            self.long.insert(i, symbol.into());
        }
        if let CellDiffOption::ForcedWidth(w) = c.diff_option {
            self.forced.insert(i, w);
        }
    }

    /// Whether cell `i`'s symbol is `symbol` (whose code is `sym`).
    fn same_symbol(&self, i: usize, sym: u32, symbol: &str) -> bool {
        self.cells[i].sym == sym
            && (sym != LONG_SYMBOL || self.long.get(&i).is_some_and(|s| **s == *symbol))
    }

    /// Whether cell `i` is `c` (`Cell`'s equality).
    fn same(&self, i: usize, c: &Cell) -> bool {
        let p = &self.cells[i];
        if p.fg != c.fg
            || p.bg != c.bg
            || p.modifier != c.modifier
            || p.opt & !OPT_BLANK != option_code(c)
        {
            return false;
        }
        if p.opt & OPT_UNDERLINE != 0 && self.underlines.get(&i) != Some(&c.underline_color) {
            return false;
        }
        if let CellDiffOption::ForcedWidth(w) = c.diff_option
            && self.forced.get(&i) != Some(&w)
        {
            return false;
        }
        let symbol = c.symbol();
        self.same_symbol(i, symbol_code(symbol), symbol)
    }

    /// Cell `i`'s width, as `Cell::cell_width` gives it.
    fn width(&self, i: usize) -> usize {
        let p = &self.cells[i];
        if p.opt & OPT_KIND == OPT_FORCED
            && let Some(w) = self.forced.get(&i)
        {
            return usize::from(w.get());
        }
        usize::from(match p.sym {
            EMPTY_SYMBOL => "".cell_width(),
            LONG_SYMBOL => self.long.get(&i).map_or(0, |s| s.cell_width()),
            c => match char::from_u32(c) {
                Some(c) => c.encode_utf8(&mut [0; 4]).cell_width(),
                None => 1,
            },
        })
    }
}

/// The cells to send to turn the frame shown, `prev`, into `next`: the same, in the same
/// order, as ratatui's `Buffer::diff` between the two (tested against it). Once the iterator
/// has been run to its end, `prev` is `next`.
pub fn diff<'a>(prev: &'a mut Sent, next: &'a Buffer) -> Diff<'a> {
    diff_rows(prev, next, &[])
}

/// [`diff`] where only the rows marked in `rows` may differ (all of them if `rows` is empty):
/// the others are passed over whole.
pub fn diff_rows<'a>(prev: &'a mut Sent, next: &'a Buffer, rows: &'a [bool]) -> Diff<'a> {
    assert!(
        prev.area.x == next.area.x
            && prev.area.y == next.area.y
            && prev.area.width == next.area.width,
        "buffer areas must have the same x, y and width"
    );
    let mut area = prev.area;
    area.height = area.height.min(next.area.height);
    let len = next.content.len().min(prev.cells.len());
    Diff {
        next: &next.content,
        prev,
        area,
        len,
        pos: 0,
        done: 0,
        trailing: None,
        leave_sent: false,
        rows,
        row_end: 0,
    }
}

pub struct Diff<'a> {
    next: &'a [Cell],
    prev: &'a mut Sent,
    area: Rect,
    len: usize,
    pos: usize,
    /// The cells before this index are the same in `prev` as in `next`.
    done: usize,
    /// The cells after a wide one still to check: (next index, end, send even if unchanged).
    trailing: Option<(usize, usize, bool)>,
    /// The cells given out are left for the caller to set in `prev`.
    leave_sent: bool,
    /// The rows that may differ (empty: all).
    rows: &'a [bool],
    /// The end of the row `pos` was last seen in.
    row_end: usize,
}

const VISIBLE_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

impl Diff<'_> {
    /// This diff leaves each cell it gives out as it was in the frame shown, for the caller
    /// to read before it sets it ([`Sent::set`]); every other cell is brought up to date as
    /// before. Run to its end, with the caller setting every cell given out, `prev` is `next`.
    pub fn leaving_sent(mut self) -> Self {
        self.leave_sent = true;
        self
    }

    /// The frame shown, as far as the diff has brought it.
    pub fn shown(&mut self) -> &mut Sent {
        self.prev
    }

    fn pos_of(&self, index: usize) -> (u16, u16) {
        let w = usize::from(self.area.width);
        let x = index % w + usize::from(self.area.x);
        let y = index / w + usize::from(self.area.y);
        (x as u16, y as u16)
    }

    /// `prev` takes `next`'s cells up to `end`.
    fn sync_to(&mut self, end: usize) {
        let end = end.min(self.len);
        while self.done < end {
            self.prev.set(self.done, &self.next[self.done]);
            self.done += 1;
        }
    }

    /// Cell `i` is given out: `prev` takes `next`'s cells before it, and `i` unless the caller
    /// sets it ([`Diff::leaving_sent`]).
    fn sent(&mut self, i: usize) {
        self.sync_to(i);
        if self.done == i && i < self.len {
            if !self.leave_sent {
                self.prev.set(i, &self.next[i]);
            }
            self.done = i + 1;
        }
    }
}

#[allow(deprecated)]
fn is_skip(cell: &Cell) -> bool {
    matches!(cell.diff_option, CellDiffOption::Skip)
        || (cell.skip && matches!(cell.diff_option, CellDiffOption::None))
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
        let len = self.len;
        let next: &'a [Cell] = self.next;
        if let Some((next_index, end, force)) = self.trailing {
            let (mut next_index, mut end) = (next_index, end);
            while next_index < end {
                let j = next_index;
                let w = width(&next[j]).max(1);
                next_index += w;
                end = end.max(next_index).min(len);
                if !is_skip(&next[j]) {
                    let symbol = next[j].symbol();
                    if force || !self.prev.same_symbol(j, symbol_code(symbol), symbol) {
                        self.trailing = Some((next_index, end, force));
                        self.sent(j);
                        let (x, y) = self.pos_of(j);
                        return Some((x, y, &next[j]));
                    }
                }
            }
            self.pos = end;
            self.trailing = None;
            self.sync_to(end);
        }
        while self.pos < len {
            let i = self.pos;
            if i >= self.row_end {
                let w = usize::from(self.area.width).max(1);
                let y = i / w;
                self.row_end = (y + 1) * w;
                if i == y * w && self.done == i && self.rows.get(y) == Some(&false) {
                    // A row not drawn this frame: the same as the frame shown.
                    self.pos = self.row_end.min(len);
                    self.done = self.pos;
                    continue;
                }
            }
            let current = &next[i];
            // Most cells: ordinary (no diff option, not skipped, no underline colour) in both
            // frames, in the same
            // style, with the same one-character symbol of at most one column (every
            // character before U+1100 is; box drawing and `▶` too, as [`narrow`] says):
            // passed over at once.
            let p = self.prev.cells[i];
            if p.opt == OPT_BLANK {
                if is_blank(current) {
                    debug_assert_eq!(self.done, i);
                    self.pos = i + 1;
                    self.done = i + 1;
                    continue;
                }
            } else if p.opt == 0
                && option_code(current) == 0
                && p.fg == current.fg
                && p.bg == current.bg
                && p.modifier == current.modifier
                && narrow(p.sym)
                && p.sym == symbol_code(current.symbol())
            {
                debug_assert_eq!(self.done, i);
                self.pos = i + 1;
                self.done = i + 1;
                continue;
            }
            self.pos += 1;
            match current.diff_option {
                CellDiffOption::Skip => {}
                _ if is_skip(current) => {}
                CellDiffOption::ForcedWidth(w) => {
                    self.pos = self
                        .pos
                        .saturating_add(usize::from(w.get().saturating_sub(1)));
                    if !self.prev.same(i, current) {
                        self.sent(i);
                        self.sync_to(self.pos);
                        let (x, y) = self.pos_of(i);
                        return Some((x, y, current));
                    }
                }
                CellDiffOption::None | CellDiffOption::AlwaysUpdate => {
                    if matches!(current.diff_option, CellDiffOption::None)
                        && self.prev.same(i, current)
                    {
                        self.pos += width(current).saturating_sub(1);
                        self.sync_to(self.pos);
                        continue;
                    }
                    let cell_width = width(current);
                    let previous_width = self.prev.width(i);
                    let previous = self.prev.cells[i];
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
                    // The trailing cells are compared with the frame shown before they are
                    // brought up to date.
                    self.sent(i);
                    if self.trailing.is_none() {
                        self.sync_to(self.pos);
                    }
                    let (x, y) = self.pos_of(i);
                    return Some((x, y, current));
                }
            }
            self.sync_to(self.pos);
        }
        self.sync_to(len);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Style;

    /// The characters [`narrow`] passes over without their width are at most one column.
    #[test]
    fn narrow_characters_are_at_most_one_column() {
        for sym in 0..0x2600 {
            if let Some(c) = char::from_u32(sym)
                && !c.is_control()
                && narrow(sym)
            {
                assert!(c.encode_utf8(&mut [0; 4]).cell_width() <= 1, "{c:?}");
            }
        }
        assert!(narrow(u32::from('─')) && narrow(u32::from('▶')) && narrow(u32::from('–')));
        for wide in [
            EMPTY_SYMBOL,
            LONG_SYMBOL,
            0x1100,
            0x25fd,
            0x25fe,
            u32::from('あ'),
        ] {
            assert!(!narrow(wide));
        }
    }

    /// A frame shown takes 16 bytes a cell, where ratatui's buffer takes 48.
    #[test]
    fn a_cell_shown_is_small() {
        assert_eq!(std::mem::size_of::<Packed>(), 16);
    }

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
            Style::new().underline_color(Color::Green),
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
                let mut shown = Sent::of(a);
                let ours: Vec<_> = diff(&mut shown, b)
                    .map(|(x, y, c)| (x, y, c.clone()))
                    .collect();
                // What the screen shows is now `b`.
                assert_eq!(shown, Sent::of(b));
                assert_eq!(ours, ratatui_diff(a, b));
            }
        }
        // Leaving the cells given out to the caller (the encoder): each is still the frame
        // shown's when given out, and the caller's setting it ends in the same frame.
        for a in &frames {
            for b in &frames {
                let before = Sent::of(a);
                let mut shown = Sent::of(a);
                let mut d = diff(&mut shown, b).leaving_sent();
                let mut ours = Vec::new();
                while let Some((x, y, c)) = d.next() {
                    let i = usize::from(y) * usize::from(area.width) + usize::from(x);
                    assert_eq!(d.shown().cells[i], before.cells[i]);
                    d.shown().set(i, c);
                    ours.push((x, y, c.clone()));
                }
                assert_eq!(shown, Sent::of(b));
                assert_eq!(ours, ratatui_diff(a, b));
            }
        }
        // One screen through every frame in turn, as a painter's: the same cells each time.
        let mut shown = Sent::of(&frames[0]);
        for pair in frames.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let ours: Vec<_> = diff(&mut shown, b)
                .map(|(x, y, c)| (x, y, c.clone()))
                .collect();
            assert_eq!(ours, ratatui_diff(a, b));
        }
    }

    /// The cells ratatui's own diff sends from `a` to `b`, in its order.
    fn ratatui_diff(a: &Buffer, b: &Buffer) -> Vec<(u16, u16, Cell)> {
        a.diff(b)
            .into_iter()
            .map(|(x, y, c)| (x, y, c.clone()))
            .collect()
    }
}

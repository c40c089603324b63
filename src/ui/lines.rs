//! Lines of styled text drawn straight into a frame's buffer: the cells `Paragraph::new(lines)`
//! draws (no block, no wrapping, no style of its own, each line cut at the area's right edge),
//! for a fraction of the work. A paragraph styles every cell of its area first and splits all
//! its text into grapheme clusters; the launcher's few lines were most of a key's CPU. Here a
//! span of characters that are each a grapheme of one column (ASCII, `·`, `▶`, `─`...) is
//! written a character to a cell, and any other goes the paragraph's way.

use ratatui::buffer::{Buffer, Cell, CellWidth};
use ratatui::layout::{Alignment, Position, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Draws `lines` from the top of `area`, one a row, as `Paragraph::new(lines)` would.
pub fn render(lines: &[Line], area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    for (line, y) in lines.iter().zip(area.top()..area.bottom()) {
        match line.alignment {
            // A centred or right-aligned line needs its width first: the paragraph's way.
            Some(Alignment::Center | Alignment::Right) => Paragraph::new(line.clone()).render(
                Rect {
                    y,
                    height: 1,
                    ..area
                },
                buf,
            ),
            _ => render_line(line, area.x, area.width, y, buf),
        }
    }
}

/// One left-aligned line from column `x0`, at most `width` columns: the graphemes the
/// paragraph keeps (control characters left out, one wider than the area skipped, the line
/// ending at the first that does not fit), each in its span's style over the line's.
fn render_line(line: &Line, x0: u16, width: u16, y: u16, buf: &mut Buffer) {
    let base = Style::default().patch(line.style);
    let mut used: u16 = 0;
    for span in &line.spans {
        let text: &str = span.content.as_ref();
        if text.chars().all(standalone) {
            // Each character is a grapheme of one column (CR LF, the one cluster of two ASCII
            // characters, is left out as a control like any other).
            let style = base.patch(span.style);
            // The row's cells from the span's first column, found once (each character's
            // cell is then the next); off the buffer, none.
            let area = buf.area;
            let first = x0.saturating_add(used);
            let row: &mut [Cell] = if area.contains(Position::new(first, y)) {
                let start = buf.index_of(first, y);
                let end = start + usize::from(area.right() - first);
                &mut buf.content[start..end]
            } else if y < area.top() || y >= area.bottom() || first >= area.right() {
                &mut []
            } else {
                // Left of the buffer: cell by cell.
                for c in text.chars() {
                    if c.is_ascii_control() {
                        continue;
                    }
                    if used >= width {
                        return;
                    }
                    if let Some(cell) = buf.cell_mut((x0 + used, y)) {
                        cell.set_char(c).set_style(style);
                    }
                    used += 1;
                }
                continue;
            };
            let mut cells = row.iter_mut();
            for c in text.chars() {
                if c.is_ascii_control() {
                    continue;
                }
                if used >= width {
                    return;
                }
                if let Some(cell) = cells.next() {
                    match ASCII_CELLS.get((c as usize).wrapping_sub(0x20)) {
                        Some(a) => set_symbol_of(cell, a),
                        None => {
                            cell.set_char(c);
                        }
                    }
                    cell.set_style(style);
                }
                used += 1;
            }
        } else {
            for g in span.styled_graphemes(base) {
                let w = g.symbol.cell_width();
                if w > width {
                    continue;
                }
                if used + w > width {
                    return;
                }
                if w > 0
                    && let Some(cell) = buf.cell_mut((x0 + used, y))
                {
                    let symbol = if g.symbol.is_empty() { " " } else { g.symbol };
                    cell.set_symbol(symbol).set_style(g.style);
                }
                used += w;
            }
        }
    }
}

/// Draws a box around `area` with `title` at the top left, the cells a `Block` with all
/// borders, `set`, the border style `style` and the title `" {title} "` draws, and returns the
/// area inside it. A block first styles every cell of its area (with no style of its own, a
/// pass that changes nothing) and its title goes through grapheme splitting: on a screen
/// redrawn on every key, a tenth of the key's CPU. Here only the border's cells are written.
pub fn boxed(title: &str, set: &border::Set, style: Style, area: Rect, buf: &mut Buffer) -> Rect {
    let area = area.intersection(buf.area);
    if area.width < 2 || area.height < 2 || !title.chars().all(standalone) {
        // Too small for both sides (they overlap), or a title with a wide or combined
        // grapheme (a title clears the cells under a wide one's second column): the block's
        // own way.
        let block = ratatui::widgets::Block::bordered()
            .border_set(*set)
            .border_style(style);
        let block = if title.is_empty() {
            block
        } else {
            block.title(format!(" {title} "))
        };
        let inner = block.inner(area);
        block.render(area, buf);
        return inner;
    }
    let (left, top) = (area.left(), area.top());
    let (right, bottom) = (area.right() - 1, area.bottom() - 1);
    // The long sides' symbols made once and copied along.
    let (mut upper, mut lower) = (Cell::EMPTY, Cell::EMPTY);
    upper.set_symbol(set.horizontal_top);
    lower.set_symbol(set.horizontal_bottom);
    for (y, side) in [(top, &upper), (bottom, &lower)] {
        if let Some(start) = (left + 1 < right).then(|| buf.index_of(left + 1, y)) {
            for cell in &mut buf.content[start..start + usize::from(right - left - 1)] {
                set_symbol_of(cell, side);
                cell.set_style(style);
            }
        }
    }
    let mut put = |x: u16, y: u16, symbol: &str| {
        if let Some(cell) = buf.cell_mut((x, y)) {
            cell.set_symbol(symbol).set_style(style);
        }
    };
    for y in top + 1..bottom {
        put(left, y, set.vertical_left);
        put(right, y, set.vertical_right);
    }
    put(left, top, set.top_left);
    put(right, top, set.top_right);
    put(left, bottom, set.bottom_left);
    put(right, bottom, set.bottom_right);
    if !title.is_empty() && area.width > 2 {
        // The title over the top border, in its style (a title has none of its own), a
        // character to a cell.
        let line = Line::from(vec![
            ratatui::text::Span::raw(" "),
            ratatui::text::Span::raw(title),
            ratatui::text::Span::raw(" "),
        ]);
        render_line(&line, left + 1, area.width - 2, top, buf);
    }
    Rect::new(left + 1, top + 1, area.width - 2, area.height - 2)
}

/// `cell` takes `from`'s symbol and keeps the rest (what `set_symbol` does): a copy, where
/// `set_symbol` builds the symbol's string anew, most of the cost of a character written.
fn set_symbol_of(cell: &mut Cell, from: &Cell) {
    let old = std::mem::replace(cell, from.clone());
    cell.fg = old.fg;
    cell.bg = old.bg;
    cell.underline_color = old.underline_color;
    cell.modifier = old.modifier;
    cell.diff_option = old.diff_option;
    #[allow(deprecated)]
    {
        cell.skip = old.skip;
    }
}

/// The printable ASCII characters, each as a cell's symbol to copy ([`set_symbol_of`]).
static ASCII_CELLS: [Cell; 95] = ascii_cells();

const fn ascii_cells() -> [Cell; 95] {
    const PRINTABLE: &[u8; 95] =
        b" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    let mut cells = [Cell::EMPTY; 95];
    let mut i = 0;
    while i < PRINTABLE.len() {
        let (_, rest) = PRINTABLE.split_at(i);
        let (one, _) = rest.split_at(1);
        let Ok(symbol) = std::str::from_utf8(one) else {
            panic!("ASCII is UTF-8");
        };
        std::mem::forget(std::mem::replace(&mut cells[i], Cell::new(symbol)));
        i += 1;
    }
    cells
}

/// Whether `c` is surely a grapheme of its own, one column wide, whatever is next to it (or
/// an ASCII control, left out): ASCII, and the punctuation, arrows, box drawing and shapes
/// the screens use (`·`, `–`, `…`, `▶`, `─`), none of which joins a neighbour or is joined
/// to. Anything else (a combining mark, a variation selector, a wide character) is not, and
/// its span goes the paragraph's way.
/// Whether `c` is drawn as one cell of its own (a grapheme of one column that no neighbour
/// joins): what [`put_char`] takes.
pub fn one_column(c: char) -> bool {
    !c.is_ascii_control() && standalone(c)
}

/// Writes the one-column character `c` (see [`one_column`]) at `(x, y)` in `style`, as
/// [`render`] writes each character of a line; nothing off the buffer.
pub fn put_char(buf: &mut Buffer, x: u16, y: u16, c: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        put_char_in(cell, c, style);
    }
}

/// [`put_char`] into a cell already found.
pub fn put_char_in(cell: &mut Cell, c: char, style: Style) {
    match ASCII_CELLS.get((c as usize).wrapping_sub(0x20)) {
        Some(a) => set_symbol_of(cell, a),
        None => {
            cell.set_char(c);
        }
    }
    cell.set_style(style);
}

fn standalone(c: char) -> bool {
    use unicode_width::UnicodeWidthChar;
    match c {
        '\0'..='\x7f' => true,
        // Not the soft hyphen, a control to grapheme splitting.
        '\u{a1}'..='\u{ff}'
        | '\u{2010}'..='\u{2027}'
        | '\u{2190}'..='\u{21ff}'
        | '\u{2500}'..='\u{25ff}' => c != '\u{ad}' && c.width() == Some(1),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Modifier, Stylize};
    use ratatui::text::Span;

    use super::*;

    /// The buffer `lines` leave in `area` of a `w`×`h` buffer, by the paragraph and by
    /// [`render`], both on the same starting cells.
    fn both(lines: &[Line<'static>], w: u16, h: u16, area: Rect) -> (Buffer, Buffer) {
        let mut start = Buffer::empty(Rect::new(0, 0, w, h));
        // Something under the text, as a block's border or an earlier widget leaves.
        for y in 0..h {
            for x in 0..w {
                start[(x, y)].set_char('#').set_fg(Color::Red);
            }
        }
        let mut by_paragraph = start.clone();
        Paragraph::new(lines.to_vec()).render(area, &mut by_paragraph);
        let mut by_lines = start;
        render(lines, area, &mut by_lines);
        (by_paragraph, by_lines)
    }

    fn sample() -> Vec<Line<'static>> {
        vec![
            Line::from(""),
            Line::from(vec![
                Span::styled("  hotseat", Style::new().cyan().bold()),
                Span::styled(" · tabletop games", Style::new().dim()),
            ]),
            Line::styled(
                "▶ Pocket & Biscuit      2–5 players  ",
                Style::new().black().on_cyan(),
            )
            .add_modifier(Modifier::BOLD),
            Line::from(vec![
                Span::raw("tab\there\r\nCR LF "),
                Span::styled("漢字と絵🎲 e\u{301}", Style::new().yellow()),
                Span::raw("x"),
                Span::raw(" ·\u{301} ▶\u{fe0f} soft\u{ad}hyphen …–"),
            ]),
            Line::from("a line much longer than the narrowest of the areas it is drawn in here"),
            Line::from("centred").centered(),
            Line::from(vec![Span::raw("right "), Span::raw("漢")]).right_aligned(),
            Line::from("one line more than the area holds"),
        ]
    }

    /// Every case the paragraph handles the same: plain and styled spans, a line's style under
    /// its spans', controls, wide and combined graphemes, a wide one cut at the edge, aligned
    /// lines, more lines than rows, an area off the buffer's origin and one past its edge.
    #[test]
    fn lines_are_drawn_as_a_paragraph_draws_them() {
        let lines = sample();
        for (w, h, area) in [
            (80, 24, Rect::new(0, 0, 80, 24)),
            (80, 24, Rect::new(1, 3, 78, 7)),
            (40, 10, Rect::new(2, 1, 25, 5)),
            (40, 10, Rect::new(5, 2, 1, 8)),
            (40, 10, Rect::new(30, 8, 20, 5)),
            (20, 6, Rect::new(0, 0, 21, 6)),
        ] {
            for cut in [3, 13, 14, 15, 16, 22, 23, 24] {
                // Each width cuts the wide characters of line 3 at a different place.
                let area = Rect {
                    width: area.width.min(cut.max(1)),
                    ..area
                };
                let (paragraph, ours) = both(&lines, w, h, area);
                assert_eq!(paragraph, ours, "{w}x{h}, area {area:?}");
            }
        }
    }

    /// The box and its title draw the cells a titled block with all borders draws, over
    /// whatever was there, in both border sets, with titles that fit, are cut or are wide,
    /// in areas of every small size, off the origin and past the buffer's edge; the area
    /// inside is the block's.
    #[test]
    fn a_box_is_drawn_as_a_block_draws_it() {
        let style = Style::new().fg(Color::DarkGray);
        for set in [border::ROUNDED, crate::ui::theme::ASCII_BORDER] {
            for title in ["Games", "", "漢字の題", "a title longer than the box"] {
                for (w, h, area) in [
                    (80, 24, Rect::new(0, 2, 80, 22)),
                    (120, 40, Rect::new(0, 2, 120, 38)),
                    (40, 10, Rect::new(3, 1, 12, 4)),
                    (40, 10, Rect::new(30, 8, 20, 5)),
                    (40, 10, Rect::new(1, 1, 0, 3)),
                ]
                .into_iter()
                .chain((1..=9).flat_map(|w| (1..=3).map(move |h| (10, 5, Rect::new(1, 1, w, h)))))
                {
                    let mut start = Buffer::empty(Rect::new(0, 0, w, h));
                    for y in 0..h {
                        for x in 0..w {
                            start[(x, y)].set_char('#').set_fg(Color::Red);
                        }
                    }
                    let block = ratatui::widgets::Block::bordered()
                        .border_set(set)
                        .border_style(style);
                    let block = if title.is_empty() {
                        block
                    } else {
                        block.title(format!(" {title} "))
                    };
                    let mut by_block = start.clone();
                    let inner = block.inner(area.intersection(by_block.area));
                    block.render(area, &mut by_block);
                    let mut ours = start;
                    let our_inner = boxed(title, &set, style, area, &mut ours);
                    assert_eq!(by_block, ours, "{title:?} {w}x{h}, area {area:?}");
                    assert_eq!(inner, our_inner, "{title:?} {area:?}");
                }
            }
        }
    }

    /// The table of characters copied holds each printable ASCII character at its place.
    #[test]
    fn the_ascii_cells_are_the_characters() {
        for (i, cell) in ASCII_CELLS.iter().enumerate() {
            let c = char::from(0x20 + i as u8);
            let mut expected = Cell::EMPTY;
            expected.set_char(c);
            assert_eq!((cell, cell.symbol()), (&expected, expected.symbol()));
        }
    }

    #[test]
    fn nothing_is_drawn_in_an_empty_area() {
        let (paragraph, ours) = both(&sample(), 10, 4, Rect::new(3, 1, 0, 3));
        assert_eq!(paragraph, ours);
        let (paragraph, ours) = both(&sample(), 10, 4, Rect::new(20, 1, 5, 3));
        assert_eq!(paragraph, ours);
    }
}

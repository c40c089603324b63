//! The one terminal encoder: a ratatui backend that turns each frame's changed cells into short
//! escape sequences, for the local terminal and for every remote connection alike.
//!
//! It never asks the terminal anything: the size comes from the caller (the local window's
//! size at start and its resize events, a client's pty and window-change requests), and the
//! cursor is wherever this backend last put it. So the first frame goes out without waiting for
//! a reply, and a terminal that never answers (a serial console, a slow link) works the same.
//! Its escape sequences are written to a buffer that the caller sends as one frame, and are
//! kept short: one SGR sequence per change of style (a reset when that is shorter), the 16
//! named colours as their short codes, a column move (`CSI n C`) or a line feed when shorter
//! than a full move, a run of blanks erased (`CSI n X`, `CSI K`) rather than written. Colour is the caller's choice (`NO_COLOR`, a connection's TERM).

use std::cell::RefCell;
use std::io;
use std::rc::Rc;

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthChar;

/// Start and end of a synchronized update: the terminal shows the frame whole.
pub const BEGIN_FRAME: &[u8] = b"\x1b[?2026h";
pub const END_FRAME: &[u8] = b"\x1b[?2026l";

/// Alternate screen, cursor hidden, clicks reported (SGR encoding; no motion reports, which
/// would send a packet for every mouse move), screen cleared.
pub const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h\x1b[H\x1b[2J";
/// [`ENTER`] without the mouse: text selection stays with the terminal.
pub const ENTER_NO_MOUSE: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
/// Everything [`ENTER`] changed, put back: the terminal as it was.
pub const LEAVE: &[u8] = b"\x1b[?2026l\x1b[0m\x1b[?1006l\x1b[?1000l\x1b[?25h\x1b[?1049l";

/// The bytes of the frame being drawn, shared with whoever sends them.
pub type FrameBuf = Rc<RefCell<Vec<u8>>>;

/// `drawn` as one frame for the terminal: in a synchronized update.
pub fn framed(drawn: &[u8]) -> Vec<u8> {
    let mut frame = Vec::with_capacity(drawn.len() + BEGIN_FRAME.len() + END_FRAME.len());
    frame.extend_from_slice(BEGIN_FRAME);
    frame.extend_from_slice(drawn);
    frame.extend_from_slice(END_FRAME);
    frame
}

pub struct CompactBackend {
    out: FrameBuf,
    size: Size,
    cursor: Position,
    cursor_hidden: bool,
    color: bool,
}

impl CompactBackend {
    pub fn new(out: FrameBuf, width: u16, height: u16, color: bool) -> Self {
        CompactBackend {
            out,
            size: Size { width, height },
            cursor: Position::ORIGIN,
            // ENTER hides it.
            cursor_hidden: true,
            color,
        }
    }

    pub fn set_size(&mut self, width: u16, height: u16) {
        self.size = Size { width, height };
    }

    fn put(&self, bytes: &[u8]) {
        self.out.borrow_mut().extend_from_slice(bytes);
    }
}

/// The style the terminal draws with now, as far as this frame knows.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

const PLAIN: Pen = Pen {
    fg: Color::Reset,
    bg: Color::Reset,
    modifier: Modifier::empty(),
};

const MODIFIER_CODES: [(Modifier, u8); 9] = [
    (Modifier::BOLD, b'1'),
    (Modifier::DIM, b'2'),
    (Modifier::ITALIC, b'3'),
    (Modifier::UNDERLINED, b'4'),
    (Modifier::SLOW_BLINK, b'5'),
    (Modifier::RAPID_BLINK, b'6'),
    (Modifier::REVERSED, b'7'),
    (Modifier::HIDDEN, b'8'),
    (Modifier::CROSSED_OUT, b'9'),
];

/// `n` in decimal, without the formatting machinery (this runs for every move and colour).
fn push_num(out: &mut Vec<u8>, n: u16) {
    let mut digits = [0u8; 5];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// SGR parameters for `c`, each followed by `;`: a foreground colour, or a background one.
fn color_params(out: &mut Vec<u8>, c: Color, background: bool) {
    let base: u16 = if background { 10 } else { 0 };
    let code: u16 = match c {
        Color::Reset => 39,
        Color::Black => 30,
        Color::Red => 31,
        Color::Green => 32,
        Color::Yellow => 33,
        Color::Blue => 34,
        Color::Magenta => 35,
        Color::Cyan => 36,
        Color::Gray => 37,
        Color::DarkGray => 90,
        Color::LightRed => 91,
        Color::LightGreen => 92,
        Color::LightYellow => 93,
        Color::LightBlue => 94,
        Color::LightMagenta => 95,
        Color::LightCyan => 96,
        Color::White => 97,
        Color::Indexed(i) => {
            push_num(out, 38 + base);
            out.extend_from_slice(b";5;");
            push_num(out, u16::from(i));
            out.push(b';');
            return;
        }
        Color::Rgb(r, g, b) => {
            push_num(out, 38 + base);
            out.extend_from_slice(b";2;");
            for v in [r, g, b] {
                push_num(out, u16::from(v));
                out.push(b';');
            }
            return;
        }
    };
    push_num(out, code + base);
    out.push(b';');
}

/// The parameters that take the terminal from `from` to `to`, when no modifier goes off.
fn params(out: &mut Vec<u8>, from: Pen, to: Pen) {
    for (m, code) in MODIFIER_CODES {
        if to.modifier.contains(m) && !from.modifier.contains(m) {
            out.extend_from_slice(&[code, b';']);
        }
    }
    if to.fg != from.fg {
        color_params(out, to.fg, false);
    }
    if to.bg != from.bg {
        color_params(out, to.bg, true);
    }
}

/// One SGR sequence taking the terminal from `from` to `to`; nothing when they are the same.
/// A modifier going off has its own code for most, but a reset is shorter and sure; a reset is
/// also used when it is shorter than naming the default colours (`CSI m` for plain).
fn sgr(out: &mut Vec<u8>, from: Pen, to: Pen) {
    if from == to {
        return;
    }
    out.extend_from_slice(b"\x1b[");
    let start = out.len();
    let lost = !(from.modifier - to.modifier).is_empty();
    let drops_colour = (to.fg == Color::Reset && from.fg != Color::Reset)
        || (to.bg == Color::Reset && from.bg != Color::Reset);
    if !lost {
        params(out, from, to);
    }
    if lost || drops_colour {
        let mid = out.len();
        if to != PLAIN {
            out.extend_from_slice(b"0;");
            params(out, PLAIN, to);
        }
        let reset_len = out.len() - mid;
        if lost || reset_len < mid - start {
            out.copy_within(mid.., start);
            out.truncate(start + reset_len);
        } else {
            out.truncate(mid);
        }
    }
    if out.last() == Some(&b';') {
        out.pop();
    }
    out.push(b'm');
}

/// Whether the terminal's cursor surely ends one column further after `symbol`: one printable
/// character that the width table ratatui lays the frame out with counts as one column (box
/// drawing and `·` included). After anything else (a wide character, a combining sequence, an
/// emoji) the next cell is reached by an absolute move, so a terminal that counts it
/// differently misplaces nothing after it.
fn one_column(symbol: &str) -> bool {
    let bytes = symbol.as_bytes();
    // Printable ASCII, the common case, without decoding.
    if let [b] = bytes {
        return (0x20..0x7f).contains(b);
    }
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => !c.is_control() && c.width() == Some(1),
        _ => false,
    }
}

/// `CSI row ; col H`, the column left out when it is the first.
fn move_to(out: &mut Vec<u8>, x: u16, y: u16) {
    out.extend_from_slice(b"\x1b[");
    push_num(out, y + 1);
    if x != 0 {
        out.push(b';');
        push_num(out, x + 1);
    }
    out.push(b'H');
}

/// The shortest way from `at` (where the cursor surely is, if known) to (`x`, `y`): nothing,
/// a column move right, a carriage return and line feed to the next row's start (from a row
/// above the last, so it never scrolls), or an absolute move.
fn move_from(out: &mut Vec<u8>, at: Option<Position>, x: u16, y: u16) {
    match at {
        Some(p) if p.x == x && p.y == y => {}
        Some(p) if p.y == y && x > p.x && x - p.x < 100 => {
            out.extend_from_slice(b"\x1b[");
            let n = x - p.x;
            if n > 1 {
                push_num(out, n);
            }
            out.push(b'C');
        }
        Some(p) if x == 0 && y == p.y + 1 => out.extend_from_slice(b"\r\n"),
        _ => move_to(out, x, y),
    }
}

/// The shortest run of blanks erased (`CSI n X`, and a column move after it) rather than
/// written: below it, the spaces themselves are as short.
const ERASE_AT_LEAST: u16 = 12;

/// Modifiers that show on a blank cell: a run of blanks drawn with one of them is written out.
const SHOWN_ON_BLANKS: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

/// How many cells from the start of `cells` are blanks in `pen`, side by side on one row.
fn blank_run(cells: &[(u16, u16, &Cell)], pen: Pen, pen_of: &impl Fn(&Cell) -> Pen) -> u16 {
    if pen.modifier.intersects(SHOWN_ON_BLANKS) {
        return 0;
    }
    let Some(&(x0, y0, _)) = cells.first() else {
        return 0;
    };
    let mut n: u16 = 0;
    for &(x, y, cell) in cells {
        if y != y0 || x != x0 + n || cell.symbol() != " " || pen_of(cell) != pen {
            break;
        }
        n += 1;
    }
    n
}

impl Backend for CompactBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut out = self.out.borrow_mut();
        let cells: Vec<(u16, u16, &Cell)> = content.collect();
        let pen_of = |cell: &Cell| {
            if self.color {
                Pen {
                    fg: cell.fg,
                    bg: cell.bg,
                    modifier: cell.modifier,
                }
            } else {
                Pen {
                    modifier: cell.modifier,
                    ..PLAIN
                }
            }
        };
        let mut pen = PLAIN;
        // Where the terminal's cursor is after the last cell written, when known for sure: a
        // wide or unusual symbol may take a width the terminal counts differently.
        let mut at: Option<Position> = None;
        let mut i = 0;
        while i < cells.len() {
            let (x, y, cell) = cells[i];
            move_from(&mut out, at, x, y);
            let want = pen_of(cell);
            sgr(&mut out, pen, want);
            pen = want;
            let blanks = blank_run(&cells[i..], want, &pen_of);
            if blanks >= ERASE_AT_LEAST {
                // A run of blanks is erased rather than written: the erased cells take the
                // background, and nothing else of the pen shows on a blank.
                if x + blanks == self.size.width {
                    out.extend_from_slice(b"\x1b[K");
                } else {
                    out.extend_from_slice(b"\x1b[");
                    push_num(&mut out, blanks);
                    out.push(b'X');
                }
                // Erasing does not move the cursor.
                at = Some(Position { x, y });
                self.cursor = Position { x, y };
                i += usize::from(blanks);
                continue;
            }
            let symbol = cell.symbol();
            out.extend_from_slice(symbol.as_bytes());
            at = one_column(symbol).then_some(Position { x: x + 1, y });
            self.cursor = Position { x: x + 1, y };
            i += 1;
        }
        sgr(&mut out, pen, PLAIN);
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        if !self.cursor_hidden {
            self.put(b"\x1b[?25l");
            self.cursor_hidden = true;
        }
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        if self.cursor_hidden {
            self.put(b"\x1b[?25h");
            self.cursor_hidden = false;
        }
        Ok(())
    }

    /// Where this backend last put the cursor: the terminal is never asked.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let p = position.into();
        move_to(&mut self.out.borrow_mut(), p.x, p.y);
        self.cursor = p;
        Ok(())
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.put(match clear_type {
            ClearType::All => b"\x1b[2J",
            ClearType::AfterCursor => b"\x1b[J",
            ClearType::BeforeCursor => b"\x1b[1J",
            ClearType::CurrentLine => b"\x1b[2K",
            ClearType::UntilNewLine => b"\x1b[K",
        });
        Ok(())
    }

    /// The size the caller last gave: no system call, no query.
    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::default(),
        })
    }

    /// The caller sends the frame as a whole once drawn.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
#[path = "encoder_tests.rs"]
mod tests;

//! The one terminal encoder: a ratatui backend that turns each frame's changed cells into short
//! escape sequences, for the local terminal and for every remote connection alike.
//!
//! It never asks the terminal anything: the size comes from the caller (the local window's
//! size at start and its resize events, a client's pty and window-change requests), and the
//! cursor is wherever this backend last put it. So the first frame goes out without waiting for
//! a reply, and a terminal that never answers (a serial console, a slow link) works the same.
//! Its escape sequences are written to a buffer that the caller sends as one frame, and are
//! kept short: one SGR sequence per change of style (a reset when that is shorter), the 16
//! named colours as their short codes, relative moves (a line feed, `CSI n A/B/C/D/G`) when
//! shorter than a full move, a run of blanks erased (`CSI n X`, `CSI K`) rather than written,
//! a row whose text moved sideways shifted by the terminal (`CSI n @`, `CSI n P`), a gap of up
//! to three unchanged cells written over rather than moved across (for those two it keeps the
//! frame shown, [`Sent`], which the painter's diff reads too: one copy of the screen). Colour
//! is the caller's choice (`NO_COLOR`, a connection's TERM).

use std::cell::RefCell;
use std::io;
use std::rc::Rc;

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthChar;

use super::painter::{self, Paint, Sent};

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
    frame_into(&mut frame, drawn);
    frame
}

/// [`framed`], appended to `frame`.
pub fn frame_into(frame: &mut Vec<u8>, drawn: &[u8]) {
    frame.reserve(drawn.len() + BEGIN_FRAME.len() + END_FRAME.len());
    frame.extend_from_slice(BEGIN_FRAME);
    frame.extend_from_slice(drawn);
    frame.extend_from_slice(END_FRAME);
}

pub struct CompactBackend {
    out: FrameBuf,
    size: Size,
    /// What the terminal shows: the unchanged cells a shift or a rewrite uses, and the frame
    /// the painter's diff compares the next with ([`Paint`]).
    shown: Sent,
    cursor: Position,
    cursor_hidden: bool,
    color: bool,
    /// `shown` changed since the last frame painted (a clear, a resize, cells drawn through
    /// [`Backend::draw`]): the next [`Paint::paint`] compares every row.
    unpainted: bool,
}

impl CompactBackend {
    pub fn new(out: FrameBuf, width: u16, height: u16, color: bool) -> Self {
        CompactBackend {
            out,
            size: Size { width, height },
            // The caller starts on a cleared screen (`ENTER`), as ratatui's first frame does.
            shown: Sent::blank(Rect::new(0, 0, width, height)),
            cursor: Position::ORIGIN,
            // ENTER hides it.
            cursor_hidden: true,
            color,
            unpainted: true,
        }
    }

    pub fn set_size(&mut self, width: u16, height: u16) {
        self.size = Size { width, height };
        // Blank to the diff, as ratatui's own buffers are after a resize; not known to be on
        // the terminal until cleared (ratatui clears on a resize) or written.
        self.shown = Sent::blank(Rect::new(0, 0, width, height));
        self.shown.set_all_stale(true);
        self.unpainted = true;
    }

    fn put(&self, bytes: &[u8]) {
        self.out.borrow_mut().extend_from_slice(bytes);
    }
}

/// The style the terminal draws with now, as far as this frame knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
        (Some(c), None) => one_column_char(c),
        _ => false,
    }
}

/// [`one_column`] for a symbol of one character.
fn one_column_char(c: char) -> bool {
    (' '..='~').contains(&c) || (!c.is_control() && c.width() == Some(1))
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

/// `CSI n <op>` for a relative move by `n` (the `n` left out when it is 1).
fn step(out: &mut Vec<u8>, n: u16, op: u8) {
    out.extend_from_slice(b"\x1b[");
    if n > 1 {
        push_num(out, n);
    }
    out.push(op);
}

/// The shortest way from `at` (where the cursor surely is, if known) to (`x`, `y`) on a screen
/// `width` columns wide: nothing, an absolute move, or a relative one: a row down by a line
/// feed (only ever to a row below, so it never scrolls; the terminal is in raw mode, where a
/// line feed keeps the column, as ncurses has it), more rows by `CSI n B` or `CSI n A`, then
/// the column by a carriage return, `CSI n C`, `CSI n D` or `CSI n G`. A highlight a few rows
/// tall away from the left edge goes down its column rather than by absolute moves. From past
/// the last column (the terminal holds its cursor on that column until the next character
/// wraps) only a carriage return comes first.
fn move_from(out: &mut Vec<u8>, at: Option<Position>, x: u16, y: u16, width: u16) {
    let Some(p) = at else {
        move_to(out, x, y);
        return;
    };
    if p.x == x && p.y == y {
        return;
    }
    let absolute = 3 + digits(y + 1) + if x == 0 { 0 } else { 1 + digits(x + 1) };
    let vertical = if y == p.y {
        0
    } else if y == p.y + 1 {
        1
    } else {
        step_len(y.abs_diff(p.y))
    };
    // The column: by a carriage return, a step or an absolute column, whichever is shortest.
    let (horizontal, by_column) = if x == p.x {
        (0, false)
    } else if x == 0 {
        (1, false)
    } else {
        let column = 3 + digits(x + 1);
        let steps = step_len(x.abs_diff(p.x));
        (steps.min(column), column < steps)
    };
    if (p.x >= width && x != 0) || absolute <= vertical + horizontal {
        move_to(out, x, y);
        return;
    }
    if x == 0 && p.x != 0 {
        out.push(b'\r');
    }
    if y == p.y + 1 {
        out.push(b'\n');
    } else if y > p.y {
        step(out, y - p.y, b'B');
    } else if y < p.y {
        step(out, p.y - y, b'A');
    }
    if x == p.x || x == 0 {
    } else if by_column {
        out.extend_from_slice(b"\x1b[");
        push_num(out, x + 1);
        out.push(b'G');
    } else if x > p.x {
        step(out, x - p.x, b'C');
    } else {
        step(out, p.x - x, b'D');
    }
}

/// How many digits `n` has in decimal.
fn digits(n: u16) -> usize {
    match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        _ => 5,
    }
}

/// The length of [`step`]'s sequence for `n`.
fn step_len(n: u16) -> usize {
    if n > 1 { 3 + digits(n) } else { 3 }
}

/// The shortest run of blanks erased (`CSI n X`, and a column move after it) rather than
/// written, when more of the row's changes follow it: below it, the spaces themselves are as
/// short.
const ERASE_AT_LEAST: u16 = 12;

/// Modifiers that show on a blank cell: a run of blanks drawn with one of them is written out.
const SHOWN_ON_BLANKS: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

/// A colour as a number, one for each colour (for [`Shown::look`]).
fn color_code(c: Color) -> u32 {
    match c {
        Color::Reset => 0,
        Color::Black => 1,
        Color::Red => 2,
        Color::Green => 3,
        Color::Yellow => 4,
        Color::Blue => 5,
        Color::Magenta => 6,
        Color::Cyan => 7,
        Color::Gray => 8,
        Color::DarkGray => 9,
        Color::LightRed => 10,
        Color::LightGreen => 11,
        Color::LightYellow => 12,
        Color::LightBlue => 13,
        Color::LightMagenta => 14,
        Color::LightCyan => 15,
        Color::White => 16,
        Color::Indexed(i) => 0x100 | u32::from(i),
        Color::Rgb(r, g, b) => 0x0100_0000 | u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b),
    }
}

/// What the terminal shows in one cell, as far as this backend wrote it: a one-column
/// character in its pen, or `ch: None` for anything else (a wide or combined symbol, the cell
/// after a wide one, a cell not known since a partial clear).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shown {
    ch: Option<char>,
    pen: Pen,
}

const BLANK: Shown = Shown {
    ch: Some(' '),
    pen: PLAIN,
};
const UNKNOWN: Shown = Shown {
    ch: None,
    pen: PLAIN,
};

impl Shown {
    /// Whether a terminal shows the two alike: the same character in the same pen; two blanks
    /// on the same background (a foreground colour, bold or italic do not show on a blank),
    /// unless one of them has a modifier that does show there. Nothing unknown is alike.
    /// The cell's look as one number: two known cells look alike exactly when their looks
    /// are equal (a blank that shows nothing on it by its background alone).
    fn look(self) -> u128 {
        let Some(ch) = self.ch else {
            return u128::MAX;
        };
        let pen = self.pen;
        if ch == ' ' && !pen.modifier.intersects(SHOWN_ON_BLANKS) {
            return 1 << 127 | u128::from(color_code(pen.bg));
        }
        u128::from(u32::from(ch)) << 96
            | u128::from(color_code(pen.fg)) << 64
            | u128::from(color_code(pen.bg)) << 32
            | u128::from(pen.modifier.bits())
    }

    fn looks_like(self, other: Shown) -> bool {
        match (self.ch, other.ch) {
            (Some(' '), Some(' ')) => {
                if (self.pen.modifier | other.pen.modifier).intersects(SHOWN_ON_BLANKS) {
                    self.pen == other.pen
                } else {
                    self.pen.bg == other.pen.bg
                }
            }
            (Some(a), Some(b)) => a == b && self.pen == other.pen,
            _ => false,
        }
    }
}

/// A cell's symbol to write: a ratatui cell's, or a character the terminal showed before.
#[derive(Clone, Copy)]
enum Sym<'a> {
    Str(&'a str),
    Char(char),
}

impl Sym<'_> {
    fn is_blank(self) -> bool {
        matches!(self, Sym::Str(" ") | Sym::Char(' '))
    }

    fn push(self, out: &mut Vec<u8>) {
        match self {
            Sym::Str(s) => out.extend_from_slice(s.as_bytes()),
            Sym::Char(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }

    /// The symbol as one character, when it is one that surely takes one column.
    fn one_char(self) -> Option<char> {
        match self {
            Sym::Char(c) => Some(c),
            Sym::Str(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if one_column(s) => Some(c),
                    _ => None,
                }
            }
        }
    }
}

/// One cell to write: where, what and in which pen; the frame's cell, if it is one.
#[derive(Clone, Copy)]
struct Item<'a> {
    x: u16,
    y: u16,
    sym: Sym<'a>,
    pen: Pen,
    cell: Option<&'a Cell>,
}

impl Item<'_> {
    fn shown(&self) -> Shown {
        Shown {
            ch: self.sym.one_char(),
            pen: self.pen,
        }
    }
}

/// The terminal's state while a frame is written: its pen, where its cursor surely is (if
/// known: a wide or unusual symbol may take a width the terminal counts differently), and
/// where ratatui thinks the cursor is.
#[derive(Clone, Copy)]
struct Enc {
    pen: Pen,
    at: Option<Position>,
    cursor: Position,
}

/// How many cells from the start of `items` are blanks in `pen`, side by side on one row.
fn blank_run(items: &[Item], pen: Pen) -> u16 {
    if pen.modifier.intersects(SHOWN_ON_BLANKS) {
        return 0;
    }
    let Some(first) = items.first() else {
        return 0;
    };
    let mut n: u16 = 0;
    for it in items {
        if it.y != first.y || it.x != first.x + n || !it.sym.is_blank() || it.pen != pen {
            break;
        }
        n += 1;
    }
    n
}

/// The longest run of unchanged cells rewritten rather than moved over: a column move is 3 or
/// 4 bytes, each of these cells one.
const REWRITE_AT_MOST: u16 = 3;

/// Writes `items` (cells in order, left to right and top to bottom) from the state `st`.
/// `shown(x)` is what the terminal shows at column `x` of the row being written, where this
/// frame does not change it: a short gap of such cells that look the same in the current pen
/// is written over rather than moved across.
fn encode(
    out: &mut Vec<u8>,
    st: &mut Enc,
    items: &[Item],
    width: u16,
    shown: &dyn Fn(u16) -> Option<Shown>,
) {
    let mut i = 0;
    while i < items.len() {
        let it = items[i];
        if let Some(p) = st.at
            && p.y == it.y
            && it.x > p.x
            && it.x - p.x <= REWRITE_AT_MOST
        {
            let pen = st.pen;
            let same = |x: u16| {
                shown(x).is_some_and(|s| match s.ch {
                    Some(' ') => s.looks_like(Shown { ch: s.ch, pen }),
                    Some(c) => c.is_ascii_graphic() && s.pen == pen,
                    None => false,
                })
            };
            if (p.x..it.x).all(same) {
                for x in p.x..it.x {
                    if let Some(Shown { ch: Some(c), .. }) = shown(x) {
                        out.push(c as u8);
                    }
                }
                st.at = Some(Position { x: it.x, y: it.y });
            }
        }
        move_from(out, st.at, it.x, it.y, width);
        let blanks = blank_run(&items[i..], it.pen);
        // Blanks right before the row's next change are shorter written unless there are
        // many (erased, a move follows); blanks that end the row's changes, or before a gap
        // that needs a move anyway, cost the erase alone (`CSI K` to the row's end, `CSI n X`
        // otherwise; one byte spare for the longer move from the run's start).
        let erase_len = if it.x + blanks == width {
            3
        } else {
            step_len(blanks)
        };
        let erase = match items.get(i + usize::from(blanks)) {
            Some(next) if next.y == it.y && next.x == it.x + blanks => blanks >= ERASE_AT_LEAST,
            Some(next) if next.y == it.y => blanks > 1 && erase_len + 1 < usize::from(blanks),
            _ => blanks > 1 && erase_len < usize::from(blanks),
        };
        if erase {
            // A run of blanks is erased rather than written: the erased cells take the
            // background, and nothing else of the pen shows on a blank. So the pen needs only
            // the run's background, when it has nothing that shows on a blank and that is
            // shorter than the run's own pen.
            let keep = Pen {
                bg: it.pen.bg,
                ..st.pen
            };
            let mark = out.len();
            sgr(out, st.pen, it.pen);
            let own = out.len() - mark;
            out.truncate(mark);
            sgr(out, st.pen, keep);
            if st.pen.modifier.intersects(SHOWN_ON_BLANKS) || out.len() - mark > own {
                out.truncate(mark);
                sgr(out, st.pen, it.pen);
                st.pen = it.pen;
            } else {
                st.pen = keep;
            }
            if it.x + blanks == width {
                out.extend_from_slice(b"\x1b[K");
            } else {
                out.extend_from_slice(b"\x1b[");
                push_num(out, blanks);
                out.push(b'X');
            }
            // Erasing does not move the cursor.
            st.at = Some(Position { x: it.x, y: it.y });
            st.cursor = Position { x: it.x, y: it.y };
            i += usize::from(blanks);
            continue;
        }
        sgr(out, st.pen, it.pen);
        st.pen = it.pen;
        it.sym.push(out);
        st.at = it.sym.one_char().map(|_| Position {
            x: it.x + 1,
            y: it.y,
        });
        st.cursor = Position {
            x: it.x + 1,
            y: it.y,
        };
        i += 1;
    }
}

/// A row's cells moved sideways by the terminal: `CSI n @` inserts `n` blanks at the cursor
/// (the rest of the row moves right, its last cells drop off), `CSI n P` deletes `n` cells
/// (the rest moves left, blanks come in at the end). A hint line that gains or loses a key, a
/// status line whose first word changes length: the cells after the change are not resent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shift {
    Insert(u16),
    Delete(u16),
}

impl Shift {
    /// What the terminal shows at offset `x` of the row from the shift's column, after it.
    fn after(self, old: &[Shown], x: usize) -> Shown {
        match self {
            Shift::Insert(k) => {
                let k = usize::from(k);
                if x < k { BLANK } else { old[x - k] }
            }
            Shift::Delete(k) => old.get(x + usize::from(k)).copied().unwrap_or(BLANK),
        }
    }
}

/// The fewest cells a row must change for a shift to be looked for. A shift pays when text
/// moved sideways (a hint line gaining a key changes most of the row); a row with fewer changes
/// is short to write anyway, and the search over up to 48 shifts was most of the encoder's
/// work on a board's cursor move (6 before: the same bytes for a Kokoro cursor move and a
/// launcher move, 20% fewer instructions a move over SSH).
const SHIFT_MIN_CELLS: usize = 12;
/// The longest shift looked for.
const SHIFT_MAX: u16 = 24;

/// The shift that leaves the fewest cells of a row to write, when it saves enough to be worth
/// trying: the row's cells from `a` as they are (`old`) and as the frame wants them (`new`).
fn best_shift(old: &[Shown], new: &[Shown]) -> Option<Shift> {
    let len = old.len();
    // Each cell's look as one number, equal exactly when [`Shown::looks_like`] says so (every
    // cell here is known): the search compares up to 48 shifts of a row, a cell at a time.
    let o: Vec<u128> = old.iter().map(|s| s.look()).collect();
    let n: Vec<u128> = new.iter().map(|s| s.look()).collect();
    let blank = BLANK.look();
    // The cells of `want` unlike those of `got`, counted up to `limit`.
    let unlike = |want: &[u128], got: &[u128], limit: usize, mut count: usize| {
        for (w, g) in want.iter().zip(got) {
            if w != g {
                count += 1;
                if count >= limit {
                    break;
                }
            }
        }
        count
    };
    let unlike_blank = |want: &[u128], limit: usize, mut count: usize| {
        for w in want {
            if *w != blank {
                count += 1;
                if count >= limit {
                    break;
                }
            }
        }
        count
    };
    let unshifted = unlike(&n, &o, len + 1, 0);
    let mut best = None;
    let mut fewest = unshifted;
    for k in 1..=SHIFT_MAX.min(len.saturating_sub(1) as u16) {
        let ku = usize::from(k);
        // Only shifts that bring the first changed cell (or the old first cell) into place.
        // Deleting k: the cells from k come to the left, blanks come in at the right.
        if n[0] == o[ku] {
            let c = unlike(&n[..len - ku], &o[ku..], fewest, 0);
            let c = if c < fewest {
                unlike_blank(&n[len - ku..], fewest, c)
            } else {
                c
            };
            if c < fewest {
                fewest = c;
                best = Some(Shift::Delete(k));
            }
        }
        // Inserting k: k blanks at the left, the old cells after them.
        if n[ku] == o[0] {
            let c = unlike_blank(&n[..ku], fewest, 0);
            let c = if c < fewest {
                unlike(&n[ku..], &o[..len - ku], fewest, c)
            } else {
                c
            };
            if c < fewest {
                fewest = c;
                best = Some(Shift::Insert(k));
            }
        }
    }
    // A shift costs a few bytes of its own, and trying it a second encoding.
    best.filter(|_| fewest + 4 <= unshifted)
}

/// A frame's changed cells, in order, and the frame shown they are recorded in: cells a
/// ratatui `Terminal` gives ([`Backend::draw`]), or the painter's diff ([`Paint`]), which
/// leaves each cell it gives out to be set once written.
trait Changes<'a> {
    fn next_cell(&mut self) -> Option<(u16, u16, &'a Cell)>;
    fn shown(&mut self) -> &mut Sent;
}

struct Given<'s, I> {
    cells: I,
    shown: &'s mut Sent,
}

impl<'a, I: Iterator<Item = (u16, u16, &'a Cell)>> Changes<'a> for Given<'_, I> {
    fn next_cell(&mut self) -> Option<(u16, u16, &'a Cell)> {
        self.cells.next()
    }

    fn shown(&mut self) -> &mut Sent {
        self.shown
    }
}

impl<'a> Changes<'a> for painter::Diff<'a> {
    fn next_cell(&mut self) -> Option<(u16, u16, &'a Cell)> {
        self.next()
    }

    fn shown(&mut self) -> &mut Sent {
        painter::Diff::shown(self)
    }
}

/// What the terminal shows in cell `i` of `shown`, as the encoder sees it: a one-column
/// character in its pen (its colours left out without colour), or unknown.
fn shown_at(shown: &Sent, i: usize, color: bool) -> Shown {
    match shown.plain(i) {
        Some((c, fg, bg, modifier)) if one_column_char(c) => Shown {
            ch: Some(c),
            pen: if color {
                Pen { fg, bg, modifier }
            } else {
                Pen { modifier, ..PLAIN }
            },
        },
        _ => UNKNOWN,
    }
}

/// What a frame is written for: the screen's width and whether it shows colour.
#[derive(Clone, Copy)]
struct Screen {
    width: u16,
    color: bool,
}

impl Screen {
    fn index(self, x: u16, y: u16) -> usize {
        usize::from(y) * usize::from(self.width) + usize::from(x)
    }

    /// Notes the cells written (or erased) in what the terminal shows: each the frame's cell,
    /// the cell after a wide or unusual symbol not known for sure.
    fn record(self, shown: &mut Sent, items: &[Item]) {
        for it in items {
            let i = self.index(it.x, it.y);
            if let Some(c) = it.cell {
                shown.set(i, c);
            }
            shown.set_stale(i, false);
            if it.sym.one_char().is_none() && it.x + 1 < self.width {
                shown.set_stale(i + 1, true);
            }
        }
    }

    /// Writes one row's changed cells (the frame shown still holds what the terminal shows
    /// there), moving the row's cells sideways first when that is shorter, and records them.
    fn draw_row(self, shown: &mut Sent, out: &mut Vec<u8>, st: &mut Enc, row: &[Item]) {
        let width = self.width;
        let color = self.color;
        let (a, y) = (row[0].x, row[0].y);
        let start = self.index(a, y);
        let end = self.index(0, y + 1);
        let plain = |out: &mut Vec<u8>, st: &mut Enc, shown: &Sent| {
            let base = self.index(0, y);
            encode(out, st, row, width, &|x| {
                Some(shown_at(shown, base + usize::from(x), color))
            });
        };
        let cells = shown.area().area() as usize;
        if row.len() < SHIFT_MIN_CELLS || end > cells || a >= width {
            plain(out, st, shown);
            self.record(shown, row);
            return;
        }
        // A shift needs every cell of the row known (not so on a first frame or after a
        // resize): the copy stops at the first that is not.
        let mut old: Vec<Shown> = Vec::with_capacity(end - start);
        for i in start..end {
            let s = shown_at(shown, i, color);
            if s.ch.is_none() {
                plain(out, st, shown);
                self.record(shown, row);
                return;
            }
            old.push(s);
        }
        let mut new = old.clone();
        let mut known = true;
        for it in row {
            let s = it.shown();
            known &= s.ch.is_some();
            if let Some(n) = new.get_mut(usize::from(it.x - a)) {
                *n = s;
            }
        }
        let Some(shift) = known.then(|| best_shift(&old, &new)).flatten() else {
            plain(out, st, shown);
            self.record(shown, row);
            return;
        };
        let after: Vec<Shown> = (0..old.len()).map(|x| shift.after(&old, x)).collect();
        // The shift: from the row's first change, in a pen whose background is the default
        // and that nothing shows on a blank with (the blanks it brings in take the pen's
        // background on most terminals, and nothing of it on others).
        let mut by_shift = Vec::new();
        let mut shift_st = *st;
        move_from(&mut by_shift, shift_st.at, a, y, width);
        if shift_st.pen.bg != Color::Reset || shift_st.pen.modifier.intersects(SHOWN_ON_BLANKS) {
            sgr(&mut by_shift, shift_st.pen, PLAIN);
            shift_st.pen = PLAIN;
        }
        let (n, op) = match shift {
            Shift::Insert(n) => (n, b'@'),
            Shift::Delete(n) => (n, b'P'),
        };
        by_shift.extend_from_slice(b"\x1b[");
        if n > 1 {
            push_num(&mut by_shift, n);
        }
        by_shift.push(op);
        shift_st.at = Some(Position { x: a, y });
        shift_st.cursor = Position { x: a, y };
        let rest: Vec<Item> = new
            .iter()
            .zip(&after)
            .enumerate()
            .filter(|(_, (want, got))| !want.looks_like(**got))
            .filter_map(|(x, (want, _))| {
                Some(Item {
                    x: a + x as u16,
                    y,
                    sym: Sym::Char(want.ch?),
                    pen: want.pen,
                    cell: None,
                })
            })
            .collect();
        encode(&mut by_shift, &mut shift_st, &rest, width, &|x| {
            after.get(usize::from(x - a)).copied()
        });
        let mut unshifted = Vec::new();
        let mut plain_st = *st;
        plain(&mut unshifted, &mut plain_st, shown);
        // Either way the row shows the frame's cells (those the shift put in place look like
        // them), every one known.
        if by_shift.len() < unshifted.len() {
            out.extend_from_slice(&by_shift);
            *st = shift_st;
        } else {
            out.extend_from_slice(&unshifted);
            *st = plain_st;
        }
        self.record(shown, row);
    }

    /// Writes a frame's changed cells one row at a time, from a cursor at `cursor` (where it
    /// ends is written back), and leaves the terminal in the default pen.
    fn write<'a>(self, out: &mut Vec<u8>, cursor: &mut Position, changes: &mut impl Changes<'a>) {
        let item = |(x, y, cell): (u16, u16, &'a Cell)| Item {
            x,
            y,
            sym: Sym::Str(cell.symbol()),
            pen: if self.color {
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
            },
            cell: Some(cell),
        };
        let mut st = Enc {
            pen: PLAIN,
            at: None,
            cursor: *cursor,
        };
        // One row at a time: a whole first frame held at once would be a few dozen KiB that
        // the allocator keeps. A row is written (and recorded) once the next row's first cell
        // is given out, which leaves the row's cells as the terminal shows them until then.
        let mut row: Vec<Item> = Vec::with_capacity(usize::from(self.width));
        let mut pending = changes.next_cell().map(item);
        while let Some(first) = pending {
            row.clear();
            row.push(first);
            pending = None;
            while let Some(it) = changes.next_cell().map(item) {
                if it.y != first.y {
                    pending = Some(it);
                    break;
                }
                row.push(it);
            }
            self.draw_row(changes.shown(), out, &mut st, &row);
        }
        sgr(out, st.pen, PLAIN);
        *cursor = st.cursor;
    }
}

impl CompactBackend {
    fn screen(&self) -> Screen {
        Screen {
            width: self.size.width,
            color: self.color,
        }
    }
}

impl Paint for CompactBackend {
    fn paint(&mut self, next: &Buffer, rows: &[bool]) -> io::Result<()> {
        if self.shown.area() != next.area {
            // Not the size this backend was given: nothing of it known.
            self.shown = Sent::blank(next.area);
            self.shown.set_all_stale(true);
            self.unpainted = true;
        }
        // After a clear or a resize the frame shown is not the frame painted last: every row
        // is compared.
        let rows = if std::mem::take(&mut self.unpainted) {
            &[]
        } else {
            rows
        };
        let screen = self.screen();
        let out_buf = self.out.clone();
        let mut out = out_buf.borrow_mut();
        let mut diff = painter::diff_rows(&mut self.shown, next, rows).leaving_sent();
        screen.write(&mut out, &mut self.cursor, &mut diff);
        Ok(())
    }
}

impl Backend for CompactBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let screen = self.screen();
        let out_buf = self.out.clone();
        let mut out = out_buf.borrow_mut();
        self.unpainted = true;
        let mut given = Given {
            cells: content,
            shown: &mut self.shown,
        };
        screen.write(&mut out, &mut self.cursor, &mut given);
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
        // A whole clear leaves blanks in the default pen (frames end in it); after a partial
        // one, what is left is not worth knowing.
        self.unpainted = true;
        if clear_type == ClearType::All {
            self.shown.clear();
        } else {
            self.shown.set_all_stale(true);
        }
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

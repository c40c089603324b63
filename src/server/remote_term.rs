//! A ratatui backend for a terminal at the other end of a connection.
//!
//! It never asks the terminal anything: the size comes from the client's pty and window-change
//! requests, and the cursor is wherever this backend last put it. So the first frame goes out
//! without waiting for a reply. Its escape sequences are written to a buffer that the connection
//! sends as one frame, and are kept short: one SGR sequence per change of style, the 16 named
//! colours as their short codes, a column move (`CSI n C`) when it is shorter than a full move.
//! Colour is this connection's own choice (its TERM), never the server's `NO_COLOR`.

use std::cell::RefCell;
use std::fmt::Write as _;
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
/// Everything [`ENTER`] changed, put back: the client's terminal as it was.
pub const LEAVE: &[u8] = b"\x1b[?2026l\x1b[0m\x1b[?1006l\x1b[?1000l\x1b[?25h\x1b[?1049l";

/// The bytes of the frame being drawn, shared with the connection that sends them.
pub type FrameBuf = Rc<RefCell<Vec<u8>>>;

pub struct RemoteBackend {
    out: FrameBuf,
    size: Size,
    cursor: Position,
    cursor_hidden: bool,
    color: bool,
}

impl RemoteBackend {
    pub fn new(out: FrameBuf, width: u16, height: u16, color: bool) -> Self {
        RemoteBackend {
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
    (Modifier::BOLD, 1),
    (Modifier::DIM, 2),
    (Modifier::ITALIC, 3),
    (Modifier::UNDERLINED, 4),
    (Modifier::SLOW_BLINK, 5),
    (Modifier::RAPID_BLINK, 6),
    (Modifier::REVERSED, 7),
    (Modifier::HIDDEN, 8),
    (Modifier::CROSSED_OUT, 9),
];

/// SGR parameters for `c` as a foreground colour; `+ 10` of the base codes for a background.
fn color_params(out: &mut String, c: Color, background: bool) {
    let base: u8 = if background { 10 } else { 0 };
    let code = match c {
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
            let _ = write!(out, "{};5;{i};", 38 + base);
            return;
        }
        Color::Rgb(r, g, b) => {
            let _ = write!(out, "{};2;{r};{g};{b};", 38 + base);
            return;
        }
    };
    let _ = write!(out, "{};", code + base);
}

/// One SGR sequence taking the terminal from `from` to `to`; empty when they are the same.
fn sgr(from: Pen, to: Pen) -> String {
    if from == to {
        return String::new();
    }
    let mut p = String::from("\x1b[");
    // A modifier going off has its own code for most, but one reset is shorter and sure.
    let from = if !(from.modifier - to.modifier).is_empty() {
        p.push_str("0;");
        PLAIN
    } else {
        from
    };
    for (m, code) in MODIFIER_CODES {
        if to.modifier.contains(m) && !from.modifier.contains(m) {
            let _ = write!(p, "{code};");
        }
    }
    if to.fg != from.fg {
        color_params(&mut p, to.fg, false);
    }
    if to.bg != from.bg {
        color_params(&mut p, to.bg, true);
    }
    p.pop();
    p.push('m');
    p
}

/// Whether the client's cursor surely ends one column further after `symbol`: one printable
/// character that the width table ratatui lays the frame out with counts as one column (box
/// drawing and `·` included, as the local terminal is drawn). After anything else (a wide
/// character, a combining sequence, an emoji) the next cell is reached by an absolute move, so
/// a client that counts it differently misplaces nothing after it.
fn one_column(symbol: &str) -> bool {
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => !c.is_control() && c.width() == Some(1),
        _ => false,
    }
}

fn move_to(out: &mut Vec<u8>, x: u16, y: u16) {
    let _ = if x == 0 {
        write!(out as &mut dyn io::Write, "\x1b[{}H", y + 1)
    } else {
        write!(out as &mut dyn io::Write, "\x1b[{};{}H", y + 1, x + 1)
    };
}

impl Backend for RemoteBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut out = self.out.borrow_mut();
        let mut pen = PLAIN;
        // Where the terminal's cursor is after the last cell written, when known for sure: a
        // wide or unusual symbol may take a width the client counts differently.
        let mut at: Option<Position> = None;
        for (x, y, cell) in content {
            match at {
                Some(p) if p.x == x && p.y == y => {}
                Some(p) if p.y == y && x > p.x && x - p.x < 10 => {
                    let _ = write!(&mut *out as &mut dyn io::Write, "\x1b[{}C", x - p.x);
                }
                _ => move_to(&mut out, x, y),
            }
            let want = Pen {
                fg: if self.color { cell.fg } else { Color::Reset },
                bg: if self.color { cell.bg } else { Color::Reset },
                modifier: cell.modifier,
            };
            out.extend_from_slice(sgr(pen, want).as_bytes());
            pen = want;
            let symbol = cell.symbol();
            out.extend_from_slice(symbol.as_bytes());
            at = one_column(symbol).then_some(Position { x: x + 1, y });
            self.cursor = Position { x: x + 1, y };
        }
        out.extend_from_slice(sgr(pen, PLAIN).as_bytes());
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

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::default(),
        })
    }

    /// The connection sends the frame as a whole once drawn.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::{Style, Stylize};
    use ratatui::widgets::Paragraph;
    use ratatui::{Terminal, TerminalOptions, Viewport};

    use super::*;

    fn terminal(w: u16, h: u16, color: bool) -> (Terminal<RemoteBackend>, FrameBuf) {
        let buf: FrameBuf = Rc::default();
        let t = Terminal::with_options(
            RemoteBackend::new(buf.clone(), w, h, color),
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, w, h)),
            },
        )
        .expect("terminal");
        (t, buf)
    }

    /// What a terminal shows after `bytes`.
    fn screen(bytes: &[u8], w: u16, h: u16) -> vt100::Parser {
        let mut p = vt100::Parser::new(
            std::num::NonZeroU16::new(h).expect("h"),
            std::num::NonZeroU16::new(w).expect("w"),
            0,
        );
        p.process(bytes);
        p
    }

    #[test]
    fn sgr_sequences_are_short_and_exact() {
        let red = Pen {
            fg: Color::Red,
            ..PLAIN
        };
        assert_eq!(sgr(PLAIN, red), "\x1b[31m");
        let bold_on_blue = Pen {
            fg: Color::Red,
            bg: Color::Blue,
            modifier: Modifier::BOLD,
        };
        assert_eq!(sgr(red, bold_on_blue), "\x1b[1;44m");
        assert_eq!(sgr(bold_on_blue, red), "\x1b[0;31m");
        assert_eq!(sgr(red, PLAIN), "\x1b[39m");
        let rgb = Pen {
            fg: Color::Rgb(1, 2, 3),
            bg: Color::Indexed(200),
            ..PLAIN
        };
        assert_eq!(sgr(PLAIN, rgb), "\x1b[38;2;1;2;3;48;5;200m");
        assert_eq!(sgr(red, red), "");
    }

    #[test]
    fn frames_draw_what_ratatui_would_and_a_small_change_costs_little() {
        let (mut t, buf) = terminal(80, 24, true);
        let draw = |t: &mut Terminal<RemoteBackend>, sel: usize| {
            t.draw(|f| {
                for i in 0..10u16 {
                    let style = if usize::from(i) == sel {
                        Style::new().reversed().yellow()
                    } else {
                        Style::new()
                    };
                    f.render_widget(
                        Paragraph::new(format!("Item number {i} ─ é 李")).style(style),
                        Rect::new(2, i + 1, 40, 1),
                    );
                }
            })
            .expect("draw");
        };
        draw(&mut t, 0);
        let first = std::mem::take(&mut *buf.borrow_mut());
        let mut shown = screen(ENTER, 80, 24);
        shown.process(&first);
        let s = shown.screen();
        assert!(
            s.contents().contains("Item number 3 ─ é 李"),
            "{}",
            s.contents()
        );
        let cell = s.cell(1, 2).expect("cell");
        assert!(cell.inverse());
        assert_eq!(cell.fgcolor(), vt100::Color::Idx(3));
        assert!(!s.cell(2, 2).expect("cell").inverse());
        // Moving the selection down one line changes two lines' styles only.
        draw(&mut t, 1);
        let step = std::mem::take(&mut *buf.borrow_mut());
        shown.process(&step);
        let s = shown.screen();
        assert!(!s.cell(1, 2).expect("cell").inverse());
        assert!(s.cell(2, 2).expect("cell").inverse());
        assert!(
            step.len() < 200,
            "{} bytes: {:?}",
            step.len(),
            String::from_utf8_lossy(&step)
        );
        // Nothing changed: nothing to send.
        draw(&mut t, 1);
        assert!(buf.borrow().is_empty(), "{:?}", buf.borrow());
    }

    /// Issue #9: a cursor moving over a Kokoro mat cost about 500 bytes, most of them a
    /// cursor move before every box-drawing character. A one-column character is followed
    /// by the next without a move; a wide one still is followed by a move.
    #[test]
    fn a_line_of_box_drawing_costs_one_move() {
        let (mut t, buf) = terminal(80, 24, true);
        let line = |t: &mut Terminal<RemoteBackend>, style: Style| {
            t.draw(|f| {
                f.render_widget(
                    Paragraph::new("┌──────────·──────────┐").style(style),
                    Rect::new(5, 3, 23, 1),
                );
                f.render_widget(Paragraph::new("李x"), Rect::new(5, 5, 3, 1));
            })
            .expect("draw");
        };
        line(&mut t, Style::new());
        let mut shown = screen(ENTER, 80, 24);
        shown.process(&std::mem::take(&mut *buf.borrow_mut()));
        line(&mut t, Style::new().yellow());
        let step = std::mem::take(&mut *buf.borrow_mut());
        shown.process(&step);
        let text = String::from_utf8_lossy(&step);
        // One move to the line's start, one colour on and off, 23 symbols.
        assert_eq!(text.matches('H').count(), 1, "{text:?}");
        assert!(step.len() < 90, "{} bytes: {text:?}", step.len());
        let s = shown.screen();
        assert_eq!(s.cell(3, 16).expect("cell").contents(), "·");
        assert_eq!(s.cell(3, 27).expect("cell").contents(), "┐");
        assert_eq!(s.cell(3, 27).expect("cell").fgcolor(), vt100::Color::Idx(3));
        assert_eq!(s.cell(5, 7).expect("cell").contents(), "x");
        // After the wide character the next cell is placed by an absolute move.
        line(&mut t, Style::new());
        drop(std::mem::take(&mut *buf.borrow_mut()));
        t.draw(|f| f.render_widget(Paragraph::new("孝y"), Rect::new(5, 5, 3, 1)))
            .expect("draw");
        let text = String::from_utf8_lossy(&buf.borrow()).into_owned();
        assert!(text.contains("\x1b[6;8Hy"), "{text:?}");
    }

    #[test]
    fn no_colour_for_a_terminal_without_it() {
        let (mut t, buf) = terminal(20, 2, false);
        t.draw(|f| f.render_widget(Paragraph::new("hi".red().on_blue().bold()), f.area()))
            .expect("draw");
        let bytes = buf.borrow().clone();
        let s = screen(&bytes, 20, 2);
        let cell = s.screen().cell(0, 0).expect("cell");
        assert_eq!(cell.fgcolor(), vt100::Color::Default);
        assert_eq!(cell.bgcolor(), vt100::Color::Default);
        assert!(cell.bold());
    }

    #[test]
    fn the_terminal_is_never_asked_anything() {
        let (mut t, buf) = terminal(30, 5, true);
        t.backend_mut().set_size(20, 4);
        t.resize(Rect::new(0, 0, 20, 4)).expect("resize");
        t.clear().expect("clear");
        t.draw(|f| f.render_widget(Paragraph::new("x"), f.area()))
            .expect("draw");
        let bytes = buf.borrow().clone();
        assert!(!bytes.windows(4).any(|w| w == b"\x1b[6n"), "a cursor query");
        assert_eq!(t.size().expect("size"), Size::new(20, 4));
        assert_eq!(t.get_frame().area(), Rect::new(0, 0, 20, 4));
    }
}

//! The encoder against a terminal emulator (`vt100`): after every frame the emulator shows
//! exactly the cells of ratatui's buffer, for random frames and diffs and for the real screens,
//! in colour, without colour and in ASCII; and the frames stay short.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::{Style, Stylize};
use ratatui::widgets::Paragraph;
use ratatui::{Terminal, TerminalOptions, Viewport};
use unicode_width::UnicodeWidthStr;

use super::*;
use crate::ui::app::App;
use crate::ui::launcher::{Catalog, Launcher};
use crate::ui::testutil::{ch, key};
use crate::ui::theme::Theme;

fn terminal(w: u16, h: u16, color: bool) -> (Terminal<CompactBackend>, FrameBuf) {
    let buf: FrameBuf = Rc::default();
    let t = Terminal::with_options(
        CompactBackend::new(buf.clone(), w, h, color),
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

fn sgr_text(from: Pen, to: Pen) -> String {
    let mut out = Vec::new();
    sgr(&mut out, from, to);
    String::from_utf8(out).expect("ascii")
}

/// The colour a terminal shows for `c` (the 16 named colours are its palette's first 16).
fn vt_color(c: Color) -> vt100::Color {
    match c {
        Color::Reset => vt100::Color::Default,
        Color::Black => vt100::Color::Idx(0),
        Color::Red => vt100::Color::Idx(1),
        Color::Green => vt100::Color::Idx(2),
        Color::Yellow => vt100::Color::Idx(3),
        Color::Blue => vt100::Color::Idx(4),
        Color::Magenta => vt100::Color::Idx(5),
        Color::Cyan => vt100::Color::Idx(6),
        Color::Gray => vt100::Color::Idx(7),
        Color::DarkGray => vt100::Color::Idx(8),
        Color::LightRed => vt100::Color::Idx(9),
        Color::LightGreen => vt100::Color::Idx(10),
        Color::LightYellow => vt100::Color::Idx(11),
        Color::LightBlue => vt100::Color::Idx(12),
        Color::LightMagenta => vt100::Color::Idx(13),
        Color::LightCyan => vt100::Color::Idx(14),
        Color::White => vt100::Color::Idx(15),
        Color::Indexed(i) => vt100::Color::Idx(i),
        Color::Rgb(r, g, b) => vt100::Color::Rgb(r, g, b),
    }
}

/// Panics unless every cell the emulator shows is the buffer's: symbol, colours (none without
/// colour), bold, dim, italic, underline, reverse (on a blank, what a blank shows).
fn assert_shows(shown: &vt100::Screen, buf: &Buffer, color: bool, what: &str) {
    let area = buf.area;
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let want = &buf[(x, y)];
            let got = shown.cell(y, x).expect("cell");
            let at = format!("{what}: cell ({x}, {y}), {want:?}");
            let symbol = if got.contents().is_empty() {
                " "
            } else {
                got.contents()
            };
            assert_eq!(symbol, want.symbol(), "{at}");
            let (fg, bg) = if color {
                (vt_color(want.fg), vt_color(want.bg))
            } else {
                (vt100::Color::Default, vt100::Color::Default)
            };
            let m = want.modifier;
            // On a blank only the background shows, and underline and reverse (which shows
            // the foreground): ratatui's own diff counts the rest as unchanged there.
            let blank = want.symbol() == " ";
            if !blank || m.contains(Modifier::REVERSED) {
                assert_eq!(got.fgcolor(), fg, "{at} foreground");
            }
            assert_eq!(got.bgcolor(), bg, "{at} background");
            // Bold and dim are one setting on a terminal (its intensity): a cell with both
            // (styles laid over each other) shows one of them.
            if !blank && !m.contains(Modifier::BOLD | Modifier::DIM) {
                assert_eq!(got.bold(), m.contains(Modifier::BOLD), "{at} bold");
                assert_eq!(got.dim(), m.contains(Modifier::DIM), "{at} dim");
            }
            if !blank {
                assert_eq!(got.italic(), m.contains(Modifier::ITALIC), "{at} italic");
            }
            assert_eq!(
                got.underline(),
                m.contains(Modifier::UNDERLINED),
                "{at} underline"
            );
            assert_eq!(
                got.inverse(),
                m.contains(Modifier::REVERSED),
                "{at} reverse"
            );
            x += want.symbol().width().max(1) as u16;
        }
    }
}

/// A tiny deterministic generator: the frames are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len())]
    }
}

const COLOURS: &[Color] = &[
    Color::Reset,
    Color::Reset,
    Color::Red,
    Color::LightBlue,
    Color::DarkGray,
    Color::White,
    Color::Black,
    Color::Indexed(208),
    Color::Rgb(10, 200, 30),
];

const MODIFIERS: &[Modifier] = &[
    Modifier::BOLD,
    Modifier::DIM,
    Modifier::ITALIC,
    Modifier::UNDERLINED,
    Modifier::REVERSED,
];

const WORDS: &[&str] = &[
    "Kokoro",
    "┌──·──┐",
    "│ ",
    "é",
    "李白",
    "x李y",
    "#",
    "  ",
    "Pocket & Biscuit",
    "e\u{301}",
    "→ ← ↑",
    "[A1]",
];

fn random_style(rng: &mut Rng) -> Style {
    let mut s = Style::new().fg(rng.pick(COLOURS)).bg(rng.pick(COLOURS));
    for m in MODIFIERS {
        if rng.below(4) == 0 {
            s = s.add_modifier(*m);
        }
    }
    s
}

/// Draws `frames` random frames, each a change of the one before (a few words in new places
/// and styles, now and then a styled block, a cleared area or a resize), and checks the
/// emulator after every one.
fn random_frames(seed: u64, color: bool, frames: usize) {
    let mut rng = Rng(seed);
    let (mut w, mut h) = (80u16, 24u16);
    let (mut t, buf) = terminal(w, h, color);
    let mut shown = screen(ENTER, w, h);
    let mut words: Vec<(u16, u16, &str, Style)> = Vec::new();
    for i in 0..frames {
        if rng.below(15) == 0 {
            (w, h) = (rng.pick(&[80u16, 100, 120]), rng.pick(&[24u16, 30, 40]));
            t.backend_mut().set_size(w, h);
            t.resize(Rect::new(0, 0, w, h)).expect("resize");
            shown.screen_mut().set_size(
                std::num::NonZeroU16::new(h).expect("h"),
                std::num::NonZeroU16::new(w).expect("w"),
            );
        }
        if rng.below(5) == 0 && !words.is_empty() {
            words.remove(rng.below(words.len()));
        }
        for _ in 0..rng.below(12) {
            let x = rng.below(usize::from(w)) as u16;
            let y = rng.below(usize::from(h)) as u16;
            words.push((x, y, rng.pick(WORDS), random_style(&mut rng)));
        }
        // Now and then a styled block: blanks in a style (a highlighted row's padding, which
        // the encoder erases rather than writes), or a style over what is there.
        let block = (rng.below(2) == 0).then(|| {
            let bw = 5 + rng.below(50) as u16;
            let bh = 1 + rng.below(3) as u16;
            let x = rng.below(usize::from(w)) as u16;
            let y = rng.below(usize::from(h)) as u16;
            (
                Rect::new(x, y, bw, bh),
                random_style(&mut rng),
                rng.below(2) == 0,
            )
        });
        let done = t
            .draw(|f| {
                let area = f.area();
                if let Some((r, style, true)) = block {
                    for row in r.intersection(area).rows() {
                        let spaces = " ".repeat(usize::from(row.width));
                        f.buffer_mut().set_string(row.x, row.y, spaces, style);
                    }
                }
                // Words never overlap (a cell between them): one written over half of a wide
                // character would leave a buffer no terminal can show, whatever the encoder.
                let mut taken = vec![false; usize::from(area.width) * usize::from(area.height)];
                for (x, y, word, style) in &words {
                    if *x >= area.width || *y >= area.height {
                        continue;
                    }
                    let end = (x + word.width() as u16 + 1).min(area.width);
                    let row = usize::from(*y) * usize::from(area.width);
                    let span = row + usize::from(x.saturating_sub(1))..row + usize::from(end);
                    if taken[span.clone()].iter().any(|t| *t) {
                        continue;
                    }
                    taken[span].fill(true);
                    f.buffer_mut()
                        .set_stringn(*x, *y, word, usize::from(area.width - x), *style);
                }
                if let Some((r, style, false)) = block {
                    f.buffer_mut().set_style(r.intersection(area), style);
                }
            })
            .expect("draw");
        let want = done.buffer.clone();
        let bytes = std::mem::take(&mut *buf.borrow_mut());
        shown.process(&framed(&bytes));
        assert_shows(
            shown.screen(),
            &want,
            color,
            &format!("seed {seed} frame {i}"),
        );
    }
}

#[test]
fn random_frames_and_diffs_show_the_buffer_in_colour() {
    for seed in 1..=6 {
        random_frames(seed * 7919, true, 60);
    }
}

#[test]
fn random_frames_and_diffs_show_the_buffer_without_colour() {
    for seed in 1..=3 {
        random_frames(seed * 104_729, false, 60);
    }
}

/// The real screens, key after key: the launcher, its rules and help, a new game's setup and
/// the game itself, for every game, in colour, without colour and in ASCII, at both sizes.
#[test]
fn every_screen_shows_the_buffer_after_every_key() {
    let dir = tempfile::tempdir().expect("tmp");
    let keys = [
        key(KeyCode::Down),
        ch('?'),
        key(KeyCode::Esc),
        key(KeyCode::Enter),
        key(KeyCode::Down),
        key(KeyCode::Right),
        key(KeyCode::Enter),
        key(KeyCode::Right),
        key(KeyCode::Down),
        key(KeyCode::Enter),
        ch('1'),
        ch('2'),
        key(KeyCode::Left),
        key(KeyCode::Enter),
        key(KeyCode::Esc),
    ];
    for (ascii, color, (w, h)) in [
        (false, true, (80, 24)),
        (false, false, (80, 24)),
        (true, true, (120, 40)),
        (true, false, (80, 24)),
    ] {
        for game in 0..crate::registry::GAMES.len() {
            let catalog = Catalog {
                games: crate::registry::GAMES.to_vec(),
                dir: dir.path().to_path_buf(),
                local: crate::ui::work::Local::inline(),
            };
            let mut app = App::new(
                Box::new(Launcher::new_in(catalog)),
                Theme::new(ascii, color),
            );
            app.set_size(w, h);
            let (mut t, buf) = terminal(w, h, color);
            let mut shown = screen(ENTER, w, h);
            let downs = std::iter::repeat_n(key(KeyCode::Down), game);
            for (i, ev) in downs.chain(keys.iter().cloned()).enumerate() {
                app.on_event(&ev);
                if app.done() {
                    break;
                }
                let done = t.draw(|f| app.render(f)).expect("draw");
                let want = done.buffer.clone();
                let bytes = std::mem::take(&mut *buf.borrow_mut());
                shown.process(&framed(&bytes));
                let what = format!("game {game}, key {i} ({ev:?}), ascii {ascii}, colour {color}");
                assert_shows(shown.screen(), &want, color, &what);
            }
        }
    }
}

#[test]
fn sgr_sequences_are_short_and_exact() {
    let red = Pen {
        fg: Color::Red,
        ..PLAIN
    };
    assert_eq!(sgr_text(PLAIN, red), "\x1b[31m");
    let bold_on_blue = Pen {
        fg: Color::Red,
        bg: Color::Blue,
        modifier: Modifier::BOLD,
    };
    assert_eq!(sgr_text(red, bold_on_blue), "\x1b[1;44m");
    assert_eq!(sgr_text(bold_on_blue, red), "\x1b[0;31m");
    // Back to plain: a reset is shorter than naming the default colours.
    assert_eq!(sgr_text(red, PLAIN), "\x1b[m");
    assert_eq!(sgr_text(bold_on_blue, PLAIN), "\x1b[m");
    let rgb = Pen {
        fg: Color::Rgb(1, 2, 3),
        bg: Color::Indexed(200),
        ..PLAIN
    };
    assert_eq!(sgr_text(PLAIN, rgb), "\x1b[38;2;1;2;3;48;5;200m");
    // One colour back to the default and another kept: whichever is shorter.
    let rgb_fg = Pen {
        fg: Color::Rgb(1, 2, 3),
        ..PLAIN
    };
    assert_eq!(sgr_text(rgb, rgb_fg), "\x1b[49m");
    assert_eq!(sgr_text(red, red), "");
}

/// A highlighted row of the launcher: its padding is erased, not written, and shows the same.
#[test]
fn a_highlighted_row_erases_its_padding() {
    let (mut t, buf) = terminal(80, 24, true);
    let row = |t: &mut Terminal<CompactBackend>, style: Style| {
        t.draw(|f| {
            let text = format!("▶ Kokoro{}1–8 players  ", " ".repeat(59));
            f.buffer_mut().set_string(1, 7, text, style);
        })
        .expect("draw")
        .buffer
        .clone()
    };
    row(&mut t, Style::new().cyan());
    let mut shown = screen(ENTER, 80, 24);
    shown.process(&std::mem::take(&mut *buf.borrow_mut()));
    let want = row(&mut t, Style::new().black().on_cyan());
    let step = std::mem::take(&mut *buf.borrow_mut());
    shown.process(&step);
    assert_shows(shown.screen(), &want, true, "highlighted");
    let text = String::from_utf8_lossy(&step);
    assert!(text.contains("\x1b[59X"), "{text:?}");
    assert!(step.len() < 60, "{} bytes: {text:?}", step.len());
    // Underlined or reversed blanks show: they are written out.
    let want = row(&mut t, Style::new().reversed());
    let step = std::mem::take(&mut *buf.borrow_mut());
    shown.process(&step);
    assert_shows(shown.screen(), &want, true, "reversed");
    assert!(!String::from_utf8_lossy(&step).contains('X'));
}

#[test]
fn moves_are_short() {
    let moved = |at: Option<Position>, x: u16, y: u16| {
        let mut out = Vec::new();
        move_from(&mut out, at, x, y, 80);
        String::from_utf8(out).expect("ascii")
    };
    let at = Some(Position { x: 3, y: 4 });
    assert_eq!(moved(at, 3, 4), "");
    assert_eq!(moved(at, 4, 4), "\x1b[C");
    assert_eq!(moved(at, 12, 4), "\x1b[9C");
    assert_eq!(moved(at, 0, 5), "\r\n");
    assert_eq!(moved(at, 2, 4), "\x1b[D");
    // Down a column (a highlight's next row) and near it: relative; far: absolute.
    assert_eq!(moved(at, 3, 5), "\n");
    assert_eq!(moved(Some(Position { x: 13, y: 14 }), 11, 15), "\n\x1b[2D");
    assert_eq!(moved(Some(Position { x: 20, y: 4 }), 3, 5), "\n\x1b[4G");
    assert_eq!(moved(at, 3, 2), "\x1b[2A");
    assert_eq!(moved(at, 3, 7), "\x1b[3B");
    assert_eq!(moved(at, 40, 20), "\x1b[21;41H");
    assert_eq!(moved(None, 0, 9), "\x1b[10H");
    // Past the last column the terminal holds the cursor on it: no relative move from there
    // but a carriage return.
    let wrapped = Some(Position { x: 80, y: 4 });
    assert_eq!(moved(wrapped, 77, 4), "\x1b[5;78H");
    assert_eq!(moved(wrapped, 79, 5), "\x1b[6;80H");
    assert_eq!(moved(wrapped, 0, 5), "\r\n");
}

#[test]
fn a_small_change_costs_little_and_no_change_nothing() {
    let (mut t, buf) = terminal(80, 24, true);
    let draw = |t: &mut Terminal<CompactBackend>, sel: usize| {
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

/// Issue #9: a cursor moving over a Kokoro mat cost about 500 bytes, most of them a cursor
/// move before every box-drawing character. A one-column character is followed by the next
/// without a move; a wide one is followed by an absolute move.
#[test]
fn a_line_of_box_drawing_costs_one_move() {
    let (mut t, buf) = terminal(80, 24, true);
    let line = |t: &mut Terminal<CompactBackend>, style: Style| {
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

/// A key's hint in the hint line's styles: the key, a plain space, the label.
fn hint(keys: &[(&'static str, &'static str)]) -> ratatui::text::Line<'static> {
    crate::ui::widgets::hint_line(&Theme::new(false, true), keys)
}

/// The launcher's hint line gains "h best" when the chosen game keeps high scores: the rest of
/// the line moves right by the terminal's insert (`CSI 8 @`), and back by its delete
/// (`CSI 8 P`), rather than being written again.
#[test]
fn a_line_that_gains_or_loses_a_word_is_moved_not_resent() {
    let short = [
        ("Enter", "play"),
        ("c", "resume"),
        ("t", "stats"),
        ("o", "host"),
        ("q", "quit"),
        ("?", "help"),
    ];
    let long = [
        ("Enter", "play"),
        ("c", "resume"),
        ("t", "stats"),
        ("h", "best"),
        ("o", "host"),
        ("q", "quit"),
        ("?", "help"),
    ];
    for (w, h) in [(80, 24), (120, 40)] {
        let (mut t, buf) = terminal(w, h, true);
        let mut shown = screen(ENTER, w, h);
        let mut step = |line: ratatui::text::Line<'static>| {
            let want = t
                .draw(|f| {
                    let area = f.area();
                    f.render_widget(Paragraph::new(line), Rect::new(0, area.height - 1, w, 1));
                })
                .expect("draw")
                .buffer
                .clone();
            let bytes = std::mem::take(&mut *buf.borrow_mut());
            shown.process(&bytes);
            assert_shows(shown.screen(), &want, true, "hint line");
            String::from_utf8(bytes).expect("utf-8")
        };
        step(hint(&short));
        let gained = step(hint(&long));
        assert!(gained.contains("\x1b[8@"), "{gained:?}");
        assert!(gained.len() < 40, "{} bytes: {gained:?}", gained.len());
        let lost = step(hint(&short));
        assert!(lost.contains("\x1b[8P"), "{lost:?}");
        assert!(lost.len() < 30, "{} bytes: {lost:?}", lost.len());
    }
}

/// A change with one unchanged cell in the middle, in the pen the terminal already has: the
/// cell is written again (one byte) rather than moved over (`CSI C`, three).
#[test]
fn a_short_gap_is_written_over_not_moved_across() {
    let (mut t, buf) = terminal(40, 3, true);
    let mut shown = screen(ENTER, 40, 3);
    let mut step = |text: &'static str| {
        let want = t
            .draw(|f| f.render_widget(Paragraph::new(text.green()), Rect::new(2, 1, 20, 1)))
            .expect("draw")
            .buffer
            .clone();
        let bytes = std::mem::take(&mut *buf.borrow_mut());
        shown.process(&bytes);
        assert_shows(shown.screen(), &want, true, text);
        String::from_utf8(bytes).expect("utf-8")
    };
    step("ab cd ef");
    assert_eq!(step("xb yd ef"), "\x1b[2;3H\x1b[32mxb y\x1b[m");
    // Three cells are still shorter than a move (four bytes); five are not.
    assert_eq!(step("wb yD ef"), "\x1b[2;3H\x1b[32mwb yD\x1b[m");
    assert_eq!(step("vb yD Ef"), "\x1b[2;3H\x1b[32mv\x1b[5CE\x1b[m");
}

/// Rows of words in random styles (wide characters, backgrounds and reversed blanks among
/// them) that gain and lose text in the middle, as status and hint lines do: after every
/// frame the emulator shows the buffer, whatever mix of shifts, erases and rewrites was sent.
#[test]
fn random_insertions_and_deletions_show_the_buffer() {
    let (mut inserts, mut deletes) = (0, 0);
    for (seed, color) in [(7u64, true), (1013, true), (4099, false)] {
        let mut rng = Rng(seed * 7919);
        let (w, h) = (60u16, 8u16);
        let (mut t, buf) = terminal(w, h, color);
        let mut shown = screen(ENTER, w, h);
        // No wide characters: one that moves by a column leaves half of itself under the
        // next frame, which ratatui's diff does not cover (see `random_frames`).
        let words: Vec<&str> = WORDS
            .iter()
            .copied()
            .filter(|w| !w.chars().any(|c| c.width() == Some(2)))
            .collect();
        let mut rows: Vec<Vec<(&str, Style)>> = (0..h)
            .map(|_| {
                (0..rng.below(8))
                    .map(|_| (rng.pick(&words), random_style(&mut rng)))
                    .collect()
            })
            .collect();
        for frame in 0..150 {
            for row in rows.iter_mut() {
                match rng.below(4) {
                    0 if !row.is_empty() => {
                        row.remove(rng.below(row.len()));
                    }
                    1 => {
                        let at = rng.below(row.len() + 1);
                        let style = if rng.below(2) == 0 {
                            Style::new()
                        } else {
                            random_style(&mut rng)
                        };
                        row.insert(at, (rng.pick(&words), style));
                    }
                    _ => {}
                }
            }
            let want = t
                .draw(|f| {
                    for (y, row) in rows.iter().enumerate() {
                        let spans: Vec<ratatui::text::Span> = row
                            .iter()
                            .map(|(word, style)| ratatui::text::Span::styled(*word, *style))
                            .collect();
                        f.render_widget(
                            Paragraph::new(ratatui::text::Line::from(spans)),
                            Rect::new(0, y as u16, w, 1),
                        );
                    }
                })
                .expect("draw")
                .buffer
                .clone();
            let bytes = std::mem::take(&mut *buf.borrow_mut());
            let text = String::from_utf8_lossy(&bytes);
            inserts += text.matches('@').count();
            deletes += text.matches('P').count();
            shown.process(&framed(&bytes));
            assert_shows(
                shown.screen(),
                &want,
                color,
                &format!("seed {seed} frame {frame}"),
            );
        }
    }
    // The frames did move cells both ways ('@' and 'P' are in no word).
    assert!(
        inserts > 20 && deletes > 20,
        "{inserts} inserts, {deletes} deletes"
    );
}

/// Issue #23: a launcher move cost 252 bytes, against chess-tui's 207 for the same move; the
/// hint line that changes with the game was most of it.
#[test]
fn a_launcher_move_costs_less_than_chess_tui_s() {
    let dir = tempfile::tempdir().expect("tmp");
    for (w, h) in [(80, 24), (120, 40)] {
        let catalog = Catalog {
            games: crate::registry::GAMES.to_vec(),
            dir: dir.path().to_path_buf(),
            local: crate::ui::work::Local::inline(),
        };
        let mut app = App::new(Box::new(Launcher::new_in(catalog)), Theme::new(false, true));
        app.set_size(w, h);
        let (mut t, buf) = terminal(w, h, true);
        let mut shown = screen(ENTER, w, h);
        t.draw(|f| app.render(f)).expect("draw");
        shown.process(&framed(&std::mem::take(&mut *buf.borrow_mut())));
        for ev in [key(KeyCode::Down), key(KeyCode::Up), key(KeyCode::Down)] {
            app.on_event(&ev);
            let want = t.draw(|f| app.render(f)).expect("draw").buffer.clone();
            let frame = framed(&std::mem::take(&mut *buf.borrow_mut()));
            shown.process(&frame);
            assert_shows(shown.screen(), &want, true, &format!("{ev:?} at {w}x{h}"));
            assert!(
                frame.len() <= 200,
                "{ev:?} at {w}x{h}: {} bytes: {:?}",
                frame.len(),
                String::from_utf8_lossy(&frame)
            );
        }
    }
}

/// The blanks a shift brings in take the pen's background on most terminals (xterm's "bce"),
/// and none on others (the emulator here): a shift is only sent in the default background.
#[test]
fn a_shift_is_sent_in_the_default_background() {
    let (mut t, buf) = terminal(40, 3, true);
    let mut shown = screen(ENTER, 40, 3);
    let mut step = |first: &'static str, second: &'static str| {
        let want = t
            .draw(|f| {
                f.render_widget(Paragraph::new(first.on_blue()), Rect::new(36, 0, 4, 1));
                f.render_widget(Paragraph::new(second), Rect::new(0, 1, 40, 1));
            })
            .expect("draw")
            .buffer
            .clone();
        let bytes = std::mem::take(&mut *buf.borrow_mut());
        shown.process(&bytes);
        assert_shows(shown.screen(), &want, true, second);
        String::from_utf8(bytes).expect("utf-8")
    };
    step("ab", "one two three four five six seven");
    let text = step("cd", "two three four five six seven");
    assert!(text.contains("\x1b[44mcd\r\n\x1b[m\x1b[4P"), "{text:?}");
    let text = step("ef", "one two three four five six seven");
    assert!(text.contains("\x1b[44mef\r\n\x1b[m\x1b[4@"), "{text:?}");
}

/// Issue #23: a Kokoro cursor move cost 272 bytes at 120×40 (over SSH and locally alike),
/// against chess-tui's 211 for its cursor move: each row of the mat's highlight, away from the
/// left edge, was reached by an absolute move and its blanks written out. The cursor goes down
/// the column now, and blanks that end a row's changes are erased.
#[test]
fn a_kokoro_cursor_move_costs_less_than_chess_tui_s() {
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Match, Options, Setup};
    use crate::games::kokoro::Kokoro;
    use crate::ui::Screen;
    let theme = Theme::new(false, true);
    for (w, h) in [(80, 24), (120, 40)] {
        let m = Match::<Kokoro>::new(Setup {
            options: Options::new(),
            players: vec![PlayerEntry::human("Ann")],
            seed: 5,
            started: "2026-11-28T17:00:00Z".into(),
        })
        .expect("setup");
        let mut p = crate::ui::testutil::settled(m);
        let (mut t, buf) = terminal(w, h, true);
        let mut shown = screen(ENTER, w, h);
        t.draw(|f| p.render(f, &theme)).expect("draw");
        shown.process(&framed(&std::mem::take(&mut *buf.borrow_mut())));
        for code in [
            KeyCode::Down,
            KeyCode::Up,
            KeyCode::Right,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Up,
        ] {
            p.on_event(&key(code));
            let want = t
                .draw(|f| p.render(f, &theme))
                .expect("draw")
                .buffer
                .clone();
            let frame = framed(&std::mem::take(&mut *buf.borrow_mut()));
            shown.process(&frame);
            assert_shows(shown.screen(), &want, true, &format!("{code:?} at {w}x{h}"));
            assert!(
                frame.len() <= 211,
                "{code:?} at {w}x{h}: {} bytes: {:?}",
                frame.len(),
                String::from_utf8_lossy(&frame)
            );
        }
    }
}

/// A cell's look as a number is equal to another's exactly when the cells look alike: every
/// pair of a set of characters, colours and modifiers, blanks among them.
#[test]
fn looks_are_equal_exactly_when_cells_look_alike() {
    let chars = [' ', 'a', '─', '·'];
    let colors = [
        Color::Reset,
        Color::White,
        Color::Indexed(200),
        Color::Rgb(1, 2, 3),
        Color::Rgb(0, 0, 16),
    ];
    let modifiers = [
        Modifier::empty(),
        Modifier::BOLD,
        Modifier::REVERSED,
        Modifier::UNDERLINED | Modifier::DIM,
        Modifier::CROSSED_OUT,
    ];
    let mut cells = vec![UNKNOWN];
    for &ch in &chars {
        for &fg in &colors {
            for &bg in &colors {
                for &modifier in &modifiers {
                    cells.push(Shown {
                        ch: Some(ch),
                        pen: Pen { fg, bg, modifier },
                    });
                }
            }
        }
    }
    for &a in &cells {
        for &b in &cells {
            if a.ch.is_some() && b.ch.is_some() {
                assert_eq!(a.look() == b.look(), a.looks_like(b), "{a:?} {b:?}");
            } else {
                assert!(!a.looks_like(b));
            }
        }
    }
}

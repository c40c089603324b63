//! Drawing a screen into a test terminal and reading it back as text, and the keys to press:
//! shared by the library's screen tests (`src/ui/testutil.rs` includes this file) and the
//! integration tests (`tests/common/mod.rs`), over the library's public interface.

use hotseat::ui::Screen;
use hotseat::ui::app::App;
use hotseat::ui::theme::Theme;
use std::cell::RefCell;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch(c: char) -> Event {
    key(KeyCode::Char(c))
}

/// Draws with `render` into a blank `w`×`h` buffer and reads it with `read`. One terminal per
/// size is kept on each thread, and the frame is drawn straight into its buffer: no terminal
/// diff, no backend (the screen-secret tests draw thousands of frames, and making three buffers
/// and diffing two of them was a fifth of their time). What a frame holds is the same.
fn with_frame<R>(
    w: u16,
    h: u16,
    render: impl FnOnce(&mut ratatui::Frame),
    read: impl FnOnce(&Buffer) -> R,
) -> R {
    thread_local! {
        static KEPT: RefCell<Vec<Terminal<TestBackend>>> = const { RefCell::new(Vec::new()) };
    }
    let area = Rect::new(0, 0, w, h);
    // Taken out while drawing, so that a frame drawn inside another one gets a terminal too.
    let kept = KEPT.with_borrow_mut(|ts| {
        let at = ts.iter_mut().position(|t| t.get_frame().area() == area);
        at.map(|i| ts.swap_remove(i))
    });
    let mut t = match kept {
        Some(t) => t,
        None => Terminal::new(TestBackend::new(w, h)).expect("test terminal"),
    };
    t.current_buffer_mut().reset();
    render(&mut t.get_frame());
    let out = read(t.current_buffer_mut());
    KEPT.with_borrow_mut(|ts| ts.push(t));
    out
}

/// The screen drawn at `w`×`h`, one line of text per row (styles dropped).
pub fn draw(screen: &dyn Screen, theme: Theme, w: u16, h: u16) -> String {
    with_frame(w, h, |f| screen.render(f, &theme), buffer_text)
}

/// The whole app (with overlays and the size check) drawn at `w`×`h`.
pub fn draw_app(app: &App, w: u16, h: u16) -> String {
    with_frame(w, h, |f| app.render(f), buffer_text)
}

pub fn buffer_text(buf: &Buffer) -> String {
    let (w, h) = (usize::from(buf.area.width), usize::from(buf.area.height));
    if w == 0 {
        return "\n".repeat(h);
    }
    let mut out = String::with_capacity(buf.content().len() + h);
    for row in buf.content().chunks(w) {
        // Each row without its trailing white space: the end of its last other character.
        let mut end = out.len();
        let mut covered = 0;
        for cell in row {
            // A wide character (CJK, emoji) covers the next cell too, as on a terminal.
            if covered > 0 {
                covered -= 1;
                continue;
            }
            let symbol = cell.symbol();
            let kept = symbol.trim_end().len();
            if kept > 0 {
                end = out.len() + kept;
            }
            out.push_str(symbol);
            covered = unicode_width::UnicodeWidthStr::width(symbol).max(1) - 1;
        }
        out.truncate(end);
        out.push('\n');
    }
    out
}

/// The styled buffer, for checks on colours.
pub fn draw_buffer(screen: &dyn Screen, theme: Theme, w: u16, h: u16) -> Buffer {
    with_frame(w, h, |f| screen.render(f, &theme), Buffer::clone)
}

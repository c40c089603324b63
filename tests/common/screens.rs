//! Drawing a screen into a test terminal and reading it back as text, and the keys to press:
//! shared by the library's screen tests (`src/ui/testutil.rs` includes this file) and the
//! integration tests (`tests/common/mod.rs`), over the library's public interface.

use hotseat::ui::Screen;
use hotseat::ui::app::App;
use hotseat::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn ch(c: char) -> Event {
    key(KeyCode::Char(c))
}

/// The screen drawn at `w`×`h`, one line of text per row (styles dropped).
pub fn draw(screen: &dyn Screen, theme: Theme, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| screen.render(f, &theme)).expect("draw");
    buffer_text(t.backend().buffer())
}

/// The whole app (with overlays and the size check) drawn at `w`×`h`.
pub fn draw_app(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| app.render(f)).expect("draw");
    buffer_text(t.backend().buffer())
}

pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        let mut x = 0;
        while x < buf.area.width {
            let symbol = buf[(x, y)].symbol();
            line.push_str(symbol);
            // A wide character (CJK, emoji) covers the next cell too, as on a terminal.
            x += unicode_width::UnicodeWidthStr::width(symbol).max(1) as u16;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The styled buffer, for checks on colours.
pub fn draw_buffer(screen: &dyn Screen, theme: Theme, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| screen.render(f, &theme)).expect("draw");
    t.backend().buffer().clone()
}

//! The terminal, the screen stack and the event loop.
//!
//! Draws only after an input event, a resize or an expired [`Screen::deadline`]; otherwise it
//! blocks in `event::read` (no timeout), so an idle app uses no CPU. Every frame is wrapped in
//! synchronized-update escapes. The terminal is restored on every way out, panics included.

use std::io::{self, Write};
use std::time::Instant;

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers,
};
use ratatui::crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute, queue};
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

use super::theme::{Theme, UiOptions};
use super::{Nav, Screen, help};

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Runs the app from `first` until the last screen closes or the user quits.
pub fn run(first: Box<dyn Screen>, opts: UiOptions) -> io::Result<()> {
    install_panic_hook();
    let _guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let mut app = App::new(first, opts.into());
    let mut dirty = true;
    while !app.done() {
        if dirty {
            queue!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
            terminal.draw(|f| app.render(f))?;
            queue!(terminal.backend_mut(), EndSynchronizedUpdate)?;
            terminal.backend_mut().flush()?;
            dirty = false;
        }
        let ev = match app.deadline() {
            Some(at) => {
                let now = Instant::now();
                if at <= now {
                    app.on_deadline();
                    dirty = true;
                    continue;
                }
                if event::poll(at - now)? {
                    Some(event::read()?)
                } else {
                    None
                }
            }
            None => Some(event::read()?),
        };
        if let Some(ev) = ev {
            dirty |= app.on_event(&ev);
        }
    }
    Ok(())
}

/// Leaves raw mode and the alternate screen, shows the cursor again. Safe to call twice.
pub fn restore_terminal() {
    let mut out = io::stdout();
    let _ = execute!(
        out,
        EndSynchronizedUpdate,
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = disable_raw_mode();
}

/// Restores the terminal before the default hook prints the panic message.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
}

/// Puts the terminal in the app's mode; dropping it puts it back (normal exit, `?` errors).
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> io::Result<Self> {
        enable_raw_mode()?;
        let guard = TerminalGuard;
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            cursor::Hide
        )?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// The screen stack with the global keys and the help overlay; no terminal, so tests drive it.
pub struct App {
    stack: Vec<Box<dyn Screen>>,
    help: bool,
    quit: bool,
    theme: Theme,
}

impl App {
    pub fn new(first: Box<dyn Screen>, theme: Theme) -> Self {
        App {
            stack: vec![first],
            help: false,
            quit: false,
            theme,
        }
    }

    pub fn done(&self) -> bool {
        self.quit || self.stack.is_empty()
    }

    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    pub fn help_open(&self) -> bool {
        self.help
    }

    /// The top screen's deadline; none while the help overlay pauses it.
    pub fn deadline(&self) -> Option<Instant> {
        if self.help {
            return None;
        }
        self.stack.last().and_then(|s| s.deadline())
    }

    pub fn on_deadline(&mut self) {
        if let Some(top) = self.stack.last_mut() {
            let nav = top.on_deadline();
            self.nav(nav);
        }
    }

    /// Handles one terminal event; true when the frame must be redrawn.
    pub fn on_event(&mut self, ev: &Event) -> bool {
        match ev {
            Event::Resize(..) => return true,
            Event::Key(k) if k.kind == KeyEventKind::Release => return false,
            Event::Key(k) if is_ctrl_c(k) => {
                self.quit = true;
                return true;
            }
            Event::FocusGained | Event::FocusLost | Event::Paste(_) => return false,
            _ => {}
        }
        let Some(top) = self.stack.last_mut() else {
            return false;
        };
        if let Event::Key(k) = ev {
            if self.help {
                // Any key closes the overlay.
                self.help = false;
                return true;
            }
            if k.code == KeyCode::Char('?') && !top.captures_text() {
                self.help = true;
                return true;
            }
        } else if self.help {
            return false;
        }
        let nav = top.on_event(ev);
        self.nav(nav);
        true
    }

    fn nav(&mut self, nav: Nav) {
        match nav {
            Nav::Stay => {}
            Nav::Pop => {
                self.stack.pop();
            }
            Nav::Push(s) => self.stack.push(s),
            Nav::Replace(s) => {
                self.stack.pop();
                self.stack.push(s);
            }
            Nav::Quit => self.quit = true,
        }
    }

    pub fn render(&self, f: &mut Frame) {
        let area = f.area();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(f, area);
            return;
        }
        let Some(top) = self.stack.last() else {
            return;
        };
        top.render(f, &self.theme);
        if self.help {
            help::render_overlay(f, &self.theme, &top.title(), &top.help(), &top.legend());
        }
    }
}

fn is_ctrl_c(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c' | 'C'))
}

/// The message shown instead of any screen when the terminal is below 80×24.
pub fn too_small_message(w: u16, h: u16) -> String {
    format!("Terminal too small: need {MIN_WIDTH}×{MIN_HEIGHT}, have {w}×{h}")
}

/// Draws [`too_small_message`] centred on an otherwise empty frame.
pub fn render_too_small(f: &mut Frame, area: Rect) {
    f.render_widget(Clear, area);
    let msg = too_small_message(area.width, area.height);
    let lines = (msg.chars().count() as u16).div_ceil(area.width.max(1));
    let row = area.centered_vertically(Constraint::Length(lines.max(1)));
    f.render_widget(
        Paragraph::new(Line::from(msg))
            .centered()
            .wrap(Wrap { trim: true }),
        row,
    );
}

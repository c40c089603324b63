//! The terminal, the screen stack and the event loop.
//!
//! Draws only after an input event, a resize or an expired [`Screen::deadline`]; otherwise it
//! blocks in [`Waiter::wait`] (no timeout), so an idle app uses no CPU; keys are read and
//! parsed after it ([`Waiter::read`]). Frames go through the one
//! compact encoder ([`super::encoder`]) that remote connections use too: only the cells that
//! changed, in a synchronized update, written at once. The terminal is never asked anything
//! (its size comes from the system at start and from resize events after), so a terminal that
//! does not answer queries starts the same. The terminal is restored on every way out, panics
//! included.

use std::io::{self, Write};
use std::time::Instant;

use ratatui::Frame;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal::enable_raw_mode;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::damage::Damage;
use super::encoder::{self, CompactBackend, FrameBuf};
use super::input::{Waiter, Wake, restore_terminal};
use super::key_parser::InputParser;
use super::painter::Painter;
use super::theme::{Theme, UiOptions};
use super::{Nav, Screen, help};

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// How the app ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The user quit (or closed the last screen).
    Quit,
    /// A signal asked the program to stop (SIGHUP, SIGTERM, SIGINT): its number.
    Signal(i32),
    /// The terminal went away (hung up, end of input, a read error).
    InputClosed,
    /// A command that printed its answer found something wrong (`hotseat config` with a
    /// refused settings file).
    Failure,
}

impl Exit {
    /// The process exit code: 0 for quitting, 128 + the signal's number as a shell reports a
    /// signalled process, 1 when the terminal went away.
    pub fn code(self) -> u8 {
        match self {
            Exit::Quit => 0,
            Exit::Signal(n) => u8::try_from(128 + n).unwrap_or(1),
            Exit::InputClosed | Exit::Failure => 1,
        }
    }
}

/// Runs the app from `first` until the last screen closes, the user quits, a stop signal
/// arrives or the terminal goes away. Every way out saves the open games and restores the
/// terminal.
pub fn run(first: Box<dyn Screen>, opts: UiOptions) -> io::Result<Exit> {
    // Signals are watched before the terminal changes mode, so none is missed.
    let mut waiter = Waiter::new()?;
    install_panic_hook();
    // The window's size from the system (no query to the terminal); resize events after.
    let (w, h) = ratatui::crossterm::terminal::size()?;
    let (w, h) = (w.max(1), h.max(1));
    let _guard = TerminalGuard::enter(opts.mouse)?;
    let mut screen = LocalScreen::new(w, h, opts.color)?;
    let mut app = App::new(first, opts.into());
    app.set_size(w, h);
    let exit = event_loop(&mut screen, &mut app, &mut waiter);
    app.on_exit();
    exit
}

/// The local terminal as the app draws on it: ratatui's buffers over the compact encoder.
struct LocalScreen {
    terminal: Painter<CompactBackend>,
    buf: FrameBuf,
    /// The frame sent, its bytes kept from frame to frame (no allocation per key).
    frame: Vec<u8>,
    /// Standard output without its line buffer: a frame is one write, even one holding line
    /// feeds (which the line buffer would write in two).
    out: std::fs::File,
    /// No frame sent yet: the first is sent even if blank, so the screen is known drawn.
    first: bool,
}

impl LocalScreen {
    fn new(w: u16, h: u16, color: bool) -> io::Result<Self> {
        let buf = FrameBuf::default();
        let terminal = Painter::new(CompactBackend::new(buf.clone(), w, h, color), w, h)?;
        Ok(LocalScreen {
            terminal,
            buf,
            frame: Vec::new(),
            out: stdout_file()?,
            first: true,
        })
    }

    fn size(&self) -> (u16, u16) {
        let s = self.terminal.backend().size().unwrap_or_default();
        (s.width, s.height)
    }

    /// The window changed size: the next frame is drawn whole at the new size.
    fn resize(&mut self, w: u16, h: u16) -> io::Result<()> {
        let (w, h) = (w.max(1), h.max(1));
        self.terminal.backend_mut().set_size(w, h);
        self.terminal.resize(Rect::new(0, 0, w, h))
    }

    /// Draws the app and writes what changed as one frame; nothing when nothing changed.
    fn draw(&mut self, app: &App) -> io::Result<()> {
        self.terminal
            .draw_damaged(|f, d| app.render_damaged(f, d))?;
        let mut drawn = self.buf.borrow_mut();
        if drawn.is_empty() && !self.first {
            return Ok(());
        }
        let first = std::mem::replace(&mut self.first, false);
        self.frame.clear();
        encoder::frame_into(&mut self.frame, &drawn);
        drawn.clear();
        drop(drawn);
        // A large frame (the first, a resize) leaves no large buffer behind, nor the memory
        // freed since the start (the terminal's own frame buffers, the settings read).
        let large = self.frame.capacity() > KEEP_FRAME;
        if large || first {
            self.buf.borrow_mut().shrink_to(KEEP_FRAME);
            give_back_freed_memory();
        }
        (&self.out).write_all(&self.frame)?;
        if large {
            self.frame = Vec::new();
        }
        Ok(())
    }
}

/// Returns the heap's free pages to the system (glibc keeps them otherwise): the launcher's
/// memory of its own is then what it uses. Called once per large frame, never per key.
fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only releases memory the allocator holds free; no pointer is
    // given or taken.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The most bytes of frame buffers kept between frames: a key's frame is a few hundred bytes.
const KEEP_FRAME: usize = 4096;

/// Standard output as a file of its own (a duplicate of its descriptor), written unbuffered.
#[cfg(unix)]
fn stdout_file() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(
        io::stdout().as_fd().try_clone_to_owned()?,
    ))
}

#[cfg(windows)]
fn stdout_file() -> io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(
        io::stdout().as_handle().try_clone_to_owned()?,
    ))
}

fn event_loop(screen: &mut LocalScreen, app: &mut App, waiter: &mut Waiter) -> io::Result<Exit> {
    let mut dirty = true;
    let mut parser = InputParser::new();
    while !app.done() {
        if dirty {
            screen.draw(app)?;
            dirty = false;
        }
        let timeout = match app.deadline() {
            Some(at) => {
                let now = Instant::now();
                if at <= now {
                    app.on_deadline();
                    dirty = true;
                    continue;
                }
                Some(at - now)
            }
            None => None,
        };
        match waiter.wait(timeout)? {
            Wake::Timeout => {}
            // Something this terminal shows changed elsewhere (a hosted table): draw again.
            Wake::Nudged => dirty = true,
            Wake::Signal(n) => return Ok(Exit::Signal(n)),
            Wake::Closed => return Ok(Exit::InputClosed),
            Wake::Input => {
                // The window changed size: the size from the system, once per resize.
                if waiter.take_resize()
                    && let Ok((w, h)) = ratatui::crossterm::terminal::size()
                    && screen.size() != (w.max(1), h.max(1))
                {
                    let ev = Event::Resize(w.max(1), h.max(1));
                    screen.resize(w, h)?;
                    dirty |= app.on_event(&ev);
                }
                // What the terminal has to give now; none left to read means it is gone.
                let Some(events) = waiter.read(&mut parser) else {
                    return Ok(Exit::InputClosed);
                };
                for ev in events {
                    if let Event::Resize(w, h) = ev
                        && screen.size() != (w.max(1), h.max(1))
                    {
                        screen.resize(w, h)?;
                    }
                    dirty |= app.on_event(&ev);
                    if app.done() {
                        break;
                    }
                }
            }
        }
    }
    Ok(Exit::Quit)
}

/// Restores the terminal before the default hook prints the panic message.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A computer player that panics while thinking halts its game with the message (see
        // `engine::thinker`): the screen goes on, so the terminal stays as it is and nothing
        // is printed over the board.
        if std::thread::current().name() == Some(crate::engine::thinker::THREAD_NAME) {
            return;
        }
        restore_terminal();
        previous(info);
    }));
}

/// Puts the terminal in the app's mode; dropping it puts it back (normal exit, `?` errors).
struct TerminalGuard;

impl TerminalGuard {
    /// `mouse`: report clicks (off in the settings leaves selecting text to the terminal).
    fn enter(mouse: bool) -> io::Result<Self> {
        enable_raw_mode()?;
        let guard = TerminalGuard;
        let mut out = io::stdout();
        out.write_all(if mouse {
            encoder::ENTER
        } else {
            encoder::ENTER_NO_MOUSE
        })?;
        out.flush()?;
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
    /// How many lines the help overlay is scrolled down (clamped when drawn).
    help_scroll: u16,
    quit: bool,
    theme: Theme,
    /// The terminal's size, once known (the event loop sets it; tests may leave it unset).
    size: Option<(u16, u16)>,
    /// Counts the changes of screen and size: a frame drawn over the one before
    /// ([`App::render_damaged`]) reuses it only when drawn by the same screen.
    epoch: u64,
}

impl App {
    pub fn new(first: Box<dyn Screen>, theme: Theme) -> Self {
        App {
            stack: vec![first],
            help: false,
            help_scroll: 0,
            quit: false,
            theme,
            size: None,
            epoch: 0,
        }
    }

    /// The frame's area, for screens that read events by where they drew (80×24 until known).
    fn area(&self) -> Rect {
        let (w, h) = self.size.unwrap_or((MIN_WIDTH, MIN_HEIGHT));
        Rect::new(0, 0, w, h)
    }

    /// The terminal's size, from the start and from every resize.
    pub fn set_size(&mut self, w: u16, h: u16) {
        self.size = Some((w, h));
        self.epoch += 1;
    }

    /// "Terminal too small" covers the screen: the player cannot see what a key would do, so
    /// nothing acts (no keys, no clicks, no computer players) until the window is larger.
    /// Only Ctrl-C, which quits, still works.
    pub fn too_small(&self) -> bool {
        self.size
            .is_some_and(|(w, h)| w < MIN_WIDTH || h < MIN_HEIGHT)
    }

    /// Every screen's last chance to save, on any way out.
    pub fn on_exit(&mut self) {
        for s in self.stack.iter_mut() {
            s.on_exit();
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

    /// The top screen's deadline; none while a too-small terminal pauses it, or the help
    /// overlay does (unless the screen only follows changes made elsewhere, see
    /// [`Screen::runs_under_help`]).
    pub fn deadline(&self) -> Option<Instant> {
        let top = self.stack.last()?;
        if self.too_small() || (self.help && !top.runs_under_help()) {
            return None;
        }
        top.deadline()
    }

    pub fn on_deadline(&mut self) {
        if let Some(top) = self.stack.last_mut() {
            let nav = top.on_deadline();
            // The help was about the screen that is going away.
            if !matches!(nav, Nav::Stay) {
                self.help = false;
            }
            self.nav(nav);
        }
    }

    /// Handles one terminal event; true when the frame must be redrawn.
    pub fn on_event(&mut self, ev: &Event) -> bool {
        match ev {
            Event::Resize(w, h) => {
                self.set_size(*w, *h);
                return true;
            }
            Event::Key(k) if k.kind == KeyEventKind::Release => return false,
            Event::Key(k) if is_ctrl_c(k) => {
                self.quit = true;
                return true;
            }
            Event::FocusGained | Event::FocusLost | Event::Paste(_) => return false,
            _ if self.too_small() => return false,
            _ => {}
        }
        let Some(top) = self.stack.last_mut() else {
            return false;
        };
        if let Event::Key(k) = ev {
            if self.help {
                // Arrows scroll an overlay taller than the screen; any other key closes it.
                match k.code {
                    KeyCode::Down | KeyCode::Char('j') | KeyCode::PageDown => {
                        self.help_scroll = self.help_scroll.saturating_add(1).min(HELP_SCROLL_MAX);
                    }
                    KeyCode::Up | KeyCode::Char('k') | KeyCode::PageUp => {
                        self.help_scroll = self.help_scroll.saturating_sub(1);
                    }
                    _ => self.help = false,
                }
                return true;
            }
            if k.code == KeyCode::Char('?') && !top.captures_text() {
                self.help = true;
                self.help_scroll = 0;
                return true;
            }
        } else if self.help {
            return false;
        }
        let area = self.area();
        let Some(top) = self.stack.last_mut() else {
            return false;
        };
        let nav = top.on_event_in(ev, area, &self.theme);
        self.nav(nav);
        true
    }

    fn nav(&mut self, nav: Nav) {
        if !matches!(nav, Nav::Stay) {
            self.epoch += 1;
        }
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
        // Boards build their theme from the game context: give them this frame's colours.
        top.render(f, &self.theme);
        if self.help {
            help::render_overlay(
                f,
                &self.theme,
                &top.title(),
                &top.help(),
                &top.legend(),
                self.help_scroll,
            );
        }
    }
}

impl App {
    /// [`App::render`] over the frame drawn before, which the top screen reuses if it drew it
    /// ([`Screen::render_damaged`]); the help overlay and "terminal too small" are drawn whole.
    pub fn render_damaged(&self, f: &mut Frame, d: &mut Damage) {
        let area = f.area();
        match self.stack.last() {
            Some(top) if !self.help && area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT => {
                d.enter(self.epoch);
                top.render_damaged(f, &self.theme, d);
            }
            _ => {
                d.whole(f.buffer_mut());
                self.render(f);
            }
        }
    }
}

/// Help overlays are a few dozen lines; the scroll is clamped to what fits when drawn.
const HELP_SCROLL_MAX: u16 = 200;

fn is_ctrl_c(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c' | 'C'))
}

/// The message shown instead of any screen when the terminal is below 80×24.
pub fn too_small_message(w: u16, h: u16) -> String {
    format!("Terminal too small: need {MIN_WIDTH}×{MIN_HEIGHT}, have {w}×{h}")
}

/// What the keys do meanwhile (see [`App::too_small`]).
pub const TOO_SMALL_KEYS: &str = "Keys wait until the window is larger; Ctrl-C quits.";

/// Draws [`too_small_message`] and [`TOO_SMALL_KEYS`] centred on an otherwise empty frame.
pub fn render_too_small(f: &mut Frame, area: Rect) {
    f.render_widget(Clear, area);
    let msgs = [
        too_small_message(area.width, area.height),
        TOO_SMALL_KEYS.to_string(),
    ];
    let width = usize::from(area.width.max(1));
    let lines: usize = msgs.iter().map(|m| m.width().div_ceil(width).max(1)).sum();
    let row = area.centered_vertically(Constraint::Length(lines as u16));
    f.render_widget(
        Paragraph::new(msgs.map(Line::from).to_vec())
            .centered()
            .wrap(Wrap { trim: true }),
        row,
    );
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{Event, KeyCode, MouseEvent, MouseEventKind};

    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Match, Setup, Table};
    use crate::ui::Registered;
    use crate::ui::demo::Demo;
    use crate::ui::play::Play;
    use crate::ui::testutil::{ch, draw_app, key};

    const THEME: Theme = Theme::new(false, true);

    /// A game against a computer player, with the person to move first.
    fn game() -> App {
        let m = Match::<Demo>::new(Setup {
            options: Default::default(),
            players: vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("Bot 2", "greedy", 7),
            ],
            seed: 42,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("demo setup");
        let table = Table::new(m, Demo::make_bot).expect("table");
        App::new(Box::new(Play::new(table, false)), THEME)
    }

    fn click() -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(ratatui::crossterm::event::MouseButton::Left),
            column: 10,
            row: 5,
            modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
        })
    }

    #[test]
    fn nothing_acts_while_the_terminal_is_too_small() {
        let mut app = game();
        app.on_event(&Event::Resize(60, 18));
        assert!(app.too_small());
        let before = draw_app(&app, 80, 24);
        for ev in [
            ch('2'),
            key(KeyCode::Enter),
            ch('q'),
            key(KeyCode::Esc),
            ch('?'),
            click(),
        ] {
            assert!(!app.on_event(&ev), "{ev:?} asked for a redraw");
        }
        assert!(!app.done() && !app.help_open());
        assert_eq!(
            draw_app(&app, 80, 24),
            before,
            "a key acted on a hidden screen"
        );
        // Back at full size the same key plays, and the computer player's turn waits for it.
        app.on_event(&Event::Resize(80, 24));
        assert!(!app.too_small());
        app.on_event(&ch('2'));
        assert!(draw_app(&app, 80, 24).contains("Total: 2"));
        assert!(app.deadline().is_some());
        // Shrunk again: the computer player waits too, until the board can be seen.
        app.on_event(&Event::Resize(79, 24));
        assert_eq!(app.deadline(), None);
        app.on_event(&Event::Resize(80, 24));
        assert!(app.deadline().is_some());
    }

    #[test]
    fn ctrl_c_still_quits_a_too_small_terminal() {
        let mut app = game();
        app.on_event(&Event::Resize(40, 10));
        app.on_event(&Event::Key(ratatui::crossterm::event::KeyEvent::new(
            KeyCode::Char('c'),
            ratatui::crossterm::event::KeyModifiers::CONTROL,
        )));
        assert!(app.done());
        let shown = draw_app(&app, 60, 18);
        assert!(shown.contains("Terminal too small"), "{shown}");
        assert!(shown.contains("Ctrl-C quits"), "{shown}");
    }

    #[test]
    fn exit_codes() {
        assert_eq!(Exit::Quit.code(), 0);
        assert_eq!(Exit::Signal(15).code(), 143);
        assert_eq!(Exit::Signal(1).code(), 129);
        assert_eq!(Exit::InputClosed.code(), 1);
    }
}

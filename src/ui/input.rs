//! Waiting on the terminal: for input, a deadline, a signal that asks the program to stop, or
//! the terminal going away.
//!
//! The event loop waits here, on the terminal's file descriptor and on the stop signals, and
//! reads the terminal's bytes itself once it has something ([`Waiter::read`], parsed by
//! [`super::key_parser`], the parser remote terminals use): a key costs one wait and one
//! read. (crossterm's `event::read` cannot tell a hung-up terminal apart: on a closed terminal
//! its read returns end of file forever and it spins at full CPU without returning; its own
//! poll before and after each read were two more system calls per key.) A hang-up, end of
//! file, an error on the descriptor, SIGHUP, SIGTERM or SIGINT end the wait with a reason; the
//! app then saves, restores the terminal and exits.
//!
//! A watchdog thread covers any gap left: if a stop signal is not acted on within [`GRACE`]
//! (the main thread stuck), the watchdog restores the terminal and exits the process itself.
//! Logs are written atomically after every action, so exiting from there loses nothing
//! already played.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why [`Waiter::wait`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// The terminal has input (keys, mouse: [`Waiter::read`] gives them) or the window
    /// changed size ([`Waiter::take_resize`]).
    Input,
    /// The timeout passed.
    Timeout,
    /// A signal asked the program to stop (its number).
    Signal(i32),
    /// The terminal hung up or its descriptor failed: no more input will ever come.
    Closed,
    /// Another thread called [`nudge`]: what the screen shows may have changed (a table on
    /// the game server this terminal hosts).
    Nudged,
}

/// Ends the current or next wait of this process's terminal with [`Wake::Nudged`], so the app
/// draws again. Cheap, never blocks; does nothing before the app has started.
pub fn nudge() {
    #[cfg(unix)]
    unix::nudge();
    #[cfg(not(unix))]
    NUDGED.store(true, Ordering::SeqCst);
}

/// Set by [`nudge`] where there is no wake pipe (Windows): the waiter there looks at it
/// between short polls, so a hosted lobby redraws when friends move.
#[cfg_attr(unix, allow(dead_code))]
static NUDGED: AtomicBool = AtomicBool::new(false);

/// How long the waiter without a wake pipe polls the terminal before it looks for a nudge.
#[cfg_attr(unix, allow(dead_code))]
const NUDGE_POLL: Duration = Duration::from_millis(50);

/// Waits for input (`poll(t)`: is there some within `t`?), the timeout or a nudge, in slices
/// of [`NUDGE_POLL`]: the wait of a terminal without Unix descriptors.
#[cfg_attr(unix, allow(dead_code))]
fn wait_polling(
    timeout: Option<Duration>,
    nudged: &AtomicBool,
    mut poll: impl FnMut(Duration) -> io::Result<bool>,
) -> io::Result<Wake> {
    let end = timeout.map(|t| Instant::now() + t);
    loop {
        if nudged.swap(false, Ordering::SeqCst) {
            return Ok(Wake::Nudged);
        }
        let slice = match end {
            Some(end) => {
                let left = end.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Ok(Wake::Timeout);
                }
                left.min(NUDGE_POLL)
            }
            None => NUDGE_POLL,
        };
        if poll(slice)? {
            return Ok(Wake::Input);
        }
    }
}

/// How long a stop signal may go unanswered before the watchdog exits the process.
pub const GRACE: Duration = Duration::from_secs(3);

#[cfg(unix)]
pub use unix::Waiter;

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::{self, IsTerminal, Read};
    use std::os::fd::{AsFd, AsRawFd, RawFd};
    use std::time::Duration;

    use mio::unix::SourceFd;
    use mio::{Events, Interest, Poll, Token};
    use ratatui::crossterm::event::Event;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};
    use signal_hook_mio::v1_0::Signals;

    use super::{GRACE, Wake};
    use crate::ui::key_parser::InputParser;

    /// The most bytes one [`Waiter::read`] takes (keys are a few bytes; a paste may be more,
    /// and the rest is read at the next wait).
    pub(super) const READ_AT_MOST: usize = 4096;

    const TTY: Token = Token(0);
    const SIGNALS: Token = Token(1);
    const NUDGE: Token = Token(2);

    /// The running app's waker, for [`super::nudge`] from other threads.
    static WAKER: std::sync::Mutex<Option<std::sync::Arc<mio::Waker>>> =
        std::sync::Mutex::new(None);

    pub(super) fn nudge() {
        let waker = WAKER.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(w) = waker {
            // A full wake pipe already holds a wake-up: nothing is lost by ignoring the error.
            let _ = w.wake();
        }
    }

    /// The signals that end the program: a closed window or logout, `kill`, an interrupt sent
    /// from outside (Ctrl-C itself is a key in raw mode).
    pub const STOP: [i32; 3] = [SIGHUP, SIGTERM, SIGINT];

    pub struct Waiter {
        poll: Poll,
        events: Events,
        signals: Signals,
        /// The descriptor watched, and the terminal read from it: standard input's own
        /// descriptor, or an opened `/dev/tty` (or a test's pipe), and a file on it (a
        /// duplicate of standard input's descriptor).
        fd: RawFd,
        file: File,
        /// The last wait saw the terminal readable: [`Waiter::read`] reads (only then, as the
        /// descriptor blocks).
        readable: bool,
        waker: std::sync::Arc<mio::Waker>,
        /// The terminal has hung up: every later wait says so at once (an edge-triggered poll
        /// would not report it twice).
        closed: bool,
        /// The window changed size since [`Waiter::take_resize`] last looked.
        resized: bool,
    }

    impl Waiter {
        /// Watches the terminal crossterm reads (standard input if it is a terminal, else
        /// `/dev/tty`) and the stop signals, and starts the watchdog.
        pub fn new() -> io::Result<Self> {
            let stdin = io::stdin();
            let (fd, file) = if stdin.is_terminal() {
                (
                    stdin.as_raw_fd(),
                    File::from(stdin.as_fd().try_clone_to_owned()?),
                )
            } else {
                let f = File::open("/dev/tty")?;
                (f.as_raw_fd(), f)
            };
            let w = Waiter::watch(fd, file)?;
            *WAKER.lock().unwrap_or_else(|e| e.into_inner()) = Some(w.waker.clone());
            start_watchdog()?;
            Ok(w)
        }

        /// Watches `file`'s descriptor instead of a terminal (tests), without a watchdog.
        pub fn on_file(file: File) -> io::Result<Self> {
            Waiter::watch(file.as_raw_fd(), file)
        }

        fn watch(fd: RawFd, file: File) -> io::Result<Self> {
            let poll = Poll::new()?;
            poll.registry()
                .register(&mut SourceFd(&fd), TTY, Interest::READABLE)?;
            // SIGWINCH wakes the wait; the loop reads the new size (`take_resize`).
            let mut signals = Signals::new(STOP.iter().copied().chain([SIGWINCH]))?;
            poll.registry()
                .register(&mut signals, SIGNALS, Interest::READABLE)?;
            let waker = std::sync::Arc::new(mio::Waker::new(poll.registry(), NUDGE)?);
            Ok(Waiter {
                waker,
                poll,
                events: Events::with_capacity(4),
                signals,
                fd,
                file,
                readable: false,
                closed: false,
                resized: false,
            })
        }

        /// Blocks until there is input, `timeout` passes (`None`: no timeout), a stop signal
        /// arrives or the terminal goes away. Uses no CPU while it waits.
        pub fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Wake> {
            if self.closed {
                return Ok(Wake::Closed);
            }
            loop {
                match self.poll.poll(&mut self.events, timeout) {
                    Ok(()) => {}
                    // A signal handler ran (SIGWINCH, or one of ours): look at the pipe.
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
                let mut input = false;
                let mut closed = false;
                let mut signalled = false;
                let mut nudged = false;
                for ev in self.events.iter() {
                    match ev.token() {
                        TTY if ev.is_read_closed() || ev.is_error() => closed = true,
                        TTY => input = true,
                        SIGNALS => signalled = true,
                        NUDGE => nudged = true,
                        _ => {}
                    }
                }
                // Signals first: a resize that comes with a stop signal does not matter.
                let mut resized = false;
                if signalled || self.events.is_empty() {
                    for sig in self.signals.pending() {
                        if STOP.contains(&sig) {
                            return Ok(Wake::Signal(sig));
                        }
                        resized = true;
                    }
                }
                if closed {
                    self.closed = true;
                    return Ok(Wake::Closed);
                }
                self.resized |= resized;
                self.readable |= input;
                if input || resized {
                    return Ok(Wake::Input);
                }
                if nudged {
                    return Ok(Wake::Nudged);
                }
                if self.events.is_empty() && timeout.is_some() {
                    return Ok(Wake::Timeout);
                }
            }
        }

        /// The events in what the terminal has to give, once a wait said it had input (none
        /// otherwise: a wait woken by a resize alone has nothing to read, and a read would
        /// block). One read of at most [`READ_AT_MOST`] bytes; if it took that many, the next
        /// wait returns at once for the rest (the wait is edge-triggered and would not say
        /// again). `None`: the terminal is gone (end of file, a read error), as every later
        /// wait then says.
        pub fn read(&mut self, parser: &mut InputParser) -> Option<Vec<Event>> {
            if self.closed {
                return None;
            }
            // The wait is edge-triggered: a key that came between the wait and the last read
            // was read then, yet the wait may still report it. Only a descriptor that has
            // input now is read (the read blocks).
            if !std::mem::take(&mut self.readable) || !has_input(self.fd) {
                return Some(Vec::new());
            }
            let mut buf = [0u8; READ_AT_MOST];
            let n = loop {
                match self.file.read(&mut buf) {
                    Ok(0) => {
                        self.closed = true;
                        return None;
                    }
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Some(Vec::new()),
                    Err(_) => {
                        self.closed = true;
                        return None;
                    }
                }
            };
            if n == buf.len() {
                // Registered again, the descriptor is reported at the next wait if it still
                // has input; should that fail, the next keys will wake it.
                let _ = self.poll.registry().reregister(
                    &mut SourceFd(&self.fd),
                    TTY,
                    Interest::READABLE,
                );
            }
            Some(parser.feed(&buf[..n]))
        }

        /// Whether the window changed size since the last call (the wait sees the signal).
        pub fn take_resize(&mut self) -> bool {
            std::mem::take(&mut self.resized)
        }

        /// The descriptor watched (for tests).
        pub fn fd(&self) -> RawFd {
            self.fd
        }

        /// Ends a wait from another thread, as [`super::nudge`] does for the app's waiter.
        pub fn waker(&self) -> std::sync::Arc<mio::Waker> {
            self.waker.clone()
        }
    }

    /// Whether `fd` has input now (or has hung up, which a read then says), without waiting.
    fn has_input(fd: RawFd) -> bool {
        let mut p = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: `p` is one valid `pollfd`, and the count given is one.
        unsafe { libc::poll(&mut p, 1, 0) > 0 }
    }

    /// A thread that waits for a stop signal and, if the process is still running
    /// [`GRACE`] later (its main thread stuck), restores the terminal and exits.
    fn start_watchdog() -> io::Result<()> {
        let mut signals = signal_hook::iterator::Signals::new(STOP)?;
        std::thread::Builder::new()
            .name("signal watchdog".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    std::thread::sleep(GRACE);
                    super::restore_terminal();
                    std::process::exit(128 + sig);
                }
            })?;
        Ok(())
    }
}

/// Without Unix descriptors and signals: crossterm's own wait, which never reports a closed
/// terminal (the console closes the process itself), in short slices so that a nudge ends it.
#[cfg(not(unix))]
pub struct Waiter;

#[cfg(not(unix))]
impl Waiter {
    pub fn new() -> io::Result<Self> {
        Ok(Waiter)
    }

    /// crossterm reports every resize as an event here.
    pub fn take_resize(&mut self) -> bool {
        false
    }

    /// Every event crossterm has now; `None` when reading fails (the terminal is gone).
    pub fn read(
        &mut self,
        _parser: &mut super::key_parser::InputParser,
    ) -> Option<Vec<ratatui::crossterm::event::Event>> {
        use ratatui::crossterm::event;
        let mut events = Vec::new();
        loop {
            match event::poll(Duration::ZERO) {
                Ok(true) => events.push(event::read().ok()?),
                Ok(false) => return Some(events),
                Err(_) => return None,
            }
        }
    }

    pub fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Wake> {
        wait_polling(timeout, &NUDGED, ratatui::crossterm::event::poll)
    }
}

/// The wait without a wake pipe, run here on any system with a stand-in for the terminal.
#[cfg(test)]
mod polling_tests {
    use super::*;

    #[test]
    fn a_nudge_input_or_the_timeout_ends_the_polling_wait() {
        let nudged = AtomicBool::new(true);
        let never = |_: Duration| Ok(false);
        assert_eq!(wait_polling(None, &nudged, never).ok(), Some(Wake::Nudged));
        assert!(!nudged.load(Ordering::SeqCst), "a nudge is taken once");
        let zero = Some(Duration::ZERO);
        assert_eq!(wait_polling(zero, &nudged, never).ok(), Some(Wake::Timeout));
        // Input after a few empty slices, with no timeout: each slice is short.
        let mut slices = Vec::new();
        let got = wait_polling(None, &nudged, |t| {
            slices.push(t);
            Ok(slices.len() == 3)
        });
        assert_eq!(got.ok(), Some(Wake::Input));
        assert!(slices.iter().all(|&t| t <= NUDGE_POLL), "{slices:?}");
        // A nudge from another thread between two slices ends a wait that has no end.
        let polls = std::sync::atomic::AtomicUsize::new(0);
        let got = wait_polling(None, &nudged, |_| {
            if polls.fetch_add(1, Ordering::SeqCst) == 2 {
                nudged.store(true, Ordering::SeqCst);
            }
            Ok(false)
        });
        assert_eq!(got.ok(), Some(Wake::Nudged));
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::io::Write;
    use std::time::Duration;

    use super::unix::READ_AT_MOST;
    use super::*;

    fn pipe_waiter() -> (Waiter, std::io::PipeWriter) {
        let (reader, writer) = std::io::pipe().expect("pipe");
        let file = std::fs::File::from(std::os::fd::OwnedFd::from(reader));
        (Waiter::on_file(file).expect("waiter"), writer)
    }

    #[test]
    fn input_then_timeout() {
        let (mut w, mut tx) = pipe_waiter();
        assert_eq!(
            w.wait(Some(Duration::from_millis(10))).expect("wait"),
            Wake::Timeout
        );
        tx.write_all(b"x").expect("write");
        assert_eq!(w.wait(None).expect("wait"), Wake::Input);
    }

    #[test]
    fn another_thread_can_end_a_wait() {
        let (mut w, _tx) = pipe_waiter();
        let waker = w.waker();
        let t = std::thread::spawn(move || waker.wake().expect("wake"));
        // No timeout: only the nudge can end this wait.
        assert_eq!(w.wait(None).expect("wait"), Wake::Nudged);
        t.join().expect("thread");
    }

    #[test]
    fn a_closed_input_ends_the_wait_instead_of_spinning() {
        let (mut w, tx) = pipe_waiter();
        drop(tx);
        // Without a timeout: a closed input must not block forever either.
        assert_eq!(w.wait(None).expect("wait"), Wake::Closed);
        assert_eq!(w.wait(None).expect("wait"), Wake::Closed);
    }

    #[test]
    fn keys_are_read_after_a_wait_and_end_of_file_is_the_end() {
        use crate::ui::key_parser::InputParser;
        use ratatui::crossterm::event::{Event, KeyCode};
        let (mut w, mut tx) = pipe_waiter();
        let mut parser = InputParser::new();
        // Before a wait said there was input, nothing is read (a read would block).
        assert_eq!(w.read(&mut parser), Some(Vec::new()));
        tx.write_all(b"a\x1b[B").expect("write");
        assert_eq!(w.wait(None).expect("wait"), Wake::Input);
        let codes: Vec<KeyCode> = w
            .read(&mut parser)
            .expect("open")
            .into_iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some(k.code),
                _ => None,
            })
            .collect();
        assert_eq!(codes, vec![KeyCode::Char('a'), KeyCode::Down]);
        // Read once per wait.
        assert_eq!(w.read(&mut parser), Some(Vec::new()));
        // A wait that reports input already read (it came after the wait, before the read)
        // reads nothing rather than blocking.
        tx.write_all(b"b").expect("write");
        assert_eq!(w.wait(None).expect("wait"), Wake::Input);
        tx.write_all(b"c").expect("write");
        assert_eq!(w.read(&mut parser).map(|e| e.len()), Some(2));
        // (Whether the wait reports the second byte again depends on the kernel.)
        let again = w.wait(Some(Duration::from_millis(100))).expect("wait");
        assert!(matches!(again, Wake::Input | Wake::Timeout), "{again:?}");
        assert_eq!(w.read(&mut parser), Some(Vec::new()));
        // More than one read takes: the rest is there at the next wait.
        let many = vec![b'x'; READ_AT_MOST + 10];
        let t = std::thread::spawn(move || {
            tx.write_all(&many).expect("write");
            tx
        });
        let mut got = 0;
        while got < READ_AT_MOST + 10 {
            assert_eq!(
                w.wait(Some(Duration::from_secs(20))).expect("wait"),
                Wake::Input
            );
            got += w.read(&mut parser).expect("open").len();
        }
        assert_eq!(got, READ_AT_MOST + 10);
        let tx = t.join().expect("writer");
        drop(tx);
        // End of file: the terminal is gone, for every later read and wait.
        assert_eq!(w.wait(None).expect("wait"), Wake::Closed);
        assert_eq!(w.read(&mut parser), None);
        assert_eq!(w.wait(None).expect("wait"), Wake::Closed);
    }

    #[test]
    fn input_followed_by_a_hang_up_is_a_hang_up() {
        let (mut w, mut tx) = pipe_waiter();
        tx.write_all(b"keys").expect("write");
        drop(tx);
        assert_eq!(w.wait(None).expect("wait"), Wake::Closed);
    }
}

/// Leaves raw mode and the alternate screen, shows the cursor again. Safe to call twice.
pub fn restore_terminal() {
    use std::io::Write;
    let mut out = io::stdout();
    let _ = out.write_all(super::encoder::LEAVE);
    let _ = out.flush();
    let _ = ratatui::crossterm::terminal::disable_raw_mode();
}

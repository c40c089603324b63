//! One connection's game: an [`App`] on its own thread, drawing into frames for the client and
//! reading the client's keys. Nothing here knows about SSH: the transport hands in [`In`]
//! messages and takes out frames through an [`Outbox`].

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::ui::painter::Painter;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use super::remote_term::{self, FrameBuf, RemoteBackend};
use super::{Peer, Wake};
use crate::host::limits;
use crate::ui::Screen;
use crate::ui::app::App;
use crate::ui::key_parser::InputParser;
use crate::ui::theme::Theme;

/// What the transport tells a connection's thread.
#[derive(Debug)]
pub enum In {
    /// Bytes the client's terminal sent (at most [`limits::MAX_READ`] of one read).
    Data(Vec<u8>),
    /// The client's window is now this many columns and rows.
    Resize(u16, u16),
    /// Something this connection shows may have changed (see [`Wake`]).
    Wake,
    /// The client left: save and end.
    Close,
    /// The server is stopping: save, show the client these words, and end.
    Stop(String),
}

/// Why a connection's thread ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player quit.
    Quit,
    /// The client left (or the transport closed the connection).
    Closed,
    /// No key press for [`limits::IDLE`].
    Idle,
    /// The client did not take its frames: [`limits::OUTPUT_QUEUE`] bytes were waiting.
    NotReading,
    /// The server stopped.
    Stopped,
}

impl End {
    /// Why, in the server's log.
    pub fn reason(self) -> &'static str {
        match self {
            End::Quit => "quit",
            End::Closed => "closed",
            End::Idle => "idle",
            End::NotReading => "not reading",
            End::Stopped => "server stopping",
        }
    }
}

/// Frames on their way to the client: the connection's thread puts them in, the transport
/// takes them out as the client's window allows. Bounded by bytes waiting.
#[derive(Clone, Default)]
pub struct Outbox {
    inner: Arc<OutboxInner>,
}

#[derive(Default)]
struct OutboxInner {
    frames: Mutex<VecDeque<Vec<u8>>>,
    waiting: AtomicUsize,
    closed: AtomicBool,
    notify: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
}

impl Outbox {
    pub fn new() -> Self {
        Self::default()
    }

    /// Called whenever a frame is put in or the outbox closes (the transport's wake-up).
    pub fn on_ready(&self, f: impl Fn() + Send + Sync + 'static) {
        *self.inner.notify.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(f));
    }

    fn ready(&self) {
        let f = self
            .inner
            .notify
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(f) = f {
            f();
        }
    }

    /// Queues a frame; false when more than [`limits::OUTPUT_QUEUE`] bytes already wait.
    pub fn push(&self, frame: Vec<u8>) -> bool {
        self.push_within(frame, limits::OUTPUT_QUEUE)
    }

    fn push_within(&self, frame: Vec<u8>, limit: usize) -> bool {
        if self.inner.waiting.load(Ordering::SeqCst) > limit {
            return false;
        }
        self.inner.waiting.fetch_add(frame.len(), Ordering::SeqCst);
        self.inner
            .frames
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(frame);
        self.ready();
        true
    }

    /// The next frame to send, if any.
    pub fn pop(&self) -> Option<Vec<u8>> {
        self.inner
            .frames
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front()
    }

    /// A frame taken with [`Outbox::pop`] has reached the client's window.
    pub fn sent(&self, n: usize) {
        let _ = self
            .inner
            .waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |w| {
                Some(w.saturating_sub(n))
            });
    }

    pub fn waiting(&self) -> usize {
        self.inner.waiting.load(Ordering::SeqCst)
    }

    /// No more frames will come: the transport sends what is queued, then closes the channel.
    pub fn close(&self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        self.ready();
    }

    pub fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::SeqCst)
    }
}

/// A [`Wake`] that posts [`In::Wake`] to the connection's thread, once until it is handled:
/// a hub waking a connection a thousand times before it draws costs one redraw.
pub fn wake_for(tx: Sender<In>) -> (Wake, Arc<AtomicBool>) {
    let pending = Arc::new(AtomicBool::new(false));
    let flag = pending.clone();
    let tx = Mutex::new(tx);
    let wake = Wake::new(move || {
        if !flag.swap(true, Ordering::SeqCst) {
            let _ = tx.lock().unwrap_or_else(|e| e.into_inner()).send(In::Wake);
        }
    });
    (wake, pending)
}

/// Everything a connection's thread needs.
pub struct Setup {
    pub peer: Peer,
    pub size: (u16, u16),
    pub ascii: bool,
    pub rx: Receiver<In>,
    pub wake: Wake,
    pub wake_pending: Arc<AtomicBool>,
    pub out: Outbox,
    pub idle: Duration,
}

/// Runs one connection to its end: the first screen from `welcome`, then keys, resizes and
/// wakes until the player quits or the client leaves. Every way out saves (the screens'
/// `on_exit`) and restores the client's terminal.
pub fn run(setup: Setup, welcome: &dyn Fn(Peer, Wake) -> Box<dyn Screen>) -> End {
    let Setup {
        peer,
        size: (mut w, mut h),
        ascii,
        rx,
        wake,
        wake_pending,
        out,
        idle,
    } = setup;
    let theme = Theme::new(ascii, peer.color);
    let name = peer.name.clone();
    let buf: FrameBuf = Default::default();
    let mut terminal = match Painter::new(RemoteBackend::new(buf.clone(), w, h, peer.color), w, h) {
        Ok(t) => t,
        Err(_) => return End::Closed,
    };
    let mut app = App::new(welcome(peer, wake), theme);
    app.set_size(w, h);
    let mut parser = InputParser::new();
    let mut last_input = Instant::now();
    let mut sent_enter = false;
    let mut dirty = true;
    // Window changes: only the latest is drawn, at most once every [`limits::RESIZE_EVERY`],
    // so a client sending hundreds a second costs a few frames, not hundreds.
    let mut resize: Option<(u16, u16)> = None;
    let mut next_resize = Instant::now();
    let mut farewell = None;
    let end = loop {
        if app.done() {
            break End::Quit;
        }
        if dirty {
            dirty = false;
            if terminal
                .draw_damaged(|f, d| app.render_damaged(f, d))
                .is_err()
            {
                break End::Closed;
            }
            let drawn = std::mem::take(&mut *buf.borrow_mut());
            if !drawn.is_empty() || !sent_enter {
                let mut frame = Vec::with_capacity(drawn.len() + 40);
                if !sent_enter {
                    frame.extend_from_slice(remote_term::ENTER);
                    sent_enter = true;
                }
                frame.extend_from_slice(remote_term::BEGIN_FRAME);
                frame.extend_from_slice(&drawn);
                frame.extend_from_slice(remote_term::END_FRAME);
                if !out.push(frame) {
                    break End::NotReading;
                }
            }
        }
        // The deadline first, the clock after: a screen that wants to act "now" (a table
        // changed at the server) gives `Instant::now()`, which must count as passed.
        let deadline = app.deadline();
        let now = Instant::now();
        if let Some((nw, nh)) = resize.filter(|_| now >= next_resize) {
            resize = None;
            next_resize = now + limits::RESIZE_EVERY;
            (w, h) = (nw.clamp(1, limits::MAX_COLS), nh.clamp(1, limits::MAX_ROWS));
            terminal.backend_mut().set_size(w, h);
            // Resizing clears the screen and the frame before: the next draw is whole.
            if terminal.resize(Rect::new(0, 0, w, h)).is_err() {
                break End::Closed;
            }
            app.on_event(&Event::Resize(w, h));
            dirty = true;
            continue;
        }
        let mut timeout = (last_input + idle).saturating_duration_since(now);
        if resize.is_some() {
            timeout = timeout.min(next_resize.saturating_duration_since(now));
        }
        if let Some(at) = deadline {
            if at <= now {
                app.on_deadline();
                dirty = true;
                continue;
            }
            timeout = timeout.min(at - now);
        }
        match rx.recv_timeout(timeout) {
            Ok(In::Data(bytes)) => {
                last_input = Instant::now();
                for ev in parser.feed(&bytes) {
                    dirty |= app.on_event(&ev);
                    if app.done() {
                        break;
                    }
                }
            }
            Ok(In::Resize(nw, nh)) => resize = Some((nw, nh)),
            Ok(In::Wake) => {
                wake_pending.store(false, Ordering::SeqCst);
                dirty = true;
            }
            Ok(In::Close) | Err(RecvTimeoutError::Disconnected) => break End::Closed,
            Ok(In::Stop(words)) => {
                farewell = Some(words);
                break End::Stopped;
            }
            Err(RecvTimeoutError::Timeout) => {
                if last_input.elapsed() >= idle {
                    break End::Idle;
                }
            }
        }
    };
    app.on_exit();
    if end != End::Closed && end != End::NotReading {
        let mut bye = remote_term::LEAVE.to_vec();
        if end == End::Idle {
            bye.extend_from_slice(
                b"hotseat: closed after an hour without a key press; your seat is kept.\r\n",
            );
        }
        if let Some(words) = &farewell {
            // The join command names this person.
            bye.extend_from_slice(words.replace("<their name>", &name).as_bytes());
        }
        // The last frame may not fit any more; the connection closes either way.
        let _ = out.push(bye);
    }
    out.close();
    end
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread;

    use ratatui::Frame;
    use ratatui::crossterm::event::KeyCode;
    use ratatui::widgets::Paragraph;

    use super::*;
    use crate::ui::Nav;

    /// A screen that counts key presses and shows how often the hub woke it.
    struct Counter {
        keys: usize,
        woken: Arc<AtomicUsize>,
        /// Set from the test: the screen wants to act "now", as a play screen does when its
        /// server table changed.
        due: Arc<AtomicBool>,
        deadlines: usize,
    }

    impl Screen for Counter {
        fn render(&self, f: &mut Frame, _theme: &Theme) {
            let text = format!(
                "keys {} woken {} deadlines {}",
                self.keys,
                self.woken.load(Ordering::SeqCst),
                self.deadlines
            );
            f.render_widget(Paragraph::new(text), f.area());
        }
        fn on_event(&mut self, ev: &Event) -> Nav {
            match ev {
                Event::Key(k) if k.code == KeyCode::Char('q') => Nav::Quit,
                Event::Key(_) => {
                    self.keys += 1;
                    Nav::Stay
                }
                _ => Nav::Stay,
            }
        }
        fn deadline(&self) -> Option<Instant> {
            self.due.load(Ordering::SeqCst).then(Instant::now)
        }
        fn on_deadline(&mut self) -> Nav {
            self.due.store(false, Ordering::SeqCst);
            self.deadlines += 1;
            Nav::Stay
        }
    }

    struct Running {
        tx: Sender<In>,
        out: Outbox,
        wake: Wake,
        woken: Arc<AtomicUsize>,
        due: Arc<AtomicBool>,
        thread: thread::JoinHandle<End>,
    }

    fn start(w: u16, h: u16, color: bool, idle: Duration) -> Running {
        let (tx, rx) = mpsc::channel();
        let (wake, wake_pending) = wake_for(tx.clone());
        let out = Outbox::new();
        let woken = Arc::new(AtomicUsize::new(0));
        let setup = Setup {
            peer: Peer::new("ann".into(), None, "127.0.0.1".parse().expect("ip"), color),
            size: (w, h),
            ascii: false,
            rx,
            wake: wake.clone(),
            wake_pending,
            out: out.clone(),
            idle,
        };
        let w2 = woken.clone();
        let due = Arc::new(AtomicBool::new(false));
        let d2 = due.clone();
        let thread = thread::spawn(move || {
            run(setup, &move |_peer, _wake| {
                Box::new(Counter {
                    keys: 0,
                    woken: w2.clone(),
                    due: d2.clone(),
                    deadlines: 0,
                })
            })
        });
        Running {
            tx,
            out,
            wake,
            woken,
            due,
            thread,
        }
    }

    /// Everything sent so far, as the client's terminal shows it.
    fn shown(out: &Outbox, parser: &mut vt100::Parser) -> String {
        while let Some(f) = out.pop() {
            out.sent(f.len());
            parser.process(&f);
        }
        parser.screen().contents()
    }

    fn parser(w: u16, h: u16) -> vt100::Parser {
        vt100::Parser::new(
            std::num::NonZeroU16::new(h).expect("h"),
            std::num::NonZeroU16::new(w).expect("w"),
            0,
        )
    }

    fn wait_for(out: &Outbox, p: &mut vt100::Parser, text: &str) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let s = shown(out, p);
            if s.contains(text) {
                return s;
            }
            assert!(Instant::now() < end, "never showed {text:?}:\n{s}");
            thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn keys_wakes_resizes_and_quit() {
        let r = start(80, 24, true, limits::IDLE);
        let mut p = parser(80, 24);
        wait_for(&r.out, &mut p, "keys 0 woken 0");
        assert!(p.screen().alternate_screen() && p.screen().hide_cursor());
        r.tx.send(In::Data(b"ab\x1b[A".to_vec())).expect("send");
        wait_for(&r.out, &mut p, "keys 3");
        // The hub changed something: the connection redraws without a key.
        r.woken.store(5, Ordering::SeqCst);
        r.wake.wake();
        wait_for(&r.out, &mut p, "woken 5");
        r.tx.send(In::Resize(100, 30)).expect("send");
        let mut p = parser(100, 30);
        wait_for(&r.out, &mut p, "keys 3 woken 5");
        r.tx.send(In::Data(b"q".to_vec())).expect("send");
        assert_eq!(r.thread.join().expect("thread"), End::Quit);
        shown(&r.out, &mut p);
        assert!(r.out.is_closed());
        // The client's terminal is back as it was.
        let s = p.screen();
        assert!(!s.alternate_screen() && !s.hide_cursor());
        assert_eq!(s.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    }

    /// Found in tmux: a screen whose deadline is "now" (a play screen whose server table
    /// changed) was never called, because the clock was read before the deadline; the other
    /// terminal's move showed only after a key.
    #[test]
    fn a_wake_with_a_deadline_of_now_runs_it() {
        let r = start(80, 24, true, limits::IDLE);
        let mut p = parser(80, 24);
        wait_for(&r.out, &mut p, "deadlines 0");
        r.due.store(true, Ordering::SeqCst);
        r.wake.wake();
        wait_for(&r.out, &mut p, "deadlines 1");
        assert!(!r.due.load(Ordering::SeqCst));
        r.tx.send(In::Close).expect("send");
        assert_eq!(r.thread.join().expect("thread"), End::Closed);
    }

    #[test]
    fn a_small_window_shows_the_too_small_message_and_ctrl_c_quits() {
        let r = start(40, 10, false, limits::IDLE);
        let mut p = parser(40, 10);
        wait_for(&r.out, &mut p, "Terminal too small");
        r.tx.send(In::Data(b"\x03".to_vec())).expect("send");
        assert_eq!(r.thread.join().expect("thread"), End::Quit);
    }

    /// Found by a hostile test: 600 window changes in 0.05 s kept the server busy for 58 s
    /// and made 27 MB of frames. Only the latest size is drawn, a few times a second.
    #[test]
    fn a_storm_of_resizes_draws_the_last_size_a_few_times() {
        let r = start(80, 24, true, limits::IDLE);
        let mut p = parser(80, 24);
        wait_for(&r.out, &mut p, "keys 0");
        let (mut frames, mut bytes) = (0usize, 0usize);
        // Every frame from here on is counted as the client takes it.
        let mut take = |p: &mut vt100::Parser, text: &str| {
            let end = Instant::now() + Duration::from_secs(20);
            loop {
                while let Some(f) = r.out.pop() {
                    r.out.sent(f.len());
                    frames += 1;
                    bytes += f.len();
                    p.process(&f);
                }
                if p.screen().contents().contains(text) {
                    return;
                }
                assert!(Instant::now() < end, "never showed {text:?}");
                thread::sleep(Duration::from_millis(5));
            }
        };
        let t0 = Instant::now();
        for i in 0..600u16 {
            // Sizes past any real terminal are drawn at the largest one.
            r.tx.send(In::Resize(10_000 - i, 10_000 - i)).expect("send");
        }
        r.tx.send(In::Resize(90, 30)).expect("send");
        r.tx.send(In::Data(b"x".to_vec())).expect("send");
        let mut p = parser(90, 30);
        take(&mut p, "keys 1");
        let elapsed = t0.elapsed();
        // One frame per RESIZE_EVERY at most, and the key's.
        let windows = (elapsed.as_millis() / limits::RESIZE_EVERY.as_millis()) as usize + 2;
        assert!(frames <= windows + 1, "{frames} frames in {elapsed:?}");
        assert!(bytes < 1_000_000, "{bytes} bytes of frames");
        r.tx.send(In::Close).expect("send");
        assert_eq!(r.thread.join().expect("thread"), End::Closed);
    }

    #[test]
    fn closing_ends_the_thread() {
        let r = start(80, 24, true, limits::IDLE);
        r.tx.send(In::Close).expect("send");
        assert_eq!(r.thread.join().expect("thread"), End::Closed);
        assert!(r.out.is_closed());
    }

    #[test]
    fn an_idle_connection_is_closed_with_a_word() {
        let r = start(80, 24, true, Duration::from_millis(300));
        let mut p = parser(80, 24);
        assert_eq!(r.thread.join().expect("thread"), End::Idle);
        shown(&r.out, &mut p);
        assert!(p.screen().contents().contains("without a key press"));
    }

    #[test]
    fn a_client_that_takes_no_frames_is_dropped() {
        let r = start(80, 24, true, limits::IDLE);
        // Nobody pops the outbox; every wake makes a frame (the count changes each time).
        let mut n = 0;
        while !r.thread.is_finished() {
            n += 1;
            r.woken.store(n, Ordering::SeqCst);
            r.wake.wake();
            // Pretend each frame is large so the test is quick.
            r.out.inner.waiting.fetch_add(64 * 1024, Ordering::SeqCst);
            thread::sleep(Duration::from_millis(1));
            assert!(n < 100_000, "never dropped");
        }
        assert_eq!(r.thread.join().expect("thread"), End::NotReading);
    }

    #[test]
    fn many_wakes_before_a_draw_cost_one_message() {
        let (tx, rx) = mpsc::channel();
        let (wake, pending) = wake_for(tx);
        for _ in 0..1000 {
            wake.wake();
        }
        assert_eq!(rx.try_iter().count(), 1);
        pending.store(false, Ordering::SeqCst);
        wake.wake();
        assert_eq!(rx.try_iter().count(), 1);
    }

    #[test]
    fn the_outbox_refuses_past_its_bound() {
        let o = Outbox::new();
        assert!(o.push_within(vec![0; 10], 15));
        assert!(o.push_within(vec![0; 10], 15));
        assert!(!o.push_within(vec![0; 10], 15));
        let f = o.pop().expect("frame");
        o.sent(f.len());
        assert_eq!(o.waiting(), 10);
    }
}

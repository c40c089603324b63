//! Drives the real `hotseat` binary in a pseudo-terminal and reads its screen through a vt100
//! parser. Screens are read only at frame boundaries (the synchronized-update end marker), so a
//! test never sees half a frame.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

const FRAME_END: &[u8] = b"\x1b[?2026l";
const CURSOR_QUERY: &[u8] = b"\x1b[6n";

struct Shared {
    parser: vt100::Parser,
    /// The screen as of the last complete frame.
    frame: String,
    frames: usize,
    pending: Vec<u8>,
    raw: Vec<u8>,
    eof: bool,
    /// Cursor-position queries are answered (false: a terminal that never answers anything).
    answers: bool,
}

pub struct Term {
    shared: Arc<Mutex<Shared>>,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Box<dyn Child + Send + Sync>,
    /// Kept open while the program runs; also how the window is resized. `None` once
    /// [`Term::hang_up`] closed it.
    master: Option<Box<dyn portable_pty::MasterPty + Send>>,
    /// Tells the reader thread to stop and close its end of the terminal.
    stop_reading: Arc<AtomicBool>,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

impl Term {
    pub fn spawn(args: &[&str], home: &Path, cwd: &Path, cols: u16, rows: u16) -> Term {
        Term::spawn_program(env!("CARGO_BIN_EXE_hotseat"), args, home, cwd, cols, rows)
    }

    /// Runs `hotseat <args>` with the hang-up signal ignored, as `nohup` or a shell's
    /// `trap '' HUP` leaves it: a closed terminal then kills nothing by itself.
    pub fn spawn_ignoring_hangup(args: &[&str], home: &Path, cols: u16, rows: u16) -> Term {
        let mut sh_args = vec![
            "-c",
            "trap '' HUP; exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_hotseat"),
        ];
        sh_args.extend_from_slice(args);
        Term::spawn_program("sh", &sh_args, home, home, cols, rows)
    }

    pub fn spawn_program(
        program: &str,
        args: &[&str],
        home: &Path,
        cwd: &Path,
        cols: u16,
        rows: u16,
    ) -> Term {
        Term::spawn_answering(program, args, home, cwd, cols, rows, true)
    }

    /// Runs `hotseat <args>` on a terminal that never answers a query (some serial consoles,
    /// multiplexers and slow links): a program that waits for a reply waits in vain.
    pub fn spawn_mute(args: &[&str], home: &Path, cols: u16, rows: u16) -> Term {
        let program = env!("CARGO_BIN_EXE_hotseat");
        Term::spawn_answering(program, args, home, home, cols, rows, false)
    }

    fn spawn_answering(
        program: &str,
        args: &[&str],
        home: &Path,
        cwd: &Path,
        cols: u16,
        rows: u16,
        answers: bool,
    ) -> Term {
        let pty = native_pty_system();
        let pair = pty
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.cwd(cwd);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOTSEAT_HOME", home);
        cmd.env("HOME", home);
        // The user's own settings file must not change what a test sees: an empty one of the
        // test's own (a file $HOTSEAT_CONFIG names must exist).
        let config = home.join("config.toml");
        if !config.exists() {
            std::fs::write(&config, "").expect("an empty settings file");
        }
        cmd.env("HOTSEAT_CONFIG", config);
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).expect("spawn hotseat");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer: Arc<Mutex<Box<dyn Write + Send>>> =
            Arc::new(Mutex::new(pair.master.take_writer().expect("pty writer")));
        let rows_nz = std::num::NonZeroU16::new(rows).expect("rows");
        let cols_nz = std::num::NonZeroU16::new(cols).expect("cols");
        let shared = Arc::new(Mutex::new(Shared {
            parser: vt100::Parser::new(rows_nz, cols_nz, 0),
            frame: String::new(),
            frames: 0,
            pending: Vec::new(),
            raw: Vec::new(),
            eof: false,
            answers,
        }));
        let (sh, wr) = (shared.clone(), writer.clone());
        let master = pair.master;
        let stop_reading = Arc::new(AtomicBool::new(false));
        let stop = stop_reading.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                let n = match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let mut s = sh.lock().expect("lock");
                s.raw.extend_from_slice(&buf[..n]);
                s.pending.extend_from_slice(&buf[..n]);
                // Answer cursor-position queries as a real terminal would.
                while let Some(i) = find(&s.pending, CURSOR_QUERY).filter(|_| s.answers) {
                    let before: Vec<u8> = s.pending.drain(..i + CURSOR_QUERY.len()).collect();
                    s.parser.process(&before[..i]);
                    let (r, c) = s.parser.screen().cursor_position();
                    let _ = write!(wr.lock().expect("lock"), "\x1b[{};{}R", r + 1, c + 1);
                }
                while let Some(i) = find(&s.pending, FRAME_END) {
                    let chunk: Vec<u8> = s.pending.drain(..i + FRAME_END.len()).collect();
                    s.parser.process(&chunk);
                    s.frame = s.parser.screen().contents();
                    s.frames += 1;
                }
                // Bytes outside frames (setup, restore) are processed as they come.
                if find(&s.pending, b"\x1b[?2026h").is_none() {
                    let rest = std::mem::take(&mut s.pending);
                    s.parser.process(&rest);
                }
            }
            drop(reader);
            if let Ok(mut s) = sh.lock() {
                let rest = std::mem::take(&mut s.pending);
                s.parser.process(&rest);
                s.eof = true;
            }
        });
        Term {
            shared,
            writer,
            child,
            master: Some(master),
            stop_reading,
        }
    }

    /// Closes the terminal under the program, as closing its window does: every descriptor
    /// of the pseudo-terminal's master side is closed. The screen is no longer read after.
    pub fn hang_up(&mut self) {
        self.stop_reading.store(true, Ordering::SeqCst);
        // The reader thread is blocked in a read: a resize makes the program draw, which wakes
        // it to see the flag and close its descriptor.
        if let Some(m) = &self.master
            && let Ok(size) = m.get_size()
        {
            let _ = m.resize(PtySize {
                cols: size.cols + 1,
                ..size
            });
        }
        let end = Instant::now() + Duration::from_secs(20);
        while !self.shared.lock().expect("lock").eof && Instant::now() < end {
            thread::sleep(Duration::from_millis(10));
        }
        // Dropping portable-pty's writer types a newline and end-of-file first; the program
        // may see them as keys before the hang-up, which is harmless for these tests.
        *self.writer.lock().expect("lock") = Box::new(std::io::sink());
        self.master = None;
    }

    /// Stops reading what the program writes, as a stalled terminal would: its output backs up
    /// in the pseudo-terminal until the program's writes block.
    pub fn stop_reading_output(&self) {
        self.stop_reading.store(true, Ordering::SeqCst);
    }

    /// Sends `signal` (a name such as "HUP" or "TERM") to the program.
    pub fn signal(&self, signal: &str) {
        let pid = self.pid().expect("the program's process id");
        let ok = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(pid.to_string())
            .status()
            .expect("run kill")
            .success();
        assert!(ok, "kill -{signal} {pid} failed");
    }

    /// True while the program's process exists (as a zombie counts as gone: it has exited).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Changes the window size, as a user dragging the terminal's corner would.
    pub fn resize(&self, cols: u16, rows: u16) {
        let (r, c) = (
            std::num::NonZeroU16::new(rows).expect("rows"),
            std::num::NonZeroU16::new(cols).expect("cols"),
        );
        let master = self.master.as_ref().expect("the terminal is open");
        // The reader must parse at the new size before the program draws at it.
        self.shared
            .lock()
            .expect("lock")
            .parser
            .screen_mut()
            .set_size(r, c);
        master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize the pseudo-terminal");
    }

    /// Runs `hotseat <args>` on an 80×24 screen with `home` as both `$HOTSEAT_HOME` and the
    /// working folder.
    pub fn in_home(home: &Path, args: &[&str]) -> Term {
        Term::spawn(args, home, home, 80, 24)
    }

    /// Presses `q`, then asserts the program exits with 0 and restores the terminal.
    pub fn quit(&mut self) {
        self.send("q");
        assert_eq!(self.wait_exit(), 0);
        assert!(self.restored(), "terminal not restored");
    }

    pub fn send(&self, keys: &str) {
        let mut w = self.writer.lock().expect("lock");
        w.write_all(keys.as_bytes()).expect("write keys");
        w.flush().expect("flush");
        drop(w);
        // Give the program a moment so separate keys arrive as separate events.
        thread::sleep(Duration::from_millis(60));
    }

    /// Sends raw bytes, as a paste or a broken terminal would. False when they were not all
    /// taken within 10 seconds (the program stopped reading or is gone); the write then goes
    /// on in the background, and this terminal should not be written to again.
    pub fn send_bytes(&self, bytes: &[u8]) -> bool {
        let writer = self.writer.clone();
        let bytes = bytes.to_vec();
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let mut w = writer.lock().expect("lock");
            let ok = w.write_all(&bytes).and_then(|()| w.flush()).is_ok();
            let _ = done_tx.send(ok);
        });
        // A program that has closed its terminal never reads the rest: a write into a full
        // buffer then blocks for good. Stop waiting when the reader sees the end (a huge paste
        // waited out the whole 10 s here, on the suite's last stretch).
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            match done_rx.recv_timeout(Duration::from_millis(10)) {
                Ok(ok) => return ok,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return false,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if self.shared.lock().expect("lock").eof || Instant::now() > end {
                        return false;
                    }
                }
            }
        }
    }

    /// The screen of the last complete frame.
    pub fn frame(&self) -> String {
        self.shared.lock().expect("lock").frame.clone()
    }

    pub fn frames(&self) -> usize {
        self.shared.lock().expect("lock").frames
    }

    /// Waits until the last complete frame contains `text`; panics with the screen if not.
    pub fn wait_for(&self, text: &str) -> String {
        self.poll(&format!("{text:?}"), Duration::from_millis(2), |f| {
            f.contains(text)
        })
    }

    /// Waits until the screen as drawn so far contains `text`: for a program that marks no
    /// frames, such as a shell; panics with the screen if it never does.
    pub fn wait_for_drawn(&self, text: &str) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let f = self.shared.lock().expect("lock").parser.screen().contents();
            if f.contains(text) {
                return f;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {text:?}; screen:\n{f}");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the last complete frame satisfies `ok`; panics with the screen if not.
    pub fn wait_until(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        self.poll(what, Duration::from_millis(20), ok)
    }

    /// Waits until some line of the last complete frame satisfies `ok`; panics with the screen
    /// if not.
    pub fn wait_line(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        self.wait_until(what, |f| f.lines().any(&ok))
    }

    /// Checks the last complete frame every `every` for up to 20 seconds, until it satisfies
    /// `ok`; panics with `what` and the screen if it never does.
    fn poll(&self, what: &str, every: Duration, ok: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let f = self.frame();
            if ok(&f) {
                return f;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {what}; screen:\n{f}");
            }
            thread::sleep(every);
        }
    }

    /// Waits for the program to exit; returns its exit code.
    pub fn wait_exit(&mut self) -> u32 {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                // Let the reader drain what the program wrote last.
                let drain = Instant::now() + Duration::from_secs(2);
                while !self.shared.lock().expect("lock").eof && Instant::now() < drain {
                    thread::sleep(Duration::from_millis(10));
                }
                return status.exit_code();
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("hotseat did not exit; screen:\n{}", self.frame());
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// True when the program left the terminal as it found it: main screen, cursor shown, no
    /// mouse reporting.
    pub fn restored(&self) -> bool {
        let s = self.shared.lock().expect("lock");
        let screen = s.parser.screen();
        !screen.alternate_screen()
            && !screen.hide_cursor()
            && screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
    }

    pub fn raw(&self) -> Vec<u8> {
        self.shared.lock().expect("lock").raw.clone()
    }
}

impl Drop for Term {
    /// A test that fails half way must not leave the program running.
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The table's code on a waiting screen ("Table 7K2M-9PQR").
pub fn table_code_on(frame: &str) -> String {
    frame
        .split("Table ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("the table's code")
        .to_string()
}

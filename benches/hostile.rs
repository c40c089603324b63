//! What a hostile stranger costs `hotseat serve` (issue #19), measured with the real OpenSSH
//! client over loopback and printed as a report (never timed assertions). Run with
//! `cargo bench --bench hostile`. The server's memory and CPU are read from /proc (Linux).
//!
//! - huge windows: 8 clients whose terminals claim 10000×10000, the server's resident memory
//!   before and after;
//! - a resize storm: 600 window changes from one client in a few milliseconds, the server's
//!   CPU time and the bytes of frames the client received until the screen settles;
//! - a flood: 300 TCP connections from 38 loopback addresses that never send a byte, then a
//!   new player: whether they get in, and how long their first screen takes.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "../tests/common/ssh.rs"]
#[allow(dead_code)]
mod ssh;

use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

const FRAME_END: &[u8] = b"\x1b[?2026l";

/// A client in a pseudo-terminal of `cols`×`rows` whose output is only counted (a terminal
/// emulator of 10000×10000 cells would measure the emulator, not the server).
struct Client {
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    bytes: Arc<AtomicUsize>,
    frames: Arc<AtomicUsize>,
}

impl Client {
    fn spawn(
        server: &ssh::Server,
        user: &str,
        key: &std::path::Path,
        cols: u16,
        rows: u16,
    ) -> Client {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("pty");
        let mut cmd = CommandBuilder::new("ssh");
        cmd.args(server.ssh_args(Some(key)));
        cmd.args(["-tt", &format!("{user}@127.0.0.1")]);
        cmd.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(cmd).expect("ssh");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("reader");
        let bytes = Arc::new(AtomicUsize::new(0));
        let frames = Arc::new(AtomicUsize::new(0));
        let (b, f) = (bytes.clone(), frames.clone());
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 1 << 16];
            let mut tail: Vec<u8> = Vec::new();
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                b.fetch_add(n, Ordering::SeqCst);
                tail.extend_from_slice(&buf[..n]);
                let ends = tail
                    .windows(FRAME_END.len())
                    .filter(|w| *w == FRAME_END)
                    .count();
                f.fetch_add(ends, Ordering::SeqCst);
                let keep = tail.len().min(FRAME_END.len() - 1);
                tail.drain(..tail.len() - keep);
            }
        });
        Client {
            master: pair.master,
            child,
            bytes,
            frames,
        }
    }

    /// Waits for the first complete frame; how long it took.
    fn first_frame(&self, since: Instant) -> Option<Duration> {
        let end = since + Duration::from_secs(40);
        while Instant::now() < end {
            if self.frames.load(Ordering::SeqCst) > 0 {
                return Some(since.elapsed());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    /// Waits until no byte has come for `quiet`; the bytes so far.
    fn settle(&self, quiet: Duration) -> usize {
        let mut last = self.bytes.load(Ordering::SeqCst);
        let mut since = Instant::now();
        while since.elapsed() < quiet {
            std::thread::sleep(Duration::from_millis(10));
            let now = self.bytes.load(Ordering::SeqCst);
            if now != last {
                last = now;
                since = Instant::now();
            }
        }
        last
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MB", kib as f64 / 1024.0)
}

fn huge_windows(server: &ssh::Server, key: &std::path::Path) {
    let pid = server.pid();
    let before = ssh::rss_kib(pid).unwrap_or(0);
    let clients: Vec<Client> = (0..8)
        .map(|i| {
            let c = Client::spawn(server, &format!("big{i}"), key, 10_000, 10_000);
            c.first_frame(Instant::now());
            c
        })
        .collect();
    for c in &clients {
        c.settle(Duration::from_millis(300));
    }
    let after = ssh::rss_kib(pid).unwrap_or(0);
    println!(
        "huge windows: 8 clients at 10000x10000: server resident {} -> {} ({} a client)",
        mib(before),
        mib(after),
        mib(after.saturating_sub(before) / 8)
    );
}

fn resize_storm(server: &ssh::Server, key: &std::path::Path) {
    let pid = server.pid();
    let c = Client::spawn(server, "storm", key, 80, 24);
    c.first_frame(Instant::now());
    let start_bytes = c.settle(Duration::from_millis(300));
    let cpu0 = ssh::cpu_ticks(pid).unwrap_or(0);
    let t0 = Instant::now();
    let frames0 = c.frames.load(Ordering::SeqCst);
    for i in 0..600u16 {
        let (cols, rows) = if i % 2 == 0 { (1000, 1000) } else { (120, 40) };
        let _ = c.master.resize(PtySize {
            rows: rows + i % 7,
            cols: cols + i % 5,
            pixel_width: 0,
            pixel_height: 0,
        });
        // ssh sends a window change for each SIGWINCH it sees: signals that come faster
        // than it looks would merge into one.
        std::thread::sleep(Duration::from_micros(500));
    }
    let sent_in = t0.elapsed();
    let end_bytes = c.settle(Duration::from_millis(1000));
    let busy = t0.elapsed().saturating_sub(Duration::from_millis(1000));
    let cpu = ssh::cpu_ticks(pid).unwrap_or(0).saturating_sub(cpu0);
    println!(
        "resize storm: 600 window changes in {:.1} ms: screen settled after {:.2} s, \
         server CPU {} ms, {} frames, {:.1} KB of frames",
        sent_in.as_secs_f64() * 1000.0,
        busy.as_secs_f64(),
        cpu * 10,
        c.frames.load(Ordering::SeqCst) - frames0,
        (end_bytes - start_bytes) as f64 / 1000.0
    );
}

fn flood(server: &ssh::Server, key: &std::path::Path) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let target = SocketAddr::from(([127, 0, 0, 1], server.port));
    let t0 = Instant::now();
    let held = rt.block_on(async {
        let mut held = Vec::new();
        for i in 0..300u32 {
            let from: IpAddr = format!("127.0.1.{}", 1 + i % 38).parse().expect("ip");
            let Ok(sock) = tokio::net::TcpSocket::new_v4() else {
                continue;
            };
            if sock.bind(SocketAddr::new(from, 0)).is_err() {
                continue;
            }
            if let Ok(c) = sock.connect(target).await {
                held.push(c);
            }
        }
        held
    });
    let opened = t0.elapsed();
    let t1 = Instant::now();
    let c = Client::spawn(server, "newcomer", key, 80, 24);
    let first = c.first_frame(t1);
    println!(
        "flood: {} silent connections from 38 addresses opened in {:.0} ms; a new player's \
         first screen: {}",
        held.len(),
        opened.as_secs_f64() * 1000.0,
        match first {
            Some(d) => format!("after {:.0} ms (got in)", d.as_secs_f64() * 1000.0),
            None => "never (refused)".to_string(),
        }
    );
    drop(held);
}

fn main() {
    if !ssh::ready_to_measure() {
        return;
    }
    let server = ssh::Server::start(&["--quiet"]);
    huge_windows(&server, &server.new_key("k"));
    drop(server);
    let server = ssh::Server::start(&["--quiet"]);
    resize_storm(&server, &server.new_key("k"));
    drop(server);
    let server = ssh::Server::start(&["--quiet"]);
    flood(&server, &server.new_key("k"));
}

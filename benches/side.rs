//! Side by side: hotseat beside any other terminal program, each run in a pseudo-terminal in
//! the same interleaved rounds, printed as a report (never timed assertions). Linux (/proc).
//!
//! ```text
//! cargo bench --bench side                              # this build's hotseat alone
//! cargo bench --bench side -- --rounds 7 --size 120x40 \
//!     --run hotseat \
//!     --run /usr/games/nbnbsdgames --setup a --setup '\r' --setup-ready 'Main Menu' \
//!     --run chess-tui --ready Play --key j --key k
//! cargo bench --bench side -- --rounds 5 --ssh \
//!     --run 'ssh -tt -p PORT root@127.0.0.1 /usr/games/nbnbsdgames' --setup a --setup '\r' \
//!         --setup-ready 'Main Menu'
//! ```
//!
//! Each `--run COMMAND` (run with `sh -c 'exec COMMAND'`, so the process measured is the
//! program itself) starts a program; the options after it are that program's:
//!
//! - `--ready TEXT`: the first screen is the first moment the screen shows TEXT (without it,
//!   the end of the program's first burst of output);
//! - `--key KEYS` (repeatable, escapes as the shell gives them): the keys pressed in turn, the
//!   first one again after the last (default: down, then up: a cursor moving and back);
//! - `--setup KEYS` (repeatable) and `--setup-ready TEXT`: keys pressed once after the first
//!   screen, before the measures, and the text the screen then shows;
//! - `--quit KEYS` (repeatable): keys that end the program at the end of a round (it is
//!   killed otherwise); a program under `valgrind --tool=callgrind` needs them to write its
//!   instruction counts (run it with `--keys 0` and `--keys 200`: the difference over 200 is
//!   the instructions per key, whatever the machine's load);
//! - `--name NAME`: how the report calls it.
//!
//! `--run hotseat` is this build's binary on its launcher, with down and up as its keys and
//! `q` to quit; so is any other command naming a `hotseat` binary (an older build, or
//! `valgrind … path/to/hotseat`), with the command as given.
//! `--ssh` adds this build's `hotseat serve` reached with the OpenSSH client, on a solo Kokoro
//! table joined by its code, the cursor moving down and up on the mat (its CPU is the
//! server's, and each round has a server of its own; beside it, `--run 'ssh -tt HOST
//! nbsdgames'` puts OpenSSH's sshd and a program, whose CPU is then the client's).
//! Debian's nbsdgames menu is `/usr/games/nbnbsdgames` and asks a name first: give it
//! `--setup a --setup '\r' --setup-ready 'Main Menu'`; count its figures only if the report
//! shows its keys answered. Arrow keys go as a terminal sends them: `ESC O B` once the program
//! has asked for application cursor keys, as ncurses programs do (nbsdgames reads only that). Global options: `--rounds N` (default 7), `--keys N` per round (default 40),
//! `--size COLSxROWS` (default 80x24).
//!
//! For each program and round: launch to first screen, its resident and private memory then,
//! then each key's time to its frame (from writing the key to the last byte of the answer; an
//! answer ends after 40 ms of quiet, which is not counted), the bytes it wrote, and the CPU
//! the program used per key (all its threads, from /proc/PID/task/*/schedstat); then one
//! second idle: the bytes and CPU it used meanwhile (both should be zero). Queries to the
//! terminal are counted (and a cursor-position query is answered, as a terminal would). The
//! report gives medians over the rounds and, per figure, the median of the per-round ratios to
//! the first program.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "../tests/common/queries.rs"]
mod queries;
#[path = "../tests/common/ssh.rs"]
#[allow(dead_code)]
mod ssh;

use queries::QUERIES;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

/// How long without output ends an answer.
const QUIET: Duration = Duration::from_millis(40);

#[derive(Clone)]
struct Program {
    name: String,
    /// argv; `None`: the SSH client to this run's server (made per round).
    argv: Option<Vec<String>>,
    ready: Option<String>,
    keys: Vec<Vec<u8>>,
    /// Keys pressed once after the first screen, before the measures (each answer waited for),
    /// and the text the screen shows once they are done.
    setup: Vec<Vec<u8>>,
    setup_ready: Option<String>,
    /// Keys that end the program, pressed at the end of a round (else it is killed): a
    /// program run under `valgrind --tool=callgrind` writes its counts only when it exits.
    quit: Vec<Vec<u8>>,
    ssh: bool,
}

/// This build's `hotseat serve` with a solo Kokoro table waiting, and the key to reach it.
struct SshServer {
    server: ssh::Server,
    key: std::path::PathBuf,
    code: String,
}

impl SshServer {
    fn start() -> SshServer {
        use hotseat::host::hub::{SeatSpec, TableSpec};
        use hotseat::host::{Peer, Wake};
        use hotseat::ui::lobby::Served;
        let home = tempfile::tempdir().expect("home");
        let hub = Served::open(home.path(), hotseat::registry::GAMES).expect("hub");
        let host = Peer::new(
            "host".into(),
            Some("SHA256:bench-host".into()),
            std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
            true,
        );
        let (code, _) = hub
            .create(
                TableSpec {
                    game: "kokoro".into(),
                    options: hotseat::engine::Options::new(),
                    seats: vec![SeatSpec::Remote],
                    seed: Some(5),
                    timeout: Duration::from_secs(3600),
                    stand_in: true,
                    hints: false,
                },
                &host,
                Wake::none(),
            )
            .expect("a Kokoro table");
        drop(hub);
        let server = ssh::Server::start_in(home, &[]);
        let key = server.new_key("bench");
        SshServer { server, key, code }
    }
}

/// What the reader thread has seen.
struct Seen {
    parser: vt100::Parser,
    bytes: usize,
    /// When the last chunk of output arrived.
    last: Option<Instant>,
    /// When the screen first showed the ready text.
    ready_at: Option<Instant>,
    ready: Option<String>,
    queries: usize,
    tail: Vec<u8>,
}

struct Run {
    seen: Arc<Mutex<Seen>>,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
    /// The process whose CPU counts (the server for SSH).
    cpu_pid: u32,
}

impl Run {
    fn start(
        argv: &[String],
        home: &std::path::Path,
        cols: u16,
        rows: u16,
        ready: Option<String>,
    ) -> Run {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(&argv[0]);
        cmd.args(&argv[1..]);
        cmd.cwd(home);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOTSEAT_HOME", home);
        cmd.env("HOTSEAT_CONFIG", home.join("config.toml"));
        cmd.env("HOME", home);
        cmd.env_remove("NO_COLOR");
        let seen = Arc::new(Mutex::new(Seen {
            parser: vt100::Parser::new(
                std::num::NonZeroU16::new(rows).expect("rows"),
                std::num::NonZeroU16::new(cols).expect("cols"),
                0,
            ),
            bytes: 0,
            last: None,
            ready_at: None,
            ready,
            queries: 0,
            tail: Vec::new(),
        }));
        let child = pair.slave.spawn_command(cmd).expect("spawn");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("reader");
        let writer = Arc::new(Mutex::new(pair.master.take_writer().expect("writer")));
        let answer = writer.clone();
        let sh = seen.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 65536];
            loop {
                let n = match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                let now = Instant::now();
                let mut s = sh.lock().expect("lock");
                s.bytes += n;
                s.last = Some(now);
                s.parser.process(&buf[..n]);
                // Queries split between two reads are found in the joined tail.
                let mut look = std::mem::take(&mut s.tail);
                let old = look.len();
                look.extend_from_slice(&buf[..n]);
                // Only a query that ends in this read's bytes is new.
                let new_ones = |q: &[u8]| {
                    look.windows(q.len())
                        .enumerate()
                        .filter(|(i, w)| *w == q && i + q.len() > old)
                        .count()
                };
                for q in QUERIES {
                    s.queries += new_ones(q);
                }
                let asks = new_ones(b"\x1b[6n");
                let keep = look.len().saturating_sub(8);
                s.tail = look[keep..].to_vec();
                if asks > 0 {
                    let (r, c) = s.parser.screen().cursor_position();
                    let mut w = answer.lock().expect("lock");
                    for _ in 0..asks {
                        let _ = write!(w, "\x1b[{};{}R", r + 1, c + 1);
                    }
                    let _ = w.flush();
                }
                if s.ready_at.is_none()
                    && let Some(text) = &s.ready
                    && s.parser.screen().contents().contains(text.as_str())
                {
                    s.ready_at = Some(now);
                }
            }
        });
        let pid = child.process_id().unwrap_or(0);
        Run {
            seen,
            writer,
            child,
            _master: pair.master,
            cpu_pid: pid,
        }
    }

    fn bytes(&self) -> usize {
        self.seen.lock().expect("lock").bytes
    }

    /// Waits until output has stopped for [`QUIET`] after some arrived since `since`; the time
    /// of the last byte, or `None` if nothing came within `limit`.
    fn answer_after(&self, since: Instant, limit: Duration) -> Option<Instant> {
        let end = since + limit;
        loop {
            thread::sleep(Duration::from_millis(2));
            let last = self.seen.lock().expect("lock").last;
            match last {
                Some(l) if l >= since && l.elapsed() >= QUIET => return Some(l),
                _ if Instant::now() > end => return None,
                _ => {}
            }
        }
    }

    /// Launch to the first screen: the ready text shown, or the first burst's end.
    fn first_screen(&self, spawned: Instant) -> Option<Duration> {
        let end = spawned + Duration::from_secs(20);
        loop {
            let (ready, ready_at, last) = {
                let s = self.seen.lock().expect("lock");
                (s.ready.is_some(), s.ready_at, s.last)
            };
            if let Some(at) = ready_at {
                return Some(at - spawned);
            }
            if !ready
                && let Some(l) = last
                && l.elapsed() >= QUIET * 5
            {
                return Some(l - spawned);
            }
            if Instant::now() > end {
                return None;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    fn press(&mut self, key: &[u8]) -> Instant {
        // An arrow key as a terminal sends it: `ESC O A` once the program has asked for
        // application cursor keys (ncurses programs do, and read only that form: Debian's
        // nbsdgames menu ignored `ESC [ B`).
        let app_cursor = self
            .seen
            .lock()
            .expect("lock")
            .parser
            .screen()
            .application_cursor();
        let key = match key {
            [0x1b, b'[', k @ b'A'..=b'D'] if app_cursor => vec![0x1b, b'O', *k],
            _ => key.to_vec(),
        };
        let mut w = self.writer.lock().expect("lock");
        let t0 = Instant::now();
        w.write_all(&key).expect("write a key");
        w.flush().expect("flush");
        t0
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// CPU time used so far by every thread of `pid`, from the scheduler's own accounting.
fn cpu(pid: u32) -> Duration {
    let mut ns = 0u64;
    if let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for t in dir.flatten() {
            if let Ok(s) = std::fs::read_to_string(t.path().join("schedstat")) {
                ns += s
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
    }
    Duration::from_nanos(ns)
}

/// Resident and private memory of `pid` in KiB, from /proc/PID/smaps_rollup. Private is the
/// memory the program wrote (`Private_Dirty`: heap, stacks, relocated data), which no other
/// process can share. `Private_Clean` is left out: it counts the pages of the program's own
/// file (its code) while no other process maps that file, so a binary run once reads as
/// megabytes "private" and the same binary run twice as none (measured: hotseat's launcher,
/// 3608 KiB `Private_Clean` alone, 0 with a second hotseat running), while a program whose
/// code is in the shared C library never counts it.
fn memory(pid: u32) -> (u64, u64) {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    let field = |name: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("Rss:"), field("Private_Dirty:"))
}

#[derive(Default, Clone)]
struct Round {
    launch: Option<Duration>,
    rss: u64,
    private: u64,
    key: Vec<Duration>,
    bytes_per_key: Vec<usize>,
    cpu_per_key: Option<Duration>,
    idle_bytes: usize,
    idle_cpu: Duration,
    queries: usize,
    missed: usize,
}

fn median<T: Copy + PartialOrd>(v: &[T]) -> Option<T> {
    if v.is_empty() {
        return None;
    }
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    Some(v[v.len() / 2])
}

fn round(p: &Program, server: Option<&SshServer>, keys: usize, cols: u16, rows: u16) -> Round {
    let home = tempfile::tempdir().expect("home");
    let argv = match (&p.argv, server) {
        (Some(a), _) => a.clone(),
        (None, Some(s)) => {
            let mut a = vec!["ssh".to_string()];
            a.extend(s.server.ssh_args(Some(&s.key)));
            a.push("-tt".into());
            a.push("bench@127.0.0.1".into());
            a
        }
        (None, None) => unreachable!("an SSH program always has its server"),
    };
    let spawned = Instant::now();
    let mut run = Run::start(&argv, home.path(), cols, rows, p.ready.clone());
    if let Some(s) = server {
        run.cpu_pid = s.server.pid();
    }
    let mut r = Round {
        launch: run.first_screen(spawned),
        ..Round::default()
    };
    if r.launch.is_none() {
        eprintln!("{}: no first screen within 20 s", p.name);
        return r;
    }
    // Whatever the program still draws after its first screen settles first.
    run.answer_after(Instant::now() - QUIET, Duration::from_millis(200));
    for key in &p.setup {
        let t0 = run.press(key);
        run.answer_after(t0, Duration::from_secs(2));
    }
    if let Some(text) = &p.setup_ready {
        let end = Instant::now() + Duration::from_secs(20);
        while !run
            .seen
            .lock()
            .expect("lock")
            .parser
            .screen()
            .contents()
            .contains(text.as_str())
        {
            assert!(
                Instant::now() < end,
                "{}: the setup keys never showed {text:?}; the screen:\n{}",
                p.name,
                run.seen.lock().expect("lock").parser.screen().contents()
            );
            thread::sleep(Duration::from_millis(5));
        }
        run.answer_after(Instant::now() - QUIET, Duration::from_millis(200));
    }
    if !p.ssh {
        (r.rss, r.private) = memory(run.cpu_pid);
    }
    let cpu0 = cpu(run.cpu_pid);
    for i in 0..keys {
        let key = &p.keys[i % p.keys.len()];
        let before = run.bytes();
        let t0 = run.press(key);
        match run.answer_after(t0, Duration::from_secs(2)) {
            Some(last) => {
                r.key.push(last - t0);
                r.bytes_per_key.push(run.bytes() - before);
            }
            None => r.missed += 1,
        }
    }
    // The quiet waits are not the program's CPU: it was idle then (see the idle figure).
    if keys > 0 {
        r.cpu_per_key = Some((cpu(run.cpu_pid) - cpu0) / keys as u32);
    }
    let (bytes, cpu1) = (run.bytes(), cpu(run.cpu_pid));
    thread::sleep(Duration::from_secs(1));
    r.idle_bytes = run.bytes() - bytes;
    r.idle_cpu = cpu(run.cpu_pid) - cpu1;
    r.queries = run.seen.lock().expect("lock").queries;
    if !p.quit.is_empty() {
        for key in &p.quit {
            run.press(key);
        }
        let end = Instant::now() + Duration::from_secs(60);
        while matches!(run.child.try_wait(), Ok(None)) && Instant::now() < end {
            thread::sleep(Duration::from_millis(10));
        }
    }
    r
}

fn us(d: Duration) -> String {
    if d >= Duration::from_millis(10) {
        format!("{:.1} ms", d.as_secs_f64() * 1e3)
    } else {
        format!("{:.0} µs", d.as_secs_f64() * 1e6)
    }
}

fn parse_key(s: &str) -> Vec<u8> {
    // `\e` and `\r` as a shell's $'…' would give them, for convenience.
    s.replace("\\e", "\x1b").replace("\\r", "\r").into_bytes()
}

fn hotseat() -> Program {
    Program {
        name: "hotseat".into(),
        argv: Some(vec![env!("CARGO_BIN_EXE_hotseat").into()]),
        ready: Some("tabletop games for one keyboard".into()),
        keys: vec![b"\x1b[B".to_vec(), b"\x1b[A".to_vec()],
        setup: Vec::new(),
        setup_ready: None,
        quit: vec![b"q".to_vec()],
        ssh: false,
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    args.retain(|a| a != "--bench");
    let (mut rounds, mut keys, mut cols, mut rows) = (7usize, 40usize, 80u16, 24u16);
    let mut programs: Vec<Program> = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--rounds" => rounds = value().parse().expect("--rounds N"),
            "--keys" => keys = value().parse().expect("--keys N"),
            "--size" => {
                let v = value();
                let (c, r) = v.split_once('x').expect("--size COLSxROWS");
                (cols, rows) = (c.parse().expect("cols"), r.parse().expect("rows"));
            }
            "--run" => {
                let cmd = value();
                let first = cmd.split_whitespace().next().unwrap_or("");
                let base = first.rsplit('/').next().unwrap_or(first);
                programs.push(if cmd == "hotseat" {
                    hotseat()
                } else if base.starts_with("hotseat") || cmd.contains("/hotseat") {
                    // Another hotseat (an older build, or one under valgrind): its launcher.
                    Program {
                        name: cmd.clone(),
                        argv: Some(vec!["sh".into(), "-c".into(), format!("exec {cmd}")]),
                        ..hotseat()
                    }
                } else {
                    Program {
                        name: cmd.clone(),
                        argv: Some(vec!["sh".into(), "-c".into(), format!("exec {cmd}")]),
                        ready: None,
                        keys: Vec::new(),
                        setup: Vec::new(),
                        setup_ready: None,
                        quit: Vec::new(),
                        ssh: false,
                    }
                });
            }
            "--ssh" => programs.push(Program {
                name: "hotseat over SSH, Kokoro".into(),
                argv: None,
                ready: Some("Open tables".into()),
                keys: Vec::new(),
                // Filled in with the table's code each round, once its server is up.
                setup: Vec::new(),
                setup_ready: Some("to move".into()),
                quit: Vec::new(),
                ssh: true,
            }),
            "--ready" | "--key" | "--name" | "--setup" | "--setup-ready" | "--quit" => {
                let v = value();
                let p = programs
                    .last_mut()
                    .expect("a program's options follow its --run");
                match a.as_str() {
                    "--ready" => p.ready = Some(v),
                    "--key" => p.keys.push(parse_key(&v)),
                    "--setup" => p.setup.push(parse_key(&v)),
                    "--setup-ready" => p.setup_ready = Some(v),
                    "--quit" => p.quit.push(parse_key(&v)),
                    _ => p.name = v,
                }
            }
            other => {
                panic!("unknown option {other:?} (see the comment at the top of benches/side.rs)")
            }
        }
    }
    if programs.is_empty() {
        programs.push(hotseat());
    }
    for p in &mut programs {
        if p.keys.is_empty() {
            p.keys = vec![b"\x1b[B".to_vec(), b"\x1b[A".to_vec()];
        }
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "side by side at {cols}x{rows}, {rounds} rounds of {keys} keys, load average {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut all: Vec<Vec<Round>> = vec![Vec::new(); programs.len()];
    for _ in 0..rounds {
        for (i, p) in programs.iter().enumerate() {
            // A fresh server each round: the table is new, and the client meets its lobby
            // (a seat kept from an earlier round would take it straight to the table).
            let server = p.ssh.then(SshServer::start);
            let mut p = p.clone();
            if let Some(s) = &server
                && p.setup.is_empty()
            {
                // The code, then Enter to join and Enter again: ready.
                p.setup = vec![
                    b"c".to_vec(),
                    s.code.clone().into_bytes(),
                    b"\r".to_vec(),
                    b"\r".to_vec(),
                ];
            }
            all[i].push(round(&p, server.as_ref(), keys, cols, rows));
        }
    }
    type Figure = fn(&Round) -> Option<f64>;
    type Show = fn(f64) -> String;
    let figures: [(&str, Figure, Show); 6] = [
        (
            "launch → first screen",
            |r| r.launch.map(|d| d.as_secs_f64()),
            |v| us(Duration::from_secs_f64(v)),
        ),
        (
            "key → frame",
            |r| median(&r.key).map(|d| d.as_secs_f64()),
            |v| us(Duration::from_secs_f64(v)),
        ),
        (
            "CPU per key",
            |r| r.cpu_per_key.map(|d| d.as_secs_f64()),
            |v| us(Duration::from_secs_f64(v)),
        ),
        (
            "bytes per key",
            |r| median(&r.bytes_per_key).map(|b| b as f64),
            |v| format!("{v:.0}"),
        ),
        (
            "resident memory, first screen (KiB)",
            |r| (r.rss > 0).then_some(r.rss as f64),
            |v| format!("{v:.0}"),
        ),
        (
            "private (written) memory, first screen (KiB)",
            |r| (r.private > 0).then_some(r.private as f64),
            |v| format!("{v:.0}"),
        ),
    ];
    for (label, get, show) in figures {
        println!("{label}:");
        for (i, p) in programs.iter().enumerate() {
            let values: Vec<f64> = all[i].iter().filter_map(get).collect();
            let Some(m) = median(&values) else {
                println!("  {:<34} -", p.name);
                continue;
            };
            let ratios: Vec<f64> = all[i]
                .iter()
                .zip(&all[0])
                .filter_map(|(r, base)| Some(get(r)? / get(base)?))
                .collect();
            let ratio = match median(&ratios) {
                Some(x) if i > 0 => format!("  ({x:.2}× {})", programs[0].name),
                _ => String::new(),
            };
            println!("  {:<34} {}{ratio}", p.name, show(m));
        }
    }
    println!("idle for 1 s after the keys, terminal queries, keys unanswered (all rounds):");
    for (i, p) in programs.iter().enumerate() {
        let rs = &all[i];
        println!(
            "  {:<34} {} B, {} CPU idle; {} queries; {} unanswered",
            p.name,
            rs.iter().map(|r| r.idle_bytes).sum::<usize>(),
            us(rs.iter().map(|r| r.idle_cpu).sum()),
            rs.iter().map(|r| r.queries).sum::<usize>(),
            rs.iter().map(|r| r.missed).sum::<usize>(),
        );
    }
}

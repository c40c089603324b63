//! Measures of `hotseat serve` over localhost SSH with the real OpenSSH client in a
//! pseudo-terminal, printed as a report (never timed assertions). Run with
//! `cargo bench --bench ssh`. The server is this build's `hotseat serve`; its memory and CPU
//! are read from /proc (Linux).
//!
//! - memory per table: the hub in this process opens 100 tables waiting for players;
//! - connect to the first lobby frame: spawning `ssh -tt` to the first complete frame (key
//!   exchange and authentication included), and every byte the server sent checked for a
//!   query to the client's terminal (none is ever sent, so nothing waits for a reply);
//! - memory per connection (50 clients in the lobby) and CPU with those 50 idle for 10 s;
//! - key press to updated frame, and the bytes of that frame, at 80x24 and 120x40: a cursor
//!   move in the lobby's list and on a Kokoro mat, a Kokoro move (a path drawn: the move's
//!   frame, then the frames of the card the server turns up next), and what a spectator is
//!   sent for each computer player's move at a Couperation table. Bytes are the frame as the
//!   client's terminal gets it (synchronized-update markers included); "on the wire" is the
//!   TCP payload the server sent for it (SSH packets, encrypted), from `ss -ti`.
//!
//! `HOTSEAT_BENCH_DUMP=1` also prints one frame of each kind, escapes shown.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "../tests/common/queries.rs"]
mod queries;
#[path = "../tests/common/ssh.rs"]
#[allow(dead_code)]
mod ssh;

use queries::QUERIES;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::time::{Duration, Instant};

use hotseat::engine::Options;
use hotseat::host::hub::{SeatSpec, TableSpec};
use hotseat::host::{Peer, Wake};
use hotseat::ui::lobby::Served;
use pty::Term;

const FRAME_END: &[u8] = b"\x1b[?2026l";

fn find(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn percentile<T: Copy + Ord>(sorted: &[T], p: f64) -> T {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// "median 1.23 ms, p99 4.56 ms (n = 100)".
fn times(mut v: Vec<Duration>) -> String {
    if v.is_empty() {
        return "no samples".into();
    }
    v.sort();
    format!(
        "median {}, p99 {}, max {} (n = {})",
        ms(percentile(&v, 0.5)),
        ms(percentile(&v, 0.99)),
        ms(*v.last().expect("samples")),
        v.len()
    )
}

fn sizes(mut v: Vec<usize>) -> String {
    if v.is_empty() {
        return "no samples".into();
    }
    v.sort();
    format!(
        "median {} B, p99 {} B, min {} B, max {} B",
        percentile(&v, 0.5),
        percentile(&v, 0.99),
        v[0],
        v[v.len() - 1]
    )
}

/// Resident memory of this process in KiB.
fn own_rss_kib() -> u64 {
    ssh::rss_kib(std::process::id()).unwrap_or(0)
}

/// Bytes the server has sent so far on its open connections (TCP payload: SSH packets,
/// encrypted), from `ss -ti`; `None` without `ss`.
fn wire_sent(port: u16) -> Option<u64> {
    let out = std::process::Command::new("ss")
        .args(["-tinH", "state", "established"])
        .arg(format!("( sport = :{port} )"))
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.split_whitespace()
            .filter_map(|w| w.strip_prefix("bytes_sent:"))
            .filter_map(|n| n.parse::<u64>().ok())
            .sum(),
    )
}

/// With `HOTSEAT_BENCH_DUMP` set: the bytes of one frame, escapes shown, to see where they go.
fn dump(what: &str, raw: &[u8], from: usize) {
    if std::env::var_os("HOTSEAT_BENCH_DUMP").is_none() {
        return;
    }
    let text = String::from_utf8_lossy(&raw[from.min(raw.len())..]).replace('\x1b', "⎋");
    println!("    [{what}] {text}");
}

fn host_peer() -> Peer {
    Peer::new(
        "host".into(),
        Some("SHA256:bench-host".into()),
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        true,
    )
}

fn spec(game: &str, seats: Vec<SeatSpec>, seed: u64) -> TableSpec {
    TableSpec {
        game: game.into(),
        options: Options::new(),
        seats,
        seed: Some(seed),
        timeout: Duration::from_secs(3600),
        stand_in: true,
        hints: false,
    }
}

/// The cheapest computer player of `game` (the measures are about the server, not the bots).
fn cheap_bot(game: &str) -> String {
    let g = hotseat::registry::find(game).expect("game");
    if g.bot_ok("random") {
        "random".into()
    } else {
        g.bots()[0].0.to_string()
    }
}

/// Memory per table: the hub in this process opens `n` Couperation tables of two free seats.
fn memory_per_table(n: usize) {
    let dir = tempfile::tempdir().expect("dir");
    let hub = Served::open(dir.path(), hotseat::registry::GAMES).expect("hub");
    let before = own_rss_kib();
    let mut codes = Vec::new();
    for i in 0..n {
        let (code, screen) = hub
            .create(
                spec("couperation", vec![SeatSpec::Remote; 2], i as u64),
                &host_peer(),
                Wake::none(),
            )
            .expect("create");
        drop(screen);
        codes.push(code);
    }
    std::thread::sleep(Duration::from_millis(300));
    let after = own_rss_kib();
    println!(
        "memory per table (hub in this process, {n} Couperation tables of 2 free seats, each with \
         its log and driver thread): {before} KiB -> {after} KiB, {:.1} KiB per table",
        after.saturating_sub(before) as f64 / n as f64
    );
    drop(hub);
}

/// Connect to first lobby frame, memory per connection, CPU at rest: `hotseat serve`, no tables.
fn connections_and_idle() {
    let mut server = ssh::Server::start(&[]);
    let key = server.new_key("m");
    // Connect to first lobby frame.
    let mut connects = Vec::new();
    for _ in 0..10 {
        let t0 = Instant::now();
        let mut t = server.connect("ann", Some(&key), 80, 24);
        t.wait_for("Open tables");
        connects.push(t0.elapsed());
        let raw = t.raw();
        let first = raw
            .windows(FRAME_END.len())
            .position(|w| w == FRAME_END)
            .expect("a frame");
        for q in QUERIES {
            assert!(
                !find(&raw[..first], q),
                "a query {q:?} before the first frame"
            );
            assert!(!find(&raw, q), "a query {q:?} to the client's terminal");
        }
        t.send("\x03");
        t.wait_exit();
    }
    println!(
        "connect to first lobby frame (spawn `ssh -tt` .. frame with \"Open tables\", 10 runs): {}",
        times(connects)
    );
    println!(
        "  no query to the client's terminal in any session (checked: {} kinds, e.g. CSI 6n)",
        QUERIES.len()
    );

    // Memory per connection: after one connection came and went (lazy set-up done).
    std::thread::sleep(Duration::from_millis(500));
    let before = ssh::rss_kib(server.pid()).unwrap_or(0);
    let clients: Vec<Term> = (0..50)
        .map(|i| server.connect_from(&format!("127.0.0.{}", 10 + i), "p", Some(&key)))
        .collect();
    for c in &clients {
        c.wait_for("Open tables");
    }
    std::thread::sleep(Duration::from_secs(1));
    let after = ssh::rss_kib(server.pid()).unwrap_or(0);
    println!(
        "server memory (VmRSS of `hotseat serve`): {before} KiB with none, {after} KiB with 50 \
         clients in the lobby at 80x24: {:.0} KiB per connection",
        after.saturating_sub(before) as f64 / 50.0
    );
    let (cpu0, w0) = (ssh::cpu_ticks(server.pid()), wire_sent(server.port));
    let frames0: usize = clients.iter().map(Term::frames).sum();
    std::thread::sleep(Duration::from_secs(10));
    let (cpu1, w1) = (ssh::cpu_ticks(server.pid()), wire_sent(server.port));
    let frames1: usize = clients.iter().map(Term::frames).sum();
    println!(
        "server CPU with 50 idle connections over 10 s: {} clock ticks (1 tick = 10 ms), {} bytes \
         sent on the wire, {} frames",
        cpu1.unwrap_or(0).saturating_sub(cpu0.unwrap_or(0)),
        w1.unwrap_or(0).saturating_sub(w0.unwrap_or(0)),
        frames1 - frames0
    );
    for mut c in clients {
        c.send_bytes(b"\x03");
        c.wait_exit();
    }
    assert!(server.alive());
}

/// Every complete frame in `raw` after byte `from`, as its length in bytes.
fn frame_lengths(raw: &[u8], from: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut start = from;
    let mut i = from;
    while i + FRAME_END.len() <= raw.len() {
        if &raw[i..i + FRAME_END.len()] == FRAME_END {
            out.push(i + FRAME_END.len() - start);
            i += FRAME_END.len();
            start = i;
        } else {
            i += 1;
        }
    }
    out
}

/// One key and what it cost: time to the first frame after it, that frame's bytes, and with
/// `settle` every frame until none came for that long.
struct Sample {
    latency: Duration,
    first: usize,
    total: usize,
    frames: usize,
}

fn press(t: &Term, key: &[u8], settle: Option<Duration>) -> Sample {
    press_dump(t, key, settle, None)
}

fn press_dump(t: &Term, key: &[u8], settle: Option<Duration>, what: Option<&str>) -> Sample {
    let (frames, from) = (t.frames(), t.raw().len());
    let t0 = Instant::now();
    t.send_bytes(key);
    let end = t0 + Duration::from_secs(20);
    while t.frames() == frames {
        assert!(Instant::now() < end, "no frame after a key:\n{}", t.frame());
        std::thread::sleep(Duration::from_micros(50));
    }
    let latency = t0.elapsed();
    if let Some(quiet) = settle {
        let mut seen = t.frames();
        let mut last = Instant::now();
        while last.elapsed() < quiet {
            std::thread::sleep(Duration::from_millis(5));
            let n = t.frames();
            if n != seen {
                seen = n;
                last = Instant::now();
            }
        }
    }
    let raw = t.raw();
    if let Some(what) = what {
        dump(what, &raw, from);
    }
    let lens = frame_lengths(&raw, from);
    Sample {
        latency,
        first: lens.first().copied().unwrap_or(0),
        total: lens.iter().sum(),
        frames: lens.len(),
    }
}

fn report_keys(what: &str, samples: &[Sample], wire: Option<u64>) {
    println!(
        "  {what}: key to frame {}",
        times(samples.iter().map(|s| s.latency).collect())
    );
    println!(
        "    bytes of its frame: {}",
        sizes(samples.iter().map(|s| s.first).collect())
    );
    if let Some(w) = wire {
        println!(
            "    on the wire (TCP payload the server sent, per key): {:.0} B",
            w as f64 / samples.len() as f64
        );
    }
}

/// Tables for the play measures, opened in `home` and saved there for `hotseat serve` to
/// restore: three waiting Couperation tables (a list to move through), a solo Kokoro table
/// per size, and a Couperation table of four computer players to watch.
fn prepare_tables(home: &Path) -> (String, String) {
    let hub = Served::open(home, hotseat::registry::GAMES).expect("hub");
    // The computer players wait until the server opens the table again.
    hub.set_bot_delay(Duration::from_secs(3600));
    let bot = SeatSpec::Bot {
        kind: cheap_bot("couperation"),
    };
    let create = |s: TableSpec| hub.create(s, &host_peer(), Wake::none()).expect("create").0;
    create(spec("couperation", vec![bot; 4], 11));
    for seed in 0..3 {
        create(spec("couperation", vec![SeatSpec::Remote; 3], seed));
    }
    let small = create(spec("kokoro", vec![SeatSpec::Remote], 5));
    let large = create(spec("kokoro", vec![SeatSpec::Remote], 5));
    drop(hub);
    (small, large)
}

/// Lobby cursor moves, then a solo Kokoro game: cursor moves on the mat and paths drawn.
fn play_at(server: &ssh::Server, key: &Path, cols: u16, rows: u16, code: &str) {
    println!("at {cols}x{rows}:");
    let t = server.connect("ann", Some(key), cols, rows);
    t.wait_for("Open tables");
    std::thread::sleep(Duration::from_millis(300));
    // The lobby: the highlight moves between two tables (their seats box changes too).
    let w0 = wire_sent(server.port);
    let lobby: Vec<Sample> = (0..100)
        .map(|i| {
            let k: &[u8] = if i % 2 == 0 { b"\x1b[B" } else { b"\x1b[A" };
            let s = press_dump(&t, k, None, (i == 0).then_some("lobby ↓"));
            std::thread::sleep(Duration::from_millis(5));
            s
        })
        .collect();
    let w1 = wire_sent(server.port);
    report_keys(
        "lobby, ↓/↑ between two tables",
        &lobby,
        w1.zip(w0).map(|(a, b)| a - b),
    );

    // Join the Kokoro table by its code.
    t.send("c");
    t.send(code);
    t.send("\r");
    t.wait_for("to move");
    std::thread::sleep(Duration::from_millis(500));
    // A cursor move between two free spaces of the fresh mat (r0c0 and r1c0): the highlight
    // and the square's name in the status line change, nothing else.
    let w0 = wire_sent(server.port);
    let free: Vec<Sample> = (0..60)
        .map(|i| {
            let k: &[u8] = if i % 2 == 0 { b"\x1b[B" } else { b"\x1b[A" };
            let s = press_dump(&t, k, None, (i == 2).then_some("Kokoro ↓"));
            std::thread::sleep(Duration::from_millis(5));
            s
        })
        .collect();
    let w1 = wire_sent(server.port);
    report_keys(
        "Kokoro, ↓/↑ on a fresh mat (cursor move)",
        &free,
        w1.zip(w0).map(|(a, b)| a - b),
    );
    let mut moves = Vec::new();
    let mut cursor = Vec::new();
    let (mut wire_cursor, mut wire_moves) = (0, 0);
    let wire = || wire_sent(server.port).unwrap_or(0);
    for i in 0..42 {
        if t.frame().contains("put the result away") {
            press(&t, b"z", Some(Duration::from_millis(200)));
        }
        if t.frame().contains("Game over") {
            break;
        }
        if i > 0 {
            let w0 = wire();
            let what = (i == 3).then_some("Kokoro →");
            cursor.push(press_dump(&t, b"\x1b[C", None, what));
            if i % 6 == 0 {
                cursor.push(press(&t, b"\x1b[B", None));
            }
            // Let the last frame's packet be acknowledged and counted.
            std::thread::sleep(Duration::from_millis(20));
            wire_cursor += wire() - w0;
        }
        let w0 = wire();
        let what = (i == 3).then_some("Kokoro Enter");
        moves.push(press_dump(
            &t,
            b"\r",
            Some(Duration::from_millis(200)),
            what,
        ));
        wire_moves += wire() - w0;
    }
    report_keys(
        "Kokoro, → after each draw (onto the next free space: the hint line changes too)",
        &cursor,
        Some(wire_cursor),
    );
    report_keys(
        "Kokoro, Enter draws a path (a move)",
        &moves,
        Some(wire_moves),
    );
    println!(
        "    with the frames that follow it (the next card turned up): {} per move, {}",
        {
            let mut f: Vec<usize> = moves.iter().map(|s| s.frames).collect();
            f.sort();
            format!("median {} frames", percentile(&f, 0.5))
        },
        sizes(moves.iter().map(|s| s.total).collect())
    );
    drop(t);
}

/// What a spectator is sent for each computer player's move, at both sizes at once.
fn watch_bots(server: &ssh::Server, key: &Path) {
    let terms: Vec<(u16, u16, Term)> = [(80, 24), (120, 40)]
        .into_iter()
        .map(|(c, r)| (c, r, server.connect("eve", Some(key), c, r)))
        .collect();
    let mut starts = Vec::new();
    for (_, _, t) in &terms {
        t.wait_for("Open tables");
        // The bots' table opened first: it is the highlighted one.
        t.send("w");
        t.wait_for("Public view");
        std::thread::sleep(Duration::from_millis(300));
        starts.push(t.raw().len());
    }
    std::thread::sleep(Duration::from_secs(20));
    println!(
        "a spectator at a Couperation table of four computer players (a move every 0.7 s, 20 s):"
    );
    for ((c, r, t), from) in terms.iter().zip(starts) {
        let raw = t.raw();
        let lens = frame_lengths(&raw, from);
        if let Some(&first) = lens.first() {
            dump("spectator", &raw[..from + first], from);
        }
        println!("  {c}x{r}: {} frames, {}", lens.len(), sizes(lens));
    }
    drop(terms);
    // The server closes those connections: later measures count one client's bytes.
    std::thread::sleep(Duration::from_secs(1));
}

fn main() {
    if !ssh::ready_to_measure() {
        return;
    }
    memory_per_table(100);
    connections_and_idle();

    let home = tempfile::tempdir().expect("home");
    let (small, large) = prepare_tables(home.path());
    let server = ssh::Server::start_in(home, &[]);
    let key = server.new_key("k");
    // The computer players' game first, while it is still on.
    watch_bots(&server, &key);
    play_at(&server, &key, 80, 24, &small);
    play_at(&server, &key, 120, 40, &large);

    let bin = Path::new(env!("CARGO_BIN_EXE_hotseat"));
    if let Ok(m) = std::fs::metadata(bin) {
        println!(
            "this build's binary: {:.2} MB ({}, bench profile: no LTO); \
             `cargo build --release` (fat LTO) for the shipped size",
            m.len() as f64 / 1e6,
            bin.display()
        );
    }
}

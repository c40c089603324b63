//! Key press to frame on the local screen, with and without a computer player thinking: the
//! real `hotseat play` in a pseudo-terminal, printed as a report (never timed assertions). Run
//! with `cargo bench --bench keys`.
//!
//! The key is `?`, which opens the help over the board, then Esc, which closes it: neither
//! changes the game, so each sample is one key and the one frame it asks for, even while
//! computer players move underneath. A sample counts as "while thinking" when the frame that
//! answered it still says in its header that a computer player is thinking.
//!
//! - idle: a person is to move against a hard computer player, which is waiting;
//! - Cocoon and Kokoro, four hard computer players with no pause between moves
//!   (`--bot-pace 0`): one of them is thinking almost all the time, on a thread of its own,
//!   and on this 2-core machine it keeps one core busy while the screen answers keys.

#[path = "../tests/common/pty.rs"]
#[allow(dead_code)]
mod pty;

use std::time::{Duration, Instant};

use pty::Term;

const SAMPLES: usize = 60;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Sends `key` and waits until the screen satisfies `ok`: the time that took, and the frame.
fn press(t: &Term, key: &str, ok: impl Fn(&str) -> bool) -> (Duration, String) {
    let t0 = Instant::now();
    assert!(t.send_bytes(key.as_bytes()), "the key was taken");
    let end = t0 + Duration::from_secs(20);
    loop {
        let f = t.frame();
        if ok(&f) {
            return (t0.elapsed(), f);
        }
        assert!(Instant::now() < end, "no answer to {key:?}:\n{f}");
        std::thread::sleep(Duration::from_micros(100));
    }
}

fn header(frame: &str) -> &str {
    frame.lines().next().unwrap_or("")
}

/// Opens and closes the help until `SAMPLES` keys were answered (while thinking, if `busy`:
/// a table of computer players soon ends, so the next seed's game starts); prints
/// key-to-frame times, all samples and those answered while a computer player was thinking.
fn measure(what: &str, args: &[&str], busy: bool, cols: u16, rows: u16) {
    let (mut all, mut thinking) = (Vec::new(), Vec::new());
    for seed in 1..=20u64 {
        let home = tempfile::tempdir().expect("tmp");
        let seed = seed.to_string();
        let mut args = args.to_vec();
        args.extend(["--seed", &seed]);
        let mut t = Term::spawn(&args, home.path(), home.path(), cols, rows);
        t.wait_until("the game screen", |f| {
            header(f).contains(" to move") || header(f).contains(" think")
        });
        if !busy {
            // After the computer player's opening move, if it had one: the person is to move.
            t.wait_until("the person to move", |f| header(f).contains(" to move"));
        }
        let mut idle_in_a_row = 0;
        while idle_in_a_row < 4 && (if busy { thinking.len() } else { all.len() }) < SAMPLES {
            // A quiet moment between keys, as a person types.
            std::thread::sleep(Duration::from_millis(30));
            for (key, open) in [("?", true), ("\x1b", false)] {
                let (d, f) = press(&t, key, |f| f.contains("Help:") == open);
                all.push(d);
                if header(&f).contains(" think") {
                    thinking.push(d);
                    idle_in_a_row = 0;
                } else {
                    idle_in_a_row += 1;
                }
            }
            if !busy {
                idle_in_a_row = 0;
            }
        }
        t.quit();
        if (if busy { thinking.len() } else { all.len() }) >= SAMPLES {
            break;
        }
    }
    println!("{what} at {cols}x{rows}:");
    for (label, mut v) in [("every key", all), ("answered while thinking", thinking)] {
        if v.is_empty() {
            println!("  {label}: no sample");
            continue;
        }
        v.sort();
        println!(
            "  {label} ({} keys): median {}, p90 {}, p99 {}, max {}",
            v.len(),
            ms(percentile(&v, 0.5)),
            ms(percentile(&v, 0.9)),
            ms(percentile(&v, 0.99)),
            ms(v[v.len() - 1]),
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; this report takes no arguments.
    for (cols, rows) in [(80, 24), (120, 40)] {
        measure(
            "idle: a person to move against a hard Cocoon player",
            &["play", "cocoon", "--players", "2", "--bot", "2=hard"],
            false,
            cols,
            rows,
        );
        for game in ["cocoon", "kokoro"] {
            measure(
                &format!("{game}: four hard computer players, --bot-pace 0"),
                &[
                    "play",
                    game,
                    "--players",
                    "4",
                    "--bot",
                    "1=hard",
                    "--bot",
                    "2=hard",
                    "--bot",
                    "3=hard",
                    "--bot",
                    "4=hard",
                    "--bot-pace",
                    "0",
                ],
                true,
                cols,
                rows,
            );
        }
    }
}

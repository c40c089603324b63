//! The timing loop of the benches that time one call many times (engine, render, startup):
//! samples of a few milliseconds each, their median, fastest and slowest, and a throughput
//! where a bench counts what one call handles. The other benches time whole programs and
//! print their own reports.
//!
//! Hand-written rather than a bench framework: these benches need nothing more, and the one
//! they used (divan, with its macros and argument parser) was compiled in every CI run, as
//! every test target depends on every dev-dependency, on the path to this crate's library.
//!
//! `cargo bench --bench engine -- replay` runs only the benches whose name holds `replay`.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// What one call handles, for a throughput beside the time.
#[derive(Clone, Copy)]
pub enum Count {
    Items(usize, &'static str),
    Bytes(usize),
}

/// The benches to run: those whose name holds one of the words given on the command line.
pub struct Timer {
    words: Vec<String>,
}

impl Timer {
    /// The words from the command line (cargo's own `--bench` flag is not one).
    pub fn from_args() -> Self {
        Self {
            words: std::env::args()
                .skip(1)
                .filter(|a| !a.starts_with('-'))
                .collect(),
        }
    }

    fn wants(&self, name: &str) -> bool {
        self.words.is_empty() || self.words.iter().any(|w| name.contains(w.as_str()))
    }

    /// Times `f`, in samples of about [`SAMPLE`] each (at least one call a sample).
    pub fn time<R>(&self, name: &str, count: Option<Count>, mut f: impl FnMut() -> R) {
        if !self.wants(name) {
            return;
        }
        let t0 = Instant::now();
        black_box(f());
        let once = t0.elapsed().max(Duration::from_nanos(1));
        let calls = (SAMPLE.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32;
        let samples = (TOTAL.as_nanos() / (once.as_nanos() * u128::from(calls)))
            .clamp(MIN_SAMPLES, MAX_SAMPLES) as usize;
        let mut times: Vec<Duration> = (0..samples)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..calls {
                    black_box(f());
                }
                t.elapsed() / calls
            })
            .collect();
        times.sort();
        report(name, &times, calls, count);
    }

    /// Times `f` once a sample, `samples` times: for calls that cost milliseconds and return
    /// something that must be dropped outside the timing (a program to stop).
    pub fn time_each<R>(&self, name: &str, samples: usize, mut f: impl FnMut() -> R) {
        if !self.wants(name) {
            return;
        }
        let mut times: Vec<Duration> = (0..samples.max(1))
            .map(|_| {
                let t = Instant::now();
                let r = f();
                let d = t.elapsed();
                drop(r);
                d
            })
            .collect();
        times.sort();
        report(name, &times, 1, None);
    }
}

/// About how long one sample lasts.
const SAMPLE: Duration = Duration::from_millis(2);
/// About how long a bench lasts, between the sample counts below.
const TOTAL: Duration = Duration::from_millis(500);
const MIN_SAMPLES: u128 = 10;
const MAX_SAMPLES: u128 = 200;

fn report(name: &str, sorted: &[Duration], calls: u32, count: Option<Count>) {
    let median = sorted[sorted.len() / 2];
    let mut line = format!(
        "{name:<40} median {:>10}  fastest {:>10}  slowest {:>10}  ({} samples x {calls})",
        human(median),
        human(sorted[0]),
        human(sorted[sorted.len() - 1]),
        sorted.len(),
    );
    if let Some(c) = count {
        let per_s = |n: usize| n as f64 / median.as_secs_f64().max(1e-12);
        match c {
            Count::Items(n, what) => line.push_str(&format!("  {:.0} {what}/s", per_s(n))),
            Count::Bytes(n) => line.push_str(&format!("  {:.1} MB/s", per_s(n) / 1e6)),
        }
    }
    println!("{line}");
}

fn human(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} µs", ns as f64 / 1e3)
    } else {
        format!("{:.2} ms", ns as f64 / 1e6)
    }
}

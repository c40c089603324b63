//! What one client may cost the server: connections per address, authentication attempts, time
//! without a key press, input per read and per second, output waiting to be read. A client over
//! a limit is refused or dropped; nobody else waits for it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Connections at once from one address (a household behind one router plays together).
pub const PER_ADDRESS: usize = 8;
/// Connections at once in all.
pub const TOTAL: usize = 200;
/// Authentication attempts on one connection.
pub const AUTH_ATTEMPTS: usize = 6;
/// Time from connecting to a running game screen: key exchange, authentication, pty and shell.
pub const LOGIN_TIME: Duration = Duration::from_secs(30);
/// A connection without a key press for this long is closed (its seat stays, for a return).
pub const IDLE: Duration = Duration::from_secs(60 * 60);
/// Bytes of one read that are looked at; the rest of a larger read is dropped.
pub const MAX_READ: usize = 4096;
/// Input per second, on average, and the most that may come in one burst: well above typing
/// and a pasted line, far below a flood.
pub const INPUT_RATE: usize = 16 * 1024;
pub const INPUT_BURST: usize = 64 * 1024;
/// Frames sent but not yet taken by the client: past this the client is not reading and is
/// dropped, rather than keeping its frames in memory.
pub const OUTPUT_QUEUE: usize = 1024 * 1024;

/// Counts connections per address and in all.
#[derive(Clone, Default)]
pub struct Connections {
    inner: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One counted connection; dropping it frees its place.
pub struct Slot {
    inner: Arc<Mutex<HashMap<IpAddr, usize>>>,
    addr: IpAddr,
}

impl Connections {
    pub fn new() -> Self {
        Self::default()
    }

    /// A place for a new connection from `addr`, or why there is none.
    pub fn admit(&self, addr: IpAddr) -> Result<Slot, &'static str> {
        self.admit_within(addr, PER_ADDRESS, TOTAL)
    }

    fn admit_within(&self, addr: IpAddr, per: usize, total: usize) -> Result<Slot, &'static str> {
        let mut m = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if m.values().sum::<usize>() >= total {
            return Err("the server is full");
        }
        let n = m.entry(addr).or_insert(0);
        if *n >= per {
            return Err("too many connections from this address");
        }
        *n += 1;
        Ok(Slot {
            inner: self.inner.clone(),
            addr,
        })
    }

    pub fn count(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .sum()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut m = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                m.remove(&self.addr);
            }
        }
    }
}

/// A token bucket over input bytes: [`INPUT_BURST`] at once, refilled at [`INPUT_RATE`] a second.
pub struct InputBudget {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl InputBudget {
    pub fn new(now: Instant) -> Self {
        Self::with(INPUT_RATE, INPUT_BURST, now)
    }

    fn with(rate: usize, burst: usize, now: Instant) -> Self {
        InputBudget {
            tokens: burst as f64,
            rate: rate as f64,
            burst: burst as f64,
            last: now,
        }
    }

    /// Spends `n` bytes; false when the client has sent more than its budget (a flood).
    pub fn spend(&mut self, n: usize, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        self.tokens -= n as f64;
        self.tokens >= 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_per_address_and_in_all() {
        let c = Connections::new();
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        let s1 = c.admit_within(a, 2, 3).expect("first");
        let _s2 = c.admit_within(a, 2, 3).expect("second");
        assert!(c.admit_within(a, 2, 3).is_err(), "a third from one address");
        let _s3 = c.admit_within(b, 2, 3).expect("another address");
        assert_eq!(
            c.admit_within(b, 2, 3).err(),
            Some("the server is full"),
            "over the total"
        );
        drop(s1);
        assert_eq!(c.count(), 2);
        c.admit_within(a, 2, 3).expect("a place came free");
    }

    #[test]
    fn typing_fits_the_budget_a_flood_does_not() {
        let t0 = Instant::now();
        let mut typing = InputBudget::new(t0);
        for i in 0..10_000u64 {
            // Twenty keys a second, escape sequences included, for over eight minutes.
            assert!(typing.spend(6, t0 + Duration::from_millis(i * 50)));
        }
        let mut paste = InputBudget::new(t0);
        assert!(paste.spend(32 * 1024, t0), "a pasted paragraph is fine");
        let flooded = (0..32).any(|_| !paste.spend(32 * 1024, t0));
        assert!(flooded, "a megabyte at once is a flood");
    }
}

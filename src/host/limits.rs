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
/// Connections not yet at their game (still in key exchange or logging in), at once: a budget
/// of their own, well below [`TOTAL`], so that connections that never log in cannot fill the
/// server. When it is full, a new connection takes the place of the oldest one still waiting
/// (see [`Connections::admit`]), so an ordinary player always gets in.
pub const PENDING: usize = 64;
/// Authentication attempts on one connection.
pub const AUTH_ATTEMPTS: usize = 6;
/// Time from connecting to the first authentication request: the client's banner and the key
/// exchange, which a real client does at once without asking its person anything.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(5);
/// Time from connecting to a running game screen: key exchange, authentication (a password
/// typed at the prompt included), pty and shell.
pub const LOGIN_TIME: Duration = Duration::from_secs(20);
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
/// The largest window drawn: more than any real terminal shows (a 4K screen at a small font
/// is about 480×130), so that a client claiming 10000×10000 costs what a big terminal costs.
pub const MAX_COLS: u16 = 500;
pub const MAX_ROWS: u16 = 200;
/// Window size changes are drawn at most this often; in between only the latest size counts.
pub const RESIZE_EVERY: Duration = Duration::from_millis(100);
/// Open tables (not finished) that one identity may have created, and one address.
pub const TABLES_PER_CREATOR: usize = 4;
pub const TABLES_PER_ADDRESS: usize = 8;
/// Open tables in all (each holds a log file and a thread).
pub const TABLES: usize = 64;
/// A table that has not started and that nobody has looked at for this long is closed.
pub const UNSTARTED_TABLE_TIME: Duration = Duration::from_secs(10 * 60);

/// Open files the limits above may cost at most: two per connection (its socket, and the copy
/// that closes it from outside), two per table (its log's lock, and a save in progress), and a
/// reserve for the process itself (host key, standard streams, the runtime).
pub const DESCRIPTORS_NEEDED: u64 = (TOTAL as u64) * 2 + (TABLES as u64) * 2 + 64;

/// Raises this process's soft limit on open files to its hard limit, so that the limits above
/// can never run it out of descriptors (which would stop saves at the tables in play). Returns
/// the limit in force, where the platform has one.
pub fn raise_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut l = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: `l` is a valid rlimit for getrlimit/setrlimit to read and write.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut l) != 0 {
                return None;
            }
            if l.rlim_cur < l.rlim_max {
                let want = libc::rlimit {
                    rlim_cur: l.rlim_max,
                    rlim_max: l.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &want) == 0 {
                    l = want;
                }
            }
        }
        // rlim_t is not u64 everywhere.
        #[allow(clippy::unnecessary_cast)]
        Some(l.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// How far a connection has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Connected: banner and key exchange.
    Handshake,
    /// Asked to log in.
    Login,
    /// At its game: no longer counted against [`PENDING`] and never pushed out.
    Playing,
}

/// Counts connections per address and in all, and those still logging in.
#[derive(Clone, Default)]
pub struct Connections {
    inner: Arc<Mutex<Counted>>,
}

#[derive(Default)]
struct Counted {
    next: u64,
    live: HashMap<u64, Live>,
}

struct Live {
    addr: IpAddr,
    since: Instant,
    stage: Stage,
    /// Closes the connection from outside (its socket).
    kill: Arc<dyn Fn() + Send + Sync>,
}

/// One counted connection; dropping it frees its place.
pub struct Slot {
    inner: Arc<Mutex<Counted>>,
    id: u64,
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Full,
    PerAddress,
}

impl Refusal {
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Full => "the server is full",
            Refusal::PerAddress => "too many connections from this address",
        }
    }
}

/// What admitting a connection did.
pub struct Admitted {
    pub slot: Slot,
    /// The connection still logging in that was closed to make room for this one, by address.
    pub pushed_out: Option<IpAddr>,
}

impl Connections {
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counted> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a new connection from `addr` (`kill` closes it), or why there is none.
    /// Connections at their game are never pushed out; when the places for connections still
    /// logging in are taken, the oldest of those (one still in its key exchange first) is
    /// closed to make room: a real client logs in within moments, a connection that only holds
    /// a place does not.
    pub fn admit(
        &self,
        addr: IpAddr,
        kill: Arc<dyn Fn() + Send + Sync>,
        now: Instant,
    ) -> Result<Admitted, Refusal> {
        self.admit_within(addr, kill, now, PER_ADDRESS, TOTAL, PENDING)
    }

    fn admit_within(
        &self,
        addr: IpAddr,
        kill: Arc<dyn Fn() + Send + Sync>,
        now: Instant,
        per: usize,
        total: usize,
        pending: usize,
    ) -> Result<Admitted, Refusal> {
        let mut c = self.lock();
        let from_addr = c.live.values().filter(|l| l.addr == addr).count();
        if from_addr >= per {
            return Err(Refusal::PerAddress);
        }
        let waiting = c
            .live
            .values()
            .filter(|l| l.stage != Stage::Playing)
            .count();
        let mut pushed_out = None;
        if c.live.len() >= total || waiting >= pending {
            let victim = c
                .live
                .iter()
                .filter(|(_, l)| l.stage != Stage::Playing)
                .min_by_key(|(_, l)| (l.stage, l.since))
                .map(|(id, _)| *id);
            let Some(victim) = victim else {
                return Err(Refusal::Full);
            };
            if let Some(l) = c.live.remove(&victim) {
                (l.kill)();
                pushed_out = Some(l.addr);
            }
        }
        let id = c.next;
        c.next += 1;
        c.live.insert(
            id,
            Live {
                addr,
                since: now,
                stage: Stage::Handshake,
                kill,
            },
        );
        Ok(Admitted {
            slot: Slot {
                inner: self.inner.clone(),
                id,
            },
            pushed_out,
        })
    }

    pub fn count(&self) -> usize {
        self.lock().live.len()
    }

    /// Connections not yet at their game.
    pub fn waiting(&self) -> usize {
        self.lock()
            .live
            .values()
            .filter(|l| l.stage != Stage::Playing)
            .count()
    }
}

impl Slot {
    /// The connection has come this far (never backwards).
    pub fn reached(&self, stage: Stage) {
        let mut c = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = c.live.get_mut(&self.id) {
            l.stage = l.stage.max(stage);
        }
    }

    /// How far the connection has come; `None` once it was pushed out.
    pub fn stage(&self) -> Option<Stage> {
        let c = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        c.live.get(&self.id).map(|l| l.stage)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        c.live.remove(&self.id);
    }
}

/// Failed logins and wrong reconnect codes, per address: after a few, each further try from
/// that address waits longer (doubling up to [`Backoff::MAX`]). Other addresses are not
/// slowed, so a guesser cannot lock out a player somewhere else; a quiet spell forgets.
#[derive(Default)]
pub struct Backoff {
    by_addr: Mutex<HashMap<IpAddr, Failures>>,
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
}

impl Backoff {
    /// Failures allowed before any waiting.
    pub const FREE: u32 = 5;
    pub const FIRST: Duration = Duration::from_millis(500);
    pub const MAX: Duration = Duration::from_secs(30);
    /// Failures are forgotten after this long without one.
    pub const FORGET: Duration = Duration::from_secs(15 * 60);
    /// Addresses remembered at most (the oldest are forgotten first).
    const ADDRESSES: usize = 4096;

    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Failures>> {
        self.by_addr.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait_for(count: u32) -> Duration {
        if count < Self::FREE {
            return Duration::ZERO;
        }
        let doublings = (count - Self::FREE).min(16);
        Self::FIRST.saturating_mul(1 << doublings).min(Self::MAX)
    }

    /// How long a try from `addr` must still wait (zero: it may go ahead now).
    pub fn wait(&self, addr: IpAddr, now: Instant) -> Duration {
        let m = self.lock();
        let Some(f) = m.get(&addr) else {
            return Duration::ZERO;
        };
        if now.saturating_duration_since(f.last) >= Self::FORGET {
            return Duration::ZERO;
        }
        (f.last + Self::wait_for(f.count)).saturating_duration_since(now)
    }

    /// A try from `addr` failed. Returns how many have failed in a row from there.
    pub fn failed(&self, addr: IpAddr, now: Instant) -> u32 {
        let mut m = self.lock();
        if m.len() >= Self::ADDRESSES && !m.contains_key(&addr) {
            m.retain(|_, f| now.saturating_duration_since(f.last) < Self::FORGET);
            if m.len() >= Self::ADDRESSES
                && let Some(oldest) = m.iter().min_by_key(|(_, f)| f.last).map(|(a, _)| *a)
            {
                m.remove(&oldest);
            }
        }
        let f = m.entry(addr).or_insert(Failures {
            count: 0,
            last: now,
        });
        if now.saturating_duration_since(f.last) >= Self::FORGET {
            f.count = 0;
        }
        f.count += 1;
        f.last = now;
        f.count
    }

    /// A try from `addr` succeeded: its failures are forgotten.
    pub fn succeeded(&self, addr: IpAddr) {
        self.lock().remove(&addr);
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

    fn no_kill() -> Arc<dyn Fn() + Send + Sync> {
        Arc::new(|| {})
    }

    #[test]
    fn connections_per_address_and_in_all() {
        let c = Connections::new();
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        let t = Instant::now();
        let admit = |addr| c.admit_within(addr, no_kill(), t, 2, 3, 3);
        let s1 = admit(a).expect("first").slot;
        let s2 = admit(a).expect("second").slot;
        assert_eq!(
            admit(a).err(),
            Some(Refusal::PerAddress),
            "a third from one address"
        );
        let s3 = admit(b).expect("another address").slot;
        for s in [&s1, &s2, &s3] {
            s.reached(Stage::Playing);
        }
        assert_eq!(admit(b).err(), Some(Refusal::Full), "over the total");
        drop(s1);
        assert_eq!(c.count(), 2);
        admit(a).expect("a place came free");
    }

    /// Found by a hostile test: 300 connections that never sent a banner held every place for
    /// 30 s. Now they hold only the places for connections logging in, and each new one pushes
    /// out the oldest of them; players at their game are never touched.
    #[test]
    fn a_flood_of_silent_connections_never_locks_a_player_out() {
        let c = Connections::new();
        let killed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let t0 = Instant::now();
        let player: IpAddr = "127.0.0.1".parse().expect("ip");
        let playing = c
            .admit_within(player, no_kill(), t0, 8, 40, 8)
            .expect("a player")
            .slot;
        playing.reached(Stage::Playing);
        let mut flood = Vec::new();
        for i in 0..300u32 {
            let addr: IpAddr = format!("127.0.{}.{}", 1 + i % 38, 2 + i / 38)
                .parse()
                .expect("ip");
            let k = killed.clone();
            let kill: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
                k.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            });
            let t = t0 + Duration::from_millis(u64::from(i));
            if let Ok(a) = c.admit_within(addr, kill, t, 8, 40, 8) {
                flood.push(a.slot);
            }
        }
        assert!(c.waiting() <= 8, "{} waiting", c.waiting());
        assert_eq!(killed.load(std::sync::atomic::Ordering::SeqCst), 300 - 8);
        // A new player from anywhere gets in, and the one already playing is still there.
        let newcomer: IpAddr = "127.0.0.99".parse().expect("ip");
        let later = t0 + Duration::from_secs(1);
        let a = c
            .admit_within(newcomer, no_kill(), later, 8, 40, 8)
            .expect("a newcomer gets in during the flood");
        assert!(a.pushed_out.is_some());
        assert_eq!(playing.stage(), Some(Stage::Playing));
        // Connections that asked to log in go after those still in their key exchange.
        a.slot.reached(Stage::Login);
        for _ in 0..20 {
            let s = c
                .admit_within(newcomer, no_kill(), later, 100, 40, 8)
                .expect("in");
            flood.push(s.slot);
            assert_eq!(
                a.slot.stage(),
                Some(Stage::Login),
                "a login in progress stays"
            );
        }
    }

    /// Running out of descriptors stopped every new table and the saves of those in play.
    /// Every limit together fits in the usual default of 1,024 open files, before the server
    /// even raises its own limit.
    #[test]
    fn the_limits_fit_in_the_default_number_of_open_files() {
        const { assert!(PENDING < TOTAL && DESCRIPTORS_NEEDED <= 1024) };
        #[cfg(unix)]
        assert!(raise_file_limit().is_some_and(|n| n >= 256));
    }

    #[test]
    fn wrong_guesses_slow_their_address_only() {
        let b = Backoff::new();
        let guesser: IpAddr = "127.0.0.5".parse().expect("ip");
        let player: IpAddr = "127.0.0.6".parse().expect("ip");
        let t = Instant::now();
        for _ in 0..Backoff::FREE {
            assert_eq!(b.wait(guesser, t), Duration::ZERO);
            b.failed(guesser, t);
        }
        assert_eq!(b.wait(guesser, t), Backoff::FIRST);
        for _ in 0..20 {
            b.failed(guesser, t);
        }
        assert_eq!(
            b.wait(guesser, t),
            Backoff::MAX,
            "doubling stops at the cap"
        );
        assert_eq!(
            b.wait(player, t),
            Duration::ZERO,
            "another address is not slowed"
        );
        // 5,000 codes in 6 s was possible; now past the first few each waits up to 30 s.
        let mut at = t;
        let mut tries = 0;
        let end = t + Duration::from_secs(60);
        let c = Backoff::new();
        while at < end {
            at += c.wait(guesser, at).max(Duration::from_millis(1));
            c.failed(guesser, at);
            tries += 1;
        }
        assert!(tries < 15, "{tries} guesses in a minute");
        assert_eq!(
            b.wait(guesser, t + Backoff::FORGET),
            Duration::ZERO,
            "a quiet spell forgets"
        );
        b.succeeded(guesser);
        assert_eq!(b.wait(guesser, t), Duration::ZERO);
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

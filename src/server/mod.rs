//! The game server: `hotseat serve` lets friends join with the `ssh` client they already have.
//!
//! Each connection runs its own [`crate::ui::app::App`] on its own thread; what the connections
//! share lives in the hub. This module holds the plain data the transport hands to the hub and
//! the lobby: who is connected ([`Peer`]) and how to tell their thread to redraw ([`Wake`]).

pub mod hub;
pub mod lobby;
pub mod lobby_create;
pub mod lobby_finished;
pub mod lobby_games;
#[cfg(test)]
mod lobby_tests;
pub mod seat_admin;
pub mod table_code;
pub mod table_room;
pub mod table_store;
#[cfg(test)]
mod table_tests;
pub mod table_waiting;

use std::net::IpAddr;
use std::sync::Arc;

/// Who is at the other end of one connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The SSH user name, sanitised (no control or bidi characters) and at most 24 characters.
    pub name: String,
    /// The fingerprint of the public key the client logged in with ("SHA256:…"); `None` for a
    /// guest without a key (password or keyboard-interactive only).
    pub key: Option<String>,
    pub addr: IpAddr,
    /// Whether the client's terminal shows colour (from its pty request's TERM).
    pub color: bool,
}

/// Called by the hub whenever something this connection shows may have changed; the
/// connection thread then redraws (and re-reads the top screen's deadline). Cheap, never blocks.
#[derive(Clone)]
pub struct Wake(pub Arc<dyn Fn() + Send + Sync>);

impl Wake {
    pub fn new(f: impl Fn() + Send + Sync + 'static) -> Wake {
        Wake(Arc::new(f))
    }

    /// A wake that does nothing (a local terminal redraws on its own, tests).
    pub fn none() -> Wake {
        Wake::new(|| {})
    }

    pub fn wake(&self) {
        (self.0)()
    }
}

impl std::fmt::Debug for Wake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Wake")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_wake_calls_its_function_from_every_clone() {
        let n = Arc::new(AtomicUsize::new(0));
        let m = n.clone();
        let w = Wake::new(move || {
            m.fetch_add(1, Ordering::SeqCst);
        });
        let w2 = w.clone();
        w.wake();
        w2.wake();
        assert_eq!(n.load(Ordering::SeqCst), 2);
        Wake::none().wake();
    }
}

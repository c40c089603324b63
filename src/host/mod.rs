//! The host: every live table, local or served, and what people at them share.
//!
//! A table lives here, not on any screen or connection: its chance and computer players
//! advance in its room ([`room`]), every terminal showing it is woken when it changes, and the
//! [`hub::Hub`] opens, lists, restores and closes the rooms. The host never names a screen: it
//! hands out seat handles ([`room::Attached`]) that the UI turns into play screens. Below it are
//! only the games, their bots and the engine.

pub mod chat;
pub mod events;
pub mod game;
pub mod hub;
pub mod limits;
pub mod listing;
pub mod names;
pub mod room;
pub mod seats;
pub mod table_code;
pub mod table_store;

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
    /// For a client without a key, a secret drawn for this connection and never shown: a
    /// guest's rights at a table (a seat, the creator's controls, "play again") belong to their
    /// name together with it, so another connection under the same name has none of them. The
    /// seat's reconnect code moves them to a new connection ([`table_store::Ident`]).
    pub guest: u64,
    pub addr: IpAddr,
    /// Whether the client's terminal shows colour (from its pty request's TERM).
    pub color: bool,
}

impl Peer {
    /// A connection's peer; a guest (no key) gets a fresh secret of its own.
    pub fn new(name: String, key: Option<String>, addr: IpAddr, color: bool) -> Peer {
        let guest = if key.is_some() {
            0
        } else {
            rand::random::<u64>()
        };
        Peer {
            name,
            key,
            guest,
            addr,
            color,
        }
    }
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

//! Who wants to know when the list of tables changes: every lobby on a screen registers its
//! connection's wake here, and the host rings them all when a table opens, fills, ends or is
//! left.

use std::sync::{Arc, Mutex, Weak};

use super::Wake;

/// Every lobby on a screen, by a weak handle on its connection's wake: the ones to wake when
/// the list of tables changes.
static LOBBIES: Mutex<Vec<Weak<Wake>>> = Mutex::new(Vec::new());

/// Wakes every lobby of this process, so each draws the tables again. A lobby rings after a
/// table is opened or a seat taken through it; the hub may ring for the changes it makes on
/// its own (a game ends, a seat's person goes away). Cheap, and never blocks on a connection.
pub fn ring() {
    let live: Vec<Arc<Wake>> = {
        let mut all = LOBBIES.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|w| w.strong_count() > 0);
        all.iter().filter_map(Weak::upgrade).collect()
    };
    for w in live {
        w.wake();
    }
}

/// A lobby's place among [`LOBBIES`], for as long as the lobby lives.
pub struct Listed(#[allow(dead_code)] Arc<Wake>);

impl Listed {
    pub fn new(wake: &Wake) -> Listed {
        let me = Arc::new(wake.clone());
        let mut all = LOBBIES.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|w| w.strong_count() > 0);
        all.push(Arc::downgrade(&me));
        Listed(me)
    }
}

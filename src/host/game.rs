//! The games as the host sees them: a type-erased game that can open a room.

use std::sync::Arc;
use std::thread::JoinHandle;

use crate::engine::Table;
use crate::registered::{AnyTable, Entry, GameInfo, Registered};

use super::room::{self, RoomSetup, ServerTable};

/// A room just opened, and its driver thread.
pub type Opened = (Arc<dyn ServerTable>, Option<JoinHandle<()>>);

/// A game the host can run tables of.
pub trait HostGame: GameInfo {
    /// `table` (a table of this game) becomes a room, shared by every terminal at it, with
    /// its driver thread.
    fn open_room(&self, table: Box<dyn AnyTable>, setup: RoomSetup) -> Result<Opened, String>;
}

impl<G: Registered> HostGame for Entry<G> {
    fn open_room(&self, table: Box<dyn AnyTable>, setup: RoomSetup) -> Result<Opened, String> {
        match table.into_any().downcast::<Table<G>>() {
            Ok(t) => Ok(room::open::<G>(*t, setup)),
            Err(_) => Err("this is a table of another game".into()),
        }
    }
}

/// The game `id` among `games`.
pub fn find(games: &[&'static dyn HostGame], id: &str) -> Option<&'static dyn HostGame> {
    games.iter().copied().find(|g| g.id() == id)
}

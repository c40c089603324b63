//! The games as the screens see them: [`Playable`] binds a game's rules to its [`GameUi`], and
//! [`AnyGame`] adds to the type-erased game what the launcher and the lobby make of it (its
//! play, replay and seat screens). The registry's list holds these.

use std::any::Any;

use crate::engine::Table;
use crate::host::game::HostGame;
use crate::host::hub::Hub;
use crate::host::room::Attached;
use crate::host::{Peer, Wake};
pub use crate::registered::{AnyTable, Breakdown, Entry, GameInfo, Registered, Scoring, turns};

use super::work::{Local, Work};
use super::{Playable, Screen};

/// A game with its types erased, so the launcher, the lobby, logs, sim and replay treat all
/// games alike.
pub trait AnyGame: GameInfo + HostGame {
    /// The game screen for `table` (a table of this game). `back_to_launcher`: `q` returns to
    /// the previous screen instead of quitting the program; `local`: how it runs here.
    fn play_screen(
        &self,
        table: Box<dyn AnyTable>,
        back_to_launcher: bool,
        local: &Local,
    ) -> Result<Box<dyn Screen>, String>;
    /// The replay viewer for `table`'s history.
    fn replay_screen(&self, table: Box<dyn AnyTable>) -> Result<Box<dyn Screen>, String>;
    /// The play screen of one connection at a hosted table of this game, from the seat handle
    /// the host gave it ([`crate::host::room::ServerTable::attach`]).
    fn seat_screen(
        &self,
        handle: Box<dyn Any + Send>,
        hub: Hub,
        peer: Peer,
        wake: Wake,
        work: Work,
    ) -> Result<Box<dyn Screen>, String>;
}

/// `games` as the host runs them (the same entries, seen as [`HostGame`]s).
pub fn host_games(games: &[&'static dyn AnyGame]) -> Vec<&'static dyn HostGame> {
    games.iter().map(|&g| g as &'static dyn HostGame).collect()
}

/// Why a screen cannot be made: the table is of another game (a caller's bug, never a panic).
const WRONG_GAME: &str = "this is a table of another game";

impl<G: Playable> AnyGame for Entry<G> {
    fn play_screen(
        &self,
        table: Box<dyn AnyTable>,
        back_to_launcher: bool,
        local: &Local,
    ) -> Result<Box<dyn Screen>, String> {
        match table.into_any().downcast::<Table<G>>() {
            Ok(t) => Ok(super::play::play_screen::<G>(*t, back_to_launcher, local)),
            Err(_) => Err(WRONG_GAME.into()),
        }
    }

    fn replay_screen(&self, table: Box<dyn AnyTable>) -> Result<Box<dyn Screen>, String> {
        match table.into_any().downcast::<Table<G>>() {
            Ok(t) => Ok(super::replay::replay_screen::<G>(t.m)),
            Err(_) => Err(WRONG_GAME.into()),
        }
    }

    fn seat_screen(
        &self,
        handle: Box<dyn Any + Send>,
        hub: Hub,
        peer: Peer,
        wake: Wake,
        work: Work,
    ) -> Result<Box<dyn Screen>, String> {
        match handle.downcast::<Attached<G>>() {
            Ok(at) => Ok(Box::new(super::play::Play::shared(
                *at, hub, peer, wake, work,
            ))),
            Err(_) => Err(WRONG_GAME.into()),
        }
    }
}

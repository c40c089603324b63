//! What every lobby screen passes on: the tables it reaches ([`Tables`], the host's hub on a
//! server), the person, their connection's wake and the games on offer; and how a seat the hub
//! gives becomes a play screen ([`seat_screen`]).

use std::path::PathBuf;
use std::sync::Arc;

use crate::engine::Seat;
use crate::host::hub::{Hub, Seated, TableSpec, TableSummary};
use crate::host::{Peer, Wake};
use crate::ui::work::Work;
use crate::ui::{AnyGame, Screen};

/// What the lobby and its screens need of the hub: [`Hub`] itself on the server; tests may
/// stand in for it.
pub trait Tables {
    fn tables(&self) -> Vec<TableSummary>;
    fn create(
        &self,
        spec: TableSpec,
        by: &Peer,
        wake: Wake,
    ) -> Result<(String, Box<dyn Screen>), String>;
    fn join(
        &self,
        code: &str,
        seat: Option<Seat>,
        by: &Peer,
        wake: Wake,
    ) -> Result<Box<dyn Screen>, String>;
    fn watch(&self, code: &str, by: &Peer, wake: Wake) -> Result<Box<dyn Screen>, String>;
    fn finished_logs(&self) -> Vec<PathBuf>;
    /// `peer` chose the name they carry, for their key's next invite.
    fn remember_name(&self, _peer: &Peer) {}
    /// `peer` says `text` in the lobby's chat.
    fn say(&self, _peer: &Peer, _text: &str) -> Result<(), String> {
        Err("no chat here".into())
    }
    /// The lobby chat's last lines.
    fn chat(&self) -> Vec<crate::host::chat::Said> {
        Vec::new()
    }
    /// The codes of the tables waiting for `peer`'s move.
    fn your_moves(&self, _peer: &Peer) -> Vec<String> {
        Vec::new()
    }
}

/// The host's hub with the games this build shows: what a server's lobby and its tables'
/// screens use. It reads as the hub itself, with the seat handles turned into screens.
#[derive(Clone)]
pub struct Served {
    pub hub: Hub,
    pub games: Vec<&'static dyn AnyGame>,
    /// Where the table screens' slow work (a hint) runs; the rooms play on their own threads.
    pub work: Work,
}

impl std::ops::Deref for Served {
    type Target = Hub;
    fn deref(&self) -> &Hub {
        &self.hub
    }
}

impl Served {
    /// `hub` running tables of `games`, as the program serves them.
    pub fn new(hub: Hub, games: &[&'static dyn AnyGame]) -> Served {
        Served {
            hub,
            games: games.to_vec(),
            work: Work::Threads,
        }
    }

    /// The hub over `data_dir`, running tables of `games`.
    pub fn open(
        data_dir: &std::path::Path,
        games: &[&'static dyn AnyGame],
    ) -> std::io::Result<Served> {
        let host = crate::ui::registered::host_games(games);
        Ok(Served::new(Hub::open(data_dir, &host)?, games))
    }

    /// The same hub with its screens' hints worked out at once (tests that compare screens).
    #[cfg(test)]
    pub fn inline(self) -> Self {
        Served {
            work: Work::Inline,
            ..self
        }
    }

    /// Opens a table (see [`Hub::create`]): its code and the creator's screen.
    pub fn create(
        &self,
        spec: TableSpec,
        by: &Peer,
        wake: Wake,
    ) -> Result<(String, Box<dyn Screen>), String> {
        let (code, seated) = self.hub.create(spec, by)?;
        Ok((code, seat_screen(self, seated, by, wake)?))
    }

    /// Takes a seat (see [`Hub::join`]): the play screen there.
    pub fn join(
        &self,
        code: &str,
        seat: Option<Seat>,
        by: &Peer,
        wake: Wake,
    ) -> Result<Box<dyn Screen>, String> {
        let seated = self.hub.join(code, seat, by)?;
        seat_screen(self, seated, by, wake)
    }

    /// Watches a table (see [`Hub::watch`]): the spectator's screen.
    pub fn watch(&self, code: &str, by: &Peer, wake: Wake) -> Result<Box<dyn Screen>, String> {
        let seated = self.hub.watch(code, by)?;
        seat_screen(self, seated, by, wake)
    }
}

impl Tables for Served {
    fn tables(&self) -> Vec<TableSummary> {
        self.hub.tables()
    }
    fn create(
        &self,
        spec: TableSpec,
        by: &Peer,
        wake: Wake,
    ) -> Result<(String, Box<dyn Screen>), String> {
        Served::create(self, spec, by, wake)
    }
    fn join(
        &self,
        code: &str,
        seat: Option<Seat>,
        by: &Peer,
        wake: Wake,
    ) -> Result<Box<dyn Screen>, String> {
        Served::join(self, code, seat, by, wake)
    }
    fn watch(&self, code: &str, by: &Peer, wake: Wake) -> Result<Box<dyn Screen>, String> {
        Served::watch(self, code, by, wake)
    }
    fn finished_logs(&self) -> Vec<PathBuf> {
        self.hub.finished_logs()
    }
    fn remember_name(&self, peer: &Peer) {
        self.hub.remember_name(peer);
    }
    fn your_moves(&self, peer: &Peer) -> Vec<String> {
        self.hub.your_moves(peer)
    }
    fn say(&self, peer: &Peer, text: &str) -> Result<(), String> {
        self.hub.say_in_lobby(peer, text)
    }
    fn chat(&self) -> Vec<crate::host::chat::Said> {
        self.hub.lobby_chat(super::LOBBY_CHAT_KEPT)
    }
}

/// The play screen of `peer`'s place at a hosted table, on the connection `wake` redraws.
pub fn seat_screen(
    served: &Served,
    seated: Seated,
    peer: &Peer,
    wake: Wake,
) -> Result<Box<dyn Screen>, String> {
    let id = seated.room.game();
    let game = served
        .games
        .iter()
        .find(|g| g.id() == id)
        .ok_or("this table's game is not in this hotseat")?;
    let handle = seated.attach(peer, wake.clone());
    game.seat_screen(handle, served.hub.clone(), peer.clone(), wake, served.work)
}

/// The hub, the person and their connection's wake: what every lobby screen passes on.
#[derive(Clone)]
pub struct Visitor {
    pub hub: Arc<dyn Tables>,
    pub peer: Peer,
    pub wake: Wake,
    pub games: Vec<&'static dyn AnyGame>,
}

impl Visitor {
    /// The game's display name, or its id (cleaned) when this build does not have it.
    pub fn game_name(&self, id: &str) -> String {
        self.games
            .iter()
            .find(|g| g.id() == id)
            .map(|g| g.name().to_string())
            .unwrap_or_else(|| crate::text::clean(id).into_owned())
    }
}

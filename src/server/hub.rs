//! The server's shared tables: every connection's screens reach the tables through one [`Hub`].
//!
//! A table lives here, not on any connection: its computer players and chance advance on the
//! server, and every connection at it is woken when it changes. The lobby lists tables with
//! [`Hub::tables`] and seats people with [`Hub::create`], [`Hub::join`] and [`Hub::watch`].

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::engine::{Options, Seat};
use crate::ui::{Nav, Screen, Theme};

use super::{Peer, Wake};

/// What a new table is: the game, its options, who sits where, and how long a seat may stay
/// empty before a computer player takes it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    pub game: String,
    pub options: Options,
    pub seats: Vec<SeatSpec>,
    pub seed: Option<u64>,
    pub timeout: Duration,
}

/// Who sits in one seat of a new table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A free seat anyone may take.
    Remote,
    /// A person at the creator's terminal, by name (hot-seat with hand-off screens).
    Here(String),
    /// A computer player of this kind.
    Bot { kind: String },
}

/// What the lobby shows of one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSummary {
    pub code: String,
    pub game: String,
    pub seats: Vec<SeatSummary>,
    /// Every remote seat has been taken once: the game is under way.
    pub started: bool,
    pub over: bool,
}

/// What the lobby shows of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSummary {
    pub seat: Seat,
    /// The player's name ("free" seats have the name they will lose to their first taker).
    pub name: String,
    pub kind: SeatKind,
    /// A remote seat nobody holds: anyone may join it.
    pub free: bool,
    /// Its person is connected now.
    pub connected: bool,
    /// A computer player plays it while its person is away.
    pub stand_in: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Remote,
    Here,
    Bot(String),
}

/// Every table of the server. Cheap to clone; all clones share the tables.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    dir: PathBuf,
    tables: Mutex<BTreeMap<String, TableSummary>>,
}

impl Hub {
    /// The hub over the data folder `data_dir`, with the unfinished tables saved there.
    pub fn open(data_dir: &Path) -> io::Result<Hub> {
        std::fs::create_dir_all(data_dir)?;
        Ok(Hub {
            inner: Arc::new(Inner {
                dir: data_dir.to_path_buf(),
                tables: Mutex::new(BTreeMap::new()),
            }),
        })
    }

    /// The first screen of a new connection.
    pub fn welcome(&self, peer: Peer, wake: Wake) -> Box<dyn Screen> {
        let _ = (peer, wake);
        Box::new(TableList { hub: self.clone() })
    }

    /// The open tables, oldest first.
    pub fn tables(&self) -> Vec<TableSummary> {
        let tables = self.inner.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.values().cloned().collect()
    }

    /// Opens a table and seats its creator's people; returns its code and the creator's screen.
    pub fn create(
        &self,
        spec: TableSpec,
        by: &Peer,
        wake: Wake,
    ) -> Result<(String, Box<dyn Screen>), String> {
        let _ = (spec, by, wake);
        Err("tables over the network are not ready yet".into())
    }

    /// Takes `seat` (or the first free one, or the seat `by` already holds) at the table
    /// `code`; `code` may also be a seat's reconnect code.
    pub fn join(
        &self,
        code: &str,
        seat: Option<Seat>,
        by: &Peer,
        wake: Wake,
    ) -> Result<Box<dyn Screen>, String> {
        let _ = (code, seat, by, wake);
        Err("tables over the network are not ready yet".into())
    }

    /// Watches the table `code` as a spectator: its public view only.
    pub fn watch(&self, code: &str, by: &Peer, wake: Wake) -> Result<Box<dyn Screen>, String> {
        let _ = (code, by, wake);
        Err("tables over the network are not ready yet".into())
    }

    /// The logs of the server's finished tables, newest first.
    pub fn finished_logs(&self) -> Vec<PathBuf> {
        let _ = &self.inner.dir;
        Vec::new()
    }
}

/// The open tables, until the lobby takes this place.
struct TableList {
    hub: Hub,
}

impl Screen for TableList {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let mut lines = vec![Line::styled(" Open tables", theme.title()), Line::from("")];
        for t in self.hub.tables() {
            lines.push(Line::from(format!(" {}  {}", t.code, theme.text(&t.game))));
        }
        lines.push(Line::from(""));
        lines.push(Line::styled(" q  leave", theme.dim()));
        f.render_widget(Paragraph::new(lines), f.area());
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release && k.code == KeyCode::Char('q') => {
                Nav::Quit
            }
            _ => Nav::Stay,
        }
    }
}

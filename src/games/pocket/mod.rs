//! Pocket & Biscuit: flip tiles to find 1, 2, 3, ... biscuits in a row; a memory game.

mod rebuild;
pub mod run;
pub mod tiles;
mod turn;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::engine::options::{self, OptionSpec, Options};
use crate::engine::{Actor, Game, Illegal, Outcome, Seat, ToMove, Viewer};

pub use run::{Verdict, matches};
pub use tiles::{CELLS, Counts, GREAT, GRID_SIDE, KINDS, Kind, TILES, TileSpec, cell_name};
pub use view::{CellView, RunView, SeatView, Shown, TurnEnd, TurnSummary, View};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Action {
    /// Flip the face-down tile at `cell` (row-major, 0..36), tapping it first if `tap`.
    Flip { cell: usize, tap: bool },
    /// After a Great 6: show the face-down tile at `cell` to everyone.
    Show { cell: usize },
    /// Chance: the start player.
    Start { seat: Seat },
    /// Chance: what the tile being flipped or shown holds, the first time anyone sees it.
    Deal { tile: Kind },
}

/// Where a tile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Down,
    /// In the current run.
    Up,
    Received,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tile {
    /// Fixed the first time anyone sees the tile; `None` until then.
    kind: Option<Kind>,
    place: Place,
}

/// What waits for chance to decide a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Flip { cell: usize, tap: bool },
    Show { cell: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Chance picks the start player.
    Start,
    /// The current player flips.
    Flip,
    /// The current player shows a tile after a Great 6.
    Show,
    Deal(Pending),
    Over,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq)]
pub struct Pocket {
    players: usize,
    cells: [Tile; CELLS],
    /// Tiles of each kind nobody has seen yet.
    unseen: Counts,
    phase: Phase,
    turn: Seat,
    /// This turn's flips; all matched except perhaps the last, which ends the turn.
    flips: Vec<Shown>,
    received: Vec<Vec<Kind>>,
    /// Set when the last cracked tile is received: turns left, the current one included.
    final_turns: Option<usize>,
    /// The last finished turn, until the next turn's first flip.
    last_turn: Option<TurnSummary>,
    /// Actions applied so far (the index of the next one).
    applied: usize,
    /// The index of the current turn's first action.
    turn_began: usize,
}

pub const START_VALUES: &[&str] = &["random", "1", "2", "3", "4", "5"];

impl Pocket {
    pub fn players(&self) -> usize {
        self.players
    }

    /// The current player, while the game runs.
    pub fn turn(&self) -> Option<Seat> {
        match self.phase {
            Phase::Start | Phase::Over => None,
            _ => Some(self.turn),
        }
    }

    /// The count the next flip must show.
    pub fn need(&self) -> usize {
        self.matched() + 1
    }

    fn matched(&self) -> usize {
        self.flips.iter().filter(|s| s.matched).count()
    }

    pub fn received(&self, seat: Seat) -> &[Kind] {
        self.received.get(seat).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn score(&self, seat: Seat) -> i32 {
        score(self.received(seat))
    }

    pub fn last_turn(&self) -> Option<&TurnSummary> {
        self.last_turn.as_ref()
    }

    /// The tile's identity if anyone has seen it (for tests and the replay viewer).
    pub fn known(&self, cell: usize) -> Option<Kind> {
        self.cells.get(cell).and_then(|t| t.kind)
    }

    pub fn is_face_down(&self, cell: usize) -> bool {
        self.cells.get(cell).is_some_and(|t| t.place == Place::Down)
    }

    pub fn face_down_count(&self) -> usize {
        self.cells.iter().filter(|t| t.place == Place::Down).count()
    }

    /// Tiles of each kind nobody has seen yet, indexed like [`KINDS`].
    pub fn unseen(&self) -> Counts {
        self.unseen
    }
}

/// Points for a pile of received tiles: taps and the cracked tile's choice do not count.
pub fn score(received: &[Kind]) -> i32 {
    received.iter().map(|k| i32::from(k.points())).sum()
}

impl Game for Pocket {
    const ID: &'static str = "pocket";
    const NAME: &'static str = "Pocket & Biscuit";
    const PITCH: &'static str =
        "Flip tiles for 1, 2, 3... biscuits in a row; remember where they lie.";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 5;
    const RULES_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[options::start_player(START_VALUES)];

    type Action = Action;
    type View = View;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        Self::check_players(players)?;
        let (phase, turn) = match options::start_seat(options, players)? {
            None => (Phase::Start, 0),
            Some(seat) => (Phase::Flip, seat),
        };
        Ok(Pocket {
            players,
            cells: [Tile {
                kind: None,
                place: Place::Down,
            }; CELLS],
            unseen: tiles::full_box(),
            phase,
            turn,
            flips: Vec::new(),
            received: vec![Vec::new(); players],
            final_turns: None,
            last_turn: None,
            applied: 0,
            turn_began: 0,
        })
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Start | Phase::Deal(_) => ToMove::Chance,
            Phase::Flip | Phase::Show => ToMove::Seats(vec![self.turn]),
            Phase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.turn {
            return Vec::new();
        }
        let down = (0..CELLS).filter(|&c| self.is_face_down(c));
        match self.phase {
            Phase::Flip => {
                // Built in place, both ways of each tile in turn: asked at every step.
                let mut out = Vec::with_capacity(2 * CELLS);
                for cell in down {
                    out.push(Action::Flip { cell, tap: false });
                    out.push(Action::Flip { cell, tap: true });
                }
                out
            }
            Phase::Show => down.map(|cell| Action::Show { cell }).collect(),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        match self.phase {
            Phase::Start => (0..self.players)
                .map(|seat| (Action::Start { seat }, 1))
                .collect(),
            Phase::Deal(_) => KINDS
                .iter()
                .filter(|k| self.unseen[k.index()] > 0)
                .map(|&tile| (Action::Deal { tile }, u32::from(self.unseen[tile.index()])))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        self.apply_checked(actor, action)?;
        self.applied += 1;
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> View {
        let mut grid = [CellView::FaceDown; CELLS];
        for (cell, tile) in self.cells.iter().enumerate() {
            grid[cell] = match tile.place {
                Place::Received => CellView::Empty,
                Place::Down => CellView::FaceDown,
                Place::Up => {
                    let run = self.flips.iter().find(|s| s.cell == cell);
                    match (tile.kind, run) {
                        (Some(kind), Some(s)) => CellView::FaceUp {
                            kind,
                            tapped: s.tap,
                        },
                        // Unreachable: a face-up tile is always in the run and known.
                        _ => CellView::FaceDown,
                    }
                }
            };
        }
        let known = (viewer == Viewer::Omniscient).then(|| {
            let mut k = [None; CELLS];
            for (cell, tile) in self.cells.iter().enumerate() {
                if tile.place == Place::Down {
                    k[cell] = tile.kind;
                }
            }
            k
        });
        let dealing = match self.phase {
            Phase::Deal(Pending::Flip { cell, .. } | Pending::Show { cell }) => Some(cell),
            _ => None,
        };
        let dealing_tapped = matches!(self.phase, Phase::Deal(Pending::Flip { tap: true, .. }));
        View {
            grid,
            run: RunView {
                need: self.need(),
                flips: self.flips.clone(),
            },
            seats: self
                .received
                .iter()
                .enumerate()
                .map(|(seat, r)| {
                    let pile: Vec<Kind> = r.iter().copied().filter(|k| !k.is_cracked()).collect();
                    let open = self.pile_open_to(seat, viewer);
                    SeatView {
                        tiles: r.len(),
                        cracked: r.len() - pile.len(),
                        pile: pile.len(),
                        pile_tiles: open.then_some(pile),
                        score: open.then(|| score(r)),
                    }
                })
                .collect(),
            turn: self.turn(),
            show_pending: self.phase == Phase::Show,
            dealing,
            dealing_tapped,
            final_turns: self.final_turns,
            last_turn: self.last_turn.clone(),
            turn_began: self.turn_began,
            over: self.phase == Phase::Over,
            known,
        }
    }

    fn describe(&self, _actor: Actor, action: &Action, _viewer: Viewer) -> String {
        self.describe_action(action)
    }

    /// Every flip is public and a deal tells no tile: one line for every viewer, written once
    /// (it plays the flip out on a copy).
    fn describe_each(&self, _actor: Actor, action: &Action, viewers: &[Viewer]) -> Vec<String> {
        vec![self.describe_action(action); viewers.len()]
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let scores: Vec<i32> = (0..self.players).map(|s| self.score(s)).collect();
        Some(Outcome::by_score(
            scores,
            |s| self.received(s).len() as i64,
            "tiles received",
        ))
    }

    fn undoable(&self, _seat: Seat, _action: &Action) -> bool {
        false
    }

    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self {
        let mut out = self.clone();
        if viewer == Viewer::Omniscient {
            return out;
        }
        // The last turn's summary still tells those tiles, so they stay put.
        let told: Vec<usize> = self
            .last_turn
            .iter()
            .flat_map(|t| t.revealed())
            .map(|(c, _)| c)
            .collect();
        let seen_down = |c: usize| {
            self.cells[c].place == Place::Down && self.cells[c].kind.is_some() && !told.contains(&c)
        };
        // Where the seen face-down tiles lie: any order of them looks the same.
        let cells: Vec<usize> = (0..CELLS).filter(|&c| seen_down(c)).collect();
        let mut kinds: Vec<Kind> = cells.iter().filter_map(|&c| self.cells[c].kind).collect();
        let mut x = salt;
        shuffle(&mut kinds, &mut x);
        for (&c, k) in cells.iter().zip(kinds) {
            out.cells[c].kind = Some(k);
        }
        // What the hidden piles hold, and which seen face-down tiles are not on them: any
        // exchange of those uncracked tiles looks the same (pile sizes and cracked tiles are
        // public; the last turn's received tiles are still told by its summary).
        let mut slots: Vec<Slot> = Vec::new();
        for seat in 0..self.players {
            if self.pile_open_to(seat, viewer) {
                continue;
            }
            let told_here = match &self.last_turn {
                Some(t)
                    if t.seat == seat
                        && matches!(t.end, TurnEnd::Received { .. } | TurnEnd::GreatSix { .. }) =>
                {
                    t.flips.iter().filter(|f| f.matched).count()
                }
                _ => 0,
            };
            let free = self.received[seat].len().saturating_sub(told_here);
            for i in 0..free {
                if !self.received[seat][i].is_cracked() {
                    slots.push(Slot::Pile(seat, i));
                }
            }
        }
        for c in (0..CELLS).filter(|&c| seen_down(c)) {
            if out.cells[c].kind.is_some_and(|k| !k.is_cracked()) {
                slots.push(Slot::Cell(c));
            }
        }
        let mut kinds: Vec<Kind> = slots.iter().map(|&s| out.slot(s)).collect();
        shuffle(&mut kinds, &mut x);
        for (&s, k) in slots.iter().zip(kinds) {
            match s {
                Slot::Pile(seat, i) => out.received[seat][i] = k,
                Slot::Cell(c) => out.cells[c].kind = Some(k),
            }
        }
        out
    }
}

/// Where a tile hidden from a viewer is, for `vary_hidden`.
#[derive(Clone, Copy)]
enum Slot {
    Pile(Seat, usize),
    Cell(usize),
}

/// A Fisher-Yates shuffle driven by the engine's one SplitMix64 step.
fn shuffle(kinds: &mut [Kind], x: &mut u64) {
    for i in (1..kinds.len()).rev() {
        *x = crate::engine::rng::mix(*x);
        kinds.swap(i, (*x % (i as u64 + 1)) as usize);
    }
}

impl Pocket {
    /// Whether `viewer` may see what `seat`'s face-down pile holds: its owner may, and everyone
    /// once the game is over.
    fn pile_open_to(&self, seat: Seat, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Omniscient => true,
            _ if self.phase == Phase::Over => true,
            Viewer::Seat(s) => s == seat,
            Viewer::Public => false,
        }
    }

    fn slot(&self, s: Slot) -> Kind {
        match s {
            Slot::Pile(seat, i) => self.received[seat][i],
            Slot::Cell(c) => self.cells[c].kind.unwrap_or(Kind::One),
        }
    }
}

impl Pocket {
    fn apply_checked(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        match (actor, *action) {
            (Actor::Seat(seat), Action::Flip { cell, tap }) => {
                self.check_seat(seat, Phase::Flip)?;
                self.check_face_down(cell)?;
                if self.flips.is_empty() {
                    // A new run begins: the last turn is now only in the players' memories.
                    self.last_turn = None;
                }
                self.flip(cell, tap);
                Ok(())
            }
            (Actor::Seat(seat), Action::Show { cell }) => {
                self.check_seat(seat, Phase::Show)?;
                self.check_face_down(cell)?;
                self.show(cell);
                Ok(())
            }
            (Actor::Chance, Action::Start { seat }) => {
                if self.phase != Phase::Start {
                    return crate::illegal!("the start player is already decided");
                }
                if seat >= self.players {
                    return crate::illegal!("seat {seat} is not at the table");
                }
                self.turn = seat;
                self.phase = Phase::Flip;
                Ok(())
            }
            (Actor::Chance, Action::Deal { tile }) => {
                let Phase::Deal(pending) = self.phase else {
                    return crate::illegal!("no tile is waiting to be dealt");
                };
                if self.unseen[tile.index()] == 0 {
                    return crate::illegal!("no unseen {} is left", tile.name());
                }
                self.deal(pending, tile);
                Ok(())
            }
            (Actor::Chance, a) => crate::illegal!("{a:?} is not a chance action"),
            (Actor::Seat(s), a) => crate::illegal!("seat {s} cannot take chance action {a:?}"),
        }
    }
}

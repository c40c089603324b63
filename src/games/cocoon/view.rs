//! What one viewer may know: the board and every pawn are public; a hand is its owner's; the
//! tiles "Take a Tile" shows and "Choose 1 from 3" looks at belong to the one looking.

use super::dungeon::Hand;
use super::tiles::Tile;
use super::{Cocoon, Flags, Player, SPACES, Side, Slot, Task};
use crate::engine::{Seat, Viewer};

/// One space as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A normal space without a tile (event spaces are always `Empty` too).
    Empty,
    FaceDown,
    Up(Tile),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub ep: u8,
    /// Later arrivals on an EP spot sit higher in its stack.
    pub stamp: u32,
    /// The player pawn's side.
    pub side: Side,
    /// The player pawn's space; `None` while it is on the Gods' Bet track.
    pub pawn: Option<u8>,
    pub bet: Option<Seat>,
    /// The spare pawn in play during a bet: space and side.
    pub spare: Option<(u8, Side)>,
    pub hand_size: usize,
    pub flags: Flags,
}

impl PlayerView {
    /// The pawn in play (the spare during a bet) and its side.
    pub fn in_play(&self) -> Option<(u8, Side)> {
        self.spare.or(self.pawn.map(|at| (at, self.side)))
    }
}

/// The last roll of player dice this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollView {
    pub dice: Vec<u8>,
    /// The target die, on the turn's first roll.
    pub target: Option<u8>,
    pub doublet: bool,
    /// The movement went anticlockwise ("Move in Reverse").
    pub reverse: bool,
    /// "Change Result of Die": which die (index, target last) and its old value.
    pub changed: Option<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DungeonView {
    /// Hands made in this challenge, in order (the board's tokens).
    pub made: Vec<Hand>,
    /// The dungeon dice being rolled or last rolled.
    pub dice: Vec<u8>,
    pub last: Option<Hand>,
    /// `Some(true)`: left with EP; `Some(false)`: failed.
    pub ended: Option<bool>,
    pub gained: u8,
}

/// The decision the game waits for (public: what is asked, not the secret choices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Chance or the automatic steps are running.
    None,
    /// Place a hand tile on `at`; `follow` when the pawn stands there and obeys it.
    Place {
        at: u8,
        follow: bool,
    },
    PlaceAny,
    Replace,
    TakeFrom,
    Take {
        from: Seat,
    },
    PutTaken {
        from: Seat,
    },
    Bet,
    Dungeon,
    Delve,
    ChangeDie,
    Pick {
        seat: Seat,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub board: [Square; SPACES as usize],
    pub players: Vec<PlayerView>,
    /// Each seat's hand when this viewer may see it (its own; all for the omniscient).
    pub hands: Vec<Option<Vec<Tile>>>,
    pub turn: Seat,
    pub round: u8,
    pub rounds: u8,
    pub pile: u8,
    /// The pile's top tiles put back by "Choose 1 from 3", uppermost first: `Some` where this
    /// viewer knows the tile.
    pub known_top: Vec<Option<Tile>>,
    /// The roll being made (dice so far, or the roll waiting for "Change Result of Die").
    pub rolling: Vec<u8>,
    pub roll: Option<RollView>,
    pub prompt: Prompt,
    /// "Take a Tile": the opponent's hand, for the taker.
    pub peek: Option<(Seat, Vec<Tile>)>,
    /// "Choose 1 from 3": the tiles looked at, for the looker.
    pub looking: Vec<Tile>,
    /// The taken tile waiting to be put down, for the taker and the one it was taken from.
    pub taken: Option<Tile>,
    pub dungeon: Option<DungeonView>,
    pub placed: u8,
    pub allowance: u8,
    /// Where the turn player's pawn last stood (placements are measured from here).
    pub last_space: u8,
    pub removed: Vec<Tile>,
    pub over: bool,
}

impl View {
    /// The seats whose pawn in play stands on `at`.
    pub fn pawns_at(&self, at: u8) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| self.players[s].in_play().is_some_and(|(p, _)| p == at))
            .collect()
    }
}

/// Whether `viewer` may see `seat`'s secrets.
fn sees(viewer: Viewer, seat: Seat) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Seat(s) => s == seat,
        Viewer::Public => false,
    }
}

fn square(slot: &Slot) -> Square {
    match slot {
        Slot::Empty => Square::Empty,
        Slot::Down => Square::FaceDown,
        Slot::Up(t) => Square::Up(*t),
    }
}

/// What the task on top of the stack asks, as everyone sees it.
fn prompt(top: Option<Task>) -> Prompt {
    match top {
        Some(Task::Place { at, follow }) => Prompt::Place { at, follow },
        Some(Task::PlaceAny) => Prompt::PlaceAny,
        Some(Task::Replace) => Prompt::Replace,
        Some(Task::TakeFrom) => Prompt::TakeFrom,
        Some(Task::Take { from }) => Prompt::Take { from },
        Some(Task::PutTaken { from, .. }) => Prompt::PutTaken { from },
        Some(Task::Bet) => Prompt::Bet,
        Some(Task::DungeonAsk) => Prompt::Dungeon,
        Some(Task::DungeonGo) => Prompt::Delve,
        Some(Task::ChangeDie) => Prompt::ChangeDie,
        Some(Task::Pick { seat }) => Prompt::Pick { seat },
        _ => Prompt::None,
    }
}

fn player(p: &Player) -> PlayerView {
    PlayerView {
        ep: p.ep,
        stamp: p.stamp,
        side: p.side,
        pawn: p.pawn,
        bet: p.bet,
        spare: p.spare,
        hand_size: p.hand.len(),
        flags: p.flags,
    }
}

/// "Take a Tile": the hand looked into, for the taker.
fn peek(g: &Cocoon, viewer: Viewer) -> Option<(Seat, &[Tile])> {
    match g.tasks.last() {
        Some(&Task::Take { from }) if sees(viewer, g.turn) => Some((from, g.hand(from))),
        _ => None,
    }
}

/// The taken tile, for the taker and the one it was taken from.
fn taken(g: &Cocoon, viewer: Viewer) -> Option<Tile> {
    match g.tasks.last() {
        Some(&Task::PutTaken { from, tile }) if sees(viewer, g.turn) || sees(viewer, from) => {
            Some(tile)
        }
        _ => None,
    }
}

/// "Choose 1 from 3": the tiles looked at, for the looker.
fn looking(g: &Cocoon, viewer: Viewer) -> &[Tile] {
    match g.tasks.last() {
        Some(&Task::Pick { seat }) if sees(viewer, seat) => &g.looking,
        _ => &[],
    }
}

pub(crate) fn build(g: &Cocoon, viewer: Viewer) -> View {
    let mut board = [Square::Empty; SPACES as usize];
    for (i, slot) in g.board.iter().enumerate() {
        board[i] = square(slot);
    }
    View {
        board,
        players: g.seats.iter().map(player).collect(),
        hands: (0..g.players)
            .map(|s| sees(viewer, s).then(|| g.hand(s).to_vec()))
            .collect(),
        turn: g.turn,
        round: g.round().min(g.rounds),
        rounds: g.rounds,
        pile: g.pile,
        known_top: g
            .top
            .iter()
            .map(|&(t, who)| sees(viewer, who).then_some(t))
            .collect(),
        rolling: g.t.dice.clone(),
        roll: g.t.roll.clone(),
        prompt: prompt(g.tasks.last().copied()),
        peek: peek(g, viewer).map(|(from, hand)| (from, hand.to_vec())),
        looking: looking(g, viewer).to_vec(),
        taken: taken(g, viewer),
        dungeon: g.dungeon.as_ref().map(|d| DungeonView {
            made: d.made.clone(),
            dice: d.dice.clone(),
            last: d.last,
            ended: d.ended,
            gained: d.gained,
        }),
        placed: g.t.placed,
        allowance: g.t.allowance,
        last_space: g.t.last,
        removed: g.removed.clone(),
        over: g.over,
    }
}

/// Whether `build(g, viewer) == *v`, without building the view: no allocation, and the first
/// difference ends it. The replay determinizer asks this of every candidate step of every
/// decision, where building and dropping views took half its time. The conformance battery
/// checks it against `build`.
pub(crate) fn shows(g: &Cocoon, viewer: Viewer, v: &View) -> bool {
    v.turn == g.turn
        && v.round == g.round().min(g.rounds)
        && v.rounds == g.rounds
        && v.pile == g.pile
        && v.placed == g.t.placed
        && v.allowance == g.t.allowance
        && v.last_space == g.t.last
        && v.over == g.over
        && v.prompt == prompt(g.tasks.last().copied())
        && v.taken == taken(g, viewer)
        && v.board
            .iter()
            .zip(&g.board)
            .all(|(sq, slot)| *sq == square(slot))
        && v.players.len() == g.seats.len()
        && v.players
            .iter()
            .zip(&g.seats)
            .all(|(pv, p)| *pv == player(p))
        && v.hands.len() == g.players
        && v.hands.iter().enumerate().all(|(s, h)| match h {
            Some(h) => sees(viewer, s) && h[..] == *g.hand(s),
            None => !sees(viewer, s),
        })
        && v.known_top.len() == g.top.len()
        && v.known_top
            .iter()
            .zip(&g.top)
            .all(|(k, &(t, who))| *k == sees(viewer, who).then_some(t))
        && v.rolling == g.t.dice
        && v.roll == g.t.roll
        && v.peek.as_ref().map(|(from, h)| (*from, &h[..])) == peek(g, viewer)
        && v.looking[..] == *looking(g, viewer)
        && match (&v.dungeon, &g.dungeon) {
            (None, None) => true,
            (Some(dv), Some(d)) => {
                dv.made == d.made
                    && dv.dice == d.dice
                    && dv.last == d.last
                    && dv.ended == d.ended
                    && dv.gained == d.gained
            }
            _ => false,
        }
        && v.removed == g.removed
}

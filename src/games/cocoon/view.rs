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
    let mut v = View {
        board: [Square::Empty; SPACES as usize],
        players: Vec::new(),
        hands: Vec::new(),
        turn: 0,
        round: 0,
        rounds: 0,
        pile: 0,
        known_top: Vec::new(),
        rolling: Vec::new(),
        roll: None,
        prompt: Prompt::None,
        peek: None,
        looking: Vec::new(),
        taken: None,
        dungeon: None,
        placed: 0,
        allowance: 0,
        last_space: 0,
        removed: Vec::new(),
        over: false,
    };
    build_into(g, viewer, &mut v);
    v
}

/// The view written over `v`, its lists refilled in place: a playout's computer players see a
/// view at every step, and building each anew, allocations and all, was a tenth of a hard
/// player's time.
pub(crate) fn build_into(g: &Cocoon, viewer: Viewer, v: &mut View) {
    for (sq, slot) in v.board.iter_mut().zip(&g.board) {
        *sq = square(slot);
    }
    v.players.clear();
    v.players.extend(g.seats.iter().map(player));
    v.hands.truncate(g.players);
    v.hands.resize_with(g.players, || None);
    for (s, hand) in v.hands.iter_mut().enumerate() {
        match (sees(viewer, s), hand.as_mut()) {
            (false, _) => *hand = None,
            (true, Some(h)) => {
                h.clear();
                h.extend_from_slice(g.hand(s));
            }
            (true, None) => *hand = Some(g.hand(s).to_vec()),
        }
    }
    v.turn = g.turn;
    v.round = g.round().min(g.rounds);
    v.rounds = g.rounds;
    v.pile = g.pile;
    v.known_top.clear();
    v.known_top
        .extend(g.top.iter().map(|&(t, who)| sees(viewer, who).then_some(t)));
    v.rolling.clone_from(&g.t.dice);
    v.roll.clone_from(&g.t.roll);
    v.prompt = prompt(g.tasks.last().copied());
    match (peek(g, viewer), &mut v.peek) {
        (None, p) => *p = None,
        (Some((from, hand)), Some((seat, h))) => {
            *seat = from;
            h.clear();
            h.extend_from_slice(hand);
        }
        (Some((from, hand)), p) => *p = Some((from, hand.to_vec())),
    }
    v.looking.clear();
    v.looking.extend_from_slice(looking(g, viewer));
    v.taken = taken(g, viewer);
    match (&g.dungeon, &mut v.dungeon) {
        (None, d) => *d = None,
        (Some(d), Some(dv)) => {
            dv.made.clone_from(&d.made);
            dv.dice.clone_from(&d.dice);
            dv.last = d.last;
            dv.ended = d.ended;
            dv.gained = d.gained;
        }
        (Some(d), dv) => {
            *dv = Some(DungeonView {
                made: d.made.clone(),
                dice: d.dice.clone(),
                last: d.last,
                ended: d.ended,
                gained: d.gained,
            })
        }
    }
    v.placed = g.t.placed;
    v.allowance = g.t.allowance;
    v.last_space = g.t.last;
    v.removed.clone_from(&g.removed);
    v.over = g.over;
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

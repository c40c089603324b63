//! Cocoon World, scenario 1 ("Adventurers who rotate Wheel"): a race round a loop of 60 spaces
//! that the players build as they go. Each stop on an empty space puts a tile from the hand
//! there, and every tile's instruction is followed by whoever stops on it. After five rounds
//! (ten with two players) the highest spot on the wrapping EP circle wins.
//!
//! The turn is a stack of small tasks (`turn.rs`). Decisions wait for the turn player; dice and
//! hidden tiles wait for chance; every other task is a `Step` with a single outcome, carried out
//! as part of the action before it (each still its own line in the event pane), so one decision
//! is one log entry and one undo.

pub mod board;
pub mod dungeon;
mod hidden;
pub mod tiles;
mod turn;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::engine::options::{self, OptionSpec, Options};
use crate::engine::{Actor, Game, Illegal, Outcome, Seat, ToMove, Viewer};
use crate::illegal;

pub use board::{
    EP_SPOTS, EXPERIENCE_A, EXPERIENCE_B, GODS_BET, INITIATION, PIT, SETUP_TILES, SPACES, START,
    Space, space,
};
pub use dungeon::{HANDS, Hand, best_hand};
pub use hidden::HiddenPlace;
pub use tiles::{Counts, Effect, KINDS, TOTAL_TILES, Tile};
pub use view::{DungeonView, PlayerView, Prompt, RollView, Square, View};

/// The pawn colours, by seat.
pub const COLOURS: [&str; 5] = ["Red", "Blue", "Green", "Yellow", "Purple"];
/// Tiles in a full hand.
pub const HAND_SIZE: usize = 3;

pub fn colour(seat: Seat) -> &'static str {
    COLOURS.get(seat).copied().unwrap_or("?")
}

/// A player's choice, or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum Action {
    /// Put a tile from the hand on the space the rules name (the pawn's, or the nearest empty).
    Place {
        tile: Tile,
    },
    /// "Place a Tile on any Empty Space": which tile, and where.
    PlaceAt {
        tile: Tile,
        at: u8,
    },
    /// "Replace this Tile": the placed tile (face up or down) this one replaces.
    Replace {
        at: u8,
    },
    /// "Take a Tile": whose hand to look at.
    TakeFrom {
        seat: Seat,
    },
    /// "Take a Tile": the tile taken from that hand.
    Take {
        tile: Tile,
    },
    /// The taken tile goes on an empty space.
    PutTaken {
        at: u8,
    },
    /// The taken tile replaces the Take tile (which leaves the game) and is followed.
    SwapTaken,
    /// Gods' Bet: the colour whose pawn reaches Start next.
    Bet {
        on: Seat,
    },
    /// Pit In & Out: challenge the dungeon or not.
    Dungeon {
        enter: bool,
    },
    /// Roll the dungeon dice again.
    Delve,
    /// Leave the dungeon with its EP; `pick` is the Nightmare's worth when one was made.
    Stop {
        pick: u8,
    },
    /// "Change Result of Die": die `die` (player dice first, the target die last) shows `to`.
    ChangeDie {
        die: u8,
        to: u8,
    },
    KeepDice,
    /// "Choose 1 from 3": keep one, put the others back with `top` uppermost.
    Pick {
        keep: Tile,
        top: Option<Tile>,
    },
    /// Chance: the start player.
    First {
        seat: Seat,
    },
    /// Chance: one die.
    Die {
        value: u8,
    },
    /// Chance: the tile a player draws (or looks at) from the pile.
    Draw {
        tile: Tile,
    },
    /// Chance: what a face-down tile on the board turns out to be.
    Reveal {
        tile: Tile,
    },
    /// Chance with one outcome: the next step of the turn.
    Step,
}

/// Which side of a pawn is up: White is Fortune's camp, Black Misfortune's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn flipped(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// EP a "gain" moves the marker: clockwise for White, anticlockwise for Black.
    pub fn sign(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// "Next turn" tiles a player has stopped on, waiting for their next turn (or draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub reverse: bool,
    pub add_die: bool,
    pub change_die: bool,
    pub pick_three: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Player {
    ep: u8,
    /// When the marker last arrived on its spot: a later arrival sits on top of the stack.
    stamp: u32,
    side: Side,
    /// `None` while the pawn is on the Gods' Bet track.
    pawn: Option<u8>,
    /// The colour bet on, while the pawn is on the track.
    bet: Option<Seat>,
    /// The spare pawn in play during a pending bet: its space and its own side.
    spare: Option<(u8, Side)>,
    hand: Vec<Tile>,
    flags: Flags,
}

/// Where a face-down tile, a face-up tile or nothing lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Empty,
    /// Face down; what it is is decided by chance when a pawn stops on it.
    Down,
    Up(Tile),
}

/// One line of what an action did, with the version only some seats may read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Note {
    public: String,
    private: Option<(Vec<Seat>, String)>,
}

/// The turn in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Turn {
    /// Tiles put on the board this turn, and how many the turn allows.
    placed: u8,
    allowance: u8,
    /// Spaces reached since the last roll: reaching one again is a loop.
    reached: Vec<u8>,
    /// Dice rolled so far in the roll being made.
    dice: Vec<u8>,
    /// This turn's share of the "next turn" tiles.
    reverse: bool,
    add_die: bool,
    change_die: bool,
    /// Where the active pawn last stood (the nearest-space rule measures from here).
    last: u8,
    roll: Option<RollView>,
    /// The die changed by "Change Result of Die": index and old value.
    changed: Option<(u8, u8)>,
    /// The space whose face-down tile was just turned up and named: following it need not
    /// name it again.
    revealed: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dungeon {
    made: Vec<Hand>,
    dice: Vec<u8>,
    last: Option<Hand>,
    /// The challenge ended: `Some(true)` stopped with EP, `Some(false)` failed.
    ended: Option<bool>,
    gained: u8,
}

/// One unit of the turn; the top of the stack runs next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    /// Chance: the start player.
    First,
    /// Deal tiles so every hand has three, from the turn player clockwise (`k` = seats done).
    Refill {
        k: u8,
    },
    /// One tile from the pile into `seat`'s hand.
    Deal {
        seat: Seat,
    },
    /// "Choose 1 from 3": look at `n` tiles from the pile, then pick.
    Look {
        seat: Seat,
        n: u8,
    },
    Pick {
        seat: Seat,
    },
    /// A turn begins; `next` moves to the next player first.
    Begin {
        next: bool,
    },
    /// Chance: dice for a roll (the turn's first roll adds the target die).
    Roll {
        first: bool,
    },
    ChangeDie,
    Rolled {
        first: bool,
    },
    /// Walk the active pawn.
    Move {
        steps: u8,
        back: bool,
        doublet: bool,
    },
    MoveTo {
        to: u8,
    },
    /// The pawn stopped: loops, face-down tiles, occupied spaces, then the space itself.
    Arrive {
        doublet: bool,
    },
    Reveal,
    Resolve {
        doublet: bool,
    },
    /// Follow the tile under the active pawn.
    Follow,
    Place {
        at: u8,
        follow: bool,
    },
    PlaceAny,
    Replace,
    /// Chance: the face-down tile "Replace this Tile" took off the board at `from` turns up.
    TurnUpReplaced {
        from: u8,
    },
    /// Follow the tile "Replace this Tile" took off the board.
    FollowReplaced {
        tile: Tile,
    },
    TakeFrom,
    Take {
        from: Seat,
    },
    PutTaken {
        from: Seat,
        tile: Tile,
    },
    Bet,
    DungeonAsk,
    DungeonRoll,
    DungeonGo,
    /// After the movement: tiles still owed go on the nearest empty space.
    EndChain,
    EndTurn,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cocoon {
    players: usize,
    board: [Slot; SPACES as usize],
    /// Tiles nobody has seen: in the pile (below any known top) or face down on the board.
    pool: Counts,
    /// Tiles in the draw pile, known top included.
    pile: u8,
    /// Tiles put back on top of the pile by "Choose 1 from 3", uppermost first, with who knows.
    top: Vec<(Tile, Seat)>,
    /// Tiles being looked at for "Choose 1 from 3".
    looking: Vec<Tile>,
    /// Tiles removed from the game ("Take a Tile" swapped away, "Replace this Tile"'s choice).
    removed: Vec<Tile>,
    seats: Vec<Player>,
    turn: Seat,
    turns_done: u8,
    rounds: u8,
    clock: u32,
    tasks: Vec<Task>,
    t: Turn,
    dungeon: Option<Dungeon>,
    /// The notes of the last applied action.
    notes: Vec<Note>,
    /// Writes no notes: a game nobody reads (the search player's samples) plays faster.
    quiet: bool,
    over: bool,
}

pub const START_VALUES: &[&str] = &["random", "1", "2", "3", "4", "5"];

/// Rounds played: five, or ten with two players.
pub fn rounds_for(players: usize) -> u8 {
    if players == 2 { 10 } else { 5 }
}

impl Cocoon {
    pub fn players(&self) -> usize {
        self.players
    }
    pub fn turn(&self) -> Seat {
        self.turn
    }
    pub fn round(&self) -> u8 {
        (usize::from(self.turns_done) / self.players.max(1)) as u8 + 1
    }
    pub fn ep(&self, seat: Seat) -> u8 {
        self.seats.get(seat).map_or(0, |p| p.ep)
    }
    pub fn side(&self, seat: Seat) -> Side {
        self.seats.get(seat).map_or(Side::White, |p| p.side)
    }
    /// The space of the seat's pawn in play (the spare during a bet), if on the board.
    pub fn position(&self, seat: Seat) -> Option<u8> {
        self.seats.get(seat).and_then(|p| match p.spare {
            Some((at, _)) => Some(at),
            None => p.pawn,
        })
    }
    pub fn hand(&self, seat: Seat) -> &[Tile] {
        self.seats.get(seat).map_or(&[], |p| p.hand.as_slice())
    }
    pub fn flags(&self, seat: Seat) -> Flags {
        self.seats
            .get(seat)
            .map_or_else(Flags::default, |p| p.flags)
    }
    pub fn bet(&self, seat: Seat) -> Option<Seat> {
        self.seats.get(seat).and_then(|p| p.bet)
    }
    /// The tile on a space: `None` when empty, `Some(None)` when face down.
    pub fn tile_at(&self, at: u8) -> Option<Option<Tile>> {
        match self.board.get(usize::from(at))? {
            Slot::Empty => None,
            Slot::Down => Some(None),
            Slot::Up(t) => Some(Some(*t)),
        }
    }
    pub fn pile(&self) -> u8 {
        self.pile
    }
    pub fn placed_this_turn(&self) -> u8 {
        self.t.placed
    }

    /// Test and puzzle set-up: puts `tile` (or nothing) on a space. The pool is not touched,
    /// so use it on a fresh game only for spaces whose contents tests fix.
    #[doc(hidden)]
    pub fn set_tile(&mut self, at: u8, tile: Option<Tile>) {
        if let Some(slot) = self.board.get_mut(usize::from(at)) {
            *slot = tile.map_or(Slot::Empty, Slot::Up);
        }
    }
    /// Test set-up: moves a seat's pawn in play (the spare during a bet).
    #[doc(hidden)]
    pub fn set_pawn(&mut self, seat: Seat, at: u8) {
        if let Some(p) = self.seats.get_mut(seat) {
            match p.spare.as_mut() {
                Some(spare) => spare.0 = at % SPACES,
                None => p.pawn = Some(at % SPACES),
            }
        }
        if seat == self.turn {
            self.t.last = at % SPACES;
        }
    }
    /// Test set-up: a seat's EP and side.
    #[doc(hidden)]
    pub fn set_ep(&mut self, seat: Seat, ep: u8, side: Side) {
        if let Some(p) = self.seats.get_mut(seat) {
            p.ep = ep % EP_SPOTS;
            p.side = side;
        }
    }
    /// Test set-up: a seat's hand.
    #[doc(hidden)]
    pub fn set_hand(&mut self, seat: Seat, hand: Vec<Tile>) {
        if let Some(p) = self.seats.get_mut(seat) {
            p.hand = hand;
        }
    }
    /// Test set-up: a seat's next-turn flags.
    #[doc(hidden)]
    pub fn set_flags(&mut self, seat: Seat, flags: Flags) {
        if let Some(p) = self.seats.get_mut(seat) {
            p.flags = flags;
        }
    }

    /// Carries out every step that has one possible outcome (a pawn's move, a tile's effect),
    /// so that they belong to the action that caused them: one log entry, one undo.
    fn follow_steps(&mut self) {
        while !self.over && self.automatic() {
            self.happen(Action::Step);
        }
    }

    /// The same game writing no event lines from now on: the search player's samples, which
    /// nobody reads, play faster without them. Views and rules are unchanged.
    pub fn quiet(mut self) -> Self {
        self.quiet = true;
        self.notes.clear();
        self
    }

    /// The notes of the last applied action as `viewer` may read them.
    pub fn last_notes(&self, viewer: Viewer) -> Vec<String> {
        self.notes.iter().map(|n| n.render(viewer)).collect()
    }
}

impl Note {
    fn public(text: String) -> Note {
        Note {
            public: text,
            private: None,
        }
    }
    fn render(&self, viewer: Viewer) -> String {
        match (&self.private, viewer) {
            (Some((_, text)), Viewer::Omniscient) => text.clone(),
            (Some((seats, text)), Viewer::Seat(s)) if seats.contains(&s) => text.clone(),
            _ => self.public.clone(),
        }
    }
}

impl Game for Cocoon {
    const ID: &'static str = "cocoon";
    const NAME: &'static str = "Cocoon World";
    const PITCH: &'static str =
        "Race round a board built tile by tile; Fortune turns the EP wheel.";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 5;
    /// 4: the steps with one outcome are part of the action that causes them. Logs of version 3
    /// hold them as chance entries of their own, which also moved every later draw of the seed,
    /// so they cannot be checked against it: they are refused with their version named.
    const RULES_VERSION: u32 = 4;
    const OPTIONS: &'static [OptionSpec] = &[options::start_player(START_VALUES)];

    type Action = Action;
    type View = View;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        Self::check_players(players)?;
        let (first, turn) = match options::start_seat(options, players)? {
            None => (true, 0),
            Some(seat) => (false, seat),
        };
        let mut board = [Slot::Empty; SPACES as usize];
        for &at in &SETUP_TILES {
            board[usize::from(at)] = Slot::Down;
        }
        let seats = (0..players)
            .map(|_| Player {
                ep: 0,
                stamp: 0,
                side: Side::White,
                pawn: Some(START),
                bet: None,
                spare: None,
                hand: Vec::new(),
                flags: Flags::default(),
            })
            .collect();
        let mut tasks = vec![Task::Begin { next: false }, Task::Refill { k: 0 }];
        if first {
            tasks.push(Task::First);
        }
        let mut game = Cocoon {
            players,
            board,
            pool: tiles::full_box(),
            pile: TOTAL_TILES - SETUP_TILES.len() as u8,
            top: Vec::new(),
            looking: Vec::new(),
            removed: Vec::new(),
            seats,
            turn,
            turns_done: 0,
            rounds: rounds_for(players),
            clock: 0,
            tasks,
            t: Turn::default(),
            dungeon: None,
            notes: Vec::new(),
            quiet: false,
            over: false,
        };
        if !first {
            game.stack_markers();
        }
        Ok(game)
    }

    fn to_move(&self) -> ToMove {
        if self.over {
            return ToMove::Over;
        }
        match self.decider() {
            Some(seat) => ToMove::Seats(vec![seat]),
            None => ToMove::Chance,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.over || self.decider() != Some(seat) {
            return Vec::new();
        }
        self.decisions()
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        let mut out = Vec::new();
        self.chance_outcomes_into(&mut out);
        out
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.over || self.decider().is_some() {
            return;
        }
        self.chances(out);
    }

    /// Two passes over the outcomes, the weights' total then the one picked: no list.
    fn chance_pick(
        &self,
        _buf: &mut Vec<(Action, u32)>,
        pick: &mut dyn FnMut(u64) -> u64,
    ) -> Option<Action> {
        if self.over || self.decider().is_some() {
            return None;
        }
        let mut total = 0u64;
        self.each_chance(|_, w| total += u64::from(w));
        if total == 0 {
            return None;
        }
        let mut place = pick(total);
        let mut picked = None;
        self.each_chance(|a, w| {
            let w = u64::from(w);
            if picked.is_none() {
                if place < w {
                    picked = Some(a);
                } else {
                    place -= w;
                }
            }
        });
        picked
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        self.act(actor, action, Check::Again)
    }

    /// Without listing the decisions or chance outcomes again: a third of a Cocoon playout's
    /// time went to checking actions just taken from those lists.
    fn apply_offered(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        self.act(actor, action, Check::Offered)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::build(self, viewer)
    }

    fn view_into(&self, viewer: Viewer, out: &mut View) {
        view::build_into(self, viewer, out);
    }

    fn shows(&self, viewer: Viewer, view: &View) -> bool {
        view::shows(self, viewer, view)
    }

    fn describe(&self, actor: Actor, action: &Action, viewer: Viewer) -> String {
        self.describe_each(actor, action, &[viewer])
            .pop()
            .unwrap_or_default()
    }

    /// The action played out once on a copy; each viewer reads its notes.
    fn describe_each(&self, _actor: Actor, action: &Action, viewers: &[Viewer]) -> Vec<String> {
        let mut after = self.clone();
        let actor = match self.decider() {
            Some(s) => Actor::Seat(s),
            None => Actor::Chance,
        };
        if after.apply(actor, action).is_err() {
            return vec![String::new(); viewers.len()];
        }
        // One line per note: an action with the pawn moves it caused reads as several lines.
        viewers
            .iter()
            .map(|&v| after.last_notes(v).join("\n"))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let scores: Vec<i32> = self.seats.iter().map(|p| i32::from(p.ep)).collect();
        let mut o = Outcome::by_score(
            scores,
            |s| {
                let white = self.active_side(s) == Side::White;
                (i64::from(white) << 40) | i64::from(self.seats.get(s).map_or(0, |p| p.stamp))
            },
            "white side, then the marker on top",
        );
        if o.note.is_empty() {
            o.note = "highest EP wins".into();
        }
        Some(o)
    }

    fn describe_option(key: &str, value: &str) -> Option<String> {
        match (key, value) {
            ("start", "random") => Some("the start player is drawn at random".into()),
            ("start", n) => Some(format!("player {n} takes the first turn")),
            _ => None,
        }
    }

    fn undoable(&self, _seat: Seat, action: &Action) -> bool {
        matches!(
            action,
            Action::Place { .. }
                | Action::PlaceAt { .. }
                | Action::PutTaken { .. }
                | Action::Bet { .. }
                | Action::KeepDice
                | Action::ChangeDie { .. }
                | Action::Dungeon { enter: false }
        )
    }

    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self {
        hidden::vary(self, viewer, salt)
    }
}

/// Whether [`Cocoon::act`] looks the action up among those possible now.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// It may come from a log: look it up.
    Again,
    /// This state just offered it.
    Offered,
}

impl Cocoon {
    fn act(&mut self, actor: Actor, action: &Action, check: Check) -> Result<(), Illegal> {
        if self.over {
            return illegal!("the game is over");
        }
        match actor {
            Actor::Seat(seat) => {
                if self.decider() != Some(seat) {
                    return illegal!("it is not {}'s decision", colour(seat));
                }
                if check == Check::Again && !self.decisions().contains(action) {
                    return illegal!("{action:?} is not possible now");
                }
                self.notes.clear();
                self.decide(seat, *action);
            }
            Actor::Chance => {
                if self.decider().is_some() {
                    return illegal!("a player must decide, not chance");
                }
                if check == Check::Again && !self.chance_possible(action) {
                    return illegal!("{action:?} is not a possible chance outcome now");
                }
                self.notes.clear();
                self.happen(*action);
            }
        }
        self.follow_steps();
        Ok(())
    }
}

//! The turn as a stack of tasks: what each rule step does and which steps follow it.

use super::board::{self, Space, by_distance, next_experience, space, turn_ep};
use super::dungeon::{Hand, best_hand};
use super::tiles::{Effect, KINDS, Tile};
use super::view::RollView;
use super::{
    Action, Cocoon, Dungeon, GODS_BET, HAND_SIZE, INITIATION, Note, PIT, SPACES, START, Side, Slot,
    Task, Turn, colour,
};
use crate::engine::Seat;

/// An event line, written only when someone may read it: a quiet game (the search player's
/// samples) skips the formatting, which is most of the cost of a playout.
macro_rules! say {
    ($game:expr, $($text:tt)+) => {
        if !$game.quiet {
            let text = format!($($text)+);
            $game.say(text);
        }
    };
}

impl Cocoon {
    /// The seat that must decide now, if the top task is a decision.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match self.tasks.last()? {
            Task::Pick { seat } => Some(*seat),
            Task::ChangeDie
            | Task::Place { .. }
            | Task::PlaceAny
            | Task::Replace
            | Task::TakeFrom
            | Task::Take { .. }
            | Task::PutTaken { .. }
            | Task::Bet
            | Task::DungeonAsk
            | Task::DungeonGo => Some(self.turn),
            _ => None,
        }
    }

    /// The legal decisions for the top task, in a fixed order.
    pub(crate) fn decisions(&self) -> Vec<Action> {
        let Some(&top) = self.tasks.last() else {
            return Vec::new();
        };
        match top {
            Task::Place { .. } => distinct(self.hand(self.turn))
                .into_iter()
                .map(|tile| Action::Place { tile })
                .collect(),
            Task::PlaceAny => {
                let empties = self.empty_spaces();
                distinct(self.hand(self.turn))
                    .into_iter()
                    .flat_map(|tile| empties.iter().map(move |&at| Action::PlaceAt { tile, at }))
                    .collect()
            }
            Task::Replace => self
                .replace_targets()
                .into_iter()
                .map(|at| Action::Replace { at })
                .collect(),
            Task::TakeFrom => self
                .take_targets()
                .into_iter()
                .map(|seat| Action::TakeFrom { seat })
                .collect(),
            Task::Take { from } => distinct(self.hand(from))
                .into_iter()
                .map(|tile| Action::Take { tile })
                .collect(),
            Task::PutTaken { .. } => {
                let mut out: Vec<Action> = self
                    .empty_spaces()
                    .into_iter()
                    .map(|at| Action::PutTaken { at })
                    .collect();
                out.push(Action::SwapTaken);
                out
            }
            Task::Bet => self
                .bet_choices()
                .into_iter()
                .map(|on| Action::Bet { on })
                .collect(),
            Task::DungeonAsk => vec![
                Action::Dungeon { enter: true },
                Action::Dungeon { enter: false },
            ],
            Task::DungeonGo => {
                let nightmare = self
                    .dungeon
                    .as_ref()
                    .is_some_and(|d| d.made.contains(&Hand::Nightmare));
                let mut out = vec![Action::Delve];
                let picks = if nightmare { 0..=10 } else { 0..=0 };
                out.extend(picks.map(|pick| Action::Stop { pick }));
                out
            }
            Task::ChangeDie => {
                let mut out = vec![Action::KeepDice];
                for (i, &d) in self.t.dice.iter().enumerate() {
                    for to in 1..=6 {
                        if to != d {
                            out.push(Action::ChangeDie { die: i as u8, to });
                        }
                    }
                }
                out
            }
            Task::Pick { .. } => pick_choices(&self.looking),
            _ => Vec::new(),
        }
    }

    /// The chance outcomes for the top task, with weights, added to `out`.
    pub(crate) fn chances(&self, out: &mut Vec<(Action, u32)>) {
        self.each_chance(|a, w| out.push((a, w)));
    }

    /// [`Cocoon::chances`] one by one, in the same order, without a list.
    pub(crate) fn each_chance(&self, mut out: impl FnMut(Action, u32)) {
        let Some(&top) = self.tasks.last() else {
            return;
        };
        match top {
            Task::First => (0..self.players).for_each(|seat| out(Action::First { seat }, 1)),
            Task::Roll { .. } | Task::DungeonRoll => {
                (1..=6).for_each(|value| out(Action::Die { value }, 1));
            }
            Task::Deal { .. } | Task::Look { .. } if self.top.is_empty() => {
                self.unseen(|tile, n| out(Action::Draw { tile }, n));
            }
            Task::Reveal | Task::TurnUpReplaced { .. } => {
                self.unseen(|tile, n| out(Action::Reveal { tile }, n));
            }
            _ => out(Action::Step, 1),
        }
    }

    /// Whether `action` is among [`Cocoon::chances`], without building the list (playouts
    /// check every chance outcome).
    pub(crate) fn chance_possible(&self, action: &Action) -> bool {
        let Some(&top) = self.tasks.last() else {
            return false;
        };
        let unseen = |tile: &Tile| self.pool.get(tile.index()).is_some_and(|&n| n > 0);
        match (top, action) {
            (Task::First, Action::First { seat }) => *seat < self.players,
            (Task::First, _) => false,
            (Task::Roll { .. } | Task::DungeonRoll, Action::Die { value }) => {
                (1..=6).contains(value)
            }
            (Task::Roll { .. } | Task::DungeonRoll, _) => false,
            (Task::Deal { .. } | Task::Look { .. }, Action::Draw { tile })
                if self.top.is_empty() =>
            {
                unseen(tile)
            }
            (Task::Deal { .. } | Task::Look { .. }, _) if self.top.is_empty() => false,
            (Task::Reveal | Task::TurnUpReplaced { .. }, Action::Reveal { tile }) => unseen(tile),
            (Task::Reveal | Task::TurnUpReplaced { .. }, _) => false,
            (_, a) => *a == Action::Step,
        }
    }

    /// Whether the top task is a step with one outcome ([`Action::Step`] is its only chance).
    pub(crate) fn automatic(&self) -> bool {
        match self.tasks.last() {
            None => false,
            Some(Task::First | Task::Roll { .. } | Task::DungeonRoll) => false,
            Some(Task::Reveal | Task::TurnUpReplaced { .. }) => false,
            Some(Task::Deal { .. } | Task::Look { .. }) if self.top.is_empty() => false,
            Some(_) => self.decider().is_none(),
        }
    }

    /// The tiles nobody has seen: each kind left, with how many are left.
    fn unseen(&self, mut out: impl FnMut(Tile, u32)) {
        for k in KINDS {
            let n = self.pool[k.index()];
            if n > 0 {
                out(k, u32::from(n));
            }
        }
    }

    fn say(&mut self, text: String) {
        if !self.quiet {
            self.notes.push(Note::public(text));
        }
    }

    fn say_private(&mut self, public: String, seats: Vec<Seat>, private: String) {
        self.notes.push(Note {
            public,
            private: Some((seats, private)),
        });
    }

    // ---- decisions ----

    pub(crate) fn decide(&mut self, seat: Seat, action: Action) {
        let Some(top) = self.tasks.pop() else {
            return;
        };
        let me = colour(self.turn);
        match (top, action) {
            (Task::Place { at, follow }, Action::Place { tile }) => {
                self.take_from_hand(self.turn, tile);
                self.put(at, tile);
                if follow {
                    say!(self, "places {} ({}) on {at}", tile.code(), tile.name());
                    self.tasks.push(Task::Follow);
                } else {
                    say!(
                        self,
                        "places {} ({}) on {at}, the nearest empty space",
                        tile.code(),
                        tile.name()
                    );
                }
            }
            (Task::PlaceAny, Action::PlaceAt { tile, at }) => {
                self.take_from_hand(self.turn, tile);
                self.put(at, tile);
                say!(self, "places {} ({}) on {at}", tile.code(), tile.name());
            }
            (Task::Replace, Action::Replace { at }) => {
                // This tile takes the chosen one's place; the chosen one leaves the board and
                // is followed at once (a face-down one is turned up first).
                let Some(pos) = self.position(self.turn) else {
                    return;
                };
                let chosen = self.slot(at);
                self.board[usize::from(at)] = self.slot(pos);
                self.board[usize::from(pos)] = Slot::Empty;
                match chosen {
                    Slot::Up(tile) => {
                        self.removed.push(tile);
                        say!(
                            self,
                            "moves the {} tile to {at}; {} ({}) leaves the board",
                            Tile::Replace.code(),
                            tile.code(),
                            tile.name()
                        );
                        self.tasks.push(Task::FollowReplaced { tile });
                    }
                    Slot::Down => {
                        say!(
                            self,
                            "moves the {} tile to {at}; the face-down tile there leaves the board",
                            Tile::Replace.code()
                        );
                        self.tasks.push(Task::TurnUpReplaced { from: at });
                    }
                    Slot::Empty => {}
                }
            }
            (Task::TakeFrom, Action::TakeFrom { seat: from }) => {
                let hand: Vec<&str> = self.hand(from).iter().map(|t| t.code()).collect();
                if !self.quiet {
                    self.say_private(
                        format!("looks at {}'s tiles", colour(from)),
                        vec![self.turn, from],
                        format!("looks at {}'s tiles: {}", colour(from), hand.join(" ")),
                    );
                }
                self.tasks.push(Task::Take { from });
            }
            (Task::Take { from }, Action::Take { tile }) => {
                self.take_from_hand(from, tile);
                if !self.quiet {
                    self.say_private(
                        format!("takes a tile from {}", colour(from)),
                        vec![self.turn, from],
                        format!(
                            "takes {} ({}) from {}",
                            tile.code(),
                            tile.name(),
                            colour(from)
                        ),
                    );
                }
                self.tasks.push(Task::PutTaken { from, tile });
            }
            (Task::PutTaken { tile, .. }, Action::PutTaken { at }) => {
                self.put(at, tile);
                say!(
                    self,
                    "places the taken {} ({}) on {at}",
                    tile.code(),
                    tile.name()
                );
            }
            (Task::PutTaken { tile, .. }, Action::SwapTaken) => {
                let Some(pos) = self.position(self.turn) else {
                    return;
                };
                if let Slot::Up(old) = self.slot(pos) {
                    self.removed.push(old);
                }
                self.board[usize::from(pos)] = Slot::Up(tile);
                self.t.placed = self.t.placed.saturating_add(1);
                say!(
                    self,
                    "removes the Take tile from the game and puts the taken {} ({}) on {pos}",
                    tile.code(),
                    tile.name()
                );
                self.tasks.push(Task::Follow);
            }
            (Task::Bet, Action::Bet { on }) => {
                if let Some(p) = self.seats.get_mut(self.turn) {
                    p.bet = Some(on);
                }
                say!(self, "bets that {} reaches Start next", colour(on));
            }
            (Task::DungeonAsk, Action::Dungeon { enter }) => {
                if enter {
                    self.dungeon = Some(Dungeon {
                        made: Vec::new(),
                        dice: Vec::new(),
                        last: None,
                        ended: None,
                        gained: 0,
                    });
                    say!(self, "challenges the dungeon");
                    self.tasks.push(Task::DungeonRoll);
                } else {
                    say!(self, "does not enter the dungeon");
                }
            }
            (Task::DungeonGo, Action::Delve) => {
                if let Some(d) = self.dungeon.as_mut() {
                    d.dice.clear();
                }
                say!(self, "rolls the dungeon dice again");
                self.tasks.push(Task::DungeonRoll);
            }
            (Task::DungeonGo, Action::Stop { pick }) => {
                let Some(d) = self.dungeon.as_mut() else {
                    return;
                };
                let total: u8 = d.made.iter().map(|h| h.ep().unwrap_or(pick)).sum();
                d.ended = Some(true);
                d.gained = total;
                let before = self.ep(self.turn);
                self.gain(self.turn, i32::from(total));
                say!(
                    self,
                    "leaves the dungeon with {total} EP (EP {before} -> {})",
                    self.ep(self.turn)
                );
            }
            (Task::ChangeDie, Action::ChangeDie { die, to }) => {
                if let Some(d) = self.t.dice.get_mut(usize::from(die)) {
                    self.t.changed = Some((die, *d));
                    let old = *d;
                    *d = to;
                    let which = self.die_name(die);
                    say!(self, "changes the {which} from {old} to {to}");
                }
            }
            (Task::ChangeDie, Action::KeepDice) => {
                say!(self, "keeps the dice as rolled");
            }
            (Task::Pick { seat: s }, Action::Pick { keep, top }) => {
                if let Some(i) = self.looking.iter().position(|&t| t == keep) {
                    self.looking.remove(i);
                }
                if let Some(p) = self.seats.get_mut(s) {
                    p.hand.push(keep);
                }
                let mut back = std::mem::take(&mut self.looking);
                if let Some(top) = top
                    && let Some(i) = back.iter().position(|&t| t == top)
                {
                    back.swap(0, i);
                }
                let n = back.len() as u8;
                let mut newtop: Vec<(Tile, Seat)> = back.into_iter().map(|t| (t, s)).collect();
                newtop.append(&mut self.top);
                self.top = newtop;
                self.pile = self.pile.saturating_add(n);
                if !self.quiet {
                    self.say_private(
                        format!("keeps one tile and puts {n} back on the pile"),
                        vec![s],
                        format!("keeps {} and puts {n} back on the pile", keep.code()),
                    );
                }
            }
            _ => {
                // Unreachable: `apply` checked the action against the top task.
                self.tasks.push(top);
            }
        }
        let _ = (seat, me);
    }

    // ---- chance ----

    pub(crate) fn happen(&mut self, action: Action) {
        let Some(&top) = self.tasks.last() else {
            return;
        };
        match (top, action) {
            (Task::First, Action::First { seat }) => {
                self.tasks.pop();
                self.turn = seat;
                self.stack_markers();
                say!(self, "{} starts", colour(seat));
            }
            (Task::Roll { first }, Action::Die { value }) => {
                self.t.dice.push(value);
                let want = 2 + usize::from(first) * (1 + usize::from(self.t.add_die));
                if self.t.dice.len() >= want {
                    self.tasks.pop();
                    self.tasks.push(Task::Rolled { first });
                    if first && self.t.change_die {
                        self.tasks.push(Task::ChangeDie);
                    }
                    // Inside `say!`: a search's quiet playouts never write the roll out.
                    say!(
                        self,
                        "{} rolls {}",
                        colour(self.turn),
                        self.dice_text(first)
                    );
                }
            }
            (Task::DungeonRoll, Action::Die { value }) => {
                let Some(d) = self.dungeon.as_mut() else {
                    return;
                };
                d.dice.push(value);
                if d.dice.len() >= 4 {
                    self.tasks.pop();
                    self.dungeon_hand();
                }
            }
            (Task::Deal { seat }, a) => {
                self.tasks.pop();
                let tile = self.pile_tile(a);
                if let Some(tile) = tile
                    && let Some(p) = self.seats.get_mut(seat)
                {
                    p.hand.push(tile);
                    if !self.quiet {
                        self.say_private(
                            format!("{} draws a tile", colour(seat)),
                            vec![seat],
                            format!("{} draws {} ({})", colour(seat), tile.code(), tile.name()),
                        );
                    }
                }
            }
            (Task::Look { seat, n }, a) => {
                if let Some(tile) = self.pile_tile(a) {
                    self.looking.push(tile);
                }
                if self.looking.len() >= usize::from(n) {
                    self.tasks.pop();
                    self.tasks.push(Task::Pick { seat });
                    let codes: Vec<&str> = self.looking.iter().map(|t| t.code()).collect();
                    if !self.quiet {
                        self.say_private(
                            format!("{} looks at {n} tiles from the pile", colour(seat)),
                            vec![seat],
                            format!("{} looks at {}", colour(seat), codes.join(" ")),
                        );
                    }
                }
            }
            (Task::Reveal, Action::Reveal { tile }) => {
                self.tasks.pop();
                if let Some(c) = self.pool.get_mut(tile.index()) {
                    *c = c.saturating_sub(1);
                }
                let at = self.t.last;
                self.board[usize::from(at)] = Slot::Up(tile);
                self.t.revealed = Some(at);
                say!(
                    self,
                    "the face-down tile on {at} is {} ({})",
                    tile.code(),
                    tile.name()
                );
            }
            (Task::TurnUpReplaced { from }, Action::Reveal { tile }) => {
                self.tasks.pop();
                if let Some(c) = self.pool.get_mut(tile.index()) {
                    *c = c.saturating_sub(1);
                }
                self.removed.push(tile);
                say!(
                    self,
                    "the face-down tile taken from {from} is {} ({})",
                    tile.code(),
                    tile.name()
                );
                self.tasks.push(Task::FollowReplaced { tile });
            }
            (_, Action::Step) => {
                self.tasks.pop();
                self.run(top);
            }
            _ => {}
        }
    }

    /// The next tile off the pile: the known top first, else the chance draw `a`.
    fn pile_tile(&mut self, a: Action) -> Option<Tile> {
        self.pile = self.pile.saturating_sub(1);
        if !self.top.is_empty() {
            return Some(self.top.remove(0).0);
        }
        let Action::Draw { tile } = a else {
            return None;
        };
        if let Some(c) = self.pool.get_mut(tile.index()) {
            *c = c.saturating_sub(1);
        }
        Some(tile)
    }

    /// Markers start stacked on 0 in turn order: the start player's at the bottom.
    pub(crate) fn stack_markers(&mut self) {
        let n = self.players;
        for k in 0..n {
            if let Some(p) = self.seats.get_mut((self.turn + k) % n) {
                p.stamp = k as u32;
            }
        }
        self.clock = n as u32;
    }

    // ---- automatic steps ----

    fn run(&mut self, task: Task) {
        match task {
            Task::Refill { k } => self.refill(k),
            Task::Begin { next } => self.begin(next),
            Task::Rolled { first } => self.rolled(first),
            Task::Move {
                steps,
                back,
                doublet,
            } => self.walk(steps, back, doublet),
            Task::MoveTo { to } => {
                if let Some(at) = self.position(self.turn) {
                    let steps = board::distance(at, to);
                    self.tasks.push(Task::Move {
                        steps,
                        back: false,
                        doublet: false,
                    });
                }
            }
            Task::Arrive { doublet } => self.arrive(doublet),
            Task::Resolve { doublet } => {
                if let Some(at) = self.position(self.turn) {
                    self.resolve(at, doublet);
                }
            }
            Task::Follow => {
                if let Some(at) = self.position(self.turn)
                    && let Slot::Up(tile) = self.slot(at)
                {
                    self.follow(tile, at);
                }
            }
            Task::FollowReplaced { tile } => {
                if let Some(at) = self.position(self.turn) {
                    let text = format!("follows {} ({})", tile.code(), tile.name());
                    self.obey(tile, at, text);
                }
            }
            Task::EndChain => self.end_chain(),
            Task::EndTurn => self.end_turn(),
            // Decisions and chance tasks never run as a step.
            _ => self.tasks.push(task),
        }
    }

    /// Step 3: hands are filled to three, the turn player first, then clockwise.
    fn refill(&mut self, k: u8) {
        let n = self.players;
        if usize::from(k) >= n {
            return;
        }
        let seat = (self.turn + usize::from(k)) % n;
        let short = self.hand(seat).len() < HAND_SIZE;
        if !short || self.pile == 0 {
            self.tasks.push(Task::Refill { k: k + 1 });
            return;
        }
        self.tasks.push(Task::Refill { k });
        let pick = self.seats.get(seat).is_some_and(|p| p.flags.pick_three);
        if let Some(p) = self.seats.get_mut(seat) {
            p.flags.pick_three = false;
        }
        if pick && self.pile >= 2 {
            self.tasks.push(Task::Look {
                seat,
                n: self.pile.min(3),
            });
        } else {
            self.tasks.push(Task::Deal { seat });
        }
    }

    fn begin(&mut self, next: bool) {
        if next {
            self.turn = (self.turn + 1) % self.players;
        }
        let seat = self.turn;
        self.dungeon = None;
        let mut t = Turn {
            allowance: 1,
            ..Turn::default()
        };
        if let Some(p) = self.seats.get_mut(seat) {
            t.reverse = std::mem::take(&mut p.flags.reverse);
            t.add_die = std::mem::take(&mut p.flags.add_die);
            t.change_die = std::mem::take(&mut p.flags.change_die);
            if p.bet.is_some() && p.spare.is_none() {
                p.spare = Some((START, p.side));
            }
        }
        t.last = self.position(seat).unwrap_or(START);
        self.t = t;
        let spare = if self.seats.get(seat).is_some_and(|p| p.spare.is_some()) {
            ", with the spare pawn"
        } else {
            ""
        };
        say!(
            self,
            "round {}/{}: {}'s turn{spare}",
            self.round(),
            self.rounds,
            colour(seat)
        );
        self.tasks.push(Task::EndTurn);
        self.tasks.push(Task::EndChain);
        self.tasks.push(Task::Roll { first: true });
    }

    fn die_name(&self, die: u8) -> &'static str {
        let target = self.t.dice.len().saturating_sub(1);
        if usize::from(die) == target {
            "target die"
        } else {
            ["first die", "second die", "third die"]
                .get(usize::from(die))
                .copied()
                .unwrap_or("die")
        }
    }

    fn dice_text(&self, first: bool) -> String {
        let (player, target) = split_roll(&self.t.dice, first);
        let faces: Vec<String> = player.iter().map(u8::to_string).collect();
        match target {
            Some(tg) => format!("{}, target die {tg}", faces.join("+")),
            None => faces.join("+"),
        }
    }

    /// Step 1's target die, then the movement of the roll.
    fn rolled(&mut self, first: bool) {
        let dice = std::mem::take(&mut self.t.dice);
        let (player, target) = split_roll(&dice, first);
        let seat = self.turn;
        if let Some(tg) = target {
            let matches = player.iter().filter(|&&d| d == tg).count();
            if matches > 0 {
                let before = self.ep(seat);
                self.gain(seat, matches as i32);
                say!(
                    self,
                    "{matches} die matches the target {tg}: EP {before} -> {}",
                    self.ep(seat)
                );
            } else if player.iter().all(|&d| d < tg) {
                self.flip(seat);
                say!(
                    self,
                    "every die is under the target {tg}: the pawn turns {}",
                    self.active_side(seat).name()
                );
            }
        }
        let doublet = player
            .iter()
            .enumerate()
            .any(|(i, d)| player[i + 1..].contains(d));
        let steps: u8 = player.iter().sum();
        let back = first && self.t.reverse;
        self.t.roll = Some(RollView {
            dice: player.to_vec(),
            target,
            doublet,
            reverse: back,
            changed: self.t.changed.take(),
        });
        self.t.reached.clear();
        if doublet {
            say!(
                self,
                "doublets: only EP counts where the pawn stops, then roll again"
            );
        }
        self.tasks.push(Task::Move {
            steps,
            back,
            doublet,
        });
    }

    /// Walks the pawn in play space by space; passing or stopping on Start settles bets.
    fn walk(&mut self, steps: u8, back: bool, doublet: bool) {
        let seat = self.turn;
        let Some(from) = self.position(seat) else {
            return;
        };
        let to = if back {
            board::backward(from, steps)
        } else {
            board::forward(from, steps)
        };
        let dir = if back { "back" } else { "forward" };
        say!(
            self,
            "{} moves {steps} {dir}: {from} -> {to}{}",
            colour(seat),
            describe_space(self, to)
        );
        let mut at = from;
        for _ in 0..steps {
            at = if back {
                board::backward(at, 1)
            } else {
                board::forward(at, 1)
            };
            self.set_position(seat, at);
            if at == START {
                if self.spare_at_start(seat) {
                    self.abort_chain();
                    self.t.last = START;
                    return;
                }
                self.reach_start(seat);
            }
        }
        self.t.last = at;
        self.tasks.push(Task::Arrive { doublet });
    }

    /// A pawn of `mover`'s colour reached Start: every pending bet is settled (the mover's own
    /// bet, when it moves its spare, is lost).
    fn reach_start(&mut self, mover: Seat) {
        let n = self.players;
        for k in 0..n {
            let s = (self.turn + k) % n;
            let Some(on) = self.seats.get(s).and_then(|p| p.bet) else {
                continue;
            };
            let right = on == mover;
            if let Some(p) = self.seats.get_mut(s) {
                p.bet = None;
                p.spare = None;
                p.pawn = Some(START);
                if !right {
                    p.side = p.side.flipped();
                }
            }
            if right {
                let before = self.ep(s);
                self.gain(s, 3);
                say!(
                    self,
                    "{}'s bet on {} was right: +3 EP ({before} -> {}), pawn back to Start",
                    colour(s),
                    colour(on),
                    self.ep(s)
                );
            } else {
                say!(
                    self,
                    "{}'s bet on {} was wrong ({} got there): the pawn turns {} and goes to Start",
                    colour(s),
                    colour(on),
                    colour(mover),
                    self.side(s).name()
                );
            }
        }
    }

    /// Drops the rest of the movement chain (down to the end-of-chain placement).
    fn abort_chain(&mut self) {
        while let Some(top) = self.tasks.last() {
            if matches!(top, Task::EndChain | Task::EndTurn) {
                break;
            }
            self.tasks.pop();
        }
    }

    fn arrive(&mut self, doublet: bool) {
        let seat = self.turn;
        let Some(at) = self.position(seat) else {
            return;
        };
        self.t.last = at;
        if self.t.reached.contains(&at) {
            self.loop_to_start();
            return;
        }
        self.t.reached.push(at);
        if self.slot(at) == Slot::Down {
            self.tasks.push(Task::Resolve { doublet });
            self.tasks.push(Task::Reveal);
            return;
        }
        self.resolve(at, doublet);
    }

    /// A loop: the pawn stops and goes to Start, gaining its 1 EP there.
    fn loop_to_start(&mut self) {
        let seat = self.turn;
        self.abort_chain();
        self.set_position(seat, START);
        self.t.last = START;
        say!(
            self,
            "a loop! {} goes to Start instead of going round forever",
            colour(seat)
        );
        if !self.spare_at_start(seat) {
            self.reach_start(seat);
            self.start_ep(seat);
        }
    }

    /// Start's 1 EP for the pawn that stopped there.
    fn start_ep(&mut self, seat: Seat) {
        let before = self.ep(seat);
        self.gain(seat, 1);
        say!(self, "Start: EP {before} -> {}", self.ep(seat));
    }

    /// A bettor's spare pawn that stops on or passes Start gains Start's EP like any pawn, then
    /// its own bet is lost: the spare leaves the board and the movement ends. False (nothing
    /// done) for a pawn that is not a spare.
    fn spare_at_start(&mut self, seat: Seat) -> bool {
        if self.seats.get(seat).is_none_or(|p| p.spare.is_none()) {
            return false;
        }
        self.start_ep(seat);
        self.reach_start(seat);
        true
    }

    fn occupied(&self, at: u8) -> Option<Seat> {
        (0..self.players).find(|&s| s != self.turn && self.position(s) == Some(at))
    }

    /// What the space does to the pawn that stopped on it.
    fn resolve(&mut self, at: u8, doublet: bool) {
        let seat = self.turn;
        let just_revealed = self.t.revealed.take() == Some(at);
        // On doublets other pawns on the space are ignored; otherwise only Start holds several.
        if !doublet
            && at != START
            && let Some(other) = self.occupied(at)
        {
            self.ep_only(at);
            say!(self, "{} is on {at}: one step back", colour(other));
            self.tasks.push(Task::Move {
                steps: 1,
                back: true,
                doublet,
            });
            return;
        }
        if doublet {
            self.ep_only(at);
            self.tasks.push(Task::Roll { first: false });
            return;
        }
        match space(at) {
            Space::Start | Space::Experience => {
                let before = self.ep(seat);
                self.gain(seat, 1);
                say!(
                    self,
                    "{}: gain 1 EP ({before} -> {})",
                    space(at).name(),
                    self.ep(seat)
                );
            }
            Space::Initiation => {
                self.flip(seat);
                say!(
                    self,
                    "Initiation: the pawn turns {}",
                    self.active_side(seat).name()
                );
            }
            Space::GodsBet => self.gods_bet(),
            Space::Pit => self.tasks.push(Task::DungeonAsk),
            Space::Normal => match self.slot(at) {
                Slot::Empty => {
                    if self.t.placed < self.t.allowance && !self.hand(seat).is_empty() {
                        self.tasks.push(Task::Place { at, follow: true });
                    } else if self.hand(seat).is_empty() {
                        say!(self, "{at} is empty, and no tile is left to place");
                    } else {
                        say!(self, "{at} is empty; a tile was placed already");
                    }
                }
                // The line before named the tile it turned up: say only what it does.
                Slot::Up(tile) if just_revealed => {
                    let text = if self.quiet {
                        String::new()
                    } else {
                        format!("{} follows it", colour(seat))
                    };
                    self.obey(tile, at, text)
                }
                Slot::Up(tile) => self.follow(tile, at),
                Slot::Down => {}
            },
        }
    }

    /// EP instructions only (doublets, and spaces passed while stepping back).
    fn ep_only(&mut self, at: u8) {
        let seat = self.turn;
        let before = self.ep(seat);
        if space(at).gives_ep() {
            self.gain(seat, 1);
        } else if let Slot::Up(tile) = self.slot(at) {
            let n = tile.ep_only();
            if n == 0 {
                return;
            }
            self.tile_ep(seat, i32::from(n));
        } else {
            return;
        }
        say!(
            self,
            "{at} ({}): EP {before} -> {}",
            describe_space(self, at).trim_start_matches(' '),
            self.ep(seat)
        );
    }

    fn gods_bet(&mut self) {
        let seat = self.turn;
        if self.seats.get(seat).is_some_and(|p| p.spare.is_some()) {
            say!(self, "the spare pawn on Gods' Bet: nothing happens");
            return;
        }
        if self.bet_choices().is_empty() {
            say!(
                self,
                "Gods' Bet: no colour is left to bet on, nothing happens"
            );
            return;
        }
        if let Some(p) = self.seats.get_mut(seat) {
            p.pawn = None;
        }
        self.t.last = GODS_BET;
        self.abort_chain();
        say!(self, "{}'s pawn goes to the Gods' Bet track", colour(seat));
        self.tasks.push(Task::Bet);
    }

    /// Follows the instruction of the face-up tile on `at`.
    fn follow(&mut self, tile: Tile, at: u8) {
        let text = if self.quiet {
            String::new()
        } else {
            format!("{at} is {} ({})", tile.code(), tile.name())
        };
        self.obey(tile, at, text);
    }

    /// Does what `tile` says for the pawn on `at`; `text` starts the event line.
    fn obey(&mut self, tile: Tile, at: u8, mut text: String) {
        let seat = self.turn;
        match tile.effect() {
            Effect::Forward(n) => self.tasks.push(Task::Move {
                steps: n,
                back: false,
                doublet: false,
            }),
            Effect::Backward(n) => self.tasks.push(Task::Move {
                steps: n,
                back: true,
                doublet: false,
            }),
            Effect::Roll => self.tasks.push(Task::Roll { first: false }),
            Effect::EpRoll(n) => {
                let before = self.ep(seat);
                self.tile_ep(seat, i32::from(n));
                if !self.quiet {
                    text += &format!(": EP {before} -> {}", self.ep(seat));
                }
                self.tasks.push(Task::Roll { first: false });
            }
            Effect::Ep(n) => {
                let before = self.ep(seat);
                self.tile_ep(seat, i32::from(n));
                if !self.quiet {
                    text += &format!(": EP {before} -> {}", self.ep(seat));
                }
            }
            Effect::ToStart { roll } => {
                if roll {
                    self.tasks.push(Task::Roll { first: false });
                }
                self.tasks.push(Task::MoveTo { to: START });
            }
            Effect::ToExp { roll } => {
                if roll {
                    self.tasks.push(Task::Roll { first: false });
                }
                self.tasks.push(Task::MoveTo {
                    to: next_experience(at),
                });
            }
            Effect::ToPit => self.tasks.push(Task::MoveTo { to: PIT }),
            Effect::ToBet => self.tasks.push(Task::MoveTo { to: GODS_BET }),
            Effect::ToInitiation => {
                self.tasks.push(Task::Roll { first: false });
                self.tasks.push(Task::MoveTo { to: INITIATION });
            }
            Effect::ChangeSide => {
                self.flip(seat);
                if !self.quiet {
                    text += &format!(": the pawn turns {}", self.active_side(seat).name());
                }
                self.tasks.push(Task::Roll { first: false });
            }
            Effect::Reverse => self.set_flag(seat, |f| f.reverse = true),
            Effect::AddDie => self.set_flag(seat, |f| f.add_die = true),
            Effect::ChangeDie => self.set_flag(seat, |f| f.change_die = true),
            Effect::PickThree => self.set_flag(seat, |f| f.pick_three = true),
            Effect::PlaceAny => {
                if self.hand(seat).is_empty() || self.empty_spaces().is_empty() {
                    text += ", but there is nothing to place";
                } else {
                    self.tasks.push(Task::PlaceAny);
                }
            }
            Effect::RollPlace => {
                self.t.allowance = self.t.allowance.saturating_add(1);
                self.tasks.push(Task::Roll { first: false });
            }
            Effect::Replace => {
                if self.replace_targets().is_empty() {
                    text += ", but no other tile is placed";
                } else {
                    self.tasks.push(Task::Replace);
                }
            }
            Effect::Take => {
                if self.take_targets().is_empty() {
                    text += ", but nobody has a tile";
                } else {
                    self.tasks.push(Task::TakeFrom);
                }
            }
        }
        self.say(text);
    }

    fn set_flag(&mut self, seat: Seat, f: impl FnOnce(&mut super::Flags)) {
        if let Some(p) = self.seats.get_mut(seat) {
            f(&mut p.flags);
        }
    }

    /// After the movement: a tile still owed goes face up on the nearest empty space, not
    /// followed.
    fn end_chain(&mut self) {
        let seat = self.turn;
        if self.t.placed >= self.t.allowance || self.hand(seat).is_empty() {
            return;
        }
        if let Some(at) = self.nearest_empty(self.t.last) {
            self.tasks.push(Task::EndChain);
            self.tasks.push(Task::Place { at, follow: false });
        }
    }

    fn end_turn(&mut self) {
        self.turns_done = self.turns_done.saturating_add(1);
        let total = usize::from(self.rounds) * self.players;
        if usize::from(self.turns_done) >= total {
            self.over = true;
            self.tasks.clear();
            say!(self, "the last round is over");
            return;
        }
        self.tasks.push(Task::Begin { next: true });
        self.tasks.push(Task::Refill { k: 0 });
    }

    fn dungeon_hand(&mut self) {
        let Some(d) = self.dungeon.as_mut() else {
            return;
        };
        let hand = best_hand(&d.dice);
        d.last = Some(hand);
        let faces: Vec<String> = d.dice.iter().map(u8::to_string).collect();
        let faces = faces.join(" ");
        if d.made.contains(&hand) {
            d.ended = Some(false);
            say!(
                self,
                "dungeon dice {faces}: {} again, the challenge fails with nothing",
                hand.name()
            );
        } else {
            d.made.push(hand);
            say!(self, "dungeon dice {faces}: {}", hand.name());
            self.tasks.push(Task::DungeonGo);
        }
    }

    // ---- helpers ----

    pub(crate) fn slot(&self, at: u8) -> Slot {
        self.board
            .get(usize::from(at))
            .copied()
            .unwrap_or(Slot::Empty)
    }

    fn put(&mut self, at: u8, tile: Tile) {
        if let Some(s) = self.board.get_mut(usize::from(at)) {
            *s = Slot::Up(tile);
        }
        self.t.placed = self.t.placed.saturating_add(1);
    }

    fn take_from_hand(&mut self, seat: Seat, tile: Tile) {
        if let Some(p) = self.seats.get_mut(seat)
            && let Some(i) = p.hand.iter().position(|&t| t == tile)
        {
            p.hand.remove(i);
        }
    }

    pub(crate) fn empty_spaces(&self) -> Vec<u8> {
        (0..SPACES).filter(|&at| self.is_empty_space(at)).collect()
    }

    fn is_empty_space(&self, at: u8) -> bool {
        space(at) == Space::Normal && self.slot(at) == Slot::Empty
    }

    pub(crate) fn nearest_empty(&self, from: u8) -> Option<u8> {
        by_distance(from).find(|&at| self.is_empty_space(at))
    }

    pub(crate) fn replace_targets(&self) -> Vec<u8> {
        let here = self.position(self.turn);
        (0..SPACES)
            .filter(|&at| Some(at) != here && self.slot(at) != Slot::Empty)
            .collect()
    }

    pub(crate) fn take_targets(&self) -> Vec<Seat> {
        (0..self.players)
            .filter(|&s| s != self.turn && !self.hand(s).is_empty())
            .collect()
    }

    /// Colours the turn player may bet on: not their own, not one a pending bet names.
    pub(crate) fn bet_choices(&self) -> Vec<Seat> {
        (0..self.players)
            .filter(|&s| s != self.turn && !self.seats.iter().any(|p| p.bet == Some(s)))
            .collect()
    }

    pub(crate) fn active_side(&self, seat: Seat) -> Side {
        self.seats.get(seat).map_or(Side::White, |p| match p.spare {
            Some((_, side)) => side,
            None => p.side,
        })
    }

    fn set_position(&mut self, seat: Seat, at: u8) {
        if let Some(p) = self.seats.get_mut(seat) {
            match p.spare.as_mut() {
                Some(spare) => spare.0 = at,
                None => p.pawn = Some(at),
            }
        }
    }

    fn flip(&mut self, seat: Seat) {
        if let Some(p) = self.seats.get_mut(seat) {
            match p.spare.as_mut() {
                Some(spare) => spare.1 = spare.1.flipped(),
                None => p.side = p.side.flipped(),
            }
        }
    }

    /// A side-dependent gain: clockwise for a white pawn, anticlockwise for a black one.
    fn gain(&mut self, seat: Seat, n: i32) {
        let sign = self.active_side(seat).sign();
        self.tile_ep(seat, n * sign);
    }

    /// Moves the marker `n` spots (a tile's Gain/Lose, whatever the side).
    fn tile_ep(&mut self, seat: Seat, n: i32) {
        self.clock += 1;
        let clock = self.clock;
        if let Some(p) = self.seats.get_mut(seat) {
            // A marker that moves at all arrives on top, even after a whole turn of the circle.
            let ep = turn_ep(p.ep, n);
            if n != 0 {
                p.ep = ep;
                p.stamp = clock;
            }
        }
    }
}

/// A roll's player dice and, on the first roll, the target die (rolled last).
fn split_roll(dice: &[u8], first: bool) -> (&[u8], Option<u8>) {
    match (first, dice.split_last()) {
        (true, Some((&t, rest))) => (rest, Some(t)),
        _ => (dice, None),
    }
}

/// " (Experience)", " (+3)", " (face down)" or "" for an empty space.
fn describe_space(g: &Cocoon, at: u8) -> String {
    match (space(at), g.slot(at)) {
        (Space::Normal, Slot::Up(t)) => format!(" ({})", t.code()),
        (Space::Normal, Slot::Down) => " (face down)".into(),
        (Space::Normal, Slot::Empty) => String::new(),
        (s, _) => format!(" ({})", s.name()),
    }
}

/// Each kind once, in hand order.
fn distinct(hand: &[Tile]) -> Vec<Tile> {
    let mut out: Vec<Tile> = Vec::new();
    for &t in hand {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// Every different way to keep one looked-at tile and order the rest.
fn pick_choices(looking: &[Tile]) -> Vec<Action> {
    let mut out = Vec::new();
    for keep in distinct(looking) {
        let mut rest = looking.to_vec();
        if let Some(i) = rest.iter().position(|&t| t == keep) {
            rest.remove(i);
        }
        let tops = distinct(&rest);
        if tops.len() <= 1 {
            out.push(Action::Pick {
                keep,
                top: tops.first().copied(),
            });
        } else {
            for top in tops {
                out.push(Action::Pick {
                    keep,
                    top: Some(top),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, Viewer, rng};

    /// Chance outcomes no task ever has, to check that the quick test refuses them.
    const NEVER: [Action; 3] = [
        Action::Die { value: 0 },
        Action::Die { value: 7 },
        Action::First { seat: 9 },
    ];

    #[test]
    fn quick_checks_agree_with_the_lists_and_quiet_games_play_the_same() {
        for seed in 0..40u64 {
            let players = 2 + (seed % 4) as usize;
            let mut loud = Cocoon::new(&Options::new(), players).expect("game");
            let mut quiet = loud.clone().quiet();
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            while loud.to_move() != ToMove::Over {
                let mut chances = Vec::new();
                loud.chances(&mut chances);
                let step_only = loud.decider().is_none() && chances == [(Action::Step, 1)];
                assert_eq!(loud.automatic(), step_only);
                let (actor, action) = match loud.to_move() {
                    ToMove::Chance => {
                        for (a, _) in &chances {
                            assert!(loud.chance_possible(a), "{a:?} refused");
                        }
                        let odd = [Action::Step, Action::Draw { tile: Tile::F1 }];
                        for a in NEVER.iter().chain(&odd) {
                            let listed = chances.iter().any(|(c, _)| c == a);
                            assert_eq!(loud.chance_possible(a), listed, "{a:?}");
                        }
                        let w: Vec<u32> = chances.iter().map(|c| c.1).collect();
                        let i = rng::weighted(&mut r, &w).expect("an outcome");
                        (Actor::Chance, chances[i].0)
                    }
                    ToMove::Seats(s) => {
                        let legal = loud.legal_actions(s[0]);
                        let i = rng::below(&mut r, legal.len() as u64) as usize;
                        (Actor::Seat(s[0]), legal[i])
                    }
                    ToMove::Over => break,
                };
                loud.apply(actor, &action).expect("legal");
                quiet.apply(actor, &action).expect("legal when quiet");
                assert_eq!(
                    loud.view(Viewer::Omniscient),
                    quiet.view(Viewer::Omniscient)
                );
                assert!(quiet.last_notes(Viewer::Omniscient).is_empty());
            }
            assert_eq!(loud.outcome(), quiet.outcome());
        }
    }
}

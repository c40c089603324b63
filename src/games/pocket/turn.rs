//! The steps of a turn: flip, match or fail, receive, Great 6, and the end of the game.

use super::run::{Verdict, matches};
use super::tiles::{CELLS, GREAT, KINDS, Kind, cell_name};
use super::view::{Shown, TurnEnd, TurnSummary};
use super::{Action, Pending, Phase, Place, Pocket};
use crate::engine::{Illegal, Seat};

impl Pocket {
    pub(super) fn check_seat(&self, seat: Seat, phase: Phase) -> Result<(), Illegal> {
        if self.phase != phase {
            return match phase {
                Phase::Show => crate::illegal!("no Great 6 show is pending"),
                _ => crate::illegal!("it is not time to flip a tile"),
            };
        }
        if seat != self.turn {
            return crate::illegal!(
                "it is player {}'s turn, not player {}'s",
                self.turn + 1,
                seat.saturating_add(1)
            );
        }
        Ok(())
    }

    pub(super) fn check_face_down(&self, cell: usize) -> Result<(), Illegal> {
        match self.cells.get(cell).map(|t| t.place) {
            None => crate::illegal!("cell {cell} is off the {CELLS}-cell grid"),
            Some(Place::Down) => Ok(()),
            Some(Place::Up) => crate::illegal!("{} is already face up", cell_name(cell)),
            Some(Place::Received) => crate::illegal!("{} is empty", cell_name(cell)),
        }
    }

    /// The player turns `cell` up; a tile nobody has seen waits for chance to decide it.
    pub(super) fn flip(&mut self, cell: usize, tap: bool) {
        match self.cells[cell].kind {
            Some(kind) => self.reveal(cell, kind, tap),
            None => self.phase = Phase::Deal(Pending::Flip { cell, tap }),
        }
    }

    /// After a Great 6: one face-down tile is shown to all, then turned back.
    pub(super) fn show(&mut self, cell: usize) {
        match self.cells[cell].kind {
            Some(kind) => self.shown(cell, kind),
            None => self.phase = Phase::Deal(Pending::Show { cell }),
        }
    }

    pub(super) fn deal(&mut self, pending: Pending, kind: Kind) {
        self.unseen[kind.index()] -= 1;
        match pending {
            Pending::Flip { cell, tap } => {
                self.cells[cell].kind = Some(kind);
                self.reveal(cell, kind, tap);
            }
            Pending::Show { cell } => {
                self.cells[cell].kind = Some(kind);
                self.shown(cell, kind);
            }
        }
    }

    /// The flipped tile is face up: it extends the run or ends the turn.
    fn reveal(&mut self, cell: usize, kind: Kind, tap: bool) {
        let verdict = matches(kind, tap, self.need());
        self.flips.push(Shown {
            cell,
            kind,
            tap,
            matched: verdict == Verdict::Matches,
        });
        match verdict {
            Verdict::Matches => {
                self.cells[cell].place = Place::Up;
                if self.matched() == GREAT {
                    self.great_six();
                } else if self.face_down_count() == 0 {
                    // The run cannot go on, so it ends as if the next flip had missed.
                    self.receive_or_fail();
                } else {
                    self.phase = Phase::Flip;
                }
            }
            // The failing tile is shown, then goes back face down where it lies.
            Verdict::Misses => self.receive_or_fail(),
            Verdict::SpellFails => {
                self.fail();
                self.end_turn(TurnEnd::SpellFailed);
            }
        }
    }

    /// Two or more matched: the player keeps them; fewer: they go back face down.
    fn receive_or_fail(&mut self) {
        if self.matched() >= 2 {
            let tiles = self.receive();
            self.end_turn(TurnEnd::Received { tiles });
        } else {
            self.fail();
            self.end_turn(TurnEnd::Nothing);
        }
    }

    /// The current player takes every matched tile; returns how many.
    fn receive(&mut self) -> usize {
        let run: Vec<(usize, Kind)> = self
            .flips
            .iter()
            .filter(|s| s.matched)
            .map(|s| (s.cell, s.kind))
            .collect();
        for &(cell, kind) in &run {
            self.cells[cell].place = Place::Received;
            self.received[self.turn].push(kind);
        }
        run.len()
    }

    /// Every tile of the run goes back face down where it lies.
    fn fail(&mut self) {
        for s in &self.flips {
            self.cells[s.cell].place = Place::Down;
        }
    }

    fn great_six(&mut self) {
        self.receive();
        if self.face_down_count() == 0 {
            self.end_turn(TurnEnd::GreatSix { shown: None });
        } else {
            self.phase = Phase::Show;
        }
    }

    fn shown(&mut self, cell: usize, kind: Kind) {
        self.end_turn(TurnEnd::GreatSix {
            shown: Some((cell, kind)),
        });
    }

    /// Records the turn, runs the last round's countdown, and passes to the next seat.
    fn end_turn(&mut self, end: TurnEnd) {
        self.fail_leftovers();
        self.last_turn = Some(TurnSummary {
            seat: self.turn,
            flips: std::mem::take(&mut self.flips),
            end,
            began: self.turn_began,
        });
        let mut over = false;
        match self.final_turns {
            Some(n) => {
                let left = n.saturating_sub(1);
                self.final_turns = Some(left);
                over = left == 0;
            }
            None if self.all_cracked_received() => {
                self.final_turns = Some(self.players - 1);
            }
            None => {}
        }
        if over || !self.run_possible() {
            self.phase = Phase::Over;
            return;
        }
        // The action being applied ends this turn; the next one begins the next turn.
        self.turn_began = self.applied + 1;
        self.turn = (self.turn + 1) % self.players;
        self.phase = Phase::Flip;
    }

    /// Nothing stays face up between turns.
    fn fail_leftovers(&mut self) {
        for t in self.cells.iter_mut() {
            if t.place == Place::Up {
                t.place = Place::Down;
            }
        }
    }

    fn all_cracked_received(&self) -> bool {
        let cracked = self
            .received
            .iter()
            .flatten()
            .filter(|k| k.is_cracked())
            .count();
        cracked == usize::from(Kind::Cracked.spec().count)
    }

    /// Whether a turn could still receive tiles: some face-down tile could count as 1 and
    /// another as 2. Known identities and, for unseen tiles, the unseen counts decide.
    fn run_possible(&self) -> bool {
        // The face-down tiles are exactly the known face-down ones plus the unseen ones.
        let mut down = self.unseen;
        for t in &self.cells {
            if let (Place::Down, Some(k)) = (t.place, t.kind) {
                down[k.index()] += 1;
            }
        }
        let count = |pred: fn(Kind) -> bool| -> usize {
            KINDS
                .iter()
                .filter(|&&k| pred(k))
                .map(|k| usize::from(down[k.index()]))
                .sum()
        };
        let ones = count(|k| k.can_be_one());
        // A 2 is a 2-tile, an untapped cracked one, or a tapped 1.
        let ones_or_twos = count(|k| k.spec().value <= 2);
        ones >= 1 && ones_or_twos >= 2
    }

    pub(super) fn describe_action(&self, action: &Action) -> String {
        match *action {
            Action::Start { seat } => format!("{} starts", crate::engine::seat_ref(seat)),
            Action::Flip { cell, tap } => {
                let verb = if tap { "taps and flips" } else { "flips" };
                match self.cells.get(cell).and_then(|t| t.kind) {
                    Some(kind) => format!(
                        "{verb} {}: {}",
                        cell_name(cell),
                        self.verdict_line(action, kind, tap)
                    ),
                    None => format!("{verb} {} (needs {})", cell_name(cell), self.need()),
                }
            }
            Action::Show { cell } => match self.cells.get(cell).and_then(|t| t.kind) {
                Some(kind) => format!("shows {}: {}", cell_name(cell), kind.name()),
                None => format!("shows {}", cell_name(cell)),
            },
            Action::Deal { tile } => match self.phase {
                Phase::Deal(Pending::Flip { tap, .. }) => {
                    format!("the tile is {}", self.verdict_line(action, tile, tap))
                }
                _ => format!("the tile is {}", tile.name()),
            },
        }
    }

    /// "3 biscuits, tapped (needed 4): matches", with what the flip led to.
    fn verdict_line(&self, action: &Action, kind: Kind, tap: bool) -> String {
        let need = self.need();
        let tapped = if tap { ", tapped" } else { "" };
        let head = format!("{}{tapped} (needed {need})", kind.name());
        let mut after = self.clone();
        let applied = match action {
            Action::Deal { .. } => after.apply_chance(action),
            _ => after.apply_seat(action),
        };
        if !applied {
            return head;
        }
        let verdict = matches(kind, tap, need);
        let ended = after.phase != Phase::Flip || after.turn != self.turn;
        let tail = match (verdict, after.phase, &after.last_turn) {
            (Verdict::SpellFails, ..) => "the spell fails, nothing received".to_string(),
            (_, Phase::Show, _) => "Great 6! receives six tiles and shows one more".to_string(),
            (Verdict::Matches, _, _) if !ended => "matches".to_string(),
            (_, _, Some(t)) => match t.end {
                TurnEnd::Received { tiles } if verdict == Verdict::Matches => {
                    format!("matches, no face-down tile left: receives {tiles}")
                }
                TurnEnd::Received { tiles } => format!("no match: receives {tiles} tiles"),
                TurnEnd::GreatSix { .. } => "Great 6! receives six tiles".to_string(),
                _ if verdict == Verdict::Matches => {
                    "matches, no face-down tile left: nothing received".to_string()
                }
                _ => "no match: nothing received".to_string(),
            },
            _ => String::new(),
        };
        let mut line = format!("{head}: {tail}");
        let last_cracked = after.final_turns.is_some() && self.final_turns.is_none();
        match (last_cracked, after.phase == Phase::Over) {
            // Nobody gets another turn when the game ends with it (no face-down tile left).
            (true, true) => line.push_str("; the last cracked tile is taken and the game ends"),
            (true, false) => line
                .push_str("; the last cracked tile is taken: every other player has one more turn"),
            (false, true) => line.push_str("; the game ends"),
            (false, false) => {}
        }
        line
    }

    fn apply_seat(&mut self, action: &Action) -> bool {
        use crate::engine::{Actor, Game};
        self.apply(Actor::Seat(self.turn), action).is_ok()
    }

    fn apply_chance(&mut self, action: &Action) -> bool {
        use crate::engine::{Actor, Game};
        self.apply(Actor::Chance, action).is_ok()
    }
}

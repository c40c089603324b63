//! Computer players for Cocoon World. The "wheel" bot reads only its seat's view: it values
//! each choice by where it leaves its EP marker on the wrapping circle, looking one or two
//! tiles ahead along the board, and plays the dungeon by its odds.
//!
//! Levels (see [`WheelBot::easy`], [`WheelBot::normal`], [`WheelBot::hard`]):
//! - easy counts EP like normal but often takes a merely good choice for the best one;
//! - normal counts EP: a marker moved from 9 to 1 has lost 8 (the wrap is seen, the rivals
//!   are not);
//! - hard plays for the win: a choice is worth what it does to the chance of finishing
//!   first, against every rival's EP and side, with the tie-breaks (white beats black, then
//!   the marker on top of the stack) and the rounds left. Early on that is about the same as
//!   counting EP; near the end a step that passes a rival, or that keeps a tie won, counts
//!   far more than one that changes nothing in the order.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Bot, Seat, rng};
use crate::games::cocoon::board::{backward, forward, next_experience, turn_ep};
use crate::games::cocoon::dungeon::{HAND_WAYS, HANDS};
use crate::games::cocoon::{
    Action, Cocoon, Effect, GODS_BET, INITIATION, PIT, Prompt, START, Side, Space, Square, Tile,
    View, space,
};

pub const KINDS: &[(&str, &str)] = &[
    (
        "wheel",
        "weighs every tile by where it leaves its EP marker; plays the dungeon by the odds",
    ),
    ("random", "any legal move"),
];

// What a kind string at a level means: `crate::bots::kinds::cocoon`.

pub struct WheelBot {
    rng: ChaCha8Rng,
    /// Values EP by the chance of winning instead of by count.
    win_aware: bool,
    /// Random spread added to each choice's value, in EP.
    noise: f64,
}

impl WheelBot {
    /// The wheel of a plain `"wheel"` kind: [`WheelBot::normal`].
    pub fn new(seed: u64) -> Self {
        WheelBot::normal(seed)
    }

    /// Counts EP, and often settles for a good choice over the best one.
    pub fn easy(seed: u64) -> Self {
        WheelBot::with(seed, false, 0.8)
    }

    /// Counts EP on the wrapping circle: cheap, a playout policy for the search player.
    pub fn normal(seed: u64) -> Self {
        WheelBot::with(seed, false, 0.001)
    }

    /// Plays for the win: rivals' EP and sides, the tie-breaks and the rounds left.
    pub fn hard(seed: u64) -> Self {
        WheelBot::with(seed, true, 0.001)
    }

    fn with(seed: u64, win_aware: bool, noise: f64) -> Self {
        WheelBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            win_aware,
            noise,
        }
    }
}

/// Worth of another roll of the dice, in EP: it usually lands somewhere useful.
const ROLL: f64 = 0.35;
/// Worth of a "next turn" advantage.
const FLAG: f64 = 0.2;

struct Eval<'a> {
    v: &'a View,
    me: Seat,
    win_aware: bool,
}

impl Eval<'_> {
    fn ep(&self) -> u8 {
        self.v.players.get(self.me).map_or(0, |p| p.ep)
    }

    fn side(&self) -> Side {
        self.v
            .players
            .get(self.me)
            .and_then(|p| p.in_play())
            .map_or(Side::White, |(_, s)| s)
    }

    fn pos(&self) -> u8 {
        self.v
            .players
            .get(self.me)
            .and_then(|p| p.in_play())
            .map_or(self.v.last_space, |(at, _)| at)
    }

    /// The value of the marker moving `n` spots (negative = anticlockwise).
    fn ep_change(&self, n: i32) -> f64 {
        let ep = self.ep();
        if self.win_aware {
            let side = self.side();
            return self.standing(turn_ep(ep, n), side, n != 0) - self.standing(ep, side, false);
        }
        f64::from(turn_ep(ep, n)) - f64::from(ep)
    }

    /// Rounds still to play, this one included.
    fn rounds_left(&self) -> f64 {
        f64::from(self.v.rounds.saturating_sub(self.v.round)) + 1.0
    }

    /// How the bot stands with its marker on `ep` and its pawn on `side`, in EP: the chance of
    /// ending ahead of every rival, scaled so that early in the game one EP is worth about
    /// one. Each rival is passed with a chance that grows with the margin, and the margin
    /// counts the tie-breaks: white beats black, and a marker that has just arrived sits on
    /// top of the stack. The fewer rounds are left, the less a margin can still change.
    fn standing(&self, ep: u8, side: Side, arrived: bool) -> f64 {
        let spread = 0.8 + 0.9 * self.rounds_left();
        let white = |s: Side| if s == Side::White { 1.0 } else { 0.0 };
        let mut chance = 1.0;
        for (seat, p) in self.v.players.iter().enumerate() {
            if seat == self.me {
                continue;
            }
            let mut margin = f64::from(ep) - f64::from(p.ep);
            margin += 0.45 * (white(side) - white(p.side));
            if ep == p.ep && side == p.side {
                let on_top = arrived || self.v.players[self.me].stamp > p.stamp;
                margin += if on_top { 0.2 } else { -0.2 };
            }
            chance *= 1.0 / (1.0 + (-margin / spread).exp());
        }
        4.0 * spread * chance
    }

    /// A side-dependent gain of `n`.
    fn gain(&self, n: i32) -> f64 {
        self.ep_change(n * self.side().sign())
    }

    /// Turning over: white gains move up, and white wins ties.
    fn flip(&self) -> f64 {
        let drift = match self.side() {
            Side::White => -1.2,
            Side::Black => 1.2,
        };
        if !self.win_aware {
            return drift;
        }
        // The direction of later gains matters less as the end nears; the tie-break more.
        let ep = self.ep();
        let side = self.side();
        let later = (self.rounds_left() / 3.0).min(1.0);
        drift * later + self.standing(ep, side.flipped(), false) - self.standing(ep, side, false)
    }

    fn hand(&self) -> &[Tile] {
        self.v
            .hands
            .get(self.me)
            .and_then(|h| h.as_deref())
            .unwrap_or_default()
    }

    /// Another seat's pawn in play stands on `at` (Start holds any number).
    fn occupied(&self, at: u8) -> bool {
        at != START
            && (self.v.players.iter().enumerate())
                .any(|(s, p)| s != self.me && p.in_play().is_some_and(|(p, _)| p == at))
    }

    /// Expected EP of one dungeon roll and then stopping, with `made` already made.
    fn dungeon_ev(&self, made: &[crate::games::cocoon::Hand], banked: u8) -> f64 {
        let mut ev = 0.0;
        for (i, h) in HANDS.iter().enumerate() {
            let p = f64::from(HAND_WAYS[i]) / 1296.0;
            if made.contains(h) {
                ev += p * 0.0;
            } else {
                let worth = match h.ep() {
                    Some(e) => self.gain(i32::from(banked + e)),
                    None => (0..=10)
                        .map(|k| self.gain(i32::from(banked) + k))
                        .fold(0.0, f64::max),
                };
                ev += p * worth;
            }
        }
        ev
    }

    /// What stopping on `at` is worth to this bot.
    fn stop(&self, at: u8, depth: u8) -> f64 {
        if self.occupied(at) {
            return if depth > 2 {
                0.0
            } else {
                self.stop(backward(at, 1), depth + 1)
            };
        }
        match space(at) {
            Space::Start | Space::Experience => self.gain(1),
            Space::Initiation => self.flip(),
            Space::Pit => self.dungeon_ev(&[], 0).max(0.0),
            Space::GodsBet => 0.1,
            Space::Normal => match self.v.board.get(usize::from(at)) {
                Some(Square::Up(t)) if depth <= 2 => self.follow(*t, at, depth + 1),
                Some(Square::FaceDown) => 0.1,
                Some(Square::Empty) if self.v.placed < self.v.allowance => self
                    .hand()
                    .iter()
                    .map(|&t| self.follow(t, at, depth + 1))
                    .fold(0.0, f64::max),
                _ => 0.0,
            },
        }
    }

    /// What following `tile` from `at` is worth.
    fn follow(&self, tile: Tile, at: u8, depth: u8) -> f64 {
        let deeper = |to: u8| {
            if depth > 2 { 0.0 } else { self.stop(to, depth) }
        };
        match tile.effect() {
            Effect::Forward(n) => deeper(forward(at, n)) + 0.02 * f64::from(n),
            Effect::Backward(n) => deeper(backward(at, n)),
            Effect::Roll => ROLL,
            Effect::EpRoll(n) => self.ep_change(i32::from(n)) + ROLL,
            Effect::Ep(n) => self.ep_change(i32::from(n)),
            Effect::ToStart { roll } => deeper(START) + if roll { ROLL } else { 0.0 },
            Effect::ToExp { roll } => deeper(next_experience(at)) + if roll { ROLL } else { 0.0 },
            Effect::ToPit => deeper(PIT),
            Effect::ToBet => deeper(GODS_BET),
            Effect::ToInitiation => deeper(INITIATION) + ROLL,
            Effect::ChangeSide => self.flip() + ROLL,
            Effect::Reverse => 0.0,
            Effect::AddDie | Effect::ChangeDie | Effect::PickThree => FLAG,
            Effect::PlaceAny | Effect::Replace | Effect::Take => 0.3,
            Effect::RollPlace => ROLL + 0.1,
        }
    }

    /// How good a tile is to keep in hand (to follow oneself later), apart from any board.
    fn keep_worth(tile: Tile) -> f64 {
        match tile.effect() {
            Effect::EpRoll(n) | Effect::Ep(n) => f64::from(n),
            Effect::Roll | Effect::RollPlace => 0.5,
            Effect::ToExp { .. } | Effect::ToStart { .. } => 0.7,
            Effect::Forward(n) => 0.1 * f64::from(n),
            Effect::Backward(n) => -0.1 * f64::from(n),
            _ => 0.2,
        }
    }

    /// The opponent whose pawn is most likely to reach Start first.
    fn nearest_to_start(&self, choices: &[Seat]) -> Option<Seat> {
        choices.iter().copied().max_by_key(|&s| {
            self.v
                .players
                .get(s)
                .and_then(|p| p.in_play())
                .map_or(0, |(at, _)| if at == START { 1 } else { at })
        })
    }

    /// A space a few steps ahead of the leading opponent, for a tile meant to hurt.
    fn trap_space(&self, empties: &[u8]) -> Option<u8> {
        let leader = (0..self.v.players.len())
            .filter(|&s| s != self.me)
            .max_by_key(|&s| self.v.players[s].ep)?;
        let from = self.v.players[leader].in_play().map_or(START, |(at, _)| at);
        let want = forward(from, 7);
        empties.iter().copied().min_by_key(|&at| {
            crate::games::cocoon::board::distance(want, at)
                .min(crate::games::cocoon::board::distance(at, want))
        })
    }

    fn score(&self, a: &Action) -> f64 {
        let here = self.pos();
        match *a {
            Action::Place { tile } => match self.v.prompt {
                Prompt::Place { at, follow: true } => self.follow(tile, at, 0),
                _ => -Self::keep_worth(tile),
            },
            Action::PlaceAt { tile, .. } => -Self::keep_worth(tile),
            Action::Replace { at } => match self.v.board.get(usize::from(at)) {
                Some(Square::Up(t)) => self.follow(*t, here, 0),
                _ => 0.0,
            },
            Action::TakeFrom { seat } => f64::from(self.v.players[seat].ep) / 10.0,
            Action::Take { tile } => Self::keep_worth(tile),
            Action::SwapTaken => match self.v.taken {
                Some(t) => self.follow(t, here, 0),
                None => 0.0,
            },
            Action::PutTaken { .. } => 0.25,
            Action::Dungeon { enter: true } => self.dungeon_ev(&[], 0),
            Action::Dungeon { enter: false } => 0.0,
            Action::Delve => match &self.v.dungeon {
                Some(d) => {
                    let banked: u8 = d.made.iter().map(|h| h.ep().unwrap_or(0)).sum();
                    self.dungeon_ev(&d.made, banked)
                }
                None => 0.0,
            },
            Action::Stop { pick } => match &self.v.dungeon {
                Some(d) => {
                    let banked: u32 = d
                        .made
                        .iter()
                        .map(|h| u32::from(h.ep().unwrap_or(pick)))
                        .sum();
                    self.gain(banked as i32)
                }
                None => 0.0,
            },
            Action::ChangeDie { die, to } => self.roll_worth(Some((die, to))),
            Action::KeepDice => self.roll_worth(None) + 0.01,
            Action::Pick { keep, .. } => Self::keep_worth(keep),
            _ => 0.0,
        }
    }

    /// The worth of the pending first roll, with one die changed.
    fn roll_worth(&self, change: Option<(u8, u8)>) -> f64 {
        let mut dice = self.v.rolling.clone();
        if let Some((i, to)) = change
            && let Some(d) = dice.get_mut(usize::from(i))
        {
            *d = to;
        }
        let Some((&target, player)) = dice.split_last() else {
            return 0.0;
        };
        let matches = player.iter().filter(|&&d| d == target).count() as i32;
        let mut worth = if matches > 0 {
            self.gain(matches)
        } else if player.iter().all(|&d| d < target) {
            self.flip()
        } else {
            0.0
        };
        let steps: u8 = player.iter().sum();
        let reverse = self.v.players[self.me].flags.reverse;
        let doublet = player
            .iter()
            .enumerate()
            .any(|(i, d)| player[i + 1..].contains(d));
        let to = if reverse {
            backward(self.pos(), steps)
        } else {
            forward(self.pos(), steps)
        };
        worth += if doublet { ROLL } else { self.stop(to, 0) };
        worth
    }
}

impl Bot<Cocoon> for WheelBot {
    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let e = Eval {
            v: view,
            me: seat,
            win_aware: self.win_aware,
        };
        // Spatial choices the score cannot tell apart.
        if let Some(Action::PlaceAt { .. }) = legal.first() {
            let hand = e.hand();
            let tile = hand
                .iter()
                .copied()
                .min_by(|a, b| Eval::keep_worth(*a).total_cmp(&Eval::keep_worth(*b)));
            let empties: Vec<u8> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::PlaceAt { at, .. } => Some(*at),
                    _ => None,
                })
                .collect();
            if let (Some(tile), Some(at)) = (tile, e.trap_space(&empties)) {
                let a = Action::PlaceAt { tile, at };
                if legal.contains(&a) {
                    return a;
                }
            }
        }
        if let Some(Action::Bet { .. }) = legal.first() {
            let choices: Vec<Seat> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Bet { on } => Some(*on),
                    _ => None,
                })
                .collect();
            if let Some(on) = e.nearest_to_start(&choices) {
                return Action::Bet { on };
            }
        }
        let mut best: Option<(f64, &Action)> = None;
        for a in legal {
            // A little seeded noise keeps equal choices from always going the same way.
            let noise = rng::below(&mut self.rng, 1000) as f64 * self.noise / 1000.0;
            let s = e.score(a) + noise;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, a));
            }
        }
        best.map(|(_, a)| *a)
            .or_else(|| legal.first().copied())
            .unwrap_or(Action::KeepDice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Options, Viewer};
    use crate::games::cocoon::{DungeonView, Hand};

    /// The last round of a 2-player game: this bot (seat 0, white, on the pit) has made a
    /// Kobold in the dungeon (1 EP banked) with its marker on 6; the rival, white too, is on 7
    /// with its marker already there.
    fn last_round_in_the_dungeon() -> View {
        let g = Cocoon::new(&Options::new(), 2).unwrap();
        let mut v = g.view(Viewer::Seat(0));
        v.round = v.rounds;
        for (seat, ep) in [(0, 6), (1, 7)] {
            let p = &mut v.players[seat];
            p.ep = ep;
            p.side = Side::White;
            p.pawn = Some(PIT);
            p.spare = None;
            p.stamp = seat as u32;
        }
        v.dungeon = Some(DungeonView {
            made: vec![Hand::Kobold],
            dice: vec![1, 1, 2, 3],
            last: Some(Hand::Kobold),
            ended: None,
            gained: 0,
        });
        v
    }

    #[test]
    fn hard_stops_on_the_tie_it_wins_where_counting_ep_rolls_on() {
        // Rolling on is worth 1.12 EP on average against 1 for stopping, so an EP counter
        // rolls. But stopping puts the marker on 7, on top of the rival's: a won tie, while
        // rolling on fails (another pair) more than half the time and loses the game.
        let v = last_round_in_the_dungeon();
        let legal = [Action::Delve, Action::Stop { pick: 0 }];
        assert_eq!(WheelBot::normal(1).choose(0, &v, &legal), Action::Delve);
        assert_eq!(
            WheelBot::hard(1).choose(0, &v, &legal),
            Action::Stop { pick: 0 }
        );
    }
}

//! The pyramid ("tower"): seven rows of fixed slots, 7 at the bottom and 1 at the top, and the
//! ordering rules a placement must keep.
//!
//! Face-down cards stand for an unknown integer. A layout is consistent when some integer for
//! every face-down card satisfies every comparison at once; comparisons between two face-up
//! cards are strict, any comparison with a face-down card may be equal. Every comparison points
//! from a slot to one further right in the pyramid, so one pass in left-to-right order that
//! pushes each face-down card's lowest possible value forward decides it exactly.

use super::cards::{Card, FINISH, KEYSTONE, mark};
use crate::engine::Seat;

/// Rows, counted from the bottom (row 0) to the top (row 6).
pub const ROWS: usize = 7;
/// Slots in all: 7 + 6 + ... + 1.
pub const SLOTS: usize = 28;
/// The top slot.
pub const TOP: usize = SLOTS - 1;
/// Where the 25 starts: the middle of the bottom row.
pub const KEYSTONE_SLOT: usize = 3;

/// The first slot index of each row.
pub const ROW_START: [usize; ROWS] = [0, 7, 13, 18, 22, 25, 27];

/// Slots in row `row`.
pub const fn row_len(row: usize) -> usize {
    ROWS - row
}

/// The slot index of `(row, col)`, if it exists.
pub fn slot_at(row: usize, col: usize) -> Option<usize> {
    (row < ROWS && col < row_len(row)).then(|| ROW_START[row] + col)
}

/// The `(row, col)` of a slot index (`slot < SLOTS`).
pub fn row_col(slot: usize) -> (usize, usize) {
    let row = ROW_START.iter().rposition(|&s| s <= slot).unwrap_or(0);
    (row, slot - ROW_START[row])
}

/// "row 1, slot 4" (counted from 1 for players).
pub fn slot_name(slot: usize) -> String {
    if slot >= SLOTS {
        return format!("slot {slot}");
    }
    let (r, c) = row_col(slot);
    if slot == TOP {
        return "the top".into();
    }
    format!("row {}, slot {}", r + 1, c + 1)
}

/// The two slots a slot above the bottom row rests on.
pub fn supports(slot: usize) -> Option<(usize, usize)> {
    let (r, c) = row_col(slot);
    if r == 0 {
        return None;
    }
    Some((ROW_START[r - 1] + c, ROW_START[r - 1] + c + 1))
}

/// What lies in a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Empty,
    /// A card face up (the finish card is always face up).
    Up(Card),
    /// A glass card face down, with the seat that placed it (the only one who knows it).
    Down {
        card: Card,
        by: Seat,
    },
}

impl Slot {
    pub fn is_empty(self) -> bool {
        self == Slot::Empty
    }
}

/// One slot as the consistency check sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Empty,
    Known(i32),
    /// Face down: any integer.
    Unknown,
    /// The finish card: no number, no comparison.
    Free,
}

/// Every comparison "left < right" the pyramid may hold, as (lower, higher) slot pairs, ordered
/// so that each pair's lower slot is settled before it is read (by the higher slot's position
/// from the left: slot (r, c) sits at 2c + r half-steps).
const EDGES: [(u8, u8); 48] = edges();

const fn edges() -> [(u8, u8); 48] {
    let mut out = [(0u8, 0u8); 48];
    let mut n = 0;
    // Half-step positions run from 0 to 12; emit every edge whose higher end sits at `x`.
    let mut x = 0;
    while x <= 12 {
        let mut slot = 0;
        while slot < SLOTS {
            let mut r = 0;
            while r + 1 < ROWS && ROW_START[r + 1] <= slot {
                r += 1;
            }
            let c = slot - ROW_START[r];
            // Bottom row: the left neighbour is lower.
            if r == 0 && c > 0 && 2 * c == x {
                out[n] = ((slot - 1) as u8, slot as u8);
                n += 1;
            }
            if r > 0 {
                let left = ROW_START[r - 1] + c;
                let right = left + 1;
                // The card is above its left support ...
                if 2 * c + r == x {
                    out[n] = (left as u8, slot as u8);
                    n += 1;
                }
                // ... and below its right support.
                if 2 * (c + 1) + (r - 1) == x {
                    out[n] = (slot as u8, right as u8);
                    n += 1;
                }
            }
            slot += 1;
        }
        x += 1;
    }
    out
}

/// Per slot, the numbers a card may take there as far as the order goes, with whatever lies
/// in the slot taken out: a whole turn's placements checked for the price of three passes
/// over the comparisons instead of one pass each. Exact when the pyramid keeps the order
/// (as every pyramid in play does); otherwise the checks fall back to a full pass.
#[derive(Clone, Copy, Debug)]
pub struct Windows {
    consistent: bool,
    /// Lowest and highest number a face-up card may be (both included).
    up: [(i32, i32); SLOTS],
    /// The same for a face-down card's unknown number: the slot takes one when lowest <= highest.
    down: [(i32, i32); SLOTS],
}

/// The pyramid's slots, with the rules of placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pyramid {
    pub slots: [Slot; SLOTS],
    /// Standard mode: the top slot takes only the finish card, which has no number.
    pub finish_on_top: bool,
}

impl Pyramid {
    /// The starting pyramid: 25 face up in the middle of the bottom row.
    pub fn new(finish_on_top: bool) -> Self {
        let mut slots = [Slot::Empty; SLOTS];
        slots[KEYSTONE_SLOT] = Slot::Up(KEYSTONE);
        Pyramid {
            slots,
            finish_on_top,
        }
    }

    pub fn get(&self, slot: usize) -> Slot {
        self.slots.get(slot).copied().unwrap_or(Slot::Empty)
    }

    pub fn filled(&self, slot: usize) -> bool {
        !self.get(slot).is_empty()
    }

    /// Whether an empty `slot` has the neighbours a new card needs: a placed neighbour in the
    /// bottom row, or both supports above it.
    pub fn has_footing(&self, slot: usize) -> bool {
        if slot >= SLOTS || self.filled(slot) {
            return false;
        }
        match supports(slot) {
            Some((l, r)) => self.filled(l) && self.filled(r),
            None => {
                let (_, c) = row_col(slot);
                (c > 0 && self.filled(slot - 1)) || (c + 1 < row_len(0) && self.filled(slot + 1))
            }
        }
    }

    /// Whether `card` (face up) may go in the empty `slot`.
    pub fn can_place_up(&self, card: Card, slot: usize) -> bool {
        self.has_footing(slot)
            && self.fits(card, slot)
            && self.with(slot, Slot::Up(card)).consistent()
    }

    /// Whether a face-down card may go in the empty `slot` (its number plays no part).
    pub fn can_place_down(&self, slot: usize) -> bool {
        self.has_footing(slot)
            && !(self.finish_on_top && slot == TOP)
            && self.with(slot, Slot::Down { card: 0, by: 0 }).consistent()
    }

    /// Whether `card`, face up, may take the place of the card in the filled `slot`.
    pub fn can_replace(&self, card: Card, slot: usize) -> bool {
        slot < SLOTS
            && self.filled(slot)
            && self.get(slot) != Slot::Up(FINISH)
            && self.fits(card, slot)
            && self.with(slot, Slot::Up(card)).consistent()
    }

    /// The finish card goes only on top, and only in standard mode; glass cards never go on a
    /// top reserved for the finish card.
    fn fits(&self, card: Card, slot: usize) -> bool {
        if card == FINISH {
            self.finish_on_top && slot == TOP
        } else {
            !(self.finish_on_top && slot == TOP)
        }
    }

    /// A copy with `slot` set to `s`.
    pub fn with(&self, slot: usize, s: Slot) -> Pyramid {
        let mut p = *self;
        if let Some(x) = p.slots.get_mut(slot) {
            *x = s;
        }
        p
    }

    fn val(&self, slot: usize) -> Val {
        match self.get(slot) {
            Slot::Empty => Val::Empty,
            Slot::Up(FINISH) => Val::Free,
            Slot::Up(n) => Val::Known(i32::from(n)),
            Slot::Down { .. } => Val::Unknown,
        }
    }

    /// Whether some integer for every face-down card satisfies every comparison.
    pub fn consistent(&self) -> bool {
        self.conflict().is_none()
    }

    fn vals(&self) -> [Val; SLOTS] {
        std::array::from_fn(|i| self.val(i))
    }

    /// The first comparison no assignment can satisfy, as (lower slot, higher slot).
    pub fn conflict(&self) -> Option<(usize, usize)> {
        // The least value each face-down card can take given what lies to its left.
        let mut low = [i32::MIN; SLOTS];
        let val = self.vals();
        for &(a, b) in EDGES.iter() {
            let (a, b) = (usize::from(a), usize::from(b));
            let lower = match val[a] {
                Val::Known(n) => n,
                Val::Unknown => low[a],
                Val::Empty | Val::Free => continue,
            };
            match val[b] {
                Val::Known(n) => {
                    let strict = matches!(val[a], Val::Known(_));
                    if (strict && lower >= n) || (!strict && lower > n) {
                        return Some((a, b));
                    }
                }
                Val::Unknown => low[b] = low[b].max(lower),
                Val::Empty | Val::Free => {}
            }
        }
        None
    }

    /// What the order leaves every slot, worked out in two passes for the many placements a
    /// turn weighs (see [`Windows`]).
    pub fn windows(&self) -> Windows {
        let val = self.vals();
        let mut w = Windows {
            consistent: true,
            up: [(i32::MIN, i32::MAX); SLOTS],
            down: [(i32::MIN, i32::MAX); SLOTS],
        };
        // The least value each face-down card can take given what lies to its left, and the
        // greatest given what lies to its right.
        let mut low = [i32::MIN; SLOTS];
        let mut high = [i32::MAX; SLOTS];
        for &(a, b) in EDGES.iter() {
            let (a, b) = (usize::from(a), usize::from(b));
            let lower = match val[a] {
                Val::Known(n) => n,
                Val::Unknown => low[a],
                Val::Empty | Val::Free => continue,
            };
            match val[b] {
                Val::Known(n) => {
                    let strict = matches!(val[a], Val::Known(_));
                    if (strict && lower >= n) || (!strict && lower > n) {
                        w.consistent = false;
                        return w;
                    }
                }
                Val::Unknown => low[b] = low[b].max(lower),
                Val::Empty | Val::Free => {}
            }
        }
        for &(a, b) in EDGES.iter().rev() {
            let (a, b) = (usize::from(a), usize::from(b));
            if val[a] == Val::Unknown {
                match val[b] {
                    Val::Known(n) => high[a] = high[a].min(n),
                    Val::Unknown => high[a] = high[a].min(high[b]),
                    Val::Empty | Val::Free => {}
                }
            }
        }
        // Edges only point right, so neither a slot's lower neighbours' least values nor its
        // higher neighbours' greatest values depend on what lies in the slot itself.
        for &(a, b) in EDGES.iter() {
            let (a, b) = (usize::from(a), usize::from(b));
            if val[b] != Val::Free {
                match val[a] {
                    Val::Known(n) => {
                        w.up[b].0 = w.up[b].0.max(n.saturating_add(1));
                        w.down[b].0 = w.down[b].0.max(n);
                    }
                    Val::Unknown => {
                        w.up[b].0 = w.up[b].0.max(low[a]);
                        w.down[b].0 = w.down[b].0.max(low[a]);
                    }
                    Val::Empty | Val::Free => {}
                }
            }
            if val[a] != Val::Free {
                match val[b] {
                    Val::Known(n) => {
                        w.up[a].1 = w.up[a].1.min(n.saturating_sub(1));
                        w.down[a].1 = w.down[a].1.min(n);
                    }
                    Val::Unknown => {
                        w.up[a].1 = w.up[a].1.min(high[b]);
                        w.down[a].1 = w.down[a].1.min(high[b]);
                    }
                    Val::Empty | Val::Free => {}
                }
            }
        }
        w
    }

    /// Whether `card` face up in `slot`, in place of whatever lies there, keeps the order:
    /// `self.with(slot, Slot::Up(card)).consistent()`, read from `w` (this pyramid's
    /// [`Pyramid::windows`]).
    pub fn keeps_order(&self, w: &Windows, card: Card, slot: usize) -> bool {
        if !w.consistent || slot >= SLOTS {
            return self.with(slot, Slot::Up(card)).consistent();
        }
        if card == FINISH {
            return true;
        }
        let (lo, hi) = w.up[slot];
        lo <= i32::from(card) && i32::from(card) <= hi
    }

    /// [`Pyramid::can_place_up`] read from `w` (this pyramid's [`Pyramid::windows`]).
    pub fn can_place_up_in(&self, w: &Windows, card: Card, slot: usize) -> bool {
        self.has_footing(slot) && self.fits(card, slot) && self.keeps_order(w, card, slot)
    }

    /// [`Pyramid::can_place_down`] read from `w` (this pyramid's [`Pyramid::windows`]).
    pub fn can_place_down_in(&self, w: &Windows, slot: usize) -> bool {
        if !(self.has_footing(slot) && !(self.finish_on_top && slot == TOP)) {
            return false;
        }
        if !w.consistent {
            return self.with(slot, Slot::Down { card: 0, by: 0 }).consistent();
        }
        let (lo, hi) = w.down[slot];
        lo <= hi
    }

    /// [`Pyramid::can_replace`] read from `w` (this pyramid's [`Pyramid::windows`]).
    pub fn can_replace_in(&self, w: &Windows, card: Card, slot: usize) -> bool {
        slot < SLOTS
            && self.filled(slot)
            && self.get(slot) != Slot::Up(FINISH)
            && self.fits(card, slot)
            && self.keeps_order(w, card, slot)
    }

    /// How many cards the next player may draw after a face-up `card` went to `slot`: its mark's
    /// count, and for a ♡ the ◇ on the two face-up cards below it (none in the bottom row).
    pub fn draw_allowance(&self, card: Card, slot: usize) -> u8 {
        match mark(card) {
            None => 0,
            Some(super::cards::Mark::Heart) => match supports(slot) {
                None => 0,
                Some((l, r)) => [l, r]
                    .iter()
                    .map(|&s| match self.get(s) {
                        Slot::Up(c) => mark(c).map_or(0, |m| m.diamonds()),
                        _ => 0,
                    })
                    .sum(),
            },
            Some(m) => m.diamonds(),
        }
    }

    /// Every slot filled and every card face up.
    pub fn complete(&self) -> bool {
        self.slots.iter().all(|s| matches!(s, Slot::Up(_)))
    }

    pub fn face_up(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Up(_)))
            .count()
    }

    pub fn face_down(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Down { .. }))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng;

    /// A pyramid grown by placements the full check allows (face up and face down, glass and
    /// finish cards), then sometimes spoiled by a card dropped anywhere, so that both the
    /// windows and their fallback are read.
    fn grown(seed: u64) -> Pyramid {
        let mut r = rng::stream(seed, 11);
        let mut p = Pyramid::new(!seed.is_multiple_of(3));
        for _ in 0..rng::below(&mut r, 40) {
            let slot = rng::below(&mut r, SLOTS as u64) as usize;
            let card = 1 + rng::below(&mut r, 50) as Card;
            match rng::below(&mut r, 4) {
                0 if p.can_place_down(slot) => p.slots[slot] = Slot::Down { card, by: 0 },
                1 if p.can_place_up(FINISH, slot) => p.slots[slot] = Slot::Up(FINISH),
                _ if p.can_place_up(card, slot) => p.slots[slot] = Slot::Up(card),
                _ => {}
            }
        }
        if seed.is_multiple_of(5) {
            let slot = rng::below(&mut r, SLOTS as u64) as usize;
            p.slots[slot] = Slot::Up(1 + rng::below(&mut r, 50) as Card);
        }
        p
    }

    /// The windows answer every placement exactly as the full check does.
    #[test]
    fn windows_agree_with_the_full_check() {
        let mut consistent = 0;
        for seed in 0..400u64 {
            let p = grown(seed);
            let w = p.windows();
            consistent += usize::from(p.consistent());
            for slot in 0..SLOTS {
                assert_eq!(
                    p.can_place_down_in(&w, slot),
                    p.can_place_down(slot),
                    "seed {seed} slot {slot} face down"
                );
                for card in (1..=50).chain([FINISH]) {
                    let full = p.with(slot, Slot::Up(card)).consistent();
                    assert_eq!(
                        p.keeps_order(&w, card, slot),
                        full,
                        "seed {seed} {card}@{slot}"
                    );
                    assert_eq!(
                        p.can_place_up_in(&w, card, slot),
                        p.can_place_up(card, slot)
                    );
                    assert_eq!(p.can_replace_in(&w, card, slot), p.can_replace(card, slot));
                }
            }
        }
        assert!((200..400).contains(&consistent), "{consistent} consistent");
    }

    #[test]
    fn geometry() {
        assert_eq!(row_col(0), (0, 0));
        assert_eq!(row_col(6), (0, 6));
        assert_eq!(row_col(7), (1, 0));
        assert_eq!(row_col(TOP), (6, 0));
        assert_eq!(supports(7), Some((0, 1)));
        assert_eq!(supports(TOP), Some((25, 26)));
        for s in 0..SLOTS {
            let (r, c) = row_col(s);
            assert_eq!(slot_at(r, c), Some(s));
        }
        // Every edge is emitted once, and its lower end is never the higher end of a later one.
        let mut seen = Vec::new();
        for (i, &(a, b)) in EDGES.iter().enumerate() {
            assert!(!seen.contains(&(a, b)));
            seen.push((a, b));
            assert!(EDGES[i..].iter().all(|&(_, hb)| hb != a), "edge {a}->{b}");
        }
    }
}

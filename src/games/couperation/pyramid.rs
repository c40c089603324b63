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

    /// The first comparison no assignment can satisfy, as (lower slot, higher slot).
    pub fn conflict(&self) -> Option<(usize, usize)> {
        // The least value each face-down card can take given what lies to its left.
        let mut low = [i32::MIN; SLOTS];
        for &(a, b) in EDGES.iter() {
            let (a, b) = (usize::from(a), usize::from(b));
            let lower = match self.val(a) {
                Val::Known(n) => n,
                Val::Unknown => low[a],
                Val::Empty | Val::Free => continue,
            };
            match self.val(b) {
                Val::Known(n) => {
                    let strict = matches!(self.val(a), Val::Known(_));
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

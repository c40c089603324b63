//! The cards: fifty numbered glass cards and one finish card. The rulebook's pictures of the
//! marks are lost; the mark table follows the rulings.

/// A card is its number, 1 to 50; the finish card, which has no number, is 0.
pub type Card = u8;

/// The finish card. It has no number: it never takes part in a comparison.
pub const FINISH: Card = 0;
pub const LOWEST: Card = 1;
pub const HIGHEST: Card = 50;
/// The card the pyramid grows from, in the middle of the bottom row.
pub const KEYSTONE: Card = 25;
/// Taken out before the deal: 1 and 50 seed the reserve, 25 seeds the pyramid.
pub const SET_ASIDE: [Card; 3] = [LOWEST, KEYSTONE, HIGHEST];
/// Cards dealt to each player at the start.
pub const HAND_START: usize = 3;
/// A hand holds at most this many glass cards after the tidy-up (the finish card not counted).
pub const HAND_LIMIT: usize = 3;
/// A face-down placement lets the next player draw until they hold this many.
pub const FACE_DOWN_REFILL: usize = 2;

/// The reserve's size at setup, which is also its limit for the game, by player count 2, 3, 4.
pub const RESERVE_SIZE: [usize; 3] = [6, 5, 4];

/// The reserve limit for `players` (2 to 4; others get the nearest).
pub fn reserve_limit(players: usize) -> usize {
    RESERVE_SIZE[players.clamp(2, 4) - 2]
}

/// The mark printed on a glass card: how many cards the next player may draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// ◇: up to 1.
    Diamond,
    /// ◇◇: up to 2.
    TwoDiamonds,
    /// ♡: up to the ◇ on the two cards directly below.
    Heart,
}

/// The ♡ cards.
pub const HEARTS: [Card; 10] = [2, 7, 12, 17, 22, 27, 32, 37, 42, 47];
/// The ◇◇ cards.
pub const TWO_DIAMONDS: [Card; 12] = [1, 50, 4, 9, 14, 19, 24, 29, 34, 39, 44, 49];

/// The mark of a glass card; `None` for the finish card (or a number off the deck).
pub fn mark(card: Card) -> Option<Mark> {
    if !(LOWEST..=HIGHEST).contains(&card) {
        return None;
    }
    Some(if HEARTS.contains(&card) {
        Mark::Heart
    } else if TWO_DIAMONDS.contains(&card) {
        Mark::TwoDiamonds
    } else {
        Mark::Diamond
    })
}

impl Mark {
    /// The ◇ this mark counts when it lies below a ♡ (a ♡ counts 0).
    pub fn diamonds(self) -> u8 {
        match self {
            Mark::Diamond => 1,
            Mark::TwoDiamonds => 2,
            Mark::Heart => 0,
        }
    }

    /// The mark as printed, or in ASCII: `<>`-style diamonds become `d`, the heart `h`.
    pub fn symbol(self, ascii: bool) -> &'static str {
        match (self, ascii) {
            (Mark::Diamond, false) => "◇",
            (Mark::TwoDiamonds, false) => "◇◇",
            (Mark::Heart, false) => "♡",
            (Mark::Diamond, true) => "d",
            (Mark::TwoDiamonds, true) => "dd",
            (Mark::Heart, true) => "h",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Diamond => "one diamond",
            Mark::TwoDiamonds => "two diamonds",
            Mark::Heart => "a heart",
        }
    }
}

/// The card as players call it: its number, or "the finish card".
pub fn card_name(card: Card) -> String {
    if card == FINISH {
        "the finish card".into()
    } else {
        card.to_string()
    }
}

/// The glass cards shuffled into the deck at setup (all but 1, 25 and 50), as a bit set.
pub fn deck_at_start() -> u64 {
    let mut set = 0u64;
    for c in LOWEST..=HIGHEST {
        if !SET_ASIDE.contains(&c) {
            set |= 1 << c;
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_table_matches_rulings() {
        let count = |m: Mark| (1..=50).filter(|&c| mark(c) == Some(m)).count();
        assert_eq!(count(Mark::Heart), 10);
        assert_eq!(count(Mark::TwoDiamonds), 12);
        assert_eq!(count(Mark::Diamond), 28);
        assert_eq!(mark(25), Some(Mark::Diamond));
        assert_eq!(mark(FINISH), None);
        assert_eq!(deck_at_start().count_ones(), 47);
    }
}

//! Pit In & Out: four dungeon dice make a poker-like hand; each new hand adds EP, a repeated
//! one ends the challenge with nothing.

use serde::{Deserialize, Serialize};

/// The best hand of one roll of the four dungeon dice, named after its monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Hand {
    Zombie,
    Kobold,
    Goblin,
    Golem,
    DragonRider,
    Nightmare,
}

pub const HANDS: [Hand; 6] = [
    Hand::Zombie,
    Hand::Kobold,
    Hand::Goblin,
    Hand::Golem,
    Hand::DragonRider,
    Hand::Nightmare,
];

impl Hand {
    /// EP the hand is worth; `None` for Nightmare, whose worth the player names.
    pub fn ep(self) -> Option<u8> {
        match self {
            Hand::Zombie | Hand::Kobold => Some(1),
            Hand::Goblin | Hand::Golem | Hand::DragonRider => Some(2),
            Hand::Nightmare => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Hand::Zombie => "Zombie (nothing)",
            Hand::Kobold => "Kobold (one pair)",
            Hand::Goblin => "Goblin (two pairs)",
            Hand::Golem => "Golem (three of a kind)",
            Hand::DragonRider => "Dragon Rider (straight)",
            Hand::Nightmare => "Nightmare (four of a kind)",
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            Hand::Zombie => "Zombie",
            Hand::Kobold => "Kobold",
            Hand::Goblin => "Goblin",
            Hand::Golem => "Golem",
            Hand::DragonRider => "Dragon",
            Hand::Nightmare => "Nightmare",
        }
    }
}

/// The best hand four dice make. Only the best counts: two pairs is never one pair.
pub fn best_hand(dice: &[u8]) -> Hand {
    let mut counts = [0u8; 7];
    for &d in dice {
        if let Some(c) = counts.get_mut(usize::from(d)) {
            *c += 1;
        }
    }
    let max = counts.iter().copied().max().unwrap_or(0);
    let pairs = counts.iter().filter(|&&c| c == 2).count();
    let run = |lo: usize| (lo..lo + 4).all(|v| counts.get(v).is_some_and(|&c| c == 1));
    match (max, pairs) {
        (4, _) => Hand::Nightmare,
        (3, _) => Hand::Golem,
        (2, 2) => Hand::Goblin,
        (2, _) => Hand::Kobold,
        _ if run(1) || run(2) || run(3) => Hand::DragonRider,
        _ => Hand::Zombie,
    }
}

/// How many of the 1296 rolls of four dice make each hand, indexed like [`HANDS`].
pub const HAND_WAYS: [u32; 6] = [288, 720, 90, 120, 72, 6];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_and_their_odds() {
        assert_eq!(best_hand(&[1, 3, 5, 6]), Hand::Zombie);
        assert_eq!(best_hand(&[2, 2, 5, 6]), Hand::Kobold);
        assert_eq!(best_hand(&[2, 2, 6, 6]), Hand::Goblin);
        assert_eq!(best_hand(&[4, 4, 4, 1]), Hand::Golem);
        assert_eq!(best_hand(&[3, 5, 4, 6]), Hand::DragonRider);
        assert_eq!(best_hand(&[5, 5, 5, 5]), Hand::Nightmare);
        let mut ways = [0u32; 6];
        for n in 0..1296u32 {
            let d = [n % 6 + 1, n / 6 % 6 + 1, n / 36 % 6 + 1, n / 216 + 1].map(|x| x as u8);
            ways[best_hand(&d) as usize] += 1;
        }
        assert_eq!(ways, HAND_WAYS);
    }
}

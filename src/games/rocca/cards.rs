//! The cards, the die table and the thresholds: all of Rocca Monster's fixed numbers in one place.

use serde::{Deserialize, Serialize};

use crate::engine::Seat;

/// Villagers per family: one body card under one face card each.
pub const FAMILY: usize = 3;

/// Families are lettered on screen and in the event lines (rules code knows no names).
pub const FAMILY_LETTERS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

/// The die: every roll is a chance action in the log.
pub const DIE_FACES: u8 = 6;

/// The lowest roll on which an attacked villager survives.
pub const SURVIVE_PLAIN: u8 = 5;
/// The lowest roll on which the Police himself survives an attack.
pub const SURVIVE_POLICE: u8 = 3;
/// The lowest roll on which a member of the living Police's family survives an attack.
pub const SURVIVE_POLICE_FAMILY: u8 = 4;
/// The lowest roll on which the Healer's revival succeeds.
pub const REVIVE_FROM: u8 = 4;

/// Ballots ending in a tie before the program draws lots among the tied.
pub const TIED_BALLOTS: u8 = 3;
/// How often a computer player moves its card within one ballot. People are not limited (the
/// ballot closes when everyone has confirmed with no change since); computer players are, so
/// that a table of them always closes the ballot.
pub const BOT_CHANGES: u8 = 2;

/// The secret side of a body card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Body {
    Plain,
    Monster,
    Vampire,
    Healer,
}

impl Body {
    pub fn name(self) -> &'static str {
        match self {
            Body::Plain => "plain villager",
            Body::Monster => "Monster",
            Body::Vampire => "Vampire",
            Body::Healer => "Healer",
        }
    }
    /// The card that attacks at midnight (exactly one is in play).
    pub fn is_killer(self) -> bool {
        matches!(self, Body::Monster | Body::Vampire)
    }
}

/// The public face card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    Plain,
    Mayor,
    Police,
}

impl Face {
    pub fn name(self) -> &'static str {
        match self {
            Face::Plain => "villager",
            Face::Mayor => "Mayor",
            Face::Police => "Police",
        }
    }
}

/// Villagers are numbered seat * 3 + place, place 0..3.
#[inline]
pub fn owner(villager: u8) -> Seat {
    usize::from(villager) / FAMILY
}

/// The villager's label, e.g. `B2` for the second villager of the second family.
pub fn label(villager: u8) -> String {
    let letter = FAMILY_LETTERS.get(owner(villager)).copied().unwrap_or('?');
    format!("{letter}{}", usize::from(villager) % FAMILY + 1)
}

/// A family's letter.
pub fn family_letter(seat: Seat) -> char {
    FAMILY_LETTERS.get(seat).copied().unwrap_or('?')
}

/// Deaths that win for the Monster: more than half of all villagers (5 of 9 ... 10 of 18).
pub fn deaths_to_win(players: usize) -> usize {
    FAMILY * players / 2 + 1
}

/// Deaths that wake the Healer's power: a third of all villagers (4 of 12 ... 6 of 18).
pub fn deaths_to_heal(players: usize) -> usize {
    FAMILY * players / 3
}

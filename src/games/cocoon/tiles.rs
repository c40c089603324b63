//! The tiles of scenario 1: what each one says, how it is written on the board, and how many
//! the box holds. Plain data, in one place.

use serde::{Deserialize, Serialize};

/// One kind of tile. Serialized by its kebab-case name in logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tile {
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F8,
    F10,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B8,
    B12,
    Roll,
    GainRoll,
    LoseRoll,
    Lose3,
    ToStart,
    ToStartRoll,
    ToExp,
    ToExpRoll,
    ToPit,
    ToBet,
    ToInitiation,
    ChangeSide,
    Reverse,
    PlaceAny,
    RollPlace,
    Replace,
    Take,
    AddDie,
    ChangeDie,
    PickThree,
}

/// What following a tile does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Forward(u8),
    Backward(u8),
    /// Roll the two player dice again.
    Roll,
    /// Move the EP marker (clockwise for a gain, whatever the pawn's side), then roll again.
    EpRoll(i8),
    /// Move the EP marker only.
    Ep(i8),
    /// Move clockwise to Start; roll again afterwards when `roll`.
    ToStart {
        roll: bool,
    },
    /// Move clockwise to the next space that gives EP (Start included).
    ToExp {
        roll: bool,
    },
    ToPit,
    ToBet,
    /// Move to Initiation, then roll again (the space itself turns the pawn).
    ToInitiation,
    /// Turn the pawn over, then roll again.
    ChangeSide,
    /// The first movement of the next turn goes anticlockwise.
    Reverse,
    /// Put a tile from the hand on any empty space.
    PlaceAny,
    /// Roll again; one more tile may be placed this turn.
    RollPlace,
    /// Take another placed tile's place; that tile leaves the board and is followed.
    Replace,
    /// Take a tile from an opponent's hand.
    Take,
    /// Three player dice on the next turn's first roll.
    AddDie,
    /// One die may be changed after the next turn's first roll.
    ChangeDie,
    /// The next draw looks at three tiles and keeps one.
    PickThree,
}

/// Every kind, in the order of [`Tile`].
pub const KINDS: [Tile; 36] = [
    Tile::F1,
    Tile::F2,
    Tile::F3,
    Tile::F4,
    Tile::F5,
    Tile::F6,
    Tile::F8,
    Tile::F10,
    Tile::B1,
    Tile::B2,
    Tile::B3,
    Tile::B4,
    Tile::B5,
    Tile::B6,
    Tile::B8,
    Tile::B12,
    Tile::Roll,
    Tile::GainRoll,
    Tile::LoseRoll,
    Tile::Lose3,
    Tile::ToStart,
    Tile::ToStartRoll,
    Tile::ToExp,
    Tile::ToExpRoll,
    Tile::ToPit,
    Tile::ToBet,
    Tile::ToInitiation,
    Tile::ChangeSide,
    Tile::Reverse,
    Tile::PlaceAny,
    Tile::RollPlace,
    Tile::Replace,
    Tile::Take,
    Tile::AddDie,
    Tile::ChangeDie,
    Tile::PickThree,
];

/// Tiles of each kind in play, indexed like [`KINDS`].
pub type Counts = [u8; 36];

/// Scenario 1's draw pile: the 32 basic tiles and the 12 marked ones (one "Gain 1 EP and Roll
/// Dice Again" is marked, so that kind has three in all).
pub const SCENARIO_1: Counts = [
    1, 1, 1, 1, 1, 1, 1, 1, // forward 1-6, 8, 10
    1, 1, 1, 1, 1, 1, 1, 1, // backward 1-6, 8, 12
    3, // roll again
    3, // gain 1 EP and roll (2 basic + 1 marked)
    2, // lose 1 EP and roll
    1, // lose 3 EP
    1, 1, // to start, to start and roll
    2, 1, // to next experience, and roll
    1, 1, 1, // to pit, to gods' bet, to initiation
    2, // change side (marked)
    2, // reverse next turn (marked)
    1, 1, 1, 1, // place any, roll and place, replace, take (marked)
    1, 1, 1, // add die, change die, choose 1 of 3 (marked)
];

pub const TOTAL_TILES: u8 = 44;

impl Tile {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn effect(self) -> Effect {
        use Effect::*;
        match self {
            Tile::F1 => Forward(1),
            Tile::F2 => Forward(2),
            Tile::F3 => Forward(3),
            Tile::F4 => Forward(4),
            Tile::F5 => Forward(5),
            Tile::F6 => Forward(6),
            Tile::F8 => Forward(8),
            Tile::F10 => Forward(10),
            Tile::B1 => Backward(1),
            Tile::B2 => Backward(2),
            Tile::B3 => Backward(3),
            Tile::B4 => Backward(4),
            Tile::B5 => Backward(5),
            Tile::B6 => Backward(6),
            Tile::B8 => Backward(8),
            Tile::B12 => Backward(12),
            Tile::Roll => Effect::Roll,
            Tile::GainRoll => EpRoll(1),
            Tile::LoseRoll => EpRoll(-1),
            Tile::Lose3 => Ep(-3),
            Tile::ToStart => Effect::ToStart { roll: false },
            Tile::ToStartRoll => Effect::ToStart { roll: true },
            Tile::ToExp => Effect::ToExp { roll: false },
            Tile::ToExpRoll => Effect::ToExp { roll: true },
            Tile::ToPit => Effect::ToPit,
            Tile::ToBet => Effect::ToBet,
            Tile::ToInitiation => Effect::ToInitiation,
            Tile::ChangeSide => Effect::ChangeSide,
            Tile::Reverse => Effect::Reverse,
            Tile::PlaceAny => Effect::PlaceAny,
            Tile::RollPlace => Effect::RollPlace,
            Tile::Replace => Effect::Replace,
            Tile::Take => Effect::Take,
            Tile::AddDie => Effect::AddDie,
            Tile::ChangeDie => Effect::ChangeDie,
            Tile::PickThree => Effect::PickThree,
        }
    }

    /// The EP change a tile makes when only EP instructions count (doublets, stepping back).
    pub fn ep_only(self) -> i8 {
        match self.effect() {
            Effect::EpRoll(n) | Effect::Ep(n) => n,
            _ => 0,
        }
    }

    /// The three-character code drawn on the board.
    pub fn code(self) -> &'static str {
        match self {
            Tile::F1 => "+1",
            Tile::F2 => "+2",
            Tile::F3 => "+3",
            Tile::F4 => "+4",
            Tile::F5 => "+5",
            Tile::F6 => "+6",
            Tile::F8 => "+8",
            Tile::F10 => "+10",
            Tile::B1 => "-1",
            Tile::B2 => "-2",
            Tile::B3 => "-3",
            Tile::B4 => "-4",
            Tile::B5 => "-5",
            Tile::B6 => "-6",
            Tile::B8 => "-8",
            Tile::B12 => "-12",
            Tile::Roll => "Rol",
            Tile::GainRoll => "E+R",
            Tile::LoseRoll => "E-R",
            Tile::Lose3 => "E-3",
            Tile::ToStart => ">S",
            Tile::ToStartRoll => ">SR",
            Tile::ToExp => ">E",
            Tile::ToExpRoll => ">ER",
            Tile::ToPit => ">P",
            Tile::ToBet => ">G",
            Tile::ToInitiation => ">I",
            Tile::ChangeSide => "~R",
            Tile::Reverse => "Rev",
            Tile::PlaceAny => "Pl",
            Tile::RollPlace => "RPl",
            Tile::Replace => "Swp",
            Tile::Take => "Tk",
            Tile::AddDie => "+D",
            Tile::ChangeDie => "CD",
            Tile::PickThree => "P3",
        }
    }

    /// The tile's instruction in a few words.
    pub fn name(self) -> &'static str {
        match self {
            Tile::F1 => "1 forward",
            Tile::F2 => "2 forward",
            Tile::F3 => "3 forward",
            Tile::F4 => "4 forward",
            Tile::F5 => "5 forward",
            Tile::F6 => "6 forward",
            Tile::F8 => "8 forward",
            Tile::F10 => "10 forward",
            Tile::B1 => "1 back",
            Tile::B2 => "2 back",
            Tile::B3 => "3 back",
            Tile::B4 => "4 back",
            Tile::B5 => "5 back",
            Tile::B6 => "6 back",
            Tile::B8 => "8 back",
            Tile::B12 => "12 back",
            Tile::Roll => "roll again",
            Tile::GainRoll => "gain 1 EP, roll again",
            Tile::LoseRoll => "lose 1 EP, roll again",
            Tile::Lose3 => "lose 3 EP",
            Tile::ToStart => "forward to Start",
            Tile::ToStartRoll => "forward to Start, roll again",
            Tile::ToExp => "forward to next Experience",
            Tile::ToExpRoll => "forward to next Experience, roll again",
            Tile::ToPit => "forward to the Pit",
            Tile::ToBet => "forward to Gods' Bet",
            Tile::ToInitiation => "forward to Initiation, roll again",
            Tile::ChangeSide => "turn over, roll again",
            Tile::Reverse => "reverse next turn",
            Tile::PlaceAny => "place a tile anywhere",
            Tile::RollPlace => "roll again, one more tile",
            Tile::Replace => "replace a placed tile",
            Tile::Take => "take an opponent's tile",
            Tile::AddDie => "extra die next turn",
            Tile::ChangeDie => "change a die next turn",
            Tile::PickThree => "next draw: pick 1 of 3",
        }
    }
}

/// The box's tiles, counted by kind.
pub fn full_box() -> Counts {
    SCENARIO_1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_holds_44_tiles_12_marked() {
        let total: u32 = SCENARIO_1.iter().map(|&c| u32::from(c)).sum();
        assert_eq!(total, u32::from(TOTAL_TILES));
        for (i, k) in KINDS.iter().enumerate() {
            assert_eq!(k.index(), i);
        }
    }
}

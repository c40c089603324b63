//! The eight kinds of Pocket tile. The rulebook lost its pictures; the table follows the rulings.

use serde::{Deserialize, Serialize};

/// What a Pocket tile holds. Serialized as a short label so logs stay compact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    #[serde(rename = "1")]
    One,
    #[serde(rename = "1c")]
    ChocolateOne,
    #[serde(rename = "x")]
    Cracked,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "2c")]
    ChocolateTwo,
    #[serde(rename = "3")]
    Three,
    #[serde(rename = "3c")]
    ChocolateThree,
    #[serde(rename = "5")]
    Five,
}

/// The fixed facts about one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileSpec {
    pub kind: Kind,
    /// How many are in the box.
    pub count: u8,
    /// Biscuits counted when flipped untapped; cracked tiles count 1 or 2 instead (see `CRACKED`).
    pub value: u8,
    /// Points at the end of the game.
    pub points: u8,
    pub name: &'static str,
    /// Two characters for a grid cell.
    pub label: &'static str,
}

/// Every kind, in the order chance outcomes and pool counts use.
pub const TILES: [TileSpec; 8] = [
    TileSpec {
        kind: Kind::One,
        count: 9,
        value: 1,
        points: 1,
        name: "1 biscuit",
        label: "1",
    },
    TileSpec {
        kind: Kind::ChocolateOne,
        count: 2,
        value: 1,
        points: 2,
        name: "1 chocolate biscuit",
        label: "1c",
    },
    TileSpec {
        kind: Kind::Cracked,
        count: 6,
        value: 1,
        points: 1,
        name: "cracked biscuit",
        label: "x",
    },
    TileSpec {
        kind: Kind::Two,
        count: 7,
        value: 2,
        points: 2,
        name: "2 biscuits",
        label: "2",
    },
    TileSpec {
        kind: Kind::ChocolateTwo,
        count: 1,
        value: 2,
        points: 4,
        name: "2 chocolate biscuits",
        label: "2c",
    },
    TileSpec {
        kind: Kind::Three,
        count: 7,
        value: 3,
        points: 3,
        name: "3 biscuits",
        label: "3",
    },
    TileSpec {
        kind: Kind::ChocolateThree,
        count: 1,
        value: 3,
        points: 6,
        name: "3 chocolate biscuits",
        label: "3c",
    },
    TileSpec {
        kind: Kind::Five,
        count: 3,
        value: 5,
        points: 5,
        name: "5 biscuits",
        label: "5",
    },
];

pub const KINDS: [Kind; 8] = [
    Kind::One,
    Kind::ChocolateOne,
    Kind::Cracked,
    Kind::Two,
    Kind::ChocolateTwo,
    Kind::Three,
    Kind::ChocolateThree,
    Kind::Five,
];

/// The counts a cracked tile may stand for, untapped.
pub const CRACKED: [u8; 2] = [1, 2];

pub const GRID_SIDE: usize = 6;
pub const CELLS: usize = GRID_SIDE * GRID_SIDE;
/// The run length that makes a Great 6.
pub const GREAT: usize = 6;

/// Tiles per kind, indexed like [`KINDS`].
pub type Counts = [u8; 8];

/// The box contents.
pub const fn full_box() -> Counts {
    let mut c = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        c[i] = TILES[i].count;
        i += 1;
    }
    c
}

impl Kind {
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn spec(self) -> &'static TileSpec {
        &TILES[self as usize]
    }
    pub const fn points(self) -> u8 {
        self.spec().points
    }
    pub const fn name(self) -> &'static str {
        self.spec().name
    }
    pub const fn label(self) -> &'static str {
        self.spec().label
    }
    pub const fn is_cracked(self) -> bool {
        matches!(self, Kind::Cracked)
    }
    /// Whether a run that needs 1 could start with this tile (tapping can only add).
    pub const fn can_be_one(self) -> bool {
        self.spec().value == 1
    }
}

/// Row letter and column number, e.g. "C4", for event lines.
pub fn cell_name(cell: usize) -> String {
    if cell >= CELLS {
        return format!("cell {cell} (off the grid)");
    }
    let row = (b'A' + (cell / GRID_SIDE % GRID_SIDE) as u8) as char;
    format!("{row}{}", cell % GRID_SIDE + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_matches_rulings() {
        let c = full_box();
        assert_eq!(c.iter().map(|&n| usize::from(n)).sum::<usize>(), CELLS);
        let ones: u8 = KINDS
            .iter()
            .filter(|k| k.can_be_one())
            .map(|k| c[k.index()])
            .sum();
        assert_eq!(ones, 17);
        let points: u32 = KINDS
            .iter()
            .map(|k| u32::from(k.points()) * u32::from(c[k.index()]))
            .sum();
        assert_eq!(points, 79);
        for (i, k) in KINDS.iter().enumerate() {
            assert_eq!(TILES[i].kind, *k);
        }
    }
}

//! The two printed sides of the play mat, 7 rows by 6 columns, as the rulings give them.

use serde::{Deserialize, Serialize};

pub const ROWS: usize = 7;
pub const COLS: usize = 6;
pub const SPACES: usize = ROWS * COLS;

/// Sanctuary letters, in card order A to F.
pub const SANCTUARIES: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Blue,
    Pink,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guardian {
    Caterpillar,
    Flower,
}

/// What is printed in one space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    pub caterpillars: u8,
    pub flowers: u8,
    pub sanctuary: Option<char>,
    /// Printed guardians only exist on the blue side; the pink side's are rolled at setup.
    pub guardian: Option<Guardian>,
    /// The pink side's blank numbers #1 to #10, for the d10.
    pub number: Option<u8>,
}

impl Printed {
    pub const fn features(&self) -> u8 {
        self.caterpillars + self.flowers
    }
}

const fn cf(caterpillars: u8, flowers: u8) -> Printed {
    Printed {
        caterpillars,
        flowers,
        sanctuary: None,
        guardian: None,
        number: None,
    }
}
const BLANK: Printed = cf(0, 0);
const fn sa(letter: char) -> Printed {
    Printed {
        sanctuary: Some(letter),
        ..BLANK
    }
}
const fn no(number: u8) -> Printed {
    Printed {
        number: Some(number),
        ..BLANK
    }
}
const CG: Printed = Printed {
    guardian: Some(Guardian::Caterpillar),
    ..BLANK
};
const FG: Printed = Printed {
    guardian: Some(Guardian::Flower),
    ..BLANK
};

#[rustfmt::skip]
pub const BLUE: [Printed; SPACES] = [
    CG,        cf(1, 1), cf(0, 2), cf(0, 1), sa('A'),  BLANK,
    cf(2, 0),  cf(1, 1), cf(0, 1), BLANK,    cf(1, 1), cf(1, 2),
    BLANK,     cf(0, 1), sa('B'),  cf(2, 1), cf(1, 1), cf(1, 0),
    sa('D'),   cf(0, 2), BLANK,    cf(1, 1), cf(1, 1), sa('C'),
    cf(1, 1),  cf(0, 1), cf(2, 0), sa('E'),  cf(2, 0), BLANK,
    cf(1, 1),  BLANK,    cf(1, 1), cf(2, 0), BLANK,    cf(0, 1),
    cf(2, 0),  sa('F'),  cf(1, 1), BLANK,    cf(0, 2), FG,
];

#[rustfmt::skip]
pub const PINK: [Printed; SPACES] = [
    cf(0, 2),  sa('A'),  cf(1, 1), no(1),    cf(1, 1), no(2),
    no(3),     cf(0, 2), cf(1, 1), cf(0, 1), sa('B'),  cf(1, 1),
    cf(1, 2),  cf(1, 1), sa('C'),  cf(2, 0), cf(1, 0), no(4),
    cf(1, 1),  no(5),    cf(1, 1), no(6),    cf(2, 0), cf(0, 2),
    sa('D'),   cf(0, 1), cf(2, 0), cf(0, 1), sa('E'),  cf(2, 0),
    cf(0, 2),  cf(1, 2), no(7),    cf(1, 1), cf(1, 0), no(8),
    no(9),     cf(1, 0), sa('F'),  cf(2, 0), no(10),   cf(1, 1),
];

/// The blue side's printed guardian spaces: caterpillar at r0c0, flower at r6c5.
pub const BLUE_GUARDIANS: [u8; 2] = [0, 41];

pub fn printed(side: Side) -> &'static [Printed; SPACES] {
    match side {
        Side::Blue => &BLUE,
        Side::Pink => &PINK,
    }
}

/// The space (r * 6 + c) of sanctuary `letter` on `side`.
pub fn sanctuary_space(side: Side, letter: char) -> Option<u8> {
    printed(side)
        .iter()
        .position(|p| p.sanctuary == Some(letter))
        .map(|i| i as u8)
}

/// The pink-side space carrying blank number `number` (1..=10).
pub fn numbered_space(number: u8) -> Option<u8> {
    PINK.iter()
        .position(|p| p.number == Some(number))
        .map(|i| i as u8)
}

pub fn row(space: u8) -> usize {
    usize::from(space) / COLS
}

pub fn col(space: u8) -> usize {
    usize::from(space) % COLS
}

pub fn space_at(row: usize, col: usize) -> Option<u8> {
    (row < ROWS && col < COLS).then(|| (row * COLS + col) as u8)
}

/// "r3c2", the name the rules page and event lines use for a space.
pub fn space_name(space: u8) -> String {
    format!("r{}c{}", row(space), col(space))
}

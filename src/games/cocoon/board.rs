//! The loop of 60 spaces: where the printed event spaces are, where scenario 1 puts its face-down
//! tiles, the EP circle, and distances around the loop.

use serde::{Deserialize, Serialize};

/// Spaces on the loop, numbered clockwise from Start.
pub const SPACES: u8 = 60;
pub const START: u8 = 0;
pub const INITIATION: u8 = 10;
pub const EXPERIENCE_A: u8 = 20;
pub const GODS_BET: u8 = 30;
pub const EXPERIENCE_B: u8 = 40;
pub const PIT: u8 = 50;

/// Spots on the EP circle: 0 to 10, wrapping.
pub const EP_SPOTS: u8 = 11;

/// The 1st, 4th and 7th space after each event space get a face-down tile at setup.
pub const SETUP_TILES: [u8; 18] = [
    1, 4, 7, 11, 14, 17, 21, 24, 27, 31, 34, 37, 41, 44, 47, 51, 54, 57,
];

/// What a printed space is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Space {
    Start,
    Initiation,
    Experience,
    GodsBet,
    Pit,
    /// A space that tiles go on.
    Normal,
}

pub fn space(at: u8) -> Space {
    match at {
        START => Space::Start,
        INITIATION => Space::Initiation,
        EXPERIENCE_A | EXPERIENCE_B => Space::Experience,
        GODS_BET => Space::GodsBet,
        PIT => Space::Pit,
        _ => Space::Normal,
    }
}

impl Space {
    /// Start counts as an Experience space: both give 1 EP.
    pub fn gives_ep(self) -> bool {
        matches!(self, Space::Start | Space::Experience)
    }

    pub fn name(self) -> &'static str {
        match self {
            Space::Start => "Start",
            Space::Initiation => "Initiation",
            Space::Experience => "Experience",
            Space::GodsBet => "Gods' Bet",
            Space::Pit => "Pit In & Out",
            Space::Normal => "space",
        }
    }
}

/// `n` steps clockwise from `at`.
pub fn forward(at: u8, n: u8) -> u8 {
    ((u16::from(at) + u16::from(n)) % u16::from(SPACES)) as u8
}

/// `n` steps anticlockwise from `at`.
pub fn backward(at: u8, n: u8) -> u8 {
    let n = n % SPACES;
    ((u16::from(at) + u16::from(SPACES) - u16::from(n)) % u16::from(SPACES)) as u8
}

/// Steps clockwise from `from` to `to` (0 when they are the same).
pub fn distance(from: u8, to: u8) -> u8 {
    ((u16::from(to) + u16::from(SPACES) - u16::from(from) % u16::from(SPACES)) % u16::from(SPACES))
        as u8
}

/// The next space clockwise after `at` that gives EP (Start or an Experience space).
pub fn next_experience(at: u8) -> u8 {
    (1..=SPACES)
        .map(|d| forward(at, d))
        .find(|&s| space(s).gives_ep())
        .unwrap_or(START)
}

/// A marker moved `n` spots around the EP circle (negative = anticlockwise).
pub fn turn_ep(ep: u8, n: i32) -> u8 {
    (i32::from(ep) + n).rem_euclid(i32::from(EP_SPOTS)) as u8
}

/// The spaces in order of distance from `at`, clockwise first on a tie (the order the
/// "nearest empty space" rule searches).
pub fn by_distance(at: u8) -> impl Iterator<Item = u8> {
    (1..=SPACES / 2).flat_map(move |d| {
        let cw = forward(at, d);
        let acw = backward(at, d);
        // Half way round both ways are the same space: it is searched once.
        std::iter::once(cw).chain((cw != acw).then_some(acw))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_arithmetic() {
        assert_eq!(forward(58, 3), 1);
        assert_eq!(backward(2, 5), 57);
        assert_eq!(distance(55, 0), 5);
        assert_eq!(next_experience(15), 20);
        assert_eq!(next_experience(45), 0);
        assert_eq!(next_experience(20), 40);
        assert_eq!(turn_ep(10, 1), 0);
        assert_eq!(turn_ep(0, -1), 10);
        assert_eq!(by_distance(5).take(4).collect::<Vec<_>>(), vec![6, 4, 7, 3]);
        assert_eq!(by_distance(0).count(), 59);
    }
}

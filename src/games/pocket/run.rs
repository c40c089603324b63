//! How one flipped tile compares with what the run needs.

use super::tiles::{CRACKED, Kind};

/// What one flip does to the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The tile shows exactly the count the run needs.
    Matches,
    /// Any other count: the run stops.
    Misses,
    /// A tapped cracked tile: the run stops and nothing is received, however long it was.
    SpellFails,
}

/// The verdict on flipping `kind` (tapped or not) when the run needs `need`.
pub fn matches(kind: Kind, tap: bool, need: usize) -> Verdict {
    if kind.is_cracked() {
        if tap {
            return Verdict::SpellFails;
        }
        // Untapped, the player counts it as whichever of 1 or 2 the run needs.
        return if CRACKED.iter().any(|&c| usize::from(c) == need) {
            Verdict::Matches
        } else {
            Verdict::Misses
        };
    }
    // A tap adds one, and only one: tapping twice is not a separate move.
    let count = usize::from(kind.spec().value) + usize::from(tap);
    if count == need {
        Verdict::Matches
    } else {
        Verdict::Misses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert_eq!(matches(Kind::One, false, 1), Verdict::Matches);
        assert_eq!(matches(Kind::One, true, 2), Verdict::Matches);
        assert_eq!(matches(Kind::One, true, 1), Verdict::Misses);
        assert_eq!(matches(Kind::Cracked, false, 1), Verdict::Matches);
        assert_eq!(matches(Kind::Cracked, false, 2), Verdict::Matches);
        assert_eq!(matches(Kind::Cracked, false, 3), Verdict::Misses);
        assert_eq!(matches(Kind::Cracked, true, 2), Verdict::SpellFails);
        assert_eq!(matches(Kind::Three, true, 4), Verdict::Matches);
        assert_eq!(matches(Kind::Five, true, 6), Verdict::Matches);
        assert_eq!(matches(Kind::Five, false, 4), Verdict::Misses);
    }
}

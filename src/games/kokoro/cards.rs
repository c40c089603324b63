//! The 42 path cards. Each number is one fixed segment joining two edges of a space; cards are
//! never rotated.

/// Edge bits of a space, used by segments and by connection.
pub const TOP: u8 = 1;
pub const RIGHT: u8 = 2;
pub const BOTTOM: u8 = 4;
pub const LEFT: u8 = 8;

/// One kind of path card: its number, the edges its segment joins, its glyph, and how many of
/// the deck's cards carry it with a golden and with a plain back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathKind {
    pub number: u8,
    pub edges: u8,
    pub glyph: char,
    /// ASCII stand-in for terminals without box drawing: a letter shaped like the corner, so
    /// the four corners stay apart (`Theme::text` writes the glyph the same way).
    pub ascii: char,
    pub golden: u8,
    pub plain: u8,
}

#[rustfmt::skip]
pub const PATHS: [PathKind; 6] = [
    PathKind { number: 1, edges: TOP | LEFT, glyph: '┘', ascii: 'J', golden: 4, plain: 3 },
    PathKind { number: 2, edges: TOP | RIGHT, glyph: '└', ascii: 'L', golden: 4, plain: 3 },
    PathKind { number: 3, edges: RIGHT | BOTTOM, glyph: '┌', ascii: 'r', golden: 4, plain: 3 },
    PathKind { number: 4, edges: BOTTOM | LEFT, glyph: '┐', ascii: '7', golden: 4, plain: 3 },
    PathKind { number: 5, edges: LEFT | RIGHT, glyph: '─', ascii: '-', golden: 3, plain: 4 },
    PathKind { number: 6, edges: TOP | BOTTOM, glyph: '│', ascii: '|', golden: 3, plain: 4 },
];

pub const DECK_SIZE: u8 = 42;
pub const GOLDEN_PER_ROUND: u8 = 4;

/// A revealed path card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub number: u8,
    pub golden: bool,
}

/// The kind of path number `number` (1..=6), if there is one.
#[inline]
pub fn path_kind(number: u8) -> Option<&'static PathKind> {
    PATHS.get(usize::from(number).wrapping_sub(1))
}

/// The edges joined by segment `number`; 0 for anything that is not a segment (an empty space).
#[inline]
pub fn segment_edges(number: u8) -> u8 {
    path_kind(number).map_or(0, |k| k.edges)
}

/// The ASCII stand-in of segment `number`'s glyph, or a space for an empty space.
pub fn ascii_glyph(number: u8) -> char {
    path_kind(number).map_or(' ', |k| k.ascii)
}

/// The box-drawing glyph of segment `number`, or a space for an empty space.
pub fn glyph(number: u8) -> char {
    path_kind(number).map_or(' ', |k| k.glyph)
}

/// The segment drawn when the mirror-pool decree flips `number` left to right. The straight
/// segments are their own mirror images.
pub fn mirror(number: u8) -> u8 {
    match number {
        1 => 2,
        2 => 1,
        3 => 4,
        4 => 3,
        n => n,
    }
}

/// Whether mirroring changes segment `number` at all.
pub fn mirror_changes(number: u8) -> bool {
    mirror(number) != number
}

/// The full deck as remaining counts, indexed `[number - 1][golden as usize]`.
pub const FULL_DECK: [[u8; 2]; 6] = {
    let mut d = [[0u8; 2]; 6];
    let mut i = 0;
    while i < 6 {
        d[i] = [PATHS[i].plain, PATHS[i].golden];
        i += 1;
    }
    d
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_flips_left_and_right() {
        for n in 1..=6 {
            let e = segment_edges(n);
            let flipped = (e & (TOP | BOTTOM))
                | if e & LEFT != 0 { RIGHT } else { 0 }
                | if e & RIGHT != 0 { LEFT } else { 0 };
            assert_eq!(segment_edges(mirror(n)), flipped, "card {n}");
        }
        assert!(!mirror_changes(5) && !mirror_changes(6) && mirror_changes(1));
    }

    #[test]
    fn full_deck_counts() {
        let total: u32 = FULL_DECK.iter().flatten().map(|&n| u32::from(n)).sum();
        assert_eq!(total, u32::from(DECK_SIZE));
    }
}

//! Connection. Two orthogonal neighbours are joined only when both hold a path and each path has
//! an end on their shared edge; a chain is everything reachable through such joins. Every segment
//! has two ends, so a chain is a line or a loop. The mat is 42 spaces, so sets are `u64` bitsets
//! and searches allocate nothing.

use super::cards::{BOTTOM, LEFT, PATHS, RIGHT, TOP, segment_edges};
use super::mats::{COLS, ROWS, SPACES};

/// One player's drawn paths: the path number (1..=6) in each space, 0 where none is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mat {
    pub paths: [u8; SPACES],
}

impl Default for Mat {
    fn default() -> Self {
        Mat { paths: [0; SPACES] }
    }
}

impl Mat {
    /// The path number in `space`, 0 when empty or off the mat.
    #[inline]
    pub fn path(&self, space: u8) -> u8 {
        self.paths.get(usize::from(space)).copied().unwrap_or(0)
    }

    #[inline]
    pub fn is_empty_space(&self, space: u8) -> bool {
        usize::from(space) < SPACES && self.path(space) == 0
    }

    #[inline]
    pub fn edges(&self, space: u8) -> u8 {
        segment_edges(self.path(space))
    }

    /// The spaces that hold a path.
    pub fn drawn(&self) -> SpaceSet {
        let mut s = SpaceSet::EMPTY;
        for (i, &p) in self.paths.iter().enumerate() {
            if p != 0 {
                s.insert(i as u8);
            }
        }
        s
    }
}

/// A set of spaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpaceSet(pub u64);

impl SpaceSet {
    pub const EMPTY: SpaceSet = SpaceSet(0);

    #[inline]
    pub fn contains(self, space: u8) -> bool {
        space < 64 && self.0 & (1 << space) != 0
    }
    #[inline]
    pub fn insert(&mut self, space: u8) {
        if space < 64 {
            self.0 |= 1 << space;
        }
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The spaces in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(s)
        })
    }
}

const EDGES: [u8; 4] = [TOP, RIGHT, BOTTOM, LEFT];

#[inline]
pub fn opposite(edge: u8) -> u8 {
    match edge {
        TOP => BOTTOM,
        BOTTOM => TOP,
        LEFT => RIGHT,
        RIGHT => LEFT,
        _ => 0,
    }
}

/// The space across `edge` of `space`, or `None` off the mat.
#[inline]
pub fn neighbour(space: u8, edge: u8) -> Option<u8> {
    let (r, c) = (usize::from(space) / COLS, usize::from(space) % COLS);
    if usize::from(space) >= SPACES {
        return None;
    }
    let (r, c) = match edge {
        TOP if r > 0 => (r - 1, c),
        BOTTOM if r + 1 < ROWS => (r + 1, c),
        LEFT if c > 0 => (r, c - 1),
        RIGHT if c + 1 < COLS => (r, c + 1),
        _ => return None,
    };
    Some((r * COLS + c) as u8)
}

/// The neighbour joined to `space` through `edge`, if both paths meet on that edge.
#[inline]
pub fn joined(mat: &Mat, space: u8, edge: u8) -> Option<u8> {
    if mat.edges(space) & edge == 0 {
        return None;
    }
    let n = neighbour(space, edge)?;
    (mat.edges(n) & opposite(edge) != 0).then_some(n)
}

/// Every space of the mat, as a bitset.
pub const ALL: u64 = (1 << SPACES) - 1;
/// The spaces in the first column.
pub const COL_FIRST: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < ROWS {
        m |= 1 << (r * COLS);
        r += 1;
    }
    m
};
/// The spaces in the last column.
pub const COL_LAST: u64 = COL_FIRST << (COLS - 1);
/// The spaces in the first row.
pub const ROW_FIRST: u64 = (1 << COLS) - 1;
/// The spaces in the last row.
pub const ROW_LAST: u64 = ROW_FIRST << (SPACES - COLS);

/// The edges of each segment number (0 for an empty space), as [`segment_edges`] gives them:
/// bit `k` set for an end on edge `EDGES[k]` (top 1, right 2, bottom 4, left 8).
const EDGES_OF: [u8; 8] = {
    let mut t = [0u8; 8];
    let mut i = 0;
    while i < PATHS.len() {
        t[PATHS[i].number as usize % 8] = PATHS[i].edges;
        i += 1;
    }
    t
};

/// A mat as bitsets, so that a chain grows a whole front at a time instead of space by space:
/// the spaces that hold a path, and for each edge in [`EDGES`]' order (top, right, bottom,
/// left) the spaces whose path has an end on it. Built once from a mat, it answers every chain
/// question about it (the score sheets read them on every view, the planner on every draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub drawn: u64,
    pub ends: [u64; 4],
}

impl Board {
    pub fn new(mat: &Mat) -> Board {
        // Without branches: a score sheet builds one on every view.
        let mut ends = [0u64; 4];
        for (space, &number) in mat.paths.iter().enumerate() {
            let e = u64::from(EDGES_OF[usize::from(number) % EDGES_OF.len()]);
            ends[0] |= (e & 1) << space;
            ends[1] |= (e >> 1 & 1) << space;
            ends[2] |= (e >> 2 & 1) << space;
            ends[3] |= (e >> 3 & 1) << space;
        }
        Board {
            drawn: ends[0] | ends[1] | ends[2] | ends[3],
            ends,
        }
    }

    /// The board with segment `number` drawn in `space`.
    #[inline]
    pub fn with(mut self, space: u8, number: u8) -> Board {
        let bit = 1u64 << space;
        self.drawn |= bit;
        let e = segment_edges(number);
        for (k, edge) in EDGES.iter().enumerate() {
            if e & edge != 0 {
                self.ends[k] |= bit;
            }
        }
        self
    }

    /// The spaces joined to their right neighbour, and the spaces joined to the one below.
    #[inline]
    fn joins(&self) -> (u64, u64) {
        let [top, right, bottom, left] = self.ends;
        (right & (left >> 1) & !COL_LAST, bottom & (top >> COLS))
    }

    /// The chain through `space`: every space on its line or loop, each once. Empty when
    /// `space` holds no path, because a feature or sanctuary only counts where a path is drawn.
    pub fn chain(&self, space: u8) -> SpaceSet {
        if space >= 64 || self.drawn & 1 << space == 0 {
            return SpaceSet::EMPTY;
        }
        let (right, down) = self.joins();
        let mut seen = 1u64 << space;
        loop {
            let grown = seen
                | (seen & right) << 1
                | (seen >> 1) & right
                | (seen & down) << COLS
                | (seen >> COLS) & down;
            if grown == seen {
                return SpaceSet(seen);
            }
            seen = grown;
        }
    }

    /// Every chain, each once, ordered by its lowest space.
    pub fn chains(self) -> impl Iterator<Item = SpaceSet> {
        let mut left = self.drawn;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let c = self.chain(left.trailing_zeros() as u8);
            left &= !c.0;
            Some(c)
        })
    }

    /// Whether every path end in `chain` meets another path: the chain is a closed loop.
    pub fn is_loop(&self, chain: SpaceSet) -> bool {
        let [top, right_end, bottom, left_end] = self.ends;
        let (right, down) = self.joins();
        let c = chain.0;
        c != 0
            && c & right_end & !right == 0
            && c & left_end & !(right << 1) == 0
            && c & bottom & !down == 0
            && c & top & !(down << COLS) == 0
    }

    /// How many path ends point off the edge of the mat.
    pub fn ends_off_mat(&self) -> u32 {
        let [top, right, bottom, left] = self.ends;
        (top & ROW_FIRST).count_ones()
            + (right & COL_LAST).count_ones()
            + (bottom & ROW_LAST).count_ones()
            + (left & COL_FIRST).count_ones()
    }
}

/// The chain through `space`: every space on its line or loop, each once. Empty when `space`
/// holds no path, because a feature or sanctuary only counts where a path is drawn. Space by
/// space: for one chain (a guardian's, a sanctuary's) that is quicker than building a
/// [`Board`] of the whole mat.
pub fn chain_from(mat: &Mat, space: u8) -> SpaceSet {
    if mat.path(space) == 0 {
        return SpaceSet::EMPTY;
    }
    let mut seen = SpaceSet::EMPTY;
    seen.insert(space);
    let mut frontier = seen;
    while !frontier.is_empty() {
        let mut next = SpaceSet::EMPTY;
        for s in frontier.iter() {
            for e in EDGES {
                if let Some(n) = joined(mat, s, e)
                    && !seen.contains(n)
                {
                    seen.insert(n);
                    next.insert(n);
                }
            }
        }
        frontier = next;
    }
    seen
}

/// Whether every path end in `chain` meets another path: the chain is a closed loop.
pub fn is_loop(mat: &Mat, chain: SpaceSet) -> bool {
    Board::new(mat).is_loop(chain)
}

/// Every chain on the mat, each once, ordered by its lowest space.
pub fn chains(mat: &Mat) -> Vec<SpaceSet> {
    Board::new(mat).chains().collect()
}

/// How many path ends point off the edge of the mat.
pub fn ends_off_mat(mat: &Mat) -> u32 {
    Board::new(mat).ends_off_mat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stop_at_the_border() {
        assert_eq!(neighbour(0, TOP), None);
        assert_eq!(neighbour(0, LEFT), None);
        assert_eq!(neighbour(0, RIGHT), Some(1));
        assert_eq!(neighbour(0, BOTTOM), Some(6));
        assert_eq!(neighbour(5, RIGHT), None);
        assert_eq!(neighbour(41, BOTTOM), None);
        assert_eq!(neighbour(42, TOP), None);
    }

    #[test]
    fn the_edge_table_is_the_segments_edges() {
        for n in 0..8 {
            assert_eq!(EDGES_OF[usize::from(n)], segment_edges(n), "{n}");
        }
        assert_eq!(EDGES, [1, 2, 4, 8]);
    }

    #[test]
    fn space_sets_iterate_in_order() {
        let mut s = SpaceSet::EMPTY;
        for x in [41, 0, 7, 64] {
            s.insert(x);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 7, 41]);
        assert_eq!(s.len(), 3);
        assert!(!s.contains(64));
    }

    #[test]
    fn the_board_agrees_with_the_rules_space_by_space() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..400 {
            let mut mat = Mat::default();
            for s in 0..SPACES {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // About two spaces in three drawn, any of the six segments.
                if !x.is_multiple_of(3) {
                    mat.paths[s] = (x >> 8) as u8 % 6 + 1;
                }
            }
            let board = Board::new(&mat);
            let mut covered = 0u64;
            for space in 0..SPACES as u8 {
                let c = chain_from(&mat, space);
                assert_eq!(board.chain(space), c, "{space} on {mat:?}");
                let ends_joined = c.iter().all(|s| {
                    EDGES
                        .iter()
                        .all(|&e| mat.edges(s) & e == 0 || joined(&mat, s, e).is_some())
                });
                assert_eq!(board.is_loop(c), !c.is_empty() && ends_joined, "{space}");
                covered |= c.0;
            }
            assert_eq!(covered, board.drawn);
            let off = (0..SPACES as u8)
                .flat_map(|s| EDGES.map(|e| (s, e)))
                .filter(|&(s, e)| mat.edges(s) & e != 0 && neighbour(s, e).is_none())
                .count();
            assert_eq!(board.ends_off_mat() as usize, off);
            let listed: Vec<SpaceSet> = board.chains().collect();
            assert_eq!(
                listed.iter().map(|c| c.len()).sum::<u32>(),
                board.drawn.count_ones()
            );
        }
    }

    #[test]
    fn a_loop_is_one_chain_with_no_open_end() {
        let mut m = Mat::default();
        for (s, p) in [(0, 3), (1, 4), (7, 1), (6, 2)] {
            m.paths[s] = p;
        }
        let c = chain_from(&m, 0);
        assert_eq!(c.len(), 4);
        assert!(is_loop(&m, c));
        assert_eq!(chains(&m), vec![c]);
        assert_eq!(ends_off_mat(&m), 0);
    }
}

//! Connection. Two orthogonal neighbours are joined only when both hold a path and each path has
//! an end on their shared edge; a chain is everything reachable through such joins. Every segment
//! has two ends, so a chain is a line or a loop. The mat is 42 spaces, so sets are `u64` bitsets
//! and searches allocate nothing.

use super::cards::{BOTTOM, LEFT, RIGHT, TOP, segment_edges};
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

/// The columns at the mat's left and right borders, as sets.
const COL_FIRST: u64 = {
    let mut set = 0u64;
    let mut r = 0;
    while r < ROWS {
        set |= 1 << (r * COLS);
        r += 1;
    }
    set
};
const COL_LAST: u64 = COL_FIRST << (COLS - 1);
/// The top and bottom rows.
const ROW_FIRST: u64 = (1 << COLS) - 1;
const ROW_LAST: u64 = ROW_FIRST << ((ROWS - 1) * COLS);

/// A mat's joins as bitsets, read once, so that a chain grows a whole front at a time instead
/// of space by space (the scores read every chain on every view).
#[derive(Clone, Copy, Debug)]
pub struct Joins {
    drawn: u64,
    /// For each edge in [`EDGES`]' order, the spaces whose path has an end on it.
    ends: [u64; 4],
    /// Spaces joined to their right neighbour, and to the one below.
    right: u64,
    down: u64,
}

impl Joins {
    pub fn new(mat: &Mat) -> Joins {
        let mut drawn = 0u64;
        let mut ends = [0u64; 4];
        for (space, &number) in mat.paths.iter().enumerate() {
            if number == 0 {
                continue;
            }
            let bit = 1u64 << space;
            drawn |= bit;
            let e = segment_edges(number);
            for (k, edge) in EDGES.iter().enumerate() {
                if e & edge != 0 {
                    ends[k] |= bit;
                }
            }
        }
        let [top, right, bottom, left] = ends;
        Joins {
            drawn,
            ends,
            right: right & (left >> 1) & !COL_LAST,
            down: bottom & (top >> COLS),
        }
    }

    /// The spaces that hold a path.
    pub fn drawn(&self) -> SpaceSet {
        SpaceSet(self.drawn)
    }

    /// [`chain_from`]: the chain through `space`, empty when it holds no path.
    pub fn chain(&self, space: u8) -> SpaceSet {
        if space >= 64 || self.drawn & 1 << space == 0 {
            return SpaceSet::EMPTY;
        }
        let (right, down) = (self.right, self.down);
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

    /// [`is_loop`]: every path end in `chain` meets another path.
    pub fn is_loop(&self, chain: SpaceSet) -> bool {
        let c = chain.0;
        let [top, right, bottom, left] = self.ends;
        c != 0
            && c & right & !self.right == 0
            && c & left & !(self.right << 1) == 0
            && c & bottom & !self.down == 0
            && c & top & !(self.down << COLS) == 0
    }

    /// [`ends_off_mat`]: path ends pointing off the mat.
    pub fn ends_off_mat(&self) -> u32 {
        let [top, right, bottom, left] = self.ends;
        (top & ROW_FIRST).count_ones()
            + (bottom & ROW_LAST).count_ones()
            + (left & COL_FIRST).count_ones()
            + (right & COL_LAST).count_ones()
    }

    /// [`each_chain`]: every chain, each once, ordered by its lowest space.
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
}

/// The chain through `space`: every space on its line or loop, each once. Empty when `space`
/// holds no path, because a feature or sanctuary only counts where a path is drawn.
pub fn chain_from(mat: &Mat, space: u8) -> SpaceSet {
    if mat.path(space) == 0 {
        return SpaceSet::EMPTY;
    }
    Joins::new(mat).chain(space)
}

/// Whether every path end in `chain` meets another path: the chain is a closed loop.
pub fn is_loop(mat: &Mat, chain: SpaceSet) -> bool {
    Joins::new(mat).is_loop(chain)
}

/// Every chain on the mat, each once, ordered by its lowest space.
pub fn chains(mat: &Mat) -> Vec<SpaceSet> {
    each_chain(mat).collect()
}

/// [`chains`] one by one, without a list (the decree scores read them on every view).
pub fn each_chain(mat: &Mat) -> impl Iterator<Item = SpaceSet> {
    Joins::new(mat).chains()
}

/// How many path ends point off the edge of the mat.
pub fn ends_off_mat(mat: &Mat) -> u32 {
    Joins::new(mat).ends_off_mat()
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

    /// The rules' definitions, space by space through [`joined`] and [`neighbour`]: what the
    /// bitsets of [`Joins`] must agree with.
    fn walked_chain(mat: &Mat, space: u8) -> SpaceSet {
        if mat.path(space) == 0 {
            return SpaceSet::EMPTY;
        }
        let mut seen = SpaceSet::EMPTY;
        let mut todo = vec![space];
        seen.insert(space);
        while let Some(s) = todo.pop() {
            for e in EDGES {
                if let Some(n) = joined(mat, s, e)
                    && !seen.contains(n)
                {
                    seen.insert(n);
                    todo.push(n);
                }
            }
        }
        seen
    }

    fn walked_loop(mat: &Mat, chain: SpaceSet) -> bool {
        !chain.is_empty()
            && chain.iter().all(|s| {
                EDGES
                    .iter()
                    .all(|&e| mat.edges(s) & e == 0 || joined(mat, s, e).is_some())
            })
    }

    fn walked_ends_off_mat(mat: &Mat) -> u32 {
        let mut n = 0;
        for s in mat.drawn().iter() {
            for e in EDGES {
                if mat.edges(s) & e != 0 && neighbour(s, e).is_none() {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn the_bitsets_agree_with_the_space_by_space_rules() {
        let mut r = crate::engine::rng::stream(7, 0);
        let mut loops = 0;
        for k in 0..3000 {
            let mut m = Mat::default();
            // From nearly empty to nearly full mats, so that long chains and loops occur.
            let fill = k % 10 + 1;
            for p in m.paths.iter_mut() {
                if crate::engine::rng::below(&mut r, 10) < fill {
                    *p = 1 + crate::engine::rng::below(&mut r, 6) as u8;
                }
            }
            let joins = Joins::new(&m);
            assert_eq!(joins.ends_off_mat(), walked_ends_off_mat(&m), "{m:?}");
            let mut covered = SpaceSet::EMPTY;
            for c in each_chain(&m) {
                assert_eq!(covered.0 & c.0, 0, "chains overlap: {m:?}");
                covered.0 |= c.0;
                assert_eq!(is_loop(&m, c), walked_loop(&m, c), "{m:?}");
                loops += usize::from(is_loop(&m, c));
            }
            assert_eq!(covered, m.drawn());
            for space in 0..SPACES as u8 + 2 {
                assert_eq!(
                    chain_from(&m, space),
                    walked_chain(&m, space),
                    "{m:?} {space}"
                );
            }
        }
        assert!(loops > 0, "no loop among the mats tried");
    }
}

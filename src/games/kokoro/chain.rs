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

/// The chain through `space`: every space on its line or loop, each once. Empty when `space`
/// holds no path, because a feature or sanctuary only counts where a path is drawn.
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
    !chain.is_empty()
        && chain.iter().all(|s| {
            EDGES
                .iter()
                .all(|&e| mat.edges(s) & e == 0 || joined(mat, s, e).is_some())
        })
}

/// Every chain on the mat, each once, ordered by its lowest space.
pub fn chains(mat: &Mat) -> Vec<SpaceSet> {
    each_chain(mat).collect()
}

/// [`chains`] one by one, without a list (the decree scores read them on every view).
pub fn each_chain(mat: &Mat) -> impl Iterator<Item = SpaceSet> + '_ {
    let mut left = mat.drawn();
    std::iter::from_fn(move || {
        let s = left.iter().next()?;
        let c = chain_from(mat, s);
        left.0 &= !c.0;
        Some(c)
    })
}

/// How many path ends point off the edge of the mat.
pub fn ends_off_mat(mat: &Mat) -> u32 {
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
}

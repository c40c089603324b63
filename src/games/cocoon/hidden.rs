//! `vary_hidden`: the same game with everything a viewer cannot know dealt differently, so the
//! property tests can prove a view leaks nothing.

use super::tiles::{KINDS, Tile};
use super::{Cocoon, Task};
use crate::engine::{Seat, Viewer};

/// One place holding a tile that some viewer cannot see (the unseen pool aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiddenPlace {
    /// A tile in a seat's hand.
    Hand(Seat, usize),
    /// A tile drawn for "Choose 1 from 3".
    Looking(usize),
    /// A tile put back on the pile by "Choose 1 from 3" (0 is uppermost).
    Top(usize),
    /// The tile "Take a Tile" took, waiting to be put down.
    Taken,
}

/// The places whose tiles `viewer` cannot see, in a fixed order (hands by seat, the tiles
/// looked at, the pile's known top, the taken tile). The omniscient viewer sees all.
fn hidden_places(g: &Cocoon, viewer: Viewer) -> Vec<HiddenPlace> {
    let me: Option<Seat> = match viewer {
        Viewer::Omniscient => return Vec::new(),
        Viewer::Seat(s) => Some(s),
        Viewer::Public => None,
    };
    let top = g.tasks.last().copied();
    // Hands this viewer sees: its own, and the one "Take a Tile" shows it.
    let peeked = match top {
        Some(Task::Take { from }) if me == Some(g.turn) => Some(from),
        _ => None,
    };
    let mut out = Vec::new();
    for s in (0..g.players).filter(|&s| Some(s) != me && Some(s) != peeked) {
        out.extend((0..g.hand(s).len()).map(|i| HiddenPlace::Hand(s, i)));
    }
    if !matches!(top, Some(Task::Pick { seat }) if Some(seat) == me) {
        out.extend((0..g.looking.len()).map(HiddenPlace::Looking));
    }
    for (i, &(_, who)) in g.top.iter().enumerate() {
        if Some(who) != me {
            out.push(HiddenPlace::Top(i));
        }
    }
    if let Some(Task::PutTaken { from, .. }) = top
        && me != Some(g.turn)
        && me != Some(from)
    {
        out.push(HiddenPlace::Taken);
    }
    out
}

impl Cocoon {
    fn tile_in(&self, place: HiddenPlace) -> Option<Tile> {
        match place {
            HiddenPlace::Hand(s, i) => self.seats.get(s)?.hand.get(i).copied(),
            HiddenPlace::Looking(i) => self.looking.get(i).copied(),
            HiddenPlace::Top(i) => self.top.get(i).map(|&(t, _)| t),
            HiddenPlace::Taken => match self.tasks.last()? {
                Task::PutTaken { tile, .. } => Some(*tile),
                _ => None,
            },
        }
    }

    fn put_in(&mut self, place: HiddenPlace, tile: Tile) {
        let slot = match place {
            HiddenPlace::Hand(s, i) => self.seats.get_mut(s).and_then(|p| p.hand.get_mut(i)),
            HiddenPlace::Looking(i) => self.looking.get_mut(i),
            HiddenPlace::Top(i) => self.top.get_mut(i).map(|(t, _)| t),
            HiddenPlace::Taken => match self.tasks.last_mut() {
                Some(Task::PutTaken { tile, .. }) => Some(tile),
                _ => None,
            },
        };
        if let Some(slot) = slot {
            *slot = tile;
        }
    }

    /// The places whose tiles `viewer` cannot see (see [`HiddenPlace`]).
    pub fn hidden_places(&self, viewer: Viewer) -> Vec<HiddenPlace> {
        hidden_places(self, viewer)
    }

    /// The same state with `tile` in `place`, one of the places `viewer` cannot see: the tile
    /// comes from the unseen pool, or else from another place hidden from `viewer`, which gets
    /// the old tile in exchange; nothing the viewer sees changes. For the search player's
    /// replay, when a view reveals a tile its replay had dealt otherwise
    /// (`crate::bots::search::cocoon`). `None` if `place` is not hidden from `viewer` or no
    /// such tile is hidden from it.
    pub fn with_hidden_tile(
        &self,
        viewer: Viewer,
        place: HiddenPlace,
        tile: Tile,
    ) -> Option<Cocoon> {
        let places = hidden_places(self, viewer);
        if !places.contains(&place) {
            return None;
        }
        let old = self.tile_in(place)?;
        let mut out = self.clone();
        if old == tile {
            return Some(out);
        }
        if out.pool[tile.index()] > 0 {
            out.pool[tile.index()] -= 1;
            out.pool[old.index()] += 1;
        } else {
            let other = places
                .iter()
                .copied()
                .find(|&p| p != place && self.tile_in(p) == Some(tile))?;
            out.put_in(other, old);
        }
        out.put_in(place, tile);
        Some(out)
    }

    /// The same state with a `tile` among the unseen ones (the pile below its known top, or
    /// face down), for a draw or a face-down tile that turns out to be one: if none is there,
    /// the first place hidden from `viewer` that holds one gets an unseen tile instead (drawn
    /// with `salt`); nothing the viewer sees changes. `None` if no `tile` is hidden from it.
    pub fn with_unseen_tile(&self, viewer: Viewer, tile: Tile, salt: u64) -> Option<Cocoon> {
        if self.pool[tile.index()] > 0 {
            return Some(self.clone());
        }
        let place = hidden_places(self, viewer)
            .into_iter()
            .find(|&p| self.tile_in(p) == Some(tile))?;
        let unseen: u64 = self.pool.iter().map(|&n| u64::from(n)).sum();
        let mut k = crate::engine::rng::mix(salt) % unseen.max(1);
        let other = KINDS.iter().copied().find(|t| {
            let n = u64::from(self.pool[t.index()]);
            if k < n {
                true
            } else {
                k -= n;
                false
            }
        })?;
        let mut out = self.clone();
        out.pool[other.index()] -= 1;
        out.pool[tile.index()] += 1;
        out.put_in(place, other);
        Some(out)
    }
}

pub(crate) fn vary(g: &Cocoon, viewer: Viewer, salt: u64) -> Cocoon {
    let mut out = g.clone();
    if viewer == Viewer::Omniscient {
        return out;
    }
    let places = hidden_places(g, viewer);
    let mut bag: Vec<Tile> = places.iter().filter_map(|&p| g.tile_in(p)).collect();
    for k in KINDS {
        for _ in 0..g.pool[k.index()] {
            bag.push(k);
        }
    }
    let mut x = salt;
    for i in (1..bag.len()).rev() {
        x = crate::engine::rng::mix(x);
        bag.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut next = bag.into_iter();
    for &p in &places {
        if let Some(t) = next.next() {
            out.put_in(p, t);
        }
    }
    out.pool = [0; 36];
    for t in next {
        out.pool[t.index()] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options};

    /// Three players, each holding three tiles of single-copy kinds: seat 0 F1 F2 F3, seat 1
    /// F4 F5 F6, seat 2 F8 F10 B1 (the first chance outcome every time).
    fn dealt() -> Cocoon {
        let mut g = Cocoon::new(&Options::new(), 3).expect("new");
        while g.hand(2).len() < 3 {
            let (a, _) = g.chance_outcomes()[0];
            g.apply(Actor::Chance, &a).expect("chance");
        }
        assert_eq!(g.hand(1), &[Tile::F4, Tile::F5, Tile::F6]);
        g
    }

    fn unseen(g: &Cocoon) -> usize {
        g.pool.iter().map(|&n| usize::from(n)).sum()
    }

    #[test]
    fn a_hidden_tile_comes_from_the_unseen_ones_or_another_hidden_place() {
        let g = dealt();
        let me = Viewer::Seat(0);
        let h = g
            .with_hidden_tile(me, HiddenPlace::Hand(1, 0), Tile::Roll)
            .expect("an unseen Roll");
        assert_eq!(h.hand(1), &[Tile::Roll, Tile::F5, Tile::F6]);
        assert_eq!(h.pool[Tile::Roll.index()], g.pool[Tile::Roll.index()] - 1);
        assert_eq!(h.pool[Tile::F4.index()], 1, "the old tile is unseen again");
        assert_eq!(h.view(me), g.view(me));
        // The only F4 is in seat 1's hand, hidden too: the two places swap.
        let h = g
            .with_hidden_tile(me, HiddenPlace::Hand(2, 0), Tile::F4)
            .expect("a hidden F4");
        assert_eq!(h.hand(2), &[Tile::F4, Tile::F10, Tile::B1]);
        assert_eq!(h.hand(1), &[Tile::F8, Tile::F5, Tile::F6]);
        assert_eq!(h.pool, g.pool);
        assert_eq!(h.view(me), g.view(me));
        // What the viewer sees is never changed.
        assert!(
            g.with_hidden_tile(me, HiddenPlace::Hand(0, 0), Tile::Roll)
                .is_none()
        );
        assert!(
            g.with_hidden_tile(me, HiddenPlace::Hand(1, 0), Tile::F1)
                .is_none()
        );
        assert_eq!(
            g.with_hidden_tile(Viewer::Seat(1), HiddenPlace::Hand(1, 0), Tile::Roll),
            None
        );
    }

    #[test]
    fn an_unseen_tile_is_freed_from_a_hidden_place() {
        let g = dealt();
        let me = Viewer::Seat(0);
        let roll = g
            .with_unseen_tile(me, Tile::Roll, 7)
            .expect("unseen already");
        assert_eq!(roll, g);
        let h = g.with_unseen_tile(me, Tile::F5, 7).expect("held unseen");
        assert_eq!(h.pool[Tile::F5.index()], 1);
        assert_eq!(h.hand(1)[0], Tile::F4);
        assert_ne!(h.hand(1)[1], Tile::F5);
        assert_eq!(unseen(&h), unseen(&g), "tiles are exchanged, not made");
        assert_eq!(h.view(me), g.view(me));
        assert!(
            g.with_unseen_tile(me, Tile::F1, 7).is_none(),
            "seat 0 holds it"
        );
    }
}

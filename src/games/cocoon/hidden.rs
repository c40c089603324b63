//! `vary_hidden`: the same game with everything a viewer cannot know dealt differently, so the
//! property tests can prove a view leaks nothing.

use super::tiles::{KINDS, Tile};
use super::{Cocoon, Task};
use crate::engine::{Seat, Viewer};

pub(crate) fn vary(g: &Cocoon, viewer: Viewer, salt: u64) -> Cocoon {
    let mut out = g.clone();
    let me: Option<Seat> = match viewer {
        Viewer::Omniscient => return out,
        Viewer::Seat(s) => Some(s),
        Viewer::Public => None,
    };
    let top = g.tasks.last().copied();
    // Hands this viewer sees: its own, and the one "Take a Tile" shows it.
    let peeked = match top {
        Some(Task::Take { from }) if me == Some(g.turn) => Some(from),
        _ => None,
    };
    let hidden_hands: Vec<Seat> = (0..g.players)
        .filter(|&s| Some(s) != me && Some(s) != peeked)
        .collect();
    let looking_hidden = !matches!(top, Some(Task::Pick { seat }) if Some(seat) == me);
    let taken_hidden = match top {
        Some(Task::PutTaken { from, .. }) => me != Some(g.turn) && me != Some(from),
        _ => false,
    };

    let mut bag: Vec<Tile> = Vec::new();
    for &s in &hidden_hands {
        bag.extend_from_slice(g.hand(s));
    }
    if looking_hidden {
        bag.extend_from_slice(&g.looking);
    }
    for &(t, who) in &g.top {
        if Some(who) != me {
            bag.push(t);
        }
    }
    if taken_hidden && let Some(Task::PutTaken { tile, .. }) = top {
        bag.push(tile);
    }
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
    for &s in &hidden_hands {
        if let Some(p) = out.seats.get_mut(s) {
            for t in p.hand.iter_mut() {
                *t = next.next().unwrap_or(*t);
            }
        }
    }
    if looking_hidden {
        for t in out.looking.iter_mut() {
            *t = next.next().unwrap_or(*t);
        }
    }
    for (t, who) in out.top.iter_mut() {
        if Some(*who) != me {
            *t = next.next().unwrap_or(*t);
        }
    }
    if taken_hidden && let Some(Task::PutTaken { tile, .. }) = out.tasks.last_mut() {
        *tile = next.next().unwrap_or(*tile);
    }
    out.pool = [0; 36];
    for t in next {
        out.pool[t.index()] += 1;
    }
    out
}

impl Cocoon {
    /// The same state with `seat` holding `hand`: its old tiles go back among the unseen ones
    /// and the new ones come from them. For the search player's replay, when "Take a Tile"
    /// shows a hand the replay had dealt otherwise (`crate::bots::search::cocoon`). Pure;
    /// `None` if the unseen tiles do not hold `hand`.
    pub fn with_hand(&self, seat: Seat, hand: &[Tile]) -> Option<Cocoon> {
        let mut out = self.clone();
        let player = out.seats.get_mut(seat)?;
        for t in std::mem::take(&mut player.hand) {
            out.pool[t.index()] += 1;
        }
        for t in hand {
            let n = out.pool.get_mut(t.index())?;
            *n = n.checked_sub(1)?;
        }
        out.seats[seat].hand = hand.to_vec();
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options};

    #[test]
    fn a_hand_can_be_set_from_the_unseen_tiles() {
        let mut g = Cocoon::new(&Options::new(), 2).expect("new");
        while g.hand(1).len() < 3 {
            let (a, _) = g.chance_outcomes()[0];
            g.apply(Actor::Chance, &a).expect("chance");
        }
        let unseen: Vec<Tile> = KINDS
            .iter()
            .copied()
            .filter(|k| g.pool[k.index()] > 0)
            .take(3)
            .collect();
        let h = g.with_hand(1, &unseen).expect("unseen tiles");
        assert_eq!(h.hand(1), &unseen[..]);
        let total = |c: &Cocoon| c.pool.iter().map(|&n| n as usize).sum::<usize>();
        assert_eq!(total(&h), total(&g), "tiles are exchanged, not made");
        assert_eq!(h.view(Viewer::Seat(0)), g.view(Viewer::Seat(0)));
        let all_of_one = [unseen[0]; 3];
        if g.pool[unseen[0].index()] < 3 {
            assert!(g.with_hand(1, &all_of_one).is_none());
        }
    }
}

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

//! What the detective does with the optional roles' private choices, each from its own seat's
//! view: the Healer's prayer, the Vampire's bite and a clan member's vote. The Mayor's choice
//! and the Police's dice are in [`super::detective`] (they change where the die goes and how
//! likely it kills, which the attack forecast weighs).

use super::belief::family;
use crate::engine::{Seat, rng};
use crate::games::rocca::{Action, Body, View, owner};

/// The seat's own role, as its view tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A plain villager's player (it may hold the Healer or a face card).
    Village,
    /// Holds the Monster card.
    Monster,
    /// Holds the Vampire card.
    Vampire,
    /// Bitten: wins with a Vampire it does not know.
    Clan,
}

impl Side {
    pub fn of(view: &View, seat: Seat) -> Side {
        let body = family(seat).find_map(|v| {
            view.villager(v)
                .and_then(|x| x.body)
                .filter(|b| b.is_killer())
        });
        match body {
            Some(Body::Vampire) => Side::Vampire,
            Some(_) => Side::Monster,
            None if view.in_clan => Side::Clan,
            None => Side::Village,
        }
    }
}

/// The Healer's prayer. A villager brings back whoever gives the village most: first a
/// villager of a family with nobody left alive (its player votes again, and such a family
/// cannot be the killer's, whose death ends the game), then one of its own family (a sure
/// honest voter's), then anyone. The Monster's player lets the dead rest (every revival
/// undoes one of its deaths), and so does a clan member, which wins by deaths too. The
/// Vampire's player revives only where the next midnight's bite turns a family it still
/// needs: a family outside the clan that still has someone alive.
pub fn prayer(side: Side, seat: Seat, view: &View, legal: &[Action], die: u64) -> Action {
    let graves: Vec<u8> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Revive { v } => Some(v),
            _ => None,
        })
        .collect();
    let alive_in = |s: Seat| family(s).any(|u| view.villager(u).is_some_and(|x| x.alive));
    let score = |v: u8| -> f64 {
        let s = owner(v);
        match side {
            Side::Monster | Side::Clan => 0.0,
            Side::Vampire => {
                if s != seat && !view.clan.contains(&s) && alive_in(s) {
                    1.0
                } else {
                    0.0
                }
            }
            Side::Village => {
                if !alive_in(s) {
                    3.0
                } else if s == seat {
                    2.0
                } else {
                    1.0
                }
            }
        }
    };
    let best = graves.iter().map(|&v| score(v)).fold(0.0, f64::max);
    let top: Vec<u8> = graves.into_iter().filter(|&v| score(v) == best).collect();
    if best <= 0.0 || top.is_empty() {
        return Action::Sleep;
    }
    let i = (die % top.len() as u64) as usize;
    top.get(i).map_or(Action::Sleep, |&v| Action::Revive { v })
}

/// The Vampire's bite: every family it may bite that is not in the clan yet joins it (one more
/// vote on its side, one family nearer "everyone is in the clan"); never its own.
pub fn bite(seat: Seat, view: &View, legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|a| match *a {
            Action::Bite { seat: b } => {
                usize::from(b) != seat && !view.clan.contains(&usize::from(b))
            }
            _ => false,
        })
        .unwrap_or(Action::Sleep)
}

/// A clan member's vote. It wants an innocent executed (one more death for its side) and the
/// Vampire spared, without knowing who the Vampire is. `honest` is the villager it would vote
/// for were it not bitten (the table's likely choice) and `w` its own suspicion of each
/// villager. It joins the honest choice when that villager is no likelier than average to
/// be the killer; otherwise it votes for the villager it suspects least outside its family,
/// ties broken by a die every clan member throws alike (`public`), so the clan agrees.
pub fn clan_vote(
    seat: Seat,
    w: &[f64],
    targets: &[u8],
    honest: Option<u8>,
    public: u64,
) -> Option<u8> {
    let at = |v: u8| w.get(usize::from(v)).copied().unwrap_or(0.0);
    let others: Vec<u8> = targets
        .iter()
        .copied()
        .filter(|&v| owner(v) != seat)
        .collect();
    let suspects = others.iter().filter(|&&v| at(v) > 0.0).count().max(1);
    if let Some(h) = honest
        && at(h) <= 1.0 / suspects as f64
    {
        return Some(h);
    }
    let least = others.iter().map(|&v| at(v)).fold(f64::MAX, f64::min);
    let near = |x: f64| (x - least).abs() <= 1e-9 * least.abs().max(1e-12);
    others
        .iter()
        .copied()
        .filter(|&v| near(at(v)))
        .min_by_key(|&v| rng::mix(public ^ u64::from(v)))
        .or(honest)
}

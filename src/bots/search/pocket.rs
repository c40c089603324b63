//! Pocket & Biscuit for the search player. Every tile anyone saw was face up for the whole
//! table, so the seat's memory of its views (each face-up tile and each finished turn's
//! summary, in order) gives the whole state but the tiles nobody has seen, which chance deals
//! when they are turned up. The playouts use a perfect-memory rule on the sampled state.

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Policy, Search};
use crate::engine::{Seat, rng};
use crate::games::pocket::{
    Action, CELLS, CellView, KINDS, Kind, Pocket, TurnEnd, Verdict, View, matches,
};

impl Determinize for Pocket {
    fn search_player(seed: u64, budget: Budget) -> Box<dyn crate::engine::Bot<Pocket>> {
        Box::new(hard(seed).with_budget(budget))
    }

    type Belief = Pocket;

    fn belief(seat: Seat, seen: &[View]) -> Option<Pocket> {
        let last = seen.last()?;
        let players = last.seats.len();
        if seat >= players {
            return None;
        }
        let mut known: [Option<Kind>; CELLS] = [None; CELLS];
        let mut received: Vec<Vec<Kind>> = vec![Vec::new(); players];
        let mut counted: Option<(usize, Seat)> = None;
        for v in seen {
            for (c, cell) in v.grid.iter().enumerate() {
                if let CellView::FaceUp { kind, .. } = *cell {
                    known[c] = Some(kind);
                }
            }
            let Some(t) = &v.last_turn else { continue };
            for (c, k) in t.revealed() {
                if let Some(slot) = known.get_mut(c) {
                    *slot = Some(k);
                }
            }
            // A summary stays in the views until the next turn's first flip: count it once.
            if counted != Some((t.began, t.seat)) {
                counted = Some((t.began, t.seat));
                if matches!(t.end, TurnEnd::Received { .. } | TurnEnd::GreatSix { .. })
                    && let Some(r) = received.get_mut(t.seat)
                {
                    r.extend(t.flips.iter().filter(|f| f.matched).map(|f| f.kind));
                }
            }
        }
        // One's own pile is in the view; other seats' counts are public.
        if let Some(pile) = &last.seats[seat].pile_tiles {
            let mut mine = pile.clone();
            mine.extend(std::iter::repeat_n(Kind::Cracked, last.seats[seat].cracked));
            received[seat] = mine;
        }
        for (s, r) in received.iter_mut().enumerate() {
            // Views missed (a bot seated mid-game) leave a gap: fill it with the commonest tile.
            r.resize(last.seats[s].tiles, Kind::One);
            // How many of them are cracked is public: a tile whose kind went unseen is cracked
            // as often as the view says.
            let cracked = r.iter().filter(|k| **k == Kind::Cracked).count();
            let mut missing = last.seats[s].cracked.saturating_sub(cracked);
            for k in r.iter_mut().rev() {
                if missing == 0 {
                    break;
                }
                if *k != Kind::Cracked {
                    *k = Kind::Cracked;
                    missing -= 1;
                }
            }
        }
        Some(Pocket::from_memory(last, &known, received))
    }

    fn sample(belief: &Pocket, _rng: &mut ChaCha8Rng) -> Pocket {
        belief.clone()
    }
}

/// A perfect-memory flip on the whole state: a known tile that matches; with two or more
/// matched and poor odds, a known tile that misses (ending the run with its haul); otherwise
/// the better of an unseen tile tapped or not, by the unseen counts.
pub fn memory_rule(state: &Pocket, _seat: Seat, legal: &[Action], r: &mut ChaCha8Rng) -> Action {
    let need = state.need();
    let unseen = state.unseen();
    let total: u32 = unseen.iter().map(|&n| u32::from(n)).sum();
    let odds = |tap: bool| -> f64 {
        if total == 0 {
            return 0.0;
        }
        let hits: u32 = KINDS
            .iter()
            .filter(|&&k| matches(k, tap, need) == Verdict::Matches)
            .map(|k| u32::from(unseen[k.index()]))
            .sum();
        f64::from(hits) / f64::from(total)
    };
    let mut known_hit = None;
    let mut known_miss = None;
    let mut unknown = Vec::new();
    for &a in legal {
        match a {
            Action::Flip { cell, tap } => match state.known(cell) {
                Some(k) => match matches(k, tap, need) {
                    Verdict::Matches => known_hit = known_hit.or(Some(a)),
                    Verdict::Misses => known_miss = known_miss.or(Some(a)),
                    Verdict::SpellFails => {}
                },
                None => unknown.push(a),
            },
            // After a Great 6: show a tile nobody has seen, so that it is known from now on.
            Action::Show { cell } if state.known(cell).is_none() => unknown.push(a),
            _ => {}
        }
    }
    if let Some(a) = known_hit {
        return a;
    }
    let (plain, tapped) = (odds(false), odds(true));
    if need > 2
        && plain.max(tapped) < 0.5
        && let Some(a) = known_miss
    {
        return a;
    }
    let want_tap = tapped > plain;
    let fits: Vec<Action> = unknown
        .iter()
        .copied()
        .filter(|a| match a {
            Action::Flip { tap, .. } => *tap == want_tap,
            _ => true,
        })
        .collect();
    let pool = if fits.is_empty() {
        if unknown.is_empty() { legal } else { &unknown }
    } else {
        &fits
    };
    pool[rng::below(r, pool.len() as u64) as usize]
}

/// The strongest search player for Pocket within the time budget.
pub fn hard(seed: u64) -> Search<Pocket> {
    Search::new(
        seed,
        Budget::default(),
        Policy::State(Box::new(memory_rule)),
    )
}

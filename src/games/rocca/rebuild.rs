//! A state drawn from one seat's view, for the search player's determinizations
//! (`crate::bots::search::rocca`). What the seat sees stays: faces, graves, its own family's
//! bodies, votes, the day's reports. What it cannot see is drawn: where the killer (and the
//! Healer) hide among the living villagers outside its family, whether the killer is the
//! Monster or the Vampire when only its holder knows, and the other seats' private choices of
//! this turn, which are left to make again.

use super::cards::{Body, FAMILY, owner};
use super::view::View;
use super::{Rocca, Stage, Villager};
use crate::engine::Viewer;

impl Rocca {
    /// A state `view`'s seat cannot tell from the true one; `pick(n)` chooses an index below
    /// `n` (the caller's randomness). `changes`: how often each seat moved its vote card in
    /// this ballot, which the table saw happen (see [`vote_changes`]). Pure. `None` for a
    /// non-seat view, during the setup deal, or for a view no deal can meet.
    pub fn from_view(
        view: &View,
        changes: &[u8],
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Rocca> {
        let Viewer::Seat(me) = view.viewer else {
            return None;
        };
        let players = view.players;
        if me >= players || view.villagers.len() != players * FAMILY || view.stage == Stage::Setup {
            return None;
        }
        let mut villagers: Vec<Villager> = view
            .villagers
            .iter()
            .map(|x| Villager {
                body: x.body.unwrap_or(Body::Plain),
                face: x.face,
                alive: x.alive,
                once_dead: x.once_dead,
            })
            .collect();
        let seen = |b: fn(Body) -> bool| view.villagers.iter().any(|x| x.body.is_some_and(b));
        // Hidden villagers: outside the seat's family, never in a grave.
        let hidden: Vec<usize> = (0..villagers.len())
            .filter(|&i| owner(i as u8) != me && view.villagers[i].body.is_none())
            .collect();
        let mut free = hidden;
        // The game goes on, so the killer lives; a seat told it joined the clan knows it is
        // the Vampire, otherwise either may hide there when the Vampire is in play.
        let vampire = view.in_clan || (view.rules.vampire && pick(2) == 1);
        let killer = if vampire {
            Body::Vampire
        } else {
            Body::Monster
        };
        let mut place = |free: &mut Vec<usize>, alive_only: bool, body: Body| -> Option<()> {
            let spots: Vec<usize> = free
                .iter()
                .copied()
                .filter(|&i| !alive_only || view.villagers[i].alive)
                .collect();
            if spots.is_empty() {
                return None;
            }
            let at = spots[pick(spots.len()).min(spots.len() - 1)];
            villagers[at].body = body;
            free.retain(|&i| i != at);
            Some(())
        };
        if !seen(Body::is_killer) {
            place(&mut free, view.ending.is_none(), killer)?;
        }
        if view.rules.healer && !seen(|b| b == Body::Healer) {
            place(&mut free, false, Body::Healer)?;
        }
        let vampire_seat = villagers
            .iter()
            .position(|v| v.body == Body::Vampire)
            .map(|i| owner(i as u8));
        let mut clan = vec![false; players];
        let mut told = vec![false; players];
        if vampire_seat == Some(me) {
            for &s in &view.clan {
                if let Some(c) = clan.get_mut(s) {
                    *c = true;
                }
            }
        }
        if view.in_clan {
            clan[me] = true;
            told[me] = true;
        }
        let choices = (0..players)
            .map(|s| {
                if s == me {
                    view.my_choices.get(s).cloned().unwrap_or_default()
                } else {
                    Vec::new()
                }
            })
            .collect();
        // Villagers the Vampire may bite tonight: one living villager of each family named.
        let bite_targets = view
            .bite_from
            .iter()
            .filter_map(|&s| {
                (s * FAMILY..(s + 1) * FAMILY)
                    .find(|&i| view.villagers.get(i).is_some_and(|x| x.alive))
                    .map(|i| i as u8)
            })
            .collect();
        Some(Rocca {
            players,
            rules: view.rules,
            villagers,
            stage: view.stage,
            day: view.day,
            mayor_used: view.mayor_used,
            healer_power: view.healer_power,
            clan,
            told,
            steps: view.steps.clone(),
            choices,
            bite_targets,
            victim: view.victim,
            votes: view.votes.clone(),
            confirmed: view.confirmed.clone(),
            changes: (0..players)
                .map(|s| changes.get(s).copied().unwrap_or(0))
                .collect(),
            ballot: view.ballot,
            candidates: view.candidates.clone(),
            today: view.today.clone(),
            ending: view.ending,
        })
    }
}

/// How often each seat moved its vote card in the current ballot, counted from a seat's views
/// in order (the last one current): the computer players' limit on moves depends on it.
pub fn vote_changes(seen: &[View]) -> Vec<u8> {
    let Some(last) = seen.last() else {
        return Vec::new();
    };
    let mut changes = vec![0u8; last.players];
    if last.stage != Stage::Vote {
        return changes;
    }
    let key = (last.day, last.ballot);
    let mut prev: Option<&View> = None;
    for v in seen {
        if v.stage != Stage::Vote || (v.day, v.ballot) != key {
            prev = None;
            continue;
        }
        if let Some(p) = prev {
            for (s, c) in changes.iter_mut().enumerate() {
                if let (Some(Some(a)), Some(Some(b))) = (p.votes.get(s), v.votes.get(s))
                    && a != b
                {
                    *c = c.saturating_add(1);
                }
            }
        }
        prev = Some(v);
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, rng};

    /// Along random games, the vote changes a seat counts from its views are the table's, and
    /// a state can be drawn from every view a seat decides on. (That the drawn state shows the
    /// seat the same view and offers it the same actions is checked for every game's
    /// determinization by `tests/common/conformance.rs`.)
    #[test]
    fn a_seat_counts_the_vote_changes_it_saw() {
        for seed in 0..60u64 {
            let players = 3 + seed as usize % 4;
            let mut options = Options::new();
            for (i, key) in ["mayor", "police", "healer", "vampire"].iter().enumerate() {
                if (seed >> i) & 1 == 1 {
                    options.insert((*key).into(), "on".into());
                }
            }
            let Ok(mut g) = Rocca::new(&options, players) else {
                continue;
            };
            let mut r = rng::stream(seed, 3);
            let mut steps = 0;
            let mut seen: Vec<Vec<View>> = vec![Vec::new(); players];
            while !g.is_over() && steps < 3000 {
                steps += 1;
                for (s, v) in seen.iter_mut().enumerate() {
                    v.push(g.view(Viewer::Seat(s)));
                }
                let (actor, a) = match g.to_move() {
                    ToMove::Chance => {
                        let o = g.chance_outcomes();
                        let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                        let i = rng::weighted(&mut r, &w).expect("weights");
                        (Actor::Chance, o[i].0)
                    }
                    ToMove::Seats(s) => {
                        let seat = s[rng::below(&mut r, s.len() as u64) as usize];
                        let v = g.view(Viewer::Seat(seat));
                        let mut x = seed ^ steps;
                        let mut pick = |n: usize| {
                            x = rng::mix(x);
                            (x % n as u64) as usize
                        };
                        seen[seat].push(v.clone());
                        let changes = vote_changes(&seen[seat]);
                        if g.stage == Stage::Vote {
                            assert_eq!(changes, g.changes, "seed {seed} step {steps}");
                        }
                        assert!(
                            Rocca::from_view(&v, &changes, &mut pick).is_some(),
                            "seed {seed} step {steps}: a seat's view"
                        );
                        let l = g.bot_actions(seat);
                        (
                            Actor::Seat(seat),
                            l[rng::below(&mut r, l.len() as u64) as usize],
                        )
                    }
                    ToMove::Over => break,
                };
                g.apply(actor, &a).expect("legal");
            }
        }
    }
}

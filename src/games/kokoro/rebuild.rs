//! A state rebuilt from one seat's view, for the search player's determinizations
//! (`crate::bots::search::kokoro`). Everything in Kokoro is public except what other seats chose
//! this turn and the top sanctuary card nobody has shown this seat; the rebuilt state leaves
//! both open: those seats are still to choose, and chance settles the top card when it is needed.

use super::{Kokoro, Player, View};
use crate::engine::Viewer;

impl Kokoro {
    /// The state `view` shows, with other seats' choices of this turn not yet made and the top
    /// sanctuary card not yet settled unless the viewer peeked at it. Pure; `None` for a
    /// non-seat view or one whose lists disagree with its player count.
    pub fn from_view(view: &View) -> Option<Kokoro> {
        let Viewer::Seat(me) = view.viewer else {
            return None;
        };
        let n = view.players;
        if me >= n || view.mats.len() != n || view.sheets.len() != n || view.mirror_used.len() != n
        {
            return None;
        }
        let players = (0..n)
            .map(|s| Player {
                mat: view.mats[s],
                pending: if s == me {
                    view.choices.get(s).copied().flatten()
                } else {
                    None
                },
                knows_top: s == me && view.next_sanctuary.is_some(),
                mirror_used: view.mirror_used[s],
                boxes: view.sheets[s].boxes,
            })
            .collect();
        Some(Kokoro {
            side: view.side,
            players,
            random_decree: view.decree_pending,
            decree: view.decree,
            guardians: view.guardians,
            grove: view.grove,
            revealed: view.revealed.clone(),
            top: view.next_sanctuary,
            deck: view.deck_left,
            card: view.card,
            golden: view.golden,
            rounds_done: view.rounds_done,
            cards_revealed: view.cards_revealed,
            records: view.records.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, rng};

    /// Along random games, the state rebuilt from a seat's view shows that seat the same view,
    /// except that seats which chose in private are still to choose.
    #[test]
    fn a_rebuilt_state_shows_its_seat_the_same_view() {
        for seed in 0..40u64 {
            let players = 1 + (seed as usize % 4);
            let mut options = Options::new();
            if seed % 3 == 0 {
                options.insert("side".into(), "pink".into());
                options.insert("decree".into(), "random".into());
            }
            let mut g = Kokoro::new(&options, players).expect("new");
            let mut r = rng::stream(seed, 9);
            let mut steps = 0;
            while !g.is_over() && steps < 2000 {
                steps += 1;
                for me in 0..players {
                    let v = g.view(Viewer::Seat(me));
                    let back = Kokoro::from_view(&v).expect("a seat's view rebuilds");
                    let mut w = back.view(Viewer::Seat(me));
                    w.chosen = v.chosen.clone();
                    assert_eq!(w, v, "seed {seed} step {steps} seat {me}");
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
                        let l = g.legal_actions(seat);
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
        assert!(
            Kokoro::from_view(
                &Kokoro::new(&Options::new(), 2)
                    .unwrap()
                    .view(Viewer::Public)
            )
            .is_none()
        );
    }
}

//! `vary_hidden`: the same game with every secret the viewer may not know shuffled: which
//! unrevealed villager holds which body, whether the killer is the Monster or the Vampire, the
//! clan, and the other seats' private choices. Used by the property tests to prove that views
//! leak nothing.

use crate::engine::{Seat, Viewer};

use super::cards::{Body, owner};
use super::{Action, Rocca};

fn below(x: &mut u64, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (crate::engine::rng::splitmix64(x) % n as u64) as usize
    }
}

impl Rocca {
    pub(super) fn varied(&self, viewer: Viewer, salt: u64) -> Self {
        let mut s = self.clone();
        let me: Option<Seat> = match viewer {
            Viewer::Omniscient => return s,
            Viewer::Seat(v) => Some(v),
            Viewer::Public => None,
        };
        if self.ending.is_some() || self.setup_step().is_some() {
            // At the end everything is shown; during setup nobody has looked yet.
            return s;
        }
        let mut rng = salt ^ 0x0052_4F43_4341;
        let i_am_killer = me.is_some() && self.killer_seat() == me;
        let i_am_told = me.is_some_and(|m| self.told.get(m) == Some(&true));

        // Bodies: shuffle over the villagers whose body the viewer cannot see.
        let hidden: Vec<usize> = (0..s.villagers.len())
            .filter(|&i| Some(owner(i as u8)) != me && !s.villagers[i].once_dead)
            .collect();
        let mut bodies: Vec<Body> = hidden.iter().map(|&i| s.villagers[i].body).collect();
        for i in (1..bodies.len()).rev() {
            bodies.swap(i, below(&mut rng, i + 1));
        }
        for (&i, b) in hidden.iter().zip(bodies) {
            s.villagers[i].body = b;
        }

        // Monster or Vampire: only its holder, or a family told of its bite, knows.
        if self.rules.vampire && !i_am_killer && !i_am_told {
            let vampire = crate::engine::rng::splitmix64(&mut rng).is_multiple_of(2);
            if let Some(k) = s.killer_at() {
                s.villagers[usize::from(k)].body = if vampire {
                    Body::Vampire
                } else {
                    Body::Monster
                };
            }
        }

        // The clan: only the Vampire sees it whole; a told family knows its own membership.
        if !i_am_killer {
            let vampire_game = s.killer_body() == Body::Vampire;
            let ks = s.killer_seat();
            for seat in 0..s.players {
                if Some(seat) == me {
                    if !vampire_game {
                        s.clan[seat] = false;
                        s.told[seat] = false;
                    } else if !i_am_told {
                        // Untold: the viewer's own membership is hidden from it too.
                        s.clan[seat] = crate::engine::rng::splitmix64(&mut rng).is_multiple_of(3)
                            && Some(seat) != ks;
                        s.told[seat] = false;
                    }
                    continue;
                }
                let member = vampire_game
                    && Some(seat) != ks
                    && crate::engine::rng::splitmix64(&mut rng).is_multiple_of(3);
                s.clan[seat] = member;
                s.told[seat] = member && crate::engine::rng::splitmix64(&mut rng).is_multiple_of(2);
            }
        }

        // Other seats' private choices, remade for their (possibly new) roles.
        for seat in 0..s.players {
            if Some(seat) == me {
                continue;
            }
            let taken = s.choices[seat].len();
            let mut remade = Vec::with_capacity(taken);
            for k in 0..taken {
                let Some(&step) = s.steps.get(k) else {
                    break;
                };
                let options = s.options_for(seat, step);
                let pick = options
                    .get(below(&mut rng, options.len()))
                    .copied()
                    .unwrap_or(Action::Sleep);
                remade.push(pick);
            }
            s.choices[seat] = remade;
        }
        s
    }
}

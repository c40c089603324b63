//! The random-legal bot, for every game.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Bot, Game, Seat, rng};

pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _seat: Seat, _view: &G::View, legal: &[G::Action]) -> G::Action {
        let i = rng::below(&mut self.rng, legal.len() as u64) as usize;
        legal[i.min(legal.len() - 1)].clone()
    }
}

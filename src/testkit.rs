//! Helpers for tests only: compiled into the unit tests (`cfg(test)` in `lib.rs`) and, from
//! this same file, into the integration tests (`tests/common/mod.rs`), over the library's
//! public interface (`hotseat::` paths; the library names itself so inside its own tests).
//! The product does not carry them, and no `testkit` feature is needed.

use hotseat::engine::game::{Illegal, Refusal};
use hotseat::engine::{Actor, Game, Match, ToMove};

/// Plays chance for a [`Match`] in a test (a table plays chance as it comes).
pub trait RunChance {
    /// Samples and applies chance actions until a seat is to move or the game is over.
    fn run_chance(&mut self) -> Result<usize, Refusal>;
}

impl<G: Game> RunChance for Match<G> {
    fn run_chance(&mut self) -> Result<usize, Refusal> {
        let mut n = 0;
        while let Some(a) = self.sample_chance() {
            self.apply(Actor::Chance, a, None)?;
            n += 1;
        }
        if self.state.to_move() == ToMove::Chance {
            return Err(Refusal::Rule(Illegal(
                "chance is to move but has no outcome (a rules bug)".into(),
            )));
        }
        Ok(n)
    }
}

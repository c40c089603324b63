//! Random access to the states of a finished or unfinished match, for the replay viewer.
//! Keeps a snapshot every [`SNAPSHOT_EVERY`] actions so that stepping back costs at most that
//! many re-applications, however long the log.

use super::game::Game;
use super::session::Match;

pub const SNAPSHOT_EVERY: usize = 64;

pub struct Replay<G: Game> {
    pub m: Match<G>,
    snapshots: Vec<G>,
    pos: usize,
    state: G,
}

impl<G: Game> Replay<G> {
    pub fn new(m: Match<G>) -> Self {
        let mut snapshots = vec![m.initial.clone()];
        let mut s = m.initial.clone();
        for (i, step) in m.history.iter().enumerate() {
            let _ = s.apply(step.actor, &step.action);
            if (i + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(s.clone());
            }
        }
        let state = m.initial.clone();
        Replay {
            m,
            snapshots,
            pos: 0,
            state,
        }
    }

    pub fn len(&self) -> usize {
        self.m.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.m.history.is_empty()
    }

    /// How many actions have been applied to [`Replay::state`].
    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    /// Moves to the state after the first `n` actions (clamped to the log's length).
    pub fn seek(&mut self, n: usize) {
        let n = n.min(self.len());
        if n < self.pos || n - self.pos > SNAPSHOT_EVERY {
            let k = n / SNAPSHOT_EVERY;
            self.state = self.snapshots[k.min(self.snapshots.len() - 1)].clone();
            self.pos = k * SNAPSHOT_EVERY;
        }
        while self.pos < n {
            let step = &self.m.history[self.pos];
            let _ = self.state.apply(step.actor, &step.action);
            self.pos += 1;
        }
    }
}

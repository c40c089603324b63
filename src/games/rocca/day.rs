//! The day: every seat with a living villager votes openly in seat order, may move its card
//! until everyone confirms, and the most-voted villager is executed. Ties go to a new ballot
//! among the tied; after the third tie the lot decides.

use crate::engine::{Illegal, Seat};
use crate::illegal;

use super::cards;
use super::{Action, Reason, Report, Rocca, Stage};

impl Rocca {
    pub(super) fn begin_day(&mut self) {
        self.ballot = 1;
        self.candidates.clear();
        self.open_ballot();
    }

    fn open_ballot(&mut self) {
        self.stage = Stage::Vote;
        self.votes = vec![None; self.players];
        self.confirmed = vec![false; self.players];
        self.changes = vec![0; self.players];
        if self.next_voter().is_none() {
            self.stage = Stage::Tally;
        }
    }

    /// Seats with a living villager vote.
    #[inline]
    pub fn is_voter(&self, seat: Seat) -> bool {
        self.has_living(seat)
    }

    /// Whose turn it is to vote: the first who has not placed a card, then the first who has
    /// not confirmed.
    pub(super) fn next_voter(&self) -> Option<Seat> {
        let voters = (0..self.players).filter(|&s| self.is_voter(s));
        let mut unconfirmed = None;
        for s in voters {
            if self.votes[s].is_none() {
                return Some(s);
            }
            if !self.confirmed[s] && unconfirmed.is_none() {
                unconfirmed = Some(s);
            }
        }
        unconfirmed
    }

    fn votable(&self, v: u8) -> bool {
        self.is_alive(v) && (self.candidates.is_empty() || self.candidates.contains(&v))
    }

    pub(super) fn vote_options(&self, seat: Seat) -> Vec<Action> {
        let targets = (0..self.villager_count()).filter(|&v| self.votable(v));
        match self.votes.get(seat).copied().flatten() {
            None => targets.map(|v| Action::Vote { v }).collect(),
            Some(current) => {
                let mut out = vec![Action::Confirm];
                out.extend(
                    targets
                        .filter(|&v| v != current)
                        .map(|v| Action::Vote { v }),
                );
                out
            }
        }
    }

    /// A computer player moves its card at most [`cards::BOT_CHANGES`] times per ballot.
    pub(super) fn bot_vote_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = self.vote_options(seat);
        let moved_enough = self.changes.get(seat).copied().unwrap_or(0) >= cards::BOT_CHANGES;
        if moved_enough && out.contains(&Action::Confirm) {
            out.retain(|a| *a == Action::Confirm);
        }
        out
    }

    pub(super) fn vote_choice(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        if !self.vote_options(seat).contains(&action) {
            return match action {
                Action::Vote { v } if !self.votable(v) => {
                    illegal!("{} cannot receive a vote now", cards::label(v))
                }
                Action::Confirm => illegal!("seat {seat} has no vote to confirm yet"),
                _ => illegal!("{action:?} is not a vote"),
            };
        }
        match action {
            Action::Vote { v } => {
                if self.votes[seat].is_some() {
                    // A moved card reopens the question for everyone else.
                    self.changes[seat] = self.changes[seat].saturating_add(1);
                    self.confirmed = vec![false; self.players];
                    self.confirmed[seat] = true;
                }
                self.votes[seat] = Some(v);
            }
            _ => self.confirmed[seat] = true,
        }
        if self.next_voter().is_none() {
            self.stage = Stage::Tally;
        }
        Ok(())
    }

    /// Votes on each villager this ballot.
    pub fn vote_counts(&self) -> Vec<u8> {
        let mut t = vec![0u8; self.villagers.len()];
        for v in self.votes.iter().flatten() {
            if let Some(c) = t.get_mut(usize::from(*v)) {
                *c += 1;
            }
        }
        t
    }

    /// The count: the most votes is executed; a tie goes to a new ballot or, after the last
    /// tied ballot, to the lot.
    pub(super) fn tally(&mut self) {
        let counts = self.vote_counts();
        let best = counts.iter().copied().max().unwrap_or(0);
        let mut tied: Vec<u8> = (0..self.villager_count())
            .filter(|&v| self.votable(v) && counts[usize::from(v)] == best)
            .collect();
        if best == 0 {
            // Nobody voted (cannot happen while the Monster lives): everyone votable is tied.
            tied = (0..self.villager_count())
                .filter(|&v| self.votable(v))
                .collect();
        }
        if let [v] = tied[..] {
            self.execute(v, best, false);
            return;
        }
        self.today.push(Report::Tie {
            ballot: self.ballot,
            tied: tied.clone(),
            votes: best,
        });
        self.candidates = tied;
        if self.ballot >= cards::TIED_BALLOTS {
            self.stage = Stage::Lot;
        } else {
            self.ballot += 1;
            self.open_ballot();
        }
    }

    /// The villager is executed: its cards turn over. The killer's card ends the game.
    pub(super) fn execute(&mut self, v: u8, votes: u8, by_lot: bool) {
        self.today.push(Report::Executed { v, votes, by_lot });
        self.votes = vec![None; self.players];
        self.candidates.clear();
        self.kill(v, Reason::Executed { v });
        self.after_day();
    }
}

//! A match at the table: the rules, the computer players in their seats, and the log on disk.
//! Every applied action is shown to every bot (as its own seat's view) and saved at once.

use std::path::PathBuf;

use super::bot::Bot;
use super::game::{Actor, Game, Illegal, Seat, ToMove, Viewer};
use super::log::{self, LogError, LogFile};
use super::session::Match;

/// Builds the bot of a kind with a seed; `None` for an unknown kind.
pub type BotFactory<G> = fn(&str, u64) -> Option<Box<dyn Bot<G>>>;

/// Each seat's bot, `None` for a human.
pub type Seats<G> = Vec<Option<Box<dyn Bot<G>>>>;

pub struct Table<G: Game> {
    pub m: Match<G>,
    /// `None` for a human seat.
    pub bots: Seats<G>,
    /// Where the log is written after every action; `None` for headless runs.
    pub save: Option<PathBuf>,
    /// The last save error, shown by the UI; the game goes on.
    pub save_error: Option<String>,
    /// The lock on `save`: one game open in one process at a time.
    lock: Option<super::lock::LogLock>,
    make_bot: BotFactory<G>,
}

impl<G: Game> Table<G> {
    /// Seats the bots the players name. Fails on an unknown bot kind.
    pub fn new(m: Match<G>, make_bot: BotFactory<G>) -> Result<Self, String> {
        let bots = Self::seat_bots(&m, make_bot)?;
        let mut t = Table {
            m,
            bots,
            save: None,
            save_error: None,
            lock: None,
            make_bot,
        };
        t.show_bots();
        Ok(t)
    }

    fn seat_bots(m: &Match<G>, make_bot: BotFactory<G>) -> Result<Seats<G>, String> {
        let mut bots = Vec::new();
        for (i, p) in m.players.iter().enumerate() {
            if !p.is_bot() {
                bots.push(None);
                continue;
            }
            let kind = p.bot.as_deref().unwrap_or("");
            let seed = p
                .seed
                .as_deref()
                .and_then(|s| s.parse().ok())
                .unwrap_or(i as u64);
            let bot = make_bot(kind, seed)
                .ok_or_else(|| format!("unknown bot kind '{kind}' for {}", G::NAME))?;
            bots.push(Some(bot));
        }
        Ok(bots)
    }

    /// Rebuilds a table from a log, showing the bots every step as it happened so that they
    /// remember what they had seen.
    pub fn from_log(log: &LogFile, make_bot: BotFactory<G>) -> Result<Self, LogError> {
        let checked = Match::<G>::from_log(log)?;
        let mut fresh = checked.clone();
        fresh.undo(fresh.history.len());
        let mut t = Table::new(fresh, make_bot).map_err(LogError::header)?;
        for (i, step) in checked.history.into_iter().enumerate() {
            t.m.apply(step.actor, step.action, step.ms)
                .map_err(|e| LogError::at(i, e.0))?;
            t.show_bots();
        }
        Ok(t)
    }

    fn show_bots(&mut self) {
        for (seat, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.observe(&self.m.state.view(Viewer::Seat(seat)));
            }
        }
    }

    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(self.bots.get(seat), Some(Some(_)))
    }

    /// Applies a seat's or chance's action, shows the bots and saves.
    pub fn apply(
        &mut self,
        actor: Actor,
        action: G::Action,
        ms: Option<u64>,
    ) -> Result<(), Illegal> {
        self.m.apply(actor, action, ms)?;
        self.show_bots();
        self.persist();
        Ok(())
    }

    /// Plays chance until a seat is to move or the game ends.
    pub fn run_chance(&mut self) -> Result<(), Illegal> {
        while let Some(a) = self.m.sample_chance() {
            self.apply(Actor::Chance, a, None)?;
        }
        if self.m.to_move() == ToMove::Chance {
            return crate::illegal!("chance is to move but has no outcome");
        }
        Ok(())
    }

    /// The first bot seat that is to move, if any.
    pub fn bot_to_move(&self) -> Option<Seat> {
        self.m
            .to_move()
            .seats()
            .iter()
            .copied()
            .find(|&s| self.is_bot(s))
    }

    /// Lets the bot in `seat` choose and applies its action.
    pub fn bot_step(&mut self, seat: Seat) -> Result<G::Action, Illegal> {
        let legal = self.m.state.bot_actions(seat);
        if legal.is_empty() {
            return crate::illegal!("seat {seat} has no legal action");
        }
        let view = self.m.state.view(Viewer::Seat(seat));
        let Some(Some(bot)) = self.bots.get_mut(seat) else {
            return crate::illegal!("seat {seat} is not a bot");
        };
        let action = bot.choose(seat, &view, &legal);
        self.apply(Actor::Seat(seat), action.clone(), None)?;
        Ok(action)
    }

    /// Takes back `n` trailing actions of one seat (see [`Match::undoable`]) and rebuilds the
    /// bots' memories by showing them the game again.
    pub fn undo(&mut self, n: usize) {
        self.m.undo(n);
        if self.bots.iter().any(Option::is_some) {
            // Bots must forget what was taken back: seat fresh ones and show them the game again.
            let steps = self.m.history.clone();
            self.m.undo(steps.len());
            if let Ok(bots) = Self::seat_bots(&self.m, self.make_bot) {
                self.bots = bots;
            }
            self.show_bots();
            for s in steps {
                let _ = self.m.apply(s.actor, s.action, s.ms);
                self.show_bots();
            }
        }
        self.persist();
    }

    /// Saves to `path` from now on, holding its lock, and saves at once; `None` stops saving.
    /// Refused when another process has the game open.
    pub fn save_to(&mut self, path: Option<PathBuf>) -> Result<(), String> {
        self.save = None;
        self.lock = None;
        if let Some(path) = path {
            // Through a symlink, the lock and the saves go beside the real file, so that two
            // links to one game cannot both open it.
            let path = std::fs::canonicalize(&path).unwrap_or(path);
            self.lock = Some(super::lock::lock(&path)?);
            self.save = Some(path);
            self.persist();
        }
        Ok(())
    }

    /// Writes the log if this table has a file. A failure is kept for the UI, never fatal.
    pub fn persist(&mut self) {
        if let Some(path) = &self.save {
            self.save_error = log::write_atomic(path, &self.m.to_log())
                .err()
                .map(|e| format!("could not save {}: {e}", path.display()));
        }
    }
}

//! A match at the table: the rules, the computer players in their seats, and the log on disk.
//!
//! [`Table::advance`] is the one driver: it plays chance and the computer players up to the next
//! decision a person owes (or the end), and it is shared by the game screen, `run_bots` and
//! `hotseat sim`. The log is written once per decision: after a person's action together with
//! what follows it, never per chance step (chance and bots replay exactly from the seeds).

use std::path::PathBuf;

use super::bot::Bot;
use super::game::{Actor, Game, Illegal, Refusal, Seat, ToMove, Viewer};
use super::log::{self, LogError, LogFile};
use super::session::Match;
use super::thinker::{Answer, Question, Stamp};

/// Builds the bot of a kind with a seed; `None` for an unknown kind.
pub type BotFactory<G> = fn(&str, u64) -> Option<Box<dyn Bot<G>>>;

/// Each seat's bot, `None` for a human.
pub type Seats<G> = Vec<Option<Box<dyn Bot<G>>>>;

/// Where a table's log goes. A trait so that tests can count writes.
pub trait LogStore: Send {
    fn write(&mut self, log: &LogFile) -> std::io::Result<()>;
    /// Names the place in error messages.
    fn name(&self) -> String;
}

/// The log file on disk, rewritten whole and atomically.
pub struct FileStore(pub PathBuf);

impl LogStore for FileStore {
    fn write(&mut self, l: &LogFile) -> std::io::Result<()> {
        log::write_atomic(&self.0, l)
    }
    fn name(&self) -> String {
        self.0.display().to_string()
    }
}

/// What the table waits for after [`Table::advance`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    Over,
    /// These people are to move (a simultaneous step's computer players have already chosen).
    People(Vec<Seat>),
    /// These computer players are to move; the caller allowed no more rounds. People may be
    /// to move too (a simultaneous step): the computer players choose first all the same.
    Bots(Vec<Seat>),
    /// The next step would show `seat` something new while they may still take their last
    /// decision back: it waits for [`Table::release`].
    Held(Seat),
}

/// How far [`Table::advance`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Rounds of computer players to play (a round: every computer player to move chooses on
    /// the same state, then all are applied; people may be to move at the same step).
    /// `usize::MAX` plays to the next person or the end; 0 never calls a bot, so that the
    /// screen and a network table's connections leave choosing to their thinkers.
    pub bot_rounds: usize,
    /// The person whose last decision may still be taken back: a step that would reveal
    /// something to them waits instead.
    pub hold_for: Option<Seat>,
}

impl Pace {
    /// Computer players only, nobody to wait for (sim, `run_bots`).
    pub const HEADLESS: Pace = Pace {
        bot_rounds: usize::MAX,
        hold_for: None,
    };
}

pub struct Table<G: Game> {
    pub m: Match<G>,
    /// `None` for a human seat.
    pub bots: Seats<G>,
    /// Where the log is written; `None` for headless runs.
    pub save: Option<Box<dyn LogStore>>,
    /// Why the last write failed; cleared by a write that succeeds.
    pub save_error: Option<String>,
    /// How many actions of the history the store holds.
    saved: usize,
    /// Computer players' choices made but held back by [`Next::Held`].
    pending: Vec<(Seat, G::Action)>,
    /// The lock on `save`: one game open in one process at a time.
    lock: Option<super::lock::LogLock>,
    make_bot: BotFactory<G>,
    /// Bumped whenever fresh bots are seated: an answer asked of the old ones is stale.
    epoch: u64,
    /// Seats whose bots are away thinking (see [`Table::ask`]); `Away` sits in for them.
    away: Vec<Seat>,
}

impl<G: Game> Table<G> {
    /// Seats the bots the players name. Fails on an unknown bot kind.
    pub fn new(m: Match<G>, make_bot: BotFactory<G>) -> Result<Self, String> {
        let bots = Self::seat_bots(&m, make_bot)?;
        let saved = m.history.len();
        let mut t = Table {
            m,
            bots,
            save: None,
            save_error: None,
            saved,
            pending: Vec::new(),
            lock: None,
            make_bot,
            epoch: 0,
            away: Vec::new(),
        };
        t.show_bots();
        Ok(t)
    }

    /// A table that only shows a match played elsewhere (a network table's copy on one
    /// connection): no store, never advanced; `bots` says which seats computer players hold.
    pub fn shown(m: Match<G>, bots: Seats<G>) -> Self {
        let saved = m.history.len();
        Table {
            m,
            bots,
            save: None,
            save_error: None,
            saved,
            pending: Vec::new(),
            lock: None,
            make_bot: |_, _| None,
            epoch: 0,
            away: Vec::new(),
        }
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
            t.m.apply_step(step)
                .map_err(|e| LogError::at(i, e.to_string()))?;
            t.show_bots();
        }
        t.saved = t.m.history.len();
        Ok(t)
    }

    fn show_bots(&mut self) {
        for (seat, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.observe(&self.m.state.view(bot.viewer(seat)));
            }
        }
    }

    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(self.bots.get(seat), Some(Some(_)))
    }

    /// How many seats are people.
    pub fn people(&self) -> usize {
        (0..self.m.players.len())
            .filter(|&s| !self.is_bot(s))
            .count()
    }

    /// Applies an action and shows the bots; the log is written by [`Table::advance`].
    pub fn apply(
        &mut self,
        actor: Actor,
        action: G::Action,
        ms: Option<u64>,
    ) -> Result<(), Refusal> {
        self.m.apply(actor, action, ms)?;
        self.show_bots();
        Ok(())
    }

    /// Plays chance, then computer players as `pace` allows, until a decision a person owes,
    /// the end, or a step held for `pace.hold_for`; then writes the log if a decision is new.
    /// On a simultaneous step with people to move, the computer players choose at once: they
    /// cannot see the people's choices anyway.
    pub fn advance(&mut self, pace: Pace) -> Result<Next, Refusal> {
        let next = self.run(pace);
        self.persist_due();
        next
    }

    fn run(&mut self, pace: Pace) -> Result<Next, Refusal> {
        let mut rounds = 0;
        // Steps that reveal nothing to this person keep their undo, so this holds throughout.
        let hold = self.hold(pace);
        loop {
            match self.m.to_move() {
                ToMove::Over => return Ok(Next::Over),
                ToMove::Chance => {
                    let Some(a) = self.m.sample_chance() else {
                        return Err(Illegal("chance is to move but has no outcome".into()).into());
                    };
                    if let Some(h) = hold
                        && reveals(&self.m.state, h, Actor::Chance, &a)
                    {
                        return Ok(Next::Held(h));
                    }
                    self.apply(Actor::Chance, a, None)?;
                }
                ToMove::Seats(seats) => {
                    let (bots, people): (Vec<Seat>, Vec<Seat>) =
                        seats.iter().partition(|&&s| self.is_bot(s));
                    if bots.is_empty() {
                        return Ok(Next::People(people));
                    }
                    if rounds >= pace.bot_rounds {
                        return Ok(Next::Bots(bots));
                    }
                    let chosen = self.choose(&bots)?;
                    if let Some(next) = self.play_chosen(chosen, hold)? {
                        return Ok(next);
                    }
                    rounds += 1;
                }
            }
        }
    }

    /// The person a revealing step waits for under `pace`, if their last decision can still
    /// be taken back.
    fn hold(&self, pace: Pace) -> Option<Seat> {
        pace.hold_for.filter(|&h| self.undo_span(h).is_some())
    }

    /// Applies a round of computer players' choices, or holds them all back when one would
    /// show `hold` something new.
    fn play_chosen(
        &mut self,
        chosen: Vec<(Seat, G::Action)>,
        hold: Option<Seat>,
    ) -> Result<Option<Next>, Refusal> {
        if let Some(h) = hold {
            let state = &self.m.state;
            if chosen
                .iter()
                .any(|(s, a)| reveals(state, h, Actor::Seat(*s), a))
            {
                self.pending = chosen;
                return Ok(Some(Next::Held(h)));
            }
        }
        for (s, a) in chosen {
            self.apply(Actor::Seat(s), a, None)?;
        }
        Ok(None)
    }

    /// Which state an answer must have been asked on.
    fn stamp(&self) -> Stamp {
        Stamp {
            epoch: self.epoch,
            actions: self.m.history.len(),
        }
    }

    /// The computer players in `seats` (those [`Next::Bots`] named) leave the table to choose
    /// elsewhere, on a copy of this state; [`Away`] sits in until [`Table::settle`] brings
    /// them back. Nothing may be applied meanwhile except by `settle` (or an undo, which
    /// seats fresh bots and makes the answer stale).
    pub fn ask(&mut self, seats: &[Seat]) -> Result<Question<G>, Refusal> {
        let mut jobs = Vec::new();
        for &seat in seats {
            if self.away.contains(&seat) {
                return Err(Illegal(format!("seat {seat} is already thinking")).into());
            }
            if !self.m.to_move().includes(seat) {
                return Err(Illegal(format!("seat {seat} is not to move")).into());
            }
            let Some(slot @ Some(_)) = self.bots.get_mut(seat) else {
                return Err(Illegal(format!("seat {seat} is not a bot")).into());
            };
            let away: Box<dyn Bot<G>> = Box::new(Away);
            if let Some(bot) = slot.replace(away) {
                jobs.push((seat, bot));
            }
            self.away.push(seat);
        }
        Ok(Question {
            jobs,
            state: self.m.state.clone(),
            at: self.stamp(),
        })
    }

    /// The computer players come back with their answer: their choices are played (or held,
    /// as [`Table::advance`] would), then the table goes on as `pace` allows. An answer asked
    /// before an undo is stale: its bots and choices are dropped (fresh bots sit already).
    pub fn settle(&mut self, answer: Answer<G>, pace: Pace) -> Result<Next, Refusal> {
        if answer.at != self.stamp() {
            return self.advance(pace);
        }
        for (seat, bot) in answer.bots {
            if let Some(slot) = self.bots.get_mut(seat) {
                *slot = Some(bot);
            }
            self.away.retain(|&s| s != seat);
        }
        let chosen = answer.chosen.map_err(Illegal)?;
        let hold = self.hold(pace);
        if let Some(next) = self.play_chosen(chosen, hold)? {
            self.persist_due();
            return Ok(next);
        }
        self.advance(pace)
    }

    /// Every computer player in `seats` chooses on the same state (a simultaneous step does not
    /// depend on the order of submission).
    fn choose(&mut self, seats: &[Seat]) -> Result<Vec<(Seat, G::Action)>, Refusal> {
        let mut out = Vec::new();
        for &seat in seats {
            let legal = self.m.state.bot_actions(seat);
            if legal.is_empty() {
                return Err(Illegal(format!("seat {seat} has no legal action")).into());
            }
            if self.away.contains(&seat) {
                return Err(Illegal(format!("seat {seat} is thinking elsewhere")).into());
            }
            let Some(Some(bot)) = self.bots.get_mut(seat) else {
                return Err(Illegal(format!("seat {seat} is not a bot")).into());
            };
            let view = self.m.state.view(bot.viewer(seat));
            out.push((seat, bot.choose(seat, &view, &legal)));
        }
        Ok(out)
    }

    /// The computer players whose choices are held back, if a held step is theirs.
    pub fn held_bots(&self) -> Vec<Seat> {
        self.pending.iter().map(|(s, _)| *s).collect()
    }

    /// Lets the held step happen: the computer players' held choices, or the next chance
    /// outcome. Continue with [`Table::advance`].
    pub fn release(&mut self) -> Result<(), Refusal> {
        if self.pending.is_empty() {
            if let Some(a) = self.m.sample_chance() {
                self.apply(Actor::Chance, a, None)?;
            }
            return Ok(());
        }
        for (s, a) in std::mem::take(&mut self.pending) {
            self.apply(Actor::Seat(s), a, None)?;
        }
        Ok(())
    }

    /// How many trailing steps `u` would take back for `seat`: its last decision, if the game
    /// lets it be taken back, with every step after it, as long as none of those showed `seat`
    /// anything new (forced steps, computer players' moves that hide nothing, chance that only
    /// others see). Another person's action since then stops it.
    pub fn undo_span(&self, seat: Seat) -> Option<usize> {
        if self.is_bot(seat) || self.m.is_over() {
            return None;
        }
        let h = &self.m.history;
        let mine = h.iter().rposition(|s| s.actor == Actor::Seat(seat))?;
        if !h[mine].undoable {
            return None;
        }
        let mut state = self.m.state_at(mine + 1);
        for step in &h[mine + 1..] {
            match step.actor {
                Actor::Seat(s) if !self.is_bot(s) => return None,
                actor => {
                    if reveals(&state, seat, actor, &step.action) {
                        return None;
                    }
                }
            }
            // Applied once already, so it applies again.
            let _ = state.apply(step.actor, &step.action);
        }
        Some(h.len() - mine)
    }

    /// Keeps only the first `n` actions of the history (bots shown the game again): a prefix
    /// of a game, for tests of unfinished games.
    #[cfg(test)]
    pub fn rewind_to(&mut self, n: usize) {
        let steps: Vec<_> = self.m.history.iter().take(n).cloned().collect();
        self.pending.clear();
        self.replay_for_fresh_bots(steps);
        self.saved = usize::MAX;
        self.persist();
    }

    /// Takes the whole game back, seats fresh computer players and plays `steps` again while
    /// showing them every step: they remember exactly what they saw of those steps, no more.
    fn replay_for_fresh_bots(&mut self, steps: Vec<super::session::Step<G::Action>>) {
        self.m.undo(self.m.history.len());
        if let Ok(bots) = Self::seat_bots(&self.m, self.make_bot) {
            self.bots = bots;
            self.away.clear();
            self.epoch += 1;
        }
        self.show_bots();
        for s in steps {
            let _ = self.m.apply_step(s);
            self.show_bots();
        }
    }

    /// Takes back `seat`'s last decision with everything after it (see [`Table::undo_span`]),
    /// rebuilds the bots' memories by showing them the game again, and writes the log.
    /// Returns false when there is nothing to take back.
    pub fn undo(&mut self, seat: Seat) -> bool {
        let Some(n) = self.undo_span(seat) else {
            return false;
        };
        self.pending.clear();
        self.m.undo(n);
        if self.bots.iter().any(Option::is_some) {
            // Bots must forget what was taken back: seat fresh ones and show them the game again.
            let steps = self.m.history.clone();
            self.replay_for_fresh_bots(steps);
        }
        self.saved = usize::MAX;
        self.persist();
        true
    }

    /// Whether the store lacks actions the table has (or holds some it no longer has).
    pub fn unsaved(&self) -> bool {
        self.save.is_some() && self.saved != self.m.history.len()
    }

    /// Writes the log when a person's decision is not on disk yet, or the game is over, or
    /// nobody at the table is a person. Chance and computer players in between need no write
    /// of their own: they replay exactly from the seeds.
    fn persist_due(&mut self) {
        if !self.unsaved() {
            return;
        }
        let tail = self.m.history.get(self.saved.min(self.m.history.len())..);
        let person_acted = tail.is_some_and(|t| {
            t.iter()
                .any(|s| matches!(s.actor, Actor::Seat(n) if !self.is_bot(n)))
        });
        if person_acted
            || self.saved > self.m.history.len()
            || self.m.is_over()
            || self.people() == 0
        {
            self.persist();
        }
    }

    /// Saves to `path` from now on, holding its lock, and saves at once; `None` stops saving.
    /// Refused when another process has the game open.
    pub fn save_to(&mut self, path: Option<PathBuf>) -> Result<(), String> {
        self.save = None;
        self.lock = None;
        if let Some(path) = path {
            // Through a symlink or another spelling of the path, the lock and the saves go
            // beside the real file, so that two names for one game cannot both open it.
            let path = super::lock::canonical(&path);
            self.lock = Some(super::lock::lock(&path)?);
            self.set_store(Some(Box::new(FileStore(path))));
        }
        Ok(())
    }

    /// Writes the log if this table has a store. A failure is kept in `save_error`.
    pub fn persist(&mut self) {
        let Some(store) = self.save.as_mut() else {
            return;
        };
        match store.write(&self.m.to_log()) {
            Ok(()) => {
                self.saved = self.m.history.len();
                self.save_error = None;
            }
            Err(e) => self.save_error = Some(format!("could not save {}: {e}", store.name())),
        }
    }

    /// Sets where the log goes and writes it there.
    pub fn set_store(&mut self, store: Option<Box<dyn LogStore>>) {
        self.save = store;
        self.persist();
    }
}

/// Sits in a seat while its computer player thinks elsewhere ([`Table::ask`]). It is never
/// asked: the table refuses to choose for a seat that is away.
struct Away;

impl<G: Game> Bot<G> for Away {
    fn choose(&mut self, _: Seat, _: &G::View, legal: &[G::Action]) -> G::Action {
        // Unreachable (see above); `legal` is never empty by contract.
        legal[0].clone()
    }
}

/// How many varied hidden states a move is tried on to see whether it shows something.
const VARIATIONS: u64 = 4;

/// Whether `actor` playing `action` on `state` shows `seat` something it did not know: a chance
/// outcome `seat` would tell apart from the other possible ones, or a step (chance, even with a
/// single outcome, or another seat's move) that would not be possible, or would look or read
/// different to `seat`, in a state that differs only in what `seat` cannot see (a forced step
/// may still uncover something hidden earlier, like the die at dawn). A move of `seat`'s own
/// never reveals to it by this test (the game's [`Game::undoable`] says that).
pub fn reveals<G: Game>(state: &G, seat: Seat, actor: Actor, action: &G::Action) -> bool {
    let me = Viewer::Seat(seat);
    let after = |s: &G, a: &G::Action| {
        let mut next = s.clone();
        next.apply(actor, a)
            .ok()
            .map(|()| (next.view(me), s.describe(actor, a, me)))
    };
    if actor == Actor::Seat(seat) {
        return false;
    }
    let here = after(state, action);
    if actor == Actor::Chance {
        let outcomes = state.chance_outcomes();
        if outcomes.len() > 1 && outcomes.iter().any(|(a, _)| after(state, a) != here) {
            return true;
        }
    }
    (0..VARIATIONS).any(|salt| {
        let other = state.vary_hidden(me, salt);
        let possible = match actor {
            Actor::Chance => other.chance_outcomes().iter().any(|(a, _)| a == action),
            Actor::Seat(s) => other.legal_actions(s).contains(action),
        };
        !possible || after(&other, action) != here
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Refusal, Setup};
    use crate::ui::Registered;
    use crate::ui::demo::{Demo, DemoAction};

    fn table(players: Vec<PlayerEntry>) -> Table<Demo> {
        let m = Match::new(Setup {
            options: Default::default(),
            players,
            seed: 42,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup");
        Table::new(m, Demo::make_bot).expect("table")
    }

    #[test]
    fn refusals_say_which_kind_they_are() {
        let mut t = table(vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")]);
        let err = t.m.apply(Actor::Seat(0), DemoAction::Pick(1), None);
        assert_eq!(
            err,
            Err(Refusal::NotToMove {
                actor: Actor::Seat(0),
                to_move: ToMove::Chance
            })
        );
        let err = t.m.apply(Actor::Chance, DemoAction::Deal(vec![9, 9]), None);
        assert!(matches!(err, Err(Refusal::Impossible(_))), "{err:?}");
        t.advance(Pace::HEADLESS).expect("deal");
        let err = t.m.apply(Actor::Seat(0), DemoAction::Pick(7), None);
        assert!(matches!(err, Err(Refusal::Rule(_))), "{err:?}");
        let err = t.m.apply(Actor::Seat(1), DemoAction::Pick(1), None);
        assert!(
            matches!(err, Err(Refusal::NotToMove { .. })),
            "Bo is not to move: {err:?}"
        );
    }

    #[test]
    fn headless_advance_plays_to_the_end_and_holds_nothing() {
        let mut t = table(vec![
            PlayerEntry::bot("A", "greedy", 1),
            PlayerEntry::bot("B", "random", 2),
        ]);
        assert_eq!(t.advance(Pace::HEADLESS), Ok(Next::Over));
        assert!(t.m.is_over());
    }

    /// Kokoro's first card: every seat draws at once, Ann with two computer players.
    pub(crate) fn kokoro_with_ann() -> Table<crate::games::kokoro::Kokoro> {
        use crate::games::kokoro::Kokoro;
        let m = Match::new(Setup {
            options: Default::default(),
            players: vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("B", "random", 1),
                PlayerEntry::bot("C", "random", 2),
            ],
            seed: 4,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup");
        Table::new(m, Kokoro::make_bot).expect("table")
    }

    #[test]
    fn no_round_allowed_means_no_bot_chooses_even_beside_a_person() {
        // The screen and a network table's connections advance with no round: a computer
        // player at a simultaneous step with a person must not think on their thread.
        let mut t = kokoro_with_ann();
        let pace = Pace {
            bot_rounds: 0,
            hold_for: Some(0),
        };
        assert_eq!(t.advance(pace), Ok(Next::Bots(vec![1, 2])));
        let seats = t.m.history.iter().filter(|s| s.actor != Actor::Chance);
        assert_eq!(seats.count(), 0, "nobody chose");
        // Asked elsewhere, their answer comes back and play goes on to Ann.
        let q = t.ask(&[1, 2]).expect("ask");
        assert!(
            t.is_bot(1) && t.ask(&[1]).is_err(),
            "seat 1 is away thinking"
        );
        assert_eq!(t.settle(q.answer(), pace), Ok(Next::People(vec![0])));
        assert!(t.ask(&[1]).is_err(), "nobody left to think");
    }

    #[test]
    fn an_answer_from_before_an_undo_is_dropped() {
        let mut t = table(vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("B", "greedy", 2),
        ]);
        let pace = Pace {
            bot_rounds: 0,
            hold_for: Some(0),
        };
        assert_eq!(t.advance(pace), Ok(Next::People(vec![0])));
        t.apply(Actor::Seat(0), DemoAction::Pick(1), None)
            .expect("pick");
        assert_eq!(t.advance(pace), Ok(Next::Bots(vec![1])));
        let q = t.ask(&[1]).expect("ask");
        assert!(t.undo(0));
        // The answer is stale: fresh bots sit, Ann is to move again, nothing is applied.
        assert_eq!(t.settle(q.answer(), pace), Ok(Next::People(vec![0])));
        assert_eq!(t.m.history.len(), 1, "the deal only");
        t.apply(Actor::Seat(0), DemoAction::Pick(2), None)
            .expect("pick");
        assert_eq!(t.advance(pace), Ok(Next::Bots(vec![1])));
        let q = t.ask(&[1]).expect("the fresh bot is at the table");
        assert_eq!(t.settle(q.answer(), pace), Ok(Next::People(vec![0])));
        assert_eq!(t.m.history.len(), 3);
    }

    #[test]
    fn one_bot_round_at_a_time_for_the_screen() {
        let mut t = table(vec![
            PlayerEntry::bot("A", "greedy", 1),
            PlayerEntry::bot("B", "random", 2),
        ]);
        let once = Pace {
            bot_rounds: 1,
            hold_for: None,
        };
        assert_eq!(
            t.advance(Pace {
                bot_rounds: 0,
                ..once
            }),
            Ok(Next::Bots(vec![0]))
        );
        assert_eq!(t.m.history.len(), 1, "the deal only");
        assert_eq!(t.advance(once), Ok(Next::Bots(vec![1])));
        assert_eq!(t.m.history.len(), 2);
    }
}

//! Computer players thinking away from the screen.
//!
//! A search player may think for a good part of a second; the screen's thread must keep
//! reading keys and drawing meanwhile. So the table hands the bots to move over in a
//! [`Question`] (each bot with the state it decides on), the question is answered on a thread
//! of its own, and the [`Answer`] brings the bots back with their choices (see
//! [`super::table::Table::ask`] and [`super::table::Table::settle`]). Headless play (`sim`,
//! `run_bots`) never comes here: it chooses in place.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use super::bot::Bot;
use super::game::{Game, Seat, Viewer};

/// The name of every thinking thread: the app's panic hook leaves the terminal alone for a
/// panic there (the game halts with the message instead).
pub const THREAD_NAME: &str = "bot thinker";

/// Which table state a question was asked on: an answer to another one is stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// Bumped whenever the table seats fresh bots (undo, rewind).
    pub epoch: u64,
    /// How many actions the history held.
    pub actions: usize,
}

/// The computer players to move, each with the state it decides on. Only the state crosses
/// threads (views need not be `Send`); each bot takes its own seat's view there.
pub struct Question<G: Game> {
    pub(super) jobs: Vec<(Seat, Box<dyn Bot<G>>)>,
    pub(super) state: G,
    pub(super) at: Stamp,
}

/// The bots back, with what they chose on [`Question::answer`]'s state, or why they could
/// not (a bot that panicked: the game cannot go on).
pub struct Answer<G: Game> {
    pub(super) bots: Vec<(Seat, Box<dyn Bot<G>>)>,
    pub(super) chosen: Result<Vec<(Seat, G::Action)>, String>,
    pub(super) at: Stamp,
}

impl<G: Game> Question<G> {
    /// The seats asked, in order.
    pub fn seats(&self) -> Vec<Seat> {
        self.jobs.iter().map(|(s, _)| *s).collect()
    }

    /// Every bot chooses on the same state. A panic in a bot is caught and reported: on the
    /// screen it halts the game with a message instead of ending the program.
    pub fn answer(mut self) -> Answer<G> {
        let state = &self.state;
        let chosen = catch_unwind(AssertUnwindSafe(|| {
            let mut out = Vec::new();
            for (seat, bot) in self.jobs.iter_mut() {
                let legal = state.bot_actions(*seat);
                if legal.is_empty() {
                    return Err(format!("seat {seat} has no legal action"));
                }
                let view = state.view(Viewer::Seat(*seat));
                out.push((*seat, bot.choose(*seat, &view, &legal)));
            }
            Ok(out)
        }))
        .unwrap_or_else(|panic| Err(format!("a computer player failed: {}", reason(&*panic))));
        Answer {
            bots: self.jobs,
            chosen,
            at: self.at,
        }
    }
}

/// What a panic said, if it said it as text.
fn reason(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "it stopped".into()
    }
}

/// Called from the thinking thread once the answer is in: ends the screen's wait.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// A question being answered. Dropping it discards the answer (undo, leaving): the thread
/// finishes its thought, finds nobody listening and ends.
pub struct Thinking<G: Game> {
    slot: Arc<Mutex<Option<Answer<G>>>>,
    seats: Vec<Seat>,
}

impl<G: Game> Thinking<G> {
    /// Answers `q` on a new thread and calls `wake` when the answer is in. A thread per
    /// round costs microseconds against a search player's tenths of a second, and nothing
    /// waits when no bot thinks.
    pub fn start(q: Question<G>, wake: Wake) -> std::io::Result<Self> {
        let slot = Arc::new(Mutex::new(None));
        let seats = q.seats();
        let filled = slot.clone();
        std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                let answer = q.answer();
                *filled.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
                wake();
            })?;
        Ok(Thinking { slot, seats })
    }

    /// Answers `q` here and now (unit tests of screens that do not test the thinking).
    pub fn inline(q: Question<G>) -> Self {
        let seats = q.seats();
        Thinking {
            slot: Arc::new(Mutex::new(Some(q.answer()))),
            seats,
        }
    }

    /// The seats thinking.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn ready(&self) -> bool {
        self.slot
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// The answer, once it is in.
    pub fn take(&self) -> Option<Answer<G>> {
        self.slot.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

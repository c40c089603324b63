//! The hint key on the game screen: at a person's decision, what the game's hardest computer
//! player would do there ([`crate::registered::hint`]), shown on the board (the game's cursor
//! or highlighted option moves onto the move, so that Enter plays it: [`GameUi::show_hint`])
//! with its reason on the status line.
//!
//! A hint thinks as long as a hard player's decision (up to its 120 ms cap in Kokoro and
//! Cocoon: `cargo bench --bench hints`), so it is worked out on a thread of its own while the
//! screen keeps reading keys and drawing; the thread wakes the screen, whose deadline then
//! lands the hint ([`deadline`], [`land`]). A hint asked on a position that has moved on by
//! then (the person played meanwhile) is dropped.
//!
//! Hints are offered at a local table and at a hosted table whose seats are all at one
//! terminal or computer players. At a table with remote seats a hint is help the others do not
//! get, so there they are off unless the table's creator allowed them in its setup
//! ([`crate::host::seats::TableSpec::hints`]); a hint is then worked out and shown on the
//! asking terminal's screen only (this screen's [`Hints`]), and the room learns no more than
//! that one was asked, for the log.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::engine::thinker::THREAD_NAME;
use crate::engine::{Match, Seat, Viewer};
use crate::host::hub::SeatKind;
use crate::registered::{Effort, Hint};

use super::{Play, Turn};
use crate::ui::work::Work;
use crate::ui::{Ctx, GameUi, Playable, Theme};

/// What the status line says while a hint is worked out.
pub const THINKING: &str = "Looking for a hint…";

/// The hint key's state on one game screen.
pub struct Hints<G: Playable> {
    /// The hint being worked out, if one was asked.
    asked: Option<Asked<G>>,
    /// Where hints are worked out: on a thread that wakes the screen, or at once (unit tests
    /// of everything but the thread).
    on_thread: Option<Wake>,
    effort: Effort,
}

/// Called from the hint's thread once it is ready.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// A hint asked for `seat` when the history held `actions` actions.
struct Asked<G: Playable> {
    seat: Seat,
    actions: usize,
    slot: Slot<G::Action>,
}

/// Where the hint's thread leaves it: `Some` once worked out (`Some(None)`: no hint, e.g. the
/// player failed).
type Slot<A> = Arc<Mutex<Option<Option<Hint<A>>>>>;

/// Playouts of a hint's search inline ([`Work::Inline`]).
const INLINE_PLAYOUTS: u32 = 48;

impl<G: Playable> Hints<G> {
    /// No hint asked yet; hints worked out as `work` says (on a thread that wakes this
    /// terminal, or at once).
    pub fn new(work: Work) -> Self {
        Hints {
            asked: None,
            on_thread: (work == Work::Threads).then(|| Arc::new(crate::ui::input::nudge) as Wake),
            effort: work.effort(INLINE_PLAYOUTS),
        }
    }

    /// Hints worked out on a thread that calls `wake` when one is ready (tests of the thread).
    #[cfg(test)]
    pub fn on_thread(wake: Wake) -> Self {
        Hints {
            on_thread: Some(wake),
            ..Hints::new(Work::Inline)
        }
    }

    /// Whether a hint is being worked out and has not landed yet.
    pub fn pending(&self) -> bool {
        self.asked.is_some()
    }
}

/// Whether this table offers hints at all: one with no remote seat (a local game, or a hosted
/// one whose people all sit at this terminal), or one whose creator allowed them.
pub fn offered<G: Playable>(p: &Play<G>) -> bool {
    p.room.info.hints || p.room.info.seats.iter().all(|s| s.kind != SeatKind::Remote)
}

/// Whether the hint key works now: hints are offered, a person at this keyboard is to move,
/// and no hint for this decision is on its way.
pub fn applies<G: Playable>(p: &Play<G>) -> bool {
    let Turn::Person(seat) = p.turn else {
        return false;
    };
    offered(p)
        && !p.table.is_bot(seat)
        && !p
            .hints
            .asked
            .as_ref()
            .is_some_and(|a| a.seat == seat && a.actions == p.table.m.history.len())
}

/// The hint key: works out the hint for the person to move, on a thread or at once.
pub fn ask<G: Playable>(p: &mut Play<G>) {
    let Turn::Person(seat) = p.turn else {
        return;
    };
    let slot = Arc::new(Mutex::new(None));
    p.hints.asked = Some(Asked {
        seat,
        actions: p.table.m.history.len(),
        slot: slot.clone(),
    });
    // The log keeps that this decision was made after a hint.
    p.room.hint_asked(seat);
    let m = p.table.m.clone();
    let effort = p.hints.effort;
    match p.hints.on_thread.clone() {
        Some(local) => {
            // At a hosted table the screen is a connection's: its wake redraws it, where the
            // local terminal's would leave "Looking for a hint…" up until the next key.
            let wake: Wake = p.link.as_ref().map_or(local, |l| l.wake.0.clone());
            let started = std::thread::Builder::new()
                .name(THREAD_NAME.into())
                .spawn(move || {
                    let hint = work_out(&m, seat, effort);
                    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(hint);
                    wake();
                });
            match started {
                Ok(_) => p.status = Some(THINKING.into()),
                Err(e) => {
                    p.hints.asked = None;
                    p.status = Some(format!("No hint: {e}"));
                }
            }
        }
        None => {
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(work_out(&m, seat, effort));
            land(p);
        }
    }
}

/// The hint for `seat` at `m`, from the views the seat was shown. A panic in the player is
/// caught: no hint, and the game goes on.
fn work_out<G: Playable>(m: &Match<G>, seat: Seat, effort: Effort) -> Option<Hint<G::Action>> {
    catch_unwind(AssertUnwindSafe(|| {
        let seen = crate::bots::hint::seen_by(m, seat);
        crate::registered::hint(&m.state, &seen, seat, effort)
    }))
    .ok()
    .flatten()
}

/// Now, when a hint is ready to land.
pub fn deadline<G: Playable>(p: &Play<G>) -> Option<Instant> {
    let asked = p.hints.asked.as_ref()?;
    let ready = asked.slot.lock().map(|s| s.is_some()).unwrap_or(true);
    ready.then(Instant::now)
}

/// Shows a hint that is ready: the game's cursor on its move and its reason on the status
/// line, if the person it was asked for is still at the same decision. Returns whether one
/// was ready (landed or dropped).
pub fn land<G: Playable>(p: &mut Play<G>) -> bool {
    let Some(asked) = &p.hints.asked else {
        return false;
    };
    let ready = asked.slot.lock().unwrap_or_else(|e| e.into_inner()).take();
    let Some(hint) = ready else {
        return false;
    };
    let (seat, actions) = (asked.seat, asked.actions);
    p.hints.asked = None;
    if p.turn != Turn::Person(seat) || p.table.m.history.len() != actions {
        return true;
    }
    let Some(hint) = hint else {
        p.status = Some("No hint here".into());
        return true;
    };
    let view = p.table.m.state.view(Viewer::Seat(seat));
    let legal = p.table.m.state.legal_actions(seat);
    let names: Vec<String> = p.table.m.players.iter().map(|x| x.name.clone()).collect();
    let ctx = Ctx::<G> {
        view: &view,
        seat: Some(seat),
        legal: &legal,
        names: &names,
        theme: Theme::default(),
    };
    p.ui.show_hint(&hint.action, &ctx);
    p.status = Some(format!("Hint: {}", hint.why));
    true
}

#[cfg(test)]
mod tests;

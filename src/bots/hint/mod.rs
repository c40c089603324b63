//! The hint key's answers: what the hardest computer player of a game would do at a person's
//! decision, and one line on why, in that game's words.
//!
//! A hint is built only from what the person's seat was shown: the views it watched, in order,
//! the last being the one it decides on (the same a computer player in that seat observes, see
//! [`crate::engine::Bot::observe`]). A fresh player of the game's hard level watches them and
//! chooses; its seed comes from the seat and the view, so the same view always gives the same
//! hint, and a view that does not change when another seat's secrets do gives the same hint
//! too (`tests/hints.rs`). The reason is read off what that player computed (the score its
//! playouts came to, the range a slot still takes, whom its notes suspect), never from a state.
//!
//! Each game answers in its own module here; `Registered::hint` (`src/registered.rs`) is the
//! one method a game implements to get the key.

pub mod cocoon;
pub mod couperation;
pub mod kokoro;
pub mod pocket;
pub mod rocca;

use std::fmt::Debug;

use crate::engine::{Bot, Game, Match, Seat, Viewer, rng};

/// The move the hard player would make, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    /// One of the legal actions the hint was asked with.
    pub action: A,
    /// One line, at most [`WHY_WIDTH`] characters.
    pub why: String,
}

/// The widest a reason gets: it sits on the game screen's status line at 80 columns.
pub const WHY_WIDTH: usize = 60;

/// How long a hint may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// As the hard level plays: its own playout counts within its time cap (the 200 ms a
    /// decision may take).
    Play,
    /// Searches run exactly this many playouts, with no time cap: the same hint on any
    /// machine however loaded (tests).
    Exact(u32),
}

/// The seed of a hint: from the seat and the view it decides on, and nothing else. FNV-1a over
/// the view's `Debug` text (views hold no hash maps, so the text is the same for equal views).
pub fn seed_of<V: Debug>(seat: Seat, view: &V) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("{seat}/{view:?}").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    rng::mix(h)
}

/// `bot` watches every view in `seen` and chooses among `legal` (never empty) on the last
/// one; a choice outside `legal` (a bot's bug) falls back to the first legal action.
pub fn watch_and_choose<G: Game>(
    bot: &mut dyn Bot<G>,
    seat: Seat,
    seen: &[G::View],
    legal: &[G::Action],
) -> Option<G::Action> {
    let view = seen.last()?;
    let first = legal.first()?.clone();
    for v in seen {
        bot.observe(v);
    }
    let a = bot.choose(seat, view, legal);
    Some(if legal.contains(&a) { a } else { first })
}

/// Every view `seat` was shown in `m`, in order: the first state's, then one after each action
/// (what a computer player in the seat observes, [`crate::engine::Table`]), the last being the
/// view of the state now.
pub fn seen_by<G: Game>(m: &Match<G>, seat: Seat) -> Vec<G::View> {
    let viewer = Viewer::Seat(seat);
    let mut state = m.initial.clone();
    let mut seen = Vec::with_capacity(m.history.len() + 1);
    seen.push(state.view(viewer));
    for step in &m.history {
        // Applied once already, so it applies again.
        let _ = state.apply(step.actor, &step.action);
        seen.push(state.view(viewer));
    }
    seen
}

/// The parts of a reason joined with "; " as far as they fit in [`WHY_WIDTH`]; the first
/// part is kept whole up to the width (cut with "…" beyond it).
pub fn line<S: AsRef<str>>(parts: &[S]) -> String {
    let mut out = String::new();
    for p in parts {
        let p = p.as_ref();
        if p.is_empty() {
            continue;
        }
        if out.is_empty() {
            out = cut(p);
        } else if out.chars().count() + 2 + p.chars().count() <= WHY_WIDTH {
            out.push_str("; ");
            out.push_str(p);
        }
    }
    out
}

fn cut(s: &str) -> String {
    if s.chars().count() <= WHY_WIDTH {
        return s.to_string();
    }
    let mut out: String = s.chars().take(WHY_WIDTH - 1).collect();
    out.push('…');
    out
}

/// What a search's playouts of the chosen move came to, in plain words: the seat's wins (at a
/// table of several) and its mean score.
pub fn estimate_words(e: &crate::bots::search::Estimate, players: usize, unit: &str) -> String {
    let score = e.score.round() as i64;
    if players <= 1 {
        format!("about {score} {unit} expected ({} playouts)", e.playouts)
    } else {
        format!(
            "wins {:.0}% of {} playouts, about {score} {unit}",
            e.wins * 100.0,
            e.playouts
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_keeps_to_its_width() {
        let long = "x".repeat(80);
        assert_eq!(line(&[long.as_str()]).chars().count(), WHY_WIDTH);
        assert!(line(&[long.as_str()]).ends_with('…'));
        assert_eq!(line(&["a", "", "b"]), "a; b");
        // A second part that would not fit is left out, not cut.
        let first = "y".repeat(50);
        assert_eq!(line(&[first.as_str(), "and twelve more"]), first);
    }

    #[test]
    fn the_seed_follows_the_seat_and_the_view_only() {
        assert_eq!(seed_of(1, &"view"), seed_of(1, &"view"));
        assert_ne!(seed_of(1, &"view"), seed_of(2, &"view"));
        assert_ne!(seed_of(1, &"view"), seed_of(1, &"other"));
    }
}

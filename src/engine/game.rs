//! The rules interface, shaped after OpenSpiel's state API with boardgame.io's per-player views.

use std::fmt::Debug;

use serde::{Serialize, de::DeserializeOwned};

use super::options::{OptionSpec, Options};

/// A player's position at the table, counted from 0.
pub type Seat = usize;

/// Who performs an action: a seat, or chance (dice, shuffles, draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Actor {
    Chance,
    Seat(Seat),
}

/// Whose eyes a [`Game::view`] is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// One player: their own secrets and everything public.
    Seat(Seat),
    /// A spectator: only what the whole table sees.
    Public,
    /// Everything (replay of a finished game).
    Omniscient,
}

impl Viewer {
    /// The seat whose eyes these are, if one player's.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Public | Viewer::Omniscient => None,
        }
    }
}

/// Who owes the next action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// These seats, ascending. More than one means a simultaneous step: each submits in private
    /// and the resolution must not depend on the order of submission.
    Seats(Vec<Seat>),
    /// The driver must sample one of [`Game::chance_outcomes`].
    Chance,
    Over,
}

impl ToMove {
    pub fn seats(&self) -> &[Seat] {
        match self {
            ToMove::Seats(s) => s,
            _ => &[],
        }
    }
    pub fn includes(&self, seat: Seat) -> bool {
        self.seats().contains(&seat)
    }
}

/// An action that the rules refuse, with the reason a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

/// Why the driver refused an action: typed, so that callers (the log loader, the screen) tell
/// whose turn it was from what the rules said without checking again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `actor` owes nothing now; `to_move` is who does.
    NotToMove { actor: Actor, to_move: ToMove },
    /// A chance outcome this state cannot produce.
    Impossible(String),
    /// The rules refuse it, in their own words.
    Rule(Illegal),
}

impl From<Illegal> for Refusal {
    fn from(e: Illegal) -> Self {
        Refusal::Rule(e)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotToMove {
                to_move: ToMove::Over,
                ..
            } => f.write_str("the game is over"),
            Refusal::NotToMove {
                actor: Actor::Seat(s),
                to_move: ToMove::Chance,
            } => write!(f, "seat {s} acted but chance was to move"),
            Refusal::NotToMove {
                actor: Actor::Seat(s),
                to_move: ToMove::Seats(seats),
            } => write!(
                f,
                "seat {s} acted but it was not to move (to move: {seats:?})"
            ),
            Refusal::NotToMove {
                actor: Actor::Chance,
                to_move,
            } => write!(
                f,
                "chance acted but seats {:?} were to move",
                to_move.seats()
            ),
            Refusal::Impossible(what) => write!(f, "impossible chance outcome {what}"),
            Refusal::Rule(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// Builds an `Err(Illegal)` from format arguments.
#[macro_export]
macro_rules! illegal {
    ($($arg:tt)*) => { Err($crate::engine::Illegal(format!($($arg)*))) };
}

/// How an event line from [`Game::describe`] names a seat: the UI puts the player's name in its
/// place (the rules know seats, not names).
pub fn seat_ref(seat: Seat) -> String {
    format!("{{seat:{seat}}}")
}

/// Replaces every [`seat_ref`] in `line` with the seat's name ("player N" when unknown).
pub fn name_seats(line: &str, names: &[String]) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find("{seat:") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 6..];
        match after
            .find('}')
            .and_then(|j| after[..j].parse::<usize>().ok().map(|n| (j, n)))
        {
            Some((j, n)) => {
                match names.get(n) {
                    Some(name) => out.push_str(name),
                    None => out.push_str(&format!("player {}", n + 1)),
                }
                rest = &after[j + 1..];
            }
            None => {
                out.push_str("{seat:");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The end of a game: everyone's score and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<i32>,
    /// Ascending seats; several when they share the win, every seat in a cooperative win,
    /// none in a cooperative loss.
    pub winners: Vec<Seat>,
    /// How the winner was settled, e.g. "tie broken by tiles received".
    pub note: String,
}

impl Outcome {
    /// Highest score wins; `tiebreak` ranks the tied (higher is better); equal on both share it.
    pub fn by_score(
        scores: Vec<i32>,
        tiebreak: impl Fn(Seat) -> i64,
        tiebreak_name: &str,
    ) -> Outcome {
        let best = scores.iter().copied().max().unwrap_or(0);
        let tied: Vec<Seat> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        if tied.len() <= 1 {
            return Outcome {
                scores,
                winners: tied,
                note: String::new(),
            };
        }
        let top = tied.iter().map(|&s| tiebreak(s)).max().unwrap_or(0);
        let winners: Vec<Seat> = tied
            .iter()
            .copied()
            .filter(|&s| tiebreak(s) == top)
            .collect();
        let note = if winners.len() == 1 {
            format!("tie on {best} broken by {tiebreak_name}")
        } else {
            format!("tie on {best} and on {tiebreak_name}: shared win")
        };
        Outcome {
            scores,
            winners,
            note,
        }
    }
}

/// What the players at a table may say to each other now, as the rules allow (a table of
/// people at other terminals talks through its chat line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chat {
    /// Anything.
    Open,
    /// Nothing now, and why ("eyes are closed at night").
    Closed(&'static str),
    /// Only these phrases, which tell nothing the rules keep secret.
    Phrases(&'static [&'static str]),
}

/// One game's rules. The implementing type is the whole game state.
///
/// Pure: no I/O, no clock, no randomness. Randomness enters only as chance actions that the
/// driver samples from [`Game::chance_outcomes`] and records in the log.
pub trait Game: Clone + Debug + PartialEq + Send + 'static {
    /// The id used on the command line and in logs.
    const ID: &'static str;
    const NAME: &'static str;
    /// One line for the launcher.
    const PITCH: &'static str;
    const MIN_PLAYERS: usize;
    const MAX_PLAYERS: usize;
    /// Bumped whenever a rules change would re-simulate an old log differently.
    const RULES_VERSION: u32;
    /// The variants a player may choose, with their allowed values.
    const OPTIONS: &'static [OptionSpec];

    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// What one viewer may know. Must not be able to hold another seat's secret.
    type View: Clone + Debug + PartialEq;

    /// A new game for `players` seats. `options` were checked against [`Game::OPTIONS`].
    fn new(options: &Options, players: usize) -> Result<Self, String>;
    fn to_move(&self) -> ToMove;
    /// Every legal action of `seat`, in a deterministic order; empty unless it owes an action.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Possible chance outcomes with positive weights; empty unless chance is to move.
    fn chance_outcomes(&self) -> Vec<(Self::Action, u32)>;
    /// [`Game::chance_outcomes`] written into `out` (cleared first), whose buffer a game may
    /// reuse: a search's playouts list the outcomes at every chance step (Cocoon).
    fn chance_outcomes_into(&self, out: &mut Vec<(Self::Action, u32)>) {
        *out = self.chance_outcomes();
    }
    /// A weighted draw among [`Game::chance_outcomes`] without the game choosing anything:
    /// `pick` gets the weights' total and answers a place below it; the outcome covering that
    /// place, in the outcomes' order and each as many places wide as its weight, comes back
    /// (`None` when no chance is due). By default through the list, kept in `buf` between
    /// calls; a game that can find the outcome without a list may say so here (a search's
    /// playouts draw at every chance step).
    fn chance_pick(
        &self,
        buf: &mut Vec<(Self::Action, u32)>,
        pick: &mut dyn FnMut(u64) -> u64,
    ) -> Option<Self::Action> {
        self.chance_outcomes_into(buf);
        let total: u64 = buf.iter().map(|(_, w)| u64::from(*w)).sum();
        if total == 0 {
            return None;
        }
        let mut place = pick(total);
        for (a, w) in buf.iter() {
            let w = u64::from(*w);
            if place < w {
                return Some(a.clone());
            }
            place -= w;
        }
        None
    }
    /// Applies an action after checking it again: the action may come from an untrusted log.
    fn apply(&mut self, actor: Actor, action: &Self::Action) -> Result<(), Illegal>;
    /// Applies an action this very state offered: one of its [`Game::legal_actions`] or
    /// [`Game::bot_actions`] for `actor`'s seat, or of its [`Game::chance_outcomes`]. A
    /// search's playouts apply millions of these, and checking each again against the list it
    /// was just taken from doubles the work. The checked [`Game::apply`] unless a game's checks
    /// cost much; for every offered action the state after it is the same either way (the
    /// conformance battery compares them).
    fn apply_offered(&mut self, actor: Actor, action: &Self::Action) -> Result<(), Illegal> {
        self.apply(actor, action)
    }
    fn view(&self, viewer: Viewer) -> Self::View;
    /// [`Game::view`] written over `out`, whose buffers a game may reuse: a search's playouts
    /// build a view at every computer player's step (Cocoon). The conformance battery checks
    /// that it equals the view built anew.
    fn view_into(&self, viewer: Viewer, out: &mut Self::View) {
        *out = self.view(viewer);
    }
    /// Whether this state shows `viewer` exactly `view` (`self.view(viewer) == *view`). A game
    /// may answer without building the view: the replay determinizer asks it of every
    /// candidate step (Cocoon). The conformance battery checks that both answers agree.
    fn shows(&self, viewer: Viewer, view: &Self::View) -> bool {
        self.view(viewer) == *view
    }
    /// The event line for `action`, called on the state before it is applied, as `viewer` may
    /// see it.
    fn describe(&self, actor: Actor, action: &Self::Action, viewer: Viewer) -> String;
    /// [`Game::describe`] for each of `viewers`, in order (the event log writes every viewer's
    /// line of each action, and opening a saved game writes them all again). A game whose
    /// lines come from playing the action out plays it out once here, not once per viewer.
    fn describe_each(
        &self,
        actor: Actor,
        action: &Self::Action,
        viewers: &[Viewer],
    ) -> Vec<String> {
        viewers
            .iter()
            .map(|&v| self.describe(actor, action, v))
            .collect()
    }
    /// `Some` exactly when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A line about one option value for the launcher (e.g. what a decree does).
    fn describe_option(_key: &str, _value: &str) -> Option<String> {
        None
    }
    /// Whether `seat` may take back `action` (already applied) without having learnt anything
    /// from it. Actions that reveal something are never undoable.
    fn undoable(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }
    /// The actions a computer player chooses from: every legal action unless the game limits
    /// computer players where people may go on as long as they like (never to nothing). Rules
    /// that let a choice repeat without end keep automated games finite this way.
    fn bot_actions(&self, seat: Seat) -> Vec<Self::Action> {
        self.legal_actions(seat)
    }
    /// Brings the actions of a log written under an older `rules_version` to this one, or
    /// says why it cannot (the log is then refused with its version named).
    fn migrate(rules_version: u32, _actions: &mut Vec<super::log::Entry>) -> Result<(), String> {
        Err(format!(
            "{} logs of rules version {rules_version} cannot be brought to version {}",
            Self::NAME,
            Self::RULES_VERSION
        ))
    }
    /// What the players may say to each other at this point of the game (spectators talk
    /// among themselves whatever it is). Open unless the rules say otherwise.
    fn chat(&self) -> Chat {
        Chat::Open
    }
    /// A state that differs from this one only in what `viewer` may not know (other seats'
    /// secrets, unseen cards), varied by `salt`. Used by tests to prove views leak nothing.
    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self;

    /// Refuses a player count outside the game's range.
    fn check_players(players: usize) -> Result<(), String> {
        if (Self::MIN_PLAYERS..=Self::MAX_PLAYERS).contains(&players) {
            return Ok(());
        }
        Err(format!(
            "{} takes {} to {} players, not {players}",
            Self::NAME,
            Self::MIN_PLAYERS,
            Self::MAX_PLAYERS
        ))
    }

    fn scores(&self) -> Option<Vec<i32>> {
        self.outcome().map(|o| o.scores)
    }
    fn is_over(&self) -> bool {
        matches!(self.to_move(), ToMove::Over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_named_in_event_lines() {
        let names = vec!["Ann".to_string(), "Bo".to_string()];
        assert_eq!(
            name_seats(&format!("{} starts", seat_ref(1)), &names),
            "Bo starts"
        );
        assert_eq!(
            name_seats(&format!("{} and {}", seat_ref(0), seat_ref(5)), &names),
            "Ann and player 6"
        );
        assert_eq!(name_seats("{seat:x} {seat:", &names), "{seat:x} {seat:");
    }
}

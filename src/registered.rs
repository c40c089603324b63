//! What the app needs of a game beyond its rules, and the type-erased game and table that the
//! logs, sim and stats use. Each game states its own facts (bots, rules page, aliases) in
//! `impl Registered` beside its UI module; the registry module is only the list. The host and
//! the UI add what they need on top ([`crate::host::game::HostGame`],
//! [`crate::ui::registered::AnyGame`]); nothing here names a screen or a room.

use std::marker::PhantomData;

pub use crate::bots::hint::{Effort, Hint};
use crate::engine::log::{LogError, LogFile};
use crate::engine::table::Pace;
use crate::engine::{Bot, Game, Match, OptionSpec, Outcome, Seat, Setup, Table};

/// What the app needs of a game beyond its rules.
pub trait Registered: Game {
    /// Bot kinds with a short description; the first is the game's best.
    const BOTS: &'static [(&'static str, &'static str)];
    /// The rules page, in Markdown.
    const RULES: &'static str;
    /// The game keeps a solo high-score table (shown from the launcher with `h`).
    const HIGH_SCORES: bool = false;
    /// Whether a solo player's last decision waits for their key before a step that shows
    /// them something new (so that `u` may still take it back), at a local or a hosted table
    /// alike. False where every decision is previewed before it is made and the wait would
    /// cost a key per turn for nothing.
    const HOLD_SOLO: bool = true;
    /// Other names the command line accepts for the game.
    const ALIASES: &'static [&'static str] = &[];
    /// What a finished game's scores and winners mean, for the saved-games list.
    const SCORING: Scoring = Scoring::Points;
    /// What a score counts, when "points" would be wrong: shown after it on the end panel.
    const SCORE_UNIT: Option<&'static str> = None;
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;
    /// The hint key: what the game's hardest computer player would do for `seat`, which has
    /// been shown `seen` (every view in order, the last the one it decides on), among `legal`,
    /// with one line on why in the game's words. Built from those views alone, and seeded
    /// from them, so that the same view gives the same hint (see [`crate::bots::hint`]; call
    /// it through [`hint`], which checks what comes back).
    fn hint(
        seat: Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: Effort,
    ) -> Option<Hint<Self::Action>>;
    /// For `hotseat sim`: how a finished game splits the table, if the game has such a split
    /// (Rocca: which seat held the Monster, and whether the village won).
    fn breakdown(&self) -> Option<Breakdown> {
        None
    }
    /// For `hotseat sim`: named figures of a finished game, one value per seat, that the sim
    /// averages with intervals beside the scores (Kokoro: zero boxes per game).
    fn figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }
    /// [`Registered::figures`] of a finished game read from the whole match, for figures that
    /// need its history (Couperation: cards turned up that lost while a safe move was open).
    fn match_figures(m: &Match<Self>) -> Vec<(&'static str, Vec<f64>)> {
        m.state.figures()
    }
    /// For `hotseat sim`: counts of a finished game's blunders, one value per seat, that the
    /// sim averages with intervals apart from the figures (Kokoro: zero boxes a card of their
    /// round would have saved).
    fn match_checks(_m: &Match<Self>) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }
    /// Where an unfinished game stands, in the words its players know ("turn 7", "round 2 of
    /// 5"), for the list of games to continue. By default the turn: each run of actions by
    /// one seat is one turn, and the seat to move next starts the next one.
    fn progress(m: &crate::engine::Match<Self>) -> String {
        format!("turn {}", turns(m))
    }
    /// A game just ended at a table: the records kept outside its log (a solo high score) go
    /// into the data folder `dir`. Whoever hosts the table calls it once; the end panel reads
    /// the same records.
    fn record_end(_m: &crate::engine::Match<Self>, _dir: &std::path::Path) {}
}

/// [`Registered::hint`] for `seat` on `state`, which it has been shown as `seen` (see
/// [`crate::bots::hint::seen_by`]): `None` when the seat owes no decision. The state gives
/// only the seat's choices (what a computer player there would choose from); one choice is
/// the hint at once, without thinking, and an answer outside them (a bug) is dropped.
pub fn hint<G: Registered>(
    state: &G,
    seen: &[G::View],
    seat: Seat,
    effort: Effort,
) -> Option<Hint<G::Action>> {
    // The legal actions, less any the game keeps computer players out of so that automated
    // games end (never empty when the legal ones are not).
    let legal = state.bot_actions(seat);
    match legal.as_slice() {
        [] => return None,
        [only] => {
            return Some(Hint {
                action: only.clone(),
                why: "the only move open".into(),
            });
        }
        _ => {}
    }
    G::hint(seat, seen, &legal, effort).filter(|h| legal.contains(&h.action))
}

/// The table sizes a measurement of `G` covers (benches): the fewest players, the middle of
/// the range and the most, each once.
pub fn sample_sizes<G: Game>() -> Vec<usize> {
    let (lo, hi) = (G::MIN_PLAYERS, G::MAX_PLAYERS);
    let mut sizes = vec![lo, (lo + hi) / 2, hi];
    sizes.dedup();
    sizes
}

/// The turn of `m` under way, counted as [`Registered::progress`] says.
pub fn turns<G: Game>(m: &crate::engine::Match<G>) -> usize {
    let mut runs = 0;
    let mut last = None;
    for step in &m.history {
        if let crate::engine::Actor::Seat(s) = step.actor {
            if last != Some(s) {
                runs += 1;
            }
            last = Some(s);
        }
    }
    let same = last.is_some_and(|s| m.to_move().seats().contains(&s));
    if same { runs.max(1) } else { runs + 1 }
}

/// A finished game's group for `hotseat sim`, and whether the side of interest won in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// e.g. "Monster in seat 2".
    pub group: String,
    /// Whose win is counted, e.g. "village".
    pub side: &'static str,
    pub won: bool,
}

/// A game with its types erased, so the launcher, logs, sim and replay treat all games alike.
/// What a finished game's result means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Each seat scores points; the winners are the best (several share a tie).
    Points,
    /// Cooperative: everyone wins or loses together, with one shared score.
    Together,
    /// Sides win or lose; the scores only say who won.
    Sides,
}

pub trait GameInfo: Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn pitch(&self) -> &'static str;
    fn players(&self) -> (usize, usize);
    /// The version of the game's rules its logs are written under.
    fn rules_version(&self) -> u32;
    fn options(&self) -> &'static [OptionSpec];
    fn bots(&self) -> &'static [(&'static str, &'static str)];
    fn rules(&self) -> &'static str;
    fn describe_option(&self, key: &str, value: &str) -> Option<String>;
    fn high_scores(&self) -> bool;
    fn scoring(&self) -> Scoring;
    /// Other names the command line accepts for the game.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    fn new_table(&self, setup: Setup) -> Result<Box<dyn AnyTable>, String>;
    /// Whether `options` (missing keys take their defaults) make a game for `players`, by the
    /// rules' own checks; the setup form offers only values that pass.
    fn check_setup(&self, options: &crate::engine::Options, players: usize) -> Result<(), String>;
    fn load_table(&self, log: &LogFile) -> Result<Box<dyn AnyTable>, LogError>;
    /// Whether `kind` (with its level, see [`crate::bots::split_level`]) names a bot.
    fn bot_ok(&self, kind: &str) -> bool;
    /// Re-simulates a log without seating its bots: the outcome, or why it is refused.
    fn check_log(&self, log: &LogFile) -> Result<Option<Outcome>, LogError>;
    /// [`GameInfo::check_log`], with where the game stands (see [`Registered::progress`]).
    fn check_log_progress(&self, log: &LogFile) -> Result<(Option<Outcome>, String), LogError>;
}

/// A table of any game, for headless use and for handing to the UI.
pub trait AnyTable {
    fn game(&self) -> &'static str;
    fn to_log(&self) -> LogFile;
    fn outcome(&self) -> Option<Outcome>;
    fn actions(&self) -> usize;
    /// A finished game's group for `hotseat sim` (see [`Registered::breakdown`]).
    fn breakdown(&self) -> Option<Breakdown> {
        None
    }
    /// A finished game's per-seat figures for `hotseat sim` (see [`Registered::figures`]).
    fn figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }
    /// A finished game's per-seat blunder counts for `hotseat sim` (see
    /// [`Registered::match_checks`]).
    fn checks(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }
    /// Saves to `path` from now on (holding its lock) and at once; `Err` when the game is open
    /// in another process.
    fn set_save(&mut self, path: Option<std::path::PathBuf>) -> Result<(), String>;
    fn save_error(&self) -> Option<String>;
    /// Plays chance and bots until a human is to move or the game ends; `Err` on a rules bug.
    fn run_bots(&mut self) -> Result<(), String>;
    /// [`AnyTable::run_bots`], then only the first `actions` actions are kept: an unfinished
    /// game for tests.
    #[cfg(test)]
    fn run_bots_for(&mut self, actions: usize) -> Result<(), String> {
        self.run_bots()?;
        self.keep_first(actions);
        Ok(())
    }
    /// Keeps the first `n` actions of the history.
    #[cfg(test)]
    fn keep_first(&mut self, n: usize);
    /// The table itself, for a layer that knows its game's type (the UI's screens, the
    /// host's rooms).
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;
}

pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G> Entry<G> {
    pub const NEW: Entry<G> = Entry(PhantomData);
}

impl<G: Registered> GameInfo for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn pitch(&self) -> &'static str {
        G::PITCH
    }
    fn players(&self) -> (usize, usize) {
        (G::MIN_PLAYERS, G::MAX_PLAYERS)
    }
    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }
    fn options(&self) -> &'static [OptionSpec] {
        G::OPTIONS
    }
    fn bots(&self) -> &'static [(&'static str, &'static str)] {
        G::BOTS
    }
    fn rules(&self) -> &'static str {
        G::RULES
    }
    fn describe_option(&self, key: &str, value: &str) -> Option<String> {
        G::describe_option(key, value)
    }
    fn high_scores(&self) -> bool {
        G::HIGH_SCORES
    }
    fn scoring(&self) -> Scoring {
        G::SCORING
    }
    fn aliases(&self) -> &'static [&'static str] {
        G::ALIASES
    }
    fn new_table(&self, setup: Setup) -> Result<Box<dyn AnyTable>, String> {
        let m = Match::<G>::new(setup)?;
        Ok(Box::new(Table::new(m, G::make_bot)?))
    }
    fn check_setup(&self, options: &crate::engine::Options, players: usize) -> Result<(), String> {
        if !(G::MIN_PLAYERS..=G::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "{} takes {} to {} players",
                G::NAME,
                G::MIN_PLAYERS,
                G::MAX_PLAYERS
            ));
        }
        let options = crate::engine::options::resolve(G::OPTIONS, options)?;
        G::new(&options, players).map(|_| ())
    }
    fn bot_ok(&self, kind: &str) -> bool {
        G::make_bot(kind, 0).is_some()
    }
    fn load_table(&self, log: &LogFile) -> Result<Box<dyn AnyTable>, LogError> {
        Ok(Box::new(Table::<G>::from_log(log, G::make_bot)?))
    }
    fn check_log(&self, log: &LogFile) -> Result<Option<Outcome>, LogError> {
        Ok(Match::<G>::from_log(log)?.state.outcome())
    }
    fn check_log_progress(&self, log: &LogFile) -> Result<(Option<Outcome>, String), LogError> {
        let m = Match::<G>::from_log(log)?;
        Ok((m.state.outcome(), G::progress(&m)))
    }
}

impl<G: Registered> AnyTable for Table<G> {
    fn game(&self) -> &'static str {
        G::ID
    }
    fn to_log(&self) -> LogFile {
        self.m.to_log()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.m.state.outcome()
    }
    fn actions(&self) -> usize {
        self.m.history.len()
    }
    fn breakdown(&self) -> Option<Breakdown> {
        self.m.state.breakdown()
    }
    fn figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        G::match_figures(&self.m)
    }
    fn checks(&self) -> Vec<(&'static str, Vec<f64>)> {
        G::match_checks(&self.m)
    }
    fn set_save(&mut self, path: Option<std::path::PathBuf>) -> Result<(), String> {
        self.save_to(path)
    }
    fn save_error(&self) -> Option<String> {
        self.save_error.clone()
    }
    fn run_bots(&mut self) -> Result<(), String> {
        self.advance(Pace::HEADLESS)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    #[cfg(test)]
    fn keep_first(&mut self, n: usize) {
        self.rewind_to(n);
    }
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

//! The list of games. Adding a game: its rules module, its bots, its UI module, an
//! `impl Registered` below and one line in [`GAMES`].

use std::marker::PhantomData;

use crate::engine::log::{LogError, LogFile};
use crate::engine::{Bot, Game, Match, OptionSpec, Outcome, Setup, Table};

/// What the app needs of a game beyond its rules.
pub trait Registered: Game {
    type Ui: crate::ui::GameUi<Self>;
    /// Bot kinds with a short description; the first is the game's best.
    const BOTS: &'static [(&'static str, &'static str)];
    /// The rules page, in Markdown.
    const RULES: &'static str;
    /// The game keeps a solo high-score table (shown from the launcher with `h`).
    const HIGH_SCORES: bool = false;
    /// Other names the command line accepts for the game.
    const ALIASES: &'static [&'static str] = &[];
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;
}

/// A game with its types erased, so the launcher, logs, sim and replay treat all games alike.
pub trait AnyGame: Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn pitch(&self) -> &'static str;
    fn players(&self) -> (usize, usize);
    fn options(&self) -> &'static [OptionSpec];
    fn bots(&self) -> &'static [(&'static str, &'static str)];
    fn rules(&self) -> &'static str;
    fn describe_option(&self, key: &str, value: &str) -> Option<String>;
    fn high_scores(&self) -> bool;
    /// Other names the command line accepts for the game.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    fn new_table(&self, setup: Setup) -> Result<Box<dyn AnyTable>, String>;
    /// Whether `options` (missing keys take their defaults) make a game for `players`, by the
    /// rules' own checks; the setup form offers only values that pass.
    fn check_setup(&self, options: &crate::engine::Options, players: usize) -> Result<(), String>;
    fn load_table(&self, log: &LogFile) -> Result<Box<dyn AnyTable>, LogError>;
    /// Re-simulates a log without seating its bots: the outcome, or why it is refused.
    fn check_log(&self, log: &LogFile) -> Result<Option<Outcome>, LogError>;
}

/// A table of any game, for headless use and for handing to the UI.
pub trait AnyTable {
    fn game(&self) -> &'static str;
    fn to_log(&self) -> LogFile;
    fn outcome(&self) -> Option<Outcome>;
    fn actions(&self) -> usize;
    /// Saves to `path` from now on (holding its lock) and at once; `Err` when the game is open
    /// in another process.
    fn set_save(&mut self, path: Option<std::path::PathBuf>) -> Result<(), String>;
    fn save_error(&self) -> Option<String>;
    /// Plays chance and bots until a human is to move or the game ends; `Err` on a rules bug.
    fn run_bots(&mut self, max_actions: usize) -> Result<(), String>;
    /// The game screen for this table.
    fn into_screen(self: Box<Self>, back_to_launcher: bool) -> Box<dyn crate::ui::Screen>;
    /// The replay viewer for this table's history.
    fn into_replay(self: Box<Self>) -> Box<dyn crate::ui::Screen>;
}

pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G> Entry<G> {
    pub const NEW: Entry<G> = Entry(PhantomData);
}

impl<G: Registered> AnyGame for Entry<G> {
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
    fn load_table(&self, log: &LogFile) -> Result<Box<dyn AnyTable>, LogError> {
        Ok(Box::new(Table::<G>::from_log(log, G::make_bot)?))
    }
    fn check_log(&self, log: &LogFile) -> Result<Option<Outcome>, LogError> {
        Ok(Match::<G>::from_log(log)?.state.outcome())
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
    fn set_save(&mut self, path: Option<std::path::PathBuf>) -> Result<(), String> {
        self.save_to(path)
    }
    fn save_error(&self) -> Option<String> {
        self.save_error.clone()
    }
    fn run_bots(&mut self, max_actions: usize) -> Result<(), String> {
        let start = self.m.history.len();
        loop {
            self.run_chance().map_err(|e| e.0)?;
            if self.m.is_over() || self.m.history.len() - start >= max_actions {
                return Ok(());
            }
            match self.bot_to_move() {
                Some(seat) => {
                    self.bot_step(seat).map_err(|e| e.0)?;
                }
                None => return Ok(()),
            }
        }
    }
    fn into_screen(self: Box<Self>, back_to_launcher: bool) -> Box<dyn crate::ui::Screen> {
        crate::ui::play::play_screen::<G>(*self, back_to_launcher)
    }
    fn into_replay(self: Box<Self>) -> Box<dyn crate::ui::Screen> {
        crate::ui::replay::replay_screen::<G>(self.m)
    }
}

impl Registered for crate::games::pocket::Pocket {
    type Ui = crate::ui::games::pocket::PocketUi;
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::pocket::KINDS;
    const RULES: &'static str = include_str!("../assets/rules/pocket.md");
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::pocket::make(kind, seed)
    }
}

impl Registered for crate::games::kokoro::Kokoro {
    type Ui = crate::ui::games::kokoro::KokoroUi;
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::kokoro::KINDS;
    const RULES: &'static str = include_str!("../assets/rules/kokoro.md");
    const HIGH_SCORES: bool = true;
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::kokoro::make(kind, seed)
    }
}

impl Registered for crate::games::couperation::Couperation {
    type Ui = crate::ui::games::couperation::CouperationUi;
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::couperation::KINDS;
    const RULES: &'static str = include_str!("../assets/rules/couperation.md");
    const ALIASES: &'static [&'static str] = &["coupenation", "coupe"];
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::couperation::make(kind, seed)
    }
}

impl Registered for crate::games::rocca::Rocca {
    type Ui = crate::ui::games::rocca::RoccaUi;
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::rocca::KINDS;
    const RULES: &'static str = include_str!("../assets/rules/rocca.md");
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::rocca::make(kind, seed)
    }
}

impl Registered for crate::games::cocoon::Cocoon {
    type Ui = crate::ui::games::cocoon::CocoonUi;
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::cocoon::KINDS;
    const RULES: &'static str = include_str!("../assets/rules/cocoon.md");
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::cocoon::make(kind, seed)
    }
}

/// Every game, in launcher order.
pub static GAMES: &[&dyn AnyGame] = &[
    &Entry::<crate::games::pocket::Pocket>::NEW,
    &Entry::<crate::games::kokoro::Kokoro>::NEW,
    &Entry::<crate::games::couperation::Couperation>::NEW,
    &Entry::<crate::games::rocca::Rocca>::NEW,
    &Entry::<crate::games::cocoon::Cocoon>::NEW,
];

/// A game by id or alias.
pub fn find(id: &str) -> Option<&'static dyn AnyGame> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id() == id || g.aliases().contains(&id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_fits_the_launcher_at_80_columns() {
        for g in GAMES {
            // The launcher indents the pitch by four columns inside a bordered 80-column list.
            assert!(
                g.pitch().chars().count() <= 74,
                "{}: pitch too long",
                g.id()
            );
            assert!(find(g.id()).is_some());
            assert!(
                !g.bots().is_empty() && g.bots().iter().any(|(k, _)| *k == "random"),
                "{}",
                g.id()
            );
            assert!(
                g.rules().contains("## Keys"),
                "{}: rules page without keys",
                g.id()
            );
            assert!(
                g.rules().contains("## Choices this program makes"),
                "{}: rules page without choices",
                g.id()
            );
        }
        assert_eq!(GAMES.len(), 5);
        assert_eq!(find("coupe").map(|g| g.id()), Some("couperation"));
    }
}

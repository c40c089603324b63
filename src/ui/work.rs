//! Where a game screen's slow work runs (its local table's computer players, a hint, a
//! finished game's review), and where a local game keeps its records. The program passes
//! [`Local::app`] down from `main`; tests pass [`Local::inline`], so the product code never asks
//! whether it is under test.

use std::path::PathBuf;

use crate::registered::Effort;

/// How a screen does what takes longer than a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// On threads of their own, which wake the screen when done: the screen keeps reading keys
    /// and drawing meanwhile (the program).
    Threads,
    /// At once, before the key that asked returns, and searches by a fixed number of playouts:
    /// tests that compare screens get the same result on any machine and nothing to wait for.
    Inline,
}

impl Work {
    /// The effort of a search a person waits for: a hard player's time at the table on threads,
    /// exactly `playouts` inline.
    pub fn effort(self, playouts: u32) -> Effort {
        match self {
            Work::Threads => Effort::Play,
            Work::Inline => Effort::Exact(playouts),
        }
    }
}

/// How a local game runs at this terminal (the launcher's, `hotseat play`'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local {
    pub work: Work,
    /// The data folder, where records such as high scores go; `None`: none are written.
    pub records: Option<PathBuf>,
}

impl Local {
    /// The program's: slow work on threads, records in the user's data folder.
    pub fn app() -> Self {
        Local {
            work: Work::Threads,
            records: Some(crate::store::data_dir()),
        }
    }

    /// Screens that never open a local game (a server's table form): nothing to record.
    pub fn unrecorded() -> Self {
        Local {
            work: Work::Threads,
            records: None,
        }
    }

    /// Tests': every step at once and nothing written outside the test's own folders.
    #[cfg(test)]
    pub fn inline() -> Self {
        Local {
            work: Work::Inline,
            records: None,
        }
    }
}

//! Why a log was refused, in a module of its own so that the log and the pass that walks its
//! text ([`super::log_scan`]) both use it without importing each other.

use std::fmt;

/// The longest problem a refusal quotes: serde quotes the offending text, which may be long.
const MAX_PROBLEM_CHARS: usize = 300;

/// Why a log was refused: where (an entry index, or the header) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub entry: Option<usize>,
    pub problem: String,
}

impl LogError {
    pub fn header(problem: impl Into<String>) -> Self {
        LogError {
            entry: None,
            problem: safe_problem(problem.into()),
        }
    }
    pub fn at(entry: usize, problem: impl Into<String>) -> Self {
        LogError {
            entry: Some(entry),
            problem: safe_problem(problem.into()),
        }
    }
}

/// A refusal quotes text from the file (serde names the unknown field or variant): it is
/// escaped and shortened here, so no message built from a log can reach a terminal raw.
fn safe_problem(p: String) -> String {
    let clipped = crate::text::clip(&p, MAX_PROBLEM_CHARS);
    crate::text::clean(&clipped).into_owned()
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.entry {
            Some(i) => write!(f, "entry {i}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl std::error::Error for LogError {}

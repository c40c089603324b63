//! One module per game: pure rules, no I/O, no clock, no randomness, no terminal.
pub mod cocoon;
pub mod kokoro;
pub mod pocket;

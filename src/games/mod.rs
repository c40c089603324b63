//! One module per game: pure rules, no I/O, no clock, no randomness, no terminal.
pub mod cocoon;
pub mod couperation;
pub mod kokoro;
pub mod pocket;
pub mod rocca;

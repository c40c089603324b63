//! hotseat: tabletop games for several people sharing one keyboard.

pub mod bots;
pub mod cli;
pub mod config;
pub mod engine;
pub mod files;
pub mod games;
pub mod highscores;
pub mod host;
pub mod net;
pub mod registered;
pub mod registry;
pub mod shell;
pub mod sim;
pub mod stats;
pub mod store;
pub mod text;
pub mod ui;

#[cfg(test)]
mod layers_tests;
#[cfg(test)]
mod testkit;
// The test helpers in `testkit.rs` name the library `hotseat::`, as the integration tests do.
#[cfg(test)]
extern crate self as hotseat;

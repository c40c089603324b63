//! hotseat: tabletop games for several people sharing one keyboard.

pub mod bots;
pub mod engine;
pub mod games;

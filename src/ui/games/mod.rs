//! How each game's view is drawn and how keys map to its actions.
pub mod cocoon;
pub mod couperation;
pub mod kokoro;
pub mod pocket;
pub mod rocca;

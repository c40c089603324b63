//! Computer players. Each sees only its own seat's views (see [`crate::engine::Bot`]).

pub mod cocoon;
pub mod couperation;
pub mod kokoro;
pub mod pocket;
pub mod random;
pub mod rocca;
pub mod search;

//! The game-independent core: the [`Game`] trait every rules module implements, the seeded
//! chance sampler, the match driver and the JSON log.

pub mod bot;
pub mod game;
pub mod lock;
pub mod log;
pub mod log_error;
pub mod log_scan;
pub mod options;
pub mod replay;
pub mod rng;
pub mod session;
pub mod table;
pub mod thinker;

pub use bot::Bot;
pub use game::{
    Actor, Chat, Game, Illegal, Outcome, Refusal, Seat, ToMove, Viewer, name_seats, seat_ref,
};
pub use options::{OptionSpec, Options};
pub use session::{Match, Setup};
pub use table::Table;

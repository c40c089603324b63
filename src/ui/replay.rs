//! PLACEHOLDER: replaced by the UI work.
use crate::engine::Match;
use crate::registry::Registered;
pub fn replay_screen<G: Registered>(_m: Match<G>) -> Box<dyn super::Screen> {
    todo!()
}

//! PLACEHOLDER: replaced by the UI work.
use crate::engine::Table;
use crate::registry::Registered;
pub fn play_screen<G: Registered>(_t: Table<G>, _back: bool) -> Box<dyn super::Screen> {
    todo!()
}

//! Pocket's hint: the hard memory ([`MemoryBot::hard`]) picks the flip from the view on the
//! person's screen alone, not from every view they were shown: Pocket is a memory game, and
//! what the table saw in earlier turns must be remembered, not looked up (`docs/secrets.md`).
//! It knows what this view shows: this turn's run and the tiles the last turn turned up. The
//! reason says whether it knows the tile there and what the flip does to the run.

use super::{Effort, Hint, line, seed_of, watch_and_choose};
use crate::bots::pocket::MemoryBot;
use crate::engine::Seat;
use crate::games::pocket::{Action, Verdict, View, cell_name, matches};

pub fn hint(seat: Seat, seen: &[View], legal: &[Action], _effort: Effort) -> Option<Hint<Action>> {
    let now = seen.len().checked_sub(1)?;
    let view = &seen[now];
    let mut bot = MemoryBot::hard(seed_of(seat, view));
    let action = watch_and_choose(&mut bot, seat, &seen[now..], legal)?;
    let why = match action {
        Action::Flip { cell, tap } => {
            let need = view.run.need;
            match bot.remembers(cell) {
                Some(kind) => {
                    let a = if kind.is_cracked() { "a " } else { "" };
                    let saw = format!("you saw {a}{} at {}", kind.name(), cell_name(cell));
                    let then = match (matches(kind, tap, need), tap) {
                        (Verdict::Matches, false) => format!("the {need} the run needs"),
                        (Verdict::Matches, true) => format!("tap it to make {need}"),
                        (Verdict::Misses | Verdict::SpellFails, _) => {
                            "a miss ends the run here".to_string()
                        }
                    };
                    line(&[saw, then])
                }
                None => {
                    let tapped = if tap { "tap it; " } else { "" };
                    line(&[
                        format!("{}: a tile you have not seen", cell_name(cell)),
                        format!("{tapped}the run needs {need}"),
                    ])
                }
            }
        }
        Action::Show { cell } => line(&[format!(
            "show {}: nobody remembers it, so all learn",
            cell_name(cell)
        )]),
        Action::Start { .. } | Action::Deal { .. } => String::new(),
    };
    Some(Hint { action, why })
}

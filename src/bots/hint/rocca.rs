//! Rocca's hint: the hard detective ([`DetectiveBot`]) chooses; the reason gives how suspect
//! its notes of the attacks and votes the person saw make the villager it names, and which
//! family the village suspects most.

use super::{Effort, Hint, line, seed_of, watch_and_choose};
use crate::bots::Level;
use crate::bots::rocca::{DetectiveBot, HARD, Notes};
use crate::engine::Seat;
use crate::games::rocca::{Action, FAMILY, View, family_letter, label, owner};

pub fn hint(seat: Seat, seen: &[View], legal: &[Action], _effort: Effort) -> Option<Hint<Action>> {
    let view = seen.last()?;
    let mut bot = DetectiveBot::new(seed_of(seat, view), Level::Hard);
    let action = watch_and_choose(&mut bot, seat, seen, legal)?;
    // The same public story the detective read, for the figures of the reason.
    let mut notes = Notes::default();
    for v in seen {
        notes.read(v);
    }
    let w = notes.suspicion(view, Some(seat), &HARD);
    let percent = |v: u8| (w.get(usize::from(v)).copied().unwrap_or(0.0) * 100.0).round();
    let family = suspected_family(&w, seat)
        .map(|(f, _)| format!("village suspects family {}", family_letter(f)))
        .unwrap_or_default();
    let top = w.iter().copied().fold(0.0, f64::max);
    let why = match action {
        Action::Vote { v } if w.get(usize::from(v)).is_some_and(|x| *x >= top) => line(&[
            format!("vote {}: likeliest killer, {:.0}%", label(v), percent(v)),
            family,
        ]),
        // The hard detectives draw among the suspects with a die every seat throws alike, so
        // that the village votes as one.
        Action::Vote { v } => line(&[
            format!(
                "vote {}: {:.0}% likely killer, the village's draw",
                label(v),
                percent(v)
            ),
            family,
        ]),
        Action::Confirm => line(&[
            "your vote stands: moving it would follow others".to_string(),
            family,
        ]),
        Action::Attack { v } => line(&[format!(
            "strike {}: best odds of a kill, least of a hanging",
            label(v)
        )]),
        Action::Redirect { v } if w.get(usize::from(v)).is_some_and(|x| *x > 0.0) => line(&[
            format!(
                "move the die to {}: {:.0}% likely the killer",
                label(v),
                percent(v)
            ),
            family,
        ]),
        Action::Redirect { v } => line(&[format!(
            "move the die to {}: the safest place for it",
            label(v)
        )]),
        Action::Keep => line(&["leave the die: nobody there is suspect".to_string(), family]),
        Action::Bite { seat: s } => line(&[format!(
            "bite family {}: one more family on your side",
            family_letter(usize::from(s))
        )]),
        Action::Revive { v } => line(&[format!("pray over {}", label(v))]),
        Action::Sleep => line(&["sleep: nothing to gain tonight".to_string()]),
        _ => String::new(),
    };
    Some(Hint { action, why })
}

/// The family other than `seat`'s that holds most of the suspicion `w`, if any is suspect,
/// with its share.
fn suspected_family(w: &[f64], seat: Seat) -> Option<(Seat, f64)> {
    let families = w.len().div_ceil(FAMILY);
    (0..families)
        .filter(|&f| f != seat)
        .map(|f| {
            let total: f64 = (0..w.len())
                .filter(|&m| owner(m as u8) == f)
                .map(|m| w[m])
                .sum();
            (f, total)
        })
        .filter(|&(_, t)| t > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

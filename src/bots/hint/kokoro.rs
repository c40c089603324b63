//! Kokoro's hint: the hard player ([`search::kokoro::player`]) chooses; the reason names the
//! round's box when the move saves it or it is still open, what the sanctuary's chain counts
//! (caterpillars plus flowers) before and after the move, and what the search's playouts of
//! the move scored.

use super::{Effort, Hint, estimate_words, line, seed_of, watch_and_choose};
use crate::bots::search::{self, Budget};
use crate::engine::Seat;
use crate::games::kokoro::scoring::sanctuary_chain;
use crate::games::kokoro::{Action, View, mirror, space_name};

pub fn hint(seat: Seat, seen: &[View], legal: &[Action], effort: Effort) -> Option<Hint<Action>> {
    let view = seen.last()?;
    let mut bot = search::kokoro::player(seed_of(seat, view));
    if let Effort::Exact(n) = effort {
        bot = bot.with_budget(Budget::exact(n)).exact();
    }
    let action = watch_and_choose(&mut bot, seat, seen, legal)?;
    let estimate = bot
        .last_estimate()
        .map(|e| estimate_words(&e, view.players, "points"))
        .unwrap_or_default();
    let why = match action {
        Action::Draw { space, mirrored } => {
            let mut parts = vec![format!("draw at {}", space_name(space))];
            parts.extend(chain_words(seat, view, space, mirrored));
            parts.push(estimate);
            line(&parts)
        }
        Action::Peek => {
            let box_words = if search::kokoro::box_open(seat, view) {
                format!("box {} is still open", view.round)
            } else {
                String::new()
            };
            line(&["peek at the next sanctuary", box_words.as_str(), &estimate])
        }
        _ => String::new(),
    };
    Some(Hint { action, why })
}

/// What drawing the card at `space` does to the round's sanctuary chain and box, if anything.
fn chain_words(seat: Seat, view: &View, space: u8, mirrored: bool) -> Option<String> {
    let letter = view.sanctuary?;
    let card = view.card?;
    let mat = view.mats.get(seat)?;
    let (_, before) = sanctuary_chain(view.side, mat, letter);
    let mut after_mat = *mat;
    let slot = after_mat.paths.get_mut(usize::from(space))?;
    *slot = if mirrored {
        mirror(card.number)
    } else {
        card.number
    };
    let (_, after) = sanctuary_chain(view.side, &after_mat, letter);
    let open = search::kokoro::box_open(seat, view);
    let previous = view
        .rounds_done
        .checked_sub(1)
        .and_then(|r| view.sheets.get(seat)?.boxes.get(r).copied().flatten())
        .unwrap_or(0);
    Some(if open && after > previous {
        format!(
            "saves box {}: {letter}'s chain counts {before}→{after}",
            view.round
        )
    } else if open {
        format!(
            "box {} open: {letter}'s chain counts {after}, needs {}",
            view.round,
            previous + 1
        )
    } else if after > before {
        format!("{letter}'s chain counts {before}→{after}")
    } else {
        return None;
    })
}

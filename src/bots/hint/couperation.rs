//! Couperation's hint: the hard level ([`search::couperation::Hard`]) chooses; the reason
//! gives the numbers the slot still takes, as the builder reads the pyramid from the person's
//! views, whether a turn-up is safe, and how often the search's playouts of the move won.

use super::{Effort, Hint, line, seed_of, watch_and_choose};
use crate::bots::Level;
use crate::bots::couperation::Builder;
use crate::bots::search::{self, Budget};
use crate::engine::{Bot, Seat};
use crate::games::couperation::{Action, FINISH, SLOTS, View, card_name, slot_name};

pub fn hint(seat: Seat, seen: &[View], legal: &[Action], effort: Effort) -> Option<Hint<Action>> {
    let view = seen.last()?;
    let seed = seed_of(seat, view);
    let mut bot = match effort {
        Effort::Play => search::couperation::Hard::new(seed),
        Effort::Exact(n) => search::couperation::Hard::with(
            seed,
            Budget::exact(n),
            search::couperation::SEARCH_FROM_OPEN,
        ),
    };
    let action = watch_and_choose(&mut bot, seat, seen, legal)?;
    // A builder of its own that watched the same views: what it knows is gone is the person's
    // knowledge too (their discards, the scrapped reserve cards they saw).
    let mut reader = Builder::new(seed, Level::Hard);
    for v in seen {
        reader.observe(v);
    }
    let room = |slot: u8| {
        let at = slot_name(slot.into());
        match reader.room_of(seat, view, usize::from(slot)) {
            Some((lo, hi)) if lo == hi => format!("{at} takes only {lo}"),
            Some((lo, hi)) => format!("{at} takes {lo}–{hi}"),
            None => format!("nothing fits {at} any more"),
        }
    };
    let wins = bot
        .last_estimate()
        .map(|e| {
            format!(
                "the table wins {:.0}% of {} playouts",
                e.wins * 100.0,
                e.playouts
            )
        })
        .unwrap_or_default();
    let what = match action {
        Action::Draw { n } => draw_words(seat, view, n),
        Action::Place { c: FINISH, .. } => "the finish card crowns the pyramid".to_string(),
        Action::Place { c, slot } => format!("place {}: {}", card_name(c), room(slot)),
        Action::Hide { c, slot } => format!("hide {} face down; {}", card_name(c), room(slot)),
        Action::Reveal { slot } => match reader.risk(seat, view, &action) {
            None => format!(
                "turn up {}: it cannot break the order",
                slot_name(slot.into())
            ),
            Some(_) => format!("turn up {}: no safer move is open", slot_name(slot.into())),
        },
        Action::Combine {
            a, b, take, slot, ..
        } => format!(
            "{} and {} make {}: {}",
            card_name(a),
            card_name(b),
            card_name(take),
            room(slot)
        ),
        Action::Discard { c } | Action::Scrap { c } => {
            format!("let {} go: the open slots need it least", card_name(c))
        }
        Action::Deal { .. } | Action::Start { .. } => String::new(),
    };
    Some(Hint {
        action,
        why: line(&[what, wins]),
    })
}

/// Why draw `n`: a hand with no card that goes face up anywhere needs every card it may
/// draw; otherwise four in hand leave a choice and waste nothing of the deck (the builder's
/// own rule).
fn draw_words(seat: Seat, view: &View, n: u8) -> String {
    let cards = if n == 1 { "card" } else { "cards" };
    let p = view.rules_pyramid();
    let w = p.windows();
    let stuck = !view
        .usable(seat)
        .iter()
        .any(|&c| (0..SLOTS).any(|s| p.can_place_up_in(&w, c, s)));
    let hand = view.seats.get(seat).map_or(0, |s| s.count) + usize::from(n);
    if stuck {
        format!("draw {n} {cards}: no card in your hand goes face up")
    } else if n == 0 {
        "draw nothing: your hand has enough choice".to_string()
    } else if hand == 4 {
        format!("draw {n} {cards}: four in hand to choose from, none wasted")
    } else {
        format!("draw {n} {cards}")
    }
}

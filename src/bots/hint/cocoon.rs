//! Cocoon's hint: the hard level ([`search::cocoon::hard`]) chooses; the reason says what the
//! move is and how the search's playouts of it ended for the person's seat (wins, EP).

use super::{Effort, Hint, estimate_words, line, seed_of, watch_and_choose};
use crate::bots::search::{self, Budget};
use crate::engine::Seat;
use crate::games::cocoon::{Action, View};

pub fn hint(seat: Seat, seen: &[View], legal: &[Action], effort: Effort) -> Option<Hint<Action>> {
    let view = seen.last()?;
    let mut bot = search::cocoon::hard(seed_of(seat, view));
    if let Effort::Exact(n) = effort {
        bot = bot.with_budget(Budget::exact(n));
    }
    let action = watch_and_choose(&mut bot, seat, seen, legal)?;
    let what = match action {
        Action::Place { tile } => format!("play {}", tile.name()),
        Action::PlaceAt { tile, at } => format!("play {} on space {at}", tile.name()),
        Action::Replace { at } => format!("replace the tile on space {at}"),
        Action::TakeFrom { .. } => "take a tile from this hand".to_string(),
        Action::Take { tile } => format!("take {}", tile.name()),
        Action::PutTaken { at } => format!("put it on space {at}"),
        Action::SwapTaken => "swap it in and follow it".to_string(),
        Action::Bet { .. } => "bet on this pawn".to_string(),
        Action::Dungeon { enter: true } => "enter the dungeon".to_string(),
        Action::Dungeon { enter: false } => "pass the dungeon by".to_string(),
        Action::Delve => "roll the dungeon dice again".to_string(),
        Action::Stop { .. } => "leave the dungeon with its EP".to_string(),
        Action::ChangeDie { die, to } => format!("turn die {} to {to}", die + 1),
        Action::KeepDice => "keep the dice".to_string(),
        Action::Pick { keep, .. } => format!("keep {}", keep.name()),
        _ => String::new(),
    };
    let estimate = bot
        .last_estimate()
        .map(|e| estimate_words(&e, view.players.len(), "EP"))
        .unwrap_or_default();
    Some(Hint {
        action,
        why: line(&[what, estimate]),
    })
}

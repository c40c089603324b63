//! A state drawn from one seat's view, for the search player's determinizations
//! (`crate::bots::search::couperation`): the seat's own hand and face-down cards as they are,
//! every card it cannot see shuffled among the places it cannot see into (other hands, others'
//! face-down cards, the discards and the deck), as `vary_hidden` does for the true state.
//! A view that shows more (a yardstick shown every card) keeps what it shows; a reader of
//! intent may ask for some face-down cards to be drawn from the numbers that do not fit there
//! ([`Couperation::from_view_reading`]).

use super::cards::{self, Card, HAND_START, deck_at_start, reserve_limit};
use super::pyramid::{Pyramid, Slot};
use super::view::{PhaseView, SlotView, View};
use super::{Couperation, FinishAt, Mode, Phase};
use crate::engine::Viewer;

impl Couperation {
    /// A state `view`'s seat cannot tell from the true one; `pick(n)` chooses an index below
    /// `n` (the caller's randomness). Pure. `None` for a non-seat view, during the setup deal,
    /// or if the view's counts cannot be met.
    pub fn from_view(view: &View, pick: &mut dyn FnMut(usize) -> usize) -> Option<Couperation> {
        Couperation::from_view_reading(view, pick, &[])
    }

    /// [`Couperation::from_view`], with each of `misfits` (slots holding someone else's
    /// face-down card) dealt a number that would break the order there, when one is left to
    /// deal: a partner's intent read from where they parked the card.
    pub fn from_view_reading(
        view: &View,
        pick: &mut dyn FnMut(usize) -> usize,
        misfits: &[usize],
    ) -> Option<Couperation> {
        let Viewer::Seat(me) = view.viewer else {
            return None;
        };
        let players = view.players;
        if me >= players || view.seats.len() != players {
            return None;
        }
        let phase = match view.phase {
            PhaseView::Setup => return None,
            PhaseView::Draw { max } => Phase::Draw { max },
            PhaseView::Drawing { left } => Phase::Drawing { left },
            PhaseView::Act => Phase::Act,
            PhaseView::Pay { combo, left } => Phase::Pay { combo, left },
            PhaseView::TidyHand { .. } => Phase::TidyHand,
            PhaseView::TidyReserve { .. } => Phase::TidyReserve,
            PhaseView::Over => Phase::Over,
        };
        // Every glass card: those the seat sees are placed, the rest are unknown.
        let mut unknown = (cards::LOWEST..=cards::HIGHEST).fold(0u64, |d, c| d | (1u64 << c));
        let mut see = |c: Card| {
            if c != cards::FINISH {
                unknown &= !(1u64 << c);
            }
        };
        let mut pyramid = Pyramid::new(view.mode == Mode::Standard);
        let mut hidden_slots = Vec::new();
        for (i, s) in view.pyramid.iter().enumerate() {
            pyramid.slots[i] = match *s {
                SlotView::Empty => Slot::Empty,
                SlotView::Up(c) => {
                    see(c);
                    Slot::Up(c)
                }
                SlotView::Down { by, known: Some(c) } => {
                    see(c);
                    Slot::Down { card: c, by }
                }
                SlotView::Down { by, known: None } => {
                    hidden_slots.push(i);
                    Slot::Down { card: 0, by }
                }
            };
        }
        view.reserve.iter().for_each(|&c| see(c));
        let mine: Vec<Card> = view.seats[me].cards.clone()?;
        mine.iter().for_each(|&c| see(c));
        // A declared combine's two cards are public, and still in the payer's hand. Hands the
        // view shows whole (a yardstick's) are kept as they are.
        let mut hands: Vec<Vec<Card>> = vec![Vec::new(); players];
        hands[me] = mine;
        for (s, seat) in view.seats.iter().enumerate() {
            if let (Some(cards), true) = (&seat.cards, s != me) {
                cards.iter().for_each(|&c| see(c));
                hands[s] = cards.clone();
            }
        }
        if let (PhaseView::Pay { combo, .. }, Some(t)) = (view.phase, view.turn)
            && t != me
            && t < players
            && view.seats[t].cards.is_none()
        {
            for c in [combo.a, combo.b] {
                if c != cards::FINISH {
                    see(c);
                    hands[t].push(c);
                }
            }
        }
        let mut pool: Vec<Card> = (cards::LOWEST..=cards::HIGHEST)
            .filter(|&c| unknown & (1u64 << c) != 0)
            .collect();
        // The parked cards first, each from the numbers that break the order in its slot.
        let windows = pyramid.windows();
        let mut dealt = Vec::new();
        for &i in misfits {
            if !hidden_slots.contains(&i) {
                continue;
            }
            let misfit: Vec<usize> = (0..pool.len())
                .filter(|&k| !pyramid.keeps_order(&windows, pool[k], i))
                .collect();
            if misfit.is_empty() {
                continue;
            }
            let k = misfit[pick(misfit.len()).min(misfit.len() - 1)];
            let card = pool.swap_remove(k);
            if let Slot::Down { by, .. } = pyramid.slots[i] {
                pyramid.slots[i] = Slot::Down { card, by };
            }
            dealt.push(i);
        }
        hidden_slots.retain(|i| !dealt.contains(i));
        let mut draw = |pool: &mut Vec<Card>| -> Option<Card> {
            if pool.is_empty() {
                return None;
            }
            let i = pick(pool.len()).min(pool.len() - 1);
            Some(pool.swap_remove(i))
        };
        for (s, hand) in hands.iter_mut().enumerate() {
            if s == me {
                continue;
            }
            while hand.len() < view.seats[s].count {
                hand.push(draw(&mut pool)?);
            }
            hand.sort_unstable();
        }
        for i in hidden_slots {
            if let Slot::Down { by, .. } = pyramid.slots[i] {
                pyramid.slots[i] = Slot::Down {
                    card: draw(&mut pool)?,
                    by,
                };
            }
        }
        let mut discards = Vec::with_capacity(view.discards);
        for _ in 0..view.discards {
            discards.push(draw(&mut pool)?);
        }
        let in_deck = view.deck - usize::from(view.finish == FinishAt::Deck);
        if pool.len() != in_deck {
            return None;
        }
        let deck = pool.iter().fold(0u64, |d, &c| d | (1u64 << c));
        // The finish card's window is set at the split from the glass cards left then.
        let limit = reserve_limit(players);
        let at_split =
            deck_at_start().count_ones() as usize - HAND_START * players - limit.saturating_sub(2);
        let window = (at_split / 2 + 1) as u8;
        let drawn = at_split.saturating_sub(in_deck) as u8;
        Some(Couperation {
            mode: view.mode,
            players,
            hands,
            finish: view.finish,
            reserve: view.reserve.clone(),
            reserve_limit: view.reserve_limit,
            pyramid,
            deck,
            window,
            drawn,
            discards,
            phase,
            turn: view.turn.unwrap_or(0),
            fixed_start: None,
            played: view.played,
            deck_out: view.deck_out,
            end: view.end,
            turns: view.turns,
        })
    }
}

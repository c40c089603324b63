//! What one viewer may know: the pyramid (face-down cards as backs, except to the seat that
//! placed them), the reserve, counts of hands, deck and discards, and only the viewer's own hand.

use super::cards::{Card, FINISH};
use super::pyramid::{Pyramid, SLOTS, Slot};
use super::{Combo, Couperation, End, FinishAt, Mode, Phase, Played};
use crate::engine::{Seat, Viewer};

/// One slot as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotView {
    Empty,
    Up(Card),
    /// Face down, placed by `by`; `known` only for that seat (and the omniscient replay).
    Down {
        by: Seat,
        known: Option<Card>,
    },
}

/// One seat as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// Glass cards in hand (public).
    pub count: usize,
    /// The finish card lies face up in front of this seat.
    pub finish: bool,
    /// The cards themselves: the viewer's own hand only (every hand when omniscient).
    pub cards: Option<Vec<Card>>,
}

/// The step of the turn, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseView {
    Setup,
    Draw { max: u8 },
    Drawing { left: u8 },
    Act,
    Pay { combo: Combo, left: u8 },
    TidyHand { excess: usize },
    TidyReserve { excess: usize },
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub viewer: Viewer,
    pub mode: Mode,
    pub players: usize,
    pub pyramid: [SlotView; SLOTS],
    pub seats: Vec<SeatView>,
    /// Glass cards in the reserve, ascending (the finish card is in `finish`).
    pub reserve: Vec<Card>,
    pub reserve_limit: usize,
    /// Cards left in the deck, the finish card included.
    pub deck: usize,
    pub discards: usize,
    pub finish: FinishAt,
    pub turn: Option<Seat>,
    pub phase: PhaseView,
    /// What the previous turn put in view (it sets this turn's draw).
    pub played: Option<Played>,
    /// The seat that drew the deck's last card.
    pub deck_out: Option<Seat>,
    pub end: Option<End>,
    pub end_reason: Option<String>,
    pub turns: u32,
}

impl View {
    /// The viewer's own glass cards (empty for public views).
    pub fn hand(&self) -> &[Card] {
        match self.viewer {
            Viewer::Seat(s) => self
                .seats
                .get(s)
                .and_then(|v| v.cards.as_deref())
                .unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The cards `seat` may use as hand cards: the finish card in front of it first.
    pub fn usable(&self, seat: Seat) -> Vec<Card> {
        let mut out = Vec::new();
        if self.finish == FinishAt::Front(seat) {
            out.push(FINISH);
        }
        if let Some(c) = self.seats.get(seat).and_then(|v| v.cards.as_ref()) {
            out.extend_from_slice(c);
        }
        out
    }

    /// The reserve with the finish card first when it is there.
    pub fn reserve_cards(&self) -> Vec<Card> {
        let mut out = Vec::new();
        if self.finish == FinishAt::Reserve {
            out.push(FINISH);
        }
        out.extend_from_slice(&self.reserve);
        out
    }

    /// The pyramid for the placement rules: face-down cards count as unknown whatever they are.
    pub fn rules_pyramid(&self) -> Pyramid {
        let mut p = Pyramid::new(self.mode == Mode::Standard);
        for (i, s) in self.pyramid.iter().enumerate() {
            p.slots[i] = match *s {
                SlotView::Empty => Slot::Empty,
                SlotView::Up(c) => Slot::Up(c),
                SlotView::Down { by, known } => Slot::Down {
                    card: known.unwrap_or(0),
                    by,
                },
            };
        }
        p
    }
}

pub(super) fn build(g: &Couperation, viewer: Viewer) -> View {
    let knows = |seat: Seat| viewer == Viewer::Seat(seat) || viewer == Viewer::Omniscient;
    let mut pyramid = [SlotView::Empty; SLOTS];
    for (i, s) in g.pyramid.slots.iter().enumerate() {
        pyramid[i] = match *s {
            Slot::Empty => SlotView::Empty,
            Slot::Up(c) => SlotView::Up(c),
            Slot::Down { card, by } => SlotView::Down {
                by,
                known: knows(by).then_some(card),
            },
        };
    }
    let seats = (0..g.players)
        .map(|s| SeatView {
            count: g.hand(s).len(),
            finish: g.finish == FinishAt::Front(s),
            cards: knows(s).then(|| g.hand(s).to_vec()),
        })
        .collect();
    let phase = match g.phase {
        Phase::DealHands | Phase::DealReserve | Phase::Start => PhaseView::Setup,
        Phase::Draw { max } => PhaseView::Draw { max },
        Phase::Drawing { left } => PhaseView::Drawing { left },
        Phase::Act => PhaseView::Act,
        Phase::Pay { combo, left } => PhaseView::Pay { combo, left },
        Phase::TidyHand => PhaseView::TidyHand {
            excess: g
                .hand(g.turn)
                .len()
                .saturating_sub(super::cards::HAND_LIMIT),
        },
        Phase::TidyReserve => PhaseView::TidyReserve {
            excess: (g.reserve.len() + usize::from(g.finish == FinishAt::Reserve))
                .saturating_sub(g.reserve_limit),
        },
        Phase::Over => PhaseView::Over,
    };
    View {
        viewer,
        mode: g.mode,
        players: g.players,
        pyramid,
        seats,
        reserve: g.reserve.clone(),
        reserve_limit: g.reserve_limit,
        deck: g.deck_count(),
        discards: g.discards.len(),
        finish: g.finish,
        turn: g.turn(),
        phase,
        played: g.played,
        deck_out: g.deck_out,
        end: g.end,
        end_reason: g.end.map(|e| g.end_reason(e)),
        turns: g.turns,
    }
}

/// Where a card the viewer cannot know lies.
#[derive(Clone, Copy)]
enum Hidden {
    Hand(Seat),
    Pyramid(usize),
    Discard(usize),
    Deck,
}

/// Shuffles every card the viewer cannot know among the places they cannot see: other hands,
/// face-down cards placed by others, the discards and the undrawn deck.
pub(super) fn vary_hidden(g: &Couperation, viewer: Viewer, salt: u64) -> Couperation {
    let mut out = g.clone();
    if viewer == Viewer::Omniscient {
        return out;
    }
    let me = match viewer {
        Viewer::Seat(s) => Some(s),
        _ => None,
    };
    // The two cards of a declared combine are public.
    let public: Vec<Card> = match g.phase {
        Phase::Pay { combo, .. } => vec![combo.a, combo.b],
        _ => Vec::new(),
    };
    let mut places: Vec<Hidden> = Vec::new();
    let mut cards: Vec<Card> = Vec::new();
    for s in 0..g.players {
        if Some(s) == me {
            continue;
        }
        let kept: Vec<Card> = g
            .hand(s)
            .iter()
            .copied()
            .filter(|c| public.contains(c))
            .collect();
        for &c in g.hand(s) {
            if !public.contains(&c) {
                places.push(Hidden::Hand(s));
                cards.push(c);
            }
        }
        out.hands[s] = kept;
    }
    for (i, s) in g.pyramid.slots.iter().enumerate() {
        if let Slot::Down { card, by } = *s
            && Some(by) != me
        {
            places.push(Hidden::Pyramid(i));
            cards.push(card);
        }
    }
    for (i, &c) in g.discards.iter().enumerate() {
        places.push(Hidden::Discard(i));
        cards.push(c);
    }
    for c in super::cards::LOWEST..=super::cards::HIGHEST {
        if g.deck & (1 << c) != 0 {
            places.push(Hidden::Deck);
            cards.push(c);
        }
    }
    let mut x = salt;
    for i in (1..cards.len()).rev() {
        x = crate::engine::rng::mix(x);
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    out.deck = 0;
    for (place, c) in places.into_iter().zip(cards) {
        match place {
            Hidden::Hand(s) => {
                let h = &mut out.hands[s];
                let at = h.partition_point(|&x| x < c);
                h.insert(at, c);
            }
            Hidden::Pyramid(i) => {
                if let Slot::Down { by, .. } = g.pyramid.slots[i] {
                    out.pyramid.slots[i] = Slot::Down { card: c, by };
                }
            }
            Hidden::Discard(i) => out.discards[i] = c,
            Hidden::Deck => out.deck |= 1 << c,
        }
    }
    out
}

//! Computer players for Couperation. The builder reads only its seat's [`View`]: it gives each
//! pyramid slot a target number (the middle of what its neighbours leave, or where the slot sits
//! from left to right), places the hand or reserve card nearest a target, avoids placements that
//! leave a slot with no number possible, turns up face-down cards when the numbers still unseen
//! make that safe, and keeps the cards that fit somewhere when it must discard.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::bots::random::RandomBot;
use crate::bots::{Level, Overlook, has_levels};
use crate::engine::{Bot, Seat, rng};
use crate::games::couperation::{
    Action, Card, Couperation, FINISH, PhaseView, Pyramid, SLOTS, Slot, SlotView, View, row_col,
    supports,
};

pub const KINDS: &[(&str, &str)] = &[
    (
        "builder",
        "places cards near each slot's target, turns up only safe cards",
    ),
    ("random", "any legal move"),
];

pub fn make(kind: &str, level: Level, seed: u64) -> Option<Box<dyn Bot<Couperation>>> {
    match (kind, level) {
        (_, Level::Easy) if has_levels(kind) => {
            let normal = make(kind, Level::Normal, seed)?;
            Some(Box::new(Overlook::new(normal, seed, 35)))
        }
        ("builder", _) => Some(Box::new(Builder::new(seed))),
        ("random", _) => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

pub struct Builder {
    rng: ChaCha8Rng,
}

impl Builder {
    pub fn new(seed: u64) -> Self {
        Builder {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// Where a slot sits from left to right, as a number: 4 at the bottom left, 25 in the middle,
/// 46 at the bottom right; rows above sit half a slot further right.
fn static_target(slot: usize) -> f32 {
    let (r, c) = row_col(slot);
    25.0 + ((2 * c + r) as f32 - 6.0) * 3.5
}

/// The face-up number in `slot`, if any (the finish card has none).
fn number(p: &Pyramid, slot: usize) -> Option<i32> {
    match p.get(slot) {
        Slot::Up(c) if c != FINISH => Some(i32::from(c)),
        _ => None,
    }
}

/// The numbers `slot` must lie strictly between, from its face-up neighbours.
fn bounds(p: &Pyramid, slot: usize) -> (Option<i32>, Option<i32>) {
    match supports(slot) {
        Some((l, r)) => (number(p, l), number(p, r)),
        None => {
            let (_, c) = row_col(slot);
            let lo = if c > 0 { number(p, slot - 1) } else { None };
            let hi = if c < 6 { number(p, slot + 1) } else { None };
            (lo, hi)
        }
    }
}

/// The number a slot would best hold now.
fn target(p: &Pyramid, slot: usize) -> f32 {
    let base = static_target(slot);
    match bounds(p, slot) {
        (Some(lo), Some(hi)) => (lo + hi) as f32 / 2.0,
        (Some(lo), None) => base.max(lo as f32 + 3.0),
        (None, Some(hi)) => base.min(hi as f32 - 3.0),
        (None, None) => base,
    }
}

/// How far `card` is from what `slot` wants, in numbers.
fn deviation(p: &Pyramid, card: Card, slot: usize) -> f32 {
    if card == FINISH {
        return 0.0;
    }
    (f32::from(card) - target(p, slot)).abs()
}

/// Slots that no number can fill any more: empty, with face-up neighbours leaving no unused
/// integer between them, or a bottom row end that cannot fit the slots still to its side.
fn dead_slots(p: &Pyramid, used: &[bool; 51]) -> usize {
    let mut dead = 0;
    for s in 0..SLOTS {
        if !p.get(s).is_empty() {
            continue;
        }
        if p.finish_on_top && s == SLOTS - 1 {
            continue;
        }
        let (lo, hi) = bounds(p, s);
        let lo_v = lo.unwrap_or(0);
        let hi_v = hi.unwrap_or(51);
        let free = (lo_v + 1..hi_v)
            .filter(|&v| (1..=50).contains(&v) && !used[v as usize])
            .count();
        if free == 0 {
            dead += 1;
        }
    }
    // The bottom row needs room for what is still to come at each end.
    for c in 0..7 {
        if let Some(v) = number(p, c) {
            let left_empty = (0..c).filter(|&x| p.get(x).is_empty()).count() as i32;
            let right_empty = (c + 1..7).filter(|&x| p.get(x).is_empty()).count() as i32;
            if v - 1 < 2 * left_empty {
                dead += 1;
            }
            if 50 - v < 2 * right_empty {
                dead += 1;
            }
        }
    }
    dead
}

struct Seen {
    /// Numbers face up in the pyramid or the reserve, or in this seat's hand or its own
    /// face-down cards.
    used: [bool; 51],
    /// Numbers this seat cannot place: anywhere but the pyramid face up.
    unseen: Vec<Card>,
}

fn seen(view: &View, seat: Seat) -> Seen {
    let mut used = [false; 51];
    let mut known = [false; 51];
    for s in view.pyramid.iter() {
        match *s {
            SlotView::Up(c) => {
                used[usize::from(c)] = true;
                known[usize::from(c)] = true;
            }
            SlotView::Down { known: Some(c), .. } => known[usize::from(c)] = true,
            _ => {}
        }
    }
    for &c in &view.reserve {
        known[usize::from(c)] = true;
    }
    for c in view.usable(seat) {
        known[usize::from(c)] = true;
    }
    let unseen = (1..=50u8).filter(|&c| !known[usize::from(c)]).collect();
    Seen { used, unseen }
}

/// The pyramid after `action` for scoring, with the placed card face up.
fn after(p: &Pyramid, action: &Action) -> Option<(Pyramid, Card, usize)> {
    match *action {
        Action::Place { c, slot } => {
            Some((p.with(usize::from(slot), Slot::Up(c)), c, usize::from(slot)))
        }
        Action::Combine { take, slot, .. } => Some((
            p.with(usize::from(slot), Slot::Up(take)),
            take,
            usize::from(slot),
        )),
        _ => None,
    }
}

impl Builder {
    fn score(&self, view: &View, seat: Seat, seen: &Seen, action: &Action) -> f32 {
        let p = view.rules_pyramid();
        let dead_now = dead_slots(&p, &seen.used);
        match *action {
            Action::Place { c: FINISH, .. } | Action::Combine { take: FINISH, .. } => 100.0,
            Action::Place { .. } | Action::Combine { .. } => {
                let Some((q, card, slot)) = after(&p, action) else {
                    return -100.0;
                };
                let mut used = seen.used;
                used[usize::from(card)] = true;
                let dead = dead_slots(&q, &used).saturating_sub(dead_now) as f32;
                let mut s = 10.0 - deviation(&p, card, slot) - 40.0 * dead;
                if let Action::Combine { a, extra, slot, .. } = *action {
                    // A combine spends two hand cards (and the extra discards) but keeps the
                    // hand's best cards for later; replacing a card gives one back.
                    s -= 2.0 + 3.0 * f32::from(extra);
                    if a == FINISH {
                        s -= 20.0;
                    }
                    match p.get(usize::from(slot)) {
                        Slot::Empty => {}
                        Slot::Down { .. } => s += 4.0,
                        Slot::Up(old) => {
                            s -= 6.0 + deviation(&p, card, usize::from(slot))
                                - deviation(
                                    &p.with(usize::from(slot), Slot::Empty),
                                    old,
                                    usize::from(slot),
                                )
                        }
                    }
                }
                s
            }
            Action::Reveal { slot } => {
                let slot = usize::from(slot);
                match view.pyramid.get(slot) {
                    Some(SlotView::Down { known: Some(c), .. }) => {
                        if p.with(slot, Slot::Up(*c)).consistent() {
                            12.0
                        } else {
                            -1000.0
                        }
                    }
                    _ => {
                        let n = seen.unseen.len().max(1) as f32;
                        let ok = seen
                            .unseen
                            .iter()
                            .filter(|&&v| p.with(slot, Slot::Up(v)).consistent())
                            .count() as f32;
                        let safe = ok / n;
                        if safe >= 0.999 {
                            11.0
                        } else {
                            -200.0 * (1.0 - safe)
                        }
                    }
                }
            }
            Action::Hide { c, slot } => {
                let slot = usize::from(slot);
                let fits = p.can_place_up(c, slot);
                let _ = seat;
                if fits {
                    2.0 - deviation(&p, c, slot)
                } else {
                    -60.0 - deviation(&p, c, slot)
                }
            }
            Action::Draw { n } => f32::from(n),
            _ => 0.0,
        }
    }

    /// How little a card is worth keeping: its distance to the nearest slot's target among the
    /// slots still open.
    fn worthless(view: &View, card: Card) -> f32 {
        if card == FINISH {
            return -1000.0;
        }
        let p = view.rules_pyramid();
        (0..SLOTS)
            .filter(|&s| p.get(s).is_empty() && !(p.finish_on_top && s == SLOTS - 1))
            .map(|s| deviation(&p, card, s))
            .fold(f32::MAX, f32::min)
    }

    fn draw_count(view: &View, seat: Seat, max: u8) -> u8 {
        let hand = view.seats.get(seat).map_or(0, |s| s.count) as i32;
        let empty = view
            .pyramid
            .iter()
            .filter(|s| !matches!(s, SlotView::Up(_)))
            .count() as i32;
        // Plenty left in the deck: take every card for the choice. Otherwise draw only what
        // this turn can use, so the deck lasts.
        if view.deck as i32 > 2 * empty {
            max
        } else {
            (4 - hand).clamp(0, i32::from(max)) as u8
        }
    }
}

impl Bot<Couperation> for Builder {
    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let fallback = legal[0];
        match view.phase {
            PhaseView::Draw { max } => {
                let n = Self::draw_count(view, seat, max);
                return legal
                    .iter()
                    .copied()
                    .find(|a| *a == Action::Draw { n })
                    .unwrap_or(fallback);
            }
            PhaseView::Pay { .. } | PhaseView::TidyHand { .. } | PhaseView::TidyReserve { .. } => {
                return legal
                    .iter()
                    .copied()
                    .max_by(|a, b| {
                        let w = |x: &Action| match *x {
                            Action::Discard { c } | Action::Scrap { c } => Self::worthless(view, c),
                            _ => f32::MIN,
                        };
                        w(a).total_cmp(&w(b))
                    })
                    .unwrap_or(fallback);
            }
            _ => {}
        }
        let seen = seen(view, seat);
        let mut best = fallback;
        let mut best_score = f32::MIN;
        for a in legal {
            // A little noise between near-equal choices.
            let noise = rng::below(&mut self.rng, 100) as f32 / 1000.0;
            let s = self.score(view, seat, &seen, a) + noise;
            if s > best_score {
                best_score = s;
                best = *a;
            }
        }
        best
    }
}

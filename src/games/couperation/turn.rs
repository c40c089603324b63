//! The steps of a turn: draw, one action (A place, B place face down, C turn up, D combine from
//! the reserve), tidy up, and the end of the game.

use super::cards::{self, Card, FINISH, HAND_LIMIT, HAND_START, card_name};
use super::pyramid::{SLOTS, Slot, slot_name};
use super::{Action, Combo, Couperation, End, FinishAt, How, Mode, Phase, Played};
use crate::engine::{Actor, Illegal, Seat, Viewer};
use crate::illegal;

/// Whether hand cards `a` and `b` make `take` with `extra` discards, each moving the target by
/// one step up or down. The finish card stands for any number.
pub fn reaches(a: Card, b: Card, take: Card, extra: u8) -> bool {
    if a == FINISH || b == FINISH || take == FINISH {
        return true;
    }
    let (a, b, t, k) = (
        i32::from(a),
        i32::from(b),
        i32::from(take),
        i32::from(extra),
    );
    [a + b, (a - b).abs()].iter().any(|&base| {
        let d = (t - base).abs();
        d <= k && (k - d) % 2 == 0
    })
}

impl Couperation {
    // ---- chance -------------------------------------------------------------------------

    /// Every glass card still in the deck, each with `weight`.
    pub(super) fn deck_cards(&self, weight: u32) -> Vec<(Action, u32)> {
        if weight == 0 {
            return Vec::new();
        }
        (cards::LOWEST..=cards::HIGHEST)
            .filter(|&c| self.deck & (1 << c) != 0)
            .map(|c| (Action::Deal { c }, weight))
            .collect()
    }

    /// A draw: the finish card lies uniformly among the deck's top `window` places, so after
    /// `drawn` draws without it, it is next with chance 1 / (window - drawn).
    pub(super) fn draw_outcomes(&self) -> Vec<(Action, u32)> {
        if self.finish != FinishAt::Deck {
            return self.deck_cards(1);
        }
        let glass = self.deck.count_ones();
        let places = u32::from(self.window.saturating_sub(self.drawn)).max(1);
        // finish : each glass = G : (places - 1), which sums to 1 / places for the finish card.
        let mut out = vec![(Action::Deal { c: FINISH }, glass.max(1))];
        out.extend(self.deck_cards(places - 1));
        out
    }

    pub(super) fn deal(&mut self, c: Card) {
        if c != FINISH {
            self.deck &= !(1u64 << c);
        }
        match self.phase {
            Phase::DealHands => {
                if let Some(h) = self.hands.iter_mut().find(|h| h.len() < HAND_START) {
                    insert_sorted(h, c);
                }
                if self.hands.iter().all(|h| h.len() >= HAND_START) {
                    self.phase = Phase::DealReserve;
                }
            }
            Phase::DealReserve => {
                insert_sorted(&mut self.reserve, c);
                if self.reserve.len() >= self.reserve_limit {
                    self.split_deck();
                }
            }
            Phase::Drawing { left } => {
                self.drawn = self.drawn.saturating_add(1);
                let mut left = left.saturating_sub(1);
                if c == FINISH {
                    // Face up in front of the player, who draws one more in its place.
                    self.finish = FinishAt::Front(self.turn);
                    left = left.saturating_add(1);
                } else if let Some(h) = self.hands.get_mut(self.turn) {
                    insert_sorted(h, c);
                }
                if self.deck_count() == 0 {
                    self.deck_out = Some(self.turn);
                }
                if left == 0 || self.deck_count() == 0 {
                    self.enter_act();
                } else {
                    self.phase = Phase::Drawing { left };
                }
            }
            _ => {}
        }
    }

    /// Standard mode: the deck is cut roughly in half and the finish card shuffled into the
    /// top half (the smaller half when the count is odd).
    fn split_deck(&mut self) {
        let glass = self.deck.count_ones() as u8;
        self.window = glass / 2 + 1;
        self.drawn = 0;
        match self.fixed_start {
            Some(seat) => self.begin(seat),
            None => self.phase = Phase::Start,
        }
    }

    /// The first turn: the start player draws exactly one card.
    pub(super) fn begin(&mut self, seat: Seat) {
        self.turn = seat;
        self.turns = 1;
        self.phase = Phase::Drawing { left: 1 };
    }

    // ---- player actions ----------------------------------------------------------------

    pub(super) fn player_action(&mut self, seat: Seat, a: Action) -> Result<(), Illegal> {
        match (self.phase, a) {
            (Phase::Draw { max }, Action::Draw { n }) => {
                if n > max {
                    return illegal!("you may draw at most {max} now, not {n}");
                }
                if n == 0 {
                    self.enter_act();
                } else {
                    self.phase = Phase::Drawing { left: n };
                }
                Ok(())
            }
            (Phase::Act, Action::Place { c, slot }) => {
                let slot = self.check_slot(slot)?;
                if !self.holds(seat, c) {
                    return illegal!("you do not hold {}", card_name(c));
                }
                if !self.pyramid.can_place_up(c, slot) {
                    return illegal!("{} cannot go face up in {}", card_name(c), slot_name(slot));
                }
                self.take_from_hand(seat, c);
                if c == FINISH {
                    self.finish = FinishAt::Pyramid;
                }
                self.pyramid.slots[slot] = Slot::Up(c);
                self.set_played_up(seat, c, slot, How::Placed);
                self.after_action();
                Ok(())
            }
            (Phase::Act, Action::Hide { c, slot }) => {
                let slot = self.check_slot(slot)?;
                if c == FINISH {
                    return illegal!("the finish card may not go face down");
                }
                if !self.holds(seat, c) {
                    return illegal!("you do not hold {c}");
                }
                if !self.pyramid.can_place_down(slot) {
                    return illegal!("no card can go face down in {}", slot_name(slot));
                }
                self.take_from_hand(seat, c);
                self.pyramid.slots[slot] = Slot::Down { card: c, by: seat };
                self.played = Some(Played::Down {
                    seat,
                    slot: slot as u8,
                });
                self.after_action();
                Ok(())
            }
            (Phase::Act, Action::Reveal { slot }) => {
                let slot = self.check_slot(slot)?;
                let Slot::Down { card, .. } = self.pyramid.slots[slot] else {
                    return illegal!("{} holds no face-down card", slot_name(slot));
                };
                self.pyramid.slots[slot] = Slot::Up(card);
                if let Some((a, b)) = self.pyramid.conflict() {
                    let against = if a == slot { b } else { a };
                    self.finish_game(End::BadReveal {
                        slot: slot as u8,
                        card,
                        against: against as u8,
                    });
                    return Ok(());
                }
                self.set_played_up(seat, card, slot, How::Revealed);
                self.after_action();
                Ok(())
            }
            (
                Phase::Act,
                Action::Combine {
                    a,
                    b,
                    take,
                    slot,
                    extra,
                },
            ) => {
                let combo = Combo {
                    a,
                    b,
                    take,
                    slot,
                    extra,
                };
                self.check_combine(seat, combo)?;
                if extra == 0 {
                    self.resolve_combo(seat, combo);
                } else {
                    self.phase = Phase::Pay { combo, left: extra };
                }
                Ok(())
            }
            (Phase::Pay { combo, left }, Action::Discard { c }) => {
                if c == combo.a || c == combo.b {
                    return illegal!("{c} is one of the two cards of the combine");
                }
                self.discard_from_hand(seat, c)?;
                let left = left.saturating_sub(1);
                if left == 0 {
                    self.resolve_combo(seat, combo);
                } else {
                    self.phase = Phase::Pay { combo, left };
                }
                Ok(())
            }
            (Phase::TidyHand, Action::Discard { c }) => {
                self.discard_from_hand(seat, c)?;
                self.tidy();
                Ok(())
            }
            (Phase::TidyReserve, Action::Scrap { c }) => {
                if c == FINISH || !self.reserve.contains(&c) {
                    return illegal!("{} is not a glass card in the reserve", card_name(c));
                }
                self.reserve.retain(|&x| x != c);
                self.discards.push(c);
                self.tidy();
                Ok(())
            }
            (_, a) => illegal!("{a:?} is not possible now ({})", self.phase_name()),
        }
    }

    fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::Draw { .. } => "choose how many cards to draw",
            Phase::Act => "place, turn up or combine a card",
            Phase::Pay { .. } => "discard for the combine",
            Phase::TidyHand => "discard down to three cards",
            Phase::TidyReserve => "discard from the reserve",
            _ => "waiting for chance",
        }
    }

    fn check_slot(&self, slot: u8) -> Result<usize, Illegal> {
        let s = usize::from(slot);
        if s >= SLOTS {
            return illegal!("slot {slot} is not in the pyramid (0 to {})", SLOTS - 1);
        }
        Ok(s)
    }

    fn take_from_hand(&mut self, seat: Seat, c: Card) {
        if c == FINISH {
            return;
        }
        if let Some(h) = self.hands.get_mut(seat) {
            h.retain(|&x| x != c);
        }
    }

    fn discard_from_hand(&mut self, seat: Seat, c: Card) -> Result<(), Illegal> {
        if c == FINISH {
            return illegal!("the finish card is never discarded");
        }
        if !self.hand(seat).contains(&c) {
            return illegal!("you do not hold {c}");
        }
        self.take_from_hand(seat, c);
        self.discards.push(c);
        Ok(())
    }

    fn set_played_up(&mut self, seat: Seat, card: Card, slot: usize, how: How) {
        self.played = Some(Played::Up {
            seat,
            card,
            slot: slot as u8,
            how,
            allowance: self.pyramid.draw_allowance(card, slot),
        });
    }

    /// Action D, checked in full: two distinct hand cards, a reserve card they make, enough
    /// other glass cards to pay the shift, and a slot the card may take (empty or replaced).
    pub(super) fn check_combine(&self, seat: Seat, k: Combo) -> Result<(), Illegal> {
        if k.a >= k.b {
            return illegal!("name the two hand cards in ascending order");
        }
        for c in [k.a, k.b] {
            if !self.holds(seat, c) {
                return illegal!("you do not hold {}", card_name(c));
            }
        }
        if !self.in_reserve(k.take) {
            return illegal!("{} is not in the reserve", card_name(k.take));
        }
        let spare = self
            .hand(seat)
            .iter()
            .filter(|&&c| c != k.a && c != k.b)
            .count();
        if usize::from(k.extra) > spare {
            return illegal!("you hold only {spare} other cards to discard");
        }
        if !reaches(k.a, k.b, k.take, k.extra) {
            return illegal!(
                "{} and {} with {} discards cannot make {}",
                k.a,
                k.b,
                k.extra,
                k.take
            );
        }
        let slot = self.check_slot(k.slot)?;
        let ok = if self.pyramid.filled(slot) {
            self.pyramid.can_replace(k.take, slot)
        } else {
            self.pyramid.can_place_up(k.take, slot)
        };
        if !ok {
            return illegal!("{} cannot go in {}", card_name(k.take), slot_name(slot));
        }
        Ok(())
    }

    fn resolve_combo(&mut self, seat: Seat, k: Combo) {
        for c in [k.a, k.b] {
            if c == FINISH {
                self.finish = FinishAt::Reserve;
            } else {
                self.take_from_hand(seat, c);
                insert_sorted(&mut self.reserve, c);
            }
        }
        if k.take == FINISH {
            self.finish = FinishAt::Pyramid;
        } else {
            self.reserve.retain(|&x| x != k.take);
        }
        let slot = usize::from(k.slot);
        // A replaced card goes to the player's hand (the finish card is never replaced).
        match self.pyramid.get(slot) {
            Slot::Up(c) | Slot::Down { card: c, .. } if c != FINISH => {
                if let Some(h) = self.hands.get_mut(seat) {
                    insert_sorted(h, c);
                }
            }
            _ => {}
        }
        if let Some(s) = self.pyramid.slots.get_mut(slot) {
            *s = Slot::Up(k.take);
        }
        self.set_played_up(seat, k.take, slot, How::FromReserve);
        self.after_action();
    }

    /// After the action: the game may be won; otherwise tidy up.
    fn after_action(&mut self) {
        if self.won() {
            self.finish_game(End::Complete);
            return;
        }
        self.tidy();
    }

    fn won(&self) -> bool {
        self.pyramid.complete()
            && (self.mode == Mode::Beginner || self.pyramid.get(super::TOP) == Slot::Up(FINISH))
    }

    /// Discard down to the hand and reserve limits, one card at a time, then pass the turn.
    fn tidy(&mut self) {
        if self.hand(self.turn).len() > HAND_LIMIT {
            self.phase = Phase::TidyHand;
        } else if self.reserve.len() + usize::from(self.finish == FinishAt::Reserve)
            > self.reserve_limit
        {
            self.phase = Phase::TidyReserve;
        } else {
            self.next_turn();
        }
    }

    fn next_turn(&mut self) {
        self.turn = (self.turn + 1) % self.players;
        self.turns += 1;
        let allowance = match self.played {
            Some(Played::Up { allowance, .. }) => usize::from(allowance),
            Some(Played::Down { .. }) => {
                cards::FACE_DOWN_REFILL.saturating_sub(self.hand(self.turn).len())
            }
            None => 0,
        };
        let max = allowance.min(self.deck_count());
        if max == 0 {
            self.enter_act();
        } else {
            self.phase = Phase::Draw { max: max as u8 };
        }
    }

    /// The action step; a player with no legal action loses the game for everyone.
    fn enter_act(&mut self) {
        self.phase = Phase::Act;
        if self.act_actions(self.turn, true).is_empty() {
            self.finish_game(End::Stuck { seat: self.turn });
        }
    }

    fn finish_game(&mut self, end: End) {
        self.end = Some(end);
        self.phase = Phase::Over;
    }

    /// Actions A to D for `seat`, in a fixed order; `first` stops at the first one found.
    pub(super) fn act_actions(&self, seat: Seat, first: bool) -> Vec<Action> {
        let mut out = Vec::new();
        let p = &self.pyramid;
        // C first: cheap, and it settles `first` quickly.
        for slot in 0..SLOTS {
            if matches!(p.get(slot), Slot::Down { .. }) {
                out.push(Action::Reveal { slot: slot as u8 });
                if first {
                    return out;
                }
            }
        }
        let usable = self.usable(seat);
        // One look at the order for every placement below.
        let w = p.windows();
        let down: Vec<usize> = (0..SLOTS).filter(|&s| p.can_place_down_in(&w, s)).collect();
        for &c in &usable {
            for slot in 0..SLOTS {
                if p.can_place_up_in(&w, c, slot) {
                    out.push(Action::Place {
                        c,
                        slot: slot as u8,
                    });
                    if first {
                        return out;
                    }
                }
            }
            if c != FINISH {
                for &slot in &down {
                    out.push(Action::Hide {
                        c,
                        slot: slot as u8,
                    });
                    if first {
                        return out;
                    }
                }
            }
        }
        // D: the slots each reserve card may take, worked out once.
        let reserve: Vec<(Card, Vec<u8>)> = self
            .reserve_cards()
            .into_iter()
            .map(|t| {
                let slots = (0..SLOTS)
                    .filter(|&s| {
                        if p.filled(s) {
                            p.can_replace_in(&w, t, s)
                        } else {
                            p.can_place_up_in(&w, t, s)
                        }
                    })
                    .map(|s| s as u8)
                    .collect();
                (t, slots)
            })
            .filter(|(_, s): &(Card, Vec<u8>)| !s.is_empty())
            .collect();
        if reserve.is_empty() {
            return out;
        }
        let glass = self.hand(seat).len();
        for (i, &a) in usable.iter().enumerate() {
            for &b in &usable[i + 1..] {
                let spare = glass - usize::from(a != FINISH) - usize::from(b != FINISH);
                for (take, slots) in &reserve {
                    for extra in 0..=spare as u8 {
                        if !reaches(a, b, *take, extra) {
                            continue;
                        }
                        for &slot in slots {
                            out.push(Action::Combine {
                                a,
                                b,
                                take: *take,
                                slot,
                                extra,
                            });
                            if first {
                                return out;
                            }
                        }
                    }
                }
            }
        }
        out
    }

    // ---- words ---------------------------------------------------------------------------

    pub(super) fn end_reason(&self, end: End) -> String {
        match end {
            End::Complete => "the pyramid stands complete".into(),
            End::BadReveal {
                slot,
                card,
                against,
            } => {
                let other = match self.pyramid.get(usize::from(against)) {
                    Slot::Up(c) => format!("with {c}"),
                    _ => format!("at {}", slot_name(usize::from(against))),
                };
                format!(
                    "{card} turned up in {} breaks the order {other}",
                    slot_name(usize::from(slot))
                )
            }
            End::Stuck { seat } => {
                format!("{} had no legal action", crate::engine::seat_ref(seat))
            }
        }
    }

    /// What the next player may draw after this card, in words.
    fn allowance_words(n: u8) -> String {
        match n {
            0 => "(next draws none)".into(),
            n => format!("(next draws up to {n})"),
        }
    }

    pub(super) fn describe_action(&self, actor: Actor, action: &Action, viewer: Viewer) -> String {
        let sees = |seat: Seat| viewer == Viewer::Seat(seat) || viewer == Viewer::Omniscient;
        let who = crate::engine::seat_ref;
        let seat = match actor {
            Actor::Seat(s) => s,
            Actor::Chance => self.turn,
        };
        match *action {
            Action::Deal { c } => match self.phase {
                Phase::DealHands => {
                    let to = self
                        .hands
                        .iter()
                        .position(|h| h.len() < HAND_START)
                        .unwrap_or(0);
                    if viewer == Viewer::Seat(to) {
                        format!("you are dealt {c}")
                    } else if viewer == Viewer::Omniscient {
                        format!("{} is dealt {c}", who(to))
                    } else {
                        String::new()
                    }
                }
                Phase::DealReserve => format!("{c} goes to the reserve"),
                _ if c == FINISH => format!(
                    "{} draws the finish card (face up) and draws again",
                    who(seat)
                ),
                _ if viewer == Viewer::Seat(seat) => format!("you draw {c}"),
                _ if sees(seat) => format!("{} draws {c}", who(seat)),
                _ => format!("{} draws a card", who(seat)),
            },
            Action::Start { seat } => format!("{} starts and draws one card", who(seat)),
            Action::Draw { n } => {
                let max = match self.phase {
                    Phase::Draw { max } => max,
                    _ => 0,
                };
                match n {
                    0 => format!("draws nothing (up to {max} allowed)"),
                    1 => format!("draws 1 card (up to {max} allowed)"),
                    n => format!("draws {n} cards (up to {max} allowed)"),
                }
            }
            Action::Place { c, slot } => {
                let slot = usize::from(slot);
                let allow = self.pyramid.with(slot, Slot::Up(c)).draw_allowance(c, slot);
                if c == FINISH {
                    return "places the finish card on top".into();
                }
                format!(
                    "places {c} in {} {}",
                    slot_name(slot),
                    Self::allowance_words(allow)
                )
            }
            Action::Hide { c, slot } => {
                let card = if sees(seat) {
                    c.to_string()
                } else {
                    "a card".into()
                };
                format!(
                    "places {card} face down in {} (next draws to 2 in hand)",
                    slot_name(usize::from(slot))
                )
            }
            Action::Reveal { slot } => {
                let s = usize::from(slot);
                let Slot::Down { card, .. } = self.pyramid.get(s) else {
                    return format!("turns up {}", slot_name(s));
                };
                let mut after = self.clone();
                let _ = after.player_action(seat, *action);
                match after.end {
                    Some(End::BadReveal { against, .. }) => {
                        let other = match after.pyramid.get(usize::from(against)) {
                            Slot::Up(c) => format!(" with {c}"),
                            _ => String::new(),
                        };
                        format!(
                            "turns up {}: {card} breaks the order{other}! Everyone loses",
                            slot_name(s)
                        )
                    }
                    _ => {
                        let allow = after.pyramid.draw_allowance(card, s);
                        format!(
                            "turns up {}: {card}, it fits {}",
                            slot_name(s),
                            Self::allowance_words(allow)
                        )
                    }
                }
            }
            Action::Combine {
                a,
                b,
                take,
                slot,
                extra,
            } => {
                let s = usize::from(slot);
                let how = if a == FINISH || b == FINISH {
                    format!("the finish card and {}", card_name(b.max(a)))
                } else if take == FINISH {
                    format!("{a} and {b}")
                } else if a + b == take || b - a == take {
                    let op = if a + b == take { "+" } else { "-" };
                    let (x, y) = if op == "+" { (a, b) } else { (b, a) };
                    format!("{x} {op} {y} = {take}")
                } else {
                    // The sum or the difference nearest the card taken, moved by the discards.
                    let (sum, diff) = (a + b, b - a);
                    let (op, base) = if sum.abs_diff(take) <= diff.abs_diff(take) {
                        ("+", sum)
                    } else {
                        ("-", diff)
                    };
                    let (x, y) = if op == "+" { (a, b) } else { (b, a) };
                    let dir = if take > base { "up" } else { "down" };
                    format!(
                        "{x} {op} {y} = {base}, shifted {} {dir} to {take}",
                        base.abs_diff(take)
                    )
                };
                let replaced = match self.pyramid.get(s) {
                    Slot::Empty => String::new(),
                    Slot::Up(c) => format!(", {c} to hand"),
                    Slot::Down { card, by } if sees(seat) || viewer == Viewer::Seat(by) => {
                        format!(", face-down {card} to hand")
                    }
                    Slot::Down { .. } => ", face-down card to hand".into(),
                };
                let pay = match extra {
                    0 => String::new(),
                    1 => ", paying 1 discard".into(),
                    n => format!(", paying {n} discards"),
                };
                let allow = self.pyramid.with(s, Slot::Up(take)).draw_allowance(take, s);
                format!(
                    "{how}: {} from the reserve to {}{replaced}{pay} {}",
                    card_name(take),
                    slot_name(s),
                    Self::allowance_words(allow)
                )
            }
            Action::Discard { c } => {
                let what = if sees(seat) {
                    c.to_string()
                } else {
                    "a card".into()
                };
                match self.phase {
                    Phase::Pay { .. } => format!("discards {what} to pay for the combine"),
                    _ => format!("discards {what} (more than {HAND_LIMIT} in hand)"),
                }
            }
            Action::Scrap { c } => {
                format!(
                    "discards card {c} from the reserve (it holds at most {})",
                    self.reserve_limit
                )
            }
        }
    }
}

fn insert_sorted(v: &mut Vec<Card>, c: Card) {
    let at = v.partition_point(|&x| x < c);
    v.insert(at, c);
}

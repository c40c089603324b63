//! Computer players for Couperation. The builder reads only its seat's [`View`]. For every open
//! slot it keeps which numbers can still fit: the lowest and highest a slot may hold, pushed
//! along the pyramid's order through the numbers not yet used (a chain of three empty slots
//! between 10 and 14 needs 11, 12 and 13 all still free). A move is worth what it leaves: each
//! open slot counts the numbers that still fit it (fewer is tighter, none is a loss), plus a
//! little for every card face up. It turns up a face-down card only when every number it could
//! be keeps the order, and when it must discard it keeps the cards that fill the tightest slots.
//!
//! Levels: hard is this builder weighing every move exactly until at most ten slots are open,
//! then the search over builder playouts (`crate::bots::search::couperation::Hard`, chosen in
//! `crate::bots::kinds`); normal
//! misjudges close choices now and then; easy also overlooks moves and risks turning up a card
//! that is only probably safe, as a learner does.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::bots::Level;
use crate::engine::{Actor, Bot, Game, Match, Seat, rng};
use crate::games::couperation::{
    Action, Card, Couperation, End, FINISH, PhaseView, Played, Pyramid, SLOTS, Slot, SlotView,
    View, Windows, row_col, supports,
};

pub const KINDS: &[(&str, &str)] = &[
    (
        "builder",
        "keeps the numbers each open slot can still take; turns up only certain cards",
    ),
    ("random", "any legal move"),
];

// What a kind string at a level means: `crate::bots::kinds::couperation`.

pub struct Builder {
    rng: ChaCha8Rng,
    level: Level,
    /// Numbers it knows are out of the game: its own discards and reserve cards it saw scrapped.
    gone: Numbers,
    /// The reserve in the last view it saw, to notice a scrapped card.
    reserve: Numbers,
    /// What partners meant by the cards they parked face down.
    intent: Intent,
}

impl Builder {
    pub fn new(seed: u64, level: Level) -> Self {
        Builder {
            rng: ChaCha8Rng::seed_from_u64(seed),
            level,
            gone: 0,
            reserve: 0,
            intent: Intent::default(),
        }
    }

    /// Slots holding a card a partner parked face down where the reserve could later replace
    /// it: probably a card that does not fit there (see [`Intent`]).
    pub fn misfits(&self) -> &[usize] {
        &self.intent.parked
    }

    /// Notes reserve cards that left the reserve without going into the pyramid: scrapped.
    fn watch(&mut self, view: &View) {
        self.intent.watch(view);
        let reserve = view.reserve.iter().fold(0, |m, &c| m | bit(c));
        let placed = view.pyramid.iter().fold(0, |m, s| match *s {
            SlotView::Up(c) if c != FINISH => m | bit(c),
            _ => m,
        });
        self.gone |= self.reserve & !reserve & !placed;
        self.reserve = reserve;
    }

    /// How far off its judgement of a move may be, in the units of [`flexibility`].
    fn noise(&self) -> f32 {
        match self.level {
            Level::Easy => 1.2,
            Level::Normal => 0.35,
            Level::Hard => 0.01,
        }
    }

    /// The least chance of being safe at which it turns a card up it cannot be sure of.
    fn nerve(&self) -> f32 {
        match self.level {
            Level::Easy => 0.75,
            Level::Normal | Level::Hard => 1.0,
        }
    }
}

/// A partner's intent, read from where they hide cards. The builder hides a card that fits
/// nowhere face down, where a reserve card could later take its place by a combine (it never
/// turns such a card up), and it places a card that fits: so a card another seat parks face
/// down in a slot that some reserve card fits is probably one that does not fit there (72–91%
/// of hides were such parked cards when this was measured). The search deals those slots a
/// number that breaks the order ([`Couperation::from_view_reading`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intent {
    /// Slots whose face-down card, someone else's, was parked there.
    parked: Vec<usize>,
    /// The last move the views reported, so that each hide is read once.
    last: Option<Played>,
}

impl Intent {
    /// What `views` (in order) say about the cards parked face down.
    pub fn read(views: &[View]) -> Intent {
        let mut intent = Intent::default();
        for v in views {
            intent.watch(v);
        }
        intent
    }

    /// The slots read as parked, still face down and unknown to the viewer.
    pub fn misfits(&self) -> &[usize] {
        &self.parked
    }

    /// Reads the next view.
    pub fn watch(&mut self, view: &View) {
        let unknown = |s: usize| {
            matches!(
                view.pyramid.get(s),
                Some(SlotView::Down { known: None, .. })
            )
        };
        self.parked.retain(|&s| unknown(s));
        if view.played == self.last {
            return;
        }
        self.last = view.played;
        let Some(Played::Down { slot, .. }) = view.played else {
            return;
        };
        let slot = usize::from(slot);
        if !unknown(slot) || self.parked.contains(&slot) {
            return;
        }
        let p = view.rules_pyramid();
        let w = p.windows();
        if view
            .reserve
            .iter()
            .any(|&c| c != FINISH && p.keeps_order(&w, c, slot))
        {
            self.parked.push(slot);
        }
    }
}

/// Every comparison "lower < higher" of the pyramid as (lower slot, higher slot), sorted by
/// how far right the higher slot sits: one pass in this order settles every lowest value.
fn edges() -> &'static [(usize, usize)] {
    static EDGES: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    EDGES.get_or_init(|| {
        let pos = |s: usize| {
            let (r, c) = row_col(s);
            2 * c + r
        };
        let mut out = Vec::new();
        for s in 0..SLOTS {
            match supports(s) {
                Some((l, r)) => {
                    out.push((l, s));
                    out.push((s, r));
                }
                None if s > 0 => out.push((s - 1, s)),
                None => {}
            }
        }
        out.sort_by_key(|&(_, b)| pos(b));
        out
    })
}

/// A set of numbers 1 to 50 as bits.
type Numbers = u64;

fn bit(c: Card) -> Numbers {
    1u64 << c
}

/// The numbers from `lo` to `hi`, both included (empty when `lo > hi`).
fn span(lo: i32, hi: i32) -> Numbers {
    let lo = lo.max(1);
    let hi = hi.min(50);
    if lo > hi {
        return 0;
    }
    let upto = if hi >= 63 {
        u64::MAX
    } else {
        (1u64 << (hi + 1)) - 1
    };
    upto & !((1u64 << lo) - 1)
}

/// Every number, 1 to 50.
const ALL: Numbers = ((1u64 << 51) - 1) & !1;

/// The least number in `free` above `x` (51 when none). Called for every comparison of every
/// board a move is weighed on: plain shifts, no branches but the answer's.
fn next_above(free: Numbers, x: i32) -> i32 {
    let rest = free & ALL & (u64::MAX << (x.clamp(0, 51) + 1));
    if rest == 0 {
        51
    } else {
        rest.trailing_zeros() as i32
    }
}

/// The greatest number in `free` below `x` (0 when none).
fn next_below(free: Numbers, x: i32) -> i32 {
    let rest = free & ALL & ((1u64 << x.clamp(1, 51)) - 1);
    if rest == 0 {
        0
    } else {
        63 - rest.leading_zeros() as i32
    }
}

/// One slot as the builder sees it.
#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Open,
    /// A number it knows (face up, or its own face-down card).
    Known(i32),
    /// Someone else's face-down card: some number it does not know.
    Hidden,
    /// The finish card, or the top kept for it: no number.
    Free,
}

/// The pyramid as the builder reasons about it.
#[derive(Clone, Copy)]
struct Board {
    cells: [Cell; SLOTS],
    /// Numbers that may still go into the pyramid: not in it already, not known gone.
    free: Numbers,
    /// Of those, the ones it can see where they are (its hand, the reserve); the rest may
    /// still be gone unseen, in someone's discards.
    sure: Numbers,
    /// The chance that a number it cannot see is still to come.
    live: f32,
}

impl Board {
    fn new(view: &View, seat: Seat, gone: Numbers) -> Board {
        let mut cells = [Cell::Open; SLOTS];
        let mut free = span(1, 50) & !gone;
        for (i, s) in view.pyramid.iter().enumerate() {
            cells[i] = match *s {
                SlotView::Empty => Cell::Open,
                SlotView::Up(FINISH) => Cell::Free,
                SlotView::Up(c) | SlotView::Down { known: Some(c), .. } => {
                    free &= !bit(c);
                    Cell::Known(i32::from(c))
                }
                SlotView::Down { known: None, .. } => Cell::Hidden,
            };
        }
        if view.mode == crate::games::couperation::Mode::Standard && cells[SLOTS - 1] == Cell::Open
        {
            cells[SLOTS - 1] = Cell::Free;
        }
        // A card of its own parked face down where it does not fit: its number says nothing
        // about the slot, which waits for a combine to replace it, and the card comes back
        // to a hand then. Read as that number, the whole pyramid looked broken and every
        // move alike for the rest of the game.
        if view
            .pyramid
            .iter()
            .any(|s| matches!(s, SlotView::Down { known: Some(_), .. }))
        {
            let p = view.rules_pyramid();
            let w = p.windows();
            for (i, s) in view.pyramid.iter().enumerate() {
                if let SlotView::Down { known: Some(c), .. } = *s
                    && c != FINISH
                    && !p.keeps_order(&w, c, i)
                {
                    cells[i] = Cell::Hidden;
                    free |= bit(c);
                }
            }
        }
        let sure = (view.usable(seat).iter().chain(&view.reserve))
            .chain(shown_hands(view))
            .fold(0, |m, &c| if c == FINISH { m } else { m | bit(c) })
            & free;
        let hidden_by_others = view
            .pyramid
            .iter()
            .filter(|s| matches!(s, SlotView::Down { known: None, .. }))
            .count();
        let others_hands: usize = view
            .seats
            .iter()
            .enumerate()
            .filter(|&(i, v)| i != seat && v.cards.is_none())
            .map(|(_, v)| v.count)
            .sum();
        let unseen = (free & !sure).count_ones().max(1) as f32;
        let to_come = (view.deck + others_hands + hidden_by_others) as f32;
        Board {
            cells,
            free,
            sure,
            live: (to_come / unseen).clamp(0.05, 1.0),
        }
    }

    /// How many numbers from `lo` to `hi` it may still hope for, those it cannot see counted
    /// by their chance of still being in play.
    fn hope(&self, lo: i32, hi: i32) -> f32 {
        let all = self.free & span(lo, hi);
        let sure = (all & self.sure).count_ones() as f32;
        sure + self.live * (all & !self.sure).count_ones() as f32
    }

    fn with(&self, slot: usize, cell: Cell) -> Board {
        let mut b = *self;
        if let Cell::Known(old) = b.cells[slot] {
            b.free |= bit(old as Card);
        }
        b.cells[slot] = cell;
        if let Cell::Known(c) = cell {
            b.free &= !bit(c as Card);
        }
        b
    }

    /// Per slot, the lowest and highest number it can still hold, and whether the known
    /// numbers already break the order.
    fn ranges(&self) -> ([i32; SLOTS], [i32; SLOTS], bool) {
        let mut lo = [0i32; SLOTS];
        let mut hi = [51i32; SLOTS];
        let mut broken = false;
        for (i, c) in self.cells.iter().enumerate() {
            if let Cell::Known(v) = *c {
                lo[i] = v;
                hi[i] = v;
            }
        }
        let es = edges();
        for &(a, b) in es {
            if self.cells[a] == Cell::Free || self.cells[b] == Cell::Free {
                continue;
            }
            let need = match self.cells[b] {
                Cell::Open => next_above(self.free, lo[a]),
                Cell::Hidden => lo[a],
                Cell::Known(v) => {
                    // An open slot squeezed here is dead, which the counts below find; two
                    // numbers in the wrong order are a broken pyramid.
                    let strict = match self.cells[a] {
                        Cell::Known(_) => true,
                        Cell::Hidden => false,
                        _ => continue,
                    };
                    if (strict && lo[a] >= v) || lo[a] > v {
                        broken = true;
                    }
                    continue;
                }
                Cell::Free => continue,
            };
            lo[b] = lo[b].max(need);
        }
        for &(a, b) in es.iter().rev() {
            if self.cells[a] == Cell::Free || self.cells[b] == Cell::Free {
                continue;
            }
            let need = match self.cells[a] {
                Cell::Open => next_below(self.free, hi[b]),
                Cell::Hidden => hi[b],
                _ => continue,
            };
            hi[a] = hi[a].min(need);
        }
        (lo, hi, broken)
    }

    /// How much room the open slots keep: the log of how many numbers still fit each, and a
    /// heavy loss for each that nothing can fill any more.
    #[cfg(test)]
    fn flexibility(&self) -> f32 {
        self.room().iter().sum()
    }

    /// The numbers still free that fit some open slot a card may go to now: the more of them,
    /// the likelier the next players hold a card they can place.
    fn cover(&self) -> f32 {
        self.cover_in(&self.ranges())
    }

    /// [`Board::cover`] from this board's [`Board::ranges`].
    fn cover_in(&self, (lo, hi, _): &([i32; SLOTS], [i32; SLOTS], bool)) -> f32 {
        let open = |s: usize| self.cells[s] == Cell::Open;
        let mut fit: Numbers = 0;
        for s in 0..SLOTS {
            if !open(s) {
                continue;
            }
            let footing = match supports(s) {
                Some((l, r)) => !open(l) && !open(r),
                None => (s > 0 && !open(s - 1)) || (s + 1 < 7 && !open(s + 1)),
            };
            if footing {
                fit |= span(lo[s], hi[s]);
            }
        }
        (fit & self.free & !self.sure).count_ones() as f32
    }

    /// [`Board::flexibility`] slot by slot.
    fn room(&self) -> [f32; SLOTS] {
        self.room_in(&self.ranges())
    }

    /// [`Board::room`] from this board's [`Board::ranges`].
    fn room_in(&self, (lo, hi, broken): &([i32; SLOTS], [i32; SLOTS], bool)) -> [f32; SLOTS] {
        let mut out = [0.0; SLOTS];
        if *broken {
            out[0] = -5000.0;
            return out;
        }
        for s in 0..SLOTS {
            match self.cells[s] {
                Cell::Open => {
                    let n = (self.free & span(lo[s], hi[s])).count_ones() as usize;
                    out[s] = if n == 0 {
                        -400.0
                    } else {
                        (0.5 + self.hope(lo[s], hi[s])).ln()
                    };
                }
                // Someone's face-down card: the fewer numbers it may still be, the likelier it
                // breaks the order when turned up.
                Cell::Hidden if lo[s] > hi[s] => out[s] = -400.0,
                Cell::Hidden => {
                    let n = (self.free & span(lo[s], hi[s])).count_ones() as usize;
                    out[s] = LN.get(n).copied().unwrap_or(4.0);
                }
                _ => {}
            }
        }
        out
    }

    /// Per card, how badly the open slots need it: a slot it fits counts one over the numbers
    /// that fit there, so a card for a tight slot weighs most.
    fn need(&self, card: Card) -> f32 {
        if card == FINISH {
            return 1000.0;
        }
        let (lo, hi, _) = self.ranges();
        let c = i32::from(card);
        (0..SLOTS)
            .filter(|&s| self.cells[s] == Cell::Open && lo[s] <= c && c <= hi[s])
            .map(|s| 1.0 / self.hope(lo[s], hi[s]).max(0.5))
            .sum()
    }
}

/// Where a slot sits from left to right, as a number: 4 at the bottom left, 25 in the middle,
/// 46 at the bottom right; rows above sit half a slot further right.
fn static_target(slot: usize) -> f32 {
    let (r, c) = row_col(slot);
    25.0 + ((2 * c + r) as f32 - 6.0) * 3.5
}

/// How far a card is from the number its slot would best hold: where the slot sits, pulled
/// into the middle of what its neighbours leave.
fn deviation(lo: &[i32; SLOTS], hi: &[i32; SLOTS], card: Card, slot: usize) -> f32 {
    let (l, h) = (lo[slot].max(0) as f32, hi[slot].min(51) as f32);
    let t = match (lo[slot] > 0, hi[slot] < 51) {
        (true, true) => (l + h) / 2.0,
        _ => static_target(slot).clamp(l, h),
    };
    (f32::from(card) - t).abs()
}

/// What a card's distance from its slot's best number costs, per number.
const OFF_TARGET: f32 = 0.12;

/// Cards a player wants in hand after drawing: one to place and a full hand of three left.
const HAND_AFTER_DRAW: i32 = 4;

/// A next player left with no card to place and none to draw must turn a card up blind, or
/// is stuck: both usually lose the game.
const STARVED: f32 = 60.0;

/// A next player left with a single card to place is likely to have nothing that fits.
const SHORT: f32 = 3.0;

/// What each number that a card could be placed with now is worth (see [`Board::cover`]).
const COVER: f32 = 0.3;

/// A card that fits nowhere, parked face down where a reserve card could later take its
/// place by a combine, is not a loss yet.
const FIXABLE: f32 = 5.0;

/// What taking the place of a card already face up in the pyramid costs beyond the room it
/// gains: a card gone for good. Without it the team swapped cards in and out of the same
/// slot four or five times a game and ran out of cards at the end.
const REPLACE_UP: f32 = 4.0;

/// What spending the finish card as a number in a combine costs. It then waits in the
/// reserve, where any player holding two glass cards can take it to the top. At three or
/// four players that is what the end of the game needs (the player who holds it is rarely
/// the one to move when the top opens, and the others run out of moves before its turn comes
/// round), so it goes there with the first combine it helps. At two the holder's turn comes
/// round at once, and keeping it in front, where it needs no cards at all, wins more.
fn finish_as_number(players: usize) -> f32 {
    if players <= 2 { 50.0 } else { 0.0 }
}

/// What a face-up card in the pyramid is worth beyond the room it leaves the other slots.
const PROGRESS: f32 = 2.0;

/// What putting the finish card on top is worth: the win when every other card is face up.
/// Before that it closes the last open slot while face-down cards still wait to be turned up
/// or replaced, and the next player draws nothing after it: whoever then holds no combine
/// must turn a card up blind. It is then worth less than any move but such a blind turn-up.
fn crown(view: &View, slot: usize, extra: u8) -> f32 {
    let rest_up = view
        .pyramid
        .iter()
        .enumerate()
        .all(|(i, s)| i == slot || matches!(s, SlotView::Up(_)));
    let base = if rest_up { 1000.0 } else { -1000.0 };
    base - f32::from(extra)
}

/// Cards a refill to `to` in hand gives a player holding `held`.
fn cards_to(to: usize, held: usize) -> usize {
    to.saturating_sub(held)
}

/// The room term of a slot that `n` numbers still fit: ln n, and a heavy loss for none.
const LN: [f32; 51] = {
    let mut t = [0.0f32; 51];
    t[0] = -400.0;
    // ln n to three decimals is plenty for comparing moves; const fn has no ln.
    let v: [f32; 50] = [
        0.0, 0.693, 1.099, 1.386, 1.609, 1.792, 1.946, 2.079, 2.197, 2.303, 2.398, 2.485, 2.565,
        2.639, 2.708, 2.773, 2.833, 2.890, 2.944, 2.996, 3.045, 3.091, 3.135, 3.178, 3.219, 3.258,
        3.296, 3.332, 3.367, 3.401, 3.434, 3.466, 3.497, 3.526, 3.555, 3.584, 3.611, 3.638, 3.664,
        3.689, 3.714, 3.738, 3.761, 3.784, 3.807, 3.829, 3.850, 3.871, 3.892, 3.912,
    ];
    let mut i = 0;
    while i < 50 {
        t[i + 1] = v[i];
        i += 1;
    }
    t
};

/// Every hand card the view shows: the seat's own, and everyone's for a yardstick shown every
/// card (`crate::bots::search::couperation::Seer`).
fn shown_hands(view: &View) -> impl Iterator<Item = &Card> {
    view.seats.iter().filter_map(|s| s.cards.as_ref()).flatten()
}

struct Seen {
    /// Numbers this seat cannot place: anywhere but the pyramid face up.
    unseen: Vec<Card>,
}

fn seen(view: &View, seat: Seat, gone: Numbers) -> Seen {
    let mut known = [false; 51];
    for c in 1..=50u8 {
        known[usize::from(c)] = gone & bit(c) != 0;
    }
    for s in view.pyramid.iter() {
        match *s {
            SlotView::Up(c) | SlotView::Down { known: Some(c), .. } => known[usize::from(c)] = true,
            _ => {}
        }
    }
    for &c in &view.reserve {
        known[usize::from(c)] = true;
    }
    for c in view
        .usable(seat)
        .into_iter()
        .chain(shown_hands(view).copied())
    {
        known[usize::from(c)] = true;
    }
    let unseen = (1..=50u8).filter(|&c| !known[usize::from(c)]).collect();
    Seen { unseen }
}

/// What one decision shares between the moves it weighs: worked out once per decision.
struct Weigh<'a> {
    view: &'a View,
    board: Board,
    lo: [i32; SLOTS],
    hi: [i32; SLOTS],
    base: [f32; SLOTS],
    total: f32,
    cover: f32,
    rules: Pyramid,
    /// The order's windows in `rules`, for the many placements a decision checks.
    fit: Windows,
    seen: Seen,
    /// The next seat's usable cards before it draws, and the cards left to draw.
    next_hand: usize,
    deck: usize,
    /// Card `c` in `slot`, worked out once: many combines end in the same card and slot.
    memo: Vec<f32>,
}

impl<'a> Weigh<'a> {
    fn new(view: &'a View, seat: Seat, gone: Numbers) -> Self {
        let board = Board::new(view, seat, gone);
        let (lo, hi, _) = board.ranges();
        let base = board.room();
        let next = (seat + 1) % view.players.max(1);
        let next_hand = view
            .seats
            .get(next)
            .map_or(0, |s| s.count + usize::from(s.finish));
        let rules = view.rules_pyramid();
        Weigh {
            view,
            board,
            lo,
            hi,
            total: base.iter().sum(),
            cover: board.cover(),
            base,
            fit: rules.windows(),
            rules,
            seen: seen(view, seat, gone),
            next_hand,
            deck: view.deck,
            memo: vec![f32::NAN; 51 * SLOTS],
        }
    }

    /// The room the other slots keep with `card` face up in `slot`, against what they have
    /// now, less what its distance from the slot's best number costs.
    fn put(&mut self, card: Card, slot: usize) -> f32 {
        let i = usize::from(card) * SLOTS + slot;
        if let Some(&v) = self.memo.get(i)
            && !v.is_nan()
        {
            return v;
        }
        let b = self.board.with(slot, Cell::Known(i32::from(card)));
        let ranges = b.ranges();
        let v = b.room_in(&ranges).iter().sum::<f32>() - (self.total - self.base[slot])
            + COVER * (b.cover_in(&ranges) - self.cover)
            - OFF_TARGET * deviation(&self.lo, &self.hi, card, slot);
        if let Some(m) = self.memo.get_mut(i) {
            *m = v;
        }
        v
    }

    /// What leaving the next player `allowance` cards to draw is worth: a player who holds no
    /// card and draws none must turn up a card blind, or is stuck.
    fn feed(&self, allowance: usize) -> f32 {
        let cards = self.next_hand + allowance.min(self.deck);
        match cards {
            0 => -STARVED,
            1 => -SHORT,
            _ => 0.0,
        }
    }
}

impl Builder {
    fn score(&self, w: &mut Weigh, action: &Action) -> f32 {
        let view = w.view;
        match *action {
            Action::Place { c: FINISH, slot } => crown(view, usize::from(slot), 0),
            Action::Combine {
                take: FINISH,
                slot,
                extra,
                ..
            } => crown(view, usize::from(slot), extra),
            Action::Place { c, slot } => {
                let s = usize::from(slot);
                let allow = usize::from(w.rules.draw_allowance(c, s));
                w.put(c, s) + PROGRESS + w.feed(allow)
            }
            Action::Hide { c, slot } => {
                let s = usize::from(slot);
                let allow = cards_to(2, w.next_hand);
                if !w.rules.can_place_up_in(&w.fit, c, s) {
                    // A card that does not fit, parked face down: it must never be turned up,
                    // but a combine may still take its place, so it is better than turning up
                    // a card that may well break the order now.
                    let fixable = view.reserve.iter().any(|&r| {
                        let r = i32::from(r);
                        w.lo[s] <= r && r <= w.hi[s]
                    });
                    return -300.0 + if fixable { FIXABLE } else { 0.0 } + w.feed(allow);
                }
                // To itself the card is as good as placed, but a turn must turn it up and
                // the others cannot plan around it meanwhile.
                w.put(c, s) + 0.2 * PROGRESS + w.feed(allow)
            }
            Action::Combine {
                a,
                b,
                take,
                slot,
                extra,
            } => {
                let s = usize::from(slot);
                let gained = match w.board.cells[s] {
                    Cell::Open | Cell::Hidden => PROGRESS,
                    _ => 0.0,
                };
                let allow = usize::from(w.rules.draw_allowance(take, s));
                let mut v = w.put(take, s) + gained + w.feed(allow);
                // Two hand cards go to the reserve (the reserve may have to shed one), each
                // extra card is gone for good.
                v -= 0.6 + 1.2 * f32::from(extra);
                if a == FINISH || b == FINISH {
                    v -= finish_as_number(view.players);
                }
                // Taking a face-up card's place spends a card for good: two go to the
                // reserve, one comes back to the hand, and the reserve sheds one.
                if let Cell::Known(_) = w.board.cells[s] {
                    v -= REPLACE_UP;
                }
                v
            }
            Action::Reveal { slot } => {
                let slot = usize::from(slot);
                let p = &w.rules;
                match view.pyramid.get(slot) {
                    Some(SlotView::Down {
                        known: Some(card), ..
                    }) => {
                        if p.keeps_order(&w.fit, *card, slot) {
                            let allow = usize::from(p.draw_allowance(*card, slot));
                            PROGRESS + 0.5 + w.feed(allow)
                        } else {
                            -5000.0
                        }
                    }
                    _ => {
                        let n = w.seen.unseen.len().max(1) as f32;
                        let ok = w
                            .seen
                            .unseen
                            .iter()
                            .filter(|&&v| p.keeps_order(&w.fit, v, slot))
                            .count() as f32;
                        let safe = ok / n;
                        if safe >= 0.999 || safe >= self.nerve() {
                            PROGRESS + 0.5
                        } else {
                            -2000.0 * (1.0 - safe)
                        }
                    }
                }
            }
            Action::Draw { n } => f32::from(n),
            _ => 0.0,
        }
    }

    fn draw_count(view: &View, seat: Seat, max: u8) -> u8 {
        let hand = view.seats.get(seat).map_or(0, |s| s.count) as i32;
        // A hand with no card that goes face up anywhere needs every card it may draw.
        let p = view.rules_pyramid();
        let w = p.windows();
        let stuck = !view
            .usable(seat)
            .iter()
            .any(|&c| (0..SLOTS).any(|s| p.can_place_up_in(&w, c, s)));
        if stuck {
            return max;
        }
        // Draw up to four: after placing one, three are left and nothing is discarded. More
        // would waste the deck on cards thrown away; fewer leaves fewer cards to choose from.
        (HAND_AFTER_DRAW - hand).clamp(0, i32::from(max)) as u8
    }
}

/// Why a move breaks one of the builder's safety rules, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Risk {
    /// Turns up a face-down card that may break the order (one whose number it knows does,
    /// or one it cannot see that some unseen number would).
    TurnUp,
    /// Puts the finish card on top while a face-down card still waits: the next player draws
    /// nothing after it, and whoever then holds no combine must turn a card up blind.
    EarlyCrown,
}

impl Builder {
    /// The rule `action` breaks on `view`, if any: what the builder's own judgement never
    /// does while another move is open.
    pub fn risk(&self, seat: Seat, view: &View, action: &Action) -> Option<Risk> {
        match *action {
            Action::Reveal { slot } => {
                let slot = usize::from(slot);
                let p = view.rules_pyramid();
                let w = p.windows();
                let safe = match view.pyramid.get(slot) {
                    Some(SlotView::Down {
                        known: Some(card), ..
                    }) => p.keeps_order(&w, *card, slot),
                    Some(SlotView::Down { known: None, .. }) => seen(view, seat, self.gone)
                        .unseen
                        .iter()
                        .all(|&v| p.keeps_order(&w, v, slot)),
                    _ => true,
                };
                (!safe).then_some(Risk::TurnUp)
            }
            Action::Place { c: FINISH, slot }
            | Action::Combine {
                take: FINISH, slot, ..
            } => {
                let waiting = view
                    .pyramid
                    .iter()
                    .enumerate()
                    .any(|(i, s)| i != usize::from(slot) && matches!(s, SlotView::Down { .. }));
                waiting.then_some(Risk::EarlyCrown)
            }
            _ => None,
        }
    }

    /// The lowest and highest number `slot` could still hold with the slot emptied, as this
    /// builder sees the pyramid from `view` (the hint key's "fits 12–19 here"); `None` when
    /// nothing fits there any more or `slot` is off the pyramid.
    pub fn room_of(&self, seat: Seat, view: &View, slot: usize) -> Option<(i32, i32)> {
        if slot >= SLOTS {
            return None;
        }
        let board = Board::new(view, seat, self.gone).with(slot, Cell::Open);
        let (lo, hi, _) = board.ranges();
        let (lo, hi) = (lo[slot].max(1), hi[slot].min(50));
        (lo <= hi).then_some((lo, hi))
    }

    /// The builder's safety rules as hard limits on `legal`, for a player (the search) whose
    /// own judgement may break them: no turn-up that may break the order while any other move
    /// is open, and no finish card on top while a face-down card waits unless the only other
    /// moves are such turn-ups. Never empty when `legal` is not.
    pub fn within_limits(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Vec<Action> {
        self.watch(view);
        let risks: Vec<Option<Risk>> = legal.iter().map(|a| self.risk(seat, view, a)).collect();
        let keep = |allowed: &dyn Fn(Option<Risk>) -> bool| -> Vec<Action> {
            legal
                .iter()
                .zip(&risks)
                .filter(|(_, r)| allowed(**r))
                .map(|(a, _)| *a)
                .collect()
        };
        let safe = keep(&|r| r.is_none());
        if !safe.is_empty() {
            return safe;
        }
        let no_turn_up = keep(&|r| r != Some(Risk::TurnUp));
        if !no_turn_up.is_empty() {
            return no_turn_up;
        }
        legal.to_vec()
    }
}

impl Bot<Couperation> for Builder {
    fn observe(&mut self, view: &View) {
        self.watch(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.watch(view);
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
                // Keep the cards the tightest slots need.
                let board = Board::new(view, seat, self.gone);
                let pick = legal
                    .iter()
                    .copied()
                    .min_by(|a, b| {
                        let w = |x: &Action| match *x {
                            Action::Discard { c } | Action::Scrap { c } => board.need(c),
                            _ => f32::MAX,
                        };
                        w(a).total_cmp(&w(b))
                    })
                    .unwrap_or(fallback);
                if let Action::Discard { c } | Action::Scrap { c } = pick {
                    self.gone |= bit(c);
                }
                return pick;
            }
            _ => {}
        }
        let mut w = Weigh::new(view, seat, self.gone);
        let noise = self.noise();
        let mut best = fallback;
        let mut best_score = f32::MIN;
        for a in legal {
            let jitter = rng::below(&mut self.rng, 1000) as f32 / 1000.0 * noise;
            let s = self.score(&mut w, a) + jitter;
            if s > best_score {
                best_score = s;
                best = *a;
            }
        }
        best
    }
}

/// Per seat, the cards it turned up that lost the game at once while it had a safe move:
/// a card to place, hide or combine, other than the finish card on top (which is a blunder of
/// its own while a card is face down). These are the losing turn-ups the hard level must never
/// make; `hotseat sim` counts them from the match's history.
pub fn losing_turn_ups(m: &Match<Couperation>) -> Vec<f64> {
    turn_ups_that_lost(m).0
}

/// [`losing_turn_ups`], and beside it the turn-ups that lost while the seat's only other
/// moves were turn-ups too, one of which the true state says would not have lost (a blind
/// choice between face-down cards: no view can tell them apart, so no player avoids them all).
pub fn turn_ups_that_lost(m: &Match<Couperation>) -> (Vec<f64>, Vec<f64>) {
    let mut safe_open = vec![0.0; m.players.len()];
    let mut blind = vec![0.0; m.players.len()];
    let mut state = m.initial.clone();
    for step in &m.history {
        if let (Actor::Seat(s), Action::Reveal { .. }) = (step.actor, &step.action) {
            let loses = |a: &Action| {
                let mut g = state.clone();
                g.apply(Actor::Seat(s), a).is_ok() && matches!(g.end(), Some(End::BadReveal { .. }))
            };
            if loses(&step.action) {
                let legal = state.legal_actions(s);
                let safe = legal.iter().any(|a| match *a {
                    Action::Place { c, .. } => c != FINISH,
                    Action::Combine { take, .. } => take != FINISH,
                    Action::Hide { .. } => true,
                    _ => false,
                });
                let lucky = legal
                    .iter()
                    .any(|a| matches!(a, Action::Reveal { .. }) && a != &step.action && !loses(a));
                let count = if safe {
                    safe_open.get_mut(s)
                } else if lucky {
                    blind.get_mut(s)
                } else {
                    None
                };
                if let Some(n) = count {
                    *n += 1.0;
                }
            }
        }
        if state.apply(step.actor, &step.action).is_err() {
            break;
        }
    }
    (safe_open, blind)
}

/// Per seat, the times it put the finish card on top while a card in the pyramid was still
/// face down and it had another move than a turn-up (what the builder's rule forbids: the
/// next player draws nothing after the finish card, and whoever then holds no combine must
/// turn a card up blind). `hotseat sim` counts them as `early crowns`.
pub fn early_crowns(m: &Match<Couperation>) -> Vec<f64> {
    let mut crowns = vec![0.0; m.players.len()];
    let mut state = m.initial.clone();
    for step in &m.history {
        let crowning = |a: &Action| {
            matches!(*a,
                Action::Place { c: FINISH, slot } | Action::Combine { take: FINISH, slot, .. }
                    if usize::from(slot) == SLOTS - 1)
        };
        if let (Actor::Seat(s), true) = (step.actor, crowning(&step.action)) {
            let p = state.pyramid();
            let down = (0..SLOTS).any(|i| matches!(p.get(i), Slot::Down { .. }));
            // Another crown (the finish card taken with other cards) is no way out.
            let other = state
                .legal_actions(s)
                .iter()
                .any(|a| !crowning(a) && !matches!(a, Action::Reveal { .. }));
            if down
                && other
                && let Some(n) = crowns.get_mut(s)
            {
                *n += 1.0;
            }
        }
        if state.apply(step.actor, &step.action).is_err() {
            break;
        }
    }
    crowns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_sets() {
        assert_eq!(span(3, 5), 0b111000);
        assert_eq!(span(5, 3), 0);
        let free = span(1, 50) & !bit(11) & !bit(12);
        assert_eq!(next_above(free, 10), 13);
        assert_eq!(next_below(free, 13), 10);
        assert_eq!(next_above(free, 50), 51);
        assert_eq!(next_below(free, 1), 0);
        // The shifts agree with the sets they stand for, edges and all.
        for x in -2..=60 {
            let above = free & !span(0, x.max(0)) & span(1, 50);
            let below = free & span(1, x - 1);
            let want_above = if above == 0 {
                51
            } else {
                above.trailing_zeros() as i32
            };
            let want_below = if below == 0 {
                0
            } else {
                63 - below.leading_zeros() as i32
            };
            assert_eq!(next_above(free, x), want_above, "above {x}");
            assert_eq!(next_below(free, x), want_below, "below {x}");
            let next = if x < 50 { (x + 1).max(1) } else { 51 };
            assert_eq!(next_above(span(1, 50), x), next, "after {x}");
        }
    }

    /// Random players turn cards up blind: a game lost that way while a hide or a placement
    /// was open counts one losing turn-up for the seat that turned the card, a game lost
    /// otherwise or won counts none.
    #[test]
    fn losing_turn_ups_count_the_blind_turn_that_lost_while_a_safe_move_was_open() {
        use crate::engine::log::PlayerEntry;
        use crate::engine::{Options, Setup, Table};
        use crate::registered::AnyTable;
        let mut counted = 0;
        for seed in 0..12 {
            let m = Match::new(Setup {
                options: Options::new(),
                players: (0..3)
                    .map(|i| PlayerEntry::bot(format!("R{i}"), "random", seed + i))
                    .collect(),
                seed,
                started: "2026-11-28T05:00:00Z".into(),
            })
            .expect("setup");
            let mut t = Table::new(m, crate::bots::kinds::couperation).expect("table");
            t.run_bots().expect("played");
            let n = losing_turn_ups(&t.m);
            let total: f64 = n.iter().sum();
            let last_reveal = t.m.history.last().map(|s| (s.actor, s.action));
            match t.m.state.end() {
                Some(End::BadReveal { .. }) => {
                    assert!(total <= 1.0, "seed {seed}: {n:?}");
                    if total == 1.0 {
                        let Some((Actor::Seat(s), Action::Reveal { .. })) = last_reveal else {
                            panic!("seed {seed}: {last_reveal:?}");
                        };
                        assert_eq!(n[s], 1.0, "seed {seed}: {n:?}");
                        counted += 1;
                    }
                }
                _ => assert_eq!(total, 0.0, "seed {seed}: {n:?}"),
            }
        }
        assert!(counted > 0, "no game lost by a blind turn-up");
    }

    /// Three empty bottom slots left of 25 with 23 and 24 used: every comparison between them
    /// and the row above takes a free number. A card in the third slot must leave room for the two to its left and
    /// for the slots of the row above, which lie between neighbours.
    #[test]
    fn chains_count_the_numbers_still_free() {
        let mut p = Pyramid::new(true);
        p.slots[4] = Slot::Up(30);
        let mut board = Board {
            cells: [Cell::Open; SLOTS],
            free: span(1, 50),
            sure: 0,
            live: 1.0,
        };
        for (i, s) in p.slots.iter().enumerate() {
            if let Slot::Up(c) = *s {
                board = board.with(i, Cell::Known(i32::from(c)));
            }
        }
        board.cells[SLOTS - 1] = Cell::Free;
        board.free &= !bit(23) & !bit(24);
        let (lo, hi, broken) = board.ranges();
        assert!(!broken);
        // Slot 2 lies below the slot above it, which lies below 25: 22 is left for that one.
        assert_eq!(hi[2], 21);
        // Six steps from the bottom left to 25, with 23 and 24 gone.
        assert_eq!(hi[0], 17);
        assert_eq!(lo[5], 32);
        let ok = board.with(2, Cell::Known(12));
        assert!(ok.flexibility() > -100.0);
        // 2 leaves slot 0 nothing below 1.
        let dead = board.with(2, Cell::Known(2));
        assert!(dead.flexibility() < -100.0);
        // 3 leaves 1 and 2 for the slots to its left, and then the slot above the 2 and the 3
        // has no number between them.
        assert!(board.with(2, Cell::Known(3)).flexibility() < -100.0);
        // The more room a card leaves, the better.
        assert!(ok.flexibility() > board.with(2, Cell::Known(5)).flexibility());
    }
}

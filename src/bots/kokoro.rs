//! Computer players for Kokoro. The planner looks only at its seat's [`View`]. It values a mat by
//! the points it expects from it: this round's box against the box it must beat, every
//! sanctuary still to come weighted by the chance that it is scored (so one chain through
//! several of them counts several times: the "spine" that scores round after round), the risk
//! of a zero box when a likely sanctuary lies on a chain too short to beat the bar, and the
//! guardians. Growth is estimated from the chain's open ends and the cards left in the deck:
//! an end only counts for the segments that can still fit it, and for where they lead.
//!
//! Levels (see [`PlannerBot::easy`], [`PlannerBot::normal`], [`PlannerBot::hard`]):
//! - easy plays like a beginner: it builds toward this round's sanctuary and the guardians,
//!   gives the later sanctuaries little thought, never peeks, and often takes a merely good
//!   space for the best one;
//! - normal is the full evaluation of one card (cheap: the search player's playout policy);
//! - hard also looks one card ahead: for its best few draws it averages, over the cards left
//!   in the deck, how well the next card could then be drawn.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Actor, Bot, Game, Match, Seat, Viewer, rng};
use crate::games::kokoro::cards::{BOTTOM, LEFT, RIGHT, TOP, segment_edges};
use crate::games::kokoro::chain::{ALL, Board, COL_FIRST, COL_LAST, Mat, SpaceSet, neighbour};
use crate::games::kokoro::mats::{self, COLS, ROWS, SANCTUARIES, SPACES};
use crate::games::kokoro::scoring::sanctuary_chain;
use crate::games::kokoro::{Action, Decree, GOLDEN_PER_ROUND, Kokoro, ROUNDS, View, mirror};

/// The kinds a seat may be given, the default first.
pub const KINDS: &[(&str, &str)] = &[
    (
        "planner",
        "plans chains through the sanctuaries still to come and the guardians, with the deck in mind",
    ),
    ("random", "any legal move"),
];

// What a kind string at a level means: `crate::bots::kinds::kokoro`.

/// How the planner weighs things; the levels differ only in these.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Style {
    /// Weight of a later sanctuary's chain, per expected scoring.
    future: f32,
    /// Weight of the zero-box risk of later sanctuaries on short chains.
    risk: f32,
    /// Worth of seeing the next sanctuary, in points (0: never peeks).
    peek: f32,
    /// Random spread added to each choice's value, in points.
    noise: f32,
    /// Look one card ahead for this many of the best draws (0: none).
    lookahead: usize,
    /// What a zero box costs in the planner's eyes, in points (the rules take 5).
    zero: f32,
}

const EASY: Style = Style {
    future: 0.5,
    risk: 0.0,
    peek: 0.0,
    noise: 2.5,
    lookahead: 0,
    zero: 5.0,
};
const NORMAL: Style = Style {
    future: 2.0,
    risk: 1.0,
    peek: 1.6,
    noise: 0.05,
    lookahead: 0,
    zero: 5.0,
};
/// The search player's playouts: normal, but a zero box weighs five times what it costs, so
/// that the playouts fill early boxes instead of giving them up (measured: a zero box in the
/// first round falls from 28% to 2% of games, 0.77 zero boxes a game instead of 1.19).
const PLAYOUT: Style = Style {
    zero: 25.0,
    ..NORMAL
};
const HARD: Style = Style {
    lookahead: 8,
    ..NORMAL
};
/// The playout planner with hard's look-ahead, for the hard level's open boxes: seeing which
/// next cards a draw leaves room for, it builds onto the box's chain where the deck can
/// finish it (300 solo games, `--no-time-cap`: 0.23 zero boxes a game instead of 0.31, mean
/// 61.0 instead of 56.2). Too slow for playouts.
const GUARD: Style = Style {
    lookahead: 8,
    ..PLAYOUT
};

pub struct PlannerBot {
    /// A little seeded noise on near-equal choices, so that two planners at one table (who
    /// see the same cards) do not draw identical mats.
    rng: ChaCha8Rng,
    style: Style,
}

impl PlannerBot {
    /// The planner of a plain `"planner"` kind: [`PlannerBot::normal`].
    pub fn new(seed: u64) -> Self {
        PlannerBot::normal(seed)
    }

    /// A beginner: builds toward this round's sanctuary and the guardians, hardly thinks of
    /// later sanctuaries, never peeks, and often settles for a good space over the best.
    pub fn easy(seed: u64) -> Self {
        PlannerBot::with_style(seed, EASY)
    }

    /// The full evaluation of the revealed card alone; cheap enough for search playouts.
    pub fn normal(seed: u64) -> Self {
        PlannerBot::with_style(seed, NORMAL)
    }

    /// Normal, dreading zero boxes: the search player's playout policy.
    pub fn playout(seed: u64) -> Self {
        PlannerBot::with_style(seed, PLAYOUT)
    }

    /// The playout planner with hard's one-card look-ahead: what the hard level plays while
    /// a box is open in the first rounds.
    pub fn guard(seed: u64) -> Self {
        PlannerBot::with_style(seed, GUARD)
    }

    /// Normal, and for its best few draws also weighs the next card over the deck left.
    pub fn hard(seed: u64) -> Self {
        PlannerBot::with_style(seed, HARD)
    }

    fn with_style(seed: u64, style: Style) -> Self {
        PlannerBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            style,
        }
    }
}

const EDGES: [u8; 4] = [TOP, RIGHT, BOTTOM, LEFT];
/// The spaces orthogonally next to `set` (and `set` itself).
fn spread(set: u64) -> u64 {
    set | (set >> COLS)
        | ((set << COLS) & ALL)
        | ((set & !COL_FIRST) >> 1)
        | ((set & !COL_LAST) << 1)
}

fn edge_index(edge: u8) -> usize {
    match edge {
        TOP => 0,
        RIGHT => 1,
        BOTTOM => 2,
        _ => 3,
    }
}

/// No space: off the mat, in [`NEIGHBOURS`].
const OFF: u8 = u8::MAX;

/// Each space's neighbours across its edges in [`EDGES`]' order ([`neighbour`] as a table).
const NEIGHBOURS: [[u8; 4]; SPACES] = {
    let mut t = [[OFF; 4]; SPACES];
    let mut s = 0;
    while s < SPACES {
        let (r, c) = (s / COLS, s % COLS);
        if r > 0 {
            t[s][0] = (s - COLS) as u8;
        }
        if c + 1 < COLS {
            t[s][1] = (s + 1) as u8;
        }
        if r + 1 < ROWS {
            t[s][2] = (s + COLS) as u8;
        }
        if c > 0 {
            t[s][3] = (s - 1) as u8;
        }
        s += 1;
    }
    t
};

/// Spaces where a path may still be drawn on `board`.
fn free(board: &Board, grove: Option<u8>) -> u64 {
    let grove = grove.map_or(0, |g| 1u64 << g);
    ALL & !board.drawn & !grove
}

/// A chain as the planner sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Stat {
    chain: SpaceSet,
    features: f32,
    caterpillars: f32,
    flowers: f32,
    /// Chance that one card extends the chain somewhere useful.
    reach: f32,
    /// Features waiting in the spaces its open ends point into, weighted like `reach`.
    near: f32,
    /// The spaces where a draw can change any of this: the free spaces its open ends point
    /// into (a draw there extends the chain and takes the space) and their neighbours (whether
    /// the chain could go on from there). A draw anywhere else leaves the stat as it is.
    touch: u64,
}

/// What the planner knows about the game, read once per decision.
struct Plan {
    features: [f32; SPACES],
    caterpillars: [f32; SPACES],
    flowers: [f32; SPACES],
    grove: Option<u8>,
    /// Chance that the next card is the segment joining edges `i` and `j` (deck in mind).
    pair: [[f32; 4]; 4],
    current: Option<u8>,
    need: f32,
    /// Expected turns still to come in this round after the current one.
    turns_left: f32,
    /// Expected cards still to come in the game after the current one.
    cards_left: f32,
    /// Sanctuary spaces that may be scored after this round, with the chance of it.
    future: Vec<(u8, f32)>,
    /// Points a zero box in this round costs.
    penalty: f32,
    /// Targets whose chains the value reads: current, future sanctuaries, guardians.
    targets: Vec<u8>,
    decree: Option<Decree>,
    style: Style,
    /// Chance that a given unseen sanctuary is the next one (0 when it is known not to be).
    p_next: f32,
    next_space: Option<u8>,
}

impl Plan {
    fn new(seat: Seat, view: &View, style: Style) -> Plan {
        let side = view.side;
        let printed = mats::printed(side);
        let mut features = [0.0; SPACES];
        let mut caterpillars = [0.0; SPACES];
        let mut flowers = [0.0; SPACES];
        for (i, p) in printed.iter().enumerate() {
            features[i] = f32::from(p.features());
            caterpillars[i] = f32::from(p.caterpillars);
            flowers[i] = f32::from(p.flowers);
        }
        let current = view.sanctuary.and_then(|l| mats::sanctuary_space(side, l));
        let previous_box = view
            .rounds_done
            .checked_sub(1)
            .and_then(|r| view.sheets.get(seat).and_then(|s| s.boxes[r]))
            .unwrap_or(0);
        let golden_left: u32 = view.deck_left.iter().map(|d| u32::from(d[1])).sum();
        let plain_left: u32 = view.deck_left.iter().map(|d| u32::from(d[0])).sum();
        let k = f32::from(GOLDEN_PER_ROUND.saturating_sub(view.golden));
        // Plain cards expected before the k-th golden, plus the goldens themselves.
        let turns_left = k + k * plain_left as f32 / (golden_left as f32 + 1.0);
        let rounds_after = ROUNDS.saturating_sub(view.rounds_done + 1);
        let later_goldens = (rounds_after as f32) * f32::from(GOLDEN_PER_ROUND);
        let cards_left =
            turns_left + later_goldens * (1.0 + plain_left as f32 / (golden_left as f32 + 1.0));
        let mut future = Vec::new();
        if rounds_after > 0 {
            let unseen: Vec<char> = SANCTUARIES
                .iter()
                .copied()
                .filter(|l| !view.revealed.contains(l))
                .collect();
            for &l in &unseen {
                let Some(space) = mats::sanctuary_space(side, l) else {
                    continue;
                };
                let p = match view.next_sanctuary {
                    Some(n) if n == l => 1.0,
                    Some(_) => {
                        rounds_after.saturating_sub(1) as f32 / (unseen.len() - 1).max(1) as f32
                    }
                    None => rounds_after as f32 / unseen.len() as f32,
                };
                future.push((space, p));
            }
        }
        if view.decree == Some(Decree::ForgottenShrine) {
            // The unscored sanctuary pays half: keep a little weight on every one.
            for f in &mut future {
                f.1 = f.1.max(0.15);
            }
        }
        let p_next = match (rounds_after, view.next_sanctuary) {
            (0, _) => 0.0,
            (_, Some(_)) => 0.0,
            (_, None) => 1.0 / (ROUNDS + 1 - view.revealed.len()).max(1) as f32,
        };
        let mut count = [[0u32; 4]; 4];
        let mut total = 0;
        for (i, d) in view.deck_left.iter().enumerate() {
            let n = u32::from(d[0] + d[1]);
            let e = segment_edges(i as u8 + 1);
            let ends: Vec<usize> = EDGES
                .iter()
                .filter(|&&x| e & x != 0)
                .map(|&x| edge_index(x))
                .collect();
            if let [a, b] = ends[..] {
                count[a][b] += n;
                count[b][a] += n;
                total += n;
            }
        }
        let mut pair = [[0.0; 4]; 4];
        for a in 0..4 {
            for b in 0..4 {
                pair[a][b] = count[a][b] as f32 / total.max(1) as f32;
            }
        }
        let guardians = view.guardian_spaces();
        let mut targets: Vec<u8> = current.into_iter().collect();
        targets.extend(future.iter().map(|f| f.0));
        targets.extend(guardians);
        let gentle = view.decree == Some(Decree::GentleStart) && view.rounds_done == 0;
        Plan {
            features,
            caterpillars,
            flowers,
            grove: view.grove,
            pair,
            current,
            need: f32::from(previous_box) + 1.0,
            turns_left,
            cards_left,
            future,
            penalty: if gentle { 0.0 } else { style.zero },
            targets,
            decree: view.decree,
            style,
            p_next,
            next_space: view
                .next_sanctuary
                .and_then(|l| mats::sanctuary_space(side, l)),
        }
    }

    /// What seeing the next sanctuary is worth: nothing once it is known or never scored.
    fn peek_worth(&self) -> f32 {
        if self.next_space.is_none() && self.p_next > 0.0 {
            self.style.peek
        } else {
            0.0
        }
    }

    /// The chain through `space` and what it promises.
    fn stat(&self, board: &Board, space: u8) -> Stat {
        let chain = board.chain(space);
        let mut s = Stat {
            chain,
            ..Stat::default()
        };
        let free = free(board, self.grove);
        let mut miss = 1.0;
        for x in chain.iter() {
            let i = usize::from(x);
            s.features += self.features[i];
            s.caterpillars += self.caterpillars[i];
            s.flowers += self.flowers[i];
            for (e, &n) in NEIGHBOURS[i].iter().enumerate() {
                if board.ends[e] & 1 << x == 0 || n == OFF || free & 1 << n == 0 {
                    continue;
                }
                s.touch |= spread(1 << n);
                // A segment in `n` enters through `entry` and leaves through another edge:
                // toward an empty space (the chain goes on), into a path that meets it (a
                // join), or into a wall (the chain stops there, with `n`'s features).
                let entry = (e + 2) % 4;
                let mut fit = 0.0;
                for (out, &m) in NEIGHBOURS[usize::from(n)].iter().enumerate() {
                    if out == entry {
                        continue;
                    }
                    let p = self.pair[entry][out];
                    let onward = if m == OFF {
                        0.3
                    } else if free & 1 << m != 0
                        || board.ends[(out + 2) % 4] & 1 << m != 0 && !chain.contains(m)
                    {
                        1.0
                    } else {
                        0.3
                    };
                    fit += p * onward;
                }
                miss *= 1.0 - fit;
                s.near += fit * self.features[usize::from(n)];
            }
        }
        s.reach = 1.0 - miss;
        s
    }

    /// Features a chain may expect to gain over `turns` cards.
    fn growth(&self, s: &Stat, turns: f32) -> f32 {
        if s.chain.is_empty() || s.reach <= 0.0 {
            return 0.0;
        }
        let extensions = turns * SHARE * s.reach;
        let first = s.near.min(3.0) * (extensions.min(1.0));
        first + (extensions - 1.0).max(0.0) * PER_SPACE
    }

    /// [`Plan::stats_into`] on `mat`, as a new list (tests).
    #[cfg(test)]
    fn stats(&self, mat: &Mat, base: Option<(&[Stat], u8)>) -> Vec<Stat> {
        let mut out = Vec::with_capacity(self.targets.len());
        self.stats_into(&Board::new(mat), base, &mut out);
        out
    }

    /// The stats of every target's chain on `board`, into `out` (cleared first, so that a
    /// caller valuing many draws allocates once). With `base` (the stats before one draw at
    /// `at`), a stat that draw cannot have touched is taken from `base`.
    fn stats_into(&self, board: &Board, base: Option<(&[Stat], u8)>, out: &mut Vec<Stat>) {
        out.clear();
        for (i, &t) in self.targets.iter().enumerate() {
            if let Some((b, at)) = base
                && let Some(old) = b.get(i)
                && t != at
                && old.touch & (1 << at) == 0
            {
                out.push(*old);
                continue;
            }
            // Targets often share a chain: compute it once.
            if let Some(same) = out.iter().find(|s| s.chain.contains(t)) {
                out.push(*same);
                continue;
            }
            out.push(self.stat(board, t));
        }
    }

    /// The spaces where a draw may change one of `base`'s stats ([`Plan::stats_into`]
    /// recomputes a target's stat only for a draw on the target or in its `touch`): a draw
    /// anywhere else leaves every stat, and so the value, as `base` has them.
    fn live(&self, base: &[Stat]) -> u64 {
        let targets = self.targets.iter().fold(0u64, |m, &t| m | 1 << t);
        base.iter().fold(targets, |m, s| m | s.touch)
    }

    fn value(&self, stats: &[Stat]) -> f32 {
        let mut v = 0.0;
        let mut i = 0;
        let mut bar = 0.0;
        let mut current_chain = SpaceSet::EMPTY;
        if self.current.is_some() {
            let s = &stats[0];
            i = 1;
            current_chain = s.chain;
            let f = s.features;
            if self.turns_left < 0.5 {
                // This card decides the box.
                if f >= self.need {
                    v += f;
                    bar = f;
                } else {
                    v -= self.penalty + 0.1 * (self.need - f);
                }
            } else {
                let g = self.growth(s, self.turns_left);
                if f >= self.need {
                    // A box already secured is worth more the fewer turns remain.
                    v += f + 0.6 * g + 2.0 + 8.0 / (1.0 + self.turns_left);
                    bar = f + 0.5 * g;
                } else {
                    // The chain has priority: each turn it is extended with chance `reach`
                    // (an empty sanctuary space first takes any card).
                    let short = self.need - f;
                    let per = (s.near / s.reach.max(0.05)).clamp(0.8, 2.0);
                    let (steps, reach) = if s.chain.is_empty() {
                        (1 + (short / PER_SPACE).ceil() as u32, 0.3)
                    } else {
                        ((short / per).ceil() as u32, s.reach)
                    };
                    let p = at_least(0.5 * self.turns_left, reach, steps);
                    v += p * (self.need + 0.5 * g) - (1.0 - p) * self.penalty + 0.3 * f;
                    bar = p * (self.need + 0.5 * g);
                }
            }
        }
        let later = (self.turns_left + ROUND).min(self.cards_left);
        for &(space, p) in &self.future {
            let s = &stats[i];
            i += 1;
            let projected = s.features + self.growth(s, later);
            v += self.style.future * p * projected;
            if self.style.risk > 0.0 && !current_chain.contains(space) {
                // Drawn next, a chain that cannot beat this box scores nothing and costs 5.
                // What one round of priority can make of it.
                let within = if s.chain.is_empty() {
                    4.0
                } else {
                    s.features + self.growth(s, ROUND / SHARE)
                };
                let short = ((bar + 1.0 - within) / 4.0).clamp(0.0, 1.0);
                let p = match self.next_space {
                    Some(n) if n == space => 1.0,
                    Some(_) => 0.0,
                    None => self.p_next,
                };
                v -= self.style.risk * p * short * (self.style.zero + 0.3 * bar);
            }
        }
        let cg = &stats[i];
        let fg = &stats[i + 1];
        let late = self.cards_left;
        v += cg.caterpillars + 0.55 * self.growth(cg, late) * 0.6;
        v += fg.flowers + 0.55 * self.growth(fg, late) * 0.6;
        v += self.decree_value(stats);
        v
    }

    /// A rough share of the decrees that score at the end.
    fn decree_value(&self, stats: &[Stat]) -> f32 {
        match self.decree {
            Some(Decree::Pilgrimage) => {
                let n = stats.len();
                let guarded = stats[n - 2].chain.0 | stats[n - 1].chain.0;
                self.targets[..n - 2]
                    .iter()
                    .filter(|&&t| guarded & (1 << t) != 0)
                    .count() as f32
                    * 0.5
            }
            _ => 0.0,
        }
    }
}

/// Features a new space adds on average.
const PER_SPACE: f32 = 1.05;
/// The share of the cards one chain can expect to get.
const SHARE: f32 = 0.45;
/// Cards in an average round.
const ROUND: f32 = 7.5;
/// How much the one-card look-ahead counts against the value of the card alone.
const LOOKAHEAD_WEIGHT: f32 = 0.9;

/// The chance of at least `k` successes in `turns` (rounded) tries of chance `p` each.
fn at_least(turns: f32, p: f32, k: u32) -> f32 {
    let n = turns.round().max(0.0) as u32;
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    let p = p.clamp(0.0, 1.0);
    // P(fewer than k) summed term by term: C(n, j) p^j (1-p)^(n-j).
    let mut term = (1.0 - p).powi(n as i32);
    let mut below = 0.0;
    for j in 0..k {
        below += term;
        if p >= 1.0 {
            break;
        }
        term *= (n - j) as f32 / (j + 1) as f32 * p / (1.0 - p).max(1e-6);
    }
    (1.0 - below).clamp(0.0, 1.0)
}

fn drawn(mat: &Mat, space: u8, number: u8) -> Mat {
    let mut after = *mat;
    if let Some(cell) = after.paths.get_mut(usize::from(space)) {
        *cell = number;
    }
    after
}

/// Ends that run off the mat, for the tidy-edges decree.
fn off_mat_ends(space: u8, number: u8) -> f32 {
    EDGES
        .iter()
        .filter(|&&e| segment_edges(number) & e != 0 && neighbour(space, e).is_none())
        .count() as f32
}

impl PlannerBot {
    /// Values every legal choice with the revealed card `number`.
    fn values(&mut self, plan: &Plan, mat: &Mat, number: u8, legal: &[Action]) -> Vec<f32> {
        let board = Board::new(mat);
        let mut base = Vec::with_capacity(plan.targets.len());
        plan.stats_into(&board, None, &mut base);
        let here = plan.value(&base);
        let live = plan.live(&base);
        let mut stats = Vec::with_capacity(base.len());
        legal
            .iter()
            .map(|&a| match a {
                Action::Draw { space, mirrored } => {
                    let n = if mirrored { mirror(number) } else { number };
                    let after = if live & 1 << space == 0 {
                        // Every stat stays as it is: the value is `here`.
                        here
                    } else {
                        plan.stats_into(&board.with(space, n), Some((&base, space)), &mut stats);
                        plan.value(&stats)
                    };
                    let mut v = after - if mirrored { 0.8 } else { 0.0 };
                    if plan.decree == Some(Decree::TidyEdges) {
                        v -= off_mat_ends(space, n);
                    }
                    v
                }
                Action::Peek => here + plan.peek_worth(),
                _ => f32::MIN,
            })
            .collect()
    }

    /// The value of the best draw of segment `number` on `mat` (or of keeping the mat).
    fn best_draw(plan: &Plan, board: &Board, number: u8, base: &[Stat]) -> f32 {
        let mut best = plan.value(base);
        let free = free(board, plan.grove);
        let live = plan.live(base);
        let mut stats = Vec::with_capacity(base.len());
        for space in 0..SPACES as u8 {
            // A draw that changes no stat is worth `plan.value(base)`, the start of `best`.
            if free & live & 1 << space == 0 {
                continue;
            }
            plan.stats_into(&board.with(space, number), Some((base, space)), &mut stats);
            best = best.max(plan.value(&stats));
        }
        best
    }
}

impl Bot<Kokoro> for PlannerBot {
    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let (Some(mat), Some(card)) = (view.mats.get(seat), view.card) else {
            return legal[0];
        };
        let plan = Plan::new(seat, view, self.style);
        let mut values = self.values(&plan, mat, card.number, legal);
        if self.style.lookahead > 0 && plan.turns_left >= 0.5 {
            // One card ahead: the round goes on, so the next card is drawn on this mat.
            let mut order: Vec<usize> = (0..legal.len()).collect();
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
            let next = Plan {
                turns_left: (plan.turns_left - 1.0).max(0.5),
                cards_left: (plan.cards_left - 1.0).max(0.0),
                ..Plan::new(seat, view, self.style)
            };
            for &i in order.iter().take(self.style.lookahead) {
                let after = match legal[i] {
                    Action::Draw { space, mirrored } => {
                        let n = if mirrored {
                            mirror(card.number)
                        } else {
                            card.number
                        };
                        drawn(mat, space, n)
                    }
                    _ => *mat,
                };
                let board = Board::new(&after);
                let mut base = Vec::with_capacity(next.targets.len());
                next.stats_into(&board, None, &mut base);
                let mut expected = 0.0;
                for number in 1..=6u8 {
                    let e = segment_edges(number);
                    let ends: Vec<usize> = EDGES
                        .iter()
                        .filter(|&&x| e & x != 0)
                        .map(|&x| edge_index(x))
                        .collect();
                    let p = next.pair[ends[0]][ends[1]];
                    if p > 0.0 {
                        expected += p * Self::best_draw(&next, &board, number, &base);
                    }
                }
                let bonus = if legal[i] == Action::Peek {
                    plan.peek_worth()
                } else {
                    0.0
                };
                values[i] =
                    (1.0 - LOOKAHEAD_WEIGHT) * values[i] + LOOKAHEAD_WEIGHT * (expected + bonus);
            }
        }
        let mut best = (f32::MIN, legal[0]);
        for (&a, &v) in legal.iter().zip(&values) {
            let jitter = rng::below(&mut self.rng, 1000) as f32 * self.style.noise / 1000.0;
            if v + jitter > best.0 {
                best = (v + jitter, a);
            }
        }
        best.1
    }
}

/// The box `seat`'s chain must beat this round: the previous round's box (0 in the first).
pub fn previous_box(seat: Seat, view: &View) -> u8 {
    view.rounds_done
        .checked_sub(1)
        .and_then(|r| {
            view.sheets
                .get(seat)
                .and_then(|s| s.boxes.get(r).copied().flatten())
        })
        .unwrap_or(0)
}

/// Whether `action` draws this turn's card where it makes this round's sanctuary chain on
/// `seat`'s mat beat the previous box. Paths never leave a mat and a chain only grows, so such
/// a draw keeps the round's box off zero.
pub fn saves_box(seat: Seat, view: &View, action: &Action) -> bool {
    let (Some(card), Some(letter)) = (view.card, view.sanctuary) else {
        return false;
    };
    let Action::Draw { space, mirrored } = *action else {
        return false;
    };
    let Some(mat) = view.mats.get(seat) else {
        return false;
    };
    let mut drawn = *mat;
    match drawn.paths.get_mut(usize::from(space)) {
        Some(cell) if *cell == 0 => {
            *cell = if mirrored {
                mirror(card.number)
            } else {
                card.number
            }
        }
        _ => return false,
    }
    sanctuary_chain(view.side, &drawn, letter).1 > previous_box(seat, view)
}

/// Whether drawing this turn's card in one empty space of `seat`'s mat (or its mirror image,
/// under mirror-pool while the seat's mirror is free) saves this round's box ([`saves_box`]).
pub fn one_card_saves(seat: Seat, view: &View) -> bool {
    let mirrors: &[bool] = if view.mirror_available(seat) {
        &[false, true]
    } else {
        &[false]
    };
    crate::games::kokoro::legal_spaces(view, seat)
        .iter()
        .any(|space| {
            mirrors
                .iter()
                .any(|&mirrored| saves_box(seat, view, &Action::Draw { space, mirrored }))
        })
}

/// Per seat, the zero boxes (those that cost points) that one card of their round would have
/// saved when the seat saw it: on a turn of that round, as the seat chose, drawing the card
/// in one empty space would have beaten the previous box ([`one_card_saves`]). `hotseat sim`
/// counts them as `savable zero boxes`.
pub fn savable_zero_boxes(m: &Match<Kokoro>) -> Vec<f64> {
    let mut savable = vec![[false; ROUNDS]; m.players.len()];
    let mut state = m.initial.clone();
    for step in &m.history {
        if let Actor::Seat(s) = step.actor {
            let view = state.view(Viewer::Seat(s));
            let round = usize::from(view.round).wrapping_sub(1);
            if let Some(flag) = savable.get_mut(s).and_then(|r| r.get_mut(round)) {
                *flag |= one_card_saves(s, &view);
            }
        }
        if state.apply(step.actor, &step.action).is_err() {
            break;
        }
    }
    let gentle = state.decree() == Some(Decree::GentleStart);
    let mut out = vec![0.0; m.players.len()];
    for r in state.records() {
        if gentle && r.round == 1 {
            continue;
        }
        let round = usize::from(r.round).wrapping_sub(1);
        for (seat, score) in r.players.iter().enumerate() {
            let saved = savable.get(seat).and_then(|x| x.get(round)) == Some(&true);
            if score.box_value == 0
                && saved
                && let Some(n) = out.get_mut(seat)
            {
                *n += 1.0;
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, Viewer};
    use crate::games::kokoro::Card;
    use crate::games::kokoro::chain::chain_from;

    /// A blue solo view in round one with sanctuary `letter` up and `card` revealed; the
    /// paths `(space, number)` drawn on the mat.
    pub(crate) fn view(letter: char, card: u8, golden: u8, paths: &[(u8, u8)]) -> View {
        let mut g = Kokoro::new(&Options::new(), 1).unwrap();
        g.apply(Actor::Chance, &Action::RevealSanctuary { letter })
            .unwrap();
        g.apply(
            Actor::Chance,
            &Action::RevealPath {
                number: card,
                golden: true,
            },
        )
        .unwrap();
        let mut v = g.view(Viewer::Seat(0));
        for &(s, n) in paths {
            v.mats[0].paths[usize::from(s)] = n;
        }
        v.golden = golden;
        v.card = Some(Card {
            number: card,
            golden: true,
        });
        v
    }

    pub(crate) fn legal(v: &View) -> Vec<Action> {
        let mut out: Vec<Action> = crate::games::kokoro::legal_spaces(v, 0)
            .iter()
            .map(|space| Action::Draw {
                space,
                mirrored: false,
            })
            .collect();
        out.push(Action::Peek);
        out
    }

    /// A blue game of two people with no decree, its first round dealt by hand: sanctuary E
    /// (r4c3), then the golden cards `cards`, each followed by the two seats' choices.
    fn first_round(cards: &[(u8, [Action; 2])]) -> Match<Kokoro> {
        let mut options = Options::new();
        options.insert("side".into(), "blue".into());
        options.insert("decree".into(), "none".into());
        let players = ["P1", "P2"]
            .iter()
            .map(|n| crate::engine::log::PlayerEntry::human(n.to_string()))
            .collect();
        let mut m = Match::<Kokoro>::new(crate::engine::Setup {
            options,
            players,
            seed: 1,
            started: "2026-11-29T05:00:00Z".into(),
        })
        .unwrap();
        m.apply(Actor::Chance, Action::RevealSanctuary { letter: 'E' }, None)
            .unwrap();
        for &(number, choices) in cards {
            let card = Action::RevealPath {
                number,
                golden: true,
            };
            // A peek's sanctuary card is settled first.
            while !m.state.chance_outcomes().iter().any(|(a, _)| *a == card) {
                let (settle, _) = m.state.chance_outcomes()[0];
                m.apply(Actor::Chance, settle, None).unwrap();
            }
            m.apply(Actor::Chance, card, None).unwrap();
            for (seat, a) in choices.into_iter().enumerate() {
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
        m
    }

    #[test]
    fn a_zero_box_counts_as_savable_only_if_a_card_of_its_round_would_have_saved_it() {
        let draw = |space| Action::Draw {
            space,
            mirrored: false,
        };
        // P1 draws ─ in E's space (r4c3), then draws the └ that would have reached r4c2's 2
        // caterpillars far away in r0c5, and two more cards where they join nothing. P2
        // peeks every time: its box is 0 as well, but no single card could have filled it
        // (E's space holds no feature, and the first card found an empty mat).
        let m = first_round(&[
            (5, [draw(27), Action::Peek]),
            (2, [draw(5), Action::Peek]),
            (6, [draw(0), Action::Peek]),
            (6, [draw(41), Action::Peek]),
        ]);
        assert_eq!(m.state.records().len(), 1, "the round is scored");
        assert_eq!(
            <Kokoro as crate::ui::Registered>::match_figures(&m),
            vec![("zero boxes", vec![1.0, 1.0])]
        );
        assert_eq!(
            <Kokoro as crate::ui::Registered>::match_checks(&m),
            vec![("savable zero boxes", vec![1.0, 0.0])]
        );
        // Drawn where it saves the box, the └ leaves no zero box to count.
        let m = first_round(&[
            (5, [draw(27), Action::Peek]),
            (2, [draw(26), Action::Peek]),
            (6, [draw(0), Action::Peek]),
            (6, [draw(41), Action::Peek]),
        ]);
        assert_eq!(m.state.records()[0].players[0].box_value, 2);
        assert_eq!(savable_zero_boxes(&m), vec![0.0, 0.0]);
    }

    #[test]
    fn joins_this_rounds_chain_to_a_later_sanctuary_to_beat_the_bar() {
        // Round two, the box to beat is 2, and this is the round's last card. E (r4c3) has no
        // feature; C's chain (r3c5 and r3c4) holds 2 and points down into r4c4. The corner at
        // r4c4 joins them: E then counts 4, and C, still to come, lies on the same spine.
        let mut v = view('E', 1, 4, &[(27, 5), (23, 5), (22, 3)]);
        v.rounds_done = 1;
        v.round = 2;
        v.revealed = vec!['A', 'E'];
        v.sheets[0].boxes[0] = Some(2);
        for mut bot in [PlannerBot::normal(1), PlannerBot::hard(1)] {
            let a = bot.choose(0, &v, &legal(&v));
            assert_eq!(
                a,
                Action::Draw {
                    space: 28,
                    mirrored: false
                }
            );
        }
    }

    #[test]
    fn the_last_card_of_a_round_saves_the_box() {
        // The fourth golden card: E's chain (r4c3 into r4c2) has no feature yet. The corner
        // at r4c2 (c2) reaches 2 features, anything else leaves a zero box.
        let v = view('E', 2, 4, &[(27, 5)]);
        for mut bot in [
            PlannerBot::easy(1),
            PlannerBot::normal(1),
            PlannerBot::hard(1),
        ] {
            let a = bot.choose(0, &v, &legal(&v));
            assert_eq!(
                a,
                Action::Draw {
                    space: 26,
                    mirrored: false
                }
            );
        }
    }

    /// Round two on blue with D (r3c0) up and the first box at 2: D's corner (r3c0, top and
    /// right) points into r3c1 (2 flowers) and r2c0 (blank). The first golden card is a 1
    /// (top and left); the deck is the one a real game held there.
    pub(crate) fn open_box_view() -> View {
        let mut v = view(
            'D',
            1,
            1,
            &[
                (4, 4),
                (14, 2),
                (15, 4),
                (18, 2),
                (21, 6),
                (22, 2),
                (23, 1),
                (27, 6),
            ],
        );
        v.rounds_done = 1;
        v.round = 2;
        v.revealed = vec!['C', 'D'];
        v.sheets[0].boxes[0] = Some(2);
        v.deck_left = [[3, 2], [2, 2], [3, 4], [2, 3], [4, 3], [2, 3]];
        v
    }

    #[test]
    fn the_guard_looks_ahead_to_keep_an_open_box_alive() {
        // The 1 in r3c1 joins D's corner: 2 flowers now, and its top end points into r2c1
        // (1 flower), so many next cards make the 3 the box needs. Played out to the round's
        // end with the guard, that draw filled the box in 98% of 60 deals; the playout
        // planner's choice (a space for later sanctuaries) in 50%. Without its look-ahead
        // the guard is the playout planner and draws elsewhere.
        let v = open_box_view();
        let into_r3c1 = Action::Draw {
            space: 19,
            mirrored: false,
        };
        for seed in 0..3 {
            assert_eq!(PlannerBot::guard(seed).choose(0, &v, &legal(&v)), into_r3c1);
            assert_ne!(
                PlannerBot::playout(seed).choose(0, &v, &legal(&v)),
                into_r3c1
            );
        }
    }

    #[test]
    fn only_the_easy_level_never_peeks() {
        // A useless card early in the round: the stronger levels look at the next sanctuary.
        let v = view('E', 2, 1, &[(27, 5), (28, 5), (26, 5)]);
        let peeks =
            |mut bot: PlannerBot| (0..20).any(|_| bot.choose(0, &v, &legal(&v)) == Action::Peek);
        assert!(!peeks(PlannerBot::easy(3)));
        assert_eq!(Plan::new(0, &v, NORMAL).peek_worth(), NORMAL.peek);
        assert_eq!(Plan::new(0, &v, EASY).peek_worth(), 0.0);
    }

    /// Zero boxes in the first round over `games` solo blue games of `bot`.
    fn first_round_zeros(games: u64, new: fn(u64) -> PlannerBot) -> usize {
        let mut zeros = 0;
        for seed in 0..games {
            let mut g = Kokoro::new(&Options::new(), 1).unwrap();
            let mut bot = new(seed);
            let mut r = rng::stream(seed, 5);
            while g.records().is_empty() {
                let (actor, a) = match g.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        let o = g.chance_outcomes();
                        let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                        let i = rng::weighted(&mut r, &w).unwrap();
                        (Actor::Chance, o[i].0)
                    }
                    ToMove::Seats(_) => {
                        let legal = g.legal_actions(0);
                        let a = bot.choose(0, &g.view(Viewer::Seat(0)), &legal);
                        (Actor::Seat(0), a)
                    }
                };
                g.apply(actor, &a).unwrap();
            }
            zeros += usize::from(g.records()[0].players[0].box_value == 0);
        }
        zeros
    }

    #[test]
    fn the_playout_planner_fills_its_first_box_far_more_often() {
        // Measured over 1,000 games: normal leaves 28% of first boxes at 0, the search's
        // playout planner 2%.
        let normal = first_round_zeros(60, PlannerBot::normal);
        let playout = first_round_zeros(60, PlannerBot::playout);
        assert!(playout * 3 < normal, "playout {playout}, normal {normal}");
    }

    #[test]
    fn a_draw_recomputes_every_stat_it_can_change() {
        // Random half-drawn mats: after any draw, the stats kept from before the draw and
        // the ones recomputed equal a full recomputation.
        let mut r = rng::stream(17, 1);
        let v = view('E', 2, 1, &[]);
        let plan = Plan::new(0, &v, PLAYOUT);
        let mut reused = 0;
        for _ in 0..30 {
            let mut mat = Mat::default();
            for space in 0..SPACES as u8 {
                if rng::below(&mut r, 5) < 2 {
                    mat.paths[usize::from(space)] = 1 + rng::below(&mut r, 6) as u8;
                }
            }
            let base = plan.stats(&mat, None);
            let board = Board::new(&mat);
            for space in 0..SPACES as u8 {
                assert_eq!(board.chain(space), chain_from(&mat, space), "{space}");
            }
            let free = free(&board, plan.grove);
            for space in (0..SPACES as u8).filter(|&s| free & 1 << s != 0) {
                for number in 1..=6 {
                    let after = drawn(&mat, space, number);
                    let kept = plan.stats(&after, Some((&base, space)));
                    assert_eq!(kept, plan.stats(&after, None), "{space} {number}");
                    reused += kept.iter().zip(&base).filter(|(k, b)| k == b).count();
                }
            }
        }
        assert!(reused > 0);
    }

    #[test]
    fn at_least_counts_binomial_tails() {
        assert!((at_least(2.0, 0.5, 1) - 0.75).abs() < 1e-6);
        assert!((at_least(3.0, 0.5, 2) - 0.5).abs() < 1e-6);
        assert_eq!(at_least(2.0, 0.9, 3), 0.0);
        assert_eq!(at_least(0.0, 0.9, 0), 1.0);
    }
}

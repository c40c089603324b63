//! The hard Kokoro player's search on played-out futures that every seat can share.
//!
//! A seat's mat depends only on its own draws and the cards, and the cards come in the same
//! order whatever anyone draws or peeks at; the planner that plays a seat in the playouts
//! ([`PlannerBot::playout`]) reads only that seat's mat, its sheet and what everyone sees. So a
//! playout of the whole table is each seat's own line over the same cards, and a *future* (the
//! order of the path and sanctuary cards still to come, and the planners' seeds) can be played
//! out one mat at a time: every seat's planner line once, which is what the others play in
//! anyone's playouts, and each deciding seat's line from each of its candidate spaces. Seven
//! seats deciding on the same card from the same knowledge share the futures: each compares
//! its own few spaces on them against the others' lines, as it would have alone.
//!
//! A future is drawn from the seat's belief ([`Kokoro::from_view`], its own view alone) and a
//! seed built from what every seat sees ([`futures_seed`]), never from another seat's secret,
//! so a seat decides the same alone ([`Hard`]'s `choose`) as together with the others
//! ([`choose_together`]); the unit tests check both. Seats that peeked at the next sanctuary
//! draw other futures (that card first) than those that did not: the peekers share theirs,
//! the others theirs, the two groups side by side ([`decide_groups`]). A seat's planner line
//! is played as the others see that seat ([`Kokoro::as_others_see`]); a peeker's own
//! candidates on its own game, which knows the card.
//!
//! The search is the one [`super::Search`]'s [`super::Root::Halving`] runs: the playout
//! planner's favourite few spaces, each played out on the same futures (common random
//! numbers), the worse half dropped each round, within the same budget of playouts.

use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::kokoro_reward::{WIN_WEIGHT, ZERO_BOX_DREAD, zero_boxes};
use super::{Budget, Estimate, time_is_up};
use crate::bots::kokoro::PlannerBot;
use crate::engine::{Actor, Bot, Game, Seat, ToMove, Viewer, rng};
use crate::games::kokoro::{Action, Card, Kokoro, SANCTUARIES, View};

/// What winning is worth in hundredths of the reward's unit (1 = 100 points): the search's
/// rewards are whole hundredths, so their sums do not depend on the order they are added in.
const WIN_CENTS: i64 = (WIN_WEIGHT * 100.0) as i64;
/// What a zero box weighs beyond its cost, in hundredths.
const DREAD_CENTS: i64 = ZERO_BOX_DREAD as i64;

/// A playout longer than this many steps counts as nothing (as in [`super::Search`]).
const MAX_STEPS: usize = 5_000;

/// One seat's decision on a card, to be made on shared futures.
pub struct Decision {
    pub seat: Seat,
    /// The state as the seat's view shows it (the others' choices of this turn open).
    belief: Kokoro,
    /// The state as the other seats' views show it ([`Kokoro::as_others_see`]): what the
    /// seat's own knowledge adds (its peek) dropped. Seats deciding on the same card with the
    /// same futures see the same; their futures and every seat's planner line are shared.
    public: Kokoro,
    /// The path cards still in the deck, `[number - 1][golden as usize]`.
    deck: [[u8; 2]; 6],
    /// The sanctuaries not yet turned up, the one the seat peeked at first.
    unrevealed: Vec<char>,
    /// Whether the first of `unrevealed` is the one the seat peeked at.
    top_known: bool,
    /// Where the futures' seeds come from: what every seat sees.
    seed: u64,
    budget: Budget,
    /// The candidates still compared, best first once decided.
    pub alive: Vec<Action>,
    rounds: usize,
    round: usize,
    /// Futures this round compares the candidates on, and how many it has.
    per: usize,
    samples: usize,
    /// Per candidate this round: rewards in hundredths, the seat's final scores, its wins.
    sums: Vec<i64>,
    scores: Vec<i64>,
    wins: Vec<u32>,
    finished: bool,
    /// Playouts of candidates run (as [`super::Search::last_playouts`] counts them).
    pub playouts: u32,
    pub estimate: Option<Estimate>,
}

impl Decision {
    /// The decision of `seat` on `view` among `candidates` (at least two), by `budget`;
    /// `None` if the view cannot be read.
    pub fn new(
        seat: Seat,
        view: &View,
        candidates: Vec<Action>,
        budget: Budget,
    ) -> Option<Decision> {
        let belief = Kokoro::from_view(view)?;
        let mut unrevealed: Vec<char> = SANCTUARIES
            .iter()
            .copied()
            .filter(|l| !view.revealed.contains(l))
            .collect();
        let top_known = match view.next_sanctuary {
            Some(top) => {
                let i = unrevealed.iter().position(|&l| l == top)?;
                unrevealed.swap(0, i);
                true
            }
            None => false,
        };
        let n = candidates.len().max(1);
        let rounds = (usize::BITS - (n - 1).leading_zeros()).max(1) as usize;
        Some(Decision {
            seat,
            public: belief.as_others_see(),
            belief,
            deck: view.deck_left,
            unrevealed,
            top_known,
            seed: futures_seed(view),
            budget,
            per: (budget.playouts as usize / (n * rounds)).max(1),
            alive: candidates,
            rounds,
            round: 0,
            samples: 0,
            sums: vec![0; n],
            scores: vec![0; n],
            wins: vec![0; n],
            finished: n <= 1,
            playouts: 0,
            estimate: None,
        })
    }

    /// The choice, once decided.
    pub fn choice(&self) -> Option<Action> {
        self.alive.first().copied()
    }

    /// Whether `other` can share this decision's futures: the same seed and budget, and the
    /// same state apart from what each seat alone knows. Seats that peeked at the next
    /// sanctuary all know the same card: they share their futures (that card first), and
    /// those who did not peek share theirs (any card first).
    pub fn shares_with(&self, other: &Decision) -> bool {
        self.seed == other.seed && self.budget == other.budget && self.public == other.public
    }

    /// Adds one future's results (per alive candidate: reward in hundredths, the seat's
    /// score, whether it won; `None` for a playout that did not end).
    fn add(&mut self, results: &[Option<(i64, i32, bool)>]) {
        for (i, r) in results.iter().enumerate() {
            if let Some((reward, score, won)) = *r {
                self.sums[i] += reward;
                self.scores[i] += i64::from(score);
                self.wins[i] += u32::from(won);
            }
        }
        self.samples += 1;
        self.playouts += self.alive.len() as u32;
    }

    /// Ends the round once its futures are in (or the time is up): keeps the better half.
    fn end_round(&mut self, out_of_time: bool) {
        if self.samples == 0 {
            self.finished = true;
            return;
        }
        let mut order: Vec<usize> = (0..self.alive.len()).collect();
        // A stable sort keeps the planner's order among equals.
        order.sort_by(|&a, &b| self.sums[b].cmp(&self.sums[a]));
        let keep = if self.round + 1 == self.rounds || out_of_time {
            1
        } else {
            self.alive.len().div_ceil(2)
        };
        order.truncate(keep);
        order.sort_unstable();
        self.alive = order.iter().map(|&i| self.alive[i]).collect();
        self.scores = order.iter().map(|&i| self.scores[i]).collect();
        self.wins = order.iter().map(|&i| self.wins[i]).collect();
        let n = self.samples as f64;
        self.estimate = Some(Estimate {
            playouts: self.samples as u32,
            score: self.scores[0] as f64 / n,
            wins: f64::from(self.wins[0]) / n,
        });
        self.round += 1;
        self.samples = 0;
        let k = self.alive.len();
        self.sums = vec![0; k];
        self.scores = vec![0; k];
        self.wins = vec![0; k];
        if k <= 1 || self.round >= self.rounds || out_of_time {
            self.finished = true;
        } else {
            self.per = (self.budget.playouts as usize / (k * self.rounds)).max(1);
        }
    }
}

/// The seed of a card's futures: built from the public part of `view` (every mat and box, the
/// cards turned up and left), so that every seat deciding on the same card draws the same
/// futures, and none from another seat's secret.
pub fn futures_seed(view: &View) -> u64 {
    let mut h: u64 = 0x6675_7475_7265_7321;
    let mut add = |x: u64| h = rng::mix(h ^ x);
    for mat in &view.mats {
        for chunk in mat.paths.chunks(8) {
            add(chunk.iter().fold(0u64, |a, &p| a << 8 | u64::from(p)));
        }
    }
    for sheet in &view.sheets {
        add(sheet
            .boxes
            .iter()
            .fold(0u64, |a, b| a << 8 | b.map_or(0xff, u64::from)));
    }
    for d in view.deck_left {
        add(u64::from(d[0]) << 8 | u64::from(d[1]));
    }
    for &l in &view.revealed {
        add(u64::from(l));
    }
    add(u64::from(view.cards_revealed) << 16 | u64::from(view.golden) << 8);
    add(view.rounds_done as u64);
    add(view
        .card
        .map_or(0, |c| u64::from(c.number) << 1 | u64::from(c.golden)));
    h
}

/// One played-out future: the cards still to come in their order, and the planners' seeds.
struct Future {
    cards: Vec<Card>,
    sanctuaries: Vec<char>,
    seed: u64,
}

impl Future {
    /// Future number `k` of `d`'s futures (the same for every decision that shares them).
    fn draw(d: &Decision, k: usize) -> Future {
        let mut r = ChaCha8Rng::seed_from_u64(rng::mix(
            d.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        ));
        let mut cards = Vec::with_capacity(64);
        for (i, left) in d.deck.iter().enumerate() {
            for golden in [false, true] {
                for _ in 0..left[usize::from(golden)] {
                    cards.push(Card {
                        number: i as u8 + 1,
                        golden,
                    });
                }
            }
        }
        shuffle(&mut cards, &mut r);
        let mut sanctuaries = d.unrevealed.clone();
        let from = usize::from(d.top_known);
        if sanctuaries.len() > from {
            shuffle(&mut sanctuaries[from..], &mut r);
        }
        Future {
            cards,
            sanctuaries,
            seed: r.next_u64(),
        }
    }

    /// The seeds of `seat`'s planner: for its choice on this card, and for the cards after.
    fn seeds(&self, seat: Seat) -> (u64, u64) {
        let s = self.seed ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
        (rng::mix(s), rng::mix(s ^ 0x5a5a_5a5a))
    }
}

/// Fisher–Yates: every order equally likely, as drawing the cards one at a time is.
fn shuffle<T>(items: &mut [T], r: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rng::below(r, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// How one seat's mat ends on one future.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Line {
    /// What the seat chose on this card.
    first: Action,
    total: i32,
    highest: i32,
    zeros: u8,
}

/// Plays `alone` (one seat's game, [`Kokoro::alone`]) to its end on `future`: `first` on this
/// card (the planner's choice if `None`), then the playout planner.
fn line(alone: &Kokoro, seat: Seat, first: Option<Action>, future: &Future) -> Option<Line> {
    let mut s = alone.clone();
    let (first_seed, rest_seed) = future.seeds(seat);
    let me = Viewer::Seat(0);
    let mut view = s.view(me);
    let first = match first {
        Some(a) => a,
        None => {
            let legal = s.bot_actions(0);
            if legal.is_empty() {
                return None;
            }
            PlannerBot::playout(first_seed).choose(0, &view, &legal)
        }
    };
    s.apply(Actor::Seat(0), &first).ok()?;
    let mut planner = PlannerBot::playout(rest_seed);
    let (mut cards, mut sanctuaries) = (0, 0);
    let mut outcomes = Vec::new();
    for _ in 0..MAX_STEPS {
        let (actor, action) = match s.to_move() {
            ToMove::Over => {
                let sheet = s.sheet(0)?;
                return Some(Line {
                    first,
                    total: sheet.total,
                    highest: sheet.highest_box(),
                    zeros: zero_boxes(&s, 0),
                });
            }
            ToMove::Chance => {
                s.chance_outcomes_into(&mut outcomes);
                let a = match outcomes.first()?.0 {
                    Action::RevealPath { .. } => {
                        let c = future.cards.get(cards)?;
                        cards += 1;
                        Action::RevealPath {
                            number: c.number,
                            golden: c.golden,
                        }
                    }
                    Action::RevealSanctuary { .. } => {
                        let letter = *future.sanctuaries.get(sanctuaries)?;
                        sanctuaries += 1;
                        Action::RevealSanctuary { letter }
                    }
                    Action::FixTopSanctuary { .. } => Action::FixTopSanctuary {
                        letter: *future.sanctuaries.get(sanctuaries)?,
                    },
                    _ => return None,
                };
                if !outcomes.iter().any(|(o, _)| *o == a) {
                    return None;
                }
                (Actor::Chance, a)
            }
            ToMove::Seats(_) => {
                let legal = s.bot_actions(0);
                if legal.is_empty() {
                    return None;
                }
                s.view_into(me, &mut view);
                (Actor::Seat(0), planner.choose(0, &view, &legal))
            }
        };
        s.apply_offered(actor, &action).ok()?;
    }
    None
}

/// What a future is worth to `seat` when its mat ends as `mine` and every other seat's as
/// `lines` say: [`Kokoro::final_reward`] in hundredths (a win by the rules' tie-break on the
/// highest box), the seat's score and whether it won.
fn reward(lines: &[Option<Line>], seat: Seat, mine: &Line) -> Option<(i64, i32, bool)> {
    let dread = DREAD_CENTS * i64::from(mine.zeros);
    if lines.len() <= 1 {
        return Some((i64::from(mine.total) - dread, mine.total, true));
    }
    let mut best_other = i32::MIN;
    let mut tied_highest = i32::MIN;
    for (s, l) in lines.iter().enumerate() {
        if s == seat {
            continue;
        }
        let l = l.as_ref()?;
        if l.total > best_other {
            best_other = l.total;
            tied_highest = i32::MIN;
        }
        if l.total == best_other {
            tied_highest = tied_highest.max(l.highest);
        }
    }
    let won = mine.total > best_other || (mine.total == best_other && mine.highest >= tied_highest);
    let win = if won { WIN_CENTS } else { 0 };
    Some((
        win + i64::from(mine.total - best_other) - dread,
        mine.total,
        won,
    ))
}

/// Every seat's game alone, the table's seats in order.
fn alone_games(belief: &Kokoro) -> Option<Vec<Kokoro>> {
    (0..belief.player_count())
        .map(|s| belief.alone(s))
        .collect()
}

/// One future's results for the decisions in `group` still deciding (`active`): per decision,
/// per alive candidate.
type FutureResults = Vec<Vec<Option<(i64, i32, bool)>>>;

/// Plays future `k` for the decisions `active` of `group`: every seat's planner line once
/// (as the others see that seat: `alone`), then each decision's candidates on its own seat's
/// game (`own[i]`, or its game in `alone` when the seat knows nothing more; a candidate the
/// planner chose there reuses its line).
fn play_future(
    group: &[Decision],
    active: &[usize],
    alone: &[Kokoro],
    own: &[Option<Kokoro>],
    k: usize,
) -> FutureResults {
    let future = Future::draw(&group[active[0]], k);
    // A seat's line as the others see it, unless only that seat decides and it knows more.
    let read = |s: Seat| {
        active
            .iter()
            .any(|&i| group[i].seat != s || own.get(i).is_some_and(Option::is_none))
    };
    let lines: Vec<Option<Line>> = alone
        .iter()
        .enumerate()
        .map(|(s, g)| {
            if read(s) {
                line(g, s, None, &future)
            } else {
                None
            }
        })
        .collect();
    active
        .iter()
        .map(|&i| {
            let d = &group[i];
            let (game, planned) = match own.get(i) {
                Some(Some(g)) => (Some(g), None),
                _ => (alone.get(d.seat), lines.get(d.seat).copied().flatten()),
            };
            d.alive
                .iter()
                .map(|&a| {
                    let mine = match planned {
                        Some(l) if l.first == a => Some(l),
                        _ => line(game?, d.seat, Some(a), &future),
                    }?;
                    reward(&lines, d.seat, &mine)
                })
                .collect()
        })
        .collect()
}

/// Decides every decision of `group` (all of one knowledge: [`Decision::shares_with`]) on
/// the same futures, on up to `workers` threads. Each decision ends as it would alone; the
/// time cap counts from the start, for the group as a whole.
pub fn decide(group: &mut [Decision], workers: usize) {
    let Some(first) = group.first() else {
        return;
    };
    let cap = first.budget.time;
    let Some(alone) = alone_games(&first.public) else {
        group.iter_mut().for_each(|d| d.finished = true);
        return;
    };
    // Each seat's own game where it knows more than the others see (it peeked).
    let own: Vec<Option<Kokoro>> = group
        .iter_mut()
        .map(|d| match d.belief.alone(d.seat) {
            Some(g) if alone.get(d.seat) == Some(&g) => None,
            Some(g) => Some(g),
            None => {
                d.finished = true;
                None
            }
        })
        .collect();
    let start = Instant::now();
    let mut k = 0usize;
    loop {
        let active: Vec<usize> = (0..group.len()).filter(|&i| !group[i].finished).collect();
        let Some(batch) = active
            .iter()
            .map(|&i| group[i].per.saturating_sub(group[i].samples))
            .min()
        else {
            return;
        };
        let batch = batch.max(1);
        let results = play_batch(group, &active, &alone, &own, k, batch, workers, start, cap);
        let out_of_time = results.len() < batch;
        for r in &results {
            for (j, &i) in active.iter().enumerate() {
                if let Some(res) = r.get(j) {
                    group[i].add(res);
                }
            }
        }
        k += batch;
        for &i in &active {
            let d = &mut group[i];
            if out_of_time || d.samples >= d.per {
                d.end_round(out_of_time);
            }
        }
        if out_of_time {
            group.iter_mut().for_each(|d| d.finished = true);
            return;
        }
    }
}

/// Decides every group (each of one knowledge: [`Decision::shares_with`]) with [`decide`],
/// the groups side by side. Seats that peeked at the next sanctuary draw other futures than
/// those that did not, so a card often has two groups; one after another, each with its own
/// time cap, they kept a table waiting twice the cap. Each group may use `workers` threads:
/// a small group ends early, and the large one's threads then have the cores to themselves.
pub fn decide_groups(groups: &mut [Vec<Decision>], workers: usize) {
    if groups.len() <= 1 || workers <= 1 {
        groups.iter_mut().for_each(|g| decide(g, workers));
        return;
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let cells: Vec<std::sync::Mutex<&mut Vec<Decision>>> =
        groups.iter_mut().map(std::sync::Mutex::new).collect();
    // Each thread decides the next group nobody has taken, until none is left.
    let work = || {
        while let Some(cell) = cells.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
            let mut group = cell
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            decide(&mut group, workers);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..cells.len())
            .filter_map(|_| {
                // No thread: the others decide its group.
                std::thread::Builder::new()
                    .name(crate::engine::thinker::THREAD_NAME.into())
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        work();
        for h in handles {
            // A panic goes on up: the table reports a computer player that failed.
            h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        }
    });
}

/// Futures `k .. k + batch` for `active`, on up to `workers` threads, in order; fewer if the
/// time cap ran out (the very first future of a decision always runs).
#[allow(clippy::too_many_arguments)]
fn play_batch(
    group: &[Decision],
    active: &[usize],
    alone: &[Kokoro],
    own: &[Option<Kokoro>],
    k: usize,
    batch: usize,
    workers: usize,
    start: Instant,
    cap: std::time::Duration,
) -> Vec<FutureResults> {
    let run = |from: usize, step: usize| {
        let mut out = Vec::new();
        let mut j = from;
        while j < batch {
            if k + j > 0 && time_is_up(start, cap) {
                break;
            }
            out.push(play_future(group, active, alone, own, k + j));
            j += step;
        }
        out
    };
    let workers = workers.clamp(1, batch);
    if workers == 1 {
        return run(0, 1);
    }
    // Thread t plays futures t, t + workers, ...: the work splits evenly.
    let parts: Vec<Vec<FutureResults>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers)
            .map(|t| {
                std::thread::Builder::new()
                    .name(crate::engine::thinker::THREAD_NAME.into())
                    .spawn_scoped(scope, move || run(t, workers))
            })
            .collect();
        let mut parts = vec![run(0, workers)];
        for (t, h) in (1..workers).zip(handles) {
            match h {
                // A panic goes on up: the table reports a computer player that failed.
                Ok(h) => parts.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))),
                // No thread: this one plays that share too.
                Err(_) => parts.push(run(t, workers)),
            }
        }
        parts
    });
    // Back in order, up to the first future a thread did not play.
    let mut out = Vec::with_capacity(batch);
    let mut iters: Vec<_> = parts.into_iter().map(Vec::into_iter).collect();
    'all: for j in 0..batch {
        match iters.get_mut(j % workers).and_then(Iterator::next) {
            Some(r) => out.push(r),
            None => break 'all,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::search::kokoro::{Hard, choose_together, player};
    use crate::engine::bot::Asked;
    use crate::engine::{Options, rng as erng};

    /// A game of `players` seats played by the easy planner (which never peeks) up to the first card of round
    /// `rounds_done + 1` on which every seat is still to choose, and (with `peeker`) that
    /// seat knows the next sanctuary: it peeks on the cards before until it does.
    fn table_at(players: usize, seed: u64, rounds_done: usize, peeker: Option<Seat>) -> Kokoro {
        table_with_peekers(players, seed, rounds_done, peeker.as_slice())
    }

    fn hard(seed: u64, seat: Seat) -> Hard {
        player(seed * 16 + seat as u64).with_budget(Budget::exact(24))
    }

    /// Each hard player alone, then all together on `workers` threads: the choices, and the
    /// playouts each ran.
    fn alone_and_together(g: &Kokoro, seed: u64, workers: usize) -> [Vec<(Action, u32)>; 2] {
        let n = g.player_count();
        let alone = (0..n)
            .map(|s| {
                let mut bot = hard(seed, s);
                let view = g.view(Viewer::Seat(s));
                bot.observe(&view);
                let a = bot.choose(s, &view, &g.bot_actions(s));
                (a, bot.last_playouts())
            })
            .collect();
        let mut bots: Vec<Hard> = (0..n).map(|s| hard(seed, s)).collect();
        let mut asked: Vec<Asked<'_, Kokoro>> = bots
            .iter_mut()
            .enumerate()
            .map(|(s, bot)| {
                let view = g.view(Viewer::Seat(s));
                bot.observe(&view);
                Asked {
                    seat: s,
                    bot,
                    view,
                    legal: g.bot_actions(s),
                    chosen: None,
                }
            })
            .collect();
        choose_together(&mut asked, workers);
        for a in &asked {
            let chosen = a.chosen.expect("every hard player chose");
            assert!(a.legal.contains(&chosen), "seat {}: {chosen:?}", a.seat);
        }
        let chosen: Vec<Action> = asked.iter().filter_map(|a| a.chosen).collect();
        drop(asked);
        let together = chosen
            .into_iter()
            .zip(&bots)
            .map(|(a, b)| (a, b.last_playouts()))
            .collect();
        [alone, together]
    }

    #[test]
    fn together_each_seat_chooses_what_it_would_alone() {
        let mut searched = 0;
        for (players, seed) in [(1, 1), (1, 2), (4, 3), (4, 4), (8, 5)] {
            let g = table_at(players, seed, 3, None);
            for workers in [1, 2] {
                let [alone, together] = alone_and_together(&g, seed, workers);
                assert_eq!(alone, together, "{players} players, seed {seed}, {workers}");
                searched += alone.iter().filter(|(_, p)| *p > 0).count();
            }
        }
        assert!(searched >= 10, "the search decided {searched} times");
    }

    #[test]
    fn a_seat_that_peeked_decides_apart_and_still_as_alone() {
        let g = table_at(4, 6, 3, Some(2));
        let top = g.view(Viewer::Seat(2)).next_sanctuary;
        assert!(top.is_some());
        let views: Vec<View> = (0..4).map(|s| g.view(Viewer::Seat(s))).collect();
        let decision = |s: Seat| {
            let legal = g.bot_actions(s);
            Decision::new(s, &views[s], legal[..2].to_vec(), Budget::exact(8)).expect("readable")
        };
        // Seat 2 knows what the others do not: its futures are its own.
        assert!(decision(0).shares_with(&decision(1)));
        assert!(!decision(0).shares_with(&decision(2)));
        // Every future seat 2 draws turns its sanctuary up next.
        let d = decision(2);
        for k in 0..20 {
            assert_eq!(Future::draw(&d, k).sanctuaries.first().copied(), top);
        }
        let [alone, together] = alone_and_together(&g, 6, 2);
        assert_eq!(alone, together);
    }

    /// A game of `players` seats played by the easy planner up to the first card of round
    /// `rounds_done + 1` on which every seat is still to choose and every seat of `peekers`
    /// knows the next sanctuary: they peek on the cards before until they do.
    fn table_with_peekers(
        players: usize,
        seed: u64,
        rounds_done: usize,
        peekers: &[Seat],
    ) -> Kokoro {
        let mut options = Options::new();
        options.insert("side".into(), "blue".into());
        let mut g = Kokoro::new(&options, players).expect("a table");
        let mut planners: Vec<PlannerBot> = (0..players)
            .map(|s| PlannerBot::easy(seed * 8 + s as u64))
            .collect();
        let mut r = erng::stream(seed, 3);
        let knows = |g: &Kokoro, s: Seat| g.view(Viewer::Seat(s)).next_sanctuary.is_some();
        loop {
            match g.to_move() {
                ToMove::Over => panic!("the game ended first"),
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = erng::weighted(&mut r, &w).expect("an outcome");
                    g.apply(Actor::Chance, &o[i].0).expect("chance");
                }
                ToMove::Seats(seats) => {
                    let late = g.view(Viewer::Public).rounds_done >= rounds_done;
                    if late && seats.len() == players && peekers.iter().all(|&p| knows(&g, p)) {
                        return g;
                    }
                    let s = seats[0];
                    let legal = g.legal_actions(s);
                    let a = if late
                        && peekers.contains(&s)
                        && !knows(&g, s)
                        && legal.contains(&Action::Peek)
                    {
                        Action::Peek
                    } else {
                        planners[s].choose(s, &g.view(Viewer::Seat(s)), &legal)
                    };
                    g.apply(Actor::Seat(s), &a).expect("legal");
                }
            }
        }
    }

    #[test]
    fn seats_that_peeked_share_their_futures_and_still_decide_as_alone() {
        for (players, seed, peekers) in [(5, 8, &[1, 3][..]), (8, 9, &[0, 2, 5, 6][..])] {
            let g = table_with_peekers(players, seed, 3, peekers);
            let views: Vec<View> = (0..players).map(|s| g.view(Viewer::Seat(s))).collect();
            let decision = |s: Seat| {
                let legal = g.bot_actions(s);
                Decision::new(s, &views[s], legal[..2].to_vec(), Budget::exact(8))
                    .expect("readable")
            };
            let plain = (0..players)
                .find(|s| !peekers.contains(s))
                .expect("a seat that did not peek");
            // The peekers know the same card: one group; the others another.
            for &p in peekers {
                assert!(decision(p).shares_with(&decision(peekers[0])));
                assert!(!decision(p).shares_with(&decision(plain)));
            }
            for workers in [1, 2] {
                let [alone, together] = alone_and_together(&g, seed, workers);
                assert_eq!(alone, together, "{players} players, seed {seed}, {workers}");
                let searched = peekers.iter().filter(|&&p| alone[p].1 > 0).count();
                assert!(searched >= 2, "the search decided for {searched} peekers");
            }
        }
    }

    #[test]
    fn a_future_holds_every_card_left_once() {
        let g = table_at(3, 7, 1, None);
        let view = g.view(Viewer::Seat(1));
        let legal = g.bot_actions(1);
        let d = Decision::new(1, &view, legal[..3].to_vec(), Budget::exact(8)).expect("readable");
        let (a, b) = (Future::draw(&d, 0), Future::draw(&d, 1));
        let count = |f: &Future| {
            let mut left = [[0u8; 2]; 6];
            for c in &f.cards {
                left[usize::from(c.number - 1)][usize::from(c.golden)] += 1;
            }
            left
        };
        assert_eq!(count(&a), view.deck_left);
        assert_eq!(count(&b), view.deck_left);
        assert_ne!(a.cards, b.cards, "two futures, two orders");
        let mut letters = a.sanctuaries.clone();
        letters.sort_unstable();
        let mut unseen: Vec<char> = SANCTUARIES
            .into_iter()
            .filter(|l| !view.revealed.contains(l))
            .collect();
        unseen.sort_unstable();
        assert_eq!(letters, unseen);
    }

    /// The reward in hundredths is the search's reward ([`Kokoro::final_reward`]).
    #[test]
    fn the_reward_is_the_final_reward() {
        use crate::bots::search::Determinize;
        for (players, seed) in [(1, 1), (2, 2), (4, 3), (5, 4)] {
            let mut g = table_at(players, seed, 0, None);
            // Played to its end by the planner.
            let mut planners: Vec<PlannerBot> =
                (0..players).map(|s| PlannerBot::normal(s as u64)).collect();
            let mut r = erng::stream(seed, 4);
            while let Some(step) = match g.to_move() {
                ToMove::Over => None,
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = erng::weighted(&mut r, &w).expect("an outcome");
                    Some((Actor::Chance, o[i].0))
                }
                ToMove::Seats(s) => {
                    let legal = g.legal_actions(s[0]);
                    let a = planners[s[0]].choose(s[0], &g.view(Viewer::Seat(s[0])), &legal);
                    Some((Actor::Seat(s[0]), a))
                }
            } {
                g.apply(step.0, &step.1).expect("legal");
            }
            let outcome = g.outcome().expect("over");
            let lines: Vec<Option<Line>> = (0..players)
                .map(|s| {
                    let sheet = g.sheet(s).expect("a sheet");
                    Some(Line {
                        first: Action::Peek,
                        total: sheet.total,
                        highest: sheet.highest_box(),
                        zeros: zero_boxes(&g, s),
                    })
                })
                .collect();
            for s in 0..players {
                let mine = lines[s].expect("a line");
                let (cents, score, won) = reward(&lines, s, &mine).expect("a reward");
                let want = g.final_reward(&outcome, s);
                assert!((cents as f64 / 100.0 - want).abs() < 1e-9, "{cents} {want}");
                assert_eq!(score, outcome.scores[s]);
                if players > 1 {
                    assert_eq!(won, outcome.winners.contains(&s));
                }
            }
        }
    }
}

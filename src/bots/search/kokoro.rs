//! Kokoro for the search player. Every card drawn is public and the deck is kept as counts, so
//! the only hidden things are the other seats' choices this turn and a top sanctuary card this
//! seat did not peek at: [`Kokoro::from_view`] leaves both open, and the search samples them
//! (the choices by the tree and the playouts, the card as the chance step that settles it).
//!
//! The hard level is [`Hard`]: the search alone gives up about one box a game (it prefers one
//! huge spine late to the small early boxes, and keeps putting off the round's box), so alone
//! at the table its reward dreads each zero box, its playouts use the planner that dreads them
//! too, and while the round's box is still open in the first rounds the planner plays, looking
//! one card ahead ([`PlannerBot::guard`]).

use rand_chacha::ChaCha8Rng;

use super::kokoro_futures::{self, Decision};
pub use super::kokoro_reward::{WIN_WEIGHT, ZERO_BOX_DREAD, zero_boxes};
use super::{Budget, Determinize, Root, Search};
use crate::bots::kokoro::{PlannerBot, previous_box};
use crate::engine::bot::{Asked, Together};
use crate::engine::{Bot, Outcome, Seat};
use crate::games::kokoro::scoring::sanctuary_chain;
use crate::games::kokoro::{Action, GOLDEN_PER_ROUND, Kokoro, ROUNDS, View};

impl Determinize for Kokoro {
    fn search_player(seed: u64, budget: Budget) -> Box<dyn crate::engine::Bot<Kokoro>> {
        Box::new(hard(seed).with_budget(budget))
    }

    type Belief = Kokoro;

    fn belief(_seat: Seat, seen: &[View]) -> Option<Kokoro> {
        Kokoro::from_view(seen.last()?)
    }

    fn sample(belief: &Kokoro, _rng: &mut ChaCha8Rng) -> Kokoro {
        belief.clone()
    }

    /// Which seats have chosen this turn: the others are still to choose in the sample.
    fn keep_open(drawn: &mut View, seen: &View) {
        drawn.chosen = seen.chosen.clone();
    }

    /// Points matter even when winning: alone at the table they are all that matters, and
    /// with others the search still prefers winning by more.
    fn reward(outcome: &Outcome, seat: Seat) -> f64 {
        let mine = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
        if outcome.scores.len() <= 1 {
            return mine / 100.0;
        }
        super::default_reward(outcome, seat)
    }

    /// Every zero box weighs [`ZERO_BOX_DREAD`] points more than the 5 it costs, alone at the
    /// table or not: a search that only counts points learns to give up the small early boxes
    /// for one huge spine late (about one zero box a game), which is not how a good player
    /// plays Kokoro and not what a player wants to learn from.
    ///
    /// With others at the table the win counts [`WIN_WEIGHT`], and every point of the margin
    /// over the best other seat counts, however wide: the others' mats hardly depend on this
    /// seat's choices, so the margin is this seat's own points against a yardstick. A margin
    /// that stopped counting at 20 points either way (the default reward) left a seat far
    /// ahead or far behind nothing to lose by giving a box up: four hard players left 0.56
    /// boxes at zero a seat and game, twice as many as one alone.
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        let dread = ZERO_BOX_DREAD * f64::from(zero_boxes(self, seat)) / 100.0;
        if outcome.scores.len() <= 1 {
            return Self::reward(outcome, seat) - dread;
        }
        let mine = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
        let best_other = outcome
            .scores
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, &x)| f64::from(x))
            .fold(f64::MIN, f64::max);
        let win = if outcome.winners.contains(&seat) {
            WIN_WEIGHT
        } else {
            0.0
        };
        win + (mine - best_other) / 100.0 - dread
    }
}

/// The search over zero-dreading planner playouts: what [`Hard`] plays once its box is safe
/// (and the slowest decision it makes, for benchmarks).
pub fn hard(seed: u64) -> Search<Kokoro> {
    Search::with_bots(seed, Budget::default(), |s| {
        Box::new(PlannerBot::playout(s))
    })
    .with_root(Root::Halving {
        candidates: CANDIDATES,
    })
}

/// The strongest Kokoro player within the time budget: the hard level ([`Hard`]).
pub fn player(seed: u64) -> Hard {
    Hard {
        search: hard(seed),
        planner: PlannerBot::guard(seed ^ 0x6b6f_6b6f),
        fixed: None,
        capped: true,
    }
}

/// Rounds in which an open box is the planner's to fill. Later the search does better than
/// the planner (which leaves a third of its fifth boxes at 0): with few cards left it sees
/// which box can still be saved.
const GUARDED_ROUNDS: usize = 3;

/// How many of the planner's favourite moves the search compares.
const CANDIDATES: usize = 4;

/// Planner moves (one seat's choice on one card) a decision may spend in its playouts once
/// [`Budget::default`]'s playouts are fewer: late in the game a playout is a few cards long,
/// so the decisions that save or lose the last boxes get many more playouts for the time the
/// first decisions of a game spend (400 playouts of about 38 cards each). Measured on the
/// same 300 solo games as before (`--no-time-cap`): mean 56.2 instead of 53.8, zero boxes
/// 0.31 instead of 0.32 a game.
pub const LATE_MOVES: f64 = 12_000.0;

/// The most playouts a decision runs (the last card of a game).
pub const MAX_PLAYOUTS: u32 = 4_000;

/// Cards still to be turned up in the game, expected: the golden cards the rounds left need,
/// with the plain cards that come between them.
pub fn cards_to_come(view: &View) -> f64 {
    let golden_left: u32 = view.deck_left.iter().map(|d| u32::from(d[1])).sum();
    let plain_left: u32 = view.deck_left.iter().map(|d| u32::from(d[0])).sum();
    let rounds_left = ROUNDS.saturating_sub(view.rounds_done) as f64;
    let goldens = (rounds_left * f64::from(GOLDEN_PER_ROUND) - f64::from(view.golden)).max(0.0);
    goldens * (1.0 + f64::from(plain_left) / (f64::from(golden_left) + 1.0))
}

/// The search's budget for a decision on `view`: the default 400 playouts, or as many as
/// [`LATE_MOVES`] planner moves allow when the playouts are short, within the same time cap.
pub fn budget_for(view: &View) -> Budget {
    let moves = cards_to_come(view).max(1.0) * view.mats.len().max(1) as f64;
    let late = (LATE_MOVES / moves) as u32;
    Budget::playouts(late.clamp(Budget::default().playouts, MAX_PLAYOUTS))
}

/// The hard player: while this round's box is still open (its chain does not yet beat the
/// previous box) it plays as the zero-dreading planner with a one-card look-ahead
/// ([`PlannerBot::guard`]); once the box is safe, the search over
/// planner playouts decides. The search alone keeps putting the box off: each playout fills
/// it later with cards that then come too late, so a quarter of its first boxes held 0.
pub struct Hard {
    search: Search<Kokoro>,
    planner: PlannerBot,
    /// A budget for every decision instead of [`budget_for`]'s (tests use exact counts).
    fixed: Option<Budget>,
    /// Whether the time cap is kept ([`Hard::exact`] drops it).
    capped: bool,
}

impl Hard {
    /// The same player with another search budget for every decision (tests use exact
    /// counts).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.fixed = Some(budget);
        self
    }

    /// The same player with its own budgets and no time cap (tests).
    pub fn exact(mut self) -> Self {
        self.capped = false;
        self
    }

    /// Playouts the search ran on the last decision (0 when the planner chose alone).
    pub fn last_playouts(&self) -> u32 {
        self.search.last_playouts
    }

    /// What the playouts of the last decision's choice came to (`None` when no search
    /// settled it): the hint key's reason.
    pub fn last_estimate(&self) -> Option<super::Estimate> {
        self.search.last_estimate
    }
}

/// Whether `seat`'s box for this round is still open: the sanctuary's chain does not yet beat
/// the previous box.
pub fn box_open(seat: Seat, view: &View) -> bool {
    let Some(letter) = view.sanctuary else {
        return false;
    };
    let Some(mat) = view.mats.get(seat) else {
        return false;
    };
    let (_, count) = sanctuary_chain(view.side, mat, letter);
    count <= previous_box(seat, view)
}

impl Hard {
    /// What this player makes of a card before any playout: the guard planner's or the only
    /// choice (`Err`), or the search's decision to make on played-out futures (`Ok`).
    fn prepare(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Result<Decision, Action> {
        self.search.last_playouts = 0;
        self.search.last_estimate = None;
        if view.rounds_done < GUARDED_ROUNDS && box_open(seat, view) {
            return Err(self.planner.choose(seat, view, legal));
        }
        if legal.len() == 1 {
            return Err(legal[0]);
        }
        let mut budget = self.fixed.unwrap_or_else(|| budget_for(view));
        if !self.capped {
            budget = Budget::exact(budget.playouts);
        }
        let Some(belief) = Kokoro::from_view(view) else {
            return Err(self.search.fallback(seat, view, legal));
        };
        let candidates = self
            .search
            .favourites(&belief, seat, view, legal, CANDIDATES);
        match candidates[..] {
            [] => Err(legal[0]),
            [only] => Err(only),
            _ => Decision::new(seat, view, candidates, budget)
                .ok_or_else(|| self.search.fallback(seat, view, legal)),
        }
    }

    /// The choice of a decision made, its figures kept for [`Hard::last_playouts`] and
    /// [`Hard::last_estimate`].
    fn finish(&mut self, decision: &Decision, legal: &[Action]) -> Action {
        self.search.last_playouts = decision.playouts;
        self.search.last_estimate = decision.estimate;
        decision.choice().unwrap_or(legal[0])
    }
}

impl Bot<Kokoro> for Hard {
    fn observe(&mut self, view: &View) {
        self.search.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        match self.prepare(seat, view, legal) {
            Err(action) => action,
            Ok(mut decision) => {
                kokoro_futures::decide(std::slice::from_mut(&mut decision), 1);
                self.finish(&decision, legal)
            }
        }
    }

    fn together(&self) -> Option<Together<Kokoro>> {
        Some(choose_together)
    }

    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self)
    }
}

/// Hard players asked on the same card choose together: those deciding from the same
/// knowledge (those who peeked at the next sanctuary, and those who did not) share their
/// played-out futures ([`kokoro_futures`]) on up to `workers` threads, the two groups side by
/// side. Each chooses what it would alone.
pub fn choose_together(asked: &mut [Asked<'_, Kokoro>], workers: usize) {
    let mut groups: Vec<Vec<(usize, Decision)>> = Vec::new();
    for (i, a) in asked.iter_mut().enumerate() {
        if a.chosen.is_some() {
            continue;
        }
        let Some(hard) = a.bot.as_any_mut().and_then(|b| b.downcast_mut::<Hard>()) else {
            continue;
        };
        match hard.prepare(a.seat, &a.view, &a.legal) {
            Err(action) => a.chosen = Some(action),
            Ok(d) => match groups.iter_mut().find(|g| g[0].1.shares_with(&d)) {
                Some(g) => g.push((i, d)),
                None => groups.push(vec![(i, d)]),
            },
        }
    }
    let (at, mut decisions): (Vec<Vec<usize>>, Vec<Vec<Decision>>) =
        groups.into_iter().map(|g| g.into_iter().unzip()).unzip();
    kokoro_futures::decide_groups(&mut decisions, workers);
    for (i, d) in at.into_iter().flatten().zip(decisions.iter().flatten()) {
        if let Some(a) = asked.get_mut(i)
            && let Some(hard) = a.bot.as_any_mut().and_then(|b| b.downcast_mut::<Hard>())
        {
            a.chosen = Some(hard.finish(d, &a.legal));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, Viewer, rng};

    /// Plays a game of `players` seats to its end, every seat choosing at random.
    fn random_game(players: usize, seed: u64) -> Kokoro {
        let mut options = Options::new();
        options.insert("side".into(), "blue".into());
        let mut g = Kokoro::new(&options, players).unwrap();
        let mut r = rng::stream(seed, 3);
        loop {
            let (actor, a) = match g.to_move() {
                ToMove::Over => return g,
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).unwrap();
                    (Actor::Chance, o[i].0)
                }
                ToMove::Seats(s) => {
                    let l = g.legal_actions(s[0]);
                    let i = rng::below(&mut r, l.len() as u64) as usize;
                    (Actor::Seat(s[0]), l[i])
                }
            };
            g.apply(actor, &a).unwrap();
        }
    }

    #[test]
    fn a_solo_search_dreads_each_zero_box_beyond_its_cost() {
        let mut seen_zero = false;
        for seed in 0..8 {
            let g = random_game(1, seed);
            let zeros = zero_boxes(&g, 0);
            assert_eq!(zeros, g.view(Viewer::Public).sheets[0].zeros);
            let o = g.outcome().unwrap();
            let plain = Kokoro::reward(&o, 0);
            let dreaded = plain - ZERO_BOX_DREAD * f64::from(zeros) / 100.0;
            assert!((g.final_reward(&o, 0) - dreaded).abs() < 1e-9);
            seen_zero |= zeros > 0;
        }
        assert!(seen_zero, "random play leaves zero boxes");
    }

    #[test]
    fn at_a_table_of_several_every_zero_box_and_every_point_of_the_margin_count() {
        let mut seen_zero = false;
        for seed in 0..8 {
            let g = random_game(4, seed);
            let o = g.outcome().unwrap();
            for seat in 0..4 {
                let zeros = zero_boxes(&g, seat);
                seen_zero |= zeros > 0;
                let mine = f64::from(o.scores[seat]);
                let best_other = (0..4)
                    .filter(|&s| s != seat)
                    .map(|s| f64::from(o.scores[s]))
                    .fold(f64::MIN, f64::max);
                let win = if o.winners.contains(&seat) {
                    WIN_WEIGHT
                } else {
                    0.0
                };
                let want =
                    win + (mine - best_other) / 100.0 - ZERO_BOX_DREAD * f64::from(zeros) / 100.0;
                assert!((g.final_reward(&o, seat) - want).abs() < 1e-9);
            }
        }
        assert!(seen_zero, "random play leaves zero boxes");
        // Thirty points ahead is worth more than twenty: the margin is not capped.
        let o = |mine: i32| Outcome {
            scores: vec![mine, 40],
            winners: vec![0],
            note: String::new(),
        };
        let g = random_game(2, 1);
        let (twenty, thirty) = (g.final_reward(&o(60), 0), g.final_reward(&o(70), 0));
        assert!((thirty - twenty - 0.1).abs() < 1e-9, "{twenty} {thirty}");
    }

    /// A blue solo view in round one with sanctuary E (r4c3) up and `card` revealed as the
    /// round's last golden card; `paths` drawn on the mat.
    fn last_card_view(card: u8, paths: &[(u8, u8)]) -> View {
        crate::bots::kokoro::tests::view('E', card, 4, paths)
    }

    #[test]
    fn a_box_is_open_until_its_chain_beats_the_previous_box() {
        // E's chain runs left into r4c2 (2 caterpillars) only once r4c2 has a path.
        let v = last_card_view(2, &[(27, 5)]);
        assert!(box_open(0, &v));
        let v = last_card_view(2, &[(27, 5), (26, 2)]);
        assert!(!box_open(0, &v));
        // In round two the box must beat the first box.
        let mut v = last_card_view(2, &[(27, 5), (26, 2)]);
        v.rounds_done = 1;
        v.sheets[0].boxes[0] = Some(2);
        assert!(box_open(0, &v));
        v.sheets[0].boxes[0] = Some(1);
        assert!(!box_open(0, &v));
    }

    #[test]
    fn short_playouts_late_in_the_game_get_more_of_them() {
        // A fresh game: 20 golden cards to come and the plain ones between, the default.
        let mut fresh = last_card_view(2, &[]);
        fresh.golden = 0;
        assert!((cards_to_come(&fresh) - 20.0 * (1.0 + 20.0 / 22.0)).abs() < 1e-9);
        assert_eq!(budget_for(&fresh), Budget::default());
        // The last card of the game: the most, within the same time cap.
        let mut last = fresh.clone();
        last.rounds_done = 4;
        last.golden = 4;
        assert_eq!(budget_for(&last), Budget::playouts(MAX_PLAYOUTS));
        // The last round's first card: about 8 cards to come.
        last.golden = 1;
        let solo = budget_for(&last).playouts;
        assert_eq!(solo, (LATE_MOVES / cards_to_come(&last)) as u32);
        assert!(solo > 1_000 && solo < MAX_PLAYOUTS, "{solo}");
        // Four mats make each playout four times as long.
        last.mats = vec![last.mats[0]; 4];
        assert_eq!(budget_for(&last).playouts, solo / 4);
    }

    #[test]
    fn the_hard_player_spends_its_late_budget_on_the_last_card() {
        // A solo game played by the planner up to the game's last card.
        let mut g = Kokoro::new(&Options::new(), 1).unwrap();
        let mut planner = PlannerBot::normal(5);
        let mut r = rng::stream(5, 3);
        let view = loop {
            let (actor, a) = match g.to_move() {
                ToMove::Over => panic!("the game ended without a last card"),
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).unwrap();
                    (Actor::Chance, o[i].0)
                }
                ToMove::Seats(_) => {
                    let v = g.view(Viewer::Seat(0));
                    if v.rounds_done == 4 && v.golden == 4 {
                        break v;
                    }
                    let legal = g.legal_actions(0);
                    (Actor::Seat(0), planner.choose(0, &v, &legal))
                }
            };
            g.apply(actor, &a).unwrap();
        };
        let mut bot = player(1).exact();
        bot.observe(&view);
        bot.choose(0, &view, &g.legal_actions(0));
        // Halving spends the whole count when it compares 4 candidates (a few fewer with 3).
        assert!(
            bot.last_playouts() > MAX_PLAYOUTS - 10,
            "{}",
            bot.last_playouts()
        );
    }

    #[test]
    fn the_hard_player_keeps_an_open_box_alive_with_the_guard() {
        // Round two, the box still open: the guard planner (with its look-ahead) decides,
        // without a search.
        let v = crate::bots::kokoro::tests::open_box_view();
        let mut bot = player(2);
        bot.observe(&v);
        let legal = crate::bots::kokoro::tests::legal(&v);
        assert_eq!(
            bot.choose(0, &v, &legal),
            Action::Draw {
                space: 19,
                mirrored: false
            }
        );
        assert_eq!(bot.last_playouts(), 0);
    }

    #[test]
    fn the_hard_player_saves_an_open_box_on_the_last_card() {
        let v = last_card_view(2, &[(27, 5)]);
        let legal: Vec<Action> = crate::games::kokoro::legal_spaces(&v, 0)
            .iter()
            .map(|space| Action::Draw {
                space,
                mirrored: false,
            })
            .chain([Action::Peek])
            .collect();
        for seed in 0..3 {
            let mut bot = player(seed).with_budget(Budget::exact(24));
            bot.observe(&v);
            assert_eq!(
                bot.choose(0, &v, &legal),
                Action::Draw {
                    space: 26,
                    mirrored: false
                }
            );
        }
    }
}

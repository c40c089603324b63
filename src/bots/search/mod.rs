//! The search player: information-set Monte-Carlo tree search over the [`Game`] trait, after
//! OpenSpiel's `is_mcts.cc` (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012).
//!
//! Each iteration samples one *determinization*: a full game state consistent with everything
//! the bot's seat has been shown (its views, in order) and nothing else; the game's
//! [`Determinize`] impl builds it. Two ways to spend the iterations ([`Root`]):
//! - [`Root::Halving`] (the default): the playout policy's favourite few actions are each
//!   played out on the same sampled states and chance draws (common random numbers), and
//!   sequential halving drops the worse half each round. At the few hundred playouts a decision
//!   can afford within its time cap this tells close actions apart; the tree cannot.
//! - [`Root::Tree`]: IS-MCTS proper, a tree whose nodes are action histories from the decision,
//!   UCB1 among the actions legal in that sample (with availability counts), one node expanded
//!   per iteration.
//!
//! Playouts follow a cheap [`Policy`] (the game's heuristic bot, a rule on the sampled state,
//! or random). Chance is sampled from [`Game::chance_outcomes`] with its weights.
//!
//! Simultaneous steps (Kokoro's turn, Rocca's night and votes): a determinization forgets the
//! choices other seats have already made in private, so in the sample they are still to choose
//! and choose as the tree or the playout policy says. The bot's own seat acts first in a
//! simultaneous step, so its choice never depends on theirs.
//!
//! A decision ends at whichever comes first of [`Budget::playouts`] iterations and
//! [`Budget::time`]. Finished by count, it is deterministic given the bot's seed and what it
//! observed (tests use counts); under load the time cap cuts it short with fewer playouts.
//!
//! ## Wiring a level to it
//! Each game's module here has `hard(seed) -> Search<G>` with the policy and budget chosen
//! for that game (400 playouts, 120 ms cap): `make_bot` maps a level to it with
//! `Box::new(crate::bots::search::cocoon::hard(seed))`. By hand:
//! `Search::<Cocoon>::with_bots(seed, Budget::default(), |s| Box::new(WheelBot::new(s)))`.

pub mod cocoon;
pub mod couperation;
pub mod kokoro;
pub mod kokoro_futures;
pub mod kokoro_reward;
pub mod pocket;
pub mod replay;
pub mod rocca;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::engine::{Actor, Bot, Game, Outcome, Seat, ToMove, rng};

/// What a game provides so that the search can sample states a seat cannot tell apart.
pub trait Determinize: Game<View: Send> {
    /// What a seat knows, gathered once per decision from its views.
    type Belief;
    /// Gathers what `seat` knows from `seen`: every view it was shown, in order, the last one
    /// being the view it now decides on. `None` if the views make no sense (then the search
    /// falls back to its playout policy).
    fn belief(seat: Seat, seen: &[Self::View]) -> Option<Self::Belief>;
    /// One full state that `seat` cannot tell from the real one: what it knows kept, the rest
    /// (other seats' secrets, unseen cards, choices made in private this step) drawn from what
    /// is still possible.
    fn sample(belief: &Self::Belief, rng: &mut ChaCha8Rng) -> Self;
    /// What a drawn state leaves open on purpose, copied into `drawn` (the drawn state's view
    /// for the seat) from `seen` (the view the seat was shown): the other seats' private
    /// choices of this step, which the sample has them make again. Nothing by default. With
    /// it, a drawn state shows its seat exactly what it was shown
    /// (`tests/common/conformance.rs` checks this for every game).
    fn keep_open(_drawn: &mut Self::View, _seen: &Self::View) {}
    /// This game's search player (the search its hard level runs) deciding by `budget`: for
    /// checks over every game (`tests/bots_blind.rs`).
    fn search_player(seed: u64, budget: Budget) -> Box<dyn Bot<Self>>;
    /// What the end of the game is worth to `seat`, about 0 to 1 (higher is better).
    fn reward(outcome: &Outcome, seat: Seat) -> f64 {
        default_reward(outcome, seat)
    }
    /// What a sampled game played to its end is worth to `seat`: [`Determinize::reward`],
    /// unless the game also reads its final state (Kokoro counts the zero boxes).
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        Self::reward(outcome, seat)
    }
}

/// 1 for a win (shared or cooperative included), 0 otherwise, plus a little for the margin
/// over the best other seat, so that among equal chances of winning the search prefers the
/// bigger lead. Alone at the table, the score itself (out of 100).
pub fn default_reward(outcome: &Outcome, seat: Seat) -> f64 {
    let mine = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
    if outcome.scores.len() <= 1 {
        return mine / 100.0;
    }
    let best_other = outcome
        .scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &x)| f64::from(x))
        .fold(f64::MIN, f64::max);
    let win = if outcome.winners.contains(&seat) {
        1.0
    } else {
        0.0
    };
    win + 0.05 * ((mine - best_other) / 20.0).clamp(-1.0, 1.0)
}

/// Whether search decisions stop at their wall-clock cap ([`Budget::time`]); see
/// [`set_time_caps`].
static TIME_CAPS: AtomicBool = AtomicBool::new(true);

/// Turns every search player's time cap in this process off (or back on). Off, a decision
/// always runs its full playout count, so a measurement gives the same figures on a loaded
/// machine as on a quiet one (`hotseat sim --no-time-cap`); how long those playouts take on
/// this machine is what `cargo bench --bench bots` measures. Play always keeps the caps.
pub fn set_time_caps(on: bool) {
    TIME_CAPS.store(on, Ordering::Relaxed);
}

/// Whether a decision that started at `start` has used up `cap`.
fn time_is_up(start: Instant, cap: Duration) -> bool {
    TIME_CAPS.load(Ordering::Relaxed) && start.elapsed() >= cap
}

/// How long one decision may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (one determinization and one playout each).
    pub playouts: u32,
    /// A cap on the wall-clock time, far under the 200 ms a decision may take.
    pub time: Duration,
}

impl Budget {
    pub const DEFAULT_TIME: Duration = Duration::from_millis(120);

    /// `playouts` iterations, capped at [`Budget::DEFAULT_TIME`].
    pub const fn playouts(playouts: u32) -> Budget {
        Budget {
            playouts,
            time: Budget::DEFAULT_TIME,
        }
    }

    /// `playouts` iterations and no time cap: the same choice on every machine (tests).
    pub const fn exact(playouts: u32) -> Budget {
        Budget {
            playouts,
            time: Duration::MAX,
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::playouts(400)
    }
}

/// Makes a playout bot from a seed.
pub type PolicyFactory<G> = Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send>;

/// How the search plays a sampled game to its end.
pub enum Policy<G: Game> {
    /// Uniformly among the computer players' actions: cheapest.
    Random,
    /// A bot for each seat, fresh for each playout, shown its seat's view each time it
    /// chooses (it does not watch the other actions: that would cost a view per seat per
    /// action).
    Bots(PolicyFactory<G>),
    /// A rule on the whole sampled state: the playout happens inside the searcher's own
    /// sample, so it may read everything there (a perfect memory costs no views).
    State(StateRule<G>),
}

/// Picks one of the legal actions (never empty) for a seat on a whole sampled state.
pub type StateRule<G> =
    Box<dyn Fn(&G, Seat, &[<G as Game>::Action], &mut ChaCha8Rng) -> <G as Game>::Action + Send>;

/// How the search spends its playouts on the decision at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// IS-MCTS: a tree over the action histories that follow, UCB1 with availability counts.
    Tree,
    /// Determinized Monte-Carlo over the playout policy's favourite `candidates` actions with
    /// sequential halving and common random numbers: at a few hundred playouts per decision it
    /// tells close actions apart where the tree spreads its playouts too thin.
    Halving { candidates: usize },
}

impl Default for Root {
    fn default() -> Self {
        Root::Halving { candidates: 6 }
    }
}

/// UCB1's exploration constant for rewards in about 0..1.
const EXPLORE: f64 = 0.7;
/// A playout longer than this many actions counts as nothing for anyone (a rules bug or a
/// policy that goes round in circles must not hang the search).
const MAX_PLAYOUT_ACTIONS: usize = 5_000;

/// One tree edge: an action taken from a node, with its statistics for the seat that took it.
struct Edge<A> {
    actor: Actor,
    action: A,
    child: usize,
    visits: u32,
    total: f64,
    /// Iterations in which this action was legal at its node (IS-MCTS's availability).
    avail: u32,
}

struct Node<A> {
    edges: Vec<Edge<A>>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node { edges: Vec::new() }
    }
}

/// The search player for one seat.
pub struct Search<G: Determinize> {
    rng: ChaCha8Rng,
    budget: Budget,
    policy: Policy<G>,
    root: Root,
    /// Playout bots first watch every view this seat was shown (memory games).
    prime: bool,
    /// Every view this seat was shown, in order.
    seen: Vec<G::View>,
    /// Iterations the last decision ran (for benchmarks and tests).
    pub last_playouts: u32,
    /// What the playouts of the action the last decision chose came to (the hint key's
    /// reason); `None` when no playout settled it.
    pub last_estimate: Option<Estimate>,
}

/// What the playouts of one action came to, for the deciding seat: the hint key tells a
/// person the score and chances the search saw, not only its choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Playouts of the action behind these figures (the last halving round's).
    pub playouts: u32,
    /// The seat's mean final score.
    pub score: f64,
    /// The share of playouts the seat won (a cooperative win counts).
    pub wins: f64,
}

impl<G: Determinize> Search<G> {
    pub fn new(seed: u64, budget: Budget, policy: Policy<G>) -> Self {
        Search {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            policy,
            root: Root::default(),
            prime: false,
            seen: Vec::new(),
            last_playouts: 0,
            last_estimate: None,
        }
    }

    /// A search whose playouts use the bots `make` builds (e.g. the game's heuristic bot).
    pub fn with_bots(
        seed: u64,
        budget: Budget,
        make: impl Fn(u64) -> Box<dyn Bot<G>> + Send + 'static,
    ) -> Self {
        Search::new(seed, budget, Policy::Bots(Box::new(make)))
    }

    /// Spends the playouts as `root` says.
    pub fn with_root(mut self, root: Root) -> Self {
        self.root = root;
        self
    }

    /// Changes how the playouts are spent from the next decision on.
    pub fn set_root(&mut self, root: Root) {
        self.root = root;
    }

    /// The same search with another budget.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// What each decision may spend.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Changes the budget from the next decision on (a player that spends more on some
    /// decisions than others).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Has each playout bot watch every view this seat was shown before the playout, so that
    /// bots with a memory start with this seat's (the public part of it is everyone's).
    pub fn primed(mut self) -> Self {
        self.prime = true;
        self
    }

    /// The views this seat has been shown, the one being decided on last.
    fn views_with(&self, view: &G::View) -> Vec<G::View> {
        let mut seen = self.seen.clone();
        if seen.last() != Some(view) {
            seen.push(view.clone());
        }
        seen
    }

    /// The best action for `seat` among `legal`, by search.
    pub fn decide(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.last_playouts = 0;
        self.last_estimate = None;
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let seen = self.views_with(view);
        let belief = G::belief(seat, &seen);
        self.decide_with(seat, view, legal, belief.as_ref())
    }

    /// The views this seat has been shown so far, in order (for a caller that keeps its own
    /// belief up to date between decisions, see [`Search::decide_with`]).
    pub fn seen(&self) -> &[G::View] {
        &self.seen
    }

    /// [`Search::decide`] on a belief the caller gathered (e.g. extended from the last
    /// decision's instead of rebuilt from the first view); `None`: the playout policy's choice.
    pub fn decide_with(
        &mut self,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        belief: Option<&G::Belief>,
    ) -> G::Action {
        self.last_playouts = 0;
        self.last_estimate = None;
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let Some(belief) = belief else {
            return self.fallback(seat, view, legal);
        };
        match self.root {
            Root::Tree => self.tree_search(belief, seat, view, legal),
            Root::Halving { candidates } => {
                self.halving(belief, seat, view, legal, candidates.max(1))
            }
        }
    }

    /// IS-MCTS proper: a tree over action histories from the decision.
    fn tree_search(
        &mut self,
        belief: &G::Belief,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
    ) -> G::Action {
        let start = Instant::now();
        let mut nodes: Vec<Node<G::Action>> = vec![Node::new()];
        let mut done = 0;
        while done < self.budget.playouts {
            if done > 0 && time_is_up(start, self.budget.time) {
                break;
            }
            let state = G::sample(belief, &mut self.rng);
            self.iterate(&mut nodes, state, seat, legal);
            done += 1;
        }
        self.last_playouts = done;
        let best = nodes[0]
            .edges
            .iter()
            .filter(|e| e.actor == Actor::Seat(seat) && legal.contains(&e.action))
            .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))));
        match best {
            Some(e) => e.action.clone(),
            None => self.fallback(seat, view, legal),
        }
    }

    /// The playout policy's favourites among `legal`, best first: its choice, then its choice
    /// without that one, and so on (`k` at most). Random playouts: `k` random actions.
    fn favourites(
        &mut self,
        belief: &G::Belief,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        k: usize,
    ) -> Vec<G::Action> {
        let mut left: Vec<G::Action> = legal.to_vec();
        let mut out = Vec::new();
        let mut bot = match &self.policy {
            Policy::Bots(make) => {
                let mut bot = make(self.rng.next_u64());
                for v in &self.seen {
                    bot.observe(v);
                }
                Some(bot)
            }
            Policy::Random | Policy::State(_) => None,
        };
        let sample = match &self.policy {
            Policy::State(_) => Some(G::sample(belief, &mut self.rng)),
            _ => None,
        };
        while out.len() < k && !left.is_empty() {
            let i = match (&mut bot, &self.policy, &sample) {
                (Some(bot), _, _) => {
                    let a = bot.choose(seat, view, &left);
                    left.iter().position(|x| *x == a).unwrap_or(0)
                }
                (None, Policy::State(rule), Some(state)) => {
                    let a = rule(state, seat, &left, &mut self.rng);
                    left.iter().position(|x| *x == a).unwrap_or(0)
                }
                _ => rng::below(&mut self.rng, left.len() as u64) as usize,
            };
            out.push(left.remove(i));
        }
        out
    }

    /// Determinized Monte-Carlo at the root with sequential halving: the policy's favourite
    /// `candidates` actions are each played out on the same sampled states and chance draws
    /// (common random numbers, so that they differ only by the action), and the worse half is
    /// dropped each round. The policy's own choice wins ties.
    fn halving(
        &mut self,
        belief: &G::Belief,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        candidates: usize,
    ) -> G::Action {
        let start = Instant::now();
        let mut alive = self.favourites(belief, seat, view, legal, candidates);
        if alive.len() == 1 {
            return alive.remove(0);
        }
        let rounds = (usize::BITS - (alive.len() - 1).leading_zeros()).max(1) as usize;
        let budget = self.budget.playouts as usize;
        let mut done = 0usize;
        // Sums of rewards per candidate, index-aligned with `alive`.
        let mut sums = vec![0.0f64; alive.len()];
        // The seat's final scores and wins, beside the rewards, for [`Estimate`].
        let mut scores = vec![0.0f64; alive.len()];
        let mut wins = vec![0u32; alive.len()];
        let mut out_of_time = false;
        for round in 0..rounds {
            if alive.len() <= 1 || out_of_time {
                break;
            }
            let per = (budget / (alive.len() * rounds)).max(1);
            for v in sums.iter_mut().chain(scores.iter_mut()) {
                *v = 0.0;
            }
            wins.iter_mut().for_each(|w| *w = 0);
            let mut samples = 0usize;
            while samples < per {
                if done > 0 && time_is_up(start, self.budget.time) {
                    out_of_time = true;
                    break;
                }
                let seed = self.rng.next_u64();
                let mut r = ChaCha8Rng::seed_from_u64(seed);
                let state = G::sample(belief, &mut r);
                for (i, a) in alive.iter().enumerate() {
                    let mut s = state.clone();
                    let mut r = ChaCha8Rng::seed_from_u64(seed);
                    let outcome = if s.apply(Actor::Seat(seat), a).is_ok() {
                        self.playout_with(&mut s, &mut r)
                    } else {
                        None
                    };
                    if let Some(o) = &outcome {
                        sums[i] += s.final_reward(o, seat);
                        scores[i] += f64::from(o.scores.get(seat).copied().unwrap_or(0));
                        wins[i] += u32::from(o.winners.contains(&seat));
                    }
                }
                done += alive.len();
                samples += 1;
            }
            if samples == 0 {
                break;
            }
            // Keep the better half; a stable sort keeps the policy's order among equals.
            let mut order: Vec<usize> = (0..alive.len()).collect();
            order.sort_by(|&a, &b| sums[b].total_cmp(&sums[a]));
            let keep = if round + 1 == rounds || out_of_time {
                1
            } else {
                alive.len().div_ceil(2)
            };
            order.truncate(keep);
            order.sort_unstable();
            alive = order.iter().map(|&i| alive[i].clone()).collect();
            scores = order.iter().map(|&i| scores[i]).collect();
            wins = order.iter().map(|&i| wins[i]).collect();
            sums = vec![0.0; alive.len()];
            // The figures of the action that leads now (the one chosen if this round is the
            // last to finish).
            let n = samples as f64;
            self.last_estimate = Some(Estimate {
                playouts: samples as u32,
                score: scores[0] / n,
                wins: f64::from(wins[0]) / n,
            });
        }
        self.last_playouts = done as u32;
        alive.remove(0)
    }

    /// How many points more `better` than `played` leaves `seat` at the end, on average over
    /// `n` playouts of each from the same sampled states and chance draws (common random
    /// numbers, so that the two differ only by the move): what a review of a finished game
    /// shows. 0 when no playout of both ended.
    pub fn gain(
        &mut self,
        belief: &G::Belief,
        seat: Seat,
        better: &G::Action,
        played: &G::Action,
        n: u32,
    ) -> f64 {
        let (mut sum, mut done) = (0.0, 0u32);
        for _ in 0..n {
            let seed = self.rng.next_u64();
            let state = G::sample(belief, &mut ChaCha8Rng::seed_from_u64(seed));
            let score = |a: &G::Action| {
                let mut s = state.clone();
                let mut r = ChaCha8Rng::seed_from_u64(seed);
                s.apply(Actor::Seat(seat), a).ok()?;
                let o = self.playout_with(&mut s, &mut r)?;
                Some(f64::from(o.scores.get(seat).copied().unwrap_or(0)))
            };
            if let (Some(b), Some(p)) = (score(better), score(played)) {
                sum += b - p;
                done += 1;
            }
        }
        if done == 0 {
            0.0
        } else {
            sum / f64::from(done)
        }
    }

    /// When the views cannot be read: the playout policy's own choice.
    fn fallback(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        match &self.policy {
            Policy::Bots(make) => {
                let mut bot = make(self.rng.next_u64());
                for v in &self.seen {
                    bot.observe(v);
                }
                let a = bot.choose(seat, view, legal);
                if legal.contains(&a) {
                    return a;
                }
                legal[0].clone()
            }
            Policy::Random | Policy::State(_) => {
                legal[rng::below(&mut self.rng, legal.len() as u64) as usize].clone()
            }
        }
    }

    /// One iteration: select and expand in the tree on `state`, play out, back up.
    fn iterate(
        &mut self,
        nodes: &mut Vec<Node<G::Action>>,
        mut state: G,
        me: Seat,
        root_legal: &[G::Action],
    ) {
        let mut node = 0;
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut expanded = false;
        let mut depth = 0;
        let mut outcomes = Vec::new();
        while !expanded && depth < MAX_PLAYOUT_ACTIONS {
            depth += 1;
            let (actor, legal) = match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let Some(a) = sample_chance(&state, &mut self.rng, &mut outcomes) else {
                        break;
                    };
                    (Actor::Chance, vec![a])
                }
                ToMove::Seats(seats) => {
                    // The searching seat first: its choice must not depend on the others'.
                    let seat = if seats.contains(&me) { me } else { seats[0] };
                    let mut legal = state.bot_actions(seat);
                    if node == 0 && seat == me {
                        legal.retain(|a| root_legal.contains(a));
                    }
                    if legal.is_empty() {
                        break;
                    }
                    (Actor::Seat(seat), legal)
                }
            };
            let edges = &mut nodes[node].edges;
            let mut untried = Vec::new();
            for a in &legal {
                match edges
                    .iter_mut()
                    .find(|e| e.actor == actor && e.action == *a)
                {
                    Some(e) => e.avail += 1,
                    None => untried.push(a.clone()),
                }
            }
            let pick = if let Some(a) = choose_untried(untried, &mut self.rng) {
                let child = nodes.len();
                nodes.push(Node::new());
                nodes[node].edges.push(Edge {
                    actor,
                    action: a,
                    child,
                    visits: 0,
                    total: 0.0,
                    avail: 1,
                });
                expanded = actor != Actor::Chance;
                nodes[node].edges.len() - 1
            } else {
                let edges = &nodes[node].edges;
                let mut best = None;
                let mut best_score = f64::MIN;
                for (i, e) in edges.iter().enumerate() {
                    if e.actor != actor || !legal.contains(&e.action) {
                        continue;
                    }
                    let score = if actor == Actor::Chance {
                        // Chance is not chosen: only its sampled outcome is legal here.
                        0.0
                    } else {
                        mean(e) + EXPLORE * ((f64::from(e.avail)).ln() / f64::from(e.visits)).sqrt()
                    };
                    if score > best_score {
                        best_score = score;
                        best = Some(i);
                    }
                }
                match best {
                    Some(i) => i,
                    None => break,
                }
            };
            let e = &nodes[node].edges[pick];
            if state.apply(e.actor, &e.action).is_err() {
                break;
            }
            path.push((node, pick));
            node = e.child;
        }
        let outcome = self.playout(&mut state);
        for (n, i) in path {
            let e = &mut nodes[n].edges[i];
            e.visits += 1;
            if let (Actor::Seat(s), Some(o)) = (e.actor, &outcome) {
                e.total += state.final_reward(o, s);
            }
        }
    }

    /// Plays `state` to its end with the playout policy.
    fn playout(&mut self, state: &mut G) -> Option<Outcome> {
        let mut r = ChaCha8Rng::seed_from_u64(self.rng.next_u64());
        self.playout_with(state, &mut r)
    }

    /// Plays `state` to its end with the playout policy, every random choice from `rng`.
    fn playout_with(&self, state: &mut G, rng: &mut ChaCha8Rng) -> Option<Outcome> {
        let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
        // Each seat's view and the chance outcomes, their buffers kept from step to step.
        let mut views: Vec<Option<G::View>> = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..MAX_PLAYOUT_ACTIONS {
            let (actor, action) = match state.to_move() {
                ToMove::Over => return state.outcome(),
                ToMove::Chance => (Actor::Chance, sample_chance(state, rng, &mut outcomes)?),
                ToMove::Seats(seats) => {
                    let seat = seats[0];
                    let legal = state.bot_actions(seat);
                    if legal.is_empty() {
                        return None;
                    }
                    let a = match &self.policy {
                        Policy::Random => {
                            legal[rng::below(rng, legal.len() as u64) as usize].clone()
                        }
                        Policy::State(rule) => {
                            let a = rule(state, seat, &legal, rng);
                            if legal.contains(&a) {
                                a
                            } else {
                                legal[0].clone()
                            }
                        }
                        Policy::Bots(make) => {
                            if bots.len() <= seat {
                                bots.resize_with(seat + 1, || None);
                            }
                            let bot = bots[seat].get_or_insert_with(|| {
                                let mut bot = make(rng.next_u64());
                                if self.prime {
                                    for v in &self.seen {
                                        bot.observe(v);
                                    }
                                }
                                bot
                            });
                            if views.len() <= seat {
                                views.resize_with(seat + 1, || None);
                            }
                            let viewer = crate::engine::Viewer::Seat(seat);
                            let view = match &mut views[seat] {
                                Some(v) => {
                                    state.view_into(viewer, v);
                                    v
                                }
                                empty => empty.insert(state.view(viewer)),
                            };
                            bot.observe(view);
                            let a = bot.choose(seat, view, &legal);
                            if legal.contains(&a) {
                                a
                            } else {
                                legal[0].clone()
                            }
                        }
                    };
                    (Actor::Seat(seat), a)
                }
            };
            // Taken from the state's own lists just above.
            state.apply_offered(actor, &action).ok()?;
        }
        None
    }
}

fn mean<A>(e: &Edge<A>) -> f64 {
    if e.visits == 0 {
        0.0
    } else {
        e.total / f64::from(e.visits)
    }
}

fn choose_untried<A>(mut untried: Vec<A>, rng: &mut ChaCha8Rng) -> Option<A> {
    if untried.is_empty() {
        return None;
    }
    let i = rng::below(rng, untried.len() as u64) as usize;
    Some(untried.swap_remove(i))
}

/// A chance outcome drawn with the game's weights.
fn sample_chance<G: Game>(
    state: &G,
    rng: &mut ChaCha8Rng,
    outcomes: &mut Vec<(G::Action, u32)>,
) -> Option<G::Action> {
    // The same draw as `rng::weighted_by` over the outcome list.
    state.chance_pick(outcomes, &mut |total| rng::below(rng, total))
}

impl<G: Determinize> Bot<G> for Search<G> {
    /// Keeps every view, repeats included: a replay needs one per action.
    fn observe(&mut self, view: &G::View) {
        self.seen.push(view.clone());
    }

    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.decide(seat, view, legal)
    }
}

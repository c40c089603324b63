//! Cocoon World for the search player. Its turn is a stack of tasks that no view shows whole,
//! so the state is found by replay (`super::replay`): the seat's views from the start, matched
//! action by action. Each sample then re-deals what the seat cannot see (other hands, the
//! face-down pile, tiles others looked at) with the game's own `vary_hidden`.

use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::{Budget, Determinize, Root, Search, replay::replay_or_stop};
use crate::bots::cocoon::WheelBot;
use crate::engine::options::Options;
use crate::engine::{Bot, Game, Seat, Viewer};
use crate::games::cocoon::{
    Action, Cocoon, Counts, HiddenPlace, KINDS, Prompt, START_VALUES, Square, Tile, View,
};

/// Every start a Cocoon table can have: chance picks the start player, or an option names it.
fn starts(players: usize) -> impl Iterator<Item = Cocoon> {
    START_VALUES.iter().filter_map(move |start| {
        let mut o = Options::new();
        o.insert("start".into(), (*start).into());
        // Nobody reads a replay's or a sample's event lines.
        Cocoon::new(&o, players).ok().map(Cocoon::quiet)
    })
}

/// Replays tried, each with its own draws, before the search gives up on a decision.
const REPLAYS: u64 = 4;

/// Tiles of each kind that `view` shows face up anywhere: the board, the removed ones, the
/// hands and tiles it may see.
fn visible(view: &View) -> Counts {
    let mut n: Counts = [0; 36];
    let board = view.board.iter().filter_map(|sq| match sq {
        Square::Up(t) => Some(*t),
        _ => None,
    });
    let hands = view.hands.iter().flatten().flatten().copied();
    let peek = view.peek.iter().flat_map(|(_, h)| h.iter().copied());
    let top = view.known_top.iter().flatten().copied();
    for t in board
        .chain(hands)
        .chain(peek)
        .chain(top)
        .chain(view.looking.iter().copied())
        .chain(view.removed.iter().copied())
        .chain(view.taken)
    {
        n[t.index()] += 1;
    }
    n
}

/// `tiles` put, in order, in `places` hidden from `seat`; `None` if one cannot be.
fn with_tiles(
    state: &Cocoon,
    seat: Seat,
    places: impl IntoIterator<Item = (HiddenPlace, Tile)>,
) -> Option<Cocoon> {
    places
        .into_iter()
        .try_fold(state.clone(), |s, (place, tile)| {
            s.with_hidden_tile(Viewer::Seat(seat), place, tile)
        })
}

/// States like `state` with what `target` shows `seat` dealt where the replay had drawn
/// something else, for a step no action explains (see `replay`). A sampled draw is wrong most
/// often where the seat sees a tile late: the tiles it looks at for "Choose 1 from 3" (shown
/// only once all are drawn), tiles off the pile's top that another seat put back, a hand "Take
/// a Tile" shows, a tile another seat places from its hand.
fn repairs(state: &Cocoon, target: &View, seat: Seat, r: &mut ChaCha8Rng) -> Vec<Cocoon> {
    let me = Viewer::Seat(seat);
    let now = state.view(me);
    let mut out = Vec::new();
    if let Some((other, hand)) = &target.peek {
        let places = hand
            .iter()
            .enumerate()
            .map(|(i, &t)| (HiddenPlace::Hand(*other, i), t));
        out.extend(with_tiles(state, seat, places));
    }
    // The tiles drawn so far for "Choose 1 from 3" are the first ones the target shows.
    let looking_now = state
        .hidden_places(me)
        .into_iter()
        .filter(|p| matches!(p, HiddenPlace::Looking(_)))
        .count();
    let mine = matches!(target.prompt, Prompt::Pick { seat: s } if s == seat);
    let (drawn, mut incoming): (Vec<Tile>, Vec<Tile>) = if mine {
        let k = looking_now.min(target.looking.len());
        (target.looking[..k].to_vec(), target.looking[k..].to_vec())
    } else {
        (Vec::new(), Vec::new())
    };
    let Some(base) = with_tiles(
        state,
        seat,
        drawn
            .iter()
            .enumerate()
            .map(|(i, &t)| (HiddenPlace::Looking(i), t)),
    ) else {
        return out;
    };
    // New tiles in the seat's hand may come off the pile's top, where another seat put them
    // back unseen: the seat's draws are one run of the top, after the others' draws.
    let before = now.hands.get(seat).cloned().flatten().unwrap_or_default();
    let mut left = before;
    for &t in target.hands.get(seat).into_iter().flatten().flatten() {
        match left.iter().position(|&x| x == t) {
            Some(i) => {
                left.remove(i);
            }
            None => incoming.push(t),
        }
    }
    let tops: Vec<usize> = base
        .hidden_places(me)
        .into_iter()
        .filter_map(|p| match p {
            HiddenPlace::Top(i) => Some(i),
            _ => None,
        })
        .collect();
    if !drawn.is_empty() {
        out.push(base.clone());
    }
    if !incoming.is_empty() {
        for from in 0..tops.len() {
            let run = tops[from..]
                .iter()
                .zip(&incoming)
                .map(|(&i, &t)| (HiddenPlace::Top(i), t));
            out.extend(with_tiles(&base, seat, run));
        }
    }
    // A tile that turns up may be one the replay dealt somewhere else unseen: put back among
    // the unseen tiles (a draw, a face-down tile), or put in each hidden place in turn (a
    // tile placed from a hand, taken, kept).
    let (was, will) = (visible(&now), visible(target));
    let new: Vec<Tile> = KINDS
        .into_iter()
        .filter(|t| will[t.index()] > was[t.index()])
        .collect();
    let unseen = new.iter().try_fold(base.clone(), |s, &t| {
        s.with_unseen_tile(me, t, r.next_u64())
    });
    out.extend(unseen);
    for &t in &new {
        out.extend(base.with_unseen_tile(me, t, r.next_u64()));
        for place in base.hidden_places(me) {
            out.extend(base.with_hidden_tile(me, place, t));
        }
    }
    out
}

/// The state `seat`'s views `seen` are replayed to with the draws of `attempt`, or the index
/// of the view the replay could not reach (for measuring the determinizer).
pub fn replay_attempt(seat: Seat, seen: &[View], attempt: u64) -> Result<Cocoon, usize> {
    let players = seen.last().map_or(0, |v| v.players.len());
    let mut r = ChaCha8Rng::seed_from_u64(seen.len() as u64 + (attempt << 32));
    replay_or_stop(
        seat,
        seen,
        starts(players),
        &move |g, v, r| repairs(g, v, seat, r),
        &mut r,
    )
}

impl Determinize for Cocoon {
    fn search_player(seed: u64, budget: Budget) -> Box<dyn crate::engine::Bot<Cocoon>> {
        Box::new(hard(seed).with_budget(budget))
    }

    type Belief = (Seat, Cocoon);

    fn belief(seat: Seat, seen: &[View]) -> Option<(Seat, Cocoon)> {
        // The replay's own draws are fixed by what was seen, so one decision reads the same
        // state whatever the search's seed.
        // A replay draws the hidden tiles as it goes and can paint itself into a corner (a
        // tile another seat places later that no re-deal brings back): a replay with other
        // draws usually gets through, and without a state the search cannot search.
        (0..REPLAYS).find_map(|attempt| replay_attempt(seat, seen, attempt).ok().map(|g| (seat, g)))
    }

    fn sample(belief: &(Seat, Cocoon), r: &mut ChaCha8Rng) -> Cocoon {
        belief.1.vary_hidden(Viewer::Seat(belief.0), r.next_u64())
    }
}

/// Playouts a decision runs by the rounds left after its own (the last round first); a round
/// further from the end than the table goes runs the table's last entry. The time cap may end
/// a decision sooner.
///
/// Early decisions get little: the EP circle mixes so thoroughly that a marker ahead at the
/// start of round 7 of 10 wins only 52% of wheel games (71% at the start of round 10), so
/// early choices are worth little search, and their playouts are the longest. The last
/// rounds decide most games and their playouts are short: a playout of the last round costs
/// about a tenth of one from round 7, so the last two rounds run more for the same time.
pub const PLAYOUTS_BY_ROUNDS_LEFT: [u32; 5] = [8_000, 5_000, 3_000, 3_000, EARLY_PLAYOUTS];
/// Playouts of a decision before the last four rounds.
pub const EARLY_PLAYOUTS: u32 = 300;
/// The playout policy's favourite choices a decision compares, by the rounds left after its
/// own as [`PLAYOUTS_BY_ROUNDS_LEFT`]: the last two rounds can afford to look further down the
/// wheel's list (a die to change, a tile to place), where its EP count ranks the winning
/// choice low.
pub const CANDIDATES_BY_ROUNDS_LEFT: [usize; 3] = [10, 10, DEFAULT_CANDIDATES];
/// The candidates of an earlier decision.
const DEFAULT_CANDIDATES: usize = 6;

/// The hard Cocoon player: the search, with playouts by the (normal) wheel, each worth the
/// win itself ([`Determinize::reward`]: 1 for a win with its tie-breaks, a little for the
/// margin), spending most on the last rounds, which decide most games.
pub struct Hard {
    search: Search<Cocoon>,
    /// The budget of a decision by the rounds left after its own (the last entry for every
    /// earlier round), as [`PLAYOUTS_BY_ROUNDS_LEFT`].
    budgets: Vec<Budget>,
    /// The candidates a decision compares, by the rounds left after its own, as
    /// [`CANDIDATES_BY_ROUNDS_LEFT`].
    candidates: Vec<usize>,
}

impl Hard {
    /// Every decision with `budget` over the default candidates (tests: counted playouts
    /// choose the same on any machine).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budgets = vec![budget];
        self.candidates = vec![DEFAULT_CANDIDATES];
        self
    }

    /// Playouts the last decision ran.
    pub fn last_playouts(&self) -> u32 {
        self.search.last_playouts
    }

    /// What the playouts of the last decision's choice came to (`None` when no search
    /// settled it): the hint key's reason.
    pub fn last_estimate(&self) -> Option<super::Estimate> {
        self.search.last_estimate
    }

    fn budget(&self, view: &View) -> Budget {
        let left = usize::from(view.rounds.saturating_sub(view.round));
        let last = self.budgets.len().saturating_sub(1);
        self.budgets
            .get(left.min(last))
            .copied()
            .unwrap_or_default()
    }
}

impl Bot<Cocoon> for Hard {
    fn observe(&mut self, view: &View) {
        self.search.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let mut budget = self.budget(view);
        if legal.len() == 1 {
            return self.search.decide_with(seat, view, legal, None);
        }
        // The replay counts inside the decision's time cap.
        let start = Instant::now();
        let belief = self.belief(seat, view);
        budget.time = budget.time.saturating_sub(start.elapsed());
        self.search.set_budget(budget);
        let left = usize::from(view.rounds.saturating_sub(view.round));
        let last = self.candidates.len().saturating_sub(1);
        let candidates = self
            .candidates
            .get(left.min(last))
            .copied()
            .unwrap_or(DEFAULT_CANDIDATES);
        self.search.set_root(Root::Halving { candidates });
        self.search.decide_with(seat, view, legal, belief.as_ref())
    }
}

impl Hard {
    /// What `seat` knows at `view`: the game replayed from the seat's first view
    /// ([`Determinize::belief`]).
    fn belief(&mut self, seat: Seat, view: &View) -> Option<(Seat, Cocoon)> {
        let seen = self.search.seen();
        let mut all = seen.to_vec();
        if seen.last() != Some(view) {
            all.push(view.clone());
        }
        Cocoon::belief(seat, &all)
    }
}

/// The strongest Cocoon player within the time budget ([`Hard`]).
pub fn hard(seed: u64) -> Hard {
    Hard {
        search: Search::with_bots(seed, Budget::playouts(EARLY_PLAYOUTS), |s| {
            Box::new(WheelBot::new(s))
        }),
        budgets: PLAYOUTS_BY_ROUNDS_LEFT
            .iter()
            .map(|&n| Budget::playouts(n))
            .collect(),
        candidates: CANDIDATES_BY_ROUNDS_LEFT.to_vec(),
    }
}

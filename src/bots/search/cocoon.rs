//! Cocoon World for the search player. Its turn is a stack of tasks that no view shows whole,
//! so the state is found by replay (`super::replay`): the seat's views from the start, matched
//! action by action. Each sample then re-deals what the seat cannot see (other hands, the
//! face-down pile, tiles others looked at) with the game's own `vary_hidden`.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::{Budget, Determinize, Search, replay::replay};
use crate::bots::cocoon::WheelBot;
use crate::engine::options::Options;
use crate::engine::{Bot, Game, Seat, Viewer};
use crate::games::cocoon::{Action, Cocoon, START_VALUES, View};

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

/// "Take a Tile" shows the taker a hand the replay dealt otherwise: deal it that hand.
fn show_peeked_hand(state: &Cocoon, target: &View) -> Option<Cocoon> {
    let (seat, hand) = target.peek.as_ref()?;
    state.with_hand(*seat, hand)
}

impl Determinize for Cocoon {
    type Belief = (Seat, Cocoon);

    fn belief(seat: Seat, seen: &[View]) -> Option<(Seat, Cocoon)> {
        let players = seen.last()?.players.len();
        // The replay's own draws are fixed by what was seen, so one decision reads the same
        // state whatever the search's seed.
        // A replay draws the hidden tiles as it goes and can paint itself into a corner (a
        // tile another seat places later that no re-deal brings back): a replay with other
        // draws usually gets through, and without a state the search cannot search.
        (0..REPLAYS).find_map(|attempt| {
            let mut r = ChaCha8Rng::seed_from_u64(seen.len() as u64 + (attempt << 32));
            replay(seat, seen, starts(players), &show_peeked_hand, &mut r).map(|g| (seat, g))
        })
    }

    fn sample(belief: &(Seat, Cocoon), r: &mut ChaCha8Rng) -> Cocoon {
        belief.1.vary_hidden(Viewer::Seat(belief.0), r.next_u64())
    }
}

/// Playouts a decision of the last rounds may run ([`LATE_ROUNDS`]); the time cap may end it
/// sooner.
pub const HARD_PLAYOUTS: u32 = 3_000;
/// Playouts an earlier decision runs: the EP circle mixes so thoroughly that a marker ahead
/// at the start of round 7 of 10 wins only 52% of wheel games (71% at the start of round 10),
/// so early choices are worth little search, and their playouts are the longest.
pub const EARLY_PLAYOUTS: u32 = 300;
/// The rounds, counted back from the last, that get [`HARD_PLAYOUTS`].
pub const LATE_ROUNDS: u8 = 4;

/// The hard Cocoon player: the search, with playouts by the (normal) wheel, each worth the
/// win itself ([`Determinize::reward`]: 1 for a win with its tie-breaks, a little for the
/// margin), spending most on the last rounds, which decide most games.
pub struct Hard {
    search: Search<Cocoon>,
    /// A budget fixed for every decision (tests), instead of the schedule by round.
    fixed: Option<Budget>,
}

impl Hard {
    /// Every decision with `budget` (tests: counted playouts choose the same on any machine).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.fixed = Some(budget);
        self
    }

    /// Playouts the last decision ran.
    pub fn last_playouts(&self) -> u32 {
        self.search.last_playouts
    }

    fn budget(&self, view: &View) -> Budget {
        if let Some(b) = self.fixed {
            return b;
        }
        let late = view.round.saturating_add(LATE_ROUNDS) > view.rounds;
        Budget::playouts(if late { HARD_PLAYOUTS } else { EARLY_PLAYOUTS })
    }
}

impl Bot<Cocoon> for Hard {
    fn observe(&mut self, view: &View) {
        self.search.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let budget = self.budget(view);
        self.search.set_budget(budget);
        self.search.choose(seat, view, legal)
    }
}

/// The strongest Cocoon player within the time budget ([`Hard`]).
pub fn hard(seed: u64) -> Hard {
    Hard {
        search: Search::with_bots(seed, Budget::playouts(HARD_PLAYOUTS), |s| {
            Box::new(WheelBot::new(s))
        }),
        fixed: None,
    }
}

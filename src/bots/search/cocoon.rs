//! Cocoon World for the search player. Its turn is a stack of tasks that no view shows whole,
//! so the state is found by replay (`super::replay`): the seat's views from the start, matched
//! action by action. Each sample then re-deals what the seat cannot see (other hands, the
//! face-down pile, tiles others looked at) with the game's own `vary_hidden`.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::{Budget, Determinize, Search, replay::replay};
use crate::bots::cocoon::WheelBot;
use crate::engine::options::Options;
use crate::engine::{Game, Seat, Viewer};
use crate::games::cocoon::{Cocoon, START_VALUES, View};

/// Every start a Cocoon table can have: chance picks the start player, or an option names it.
fn starts(players: usize) -> impl Iterator<Item = Cocoon> {
    START_VALUES.iter().filter_map(move |start| {
        let mut o = Options::new();
        o.insert("start".into(), (*start).into());
        // Nobody reads a replay's or a sample's event lines.
        Cocoon::new(&o, players).ok().map(Cocoon::quiet)
    })
}

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
        let mut r = ChaCha8Rng::seed_from_u64(seen.len() as u64);
        replay(seat, seen, starts(players), &show_peeked_hand, &mut r).map(|g| (seat, g))
    }

    fn sample(belief: &(Seat, Cocoon), r: &mut ChaCha8Rng) -> Cocoon {
        belief.1.vary_hidden(Viewer::Seat(belief.0), r.next_u64())
    }
}

/// The strongest search player for Cocoon within the time budget: wheel playouts.
pub fn hard(seed: u64) -> Search<Cocoon> {
    Search::with_bots(seed, Budget::default(), |s| Box::new(WheelBot::new(s)))
}

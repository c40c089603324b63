//! Computer players thinking away from the screen.
//!
//! A search player may think for a good part of a second; the screen's thread must keep
//! reading keys and drawing meanwhile. So the table hands the bots to move over in a
//! [`Question`] (each bot with the state it decides on), the question is answered away from
//! the table (a room's driver thread answers it with the room unlocked), and the [`Answer`]
//! brings the bots back with their choices (see
//! [`super::table::Table::ask`] and [`super::table::Table::settle`]). Headless play (`sim`,
//! `run_bots`) never comes here: it chooses in place.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::bot::{Asked, Bot};
use super::game::{Game, Seat};

/// The name of every thinking thread: the app's panic hook leaves the terminal alone for a
/// panic there (the game halts with the message instead).
pub const THREAD_NAME: &str = "bot thinker";

/// Which table state a question was asked on: an answer to another one is stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// Bumped whenever the table seats fresh bots (undo, rewind).
    pub epoch: u64,
    /// How many actions the history held.
    pub actions: usize,
}

/// The computer players to move, each with the state it decides on. Only the state crosses
/// threads (views need not be `Send`); each bot takes its own seat's view there.
pub struct Question<G: Game> {
    pub(super) jobs: Vec<(Seat, Box<dyn Bot<G>>)>,
    pub(super) state: G,
    pub(super) at: Stamp,
}

/// The bots back, with what they chose on [`Question::answer`]'s state, or why they could
/// not (a bot that panicked: the game cannot go on).
pub struct Answer<G: Game> {
    pub(super) bots: Vec<(Seat, Box<dyn Bot<G>>)>,
    pub(super) chosen: Result<Vec<(Seat, G::Action)>, String>,
    pub(super) at: Stamp,
}

impl<G: Game> Answer<G> {
    /// A computer player could not choose (it panicked): the game cannot go on.
    pub fn failed(&self) -> bool {
        self.chosen.is_err()
    }
}

impl<G: Game> Question<G> {
    /// The seats asked, in order.
    pub fn seats(&self) -> Vec<Seat> {
        self.jobs.iter().map(|(s, _)| *s).collect()
    }

    /// Every bot chooses on the same state, side by side on up to as many threads as the
    /// machine has cores. A panic in a bot is caught and reported: on the screen it halts
    /// the game with a message instead of ending the program.
    pub fn answer(self) -> Answer<G> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.answer_on(cores)
    }

    /// [`Question::answer`] on at most `workers` threads. Bots of a kind that thinks together
    /// ([`Bot::together`]: Kokoro's hard players) choose together first, sharing their work;
    /// the others then choose side by side, each on its own copy of the same state, so they
    /// choose exactly what they would have one after another. Seven hard Kokoro players
    /// choosing on the same card one after another kept a person waiting about a second a card.
    pub fn answer_on(self, workers: usize) -> Answer<G> {
        self.answer_with(workers, true)
    }

    /// [`Question::answer_on`] with every bot choosing alone, none together: what the bots
    /// cost one after another (on one thread) or merely side by side (benches, tests).
    pub fn answer_alone_on(self, workers: usize) -> Answer<G> {
        self.answer_with(workers, false)
    }

    fn answer_with(mut self, workers: usize, together: bool) -> Answer<G> {
        let workers = workers.clamp(1, self.jobs.len().max(1));
        let mut pre: Vec<Option<G::Action>> = vec![None; self.jobs.len()];
        if together {
            let state = &self.state;
            let jobs = &mut self.jobs;
            match catch_unwind(AssertUnwindSafe(|| choose_together(state, jobs, workers))) {
                Ok(Ok(chosen)) => pre = chosen,
                Ok(Err(e)) => return self.failing(e),
                Err(panic) => return self.failing(failed(&*panic)),
            }
        }
        let chosen = {
            let state = &self.state;
            let mut left: Vec<&mut (Seat, Box<dyn Bot<G>>)> = self
                .jobs
                .iter_mut()
                .zip(&pre)
                .filter(|(_, p)| p.is_none())
                .map(|(job, _)| job)
                .collect();
            let workers = workers.clamp(1, left.len().max(1));
            let alone = if workers == 1 {
                choose_all(state, &mut left)
            } else {
                let per = left.len().div_ceil(workers);
                std::thread::scope(|scope| {
                    let mut running = Vec::new();
                    for chunk in left.chunks_mut(per) {
                        let copy = state.clone();
                        let spawned = std::thread::Builder::new()
                            .name(THREAD_NAME.into())
                            .spawn_scoped(scope, move || choose_all(&copy, chunk));
                        match spawned {
                            Ok(handle) => running.push(handle),
                            Err(e) => return Err(format!("no thread for a computer player: {e}")),
                        }
                    }
                    let mut out = Vec::new();
                    for handle in running {
                        match handle.join() {
                            Ok(Ok(c)) => out.extend(c),
                            Ok(Err(e)) => return Err(e),
                            Err(panic) => return Err(failed(&*panic)),
                        }
                    }
                    Ok(out)
                })
            };
            // Every choice in the order the seats were asked.
            alone.map(|mut alone| {
                alone.reverse();
                let mut out = Vec::with_capacity(pre.len());
                for ((seat, _), p) in self.jobs.iter().zip(&pre) {
                    match p {
                        Some(a) => out.push((*seat, a.clone())),
                        None => out.extend(alone.pop()),
                    }
                }
                out
            })
        };
        Answer {
            bots: self.jobs,
            chosen,
            at: self.at,
        }
    }

    /// The bots back with the reason they could not choose.
    fn failing(self, why: String) -> Answer<G> {
        Answer {
            bots: self.jobs,
            chosen: Err(why),
            at: self.at,
        }
    }
}

/// The bots in `jobs` of a kind that thinks together ([`Bot::together`]) choose together on
/// `state`, each shown its own view; the others' places stay `None`.
fn choose_together<G: Game>(
    state: &G,
    jobs: &mut [(Seat, Box<dyn Bot<G>>)],
    workers: usize,
) -> Result<Vec<Option<G::Action>>, String> {
    if jobs.iter().all(|(_, bot)| bot.together().is_none()) {
        return Ok(vec![None; jobs.len()]);
    }
    let mut asked = Vec::with_capacity(jobs.len());
    for (seat, bot) in jobs.iter_mut() {
        let legal = state.bot_actions(*seat);
        if legal.is_empty() {
            return Err(format!("seat {seat} has no legal action"));
        }
        let view = state.view(bot.viewer(*seat));
        asked.push(Asked {
            seat: *seat,
            bot: &mut **bot,
            view,
            legal,
            chosen: None,
        });
    }
    for i in 0..asked.len() {
        if asked[i].chosen.is_none()
            && let Some(together) = asked[i].bot.together()
        {
            together(&mut asked, workers);
        }
    }
    Ok(asked
        .into_iter()
        .map(|a| a.chosen.filter(|c| a.legal.contains(c)))
        .collect())
}

/// Each bot in `jobs` chooses on `state`, in order; a panic is caught and reported.
fn choose_all<G: Game>(
    state: &G,
    jobs: &mut [&mut (Seat, Box<dyn Bot<G>>)],
) -> Result<Vec<(Seat, G::Action)>, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut out = Vec::new();
        for job in jobs.iter_mut() {
            let (seat, bot) = &mut **job;
            let legal = state.bot_actions(*seat);
            if legal.is_empty() {
                return Err(format!("seat {seat} has no legal action"));
            }
            let view = state.view(bot.viewer(*seat));
            out.push((*seat, bot.choose(*seat, &view, &legal)));
        }
        Ok(out)
    }))
    .unwrap_or_else(|panic| Err(failed(&*panic)))
}

/// The message for a computer player that panicked.
fn failed(panic: &(dyn std::any::Any + Send)) -> String {
    format!("a computer player failed: {}", reason(panic))
}

/// What a panic said, if it said it as text.
fn reason(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "it stopped".into()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use super::*;
    use crate::engine::{Actor, Options, ToMove};
    use crate::games::kokoro::Kokoro;

    /// A Kokoro state at its first card, every seat to choose.
    fn first_card(players: usize) -> Kokoro {
        let mut g = Kokoro::new(&Options::new(), players).expect("a table");
        while g.to_move() == ToMove::Chance {
            let a = g.chance_outcomes()[0].0;
            g.apply(Actor::Chance, &a).expect("chance");
        }
        g
    }

    fn question(state: &Kokoro, bots: Vec<Box<dyn Bot<Kokoro>>>) -> Question<Kokoro> {
        Question {
            jobs: bots.into_iter().enumerate().collect(),
            state: state.clone(),
            at: Stamp {
                epoch: 0,
                actions: 0,
            },
        }
    }

    /// Two bots that can choose only once both are choosing: each tells the other it has
    /// started and waits (a minute at most) to hear the same; one after another, the first
    /// waits in vain and gives up.
    struct Meet {
        tell: Sender<()>,
        hear: Receiver<()>,
        met: Arc<Mutex<Vec<bool>>>,
    }

    impl Bot<Kokoro> for Meet {
        fn choose(
            &mut self,
            _: Seat,
            _: &crate::games::kokoro::View,
            legal: &[crate::games::kokoro::Action],
        ) -> crate::games::kokoro::Action {
            let _ = self.tell.send(());
            let met = self.hear.recv_timeout(Duration::from_secs(60)).is_ok();
            self.met.lock().unwrap_or_else(|e| e.into_inner()).push(met);
            legal[0]
        }
    }

    #[test]
    fn the_bots_to_move_think_side_by_side() {
        let g = first_card(2);
        let (a_tells, b_hears) = channel();
        let (b_tells, a_hears) = channel();
        let met = Arc::new(Mutex::new(Vec::new()));
        let bots: Vec<Box<dyn Bot<Kokoro>>> = vec![
            Box::new(Meet {
                tell: a_tells,
                hear: a_hears,
                met: met.clone(),
            }),
            Box::new(Meet {
                tell: b_tells,
                hear: b_hears,
                met: met.clone(),
            }),
        ];
        let answer = question(&g, bots).answer_on(2);
        assert_eq!(answer.chosen.map(|c| c.len()), Ok(2));
        assert_eq!(
            *met.lock().unwrap_or_else(|e| e.into_inner()),
            vec![true, true]
        );
    }

    #[test]
    fn side_by_side_they_choose_what_they_would_one_after_another() {
        let g = first_card(7);
        let bots = || -> Vec<Box<dyn Bot<Kokoro>>> {
            (0..7)
                .map(|s| {
                    Box::new(crate::bots::kokoro::PlannerBot::normal(40 + s))
                        as Box<dyn Bot<Kokoro>>
                })
                .collect()
        };
        let alone = question(&g, bots()).answer_on(1);
        for workers in [2, 3, 7, 16] {
            let together = question(&g, bots()).answer_on(workers);
            assert_eq!(together.chosen, alone.chosen, "{workers} threads");
            let seats: Vec<Seat> = together.bots.iter().map(|(s, _)| *s).collect();
            assert_eq!(seats, (0..7).collect::<Vec<_>>());
        }
    }

    #[test]
    fn hard_players_asked_together_choose_what_they_would_alone() {
        // The card of round four at a table of four: the hard players search (their boxes of
        // the first rounds are the guard planner's), together on shared futures.
        let mut g = first_card(4);
        let mut planners: Vec<_> = (0..4)
            .map(|s| crate::bots::kokoro::PlannerBot::normal(60 + s))
            .collect();
        let mut r = crate::engine::rng::stream(9, 3);
        loop {
            match g.to_move() {
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = crate::engine::rng::weighted(&mut r, &w).expect("an outcome");
                    g.apply(Actor::Chance, &o[i].0).expect("chance");
                }
                ToMove::Seats(seats) => {
                    let v = g.view(crate::engine::Viewer::Seat(seats[0]));
                    if v.rounds_done >= 3 && seats.len() == 4 {
                        break;
                    }
                    let legal = g.legal_actions(seats[0]);
                    let a = planners[seats[0]].choose(seats[0], &v, &legal);
                    g.apply(Actor::Seat(seats[0]), &a).expect("legal");
                }
                ToMove::Over => panic!("the game ended first"),
            }
        }
        let bots = || -> Vec<Box<dyn Bot<Kokoro>>> {
            (0..4)
                .map(|s| {
                    Box::new(
                        crate::bots::search::kokoro::player(70 + s)
                            .with_budget(crate::bots::search::Budget::exact(24)),
                    ) as Box<dyn Bot<Kokoro>>
                })
                .collect()
        };
        let alone = question(&g, bots()).answer_alone_on(1);
        assert!(alone.chosen.is_ok());
        for workers in [1, 2] {
            let together = question(&g, bots()).answer_on(workers);
            assert_eq!(together.chosen, alone.chosen, "{workers} threads");
        }
    }
}

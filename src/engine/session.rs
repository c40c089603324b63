//! A match: one game's state together with its history, seed and players, able to turn itself
//! into a log and to rebuild itself from one.

use serde::Deserialize;
use serde_json::Value;

use super::game::{Actor, Game, Refusal, Seat, ToMove, Viewer};
use super::log::{By, Entry, LogError, LogFile, LogResult, PlayerEntry};
use super::options::{self, Options};
use super::rng;

/// One applied action.
#[derive(Clone, Debug, PartialEq)]
pub struct Step<A> {
    pub actor: Actor,
    pub action: A,
    pub ms: Option<u64>,
    /// What [`Game::undoable`] said on the state before the action (false for chance).
    pub undoable: bool,
    /// The person asked for a hint before this decision (see [`Match::hint_asked`]).
    pub hint: bool,
}

/// What a new game needs besides the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub options: Options,
    pub players: Vec<PlayerEntry>,
    pub seed: u64,
    /// RFC 3339 time the game began; supplied by the caller because the engine keeps no clock.
    pub started: String,
}

#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    pub options: Options,
    pub players: Vec<PlayerEntry>,
    pub seed: u64,
    pub started: String,
    pub initial: G,
    pub state: G,
    pub history: Vec<Step<G::Action>>,
    /// How many chance actions `history` holds: the stream index of the next draw.
    chance_draws: u64,
    /// Seats that asked for a hint since their last decision: their next one is marked.
    hinted: Vec<Seat>,
}

impl<G: Game> Match<G> {
    pub fn new(setup: Setup) -> Result<Self, String> {
        let n = setup.players.len();
        if n < G::MIN_PLAYERS || n > G::MAX_PLAYERS {
            return Err(format!(
                "{} takes {} to {} players, not {n}",
                G::NAME,
                G::MIN_PLAYERS,
                G::MAX_PLAYERS
            ));
        }
        let options = options::resolve(G::OPTIONS, &setup.options)?;
        let initial = G::new(&options, n)?;
        Ok(Match {
            options,
            players: setup.players,
            seed: setup.seed,
            started: setup.started,
            state: initial.clone(),
            initial,
            history: Vec::new(),
            chance_draws: 0,
            hinted: Vec::new(),
        })
    }

    pub fn to_move(&self) -> ToMove {
        self.state.to_move()
    }

    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// Applies an action after checking that `actor` is to move; the rules check the rest.
    pub fn apply(
        &mut self,
        actor: Actor,
        action: G::Action,
        ms: Option<u64>,
    ) -> Result<(), Refusal> {
        let to_move = self.state.to_move();
        let owes = match (&to_move, actor) {
            (ToMove::Chance, Actor::Chance) => true,
            (ToMove::Seats(seats), Actor::Seat(s)) => seats.contains(&s),
            _ => false,
        };
        if !owes {
            return Err(Refusal::NotToMove { actor, to_move });
        }
        if actor == Actor::Chance
            && !self
                .state
                .chance_outcomes()
                .iter()
                .any(|(a, w)| *w > 0 && *a == action)
        {
            return Err(Refusal::Impossible(format!("{action:?}")));
        }
        let undoable = match actor {
            Actor::Seat(s) => self.state.undoable(s, &action),
            Actor::Chance => false,
        };
        self.state.apply(actor, &action)?;
        if actor == Actor::Chance {
            self.chance_draws += 1;
        }
        let hint = match actor {
            Actor::Seat(s) => {
                let asked = self.hinted.contains(&s);
                self.hinted.retain(|&h| h != s);
                asked
            }
            Actor::Chance => false,
        };
        self.history.push(Step {
            actor,
            action,
            ms,
            undoable,
            hint,
        });
        Ok(())
    }

    /// `seat` asked for a hint (the hint key): its next decision is marked so in the history
    /// and the log, for the replay and the stats to show.
    pub fn hint_asked(&mut self, seat: Seat) {
        if !self.hinted.contains(&seat) {
            self.hinted.push(seat);
        }
    }

    /// Applies a step as it was recorded (a log's, or one taken back and played again), its
    /// hint mark included.
    pub fn apply_step(&mut self, step: Step<G::Action>) -> Result<(), Refusal> {
        if step.hint
            && let Actor::Seat(s) = step.actor
        {
            self.hint_asked(s);
        }
        self.apply(step.actor, step.action, step.ms)
    }

    /// The chance outcome the seed decides for the next chance draw, if chance is to move.
    pub fn sample_chance(&self) -> Option<G::Action> {
        if self.state.to_move() != ToMove::Chance {
            return None;
        }
        let mut outcomes = self.state.chance_outcomes();
        let mut r = rng::stream(self.seed, self.chance_draws);
        let i = rng::weighted_by(&mut r, &outcomes, |(_, w)| *w)?;
        Some(outcomes.swap_remove(i).0)
    }

    /// The seat of the last action and how many of its trailing actions it may take back now:
    /// its own undoable actions since the last chance outcome or another seat's action.
    pub fn undoable(&self) -> Option<(Seat, usize)> {
        let Some(Step {
            actor: Actor::Seat(seat),
            ..
        }) = self.history.last()
        else {
            return None;
        };
        let seat = *seat;
        let n = self
            .history
            .iter()
            .rev()
            .take_while(|step| step.actor == Actor::Seat(seat) && step.undoable)
            .count();
        (n > 0).then_some((seat, n))
    }

    /// Takes back the last `n` actions (which must all be seat actions) and rebuilds the state.
    pub fn undo(&mut self, n: usize) {
        let keep = self.history.len().saturating_sub(n);
        self.history.truncate(keep);
        self.state = self.state_at(keep);
        self.chance_draws = self
            .history
            .iter()
            .filter(|s| s.actor == Actor::Chance)
            .count() as u64;
        // A hint asked on a position taken back was for a decision no longer to be made.
        self.hinted.clear();
    }

    /// The state after the first `n` actions, rebuilt from the start.
    pub fn state_at(&self, n: usize) -> G {
        let mut s = self.initial.clone();
        for step in self.history.iter().take(n) {
            // These actions were applied once already, so they apply again.
            let _ = s.apply(step.actor, &step.action);
        }
        s
    }

    pub fn view(&self, viewer: Viewer) -> G::View {
        self.state.view(viewer)
    }

    pub fn player_name(&self, seat: Seat) -> &str {
        self.players
            .get(seat)
            .map(|p| p.name.as_str())
            .unwrap_or("?")
    }

    pub fn to_log(&self) -> LogFile {
        LogFile {
            format: super::log::FORMAT.into(),
            version: super::log::VERSION,
            app: env!("CARGO_PKG_VERSION").into(),
            game: G::ID.into(),
            rules_version: G::RULES_VERSION,
            options: self.options.clone(),
            players: self.players.clone(),
            seed: self.seed.to_string(),
            started: self.started.clone(),
            actions: self
                .history
                .iter()
                .map(|s| Entry {
                    by: match s.actor {
                        Actor::Chance => By::Chance,
                        Actor::Seat(n) => By::Seat(n),
                    },
                    a: Entry::action_text(&s.action),
                    ms: s.ms,
                    hint: s.hint,
                })
                .collect(),
            result: self.state.outcome().map(|o| LogResult {
                scores: o.scores,
                winners: o.winners,
            }),
        }
    }

    /// Rebuilds a match from a parsed log, re-simulating and checking every action.
    pub fn from_log(log: &LogFile) -> Result<Self, LogError> {
        if log.game != G::ID {
            return Err(LogError::header(format!(
                "log is for '{}', not '{}'",
                log.game,
                G::ID
            )));
        }
        let mut actions = log.actions.clone();
        if log.rules_version > G::RULES_VERSION {
            return Err(LogError::header(format!(
                "rules version {} of {} is newer than the one this hotseat plays ({}); update hotseat",
                log.rules_version,
                G::ID,
                G::RULES_VERSION
            )));
        }
        if log.rules_version < G::RULES_VERSION {
            G::migrate(log.rules_version, &mut actions).map_err(|e| {
                LogError::header(format!(
                    "rules version {} of {} is not the one this hotseat plays ({}): {e}",
                    log.rules_version,
                    G::ID,
                    G::RULES_VERSION
                ))
            })?;
        }
        let seed = super::log::parse_seed(&log.seed).ok_or_else(|| {
            LogError::header(format!(
                "seed '{}' is not a whole number as hotseat writes it",
                log.seed
            ))
        })?;
        for (i, p) in log.players.iter().enumerate() {
            if p.is_bot() {
                let ok = p
                    .seed
                    .as_deref()
                    .map(|s| super::log::parse_seed(s).is_some())
                    .unwrap_or(false);
                if !ok || p.bot.is_none() {
                    return Err(LogError::header(format!(
                        "player {i}: a bot needs a kind and a numeric seed"
                    )));
                }
            }
        }
        let setup = Setup {
            options: log.options.clone(),
            players: log.players.clone(),
            seed,
            started: log.started.clone(),
        };
        let mut m =
            Match::<G>::new(setup).map_err(|e| LogError::header(format!("bad setup: {e}")))?;
        for (i, entry) in actions.iter().enumerate() {
            let actor = match entry.by {
                By::Chance if entry.ms.is_some() => {
                    return Err(LogError::at(i, "a chance outcome with a thinking time"));
                }
                By::Chance if entry.hint => {
                    return Err(LogError::at(i, "a chance outcome with a hint"));
                }
                By::Chance => Actor::Chance,
                By::Seat(n) if n < m.players.len() => Actor::Seat(n),
                By::Seat(n) => return Err(LogError::at(i, format!("seat {n} does not exist"))),
            };
            // One action's value at a time, bounded by the log's walk (at most
            // `log_scan::MAX_ACTION_VALUES` values).
            let a = entry
                .action_value()
                .map_err(|e| LogError::at(i, format!("not a {} action: {e}", G::ID)))?;
            let action = G::Action::deserialize(&a)
                .map_err(|e| LogError::at(i, format!("not a {} action: {e}", G::ID)))?;
            // serde skips fields an action does not have; hotseat writes every action in one
            // form, so anything else (an extra field, a changed spelling) was not written by it.
            let written = serde_json::to_value(&action).unwrap_or(Value::Null);
            if written != a {
                return Err(LogError::at(
                    i,
                    format!(
                        "not a {} action as hotseat writes it: {}",
                        G::ID,
                        difference(&a, &written)
                    ),
                ));
            }
            // Every chance outcome comes from the seed: one that is possible but not the
            // seed's draw was changed after the game was dealt (or the seed was).
            if actor == Actor::Chance
                && let Some(drawn) = m.sample_chance()
                && drawn != action
                && m.state.chance_outcomes().iter().any(|(a, _)| *a == action)
            {
                return Err(LogError::at(
                    i,
                    format!(
                        "chance outcome {action:?} is not the seed's draw ({drawn:?}): the log \
                         or its seed was changed"
                    ),
                ));
            }
            if entry.hint
                && let Actor::Seat(s) = actor
            {
                m.hint_asked(s);
            }
            // `apply` checks whose turn it is; only the wording of its refusals is the log's.
            m.apply(actor, action, entry.ms)
                .map_err(|e| match (e, actor) {
                    (
                        Refusal::NotToMove {
                            to_move: ToMove::Over,
                            ..
                        },
                        _,
                    ) => LogError::at(i, "action after the end of the game"),
                    (Refusal::Rule(e), Actor::Seat(s)) => {
                        LogError::at(i, format!("illegal action by seat {s}: {e}"))
                    }
                    (e, _) => LogError::at(i, e.to_string()),
                })?;
        }
        let end = actions.len();
        match (&log.result, m.state.outcome()) {
            (Some(r), Some(o)) if r.scores != o.scores => {
                return Err(LogError::at(
                    end,
                    format!(
                        "recorded result {:?} differs from the re-simulated {:?}",
                        r.scores, o.scores
                    ),
                ));
            }
            (Some(r), Some(o)) if r.winners != o.winners => {
                return Err(LogError::at(
                    end,
                    format!(
                        "recorded winners {:?} differ from the re-simulated {:?}",
                        r.winners, o.winners
                    ),
                ));
            }
            (Some(_), None) => {
                return Err(LogError::at(
                    end,
                    "a result is recorded but the game is not over",
                ));
            }
            (None, Some(_)) => {
                return Err(LogError::at(
                    end,
                    "the game is over but the log's result is missing",
                ));
            }
            _ => {}
        }
        Ok(m)
    }
}

/// Where a written action first differs from the form hotseat writes, in a few words.
fn difference(written: &Value, canonical: &Value) -> String {
    match (written, canonical) {
        (Value::Object(w), Value::Object(c)) => {
            if let Some(k) = w.keys().find(|k| !c.contains_key(*k)) {
                return format!("unknown field '{k}'");
            }
            if let Some(k) = c.keys().find(|k| !w.contains_key(*k)) {
                return format!("field '{k}' is missing");
            }
            w.iter()
                .find(|(k, v)| c.get(*k) != Some(*v))
                .map(|(k, v)| match c.get(k) {
                    Some(cv) => format!("in '{k}': {}", difference(v, cv)),
                    None => format!("unknown field '{k}'"),
                })
                .unwrap_or_else(|| "it differs".into())
        }
        (Value::Array(w), Value::Array(c)) if w.len() == c.len() => w
            .iter()
            .zip(c)
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("at [{i}]: {}", difference(a, b)))
            .unwrap_or_else(|| "it differs".into()),
        _ => format!(
            "{} where hotseat writes {}",
            crate::text::clip(&written.to_string(), 60),
            crate::text::clip(&canonical.to_string(), 60)
        ),
    }
}

//! The event lines, as each viewer may read them. Public lines never say who attacked, who
//! bit, who prayed, or which game (Monster or Vampire) is being played.

use crate::engine::{Actor, Game, Viewer};

use super::cards::{self, Body, Face, family_letter, label, owner};
use super::{Action, Ending, Reason, Rocca, Side, Stage, Step};

/// A villager with its public face, e.g. `B2 (Police)`.
fn named(state: &Rocca, v: u8) -> String {
    match state.face(v) {
        Some(f) if f != Face::Plain => format!("{} ({})", label(v), f.name()),
        _ => label(v),
    }
}

fn article(body: Body) -> &'static str {
    match body {
        Body::Plain => "a plain villager",
        Body::Monster => "the MONSTER",
        Body::Vampire => "the VAMPIRE",
        Body::Healer => "the Healer",
    }
}

/// The end in one sentence, for the end panel.
pub fn ending_note(e: &Ending, day: u32, villagers: usize) -> String {
    let who = e.killer.name();
    let at = label(e.killer_at);
    match e.reason {
        Reason::Executed { .. } => format!("the {who} ({at}) was executed on day {day}"),
        Reason::Attacked { .. } => format!("the {who} ({at}) attacked itself and died"),
        Reason::MovedOnto { .. } => {
            format!("the Mayor moved the die onto the {who} ({at}), and it died")
        }
        Reason::Deaths { dead } => {
            format!("{dead} of {villagers} villagers dead: the {who} ({at}) wins")
        }
        Reason::AllClan => format!("every living family is of the Vampire's ({at}) clan"),
    }
}

fn ending_line(e: &Ending) -> &'static str {
    match (e.winner, e.killer) {
        (Side::Village, _) => " The villagers win!",
        (Side::Killer, Body::Vampire) => " The Vampire's clan wins!",
        (Side::Killer, _) => " The Monster wins!",
    }
}

impl Rocca {
    pub(super) fn describe_action(&self, actor: Actor, action: Action, viewer: Viewer) -> String {
        let after = {
            let mut s = self.clone();
            let _ = s.apply(actor, &action);
            s
        };
        let mut line = match actor {
            Actor::Seat(seat) => self.describe_choice(seat, action, viewer),
            Actor::Chance => self.describe_chance(action, viewer, &after),
        };
        if let (Some(e), None) = (after.ending, self.ending) {
            line.push_str(ending_line(&e));
        }
        // A bitten family learns it on its first private turn after the bite.
        if let Viewer::Seat(s) = viewer
            && after.told.get(s) == Some(&true)
            && self.told.get(s) != Some(&true)
            && after.ending.is_none()
        {
            line.push_str(
                " You wake with two small marks: your family is now of the Vampire's clan.",
            );
        }
        line
    }

    fn describe_choice(&self, seat: usize, action: Action, viewer: Viewer) -> String {
        let sees = viewer == Viewer::Omniscient || viewer == Viewer::Seat(seat);
        match self.stage {
            Stage::Midnight | Stage::Evening if !sees => {
                if self.stage == Stage::Midnight {
                    "takes a night turn".into()
                } else {
                    "takes an evening turn".into()
                }
            }
            Stage::Midnight | Stage::Evening => {
                let step = self
                    .choices
                    .get(seat)
                    .and_then(|c| self.steps.get(c.len()))
                    .copied();
                match (action, step) {
                    (Action::Attack { v }, _) => format!("attacks {} (secret)", named(self, v)),
                    (Action::Bite { seat: b }, _) => {
                        format!("bites family {} (secret)", family_letter(usize::from(b)))
                    }
                    (Action::Revive { v }, _) => {
                        format!("puts the die on {}'s grave (secret)", label(v))
                    }
                    (_, Some(Step::Bite)) => "bites nobody (secret)".into(),
                    (_, Some(Step::Revive)) => "sleeps".into(),
                    _ => "sleeps".into(),
                }
            }
            Stage::Mayor => {
                let from = self.victim.map(label).unwrap_or_default();
                match action {
                    Action::Redirect { v } => {
                        format!("the Mayor moves the die from {from} to {}", named(self, v))
                    }
                    _ => format!("the Mayor leaves the die on {from}"),
                }
            }
            Stage::Vote => match (action, self.votes.get(seat).copied().flatten()) {
                (Action::Vote { v }, None) => format!("votes for {}", named(self, v)),
                (Action::Vote { v }, Some(_)) => format!("moves the vote to {}", named(self, v)),
                (_, Some(v)) => format!("confirms the vote for {}", label(v)),
                _ => format!("{action:?}"),
            },
            _ => format!("{action:?}"),
        }
    }

    fn death_count(after: &Rocca) -> String {
        format!(" {}/{} dead.", after.dead(), after.villagers.len())
    }

    fn describe_chance(&self, action: Action, viewer: Viewer, after: &Rocca) -> String {
        match action {
            Action::Face { v, face } => format!("{} wears the {} face", label(v), face.name()),
            Action::Deal { v, body } => {
                let mine = viewer == Viewer::Seat(owner(v));
                match (viewer, body) {
                    (Viewer::Omniscient, _) => format!("{} is dealt the {}", label(v), body.name()),
                    (_, _) if mine => format!("your villager {} is the {}", label(v), body.name()),
                    (_, Body::Healer) => String::new(),
                    _ => "the body cards are dealt in secret".into(),
                }
            }
            Action::Dawn => match after.victim {
                Some(v) => {
                    let mut s = format!(
                        "Morning of day {}: the die lies on {}",
                        self.day,
                        named(self, v)
                    );
                    if after.stage == Stage::Mayor {
                        s.push_str("; the Mayor may move it");
                    }
                    s
                }
                None => format!("Morning of day {}", self.day),
            },
            Action::Roll { n } if self.stage == Stage::AttackRoll => {
                let Some(v) = self.victim else {
                    return format!("the die shows {n}");
                };
                let need = self.survive_from(v);
                if n >= need {
                    format!("{} rolls {n}: survives (needed {need}-6)", named(self, v))
                } else {
                    let body = self.body(v).unwrap_or(Body::Plain);
                    format!(
                        "{} rolls {n} and dies (needed {need}-6): the grave shows {}.{}",
                        named(self, v),
                        article(body),
                        if after.ending.is_some() {
                            String::new()
                        } else {
                            Self::death_count(after)
                        }
                    )
                }
            }
            Action::Roll { n } => {
                let Some(v) = self.victim else {
                    return format!("the die shows {n}");
                };
                if n >= cards::REVIVE_FROM {
                    format!(
                        "{}'s grave rolls {n}: a miracle, {} lives again",
                        label(v),
                        label(v)
                    )
                } else {
                    format!(
                        "{}'s grave rolls {n}: no miracle (needed {}-6)",
                        label(v),
                        cards::REVIVE_FROM
                    )
                }
            }
            Action::Tally => self.describe_tally(after),
            Action::Lot { v } => {
                let body = self.body(v).unwrap_or(Body::Plain);
                format!(
                    "the lot falls on {}: executed, the grave shows {}.{}",
                    named(self, v),
                    article(body),
                    if after.ending.is_some() {
                        String::new()
                    } else {
                        Self::death_count(after)
                    }
                )
            }
            Action::PrayerEnds => match after.victim {
                Some(v) if after.stage == Stage::ReviveRoll => {
                    format!("Evening: the die lies on {}'s grave", label(v))
                }
                _ => "Evening: no die lies on any grave".into(),
            },
            _ => format!("{action:?}"),
        }
    }

    fn describe_tally(&self, after: &Rocca) -> String {
        let counts = self.vote_counts();
        let mut parts: Vec<(u8, u8)> = (0..self.villager_count())
            .filter_map(|v| {
                let c = counts.get(usize::from(v)).copied().unwrap_or(0);
                (c > 0).then_some((v, c))
            })
            .collect();
        parts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let list: Vec<String> = parts
            .iter()
            .map(|(v, c)| format!("{} x{c}", label(*v)))
            .collect();
        let head = format!("Ballot {}: {}", self.ballot, list.join(", "));
        match after.today.last() {
            Some(super::Report::Executed { v, .. }) => {
                let body = self.body(*v).unwrap_or(Body::Plain);
                format!(
                    "{head}. {} is executed: the grave shows {}.{}",
                    named(self, *v),
                    article(body),
                    if after.ending.is_some() {
                        String::new()
                    } else {
                        Self::death_count(after)
                    }
                )
            }
            Some(super::Report::Tie { tied, .. }) => {
                let names: Vec<String> = tied.iter().map(|&v| label(v)).collect();
                if after.stage == Stage::Lot {
                    format!(
                        "{head}. Tied again ({}): the lot will decide",
                        names.join(", ")
                    )
                } else {
                    format!(
                        "{head}. Tie ({}): ballot {} among them",
                        names.join(", "),
                        after.ballot
                    )
                }
            }
            _ => head,
        }
    }
}

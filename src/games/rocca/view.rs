//! What one viewer may know. A seat's view holds its own family's bodies, its own choices of the
//! current private turn and its own clan news; never another seat's secret.

use crate::engine::{Seat, Viewer};

use super::cards::{Body, Face};
use super::{Action, Ending, Report, Rules, Stage, Step};

/// One villager as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VillagerView {
    pub face: Face,
    pub alive: bool,
    /// Has died at least once: the grave showed the body, so it is public from then on.
    pub once_dead: bool,
    /// The body, if the viewer may know it (own family, a grave, the end of the game).
    pub body: Option<Body>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub rules: Rules,
    /// Seat * 3 + place.
    pub villagers: Vec<VillagerView>,
    pub stage: Stage,
    /// The cycle: night, morning, day and evening of day `day`.
    pub day: u32,
    /// Villagers dead now.
    pub dead: usize,
    /// Deaths that win for the Monster (or the Vampire).
    pub deaths_to_win: usize,
    /// Deaths that wake the Healer's power (healer rule only).
    pub deaths_to_heal: usize,
    pub healer_power: bool,
    /// The Healer lives: the evening still comes once the power is gained.
    pub healer_alive: bool,
    /// The Mayor's one redirection is spent.
    pub mayor_used: bool,
    /// The steps every seat takes in this private turn (midnight or evening), in order.
    pub steps: Vec<Step>,
    /// Steps each seat has taken in this private turn (public: everyone takes the same).
    pub done: Vec<usize>,
    /// The viewer's own choices this private turn (every seat's for omniscient).
    pub my_choices: Vec<Vec<Action>>,
    /// Families the Vampire may bite tonight (public: whose villager survived or was revived).
    pub bite_from: Vec<Seat>,
    /// The villager the die lies on this morning.
    pub victim: Option<u8>,
    /// Each seat's vote card (public), `None` before it is placed or for a seat that cannot vote.
    pub votes: Vec<Option<u8>>,
    pub confirmed: Vec<bool>,
    /// Seats with a living villager: they vote.
    pub voters: Vec<bool>,
    /// Ballot 1 to 3 of today.
    pub ballot: u8,
    /// A re-vote among these tied villagers; empty for a free vote.
    pub candidates: Vec<u8>,
    /// What happened since this night began, in order, for the screen's explanations.
    pub today: Vec<Report>,
    /// The viewer's own role news: `Some(true)` once told it joined the Vampire's clan.
    pub in_clan: bool,
    /// For the Vampire's player (and omniscient): the families it has bitten.
    pub clan: Vec<Seat>,
    pub ending: Option<Ending>,
}

impl View {
    pub fn villager(&self, v: u8) -> Option<&VillagerView> {
        self.villagers.get(usize::from(v))
    }

    /// Seats whose steps are still owed this private turn.
    pub fn owes(&self, seat: Seat) -> bool {
        self.done.get(seat).is_some_and(|&d| d < self.steps.len())
    }

    /// The step `seat` takes next in this private turn.
    pub fn next_step(&self, seat: Seat) -> Option<Step> {
        self.done
            .get(seat)
            .and_then(|&d| self.steps.get(d))
            .copied()
    }

    /// Votes on each villager.
    pub fn tally(&self) -> Vec<u8> {
        let mut t = vec![0u8; self.villagers.len()];
        for v in self.votes.iter().flatten() {
            if let Some(c) = t.get_mut(usize::from(*v)) {
                *c += 1;
            }
        }
        t
    }

    /// Whether `v` may receive a vote in this ballot.
    pub fn votable(&self, v: u8) -> bool {
        self.villager(v).is_some_and(|x| x.alive)
            && (self.candidates.is_empty() || self.candidates.contains(&v))
    }

    pub fn over(&self) -> bool {
        self.ending.is_some()
    }
}

impl super::Rocca {
    pub(super) fn make_view(&self, viewer: Viewer) -> View {
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            _ => None,
        };
        let all = viewer == Viewer::Omniscient || self.ending.is_some();
        let villagers = self
            .villagers
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let mine = me == Some(super::owner(i as u8));
                VillagerView {
                    face: x.face,
                    alive: x.alive,
                    once_dead: x.once_dead,
                    body: (all || mine || x.once_dead).then_some(x.body),
                }
            })
            .collect();
        let my_choices = (0..self.players)
            .map(|s| {
                if viewer == Viewer::Omniscient || me == Some(s) {
                    self.choices[s].clone()
                } else {
                    Vec::new()
                }
            })
            .collect();
        let is_vampire =
            |s: Seat| self.killer_seat() == Some(s) && self.killer_body() == super::Body::Vampire;
        let sees_clan = all || me.is_some_and(is_vampire);
        let clan = if sees_clan {
            (0..self.players).filter(|&s| self.in_clan(s)).collect()
        } else {
            Vec::new()
        };
        View {
            viewer,
            players: self.players,
            rules: self.rules,
            villagers,
            stage: self.stage,
            day: self.day,
            dead: self.dead(),
            deaths_to_win: super::cards::deaths_to_win(self.players),
            deaths_to_heal: super::cards::deaths_to_heal(self.players),
            healer_power: self.healer_power,
            healer_alive: self.rules.healer && self.healer_alive(),
            mayor_used: self.mayor_used,
            steps: self.steps.clone(),
            done: self.choices.iter().map(Vec::len).collect(),
            my_choices,
            bite_from: if self.rules.vampire {
                self.bite_seats()
            } else {
                Vec::new()
            },
            victim: self.victim,
            votes: self.votes.clone(),
            confirmed: self.confirmed.clone(),
            voters: (0..self.players).map(|s| self.is_voter(s)).collect(),
            ballot: self.ballot,
            candidates: self.candidates.clone(),
            today: self.today.clone(),
            in_clan: me.is_some_and(|s| self.told.get(s).copied().unwrap_or(false))
                || (self.ending.is_some() && me.is_some_and(|s| self.in_clan(s))),
            clan,
            ending: self.ending,
        }
    }
}

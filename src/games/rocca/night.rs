//! Midnight, morning and evening: the private turns every seat takes alike, the attack and its
//! roll, the Mayor's redirection, the Healer's prayer and the Vampire's bite.

use crate::engine::{Illegal, Seat};
use crate::illegal;

use super::cards::{self, Body, owner};
use super::{Action, Report, Rocca, Stage, Step};

impl Rocca {
    /// Night falls: every seat owes the same steps. Bitten families learn it now, on their
    /// first private turn after the bite.
    pub(super) fn begin_midnight(&mut self) {
        self.stage = Stage::Midnight;
        self.victim = None;
        self.steps = Vec::new();
        // The bite step is there whenever a survivor or a revived villager could be bitten,
        // for every seat and in Monster games too, so nobody learns which game it is.
        if self.rules.vampire && !self.bite_seats().is_empty() {
            self.steps.push(Step::Bite);
        }
        self.steps.push(Step::Attack);
        self.start_private_turn();
    }

    fn start_private_turn(&mut self) {
        for c in &mut self.choices {
            c.clear();
        }
        for s in 0..self.players {
            if self.clan[s] {
                self.told[s] = true;
            }
        }
    }

    /// The evening comes after the day while the Healer lives and has its power.
    fn begin_evening(&mut self) {
        self.stage = Stage::Evening;
        self.steps = vec![Step::Revive];
        self.start_private_turn();
    }

    /// After the day's execution: the evening, or the next night.
    pub(super) fn after_day(&mut self) {
        if self.ending.is_some() {
            return;
        }
        if self.healer_power && self.healer_alive() {
            self.begin_evening();
        } else {
            self.day += 1;
            self.begin_midnight();
        }
    }

    /// Families that may be bitten tonight: owners of living villagers that survived an attack
    /// or were revived since the last midnight.
    pub fn bite_seats(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self
            .bite_targets
            .iter()
            .filter(|&&v| self.is_alive(v))
            .map(|&v| owner(v))
            .collect();
        seats.sort_unstable();
        seats.dedup();
        seats
    }

    /// The current step of `seat`'s private turn.
    fn step_of(&self, seat: Seat) -> Option<Step> {
        self.choices
            .get(seat)
            .and_then(|c| self.steps.get(c.len()))
            .copied()
    }

    pub(super) fn private_options(&self, seat: Seat) -> Vec<Action> {
        let Some(step) = self.step_of(seat) else {
            return Vec::new();
        };
        self.options_for(seat, step)
    }

    /// What `seat` may choose at `step`, given its role (used by `vary_hidden` too).
    pub(super) fn options_for(&self, seat: Seat, step: Step) -> Vec<Action> {
        let is_killer = self.killer_seat() == Some(seat);
        match step {
            Step::Attack if is_killer => self.living().map(|v| Action::Attack { v }).collect(),
            Step::Bite if is_killer && self.killer_body() == Body::Vampire => {
                let mut out: Vec<Action> = self
                    .bite_seats()
                    .into_iter()
                    .map(|s| Action::Bite { seat: s as u8 })
                    .collect();
                out.push(Action::Sleep);
                out
            }
            Step::Revive if self.healer_at().is_some_and(|h| owner(h) == seat) => {
                let mut out: Vec<Action> = self.graves().map(|v| Action::Revive { v }).collect();
                out.push(Action::Sleep);
                out
            }
            _ => vec![Action::Sleep],
        }
    }

    pub(super) fn private_choice(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        if !self.private_options(seat).contains(&action) {
            return match action {
                Action::Attack { .. } | Action::Bite { .. } | Action::Revive { .. } => {
                    illegal!("{action:?} is not open to seat {seat} now")
                }
                Action::Sleep => illegal!("seat {seat} must choose, not sleep"),
                _ => illegal!("{action:?} is not a private-turn choice"),
            };
        }
        if let Some(c) = self.choices.get_mut(seat) {
            c.push(action);
        }
        let all_done = self.choices.iter().all(|c| c.len() >= self.steps.len());
        if all_done {
            self.stage = match self.stage {
                Stage::Midnight => Stage::Dawn,
                _ => Stage::PrayerEnds,
            };
        }
        Ok(())
    }

    /// Midnight ends: the bite takes effect in secret and the die is found on the victim.
    pub(super) fn dawn(&mut self) {
        let mut target = None;
        for seat in 0..self.players {
            for &a in &self.choices[seat] {
                match a {
                    Action::Attack { v } => target = Some(v),
                    Action::Bite { seat: bitten } => {
                        let b = usize::from(bitten);
                        if self.killer_seat() != Some(b)
                            && let Some(c) = self.clan.get_mut(b)
                        {
                            *c = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        self.bite_targets.clear();
        for c in &mut self.choices {
            c.clear();
        }
        self.steps.clear();
        self.check_killer_win();
        if self.ending.is_some() {
            return;
        }
        let Some(v) = target else {
            // Unreachable: the killer always attacks. Go on to the day rather than stall.
            self.begin_day();
            return;
        };
        self.victim = Some(v);
        // The reports run from one dawn to the next, so the night still shows yesterday's.
        self.today.clear();
        self.today.push(Report::Found { v });
        let mayor_family = self.mayor_active().map(owner);
        self.stage = if mayor_family == Some(owner(v)) && !self.mayor_options().is_empty() {
            Stage::Mayor
        } else {
            Stage::AttackRoll
        };
    }

    /// The Mayor's player: move the die to a living villager of another family, or keep it.
    pub(super) fn mayor_options(&self) -> Vec<Action> {
        let Some(m) = self.mayor_active() else {
            return Vec::new();
        };
        let mut out: Vec<Action> = self
            .living()
            .filter(|&v| owner(v) != owner(m))
            .map(|v| Action::Redirect { v })
            .collect();
        out.push(Action::Keep);
        out
    }

    pub(super) fn mayor_choice(&mut self, _seat: Seat, action: Action) -> Result<(), Illegal> {
        if !self.mayor_options().contains(&action) {
            return illegal!("the Mayor cannot {action:?}");
        }
        let from = self.victim.unwrap_or(0);
        match action {
            Action::Redirect { v } => {
                self.mayor_used = true;
                self.victim = Some(v);
                self.today.push(Report::Moved { from, to: v });
            }
            _ => self.today.push(Report::Kept { v: from }),
        }
        self.stage = Stage::AttackRoll;
        Ok(())
    }

    /// The victim rolls: survival needs the table's number or more.
    pub(super) fn attack_roll(&mut self, roll: u8) {
        let Some(v) = self.victim else {
            self.begin_day();
            return;
        };
        let need = self.survive_from(v);
        let survived = roll >= need;
        self.today.push(Report::Attack {
            v,
            roll,
            need,
            survived,
        });
        if survived {
            self.bite_targets.push(v);
        } else {
            // The die the Mayor moved is still the attack, but the end tells who put it there.
            let moved = self
                .today
                .iter()
                .any(|r| matches!(r, Report::Moved { to, .. } if *to == v));
            let reason = if moved {
                super::Reason::MovedOnto { v }
            } else {
                super::Reason::Attacked { v }
            };
            self.kill(v, reason);
        }
        if self.ending.is_none() {
            self.begin_day();
        }
    }

    /// The prayer ends: the table sees the die on a grave, or nowhere.
    pub(super) fn prayer_ends(&mut self) {
        let grave = self.choices.iter().flatten().find_map(|a| match a {
            Action::Revive { v } => Some(*v),
            _ => None,
        });
        for c in &mut self.choices {
            c.clear();
        }
        self.steps.clear();
        self.today.push(Report::Prayer { v: grave });
        match grave {
            Some(v) => {
                self.victim = Some(v);
                self.stage = Stage::ReviveRoll;
            }
            None => {
                self.day += 1;
                self.begin_midnight();
            }
        }
    }

    pub(super) fn revive_roll(&mut self, roll: u8) {
        let Some(v) = self.victim.take() else {
            self.day += 1;
            self.begin_midnight();
            return;
        };
        let revived = roll >= cards::REVIVE_FROM;
        self.today.push(Report::Revival { v, roll, revived });
        if revived {
            if let Some(x) = self.villagers.get_mut(usize::from(v)) {
                x.alive = true;
            }
            self.bite_targets.push(v);
            self.check_killer_win();
        }
        if self.ending.is_none() {
            self.day += 1;
            self.begin_midnight();
        }
    }
}

//! Rocca Monster: a hidden Monster among the villagers of every family attacks at midnight; each
//! morning the die decides whether its victim lives; each day the table votes someone to the
//! gallows. The Monster wins once more than half of the village is dead; the others win the
//! moment the Monster's own villager dies. The program is the game master.

pub mod cards;
mod day;
mod describe;
mod night;
mod rebuild;
pub use rebuild::vote_changes;
mod secrets;
pub mod talk;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::engine::options::{self, OptionSpec, Options};
use crate::engine::{Actor, Game, Illegal, Outcome, Seat, ToMove, Viewer};
use crate::illegal;

pub use cards::{Body, FAMILY, Face, family_letter, label, owner};
pub use view::{View, VillagerView};

/// A player's choice or a chance outcome. Villagers are numbered seat * 3 + place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum Action {
    /// Midnight, the Monster's (or Vampire's) player: put the die on this living villager.
    Attack { v: u8 },
    /// Midnight, the Vampire's player: this family joins the clan.
    Bite { seat: u8 },
    /// Evening, the Healer's player: put the die on this grave.
    Revive { v: u8 },
    /// A private step with nothing to do (or declining to bite or to revive).
    Sleep,
    /// Morning, the Mayor's player: move the die onto this villager outside the family.
    Redirect { v: u8 },
    /// Morning, the Mayor's player: leave the die where it lies.
    Keep,
    /// Day: place (or move) one's vote card on this living villager.
    Vote { v: u8 },
    /// Day: one's vote stands.
    Confirm,
    /// Chance at setup: a special face card lands on this villager.
    Face { v: u8, face: Face },
    /// Chance at setup: a special body card is dealt to this villager.
    Deal { v: u8, body: Body },
    /// Chance: midnight is over and the die is found on its victim.
    Dawn,
    /// Chance: the die, for an attacked villager or a revival.
    Roll { n: u8 },
    /// Chance: the votes are counted.
    Tally,
    /// Chance: after the last tied ballot the lot picks who is executed.
    Lot { v: u8 },
    /// Chance: the prayer ends and the table sees where the die lies, if anywhere.
    PrayerEnds,
}

/// The optional rules in play (public).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    pub mayor: bool,
    pub police: bool,
    pub healer: bool,
    pub vampire: bool,
}

/// Where the cycle stands (public).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Chance places the special faces and deals the special bodies.
    Setup,
    /// Every seat takes its private midnight turn.
    Midnight,
    /// Chance: the die is found.
    Dawn,
    /// The Mayor's player may move the die.
    Mayor,
    /// Chance: the attacked villager rolls.
    AttackRoll,
    /// The table votes in seat order.
    Vote,
    /// Chance: the votes are counted.
    Tally,
    /// Chance: the lot after the third tie.
    Lot,
    /// Every seat takes its private evening turn (the Healer prays).
    Evening,
    /// Chance: the prayer ends.
    PrayerEnds,
    /// Chance: the grave rolls for a miracle.
    ReviveRoll,
    Over,
}

/// One step of a private turn; every seat takes the same steps, whatever its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The Vampire may bite a family whose villager survived or was revived.
    Bite,
    /// The Monster attacks.
    Attack,
    /// The Healer may put the die on a grave.
    Revive,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Every seat but the Monster's (or the Vampire's and its clan).
    Village,
    /// The Monster's player, or the Vampire's with its clan.
    Killer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The killer's own villager was executed.
    Executed { v: u8 },
    /// The killer's own villager died of an attack (the Monster attacked itself).
    Attacked { v: u8 },
    /// The killer's own villager died of the die the Mayor moved onto it.
    MovedOnto { v: u8 },
    /// More than half of the village lies in graves.
    Deaths { dead: usize },
    /// Every living villager belongs to the Vampire's clan.
    AllClan,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Side,
    pub reason: Reason,
    /// The killer's card and villager, revealed at the end.
    pub killer: Body,
    pub killer_at: u8,
}

/// Something the table saw happen, kept for the screen's explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The die was found on `v` at dawn.
    Found { v: u8 },
    /// The Mayor moved the die.
    Moved { from: u8, to: u8 },
    /// The Mayor could have moved the die but left it.
    Kept { v: u8 },
    /// An attacked villager rolled `roll`, needing `need` or more.
    Attack {
        v: u8,
        roll: u8,
        need: u8,
        survived: bool,
    },
    /// A ballot ended in a tie among `tied` (each with `votes`).
    Tie {
        ballot: u8,
        tied: Vec<u8>,
        votes: u8,
    },
    /// `v` was executed with `votes` votes, or by lot after the last tie.
    Executed { v: u8, votes: u8, by_lot: bool },
    /// The die was put on a grave, or not (`None`).
    Prayer { v: Option<u8> },
    /// The grave rolled `roll`, needing `REVIVE_FROM` or more.
    Revival { v: u8, roll: u8, revived: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Villager {
    body: Body,
    face: Face,
    alive: bool,
    once_dead: bool,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq)]
pub struct Rocca {
    players: usize,
    rules: Rules,
    villagers: Vec<Villager>,
    stage: Stage,
    day: u32,
    mayor_used: bool,
    healer_power: bool,
    /// Families bitten by the Vampire (its own is not counted).
    clan: Vec<bool>,
    /// Bitten families that have been told, at their first private turn after the bite.
    told: Vec<bool>,
    /// This private turn's steps and each seat's choices so far (secret).
    steps: Vec<Step>,
    choices: Vec<Vec<Action>>,
    /// Villagers that survived an attack or were revived since the last midnight.
    bite_targets: Vec<u8>,
    victim: Option<u8>,
    votes: Vec<Option<u8>>,
    confirmed: Vec<bool>,
    /// How often each voter moved its card this ballot (only computer players are limited).
    changes: Vec<u8>,
    ballot: u8,
    candidates: Vec<u8>,
    today: Vec<Report>,
    ending: Option<Ending>,
}

/// What chance decides next at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetupStep {
    Face(Face),
    Killer,
    Healer,
}

const ON_OFF: &[&str] = &["off", "on"];

impl Rocca {
    pub fn players(&self) -> usize {
        self.players
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn stage(&self) -> Stage {
        self.stage
    }
    pub fn day(&self) -> u32 {
        self.day
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    pub fn victim(&self) -> Option<u8> {
        self.victim
    }
    pub fn body(&self, v: u8) -> Option<Body> {
        self.villager(v).map(|x| x.body)
    }
    pub fn face(&self, v: u8) -> Option<Face> {
        self.villager(v).map(|x| x.face)
    }
    #[inline]
    pub fn is_alive(&self, v: u8) -> bool {
        self.villager(v).is_some_and(|x| x.alive)
    }
    pub fn in_clan(&self, seat: Seat) -> bool {
        self.clan.get(seat).copied().unwrap_or(false)
    }
    pub fn mayor_used(&self) -> bool {
        self.mayor_used
    }
    pub fn healer_power(&self) -> bool {
        self.healer_power
    }
    pub fn ballot(&self) -> u8 {
        self.ballot
    }
    pub fn today(&self) -> &[Report] {
        &self.today
    }
    /// Villagers dead now (revivals lower it).
    pub fn dead(&self) -> usize {
        self.villagers.iter().filter(|v| !v.alive).count()
    }
    #[inline]
    pub fn villager_count(&self) -> u8 {
        self.villagers.len() as u8
    }

    #[inline]
    fn villager(&self, v: u8) -> Option<&Villager> {
        self.villagers.get(usize::from(v))
    }

    fn setup_step(&self) -> Option<SetupStep> {
        let has_face = |f| self.villagers.iter().any(|v| v.face == f);
        let has_body = |b: fn(Body) -> bool| self.villagers.iter().any(|v| b(v.body));
        if self.rules.mayor && !has_face(Face::Mayor) {
            return Some(SetupStep::Face(Face::Mayor));
        }
        if self.rules.police && !has_face(Face::Police) {
            return Some(SetupStep::Face(Face::Police));
        }
        if !has_body(Body::is_killer) {
            return Some(SetupStep::Killer);
        }
        if self.rules.healer && !has_body(|b| b == Body::Healer) {
            return Some(SetupStep::Healer);
        }
        None
    }

    /// The villager holding the Monster or the Vampire.
    pub fn killer_at(&self) -> Option<u8> {
        self.villagers
            .iter()
            .position(|v| v.body.is_killer())
            .map(|i| i as u8)
    }
    fn killer_seat(&self) -> Option<Seat> {
        self.killer_at().map(owner)
    }
    fn killer_body(&self) -> Body {
        self.killer_at()
            .and_then(|v| self.body(v))
            .unwrap_or(Body::Monster)
    }
    fn healer_at(&self) -> Option<u8> {
        self.villagers
            .iter()
            .position(|v| v.body == Body::Healer)
            .map(|i| i as u8)
    }
    fn healer_alive(&self) -> bool {
        self.healer_at().is_some_and(|v| self.is_alive(v))
    }
    fn face_at(&self, face: Face) -> Option<u8> {
        self.villagers
            .iter()
            .position(|v| v.face == face)
            .map(|i| i as u8)
    }

    /// The Police's authority: he lives and has never died (a revived Police has lost it).
    fn police_active(&self) -> Option<u8> {
        self.face_at(Face::Police)
            .filter(|&v| self.villager(v).is_some_and(|x| x.alive && !x.once_dead))
    }
    /// The Mayor's power: he lives, has never died and has not used it.
    fn mayor_active(&self) -> Option<u8> {
        self.face_at(Face::Mayor).filter(|&v| {
            !self.mayor_used && self.villager(v).is_some_and(|x| x.alive && !x.once_dead)
        })
    }

    /// The lowest roll on which `v` survives an attack now.
    pub fn survive_from(&self, v: u8) -> u8 {
        match self.police_active() {
            Some(p) if p == v => cards::SURVIVE_POLICE,
            Some(p) if owner(p) == owner(v) => cards::SURVIVE_POLICE_FAMILY,
            _ => cards::SURVIVE_PLAIN,
        }
    }

    #[inline]
    fn living(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.villager_count()).filter(|&v| self.is_alive(v))
    }
    fn graves(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.villager_count()).filter(|&v| !self.is_alive(v))
    }
    #[inline]
    fn has_living(&self, seat: Seat) -> bool {
        self.living().any(|v| owner(v) == seat)
    }

    /// A villager dies: both cards turn over and show what it was. Checks the end.
    fn kill(&mut self, v: u8, reason_if_killer: Reason) {
        if let Some(x) = self.villagers.get_mut(usize::from(v)) {
            x.alive = false;
            x.once_dead = true;
        }
        if self.rules.healer && self.dead() >= cards::deaths_to_heal(self.players) {
            // Once gained, the power stays even if revivals lower the count.
            self.healer_power = true;
        }
        if self.body(v).is_some_and(Body::is_killer) {
            self.finish(Side::Village, reason_if_killer);
            return;
        }
        self.check_killer_win();
    }

    /// The killer's side wins on enough deaths, or (Vampire) when every living villager's
    /// family is in the clan.
    fn check_killer_win(&mut self) {
        if self.ending.is_some() {
            return;
        }
        let dead = self.dead();
        if dead >= cards::deaths_to_win(self.players) {
            self.finish(Side::Killer, Reason::Deaths { dead });
            return;
        }
        if self.killer_body() == Body::Vampire {
            let vampire = self.killer_seat();
            let all = (0..self.players)
                .filter(|&s| self.has_living(s))
                .all(|s| Some(s) == vampire || self.in_clan(s));
            if all {
                self.finish(Side::Killer, Reason::AllClan);
            }
        }
    }

    fn finish(&mut self, winner: Side, reason: Reason) {
        self.ending = Some(Ending {
            winner,
            reason,
            killer: self.killer_body(),
            killer_at: self.killer_at().unwrap_or(0),
        });
        self.stage = Stage::Over;
    }

    /// The seats on the killer's side: its player, and the clan for the Vampire.
    pub fn killer_side(&self) -> Vec<Seat> {
        let k = self.killer_seat();
        (0..self.players)
            .filter(|&s| Some(s) == k || (self.killer_body() == Body::Vampire && self.in_clan(s)))
            .collect()
    }

    fn check_seat(&self, seat: Seat) -> Result<(), Illegal> {
        if !self.to_move().includes(seat) {
            return illegal!("seat {seat} is not to move now");
        }
        Ok(())
    }

    fn apply_seat(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        self.check_seat(seat)?;
        match self.stage {
            Stage::Midnight | Stage::Evening => self.private_choice(seat, action),
            Stage::Mayor => self.mayor_choice(seat, action),
            Stage::Vote => self.vote_choice(seat, action),
            _ => illegal!("no player acts now"),
        }
    }

    fn apply_chance(&mut self, action: Action) -> Result<(), Illegal> {
        if !self.chance_outcomes().iter().any(|(a, _)| *a == action) {
            return illegal!("{action:?} is not a possible chance outcome now");
        }
        match action {
            Action::Face { v, face } => {
                if let Some(x) = self.villagers.get_mut(usize::from(v)) {
                    x.face = face;
                }
            }
            Action::Deal { v, body } => {
                if let Some(x) = self.villagers.get_mut(usize::from(v)) {
                    x.body = body;
                }
            }
            Action::Dawn => self.dawn(),
            Action::Roll { n } => match self.stage {
                Stage::AttackRoll => self.attack_roll(n),
                _ => self.revive_roll(n),
            },
            Action::Tally => self.tally(),
            Action::Lot { v } => self.execute(v, 0, true),
            Action::PrayerEnds => self.prayer_ends(),
            _ => return illegal!("{action:?} is a player's choice, not chance"),
        }
        if self.stage == Stage::Setup && self.setup_step().is_none() {
            self.day = 1;
            self.begin_midnight();
        }
        Ok(())
    }
}

impl Game for Rocca {
    const ID: &'static str = "rocca";
    const NAME: &'static str = "Rocca Monster";
    const PITCH: &'static str =
        "A monster hides in one family: survive the nights, vote out the right one.";
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 6;
    const RULES_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "mayor",
            label: "Mayor face",
            values: ON_OFF,
            help: "a Mayor who may once move an attack off his family",
        },
        OptionSpec {
            key: "police",
            label: "Police face",
            values: ON_OFF,
            help: "a Police who makes his family harder to kill",
        },
        OptionSpec {
            key: "healer",
            label: "Healer body (4+)",
            values: ON_OFF,
            help: "a secret Healer who may revive the dead (4 or more players)",
        },
        OptionSpec {
            key: "vampire",
            label: "Vampire (4+)",
            values: ON_OFF,
            help: "the killer may secretly be a Vampire who turns families (4 or more players)",
        },
    ];

    type Action = Action;
    type View = View;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        Self::check_players(players)?;
        let on = |key: &str| -> Result<bool, String> {
            match options::get(options, key) {
                "" | "off" => Ok(false),
                "on" => Ok(true),
                v => Err(format!("option {key} is on or off, not '{v}'")),
            }
        };
        let rules = Rules {
            mayor: on("mayor")?,
            police: on("police")?,
            healer: on("healer")?,
            vampire: on("vampire")?,
        };
        if players < 4 && (rules.healer || rules.vampire) {
            return Err("the Healer and the Vampire need 4 or more players".into());
        }
        Ok(Rocca {
            players,
            rules,
            villagers: vec![
                Villager {
                    body: Body::Plain,
                    face: Face::Plain,
                    alive: true,
                    once_dead: false,
                };
                FAMILY * players
            ],
            stage: Stage::Setup,
            day: 0,
            mayor_used: false,
            healer_power: false,
            clan: vec![false; players],
            told: vec![false; players],
            steps: Vec::new(),
            choices: vec![Vec::new(); players],
            bite_targets: Vec::new(),
            victim: None,
            votes: vec![None; players],
            confirmed: vec![false; players],
            changes: vec![0; players],
            ballot: 1,
            candidates: Vec::new(),
            today: Vec::new(),
            ending: None,
        })
    }

    fn to_move(&self) -> ToMove {
        match self.stage {
            Stage::Over => ToMove::Over,
            Stage::Midnight | Stage::Evening => ToMove::Seats(
                (0..self.players)
                    .filter(|&s| self.choices[s].len() < self.steps.len())
                    .collect(),
            ),
            Stage::Mayor => match self.face_at(Face::Mayor) {
                Some(m) => ToMove::Seats(vec![owner(m)]),
                None => ToMove::Over,
            },
            Stage::Vote => match self.next_voter() {
                Some(s) => ToMove::Seats(vec![s]),
                None => ToMove::Chance,
            },
            Stage::Setup
            | Stage::Dawn
            | Stage::AttackRoll
            | Stage::Tally
            | Stage::Lot
            | Stage::PrayerEnds
            | Stage::ReviveRoll => ToMove::Chance,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_move().includes(seat) {
            return Vec::new();
        }
        match self.stage {
            Stage::Midnight | Stage::Evening => self.private_options(seat),
            Stage::Mayor => self.mayor_options(),
            Stage::Vote => self.vote_options(seat),
            _ => Vec::new(),
        }
    }

    fn bot_actions(&self, seat: Seat) -> Vec<Action> {
        match self.stage {
            Stage::Vote if self.to_move().includes(seat) => self.bot_vote_options(seat),
            _ => self.legal_actions(seat),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        let n = self.villager_count();
        match self.stage {
            Stage::Setup => match self.setup_step() {
                Some(SetupStep::Face(face)) => (0..n)
                    .filter(|&v| self.face(v) == Some(Face::Plain))
                    .map(|v| (Action::Face { v, face }, 1))
                    .collect(),
                Some(SetupStep::Killer) => {
                    // With the vampire rule the Monster and the Vampire card are shuffled and
                    // one is taken unseen: even odds.
                    let mut out: Vec<(Action, u32)> = (0..n)
                        .map(|v| {
                            let body = Body::Monster;
                            (Action::Deal { v, body }, 1)
                        })
                        .collect();
                    if self.rules.vampire {
                        out.extend((0..n).map(|v| {
                            let body = Body::Vampire;
                            (Action::Deal { v, body }, 1)
                        }));
                    }
                    out
                }
                Some(SetupStep::Healer) => (0..n)
                    .filter(|&v| self.body(v) == Some(Body::Plain))
                    .map(|v| {
                        let body = Body::Healer;
                        (Action::Deal { v, body }, 1)
                    })
                    .collect(),
                None => Vec::new(),
            },
            Stage::Dawn => vec![(Action::Dawn, 1)],
            Stage::AttackRoll | Stage::ReviveRoll => (1..=cards::DIE_FACES)
                .map(|n| (Action::Roll { n }, 1))
                .collect(),
            Stage::Tally => vec![(Action::Tally, 1)],
            Stage::Lot => self
                .candidates
                .iter()
                .map(|&v| (Action::Lot { v }, 1))
                .collect(),
            Stage::PrayerEnds => vec![(Action::PrayerEnds, 1)],
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        match actor {
            Actor::Seat(seat) => self.apply_seat(seat, *action),
            Actor::Chance => self.apply_chance(*action),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn describe(&self, actor: Actor, action: &Action, viewer: Viewer) -> String {
        self.describe_action(actor, *action, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let e = self.ending?;
        let killers = self.killer_side();
        let winners: Vec<Seat> = (0..self.players)
            .filter(|s| killers.contains(s) == (e.winner == Side::Killer))
            .collect();
        let scores = (0..self.players)
            .map(|s| i32::from(winners.contains(&s)))
            .collect();
        Some(Outcome {
            scores,
            winners,
            note: describe::ending_note(&e, self.day, self.villagers.len()),
        })
    }

    fn undoable(&self, _seat: Seat, action: &Action) -> bool {
        // Own choices may be taken back until the keyboard changes hands; a chance outcome in
        // between (the dawn, the count) stops undo in the driver.
        matches!(
            action,
            Action::Attack { .. }
                | Action::Bite { .. }
                | Action::Revive { .. }
                | Action::Sleep
                | Action::Vote { .. }
                | Action::Confirm
                | Action::Redirect { .. }
                | Action::Keep
        )
    }

    fn describe_option(key: &str, value: &str) -> Option<String> {
        let on = value == "on";
        Some(
            match (key, on) {
                ("mayor", true) => "one villager wears the Mayor's face: once per game his player may move an attack off his family",
                ("police", true) => "one villager wears the Police's face: he survives attacks on 3-6, his family on 4-6",
                ("healer", true) => "one secret body card is the Healer: once a third of the village is dead, the Healer may try to revive a grave each evening",
                ("vampire", true) => "the killer is the Monster or the Vampire, unseen; the Vampire may turn the families of survivors into its clan",
                (_, false) => "not used",
                _ => return None,
            }
            .to_string(),
        )
    }

    fn chat(&self) -> crate::engine::Chat {
        talk::chat(self.stage)
    }

    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self {
        self.varied(viewer, salt)
    }
}

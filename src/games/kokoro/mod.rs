//! Kokoro: Avenue of the Kodama. Every turn one path card is revealed and every player, at the
//! same time, either draws it on their own mat or peeks at the next sanctuary card. After each
//! round's fourth golden card the round's sanctuary is scored on every mat.

pub mod cards;
pub mod chain;
pub mod decrees;
pub mod mats;
mod rebuild;
pub mod scoring;

use serde::{Deserialize, Serialize};

use crate::engine::options::{self, OptionSpec, Options};
use crate::engine::{Actor, Game, Illegal, Outcome, Seat, ToMove, Viewer};
use crate::illegal;

pub use cards::{Card, GOLDEN_PER_ROUND, glyph, mirror, segment_edges};
pub use chain::{Mat, SpaceSet, chain_from};
pub use decrees::Decree;
pub use mats::{COLS, ROWS, SANCTUARIES, SPACES, Side, space_name};
pub use scoring::{ROUNDS, Sheet};

/// A player's choice for one turn, or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Draw the revealed segment in an empty `space` (r * 6 + c) of one's own mat; `mirrored`
    /// only under the mirror-pool decree.
    Draw {
        space: u8,
        #[serde(default)]
        mirrored: bool,
    },
    /// Look at the top sanctuary card instead of drawing.
    Peek,
    /// Chance: the d10 for a pink-side guardian (caterpillar first, then flower).
    RollGuardian { number: u8 },
    /// Chance: the decree drawn at setup.
    DrawDecree { decree: Decree },
    /// Chance: the sacred-grove d10.
    RollGrove { number: u8 },
    /// Chance: the round's sanctuary card.
    RevealSanctuary { letter: char },
    /// Chance: the turn's path card.
    RevealPath { number: u8, golden: bool },
    /// Chance: who the top sanctuary card is, settled the first time someone peeks at it.
    FixTopSanctuary { letter: char },
}

/// A seat's choice for the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Draw { space: u8, mirrored: bool },
    Peek,
}

/// How one player fared on one round's sanctuary, kept so the UI can explain the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundScore {
    pub chain: SpaceSet,
    /// Caterpillars plus flowers on the chain.
    pub count: u8,
    /// The value the count had to beat.
    pub previous_box: u8,
    /// What was written in the box.
    pub box_value: u8,
    /// The chain had features but did not beat the previous box.
    pub zeroed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    /// 1 to 5.
    pub round: u8,
    pub sanctuary: char,
    /// Indexed by seat.
    pub players: Vec<RoundScore>,
    /// Path cards revealed in the whole game when this round was scored (lets a screen tell
    /// whether the next round has gone past its first turn).
    pub cards_revealed: u8,
}

#[derive(Clone, Debug, PartialEq)]
struct Player {
    mat: Mat,
    pending: Option<Choice>,
    /// Has looked at the current (fixed) top sanctuary card.
    knows_top: bool,
    mirror_used: bool,
    boxes: [Option<u8>; ROUNDS],
}

#[derive(Clone, Debug, PartialEq)]
pub struct Kokoro {
    side: Side,
    players: Vec<Player>,
    random_decree: bool,
    decree: Option<Decree>,
    /// Caterpillar then flower guardian space; rolled at setup on the pink side.
    guardians: [Option<u8>; 2],
    grove: Option<u8>,
    /// Sanctuary letters revealed so far, one per round begun.
    revealed: Vec<char>,
    /// The top sanctuary card's identity, once someone has peeked at it.
    top: Option<char>,
    /// Remaining path cards, `[number - 1][golden as usize]`.
    deck: [[u8; 2]; 6],
    card: Option<Card>,
    golden: u8,
    /// Rounds already scored.
    rounds_done: usize,
    cards_revealed: u8,
    records: Vec<RoundRecord>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetupStep {
    Guardian(usize),
    Decree,
    Grove,
}

const DECREE_VALUES: &[&str] = &[
    "none",
    "random",
    "long-road",
    "closed-circle",
    "tidy-edges",
    "gentle-start",
    "forgotten-shrine",
    "pilgrimage",
    "mirror-pool",
    "sacred-grove",
];

impl Kokoro {
    fn setup_step(&self) -> Option<SetupStep> {
        if let Some(i) = self.guardians.iter().position(Option::is_none) {
            return Some(SetupStep::Guardian(i));
        }
        if self.random_decree && self.decree.is_none() {
            return Some(SetupStep::Decree);
        }
        if self.decree == Some(Decree::SacredGrove) && self.grove.is_none() {
            return Some(SetupStep::Grove);
        }
        None
    }

    fn guardian_spaces(&self) -> [u8; 2] {
        [
            self.guardians[0].unwrap_or(mats::BLUE_GUARDIANS[0]),
            self.guardians[1].unwrap_or(mats::BLUE_GUARDIANS[1]),
        ]
    }

    /// The top card is settled only once every seat has chosen: settling it earlier would show
    /// the seats still to choose that someone peeked, and a turn's choices are simultaneous.
    fn needs_fix(&self) -> bool {
        self.top.is_none()
            && self.all_chosen()
            && self.players.iter().any(|p| p.pending == Some(Choice::Peek))
    }

    fn unrevealed(&self) -> impl Iterator<Item = char> + '_ {
        SANCTUARIES
            .iter()
            .copied()
            .filter(|l| !self.revealed.contains(l))
    }

    fn numbers_taken(&self) -> [u8; 2] {
        let num = |s: Option<u8>| {
            s.and_then(|s| mats::PINK.get(usize::from(s)))
                .and_then(|p| p.number)
                .unwrap_or(0)
        };
        [num(self.guardians[0]), num(self.guardians[1])]
    }

    fn may_mirror(&self, seat: Seat) -> bool {
        self.decree == Some(Decree::MirrorPool)
            && self.players.get(seat).is_some_and(|p| !p.mirror_used)
            && self.card.is_some_and(|c| cards::mirror_changes(c.number))
    }

    fn check_draw(&self, seat: Seat, space: u8, mirrored: bool) -> Result<(), Illegal> {
        let Some(p) = self.players.get(seat) else {
            return illegal!("seat {seat} does not exist");
        };
        if usize::from(space) >= SPACES {
            return illegal!("space {space} is not on the mat (0 to {})", SPACES - 1);
        }
        if !p.mat.is_empty_space(space) {
            return illegal!("{} already has a path", space_name(space));
        }
        if self.grove == Some(space) {
            return illegal!(
                "{} is the sacred grove: no path may go there",
                space_name(space)
            );
        }
        if mirrored {
            if self.decree != Some(Decree::MirrorPool) {
                return illegal!("drawing mirrored needs the mirror-pool decree");
            }
            if p.mirror_used {
                return illegal!("the mirror was already used this round");
            }
            if !self.may_mirror(seat) {
                return illegal!("this segment looks the same mirrored");
            }
        }
        Ok(())
    }

    fn all_chosen(&self) -> bool {
        self.players.iter().all(|p| p.pending.is_some())
    }

    fn reveal_sanctuary(&mut self, letter: char) {
        self.revealed.push(letter);
        self.top = None;
        for p in &mut self.players {
            p.knows_top = false;
        }
    }

    fn reveal_path(&mut self, number: u8, golden: bool) {
        if let Some(left) = self
            .deck
            .get_mut(usize::from(number).wrapping_sub(1))
            .and_then(|d| d.get_mut(usize::from(golden)))
        {
            *left = left.saturating_sub(1);
        }
        self.card = Some(Card { number, golden });
        self.cards_revealed += 1;
        if golden {
            self.golden += 1;
        }
    }

    fn peek(&mut self, seat: Seat) {
        if let Some(p) = self.players.get_mut(seat) {
            p.pending = Some(Choice::Peek);
            p.knows_top = self.top.is_some();
        }
    }

    fn fix_top(&mut self, letter: char) {
        self.top = Some(letter);
        for p in &mut self.players {
            if p.pending == Some(Choice::Peek) {
                p.knows_top = true;
            }
        }
    }

    /// Every choice is in: draw them all (each on its own mat, so order cannot matter).
    fn resolve_turn(&mut self) {
        let number = self.card.map_or(0, |c| c.number);
        for p in &mut self.players {
            if let Some(Choice::Draw { space, mirrored }) = p.pending {
                draw_path(
                    p,
                    space,
                    if mirrored { mirror(number) } else { number },
                    mirrored,
                );
            }
            p.pending = None;
        }
        self.card = None;
        if self.golden >= GOLDEN_PER_ROUND {
            self.end_round();
        }
    }

    fn end_round(&mut self) {
        let round = self.rounds_done;
        let letter = self.revealed.get(round).copied().unwrap_or('A');
        let side = self.side;
        let mut scores = Vec::with_capacity(self.players.len());
        for p in &mut self.players {
            let (chain, count) = scoring::sanctuary_chain(side, &p.mat, letter);
            let previous_box = round.checked_sub(1).and_then(|r| p.boxes[r]).unwrap_or(0);
            let box_value = scoring::score_sanctuary(count, previous_box);
            if let Some(b) = p.boxes.get_mut(round) {
                *b = Some(box_value);
            }
            p.mirror_used = false;
            scores.push(RoundScore {
                chain,
                count,
                previous_box,
                box_value,
                zeroed: box_value == 0 && count > 0,
            });
        }
        self.records.push(RoundRecord {
            round: round as u8 + 1,
            sanctuary: letter,
            players: scores,
            cards_revealed: self.cards_revealed,
        });
        self.rounds_done += 1;
        self.golden = 0;
    }

    fn unscored(&self) -> Option<char> {
        if self.revealed.len() >= ROUNDS {
            self.unrevealed().next()
        } else {
            None
        }
    }

    /// Every seat's sheet, in seat order.
    fn sheets(&self) -> Vec<Sheet> {
        let (guardians, unscored) = (self.guardian_spaces(), self.unscored());
        self.players
            .iter()
            .map(|p| {
                scoring::score_sheet(p.boxes, self.decree, self.side, &p.mat, guardians, unscored)
            })
            .collect()
    }

    pub fn side(&self) -> Side {
        self.side
    }
    pub fn decree(&self) -> Option<Decree> {
        self.decree
    }
    pub fn player_count(&self) -> usize {
        self.players.len()
    }
    /// Path cards revealed so far this game.
    pub fn cards_revealed(&self) -> u8 {
        self.cards_revealed
    }
    pub fn records(&self) -> &[RoundRecord] {
        &self.records
    }
    pub fn mat(&self, seat: Seat) -> Option<&Mat> {
        self.players.get(seat).map(|p| &p.mat)
    }

    /// Legal choices for `seat` in a state where `top` may be altered: used by `vary_hidden`.
    fn choices_for(&self, seat: Seat) -> Vec<Choice> {
        // Room for every space both ways and the peek: the list never grows.
        let mut out = Vec::with_capacity(2 * SPACES + 1);
        let Some(p) = self.players.get(seat) else {
            return out;
        };
        let mirror_ok = self.may_mirror(seat);
        for space in 0..SPACES as u8 {
            if p.mat.is_empty_space(space) && self.grove != Some(space) {
                out.push(Choice::Draw {
                    space,
                    mirrored: false,
                });
                if mirror_ok {
                    out.push(Choice::Draw {
                        space,
                        mirrored: true,
                    });
                }
            }
        }
        out.push(Choice::Peek);
        out
    }
}

fn draw_path(p: &mut Player, space: u8, number: u8, mirrored: bool) {
    if let Some(cell) = p.mat.paths.get_mut(usize::from(space)) {
        *cell = number;
    }
    if mirrored {
        p.mirror_used = true;
    }
}

/// What one viewer may know. Seat views hold only that seat's own pending choice and peek.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub side: Side,
    pub decree: Option<Decree>,
    /// The decree is still to be drawn.
    pub decree_pending: bool,
    /// Caterpillar then flower guardian space, once known.
    pub guardians: [Option<u8>; 2],
    /// The sacred-grove space, if that decree is in play and rolled.
    pub grove: Option<u8>,
    /// Every mat as of the last resolved turn (public).
    pub mats: Vec<Mat>,
    /// Whether each seat has chosen this turn (public).
    pub chosen: Vec<bool>,
    /// The choices this viewer may see: its own for a seat, all for omniscient, none for public.
    pub choices: Vec<Option<Choice>>,
    /// The top sanctuary card, if this seat peeked at it (or omniscient and it is fixed).
    pub next_sanctuary: Option<char>,
    /// This round's sanctuary.
    pub sanctuary: Option<char>,
    /// Sanctuaries revealed so far, in order.
    pub revealed: Vec<char>,
    pub card: Option<Card>,
    /// Golden cards revealed this round, of [`GOLDEN_PER_ROUND`].
    pub golden: u8,
    /// The round being played, 1 to 5 (5 once the game is over).
    pub round: u8,
    pub rounds_done: usize,
    pub cards_revealed: u8,
    /// Remaining path cards, `[number - 1][golden as usize]` (public: every card is seen).
    pub deck_left: [[u8; 2]; 6],
    /// Has each seat used the mirror this round (resolved turns only).
    pub mirror_used: Vec<bool>,
    /// Each seat's sheet; guardian and decree figures are provisional until the end.
    pub sheets: Vec<Sheet>,
    pub records: Vec<RoundRecord>,
    pub over: bool,
}

impl View {
    pub fn guardian_spaces(&self) -> [u8; 2] {
        [
            self.guardians[0].unwrap_or(mats::BLUE_GUARDIANS[0]),
            self.guardians[1].unwrap_or(mats::BLUE_GUARDIANS[1]),
        ]
    }

    /// Whether `seat` may still draw mirrored this round (mirror-pool only).
    pub fn mirror_available(&self, seat: Seat) -> bool {
        self.decree == Some(Decree::MirrorPool)
            && !self.mirror_used.get(seat).copied().unwrap_or(true)
    }

    /// The choice this view shows for `seat`, if any.
    pub fn choice(&self, seat: Seat) -> Option<Choice> {
        self.choices.get(seat).copied().flatten()
    }
}

/// The spaces where `seat` may draw on the mat shown in `view`: empty and not the sacred grove.
pub fn legal_spaces(view: &View, seat: Seat) -> SpaceSet {
    let mut s = SpaceSet::EMPTY;
    if let Some(mat) = view.mats.get(seat) {
        for space in 0..SPACES as u8 {
            if mat.is_empty_space(space) && view.grove != Some(space) {
                s.insert(space);
            }
        }
    }
    s
}

/// The chain through `space` on `mat` (empty if `space` holds no path).
pub fn chain_of(mat: &Mat, space: u8) -> SpaceSet {
    chain_from(mat, space)
}

fn card_line(number: u8, golden: bool, golden_after: u8) -> String {
    if golden {
        format!(
            "path card {number} {} (golden {golden_after} of {GOLDEN_PER_ROUND})",
            glyph(number)
        )
    } else {
        format!("path card {number} {} (plain)", glyph(number))
    }
}

impl Game for Kokoro {
    const ID: &'static str = "kokoro";
    const NAME: &'static str = "Kokoro: Avenue of the Kodama";
    const PITCH: &'static str =
        "Draw forest paths linking offerings to sanctuaries, each beating the last.";
    const MIN_PLAYERS: usize = 1;
    const MAX_PLAYERS: usize = 8;
    const RULES_VERSION: u32 = 3;
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "side",
            label: "Mat side",
            values: &["blue", "pink"],
            help: "which side of the mat everyone plays (pink rolls the guardians' spaces)",
        },
        OptionSpec {
            key: "decree",
            label: "Decree",
            values: DECREE_VALUES,
            help: "an extra rule (the project's own decrees); random draws one for the side",
        },
    ];

    type Action = Action;
    type View = View;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        Self::check_players(players)?;
        let side = match options::get(options, "side") {
            "pink" => Side::Pink,
            "blue" | "" => Side::Blue,
            other => return Err(format!("side cannot be '{other}' (blue or pink)")),
        };
        let (random_decree, decree) = match options::get(options, "decree") {
            "" | "none" => (false, None),
            "random" => (true, None),
            id => match Decree::from_id(id) {
                Some(d) => (false, Some(d)),
                None => return Err(format!("there is no decree '{id}'")),
            },
        };
        if let Some(d) = decree
            && d.pink_only()
            && side == Side::Blue
        {
            return Err(format!(
                "the {} decree is played on the pink side only: choose side=pink",
                d.id()
            ));
        }
        let guardians = match side {
            Side::Blue => [Some(mats::BLUE_GUARDIANS[0]), Some(mats::BLUE_GUARDIANS[1])],
            Side::Pink => [None, None],
        };
        Ok(Kokoro {
            side,
            players: vec![
                Player {
                    mat: Mat::default(),
                    pending: None,
                    knows_top: false,
                    mirror_used: false,
                    boxes: [None; ROUNDS],
                };
                players
            ],
            random_decree,
            decree,
            guardians,
            grove: None,
            revealed: Vec::new(),
            top: None,
            deck: cards::FULL_DECK,
            card: None,
            golden: 0,
            rounds_done: 0,
            cards_revealed: 0,
            records: Vec::new(),
        })
    }

    fn to_move(&self) -> ToMove {
        if self.setup_step().is_some() {
            return ToMove::Chance;
        }
        if self.rounds_done >= ROUNDS {
            return ToMove::Over;
        }
        if self.revealed.len() <= self.rounds_done || self.needs_fix() || self.card.is_none() {
            return ToMove::Chance;
        }
        ToMove::Seats(
            (0..self.players.len())
                .filter(|&s| self.players[s].pending.is_none())
                .collect(),
        )
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_move().includes(seat) {
            return Vec::new();
        }
        self.choices_for(seat)
            .into_iter()
            .map(|c| match c {
                Choice::Draw { space, mirrored } => Action::Draw { space, mirrored },
                Choice::Peek => Action::Peek,
            })
            .collect()
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        if self.to_move() != ToMove::Chance {
            return Vec::new();
        }
        match self.setup_step() {
            Some(SetupStep::Guardian(_)) => {
                let taken = self.numbers_taken();
                return (1..=10)
                    .filter(|n| !taken.contains(n))
                    .map(|number| (Action::RollGuardian { number }, 1))
                    .collect();
            }
            Some(SetupStep::Decree) => {
                return decrees::ALL
                    .iter()
                    .filter(|d| !d.pink_only() || self.side == Side::Pink)
                    .map(|&decree| (Action::DrawDecree { decree }, 1))
                    .collect();
            }
            Some(SetupStep::Grove) => {
                let taken = self.numbers_taken();
                return (1..=10)
                    .filter(|n| !taken.contains(n))
                    .map(|number| (Action::RollGrove { number }, 1))
                    .collect();
            }
            None => {}
        }
        if self.revealed.len() <= self.rounds_done {
            // A peeked top card is already fixed and must come up next.
            return match self.top {
                Some(letter) => vec![(Action::RevealSanctuary { letter }, 1)],
                None => self
                    .unrevealed()
                    .map(|letter| (Action::RevealSanctuary { letter }, 1))
                    .collect(),
            };
        }
        if self.needs_fix() {
            return self
                .unrevealed()
                .map(|letter| (Action::FixTopSanctuary { letter }, 1))
                .collect();
        }
        let mut out = Vec::new();
        for (i, left) in self.deck.iter().enumerate() {
            for golden in [false, true] {
                let n = left[usize::from(golden)];
                if n > 0 {
                    out.push((
                        Action::RevealPath {
                            number: i as u8 + 1,
                            golden,
                        },
                        u32::from(n),
                    ));
                }
            }
        }
        out
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        match actor {
            Actor::Seat(seat) => {
                if !self.to_move().includes(seat) {
                    return illegal!("seat {seat} is not to choose now");
                }
                match *action {
                    Action::Draw { space, mirrored } => {
                        self.check_draw(seat, space, mirrored)?;
                        if let Some(p) = self.players.get_mut(seat) {
                            p.pending = Some(Choice::Draw { space, mirrored });
                        }
                    }
                    Action::Peek => self.peek(seat),
                    _ => return illegal!("{action:?} is a chance outcome, not a player's choice"),
                }
            }
            Actor::Chance => {
                if !self.chance_outcomes().iter().any(|(a, _)| a == action) {
                    return illegal!("{action:?} is not a possible chance outcome now");
                }
                match *action {
                    Action::RollGuardian { number } => {
                        if let Some(i) = self.guardians.iter().position(Option::is_none) {
                            self.guardians[i] = mats::numbered_space(number);
                        }
                    }
                    Action::DrawDecree { decree } => self.decree = Some(decree),
                    Action::RollGrove { number } => self.grove = mats::numbered_space(number),
                    Action::RevealSanctuary { letter } => self.reveal_sanctuary(letter),
                    Action::RevealPath { number, golden } => self.reveal_path(number, golden),
                    Action::FixTopSanctuary { letter } => self.fix_top(letter),
                    Action::Draw { .. } | Action::Peek => {
                        return illegal!("chance cannot make a player's choice");
                    }
                }
            }
        }
        if self.card.is_some() && self.all_chosen() && !self.needs_fix() {
            self.resolve_turn();
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> View {
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            _ => None,
        };
        let omniscient = viewer == Viewer::Omniscient;
        let choices = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| {
                if omniscient || me == Some(s) {
                    p.pending
                } else {
                    None
                }
            })
            .collect();
        let next_sanctuary = match me {
            Some(s) if self.players.get(s).is_some_and(|p| p.knows_top) => self.top,
            Some(_) => None,
            None if omniscient => self.top,
            None => None,
        };
        View {
            viewer,
            players: self.players.len(),
            side: self.side,
            decree: self.decree,
            decree_pending: self.random_decree && self.decree.is_none(),
            guardians: self.guardians,
            grove: self.grove,
            mats: self.players.iter().map(|p| p.mat).collect(),
            chosen: self.players.iter().map(|p| p.pending.is_some()).collect(),
            choices,
            next_sanctuary,
            sanctuary: self.revealed.get(self.rounds_done).copied(),
            revealed: self.revealed.clone(),
            card: self.card,
            golden: self.golden,
            round: (self.rounds_done + 1).min(ROUNDS) as u8,
            rounds_done: self.rounds_done,
            cards_revealed: self.cards_revealed,
            deck_left: self.deck,
            mirror_used: self.players.iter().map(|p| p.mirror_used).collect(),
            sheets: self.sheets(),
            records: self.records.clone(),
            over: self.rounds_done >= ROUNDS,
        }
    }

    fn describe(&self, actor: Actor, action: &Action, viewer: Viewer) -> String {
        let sees_choice = |seat: Seat| viewer == Viewer::Omniscient || viewer == Viewer::Seat(seat);
        match (actor, *action) {
            (Actor::Seat(s), _) if !sees_choice(s) => "has chosen".into(),
            (Actor::Seat(_), Action::Draw { space, mirrored }) => {
                let number = self.card.map_or(0, |c| c.number);
                if mirrored {
                    format!(
                        "draws {} (mirrored) at {}",
                        glyph(mirror(number)),
                        space_name(space)
                    )
                } else {
                    format!("draws {} at {}", glyph(number), space_name(space))
                }
            }
            (Actor::Seat(_), Action::Peek) => match self.top {
                Some(l) => format!("peeks: next sanctuary is {l}"),
                None => "peeks at the next sanctuary".into(),
            },
            (Actor::Seat(_), a) => format!("{a:?}"),
            (Actor::Chance, Action::RollGuardian { number }) => {
                let which = if self.guardians[0].is_none() {
                    "caterpillar"
                } else {
                    "flower"
                };
                let at = mats::numbered_space(number).map_or(String::new(), space_name);
                format!("d10 {number}: the {which} guardian is on #{number} ({at})")
            }
            (Actor::Chance, Action::DrawDecree { decree }) => {
                format!("decree {}: {}", decree.id(), decree.text())
            }
            (Actor::Chance, Action::RollGrove { number }) => {
                let at = mats::numbered_space(number).map_or(String::new(), space_name);
                format!("d10 {number}: the sacred grove is #{number} ({at})")
            }
            (Actor::Chance, Action::RevealSanctuary { letter }) => {
                format!("sanctuary {letter} is revealed")
            }
            (Actor::Chance, Action::RevealPath { number, golden }) => {
                card_line(number, golden, self.golden + 1)
            }
            (Actor::Chance, Action::FixTopSanctuary { letter }) => {
                let peeked = match viewer {
                    Viewer::Seat(s) => self
                        .players
                        .get(s)
                        .is_some_and(|p| p.pending == Some(Choice::Peek)),
                    Viewer::Omniscient => true,
                    Viewer::Public => false,
                };
                if peeked {
                    format!("peeks: next sanctuary is {letter}")
                } else {
                    "the top sanctuary card is looked at".into()
                }
            }
            (Actor::Chance, a) => format!("{a:?}"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.rounds_done < ROUNDS {
            return None;
        }
        let sheets = self.sheets();
        let scores = sheets.iter().map(|s| s.total).collect();
        Some(Outcome::by_score(
            scores,
            |s| sheets.get(s).map_or(0, |x| i64::from(x.highest_box())),
            "the single highest box",
        ))
    }

    fn undoable(&self, _seat: Seat, action: &Action) -> bool {
        matches!(action, Action::Draw { .. })
    }

    fn describe_option(key: &str, value: &str) -> Option<String> {
        match (key, value) {
            ("decree", "none") => Some("no decree".into()),
            ("decree", "random") => Some("one drawn at random for the side".into()),
            ("decree", id) => decrees::Decree::from_id(id).map(|d| d.text().to_string()),
            ("side", "pink") => Some("guardians on two spaces rolled with the d10".into()),
            ("side", _) => Some("guardians in the printed corners".into()),
            _ => None,
        }
    }

    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self {
        let mut s = self.clone();
        let me = match viewer {
            Viewer::Omniscient => return s,
            Viewer::Seat(v) => Some(v),
            Viewer::Public => None,
        };
        let mut rng = salt ^ 0x6B6F_6B6F_726F;
        // Whether the top card is settled shows in the event pane, so only its identity varies.
        let fixed = s.top.is_some();
        for seat in 0..s.players.len() {
            if Some(seat) == me {
                continue;
            }
            let pending = s.players[seat].pending;
            if let Some(choice) = pending {
                let mut options = s.choices_for(seat);
                if !fixed {
                    // An unsettled peek would change who is to move; keep its kind.
                    options.retain(|c| (*c == Choice::Peek) == (choice == Choice::Peek));
                }
                if !options.is_empty() {
                    let pick = options[(crate::engine::rng::splitmix64(&mut rng)
                        % options.len() as u64) as usize];
                    s.players[seat].pending = Some(pick);
                }
            }
            if fixed {
                let knows = s.players[seat].pending == Some(Choice::Peek)
                    || crate::engine::rng::splitmix64(&mut rng).is_multiple_of(2);
                s.players[seat].knows_top = knows;
            }
        }
        let viewer_knows = me.is_some_and(|v| s.players.get(v).is_some_and(|p| p.knows_top));
        if fixed && !viewer_knows {
            let letters: Vec<char> = s.unrevealed().collect();
            if !letters.is_empty() {
                s.top = Some(
                    letters[(crate::engine::rng::splitmix64(&mut rng) % letters.len() as u64)
                        as usize],
                );
            }
        }
        s
    }
}

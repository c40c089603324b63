//! Couperation (クーペレイション): a cooperative pyramid of numbered glass cards built from hidden
//! hands. Everyone wins when the seven-row pyramid stands complete and face up (in standard
//! mode crowned by the finish card); everyone loses when a card turned up breaks the order or
//! the player to act cannot act.

pub mod cards;
pub mod pyramid;
mod rebuild;
pub mod talk;
mod turn;

pub use turn::reaches;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::engine::options::{self, OptionSpec, Options};
use crate::engine::{Actor, Game, Illegal, Outcome, Seat, ToMove, Viewer};
use crate::illegal;

pub use cards::{Card, FINISH, Mark, card_name, mark};
pub use pyramid::{
    Pyramid, ROWS, SLOTS, Slot, TOP, Windows, row_col, slot_at, slot_name, supports,
};
pub use view::{PhaseView, SeatView, SlotView, View};

/// A player's move or a chance outcome. Cards are their numbers; the finish card is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum Action {
    /// Chance: the next card off the deck (a hand at setup, the reserve at setup, or a draw).
    Deal { c: Card },
    /// Chance: the start player.
    Start { seat: Seat },
    /// How many cards to draw this turn (0 up to what the previous card allows).
    Draw { n: u8 },
    /// A: a hand card face up into an empty slot.
    Place { c: Card, slot: u8 },
    /// B: a glass hand card face down into an empty slot.
    Hide { c: Card, slot: u8 },
    /// C: turn up the face-down card in `slot`.
    Reveal { slot: u8 },
    /// D: hand cards `a` < `b` make `take` from the reserve (their sum or difference, moved one
    /// step per `extra` hand card discarded next), placed in `slot`, empty or replaced.
    Combine {
        a: Card,
        b: Card,
        take: Card,
        slot: u8,
        extra: u8,
    },
    /// Discard a glass hand card face down: to pay for a combine's shift or at the tidy-up.
    Discard { c: Card },
    /// At the tidy-up: discard a glass card from the over-full reserve.
    Scrap { c: Card },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// With the finish card, which must crown the pyramid.
    Standard,
    /// The rulebook's first-game variant: no finish card, a glass card on top.
    Beginner,
}

/// Where the finish card is (public: it is always face up once drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinishAt {
    /// Beginner mode: back in the box.
    Box,
    Deck,
    /// Face up in front of a player, usable as one of their hand cards.
    Front(Seat),
    Reserve,
    Pyramid,
}

/// A declared combine (action D), kept while its extra discards are paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combo {
    pub a: Card,
    pub b: Card,
    pub take: Card,
    pub slot: u8,
    pub extra: u8,
}

/// How the card that sets the next draw came into view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Placed,
    Revealed,
    FromReserve,
}

/// What the previous turn put in the pyramid; it sets the next player's draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    Up {
        seat: Seat,
        card: Card,
        slot: u8,
        how: How,
        /// The most the next player may draw because of it.
        allowance: u8,
    },
    Down {
        seat: Seat,
        slot: u8,
    },
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every slot filled face up: everyone wins.
    Complete,
    /// The card turned up in `slot` could not stand beside the card in `against`.
    BadReveal { slot: u8, card: Card, against: u8 },
    /// The player to act had no legal action.
    Stuck { seat: Seat },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Chance deals the hands, three cards each in seat order.
    DealHands,
    /// Chance fills the reserve from the deck.
    DealReserve,
    /// Chance picks the start player.
    Start,
    /// The player chooses how many cards to draw.
    Draw {
        max: u8,
    },
    /// Chance deals the cards the player draws.
    Drawing {
        left: u8,
    },
    /// The player takes one of the actions A to D.
    Act,
    /// After a combine: the extra hand cards still to discard.
    Pay {
        combo: Combo,
        left: u8,
    },
    /// The hand is over its limit.
    TidyHand,
    /// The reserve is over its limit.
    TidyReserve,
    Over,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq)]
pub struct Couperation {
    mode: Mode,
    players: usize,
    /// Each seat's glass cards, ascending (the finish card is tracked by `finish`).
    hands: Vec<Vec<Card>>,
    finish: FinishAt,
    /// Face-up reserve, ascending (the finish card is tracked by `finish`).
    reserve: Vec<Card>,
    reserve_limit: usize,
    pyramid: Pyramid,
    /// Glass cards nobody has drawn yet, as a bit set (bit n for card n).
    deck: u64,
    /// Standard mode: the finish card went into the deck's top `window` places at the split.
    window: u8,
    /// Cards drawn since the split.
    drawn: u8,
    discards: Vec<Card>,
    phase: Phase,
    turn: Seat,
    /// The start player fixed by the options, or chosen by chance.
    fixed_start: Option<Seat>,
    played: Option<Played>,
    /// The seat that drew the deck's last card.
    deck_out: Option<Seat>,
    end: Option<End>,
    /// Turns begun, the first one included.
    turns: u32,
}

pub const MODE_VALUES: &[&str] = &["standard", "beginner"];
pub const START_VALUES: &[&str] = &["random", "1", "2", "3", "4"];

impl Couperation {
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn players(&self) -> usize {
        self.players
    }
    /// The current player while the game runs.
    pub fn turn(&self) -> Option<Seat> {
        match self.phase {
            Phase::DealHands | Phase::DealReserve | Phase::Start | Phase::Over => None,
            _ => Some(self.turn),
        }
    }
    pub fn pyramid(&self) -> &Pyramid {
        &self.pyramid
    }
    /// A seat's glass cards (for tests and the replay viewer).
    pub fn hand(&self, seat: Seat) -> &[Card] {
        self.hands.get(seat).map(Vec::as_slice).unwrap_or(&[])
    }
    pub fn reserve(&self) -> &[Card] {
        &self.reserve
    }
    pub fn finish(&self) -> FinishAt {
        self.finish
    }
    pub fn end(&self) -> Option<End> {
        self.end
    }
    pub fn played(&self) -> Option<Played> {
        self.played
    }
    /// Cards left in the deck, the finish card included.
    pub fn deck_count(&self) -> usize {
        self.deck.count_ones() as usize + usize::from(self.finish == FinishAt::Deck)
    }
    pub fn discards(&self) -> usize {
        self.discards.len()
    }
    /// The cards a seat may use as hand cards: the finish card in front of it first.
    fn usable(&self, seat: Seat) -> Vec<Card> {
        let mut out = Vec::new();
        if self.finish == FinishAt::Front(seat) {
            out.push(FINISH);
        }
        out.extend_from_slice(self.hand(seat));
        out
    }
    fn holds(&self, seat: Seat, c: Card) -> bool {
        if c == FINISH {
            self.finish == FinishAt::Front(seat)
        } else {
            self.hand(seat).contains(&c)
        }
    }
    fn in_reserve(&self, c: Card) -> bool {
        if c == FINISH {
            self.finish == FinishAt::Reserve
        } else {
            self.reserve.contains(&c)
        }
    }
    /// The reserve as shown: the finish card first when it is there.
    fn reserve_cards(&self) -> Vec<Card> {
        let mut out = Vec::new();
        if self.finish == FinishAt::Reserve {
            out.push(FINISH);
        }
        out.extend_from_slice(&self.reserve);
        out
    }
}

impl Game for Couperation {
    const ID: &'static str = "couperation";
    const NAME: &'static str = "Couperation";
    const PITCH: &'static str =
        "Together, without a word, build a pyramid of numbers from hidden hands.";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    const RULES_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "mode",
            label: "Mode",
            values: MODE_VALUES,
            help: "standard (with the finish card) or beginner (the first-game variant)",
        },
        options::start_player(START_VALUES),
    ];

    type Action = Action;
    type View = View;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        Self::check_players(players)?;
        let mode = match options::get(options, "mode") {
            "" | "standard" => Mode::Standard,
            "beginner" => Mode::Beginner,
            m => return Err(format!("mode must be standard or beginner, not '{m}'")),
        };
        let fixed_start = options::start_seat(options, players)?;
        Ok(Couperation {
            mode,
            players,
            hands: vec![Vec::new(); players],
            finish: match mode {
                Mode::Standard => FinishAt::Deck,
                Mode::Beginner => FinishAt::Box,
            },
            reserve: vec![cards::LOWEST, cards::HIGHEST],
            reserve_limit: cards::reserve_limit(players),
            pyramid: Pyramid::new(mode == Mode::Standard),
            deck: cards::deck_at_start(),
            window: 0,
            drawn: 0,
            discards: Vec::new(),
            phase: Phase::DealHands,
            turn: 0,
            fixed_start,
            played: None,
            deck_out: None,
            end: None,
            turns: 0,
        })
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::DealHands | Phase::DealReserve | Phase::Start | Phase::Drawing { .. } => {
                ToMove::Chance
            }
            Phase::Over => ToMove::Over,
            _ => ToMove::Seats(vec![self.turn]),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat != self.turn {
            return Vec::new();
        }
        match self.phase {
            Phase::Draw { max } => (0..=max).map(|n| Action::Draw { n }).collect(),
            Phase::Act => self.act_actions(seat, false),
            Phase::Pay { combo, .. } => self
                .hand(seat)
                .iter()
                .filter(|&&c| c != combo.a && c != combo.b)
                .map(|&c| Action::Discard { c })
                .collect(),
            Phase::TidyHand => self
                .hand(seat)
                .iter()
                .map(|&c| Action::Discard { c })
                .collect(),
            Phase::TidyReserve => self.reserve.iter().map(|&c| Action::Scrap { c }).collect(),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        match self.phase {
            Phase::DealHands | Phase::DealReserve => self.deck_cards(1),
            Phase::Drawing { .. } => self.draw_outcomes(),
            Phase::Start => (0..self.players)
                .map(|seat| (Action::Start { seat }, 1))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, actor: Actor, action: &Action) -> Result<(), Illegal> {
        match (actor, *action) {
            (Actor::Chance, Action::Deal { c }) => {
                if !self
                    .chance_outcomes()
                    .iter()
                    .any(|(a, w)| *a == Action::Deal { c } && *w > 0)
                {
                    return illegal!("{} cannot be dealt now", card_name(c));
                }
                self.deal(c);
                Ok(())
            }
            (Actor::Chance, Action::Start { seat }) => {
                if self.phase != Phase::Start {
                    return illegal!("the start player is already decided");
                }
                if seat >= self.players {
                    return illegal!("seat {seat} is not at the table");
                }
                self.begin(seat);
                Ok(())
            }
            (Actor::Chance, a) => illegal!("{a:?} is not a chance action"),
            (Actor::Seat(seat), a) => {
                if matches!(a, Action::Deal { .. } | Action::Start { .. }) {
                    return illegal!("seat {seat} cannot take chance action {a:?}");
                }
                if self.turn().is_none() || seat != self.turn {
                    return illegal!("it is not player {}'s turn", seat.saturating_add(1));
                }
                self.player_action(seat, a)
            }
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        view::build(self, viewer)
    }

    fn describe(&self, actor: Actor, action: &Action, viewer: Viewer) -> String {
        self.describe_action(actor, action, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        // The card that broke the order does not count.
        let face_up =
            self.pyramid.face_up() as i32 - i32::from(matches!(end, End::BadReveal { .. }));
        let won = end == End::Complete;
        Some(Outcome {
            scores: vec![face_up; self.players],
            winners: if won {
                (0..self.players).collect()
            } else {
                Vec::new()
            },
            note: self.end_reason(end),
        })
    }

    fn describe_option(key: &str, value: &str) -> Option<String> {
        match (key, value) {
            ("mode", "standard") => Some(
                "The finish card hides in the deck's top half and must crown the pyramid.".into(),
            ),
            ("mode", "beginner") => {
                Some("No finish card: a glass card goes on top like any other.".into())
            }
            ("start", "random") => Some("Chance picks the start player.".into()),
            _ => None,
        }
    }

    fn undoable(&self, seat: Seat, action: &Action) -> bool {
        match *action {
            Action::Deal { .. } | Action::Start { .. } | Action::Reveal { .. } => false,
            // Drawing is asked for to see the cards: taking it back would only hold them up.
            Action::Draw { n } => n == 0,
            // Taking a face-down card someone else placed shows its number.
            Action::Combine { slot, .. } => !matches!(
                self.pyramid.get(usize::from(slot)),
                Slot::Down { by, .. } if by != seat
            ),
            _ => true,
        }
    }

    fn chat(&self) -> crate::engine::Chat {
        talk::chat()
    }

    fn vary_hidden(&self, viewer: Viewer, salt: u64) -> Self {
        view::vary_hidden(self, viewer, salt)
    }
}

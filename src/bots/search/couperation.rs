//! Couperation for the search player: each sample keeps the seat's own hand and face-down
//! cards and shuffles every card it cannot see among the places it cannot see into
//! ([`Couperation::from_view`]), except that a card a partner parked face down where the
//! reserve could later replace it is dealt a number that does not fit there (the partner's
//! intent, [`Intent`]). The team wins or loses together, so the reward is the win plus a
//! little for each face-up card, which tells a near miss from an early collapse.
//!
//! [`Seer`] is the hard level shown every card: not a level for play, but an upper bound on
//! what the cards the team cannot see cost it (`hotseat sim couperation --bot seer`).

use rand_chacha::ChaCha8Rng;

use super::{Budget, Determinize, Search};
use crate::bots::Level;
use crate::bots::couperation::{Builder, Intent};
use crate::engine::{Bot, Outcome, Seat, Viewer, rng};
use crate::games::couperation::{Action, Couperation, SLOTS, SlotView, View};

impl Determinize for Couperation {
    fn search_player(seed: u64, budget: Budget) -> Box<dyn crate::engine::Bot<Couperation>> {
        Box::new(hard(seed).with_budget(budget))
    }

    type Belief = Belief;

    fn belief(_seat: Seat, seen: &[View]) -> Option<Belief> {
        Belief::new(seen.last()?, Intent::read(seen).misfits())
    }

    fn sample(belief: &Belief, r: &mut ChaCha8Rng) -> Couperation {
        let mut pick = |n: usize| rng::below(r, n as u64) as usize;
        Couperation::from_view_reading(&belief.view, &mut pick, &belief.misfits)
            .unwrap_or_else(|| belief.state.clone())
    }

    fn reward(outcome: &Outcome, seat: Seat) -> f64 {
        let won = if outcome.winners.contains(&seat) {
            1.0
        } else {
            0.0
        };
        let up = f64::from(outcome.scores.get(seat).copied().unwrap_or(0));
        won + 0.3 * up / SLOTS as f64
    }
}

/// What a seat knows: the view it decides on, the slots it reads as parked misfits, and one
/// state dealt from them (a view that cannot be dealt out is refused here, so every later deal
/// succeeds; the state is only a formal fallback).
pub struct Belief {
    view: View,
    misfits: Vec<usize>,
    state: Couperation,
}

impl Belief {
    fn new(view: &View, misfits: &[usize]) -> Option<Belief> {
        let mut last = |n: usize| n - 1;
        Couperation::from_view_reading(view, &mut last, misfits).map(|state| Belief {
            view: view.clone(),
            misfits: misfits.to_vec(),
            state,
        })
    }
}

/// The search player at every decision, builder playouts: strong, but a playout from early in
/// the game is a whole game, so under the time cap it runs too few of them there; the hard
/// level is [`Hard`].
pub fn hard(seed: u64) -> Search<Couperation> {
    Search::with_bots(seed, Budget::default(), |s| {
        Box::new(Builder::new(s, crate::bots::Level::Hard))
    })
}

/// The hard level searches once at most this many slots are open (see [`Hard`]). Searching
/// from 13 on, at 200 playouts, won no more (300 four-player games on the same seeds: 60.0%
/// against 62.3%) and made each playout longer.
pub const SEARCH_FROM_OPEN: usize = 10;

/// Playouts per searched decision. The order's windows (`Pyramid::windows`) made playouts
/// about twice as cheap, which bought more than the 120 of before within the time cap. On the
/// same 300 four-player games: 51.0% at 120, 62.3% at 200, 66.3% at 300.
pub const HARD_PLAYOUTS: u32 = 300;

/// The hard level: the builder's judgement while the pyramid is young, the search over
/// builder playouts once at most [`SEARCH_FROM_OPEN`] slots are open. Almost every lost game
/// is lost at the end (a full pyramid and a face-down card that must be turned up blind), where
/// a playout is a few turns and cheap; early on a playout is a whole game, too dear for the
/// playouts a decision can afford. Measured (2,000 games), this team wins far more than the
/// builder's own hard level; see the rules page's "Computer players".
pub struct Hard {
    builder: Builder,
    search: Search<Couperation>,
    from_open: usize,
}

impl Hard {
    pub fn new(seed: u64) -> Hard {
        Hard::with(seed, Budget::playouts(HARD_PLAYOUTS), SEARCH_FROM_OPEN)
    }

    /// Searching with `budget` once at most `from_open` slots are open.
    pub fn with(seed: u64, budget: Budget, from_open: usize) -> Hard {
        Hard {
            builder: Builder::new(seed, Level::Hard),
            search: Search::with_bots(rng::mix(seed ^ 0x005e_a7c4), budget, |s| {
                Box::new(Builder::new(s, Level::Hard))
            }),
            from_open,
        }
    }

    /// What a searched decision may spend.
    pub fn budget(&self) -> Budget {
        self.search.budget()
    }

    /// Playouts the last decision ran (0 when the builder decided alone).
    pub fn last_playouts(&self) -> u32 {
        self.search.last_playouts
    }

    /// What the playouts of the last decision's choice came to (`None` when no search
    /// settled it): the hint key's reason.
    pub fn last_estimate(&self) -> Option<super::Estimate> {
        self.search.last_estimate
    }
}

impl Bot<Couperation> for Hard {
    fn observe(&mut self, view: &View) {
        // The search reads only the view it decides on, so it keeps none.
        self.builder.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        // The builder's safety rules bind the search too: its playouts deal others' face-down
        // cards from every number still unseen, but a partner parks face down the cards that
        // fit nowhere, so a turn-up the samples call likely safe lost the game (11 of 500
        // three-player games); and the finish card on top with a card still face down was
        // lost 57 times in 59.
        let allowed = self.builder.within_limits(seat, view, legal);
        let legal = allowed.as_slice();
        let open = view
            .pyramid
            .iter()
            .filter(|s| **s == SlotView::Empty)
            .count();
        self.search.last_playouts = 0;
        self.search.last_estimate = None;
        if open > self.from_open {
            return self.builder.choose(seat, view, legal);
        }
        // The partners' intent as the builder read it from every view it watched.
        let belief = Belief::new(view, self.builder.misfits());
        self.search.decide_with(seat, view, legal, belief.as_ref())
    }
}

/// The hard level shown every card: others' hands and face-down cards, though not the order
/// of the deck. A yardstick for `hotseat sim` (kind `seer`): how much more a team wins that
/// hides nothing from itself is what hidden information costs the hard level. It is never
/// offered in the launcher.
pub struct Seer(Hard);

impl Seer {
    pub fn new(seed: u64) -> Seer {
        Seer(Hard::new(seed))
    }
}

impl Bot<Couperation> for Seer {
    fn observe(&mut self, view: &View) {
        self.0.observe(view);
    }

    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        // Everything, from this seat's chair: the players read their own seat from the view.
        let mut mine = view.clone();
        mine.viewer = Viewer::Seat(seat);
        self.0.choose(seat, &mine, legal)
    }

    fn viewer(&self, _seat: Seat) -> Viewer {
        Viewer::Omniscient
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Actor, Game, Options, ToMove, Viewer};
    use crate::games::couperation::{Card, FINISH, TOP};

    use crate::games::couperation::{FinishAt, Mode, PhaseView, SeatView};

    /// A standard 2-player position at the end of a game, seat 0 to act: every slot below the
    /// top is face up, with numbers that keep the order, except slot 26 (row 6, the left one
    /// below the top), which holds seat 1's face-down card and takes any number from 12 to
    /// 45.
    fn late_position(hand: &[Card], reserve: &[Card], finish: FinishAt) -> View {
        let empty: [usize; 0] = [];
        let mut up: [Card; SLOTS] = [0; SLOTS];
        // Below slot 26 (1 to 11), beside it (12 to 42, the 25 in the middle of the bottom
        // row), above it (46 to 50).
        for (slot, c) in [
            (0, 1),
            (7, 2),
            (1, 3),
            (13, 4),
            (8, 5),
            (18, 6),
            (14, 7),
            (22, 8),
            (19, 9),
            (25, 10),
            (23, 11),
            (2, 12),
            (9, 16),
            (3, 25),
            (15, 27),
            (10, 30),
            (20, 33),
            (4, 36),
            (16, 38),
            (11, 40),
            (5, 42),
            (24, 46),
            (21, 47),
            (17, 48),
            (12, 49),
            (6, 50),
        ] {
            up[slot] = c;
        }
        let pyramid = std::array::from_fn(|i| match i {
            26 => SlotView::Down { by: 1, known: None },
            TOP => SlotView::Empty,
            i if empty.contains(&i) => SlotView::Empty,
            i => SlotView::Up(up[i]),
        });
        let in_pyramid = SLOTS - 1 - empty.len();
        let partner = 3;
        let discards = 8;
        // 50 glass cards: in the pyramid, in hands, discarded, the rest in the deck.
        let glass_in_hand = hand.iter().filter(|&&c| c != FINISH).count();
        let deck = 50 - in_pyramid - glass_in_hand - reserve.len() - partner - discards
            + usize::from(finish == FinishAt::Deck);
        View {
            viewer: crate::engine::Viewer::Seat(0),
            mode: Mode::Standard,
            players: 2,
            pyramid,
            seats: vec![
                SeatView {
                    count: glass_in_hand,
                    finish: finish == FinishAt::Front(0),
                    cards: Some(hand.iter().copied().filter(|&c| c != FINISH).collect()),
                },
                SeatView {
                    count: partner,
                    finish: false,
                    cards: None,
                },
            ],
            reserve: reserve.to_vec(),
            reserve_limit: crate::games::couperation::cards::reserve_limit(2),
            deck,
            discards,
            finish,
            turn: Some(0),
            phase: PhaseView::Act,
            played: None,
            deck_out: None,
            end: None,
            end_reason: None,
            turns: 40,
        }
    }

    /// The legal moves of a state dealt from `view` (they depend only on what seat 0 sees).
    fn legal_in(view: &View) -> Vec<Action> {
        assert!(view.rules_pyramid().consistent());
        let mut first = |_: usize| 0;
        let g = Couperation::from_view(view, &mut first).expect("a consistent position");
        assert_eq!(g.view(Viewer::Seat(0)), *view);
        g.legal_actions(0)
    }

    /// A position from a four-player beginner game (seed 36 of the measure in
    /// `tests/couperation_bots.rs`) in which the hard level, before its limits, turned up the
    /// card seat 3 had just parked face down in slot 22, and the table lost at once. Seat 0
    /// holds 28 and 47 and may hide either in slot 25 instead.
    fn parked_position() -> View {
        use crate::games::couperation::Played;
        let up = |c| SlotView::Up(c);
        View {
            viewer: Viewer::Seat(0),
            mode: Mode::Beginner,
            players: 4,
            pyramid: [
                up(1),
                up(9),
                up(14),
                up(24),
                up(36),
                up(43),
                up(46),
                up(3),
                up(13),
                up(20),
                up(30),
                up(38),
                up(44),
                up(8),
                up(16),
                up(21),
                up(33),
                up(41),
                up(12),
                up(18),
                up(29),
                up(37),
                SlotView::Down { by: 3, known: None },
                up(26),
                SlotView::Down {
                    by: 0,
                    known: Some(45),
                },
                SlotView::Empty,
                up(34),
                SlotView::Empty,
            ],
            seats: vec![
                SeatView {
                    count: 2,
                    finish: false,
                    cards: Some(vec![28, 47]),
                },
                SeatView {
                    count: 2,
                    finish: false,
                    cards: None,
                },
                SeatView {
                    count: 2,
                    finish: false,
                    cards: None,
                },
                SeatView {
                    count: 3,
                    finish: false,
                    cards: None,
                },
            ],
            reserve: vec![4, 22, 35, 42],
            reserve_limit: 4,
            deck: 5,
            discards: 6,
            finish: FinishAt::Box,
            turn: Some(0),
            phase: PhaseView::Act,
            played: Some(Played::Down { seat: 3, slot: 22 }),
            deck_out: None,
            end: None,
            end_reason: None,
            turns: 28,
        }
    }

    #[test]
    fn the_hard_level_never_risks_a_turn_up_while_a_safe_move_is_open() {
        let view = parked_position();
        let legal = legal_in(&view);
        let reveal = Action::Reveal { slot: 22 };
        assert!(legal.contains(&reveal), "{legal:?}");
        assert!(
            legal.contains(&Action::Hide { c: 28, slot: 25 }),
            "{legal:?}"
        );
        let builder = Builder::new(1, Level::Hard);
        assert_eq!(
            builder.risk(0, &view, &reveal),
            Some(crate::bots::couperation::Risk::TurnUp)
        );
        for seed in 0..4 {
            let mut hard = Hard::with(seed, Budget::exact(HARD_PLAYOUTS), SEARCH_FROM_OPEN);
            hard.observe(&view);
            let a = hard.choose(0, &view, &legal);
            assert!(builder.risk(0, &view, &a).is_none(), "seed {seed}: {a:?}");
        }
        // With nothing else to do, it turns the card up.
        let mut hard = Hard::with(1, Budget::exact(60), SEARCH_FROM_OPEN);
        assert_eq!(hard.choose(0, &view, &[reveal]), reveal);
    }

    /// Seat 0's own 45 lies face down in slot 24, where it does not fit (29 and 37 below it):
    /// parked for a combine to replace. The builder reads that slot as the numbers that fit
    /// there, so slot 26 beside it (26 and the 45's slot below) keeps room up to 36, not 44;
    /// read as the 45 itself, the pyramid looked broken and every move alike to its hider.
    #[test]
    fn a_card_its_own_seat_parked_is_read_as_any_number_that_fits() {
        let view = parked_position();
        let p = view.rules_pyramid();
        assert!(!p.keeps_order(&p.windows(), 45, 24));
        let builder = Builder::new(1, Level::Hard);
        let (lo, hi) = builder.room_of(0, &view, 26).expect("room in slot 26");
        assert!(lo > 26 && hi < 37, "{lo}..{hi}");
    }

    /// Every slot below the top is full and seat 0 holds the finish card: on top now, it would
    /// leave seat 1 to turn up its face-down card, with nothing drawn. Seat 0's combines (13
    /// and 15 make the reserve's 28, for slot 15's 27) risk nothing, and neither does turning that card up
    /// here (every number seat 0 cannot see fits slot 26).
    #[test]
    fn the_hard_level_never_crowns_the_pyramid_while_a_card_is_face_down() {
        let view = late_position(&[FINISH, 13, 15], &[28], FinishAt::Front(0));
        let legal = legal_in(&view);
        let crown = Action::Place {
            c: FINISH,
            slot: TOP as u8,
        };
        assert!(legal.contains(&crown), "{legal:?}");
        let builder = Builder::new(1, Level::Hard);
        assert_eq!(
            builder.risk(0, &view, &crown),
            Some(crate::bots::couperation::Risk::EarlyCrown)
        );
        for seed in 0..4 {
            let mut hard = Hard::with(seed, Budget::exact(60), SEARCH_FROM_OPEN);
            hard.observe(&view);
            let a = hard.choose(0, &view, &legal);
            assert!(builder.risk(0, &view, &a).is_none(), "seed {seed}: {a:?}");
        }
    }

    /// `hotseat sim`'s `early crowns`: the finish card on top with seat 1's card still face
    /// down counts one for seat 0 (it could have combined instead); the combine counts none.
    #[test]
    fn early_crowns_count_the_finish_card_on_top_while_a_card_waits() {
        let view = late_position(&[FINISH, 13, 15], &[28], FinishAt::Front(0));
        let legal = legal_in(&view);
        let crown = Action::Place {
            c: FINISH,
            slot: TOP as u8,
        };
        let combine = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Combine { take: 28, .. }))
            .expect("a combine");
        let mut first = |_: usize| 0;
        let g = Couperation::from_view(&view, &mut first).expect("a consistent position");
        for (action, counted) in [(crown, vec![1.0, 0.0]), (combine, vec![0.0, 0.0])] {
            let mut m = crate::engine::Match::<Couperation>::new(crate::engine::Setup {
                options: Options::new(),
                players: (0..2)
                    .map(|i| crate::engine::log::PlayerEntry::human(format!("P{i}")))
                    .collect(),
                seed: 1,
                started: "2026-11-28T12:00:00Z".into(),
            })
            .expect("setup");
            m.initial = g.clone();
            m.state = g.clone();
            m.history.clear();
            m.apply(Actor::Seat(0), action, None).expect("legal");
            assert_eq!(
                crate::bots::couperation::early_crowns(&m),
                counted,
                "{action:?}"
            );
        }
    }

    /// Seat 3 parked a card face down in slot 22. With a reserve card that fits there, a
    /// partner reads it as a card that does not fit, and the search's deals put one there;
    /// with none (the position as it was), the hide is read as nothing.
    #[test]
    fn a_card_parked_where_the_reserve_could_replace_it_is_dealt_as_a_misfit() {
        let mut view = parked_position();
        let p = view.rules_pyramid();
        let w = p.windows();
        assert!(view.reserve.iter().all(|&c| !p.keeps_order(&w, c, 22)));
        assert!(
            Intent::read(std::slice::from_ref(&view))
                .misfits()
                .is_empty()
        );
        // A number nobody at seat 0 can see that fits slot 22 takes the reserve's 4's place.
        let visible = |c: Card| {
            view.reserve.contains(&c)
                || view.usable(0).contains(&c)
                || view.pyramid.iter().any(|s| {
                    matches!(*s, SlotView::Up(x) | SlotView::Down { known: Some(x), .. } if x == c)
                })
        };
        let fits = (1..=50u8)
            .find(|&c| !visible(c) && p.keeps_order(&w, c, 22))
            .expect("a number that fits slot 22");
        view.reserve[0] = fits;
        let intent = Intent::read(std::slice::from_ref(&view));
        assert_eq!(intent.misfits(), &[22]);
        let mut r = rng::stream(3, 9);
        let (mut read, mut blind) = (0, 0);
        for _ in 0..40 {
            let mut pick = |n: usize| rng::below(&mut r, n as u64) as usize;
            let dealt = |g: &Couperation| match g.pyramid().get(22) {
                crate::games::couperation::Slot::Down { card, .. } => card,
                other => panic!("{other:?}"),
            };
            let g =
                Couperation::from_view_reading(&view, &mut pick, intent.misfits()).expect("dealt");
            read += usize::from(!p.keeps_order(&w, dealt(&g), 22));
            let g = Couperation::from_view(&view, &mut pick).expect("dealt");
            blind += usize::from(!p.keeps_order(&w, dealt(&g), 22));
        }
        assert_eq!(read, 40);
        assert!(blind < 40, "{blind}");
    }

    /// Chance's next outcome, drawn by its weights.
    fn deal(g: &mut Couperation, chance: &mut rand_chacha::ChaCha8Rng) {
        let o = g.chance_outcomes();
        let w: Vec<u32> = o.iter().map(|x| x.1).collect();
        let i = rng::weighted(chance, &w).expect("chance");
        g.apply(Actor::Chance, &o[i].0).expect("legal");
    }

    /// A three-player game of hard builders with chance from stream (8, `k`), up to the
    /// moment two cards lie face down (`None` when it ends first).
    fn two_face_down(k: u64) -> Option<Couperation> {
        let mut g = Couperation::new(&Options::new(), 3).expect("3 players");
        let mut bots: Vec<Builder> = (0..3).map(|s| Builder::new(s, Level::Hard)).collect();
        let mut chance = rng::stream(8, k);
        while g.pyramid().face_down() < 2 {
            match g.to_move() {
                ToMove::Over => return None,
                ToMove::Chance => deal(&mut g, &mut chance),
                ToMove::Seats(s) => {
                    let seat = s[0];
                    let legal = g.legal_actions(seat);
                    let a = bots[seat].choose(seat, &g.view(Viewer::Seat(seat)), &legal);
                    g.apply(Actor::Seat(seat), &a).expect("legal");
                }
            }
        }
        Some(g)
    }

    /// The seer is shown everything: a state dealt from its view holds every hand and
    /// face-down card where they truly are, and at a table it is given that view.
    #[test]
    fn the_seer_sees_every_card() {
        // The first seeded game in which two cards come to lie face down.
        let g = (7..40)
            .find_map(two_face_down)
            .expect("a game with two cards face down");
        let seer = Seer::new(1);
        assert_eq!(seer.viewer(0), Viewer::Omniscient);
        let mut view = g.view(seer.viewer(0));
        view.viewer = Viewer::Seat(0);
        let mut first = |_: usize| 0;
        let dealt = Couperation::from_view(&view, &mut first).expect("dealt");
        for s in 0..3 {
            assert_eq!(dealt.hand(s), g.hand(s), "seat {s}");
        }
        assert_eq!(dealt.pyramid(), g.pyramid());
    }

    /// The hard level affords 300 playouts a searched decision (it had 120 before playouts
    /// got cheaper), under the usual time cap.
    #[test]
    fn the_hard_level_plays_out_300_games_a_decision() {
        assert_eq!(Hard::new(1).budget(), Budget::playouts(300));
    }

    /// The hard level lets the builder decide while more than its threshold of slots is
    /// open, and searches from then on.
    #[test]
    fn the_hard_level_searches_only_at_the_end() {
        let mut g = Couperation::new(&Options::new(), 2).expect("2 players");
        let mut builders = [Builder::new(1, Level::Hard), Builder::new(2, Level::Hard)];
        let mut hard = Hard::with(3, Budget::exact(8), 10);
        let mut chance = rng::stream(5, 7);
        let (mut early, mut late) = (0, 0);
        for _ in 0..3000 {
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => deal(&mut g, &mut chance),
                ToMove::Seats(s) => {
                    let seat = s[0];
                    let legal = g.legal_actions(seat);
                    let view = g.view(Viewer::Seat(seat));
                    if seat == 0 && legal.len() > 1 {
                        hard.choose(seat, &view, &legal);
                        let open = g.pyramid().slots.iter().filter(|s| s.is_empty()).count();
                        if open > 10 {
                            assert_eq!(hard.last_playouts(), 0, "{open} open slots");
                            early += 1;
                        } else {
                            assert!(hard.last_playouts() > 0, "{open} open slots");
                            late += 1;
                        }
                    }
                    let a = builders[seat].choose(seat, &view, &legal);
                    g.apply(Actor::Seat(seat), &a).expect("legal");
                }
            }
        }
        assert!(early > 0 && late > 0, "early {early}, late {late}");
    }
}

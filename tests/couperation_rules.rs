//! Rules of Couperation: the rulings' examples, edge cases, refusals, privacy and playouts.

use crate::common::RunChance;
use hotseat::bots::couperation as bots;
use hotseat::engine::*;
use hotseat::games::couperation::*;

fn options(mode: &str, start: &str) -> Options {
    let mut o = Options::new();
    o.insert("mode".into(), mode.into());
    o.insert("start".into(), start.into());
    o
}

fn deal(g: &mut Couperation, c: Card) {
    g.apply(Actor::Chance, &Action::Deal { c })
        .unwrap_or_else(|e| panic!("deal {c}: {e}"));
}

fn act(g: &mut Couperation, seat: Seat, a: Action) {
    g.apply(Actor::Seat(seat), &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat}: {e}"));
}

fn refused(g: &Couperation, seat: Seat, a: Action) -> String {
    let mut probe = g.clone();
    match probe.apply(Actor::Seat(seat), &a) {
        Ok(()) => panic!("{a:?} by {seat} was allowed"),
        Err(e) => {
            assert_eq!(&probe, g, "a refused action changed the state");
            e.0
        }
    }
}

/// A game with seat 1 (index 0) starting: the given hands, the reserve's extra cards, and the
/// first player's first draw.
fn setup(mode: &str, hands: &[[Card; 3]], reserve: &[Card], first: Card) -> Couperation {
    let mut g = Couperation::new(&options(mode, "1"), hands.len()).expect("setup");
    for h in hands {
        for &c in h {
            deal(&mut g, c);
        }
    }
    for &c in reserve {
        deal(&mut g, c);
    }
    assert_eq!(g.turn(), Some(0));
    assert_eq!(g.to_move(), ToMove::Chance, "the first draw");
    deal(&mut g, first);
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    g
}

fn pyramid_with(cards: &[(usize, Card)]) -> Pyramid {
    let mut p = Pyramid::new(true);
    for &(s, c) in cards {
        p.slots[s] = Slot::Up(c);
    }
    p
}

const R1: usize = 7; // first slot of row 1 (the second row)

// ---- the rulings' examples ---------------------------------------------------------------

#[test]
fn example_1_bottom_row_neighbours_and_order() {
    let p = pyramid_with(&[(2, 10)]);
    assert!(p.can_place_up(30, 4));
    assert!(p.can_place_up(5, 1));
    assert!(!p.can_place_up(24, 4), "slot 4 needs more than 25");
    assert!(!p.can_place_up(24, 1), "slot 1 needs less than 10");
    for c in 1..=50 {
        assert!(!p.can_place_up(c, 0), "{c} in slot 0: no neighbour");
        assert!(!p.can_place_up(c, 6), "{c} in slot 6: no neighbour");
    }
    assert!(!p.can_place_down(0) && !p.can_place_down(6));
}

#[test]
fn example_1_through_the_game() {
    let g = setup(
        "beginner",
        &[[10, 30, 24], [5, 6, 8]],
        &[11, 12, 13, 14],
        40,
    );
    act(&mut g.clone(), 0, Action::Place { c: 10, slot: 2 });
    let mut g = g;
    act(&mut g, 0, Action::Place { c: 10, slot: 2 });
    // Bo's turn: 10 has one diamond, so up to one card.
    act(&mut g, 1, Action::Draw { n: 0 });
    let legal = g.legal_actions(1);
    assert!(legal.contains(&Action::Place { c: 5, slot: 1 }));
    assert!(!legal.contains(&Action::Place { c: 5, slot: 4 }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Place { slot: 0 | 6, .. }))
    );
    let e = refused(&g, 1, Action::Place { c: 6, slot: 0 });
    assert!(e.contains("cannot go face up"), "{e}");
}

#[test]
fn example_2_face_down_then_reveal() {
    // A face-down F next to 25, then a face-up 20 to its left: 20 <= F <= 25.
    for (hidden, loses) in [(30, true), (22, false)] {
        let mut g = setup(
            "beginner",
            &[[hidden, 3, 4], [20, 5, 6]],
            &[11, 12, 13, 14],
            40,
        );
        act(&mut g, 0, Action::Hide { c: hidden, slot: 2 });
        // Face down: Bo may draw until holding 2, and holds 3, so no draw step.
        assert_eq!(g.to_move(), ToMove::Seats(vec![1]));
        assert!(
            g.legal_actions(1)
                .contains(&Action::Place { c: 20, slot: 1 })
        );
        act(&mut g, 1, Action::Place { c: 20, slot: 1 });
        act(&mut g, 0, Action::Draw { n: 0 });
        act(&mut g, 0, Action::Reveal { slot: 2 });
        let o = g.outcome();
        if loses {
            let o = o.expect("a bad reveal ends the game");
            assert!(o.winners.is_empty());
            assert_eq!(
                g.end(),
                Some(End::BadReveal {
                    slot: 2,
                    card: 30,
                    against: 3
                })
            );
            assert_eq!(
                o.note,
                "30 turned up in row 1, slot 3 breaks the order with 25"
            );
            assert_eq!(g.to_move(), ToMove::Over);
        } else {
            assert!(o.is_none(), "22 fits between 20 and 25");
            assert_eq!(g.pyramid().get(2), Slot::Up(22));
            // 22 is a heart in the bottom row: Bo draws nothing.
            assert_eq!(g.to_move(), ToMove::Seats(vec![1]));
            assert!(
                !g.legal_actions(1)
                    .iter()
                    .any(|a| matches!(a, Action::Draw { .. }))
            );
        }
    }
}

#[test]
fn example_2_pyramid_level() {
    let mut p = Pyramid::new(true);
    assert!(p.can_place_down(2));
    p.slots[2] = Slot::Down { card: 30, by: 0 };
    assert!(p.can_place_up(20, 1));
    assert!(!p.can_place_up(26, 1), "26 <= F <= 25 is impossible");
    p.slots[1] = Slot::Up(20);
    assert!(!p.with(2, Slot::Up(30)).consistent());
    assert!(p.with(2, Slot::Up(22)).consistent());
    // Comparisons with a face-down card may be equal: 24 <= F <= 25 holds with F = 24 or 25,
    // but turned up, F must lie strictly between its face-up neighbours.
    let q = pyramid_with(&[]).with(2, Slot::Down { card: 0, by: 1 });
    assert!(q.can_place_up(24, 1));
    assert!(!q.can_place_up(26, 1));
    let r = q.with(1, Slot::Up(24));
    assert!(!r.with(2, Slot::Up(24)).consistent());
    assert!(!r.with(2, Slot::Up(25)).consistent());
    // F between two face-down cards can be anything in order: any integer, even below 1.
    let t = pyramid_with(&[])
        .with(2, Slot::Down { card: 0, by: 0 })
        .with(1, Slot::Down { card: 0, by: 0 })
        .with(0, Slot::Up(1));
    assert!(t.consistent(), "1 <= F1 <= F2 <= 25");
    assert!(
        !t.with(R1 + 2, Slot::Up(26)).consistent(),
        "row 1 over F2 and 25 needs <= 25"
    );
}

#[test]
fn example_3_row_above_between_its_supports() {
    let p = pyramid_with(&[(2, 20)]);
    let slot = R1 + 2;
    assert!(p.can_place_up(22, slot));
    assert!(!p.can_place_up(26, slot));
    assert!(!p.can_place_up(20, slot));
    // Its supports are slots 2 and 3; slot 1 of the row above has only one.
    assert!(!p.has_footing(R1 + 1));
}

#[test]
fn example_4_sum_difference_and_shifts() {
    for (take, extra, ok) in [
        (30, 0, true),
        (6, 0, true),
        (29, 1, true),
        (31, 1, true),
        (5, 1, true),
        (7, 1, true),
        (29, 0, false),
        (31, 0, false),
        (8, 1, false),
        (28, 2, true),
        (30, 2, true),
    ] {
        assert_eq!(
            hotseat::games::couperation::reaches(12, 18, take, extra),
            ok,
            "12 and 18 with {extra} discards to {take}"
        );
    }
}

#[test]
fn example_4_through_the_game() {
    // The reserve holds 1, 50, 30, 31; Ann holds 12, 18 and 40.
    let mut g = setup(
        "beginner",
        &[[12, 18, 40], [5, 6, 8]],
        &[30, 31, 33, 35],
        45,
    );
    let legal = g.legal_actions(0);
    let take = |t: Card, extra: u8| Action::Combine {
        a: 12,
        b: 18,
        take: t,
        slot: 4,
        extra,
    };
    assert!(legal.contains(&take(30, 0)));
    assert!(legal.contains(&take(31, 1)));
    assert!(!legal.contains(&take(31, 0)));
    let e = refused(&g, 0, take(31, 0));
    assert!(e.contains("cannot make 31"), "{e}");
    refused(
        &g,
        0,
        Action::Combine {
            a: 18,
            b: 12,
            take: 30,
            slot: 4,
            extra: 0,
        },
    );
    // The event line says how 12 and 18 make 31: their sum, shifted by the discard.
    let line = g.describe(Actor::Seat(0), &take(31, 1), Viewer::Public);
    assert!(
        line.starts_with("12 + 18 = 30, shifted 1 up to 31: 31 from the reserve"),
        "{line}"
    );
    // 31 with one more card discarded: the discard comes first, then the card goes in.
    act(&mut g, 0, take(31, 1));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Discard { c: 40 }, Action::Discard { c: 45 }]
    );
    refused(&g, 0, Action::Discard { c: 12 });
    act(&mut g, 0, Action::Discard { c: 40 });
    assert_eq!(g.pyramid().get(4), Slot::Up(31));
    assert_eq!(g.hand(0), &[45]);
    assert_eq!(g.reserve(), &[1, 12, 18, 30, 33, 35, 50]);
    // The reserve is over its limit of 6: Ann discards one of it.
    assert!(g.legal_actions(0).contains(&Action::Scrap { c: 35 }));
    act(&mut g, 0, Action::Scrap { c: 35 });
    assert_eq!(g.reserve().len(), 6);
    assert_eq!(g.discards(), 2);
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn example_5_heart_above_diamonds() {
    // Bottom row 10 20 25 40; 13 (one diamond) over 10-20, 24 (two diamonds) over 20-25.
    let p = pyramid_with(&[(1, 10), (2, 20), (4, 40), (R1 + 1, 13), (R1 + 2, 24)]);
    let heart = 13 + 1; // row 2 (the third row), slot 1
    assert!(p.can_place_up(17, heart));
    assert_eq!(mark(17), Some(Mark::Heart));
    assert_eq!(p.draw_allowance(17, heart), 3);
    // A face-down card or a heart below counts 0; a heart in the bottom row draws nothing.
    let q = p.with(R1 + 2, Slot::Down { card: 24, by: 0 });
    assert_eq!(q.draw_allowance(17, heart), 1);
    assert_eq!(p.draw_allowance(22, 2), 0);
    assert_eq!(p.draw_allowance(24, 2), 2);
    assert_eq!(p.draw_allowance(13, 2), 1);
}

#[test]
fn example_5_through_the_game() {
    let mut g = setup(
        "beginner",
        &[[13, 17, 20], [10, 24, 40]],
        &[11, 12, 15, 16],
        3,
    );
    act(&mut g, 0, Action::Place { c: 20, slot: 2 });
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 10, slot: 1 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(
        &mut g,
        0,
        Action::Place {
            c: 13,
            slot: R1 as u8 + 1,
        },
    );
    act(&mut g, 1, Action::Draw { n: 0 });
    act(
        &mut g,
        1,
        Action::Place {
            c: 24,
            slot: R1 as u8 + 2,
        },
    );
    // 24 has two diamonds: Ann may draw up to 2.
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Draw { n: 0 },
            Action::Draw { n: 1 },
            Action::Draw { n: 2 }
        ]
    );
    act(&mut g, 0, Action::Draw { n: 0 });
    act(&mut g, 0, Action::Place { c: 17, slot: 14 });
    assert_eq!(
        g.played(),
        Some(Played::Up {
            seat: 0,
            card: 17,
            slot: 14,
            how: How::Placed,
            allowance: 3
        })
    );
    assert_eq!(g.legal_actions(1).len(), 4, "draw 0 to 3");
    let line = g.describe(Actor::Seat(1), &Action::Draw { n: 3 }, Viewer::Public);
    assert_eq!(line, "draws 3 cards (up to 3 allowed)");
    act(&mut g, 1, Action::Draw { n: 3 });
    for c in [5, 6, 7] {
        deal(&mut g, c);
    }
    assert_eq!(g.hand(1), &[5, 6, 7, 40]);
}

// ---- edge cases ----------------------------------------------------------------------------

#[test]
fn a_player_with_nothing_to_do_loses_for_everyone() {
    let mut g = setup(
        "beginner",
        &[[15, 20, 30], [10, 40, 42]],
        &[11, 12, 13, 14],
        41,
    );
    act(&mut g, 0, Action::Place { c: 20, slot: 2 });
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 10, slot: 1 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(
        &mut g,
        0,
        Action::Place {
            c: 15,
            slot: R1 as u8 + 1,
        },
    );
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 40, slot: 4 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(
        &mut g,
        0,
        Action::Place {
            c: 30,
            slot: R1 as u8 + 3,
        },
    );
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 42, slot: 5 });
    // 42 is a heart in the bottom row: Ann draws nothing and plays her last card.
    let hide = |slot: u8| Action::Hide { c: 41, slot };
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Place { c: 41, slot: 11 },
            hide(0),
            hide(6),
            hide(9),
            hide(11)
        ]
    );
    act(
        &mut g,
        0,
        Action::Place {
            c: 41,
            slot: R1 as u8 + 4,
        },
    );
    assert!(g.hand(1).is_empty());
    act(&mut g, 1, Action::Draw { n: 0 });
    assert_eq!(g.end(), Some(End::Stuck { seat: 1 }));
    let o = g.outcome().expect("over");
    assert!(o.winners.is_empty());
    assert_eq!(o.scores, vec![8, 8], "every seat gets the face-up count");
    assert!(
        hotseat::engine::name_seats(&o.note, &[]).contains("player 2 had no legal action"),
        "{}",
        o.note
    );
}

#[test]
fn face_down_lets_the_next_player_fill_up_to_two() {
    let mut g = setup(
        "beginner",
        &[[20, 30, 33], [10, 40, 42]],
        &[11, 12, 13, 14],
        41,
    );
    act(&mut g, 0, Action::Place { c: 20, slot: 2 });
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 10, slot: 1 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(&mut g, 0, Action::Hide { c: 30, slot: 4 });
    // Bo holds 2: nothing to draw.
    assert!(
        !g.legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::Draw { .. }))
    );
    act(&mut g, 1, Action::Place { c: 40, slot: 5 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(&mut g, 0, Action::Hide { c: 33, slot: 6 });
    // Bo holds 1 now: up to 1.
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Draw { n: 0 }, Action::Draw { n: 1 }]
    );
}

#[test]
fn the_finish_card() {
    let mut g = Couperation::new(&options("standard", "1"), 2).expect("setup");
    for c in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] {
        deal(&mut g, c);
    }
    // 37 cards left: the finish card lies among the top 19, so the first draw is the finish
    // card with chance 1/19: weights 37 for it against 18 for each glass card.
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 38);
    assert_eq!(outcomes[0], (Action::Deal { c: FINISH }, 37));
    assert!(outcomes[1..].iter().all(|(_, w)| *w == 18));
    assert_eq!(g.deck_count(), 38);
    deal(&mut g, FINISH);
    assert_eq!(g.finish(), FinishAt::Front(0));
    assert_eq!(g.to_move(), ToMove::Chance, "one more draw in its place");
    assert!(
        g.chance_outcomes()
            .iter()
            .all(|(a, _)| *a != Action::Deal { c: FINISH })
    );
    deal(&mut g, 12);
    assert_eq!(g.hand(0), &[2, 3, 4, 12]);
    let e = refused(&g, 0, Action::Hide { c: FINISH, slot: 2 });
    assert!(e.contains("finish card may not go face down"), "{e}");
    refused(&g, 0, Action::Place { c: FINISH, slot: 2 });
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Place { c: FINISH, .. }))
    );
    // The finish card stands for any number: with 2 it makes any reserve card.
    assert!(g.legal_actions(0).contains(&Action::Combine {
        a: FINISH,
        b: 2,
        take: 9,
        slot: 2,
        extra: 0
    }));
    let view = g.view(Viewer::Seat(1));
    assert!(view.seats[0].finish, "the finish card is public");
    assert_eq!(view.seats[0].cards, None);
    // Playing 4 leaves 3 glass cards: no tidy-up, the finish card does not count.
    act(&mut g, 0, Action::Place { c: 4, slot: 2 });
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn finish_card_in_the_reserve_counts_toward_its_limit_and_is_never_scrapped() {
    let mut g = Couperation::new(&options("standard", "1"), 2).expect("setup");
    for c in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] {
        deal(&mut g, c);
    }
    deal(&mut g, FINISH);
    deal(&mut g, 12);
    assert_eq!(g.reserve(), &[1, 8, 9, 10, 11, 50]);
    // The finish card and 2 make the reserve's 9, which goes next to 25.
    act(
        &mut g,
        0,
        Action::Combine {
            a: FINISH,
            b: 2,
            take: 9,
            slot: 2,
            extra: 0,
        },
    );
    assert_eq!(g.pyramid().get(2), Slot::Up(9));
    assert_eq!(g.finish(), FinishAt::Reserve);
    assert_eq!(g.hand(0), &[3, 4, 12]);
    // Six glass cards and the finish card: one over the limit of 6, and only glass may go.
    assert_eq!(g.reserve(), &[1, 2, 8, 10, 11, 50]);
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Scrap { c: 1 },
            Action::Scrap { c: 2 },
            Action::Scrap { c: 8 },
            Action::Scrap { c: 10 },
            Action::Scrap { c: 11 },
            Action::Scrap { c: 50 }
        ]
    );
    let e = refused(&g, 0, Action::Scrap { c: FINISH });
    assert!(e.contains("not a glass card in the reserve"), "{e}");
    act(&mut g, 0, Action::Scrap { c: 11 });
    assert_eq!(g.reserve(), &[1, 2, 8, 10, 50]);
    assert_eq!(g.finish(), FinishAt::Reserve);
    assert_eq!(g.discards(), 1);
    // 9 has two diamonds: Bo may draw up to 2.
    assert_eq!(g.turn(), Some(1));
    assert_eq!(
        g.legal_actions(1),
        vec![
            Action::Draw { n: 0 },
            Action::Draw { n: 1 },
            Action::Draw { n: 2 }
        ]
    );
    act(&mut g, 1, Action::Draw { n: 0 });
    // Bo may take the finish card from the reserve only for the top, which has no footing.
    assert!(
        !g.legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::Combine { take: FINISH, .. }))
    );
}

#[test]
fn a_bad_reveal_scores_the_face_up_cards_without_the_breaker() {
    let mut g = setup("beginner", &[[30, 3, 4], [20, 5, 6]], &[11, 12, 13, 14], 40);
    act(&mut g, 0, Action::Hide { c: 30, slot: 2 });
    act(&mut g, 1, Action::Place { c: 20, slot: 1 });
    act(&mut g, 0, Action::Draw { n: 0 });
    act(&mut g, 0, Action::Reveal { slot: 2 });
    // 25, 20 and the 30 turned up are face up; the 30 broke the order and does not count.
    assert_eq!(g.pyramid().face_up(), 3);
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![2, 2]);
    assert!(o.winners.is_empty());
    assert!(g.legal_actions(0).is_empty() && g.legal_actions(1).is_empty());
}

#[test]
fn finish_only_on_top_and_never_discarded() {
    let mut p = Pyramid::new(true);
    for (s, c) in [(0, 5), (1, 10), (2, 15), (4, 30), (5, 35), (6, 40)] {
        p.slots[s] = Slot::Up(c);
    }
    assert!(!p.can_place_up(FINISH, 3 + R1));
    assert!(!p.has_footing(TOP));
    let mut top = p;
    top.slots[25] = Slot::Down { card: 1, by: 0 };
    top.slots[26] = Slot::Down { card: 2, by: 0 };
    assert!(top.can_place_up(FINISH, TOP));
    assert!(!top.can_place_up(30, TOP), "standard: glass never on top");
    assert!(!top.can_place_down(TOP));
    let mut beginner = top;
    beginner.finish_on_top = false;
    assert!(beginner.can_place_up(30, TOP));
    assert!(!beginner.can_place_up(FINISH, TOP));
}

#[test]
fn tidy_up_discards_down_to_three() {
    let mut g = setup(
        "beginner",
        &[[20, 30, 33], [10, 24, 42]],
        &[11, 12, 13, 14],
        41,
    );
    act(&mut g, 0, Action::Place { c: 20, slot: 2 });
    act(&mut g, 1, Action::Draw { n: 0 });
    act(
        &mut g,
        1,
        Action::Place {
            c: 24,
            slot: R1 as u8 + 2,
        },
    );
    // 24 has two diamonds.
    act(&mut g, 0, Action::Draw { n: 2 });
    deal(&mut g, 44);
    deal(&mut g, 45);
    assert_eq!(g.hand(0), &[30, 33, 41, 44, 45]);
    act(&mut g, 0, Action::Place { c: 30, slot: 4 });
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Discard { c: 33 },
            Action::Discard { c: 41 },
            Action::Discard { c: 44 },
            Action::Discard { c: 45 }
        ]
    );
    let seen = g.describe(Actor::Seat(0), &Action::Discard { c: 45 }, Viewer::Seat(1));
    assert_eq!(seen, "discards a card (more than 3 in hand)");
    let own = g.describe(Actor::Seat(0), &Action::Discard { c: 45 }, Viewer::Seat(0));
    assert_eq!(own, "discards 45 (more than 3 in hand)");
    act(&mut g, 0, Action::Discard { c: 45 });
    assert_eq!(g.hand(0), &[33, 41, 44]);
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn refusals() {
    let g = setup(
        "beginner",
        &[[20, 30, 33], [10, 24, 42]],
        &[11, 12, 13, 14],
        41,
    );
    assert!(refused(&g, 1, Action::Place { c: 10, slot: 2 }).contains("not player 2's turn"));
    refused(&g, 0, Action::Place { c: 10, slot: 2 });
    refused(&g, 0, Action::Place { c: 20, slot: 200 });
    refused(&g, 0, Action::Place { c: 30, slot: 2 });
    refused(&g, 0, Action::Reveal { slot: 3 });
    refused(&g, 0, Action::Reveal { slot: 2 });
    refused(&g, 0, Action::Draw { n: 1 });
    refused(&g, 0, Action::Discard { c: 20 });
    refused(&g, 0, Action::Scrap { c: 11 });
    refused(&g, 0, Action::Deal { c: 5 });
    let mut probe = g.clone();
    assert!(
        probe
            .apply(Actor::Chance, &Action::Place { c: 20, slot: 2 })
            .is_err()
    );
    assert!(probe.apply(Actor::Chance, &Action::Deal { c: 20 }).is_err());
    let mut g = g;
    act(&mut g, 0, Action::Place { c: 20, slot: 2 });
    assert!(refused(&g, 1, Action::Draw { n: 2 }).contains("at most 1"));
    // Setup refusals.
    assert!(Couperation::new(&options("standard", "5"), 4).is_err());
    assert!(Couperation::new(&options("expert", "1"), 2).is_err());
    assert!(Couperation::new(&options("standard", "1"), 5).is_err());
    assert!(Couperation::new(&options("standard", "1"), 1).is_err());
}

#[test]
fn reserve_sizes_by_player_count() {
    for (players, size) in [(2, 6), (3, 5), (4, 4)] {
        let mut g = Couperation::new(&options("beginner", "1"), players).expect("setup");
        let mut n = 0;
        while g.turn().is_none() {
            let (a, _) = g.chance_outcomes()[0];
            g.apply(Actor::Chance, &a).expect("deal");
            n += 1;
        }
        assert_eq!(n, 3 * players + size - 2);
        assert_eq!(g.reserve().len(), size);
        assert_eq!(g.reserve()[0], 1);
        assert_eq!(g.reserve()[size - 1], 50);
        assert_eq!(g.pyramid().get(3), Slot::Up(25));
        assert_eq!(g.deck_count(), 47 - 3 * players - (size - 2));
    }
}

#[test]
fn hands_and_face_down_cards_stay_private() {
    let mut g = setup(
        "beginner",
        &[[20, 30, 33], [10, 24, 42]],
        &[11, 12, 13, 14],
        41,
    );
    act(&mut g, 0, Action::Hide { c: 20, slot: 2 });
    let bo = g.view(Viewer::Seat(1));
    assert_eq!(bo.pyramid[2], SlotView::Down { by: 0, known: None });
    assert_eq!(bo.seats[0].cards, None);
    assert_eq!(bo.seats[0].count, 3);
    assert_eq!(bo.seats[1].cards.as_deref(), Some(&[10, 24, 42][..]));
    let ann = g.view(Viewer::Seat(0));
    assert_eq!(
        ann.pyramid[2],
        SlotView::Down {
            by: 0,
            known: Some(20)
        }
    );
    let public = g.view(Viewer::Public);
    assert!(public.seats.iter().all(|s| s.cards.is_none()));
    // Bo's view does not change when Ann's secrets do.
    for salt in 0..20 {
        assert_eq!(
            g.vary_hidden(Viewer::Seat(1), salt).view(Viewer::Seat(1)),
            bo
        );
    }
    assert!(
        g.describe(
            Actor::Seat(1),
            &Action::Hide { c: 42, slot: 4 },
            Viewer::Seat(0)
        )
        .starts_with("places a card face down")
    );
}

#[test]
fn draws_are_private_to_the_drawer() {
    let mut g = Couperation::new(&options("beginner", "2"), 2).expect("setup");
    for c in [2, 3, 4, 5, 6, 8] {
        let dealt = g.describe(Actor::Chance, &Action::Deal { c }, Viewer::Seat(1));
        let owner = if [2, 3, 4].contains(&c) { 0 } else { 1 };
        if owner == 1 {
            assert_eq!(dealt, format!("you are dealt {c}"));
        } else {
            assert_eq!(dealt, "");
        }
        deal(&mut g, c);
    }
    for c in [9, 10, 11, 13] {
        deal(&mut g, c);
    }
    assert_eq!(g.turn(), Some(1), "seat 2 starts by the options");
    let names = ["Ann".to_string(), "Bo".to_string()];
    let d = |v| {
        hotseat::engine::name_seats(
            &g.describe(Actor::Chance, &Action::Deal { c: 44 }, v),
            &names,
        )
    };
    assert_eq!(d(Viewer::Seat(1)), "you draw 44");
    assert_eq!(d(Viewer::Seat(0)), "Bo draws a card");
    assert_eq!(d(Viewer::Public), "Bo draws a card");
    assert_eq!(d(Viewer::Omniscient), "Bo draws 44");
}

#[test]
fn combine_can_replace_a_card_in_the_pyramid() {
    // Ann puts 30 next to 25; later 15 + 16 = 31 replaces it, and 30 comes back to her hand.
    let mut g = setup(
        "beginner",
        &[[15, 16, 30], [10, 24, 42]],
        &[31, 32, 33, 34],
        41,
    );
    act(&mut g, 0, Action::Place { c: 30, slot: 4 });
    act(&mut g, 1, Action::Draw { n: 0 });
    act(&mut g, 1, Action::Place { c: 10, slot: 2 });
    act(&mut g, 0, Action::Draw { n: 0 });
    let swap = Action::Combine {
        a: 15,
        b: 16,
        take: 31,
        slot: 4,
        extra: 0,
    };
    assert!(g.legal_actions(0).contains(&swap));
    // 33 cannot replace 25 (it must stay below 30 and above 10): no such option.
    assert!(!g.legal_actions(0).iter().any(|a| matches!(
        a,
        Action::Combine {
            take: 33,
            slot: 3,
            ..
        }
    )));
    act(&mut g, 0, swap);
    assert_eq!(g.pyramid().get(4), Slot::Up(31));
    assert_eq!(g.hand(0), &[30, 41]);
    assert_eq!(g.reserve(), &[1, 15, 16, 32, 33, 34, 50]);
    assert!(g.undoable(0, &swap));
}

#[test]
fn aliases_find_the_game() {
    for name in ["couperation", "coupenation", "coupe"] {
        let g = hotseat::registry::find(name).expect(name);
        assert_eq!(g.id(), "couperation");
    }
    assert!(hotseat::registry::find("coup").is_none());
    assert!(hotseat::registry::find("pocket").is_some_and(|g| g.aliases().is_empty()));
}

/// Builder bots, each seeing only its own view, play whole games: every game ends, a win has
/// the pyramid complete and face up, and the builders win some games.
#[test]
fn builder_playouts() {
    let mut wins = 0;
    for mode in ["standard", "beginner"] {
        for players in 2..=4 {
            for seed in 0..30u64 {
                let mut m = Match::<Couperation>::new(Setup {
                    options: options(mode, "random"),
                    players: (0..players)
                        .map(|i| hotseat::engine::log::PlayerEntry::human(format!("P{i}")))
                        .collect(),
                    seed,
                    started: "test".into(),
                })
                .expect("setup");
                let mut seats: Vec<_> = (0..players)
                    .map(|i| {
                        Box::new(bots::Builder::new(
                            seed * 10 + i as u64,
                            hotseat::bots::Level::Hard,
                        )) as Box<dyn hotseat::engine::Bot<Couperation>>
                    })
                    .collect();
                for _ in 0..2000 {
                    m.run_chance().expect("chance");
                    let ToMove::Seats(s) = m.to_move() else { break };
                    let seat = s[0];
                    let legal = m.state.legal_actions(seat);
                    let a = seats[seat].choose(seat, &m.state.view(Viewer::Seat(seat)), &legal);
                    m.apply(Actor::Seat(seat), a, None)
                        .expect("bot move is legal");
                }
                let o = m.state.outcome().expect("the game ended");
                if !o.winners.is_empty() {
                    wins += 1;
                    assert_eq!(o.winners.len(), players);
                    assert!(m.state.pyramid().complete());
                    assert_eq!(o.scores[0], 28);
                    if mode == "standard" {
                        assert_eq!(m.state.pyramid().get(TOP), Slot::Up(FINISH));
                    }
                }
            }
        }
    }
    assert!(wins >= 20, "builders won {wins} of 180");
}

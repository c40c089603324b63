//! Kokoro rules: the rulings' examples, connection, decrees, the simultaneous turn, peeking,
//! illegal actions and seeded random playouts.

use crate::common::RunChance;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::{Actor, Game, Match, Options, ToMove, Viewer};
use hotseat::games::kokoro::cards::{self, BOTTOM, LEFT, RIGHT, TOP};
use hotseat::games::kokoro::chain::{chains, ends_off_mat, is_loop};
use hotseat::games::kokoro::mats::{self, BLUE, PINK, Side};
use hotseat::games::kokoro::scoring::{
    self, features_on, sanctuary_chain, score_decree, score_sanctuary, score_sheet,
};
use hotseat::games::kokoro::{
    Action, Choice, Decree, Kokoro, Mat, SpaceSet, chain_from, legal_spaces,
};

fn setup(players: usize, side: &str, decree: &str, seed: u64) -> Setup {
    let mut options = Options::new();
    options.insert("side".into(), side.into());
    options.insert("decree".into(), decree.into());
    Setup {
        options,
        players: (0..players)
            .map(|i| PlayerEntry::human(format!("P{i}")))
            .collect(),
        seed,
        started: "2026-01-01T00:00:00Z".into(),
    }
}

fn new_match(players: usize, side: &str, decree: &str) -> Match<Kokoro> {
    Match::new(setup(players, side, decree, 1)).expect("valid setup")
}

fn chance(m: &mut Match<Kokoro>, a: Action) {
    m.apply(Actor::Chance, a, None)
        .unwrap_or_else(|e| panic!("chance {a:?}: {e}"));
}

fn mat_with(paths: &[(u8, u8)]) -> Mat {
    let mut m = Mat::default();
    for &(space, number) in paths {
        m.paths[space as usize] = number;
    }
    m
}

fn set(spaces: &[u8]) -> SpaceSet {
    let mut s = SpaceSet::EMPTY;
    for &x in spaces {
        s.insert(x);
    }
    s
}

fn fix_if_needed(m: &mut Match<Kokoro>, next: Option<char>) {
    if m.to_move() != ToMove::Chance {
        return;
    }
    let outs = m.state.chance_outcomes();
    if let Some((Action::FixTopSanctuary { .. }, _)) = outs.first() {
        let letter = next.unwrap_or_else(|| match outs[0].0 {
            Action::FixTopSanctuary { letter } => letter,
            _ => unreachable!(),
        });
        chance(m, Action::FixTopSanctuary { letter });
    }
}

/// One turn: reveal the card, then every seat draws where `draws` says or peeks.
fn turn(
    m: &mut Match<Kokoro>,
    number: u8,
    golden: bool,
    draws: &[(usize, u8)],
    next: Option<char>,
) {
    chance(m, Action::RevealPath { number, golden });
    for seat in 0..m.state.player_count() {
        let action = match draws.iter().find(|d| d.0 == seat) {
            Some(&(_, space)) => Action::Draw {
                space,
                mirrored: false,
            },
            None => Action::Peek,
        };
        m.apply(Actor::Seat(seat), action, None)
            .unwrap_or_else(|e| panic!("seat {seat} {action:?}: {e}"));
        fix_if_needed(m, next);
    }
}

/// A whole round: reveal `letter`, one turn per `(seat, number, space)` (plain cards while there
/// are any, so the round does not end early), then golden cards that everyone peeks on. A peek
/// settles the top card as `next`.
fn play_round(m: &mut Match<Kokoro>, letter: char, next: Option<char>, draws: &[(usize, u8, u8)]) {
    let done = m.view(Viewer::Public).rounds_done;
    chance(m, Action::RevealSanctuary { letter });
    for &(seat, number, space) in draws {
        let left = m.view(Viewer::Public).deck_left[number as usize - 1];
        let golden = left[0] == 0;
        assert!(m.view(Viewer::Public).golden < 3 || !golden);
        turn(m, number, golden, &[(seat, space)], next);
    }
    while m.view(Viewer::Public).rounds_done == done {
        let left = m.view(Viewer::Public).deck_left;
        // Corner cards first, so the straight ones stay for the scripted draws.
        let n = (1..=4u8)
            .chain(5..=6)
            .find(|&n| left[n as usize - 1][1] > 0)
            .expect("golden cards left");
        turn(m, n, true, &[], next);
    }
}

// ── data ──────────────────────────────────────────────────────────────────────────────────────

#[test]
fn mats_match_the_rulings() {
    for side in [&BLUE, &PINK] {
        let cat: u32 = side.iter().map(|p| u32::from(p.caterpillars)).sum();
        let flo: u32 = side.iter().map(|p| u32::from(p.flowers)).sum();
        assert_eq!((cat, flo), (24, 24));
        let letters: Vec<char> = side.iter().filter_map(|p| p.sanctuary).collect();
        assert_eq!(letters.len(), 6);
    }
    for (letter, space) in [
        ('A', 4),
        ('B', 14),
        ('C', 23),
        ('D', 18),
        ('E', 27),
        ('F', 37),
    ] {
        assert_eq!(mats::sanctuary_space(Side::Blue, letter), Some(space));
    }
    for (letter, space) in [
        ('A', 1),
        ('B', 10),
        ('C', 14),
        ('D', 24),
        ('E', 28),
        ('F', 38),
    ] {
        assert_eq!(mats::sanctuary_space(Side::Pink, letter), Some(space));
    }
    let numbers: Vec<u8> = (1..=10).filter_map(mats::numbered_space).collect();
    assert_eq!(numbers, vec![3, 5, 6, 17, 19, 21, 32, 35, 36, 40]);
    assert_eq!(BLUE[0].guardian, Some(mats::Guardian::Caterpillar));
    assert_eq!(BLUE[41].guardian, Some(mats::Guardian::Flower));
    assert!(PINK.iter().all(|p| p.guardian.is_none()));
    assert_eq!(BLUE[15].caterpillars, 2);
    assert_eq!(BLUE[15].flowers, 1);
    assert_eq!(PINK[12].flowers, 2);
}

#[test]
fn path_deck_has_22_golden_and_20_plain() {
    let golden: u32 = cards::PATHS.iter().map(|k| u32::from(k.golden)).sum();
    let plain: u32 = cards::PATHS.iter().map(|k| u32::from(k.plain)).sum();
    assert_eq!((golden, plain), (22, 20));
    assert_eq!(cards::segment_edges(1), TOP | LEFT);
    assert_eq!(cards::segment_edges(2), TOP | RIGHT);
    assert_eq!(cards::segment_edges(3), RIGHT | BOTTOM);
    assert_eq!(cards::segment_edges(4), BOTTOM | LEFT);
    assert_eq!(cards::segment_edges(5), LEFT | RIGHT);
    assert_eq!(cards::segment_edges(6), TOP | BOTTOM);
    assert_eq!(cards::segment_edges(0), 0);
    assert_eq!(cards::segment_edges(7), 0);
    let glyphs: String = (1..=6).map(cards::glyph).collect();
    assert_eq!(glyphs, "┘└┌┐─│");
}

// ── the rulings' examples ─────────────────────────────────────────────────────────────────────

/// Examples 1, 2 and 5 in one solo game on the blue side: E then A both reach 5 (A scores 0),
/// D needs only 1, C is left bare (0), F scores; guardians 3 + 3; two zeros cost 10.
#[test]
fn examples_1_2_5_must_beat_guardians_and_penalties() {
    let mut m = new_match(1, "blue", "none");
    // E: r4c3 │, r3c3 │ (c1f1), r2c3 │ (c2f1) = 5; the caterpillar guardian r0c0 ┌ with
    // r0c1 ─ (c1f1) and r1c0 │ (c2) = 3 caterpillars.
    play_round(
        &mut m,
        'E',
        Some('A'),
        &[
            (0, 6, 27),
            (0, 6, 21),
            (0, 6, 15),
            (0, 3, 0),
            (0, 5, 1),
            (0, 6, 6),
        ],
    );
    let r = &m.state.records()[0];
    assert_eq!(
        (r.sanctuary, r.players[0].count, r.players[0].box_value),
        ('E', 5, 5)
    );
    assert_eq!(r.players[0].chain, set(&[15, 21, 27]));
    // A: r0c4 ┐, r0c3 ─ (f1), r1c4 │ (c1f1), r2c4 ┘ (c1f1) = 5, not more than 5.
    play_round(
        &mut m,
        'A',
        Some('D'),
        &[(0, 4, 4), (0, 5, 3), (0, 6, 10), (0, 1, 16)],
    );
    let r = &m.state.records()[1];
    assert_eq!(r.players[0].count, 5);
    assert_eq!(r.players[0].previous_box, 5);
    assert_eq!(r.players[0].box_value, 0);
    assert!(r.players[0].zeroed);
    // D: r3c0 ┌ and r3c1 ─ (f2) = 2, which beats the 0 before it.
    play_round(&mut m, 'D', Some('C'), &[(0, 3, 18), (0, 5, 19)]);
    let r = &m.state.records()[2];
    assert_eq!(
        (
            r.players[0].count,
            r.players[0].previous_box,
            r.players[0].box_value
        ),
        (2, 0, 2)
    );
    // C: no path on its space. The flower guardian r6c5 ┘ with r5c5 │ (f1), r6c4 ─ (f2).
    play_round(
        &mut m,
        'C',
        Some('F'),
        &[(0, 1, 41), (0, 6, 35), (0, 5, 40)],
    );
    let r = &m.state.records()[3];
    assert_eq!(
        (
            r.players[0].count,
            r.players[0].box_value,
            r.players[0].zeroed
        ),
        (0, 0, false)
    );
    assert!(r.players[0].chain.is_empty());
    assert!(m.state.outcome().is_none());
    // F: r6c1 ─ and r6c0 ─ (c2) = 2 > 0.
    play_round(&mut m, 'F', None, &[(0, 5, 37), (0, 5, 36)]);
    let sheet = m.view(Viewer::Public).sheets[0];
    assert_eq!(sheet.boxes, [Some(5), Some(0), Some(2), Some(0), Some(2)]);
    assert_eq!((sheet.caterpillar_guardian, sheet.flower_guardian), (3, 3));
    assert_eq!((sheet.zeros, sheet.penalty, sheet.decree), (2, -10, 0));
    assert_eq!(sheet.total, 9 + 6 - 10);
    let out = m.state.outcome().expect("over after round 5");
    assert_eq!(out.scores, vec![5]);
    assert_eq!(out.winners, vec![0]);
    assert!(m.is_over());
}

#[test]
fn example_1_must_beat_rule() {
    assert_eq!(score_sanctuary(5, 0), 5);
    assert_eq!(score_sanctuary(5, 5), 0);
    assert_eq!(score_sanctuary(1, 0), 1);
    assert_eq!(score_sanctuary(4, 5), 0);
    assert_eq!(score_sanctuary(0, 0), 0);
}

#[test]
fn example_2_unscored_first_sanctuary_costs_5() {
    let mut m = new_match(1, "blue", "none");
    play_round(&mut m, 'B', None, &[(0, 5, 0)]);
    let v = m.view(Viewer::Public);
    assert_eq!(v.sheets[0].boxes[0], Some(0));
    assert_eq!((v.sheets[0].zeros, v.sheets[0].penalty), (1, -5));
    assert_eq!(v.sheets[0].total, -5);
    // Same with gentle-start: no penalty for that first 0.
    let mut m = new_match(1, "blue", "gentle-start");
    play_round(&mut m, 'B', None, &[(0, 5, 0)]);
    let v = m.view(Viewer::Public);
    assert_eq!((v.sheets[0].zeros, v.sheets[0].total), (0, 0));
}

#[test]
fn example_3_feature_in_pathless_space_not_counted() {
    // E (r4c3) ─ points left into r4c2 (c2) and right into r4c4 (c2), both without a path.
    let mat = mat_with(&[(27, 5)]);
    assert_eq!(chain_from(&mat, 27), set(&[27]));
    assert_eq!(sanctuary_chain(Side::Blue, &mat, 'E').1, 0);
    // Drawing r4c2 ─ joins it; r4c4 still only pointed at.
    let mat = mat_with(&[(27, 5), (26, 5)]);
    assert_eq!(sanctuary_chain(Side::Blue, &mat, 'E'), (set(&[26, 27]), 2));
}

#[test]
fn example_4_loop_counts_each_space_once() {
    // B (r2c2) ┌, r2c3 ┐ (c2f1), r3c3 ┘ (c1f1), r3c2 └ (blank).
    let mat = mat_with(&[(14, 3), (15, 4), (21, 1), (20, 2)]);
    let (chain, count) = sanctuary_chain(Side::Blue, &mat, 'B');
    assert_eq!(chain, set(&[14, 15, 20, 21]));
    assert_eq!(count, 5);
    assert!(is_loop(&mat, chain));
    // Every member of the loop gives the same chain.
    for s in [15, 20, 21] {
        assert_eq!(chain_from(&mat, s), chain);
    }
}

#[test]
fn example_5_final_score_with_guardian_rows_and_two_zeros() {
    // Caterpillar guardian r0c0 ┌ with r0c1 ─ (c1f1) and r1c0 │ (c2): 3 caterpillars (the
    // flower on r0c1 does not count for it). Flower guardian r6c5 ┘ with r5c5 │ (f1) and r6c4 ─
    // (f2): 3 flowers.
    let mat = mat_with(&[(0, 3), (1, 5), (6, 6), (41, 1), (35, 6), (40, 5)]);
    let sheet = score_sheet(
        [Some(3), Some(0), Some(4), Some(0), Some(6)],
        None,
        Side::Blue,
        &mat,
        mats::BLUE_GUARDIANS,
        None,
    );
    assert_eq!((sheet.caterpillar_guardian, sheet.flower_guardian), (3, 3));
    assert_eq!((sheet.zeros, sheet.penalty), (2, -10));
    assert_eq!(sheet.total, 13 + 3 + 3 - 10);
}

// ── connection ────────────────────────────────────────────────────────────────────────────────

#[test]
fn chains_run_through_sanctuaries_and_guardians() {
    // r0c3 ─ (f1), A r0c4 ─, r0c5 ┐ (blank), r1c5 ┘ (c1f2), r1c4 ─ (c1f1), r1c3 ─ (blank).
    let mat = mat_with(&[(3, 5), (4, 5), (5, 4), (11, 1), (10, 5), (9, 5)]);
    let chain = chain_from(&mat, 3);
    assert_eq!(chain, set(&[3, 4, 5, 9, 10, 11]));
    assert_eq!(features_on(Side::Blue, chain), 1 + 3 + 2);
    assert_eq!(sanctuary_chain(Side::Blue, &mat, 'A'), (chain, 6));
    // Through the caterpillar guardian r0c0 ┌: r1c0 (c2) below and r0c1 (c1f1) to the right.
    let mat = mat_with(&[(6, 6), (0, 3), (1, 5), (2, 4), (8, 6)]);
    let chain = chain_from(&mat, 6);
    assert_eq!(chain, set(&[0, 1, 2, 6, 8]));
    let (cat, _) = scoring::score_guardians(Side::Blue, &mat, mats::BLUE_GUARDIANS);
    assert_eq!(cat, 2 + 1);
}

#[test]
fn neighbours_join_only_when_both_ends_meet() {
    // r2c3 ─ and r2c4 │ are neighbours but │ has no left end.
    let mat = mat_with(&[(15, 5), (16, 6)]);
    assert_eq!(chain_from(&mat, 15), set(&[15]));
    // r2c3 ─ and r3c3 ─ are stacked, but neither has an end on the shared edge.
    let mat = mat_with(&[(15, 5), (21, 5)]);
    assert_eq!(chain_from(&mat, 15), set(&[15]));
    // An empty space has no chain at all.
    assert!(chain_from(&Mat::default(), 15).is_empty());
    // Off-mat spaces are safe to ask about.
    assert!(chain_from(&mat, 200).is_empty());
    // A path pointing into a pathless sanctuary does not reach it.
    let mat = mat_with(&[(26, 5)]);
    assert_eq!(sanctuary_chain(Side::Blue, &mat, 'E'), (SpaceSet::EMPTY, 0));
}

// ── decrees ───────────────────────────────────────────────────────────────────────────────────

#[test]
fn decree_scores() {
    let g = mats::BLUE_GUARDIANS;
    // long-road: a row of 12 needs two rows joined: r0 and r1 as one snake.
    let snake = mat_with(&[
        (0, 5),
        (1, 5),
        (2, 5),
        (3, 5),
        (4, 5),
        (5, 4),
        (11, 1),
        (10, 5),
        (9, 5),
        (8, 5),
        (7, 5),
        (6, 5),
    ]);
    assert_eq!(chains(&snake).len(), 1);
    assert_eq!(
        score_decree(Some(Decree::LongRoad), Side::Blue, &snake, g, None),
        3
    );
    let mut short = snake;
    short.paths[6] = 0;
    assert_eq!(
        score_decree(Some(Decree::LongRoad), Side::Blue, &short, g, None),
        0
    );
    // tidy-edges: the snake's ends both run off the left edge.
    assert_eq!(ends_off_mat(&snake), 2);
    assert_eq!(
        score_decree(Some(Decree::TidyEdges), Side::Blue, &snake, g, None),
        -2
    );
    let corner = mat_with(&[(0, 1)]);
    assert_eq!(
        score_decree(Some(Decree::TidyEdges), Side::Blue, &corner, g, None),
        -2
    );
    // closed-circle: two loops, and an open line that does not count.
    let loops = mat_with(&[
        (14, 3),
        (15, 4),
        (21, 1),
        (20, 2),
        (30, 3),
        (31, 4),
        (37, 1),
        (36, 2),
        (4, 5),
    ]);
    assert_eq!(
        score_decree(Some(Decree::ClosedCircle), Side::Blue, &loops, g, None),
        6
    );
    // forgotten-shrine: the unscored B's chain holds 5, half rounded down is 2.
    assert_eq!(
        score_decree(
            Some(Decree::ForgottenShrine),
            Side::Blue,
            &loops,
            g,
            Some('B')
        ),
        2
    );
    assert_eq!(
        score_decree(Some(Decree::ForgottenShrine), Side::Blue, &loops, g, None),
        0
    );
    // pilgrimage: the caterpillar guardian r0c0 ┌ down to D: r1c0 │, r2c0 │, D r3c0 │; the
    // flower guardian alone. One sanctuary.
    let pilgrim = mat_with(&[(0, 3), (6, 6), (12, 6), (18, 6), (41, 1)]);
    assert_eq!(
        score_decree(Some(Decree::Pilgrimage), Side::Blue, &pilgrim, g, None),
        1
    );
    // The other decrees add nothing at the end.
    for d in [Decree::GentleStart, Decree::MirrorPool, Decree::SacredGrove] {
        assert_eq!(score_decree(Some(d), Side::Blue, &snake, g, Some('B')), 0);
    }
    // gentle-start spares only the first box.
    let s = score_sheet(
        [Some(0), Some(0), Some(1), Some(2), Some(3)],
        Some(Decree::GentleStart),
        Side::Blue,
        &Mat::default(),
        g,
        None,
    );
    assert_eq!((s.zeros, s.total), (1, 6 - 5));
}

#[test]
fn decree_side_restrictions() {
    let err = Match::<Kokoro>::new(setup(2, "blue", "sacred-grove", 1)).unwrap_err();
    assert!(err.contains("pink"), "{err}");
    assert!(Match::<Kokoro>::new(setup(2, "pink", "sacred-grove", 1)).is_ok());
    // random on blue never offers sacred-grove; on pink it offers all eight.
    let m = new_match(2, "blue", "random");
    let outs = m.state.chance_outcomes();
    assert_eq!(outs.len(), 7);
    assert!(!outs.iter().any(|(a, _)| *a
        == Action::DrawDecree {
            decree: Decree::SacredGrove
        }));
    let mut m = new_match(2, "pink", "random");
    chance(&mut m, Action::RollGuardian { number: 1 });
    chance(&mut m, Action::RollGuardian { number: 2 });
    assert_eq!(m.state.chance_outcomes().len(), 8);
    chance(
        &mut m,
        Action::DrawDecree {
            decree: Decree::SacredGrove,
        },
    );
    // The grove roll then follows, never on a guardian's number.
    let outs: Vec<Action> = m.state.chance_outcomes().into_iter().map(|o| o.0).collect();
    assert_eq!(
        outs,
        (3..=10)
            .map(|number| Action::RollGrove { number })
            .collect::<Vec<_>>()
    );
    assert!(
        m.apply(Actor::Chance, Action::RollGrove { number: 1 }, None)
            .is_err()
    );
    chance(&mut m, Action::RollGrove { number: 3 });
    assert_eq!(m.view(Viewer::Public).grove, Some(6));
    assert_eq!(m.state.decree(), Some(Decree::SacredGrove));
}

#[test]
fn sacred_grove_space_is_refused() {
    let mut m = new_match(1, "pink", "sacred-grove");
    chance(&mut m, Action::RollGuardian { number: 5 });
    chance(&mut m, Action::RollGuardian { number: 6 });
    chance(&mut m, Action::RollGrove { number: 4 });
    chance(&mut m, Action::RevealSanctuary { letter: 'A' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 5,
            golden: false,
        },
    );
    let grove = mats::numbered_space(4).expect("#4");
    assert_eq!(grove, 17);
    let legal = m.state.legal_actions(0);
    assert!(!legal.contains(&Action::Draw {
        space: grove,
        mirrored: false
    }));
    assert_eq!(legal.len(), 41 + 1);
    assert!(!legal_spaces(&m.view(Viewer::Seat(0)), 0).contains(grove));
    let err = m
        .apply(
            Actor::Seat(0),
            Action::Draw {
                space: grove,
                mirrored: false,
            },
            None,
        )
        .unwrap_err();
    assert!(err.to_string().contains("sacred grove"), "{err}");
    // Guardian spaces remain drawable.
    let cg = mats::numbered_space(5).expect("#5");
    assert!(legal.contains(&Action::Draw {
        space: cg,
        mirrored: false
    }));
}

#[test]
fn mirror_pool_once_per_round() {
    let mut m = new_match(2, "blue", "mirror-pool");
    chance(&mut m, Action::RevealSanctuary { letter: 'A' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 1,
            golden: false,
        },
    );
    assert!(m.state.legal_actions(0).contains(&Action::Draw {
        space: 7,
        mirrored: true
    }));
    assert!(m.view(Viewer::Seat(0)).mirror_available(0));
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 7,
            mirrored: true,
        },
        None,
    )
    .unwrap();
    m.apply(
        Actor::Seat(1),
        Action::Draw {
            space: 7,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    let v = m.view(Viewer::Public);
    assert_eq!(v.mats[0].path(7), 2, "┘ mirrored is └");
    assert_eq!(v.mats[1].path(7), 1);
    assert!(!v.mirror_available(0));
    assert!(v.mirror_available(1));
    // Second mirror in the round refused for seat 0; 3 ↔ 4 works for seat 1.
    chance(
        &mut m,
        Action::RevealPath {
            number: 3,
            golden: false,
        },
    );
    assert!(
        !m.state
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Draw { mirrored: true, .. }))
    );
    let err = m
        .apply(
            Actor::Seat(0),
            Action::Draw {
                space: 8,
                mirrored: true,
            },
            None,
        )
        .unwrap_err();
    assert!(err.to_string().contains("already"), "{err}");
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 8,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    m.apply(
        Actor::Seat(1),
        Action::Draw {
            space: 8,
            mirrored: true,
        },
        None,
    )
    .unwrap();
    assert_eq!(m.view(Viewer::Public).mats[1].path(8), 4);
    // Straight segments look the same mirrored: not offered.
    chance(
        &mut m,
        Action::RevealPath {
            number: 5,
            golden: false,
        },
    );
    assert!(
        !m.state
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Draw { mirrored: true, .. }))
    );
    m.apply(Actor::Seat(0), Action::Peek, None).unwrap();
    m.apply(Actor::Seat(1), Action::Peek, None).unwrap();
    fix_if_needed(&mut m, Some('B'));
    // Next round the mirror is back.
    for _ in 0..4 {
        turn(&mut m, 2, true, &[], Some('B'));
    }
    assert_eq!(m.view(Viewer::Public).rounds_done, 1);
    chance(&mut m, Action::RevealSanctuary { letter: 'B' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 4,
            golden: false,
        },
    );
    assert!(m.state.legal_actions(0).contains(&Action::Draw {
        space: 9,
        mirrored: true
    }));
}

#[test]
fn mirrored_without_the_decree_is_refused() {
    let mut m = new_match(1, "blue", "none");
    chance(&mut m, Action::RevealSanctuary { letter: 'A' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 1,
            golden: false,
        },
    );
    assert!(
        !m.state
            .legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Draw { mirrored: true, .. }))
    );
    let err = m
        .apply(
            Actor::Seat(0),
            Action::Draw {
                space: 7,
                mirrored: true,
            },
            None,
        )
        .unwrap_err();
    assert!(err.to_string().contains("mirror-pool"), "{err}");
}

// ── setup ─────────────────────────────────────────────────────────────────────────────────────

#[test]
fn pink_setup_rolls_two_different_guardian_spaces() {
    let mut m = new_match(3, "pink", "none");
    assert_eq!(m.to_move(), ToMove::Chance);
    let first: Vec<Action> = m.state.chance_outcomes().into_iter().map(|o| o.0).collect();
    assert_eq!(
        first,
        (1..=10)
            .map(|number| Action::RollGuardian { number })
            .collect::<Vec<_>>()
    );
    chance(&mut m, Action::RollGuardian { number: 7 });
    let second: Vec<Action> = m.state.chance_outcomes().into_iter().map(|o| o.0).collect();
    assert_eq!(second.len(), 9);
    assert!(!second.contains(&Action::RollGuardian { number: 7 }));
    assert!(
        m.apply(Actor::Chance, Action::RollGuardian { number: 7 }, None)
            .is_err()
    );
    assert!(
        m.apply(Actor::Chance, Action::RollGuardian { number: 11 }, None)
            .is_err()
    );
    chance(&mut m, Action::RollGuardian { number: 10 });
    let v = m.view(Viewer::Seat(1));
    assert_eq!(v.guardians, [Some(32), Some(40)]);
    // Then the first sanctuary.
    assert!(matches!(
        m.state.chance_outcomes()[0].0,
        Action::RevealSanctuary { .. }
    ));
    // Every seeded setup ends with two different guardian spaces.
    for seed in 0..200 {
        let mut m = Match::<Kokoro>::new(setup(1, "pink", "none", seed)).unwrap();
        m.run_chance().unwrap();
        let g = m.view(Viewer::Public).guardians;
        assert!(g[0].is_some() && g[1].is_some() && g[0] != g[1]);
    }
}

#[test]
fn blue_side_has_printed_guardians_and_no_setup_rolls() {
    let m = new_match(2, "blue", "none");
    let outs = m.state.chance_outcomes();
    assert_eq!(outs.len(), 6);
    assert!(
        outs.iter()
            .all(|(a, w)| matches!(a, Action::RevealSanctuary { .. }) && *w == 1)
    );
    assert_eq!(m.view(Viewer::Public).guardians, [Some(0), Some(41)]);
}

// ── turns: simultaneous choices, peeking ──────────────────────────────────────────────────────

#[test]
fn simultaneous_choices_resolve_the_same_in_any_order() {
    let mut base = new_match(3, "blue", "mirror-pool");
    chance(&mut base, Action::RevealSanctuary { letter: 'C' });
    chance(
        &mut base,
        Action::RevealPath {
            number: 2,
            golden: true,
        },
    );
    let choices = [
        (
            0,
            Action::Draw {
                space: 3,
                mirrored: false,
            },
        ),
        (
            1,
            Action::Draw {
                space: 3,
                mirrored: true,
            },
        ),
        (
            2,
            Action::Draw {
                space: 40,
                mirrored: false,
            },
        ),
    ];
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut results = Vec::new();
    for order in orders {
        let mut m = base.clone();
        for &i in &order {
            let (seat, a) = choices[i];
            assert!(m.to_move().includes(seat));
            m.apply(Actor::Seat(seat), a, None).unwrap();
        }
        assert_eq!(m.to_move(), ToMove::Chance);
        results.push(m.state.clone());
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    let v = results[0].view(Viewer::Public);
    assert_eq!(
        (v.mats[0].path(3), v.mats[1].path(3), v.mats[2].path(40)),
        (2, 1, 2)
    );
}

#[test]
fn pending_choices_are_private_until_resolution() {
    let mut m = new_match(2, "blue", "none");
    chance(&mut m, Action::RevealSanctuary { letter: 'C' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 6,
            golden: false,
        },
    );
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 20,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    assert_eq!(m.to_move(), ToMove::Seats(vec![1]));
    let v1 = m.view(Viewer::Seat(1));
    assert_eq!(v1.chosen, vec![true, false]);
    assert_eq!(v1.choices, vec![None, None]);
    assert_eq!(v1.mats[0].path(20), 0, "mats show only resolved turns");
    let v0 = m.view(Viewer::Seat(0));
    assert_eq!(
        v0.choice(0),
        Some(Choice::Draw {
            space: 20,
            mirrored: false
        })
    );
    assert_eq!(m.view(Viewer::Public).choices, vec![None, None]);
    assert_eq!(
        m.view(Viewer::Omniscient).choice(0),
        Some(Choice::Draw {
            space: 20,
            mirrored: false
        })
    );
    // describe: the actor sees the draw, others only that a choice was made.
    let s = m.state.clone();
    let draw = Action::Draw {
        space: 9,
        mirrored: false,
    };
    assert_eq!(
        s.describe(Actor::Seat(1), &draw, Viewer::Seat(1)),
        "draws │ at r1c3"
    );
    assert_eq!(
        s.describe(Actor::Seat(1), &draw, Viewer::Seat(0)),
        "has chosen"
    );
    assert_eq!(
        s.describe(Actor::Seat(1), &draw, Viewer::Public),
        "has chosen"
    );
    assert_eq!(
        s.describe(
            Actor::Chance,
            &Action::RevealPath {
                number: 4,
                golden: true
            },
            Viewer::Public
        ),
        "path card 4 ┐ (golden 1 of 4)"
    );
    assert_eq!(
        s.describe(
            Actor::Chance,
            &Action::RevealSanctuary { letter: 'D' },
            Viewer::Seat(0)
        ),
        "sanctuary D is revealed"
    );
    assert!(s.undoable(1, &draw));
    assert!(!s.undoable(1, &Action::Peek));
    // Undo of a draw is offered by the match.
    assert_eq!(m.undoable(), Some((0, 1)));
    m.undo(1);
    assert_eq!(m.to_move(), ToMove::Seats(vec![0, 1]));
}

#[test]
fn peek_fixes_the_top_card_which_becomes_the_next_sanctuary() {
    let mut m = new_match(3, "blue", "none");
    chance(&mut m, Action::RevealSanctuary { letter: 'C' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 5,
            golden: false,
        },
    );
    assert_eq!(
        m.state
            .describe(Actor::Seat(1), &Action::Peek, Viewer::Seat(1)),
        "peeks at the next sanctuary"
    );
    m.apply(Actor::Seat(1), Action::Peek, None).unwrap();
    // Nothing is settled until every seat has chosen.
    assert_eq!(m.to_move(), ToMove::Seats(vec![0, 2]));
    assert_eq!(m.view(Viewer::Seat(1)).next_sanctuary, None);
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 0,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    m.apply(Actor::Seat(2), Action::Peek, None).unwrap();
    assert_eq!(m.to_move(), ToMove::Chance);
    let outs: Vec<Action> = m.state.chance_outcomes().into_iter().map(|o| o.0).collect();
    assert_eq!(
        outs,
        ['A', 'B', 'D', 'E', 'F']
            .map(|letter| Action::FixTopSanctuary { letter })
            .to_vec()
    );
    let fix = Action::FixTopSanctuary { letter: 'E' };
    assert_eq!(
        m.state.describe(Actor::Chance, &fix, Viewer::Seat(1)),
        "peeks: next sanctuary is E"
    );
    assert!(
        !m.state
            .describe(Actor::Chance, &fix, Viewer::Seat(0))
            .contains('E')
    );
    chance(&mut m, fix);
    assert_eq!(m.view(Viewer::Public).card, None, "the turn is resolved");
    assert_eq!(m.view(Viewer::Seat(1)).next_sanctuary, Some('E'));
    assert_eq!(m.view(Viewer::Seat(2)).next_sanctuary, Some('E'));
    assert_eq!(m.view(Viewer::Seat(0)).next_sanctuary, None);
    assert_eq!(m.view(Viewer::Public).next_sanctuary, None);
    assert_eq!(m.view(Viewer::Omniscient).next_sanctuary, Some('E'));
    // A peek on a later turn needs no chance: the card is settled.
    chance(
        &mut m,
        Action::RevealPath {
            number: 6,
            golden: false,
        },
    );
    assert_eq!(
        m.state
            .describe(Actor::Seat(0), &Action::Peek, Viewer::Seat(0)),
        "peeks: next sanctuary is E"
    );
    m.apply(Actor::Seat(0), Action::Peek, None).unwrap();
    assert_eq!(m.to_move(), ToMove::Seats(vec![1, 2]));
    assert_eq!(m.view(Viewer::Seat(0)).next_sanctuary, Some('E'));
    for seat in 1..3 {
        m.apply(
            Actor::Seat(seat),
            Action::Draw {
                space: seat as u8,
                mirrored: false,
            },
            None,
        )
        .unwrap();
    }
    assert!(!m.state.undoable(1, &Action::Peek));
    // Finish the round; the next sanctuary can only be E.
    for _ in 0..4 {
        turn(&mut m, 1, true, &[], None);
    }
    assert_eq!(m.view(Viewer::Public).rounds_done, 1);
    assert_eq!(m.view(Viewer::Seat(1)).next_sanctuary, Some('E'));
    assert_eq!(
        m.state.chance_outcomes(),
        vec![(Action::RevealSanctuary { letter: 'E' }, 1)]
    );
    assert!(
        m.apply(Actor::Chance, Action::RevealSanctuary { letter: 'A' }, None)
            .is_err()
    );
    chance(&mut m, Action::RevealSanctuary { letter: 'E' });
    let v = m.view(Viewer::Seat(1));
    assert_eq!((v.sanctuary, v.next_sanctuary), (Some('E'), None));
}

/// The rulings make a turn's choices simultaneous: nothing a later seat sees before choosing may
/// depend on what an earlier seat chose. The top sanctuary card is therefore settled only once
/// every seat has chosen, so a first peek causes no event mid-turn.
#[test]
fn a_peek_is_not_given_away_before_the_others_choose() {
    let start = |m: &mut Match<Kokoro>| {
        chance(m, Action::RevealSanctuary { letter: 'C' });
        chance(
            m,
            Action::RevealPath {
                number: 5,
                golden: false,
            },
        );
    };
    let mut peeked = new_match(3, "blue", "none");
    start(&mut peeked);
    peeked.apply(Actor::Seat(0), Action::Peek, None).unwrap();
    let mut drew = new_match(3, "blue", "none");
    start(&mut drew);
    drew.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 0,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    // Seat 1 cannot tell the two apart: same seats to move, same view, no chance step between.
    assert_eq!(peeked.to_move(), ToMove::Seats(vec![1, 2]));
    assert_eq!(drew.to_move(), ToMove::Seats(vec![1, 2]));
    assert_eq!(peeked.view(Viewer::Seat(1)), drew.view(Viewer::Seat(1)));
    assert_eq!(peeked.view(Viewer::Public), drew.view(Viewer::Public));
    assert!(peeked.state.chance_outcomes().is_empty());
    // The peeker does not know the card yet either: it is not settled.
    assert_eq!(peeked.view(Viewer::Seat(0)).next_sanctuary, None);
    peeked
        .apply(
            Actor::Seat(1),
            Action::Draw {
                space: 1,
                mirrored: false,
            },
            None,
        )
        .unwrap();
    assert_eq!(peeked.to_move(), ToMove::Seats(vec![2]));
    peeked.apply(Actor::Seat(2), Action::Peek, None).unwrap();
    // Every choice is in: now chance settles the card for both peekers, and the turn resolves.
    assert_eq!(peeked.to_move(), ToMove::Chance);
    let outs: Vec<Action> = peeked
        .state
        .chance_outcomes()
        .into_iter()
        .map(|o| o.0)
        .collect();
    assert_eq!(
        outs,
        ['A', 'B', 'D', 'E', 'F']
            .map(|letter| Action::FixTopSanctuary { letter })
            .to_vec()
    );
    chance(&mut peeked, Action::FixTopSanctuary { letter: 'F' });
    let v = peeked.view(Viewer::Public);
    assert_eq!(v.card, None, "the turn is resolved");
    assert_eq!(v.mats[1].path(1), 5);
    assert_eq!(v.mats[0].path(0), 0);
    assert_eq!(peeked.view(Viewer::Seat(0)).next_sanctuary, Some('F'));
    assert_eq!(peeked.view(Viewer::Seat(2)).next_sanctuary, Some('F'));
    assert_eq!(peeked.view(Viewer::Seat(1)).next_sanctuary, None);
    // A later peek in the same round sees the settled card at once, with no chance step.
    chance(
        &mut peeked,
        Action::RevealPath {
            number: 6,
            golden: false,
        },
    );
    peeked.apply(Actor::Seat(1), Action::Peek, None).unwrap();
    assert_eq!(peeked.to_move(), ToMove::Seats(vec![0, 2]));
    assert_eq!(peeked.view(Viewer::Seat(1)).next_sanctuary, Some('F'));
}

// ── illegal actions ───────────────────────────────────────────────────────────────────────────

#[test]
fn illegal_actions_are_refused() {
    let mut m = new_match(2, "blue", "none");
    // Seats cannot act while chance is to move; chance cannot make a player's choice.
    assert!(m.apply(Actor::Seat(0), Action::Peek, None).is_err());
    assert!(
        m.state
            .clone()
            .apply(Actor::Seat(0), &Action::Peek)
            .is_err()
    );
    chance(&mut m, Action::RevealSanctuary { letter: 'A' });
    assert!(m.state.clone().apply(Actor::Chance, &Action::Peek).is_err());
    assert!(
        m.state
            .clone()
            .apply(
                Actor::Seat(0),
                &Action::RevealPath {
                    number: 1,
                    golden: true
                }
            )
            .is_err()
    );
    chance(
        &mut m,
        Action::RevealPath {
            number: 2,
            golden: false,
        },
    );
    // Impossible chance outcomes.
    let mut s = m.state.clone();
    assert!(
        s.apply(
            Actor::Chance,
            &Action::RevealPath {
                number: 7,
                golden: false
            }
        )
        .is_err()
    );
    for space in [42u8, 43, 255] {
        let err = m.state.clone().apply(
            Actor::Seat(0),
            &Action::Draw {
                space,
                mirrored: false,
            },
        );
        assert!(err.is_err(), "space {space}");
    }
    assert!(
        m.state
            .clone()
            .apply(Actor::Seat(9), &Action::Peek)
            .is_err()
    );
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 10,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    // A second choice by the same seat in one turn.
    assert!(
        m.apply(
            Actor::Seat(0),
            Action::Draw {
                space: 11,
                mirrored: false
            },
            None
        )
        .is_err()
    );
    assert!(
        m.state
            .clone()
            .apply(Actor::Seat(0), &Action::Peek)
            .is_err()
    );
    assert!(m.state.legal_actions(0).is_empty());
    m.apply(
        Actor::Seat(1),
        Action::Draw {
            space: 10,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    // Occupied space.
    chance(
        &mut m,
        Action::RevealPath {
            number: 3,
            golden: false,
        },
    );
    let err = m
        .apply(
            Actor::Seat(0),
            Action::Draw {
                space: 10,
                mirrored: false,
            },
            None,
        )
        .unwrap_err();
    assert!(err.to_string().contains("already"), "{err}");
    assert!(!m.state.legal_actions(0).contains(&Action::Draw {
        space: 10,
        mirrored: false
    }));
    assert_eq!(m.state.legal_actions(0).len(), 41 + 1);
}

#[test]
fn options_are_checked() {
    assert!(Match::<Kokoro>::new(setup(1, "green", "none", 1)).is_err());
    assert!(Match::<Kokoro>::new(setup(1, "blue", "chaos", 1)).is_err());
    assert!(Match::<Kokoro>::new(setup(9, "blue", "none", 1)).is_err());
    assert!(Match::<Kokoro>::new(setup(0, "blue", "none", 1)).is_err());
}

#[test]
fn tie_on_score_broken_by_the_single_highest_box() {
    let mut m = new_match(2, "blue", "none");
    // P0: E 4 (r4c2 ─ c2, E ─, r4c4 ─ c2), A 0, D 4 (D ┌, r3c1 ─ f2, r4c0 │ c1f1), C 0, F 0.
    // P1: E 3 (r4c1 ─ f1, r4c2 ─ c2, E ┐), A 5 (A ┐, r0c3 ─ f1, r1c4 │, r2c4 ┘), D, C, F 0.
    play_round(
        &mut m,
        'E',
        Some('A'),
        &[
            (0, 5, 26),
            (0, 5, 27),
            (0, 5, 28),
            (1, 5, 25),
            (1, 5, 26),
            (1, 4, 27),
        ],
    );
    play_round(
        &mut m,
        'A',
        Some('D'),
        &[(1, 4, 4), (1, 5, 3), (1, 6, 10), (1, 1, 16)],
    );
    play_round(
        &mut m,
        'D',
        Some('C'),
        &[(0, 3, 18), (0, 5, 19), (0, 6, 24)],
    );
    play_round(&mut m, 'C', Some('F'), &[]);
    play_round(&mut m, 'F', None, &[]);
    let v = m.view(Viewer::Public);
    assert_eq!(
        v.sheets[0].boxes,
        [Some(4), Some(0), Some(4), Some(0), Some(0)]
    );
    assert_eq!(
        v.sheets[1].boxes,
        [Some(3), Some(5), Some(0), Some(0), Some(0)]
    );
    let out = m.state.outcome().unwrap();
    assert_eq!(out.scores, vec![8 - 15, 8 - 15]);
    assert_eq!(out.winners, vec![1]);
    assert!(out.note.contains("highest box"), "{}", out.note);
}

#[test]
fn tie_on_score_and_highest_box_is_shared() {
    let mut m = new_match(2, "blue", "none");
    // Both reach one c2 from E (seat 0 to the left, seat 1 to the right), then score nothing.
    play_round(
        &mut m,
        'E',
        Some('A'),
        &[(0, 5, 26), (0, 5, 27), (1, 5, 27), (1, 5, 28)],
    );
    play_round(&mut m, 'A', Some('D'), &[]);
    play_round(&mut m, 'D', Some('C'), &[]);
    play_round(&mut m, 'C', Some('F'), &[]);
    play_round(&mut m, 'F', None, &[]);
    let out = m.state.outcome().unwrap();
    assert_eq!(out.scores, vec![2 - 20, 2 - 20]);
    assert_eq!(out.winners, vec![0, 1]);
    assert!(out.note.contains("shared"), "{}", out.note);
}

/// Rulings: "tie: the tied player with the single highest value in any score box wins — the
/// five sanctuary boxes, the two guardian boxes and the decree box all count, the totals do not".
#[test]
fn tie_break_counts_the_guardian_boxes() {
    let mut m = new_match(2, "blue", "none");
    // P0: B ┘ with r1c2 │ (f1) and r2c1 ─ (f1): box 2. P1: B ┐ with r2c1 ─ (f1) and r3c2 │
    // (blank): box 1.
    play_round(
        &mut m,
        'B',
        Some('A'),
        &[
            (0, 1, 14),
            (0, 6, 8),
            (0, 5, 13),
            (1, 4, 14),
            (1, 5, 13),
            (1, 6, 20),
        ],
    );
    // Guardians: P0 CG │ down to r1c0 │ (c2): 2 caterpillars. P1 CG ┌ to r0c1 ─ (c1) and r1c0 │
    // (c2): 3 caterpillars.
    play_round(
        &mut m,
        'A',
        Some('D'),
        &[(0, 6, 0), (0, 6, 6), (1, 3, 0), (1, 5, 1), (1, 6, 6)],
    );
    play_round(&mut m, 'D', Some('C'), &[]);
    play_round(&mut m, 'C', Some('F'), &[]);
    play_round(&mut m, 'F', None, &[]);
    let v = m.view(Viewer::Public);
    assert_eq!(
        v.sheets[0].boxes,
        [Some(2), Some(0), Some(0), Some(0), Some(0)]
    );
    assert_eq!(
        v.sheets[1].boxes,
        [Some(1), Some(0), Some(0), Some(0), Some(0)]
    );
    assert_eq!(
        (
            v.sheets[0].caterpillar_guardian,
            v.sheets[1].caterpillar_guardian
        ),
        (2, 3)
    );
    let out = m.state.outcome().unwrap();
    assert_eq!(out.scores, vec![2 + 2 - 20, 1 + 3 - 20]);
    // P0's best sanctuary box (2) beats P1's (1), but P1's guardian box (3) is the single
    // highest box of all.
    assert_eq!(out.winners, vec![1]);
}

#[test]
fn tie_break_counts_the_decree_box_but_not_the_penalty_or_total() {
    let sheet = scoring::Sheet {
        boxes: [Some(2), Some(4), Some(0), None, None],
        caterpillar_guardian: 3,
        flower_guardian: 1,
        decree: 6,
        zeros: 1,
        penalty: -5,
        total: 11,
    };
    assert_eq!(sheet.highest_box(), 6, "the decree box");
    let sheet = scoring::Sheet {
        decree: -2,
        flower_guardian: 5,
        ..sheet
    };
    assert_eq!(sheet.highest_box(), 5, "a guardian box; never the total");
}

// ── seeded random playouts ────────────────────────────────────────────────────────────────────

const DECREES: [&str; 10] = [
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

fn next_rand(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays a whole game with random legal choices, checking the invariants on the way; returns the
/// match.
fn random_playout(
    players: usize,
    side: &str,
    decree: &str,
    seed: u64,
    check_views: bool,
) -> Match<Kokoro> {
    let mut m = Match::<Kokoro>::new(setup(players, side, decree, seed)).unwrap();
    let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(steps < 5000, "game does not end");
        match m.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                assert!(m.state.outcome().is_none());
                m.run_chance().unwrap();
            }
            ToMove::Seats(seats) => {
                assert!(m.state.outcome().is_none());
                let seat = seats[(next_rand(&mut r) % seats.len() as u64) as usize];
                let legal = m.state.legal_actions(seat);
                assert!(!legal.is_empty());
                for other in 0..players {
                    if !seats.contains(&other) {
                        assert!(m.state.legal_actions(other).is_empty());
                    }
                }
                if check_views {
                    for v in 0..players {
                        let viewer = Viewer::Seat(v);
                        let varied = m.state.vary_hidden(viewer, next_rand(&mut r));
                        assert_eq!(
                            varied.view(viewer),
                            m.state.view(viewer),
                            "seat {v} view leaks"
                        );
                    }
                    let varied = m.state.vary_hidden(Viewer::Public, next_rand(&mut r));
                    assert_eq!(varied.view(Viewer::Public), m.state.view(Viewer::Public));
                }
                let a = legal[(next_rand(&mut r) % legal.len() as u64) as usize];
                m.apply(Actor::Seat(seat), a, None).unwrap();
            }
        }
    }
    assert!(m.state.outcome().is_some());
    m
}

#[test]
fn random_playouts_end_for_every_count_side_and_decree() {
    for players in 1..=8 {
        for side in ["blue", "pink"] {
            for decree in DECREES {
                if side == "blue" && decree == "sacred-grove" {
                    continue;
                }
                let seed = players as u64 * 1000
                    + DECREES.iter().position(|d| *d == decree).unwrap() as u64;
                let m = random_playout(players, side, decree, seed, false);
                let v = m.view(Viewer::Omniscient);
                assert_eq!(v.rounds_done, 5);
                assert_eq!(m.state.records().len(), 5);
                assert!(v.over);
                let out = m.state.outcome().unwrap();
                assert_eq!(out.scores.len(), players);
                assert_eq!(
                    out.scores,
                    v.sheets.iter().map(|s| s.total).collect::<Vec<_>>()
                );
                assert!(!out.winners.is_empty());
                // Five different sanctuaries, the sixth never scored.
                let mut letters: Vec<char> =
                    m.state.records().iter().map(|r| r.sanctuary).collect();
                letters.sort();
                letters.dedup();
                assert_eq!(letters.len(), 5);
            }
        }
    }
}

#[test]
fn deck_arithmetic_every_round_ends_on_its_fourth_golden() {
    for seed in 0..300 {
        let players = 1 + (seed % 4) as usize;
        let m = random_playout(
            players,
            if seed % 2 == 0 { "blue" } else { "pink" },
            "none",
            seed,
            false,
        );
        let mut golden = 0;
        let mut revealed = 0;
        let mut rounds = 0;
        for (i, step) in m.history.iter().enumerate() {
            match step.action {
                Action::RevealPath { golden: g, .. } => {
                    revealed += 1;
                    assert!(golden < 4, "a card revealed after the round's 4th golden");
                    if g {
                        golden += 1;
                    }
                }
                Action::RevealSanctuary { .. } => {
                    assert!(i == 0 || golden == 4 || rounds == 0, "round ended early");
                    golden = 0;
                    rounds += 1;
                }
                _ => {}
            }
        }
        assert_eq!((rounds, golden), (5, 4));
        assert!(revealed <= 40, "{revealed} cards revealed");
        assert_eq!(m.state.cards_revealed(), revealed);
        // Every mat holds at most one path per card revealed.
        for s in 0..players {
            assert!(m.state.mat(s).unwrap().drawn().len() <= revealed as u32);
        }
    }
}

#[test]
fn views_do_not_change_with_hidden_information() {
    for (players, side, decree) in [
        (2, "blue", "none"),
        (3, "pink", "mirror-pool"),
        (5, "pink", "sacred-grove"),
    ] {
        random_playout(players, side, decree, 77, true);
    }
}

#[test]
fn vary_hidden_does_vary_something() {
    let mut m = new_match(3, "blue", "none");
    chance(&mut m, Action::RevealSanctuary { letter: 'A' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 1,
            golden: false,
        },
    );
    m.apply(
        Actor::Seat(1),
        Action::Draw {
            space: 5,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    m.apply(Actor::Seat(2), Action::Peek, None).unwrap();
    m.apply(
        Actor::Seat(0),
        Action::Draw {
            space: 0,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    chance(&mut m, Action::FixTopSanctuary { letter: 'C' });
    chance(
        &mut m,
        Action::RevealPath {
            number: 2,
            golden: false,
        },
    );
    m.apply(
        Actor::Seat(1),
        Action::Draw {
            space: 6,
            mirrored: false,
        },
        None,
    )
    .unwrap();
    let differs = (0..20).any(|salt| m.state.vary_hidden(Viewer::Seat(0), salt) != m.state);
    assert!(differs);
    assert_eq!(m.state.vary_hidden(Viewer::Omniscient, 3), m.state);
    // Seat 2 peeked, so for it the top card stays put.
    for salt in 0..20 {
        assert_eq!(
            m.state
                .vary_hidden(Viewer::Seat(2), salt)
                .view(Viewer::Seat(2))
                .next_sanctuary,
            Some('C')
        );
    }
}

#[test]
fn log_round_trip_replays_to_the_same_state() {
    for (players, side, decree) in [
        (1, "pink", "random"),
        (4, "blue", "mirror-pool"),
        (2, "pink", "sacred-grove"),
    ] {
        let m = random_playout(players, side, decree, 5, false);
        let log = m.to_log();
        let text = serde_json::to_string(&log).unwrap();
        let back: hotseat::engine::log::LogFile = serde_json::from_str(&text).unwrap();
        let again = Match::<Kokoro>::from_log(&back).unwrap();
        assert_eq!(again.state, m.state);
    }
}

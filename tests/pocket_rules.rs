//! Rules of Pocket & Biscuit: the rulings' examples, edge cases, refusals, and playouts.

use crate::common::RunChance;
use hotseat::bots::pocket as pocket_bots;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::session::Setup;
use hotseat::engine::*;
use hotseat::games::pocket::*;

use Kind::*;

fn game(players: usize, start: &str) -> Pocket {
    let mut o = Options::new();
    o.insert("start".into(), start.into());
    Pocket::new(&o, players).expect("valid setup")
}

/// Flips `cell` for the current player; `kind` is dealt if nobody has seen the tile yet, and
/// checked against the remembered identity otherwise.
fn flip(g: &mut Pocket, cell: usize, tap: bool, kind: Kind) {
    let seat = g.turn().expect("a player to move");
    g.apply(Actor::Seat(seat), &Action::Flip { cell, tap })
        .expect("legal flip");
    if g.to_move() == ToMove::Chance {
        g.apply(Actor::Chance, &Action::Deal { tile: kind })
            .expect("tile left to deal");
    }
    assert_eq!(g.known(cell), Some(kind), "cell {cell}");
}

/// One turn: each (cell, tap, kind) in order.
fn turn(g: &mut Pocket, flips: &[(usize, bool, Kind)]) {
    for &(cell, tap, kind) in flips {
        flip(g, cell, tap, kind);
    }
}

fn show(g: &mut Pocket, cell: usize, kind: Kind) {
    let seat = g.turn().expect("a player to move");
    g.apply(Actor::Seat(seat), &Action::Show { cell })
        .expect("legal show");
    if g.to_move() == ToMove::Chance {
        g.apply(Actor::Chance, &Action::Deal { tile: kind })
            .expect("tile left to deal");
    }
}

fn grid(g: &Pocket, cell: usize) -> CellView {
    g.view(Viewer::Public).grid[cell]
}

/// The cell that ends runs in these tests: a 5, which misses wherever 3 or less is needed.
const MISS: usize = 35;

// ---- The rulings' examples ----

#[test]
fn example_1_receives_the_one_and_the_two() {
    let mut g = game(2, "1");
    turn(&mut g, &[(0, false, One), (1, false, Two), (2, false, Two)]);
    assert_eq!(g.received(0), &[One, Two]);
    assert_eq!(g.score(0), 3);
    assert_eq!(grid(&g, 0), CellView::Empty);
    assert_eq!(grid(&g, 1), CellView::Empty);
    assert_eq!(grid(&g, 2), CellView::FaceDown);
    assert!(g.is_face_down(2));
    assert_eq!(g.known(2), Some(Two));
    assert_eq!(g.turn(), Some(1));
    let t = g.last_turn().expect("summary");
    assert_eq!(t.seat, 0);
    assert_eq!(t.flips.len(), 3);
    assert_eq!(t.end, TurnEnd::Received { tiles: 2 });
    assert_eq!(t.failed().map(|s| (s.cell, s.kind)), Some((2, Two)));
}

#[test]
fn example_2_one_then_three_receives_nothing() {
    let mut g = game(2, "1");
    turn(&mut g, &[(0, false, One), (1, false, Three)]);
    assert!(g.received(0).is_empty());
    assert_eq!(grid(&g, 0), CellView::FaceDown);
    assert_eq!(grid(&g, 1), CellView::FaceDown);
    assert_eq!(g.face_down_count(), 36);
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.last_turn().map(|t| t.end), Some(TurnEnd::Nothing));
}

#[test]
fn example_3_great_six() {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[
            (0, false, One),
            (1, false, Cracked),
            (2, false, Three),
            (3, true, Three),
            (4, false, Five),
            (5, true, Five),
        ],
    );
    assert_eq!(g.received(0), &[One, Cracked, Three, Three, Five, Five]);
    let v = g.view(Viewer::Seat(0));
    assert!(v.show_pending);
    assert_eq!(v.turn, Some(0));
    assert_eq!(g.legal_actions(0).len(), 30);
    assert!(
        g.legal_actions(0)
            .iter()
            .all(|a| matches!(a, Action::Show { .. }))
    );
    show(&mut g, 10, Two);
    assert_eq!(grid(&g, 10), CellView::FaceDown);
    assert_eq!(g.known(10), Some(Two));
    assert_eq!(g.turn(), Some(1));
    let t = g.last_turn().expect("summary");
    assert_eq!(
        t.end,
        TurnEnd::GreatSix {
            shown: Some((10, Two))
        }
    );
    assert_eq!(t.flips.len(), 6);
    assert!(t.flips.iter().all(|s| s.matched));
    assert_eq!(t.failed(), None);
    assert_eq!(g.score(0), 1 + 1 + 3 + 3 + 5 + 5);
}

#[test]
fn example_4_tapped_cracked_receives_nothing() {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[(0, false, One), (1, false, Two), (2, true, Cracked)],
    );
    assert!(g.received(0).is_empty());
    for c in 0..3 {
        assert_eq!(grid(&g, c), CellView::FaceDown);
    }
    assert_eq!(g.last_turn().map(|t| t.end), Some(TurnEnd::SpellFailed));
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn example_5_scoring_ignores_taps() {
    assert_eq!(score(&[One, ChocolateOne, Cracked, Two, Three]), 9);
    // The same idea in play: a 3 tapped to 4 still scores 3, a cracked tile counted as 2 scores 1.
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[
            (0, false, One),
            (1, false, Cracked),
            (2, true, Two),
            (3, true, Three),
            (4, false, Two),
        ],
    );
    assert_eq!(g.received(0), &[One, Cracked, Two, Three]);
    assert_eq!(g.score(0), 1 + 1 + 2 + 3);
    assert_eq!(g.view(Viewer::Seat(0)).seats[0].score, Some(7));
    assert_eq!(g.view(Viewer::Public).seats[0].tiles, 4);
}

#[test]
fn received_tiles_go_on_a_face_down_pile() {
    // Ann receives 1, cracked, 2, 3: the cracked one lies face up, the others on her pile.
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[
            (0, false, One),
            (1, false, Cracked),
            (2, true, Two),
            (3, true, Three),
            (4, false, Two),
        ],
    );
    for viewer in [Viewer::Public, Viewer::Seat(1)] {
        let ann = &g.view(viewer).seats[0];
        assert_eq!((ann.tiles, ann.cracked, ann.pile), (4, 1, 3));
        assert_eq!(ann.pile_tiles, None, "{viewer:?} may not see Ann's pile");
        assert_eq!(ann.score, None, "{viewer:?} may not see Ann's score");
    }
    let own = &g.view(Viewer::Seat(0)).seats[0];
    assert_eq!(own.pile_tiles.as_deref(), Some(&[One, Two, Three][..]));
    assert_eq!(own.score, Some(7));
    assert_eq!(
        g.view(Viewer::Omniscient).seats[0].pile_tiles.as_deref(),
        Some(&[One, Two, Three][..])
    );
    // Another viewer's view is the same whatever Ann's pile holds.
    let moved =
        (0..40).any(|salt| g.vary_hidden(Viewer::Seat(1), salt).received(0) != g.received(0));
    let summary_told = g.last_turn().is_some();
    assert!(
        summary_told,
        "the turn's summary still tells the received tiles"
    );
    // Once Bo's run begins, the summary is gone, and with it what Ann received.
    turn(&mut g, &[(5, false, Three)]);
    assert_eq!(
        g.view(Viewer::Public).last_turn.as_ref().map(|t| t.seat),
        Some(1)
    );
    assert!(!moved, "the summary tells every tile on Ann's pile");
    // Ann's next run begins.
    g.apply(
        Actor::Seat(0),
        &Action::Flip {
            cell: 6,
            tap: false,
        },
    )
    .expect("flip");
    assert_eq!(g.last_turn(), None, "a new run forgets the last turn");
    let moved_now = (0..40).any(|salt| {
        let h = g.vary_hidden(Viewer::Seat(1), salt);
        h.received(0) != g.received(0) && h.view(Viewer::Seat(1)) == g.view(Viewer::Seat(1))
    });
    assert!(moved_now, "vary_hidden varies the hidden pile");
    for salt in 0..20 {
        for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)] {
            assert_eq!(g.vary_hidden(viewer, salt).view(viewer), g.view(viewer));
        }
        // Ann's own pile never changes in her own eyes.
        assert_eq!(
            g.vary_hidden(Viewer::Seat(0), salt).received(0),
            g.received(0)
        );
    }
}

#[test]
fn turns_know_where_their_actions_begin() {
    let mut g = game(2, "1");
    assert_eq!(g.view(Viewer::Public).turn_began, 0);
    // A miss on the first flip (flip + deal): Bo's turn begins at action 2.
    turn(&mut g, &[(0, false, Two)]);
    let v = g.view(Viewer::Public);
    assert_eq!(v.turn_began, 2);
    assert_eq!(v.last_turn.as_ref().map(|t| t.began), Some(0));
    turn(&mut g, &[(1, false, Three)]);
    let v = g.view(Viewer::Public);
    assert_eq!(v.turn_began, 4);
    assert_eq!(v.last_turn.as_ref().map(|t| t.began), Some(2));
}

// ---- Edge cases ----

#[test]
fn tapped_cracked_on_the_first_flip() {
    let mut g = game(3, "2");
    turn(&mut g, &[(7, true, Cracked)]);
    assert_eq!(g.last_turn().map(|t| t.end), Some(TurnEnd::SpellFailed));
    assert_eq!(g.turn(), Some(2));
    assert_eq!(grid(&g, 7), CellView::FaceDown);
}

#[test]
fn tapped_cracked_after_a_long_run_still_gives_nothing() {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[
            (0, false, One),
            (1, false, Two),
            (2, false, Three),
            (3, true, Three),
            (4, true, Cracked),
        ],
    );
    assert!(g.received(0).is_empty());
    assert_eq!(g.face_down_count(), 36);
}

#[test]
fn cracked_counts_as_one() {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[(0, false, Cracked), (1, false, Two), (MISS, false, Five)],
    );
    assert_eq!(g.received(0), &[Cracked, Two]);
}

#[test]
fn cracked_counts_as_two_but_not_three() {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[(0, false, One), (1, false, Cracked), (2, false, Cracked)],
    );
    assert_eq!(g.received(0), &[One, Cracked]);
    assert_eq!(
        g.last_turn().and_then(|t| t.failed()).map(|s| s.cell),
        Some(2)
    );
}

#[test]
fn a_tap_adds_exactly_one() {
    assert_eq!(matches(One, true, 2), Verdict::Matches);
    assert_eq!(matches(One, true, 3), Verdict::Misses);
    // Tapping twice cannot even be written down: `tap` is a bool.
    let twice: Result<Action, _> = serde_json::from_str(r#"{"t":"flip","cell":0,"tap":2}"#);
    assert!(twice.is_err());
    let a: Action = serde_json::from_str(r#"{"t":"flip","cell":4,"tap":true}"#).expect("parses");
    assert_eq!(a, Action::Flip { cell: 4, tap: true });
    assert_eq!(
        serde_json::to_string(&Action::Deal { tile: ChocolateTwo }).expect("serializes"),
        r#"{"t":"deal","tile":"2c"}"#
    );
}

#[test]
fn a_seen_tile_needs_no_deal_the_second_time() {
    let mut g = game(2, "1");
    turn(&mut g, &[(0, false, Three)]);
    assert_eq!(g.turn(), Some(1));
    g.apply(
        Actor::Seat(1),
        &Action::Flip {
            cell: 0,
            tap: false,
        },
    )
    .expect("legal");
    assert_eq!(g.turn(), Some(0), "the known 3 missed at once");
    assert_eq!(
        g.unseen().iter().map(|&n| usize::from(n)).sum::<usize>(),
        35
    );
}

#[test]
fn the_last_cracked_tile_gives_each_other_player_one_more_turn() {
    let mut g = game(3, "1");
    turn(
        &mut g,
        &[
            (0, false, Cracked),
            (1, false, Cracked),
            (MISS, false, Five),
        ],
    );
    turn(
        &mut g,
        &[
            (2, false, Cracked),
            (3, false, Cracked),
            (MISS, false, Five),
        ],
    );
    assert_eq!(g.view(Viewer::Public).final_turns, None);
    turn(&mut g, &[(4, false, Cracked), (5, false, Cracked)]);
    let miss = Action::Flip {
        cell: MISS,
        tap: false,
    };
    assert_eq!(
        g.describe(Actor::Seat(2), &miss, Viewer::Public),
        "flips F6: 5 biscuits (needed 3): no match: receives 2 tiles; \
         the last cracked tile is taken: every other player has one more turn"
    );
    turn(&mut g, &[(MISS, false, Five)]);
    assert_eq!(g.received(2), &[Cracked, Cracked]);
    let v = g.view(Viewer::Public);
    assert_eq!(v.final_turns, Some(2));
    assert_eq!(v.turn, Some(0));
    assert_eq!(g.outcome(), None);
    turn(
        &mut g,
        &[(6, false, One), (7, false, Two), (MISS, false, Five)],
    );
    assert_eq!(g.view(Viewer::Public).final_turns, Some(1));
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.outcome(), None);
    turn(&mut g, &[(8, false, Three)]);
    assert!(g.is_over());
    assert_eq!(g.turn(), None);
    assert!(g.legal_actions(2).is_empty());
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![2 + 1 + 2, 2, 2]);
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn the_game_ends_when_no_face_down_tile_could_be_one() {
    let mut g = game(2, "1");
    let pairs: [(Kind, bool, Kind); 9] = [
        (One, true, One),
        (One, true, One),
        (One, true, One),
        (One, true, One),
        (One, false, Cracked),
        (ChocolateOne, false, Cracked),
        (ChocolateOne, false, Cracked),
        (Cracked, false, Cracked),
        (Cracked, false, Two),
    ];
    let mut cell = 0;
    for (i, &(first, tap, second)) in pairs.iter().enumerate() {
        assert!(!g.is_over(), "over too early, before pair {i}");
        turn(
            &mut g,
            &[
                (cell, false, first),
                (cell + 1, tap, second),
                (MISS, false, Five),
            ],
        );
        cell += 2;
    }
    assert!(
        KINDS
            .iter()
            .all(|k| !k.can_be_one() || g.unseen()[k.index()] == 0)
    );
    // The last cracked tile was received too, yet no last round is played: no run could start.
    assert!(g.is_over());
    let o = g.outcome().expect("over");
    assert_eq!(o.scores.len(), 2);
}

#[test]
fn the_game_ends_when_no_run_could_reach_two() {
    let mut g = game(2, "1");
    let mut pairs: Vec<(Kind, bool, Kind)> = vec![(One, false, Two); 7];
    pairs.extend([
        (One, false, ChocolateTwo),
        (One, true, ChocolateOne),
        (ChocolateOne, false, Cracked),
        (Cracked, false, Cracked),
        (Cracked, false, Cracked),
    ]);
    let mut cell = 0;
    for (i, &(first, tap, second)) in pairs.iter().enumerate() {
        assert!(!g.is_over(), "over too early, before pair {i}");
        turn(
            &mut g,
            &[
                (cell, false, first),
                (cell + 1, tap, second),
                (MISS, false, Five),
            ],
        );
        cell += 2;
    }
    // One cracked tile is left face down: it could be a 1, but nothing could follow it with a 2.
    assert_eq!(g.unseen()[Cracked.index()], 1);
    assert!(g.is_over());
    assert_eq!(g.view(Viewer::Public).final_turns, None);
}

// ---- Refusals ----

#[test]
fn illegal_actions_are_refused() {
    let mut g = game(2, "1");
    let flip0 = Action::Flip {
        cell: 0,
        tap: false,
    };
    assert!(g.apply(Actor::Seat(1), &flip0).is_err(), "wrong seat");
    assert!(
        g.apply(
            Actor::Seat(0),
            &Action::Flip {
                cell: 36,
                tap: false
            }
        )
        .is_err()
    );
    assert!(
        g.apply(
            Actor::Seat(0),
            &Action::Flip {
                cell: 9999,
                tap: true
            }
        )
        .is_err()
    );
    assert!(g.apply(Actor::Seat(0), &Action::Show { cell: 3 }).is_err());
    assert!(
        g.apply(Actor::Chance, &Action::Deal { tile: One }).is_err(),
        "nothing to deal"
    );
    assert!(g.apply(Actor::Chance, &Action::Start { seat: 1 }).is_err());
    assert!(g.apply(Actor::Chance, &flip0).is_err());

    g.apply(Actor::Seat(0), &flip0).expect("legal");
    assert_eq!(g.to_move(), ToMove::Chance);
    assert!(
        g.apply(
            Actor::Seat(0),
            &Action::Flip {
                cell: 1,
                tap: false
            }
        )
        .is_err(),
        "chance is to move"
    );
    g.apply(Actor::Chance, &Action::Deal { tile: ChocolateOne })
        .expect("legal");
    assert!(g.apply(Actor::Seat(0), &flip0).is_err(), "face up");
    turn(&mut g, &[(1, true, ChocolateOne)]);
    // Both chocolate 1s are seen: a third cannot be dealt.
    g.apply(
        Actor::Seat(0),
        &Action::Flip {
            cell: 2,
            tap: false,
        },
    )
    .expect("legal");
    assert!(
        g.apply(Actor::Chance, &Action::Deal { tile: ChocolateOne })
            .is_err()
    );
    assert!(
        !g.chance_outcomes()
            .iter()
            .any(|(a, _)| *a == Action::Deal { tile: ChocolateOne })
    );
    g.apply(Actor::Chance, &Action::Deal { tile: Two })
        .expect("legal");
    assert_eq!(g.received(0), &[ChocolateOne, ChocolateOne]);
    assert!(g.apply(Actor::Seat(1), &flip0).is_err(), "empty cell");
    let before = g.clone();
    assert!(g.apply(Actor::Seat(1), &Action::Show { cell: 5 }).is_err());
    assert_eq!(g, before, "a refused action changes nothing");
    assert!(!g.legal_actions(1).contains(&flip0));
    assert!(g.legal_actions(0).is_empty());
}

#[test]
fn legal_actions_and_chance_weights() {
    let g = game(4, "4");
    assert_eq!(g.turn(), Some(3));
    let legal = g.legal_actions(3);
    assert_eq!(legal.len(), 72);
    assert_eq!(
        legal[0],
        Action::Flip {
            cell: 0,
            tap: false
        }
    );
    assert_eq!(legal[1], Action::Flip { cell: 0, tap: true });
    let mut g = g;
    g.apply(Actor::Seat(3), &legal[0]).expect("legal");
    let weights: Vec<u32> = g.chance_outcomes().iter().map(|(_, w)| *w).collect();
    assert_eq!(weights, vec![9, 2, 6, 7, 1, 7, 1, 3]);
}

// ---- Outcome ----

/// Seat 0 ends on 6 points from 5 tiles; seat 1 plays the last turn with `last`.
fn tie_game(last: &[(usize, bool, Kind)]) -> Outcome {
    let mut g = game(2, "1");
    turn(
        &mut g,
        &[
            (0, false, Cracked),
            (1, false, Cracked),
            (2, true, Two),
            (MISS, false, Five),
        ],
    );
    turn(
        &mut g,
        &[
            (3, false, Cracked),
            (4, false, Cracked),
            (MISS, false, Five),
        ],
    );
    turn(
        &mut g,
        &[
            (5, false, Cracked),
            (6, false, Cracked),
            (MISS, false, Five),
        ],
    );
    assert_eq!(g.view(Viewer::Public).final_turns, Some(1));
    turn(&mut g, last);
    assert!(g.is_over());
    g.outcome().expect("over")
}

#[test]
fn tie_on_score_broken_by_tiles_received() {
    let o = tie_game(&[
        (10, false, ChocolateOne),
        (11, true, ChocolateOne),
        (MISS, false, Five),
    ]);
    assert_eq!(o.scores, vec![6, 6]);
    assert_eq!(o.winners, vec![0]);
    assert!(o.note.contains("tiles received"));
}

#[test]
fn tie_on_score_and_tiles_is_shared() {
    let o = tie_game(&[
        (10, false, One),
        (11, true, One),
        (12, true, Two),
        (MISS, false, Five),
    ]);
    assert_eq!(o.scores, vec![6, 6]);
    assert_eq!(o.winners, vec![0, 1]);
    assert!(o.note.contains("shared"));
}

#[test]
fn higher_score_wins() {
    let o = tie_game(&[
        (10, false, One),
        (11, false, Two),
        (12, true, Two),
        (MISS, false, Five),
    ]);
    assert_eq!(o.scores, vec![6, 7]);
    assert_eq!(o.winners, vec![1]);
}

// ---- Options ----

#[test]
fn start_option() {
    let g = game(5, "random");
    assert_eq!(g.to_move(), ToMove::Chance);
    assert_eq!(g.turn(), None);
    let outs = g.chance_outcomes();
    assert_eq!(outs.len(), 5);
    assert!(outs.iter().all(|(_, w)| *w == 1));
    let mut g = g;
    g.apply(Actor::Chance, &Action::Start { seat: 4 })
        .expect("legal");
    assert_eq!(g.turn(), Some(4));
    assert!(g.apply(Actor::Chance, &Action::Start { seat: 0 }).is_err());

    assert_eq!(game(3, "2").turn(), Some(1));
    let mut o = Options::new();
    o.insert("start".into(), "3".into());
    let err = Pocket::new(&o, 2).expect_err("no seat 3");
    assert!(err.contains('3') && err.contains("2-player"), "{err}");
    let mut random = Pocket::new(&Options::new(), 2).expect("default start");
    assert!(
        random
            .apply(Actor::Chance, &Action::Start { seat: 2 })
            .is_err()
    );

    let m = Match::<Pocket>::new(setup(2, "2", 1, &["random", "random"])).expect("setup");
    assert_eq!(m.state.turn(), Some(1));
    assert!(Match::<Pocket>::new(setup(3, "5", 1, &["random"; 3])).is_err());
    assert!(Match::<Pocket>::new(setup(6, "1", 1, &["random"; 6])).is_err());
}

// ---- Views and descriptions ----

#[test]
fn views_hide_seen_tiles_and_agree_between_seats() {
    let mut g = game(3, "1");
    turn(&mut g, &[(0, false, One), (1, false, Three)]);
    turn(&mut g, &[(2, false, One), (3, true, One), (4, false, Five)]);
    turn(&mut g, &[(5, false, Two)]);
    g.apply(
        Actor::Seat(0),
        &Action::Flip {
            cell: 0,
            tap: false,
        },
    )
    .expect("legal");
    let v = g.view(Viewer::Public);
    assert_eq!(
        v.grid[0],
        CellView::FaceUp {
            kind: One,
            tapped: false
        }
    );
    assert_eq!(v.grid[1], CellView::FaceDown);
    assert_eq!(v.grid[2], CellView::Empty);
    assert_eq!(v.run.need, 2);
    assert_eq!(v.known, None);
    // The seats' views differ from the public one only in their own pile.
    for s in 0..3 {
        let mut own = g.view(Viewer::Seat(s));
        assert!(own.seats[s].pile_tiles.is_some());
        own.seats[s].pile_tiles = None;
        own.seats[s].score = None;
        assert_eq!(own, v);
    }
    let omni = g.view(Viewer::Omniscient);
    let known = omni.known.expect("omniscient");
    assert_eq!(known[1], Some(Three));
    assert_eq!(known[4], Some(Five));
    assert_eq!(known[0], None, "face up, shown on the grid instead");
    for salt in 0..20 {
        for viewer in [Viewer::Public, Viewer::Seat(1)] {
            let h = g.vary_hidden(viewer, salt);
            assert_eq!(h.view(viewer), g.view(viewer));
        }
        assert_eq!(g.vary_hidden(Viewer::Omniscient, salt), g);
    }
    let moved = (0..20).any(|salt| g.vary_hidden(Viewer::Public, salt).known(1) != Some(Three));
    assert!(moved, "vary_hidden permutes the seen face-down tiles");
}

#[test]
fn describe_lines() {
    let mut g = game(2, "1");
    let d = g.describe(
        Actor::Seat(0),
        &Action::Flip { cell: 0, tap: true },
        Viewer::Public,
    );
    assert_eq!(d, "taps and flips A1 (needs 1)");
    g.apply(
        Actor::Seat(0),
        &Action::Flip {
            cell: 0,
            tap: false,
        },
    )
    .expect("legal");
    let d = g.describe(Actor::Chance, &Action::Deal { tile: One }, Viewer::Public);
    assert_eq!(d, "the tile is 1 biscuit (needed 1): matches");
    g.apply(Actor::Chance, &Action::Deal { tile: One })
        .expect("legal");
    turn(&mut g, &[(7, false, Two)]);
    let d = g.describe(
        Actor::Seat(0),
        &Action::Flip { cell: 8, tap: true },
        Viewer::Seat(1),
    );
    assert_eq!(d, "taps and flips B3 (needs 3)");
    g.apply(Actor::Seat(0), &Action::Flip { cell: 8, tap: true })
        .expect("legal");
    let d = g.describe(
        Actor::Chance,
        &Action::Deal { tile: Cracked },
        Viewer::Public,
    );
    assert_eq!(
        d,
        "the tile is cracked biscuit, tapped (needed 3): the spell fails, nothing received"
    );
    g.apply(Actor::Chance, &Action::Deal { tile: Cracked })
        .expect("legal");
    let d = g.describe(
        Actor::Seat(1),
        &Action::Flip { cell: 7, tap: true },
        Viewer::Public,
    );
    assert_eq!(
        d,
        "taps and flips B2: 2 biscuits, tapped (needed 1): no match: nothing received"
    );
    assert!(!d.contains("Seat"));
}

// ---- Playouts ----

fn setup(players: usize, start: &str, seed: u64, bots: &[&str]) -> Setup {
    let mut options = Options::new();
    options.insert("start".into(), start.into());
    Setup {
        options,
        players: (0..players)
            .map(|i| {
                PlayerEntry::bot(
                    format!("P{i}"),
                    bots.get(i).copied().unwrap_or("random"),
                    seed + i as u64,
                )
            })
            .collect(),
        seed,
        started: "2025-01-01T00:00:00Z".into(),
    }
}

/// Shows every bot its seat's view; random bots ignore views, so they are skipped for speed.
fn observe(bots: &mut [Box<dyn Bot<Pocket>>], kinds: &[&str], state: &Pocket) {
    for (i, b) in bots.iter_mut().enumerate() {
        if kinds.get(i) != Some(&"random") {
            b.observe(&state.view(Viewer::Seat(i)));
        }
    }
}

/// Plays a match with the given bot kinds; returns the outcome and the number of seat actions.
fn play(kinds: &[&str], seed: u64) -> (Outcome, usize) {
    let n = kinds.len();
    let mut m = Match::<Pocket>::new(setup(n, "random", seed, kinds)).expect("setup");
    let mut bots: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| hotseat::bots::kinds::pocket(k, seed * 31 + i as u64).expect("bot kind"))
        .collect();
    let mut moves = 0;
    loop {
        m.run_chance().expect("chance");
        observe(&mut bots, kinds, &m.state);
        let ToMove::Seats(seats) = m.to_move() else {
            break;
        };
        let seat = seats[0];
        let legal = m.state.legal_actions(seat);
        assert!(!legal.is_empty());
        let view = m.state.view(Viewer::Seat(seat));
        let a = bots[seat].choose(seat, &view, &legal);
        assert!(legal.contains(&a), "bot chose an illegal {a:?}");
        assert_eq!(m.state.outcome(), None);
        m.apply(Actor::Seat(seat), a, None).expect("legal");
        observe(&mut bots, kinds, &m.state);
        moves += 1;
        assert!(moves < 50_000, "game did not end");
    }
    (m.state.outcome().expect("over"), moves)
}

#[test]
fn bot_kinds() {
    assert_eq!(pocket_bots::KINDS[0].0, "memory");
    for (k, _) in pocket_bots::KINDS {
        assert!(hotseat::bots::kinds::pocket(k, 1).is_some());
    }
    assert!(hotseat::bots::kinds::pocket("psychic", 1).is_none());
}

#[test]
fn memory_bot_beats_random() {
    let games = 200;
    let mut wins = [0u32; 2];
    for seed in 0..games {
        // Alternate seats so the start position does not favour one bot.
        let memory_seat = (seed % 2) as usize;
        let mut kinds = ["random", "random"];
        kinds[memory_seat] = "memory";
        let (o, _) = play(&kinds, seed);
        if o.winners.contains(&memory_seat) {
            wins[0] += 1;
        }
        if o.winners.contains(&(1 - memory_seat)) {
            wins[1] += 1;
        }
    }
    eprintln!(
        "memory {} vs random {} wins in {games} games",
        wins[0], wins[1]
    );
    assert!(
        wins[0] >= 3 * wins[1],
        "memory {} vs random {}",
        wins[0],
        wins[1]
    );
}

#[test]
fn forgetful_bot_sits_between_random_and_perfect_memory() {
    // Index 0 counts the forgetful bot's wins, index 1 its opponent's.
    let mut vs_random = [0u32; 2];
    let mut vs_memory = [0u32; 2];
    for seed in 0..60u64 {
        let me = (seed % 2) as usize;
        for (opponent, wins) in [("random", &mut vs_random), ("perfect", &mut vs_memory)] {
            let mut kinds = [opponent; 2];
            kinds[me] = "forgetful";
            let (o, _) = play(&kinds, 1000 + seed);
            wins[0] += u32::from(o.winners.contains(&me));
            wins[1] += u32::from(o.winners.contains(&(1 - me)));
        }
    }
    eprintln!("forgetful vs random {vs_random:?}, forgetful vs perfect {vs_memory:?}");
    assert!(vs_random[0] >= 3 * vs_random[1], "{vs_random:?}");
    assert!(vs_memory[1] > vs_memory[0], "{vs_memory:?}");
}

#[test]
fn random_playouts_end() {
    let mut longest = 0;
    for players in 2..=5 {
        for seed in 0..500u64 {
            let kinds = vec!["random"; players];
            let (o, moves) = play(&kinds, seed * 7 + players as u64);
            assert_eq!(o.scores.len(), players);
            assert!(!o.winners.is_empty());
            assert!(moves < 20_000, "{moves} moves");
            longest = longest.max(moves);
        }
    }
    eprintln!("longest random game: {longest} seat actions");
}

#[test]
fn logs_round_trip() {
    let n = 3;
    let mut m = Match::<Pocket>::new(setup(n, "random", 42, &["memory", "forgetful", "random"]))
        .expect("setup");
    let mut bots: Vec<_> = ["memory", "forgetful", "random"]
        .iter()
        .map(|k| hotseat::bots::kinds::pocket(k, 9).expect("bot"))
        .collect();
    while !m.is_over() {
        m.run_chance().expect("chance");
        let ToMove::Seats(seats) = m.to_move() else {
            break;
        };
        let seat = seats[0];
        let legal = m.state.legal_actions(seat);
        let a = bots[seat].choose(seat, &m.state.view(Viewer::Seat(seat)), &legal);
        m.apply(Actor::Seat(seat), a, None).expect("legal");
    }
    let log = m.to_log();
    let back = Match::<Pocket>::from_log(&log).expect("replays");
    assert_eq!(back.state, m.state);
    // Every recorded action is compact JSON with a tag.
    let json = serde_json::to_string(&log.actions[0].a).expect("json");
    assert!(json.contains("\"t\""), "{json}");
}

// ---- Bot judgement ----

#[test]
fn memory_bot_follows_the_tip() {
    let mut g = game(2, "1");
    // Seat 0 shows a 1 at A1 and fails.
    turn(&mut g, &[(0, false, One), (1, false, Three)]);
    let mut bot = pocket_bots::MemoryBot::new(5, 0);
    bot.observe(&g.view(Viewer::Seat(1)));
    assert_eq!(bot.remembers(0), Some(One));
    assert_eq!(bot.remembers(1), Some(Three));
    let a = bot.choose(1, &g.view(Viewer::Seat(1)), &g.legal_actions(1));
    let Action::Flip { cell, tap: false } = a else {
        panic!("expected an untapped flip, got {a:?}");
    };
    assert!(
        cell != 0 && cell != 1,
        "looks for another 1 first, flipped {cell}"
    );
    flip(&mut g, cell, false, One);
    bot.observe(&g.view(Viewer::Seat(1)));
    let a = bot.choose(1, &g.view(Viewer::Seat(1)), &g.legal_actions(1));
    assert_eq!(
        a,
        Action::Flip { cell: 0, tap: true },
        "then taps the known 1"
    );
}

#[test]
fn memory_bot_uses_two_known_ones_and_forgets_received_tiles() {
    let mut g = game(2, "1");
    let mut bot = pocket_bots::MemoryBot::new(5, 0);
    turn(&mut g, &[(0, false, One), (1, false, Three)]);
    bot.observe(&g.view(Viewer::Seat(0)));
    turn(&mut g, &[(2, false, One), (3, false, Five)]);
    bot.observe(&g.view(Viewer::Seat(0)));
    let a = bot.choose(0, &g.view(Viewer::Seat(0)), &g.legal_actions(0));
    let Action::Flip {
        cell: first,
        tap: false,
    } = a
    else {
        panic!("expected an untapped flip, got {a:?}");
    };
    assert!(first == 0 || first == 2, "flipped {first}");
    flip(&mut g, first, false, One);
    bot.observe(&g.view(Viewer::Seat(0)));
    let other = 2 - first;
    let a = bot.choose(0, &g.view(Viewer::Seat(0)), &g.legal_actions(0));
    assert_eq!(
        a,
        Action::Flip {
            cell: other,
            tap: true
        }
    );
    flip(&mut g, other, true, One);
    // Need 3 now; end it with the known 5 to keep the test short.
    flip(&mut g, 3, false, Five);
    assert_eq!(g.received(0), &[One, One]);
    bot.observe(&g.view(Viewer::Seat(0)));
    assert_eq!(bot.remembers(0), None);
    assert_eq!(bot.remembers(2), None);
    assert_eq!(bot.remembers(3), Some(Five));
}

#[test]
fn memory_bot_shows_an_unknown_tile_after_great_six() {
    let mut g = game(2, "1");
    turn(&mut g, &[(0, false, Three)]);
    turn(
        &mut g,
        &[
            (1, false, One),
            (2, false, Two),
            (3, false, Three),
            (4, true, Three),
            (5, false, Five),
            (6, true, Five),
        ],
    );
    let mut bot = pocket_bots::MemoryBot::new(5, 0);
    let v = g.view(Viewer::Seat(1));
    assert!(v.show_pending);
    let a = bot.choose(1, &v, &g.legal_actions(1));
    assert!(
        matches!(a, Action::Show { cell } if cell != 0 && cell > 6),
        "{a:?}"
    );
}

#[test]
fn tampered_actions_never_panic() {
    let mut m = Match::<Pocket>::new(setup(3, "random", 77, &["random"; 3])).expect("setup");
    let mut bot = hotseat::bots::kinds::pocket("random", 3).expect("bot");
    let mut probes = Vec::new();
    for cell in [0, 5, 35, 36, 1000, usize::MAX] {
        probes.push(Action::Flip { cell, tap: true });
        probes.push(Action::Flip { cell, tap: false });
        probes.push(Action::Show { cell });
        probes.push(Action::Start { seat: cell });
    }
    for tile in KINDS {
        probes.push(Action::Deal { tile });
    }
    while !m.is_over() {
        for a in &probes {
            for actor in [
                Actor::Chance,
                Actor::Seat(0),
                Actor::Seat(2),
                Actor::Seat(9),
            ] {
                let mut s = m.state.clone();
                if s.apply(actor, a).is_err() {
                    assert_eq!(
                        s, m.state,
                        "{actor:?} {a:?} was refused but changed the state"
                    );
                }
                let _ = m.state.describe(actor, a, Viewer::Public);
            }
        }
        m.run_chance().expect("chance");
        let ToMove::Seats(seats) = m.to_move() else {
            break;
        };
        let legal = m.state.legal_actions(seats[0]);
        let a = bot.choose(seats[0], &m.state.view(Viewer::Public), &legal);
        m.apply(Actor::Seat(seats[0]), a, None).expect("legal");
    }
}

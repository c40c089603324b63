//! Cocoon World: the rulebook's worked examples and the rulings' examples, with edge cases and
//! refusals. Each test builds a position with the set-up helpers, then feeds exact dice.

use std::collections::VecDeque;

use hotseat::engine::{Actor, Game, Options, ToMove, Viewer};
use hotseat::games::cocoon::{Action, Cocoon, Flags, Prompt, Side, Tile};

fn game(players: usize) -> Cocoon {
    let mut o = Options::new();
    o.insert("start".into(), "1".into());
    let mut g = Cocoon::new(&o, players).expect("new game");
    settle(&mut g, &mut VecDeque::new());
    g
}

/// Runs chance until a die is needed and none is queued, or a player must decide.
fn settle(g: &mut Cocoon, dice: &mut VecDeque<u8>) {
    loop {
        if g.to_move() != ToMove::Chance {
            return;
        }
        let outcomes = g.chance_outcomes();
        let a = match outcomes.first() {
            Some((Action::Die { .. }, _)) => match dice.pop_front() {
                Some(value) => Action::Die { value },
                None => return,
            },
            Some((a, _)) => *a,
            None => return,
        };
        g.apply(Actor::Chance, &a).expect("chance applies");
    }
}

/// `roll`, returning every event line on the way.
fn roll_told(g: &mut Cocoon, dice: &[u8]) -> Vec<String> {
    let mut dice: VecDeque<u8> = dice.iter().copied().collect();
    let mut told = Vec::new();
    while g.to_move() == ToMove::Chance {
        let a = match g.chance_outcomes().first() {
            Some((Action::Die { .. }, _)) => match dice.pop_front() {
                Some(value) => Action::Die { value },
                None => break,
            },
            Some((a, _)) => *a,
            None => break,
        };
        g.apply(Actor::Chance, &a).expect("chance applies");
        told.extend(g.last_notes(Viewer::Public));
    }
    assert!(dice.is_empty(), "dice left over: {dice:?}");
    told
}

fn roll(g: &mut Cocoon, dice: &[u8]) {
    let mut q: VecDeque<u8> = dice.iter().copied().collect();
    settle(g, &mut q);
    assert!(q.is_empty(), "dice left over: {q:?}");
}

fn act(g: &mut Cocoon, a: Action) {
    let seat = g.to_move().seats()[0];
    g.apply(Actor::Seat(seat), &a).expect("legal decision");
    settle(g, &mut VecDeque::new());
}

/// Where the tile placed on 5 sends the pawn, made harmless for the test.
fn at_5_next(g: &Cocoon) -> u8 {
    match g.hand(0).first().map(|t| t.effect()) {
        Some(hotseat::games::cocoon::Effect::Forward(n)) => 5 + n,
        _ => 6,
    }
}

fn prompt(g: &Cocoon) -> Prompt {
    g.view(Viewer::Public).prompt
}

/// Waiting for the first die of the turn of `seat`.
fn at_turn_start(g: &Cocoon, seat: usize) {
    assert_eq!(g.turn(), seat);
    assert_eq!(g.to_move(), ToMove::Chance);
    assert!(matches!(
        g.chance_outcomes().first(),
        Some((Action::Die { .. }, _))
    ));
}

#[test]
fn setup_deals_three_tiles_and_lays_eighteen_face_down() {
    let g = game(4);
    for s in 0..4 {
        assert_eq!(g.hand(s).len(), 3);
        assert_eq!(g.ep(s), 0);
        assert_eq!(g.position(s), Some(0));
        assert_eq!(g.side(s), Side::White);
    }
    let down: Vec<u8> = (0..60).filter(|&a| g.tile_at(a) == Some(None)).collect();
    assert_eq!(
        down,
        vec![
            1, 4, 7, 11, 14, 17, 21, 24, 27, 31, 34, 37, 41, 44, 47, 51, 54, 57
        ]
    );
    assert_eq!(g.pile(), 44 - 18 - 12);
    at_turn_start(&g, 0);
    let v = g.view(Viewer::Public);
    assert_eq!((v.round, v.rounds), (1, 5));
    assert_eq!(game(2).view(Viewer::Public).rounds, 10);
}

/// Rulebook EX1: a placed "3 Forward" leads onto "12 Backward"; the empty space reached then
/// gets no second tile.
#[test]
fn ex1_three_forward_onto_twelve_back_no_second_placement() {
    let mut g = game(2);
    g.set_hand(0, vec![Tile::F3, Tile::Roll, Tile::Lose3]);
    g.set_tile(8, Some(Tile::B12));
    // 2+3 with the target die on 1: no match, not both under: 5 steps to the empty space 5.
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.position(0), Some(5));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 5,
            follow: true
        }
    );
    act(&mut g, Action::Place { tile: Tile::F3 });
    // 5 -> 8 (12 back) -> 56, an empty space: no tile this time, the turn ends.
    assert_eq!(g.position(0), Some(56));
    assert_eq!(g.tile_at(5), Some(Some(Tile::F3)));
    assert_eq!(g.tile_at(56), None);
    assert_eq!(g.ep(0), 0);
    at_turn_start(&g, 1);
    assert_eq!(g.hand(0).len(), 3, "refilled");
}

/// Rulebook EX2: "Forward to Start and Roll Dice": 1 EP at Start, then a 7 onto an empty space
/// where a tile is placed and followed.
#[test]
fn ex2_forward_to_start_and_roll_then_seven() {
    let mut g = game(2);
    g.set_hand(0, vec![Tile::F1, Tile::Roll, Tile::Lose3]);
    g.set_tile(5, Some(Tile::ToStartRoll));
    g.set_tile(7, None);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.ep(0), 1, "Start gives 1 EP");
    roll(&mut g, &[3, 4]);
    assert_eq!(g.position(0), Some(7));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 7,
            follow: true
        }
    );
    act(&mut g, Action::Place { tile: Tile::F1 });
    assert_eq!(g.position(0), Some(8));
    assert_eq!(g.tile_at(7), Some(Some(Tile::F1)));
    at_turn_start(&g, 1);
}

/// Rulebook doublets example: 4+4 onto an Experience space gains 1 EP, then 3+6 moves 9.
#[test]
fn doublets_gain_on_experience_then_reroll() {
    let mut g = game(2);
    g.set_pawn(0, 12);
    roll(&mut g, &[4, 4, 1]);
    assert_eq!(g.position(0), Some(20));
    assert_eq!(g.ep(0), 1);
    roll(&mut g, &[3, 6]);
    assert_eq!(g.position(0), Some(29));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 29,
            follow: true
        }
    );
}

/// Doublets ignore a tile's movement but not its EP.
#[test]
fn doublets_ignore_movement_but_keep_ep_of_a_tile() {
    let mut g = game(2);
    g.set_tile(6, Some(Tile::GainRoll));
    g.set_tile(8, Some(Tile::F10));
    roll(&mut g, &[3, 3, 1]);
    assert_eq!(g.position(0), Some(6));
    assert_eq!(g.ep(0), 1, "the tile's gain counts");
    // The reroll lands on the 10 forward tile, which is followed: 8 -> 18.
    roll(&mut g, &[1, 1]);
    assert_eq!(
        g.position(0),
        Some(8),
        "doublets again: the move is ignored"
    );
    roll(&mut g, &[2, 3]);
    assert_eq!(g.position(0), Some(13));
}

/// Rulings' occupied-space example: Red steps back twice, gaining once on the Experience space
/// Green holds.
#[test]
fn occupied_spaces_step_back_gaining_on_the_way() {
    let mut g = game(3);
    g.set_tile(21, None);
    g.set_pawn(1, 21); // Blue
    g.set_pawn(2, 20); // Green, on the Experience space
    g.set_pawn(0, 15);
    roll(&mut g, &[2, 4, 1]);
    assert_eq!(g.position(0), Some(19));
    assert_eq!(g.ep(0), 1);
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 19,
            follow: true
        }
    );
}

/// Rulings' loop example: Experience held by Blue, "1 Forward" behind it: loop, Start, +1.
#[test]
fn loop_sends_the_pawn_to_start() {
    let mut g = game(2);
    g.set_pawn(1, 40);
    g.set_tile(39, Some(Tile::F1));
    g.set_pawn(0, 33);
    roll(&mut g, &[3, 4, 1]);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.ep(0), 2, "1 on the Experience space once, 1 at Start");
    // No tile placed yet: one goes on the nearest empty space to Start (1 is face down).
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 59,
            follow: false
        }
    );
}

#[test]
fn target_die_matches_and_all_under() {
    let mut g = game(2);
    g.set_tile(7, None);
    // 3+3 and target 3: two matches, 2 EP; doublets then move 6 ignoring all but EP.
    roll(&mut g, &[3, 3, 3]);
    assert_eq!(g.ep(0), 2);
    assert_eq!(g.position(0), Some(6));
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(9));
    let mut g = game(2);
    roll(&mut g, &[1, 2, 5]);
    assert_eq!(g.side(0), Side::Black, "both under the target: turned over");
}

#[test]
fn black_pawn_gains_anticlockwise_tiles_ignore_side() {
    let mut g = game(2);
    g.set_ep(0, 0, Side::Black);
    g.set_pawn(0, 15);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.position(0), Some(20));
    assert_eq!(g.ep(0), 10, "a black gain from 0 wraps to 10");
    let mut g = game(2);
    g.set_ep(0, 10, Side::Black);
    g.set_tile(5, Some(Tile::GainRoll));
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.ep(0), 0, "a tile's gain is clockwise: 10 -> 0");
    let mut g = game(2);
    g.set_ep(0, 1, Side::White);
    g.set_tile(5, Some(Tile::Lose3));
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.ep(0), 9, "lose 3 from 1 wraps to 9");
}

#[test]
fn nearest_empty_space_prefers_clockwise() {
    let mut g = game(2);
    g.set_hand(0, vec![Tile::F1, Tile::F2, Tile::F3]);
    g.set_pawn(0, 5);
    g.set_tile(11, Some(Tile::Lose3));
    g.set_tile(9, None);
    g.set_tile(12, None);
    g.set_tile(8, Some(Tile::B1));
    // 5 + 1+5 = 11: lose 3, no move; the tile owed goes to the nearest empty space: 12 and 9
    // tie at 1 and 2... 12 is 1 clockwise, 10 is Initiation: 12.
    roll(&mut g, &[1, 5, 2]);
    assert_eq!(g.position(0), Some(11));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 12,
            follow: false
        }
    );
    act(&mut g, Action::Place { tile: Tile::F2 });
    assert_eq!(g.tile_at(12), Some(Some(Tile::F2)));
    at_turn_start(&g, 1);
}

#[test]
fn gods_bet_right_and_wrong() {
    let mut g = game(3);
    g.set_pawn(0, 25);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(prompt(&g), Prompt::Bet);
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Bet { on: 1 }, Action::Bet { on: 2 }]
    );
    act(&mut g, Action::Bet { on: 1 });
    assert_eq!(g.position(0), None, "on the track");
    assert_eq!(g.bet(0), Some(1));
    // The owed tile went on the nearest empty space from Gods' Bet (29).
    if prompt(&g) != Prompt::None {
        let t = g.hand(0)[0];
        act(&mut g, Action::Place { tile: t });
    }
    assert_eq!(g.tile_at(29).map(|t| t.is_some()), Some(true));
    // Blue moves from 55 past Start: Red was right.
    at_turn_start(&g, 1);
    g.set_pawn(1, 55);
    roll(&mut g, &[3, 5, 1]);
    assert_eq!(g.bet(0), None);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.ep(0), 3);
    assert_eq!(g.side(0), Side::White);
}

#[test]
fn wrong_bet_turns_the_pawn_and_spare_plays_meanwhile() {
    let mut g = game(3);
    for at in hotseat::games::cocoon::SETUP_TILES {
        g.set_tile(at, None);
    }
    g.set_pawn(0, 25);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.legal_actions(0).len(), 2);
    act(&mut g, Action::Bet { on: 2 });
    let t = g.hand(0)[0];
    act(&mut g, Action::Place { tile: t });
    // Blue cannot bet on Green now (Red did), nor on itself: only Red is left.
    g.set_hand(1, vec![Tile::F1, Tile::F1, Tile::F1]);
    g.set_hand(2, vec![Tile::F1, Tile::F1, Tile::F1]);
    at_turn_start(&g, 1);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Place { tile: Tile::F1 });
    assert_eq!(g.position(1), Some(6));
    at_turn_start(&g, 2);
    roll(&mut g, &[4, 5, 1]);
    act(&mut g, Action::Place { tile: Tile::F1 });
    assert_eq!(g.position(2), Some(10));
    // Red's turn: the spare pawn plays from Start, white like the pawn on the track.
    at_turn_start(&g, 0);
    let v = g.view(Viewer::Public);
    assert_eq!(v.players[0].spare, Some((0, Side::White)));
    assert_eq!(v.players[0].pawn, None);
    // Red's own spare goes round Start first: the bet is lost, the spare leaves the board.
    g.set_pawn(0, 58);
    roll(&mut g, &[1, 2, 1]);
    assert_eq!(g.bet(0), None);
    assert_eq!(g.side(0), Side::Black);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(
        g.ep(0),
        2,
        "the target match, and Start's 1 EP for the spare passing it"
    );
    assert_eq!(g.view(Viewer::Public).players[0].spare, None);
}

/// Red has bet on Blue; it is Red's turn with the spare pawn on `spare_at`.
fn red_spare_on(spare_at: u8) -> Cocoon {
    let mut g = game(3);
    for at in hotseat::games::cocoon::SETUP_TILES {
        g.set_tile(at, None);
    }
    g.set_pawn(0, 25);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Bet { on: 1 });
    let t = g.hand(0)[0];
    act(&mut g, Action::Place { tile: t });
    // Blue and Green move away from Start: 5 + 1 and 9 + 1.
    for (seat, dice) in [(1, [2, 3, 1]), (2, [4, 5, 1])] {
        g.set_hand(seat, vec![Tile::F1, Tile::F1, Tile::F1]);
        at_turn_start(&g, seat);
        roll(&mut g, &dice);
        act(&mut g, Action::Place { tile: Tile::F1 });
    }
    at_turn_start(&g, 0);
    assert_eq!(g.bet(0), Some(1));
    assert_eq!(
        g.view(Viewer::Public).players[0].spare,
        Some((0, Side::White))
    );
    g.set_pawn(0, spare_at);
    g
}

/// Rulings, settled after play-testing: "A spare pawn that moves along the loop and stops on or
/// passes Start gains Start's EP like any pawn ... When it is the bettor's own spare, that EP is
/// gained first, then the bet resolves as wrong."
#[test]
fn a_spare_pawn_stopping_on_start_gains_its_ep_before_the_bet_is_lost() {
    let mut g = red_spare_on(56);
    // 1+3 (target 2: no match, not all under): the spare stops on Start.
    let events = roll_told(&mut g, &[1, 3, 2]).join("\n");
    // Gained first, with the white spare: +1. Had the bet been lost first, the pawn would be
    // black and the gain would wrap 0 -> 10.
    assert_eq!(g.ep(0), 1, "Start's EP, gained while the spare is white");
    assert_eq!(g.side(0), Side::Black, "then the bet resolves as wrong");
    assert_eq!(g.bet(0), None);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.view(Viewer::Public).players[0].spare, None);
    let gain = events.find("Start: EP 0 -> 1").expect("the gain is told");
    let wrong = events.find("was wrong").expect("the lost bet is told");
    assert!(gain < wrong, "EP first, then the bet: {events}");
}

#[test]
fn a_spare_pawn_passing_start_backwards_gains_its_ep_too() {
    let mut g = red_spare_on(3);
    g.set_tile(8, Some(Tile::B12));
    // 2+3 (target 1): 3 -> 8, back 12 past Start: Start's EP, the bet lost, the move ends.
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.ep(0), 1);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.side(0), Side::Black);
}

#[test]
fn a_spare_pawn_sent_to_start_by_a_loop_gains_its_ep_then_loses_the_bet() {
    let mut g = red_spare_on(33);
    g.set_pawn(1, 40);
    g.set_tile(39, Some(Tile::F1));
    // The rulings' loop example with Red's spare: Experience +1, loop, Start +1.
    roll(&mut g, &[3, 4, 1]);
    assert_eq!(g.ep(0), 2);
    assert_eq!(g.position(0), Some(0));
    assert_eq!(g.side(0), Side::Black);
    assert_eq!(g.bet(0), None);
}

/// Rulings, settled after play-testing: "the face-down tiles laid at set-up are placed tiles,
/// so they are targets too. The chosen tile is turned up, leaves the board, and its
/// instructions are followed at once."
#[test]
fn replace_may_take_a_face_down_set_up_tile() {
    let mut g = game(2);
    g.set_tile(5, Some(Tile::Replace));
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(prompt(&g), Prompt::Replace);
    let legal = g.legal_actions(0);
    for at in hotseat::games::cocoon::SETUP_TILES {
        assert!(legal.contains(&Action::Replace { at }), "{at}: {legal:?}");
    }
    g.apply(Actor::Seat(0), &Action::Replace { at: 14 })
        .expect("a face-down tile is a placed tile");
    assert_eq!(g.tile_at(14), Some(Some(Tile::Replace)));
    assert_eq!(g.tile_at(5), None);
    // Turned up: chance says what it was, from the tiles nobody has seen.
    assert_eq!(g.to_move(), ToMove::Chance);
    assert!(
        g.chance_outcomes()
            .iter()
            .all(|(a, _)| matches!(a, Action::Reveal { .. }))
    );
    g.apply(Actor::Chance, &Action::Reveal { tile: Tile::F10 })
        .expect("turned up");
    assert_eq!(g.view(Viewer::Public).removed, vec![Tile::F10]);
    // Followed at once: forward 10 from 5 to 15 (an empty space: a tile may still be placed).
    settle(&mut g, &mut VecDeque::new());
    assert_eq!(g.position(0), Some(15));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 15,
            follow: true
        }
    );
}

#[test]
fn dungeon_stop_and_fail() {
    let mut g = game(2);
    g.set_pawn(0, 45);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(prompt(&g), Prompt::Dungeon);
    act(&mut g, Action::Dungeon { enter: true });
    roll(&mut g, &[2, 2, 5, 6]); // Kobold, 1
    assert_eq!(prompt(&g), Prompt::Delve);
    act(&mut g, Action::Delve);
    roll(&mut g, &[3, 4, 5, 6]); // Dragon Rider, 2
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Delve, Action::Stop { pick: 0 }]
    );
    act(&mut g, Action::Stop { pick: 0 });
    assert_eq!(g.ep(0), 3);

    let mut g = game(2);
    g.set_pawn(0, 45);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Dungeon { enter: true });
    roll(&mut g, &[1, 1, 3, 5]); // Kobold
    act(&mut g, Action::Delve);
    roll(&mut g, &[6, 6, 2, 4]); // Kobold again: fails
    assert_eq!(g.ep(0), 0);
    assert_ne!(prompt(&g), Prompt::Delve);

    let mut g = game(2);
    g.set_pawn(0, 45);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Dungeon { enter: true });
    roll(&mut g, &[4, 4, 4, 4]); // Nightmare: any worth
    assert_eq!(g.legal_actions(0).len(), 12);
    act(&mut g, Action::Stop { pick: 7 });
    assert_eq!(g.ep(0), 7);
}

#[test]
fn next_turn_tiles_reverse_extra_die_change_die() {
    let mut g = game(2);
    // Blue stops on the next-turn tiles during Red's turn; they apply on Blue's turn.
    g.set_flags(
        1,
        Flags {
            reverse: true,
            add_die: true,
            change_die: true,
            pick_three: false,
        },
    );
    roll(&mut g, &[2, 3, 1]);
    let t = g.hand(0)[0];
    g.set_hand(0, vec![t, t, t]);
    g.set_tile(at_5_next(&g), Some(Tile::F1));
    act(&mut g, Action::Place { tile: t });
    while g.turn() == 0 {
        if g.to_move() == ToMove::Chance {
            roll(&mut g, &[1, 2]);
        } else {
            let a = g.legal_actions(0)[0];
            act(&mut g, a);
        }
    }
    at_turn_start(&g, 1);
    g.set_pawn(1, 30);
    g.set_tile(22, None);
    // Three player dice and the target, then the change.
    roll(&mut g, &[1, 2, 6, 5]);
    assert_eq!(prompt(&g), Prompt::ChangeDie);
    act(&mut g, Action::ChangeDie { die: 2, to: 5 });
    // 1+2+5 = 8 in reverse: 30 -> 22; the changed 5 matches the target: +1 EP.
    assert_eq!(g.ep(1), 1);
    assert_eq!(g.position(1), Some(22));
    assert_eq!(g.flags(1), Flags::default());
}

#[test]
fn replace_take_and_place_anywhere() {
    let mut g = game(2);
    g.set_tile(5, Some(Tile::Replace));
    g.set_tile(40, Some(Tile::F2));
    g.set_tile(12, Some(Tile::Lose3));
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(prompt(&g), Prompt::Replace);
    act(&mut g, Action::Replace { at: 12 });
    assert_eq!(
        g.tile_at(12),
        Some(Some(Tile::Replace)),
        "this tile took its place"
    );
    assert_eq!(g.tile_at(5), None, "the pawn's space is left empty");
    assert_eq!(g.view(Viewer::Public).removed, vec![Tile::Lose3]);
    assert_eq!(g.ep(0), 8, "followed the replaced Lose 3 at once");

    let mut g = game(2);
    g.set_tile(5, Some(Tile::Take));
    g.set_hand(1, vec![Tile::GainRoll, Tile::F1, Tile::B1]);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::TakeFrom { seat: 1 });
    // Only the taker sees the hand.
    assert!(g.view(Viewer::Seat(0)).peek.is_some());
    assert!(g.view(Viewer::Public).peek.is_none());
    act(
        &mut g,
        Action::Take {
            tile: Tile::GainRoll,
        },
    );
    assert_eq!(g.view(Viewer::Seat(1)).taken, Some(Tile::GainRoll));
    assert_eq!(g.view(Viewer::Public).taken, None);
    act(&mut g, Action::SwapTaken);
    assert_eq!(g.tile_at(5), Some(Some(Tile::GainRoll)));
    assert_eq!(g.ep(0), 1);
    assert_eq!(g.hand(1).len(), 2);

    let mut g = game(2);
    g.set_tile(5, Some(Tile::PlaceAny));
    g.set_hand(0, vec![Tile::B8, Tile::F1, Tile::F2]);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(prompt(&g), Prompt::PlaceAny);
    act(
        &mut g,
        Action::PlaceAt {
            tile: Tile::B8,
            at: 33,
        },
    );
    assert_eq!(g.tile_at(33), Some(Some(Tile::B8)));
    // That counted as the turn's tile: nothing more is owed.
    at_turn_start(&g, 1);
}

#[test]
fn illegal_actions_are_refused() {
    let mut g = game(2);
    assert!(
        g.apply(Actor::Seat(0), &Action::Place { tile: Tile::F1 })
            .is_err()
    );
    assert!(g.apply(Actor::Chance, &Action::Die { value: 7 }).is_err());
    assert!(g.apply(Actor::Chance, &Action::Die { value: 0 }).is_err());
    assert!(g.apply(Actor::Chance, &Action::Step).is_err());
    g.set_hand(0, vec![Tile::F1, Tile::F2, Tile::F3]);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 5,
            follow: true
        }
    );
    let before = g.clone();
    assert!(
        g.apply(Actor::Seat(0), &Action::Place { tile: Tile::B12 })
            .is_err()
    );
    assert!(
        g.apply(Actor::Seat(1), &Action::Place { tile: Tile::F1 })
            .is_err()
    );
    assert!(g.apply(Actor::Chance, &Action::Die { value: 3 }).is_err());
    assert!(g.apply(Actor::Seat(0), &Action::Bet { on: 1 }).is_err());
    assert_eq!(g, before, "refusals change nothing");
}

#[test]
fn game_ends_after_the_rounds_with_white_breaking_ties() {
    let mut g = game(2);
    let mut turns = 0;
    let mut last_turn = 0;
    let mut n = 0u32;
    while !g.is_over() {
        if g.turn() != last_turn {
            turns += 1;
            last_turn = g.turn();
        }
        match g.to_move() {
            ToMove::Chance => {
                n += 1;
                g.apply(
                    Actor::Chance,
                    &Action::Die {
                        value: 1 + (n % 5) as u8,
                    },
                )
                .expect("a die");
                settle(&mut g, &mut VecDeque::new());
            }
            ToMove::Seats(s) => {
                let a = g.legal_actions(s[0])[0];
                act(&mut g, a);
            }
            ToMove::Over => break,
        }
        assert!(turns < 40);
    }
    assert_eq!(
        turns, 19,
        "ten rounds of two players: 20 turns, 19 hand-overs"
    );
    let o = g.outcome().expect("over");
    assert_eq!(o.scores.len(), 2);
    assert!(!o.winners.is_empty());
}

/// Doublets ignore other pawns where the pawn stops: no step back, and only EP counts there.
#[test]
fn doublets_ignore_pawns_on_the_space_stopped_on() {
    let mut g = game(2);
    g.set_pawn(1, 6); // Blue on the empty space 6
    roll(&mut g, &[3, 3, 1]);
    assert_eq!(g.position(0), Some(6), "Red stays beside Blue");
    assert_eq!(g.ep(0), 0);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(9));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 9,
            follow: true
        }
    );

    // An Experience space held by Blue: the doublet gains its 1 EP once and stays there.
    let mut g = game(2);
    g.set_pawn(1, 20);
    g.set_pawn(0, 14);
    roll(&mut g, &[3, 3, 1]);
    assert_eq!(g.position(0), Some(20));
    assert_eq!(g.ep(0), 1);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(23));
    assert_eq!(g.ep(0), 1);
}

/// A marker that goes the whole way round the EP circle lands on its own spot again, on top of
/// the markers there.
#[test]
fn a_full_turn_of_the_ep_circle_puts_the_marker_on_top() {
    let mut g = game(2);
    let v = g.view(Viewer::Public);
    assert!(
        v.players[0].stamp < v.players[1].stamp,
        "Red starts below Blue"
    );
    g.set_pawn(0, 45);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Dungeon { enter: true });
    roll(&mut g, &[1, 1, 3, 5]); // Kobold, 1
    act(&mut g, Action::Delve);
    roll(&mut g, &[4, 4, 4, 4]); // Nightmare
    act(&mut g, Action::Stop { pick: 10 });
    assert_eq!(g.ep(0), 0, "11 steps round the circle of 11 spots");
    let v = g.view(Viewer::Public);
    assert_eq!((v.players[0].ep, v.players[1].ep), (0, 0));
    assert!(
        v.players[0].stamp > v.players[1].stamp,
        "Red now sits on top of Blue"
    );
}

/// Plays any legal moves until the last turn (Blue's in round 10 of two players) begins.
fn to_last_turn() -> Cocoon {
    let mut g = game(2);
    let mut n = 0u32;
    while !(g.round() == 10 && g.turn() == 1 && g.chance_outcomes().len() == 6) {
        assert!(!g.is_over());
        match g.to_move() {
            ToMove::Chance => {
                n += 1;
                let value = 1 + (n % 5) as u8;
                g.apply(Actor::Chance, &Action::Die { value }).expect("die");
                settle(&mut g, &mut VecDeque::new());
            }
            ToMove::Seats(s) => {
                let a = g.legal_actions(s[0])[0];
                act(&mut g, a);
            }
            ToMove::Over => unreachable!(),
        }
    }
    at_turn_start(&g, 1);
    g.set_pawn(0, 0);
    g.set_pawn(1, 15);
    g
}

fn finish(g: &mut Cocoon) {
    while !g.is_over() {
        let s = g.to_move().seats()[0];
        let a = g.legal_actions(s)[0];
        act(g, a);
    }
}

/// Equal EP at the end: a white pawn beats a black one; both white, the marker that arrived on
/// the spot later (on top of the stack) wins.
#[test]
fn ties_go_to_white_then_to_the_marker_on_top() {
    let mut g = to_last_turn();
    g.set_ep(0, 5, Side::White);
    g.set_ep(1, 4, Side::White);
    roll(&mut g, &[2, 3, 1]); // Blue 15 -> 20, Experience: 4 -> 5, on top of Red
    assert_eq!(g.ep(1), 5);
    finish(&mut g);
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![5, 5]);
    assert_eq!(o.winners, vec![1]);

    let mut g = to_last_turn();
    g.set_ep(0, 5, Side::White);
    g.set_ep(1, 6, Side::Black);
    roll(&mut g, &[2, 3, 1]); // black: 6 -> 5, on top of Red, but Red is white
    assert_eq!(g.ep(1), 5);
    finish(&mut g);
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![5, 5]);
    assert_eq!(o.winners, vec![0]);

    let mut g = to_last_turn();
    g.set_ep(0, 5, Side::White);
    g.set_ep(1, 7, Side::White);
    roll(&mut g, &[2, 3, 1]);
    finish(&mut g);
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![5, 8]);
    assert_eq!(o.winners, vec![1], "the highest EP wins outright");
}

/// "Move Forward to Initiation and Roll Dice": turned over there and rolled again; when another
/// pawn holds Initiation, one step back (that space is dealt with), no turning, then the roll.
#[test]
fn forward_to_initiation_free_or_held() {
    let mut g = game(2);
    g.set_tile(5, Some(Tile::ToInitiation));
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.position(0), Some(10));
    assert_eq!(g.side(0), Side::Black);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(13));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 13,
            follow: true
        }
    );

    let mut g = game(2);
    g.set_pawn(1, 10);
    g.set_tile(5, Some(Tile::ToInitiation));
    g.set_hand(0, vec![Tile::Lose3, Tile::Lose3, Tile::Lose3]);
    roll(&mut g, &[2, 3, 1]);
    assert_eq!(g.position(0), Some(9));
    assert_eq!(g.side(0), Side::White, "not turned: Initiation was held");
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 9,
            follow: true
        }
    );
    act(&mut g, Action::Place { tile: Tile::Lose3 });
    assert_eq!(g.ep(0), 8, "lose 3 from 0 wraps to 8");
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(12));
    at_turn_start(&g, 1);
}

/// "Roll Dice Again and Place one more Tile": one tile where the roll ends, one more on the
/// nearest empty space afterwards.
#[test]
fn roll_and_place_one_more_allows_a_second_tile() {
    let mut g = game(2);
    g.set_hand(0, vec![Tile::Lose3, Tile::Lose3, Tile::Lose3]);
    g.set_tile(5, Some(Tile::RollPlace));
    roll(&mut g, &[2, 3, 1]);
    roll(&mut g, &[1, 2]);
    assert_eq!(g.position(0), Some(8));
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 8,
            follow: true
        }
    );
    act(&mut g, Action::Place { tile: Tile::Lose3 });
    assert_eq!(g.ep(0), 8);
    assert_eq!(
        prompt(&g),
        Prompt::Place {
            at: 9,
            follow: false
        }
    );
    act(&mut g, Action::Place { tile: Tile::Lose3 });
    assert_eq!(g.tile_at(9), Some(Some(Tile::Lose3)));
    assert_eq!(g.ep(0), 8, "the second tile is not obeyed");
    at_turn_start(&g, 1);
}

/// "Choose 1 from 3": the next draw looks at three tiles (seen by that player alone), keeps one
/// and puts two back; the flag is used up.
#[test]
fn choose_one_from_three_at_the_next_draw() {
    let mut g = game(2);
    assert_eq!(g.pile(), 20);
    g.set_flags(
        0,
        Flags {
            pick_three: true,
            ..Flags::default()
        },
    );
    g.set_hand(0, vec![Tile::Lose3, Tile::Lose3, Tile::Lose3]);
    roll(&mut g, &[2, 3, 1]);
    act(&mut g, Action::Place { tile: Tile::Lose3 });
    assert_eq!(prompt(&g), Prompt::Pick { seat: 0 });
    assert_eq!(g.view(Viewer::Seat(0)).looking.len(), 3);
    assert!(g.view(Viewer::Seat(1)).looking.is_empty());
    assert!(g.view(Viewer::Public).looking.is_empty());
    let a = g.legal_actions(0)[0];
    act(&mut g, a);
    assert_eq!(g.hand(0).len(), 3);
    assert_eq!(g.pile(), 19);
    assert_eq!(g.flags(0), Flags::default());
    assert_eq!(g.view(Viewer::Seat(0)).known_top.len(), 2);
    assert!(
        g.view(Viewer::Seat(0))
            .known_top
            .iter()
            .all(|t| t.is_some())
    );
    assert!(
        g.view(Viewer::Seat(1))
            .known_top
            .iter()
            .all(|t| t.is_none())
    );
    at_turn_start(&g, 1);
}

#[test]
fn replace_tells_which_tile_left_the_board() {
    let mut g = game(2);
    g.set_tile(5, Some(Tile::Replace));
    g.set_tile(12, Some(Tile::Lose3));
    roll(&mut g, &[2, 3, 1]);
    g.apply(Actor::Seat(0), &Action::Replace { at: 12 })
        .expect("legal");
    // The steps it causes follow as lines of their own.
    assert_eq!(
        g.last_notes(Viewer::Public).first().map(String::as_str),
        Some("moves the Swp tile to 12; E-3 (lose 3 EP) leaves the board")
    );
}

#[test]
fn a_tile_turned_up_on_arrival_is_named_once() {
    let mut g = game(2);
    // The first face-down set-up tile reached by a 2 and a larger die (no doublet, and the
    // target 1 neither matches nor turns the pawn).
    let at = hotseat::games::cocoon::SETUP_TILES
        .iter()
        .copied()
        .find(|&t| (5..=8).contains(&t))
        .expect("a set-up tile within two dice");
    let told = roll_told(&mut g, &[2, at - 2, 1]);
    let named: Vec<&String> = told
        .iter()
        .filter(|l| l.contains(&format!("{at} is ")))
        .collect();
    assert_eq!(named.len(), 1, "{told:#?}");
    assert!(
        named[0].starts_with(&format!("the face-down tile on {at} is")),
        "{told:#?}"
    );
    assert!(told.iter().any(|l| l.contains("follows it")), "{told:#?}");
}

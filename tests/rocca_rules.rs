//! Rocca Monster: the rulings' examples, the rulebook's numbers, the options, and refusals.

use hotseat::engine::{Actor, Game, Options, ToMove, Viewer};
use hotseat::games::rocca::cards::{deaths_to_heal, deaths_to_win};
use hotseat::games::rocca::{Action, Body, Face, Reason, Report, Rocca, Side, Stage, Step, label};

// Villager numbers: seat * 3 + place.
const A1: u8 = 0;
const A2: u8 = 1;
const A3: u8 = 2;
const B1: u8 = 3;
const B2: u8 = 4;
const B3: u8 = 5;
const C1: u8 = 6;
const C2: u8 = 7;
const C3: u8 = 8;
const D1: u8 = 9;
const D2: u8 = 10;

fn new_game(players: usize, opts: &[(&str, &str)]) -> Rocca {
    let mut o = Options::new();
    for (k, v) in opts {
        o.insert(k.to_string(), v.to_string());
    }
    Rocca::new(&o, players).expect("setup")
}

fn chance(g: &mut Rocca, a: Action) {
    g.apply(Actor::Chance, &a)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

fn seat(g: &mut Rocca, s: usize, a: Action) {
    g.apply(Actor::Seat(s), &a)
        .unwrap_or_else(|e| panic!("seat {s} {a:?}: {e}"));
}

/// A game with the Monster (or `killer`) at `at`, plus the given faces and healer.
fn dealt(
    players: usize,
    opts: &[(&str, &str)],
    faces: &[(u8, Face)],
    killer: (u8, Body),
    healer: Option<u8>,
) -> Rocca {
    let mut g = new_game(players, opts);
    for &(v, face) in faces {
        chance(&mut g, Action::Face { v, face });
    }
    chance(
        &mut g,
        Action::Deal {
            v: killer.0,
            body: killer.1,
        },
    );
    if let Some(v) = healer {
        chance(
            &mut g,
            Action::Deal {
                v,
                body: Body::Healer,
            },
        );
    }
    assert_eq!(g.stage(), Stage::Midnight);
    g
}

fn monster_game(players: usize, at: u8) -> Rocca {
    dealt(players, &[], &[], (at, Body::Monster), None)
}

/// Everyone takes the midnight turn; the killer attacks `target` (and bites `bite` if asked).
fn midnight(g: &mut Rocca, target: u8, bite: Option<u8>) {
    while let ToMove::Seats(seats) = g.to_move() {
        if g.stage() != Stage::Midnight {
            break;
        }
        let s = seats[0];
        let legal = g.legal_actions(s);
        let a = if legal.contains(&Action::Attack { v: target }) {
            Action::Attack { v: target }
        } else if let Some(b) = bite.filter(|&b| legal.contains(&Action::Bite { seat: b })) {
            Action::Bite { seat: b }
        } else {
            Action::Sleep
        };
        seat(g, s, a);
    }
    assert_eq!(g.stage(), Stage::Dawn);
    chance(g, Action::Dawn);
}

/// A whole night: the attack on `target` and its roll.
fn night(g: &mut Rocca, target: u8, roll: u8) {
    midnight(g, target, None);
    assert_eq!(g.stage(), Stage::AttackRoll);
    chance(g, Action::Roll { n: roll });
}

/// Every voter votes for `target` and confirms; then the count.
fn day(g: &mut Rocca, target: u8) {
    ballot(g, &[target; 6]);
}

/// Each voter (in seat order) votes for `votes[seat]`, everyone confirms, the count follows.
fn ballot(g: &mut Rocca, votes: &[u8]) {
    assert_eq!(g.stage(), Stage::Vote);
    while let ToMove::Seats(seats) = g.to_move() {
        let s = seats[0];
        let legal = g.legal_actions(s);
        let a = if legal.contains(&Action::Confirm) {
            Action::Confirm
        } else {
            Action::Vote { v: votes[s] }
        };
        seat(g, s, a);
    }
    assert_eq!(g.stage(), Stage::Tally);
    chance(g, Action::Tally);
}

#[test]
fn rulebook_thresholds() {
    assert_eq!(
        (3..=6).map(deaths_to_win).collect::<Vec<_>>(),
        vec![5, 7, 8, 10]
    );
    assert_eq!(
        (4..=6).map(deaths_to_heal).collect::<Vec<_>>(),
        vec![4, 5, 6]
    );
    for players in 3..=6 {
        let g = new_game(players, &[]);
        assert_eq!(g.villager_count() as usize, 3 * players);
    }
}

#[test]
fn example_1_fifth_death_of_nine_wins_counting_executions() {
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 1); // 1 dead
    day(&mut g, B1); // 2
    night(&mut g, A2, 6); // survives
    day(&mut g, B2); // 3
    night(&mut g, A3, 2); // 4
    assert_eq!(g.dead(), 4);
    assert!(g.outcome().is_none());
    day(&mut g, B3); // 5: an execution
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Killer);
    assert_eq!(e.reason, Reason::Deaths { dead: 5 });
    let o = g.outcome().expect("outcome");
    assert_eq!(o.winners, vec![2]);
    assert_eq!(o.scores, vec![0, 0, 1]);
    assert_eq!(g.to_move(), ToMove::Over);
}

#[test]
fn executing_the_monster_as_the_threshold_death_wins_for_the_village() {
    // 4 of 9 dead; the fifth death is the Monster's own villager: the village has found it.
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 1); // 1
    day(&mut g, B1); // 2
    night(&mut g, A2, 1); // 3
    day(&mut g, B2); // 4
    night(&mut g, A3, 6); // survives
    assert_eq!(g.dead(), 4);
    day(&mut g, C3); // 5 of 9, but it is the Monster
    assert_eq!(g.dead(), 5);
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Village);
    assert_eq!(e.reason, Reason::Executed { v: C3 });
    assert_eq!(g.outcome().expect("o").winners, vec![0, 1]);
}

#[test]
fn the_monster_may_survive_its_own_attack() {
    let mut g = monster_game(3, B1);
    night(&mut g, B1, 5);
    assert!(g.ending().is_none());
    assert!(g.is_alive(B1));
    assert_eq!(g.stage(), Stage::Vote);
    assert!(matches!(
        g.today().last(),
        Some(Report::Attack {
            v: B1,
            roll: 5,
            need: 5,
            survived: true
        })
    ));
}

#[test]
fn example_2_executing_the_monster_on_day_one_wins_at_once() {
    let mut g = monster_game(4, B2);
    night(&mut g, A1, 6);
    assert_eq!(g.dead(), 0);
    day(&mut g, B2);
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Village);
    assert_eq!(e.reason, Reason::Executed { v: B2 });
    assert_eq!(g.day(), 1);
    let o = g.outcome().expect("outcome");
    assert_eq!(o.winners, vec![0, 2, 3]);
    assert_eq!(o.scores, vec![1, 0, 1, 1]);
    assert!(o.note.contains("executed on day 1"), "{}", o.note);
}

#[test]
fn example_3_monster_attacks_itself_and_rolls_two() {
    let mut g = monster_game(3, B1);
    night(&mut g, B1, 2);
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Village);
    assert_eq!(e.reason, Reason::Attacked { v: B1 });
    assert_eq!(g.outcome().expect("o").winners, vec![0, 2]);
}

#[test]
fn example_4_police_and_family_rolls() {
    let faces = [(B1, Face::Police)];
    // The Police himself: 3 survives.
    let mut g = dealt(3, &[("police", "on")], &faces, (C1, Body::Monster), None);
    assert_eq!(g.survive_from(B1), 3);
    assert_eq!(g.survive_from(B2), 4);
    assert_eq!(g.survive_from(A1), 5);
    night(&mut g, B1, 3);
    assert!(g.is_alive(B1));
    assert!(matches!(
        g.today().last(),
        Some(Report::Attack {
            v: B1,
            roll: 3,
            need: 3,
            survived: true
        })
    ));
    // A member of the Police's family: 3 dies.
    let mut g = dealt(3, &[("police", "on")], &faces, (C1, Body::Monster), None);
    night(&mut g, B2, 3);
    assert!(!g.is_alive(B2));
    // ... and 4 survives.
    let mut g = dealt(3, &[("police", "on")], &faces, (C1, Body::Monster), None);
    night(&mut g, B3, 4);
    assert!(g.is_alive(B3));
    // Anyone else still needs 5: 4 dies.
    let mut g = dealt(3, &[("police", "on")], &faces, (C1, Body::Monster), None);
    night(&mut g, A1, 4);
    assert!(!g.is_alive(A1));
}

#[test]
fn police_protection_ends_with_the_police() {
    let faces = [(B1, Face::Police)];
    let mut g = dealt(4, &[("police", "on")], &faces, (C1, Body::Monster), None);
    night(&mut g, A1, 6);
    day(&mut g, B1); // the Police is executed
    assert_eq!(g.survive_from(B2), 5);
    night(&mut g, B2, 4);
    assert!(!g.is_alive(B2));
}

#[test]
fn example_5_mayor_redirects_once_only() {
    let faces = [(A1, Face::Mayor)];
    let mut g = dealt(4, &[("mayor", "on")], &faces, (C1, Body::Monster), None);
    midnight(&mut g, A2, None);
    assert_eq!(g.stage(), Stage::Mayor);
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Keep));
    // Not onto the Mayor's own family.
    assert!(!legal.contains(&Action::Redirect { v: A3 }));
    assert!(legal.contains(&Action::Redirect { v: B1 }));
    // Another seat cannot move it.
    assert!(
        g.clone()
            .apply(Actor::Seat(1), &Action::Redirect { v: B1 })
            .is_err()
    );
    seat(&mut g, 0, Action::Redirect { v: B1 });
    assert!(g.mayor_used());
    assert_eq!(g.victim(), Some(B1));
    chance(&mut g, Action::Roll { n: 1 });
    assert!(!g.is_alive(B1));
    assert!(g.is_alive(A2));
    day(&mut g, D1);
    // The second attack on his family goes straight to the roll.
    midnight(&mut g, A3, None);
    assert_eq!(g.stage(), Stage::AttackRoll);
    assert!(g.legal_actions(0).is_empty());
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Redirect { v: B2 })
            .is_err()
    );
    chance(&mut g, Action::Roll { n: 2 });
    assert!(!g.is_alive(A3));
}

/// Rulings: the Mayor's player may move the die "before the roll ... A death turns both cards of
/// that villager over"; when the moved die kills the Monster, the end says so.
#[test]
fn the_mayors_moved_die_killing_the_monster_is_told_as_such() {
    let faces = [(A1, Face::Mayor)];
    let mut g = dealt(4, &[("mayor", "on")], &faces, (C1, Body::Monster), None);
    midnight(&mut g, A2, None);
    seat(&mut g, 0, Action::Redirect { v: C1 });
    chance(&mut g, Action::Roll { n: 1 });
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Village);
    assert_eq!(e.reason, Reason::MovedOnto { v: C1 });
    let note = g.outcome().expect("outcome").note;
    assert!(
        note.contains("the Mayor moved the die onto the Monster (C1)"),
        "{note}"
    );
    assert!(!note.contains("attacked itself"), "{note}");
}

#[test]
fn mayor_may_keep_and_the_power_dies_with_him() {
    let faces = [(A1, Face::Mayor)];
    let mut g = dealt(4, &[("mayor", "on")], &faces, (C1, Body::Monster), None);
    midnight(&mut g, A1, None);
    seat(&mut g, 0, Action::Keep);
    assert!(!g.mayor_used());
    chance(&mut g, Action::Roll { n: 1 });
    assert!(!g.is_alive(A1));
    day(&mut g, D1);
    // The Mayor is dead: an attack on his family is not redirectable.
    midnight(&mut g, A2, None);
    assert_eq!(g.stage(), Stage::AttackRoll);
}

#[test]
fn tie_goes_to_a_new_ballot_among_the_tied_then_lots() {
    let mut g = monster_game(4, D1);
    night(&mut g, A1, 6);
    // A and B vote B1, C and D vote C1: a tie.
    ballot(&mut g, &[B1, B1, C1, C1]);
    assert_eq!(g.stage(), Stage::Vote);
    assert_eq!(g.ballot(), 2);
    assert!(matches!(
        g.today().last(),
        Some(Report::Tie { ballot: 1, .. })
    ));
    // Only the tied may receive votes now.
    let legal = g.legal_actions(0);
    assert_eq!(legal, vec![Action::Vote { v: B1 }, Action::Vote { v: C1 }]);
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Vote { v: A2 })
            .is_err()
    );
    ballot(&mut g, &[B1, B1, C1, C1]);
    assert_eq!(g.ballot(), 3);
    ballot(&mut g, &[B1, C1, B1, C1]);
    assert_eq!(g.stage(), Stage::Lot);
    let outcomes = g.chance_outcomes();
    assert_eq!(
        outcomes,
        vec![(Action::Lot { v: B1 }, 1), (Action::Lot { v: C1 }, 1)]
    );
    assert!(
        g.clone()
            .apply(Actor::Chance, &Action::Lot { v: A2 })
            .is_err()
    );
    chance(&mut g, Action::Lot { v: C1 });
    assert!(!g.is_alive(C1));
    assert!(matches!(
        g.today().last(),
        Some(Report::Executed {
            v: C1,
            by_lot: true,
            ..
        })
    ));
    assert_eq!(g.stage(), Stage::Midnight);
    assert_eq!(g.day(), 2);
}

#[test]
fn majority_executes_and_moving_a_vote_reopens_confirmation() {
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 6);
    seat(&mut g, 0, Action::Vote { v: B1 });
    seat(&mut g, 1, Action::Vote { v: C1 });
    seat(&mut g, 2, Action::Vote { v: B1 });
    // Confirmation round, seat order.
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    seat(&mut g, 0, Action::Confirm);
    seat(&mut g, 1, Action::Vote { v: B1 }); // Bo moves his card: everyone else again
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    seat(&mut g, 0, Action::Confirm);
    seat(&mut g, 2, Action::Vote { v: A2 });
    seat(&mut g, 0, Action::Confirm);
    seat(&mut g, 1, Action::Vote { v: A3 }); // second move
    assert_eq!(g.legal_actions(0).first(), Some(&Action::Confirm));
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    seat(&mut g, 0, Action::Confirm);
    seat(&mut g, 2, Action::Confirm);
    assert_eq!(g.to_move(), ToMove::Chance);
    // B1 1, A2 1, A3 1: a three-way tie.
    chance(&mut g, Action::Tally);
    assert_eq!(g.ballot(), 2);
}

/// Rulings: "a player may change their vote until everyone confirms: there is no cap on
/// changes; the ballot closes when every voter has confirmed with no change since (a computer
/// player may be limited in how often it changes, a person is not)".
#[test]
fn vote_changes_are_not_capped_and_the_ballot_closes_on_confirmations() {
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 6);
    for (s, v) in [(0, B1), (1, B2), (2, B1)] {
        seat(&mut g, s, Action::Vote { v });
    }
    // Seats 0 and 1 change their minds again and again: every move stays legal.
    let mut last = [B1, B2, B1];
    for round in 0..6u8 {
        for s in [0, 1] {
            assert_eq!(g.to_move(), ToMove::Seats(vec![s]), "round {round}");
            let v = [B2, B3, A2][usize::from(round + s as u8) % 3];
            let v = if v == last[s] { A3 } else { v };
            assert!(
                g.legal_actions(s).contains(&Action::Vote { v }),
                "move {round}"
            );
            seat(&mut g, s, Action::Vote { v });
            last[s] = v;
        }
    }
    // Still open: seat 0 is asked again after seat 1's move.
    assert_eq!(g.stage(), Stage::Vote);
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    seat(&mut g, 0, Action::Vote { v: B1 });
    // Closes once every other voter confirms with no change since.
    seat(&mut g, 1, Action::Confirm);
    assert_eq!(g.to_move(), ToMove::Seats(vec![2]));
    seat(&mut g, 2, Action::Confirm);
    assert_eq!(g.to_move(), ToMove::Chance);
    chance(&mut g, Action::Tally);
    assert!(!g.is_alive(B1), "B1 had two votes of three");
}

#[test]
fn a_computer_player_moves_its_vote_at_most_twice_per_ballot() {
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 6);
    for (s, v) in [(0, B1), (1, B2), (2, B1)] {
        seat(&mut g, s, Action::Vote { v });
    }
    seat(&mut g, 0, Action::Vote { v: B2 }); // first move
    seat(&mut g, 1, Action::Vote { v: B1 });
    seat(&mut g, 0, Action::Vote { v: B3 }); // second move
    seat(&mut g, 1, Action::Vote { v: B3 });
    assert_eq!(g.to_move(), ToMove::Seats(vec![0]));
    assert_eq!(g.bot_actions(0), vec![Action::Confirm]);
    assert!(
        g.legal_actions(0).contains(&Action::Vote { v: B1 }),
        "a person may"
    );
    seat(&mut g, 0, Action::Confirm);
    // Seat 2 has not moved yet: a computer player there may.
    assert_eq!(g.to_move(), ToMove::Seats(vec![2]));
    assert!(g.bot_actions(2).contains(&Action::Vote { v: B2 }));
}

#[test]
fn midnight_turns_are_uniform_and_private() {
    let mut g = monster_game(4, C2);
    // Every seat owes the same single step.
    assert_eq!(g.to_move(), ToMove::Seats(vec![0, 1, 2, 3]));
    assert_eq!(g.legal_actions(0), vec![Action::Sleep]);
    assert_eq!(g.legal_actions(2).len(), 12);
    assert!(
        g.legal_actions(2)
            .iter()
            .all(|a| matches!(a, Action::Attack { .. }))
    );
    // A sleeper cannot attack; the Monster cannot sleep.
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Attack { v: B1 })
            .is_err()
    );
    assert!(g.clone().apply(Actor::Seat(2), &Action::Sleep).is_err());
    seat(&mut g, 2, Action::Attack { v: B1 });
    // The attack is the Monster's secret until dawn.
    let line = g.describe(Actor::Seat(2), &Action::Attack { v: B1 }, Viewer::Seat(0));
    assert_eq!(line, "takes a night turn");
    let sleep = g.describe(Actor::Seat(0), &Action::Sleep, Viewer::Seat(1));
    assert_eq!(sleep, "takes a night turn");
    let v0 = g.view(Viewer::Seat(0));
    assert!(v0.my_choices[2].is_empty());
    assert_eq!(v0.villager(C2).and_then(|x| x.body), None);
    assert_eq!(v0.villager(A1).and_then(|x| x.body), Some(Body::Plain));
    let v2 = g.view(Viewer::Seat(2));
    assert_eq!(v2.my_choices[2], vec![Action::Attack { v: B1 }]);
    assert_eq!(v2.villager(C2).and_then(|x| x.body), Some(Body::Monster));
    // A seat that has taken its turn cannot take another.
    assert!(
        g.clone()
            .apply(Actor::Seat(2), &Action::Attack { v: B2 })
            .is_err()
    );
    for s in [0, 1, 3] {
        seat(&mut g, s, Action::Sleep);
    }
    let dawn = g.describe(Actor::Chance, &Action::Dawn, Viewer::Public);
    assert_eq!(dawn, "Morning of day 1: the die lies on B1");
    chance(&mut g, Action::Dawn);
    assert_eq!(g.victim(), Some(B1));
}

#[test]
fn a_family_with_no_living_villager_still_takes_the_night_turn() {
    let mut g = monster_game(3, C3);
    night(&mut g, A1, 1);
    day(&mut g, A2);
    night(&mut g, A3, 1);
    assert!(!g.is_voter(0));
    day(&mut g, B1);
    assert_eq!(g.stage(), Stage::Midnight);
    assert!(g.to_move().includes(0));
    assert_eq!(g.legal_actions(0), vec![Action::Sleep]);
}

#[test]
fn healer_wakes_at_a_third_and_revives_on_four_to_six() {
    // 4 players: the Healer wakes at 4 of 12 dead.
    let mut g = dealt(4, &[("healer", "on")], &[], (D2, Body::Monster), Some(C3));
    night(&mut g, A1, 1); // 1
    day(&mut g, A2); // 2
    night(&mut g, A3, 1); // 3
    assert!(!g.healer_power());
    day(&mut g, B1); // 4: the power wakes; an evening follows
    assert!(g.healer_power());
    assert_eq!(g.stage(), Stage::Evening);
    assert_eq!(g.to_move(), ToMove::Seats(vec![0, 1, 2, 3]));
    // Only the Healer's player may pray over a grave.
    assert_eq!(g.legal_actions(0), vec![Action::Sleep]);
    let healer = g.legal_actions(2);
    assert!(healer.contains(&Action::Revive { v: A1 }));
    assert!(healer.contains(&Action::Sleep));
    assert!(!healer.contains(&Action::Revive { v: C1 }), "only graves");
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Revive { v: A1 })
            .is_err()
    );
    seat(&mut g, 2, Action::Revive { v: A1 });
    for s in [0, 1, 3] {
        seat(&mut g, s, Action::Sleep);
    }
    chance(&mut g, Action::PrayerEnds);
    assert_eq!(g.stage(), Stage::ReviveRoll);
    chance(&mut g, Action::Roll { n: 4 });
    assert!(g.is_alive(A1));
    assert_eq!(g.dead(), 3);
    // The power stays although the count went back under a third.
    assert!(g.healer_power());
    assert_eq!(g.stage(), Stage::Midnight);
    night(&mut g, B2, 6);
    day(&mut g, B3); // 4 dead
    assert_eq!(g.stage(), Stage::Evening);
    seat(&mut g, 2, Action::Revive { v: A2 });
    for s in [0, 1, 3] {
        seat(&mut g, s, Action::Sleep);
    }
    chance(&mut g, Action::PrayerEnds);
    chance(&mut g, Action::Roll { n: 3 });
    assert!(!g.is_alive(A2), "1 to 3: no miracle");
    // The Healer dies: no more evenings.
    night(&mut g, C3, 1);
    assert!(!g.is_alive(C3));
    day(&mut g, C1);
    assert_eq!(g.stage(), Stage::Midnight);
}

/// The rules page: the Monster's other villagers may hold the Healer.
#[test]
fn the_healer_may_be_dealt_into_the_monsters_family() {
    let mut g = new_game(4, &[("healer", "on")]);
    chance(
        &mut g,
        Action::Deal {
            v: B1,
            body: Body::Monster,
        },
    );
    let deals: Vec<u8> = g
        .chance_outcomes()
        .iter()
        .filter_map(|(a, _)| match a {
            Action::Deal {
                v,
                body: Body::Healer,
            } => Some(*v),
            _ => None,
        })
        .collect();
    assert!(deals.contains(&B2) && deals.contains(&B3), "{deals:?}");
    assert!(!deals.contains(&B1));
    chance(
        &mut g,
        Action::Deal {
            v: B2,
            body: Body::Healer,
        },
    );
    assert_eq!(g.stage(), Stage::Midnight);
}

#[test]
fn healer_may_let_the_dead_rest() {
    let mut g = dealt(4, &[("healer", "on")], &[], (D2, Body::Monster), Some(C3));
    night(&mut g, A1, 1);
    day(&mut g, A2);
    night(&mut g, A3, 1);
    day(&mut g, B1);
    for s in 0..4 {
        seat(&mut g, s, Action::Sleep);
    }
    let line = g.describe(Actor::Chance, &Action::PrayerEnds, Viewer::Public);
    assert_eq!(line, "Evening: no die lies on any grave");
    chance(&mut g, Action::PrayerEnds);
    assert_eq!(g.stage(), Stage::Midnight);
    assert_eq!(g.day(), 3);
}

#[test]
fn healer_and_vampire_need_four_players() {
    let mut o = Options::new();
    o.insert("healer".into(), "on".into());
    assert!(Rocca::new(&o, 3).is_err());
    assert!(Rocca::new(&o, 4).is_ok());
    let mut o = Options::new();
    o.insert("vampire".into(), "on".into());
    assert!(Rocca::new(&o, 3).is_err());
    let mut o = Options::new();
    o.insert("mayor".into(), "maybe".into());
    assert!(Rocca::new(&o, 3).is_err());
    assert!(Rocca::new(&Options::new(), 2).is_err());
    assert!(Rocca::new(&Options::new(), 7).is_err());
}

#[test]
fn vampire_option_deals_monster_or_vampire_with_even_odds() {
    let g = new_game(4, &[("vampire", "on")]);
    let outcomes = g.chance_outcomes();
    let monsters = outcomes
        .iter()
        .filter(|(a, _)| {
            matches!(
                a,
                Action::Deal {
                    body: Body::Monster,
                    ..
                }
            )
        })
        .count();
    let vampires = outcomes
        .iter()
        .filter(|(a, _)| {
            matches!(
                a,
                Action::Deal {
                    body: Body::Vampire,
                    ..
                }
            )
        })
        .count();
    assert_eq!((monsters, vampires), (12, 12));
    // Everyone else reads the same line either way.
    for body in [Body::Monster, Body::Vampire] {
        let line = g.describe(
            Actor::Chance,
            &Action::Deal { v: B1, body },
            Viewer::Seat(0),
        );
        assert_eq!(line, "the body cards are dealt in secret");
    }
    let own = g.describe(
        Actor::Chance,
        &Action::Deal {
            v: B1,
            body: Body::Vampire,
        },
        Viewer::Seat(1),
    );
    assert_eq!(own, "your villager B1 is the Vampire");
}

#[test]
fn vampire_bites_a_survivors_family_which_learns_it_later() {
    let mut g = dealt(4, &[("vampire", "on")], &[], (D1, Body::Vampire), None);
    night(&mut g, A1, 6); // A1 survives: family A may be bitten next midnight
    day(&mut g, B1);
    assert_eq!(g.stage(), Stage::Midnight);
    // Everyone has the bite step first, then the attack step.
    let v = g.view(Viewer::Seat(1));
    assert_eq!(v.steps, vec![Step::Bite, Step::Attack]);
    assert_eq!(v.bite_from, vec![0]);
    assert_eq!(g.legal_actions(1), vec![Action::Sleep]);
    assert_eq!(
        g.legal_actions(3),
        vec![Action::Bite { seat: 0 }, Action::Sleep]
    );
    assert!(
        g.clone()
            .apply(Actor::Seat(3), &Action::Bite { seat: 1 })
            .is_err()
    );
    midnight(&mut g, C1, Some(0));
    assert!(g.in_clan(0));
    // Not told yet: family A's view shows nothing until its next private turn.
    assert!(!g.view(Viewer::Seat(0)).in_clan);
    assert_eq!(g.view(Viewer::Seat(3)).clan, vec![0]);
    chance(&mut g, Action::Roll { n: 6 });
    day(&mut g, B2);
    assert_eq!(g.stage(), Stage::Midnight);
    assert!(g.view(Viewer::Seat(0)).in_clan);
    assert!(!g.view(Viewer::Seat(1)).in_clan);
    // The clan wins with the Vampire on the death count.
    night(&mut g, B3, 1); // 3 dead: B1, B2, B3
    day(&mut g, C2); // 4
    night(&mut g, C3, 1); // 5
    day(&mut g, A2); // 6
    assert!(g.ending().is_none());
    night(&mut g, A3, 1); // 7 of 12
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Killer);
    assert_eq!(e.killer, Body::Vampire);
    assert_eq!(g.outcome().expect("o").winners, vec![0, 3]);
}

#[test]
fn vampire_wins_when_every_living_family_is_in_the_clan() {
    let mut g = dealt(4, &[("vampire", "on")], &[], (D1, Body::Vampire), None);
    night(&mut g, A1, 6);
    day(&mut g, B1);
    midnight(&mut g, C1, Some(0));
    chance(&mut g, Action::Roll { n: 6 }); // C1 survives
    day(&mut g, B2);
    midnight(&mut g, B3, Some(2));
    // Family B is not in the clan and B3 still lives.
    assert!(g.ending().is_none());
    chance(&mut g, Action::Roll { n: 1 }); // B3 dies: the last family outside the clan
    let e = g.ending().expect("over");
    assert_eq!(e.reason, Reason::AllClan);
    assert_eq!(g.outcome().expect("o").winners, vec![0, 2, 3]);
}

#[test]
fn a_bitten_family_wins_with_the_vampire_even_before_it_is_told() {
    let mut g = dealt(4, &[("vampire", "on")], &[], (D1, Body::Vampire), None);
    night(&mut g, A2, 1); // 1
    day(&mut g, B1); // 2
    night(&mut g, B2, 1); // 3
    day(&mut g, B3); // 4
    night(&mut g, A1, 6); // A1 survives: family A may be bitten next midnight
    day(&mut g, C2); // 5
    // Family A is bitten tonight; it would be told at its next private turn.
    midnight(&mut g, C3, Some(0));
    assert!(g.in_clan(0));
    assert!(!g.view(Viewer::Seat(0)).in_clan);
    chance(&mut g, Action::Roll { n: 1 }); // 6
    assert!(g.ending().is_none());
    day(&mut g, C1); // 7 of 12, before family A's next private turn
    let e = g.ending().expect("over");
    assert_eq!(e.winner, Side::Killer);
    assert_eq!(e.reason, Reason::Deaths { dead: 7 });
    assert_eq!(g.outcome().expect("o").winners, vec![0, 3]);
    assert!(g.view(Viewer::Seat(0)).in_clan, "shown at the end");
}

#[test]
fn executing_the_vampire_wins_for_the_village_not_the_clan() {
    let mut g = dealt(4, &[("vampire", "on")], &[], (D1, Body::Vampire), None);
    night(&mut g, A1, 6);
    day(&mut g, B1);
    midnight(&mut g, C1, Some(0));
    chance(&mut g, Action::Roll { n: 6 });
    day(&mut g, D1);
    assert_eq!(g.ending().expect("o").winner, Side::Village);
    assert_eq!(g.outcome().expect("o").winners, vec![1, 2]);
}

#[test]
fn monster_game_under_vampire_option_has_the_same_bite_step() {
    let mut g = dealt(4, &[("vampire", "on")], &[], (D1, Body::Monster), None);
    night(&mut g, A1, 6);
    day(&mut g, B1);
    assert_eq!(
        g.view(Viewer::Seat(0)).steps,
        vec![Step::Bite, Step::Attack]
    );
    // The Monster's player sleeps through the bite step like everyone else.
    assert_eq!(g.legal_actions(3), vec![Action::Sleep]);
}

#[test]
fn refusals() {
    let mut g = new_game(3, &[]);
    // Seats do not act during setup; chance cannot make a player's choice.
    assert!(g.clone().apply(Actor::Seat(0), &Action::Sleep).is_err());
    assert!(g.clone().apply(Actor::Chance, &Action::Sleep).is_err());
    assert!(g.clone().apply(Actor::Chance, &Action::Dawn).is_err());
    assert!(
        g.clone()
            .apply(
                Actor::Chance,
                &Action::Deal {
                    v: 9,
                    body: Body::Monster
                }
            )
            .is_err(),
        "no villager 9 with 3 players"
    );
    assert!(
        g.clone()
            .apply(
                Actor::Chance,
                &Action::Deal {
                    v: 0,
                    body: Body::Healer
                }
            )
            .is_err(),
        "no healer without the option"
    );
    chance(
        &mut g,
        Action::Deal {
            v: C1,
            body: Body::Monster,
        },
    );
    assert!(
        g.clone()
            .apply(Actor::Chance, &Action::Roll { n: 3 })
            .is_err()
    );
    assert!(
        g.clone()
            .apply(Actor::Seat(2), &Action::Attack { v: 40 })
            .is_err()
    );
    assert!(g.clone().apply(Actor::Seat(5), &Action::Sleep).is_err());
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Vote { v: 1 })
            .is_err()
    );
    midnight(&mut g, A1, None);
    assert!(
        g.clone()
            .apply(Actor::Chance, &Action::Roll { n: 7 })
            .is_err()
    );
    assert!(
        g.clone()
            .apply(Actor::Chance, &Action::Roll { n: 0 })
            .is_err()
    );
    chance(&mut g, Action::Roll { n: 1 });
    // The dead cannot receive votes; only the voter to move votes.
    assert!(
        g.clone()
            .apply(Actor::Seat(0), &Action::Vote { v: A1 })
            .is_err()
    );
    assert!(
        g.clone()
            .apply(Actor::Seat(1), &Action::Vote { v: B1 })
            .is_err()
    );
    assert!(g.clone().apply(Actor::Seat(0), &Action::Confirm).is_err());
    assert!(g.clone().apply(Actor::Chance, &Action::Tally).is_err());
    day(&mut g, B1);
    assert!(
        g.clone()
            .apply(Actor::Seat(2), &Action::Attack { v: A1 })
            .is_err(),
        "a grave"
    );
}

#[test]
fn views_hide_other_families_until_a_grave_or_the_end() {
    let mut g = monster_game(3, C2);
    night(&mut g, B3, 1);
    let v = g.view(Viewer::Seat(0));
    assert_eq!(v.villager(B3).and_then(|x| x.body), Some(Body::Plain));
    assert_eq!(v.villager(C2).and_then(|x| x.body), None);
    assert_eq!(
        g.view(Viewer::Public).villager(A1).and_then(|x| x.body),
        None
    );
    assert_eq!(
        g.view(Viewer::Omniscient).villager(C2).and_then(|x| x.body),
        Some(Body::Monster)
    );
    day(&mut g, C2);
    assert_eq!(
        g.view(Viewer::Public).villager(A1).and_then(|x| x.body),
        Some(Body::Plain),
        "everything is shown at the end"
    );
}

#[test]
fn vary_hidden_moves_secrets_but_no_view() {
    let mut g = dealt(
        4,
        &[("vampire", "on"), ("healer", "on")],
        &[],
        (D1, Body::Vampire),
        Some(C3),
    );
    night(&mut g, A1, 6);
    day(&mut g, B1);
    let mut moved = false;
    for salt in 0..20 {
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Public] {
            let h = g.vary_hidden(viewer, salt);
            assert_eq!(h.view(viewer), g.view(viewer));
            moved |= h != g;
        }
        // The Vampire's player sees its own card; it never moves for that viewer.
        let h = g.vary_hidden(Viewer::Seat(3), salt);
        assert_eq!(h.body(D1), Some(Body::Vampire));
    }
    assert!(moved, "vary_hidden changed nothing");
}

#[test]
fn actions_serialize_compactly() {
    let json = serde_json::to_string(&Action::Attack { v: 3 }).expect("json");
    assert_eq!(json, r#"{"t":"attack","v":3}"#);
    let json = serde_json::to_string(&Action::Sleep).expect("json");
    assert_eq!(json, r#"{"t":"sleep"}"#);
    let json = serde_json::to_string(&Action::Deal {
        v: 1,
        body: Body::Healer,
    })
    .expect("json");
    assert_eq!(json, r#"{"t":"deal","v":1,"body":"healer"}"#);
    let back: Action = serde_json::from_str(r#"{"t":"prayer-ends"}"#).expect("parse");
    assert_eq!(back, Action::PrayerEnds);
    assert_eq!(label(D2), "D2");
}

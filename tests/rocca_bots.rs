//! Rocca's computer players: the detective does not follow whoever votes first, holds no seat
//! at a disadvantage as the Monster's, votes as a villager would when it holds the Monster,
//! and its hard level beats the sleuth on both sides. The 1,000-game measures behind the rules
//! page are `cargo bench --bench strength -- rocca`.

use hotseat::bots::kinds::rocca as make_kind;
use hotseat::bots::rocca::{DetectiveBot, SleuthBot};
use hotseat::bots::{Level, with_level};
use hotseat::engine::{Actor, Bot, Game, Options, Seat, ToMove, Viewer, rng};
use hotseat::games::rocca::{Action, Body, FAMILY, Rocca, View, owner};
use hotseat::registry;
use hotseat::sim::{self, SimReport};

type MakeBot = dyn Fn(u64) -> Box<dyn Bot<Rocca>>;

fn detective(level: Level) -> impl Fn(u64) -> Box<dyn Bot<Rocca>> {
    move |seed| Box::new(DetectiveBot::new(seed, level))
}

fn simulate(players: usize, kind: &str, games: usize, seed: u64) -> SimReport {
    let g = registry::find("rocca").expect("rocca is registered");
    let kinds = vec![kind.to_string(); players];
    sim::run(g, &kinds, &Options::new(), games, seed, None).expect("sim runs")
}

/// The village's win rate over all games and with the Monster in each seat.
fn village_rates(r: &SimReport) -> (f64, Vec<f64>) {
    let all = r
        .groups
        .iter()
        .find(|g| g.group == "all games")
        .map_or(0.0, |g| g.win_rate);
    let seats = (1..=r.players)
        .map(|s| {
            r.groups
                .iter()
                .find(|g| g.group == format!("Monster in seat {s}"))
                .map_or(0.0, |g| g.win_rate)
        })
        .collect();
    (all, seats)
}

/// Whether the seat-1 village rate is within `margin` of the other seats' mean.
fn seat_one_is_fair(players: usize, kind: &str, games: usize, margin: f64) -> (bool, String) {
    let (_, seats) = village_rates(&simulate(players, kind, games, 1));
    let others = seats[1..].iter().sum::<f64>() / (seats.len() - 1) as f64;
    (
        seats[0] >= others - margin,
        format!("{kind}, {players} players: village rate by Monster seat {seats:?}"),
    )
}

#[test]
fn the_village_does_as_well_with_the_monster_in_seat_one() {
    for level in ["detective", "detective:hard"] {
        for players in [4, 5] {
            let (fair, figures) = seat_one_is_fair(players, level, 240, 0.15);
            assert!(fair, "{figures}");
        }
    }
    // The check can fail: the sleuth's village herds behind its first voter.
    let (fair, figures) = seat_one_is_fair(4, "sleuth", 240, 0.15);
    assert!(!fair, "the sleuth was expected to fail: {figures}");
}

/// A game of `players` with the Monster dealt to villager `monster`, played to the first vote
/// of the day: the Monster attacks `victim`, who survives.
fn to_first_vote(players: usize, monster: u8, victim: u8) -> (Rocca, Vec<View>, Seat) {
    let mut g = Rocca::new(&Options::new(), players).expect("a game");
    let watcher: Seat = 3;
    let mut seen = Vec::new();
    let step = |g: &mut Rocca, actor: Actor, a: Action, seen: &mut Vec<View>| {
        g.apply(actor, &a).expect("legal");
        seen.push(g.view(Viewer::Seat(watcher)));
    };
    seen.push(g.view(Viewer::Seat(watcher)));
    let body = Body::Monster;
    step(
        &mut g,
        Actor::Chance,
        Action::Deal { v: monster, body },
        &mut seen,
    );
    for s in 0..players {
        let a = if s == owner(monster) {
            Action::Attack { v: victim }
        } else {
            Action::Sleep
        };
        step(&mut g, Actor::Seat(s), a, &mut seen);
    }
    step(&mut g, Actor::Chance, Action::Dawn, &mut seen);
    step(&mut g, Actor::Chance, Action::Roll { n: 6 }, &mut seen);
    (g, seen, watcher)
}

/// The watcher's vote after the seats before it voted `votes` (seat order), for a bot with
/// this seed that watched the whole game.
fn vote_after(make: &MakeBot, seed: u64, votes: &[u8]) -> Action {
    let (mut g, seen, watcher) = to_first_vote(5, 14, 0);
    let mut bot = make(seed);
    for v in &seen {
        bot.observe(v);
    }
    for (s, &v) in votes.iter().enumerate() {
        g.apply(Actor::Seat(s), &Action::Vote { v })
            .expect("a vote");
        bot.observe(&g.view(Viewer::Seat(watcher)));
    }
    assert_eq!(g.to_move(), ToMove::Seats(vec![watcher]));
    let view = g.view(Viewer::Seat(watcher));
    bot.choose(watcher, &view, &g.bot_actions(watcher))
}

/// Whether the watcher votes the same whoever voted what before it, and however many piled
/// onto one villager.
fn ignores_earlier_votes(make: &MakeBot) -> bool {
    // Seats 0 to 2 vote before seat 3 (villagers 9 to 11); 0 survived the attack.
    let orders: [[u8; 3]; 4] = [[4, 7, 13], [13, 4, 7], [7, 13, 4], [4, 4, 4]];
    (0..24).all(|seed| {
        let first = vote_after(make, seed, &orders[0]);
        orders[1..]
            .iter()
            .all(|o| vote_after(make, seed, o) == first)
    })
}

#[test]
fn a_villager_does_not_follow_earlier_voters() {
    for level in [Level::Normal, Level::Hard] {
        assert!(ignores_earlier_votes(&detective(level)), "{level:?}");
    }
    // The check can fail: the sleuth joins the strongest suspicion.
    assert!(!ignores_earlier_votes(&|s| Box::new(SleuthBot::new(s))));
}

/// `view` as its seat would see it if its Monster card were a plain villager's.
fn as_if_innocent(view: &View) -> View {
    let mut v = view.clone();
    for x in &mut v.villagers {
        if x.body == Some(Body::Monster) && !x.once_dead {
            x.body = Some(Body::Plain);
        }
    }
    v
}

/// Plays whole games of detectives at `level`; at every vote of the Monster's seat, asks a twin
/// that watched the same game believing its card plain. Returns how many votes were compared.
fn monster_votes_as_its_twin(level: Level, games: u64) -> usize {
    let mut compared = 0;
    for seed in 0..games {
        let players = 3 + seed as usize % 4;
        let mut g = Rocca::new(&Options::new(), players).expect("a game");
        let mut r = rng::stream(seed, 5);
        let mut bots: Vec<DetectiveBot> = (0..players)
            .map(|s| DetectiveBot::new(rng::bot_seed(seed, s), level))
            .collect();
        let mut twin: Option<(Seat, DetectiveBot)> = None;
        let mut steps = 0;
        while !g.is_over() && steps < 5000 {
            steps += 1;
            if twin.is_none()
                && let Some(k) = g.killer_at()
            {
                twin = Some((
                    owner(k),
                    DetectiveBot::new(rng::bot_seed(seed, owner(k)), level),
                ));
            }
            for (s, b) in bots.iter_mut().enumerate() {
                b.observe(&g.view(Viewer::Seat(s)));
            }
            if let Some((k, t)) = &mut twin {
                t.observe(&as_if_innocent(&g.view(Viewer::Seat(*k))));
            }
            let (actor, a) = match g.to_move() {
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).expect("weights");
                    (Actor::Chance, o[i].0)
                }
                ToMove::Seats(seats) => {
                    let s = seats[0];
                    let view = g.view(Viewer::Seat(s));
                    let legal = g.bot_actions(s);
                    let a = bots[s].choose(s, &view, &legal);
                    if let Some((k, t)) = &mut twin
                        && *k == s
                        && legal.iter().any(|x| matches!(x, Action::Vote { .. }))
                    {
                        let b = t.choose(s, &as_if_innocent(&view), &legal);
                        // A re-vote among its own family only: a villager would vote for any
                        // of them, the Monster for any but itself.
                        let own_only = !view.candidates.is_empty()
                            && view.candidates.iter().all(|&v| owner(v) == s);
                        if !own_only {
                            assert_eq!(a, b, "seed {seed}: the Monster's vote differs");
                            compared += 1;
                        }
                    }
                    (Actor::Seat(s), a)
                }
                ToMove::Over => break,
            };
            g.apply(actor, &a).expect("legal");
        }
    }
    compared
}

#[test]
fn the_monster_votes_as_a_villager_of_its_seat_would() {
    for level in [Level::Normal, Level::Hard] {
        assert!(monster_votes_as_its_twin(level, 40) > 40, "{level:?}");
    }
}

#[test]
fn the_hard_monster_never_attacks_itself_and_votes_for_its_own_card() {
    for players in 3..=6 {
        watch_games(
            players,
            &Options::new(),
            "detective:hard",
            8,
            |g, s, _, a| {
                let me = g.killer_at().filter(|&k| owner(k) == s);
                if let Action::Attack { v } | Action::Vote { v } = a {
                    assert_ne!(
                        Some(v),
                        me,
                        "{players} players: the Monster chose itself: {a:?}"
                    );
                }
            },
        );
    }
}

/// A table that follows its first voter (the sleuth's) never executes the first voter's own
/// family, so striking that family keeps the killer's suspects as many as they were, and once
/// the family is gone the killer in the second seat votes first itself; against a table that
/// votes its own mind the choice costs nothing. So on the first night, before any ballot has
/// shown how the table votes, the hard Monster in the second seat strikes the first family
/// (it once attacked anyone, all victims alike to its forecast).
#[test]
fn the_hard_monster_in_the_second_seat_strikes_the_first_family_first() {
    let mut attacks = 0;
    watch_games(
        6,
        &Options::new(),
        "sleuth/detective:hard",
        60,
        |g, s, view, a| {
            let Action::Attack { v } = a else {
                return;
            };
            if g.killer_at().map(owner) == Some(1) && s == 1 && view.day == 1 {
                attacks += 1;
                assert_eq!(owner(v), 0, "attacked {v}");
            }
        },
    );
    assert!(attacks >= 5, "{attacks} first-night attacks checked");
}

#[test]
fn hard_detectives_beat_the_sleuth_on_both_sides() {
    let games = 300;
    let (village, _) = village_rates(&simulate(4, "detective:hard/sleuth", games, 1));
    assert!(
        village > 0.55,
        "hard villagers against a sleuth Monster: village {village}"
    );
    let (village, _) = village_rates(&simulate(4, "sleuth/detective:hard", games, 1));
    assert!(
        village < 0.45,
        "sleuth villagers against a hard Monster: village {village}"
    );
}

#[test]
fn every_level_is_offered_and_plays_a_whole_game() {
    for level in Level::ALL {
        let kind = with_level("detective", level);
        let r = simulate(4, &kind, 3, 5);
        assert_eq!(r.games, 3, "{kind}");
    }
    // A family of three per seat, as the bots assume.
    assert_eq!(FAMILY, 3);
}

// ---- The optional roles ----

/// Rocca options with each of `keys` on.
fn roles(keys: &[&str]) -> Options {
    keys.iter()
        .map(|k| (k.to_string(), "on".to_string()))
        .collect()
}

/// Plays seeded games of `kind` everywhere with `options`; `check` sees every seat decision
/// (the true state before it, the seat, its view and its choice).
fn watch_games(
    players: usize,
    options: &Options,
    kind: &str,
    games: u64,
    mut check: impl FnMut(&Rocca, Seat, &View, Action),
) {
    for seed in 0..games {
        let mut g = Rocca::new(options, players).expect("a game");
        let mut r = rng::stream(seed, 13);
        let mut bots: Vec<Box<dyn Bot<Rocca>>> = (0..players)
            .map(|s| make_kind(kind, rng::bot_seed(seed, s)).expect("a kind"))
            .collect();
        while !g.is_over() {
            for (s, b) in bots.iter_mut().enumerate() {
                b.observe(&g.view(Viewer::Seat(s)));
            }
            let (actor, a) = match g.to_move() {
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).expect("weights");
                    (Actor::Chance, o[i].0)
                }
                ToMove::Seats(seats) => {
                    let s = seats[0];
                    let view = g.view(Viewer::Seat(s));
                    let a = bots[s].choose(s, &view, &g.bot_actions(s));
                    check(&g, s, &view, a);
                    (Actor::Seat(s), a)
                }
                ToMove::Over => break,
            };
            g.apply(actor, &a).expect("legal");
        }
    }
}

#[test]
fn the_healer_revives_for_its_side() {
    // Counted: (prayers as the Monster's player, of which slept; as a villager, of which
    // revived a family with nobody left alive when there was one).
    let (mut monster, mut monster_slept, mut village, mut village_best) = (0, 0, 0, 0);
    for players in [4, 6] {
        watch_games(
            players,
            &roles(&["healer"]),
            "detective:hard",
            150,
            |g, s, view, a| {
                if !g
                    .bot_actions(s)
                    .iter()
                    .any(|x| matches!(x, Action::Revive { .. }))
                {
                    return;
                }
                let holds_monster = (0..FAMILY as u8)
                    .any(|i| g.body(s as u8 * FAMILY as u8 + i) == Some(Body::Monster));
                let empty = |seat: Seat| {
                    (0..FAMILY as u8).all(|i| !g.is_alive(seat as u8 * FAMILY as u8 + i))
                };
                let grave_of_empty = g
                    .bot_actions(s)
                    .iter()
                    .any(|x| matches!(*x, Action::Revive { v } if empty(owner(v))));
                if holds_monster {
                    monster += 1;
                    monster_slept += usize::from(a == Action::Sleep);
                } else {
                    village += 1;
                    assert!(
                        matches!(a, Action::Revive { .. }),
                        "a villager Healer slept: {view:?}"
                    );
                    if grave_of_empty {
                        village_best +=
                            usize::from(matches!(a, Action::Revive { v } if empty(owner(v))));
                    }
                }
            },
        );
    }
    assert!(
        monster > 0 && village > 0,
        "prayers seen: {monster} {village}"
    );
    assert_eq!(
        monster_slept, monster,
        "the Monster's player revived a villager"
    );
    assert!(village_best > 0);
}

/// A Vampire game of 5: the Vampire (villager 14, seat 4) attacks villager 9 (seat 3), who
/// survives, and bites seat 3 the next midnight; seat 3 learns it at the third midnight. On
/// the third day the first voters (seats 0 to 2) vote `votes`. Returns the game and what
/// seat 3 saw.
fn clan_to_vote(votes: &[u8]) -> (Rocca, Vec<View>) {
    let mut g = Rocca::new(&roles(&["vampire"]), 5).expect("a game");
    let watcher: Seat = 3;
    let mut seen = vec![g.view(Viewer::Seat(watcher))];
    let mut step = |g: &mut Rocca, actor: Actor, a: Action| {
        g.apply(actor, &a).expect("legal");
        seen.push(g.view(Viewer::Seat(watcher)));
    };
    // One private step for every seat, the Vampire's being `a`.
    let night = |g: &mut Rocca, step: &mut dyn FnMut(&mut Rocca, Actor, Action), a: Action| {
        for s in 0..5 {
            step(g, Actor::Seat(s), if s == 4 { a } else { Action::Sleep });
        }
    };
    // Everyone votes for `v`, who is executed.
    let execute = |g: &mut Rocca, step: &mut dyn FnMut(&mut Rocca, Actor, Action), v: u8| {
        let voters: Vec<Seat> = (0..5).filter(|&s| g.is_voter(s)).collect();
        for &s in &voters {
            step(g, Actor::Seat(s), Action::Vote { v });
        }
        for &s in &voters {
            step(g, Actor::Seat(s), Action::Confirm);
        }
        step(g, Actor::Chance, Action::Tally);
    };
    let body = Body::Vampire;
    step(&mut g, Actor::Chance, Action::Deal { v: 14, body });
    night(&mut g, &mut step, Action::Attack { v: 9 });
    step(&mut g, Actor::Chance, Action::Dawn);
    step(&mut g, Actor::Chance, Action::Roll { n: 6 });
    execute(&mut g, &mut step, 1);
    night(&mut g, &mut step, Action::Bite { seat: 3 });
    night(&mut g, &mut step, Action::Attack { v: 4 });
    step(&mut g, Actor::Chance, Action::Dawn);
    step(&mut g, Actor::Chance, Action::Roll { n: 1 });
    execute(&mut g, &mut step, 7);
    night(&mut g, &mut step, Action::Attack { v: 5 });
    step(&mut g, Actor::Chance, Action::Dawn);
    step(&mut g, Actor::Chance, Action::Roll { n: 1 });
    for (s, &v) in votes.iter().enumerate() {
        step(&mut g, Actor::Seat(s), Action::Vote { v });
    }
    (g, seen)
}

#[test]
fn a_clan_member_does_not_follow_earlier_voters() {
    let vote = |make: &MakeBot, seed: u64, votes: &[u8]| {
        let (g, seen) = clan_to_vote(votes);
        let mut bot = make(seed);
        for v in &seen {
            bot.observe(v);
        }
        let view = g.view(Viewer::Seat(3));
        assert!(view.in_clan, "seat 3 was told of the bite");
        assert_eq!(g.to_move(), ToMove::Seats(vec![3]));
        bot.choose(3, &view, &g.bot_actions(3))
    };
    let orders: [[u8; 3]; 4] = [[6, 12, 13], [13, 6, 12], [12, 13, 6], [6, 6, 6]];
    let follows = |make: &MakeBot| {
        (0..24).any(|seed| {
            let first = vote(make, seed, &orders[0]);
            orders[1..].iter().any(|o| vote(make, seed, o) != first)
        })
    };
    for level in [Level::Normal, Level::Hard] {
        assert!(!follows(&detective(level)), "{level:?}");
    }
    // The check can fail: the sleuth's clan member joins the strongest suspicion.
    assert!(follows(&|s| Box::new(SleuthBot::new(s))));
}

/// How much a table of `kind` seems to follow its first voters, as a hard detective reads it
/// at the end of seeded 5-player games (mean over games).
fn herding_read(kind: &str) -> f64 {
    let games = 60;
    let mut total = 0.0;
    for seed in 0..games {
        let players = 5;
        let mut g = Rocca::new(&Options::new(), players).expect("a game");
        let mut r = rng::stream(seed, 17);
        let mut bots: Vec<Box<dyn Bot<Rocca>>> = (0..players)
            .map(|s| make_kind(kind, rng::bot_seed(seed, s)).expect("a kind"))
            .collect();
        let mut notes = hotseat::bots::rocca::Notes::default();
        while !g.is_over() {
            notes.read(&g.view(Viewer::Seat(0)));
            for (s, b) in bots.iter_mut().enumerate() {
                b.observe(&g.view(Viewer::Seat(s)));
            }
            let (actor, a) = match g.to_move() {
                ToMove::Chance => {
                    let o = g.chance_outcomes();
                    let w: Vec<u32> = o.iter().map(|x| x.1).collect();
                    let i = rng::weighted(&mut r, &w).expect("weights");
                    (Actor::Chance, o[i].0)
                }
                ToMove::Seats(seats) => {
                    let s = seats[0];
                    let a = bots[s].choose(s, &g.view(Viewer::Seat(s)), &g.bot_actions(s));
                    (Actor::Seat(s), a)
                }
                ToMove::Over => break,
            };
            g.apply(actor, &a).expect("legal");
        }
        total += notes.herding();
    }
    total / games as f64
}

#[test]
fn hard_detectives_agreeing_on_the_public_die_do_not_read_as_a_herd() {
    let hard = herding_read("detective:hard");
    let sleuth = herding_read("sleuth");
    assert!(hard < 0.35, "hard detectives read as following: {hard}");
    assert!(
        sleuth > hard + 0.2,
        "sleuths {sleuth}, hard detectives {hard}"
    );
}

/// Bots that see only their own seat's view, with every optional role in play.
#[test]
fn bots_with_every_role_are_blind() {
    for kind in ["detective", "detective:hard", "detective:easy"] {
        crate::common::conformance::check_bot_blind_with::<Rocca>(
            kind,
            &|s| make_kind(kind, s).expect("a kind"),
            &roles(&["mayor", "police", "healer", "vampire"]),
            4..=6,
            12,
        );
    }
}

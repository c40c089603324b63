//! The log reader refuses every kind of bad log with a message naming the entry and the problem,
//! and never panics, for every registered game.

use hotseat::cli;
use hotseat::engine::Setup;
use hotseat::engine::log::{self, LogFile, PlayerEntry};
use hotseat::registry::{AnyGame, GAMES};
use serde_json::{Value, json};

fn finished_log(g: &dyn AnyGame, seed: u64) -> LogFile {
    let (min, _) = g.players();
    let players = (0..min.max(2).min(g.players().1))
        .map(|i| PlayerEntry::bot(format!("R{i}"), "random", seed + i as u64))
        .collect();
    let setup = Setup {
        options: Default::default(),
        players,
        seed,
        started: "2026-11-25T00:00:00Z".into(),
    };
    let mut t = g.new_table(setup).expect("setup");
    t.run_bots().expect("plays");
    assert!(t.outcome().is_some(), "{}: random game ended", g.id());
    t.to_log()
}

fn check_text(text: &str) -> Result<String, String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.json");
    std::fs::write(&path, text).expect("write");
    cli::check_log(&path)
}

fn check_value(v: &Value) -> Result<String, String> {
    check_text(&serde_json::to_string(v).expect("json"))
}

fn refused(v: &Value, expect: &str) -> String {
    let e = check_value(v).expect_err("refused");
    assert!(e.contains(expect), "expected {expect:?} in {e:?}");
    e
}

fn with<F: FnOnce(&mut Value)>(base: &Value, f: F) -> Value {
    let mut v = base.clone();
    f(&mut v);
    v
}

fn entries(v: &Value) -> &Vec<Value> {
    v["actions"].as_array().expect("actions")
}

/// Index of the first entry by a seat and of the first by chance.
fn first_by(v: &Value, chance: bool) -> Option<usize> {
    entries(v)
        .iter()
        .position(|e| e["by"].is_string() == chance)
}

#[test]
fn good_logs_pass_and_bad_logs_are_refused() {
    assert!(!GAMES.is_empty());
    for g in GAMES {
        let l = finished_log(*g, 11);
        let base = serde_json::to_value(&l).expect("value");
        let ok = check_value(&base).expect("a real log checks");
        assert!(ok.starts_with("ok: "), "{ok}");

        let text = log::to_json(&l);
        let e = check_text(&text[..text.len() / 2]).expect_err("truncated");
        assert!(e.contains("not valid JSON"), "{e}");
        refused(
            &with(&base, |v| v["format"] = json!("chess-log")),
            "not a hotseat log",
        );
        refused(
            &with(&base, |v| v["version"] = json!(2)),
            "newer than this hotseat",
        );
        refused(
            &with(&base, |v| v["game"] = json!("chess")),
            "unknown game 'chess'",
        );
        refused(
            &with(&base, |v| v["rules_version"] = json!(99)),
            "rules version 99",
        );
        refused(
            &with(&base, |v| v["options"] = json!({"nope": "x"})),
            "unknown option 'nope'",
        );
        refused(&with(&base, |v| v["seed"] = json!("12x")), "seed '12x'");
        refused(&with(&base, |v| v["players"] = json!([])), "bad setup");
        refused(
            &with(&base, |v| v["actions"][0] = json!({"by": "bob", "a": 1})),
            "entry 0: malformed entry",
        );
        refused(
            &with(&base, |v| v["actions"][0]["by"] = json!(40)),
            "entry 0: seat 40 does not exist",
        );

        // An action by a seat that was not to move.
        let s = first_by(&base, false).expect("a seat action");
        let who = base["actions"][s]["by"].as_u64().expect("seat");
        let players = l.players.len() as u64;
        let wrong = with(&base, |v| {
            v["actions"][s]["by"] = json!((who + 1) % players)
        });
        let e = check_value(&wrong).expect_err("wrong actor");
        // In a game of simultaneous choices (Kokoro) the other seat may also be to move, and
        // the log breaks at a later entry, when that seat's own choice comes.
        let at: usize = e
            .split("entry ")
            .nth(1)
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(at >= s && e.contains("not to move"), "{e}");

        // A seat acting where chance was to move, and chance "choosing" a seat's action.
        if let Some(c) = first_by(&base, true) {
            let e = refused(
                &with(&base, |v| v["actions"][c]["by"] = json!(0)),
                &format!("entry {c}:"),
            );
            assert!(
                e.contains("chance was to move") || e.contains("not to move"),
                "{e}"
            );
            let seat_action = base["actions"][s]["a"].clone();
            let e = refused(
                &with(&base, |v| v["actions"][c]["a"] = seat_action),
                &format!("entry {c}:"),
            );
            assert!(
                e.contains("impossible chance outcome") || e.contains("not a"),
                "{e}"
            );
        }

        // Not an action of this game at all.
        refused(
            &with(&base, |v| v["actions"][s]["a"] = json!({"bogus": 1})),
            &format!("entry {s}: not a {}", g.id()),
        );

        // An action that was legal once but is not where it now stands: replaying an earlier
        // seat action in place of a later one must be refused somewhere in the log.
        let seat_entries: Vec<usize> = entries(&base)
            .iter()
            .enumerate()
            .filter(|(_, e)| !e["by"].is_string())
            .map(|(i, _)| i)
            .collect();
        let found = seat_entries.iter().rev().take(40).any(|&k| {
            seat_entries.iter().take_while(|&&j| j < k).any(|&j| {
                let a = base["actions"][j]["a"].clone();
                let t = with(&base, |v| v["actions"][k]["a"] = a);
                matches!(check_value(&t), Err(e) if e.contains(&format!("entry {k}: illegal action")))
            })
        });
        assert!(found, "{}: no illegal replacement was refused", g.id());

        // Actions after the end, and a result that does not match.
        let n = entries(&base).len();
        let last = base["actions"][n - 1].clone();
        refused(
            &with(&base, |v| {
                v["actions"].as_array_mut().expect("list").push(last)
            }),
            &format!("entry {n}: action after the end"),
        );
        refused(
            &with(&base, |v| v["result"]["scores"][0] = json!(-999)),
            "differs from the re-simulated",
        );
        let unfinished = with(&base, |v| {
            v["actions"].as_array_mut().expect("list").truncate(n / 2);
        });
        refused(&unfinished, "result is recorded but the game is not over");
    }
}

#[test]
fn size_caps_are_enforced() {
    let mut acts = String::from("[");
    for i in 0..=log::MAX_ACTIONS {
        if i > 0 {
            acts.push(',');
        }
        acts.push_str(r#"{"by":0,"a":0}"#);
    }
    acts.push(']');
    let text = format!(
        r#"{{"format":"hotseat-log","version":1,"app":"x","game":"pocket","rules_version":1,"players":[],"seed":"1","started":"","actions":{acts}}}"#
    );
    let e = check_text(&text).expect_err("too many actions");
    assert!(e.contains("over the cap"), "{e}");
    let big = " ".repeat(log::MAX_FILE_BYTES as usize + 1);
    let e = check_text(&big).expect_err("too big");
    assert!(e.contains("cap"), "{e}");
}

#[test]
fn mangled_logs_never_panic() {
    for g in GAMES {
        let text = log::to_json(&finished_log(*g, 5));
        let bytes = text.as_bytes();
        let mut rng = hotseat::engine::rng::stream(99, 0);
        for _ in 0..300 {
            let mut b = bytes.to_vec();
            for _ in 0..1 + hotseat::engine::rng::below(&mut rng, 4) {
                let i = hotseat::engine::rng::below(&mut rng, b.len() as u64) as usize;
                b[i] =
                    b"0123456789{}[]\",:ab -"[hotseat::engine::rng::below(&mut rng, 21) as usize];
            }
            let _ = check_text(&String::from_utf8_lossy(&b));
        }
    }
}

/// Every possible chance outcome other than the seed's draw, put in place of a recorded one,
/// is refused at that entry; so is a changed seed. `replay --check` and `resume` (and the
/// replay, which loads the same way) agree.
fn forged_chance_outcomes_are_refused<G: hotseat::engine::Game>() -> usize {
    use hotseat::engine::{Actor, Match};
    let g = hotseat::registry::find(G::ID).expect("registered");
    let l = finished_log(g, 21);
    let base = serde_json::to_value(&l).expect("value");
    let setup = Setup {
        options: l.options.clone(),
        players: l.players.clone(),
        seed: 21,
        started: l.started.clone(),
    };
    let mut m = Match::<G>::new(setup).expect("setup");
    let mut forged = 0;
    for (i, e) in l.actions.iter().enumerate() {
        let action: G::Action = serde_json::from_str(e.a.get()).expect("action");
        let actor = match e.by {
            log::By::Chance => Actor::Chance,
            log::By::Seat(s) => Actor::Seat(s),
        };
        // A sample of the chance entries (all of the first ones, then every fifth), each
        // changed to every other outcome possible there (at most four of them).
        let chance = m.state.chance_outcomes();
        if actor == Actor::Chance && (forged < 40 || i % 5 == 0) {
            for (other, _) in chance.iter().filter(|(a, _)| *a != action).take(4) {
                let other = serde_json::to_value(other).expect("value");
                let bad = with(&base, |v| v["actions"][i]["a"] = other);
                let e = check_value(&bad).expect_err("a forged chance outcome is refused");
                assert!(
                    e.contains(&format!("entry {i}: chance outcome"))
                        && e.contains("not the seed's draw"),
                    "{}: {e}",
                    G::ID
                );
                forged += 1;
            }
        }
        m.apply(actor, action, e.ms).expect("replays");
    }
    assert!(forged > 0, "{}: no chance entry could be forged", G::ID);
    for seed in ["22", "0", "18446744073709551615"] {
        let e = check_value(&with(&base, |v| v["seed"] = json!(seed)))
            .expect_err("a changed seed is refused");
        assert!(e.contains("not the seed's draw"), "{}: {e}", G::ID);
    }
    forged
}

#[test]
fn every_game_refuses_forged_chance_and_a_changed_seed() {
    let mut n = 0;
    hotseat::for_each_game!(|G| n += forged_chance_outcomes_are_refused::<G>());
    assert!(n >= 50, "only {n} forgeries tried");
}

/// The object holding an action's fields: inside `{"Variant": {..}}`, or the action itself.
fn innermost_object(v: &mut Value) -> Option<&mut serde_json::Map<String, Value>> {
    let obj = v.as_object_mut()?;
    if obj.len() == 1 && obj.values().all(Value::is_object) {
        return obj.values_mut().next().and_then(innermost_object);
    }
    if obj.len() == 1 {
        return None;
    }
    Some(obj)
}

#[test]
fn every_game_refuses_extra_fields_and_a_removed_result() {
    for g in GAMES {
        let base = serde_json::to_value(finished_log(*g, 13)).expect("value");
        // An extra field inside an action, as deep as its fields go ({"Variant": {fields}}
        // or {"t": tag, fields}): serde alone would skip it.
        let mut seen = 0;
        for (i, e) in entries(&base).iter().enumerate().take(200) {
            let mut a = e["a"].clone();
            let Some(fields) = innermost_object(&mut a) else {
                continue;
            };
            fields.insert("sneaky".into(), json!(1));
            let e = refused(
                &with(&base, |v| v["actions"][i]["a"] = a),
                &format!("entry {i}: "),
            );
            // Refused by the action's own type, or else by the written-form check.
            if e.contains("unknown field `sneaky`")
                || (e.contains("as hotseat writes it") && e.contains("unknown field 'sneaky'"))
            {
                seen += 1;
            }
        }
        assert!(seen > 0, "{}: no action with fields", g.id());
        refused(
            &with(&base, |v| v["extra"] = json!({})),
            "unknown field `extra`",
        );
        refused(
            &with(&base, |v| v["players"][0]["colour"] = json!("red")),
            "unknown field `colour`",
        );
        let n = entries(&base).len();
        refused(
            &with(&base, |v| {
                v.as_object_mut().expect("object").remove("result");
            }),
            &format!("entry {n}: the game is over but the log's result is missing"),
        );
    }
}

#[test]
fn names_are_capped_and_clean_in_logs_and_on_the_command_line() {
    let g = hotseat::registry::find("pocket").expect("pocket");
    let base = serde_json::to_value(finished_log(g, 3)).expect("value");
    for ok in [
        "Zoë",
        "李李李李李李李李李李李李李李李李李李李李李李李李",
        "a b",
    ] {
        let v = with(&base, |v| v["players"][0]["name"] = json!(ok));
        check_value(&v).unwrap_or_else(|e| panic!("{ok:?} refused: {e}"));
    }
    refused(
        &with(&base, |v| v["players"][0]["name"] = json!("x".repeat(25))),
        "player 1: the name \"xxxxxxxxxxxxxxxxxxxxxxxx…\" is 25 characters; at most 24",
    );
    refused(
        &with(&base, |v| v["players"][1]["name"] = json!(" ")),
        "player 2: the name is empty",
    );
    let args = |names: &[&str], options: &[&str]| cli::PlayArgs {
        game: "pocket".into(),
        players: Some(2),
        names: names.iter().map(|s| s.to_string()).collect(),
        bots: vec![],
        seed: Some(1),
        options: options.iter().map(|s| s.to_string()).collect(),
        log: None,
    };
    let play = |a: cli::PlayArgs| cli::play_setup(g, &a, "2026-11-25T00:00:00Z".into());
    assert!(play(args(&["Ann", &"é".repeat(24)], &[])).is_ok());
    let e = play(args(&["Ann", &"é".repeat(25)], &[])).expect_err("too long");
    assert!(e.contains("name 2:") && e.contains("at most 24"), "{e}");
    let e = play(args(&["\u{1b}[2J"], &[])).expect_err("escape");
    assert!(
        e.contains("control character") && !e.contains('\u{1b}'),
        "{e}"
    );
    let e = play(args(&[], &[&format!("start={}", "9".repeat(50))])).expect_err("long option");
    assert!(e.contains("too long"), "{e}");
    let e = play(args(&[], &["start=\u{1b}[1"])).expect_err("escape option");
    assert!(
        e.contains("control character") && !e.contains('\u{1b}'),
        "{e}"
    );
}

/// One rule for names: what a log, the command line and the launcher refuse in a name is what
/// the server drops from an SSH user name, invisible and format characters included.
#[test]
fn one_rule_for_names_in_logs_and_on_the_server() {
    for c in [
        '\u{200B}',
        '\u{3164}',
        '\u{FEFF}',
        '\u{E0041}',
        '\u{E007F}',
        '\u{2061}',
        '\u{FFA0}',
        '\u{1b}',
        '\u{202E}',
    ] {
        let name = format!("Ann{c}");
        assert!(
            log::check_name(&name).is_err(),
            "U+{:04X} refused",
            c as u32
        );
        assert_eq!(
            hotseat::net::sanitize_name(&name),
            "Ann",
            "U+{:04X}",
            c as u32
        );
        assert!(
            log::check_name(&c.to_string()).is_err(),
            "U+{:04X} alone",
            c as u32
        );
        assert_eq!(hotseat::net::sanitize_name(&c.to_string()), "guest");
    }
    for name in ["Ann", "Zoë", "李雷", "Ann Bo"] {
        assert!(log::check_name(name).is_ok(), "{name}");
        assert_eq!(hotseat::net::sanitize_name(name), name);
    }
}

#[test]
fn every_check_error_names_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("my-game.json");
    for text in [
        "{",
        "",
        "[]",
        r#"{"format":"hotseat-log","version":1,"actions":[],"game":"chess"}"#,
    ] {
        std::fs::write(&path, text).expect("write");
        let e = cli::check_log(&path).expect_err("refused");
        assert!(e.starts_with(&format!("{}: ", path.display())), "{e}");
    }
}

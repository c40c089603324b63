//! One Couperation table over the real OpenSSH client, end to end (issue #9): ann sets it up
//! through the lobby's form, bob joins by its code, they play with the keys; a spectator
//! watches; bob drops and comes back to his seat; after a server restart, bob's seat, empty
//! past the table's timeout, is played by a computer player until he returns.
//!
//! Every frame each connection received is checked afterwards against the game's log: a seat's
//! screen shows a hand it held and never a card of the other hand that it never saw; the
//! spectator's shows no hand at all.
//!
//! The timeout: the form's shortest is a minute, right for people (an ssh that reconnects after
//! a dropped line takes a while) but long for a test run on every commit. So the test stops the
//! server, shortens the table's timeout in the saved `server/tables.json` (what the server
//! writes and reads back) and starts it again: no way in the program a user could reach, and
//! the restart itself is part of the issue (open tables come back).

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use common::frames::every_frame;
use common::pty::Term;
use common::ssh::{Server, keygen};
use hotseat::engine::{Game, Match, Viewer, log};
use hotseat::games::couperation::{Card, Couperation, SlotView, View};

const COLS: u16 = 80;
const ROWS: u16 = 24;
/// The other size every screen is made for.
const WIDE: (u16, u16) = (120, 40);
/// Generous: the machine may be loaded. Nothing here is asserted on timing.
const WAIT: Duration = Duration::from_secs(60);
/// Typed into the form, so that the deal (and so the whole test) is the same at every run.
const SEED: &str = "20261126";

fn wait_until(t: &Term, what: &str, ok: impl Fn(&str) -> bool) -> String {
    let end = Instant::now() + WAIT;
    loop {
        let f = t.frame();
        if ok(&f) {
            return f;
        }
        if Instant::now() > end {
            panic!("timed out waiting for {what}; screen:\n{f}");
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

fn wait_for(t: &Term, text: &str) -> String {
    wait_until(t, &format!("{text:?}"), |f| f.contains(text))
}

/// Sends `keys` and waits for the screen to change.
fn press(t: &Term, keys: &str) -> String {
    let before = t.frame();
    t.send(keys);
    wait_until(t, &format!("the screen to change after {keys:?}"), |f| {
        f != before
    })
}

const DOWN: &str = "\x1b[B";

/// Moves the highlight (▶) down to the line that names `label`.
fn select(t: &Term, label: &str) {
    for _ in 0..20 {
        if t.frame()
            .lines()
            .any(|l| l.contains('▶') && l.contains(label))
        {
            return;
        }
        press(t, DOWN);
    }
    panic!("no line {label:?} to select:\n{}", t.frame());
}

/// Who is to move, from the play screen's title (" Couperation · ann to move").
fn to_move(frame: &str) -> Option<String> {
    let title = frame.lines().next()?;
    let (_, rest) = title.split_once("· ")?;
    rest.split_once(" to move")
        .map(|(who, _)| who.trim().to_string())
}

/// The most cards the draw question allows ("You may draw 0 to 2 cards.").
fn draw_max(frame: &str) -> Option<u32> {
    let rest = frame.split_once("You may draw 0 to ")?.1;
    rest.split_whitespace().next()?.parse().ok()
}

/// `name` plays one turn at `t` with the keys, as a person would: the most cards the
/// previous card allows drawn, then Enter on the first thing the cursor's slot offers (a card
/// placed), and Enter again for any question that follows. Waits for the turn to come,
/// returns once someone else is to move.
fn play_turn(t: &Term, name: &str) {
    let prompts = ["You may draw", "Your turn", "Choose a card", "Careful"];
    wait_until(t, &format!("{name} to move"), |f| {
        to_move(f).as_deref() == Some(name)
    });
    for _ in 0..12 {
        let f = wait_until(t, &format!("{name} to act"), |f| {
            to_move(f).as_deref() != Some(name)
                || f.contains("Game over")
                || prompts.iter().any(|p| f.contains(p))
        });
        if to_move(&f).as_deref() != Some(name) || f.contains("Game over") {
            return;
        }
        // As many cards as allowed: a hand over three is then discarded from, face down,
        // and those cards stay secret for the whole game.
        let key = match draw_max(&f) {
            Some(n) => n.min(9).to_string(),
            None => "\r".to_string(),
        };
        press(t, &key);
    }
    panic!("{name}'s turn did not end:\n{}", t.frame());
}

/// Plays one turn at whichever terminal is to move (`ann` shows whose turn it is).
fn play_next(ann: &Term, bob: &Term) -> String {
    let f = wait_until(ann, "someone to move", |f| to_move(f).is_some());
    let who = to_move(&f).unwrap_or_default();
    match who.as_str() {
        "ann" => play_turn(ann, "ann"),
        "bob" => play_turn(bob, "bob"),
        other => panic!("{other:?} to move:\n{f}"),
    }
    who
}

/// The number before a card's mark: "25◇" is 25, "9◇◇" 9, "47♡" 47.
fn card(token: &str) -> Option<Card> {
    let digits = token.find(|c: char| !c.is_ascii_digit())?;
    let mark = &token[digits..];
    (digits > 0 && !mark.is_empty() && mark.chars().all(|c| c == '◇' || c == '♡'))
        .then(|| token[..digits].parse().ok())
        .flatten()
}

/// Every card drawn anywhere on the screen (a number with its mark).
fn cards_on(frame: &str) -> BTreeSet<Card> {
    let mut out = BTreeSet::new();
    for line in frame.lines() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_digit()) {
                let end = (i..chars.len())
                    .find(|&j| !chars[j].is_ascii_digit())
                    .unwrap_or(chars.len());
                if chars.get(end).is_some_and(|&c| c == '◇' || c == '♡') {
                    let n: String = chars[i..end].iter().collect();
                    out.extend(n.parse::<Card>().ok());
                }
                i = end;
            } else {
                i += 1;
            }
        }
    }
    out
}

/// Every number written alone on the screen (not part of a word or a code), but the deck's
/// count: where a card's number would be written without its mark ("you draw 17", "place 9
/// face up").
fn numbers_on(frame: &str) -> BTreeSet<Card> {
    let mut out = BTreeSet::new();
    for line in frame.lines() {
        let words = line.split(|c: char| !c.is_alphanumeric() && c != '◇' && c != '♡');
        let mut after_deck = false;
        for w in words {
            if !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()) && !after_deck {
                out.extend(w.parse::<Card>().ok());
            }
            if !w.is_empty() {
                after_deck = w == "Deck";
            }
        }
    }
    out
}

/// The glass cards of the screen's "Hand" line, ascending; `None` without one.
fn hand_line(frame: &str) -> Option<Vec<Card>> {
    let line = frame.lines().find(|l| l.starts_with("Hand "))?;
    // The hand ends where the right-hand panel's column begins.
    let cards = line["Hand".len()..].trim_start().split("  ").next()?;
    let mut v: Vec<Card> = cards.split_whitespace().filter_map(card).collect();
    v.sort_unstable();
    Some(v)
}

/// Every card `view` shows its viewer.
fn visible(view: &View) -> BTreeSet<Card> {
    let mut out: BTreeSet<Card> = view.hand().iter().copied().collect();
    out.extend(view.reserve.iter().copied());
    for slot in &view.pyramid {
        match *slot {
            SlotView::Up(c) | SlotView::Down { known: Some(c), .. } => {
                out.insert(c);
            }
            _ => {}
        }
    }
    out
}

/// The game as the server logged it (the log in the data folder).
fn logged(home: &Path) -> Match<Couperation> {
    let l = log::read(&common::one_log(home)).expect("the table's log");
    Match::from_log(&l).expect("a log that replays")
}

/// Actions of `seat` in the log so far.
fn actions_by(home: &Path, seat: usize) -> usize {
    std::fs::read_to_string(common::one_log(home))
        .map(|t| t.matches(&format!("\"by\": {seat}")).count())
        .unwrap_or(0)
}

/// What the game says one viewer may and may not see, over the whole game.
struct Truth {
    /// Every hand the viewer held (empty for a spectator).
    own_hands: BTreeSet<Vec<Card>>,
    /// Cards some other seat held that were never shown to this viewer: never on its screen.
    secret: BTreeSet<Card>,
}

fn truth(m: &Match<Couperation>, viewer: Viewer) -> Truth {
    let states: Vec<Couperation> = (0..=m.history.len()).map(|n| m.state_at(n)).collect();
    let mut own_hands = BTreeSet::new();
    let mut known = BTreeSet::new();
    let mut held_by_others = BTreeSet::new();
    // A hand as a screen may show it: once the deal is over (an empty hand before it is not
    // one a player ever sees).
    let dealt = states
        .iter()
        .position(|st| (0..st.players()).all(|s| !st.hand(s).is_empty()))
        .expect("the hands were dealt");
    for (n, st) in states.iter().enumerate() {
        let view = st.view(viewer);
        if n >= dealt {
            own_hands.insert(view.hand().to_vec());
        }
        known.extend(visible(&view));
        for seat in 0..st.players() {
            if viewer != Viewer::Seat(seat) {
                held_by_others.extend(st.hand(seat).iter().copied());
            }
        }
    }
    Truth {
        own_hands,
        secret: held_by_others.difference(&known).copied().collect(),
    }
}

/// Checks every frame one connection received against what its viewer may see; returns how
/// many frames showed the table.
fn check_frames(who: &str, raw: &[u8], size: (u16, u16), viewer: Viewer, truth: &Truth) -> usize {
    let mut at_table = 0;
    for (i, f) in every_frame(raw, size.0, size.1).iter().enumerate() {
        let mut shown = cards_on(f);
        shown.extend(numbers_on(f).into_iter().filter(|&n| n >= 10));
        let leaked: Vec<Card> = shown.intersection(&truth.secret).copied().collect();
        assert!(
            leaked.is_empty(),
            "{who}'s frame {i} shows {leaked:?}, cards only another seat knew:\n{f}"
        );
        let hand = hand_line(f);
        if matches!(viewer, Viewer::Seat(_)) {
            if let Some(h) = &hand {
                assert!(
                    truth.own_hands.contains(h),
                    "{who}'s frame {i} shows a hand {who} never held ({h:?}; held {:?}):\n{f}",
                    truth.own_hands
                );
            }
        } else {
            assert!(
                hand.is_none(),
                "the spectator's frame {i} shows a hand:\n{f}"
            );
        }
        if to_move(f).is_some() {
            at_table += 1;
            if matches!(viewer, Viewer::Seat(_)) {
                assert!(hand.is_some(), "{who}'s frame {i} has no hand:\n{f}");
            }
        }
    }
    at_table
}

/// What one connection was sent, and whose view it must be.
struct Received {
    who: &'static str,
    viewer: Viewer,
    size: (u16, u16),
    raw: Vec<u8>,
}

#[test]
fn frames_are_cut_at_their_end_markers() {
    let raw = b"\x1b[?2026hone\x1b[?2026l\x1b[?2026h\r\x1b[Ktwo\x1b[?2026l\x1b[?2026hhalf";
    assert_eq!(every_frame(raw, 10, 2), vec!["one", "two"]);
    assert_eq!(
        cards_on("1   .  9◇◇   25◇ 47♡ row 3, 12 x"),
        BTreeSet::from([9, 25, 47])
    );
    assert_eq!(
        numbers_on("Deck 37 incl. finish · 3 in hand\n you draw 17, row 2\n ETT5-89M6 · 24◇"),
        BTreeSet::from([2, 3, 17])
    );
    assert_eq!(
        hand_line("x\nHand    9◇◇ 17♡ 44◇◇                  ▶ place 9◇◇ face up"),
        Some(vec![9, 17, 44])
    );
}

#[test]
fn two_players_a_spectator_a_return_and_a_stand_in_at_one_couperation_table() {
    let keys = tempfile::tempdir().expect("keys");
    let ann_key = keygen(keys.path(), "ann");
    let bob_key = keygen(keys.path(), "bob");
    let cat_key = keygen(keys.path(), "cat");
    // The raw output of every connection, with whose view it must be.
    let mut received: Vec<Received> = Vec::new();
    let mut s = Server::start(&[]);

    // ann sets the table up with the lobby's form: Couperation, her seat and a remote one
    // (the form's defaults for two players), a seed typed in.
    let ann = s.connect("ann", Some(&ann_key), COLS, ROWS);
    wait_for(&ann, "Open tables");
    press(&ann, "n");
    wait_for(&ann, "which game?");
    select(&ann, "Couperation");
    press(&ann, "\r");
    let form = wait_for(&ann, "New table: Couperation");
    assert!(form.contains("< 2 >"), "two players:\n{form}");
    assert!(form.contains("Remote: joins over SSH"), "{form}");
    select(&ann, "Seed");
    ann.send(SEED);
    wait_for(&ann, SEED);
    press(&ann, "s");
    let waiting = wait_for(&ann, "Waiting for 1 more player");
    let code = common::pty::table_code_on(&waiting);

    // bob sees it in the lobby and joins by its code.
    let bob = s.connect("bob", Some(&bob_key), COLS, ROWS);
    wait_for(&bob, &code);
    press(&bob, "c");
    bob.send(&code);
    press(&bob, "\r");
    // Seated, nobody moves yet: the table waits until both have said they are ready, so a
    // second Enter meant for the seat chooser can never be a move.
    wait_for(&bob, "Everyone is here");
    press(&bob, "\r");
    wait_for(&ann, "bob  (remote, connected), ready");
    press(&ann, "\r");
    wait_for(&bob, "bob's view");
    wait_for(&ann, "ann's view");

    // A turn each.
    let first = play_next(&ann, &bob);
    let second = play_next(&ann, &bob);
    assert_ne!(first, second, "turns alternate");

    // cat watches: the table, no hand; the next move shows there as it happens.
    let cat = s.connect("cat", Some(&cat_key), COLS, ROWS);
    wait_for(&cat, &code);
    press(&cat, "w");
    let watched = wait_for(&cat, "Public view");
    assert!(hand_line(&watched).is_none(), "{watched}");
    play_next(&ann, &bob);
    let now = wait_until(&ann, "someone to move", |f| to_move(f).is_some());
    let title = now.lines().next().unwrap_or_default().to_string();
    let title = title
        .split("  ")
        .next()
        .unwrap_or_default()
        .trim()
        .to_string();
    wait_for(&cat, &title);

    // bob's line drops.
    let bob_hand = hand_line(&bob.frame()).expect("bob's hand");
    let mut bob = bob;
    bob.kill();
    received.push(Received {
        who: "bob",
        viewer: Viewer::Seat(1),
        size: (COLS, ROWS),
        raw: bob.raw(),
    });
    press(&ann, "s");
    wait_for(&ann, "bob  (remote, away)");
    press(&ann, "\x1b");
    // He comes back with the same key, on a bigger terminal: his seat, his hand, and the game
    // goes on.
    let bob = s.connect("bob", Some(&bob_key), WIDE.0, WIDE.1);
    wait_for(&bob, "bob's view");
    wait_until(&bob, "bob's hand as he left it", |f| {
        hand_line(f).as_ref() == Some(&bob_hand)
    });
    let bob_before = actions_by(s.home.path(), 1);
    if play_next(&ann, &bob) == "ann" {
        play_next(&ann, &bob);
    }
    assert!(actions_by(s.home.path(), 1) > bob_before, "bob moved again");

    // The server restarts (its tables saved) with this table's timeout made short in its saved
    // file: the form's shortest, a minute, is right for people but long for a test.
    assert_eq!(s.stop(), Some(0), "the server stopped cleanly");
    let (mut ann, mut bob, mut cat) = (ann, bob, cat);
    for t in [&mut ann, &mut bob, &mut cat] {
        t.wait_exit();
    }
    received.push(Received {
        who: "ann",
        viewer: Viewer::Seat(0),
        size: (COLS, ROWS),
        raw: ann.raw(),
    });
    received.push(Received {
        who: "bob",
        viewer: Viewer::Seat(1),
        size: WIDE,
        raw: bob.raw(),
    });
    received.push(Received {
        who: "cat",
        viewer: Viewer::Public,
        size: (COLS, ROWS),
        raw: cat.raw(),
    });
    let home = std::mem::replace(&mut s.home, tempfile::tempdir().expect("tmp"));
    drop(s);
    let tables = home.path().join("server").join("tables.json");
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&tables).expect("tables.json"))
            .expect("json");
    assert_eq!(saved["tables"][0]["code"], code.replace('-', ""), "{saved}");
    saved["tables"][0]["timeout_secs"] = 2.into();
    std::fs::write(&tables, saved.to_string()).expect("write tables.json");
    let s = Server::start_in(home, &[]);

    // ann comes back; bob does not. His seat goes to a computer player, which plays his turns.
    let ann = s.connect("ann", Some(&ann_key), COLS, ROWS);
    wait_for(&ann, "ann's view");
    let cat = s.connect("cat", Some(&cat_key), WIDE.0, WIDE.1);
    wait_for(&cat, "remote, away: a computer plays");
    let bob_before = actions_by(s.home.path(), 1);
    let end = Instant::now() + WAIT;
    while actions_by(s.home.path(), 1) <= bob_before {
        assert!(
            Instant::now() < end,
            "no computer player moved for bob:\n{}",
            ann.frame()
        );
        let f = wait_until(&ann, "someone to move", |f| to_move(f).is_some());
        if to_move(&f).as_deref() == Some("ann") {
            play_turn(&ann, "ann");
        } else {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    wait_until(&ann, "ann to move again", |f| {
        to_move(f).as_deref() == Some("ann")
    });
    // bob returns: the seat is his again, the computer player stands down.
    let bob = s.connect("bob", Some(&bob_key), COLS, ROWS);
    wait_for(&bob, "bob's view");
    wait_until(&cat, "bob back at his seat", |f| {
        f.contains("remote") && !f.contains("away")
    });
    play_turn(&ann, "ann");
    let bob_before = actions_by(s.home.path(), 1);
    play_turn(&bob, "bob");
    assert!(
        actions_by(s.home.path(), 1) > bob_before,
        "bob moved himself"
    );
    received.push(Received {
        who: "ann",
        viewer: Viewer::Seat(0),
        size: (COLS, ROWS),
        raw: ann.raw(),
    });
    received.push(Received {
        who: "bob",
        viewer: Viewer::Seat(1),
        size: (COLS, ROWS),
        raw: bob.raw(),
    });
    received.push(Received {
        who: "cat",
        viewer: Viewer::Public,
        size: WIDE,
        raw: cat.raw(),
    });
    let mut s = s;
    assert_eq!(s.stop(), Some(0));

    // Every frame of every connection, against the log.
    let m = logged(s.home.path());
    assert!(m.history.len() > 10, "a few turns were played");
    let mut at_table = std::collections::BTreeMap::new();
    for Received {
        who,
        viewer,
        size,
        raw,
    } in &received
    {
        let t = truth(&m, *viewer);
        assert!(
            t.secret.len() >= 2,
            "{who} never saw at least a hand of cards: {:?}",
            t.secret
        );
        *at_table.entry(*who).or_insert(0) += check_frames(who, raw, *size, *viewer, &t);
    }
    for who in ["ann", "bob", "cat"] {
        assert!(
            at_table.get(who).copied().unwrap_or(0) >= 3,
            "{who} saw the table: {at_table:?}"
        );
    }
}

/// The title's "… · X to move" names `name` (Rocca's midnight names everyone: "ann, bob, cid").
fn moves(frame: &str, name: &str) -> bool {
    to_move(frame).is_some_and(|who| who.split(", ").any(|w| w == name))
}

/// `name` (to move, with the cursor on A1 as a day begins) puts the vote on `target` ("B2"),
/// with the keys: down a family per letter, right a villager per number.
fn vote(t: &Term, name: &str, target: &str) {
    wait_until(t, &format!("{name} to vote"), |f| {
        moves(f, name) && f.contains("Put your vote on a villager")
    });
    let mut chars = target.chars();
    let family = chars.next().map_or(0, |c| c as usize - 'A' as usize);
    let villager = chars.next().and_then(|c| c.to_digit(10)).unwrap_or(1) as usize;
    for _ in 0..family {
        press(t, "j");
    }
    for _ in 1..villager {
        press(t, "l");
    }
    t.send("\r");
    wait_for(t, &format!("{name}: votes for {target}"));
}

/// Says `words` in the chat: `/` opens the box, Enter sends the line and closes it.
fn say(t: &Term, words: &str) {
    press(t, "/");
    t.send(words);
    wait_for(t, words);
    press(t, "\r");
}

/// A Rocca Monster table over the real OpenSSH client (issue #21): three players and a
/// spectator, two of them joined by the invite line alone; a stray key before everyone is
/// ready; nobody talks at night; the day's chat reaches every player and the spectator's never
/// does; the vote ends the game; then only those who choose it play again.
#[test]
fn a_rocca_table_talks_by_day_never_at_night_and_plays_again_by_choice() {
    let keys = tempfile::tempdir().expect("keys");
    let key = |n: &str| keygen(keys.path(), n);
    let (ann_key, bob_key, cid_key, eve_key) = (key("ann"), key("bob"), key("cid"), key("eve"));
    let s = Server::start(&[]);

    // ann sets the table up: Rocca, three seats (hers and two remote), a seed typed in.
    let ann = s.connect("ann", Some(&ann_key), COLS, ROWS);
    wait_for(&ann, "Open tables");
    press(&ann, "n");
    wait_for(&ann, "which game?");
    select(&ann, "Rocca Monster");
    press(&ann, "\r");
    wait_for(&ann, "New table: Rocca Monster");
    select(&ann, "Seed");
    ann.send(SEED);
    wait_for(&ann, SEED);
    press(&ann, "s");
    let waiting = wait_for(&ann, "Waiting for 2 more players");
    let code = common::pty::table_code_on(&waiting);
    // The invite line, on her screen and printed by the server.
    let invite = format!("{code}@127.0.0.1");
    assert!(waiting.contains(&invite), "{waiting}");
    let printed = s.wait_line(&["table-created", &code]);
    assert!(printed.contains(&invite), "{printed}");

    // bob and cid join with nothing but that line: the code is the user name; each is asked
    // a name once, and sits at the table.
    let bob = s.connect(&code, Some(&bob_key), WIDE.0, WIDE.1);
    let cid = s.connect(&code, Some(&cid_key), COLS, ROWS);
    for (t, name) in [(&bob, "bob"), (&cid, "cid")] {
        wait_for(t, &format!("Invited to table {code}"));
        t.send(name);
        wait_for(t, name);
        press(t, "\r");
    }
    wait_for(&ann, "cid  (remote, connected), not ready yet");
    // eve watches from the lobby.
    let eve = s.connect("eve", Some(&eve_key), COLS, ROWS);
    wait_for(&eve, &code);
    press(&eve, "w");
    wait_for(&eve, "Waiting for players");

    // Stray keys before everyone is ready make no move, then or later: the game's own keys
    // (a cursor key, confirm, none) among them. Only Enter (or Space) says "ready".
    press(&cid, "x");
    cid.send("lcn");
    press(&ann, "\r");
    press(&bob, "\r");
    wait_for(&ann, "bob  (remote, connected), ready");
    let still = wait_for(&ann, "cid  (remote, connected), not ready yet");
    assert!(still.contains("Waiting for players"), "{still}");
    cid.send("\r");
    for t in [&ann, &bob, &cid] {
        wait_for(t, "Midnight: everyone takes a private turn (0/3 done)");
    }

    // Midnight: every eye is closed, whatever the seat.
    for t in [&ann, &bob, &cid] {
        press(t, "/");
        t.send("psst\r");
        wait_for(t, "eyes are closed");
        press(t, "\x1b");
    }
    // Each takes the night turn; the Monster's lands where its cursor is.
    for t in [&ann, &bob, &cid] {
        t.send("\r");
    }
    let day = wait_for(&ann, "Put your vote on a villager");
    assert!(day.contains("Day 1"), "{day}");
    // Whose villager the Monster is: only its player's screen says so.
    let monster = [&ann, &bob, &cid]
        .iter()
        .find_map(|t| {
            let f = t.frame();
            let secret = f.lines().find(|l| l.starts_with("Secret:"))?.to_string();
            secret.contains("you are the Monster").then(|| {
                let at = secret.find(" MONSTER").expect("the Monster's villager");
                secret[at - 2..at].to_string()
            })
        })
        .expect("one player holds the Monster");

    // Day: ann speaks; bob reads it beside the board, cid behind `/`, eve too.
    say(&ann, "I suspect bob");
    wait_for(&bob, "ann: I suspect bob");
    let narrow = wait_for(&cid, "chat: 1 new");
    assert!(!narrow.contains("I suspect"), "{narrow}");
    press(&cid, "/");
    wait_for(&cid, "ann: I suspect bob");
    press(&cid, "\x1b");
    // The spectator's line stays among spectators.
    say(&eve, "it is the baker");
    press(&eve, "/");
    wait_for(&eve, "eve (watching): it is the baker");
    press(&eve, "\x1b");
    // What a player's screen shows comes after what the server had when eve spoke: a word of
    // ann's sent after eve's must reach bob and cid, and eve's never.
    say(&ann, "vote now");
    wait_for(&bob, "ann: vote now");
    press(&cid, "/");
    let open = wait_for(&cid, "ann: vote now");
    press(&cid, "\x1b");
    for f in [bob.frame(), open, ann.frame()] {
        assert!(
            !f.contains("the baker"),
            "a spectator's word reached a player:\n{f}"
        );
        assert!(!f.contains("psst"), "a word was said at night:\n{f}");
    }

    // The village votes the Monster out, in seat order, then each confirms.
    for (t, name) in [(&ann, "ann"), (&bob, "bob"), (&cid, "cid")] {
        vote(t, name, &monster);
    }
    for (t, name) in [(&ann, "ann"), (&bob, "bob"), (&cid, "cid")] {
        wait_until(t, &format!("{name} to confirm"), |f| moves(f, name));
        t.send("c");
        wait_for(t, &format!("{name}: confirms the vote for {monster}"));
    }
    for t in [&ann, &bob, &cid, &eve] {
        wait_for(t, "The villagers win");
    }

    // Play again is each person's choice: bob asks first and waits at a new table; ann
    // follows; cid goes back to the lobby, and his seat stays free.
    press(&bob, "a");
    let again = wait_for(&bob, "Waiting for players");
    let new_code = common::pty::table_code_on(&again);
    assert_ne!(new_code, code);
    wait_for(&ann, "bob wants to play again");
    let result = cid.frame();
    assert!(result.contains("Game over"), "nobody else moved:\n{result}");
    press(&ann, "a");
    press(&cid, "q");
    wait_for(&cid, "Open tables");
    let table = wait_for(&ann, "Waiting for 1 more player");
    for line in [
        "ann  (remote, connected), ready",
        "bob  (remote, connected), ready",
        "Seat 3  (remote, free)",
    ] {
        assert!(table.contains(line), "{line:?}:\n{table}");
    }
    assert!(table.contains(&new_code), "{table}");
}

//! Snapshots of the Kokoro screen and its key handling.

use crate::testkit::RunChance;
use insta::assert_snapshot;
use ratatui::crossterm::event::{KeyEventKind, KeyEventState, KeyModifiers};

use super::*;
use crate::engine::log::PlayerEntry;
use crate::engine::{Actor, Options, Setup, ToMove, Viewer};
use crate::ui::Screen;
use crate::ui::play::Play;
use crate::ui::testutil::{ch, draw, key, settled};

const THEME: Theme = Theme::new(false, true);
const NAMES: [&str; 8] = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"];

fn new_match(players: usize, humans: usize, opts: &[(&str, &str)], seed: u64) -> Match<Kokoro> {
    let mut options = Options::new();
    for (k, v) in opts {
        options.insert(k.to_string(), v.to_string());
    }
    let players = (0..players)
        .map(|i| {
            if i < humans {
                PlayerEntry::human(NAMES[i])
            } else {
                PlayerEntry::bot(NAMES[i], "planner", 100 + i as u64)
            }
        })
        .collect();
    Match::new(Setup {
        options,
        players,
        seed,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("kokoro setup")
}

/// Plays every seat with the planner until `done` holds at the start of a turn.
fn play_until(m: &mut Match<Kokoro>, done: impl Fn(&View) -> bool) {
    let mut bots: Vec<_> = (0..m.players.len())
        .map(|i| {
            let kind = if i % 2 == 0 { "planner" } else { "random" };
            crate::bots::kinds::kokoro(kind, 7 + i as u64).expect("bot")
        })
        .collect();
    loop {
        m.run_chance().expect("chance");
        let view = m.state.view(Viewer::Omniscient);
        let ToMove::Seats(seats) = m.to_move() else {
            return;
        };
        if seats.len() == m.players.len() && done(&view) {
            return;
        }
        let seat = seats[0];
        let legal = m.state.legal_actions(seat);
        let own = m.state.view(Viewer::Seat(seat));
        let a = bots[seat].choose(seat, &own, &legal);
        m.apply(Actor::Seat(seat), a, None).expect("bot move");
    }
}

fn mid_round(players: usize, turns: u8) -> Play<Kokoro> {
    let mut m = new_match(players, 1, &[], 3);
    play_until(&mut m, |v| v.cards_revealed >= turns);
    settled(m)
}

#[test]
fn play_80x24_solo() {
    let p = mid_round(1, 6);
    let text = draw(&p, THEME, 80, 24);
    assert!(text.contains("Round 1/5"), "{text}");
    assert_snapshot!("kokoro_solo_80x24", text);
}

#[test]
fn play_80x24_four_players() {
    let p = mid_round(4, 12);
    assert_snapshot!("kokoro_four_80x24", draw(&p, THEME, 80, 24));
}

#[test]
fn play_80x24_eight_players() {
    let p = mid_round(8, 9);
    let text = draw(&p, THEME, 80, 24);
    for n in NAMES {
        assert!(text.contains(n), "{n} missing:\n{text}");
    }
    assert_snapshot!("kokoro_eight_80x24", text);
}

#[test]
fn play_80x24_ascii() {
    let p = mid_round(4, 12);
    let text = draw(&p, Theme::new(true, false), 80, 24);
    assert!(text.is_ascii(), "{text}");
    assert_snapshot!("kokoro_four_80x24_ascii", text);
}

#[test]
fn play_120x40_with_minimaps() {
    let p = mid_round(4, 14);
    let text = draw(&p, THEME, 120, 40);
    // The mat grows to 11x5 spaces with the rows and columns labelled as the event lines
    // name them ("r4c4"), and the small maps move beside it.
    for label in ["c0", "c5", "r0", "r6"] {
        assert!(text.contains(label), "{label} missing:\n{text}");
    }
    assert!(text.contains("Dee"), "{text}");
    assert_snapshot!("kokoro_four_120x40", text);
    let huge = draw(&p, THEME, 200, 60);
    assert!(huge.contains("r6") && huge.contains("c5"), "{huge}");
    assert_snapshot!("kokoro_four_200x60", huge);
}

#[test]
fn the_small_mats_mark_the_two_guardians_apart() {
    let m = new_match(2, 1, &[], 3);
    let view = m.state.view(Viewer::Public);
    let [cat, flower] = view.guardian_spaces();
    for ascii in [false, true] {
        let theme = Theme::new(ascii, false);
        let lines = minimap_lines(&theme, &view, 0);
        let at = |s: u8| {
            lines[usize::from(s) / COLS]
                .spans
                .get(usize::from(s) % COLS)
                .map(|sp| sp.content.to_string())
        };
        assert_eq!(at(cat).as_deref(), Some("c"), "ascii {ascii}");
        assert_eq!(at(flower).as_deref(), Some("f"), "ascii {ascii}");
        let text: String = lines.iter().map(|l| l.to_string()).collect();
        assert!(!text.contains('G'), "{text}");
    }
}

#[test]
fn round_end_is_explained_until_a_key() {
    let mut m = new_match(4, 1, &[], 5);
    play_until(&mut m, |v| v.records.len() == 2);
    let mut p = settled(m);
    let text = draw(&p, THEME, 80, 24);
    assert!(text.contains("Round 2: sanctuary"), "{text}");
    assert!(text.contains("Any key: continue"), "{text}");
    assert_snapshot!("kokoro_round_end_80x24", text);
    // Tab looks at another mat and keeps the explanation; another key puts it away.
    p.on_event(&key(KeyCode::Tab));
    assert!(draw(&p, THEME, 80, 24).contains("Round 2: sanctuary"));
    p.on_event(&ch('x'));
    let after = draw(&p, THEME, 80, 24);
    assert!(!after.contains("Any key: continue"), "{after}");
    assert!(after.contains("Round 3/5"), "{after}");
}

#[test]
fn a_chain_of_one_space_is_said_in_the_singular() {
    // The play-test read "Its chain of 1 spaces".
    let m = new_match(2, 2, &[], 3);
    let view = m.state.view(Viewer::Omniscient);
    let printed = mats::printed(view.side);
    let (bare, featured) = (
        (0..printed.len()).find(|&s| printed[s].features() == 0),
        (0..printed.len()).find(|&s| printed[s].features() > 0),
    );
    for (space, want) in [
        (
            bare,
            "Its chain of 1 space reaches no caterpillar or flower",
        ),
        (featured, "Chain of 1 space: "),
    ] {
        let space = u8::try_from(space.expect("such a space")).expect("small");
        let mut chain = SpaceSet::EMPTY;
        chain.insert(space);
        let score = crate::games::kokoro::RoundScore {
            chain,
            count: printed[usize::from(space)].features(),
            previous_box: 0,
            box_value: printed[usize::from(space)].features(),
            zeroed: false,
        };
        let rec = RoundRecord {
            round: 1,
            sanctuary: 'A',
            players: vec![score, score],
            cards_revealed: 1,
        };
        let text = explain(&view, &rec, 0, false).join(" ");
        assert!(text.contains(want), "{text}");
        assert!(!text.contains("1 spaces"), "{text}");
    }
}

#[test]
fn a_zero_box_names_the_must_beat_rule() {
    // Find a record where some seat's count did not beat its last box.
    for seed in 1..40 {
        let mut m = new_match(4, 0, &[], seed);
        play_until(&mut m, |v| v.over);
        let view = m.state.view(Viewer::Omniscient);
        for rec in &view.records {
            for (s, p) in rec.players.iter().enumerate() {
                if p.zeroed {
                    let text = explain(&view, rec, s, false).join(" ");
                    assert!(text.contains("does not beat the last box"), "{text}");
                    assert!(text.contains("box 0 (−5 at the end)"), "{text}");
                    return;
                }
            }
        }
    }
    panic!("no zeroed box in 40 games");
}

#[test]
fn end_sheet_fits_eight_players() {
    let mut m = new_match(8, 2, &[("decree", "long-road")], 9);
    play_until(&mut m, |v| v.over);
    let p = settled(m);
    let text = draw(&p, THEME, 80, 24);
    assert!(text.contains("Final score sheet"), "{text}");
    assert!(
        text.contains("wins.") || text.contains("Shared win"),
        "{text}"
    );
    for n in NAMES {
        assert!(text.contains(n), "{n} missing:\n{text}");
    }
    assert_snapshot!("kokoro_end_eight_80x24", text);
}

#[test]
fn solo_end_records_a_high_score_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut m = new_match(1, 1, &[("side", "pink")], 4);
    play_until(&mut m, |v| v.over);
    let p = settled(m.clone()).with_data_dir(Some(dir.path().to_path_buf()));
    let text = draw(&p, THEME, 80, 24);
    assert!(text.contains("High scores: pink, no decree"), "{text}");
    assert!(text.contains("Your score is number 1 of 1."), "{text}");
    assert_snapshot!("kokoro_end_solo_80x24", text);
    // The turns where the hard player would have gained most, worked out when the game ended.
    assert!(text.contains("Where the hard player gains most"), "{text}");
    let turns = text
        .lines()
        .filter(|l| l.contains(", not ") && l.contains(": +"));
    assert_eq!(turns.count(), 3, "{text}");
    assert_snapshot!("kokoro_end_solo_120x40", draw(&p, THEME, 120, 40));
    // Drawn again, or the finished game opened again: still one entry.
    let _ = draw(&p, THEME, 80, 24);
    let again = settled(m).with_data_dir(Some(dir.path().to_path_buf()));
    assert!(draw(&again, THEME, 80, 24).contains("number 1 of 1"));
    let all = highscores::load(&highscores::path_in(dir.path())).expect("load");
    assert_eq!(all.tables["kokoro/pink/none"].len(), 1);
}

/// The review's lines while its thread works, and when it found nothing to better.
#[test]
fn the_review_says_it_is_looking_then_what_it_found() {
    let review: Review = Arc::new(Mutex::new(None));
    let text = |r: &Review| -> String {
        review_lines(r, &THEME, 36)
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(text(&review).contains("Looking back over your turns"));
    *review.lock().expect("lock") = Some(Vec::new());
    assert!(text(&review).contains("It would play no turn better."));
    *review.lock().expect("lock") = Some(vec![crate::bots::review::Missed {
        round: 2,
        turn: 12,
        played: Action::Draw {
            space: 37,
            mirrored: false,
        },
        better: Action::Peek,
        points: 5.69,
    }]);
    assert!(
        text(&review).ends_with("turn 12: peek, not r6c1: +5.7"),
        "{}",
        text(&review)
    );
    // A game with another player or without a person gets no review.
    let mut m = new_match(2, 1, &[], 4);
    play_until(&mut m, |v| v.over);
    assert!(settled(m).ui.review.is_none());
}

#[test]
fn games_with_bots_or_without_a_data_folder_record_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut m = new_match(2, 1, &[], 4);
    play_until(&mut m, |v| v.over);
    let _ = settled(m).with_data_dir(Some(dir.path().to_path_buf()));
    assert!(!highscores::path_in(dir.path()).exists());
}

// ---------- keys ----------

fn k(code: KeyCode) -> KeyEvent {
    KeyEvent {
        code,
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    }
}

struct Fixture {
    state: Kokoro,
    view: View,
    legal: Vec<Action>,
    names: Vec<String>,
}

impl Fixture {
    fn new(m: &Match<Kokoro>, seat: Seat) -> Self {
        Fixture {
            state: m.state.clone(),
            view: m.state.view(Viewer::Seat(seat)),
            legal: m.state.legal_actions(seat),
            names: NAMES.iter().map(|s| s.to_string()).collect(),
        }
    }
    fn ctx(&self) -> Ctx<'_, Kokoro> {
        Ctx {
            view: &self.view,
            seat: Some(0),
            legal: &self.legal,
            names: &self.names,
            theme: crate::ui::Theme::new(false, true),
        }
    }
}

#[test]
fn cursor_moves_and_wraps() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |_| true);
    let fx = Fixture::new(&m, 0);
    let mut ui = KokoroUi::default();
    ui.on_key(k(KeyCode::Left), &fx.ctx());
    assert_eq!(ui.cursor, 5);
    ui.on_key(k(KeyCode::Up), &fx.ctx());
    assert_eq!(ui.cursor, 41);
    ui.on_key(k(KeyCode::Char('j')), &fx.ctx());
    ui.on_key(k(KeyCode::Char('l')), &fx.ctx());
    assert_eq!(ui.cursor, 0);
    ui.on_key(k(KeyCode::Char('k')), &fx.ctx());
    ui.on_key(k(KeyCode::Char('h')), &fx.ctx());
    assert_eq!(ui.cursor, 41);
}

#[test]
fn enter_draws_only_on_legal_spaces() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |v| v.cards_revealed >= 3);
    let fx = Fixture::new(&m, 0);
    let mat = fx.view.mats[0];
    let taken = mat.drawn().iter().next().expect("a drawn space");
    let free = legal_spaces(&fx.view, 0)
        .iter()
        .next()
        .expect("a free space");
    // The person moved the cursor onto a taken space during this card.
    let mut ui = KokoroUi {
        cursor: taken,
        cursor_card: Some((fx.view.round, fx.view.cards_revealed)),
        ..KokoroUi::default()
    };
    assert_eq!(ui.on_key(k(KeyCode::Enter), &fx.ctx()), None);
    ui.cursor = free;
    assert_eq!(
        ui.on_key(k(KeyCode::Char(' ')), &fx.ctx()),
        Some(Action::Draw {
            space: free,
            mirrored: false
        })
    );
    assert!(fx.state.legal_actions(0).contains(&Action::Draw {
        space: free,
        mirrored: false
    }));
}

#[test]
fn a_new_card_starts_the_cursor_on_the_free_space_nearest_the_last_one() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |v| v.cards_revealed >= 3);
    let fx = Fixture::new(&m, 0);
    let free = legal_spaces(&fx.view, 0);
    let taken = fx.view.mats[0]
        .drawn()
        .iter()
        .next()
        .expect("a drawn space");
    // Where the last card's path went: now taken.
    let ui = KokoroUi {
        cursor: taken,
        cursor_card: Some((fx.view.round, fx.view.cards_revealed - 1)),
        ..KokoroUi::default()
    };
    let at = ui.cursor_at(&fx.ctx());
    assert!(free.contains(at), "r{}c{} is taken", at / 6, at % 6);
    let dist = |s: u8| (s / 6).abs_diff(taken / 6) + (s % 6).abs_diff(taken % 6);
    assert_eq!(
        Some(dist(at)),
        free.iter().map(dist).min(),
        "the nearest free space"
    );
    let text = ui.status_lines(&fx.ctx(), &THEME, 0);
    assert!(
        !text.iter().any(|l| l.to_string().contains("is taken")),
        "{text:?}"
    );
    // The first Enter draws there.
    let mut ui = ui;
    assert_eq!(
        ui.on_key(k(KeyCode::Enter), &fx.ctx()),
        Some(Action::Draw {
            space: at,
            mirrored: false
        })
    );
    // A free cursor stays where it was.
    let ui = KokoroUi {
        cursor: free.iter().last().expect("free"),
        ..KokoroUi::default()
    };
    assert_eq!(ui.cursor_at(&fx.ctx()), free.iter().last().expect("free"));
}

#[test]
fn p_peeks_and_nothing_acts_when_not_to_move() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |_| true);
    let fx = Fixture::new(&m, 0);
    let mut ui = KokoroUi::default();
    assert_eq!(
        ui.on_key(k(KeyCode::Char('p')), &fx.ctx()),
        Some(Action::Peek)
    );
    let idle = Fixture {
        legal: Vec::new(),
        ..Fixture::new(&m, 0)
    };
    assert_eq!(ui.on_key(k(KeyCode::Char('p')), &idle.ctx()), None);
    assert_eq!(ui.on_key(k(KeyCode::Enter), &idle.ctx()), None);
}

#[test]
fn m_toggles_the_mirror_only_when_it_changes_the_segment() {
    let mut m = new_match(1, 1, &[("decree", "mirror-pool")], 3);
    play_until(&mut m, |v| v.card.is_some_and(|c| c.number <= 4));
    let fx = Fixture::new(&m, 0);
    let n = fx.view.card.map_or(0, |c| c.number);
    let mut ui = KokoroUi {
        cursor: legal_spaces(&fx.view, 0).iter().next().expect("free"),
        ..KokoroUi::default()
    };
    ui.on_key(k(KeyCode::Char('m')), &fx.ctx());
    assert!(ui.mirrored);
    assert_eq!(ui.preview_number(&fx.ctx()), mirror(n));
    let text = ui.status_lines(&fx.ctx(), &THEME, 0);
    assert!(
        text.iter().any(|l| l.to_string().contains("m mirrored ON")),
        "{text:?}"
    );
    ui.on_key(k(KeyCode::Char('m')), &fx.ctx());
    assert!(!ui.mirrored);
    ui.on_key(k(KeyCode::Char('m')), &fx.ctx());
    let cursor = ui.cursor;
    assert_eq!(
        ui.on_key(k(KeyCode::Enter), &fx.ctx()),
        Some(Action::Draw {
            space: cursor,
            mirrored: true
        })
    );
    assert!(!ui.mirrored, "the toggle is spent with the draw");
    // Without the decree, m does nothing.
    let mut plain = new_match(1, 1, &[], 3);
    play_until(&mut plain, |_| true);
    let fx = Fixture::new(&plain, 0);
    let mut ui = KokoroUi::default();
    ui.on_key(k(KeyCode::Char('m')), &fx.ctx());
    assert!(!ui.mirrored);
}

#[test]
fn tab_shows_other_mats_and_enter_comes_back() {
    let mut m = new_match(3, 1, &[], 3);
    play_until(&mut m, |v| v.cards_revealed >= 2);
    let fx = Fixture::new(&m, 0);
    let mut ui = KokoroUi::default();
    ui.on_key(k(KeyCode::Tab), &fx.ctx());
    assert_eq!(ui.viewing, Some(1));
    ui.on_key(k(KeyCode::Char(']')), &fx.ctx());
    assert_eq!(ui.viewing, Some(2));
    ui.on_key(k(KeyCode::Tab), &fx.ctx());
    assert_eq!(ui.viewing, None, "back to one's own mat");
    ui.on_key(k(KeyCode::Char('[')), &fx.ctx());
    assert_eq!(ui.viewing, Some(2));
    // Enter while viewing another mat only comes back.
    assert_eq!(ui.on_key(k(KeyCode::Enter), &fx.ctx()), None);
    assert_eq!(ui.viewing, None);
}

#[test]
fn mouse_click_moves_then_draws() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |_| true);
    let fx = Fixture::new(&m, 0);
    let mut ui = KokoroUi::default();
    let area = Rect::new(0, 1, 80, 22);
    // r2c3: column 3 * 7 + 3, row 1 (title) + 2 * 3 + 1 below the area's top.
    let click = |col: u16, row: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: col,
        row,
        modifiers: KeyModifiers::NONE,
    };
    assert_eq!(ui.on_mouse(click(24, 1 + 1 + 7), area, &fx.ctx()), None);
    assert_eq!(ui.cursor, 15);
    assert_eq!(
        ui.on_mouse(click(22, 1 + 1 + 6), area, &fx.ctx()),
        Some(Action::Draw {
            space: 15,
            mirrored: false
        })
    );
}

#[test]
fn mouse_finds_the_spaces_of_the_larger_mats() {
    let mut m = new_match(1, 1, &[], 3);
    play_until(&mut m, |_| true);
    let fx = Fixture::new(&m, 0);
    let click = |col: u16, row: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: col,
        row,
        modifiers: KeyModifiers::NONE,
    };
    // 120x40: 3 columns of row labels, 11x5 spaces under the title and the column labels.
    let mut ui = KokoroUi::default();
    let area = Rect::new(0, 1, 120, 38);
    ui.on_mouse(click(3 + 3 * 11 + 5, 1 + 2 + 2 * 5 + 2), area, &fx.ctx());
    assert_eq!(ui.cursor, 15);
    // 200x60: 15x7 spaces; r6c5 is the last space.
    let area = Rect::new(0, 1, 200, 58);
    ui.on_mouse(click(3 + 5 * 15, 1 + 2 + 6 * 7), area, &fx.ctx());
    assert_eq!(ui.cursor, 41);
}

#[test]
fn undo_on_the_pass_screen_before_the_hand_off() {
    let mut p = settled(new_match(2, 2, &[], 5));
    // The first player takes the keyboard.
    assert_eq!(p.pass(), Some(0));
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.keyboard, Some(0));
    let before = p.table.m.history.len();
    p.on_event(&key(KeyCode::Char('p')));
    assert!(p.table.m.history.len() > before);
    assert_eq!(p.pass(), Some(1));
    // The peek showed Ann a card: it cannot be taken back, even before the hand-off.
    assert!(!p.can_undo());
    let mut p = settled(new_match(2, 2, &[], 5));
    p.on_event(&key(KeyCode::Enter));
    let before = p.table.m.history.len();
    let legal = p.table.m.state.legal_actions(0);
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::Draw { space: 0, .. }))
    );
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.table.m.history.len(), before + 1, "Ann drew");
    assert_eq!(p.pass(), Some(1), "the pass screen for Bo");
    assert!(p.can_undo(), "Ann still holds the keyboard");
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), before, "the draw is taken back");
    // Back to Ann's hand-off screen: whoever is at the keyboard sees no mat without it.
    assert_eq!(p.pass(), Some(0));
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.keyboard, Some(0));
    // Once Bo has taken the keyboard, Ann's draw is out of reach.
    p.on_event(&key(KeyCode::Enter));
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.pass(), None);
    assert_eq!(p.keyboard, Some(1));
    assert!(!p.can_undo());
}

/// At the end, the totals through the game sit beside the final sheet; they start level and
/// end at the sheet's totals, and there is no chart before the end.
#[test]
fn end_chart_follows_the_totals_through_the_game() {
    let mut m = new_match(3, 1, &[], 21);
    play_until(&mut m, |v| v.cards_revealed > 6);
    let before = settled(m.clone());
    assert!(before.ui.progress.is_none());
    assert!(!draw(&before, THEME, 120, 40).contains("Scores through the game"));
    play_until(&mut m, |v| v.over);
    let p = settled(m);
    let progress = p.ui.progress.clone().expect("computed at the end");
    let totals: Vec<i32> = progress
        .series
        .iter()
        .map(|s| *s.last().expect("points"))
        .collect();
    let outcome = p.table.m.state.outcome().expect("over");
    assert_eq!(totals, outcome.scores);
    assert!(progress.len() > 2, "{progress:?}");
    let small = draw(&p, THEME, 80, 24);
    assert!(small.contains("Scores through the game"), "{small}");
    assert_snapshot!("kokoro_end_chart_80x24", small);
    let large = draw(&p, THEME, 120, 40);
    assert!(large.contains("1 Ann  2 Bo  3 Cy"), "{large}");
    assert_snapshot!("kokoro_end_chart_120x40", large);
}

/// The mat drawn from its cached cells equals the mat drawn as lines, over a run of random
/// mats, cursors, draws, chains and clipped areas that reuses one cache (so most spaces are
/// copied from the frame before), in every theme and space size.
#[test]
fn the_cached_mat_cells_draw_what_the_lines_draw() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let geos = [
        MatGeo::COMPACT,
        MatGeo {
            cw: 11,
            ch: 5,
            labels: true,
        },
        MatGeo {
            cw: 15,
            ch: 7,
            labels: true,
        },
    ];
    let themes = [
        Theme::new(false, true),
        Theme::new(true, true),
        Theme::new(false, false),
        Theme::new(true, false),
    ];
    let space = |next: &mut dyn FnMut(u64) -> u64| next(mats::SPACES as u64) as u8;
    for geo in geos {
        for theme in themes {
            let cells = MatCells::default();
            let mut mat = Mat {
                paths: [0; mats::SPACES],
            };
            for step in 0..30 {
                // A few draws at a time, and now and then a new game's empty mat.
                if step % 20 == 0 {
                    mat.paths = [0; mats::SPACES];
                }
                for _ in 0..next(3) {
                    let s = space(&mut next);
                    mat.paths[usize::from(s)] = next(7) as u8;
                }
                let mut legal = SpaceSet::EMPTY;
                let mut chain = SpaceSet::EMPTY;
                for s in 0..mats::SPACES as u8 {
                    if next(3) == 0 {
                        legal.insert(s);
                    }
                    if next(5) == 0 {
                        chain.insert(s);
                    }
                }
                let look = MatLook {
                    side: if next(2) == 0 { Side::Blue } else { Side::Pink },
                    guardians: [space(&mut next), space(&mut next)],
                    grove: (next(2) == 0).then(|| space(&mut next)),
                    legal,
                    chain,
                    cursor: (next(4) != 0).then(|| (space(&mut next), next(7) as u8)),
                    pending: (next(3) == 0).then(|| (space(&mut next), 1 + next(6) as u8)),
                };
                let full = Rect::new(0, 0, geo.width() + 4, geo.height() + 3);
                // Sometimes cut at the right or the bottom, as a small window cuts it.
                let body = Rect {
                    x: 1,
                    y: 1,
                    width: full.width - 2 - next(3) as u16 * 5,
                    height: full.height - 2 - next(3) as u16 * 3,
                };
                let mut by_lines = Buffer::empty(full);
                lines::render(&mat_lines(&theme, &mat, &look, geo), body, &mut by_lines);
                let mut by_cells = Buffer::empty(full);
                assert!(cells.draw(&theme, &mat, &look, geo, body, &mut by_cells));
                assert_eq!(by_cells, by_lines, "step {step}, {geo:?}, {theme:?}");
            }
        }
    }
}

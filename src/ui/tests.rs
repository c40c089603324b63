//! Snapshot tests of every screen (80×24, and one at 120×40) and key-handling tests, with the
//! demo game and a temporary games folder.

use crate::testkit::RunChance;
use std::path::Path;

use insta::assert_snapshot;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;

use crate::engine::log::{self, PlayerEntry};
use crate::engine::{Match, Setup, Table, Viewer};
use crate::ui::Registered;

use super::app::App;
use super::commands;
use super::demo::{DEMO, Demo, DemoAction};
use super::launcher::{Catalog, Launcher};
use super::play::{Halt, Play, Turn};
use super::replay::ReplayScreen;
use super::rules_page::RulesPage;
use super::saved::{Mode, SavedList};
use super::setup::{Row, SetupForm};
use super::testutil::{buffer_text, ch, draw, draw_app, draw_buffer, key};
use super::theme::Theme;
use super::{Nav, Screen};

const THEME: Theme = Theme::new(false, true);
const STARTED: &str = "2026-11-25T20:00:00Z";

fn catalog(dir: &Path) -> Catalog {
    Catalog {
        games: vec![&DEMO],
        dir: dir.to_path_buf(),
        local: crate::ui::work::Local::inline(),
    }
}

fn demo_match(players: Vec<PlayerEntry>, seed: u64) -> Match<Demo> {
    Match::new(Setup {
        options: Default::default(),
        players,
        seed,
        started: STARTED.into(),
    })
    .expect("demo setup")
}

fn table(players: Vec<PlayerEntry>) -> Table<Demo> {
    Table::new(demo_match(players, 42), Demo::make_bot).expect("demo table")
}

fn two_humans() -> Vec<PlayerEntry> {
    vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")]
}

fn human_and_bot() -> Vec<PlayerEntry> {
    vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bot 2", "greedy", 7),
    ]
}

fn is_nav_stay(n: &Nav) -> bool {
    matches!(n, Nav::Stay)
}

/// A finished game's log and an unfinished one in `dir`.
fn write_logs(dir: &Path) {
    let mut done = demo_match(two_humans(), 1);
    done.run_chance().expect("deal");
    while !done.is_over() {
        let seat = done.to_move().seats()[0];
        done.apply(
            crate::engine::Actor::Seat(seat),
            DemoAction::Pick(3),
            Some(1000),
        )
        .expect("pick");
    }
    log::write_atomic(&dir.join("demo-1.json"), &done.to_log()).expect("write");
    let mut open = demo_match(human_and_bot(), 2);
    open.started = "2026-11-26T09:30:00Z".into();
    open.run_chance().expect("deal");
    open.apply(
        crate::engine::Actor::Seat(0),
        DemoAction::Pick(2),
        Some(500),
    )
    .expect("pick");
    log::write_atomic(&dir.join("demo-2.json"), &open.to_log()).expect("write");
}

// ---------- app ----------

#[test]
fn too_small_message_is_plain_and_centred() {
    let app = App::new(Box::new(RulesPage::new("Race", Demo::RULES)), THEME);
    assert_snapshot!("too_small_60x20", draw_app(&app, 60, 20));
    assert!(draw_app(&app, 80, 24).contains("Rules: Race"));
    assert!(draw_app(&app, 79, 24).contains("need 80×24, have 79×24"));
}

#[test]
fn app_keys_help_quit_and_stack() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut app = App::new(Box::new(Launcher::new_in(catalog(dir.path()))), THEME);
    app.on_event(&ch('?'));
    assert!(app.help_open());
    assert_snapshot!("help_overlay_launcher", draw_app(&app, 80, 24));
    // Arrows scroll the overlay (for a help taller than the screen); any other key closes it.
    app.on_event(&key(KeyCode::Down));
    app.on_event(&key(KeyCode::Up));
    assert!(app.help_open());
    app.on_event(&ch('x'));
    assert!(!app.help_open());
    app.on_event(&ch('r'));
    assert_eq!(app.depth(), 2);
    app.on_event(&key(KeyCode::Esc));
    assert_eq!(app.depth(), 1);
    assert!(!app.done());
    app.on_event(&Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.done());
    // Popping the last screen quits too.
    let mut app = App::new(Box::new(RulesPage::new("Race", Demo::RULES)), THEME);
    app.on_event(&key(KeyCode::Esc));
    assert!(app.done());
}

#[test]
fn question_mark_is_typed_while_editing_a_name() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut app = App::new(Box::new(SetupForm::new(catalog(dir.path()), &DEMO)), THEME);
    app.on_event(&key(KeyCode::Down)); // seat 1
    app.on_event(&key(KeyCode::Enter)); // edit
    app.on_event(&ch('?'));
    assert!(!app.help_open());
    assert!(draw_app(&app, 80, 24).contains("Player 1?_"));
}

// ---------- launcher and its screens ----------

#[test]
fn launcher_snapshots() {
    let dir = tempfile::tempdir().expect("tmp");
    let l = Launcher::new_in(catalog(dir.path()));
    assert_snapshot!("launcher", draw(&l, THEME, 80, 24));
    assert_snapshot!("launcher_120x40", draw(&l, THEME, 120, 40));
    assert_snapshot!("launcher_ascii", draw(&l, Theme::new(true, false), 80, 24));
    let empty = Launcher::new_in(Catalog {
        games: vec![],
        dir: dir.path().to_path_buf(),
        local: crate::ui::work::Local::inline(),
    });
    assert!(draw(&empty, THEME, 80, 24).contains("No games are installed"));
}

/// The launcher's keys come from one list: every key that no applying command lists does
/// nothing, and every listed key that applies does something; the hint line and the help show
/// the list's keys (the high scores only for a game that keeps them).
#[test]
fn the_launchers_keys_hints_and_help_are_one_list() {
    use super::launcher::{LAUNCHER_COMMANDS, LaunchCmd};
    let dir = tempfile::tempdir().expect("tmp");
    let all = Catalog {
        games: crate::registry::GAMES.to_vec(),
        dir: dir.path().to_path_buf(),
        local: crate::ui::work::Local::inline(),
    };
    for selected in 0..all.games.len() {
        let fresh = || {
            let mut l = Launcher::new_in(all.clone());
            l.selected = selected;
            l
        };
        let scores = all.games[selected].high_scores();
        for k in commands::every_key() {
            let mut l = fresh();
            let listed = commands::find(LAUNCHER_COMMANDS, &k, |c| l.applies(c));
            if listed == Some(LaunchCmd::Host) {
                continue; // it would start a server; the hint and help checks below cover it
            }
            let nav = l.on_event(&Event::Key(k));
            let did = !matches!(nav, Nav::Stay) || l.selected != selected;
            let last = all.games.len() - 1;
            let edge = (listed == Some(LaunchCmd::Up) && selected == 0)
                || (listed == Some(LaunchCmd::Down) && selected == last);
            assert_eq!(
                did,
                listed.is_some() && !edge,
                "{k:?} on game {selected}: listed as {listed:?}"
            );
            assert_eq!(
                listed == Some(LaunchCmd::Best),
                scores && k.code == KeyCode::Char('h')
            );
        }
        let hint = draw(&fresh(), THEME, 120, 40);
        let hint = hint.lines().last().unwrap_or_default();
        for word in [
            "Enter play",
            "c resume",
            "s saved",
            "r rules",
            "t stats",
            "o host",
            "q quit",
        ] {
            assert!(hint.contains(word), "{word} in {hint}");
        }
        assert_eq!(hint.contains("h best"), scores, "{hint}");
    }
    let help = Launcher::new_in(all).help();
    for (k, what) in [
        ("Enter / n", "set up a new game"),
        ("o", "host on the network"),
    ] {
        assert!(
            help.iter().any(|(hk, hw)| hk == k && hw.starts_with(what)),
            "{k} in {help:?}"
        );
    }
}

#[test]
fn ascii_and_no_colour_modes_hold() {
    let dir = tempfile::tempdir().expect("tmp");
    write_logs(dir.path());
    let mut p = Play::new(table(human_and_bot()), true);
    p.on_event(&ch('2'));
    let screens: Vec<Box<dyn Screen>> = vec![
        Box::new(Launcher::new_in(catalog(dir.path()))),
        Box::new(SetupForm::new(catalog(dir.path()), &DEMO)),
        Box::new(SavedList::new(catalog(dir.path()), Mode::Browse)),
        Box::new(RulesPage::new("Race", Demo::RULES)),
        Box::new(p),
    ];
    for s in &screens {
        let buf = draw_buffer(s.as_ref(), Theme::new(true, false), 80, 24);
        let text = buffer_text(&buf);
        assert!(text.is_ascii(), "non-ASCII in ascii mode:\n{text}");
        for cell in buf.content() {
            assert!(
                matches!(cell.fg, Color::Reset) && matches!(cell.bg, Color::Reset),
                "colour in no-colour mode:\n{text}"
            );
        }
    }
}

#[test]
fn launcher_keys_open_screens() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut l = Launcher::new_in(catalog(dir.path()));
    assert!(matches!(l.on_event(&ch('n')), Nav::Push(_)));
    assert!(matches!(l.on_event(&key(KeyCode::Enter)), Nav::Push(_)));
    assert!(matches!(l.on_event(&ch('c')), Nav::Push(_)));
    assert!(matches!(l.on_event(&ch('s')), Nav::Push(_)));
    assert!(matches!(l.on_event(&ch('r')), Nav::Push(_)));
    l.on_event(&key(KeyCode::Down));
    assert_eq!(l.selected, 0, "one game: the selection stays");
    assert!(matches!(l.on_event(&ch('q')), Nav::Quit));
    assert!(matches!(l.on_event(&key(KeyCode::Esc)), Nav::Stay));
}

#[test]
fn setup_names_take_up_to_24_characters_like_the_command_line() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut s = SetupForm::new(catalog(dir.path()), &DEMO);
    s.on_event(&key(KeyCode::Down));
    s.on_event(&key(KeyCode::Enter));
    for _ in 0..20 {
        s.on_event(&key(KeyCode::Backspace));
    }
    for _ in 0..30 {
        s.on_event(&ch('é'));
    }
    assert_eq!(
        s.seats[0].name.value,
        "é".repeat(crate::engine::log::MAX_NAME_CHARS)
    );
}

#[test]
fn setup_form_snapshot_and_keys() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut s = SetupForm::new(catalog(dir.path()), &DEMO);
    assert_snapshot!("setup", draw(&s, THEME, 80, 24));
    // Player count is clamped to the game's range.
    s.on_event(&key(KeyCode::Left));
    assert_eq!(s.players, 2);
    s.on_event(&key(KeyCode::Right));
    s.on_event(&key(KeyCode::Right));
    assert_eq!(s.players, 3);
    // Seat 2 starts as greedy at normal and cycles through greedy's levels, random, human;
    // its default name follows.
    s.on_event(&key(KeyCode::Down));
    s.on_event(&key(KeyCode::Down));
    assert_eq!(s.current(), Row::Seat(1));
    let kind_of = |s: &SetupForm| s.build("t".into()).expect("setup").players[1].bot.clone();
    assert_eq!(kind_of(&s).as_deref(), Some("greedy"));
    s.on_event(&key(KeyCode::Left));
    assert_eq!(kind_of(&s).as_deref(), Some("greedy:easy"));
    assert!(draw(&s, THEME, 80, 24).contains("Computer: greedy (easy)"));
    assert!(draw(&s, THEME, 80, 24).contains("learner's mistakes"));
    s.on_event(&key(KeyCode::Right));
    s.on_event(&key(KeyCode::Right));
    assert_eq!(kind_of(&s).as_deref(), Some("greedy:hard"));
    s.on_event(&key(KeyCode::Right));
    assert_eq!(kind_of(&s).as_deref(), Some("random"));
    assert!(draw(&s, THEME, 80, 24).contains("Computer: random "));
    s.on_event(&key(KeyCode::Right));
    assert_eq!(s.seats[1].kind, 0);
    assert_eq!(kind_of(&s), None);
    assert_eq!(s.seats[1].name.value, "Player 2");
    // Rename seat 1.
    s.on_event(&key(KeyCode::Up));
    s.on_event(&key(KeyCode::Enter));
    assert!(s.captures_text());
    for _ in 0..8 {
        s.on_event(&key(KeyCode::Backspace));
    }
    for c in "Ann".chars() {
        s.on_event(&ch(c));
    }
    s.on_event(&key(KeyCode::Enter));
    assert_eq!(s.seats[0].name.value, "Ann");
    // Options cycle; seed takes digits only.
    while s.current() != Row::Opt(0) {
        s.on_event(&key(KeyCode::Down));
    }
    s.on_event(&key(KeyCode::Right));
    assert_eq!(s.options[0], 1);
    s.on_event(&key(KeyCode::Down));
    for c in "12x3".chars() {
        s.on_event(&ch(c));
    }
    assert_eq!(s.seed.value, "123");
    assert_snapshot!("setup_filled", draw(&s, THEME, 80, 24));
    let setup = s.build(STARTED.into()).expect("setup");
    assert_eq!(setup.seed, 123);
    assert_eq!(setup.players.len(), 3);
    assert_eq!(setup.players[0].name, "Ann");
    assert!(!setup.players[1].is_bot());
    assert_eq!(setup.players[2].bot.as_deref(), Some("greedy"));
    assert_eq!(setup.options.get("target").map(String::as_str), Some("15"));
    // Start makes the game screen and its log.
    assert!(matches!(s.on_event(&ch('s')), Nav::Replace(_)));
    let saved = crate::store::list_saved_in(dir.path(), &catalog(dir.path()).games);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].players, vec!["Ann", "Player 2", "Bot 3"]);
}

#[test]
fn setup_refuses_a_seed_too_large() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut s = SetupForm::new(catalog(dir.path()), &DEMO);
    while s.current() != Row::Seed {
        s.on_event(&key(KeyCode::Down));
    }
    for c in "99999999999999999999".chars() {
        s.on_event(&ch(c));
    }
    assert!(is_nav_stay(&s.on_event(&ch('s'))));
    assert!(s.error.as_deref().unwrap_or("").contains("whole number"));
    assert!(draw(&s, THEME, 80, 24).contains("whole number"));
}

#[test]
fn rules_page_snapshot_and_scroll() {
    let mut r = RulesPage::new("Race to Ten", Demo::RULES);
    assert_snapshot!("rules", draw(&r, THEME, 80, 24));
    assert_snapshot!("rules_120x40", draw(&r, THEME, 120, 40));
    // Everything fits: scrolling stays at the top.
    r.on_event(&key(KeyCode::Down));
    assert_eq!(r.scroll.top(), 0);
    let small = draw(&r, THEME, 80, 10);
    assert!(small.contains("Race to Ten"));
    r.on_event(&key(KeyCode::End));
    assert!(r.scroll.top() > 0);
    assert!(matches!(r.on_event(&key(KeyCode::Esc)), Nav::Pop));
}

#[test]
fn saved_lists_snapshot_and_open() {
    let dir = tempfile::tempdir().expect("tmp");
    write_logs(dir.path());
    let mut all = SavedList::new(catalog(dir.path()), Mode::Browse);
    assert_eq!(all.items.len(), 2);
    assert_snapshot!("saved_browse", draw(&all, THEME, 80, 24));
    all.on_event(&key(KeyCode::Down));
    assert!(matches!(all.on_event(&key(KeyCode::Enter)), Nav::Push(_)));
    let mut cont = SavedList::new(catalog(dir.path()), Mode::Continue);
    assert_eq!(cont.items.len(), 1);
    let shown = draw(&cont, THEME, 80, 24);
    // Where the game stands, as its players count it: not a count of log entries.
    assert!(shown.contains("turn 2"), "{shown}");
    assert!(!shown.contains("actions"), "{shown}");
    assert_snapshot!("saved_continue", shown);
    assert!(matches!(
        cont.on_event(&key(KeyCode::Enter)),
        Nav::Replace(_)
    ));
}

/// The saved lists' keys come from one list, in both lists and on every row: Enter watches a
/// finished game and continues an unfinished one, and the hint line names which.
#[test]
fn the_saved_lists_keys_hints_and_help_are_one_list() {
    use super::saved::{SAVED_COMMANDS, SavedCmd};
    let dir = tempfile::tempdir().expect("tmp");
    write_logs(dir.path());
    for mode in [Mode::Browse, Mode::Continue] {
        let rows = SavedList::new(catalog(dir.path()), mode).items.len();
        for row in 0..rows {
            let fresh = || {
                let mut l = SavedList::new(catalog(dir.path()), mode);
                l.selected = row;
                l
            };
            super::testutil::keys_are_the_list(
                fresh,
                |l| (l.selected, l.message.clone()),
                |l, k| {
                    commands::find(SAVED_COMMANDS, k, |c| l.applies(c)).filter(|c| {
                        !(*c == SavedCmd::Up && row == 0 || *c == SavedCmd::Down && row + 1 == rows)
                    })
                },
            );
            let list = fresh();
            let hint = draw(&list, THEME, 80, 24);
            let hint = hint.lines().last().unwrap_or_default().to_string();
            let finished = list.items[row].scores.is_some();
            assert_eq!(hint.contains("Enter watch replay"), finished, "{hint}");
            assert_eq!(hint.contains("Enter continue"), !finished, "{hint}");
            assert!(hint.contains("Esc back"), "{hint}");
        }
        let help = SavedList::new(catalog(dir.path()), mode).help();
        assert_eq!(
            help.iter().any(|(_, w)| w.contains("watch")),
            mode == Mode::Browse,
            "the games to continue are never replayed: {help:?}"
        );
    }
    // An empty list offers no Enter.
    let empty = tempfile::tempdir().expect("tmp");
    let list = SavedList::new(catalog(empty.path()), Mode::Browse);
    let hint = draw(&list, THEME, 80, 24);
    assert!(!hint.lines().last().unwrap_or_default().contains("Enter"));
}

/// The rules page's keys are the scrolling pages' list: in the middle of a long page every
/// listed key moves it, and no other key does anything.
#[test]
fn the_rules_pages_keys_hints_and_help_are_one_list() {
    use super::scroll::SCROLL_COMMANDS;
    let fresh = || {
        let mut r = RulesPage::new("Race to Ten", Demo::RULES);
        draw(&r, THEME, 80, 10);
        r.on_event(&key(KeyCode::Down));
        r
    };
    let mut r = fresh();
    draw(&r, THEME, 80, 10);
    assert_eq!(r.scroll.top(), 1);
    r.on_event(&key(KeyCode::Down));
    assert_eq!(
        r.scroll.top(),
        2,
        "the page is long enough to scroll both ways"
    );
    super::testutil::keys_are_the_list(
        || {
            let r = fresh();
            draw(&r, THEME, 80, 10);
            r
        },
        |r| r.scroll.top(),
        |_, k| commands::find(SCROLL_COMMANDS, k, |_| true),
    );
    let hint = draw(&fresh(), THEME, 80, 24);
    let hint = hint.lines().last().unwrap_or_default();
    for word in ["↑/↓ scroll", "PgUp/PgDn page", "Esc back", "all shown"] {
        assert!(hint.contains(word), "{word} in {hint}");
    }
    assert_eq!(fresh().help().len(), 4);
}

#[test]
fn a_refused_log_shows_why() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut m = demo_match(two_humans(), 3);
    m.run_chance().expect("deal");
    let mut l = m.to_log();
    l.actions.push(log::Entry {
        by: log::By::Seat(1),
        a: log::Entry::action_text(&serde_json::json!({"Pick": 2})),
        ms: None,
        hint: false,
    });
    log::write_atomic(&dir.path().join("bad.json"), &l).expect("write");
    let mut cont = SavedList::new(catalog(dir.path()), Mode::Continue);
    assert_eq!(cont.items.len(), 1);
    assert!(is_nav_stay(&cont.on_event(&key(KeyCode::Enter))));
    let msg = cont.message.clone().unwrap_or_default();
    assert!(msg.contains("entry 1"), "{msg}");
    assert!(draw(&cont, THEME, 80, 24).contains("Cannot open bad.json"));
    // An unknown game is refused the same way.
    let mut other = m.to_log();
    other.game = "chess".into();
    log::write_atomic(&dir.path().join("bad.json"), &other).expect("write");
    let mut cont = SavedList::new(catalog(dir.path()), Mode::Continue);
    assert!(is_nav_stay(&cont.on_event(&key(KeyCode::Enter))));
    assert!(cont.message.unwrap_or_default().contains("no game 'chess'"));
}

#[test]
fn broken_logs_are_listed_with_their_reason() {
    let dir = tempfile::tempdir().expect("tmp");
    write_logs(dir.path());
    std::fs::write(dir.path().join("cut-short.json"), r#"{"format": "hotse"#).expect("write");
    std::fs::create_dir(dir.path().join("a-folder.json")).expect("dir");
    // A dealt outcome changed to another possible one.
    let mut m = demo_match(two_humans(), 3);
    m.run_chance().expect("deal");
    let mut l = m.to_log();
    let dealt = m.history[0].action.clone();
    let other = crate::engine::Game::chance_outcomes(&m.initial)
        .into_iter()
        .map(|(a, _)| a)
        .find(|a| *a != dealt)
        .expect("another outcome");
    l.actions[0].a = log::Entry::action_text(&other);
    log::write_atomic(&dir.path().join("forged.json"), &l).expect("write");

    let mut all = SavedList::new(catalog(dir.path()), Mode::Browse);
    assert_eq!(all.items.len(), 5, "none goes missing");
    assert_snapshot!("saved_broken_80x24", draw(&all, THEME, 80, 24));
    assert_snapshot!("saved_broken_120x40", draw(&all, THEME, 120, 40));
    // A broken game may be one to continue: it is listed there too, and says why on Enter.
    let mut cont = SavedList::new(catalog(dir.path()), Mode::Continue);
    assert_eq!(cont.items.len(), 4);
    while cont.items[cont.selected].path.file_name() != Some("forged.json".as_ref()) {
        cont.on_event(&key(KeyCode::Down));
    }
    assert!(is_nav_stay(&cont.on_event(&key(KeyCode::Enter))));
    let msg = cont.message.clone().unwrap_or_default();
    assert!(
        msg.starts_with("Cannot open forged.json: entry 0: chance outcome"),
        "{msg}"
    );
    all.selected = 2;
    assert!(is_nav_stay(&all.on_event(&key(KeyCode::Enter))));
    assert!(
        all.message
            .unwrap_or_default()
            .contains("not a regular file but a folder")
    );
}

#[test]
fn continue_refuses_a_game_open_in_another_process() {
    let dir = tempfile::tempdir().expect("tmp");
    write_logs(dir.path());
    let held = crate::engine::lock::lock(&dir.path().join("demo-2.json")).expect("lock");
    let mut cont = SavedList::new(catalog(dir.path()), Mode::Continue);
    assert!(is_nav_stay(&cont.on_event(&key(KeyCode::Enter))));
    let msg = cont.message.clone().unwrap_or_default();
    assert!(msg.contains("open in another hotseat"), "{msg}");
    drop(held);
    assert!(matches!(
        cont.on_event(&key(KeyCode::Enter)),
        Nav::Replace(_)
    ));
}

// ---------- play ----------

#[test]
fn play_mid_turn_against_a_bot() {
    let mut p = Play::new(table(human_and_bot()), true);
    // One human: no hand-off, ever.
    assert_eq!(p.pass(), None);
    assert_eq!(p.keyboard, Some(0));
    p.on_event(&ch('2'));
    assert!(p.bot_at().is_some(), "the bot waits before moving");
    assert_snapshot!("play_bot_thinking", draw(&p, THEME, 80, 24));
    // Any key makes the bot move at once.
    p.on_event(&ch('x'));
    assert_eq!(p.bot_at(), None);
    assert_eq!(p.table.m.history.len(), 3);
    assert_snapshot!("play_mid_turn", draw(&p, THEME, 80, 24));
    assert_snapshot!("play_mid_turn_120x40", draw(&p, THEME, 120, 40));
    assert_eq!(p.pass(), None);
}

#[test]
fn bots_move_on_their_deadline() {
    let mut p = Play::new(table(human_and_bot()), false);
    p.on_event(&ch('1'));
    assert!(p.deadline().is_some());
    p.on_deadline();
    assert_eq!(p.deadline(), None);
    assert_eq!(p.events.len(), 3);
    assert!(matches!(p.on_event(&ch('q')), Nav::Quit));
}

#[test]
fn undo_takes_back_your_move_and_the_bots_reply_when_nothing_was_hidden() {
    let mut p = Play::new(table(human_and_bot()), true);
    assert!(!p.can_undo());
    assert!(
        !draw(&p, THEME, 80, 24).contains("u take back"),
        "u is not offered"
    );
    p.on_event(&ch('3'));
    assert!(p.can_undo());
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), 1, "back to after the deal");
    assert_eq!(p.events.len(), 1);
    assert_eq!(p.bot_at(), None);
    p.on_event(&ch('1'));
    p.on_deadline();
    assert_eq!(p.table.m.history.len(), 3);
    // The bot's reply showed nothing hidden: your move and its reply go back together.
    assert!(p.can_undo(), "the bot's public move does not end undo");
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), 1);
    assert_eq!(p.turn, Turn::Person(0));
}

#[test]
fn pass_screen_between_two_humans() {
    let mut p = Play::new(table(two_humans()), true);
    assert_eq!(p.pass(), Some(0));
    assert_snapshot!("pass_screen", draw(&p, THEME, 80, 24));
    let text = draw(&p, THEME, 80, 24);
    assert!(!text.contains("lucky"), "the board is hidden");
    // Keys other than Enter do nothing on the pass screen.
    p.on_event(&ch('2'));
    assert_eq!(p.table.m.history.len(), 1);
    p.on_event(&key(KeyCode::Enter));
    assert_eq!((p.pass(), p.keyboard), (None, Some(0)));
    p.on_event(&ch('2'));
    assert_eq!(p.pass(), Some(1));
    // Until Bo takes the keyboard, Ann may take her pick back.
    assert!(p.can_undo(), "undo before the hand-off");
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), 1);
    // Back to Ann's own hand-off screen, never straight to her secret (issue: Bo may be at
    // the keyboard already).
    assert_eq!(p.pass(), Some(0));
    assert!(
        !draw(&p, THEME, 80, 24).contains("lucky"),
        "the board is hidden"
    );
    p.on_event(&key(KeyCode::Enter));
    assert_eq!((p.pass(), p.keyboard), (None, Some(0)));
    p.on_event(&ch('2'));
    assert_eq!(p.pass(), Some(1));
    p.on_event(&key(KeyCode::Enter));
    assert!(!p.can_undo(), "no undo after the hand-off");
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), 2);
    assert_eq!(p.viewer(), Viewer::Seat(1));
    // Bo's event pane says only what Bo may know.
    let text = draw(&p, THEME, 80, 24);
    assert!(text.contains("Ann: adds 2 (total 2)"), "{text}");
}

#[test]
fn end_panel_and_replay_from_it() {
    let mut p = Play::new(table(human_and_bot()), true);
    while !p.is_over() {
        if p.bot_at().is_some() {
            p.on_deadline();
        } else {
            p.on_event(&ch('3'));
        }
    }
    assert_snapshot!("end_panel", draw(&p, THEME, 80, 24));
    // The replay goes over the finished game: its `q` comes back here, even from `hotseat play`.
    assert!(matches!(p.on_event(&ch('w')), Nav::Push(_)));
    assert!(matches!(p.on_event(&key(KeyCode::Enter)), Nav::Pop));
}

#[test]
fn resume_rebuilds_the_event_pane() {
    let mut p = Play::new(table(human_and_bot()), true);
    p.on_event(&ch('2'));
    p.on_deadline();
    let before = draw(&p, THEME, 80, 24);
    let log = p.table.m.to_log();
    let t = Table::<Demo>::from_log(&log, Demo::make_bot).expect("load");
    let q = Play::new(t, true);
    assert_eq!(draw(&q, THEME, 80, 24), before);
}

// ---------- replay ----------

#[test]
fn replay_steps_and_switches_viewpoint() {
    let mut m = demo_match(two_humans(), 5);
    m.run_chance().expect("deal");
    for n in [1, 2, 3, 1] {
        let seat = m.to_move().seats()[0];
        m.apply(crate::engine::Actor::Seat(seat), DemoAction::Pick(n), None)
            .expect("pick");
    }
    // Only a finished game is replayed with every viewpoint.
    while !m.is_over() {
        let seat = m.to_move().seats()[0];
        m.apply(crate::engine::Actor::Seat(seat), DemoAction::Pick(3), None)
            .expect("pick");
    }
    let len = m.history.len();
    let mut r = ReplayScreen::new(m);
    assert_eq!(r.pos(), 0);
    r.on_event(&key(KeyCode::Right));
    r.on_event(&ch('l'));
    r.on_event(&ch('l'));
    assert_eq!(r.pos(), 3);
    r.on_event(&ch('v'));
    assert_eq!(r.viewer, Viewer::Public);
    r.on_event(&ch('v'));
    assert_eq!(r.viewer, Viewer::Seat(0));
    assert_snapshot!("replay_seat0", draw(&r, THEME, 80, 24));
    assert_snapshot!("replay_seat0_120x40", draw(&r, THEME, 120, 40));
    r.on_event(&key(KeyCode::End));
    assert_eq!(r.pos(), len);
    r.on_event(&ch('h'));
    assert_eq!(r.pos(), len - 1);
    r.on_event(&ch('g'));
    assert_eq!(r.pos(), 0);
    // Autoplay steps on its deadline and stops at the end.
    r.on_event(&ch(' '));
    assert!(r.deadline().is_some());
    r.on_event(&ch('+'));
    assert_eq!(r.speed, 3);
    for _ in 0..len + 5 {
        if r.deadline().is_some() {
            r.on_deadline();
        }
    }
    assert_eq!(r.pos(), len);
    assert_eq!(r.deadline(), None);
    assert!(matches!(r.on_event(&key(KeyCode::Esc)), Nav::Pop));
}

/// The replay's keys come from one list: a key does something exactly when the list has it,
/// and the hint line and the help show the list.
#[test]
fn the_replays_keys_hints_and_help_are_one_list() {
    use super::replay::REPLAY_COMMANDS;
    let mut m = demo_match(two_humans(), 5);
    m.run_chance().expect("deal");
    while !m.is_over() {
        let seat = m.to_move().seats()[0];
        m.apply(crate::engine::Actor::Seat(seat), DemoAction::Pick(2), None)
            .expect("pick");
    }
    // In the middle of the game and of the speeds, so every command has room to act.
    let fresh = || {
        let mut r = ReplayScreen::new(m.clone());
        r.on_event(&ch('l'));
        r.on_event(&ch('l'));
        r
    };
    let state = |r: &ReplayScreen<Demo>| (r.pos(), r.viewer, r.speed, r.deadline().is_some());
    let before = state(&fresh());
    for k in commands::every_key() {
        let mut r = fresh();
        let listed = commands::find(REPLAY_COMMANDS, &k, |_| true);
        let nav = r.on_event(&Event::Key(k));
        let did = !matches!(nav, Nav::Stay) || state(&r) != before;
        assert_eq!(did, listed.is_some(), "{k:?}: listed as {listed:?}");
    }
    let shown = draw(&fresh(), THEME, 80, 24);
    let hint = shown.lines().last().unwrap_or_default();
    for word in ["←/→ step", "space play", "v view", "q back"] {
        assert!(hint.contains(word), "{word} in {hint}");
    }
    let help = fresh().help();
    assert_eq!(help.len(), 8, "{help:?}");
    assert!(
        help.contains(&("q / Esc".into(), "back".into())),
        "{help:?}"
    );
}

#[test]
fn help_pauses_deadlines() {
    let mut p = Play::new(table(human_and_bot()), true);
    p.on_event(&ch('1'));
    let mut app = App::new(Box::new(p), THEME);
    assert!(app.deadline().is_some());
    app.on_event(&ch('?'));
    assert_eq!(app.deadline(), None, "help pauses the bot");
    app.on_event(&ch('?'));
    assert!(app.deadline().is_some());
    app.on_deadline();
    assert_eq!(app.deadline(), None);
}

/// A log store that fails while `full` is set (a full disk) and counts the writes it takes.
#[derive(Clone, Default)]
struct Disk {
    full: std::sync::Arc<std::sync::atomic::AtomicBool>,
    writes: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    last: std::sync::Arc<std::sync::Mutex<usize>>,
}

impl crate::engine::table::LogStore for Disk {
    fn write(&mut self, l: &log::LogFile) -> std::io::Result<()> {
        use std::sync::atomic::Ordering;
        if self.full.load(Ordering::SeqCst) {
            return Err(std::io::Error::other("No space left on device"));
        }
        self.writes.fetch_add(1, Ordering::SeqCst);
        if let Ok(mut last) = self.last.lock() {
            *last = l.actions.len();
        }
        Ok(())
    }
    fn name(&self) -> String {
        "game.json".into()
    }
}

#[test]
fn a_full_disk_stops_the_game_until_a_save_succeeds() {
    use std::sync::atomic::Ordering;
    let disk = Disk::default();
    let mut t = table(human_and_bot());
    t.set_store(Some(Box::new(disk.clone())));
    let mut p = Play::new(t, true);
    disk.full.store(true, Ordering::SeqCst);
    p.on_event(&ch('1'));
    assert!(
        matches!(p.turn, Turn::Halted(Halt::Unsaved { .. })),
        "{:?}",
        p.turn
    );
    let screen = draw(&p, THEME, 80, 24);
    assert_snapshot!("play_not_saved", screen);
    assert!(screen.contains("No space left on device"), "{screen}");
    // Nothing else acts while the log is behind: no bot, no move, no undo.
    assert_eq!(p.deadline(), None);
    let before = p.table.m.history.len();
    for c in ['2', 'u', 'x'] {
        p.on_event(&ch(c));
    }
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.table.m.history.len(), before);
    // Leaving asks first; Esc stays.
    assert!(is_nav_stay(&p.on_event(&ch('q'))));
    assert!(draw(&p, THEME, 80, 24).contains("Leaving now loses"));
    assert!(is_nav_stay(&p.on_event(&key(KeyCode::Esc))));
    // A retry on a still-full disk keeps waiting; once there is room it saves and goes on.
    p.on_event(&ch('r'));
    assert!(matches!(p.turn, Turn::Halted(Halt::Unsaved { .. })));
    disk.full.store(false, Ordering::SeqCst);
    p.on_event(&ch('r'));
    assert!(matches!(p.turn, Turn::Bots(_)), "{:?}", p.turn);
    assert_eq!(*disk.last.lock().expect("lock"), before);
    assert!(!p.table.unsaved());
}

#[test]
fn leaving_with_an_unsaved_game_needs_a_yes() {
    use std::sync::atomic::Ordering;
    let disk = Disk::default();
    let mut t = table(human_and_bot());
    t.set_store(Some(Box::new(disk.clone())));
    let mut p = Play::new(t, true);
    disk.full.store(true, Ordering::SeqCst);
    p.on_event(&ch('1'));
    p.on_event(&ch('q'));
    assert!(matches!(p.on_event(&ch('y')), Nav::Pop));
}

#[test]
fn a_private_view_leaves_the_screen_while_bots_play() {
    let players = vec![
        PlayerEntry::human("Ann"),
        PlayerEntry::bot("Bot 2", "greedy", 7),
        PlayerEntry::human("Bo"),
    ];
    let mut p = Play::new(table(players), true);
    p.on_event(&key(KeyCode::Enter));
    assert_eq!(p.viewer(), Viewer::Seat(0));
    p.on_event(&ch('2'));
    assert!(p.bot_at().is_some(), "the bot is to move");
    assert_eq!(
        p.viewer(),
        Viewer::Public,
        "Ann's secret is not left on screen"
    );
}

#[test]
fn the_event_pane_scrolls_back_and_follows_new_events() {
    let mut p = Play::new(table(human_and_bot()), true);
    for _ in 0..4 {
        if p.is_over() {
            break;
        }
        p.on_event(&ch('1'));
        if p.bot_at().is_some() {
            p.on_deadline();
        }
    }
    let newest = draw(&p, THEME, 80, 24);
    p.on_event(&key(KeyCode::PageUp));
    assert!(p.events_back > 0);
    let older = draw(&p, THEME, 80, 24);
    assert_ne!(older, newest, "the pane shows older lines");
    p.on_event(&key(KeyCode::PageDown));
    assert_eq!(p.events_back, 0);
    assert_eq!(draw(&p, THEME, 80, 24), newest);
    p.on_event(&key(KeyCode::PageUp));
    if !p.is_over() {
        p.on_event(&ch('1'));
        assert_eq!(
            p.events_back, 0,
            "a new event brings the pane back to the newest line"
        );
    }
}

//! Lists and tables laid out by display width: names are not cut where there is room, and
//! long or wide (CJK, emoji) names never push headers and columns out of line.

use insta::assert_snapshot;

use crate::engine::log::{self, PlayerEntry};
use crate::engine::{Options, Setup, Table};
use crate::registry::{self, AnyTable, Registered};

use super::launcher::Catalog;
use super::play::Play;
use super::saved::{Mode, SavedList};
use super::setup::SetupForm;
use super::testutil::{draw, key};
use super::theme::Theme;
use super::widgets::width;
use super::{Nav, Screen};

const THEME: Theme = Theme::new(false, true);
const STARTED: &str = "2026-11-25T20:00:00Z";
/// Wide names: CJK (two columns a character), emoji, and a long Latin one.
const WIDE: [&str; 4] = ["山田太郎", "🎲 Dice", "Zoë-Ångström Long", "李"];

fn setup(players: Vec<PlayerEntry>, options: &[(&str, &str)]) -> Setup {
    Setup {
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Options>(),
        players,
        seed: 5,
        started: STARTED.into(),
    }
}

fn bots(kind: &str, names: &[&str]) -> Vec<PlayerEntry> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry::bot(*n, kind, 10 + i as u64))
        .collect()
}

/// A finished Pocket game and an unfinished Kokoro game with wide names, in `dir`.
fn wide_logs(dir: &std::path::Path) {
    let pocket = registry::find("pocket").expect("pocket");
    let mut t = pocket
        .new_table(setup(bots("memory", &WIDE), &[]))
        .expect("pocket table");
    t.run_bots().expect("plays");
    assert!(t.outcome().is_some());
    log::write_atomic(&dir.join("pocket.json"), &t.to_log()).expect("write");
    let kokoro = registry::find("kokoro").expect("kokoro");
    let mut t = kokoro
        .new_table(setup(bots("planner", &WIDE[..3]), &[]))
        .expect("kokoro table");
    t.run_bots_for(10).expect("plays");
    let mut l = t.to_log();
    l.started = "2026-11-26T09:30:00Z".into();
    log::write_atomic(&dir.join("kokoro.json"), &l).expect("write");
}

fn catalog(dir: &std::path::Path) -> Catalog {
    Catalog {
        games: registry::GAMES.to_vec(),
        dir: dir.to_path_buf(),
        local: crate::ui::work::Local::inline(),
    }
}

/// Every line of `screen` the same display width: nothing pushed the frame out of line.
fn assert_square(screen: &str, w: usize) {
    for l in screen.lines().filter(|l| l.starts_with('│')) {
        assert_eq!(width(l), w, "a row out of line: {l:?}\n{screen}");
    }
}

#[test]
fn saved_games_list_wide_names() {
    let dir = tempfile::tempdir().expect("tmp");
    wide_logs(dir.path());
    let list = SavedList::new(catalog(dir.path()), Mode::Browse);
    let small = draw(&list, THEME, 80, 24);
    assert_square(&small, 80);
    assert_snapshot!("saved_wide_names_80x24", small);
    let big = draw(&list, THEME, 120, 40);
    assert_square(&big, 120);
    assert_snapshot!("saved_wide_names_120x40", big);
    // With room, nothing is cut: the game's whole name, every player.
    let wide = draw(&list, THEME, 200, 30);
    assert!(wide.contains("Pocket & Biscuit "), "{wide}");
    assert!(wide.contains(&WIDE.join(", ")), "{wide}");
    assert!(!wide.contains('…'), "{wide}");
}

#[test]
fn end_panel_lines_up_wide_names() {
    let pocket = registry::find("pocket").expect("pocket");
    let _ = pocket;
    let m = crate::engine::Match::<crate::games::pocket::Pocket>::new(setup(
        bots("memory", &WIDE),
        &[],
    ))
    .expect("match");
    let mut t = Table::new(m, crate::games::pocket::Pocket::make_bot).expect("table");
    AnyTable::run_bots(&mut t).expect("plays");
    let p = Play::new(t, true);
    assert!(p.is_over());
    let scores = crate::engine::Game::outcome(&p.table.m.state)
        .expect("over")
        .scores;
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = draw(&p, THEME, w, h);
        // Each score row: the scores end in the same column whatever the name.
        let ends: Vec<usize> = WIDE
            .iter()
            .zip(&scores)
            .map(|(n, score)| {
                let row = shown
                    .lines()
                    .find(|l| l.contains(&format!("│  {n}")))
                    .unwrap_or_else(|| panic!("{n}'s row:\n{shown}"));
                let name_end = row.find(n).expect("name") + n.len();
                let after = &row[name_end..];
                let spaces = after.len() - after.trim_start().len();
                assert!(after.trim_start().starts_with(&score.to_string()), "{row}");
                width(&row[..name_end]) + spaces + score.to_string().len()
            })
            .collect();
        assert!(ends.windows(2).all(|c| c[0] == c[1]), "{ends:?}\n{shown}");
        assert_snapshot!(format!("end_panel_wide_names_{w}x{h}"), shown);
    }
}

/// The start of `s` that takes `w` columns.
fn take_width(s: &str, w: usize) -> &str {
    let mut used = 0;
    for (i, c) in s.char_indices() {
        used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used > w {
            return &s[..i];
        }
    }
    s
}

#[test]
fn setup_form_wide_names() {
    let dir = tempfile::tempdir().expect("tmp");
    let game = registry::find("pocket").expect("pocket");
    let mut f = SetupForm::new(catalog(dir.path()), game);
    // Four seats, each renamed.
    f.on_event(&key(ratatui::crossterm::event::KeyCode::Right));
    f.on_event(&key(ratatui::crossterm::event::KeyCode::Right));
    for (i, name) in WIDE.iter().enumerate() {
        f.seats[i].name.value = name.to_string();
        f.seats[i].edited = true;
    }
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = draw(&f, THEME, w, h);
        assert_square(&shown, usize::from(w));
        // The kinds start in one column.
        let kinds: Vec<usize> = shown
            .lines()
            .filter_map(|l| {
                l.find("< Human")
                    .or_else(|| l.find("< Computer"))
                    .map(|i| width(&l[..i]))
            })
            .collect();
        assert_eq!(kinds.len(), 4, "{shown}");
        assert!(kinds.windows(2).all(|k| k[0] == k[1]), "{kinds:?}\n{shown}");
        assert_snapshot!(format!("setup_wide_names_{w}x{h}"), shown);
    }
    assert!(matches!(
        f.on_event(&key(ratatui::crossterm::event::KeyCode::Up)),
        Nav::Stay
    ));
}

#[test]
fn kokoro_final_sheet_keeps_default_names_whole() {
    let names = ["Player 1", "Player 2", "Player 3", "Player 4"];
    let m = crate::engine::Match::<crate::games::kokoro::Kokoro>::new(setup(
        bots("planner", &names),
        &[],
    ))
    .expect("match");
    let mut t = Table::new(m, crate::games::kokoro::Kokoro::make_bot).expect("table");
    AnyTable::run_bots(&mut t).expect("plays");
    let p = Play::new(t, true);
    assert!(p.is_over());
    let shown = draw(&p, THEME, 80, 24);
    assert!(shown.contains("Final score sheet"), "{shown}");
    for n in names {
        assert!(shown.contains(n), "{n} cut:\n{shown}");
    }
    assert!(!shown.contains("Player…"), "{shown}");
    // Wide names: the boxes stay in their columns.
    let m = crate::engine::Match::<crate::games::kokoro::Kokoro>::new(setup(
        bots("planner", &WIDE),
        &[],
    ))
    .expect("match");
    let mut t = Table::new(m, crate::games::kokoro::Kokoro::make_bot).expect("table");
    AnyTable::run_bots(&mut t).expect("plays");
    let p = Play::new(t, true);
    let view = crate::engine::Game::view(&p.table.m.state, crate::engine::Viewer::Public);
    let sheet_w = usize::from(super::games::kokoro::MAT_W);
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = draw(&p, THEME, w, h);
        let head = shown
            .lines()
            .find(|l| l.contains("CG FG Dec Pen Tot"))
            .expect("sheet header");
        let tot = width(&head[..head.find("Tot").expect("Tot")]) + 3;
        for (i, n) in WIDE.iter().enumerate() {
            let first: String = n.chars().take(1).collect();
            let row = shown
                .lines()
                .find(|l| l.chars().take(3).collect::<String>().contains(&first))
                .unwrap_or_else(|| panic!("{n}'s row:\n{shown}"));
            // The total ends where the header's "Tot" ends.
            let sheet = take_width(row, sheet_w).trim_end();
            assert!(
                sheet.ends_with(&view.sheets[i].total.to_string()),
                "{row:?}"
            );
            assert_eq!(width(sheet), tot, "{n}: {row:?}\n{shown}");
        }
        assert_snapshot!(format!("kokoro_sheet_wide_names_{w}x{h}"), shown);
    }
}

//! The game screens' key lists, for every game: a listed key that applies does something, a
//! key that is not listed does nothing; the `?` help per game (keys and legends apart, only the
//! keys that game has); the rules page over a game; the end overlay put away and back.

use crate::testkit::RunChance;
use std::fmt::Debug;

use insta::assert_snapshot;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::engine::log::PlayerEntry;
use crate::engine::{Actor, Game, Match, Setup, Table, ToMove, Viewer};
use crate::games::cocoon::Cocoon;
use crate::games::couperation::Couperation;
use crate::games::kokoro::Kokoro;
use crate::games::pocket::Pocket;
use crate::games::rocca::Rocca;
use crate::ui::{Playable, Registered};

use super::app::App;
use super::commands::{self, every_key};
use super::play::{PLAY_COMMANDS, Play, PlayCmd};
use super::testutil::{ch, draw, draw_app, key, settle, settled};
use super::theme::Theme;
use super::{Ctx, GameUi, Nav, Screen};

const THEME: Theme = Theme::new(false, true);

fn new_match<G: Game>(players: Vec<PlayerEntry>, seed: u64) -> Match<G> {
    Match::new(Setup {
        options: Default::default(),
        players,
        seed,
        started: "2026-11-25T20:00:00Z".into(),
    })
    .expect("setup")
}

fn humans(n: usize) -> Vec<PlayerEntry> {
    (1..=n)
        .map(|i| PlayerEntry::human(format!("P{i}")))
        .collect()
}

/// A small deterministic generator (xorshift), so the walks are the same on every run.
struct Walk(u64);

impl Walk {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Checks one UI state against every key: a key that no applying command lists changes
/// nothing and makes no action; every command that applies is reached by one of its keys and
/// does something (moves a cursor, changes a choice, makes an action).
fn check_keys<G: Playable>(ui: &G::Ui, ctx: &Ctx<G>, at: &str)
where
    G::Ui: Clone + Debug,
{
    let mut listed: Vec<<G::Ui as GameUi<G>>::Cmd> = Vec::new();
    let mut worked: Vec<<G::Ui as GameUi<G>>::Cmd> = Vec::new();
    for k in every_key() {
        let mut base = ui.clone();
        base.before_key(&k, ctx);
        for c in G::Ui::COMMANDS {
            if c.keys.iter().any(|x| x.matches(&k))
                && base.applies(c.id, ctx)
                && !listed.contains(&c.id)
            {
                listed.push(c.id);
            }
        }
        let cmd = commands::find(G::Ui::COMMANDS, &k, |c| base.applies(c, ctx));
        let mut after = ui.clone();
        let action = after.on_key(k, ctx);
        if let Some(a) = &action {
            assert!(ctx.legal.contains(a), "{at}: {k:?} made an illegal {a:?}");
        }
        let changed = action.is_some() || format!("{after:?}") != format!("{base:?}");
        match cmd {
            None => assert!(
                !changed,
                "{at}: {:?} is in no command that applies, yet it did something ({action:?})",
                k.code
            ),
            Some(c) if changed && !worked.contains(&c) => worked.push(c),
            Some(_) => {}
        }
    }
    for c in listed {
        assert!(
            worked.contains(&c),
            "{at}: {c:?} applies, but none of its keys did anything\n{ui:?}"
        );
    }
}

/// Plays `games` random games of `G` with `players` people, checking the keys of the seat to
/// move at every decision, with a UI that also gets random keys on the way.
fn walk_keys<G: Playable>(players: usize, games: u64, steps: usize)
where
    G::Ui: Clone + Debug,
{
    let keys = every_key();
    for seed in 1..=games {
        let mut m = new_match::<G>(humans(players), seed);
        let mut rng = Walk(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut ui = G::Ui::default();
        let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        for step in 0..steps {
            m.run_chance().expect("chance");
            let ToMove::Seats(seats) = m.to_move() else {
                break;
            };
            let seat = seats[0];
            let view = m.state.view(Viewer::Seat(seat));
            let legal = m.state.legal_actions(seat);
            let ctx = Ctx::<G> {
                view: &view,
                seat: Some(seat),
                legal: &legal,
                names: &names,
                theme: crate::ui::Theme::new(false, true),
            };
            let at = format!("{} seed {seed} step {step}", G::NAME);
            check_keys(&ui, &ctx, &at);
            // Wander: a few keys that change the UI's state (cursor, mats, pending choices).
            for _ in 0..3 {
                let k = keys[rng.below(keys.len())];
                let _ = ui.on_key(k, &ctx);
            }
            check_keys(&ui, &ctx, &format!("{at} after keys"));
            let a = legal[rng.below(legal.len())].clone();
            m.apply(Actor::Seat(seat), a, None).expect("a legal action");
        }
    }
}

#[test]
fn every_listed_key_works_and_every_working_key_is_listed() {
    // Every game of the registry at its smallest table and at two seats more.
    crate::for_each_game!(|G| {
        walk_keys::<G>(G::MIN_PLAYERS, 3, 150);
        walk_keys::<G>((G::MIN_PLAYERS + 2).min(G::MAX_PLAYERS), 1, 150);
    });
}

#[test]
fn listed_keys_have_help_and_short_labels() {
    fn check<G: Playable>() {
        for c in G::Ui::COMMANDS {
            assert!(!c.keys.is_empty(), "{}: {:?} has no key", G::NAME, c.id);
            assert!(
                c.label.chars().count() <= 20,
                "{}: the hint line's label for {:?} is long",
                G::NAME,
                c.id
            );
        }
        // Every command is in the help (commands that share a sentence are written once).
        let help = commands::help_lines(G::Ui::COMMANDS);
        for c in G::Ui::COMMANDS.iter().filter(|c| !c.help.is_empty()) {
            assert!(help.iter().any(|(k, w)| k == c.key && w == c.help));
        }
    }
    crate::for_each_game!(|G| check::<G>());
}

/// Lines of the `?` overlay: a key (or a mark) and what it does (or means).
type HelpLines = Vec<(String, String)>;

/// The screen's help: keys first, then the legend, as the `?` overlay has them.
fn help_of(p: &dyn Screen) -> (HelpLines, HelpLines) {
    (p.help(), p.legend())
}

#[test]
fn help_has_only_the_keys_of_that_game_and_legends_apart() {
    let pocket = settled(new_match::<Pocket>(
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "random", 1),
        ],
        3,
    ));
    let (keys, legend) = help_of(&pocket);
    assert!(
        !keys.iter().any(|(k, _)| k == "u"),
        "Pocket never takes anything back: {keys:?}"
    );
    // Marks are not keys: `c`, `x` and `+` are in the legend only.
    for mark in ["c", "x", "+"] {
        assert!(!keys.iter().any(|(k, _)| k == mark), "{mark} in {keys:?}");
        assert!(
            legend.iter().any(|(k, _)| k == mark),
            "{mark} not in the legend"
        );
    }
    let rocca = settled(new_match::<Rocca>(
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "random", 1),
            PlayerEntry::bot("Cy", "random", 2),
        ],
        3,
    ));
    let (keys, _) = help_of(&rocca);
    assert!(keys.iter().any(|(k, _)| k == "u"), "{keys:?}");
    for (k, _) in keys {
        assert!(k.chars().count() <= 12, "a key, not a mark: {k}");
    }
    let cocoon = settled(new_match::<Cocoon>(
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "random", 1),
        ],
        3,
    ));
    let (keys, legend) = help_of(&cocoon);
    assert!(!keys.iter().any(|(k, _)| k == "R / r"));
    assert!(legend.iter().any(|(k, _)| k == "R / r"));
}

/// Kokoro's help and its rules page both say that Esc and Enter bring back your own mat.
#[test]
fn kokoro_help_and_rules_agree_on_coming_back() {
    let k = settled(new_match::<Kokoro>(humans(2), 3));
    let (keys, _) = help_of(&k);
    assert!(
        keys.iter()
            .any(|(key, what)| key == "Esc/Enter" && what.contains("back to your own")),
        "{keys:?}"
    );
    let rules = Kokoro::RULES;
    let line = rules
        .lines()
        .skip_while(|l| !l.starts_with("- **Tab**"))
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        line.contains("**Esc**") && line.contains("**Enter**"),
        "{line}"
    );
    assert!(
        rules.contains("- **m**"),
        "the mirror key on the rules page"
    );
}

/// One mid-game screen per game with its `?` overlay, at 80×24 and 120×40.
fn help_snapshots<G: Playable>(p: Play<G>, name: &str) {
    let mut app = App::new(Box::new(p), THEME);
    app.on_event(&ch('?'));
    assert!(app.help_open());
    assert_snapshot!(format!("help_{name}_80x24"), draw_app(&app, 80, 24));
    assert_snapshot!(format!("help_{name}_120x40"), draw_app(&app, 120, 40));
}

#[test]
fn help_overlays() {
    help_snapshots(
        settled(new_match::<Pocket>(
            vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("Bo", "random", 1),
            ],
            3,
        )),
        "pocket",
    );
    help_snapshots(settled(new_match::<Kokoro>(humans(1), 3)), "kokoro");
    help_snapshots(
        settled(new_match::<Couperation>(
            vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("Bo", "builder", 1),
            ],
            3,
        )),
        "couperation",
    );
    help_snapshots(
        settled(new_match::<Rocca>(
            vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("Bo", "random", 1),
                PlayerEntry::bot("Cy", "random", 2),
            ],
            3,
        )),
        "rocca",
    );
    help_snapshots(
        settled(new_match::<Cocoon>(
            vec![
                PlayerEntry::human("Ann"),
                PlayerEntry::bot("Bo", "random", 1),
            ],
            3,
        )),
        "cocoon",
    );
}

/// `r` and F1 open the game's rules over the game; Esc comes back to the same game.
#[test]
fn rules_page_over_every_game() {
    fn check<G: Playable>(p: Play<G>) {
        let mut app = App::new(Box::new(p), THEME);
        let before = draw_app(&app, 80, 24);
        for k in [ch('r'), key(KeyCode::F(1))] {
            app.on_event(&k);
            assert_eq!(app.depth(), 2, "{}: the rules page is open", G::NAME);
            let page = draw_app(&app, 80, 24);
            assert!(page.contains(&format!("Rules: {}", G::NAME)), "{page}");
            app.on_event(&key(KeyCode::Esc));
            assert_eq!(app.depth(), 1);
            assert_eq!(draw_app(&app, 80, 24), before, "{}", G::NAME);
        }
    }
    check(settled(new_match::<Pocket>(humans(2), 3)));
    check(settled(new_match::<Kokoro>(humans(1), 3)));
    check(settled(new_match::<Couperation>(humans(2), 3)));
    check(settled(new_match::<Rocca>(humans(3), 3)));
    check(settled(new_match::<Cocoon>(humans(2), 3)));
}

fn finished<G: Playable>(players: usize, kind: &str) -> Play<G> {
    let players = (1..=players)
        .map(|i| PlayerEntry::bot(format!("P{i}"), kind, i as u64))
        .collect();
    let mut t = Table::new(new_match::<G>(players, 5), G::make_bot).expect("table");
    crate::ui::AnyTable::run_bots(&mut t).expect("plays");
    let p = Play::new(t, true);
    assert!(p.is_over());
    p
}

/// Esc puts the end result away to show the final board, and brings it back; the keys say so.
#[test]
fn end_overlay_closes_and_reopens() {
    let mut p = finished::<Couperation>(2, "builder");
    let shown = draw(&p, THEME, 80, 24);
    assert!(shown.contains("Game over"), "{shown}");
    assert!(shown.contains("Esc see the board"), "{shown}");
    assert!(matches!(p.on_event(&key(KeyCode::Esc)), Nav::Stay));
    let board = draw(&p, THEME, 80, 24);
    assert_snapshot!("end_hidden_couperation_80x24", board);
    assert!(
        !board.contains("wins") && board.contains("Pyramid"),
        "{board}"
    );
    assert!(board.contains("Esc show the result"), "{board}");
    p.on_event(&key(KeyCode::Esc));
    assert_eq!(draw(&p, THEME, 80, 24), shown);
    // Kokoro draws its own score sheet: Esc shows the final mats instead.
    let mut k = finished::<Kokoro>(2, "random");
    let sheet = draw(&k, THEME, 120, 40);
    k.on_event(&key(KeyCode::Esc));
    let mats = draw(&k, THEME, 120, 40);
    assert_ne!(sheet, mats);
    assert_snapshot!("end_hidden_kokoro_120x40", mats);
    k.on_event(&key(KeyCode::Esc));
    assert_eq!(draw(&k, THEME, 120, 40), sheet);
    // Rocca's board is its end: nothing to put away, Esc is not offered.
    let r = finished::<Rocca>(3, "random");
    assert!(!r.applies(PlayCmd::HideEnd));
    assert!(!draw(&r, THEME, 80, 24).contains("Esc"));
    // `w` watches the replay, Enter leaves.
    assert!(matches!(p.on_event(&ch('w')), Nav::Push(_)));
    assert!(matches!(p.on_event(&key(KeyCode::Enter)), Nav::Pop));
}

/// The screen's own keys: each one that applies is on the hint line or in the help, and one
/// that is not listed does nothing.
#[test]
fn play_keys_come_from_the_list() {
    let mut p = settled(new_match::<Pocket>(humans(2), 3));
    let help = p.help();
    for c in PLAY_COMMANDS.iter().filter(|c| p.applies(c.id)) {
        let hinted = draw(&p, THEME, 120, 40).contains(&format!("{} {}", c.key, c.label));
        let helped = help.iter().any(|(k, _)| k == c.key);
        assert!(hinted || helped, "{:?} is nowhere", c.id);
    }
    // `u` in Pocket is no key at all.
    assert!(!p.applies(PlayCmd::Undo));
    let before = p.table.m.history.len();
    p.on_event(&ch('u'));
    assert_eq!(p.table.m.history.len(), before);
    assert!(
        p.status.is_none(),
        "no message about an undo that never exists"
    );
    // Keys outside every list leave the screen as it was.
    let screen = draw(&p, THEME, 80, 24);
    let unlisted: Vec<KeyEvent> = every_key()
        .into_iter()
        .filter(|k| {
            commands::find(PLAY_COMMANDS, k, |c| p.applies(c)).is_none()
                && commands::find(<Pocket as Playable>::Ui::COMMANDS, k, |_| true).is_none()
        })
        .collect();
    for k in unlisted {
        p.on_event(&ratatui::crossterm::event::Event::Key(k));
        assert_eq!(draw(&p, THEME, 80, 24), screen, "{:?}", k.code);
    }
    settle(&mut p);
}

/// Keys pressed with Ctrl or Alt are never a game's command.
#[test]
fn modified_keys_are_not_commands() {
    let k = KeyEvent::new(
        KeyCode::Char('q'),
        ratatui::crossterm::event::KeyModifiers::ALT,
    );
    assert_eq!(commands::find(PLAY_COMMANDS, &k, |_| true), None);
}

/// `--ascii` keeps every distinction: each symbol the games draw has its own ASCII stand-in,
/// and Kokoro's six path segments stay six different marks.
#[test]
fn ascii_keeps_every_distinction() {
    use crate::games::kokoro::cards::{ascii_glyph, glyph};
    let ascii = Theme::new(true, false);
    let marks: Vec<String> = (1..=6).map(|n| ascii.text(&glyph(n).to_string())).collect();
    for (i, m) in marks.iter().enumerate() {
        assert_eq!(m.chars().count(), 1, "{m}");
        assert_eq!(m.chars().next(), Some(ascii_glyph(i as u8 + 1)));
        assert_eq!(marks.iter().filter(|x| *x == m).count(), 1, "{marks:?}");
    }
    for (symbol, stand_in) in [("†", "x"), ("●", "@"), ("◇", "d"), ("♡", "h"), ("−", "-")]
    {
        assert_eq!(ascii.text(symbol), stand_in);
    }
    // No rules page has a symbol without a stand-in (the fallback is `?`).
    let mut pages = Vec::new();
    crate::for_each_game!(|G| pages.push(G::RULES));
    for rules in pages {
        let text = ascii.text(rules);
        assert!(text.is_ascii());
        assert_eq!(text.matches('?').count(), rules.matches('?').count());
    }
    // Every help and legend line of every game, too.
    fn check<G: Playable>(ascii: &Theme) {
        for (k, w) in G::Ui::LEGEND {
            assert!(
                !ascii.text(k).contains('?') && !ascii.text(w).contains('?'),
                "{k}"
            );
        }
        for c in G::Ui::COMMANDS {
            assert!(!ascii.text(c.key).contains('?'), "{}", c.key);
            assert!(!ascii.text(c.help).contains('?'), "{}", c.help);
            assert!(!ascii.text(c.label).contains('?'), "{}", c.label);
        }
    }
    crate::for_each_game!(|G| check::<G>(&ascii));
}

/// A hint line too long for the terminal loses its last keys, never `? help`.
#[test]
fn the_hint_line_keeps_help_when_it_is_too_long() {
    let p = settled(new_match::<Rocca>(humans(3), 3));
    let mut narrow = draw(&p, THEME, 80, 24);
    let last = narrow.lines().last().unwrap_or("").to_string();
    assert!(last.ends_with("? help"), "{last}");
    narrow = draw(&p, THEME, 30, 24);
    let last = narrow.lines().last().unwrap_or("").to_string();
    assert!(last.ends_with("? help"), "{last}");
}

/// Each game's rules page names the keys its screen lists (in bold, or in its keys table), so
/// the help and the rules page cannot drift apart again.
#[test]
fn rules_pages_name_every_listed_key() {
    fn check<G: Playable>() {
        let keys = G::RULES
            .split("## Keys")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .unwrap_or_else(|| panic!("{}: no Keys section", G::NAME));
        let mut listed: Vec<&str> = G::Ui::COMMANDS
            .iter()
            .filter(|c| !c.help.is_empty() && c.key != "any key")
            .map(|c| c.key)
            .collect();
        listed.extend(["q", "r", "F1"]);
        if G::Ui::UNDO.is_some() {
            listed.push("u");
        }
        for key in listed {
            // "Esc/Enter" and "↑/↓" name two keys; arrows are written as words.
            for k in key.split('/') {
                let k = match k {
                    "arrows" | "↑" | "↓" | "←" | "→" => continue,
                    k => k,
                };
                let bold = format!("**{k}**");
                let cell = format!("| {k} |");
                let first_cell = format!("| {k},");
                let listed_cell = format!(", {k} |");
                assert!(
                    keys.contains(&bold)
                        || keys.contains(&cell)
                        || keys.contains(&first_cell)
                        || keys.contains(&listed_cell),
                    "{}: the rules page does not name {k}",
                    G::NAME
                );
            }
        }
    }
    crate::for_each_game!(|G| check::<G>());
}

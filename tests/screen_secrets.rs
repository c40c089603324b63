//! Screen-secret tests: every screen, for every game, shows only what its viewer may know
//! (`docs/secrets.md` says what each screen may show to whom). The method: draw a screen in a
//! situation, then again with everything that viewer may not know changed
//! ([`Game::vary_hidden`]); the two frames must be identical, to the character.
//!
//! They were the library's unit tests; here they run on the optimised library (unit tests are
//! built at opt-level 0 in CI, where these took most of their time).

use ratatui::crossterm::event::{Event, KeyCode};

use hotseat::engine::log::{self, PlayerEntry};
use hotseat::engine::{Actor, Game, Match, Options, Setup, Table, Viewer, rng};
use hotseat::registry;
use hotseat::ui::Playable;
use hotseat::ui::app::App;
use hotseat::ui::catalog::Catalog;
use hotseat::ui::play::Play;
use hotseat::ui::replay::ReplayScreen;
use hotseat::ui::saved::{Mode, SavedList};
use hotseat::ui::theme::Theme;
use hotseat::ui::{Nav, Screen};

use crate::common::screens::{ch, draw, draw_app, key};
use crate::common::{RunChance, inline};

const THEME: Theme = Theme::new(false, true);
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];
const STARTED: &str = "2026-11-25T20:00:00Z";

fn humans(n: usize) -> Vec<PlayerEntry> {
    (0..n)
        .map(|i| PlayerEntry::human(format!("P{}", i + 1)))
        .collect()
}

fn new_match<G: Playable>(players: usize, seed: u64) -> Match<G> {
    with_options(players, seed, Options::new())
}

fn with_options<G: Playable>(players: usize, seed: u64, options: Options) -> Match<G> {
    Match::new(Setup {
        options,
        players: humans(players),
        seed,
        started: STARTED.into(),
    })
    .expect("setup")
}

/// The default options, then each other value of each option with the rest at their default,
/// leaving out what this player count cannot take.
fn option_sets<G: Playable>(players: usize) -> Vec<Options> {
    let mut sets = crate::common::option_sets::<G>();
    sets.retain(|o| G::new(o, players).is_ok());
    sets
}

/// Plays `steps` random legal actions (chance as it comes); stops early at the end.
fn advance<G: Playable>(m: &mut Match<G>, steps: usize, seed: u64) {
    let mut pick = rng::stream(seed, 99);
    for _ in 0..steps {
        m.run_chance().expect("chance");
        let seats = m.to_move().seats().to_vec();
        let Some(&seat) = seats.first() else {
            return;
        };
        // What a computer player may choose: legal, and finite however long the game runs.
        let legal = m.state.bot_actions(seat);
        let a = legal[rng::below(&mut pick, legal.len() as u64) as usize].clone();
        m.apply(Actor::Seat(seat), a, None).expect("legal");
    }
    m.run_chance().expect("chance");
}

/// The game screen on `m` with `state` in place of its real state, after `keys`.
fn play_on<G: Playable>(m: &Match<G>, state: Option<&G>, keys: &[Event]) -> Play<G> {
    let mut m = m.clone();
    if let Some(s) = state {
        m.state = s.clone();
    }
    let mut p = Play::local(Table::new(m, G::make_bot).expect("table"), true, &inline());
    for k in keys {
        p.on_event(k);
    }
    p
}

/// Every frame of the game screen a person may look at after `keys`: the screen at both sizes
/// and with the `?` overlay open.
fn frames<G: Playable>(m: &Match<G>, state: Option<&G>, keys: &[Event]) -> Vec<String> {
    frames_of(play_on(m, state, keys))
}

/// [`frames`] of a screen already open.
fn frames_of<G: Playable>(p: Play<G>) -> Vec<String> {
    let mut out: Vec<String> = SIZES.iter().map(|&(w, h)| draw(&p, THEME, w, h)).collect();
    // Drawing changes nothing, so the same screen takes the overlay (opening a screen replays
    // its whole history: most of this test's time).
    let mut app = App::new(Box::new(p), THEME);
    app.on_event(&ch('?'));
    out.push(draw_app(&app, 80, 24));
    out
}

/// The game screen after `keys` shows the same frames whatever its viewer may not know.
/// Returns whether it shows the pass screen.
fn same_frames_whatever_is_hidden<G: Playable>(m: &Match<G>, keys: &[Event], what: &str) -> bool {
    let p = play_on(m, None, keys);
    // The pass screen shows no board: nothing but the public may show there.
    let pass = p.pass().is_some();
    let viewer = if pass { Viewer::Public } else { p.viewer() };
    // The real frames from the screen just opened: opening one replays its whole history.
    let real = frames_of(p);
    for salt in 0..4u64 {
        let varied = m
            .state
            .vary_hidden(viewer, salt ^ ((m.history.len() as u64) << 8));
        let other = frames(m, Some(&varied), keys);
        for (a, b) in real.iter().zip(&other) {
            assert_eq!(
                a,
                b,
                "{} at action {} ({what}, {viewer:?}): the screen shows a secret",
                G::ID,
                m.history.len()
            );
        }
    }
    pass
}

/// The play screen (board or pass screen, the help overlay, the end panel) of every game at
/// many moments of several games, as each person at the keyboard sees it. Each option set's
/// game on a thread of its own: these are the unit tests' longest.
fn check_play_screens<G: Playable>(players: usize) {
    std::thread::scope(|s| {
        for (k, options) in option_sets::<G>(players).into_iter().enumerate() {
            s.spawn(move || check_play_screens_of::<G>(players, 1 + k as u64, options));
        }
    });
}

fn check_play_screens_of<G: Playable>(players: usize, seed: u64, options: Options) {
    let mut m = with_options::<G>(players, seed, options);
    let mut step = 0;
    while step < 400 {
        m.run_chance().expect("chance");
        // As the screen opens (the pass screen for a private game), then after Enter (the
        // board of the person who took the keyboard).
        if same_frames_whatever_is_hidden(&m, &[], "as opened") {
            same_frames_whatever_is_hidden(&m, &[key(KeyCode::Enter)], "after the pass");
        }
        if m.is_over() {
            break;
        }
        let n = 1 + (seed as usize * 7 + step) % 9;
        advance(&mut m, n, seed * 1000 + step as u64);
        step += n;
    }
    // The end of the game: the end panel over the last board.
    advance(&mut m, usize::MAX, seed);
    assert!(m.is_over(), "{} ends", G::ID);
    same_frames_whatever_is_hidden(&m, &[], "at the end");
}

/// Every game of the registry, at one seat more than its smallest table and at least 3: a test
/// per game, so that the games are checked side by side.
macro_rules! every_game_screen_hides_what_its_viewer_may_not_know {
    ($($id:ident => $game:ty,)*) => {
        mod every_game_screen_hides_what_its_viewer_may_not_know {
            use hotseat::engine::Game;
            $(
                #[test]
                fn $id() {
                    type G = $game;
                    let players = (G::MIN_PLAYERS + 1).max(3);
                    super::check_play_screens::<G>(players.min(G::MAX_PLAYERS));
                }
            )*
        }
    };
}
hotseat::for_each_game!(every_game_screen_hides_what_its_viewer_may_not_know);

/// A finished game of `G` played by random bots from `seed`.
fn finished<G: Playable>(players: usize, seed: u64) -> Match<G> {
    finished_with(players, seed, Options::new())
}

fn finished_with<G: Playable>(players: usize, seed: u64, options: Options) -> Match<G> {
    let kind = "random";
    let m = Match::new(Setup {
        options,
        players: (0..players)
            .map(|i| PlayerEntry::bot(format!("P{}", i + 1), kind, seed + i as u64))
            .collect(),
        seed,
        started: STARTED.into(),
    })
    .expect("setup");
    let mut t = Table::new(m, G::make_bot).expect("table");
    hotseat::registry::AnyTable::run_bots(&mut t).expect("plays");
    assert!(t.m.is_over(), "{} seed {seed} ended", G::ID);
    t.m
}

/// Replay at step 0 shows the state at step 0: the same frames whichever way the game went on
/// (only the step counter differs), and nothing of its end.
fn check_replay_start<G: Playable>(players: usize) {
    for options in option_sets::<G>(players) {
        check_replay_start_with::<G>(players, options);
    }
}

fn check_replay_start_with<G: Playable>(players: usize, options: Options) {
    let frames_at_start = |seed: u64| -> Vec<String> {
        let mut r = ReplayScreen::new(finished_with::<G>(players, seed, options.clone()));
        let mut out = Vec::new();
        for _ in 0..players + 2 {
            for (w, h) in SIZES {
                let f = draw(&r, THEME, w, h);
                // The status line holds "0/<length>": leave it out.
                let body: Vec<&str> = f.lines().take(h as usize - 1).collect();
                out.push(body.join("\n"));
            }
            r.on_event(&ch('v'));
        }
        out
    };
    let a = frames_at_start(1);
    let b = frames_at_start(2);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            x,
            y,
            "{} {options:?}: step 0 depends on how the game went on",
            G::ID
        );
        for end_word in ["Game over", "wins", "Healer dead"] {
            assert!(
                !x.contains(end_word),
                "{} {options:?}: {end_word:?} at step 0:\n{x}",
                G::ID
            );
        }
    }
}

#[test]
fn replay_at_step_0_shows_step_0() {
    // Every game of the registry, at its smallest table of two or more and at one seat more.
    hotseat::for_each_game!(|G| {
        let small = G::MIN_PLAYERS.max(2);
        check_replay_start::<G>(small);
        check_replay_start::<G>((small + 1).min(G::MAX_PLAYERS));
    });
}

#[test]
fn a_replay_of_an_unfinished_game_keeps_to_the_public_view() {
    let mut m = new_match::<hotseat::games::rocca::Rocca>(4, 5);
    advance(&mut m, 12, 5);
    assert!(!m.is_over());
    let mut r = ReplayScreen::new(m.clone());
    assert_eq!(r.viewer, Viewer::Public);
    r.on_event(&key(KeyCode::End));
    let public = draw(&r, THEME, 80, 24);
    r.on_event(&ch('v'));
    assert_eq!(
        r.viewer,
        Viewer::Public,
        "no secret viewpoint before the end"
    );
    let refused = draw(&r, THEME, 80, 24);
    assert!(refused.contains("game is not finished"), "{refused}");
    // Every step of it is the same whatever the players hold.
    for salt in 0..4 {
        let mut other = m.clone();
        other.state = m.state.vary_hidden(Viewer::Public, salt);
        let mut q = ReplayScreen::new(other);
        q.on_event(&key(KeyCode::End));
        assert_eq!(draw(&q, THEME, 80, 24), public);
    }
    // A finished game opens on everything and offers every viewpoint.
    let done = finished::<hotseat::games::rocca::Rocca>(4, 5);
    let mut r = ReplayScreen::new(done);
    assert_eq!(r.viewer, Viewer::Omniscient);
    r.on_event(&ch('v'));
    r.on_event(&ch('v'));
    assert_eq!(r.viewer, Viewer::Seat(0));
}

/// The launcher's saved-games folder with a finished Pocket game and an unfinished Rocca game.
fn saved_folder(dir: &std::path::Path) {
    let done = finished::<hotseat::games::pocket::Pocket>(2, 3);
    log::write_atomic(&dir.join("pocket-done.json"), &done.to_log()).expect("write");
    let mut open = new_match::<hotseat::games::rocca::Rocca>(4, 7);
    open.started = "2026-11-26T09:30:00Z".into();
    advance(&mut open, 10, 7);
    assert!(!open.is_over());
    log::write_atomic(&dir.join("rocca-open.json"), &open.to_log()).expect("write");
}

fn catalog(dir: &std::path::Path) -> Catalog {
    Catalog {
        games: registry::GAMES.to_vec(),
        dir: dir.to_path_buf(),
        local: inline(),
    }
}

#[test]
fn the_saved_games_list_continues_an_unfinished_game_and_never_replays_it() {
    let dir = tempfile::tempdir().expect("tmp");
    saved_folder(dir.path());
    let mut list = SavedList::new(catalog(dir.path()), Mode::Browse);
    assert_eq!(list.items.len(), 2);
    // The newest first: the unfinished Rocca game. The list says why Enter continues it.
    let text = draw(&list, THEME, 80, 24);
    assert!(text.contains("unfinished"), "{text}");
    assert!(text.contains("Enter continues it"), "{text}");
    assert!(text.contains("Enter continue"), "{text}");
    match list.on_event(&key(KeyCode::Enter)) {
        Nav::Replace(screen) => assert_eq!(screen.title(), "Rocca Monster"),
        _ => panic!("an unfinished game opens to continue"),
    }
    // The finished one opens in the replay viewer.
    let mut list = SavedList::new(catalog(dir.path()), Mode::Browse);
    list.on_event(&key(KeyCode::Down));
    let text = draw(&list, THEME, 80, 24);
    assert!(text.contains("Enter watch replay"), "{text}");
    assert!(!text.contains("Enter continues it"), "{text}");
    match list.on_event(&key(KeyCode::Enter)) {
        Nav::Push(screen) => assert_eq!(screen.title(), "Replay of Pocket & Biscuit"),
        _ => panic!("a finished game opens in the replay viewer"),
    }
}

#[test]
fn hotseat_replay_refuses_an_unfinished_log() {
    let dir = tempfile::tempdir().expect("tmp");
    saved_folder(dir.path());
    let err = hotseat::cli::replay_table(&dir.path().join("rocca-open.json"))
        .err()
        .expect("refused");
    assert!(err.contains("not finished"), "{err}");
    assert!(err.contains("hotseat resume"), "{err}");
    assert!(hotseat::cli::replay_table(&dir.path().join("pocket-done.json")).is_ok());
}

#[test]
fn the_saved_games_list_tells_no_secret() {
    // Two unfinished games that differ only in their seed, so in every hidden deal: their rows
    // read the same.
    let rows = |seed: u64| {
        let dir = tempfile::tempdir().expect("tmp");
        let mut m = new_match::<hotseat::games::couperation::Couperation>(3, seed);
        // The deal only: the same number of actions whatever was dealt.
        advance(&mut m, 0, 1);
        log::write_atomic(&dir.path().join("c.json"), &m.to_log()).expect("write");
        let mut out = Vec::new();
        for mode in [Mode::Browse, Mode::Continue] {
            let list = SavedList::new(catalog(dir.path()), mode);
            out.push(draw(&list, THEME, 80, 24));
        }
        out
    };
    assert_eq!(rows(1), rows(2));
}

#[test]
fn the_saved_games_list_reads_the_logged_result() {
    let dir = tempfile::tempdir().expect("tmp");
    let done = finished::<hotseat::games::couperation::Couperation>(3, 4);
    let won = !done.state.outcome().expect("over").winners.is_empty();
    log::write_atomic(&dir.path().join("c.json"), &done.to_log()).expect("write");
    let text = draw(
        &SavedList::new(catalog(dir.path()), Mode::Browse),
        THEME,
        120,
        40,
    );
    let expected = if won {
        "won together ("
    } else {
        "lost together ("
    };
    assert!(text.contains(expected), "{text}");
    assert!(
        !text.contains(" won, "),
        "no winner worked out from scores: {text}"
    );
}

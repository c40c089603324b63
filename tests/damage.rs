//! Frames drawn over the frame before (`hotseat::ui::damage`) are the frames a full redraw gives,
//! cell for cell, and send the same bytes: random keys on the launcher and on play screens, at
//! 80×24 and 120×40, with screens pushed and popped, the help opened and the window resized.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};

use hotseat::ui::app::App;
use hotseat::ui::encoder::{CompactBackend, FrameBuf};
use hotseat::ui::launcher::{Catalog, Launcher};
use hotseat::ui::painter::Painter;
use hotseat::ui::theme::Theme;

use crate::common::screens::{ch, key};

const THEME: Theme = Theme::new(false, true);

/// The app drawn whole, as the snapshots draw it.
fn full(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| app.render(f)).expect("draw");
    t.backend().buffer().clone()
}

/// A painter over the compact encoder, and the bytes it sends.
fn painter(w: u16, h: u16) -> (Painter<CompactBackend>, FrameBuf) {
    let buf = FrameBuf::default();
    let p = Painter::new(CompactBackend::new(buf.clone(), w, h, true), w, h).expect("painter");
    (p, buf)
}

/// A small random number generator (xorshift), the same sequence for a seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Presses `steps` keys drawn from `keys` on `app` at `w`×`h` (and a resize to the other size
/// now and then), drawing after each: the frame drawn over the one before equals the frame
/// drawn whole, and the bytes sent equal those of a painter drawing every frame whole.
fn frames_equal_full_redraws(mut app: App, keys: &[Event], (w, h): (u16, u16), seed: u64) {
    let (mut tracked, tracked_out) = painter(w, h);
    let (mut whole, whole_out) = painter(w, h);
    app.set_size(w, h);
    let mut size = (w, h);
    let mut rng = Rng(seed);
    for step in 0..400 {
        if step > 0 {
            if rng.below(60) == 0 {
                size = if size == (80, 24) {
                    (120, 40)
                } else {
                    (80, 24)
                };
                for p in [&mut tracked, &mut whole] {
                    p.backend_mut().set_size(size.0, size.1);
                    p.resize(ratatui::layout::Rect::new(0, 0, size.0, size.1))
                        .expect("resize");
                }
                app.on_event(&Event::Resize(size.0, size.1));
            } else {
                app.on_event(&keys[rng.below(keys.len())]);
            }
        }
        if app.done() {
            break;
        }
        tracked
            .draw_damaged(|f, d| app.render_damaged(f, d))
            .expect("draw");
        whole.draw(|f| app.render(f)).expect("draw");
        let expected = full(&app, size.0, size.1);
        assert_eq!(tracked.drawn(), &expected, "step {step} at {size:?}");
        assert_eq!(
            std::mem::take(&mut *tracked_out.borrow_mut()),
            std::mem::take(&mut *whole_out.borrow_mut()),
            "bytes sent, step {step} at {size:?}"
        );
    }
}

fn catalog(dir: &std::path::Path) -> Catalog {
    Catalog {
        games: hotseat::registry::GAMES.to_vec(),
        dir: dir.to_path_buf(),
        local: crate::common::inline(),
    }
}

#[test]
fn launcher_frames_equal_full_redraws() {
    let dir = tempfile::tempdir().expect("tmp");
    // Mostly moves, and now and then another screen, the help, a rules page and back.
    let keys = [
        key(KeyCode::Down),
        key(KeyCode::Down),
        key(KeyCode::Up),
        key(KeyCode::Up),
        ch('j'),
        ch('k'),
        ch('r'),
        ch('?'),
        ch('x'),
        key(KeyCode::Esc),
        ch('t'),
        ch('h'),
        key(KeyCode::Esc),
    ];
    for (size, seed) in [((80, 24), 1), ((120, 40), 2), ((80, 24), 3)] {
        let app = App::new(Box::new(Launcher::new_in(catalog(dir.path()))), THEME);
        frames_equal_full_redraws(app, &keys, size, seed);
    }
}

/// A game between two people at one keyboard: moves, picks, undo, the help, the rules and
/// the end of the game, with frames drawn whole after the launcher's drawn by regions.
#[test]
fn play_frames_equal_full_redraws() {
    use hotseat::engine::log::PlayerEntry;
    use hotseat::engine::{Match, Setup, Table};
    use hotseat::games::pocket::Pocket;
    use hotseat::ui::Registered;
    use hotseat::ui::play::Play;
    let play = |seed| {
        let m = Match::<Pocket>::new(Setup {
            options: Default::default(),
            players: vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")],
            seed,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("a two-seat game");
        let table = Table::new(m, Pocket::make_bot).expect("table");
        Box::new(Play::local(table, false, &crate::common::inline()))
    };
    let keys = [
        key(KeyCode::Left),
        key(KeyCode::Right),
        ch('h'),
        ch('l'),
        ch('1'),
        ch('2'),
        ch('3'),
        key(KeyCode::Enter),
        ch('u'),
        ch('?'),
        ch('x'),
        ch('r'),
        key(KeyCode::Esc),
    ];
    for (size, seed) in [((80, 24), 4), ((120, 40), 5)] {
        frames_equal_full_redraws(App::new(play(seed), THEME), &keys, size, seed);
    }
    // From the launcher into a game's setup and back, the launcher drawn by regions between.
    let dir = tempfile::tempdir().expect("tmp");
    let keys = [
        key(KeyCode::Down),
        key(KeyCode::Up),
        key(KeyCode::Enter),
        key(KeyCode::Enter),
        key(KeyCode::Esc),
        ch('1'),
    ];
    for (size, seed) in [((80, 24), 6), ((120, 40), 7)] {
        let app = App::new(Box::new(Launcher::new_in(catalog(dir.path()))), THEME);
        frames_equal_full_redraws(app, &keys, size, seed);
    }
}

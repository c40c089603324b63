//! Render benchmarks: one full frame of each game screen at 200×60.
//! Run with `cargo bench --bench render`.

use divan::Bencher;
use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Match, Setup, Table};
use hotseat::registry::AnyTable;
use hotseat::ui::Playable;
use hotseat::ui::play::Play;
use hotseat::ui::{Screen, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    divan::main();
}

/// A game of bots stopped half way, on its game screen.
fn mid_game<G: Playable>(players: usize, kind: &str) -> Play<G> {
    let setup = Setup {
        options: Default::default(),
        players: (0..players)
            .map(|i| PlayerEntry::bot(format!("Bot {i}"), kind, i as u64))
            .collect(),
        seed: 7,
        started: "bench".into(),
    };
    let mut full =
        Table::new(Match::<G>::new(setup.clone()).expect("setup"), G::make_bot).expect("table");
    full.run_bots().expect("plays");
    let half = full.m.history.len() / 2;
    let mut t = Table::new(Match::<G>::new(setup).expect("setup"), G::make_bot).expect("table");
    for s in full.m.history.into_iter().take(half) {
        t.apply(s.actor, s.action, s.ms).expect("replays");
    }
    Play::new(t, false)
}

fn bench_frame<G: Playable>(b: Bencher, players: usize, kind: &str) {
    let screen = mid_game::<G>(players, kind);
    let theme = Theme::new(false, true);
    let mut term = Terminal::new(TestBackend::new(200, 60)).expect("terminal");
    b.bench_local(|| {
        term.draw(|f| screen.render(f, &theme)).expect("draw");
    });
}

#[divan::bench]
fn frame_pocket_200x60(b: Bencher) {
    bench_frame::<hotseat::games::pocket::Pocket>(b, 4, "memory");
}

#[divan::bench(args = [1, 4, 8])]
fn frame_kokoro_200x60(b: Bencher, players: usize) {
    bench_frame::<hotseat::games::kokoro::Kokoro>(b, players, "planner");
}

#[divan::bench(args = [2, 4])]
fn frame_couperation_200x60(b: Bencher, players: usize) {
    bench_frame::<hotseat::games::couperation::Couperation>(b, players, "builder");
}

#[divan::bench(args = [3, 6])]
fn frame_rocca_200x60(b: Bencher, players: usize) {
    bench_frame::<hotseat::games::rocca::Rocca>(b, players, "sleuth");
}

#[divan::bench(args = [2, 5])]
fn frame_cocoon_200x60(b: Bencher, players: usize) {
    bench_frame::<hotseat::games::cocoon::Cocoon>(b, players, "wheel");
}

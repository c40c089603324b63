//! Render benchmarks: one full frame of each game screen at 200×60.
//! Run with `cargo bench --bench render`.

#[path = "timing.rs"]
#[allow(dead_code)]
mod timing;

use hotseat::engine::log::PlayerEntry;
use hotseat::engine::{Match, Setup, Table};
use hotseat::registered::{Registered, sample_sizes};
use hotseat::registry::AnyTable;
use hotseat::ui::Playable;
use hotseat::ui::play::Play;
use hotseat::ui::{Screen, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    // The screens' rooms play on by themselves: at the longest pace their computer players
    // think once, then wait while the frames are measured.
    hotseat::config::install(hotseat::config::Settings {
        bot_pace: std::time::Duration::from_secs(5),
        ..Default::default()
    });
    let t = timing::Timer::from_args();
    // One frame of every game of the registry at 200×60, its best computer players at every
    // seat, at its sample table sizes.
    macro_rules! every_game {
        ($($id:ident => $game:ty,)*) => {$(
            let best = <$game as Registered>::BOTS.first().map_or("random", |k| k.0);
            for players in sample_sizes::<$game>() {
                let name = format!("frame_200x60/{}/{players}", stringify!($id));
                bench_frame::<$game>(&t, &name, players, best);
            }
        )*};
    }
    hotseat::for_each_game!(every_game);
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
    Play::local(t, false, &hotseat::ui::work::Local::app())
}

fn bench_frame<G: Playable>(t: &timing::Timer, name: &str, players: usize, kind: &str) {
    let screen = mid_game::<G>(players, kind);
    let theme = Theme::new(false, true);
    let mut term = Terminal::new(TestBackend::new(200, 60)).expect("terminal");
    t.time(name, None, || {
        term.draw(|f| screen.render(f, &theme)).expect("draw");
    });
}

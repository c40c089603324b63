//! Helpers for the UI tests: draw a screen into a test terminal and read it back as text
//! (`tests/common/screens.rs`, shared with the integration tests), and drive a game screen.

use ratatui::crossterm::event::{Event, KeyEvent};

use super::Screen;

#[path = "../../tests/common/screens.rs"]
mod screens;
pub use screens::{buffer_text, ch, draw, draw_app, draw_buffer, key};

/// Every key a screen could see, pressed on a fresh copy of it: a key does something (leaves the
/// screen or changes `state`) exactly when `listed` names a command of the screen's list that
/// applies to it (a test leaves out a command that cannot move from where `fresh` starts, such
/// as up on the first row).
pub fn keys_are_the_list<S: Screen, T: PartialEq + std::fmt::Debug, C: std::fmt::Debug>(
    fresh: impl Fn() -> S,
    state: impl Fn(&S) -> T,
    listed: impl Fn(&S, &KeyEvent) -> Option<C>,
) {
    let before = state(&fresh());
    for k in super::commands::every_key() {
        let mut s = fresh();
        let cmd = listed(&s, &k);
        let nav = s.on_event(&Event::Key(k));
        let did = !matches!(nav, super::Nav::Stay) || state(&s) != before;
        assert_eq!(did, cmd.is_some(), "{k:?}: listed as {cmd:?}");
    }
}

/// Moves every computer player that is waiting, at once, and lets every held step happen.
pub fn settle<G: crate::ui::Playable>(p: &mut super::play::Play<G>) {
    loop {
        match p.turn {
            super::play::Turn::Bots(_) => p.bot_move(),
            super::play::Turn::Held(_) => p.go_on(),
            _ => return,
        }
    }
}

/// The game screen for `m`, with the computer players' first moves made.
pub fn settled<G: crate::ui::Playable>(m: crate::engine::Match<G>) -> super::play::Play<G> {
    let table = crate::engine::Table::new(m, G::make_bot).expect("table");
    let mut p = super::play::Play::new(table, false);
    settle(&mut p);
    p
}

/// A computer player that says when it starts thinking (naming the thread it thinks on), then
/// thinks until the test releases it (`false`: it panics), and picks the last legal action.
/// It waits at most a minute, so that a test of old code fails instead of hanging.
pub struct Gated {
    started: std::sync::mpsc::Sender<Option<String>>,
    release: std::sync::mpsc::Receiver<bool>,
}

/// The test's end of a [`Gated`] bot.
pub struct GateEnd {
    pub started: std::sync::mpsc::Receiver<Option<String>>,
    pub release: std::sync::mpsc::Sender<bool>,
}

/// Only a hang guard: every wait ends as soon as the other side acts.
pub const HANG: std::time::Duration = std::time::Duration::from_secs(60);

impl GateEnd {
    /// Waits until the bot is thinking; returns the name of the thread it thinks on.
    pub fn thinking(&self) -> Option<String> {
        self.started
            .recv_timeout(HANG)
            .expect("the bot starts thinking")
    }
}

/// A gated bot for any game, and the test's end of it.
pub fn gated<G: crate::engine::Game>() -> (Box<dyn crate::engine::Bot<G>>, GateEnd) {
    let (started_tx, started) = std::sync::mpsc::channel();
    let (release, release_rx) = std::sync::mpsc::channel();
    let bot = Box::new(Gated {
        started: started_tx,
        release: release_rx,
    });
    (bot, GateEnd { started, release })
}

impl<G: crate::engine::Game> crate::engine::Bot<G> for Gated {
    fn choose(&mut self, _: crate::engine::Seat, _: &G::View, legal: &[G::Action]) -> G::Action {
        let thread = std::thread::current().name().map(str::to_string);
        let _ = self.started.send(thread);
        if self.release.recv_timeout(HANG) == Ok(false) {
            panic!("the gated bot was told to fail");
        }
        legal[legal.len() - 1].clone()
    }
}

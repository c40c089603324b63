//! The terminal front end (ratatui + crossterm), in The Elm Architecture: each screen holds its
//! state, turns events into changes, and draws itself with a pure `render`.

pub mod games;
pub mod play;
pub mod replay;

use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyEvent, MouseEvent};
use ratatui::layout::Rect;

use crate::engine::{Game, Seat};

/// What a screen asks the app to do after an event.
pub enum Nav {
    Stay,
    /// Back one screen (Esc, or `q` on a game started from the launcher).
    Pop,
    Push(Box<dyn Screen>),
    Replace(Box<dyn Screen>),
    /// Leave the program.
    Quit,
}

/// One full-screen view of the app.
pub trait Screen {
    fn render(&self, f: &mut Frame);
    fn on_event(&mut self, ev: &Event) -> Nav;
    /// When the screen next needs to act without input (a bot's move, autoplay); `None` = idle.
    fn deadline(&self) -> Option<Instant> {
        None
    }
    /// Called once `deadline` has passed.
    fn on_deadline(&mut self) -> Nav {
        Nav::Stay
    }
}

/// What a game's board drawing may use: the view of whoever holds the keyboard, and nothing else.
pub struct Ctx<'a, G: Game> {
    pub view: &'a G::View,
    /// The seat whose view this is; `None` for public or omniscient views (replay).
    pub seat: Option<Seat>,
    /// The legal actions of `seat` now (empty when it is not to move).
    pub legal: &'a [G::Action],
    pub names: &'a [String],
    pub ascii: bool,
    pub color: bool,
}

/// How one game's board is drawn and how keys map to its actions.
pub trait GameUi<G: Game>: Default + 'static {
    /// True when seats have private views: the pass-the-keyboard screen is then needed between
    /// two human seats.
    const PRIVATE: bool;
    /// Key help for the `?` screen and the hint line.
    const KEYS: &'static [(&'static str, &'static str)];
    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<G>);
    fn on_key(&mut self, key: KeyEvent, ctx: &Ctx<G>) -> Option<G::Action>;
    fn on_mouse(&mut self, _m: MouseEvent, _area: Rect, _ctx: &Ctx<G>) -> Option<G::Action> {
        None
    }
}

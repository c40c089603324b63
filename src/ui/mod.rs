//! The terminal front end (ratatui + crossterm), in The Elm Architecture: each screen holds its
//! state, turns events into changes, and draws itself with a pure `render`.
//!
//! [`app::run`] owns the terminal and a stack of [`Screen`]s; the first screen is usually the
//! [`launcher::Launcher`], or a game / replay screen when the command line asks for one.

pub mod app;
pub mod catalog;
pub mod commands;
pub mod damage;
pub mod encoder;
pub mod events;
pub mod games;
pub mod help;
pub mod input;
pub mod key_parser;
pub mod launcher;
pub mod lines;
pub mod lobby;
pub mod painter;
pub mod pass;
pub mod play;
pub mod play_keys;
pub mod registered;
pub mod replay;
pub mod rules_page;
pub mod saved;
pub mod score_chart;
pub mod scores_page;
pub mod scroll;
pub mod setup;
pub mod stats_page;
pub mod theme;
pub mod widgets;
pub mod work;

#[cfg(test)]
pub(crate) mod demo;
#[cfg(test)]
mod keys_tests;
#[cfg(test)]
mod layout_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;
#[cfg(test)]
mod thinking_tests;
#[cfg(test)]
mod undo_tests;

use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyEvent, MouseEvent};
use ratatui::layout::Rect;

pub use app::run;
pub use registered::{AnyGame, AnyTable, Registered};
pub use theme::{Theme, UiOptions};

use crate::engine::{Game, Seat};
use commands::Command;

/// What a screen asks the app to do after an event.
pub enum Nav {
    Stay,
    /// Back one screen (Esc, or `q` on a game started from the launcher). Popping the last
    /// screen quits.
    Pop,
    Push(Box<dyn Screen>),
    Replace(Box<dyn Screen>),
    /// Leave the program.
    Quit,
}

/// One full-screen view of the app.
pub trait Screen {
    /// Draws the whole frame. Pure: no state changes, no I/O.
    fn render(&self, f: &mut Frame, theme: &Theme);
    /// Draws the frame over the one this screen drew before, only what changed, as `d` says
    /// ([`damage`]): the frame is then what [`Screen::render`] draws. By default the whole
    /// frame is drawn.
    fn render_damaged(&self, f: &mut Frame, theme: &Theme, d: &mut damage::Damage) {
        d.whole(f.buffer_mut());
        self.render(f, theme);
    }
    fn on_event(&mut self, ev: &Event) -> Nav;
    /// [`Screen::on_event`] for a screen that needs the frame's area and theme to read an
    /// event (mouse hit-testing), so that drawing need not remember them.
    fn on_event_in(&mut self, ev: &Event, _area: Rect, _theme: &Theme) -> Nav {
        self.on_event(ev)
    }
    /// When the screen next needs to act without input (a bot's move, autoplay); `None` = idle.
    fn deadline(&self) -> Option<Instant> {
        None
    }
    /// Called once `deadline` has passed.
    fn on_deadline(&mut self) -> Nav {
        Nav::Stay
    }
    /// Whether `deadline` still runs while the `?` overlay is open. A deadline that plays (a
    /// computer player's move) waits for the person to close the help; one that only follows
    /// what changed elsewhere (a table on the server) keeps the board under the help current.
    fn runs_under_help(&self) -> bool {
        false
    }
    /// The `?` overlay's title.
    fn title(&self) -> String {
        String::from("hotseat")
    }
    /// Key and what it does, for the `?` overlay.
    fn help(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// What the screen's marks mean, for the `?` overlay's own section (they are not keys).
    fn legend(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// True while a text field has the keyboard: `?` is then typed, not the help toggle.
    fn captures_text(&self) -> bool {
        false
    }
    /// The program is ending (quit, a stop signal, a closed terminal): save what is not saved
    /// yet. Screens save as they go; this is for a save that failed on the way.
    fn on_exit(&mut self) {}
}

/// What a game's board drawing may use: the view of whoever holds the keyboard, and nothing else.
pub struct Ctx<'a, G: Game> {
    pub view: &'a G::View,
    /// The seat whose view this is; `None` for public or omniscient views (replay).
    pub seat: Option<Seat>,
    /// The legal actions of `seat` now (empty when it is not to move).
    pub legal: &'a [G::Action],
    pub names: &'a [String],
    /// The frame's look: plain ASCII or not, colour, light background, palette.
    pub theme: Theme,
}

impl<G: Game> Ctx<'_, G> {
    /// The frame's theme, for games that draw with the shared styles.
    pub fn theme(&self) -> Theme {
        self.theme
    }
}

/// A game with its screen: one `impl` per game, beside its UI module.
pub trait Playable: crate::registered::Registered {
    type Ui: GameUi<Self>;
}

/// How one game's board is drawn and how keys map to its actions.
pub trait GameUi<G: Game>: Default + 'static {
    /// True when seats have private views: the pass-the-keyboard screen is then needed between
    /// two human seats.
    const PRIVATE: bool;
    /// The screen's key commands, declared once: the hint line, the `?` help and the key
    /// dispatch are all read from this list.
    type Cmd: Copy + PartialEq + std::fmt::Debug + 'static;
    const COMMANDS: &'static [Command<Self::Cmd>];
    /// What the board's marks mean, for the help's second section (not keys).
    const LEGEND: &'static [(&'static str, &'static str)] = &[];
    /// What `u` takes back in this game, for the help; `None` when the game never allows it.
    const UNDO: Option<&'static str>;
    /// Whether `cmd` does something now for the human to move, given what they see.
    fn applies(&self, cmd: Self::Cmd, ctx: &Ctx<G>) -> bool;
    /// Does `cmd`, given as `key`; returns the action it makes, if any.
    fn run(&mut self, cmd: Self::Cmd, key: KeyEvent, ctx: &Ctx<G>) -> Option<G::Action>;
    /// Whether `cmd` can work at all in this game, given its options and players (the mirror
    /// only under its decree, other mats only with other players): the `?` help lists only
    /// those.
    fn offered(&self, _cmd: Self::Cmd, _ctx: &Ctx<G>) -> bool {
        true
    }
    /// Called with every key before dispatch (to clear a note, to cancel a pending confirm).
    fn before_key(&mut self, _key: &KeyEvent, _ctx: &Ctx<G>) {}
    /// A key from the human to move: the first listed command it gives that applies now.
    fn on_key(&mut self, key: KeyEvent, ctx: &Ctx<G>) -> Option<G::Action> {
        self.before_key(&key, ctx);
        let cmd = commands::find(Self::COMMANDS, &key, |c| self.applies(c, ctx))?;
        self.run(cmd, key, ctx)
    }
    /// The hint line's keys for the human to move: the listed commands that apply now.
    fn hints(&self, ctx: &Ctx<G>) -> Vec<(&'static str, &'static str)> {
        commands::hints(Self::COMMANDS, |c| self.applies(c, ctx))
    }
    /// Splits the screen's body into the board and the event pane. The default puts the pane
    /// at the right on wide terminals and below the board otherwise; a game whose board needs
    /// the height can place the pane beside it.
    fn layout(body: Rect) -> (Rect, Rect) {
        default_layout(body)
    }
    /// False when the game draws its own end-of-game result in the board, so the play screen
    /// does not put its generic end panel over it.
    const END_PANEL: bool = true;
    /// True when the end of the game can be put away to look at the final board: the play
    /// screen's end panel, or a game's own end sheet (see [`GameUi::show_end`]).
    const END_CLOSABLE: bool = Self::END_PANEL;
    /// For a game that draws its own end sheet: whether the sheet is shown (true) or put away
    /// for the final board (false).
    fn show_end(&mut self, _shown: bool) {}
    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<G>);
    /// Called once by the play screen when it sees the game over (also when a finished game is
    /// opened), for records kept outside the game such as a solo high-score table. `data_dir`
    /// is the data folder, `None` where nothing may be written (tests); `work` says where slow
    /// work such as a review of the game runs.
    fn on_game_over(
        &mut self,
        _m: &crate::engine::Match<G>,
        _data_dir: Option<&std::path::Path>,
        _work: work::Work,
    ) {
    }
    /// How each seat's score moved through the finished game, for a chart beside the play
    /// screen's end panel (a game computes it in [`GameUi::on_game_over`]); `None`: no chart.
    fn end_chart(&self) -> Option<&score_chart::Progress> {
        None
    }
    /// True while the board shows what every person at the table must see before play goes on
    /// (Pocket: the tiles a finished turn turned up). The play screen then holds everyone,
    /// computer players included, and the next key or click only calls [`GameUi::release`].
    fn holds(&self, _view: &G::View) -> bool {
        false
    }
    /// A person has seen what [`GameUi::holds`] showed.
    fn release(&mut self, _view: &G::View) {}
    /// The first action whose event line may be on screen during play, scrolled back or not:
    /// a memory game hides the lines of earlier turns. The end of the game shows them all.
    fn events_from(&self, _view: &G::View) -> usize {
        0
    }
    fn on_mouse(&mut self, _m: MouseEvent, _area: Rect, _ctx: &Ctx<G>) -> Option<G::Action> {
        None
    }
    /// The hint key's move for the person to move (one of `ctx.legal`): the cursor or the
    /// highlighted option goes onto it, so that Enter would play it. Nothing by default.
    fn show_hint(&mut self, _action: &G::Action, _ctx: &Ctx<G>) {}
}

/// The board above a seven-line event pane, or beside a 42-column one on wide terminals.
pub fn default_layout(body: Rect) -> (Rect, Rect) {
    use ratatui::layout::{Constraint, Layout};
    if body.width >= 110 {
        let [b, p] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(42)]).areas(body);
        (b, p)
    } else {
        let [b, p] = Layout::vertical([Constraint::Fill(1), Constraint::Length(7)]).areas(body);
        (b, p)
    }
}

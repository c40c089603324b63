//! Scrolling a page longer than the screen (the rules, the high scores, the stats): one command
//! list for the keys of every such page, and a position that stays within what the last draw
//! could show, so a key at the bottom never scrolls into empty space.

use std::cell::Cell;

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};

use super::Nav;
use super::commands::{self, Command, Key};

/// What a scrolling page's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrollCmd {
    Down,
    Up,
    PageDown,
    PageUp,
    Top,
    Bottom,
    Back,
}

/// The keys of a scrolling page, in the hint line's order: the hint line, the `?` help and
/// dispatch all read this list. The hint line names the arrows and the page keys once each; the
/// help names every key.
pub const SCROLL_COMMANDS: &[Command<ScrollCmd>] = &[
    Command {
        id: ScrollCmd::Down,
        keys: &[],
        key: "↑/↓",
        label: "scroll",
        help: "",
    },
    Command {
        id: ScrollCmd::Up,
        keys: &[Key::Code(KeyCode::Up), Key::Char('k')],
        key: "↑/↓ j/k",
        label: "",
        help: "scroll a line",
    },
    Command {
        id: ScrollCmd::Down,
        keys: &[Key::Code(KeyCode::Down), Key::Char('j')],
        key: "↑/↓ j/k",
        label: "",
        help: "scroll a line",
    },
    Command {
        id: ScrollCmd::PageDown,
        keys: &[],
        key: "PgUp/PgDn",
        label: "page",
        help: "",
    },
    Command {
        id: ScrollCmd::PageDown,
        keys: &[Key::Code(KeyCode::PageDown), Key::Char(' ')],
        key: "PgUp/PgDn space",
        label: "",
        help: "scroll a page",
    },
    Command {
        id: ScrollCmd::PageUp,
        keys: &[Key::Code(KeyCode::PageUp)],
        key: "PgUp/PgDn space",
        label: "",
        help: "scroll a page",
    },
    Command {
        id: ScrollCmd::Top,
        keys: &[Key::Code(KeyCode::Home), Key::Char('g')],
        key: "Home/End g/G",
        label: "",
        help: "the top or the bottom",
    },
    Command {
        id: ScrollCmd::Bottom,
        keys: &[Key::Code(KeyCode::End), Key::Char('G')],
        key: "Home/End g/G",
        label: "",
        help: "the top or the bottom",
    },
    Command {
        id: ScrollCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc",
        label: "back",
        help: "",
    },
    Command {
        id: ScrollCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc / q",
        label: "",
        help: "back",
    },
];

/// Where a scrolling page is: its top line, kept within the last draw's page.
#[derive(Debug)]
pub struct Scroll {
    top: usize,
    /// The largest useful top line and the page height at the last draw. Before the first draw
    /// nothing is known, so any top line is allowed; the draw then clamps it.
    max: Cell<usize>,
    page: Cell<usize>,
}

impl Default for Scroll {
    fn default() -> Self {
        Scroll {
            top: 0,
            max: Cell::new(usize::MAX),
            page: Cell::new(1),
        }
    }
}

impl Scroll {
    /// For the draw: a page of `lines` lines in a window `height` tall. Returns the first line
    /// to show.
    pub fn fit(&self, lines: usize, height: usize) -> usize {
        let max = lines.saturating_sub(height);
        self.max.set(max);
        self.page.set(height.max(1));
        self.top.min(max)
    }

    /// The first line shown, as of the last draw.
    pub fn top(&self) -> usize {
        self.top.min(self.max.get())
    }

    /// How far down the page is, for the hint line: "40%", or "all shown".
    pub fn position(&self) -> String {
        let max = self.max.get();
        match (self.top() * 100).checked_div(max) {
            Some(pct) => format!("{pct}%"),
            None => "all shown".to_string(),
        }
    }

    /// Back to the top of another page of text, whose length the next draw gives.
    pub fn reset(&mut self) {
        *self = Scroll::default();
    }

    /// A scrolling page's answer to `ev`: it scrolls, or goes back.
    pub fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        match commands::find(SCROLL_COMMANDS, k, |_| true) {
            Some(ScrollCmd::Back) => Nav::Pop,
            Some(cmd) => {
                self.apply(cmd);
                Nav::Stay
            }
            None => Nav::Stay,
        }
    }

    /// Moves for `cmd`; whether the page moved. `Back` is the page's to handle.
    pub fn apply(&mut self, cmd: ScrollCmd) -> bool {
        let max = self.max.get();
        let page = self.page.get();
        let was = self.top();
        self.top = match cmd {
            ScrollCmd::Down => was.saturating_add(1).min(max),
            ScrollCmd::Up => was.saturating_sub(1),
            ScrollCmd::PageDown => was.saturating_add(page).min(max),
            ScrollCmd::PageUp => was.saturating_sub(page),
            ScrollCmd::Top => 0,
            ScrollCmd::Bottom => max,
            ScrollCmd::Back => was,
        };
        self.top != was
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_stays_within_the_last_page_drawn() {
        let mut s = Scroll::default();
        assert_eq!(s.fit(30, 10), 0);
        assert!(!s.apply(ScrollCmd::Up), "already at the top");
        assert!(s.apply(ScrollCmd::PageDown));
        assert_eq!(s.top(), 10);
        assert!(s.apply(ScrollCmd::Bottom));
        assert_eq!(s.top(), 20);
        assert_eq!(s.position(), "100%");
        assert!(!s.apply(ScrollCmd::Down), "nothing below the last page");
        // A taller window shows more: the top line follows at the next draw.
        assert_eq!(s.fit(30, 25), 5);
        assert_eq!(s.top(), 5);
        assert!(s.apply(ScrollCmd::Top));
        assert_eq!(s.fit(8, 10), 0);
        assert_eq!(s.position(), "all shown");
    }
}

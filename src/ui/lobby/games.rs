//! The lobby's game list: the game of a new table, or the game whose rules to read.

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::ui::catalog::player_range;
use crate::ui::commands::{self, Command, ENTER, Key};
use crate::ui::rules_page::RulesPage;
use crate::ui::theme::Theme;
use crate::ui::widgets::{hint_line, truncate, width};
use crate::ui::{AnyGame, Nav, Screen};

use super::Visitor;
use super::create::CreateTable;

/// What choosing a game leads to.
pub enum Purpose {
    /// The setup form of a new table on the server.
    Create(Visitor),
    /// The game's rules page.
    Rules,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickCmd {
    Move,
    Choose,
    Back,
}

pub const PICK_COMMANDS: &[Command<PickCmd>] = &[
    Command {
        id: PickCmd::Move,
        keys: &[
            Key::Code(KeyCode::Up),
            Key::Code(KeyCode::Down),
            Key::Char('k'),
            Key::Char('j'),
        ],
        key: "↑/↓",
        label: "choose",
        help: "choose a game",
    },
    Command {
        id: PickCmd::Choose,
        keys: ENTER,
        key: "Enter",
        label: "open",
        help: "set up a table of this game, or read its rules",
    },
    Command {
        id: PickCmd::Back,
        keys: &[Key::Code(KeyCode::Esc), Key::Char('q')],
        key: "Esc",
        label: "back",
        help: "back to the lobby",
    },
];

pub struct GamePick {
    pub games: Vec<&'static dyn AnyGame>,
    pub selected: usize,
    pub purpose: Purpose,
}

impl GamePick {
    pub fn create(visitor: Visitor) -> Self {
        GamePick {
            games: visitor.games.clone(),
            selected: 0,
            purpose: Purpose::Create(visitor),
        }
    }

    /// The rules list, with `game` (an id) chosen when it is one of `games`.
    pub fn rules(games: Vec<&'static dyn AnyGame>, game: Option<&str>) -> Self {
        let selected = game
            .and_then(|id| games.iter().position(|g| g.id() == id))
            .unwrap_or(0);
        GamePick {
            games,
            selected,
            purpose: Purpose::Rules,
        }
    }
}

impl Screen for GamePick {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [body, hint] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(f.area());
        let title = match self.purpose {
            Purpose::Create(_) => "New table: which game?",
            Purpose::Rules => "Rules: which game?",
        };
        let block = theme.block(title);
        let inner = block.inner(body);
        f.render_widget(block, body);
        let w = inner.width as usize;
        let mut lines = vec![Line::from("")];
        for (i, g) in self.games.iter().enumerate() {
            let sel = i == self.selected;
            let marker = if sel { theme.pointer() } else { "  " };
            let range = player_range(theme, g.players());
            let name = theme.text(g.name());
            let pad = w.saturating_sub(2 + width(&name) + width(&range) + 2);
            let row = format!("{marker}{name}{}{range}  ", " ".repeat(pad));
            lines.push(if sel {
                Line::styled(row, theme.selected())
            } else {
                Line::styled(row, theme.title())
            });
            lines.push(Line::styled(
                truncate(
                    &format!("    {}", theme.text(g.pitch())),
                    w,
                    theme.ellipsis(),
                ),
                theme.dim(),
            ));
            lines.push(Line::from(""));
        }
        f.render_widget(Paragraph::new(lines), inner);
        let mut keys = commands::hints(PICK_COMMANDS, |_| true);
        keys[0].0 = theme.up_down();
        f.render_widget(Paragraph::new(hint_line(theme, &keys)), hint);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        match commands::find(PICK_COMMANDS, k, |_| true) {
            Some(PickCmd::Move) => {
                if matches!(k.code, KeyCode::Down | KeyCode::Char('j')) {
                    self.selected = (self.selected + 1).min(self.games.len().saturating_sub(1));
                } else {
                    self.selected = self.selected.saturating_sub(1);
                }
                Nav::Stay
            }
            Some(PickCmd::Choose) => {
                let Some(g) = self.games.get(self.selected).copied() else {
                    return Nav::Stay;
                };
                match &self.purpose {
                    // The form takes this screen's place: leaving it, or the table it opens,
                    // goes back to the lobby.
                    Purpose::Create(v) => Nav::Replace(Box::new(CreateTable::new(v.clone(), g))),
                    Purpose::Rules => Nav::Push(Box::new(RulesPage::new(g.name(), g.rules()))),
                }
            }
            Some(PickCmd::Back) => Nav::Pop,
            None => Nav::Stay,
        }
    }

    fn title(&self) -> String {
        match self.purpose {
            Purpose::Create(_) => "New table".into(),
            Purpose::Rules => "Rules".into(),
        }
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(PICK_COMMANDS)
    }
}

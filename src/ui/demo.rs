//! A tiny game for the UI's own tests: players add 1, 2 or 3 to a shared total in turn; whoever
//! brings it to the target wins. At the start chance deals every seat a secret lucky number
//! (a private view); picking your lucky number scores a bonus point.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use serde::{Deserialize, Serialize};

use crate::engine::{
    Actor, Bot, Game, Illegal, OptionSpec, Options, Outcome, Seat, ToMove, Viewer, options,
};
use crate::ui::commands::{Command, ENTER, Key};
use crate::ui::registered::{Entry, Registered};
use crate::ui::{Ctx, GameUi};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demo {
    pub target: u32,
    pub total: u32,
    pub next: Seat,
    /// Empty until chance deals.
    pub lucky: Vec<u8>,
    pub bonus: Vec<i32>,
    pub players: usize,
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DemoAction {
    Deal(Vec<u8>),
    Pick(u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DemoView {
    pub target: u32,
    pub total: u32,
    pub next: Option<Seat>,
    /// Each seat's lucky number when this viewer may know it.
    pub lucky: Vec<Option<u8>>,
    pub bonus: Vec<i32>,
}

impl Game for Demo {
    const ID: &'static str = "demo";
    const NAME: &'static str = "Race to Ten";
    const PITCH: &'static str = "Add 1, 2 or 3 to the total; whoever reaches the target wins.";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 3;
    const RULES_VERSION: u32 = 1;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        key: "target",
        label: "Target",
        values: &["10", "15"],
        help: "the total that wins",
    }];
    type Action = DemoAction;
    type View = DemoView;

    fn new(options: &Options, players: usize) -> Result<Self, String> {
        let target = options::get(options, "target")
            .parse()
            .map_err(|_| "bad target".to_string())?;
        Ok(Demo {
            target,
            total: 0,
            next: 0,
            lucky: Vec::new(),
            bonus: vec![0; players],
            players,
            winner: None,
        })
    }

    fn to_move(&self) -> ToMove {
        if self.winner.is_some() {
            ToMove::Over
        } else if self.lucky.is_empty() {
            ToMove::Chance
        } else {
            ToMove::Seats(vec![self.next])
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<DemoAction> {
        if self.to_move().includes(seat) {
            (1..=3).map(DemoAction::Pick).collect()
        } else {
            Vec::new()
        }
    }

    fn chance_outcomes(&self) -> Vec<(DemoAction, u32)> {
        if self.to_move() != ToMove::Chance {
            return Vec::new();
        }
        // Every combination of lucky numbers 1..=3.
        let mut out = vec![Vec::new()];
        for _ in 0..self.players {
            out = out
                .into_iter()
                .flat_map(|v: Vec<u8>| {
                    (1..=3u8).map(move |n| {
                        let mut v = v.clone();
                        v.push(n);
                        v
                    })
                })
                .collect();
        }
        out.into_iter().map(|v| (DemoAction::Deal(v), 1)).collect()
    }

    fn apply(&mut self, actor: Actor, action: &DemoAction) -> Result<(), Illegal> {
        match (actor, action) {
            (Actor::Chance, DemoAction::Deal(v))
                if self.lucky.is_empty() && v.len() == self.players =>
            {
                self.lucky = v.clone();
                Ok(())
            }
            (Actor::Seat(s), DemoAction::Pick(n))
                if self.to_move().includes(s) && (1..=3).contains(n) =>
            {
                self.total += u32::from(*n);
                if self.lucky.get(s) == Some(n) {
                    self.bonus[s] += 1;
                }
                if self.total >= self.target {
                    self.winner = Some(s);
                } else {
                    self.next = (s + 1) % self.players;
                }
                Ok(())
            }
            _ => crate::illegal!("{action:?} by {actor:?} is not allowed now"),
        }
    }

    fn view(&self, viewer: Viewer) -> DemoView {
        DemoView {
            target: self.target,
            total: self.total,
            next: (self.winner.is_none() && !self.lucky.is_empty()).then_some(self.next),
            lucky: (0..self.players)
                .map(|s| match viewer {
                    Viewer::Omniscient => self.lucky.get(s).copied(),
                    Viewer::Seat(v) if v == s => self.lucky.get(s).copied(),
                    _ => None,
                })
                .collect(),
            bonus: self.bonus.clone(),
        }
    }

    fn describe(&self, actor: Actor, action: &DemoAction, viewer: Viewer) -> String {
        match (actor, action) {
            (Actor::Chance, DemoAction::Deal(v)) => match viewer {
                Viewer::Seat(s) => match v.get(s) {
                    Some(n) => format!("lucky numbers dealt; yours is {n}"),
                    None => "lucky numbers dealt".into(),
                },
                Viewer::Omniscient => format!("lucky numbers dealt: {v:?}"),
                Viewer::Public => "lucky numbers dealt".into(),
            },
            (_, DemoAction::Pick(n)) => format!("adds {n} (total {})", self.total + u32::from(*n)),
            _ => String::new(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = self.winner?;
        let scores: Vec<i32> = (0..self.players)
            .map(|s| i32::from(s == w) * 5 + self.bonus[s])
            .collect();
        Some(Outcome::by_score(
            scores,
            |s| i64::from(s == w),
            "reaching the target",
        ))
    }

    fn undoable(&self, _seat: Seat, action: &DemoAction) -> bool {
        matches!(action, DemoAction::Pick(_))
    }

    fn vary_hidden(&self, _viewer: Viewer, _salt: u64) -> Self {
        self.clone()
    }
}

/// Picks the smallest number, or the winning one.
struct Greedy;

impl Bot<Demo> for Greedy {
    fn choose(&mut self, _seat: Seat, view: &DemoView, legal: &[DemoAction]) -> DemoAction {
        let need = view.target.saturating_sub(view.total);
        legal
            .iter()
            .find(|a| matches!(a, DemoAction::Pick(n) if u32::from(*n) == need))
            .unwrap_or(&legal[0])
            .clone()
    }
}

/// The game's screen.
impl crate::ui::Playable for Demo {
    type Ui = DemoUi;
}

impl Registered for Demo {
    const BOTS: &'static [(&'static str, &'static str)] = &[
        ("greedy", "takes the win when it can, else adds 1"),
        ("random", "adds a random number"),
    ];
    const RULES: &'static str = "# Race to Ten\n\nPlayers take turns adding **1, 2 or 3** to a shared total.\n\n## Winning\n\n- Whoever brings the total to the target wins 5 points.\n- Picking your secret lucky number scores a bonus point each time.\n\nThe lucky numbers are dealt at random at the start; only you see yours, so pass the keyboard between turns. This paragraph is long on purpose so that the rules page has to wrap it across several lines of the terminal.\n";

    /// The greedy player's move: the win if it is there, else 1.
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        _effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        let action = crate::bots::hint::watch_and_choose(&mut Greedy, seat, seen, legal)?;
        Some(crate::registered::Hint {
            action,
            why: "the greedy player's move".into(),
        })
    }

    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match kind {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(crate::bots::random::RandomBot::new(seed))),
            _ => None,
        }
    }
}

pub static DEMO: Entry<Demo> = Entry::NEW;

/// The demo's board: the total, your lucky number and a row of choices.
#[derive(Clone, Debug, Default)]
pub struct DemoUi {
    pub cursor: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoCmd {
    Add,
    Select,
    Do,
}

impl GameUi<Demo> for DemoUi {
    const PRIVATE: bool = true;
    type Cmd = DemoCmd;
    const COMMANDS: &'static [Command<DemoCmd>] = &[
        Command {
            id: DemoCmd::Add,
            keys: &[Key::Chars('1', '3')],
            key: "1-3",
            label: "add that number",
            help: "add that number",
        },
        Command {
            id: DemoCmd::Select,
            keys: &[
                Key::Code(KeyCode::Left),
                Key::Code(KeyCode::Right),
                Key::Char('h'),
                Key::Char('l'),
            ],
            key: "←/→",
            label: "select",
            help: "select a number",
        },
        Command {
            id: DemoCmd::Do,
            keys: ENTER,
            key: "Enter",
            label: "add the selected number",
            help: "add the selected number",
        },
    ];
    const UNDO: Option<&'static str> = Some("take back your last number");

    fn applies(&self, _cmd: DemoCmd, _ctx: &Ctx<Demo>) -> bool {
        true
    }

    fn run(&mut self, cmd: DemoCmd, key: KeyEvent, ctx: &Ctx<Demo>) -> Option<DemoAction> {
        match (cmd, key.code) {
            (DemoCmd::Add, KeyCode::Char(c)) => {
                let n = u8::try_from(c.to_digit(10)?).ok()?;
                ctx.legal
                    .iter()
                    .find(|a| **a == DemoAction::Pick(n))
                    .cloned()
            }
            (DemoCmd::Select, KeyCode::Left | KeyCode::Char('h')) => {
                self.cursor = self.cursor.saturating_sub(1);
                None
            }
            (DemoCmd::Select, _) => {
                self.cursor = (self.cursor + 1).min(ctx.legal.len().saturating_sub(1));
                None
            }
            (DemoCmd::Do, _) => ctx.legal.get(self.cursor).cloned(),
            _ => None,
        }
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Demo>) {
        let t = ctx.theme();
        let v = ctx.view;
        let mut lines = vec![
            Line::from(format!("Total: {} / {}", v.total, v.target)),
            Line::from(""),
        ];
        for (s, name) in ctx.names.iter().enumerate() {
            let lucky = match v.lucky.get(s).copied().flatten() {
                Some(n) => n.to_string(),
                None => "?".into(),
            };
            let bonus = v.bonus.get(s).copied().unwrap_or(0);
            lines.push(Line::from(format!("{name}: lucky {lucky}, bonus {bonus}")));
        }
        lines.push(Line::from(""));
        if !ctx.legal.is_empty() {
            let mut row = String::from("Choose: ");
            for (i, a) in ctx.legal.iter().enumerate() {
                if let DemoAction::Pick(n) = a {
                    if i == self.cursor {
                        row.push_str(&format!("[{n}] "));
                    } else {
                        row.push_str(&format!(" {n}  "));
                    }
                }
            }
            lines.push(Line::styled(row, t.accent()));
        }
        f.render_widget(Paragraph::new(lines), area);
    }
}

//! The replay viewer: step through a match from any viewpoint, with autoplay.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::engine::replay::Replay;
use crate::engine::{Match, Viewer};
use crate::ui::Playable;

use super::commands::{self, Command, Key};
use super::events::{self, EventLog};
use super::theme::Theme;
use super::widgets::hint_line;
use super::{Ctx, GameUi, Nav, Screen};

/// Autoplay intervals, slowest first.
pub const SPEEDS_MS: &[u64] = &[2000, 1200, 700, 400, 200, 80];
const DEFAULT_SPEED: usize = 2;

/// What the replay's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayCmd {
    Next,
    Previous,
    Start,
    End,
    Play,
    Faster,
    Slower,
    View,
    Back,
}

/// The replay's keys: the hint line, the `?` help and dispatch all read this list. The hint
/// line names the steps both ways at once and `q` alone; the help names each.
pub const REPLAY_COMMANDS: &[Command<ReplayCmd>] = &[
    Command {
        id: ReplayCmd::Next,
        keys: &[],
        key: "←/→",
        label: "step",
        help: "",
    },
    Command {
        id: ReplayCmd::Next,
        keys: &[Key::Code(KeyCode::Right), Key::Char('l')],
        key: "→ / l",
        label: "",
        help: "next action",
    },
    Command {
        id: ReplayCmd::Previous,
        keys: &[Key::Code(KeyCode::Left), Key::Char('h')],
        key: "← / h",
        label: "",
        help: "previous action",
    },
    Command {
        id: ReplayCmd::Start,
        keys: &[Key::Code(KeyCode::Home), Key::Char('g')],
        key: "Home / g",
        label: "",
        help: "the start",
    },
    Command {
        id: ReplayCmd::End,
        keys: &[Key::Code(KeyCode::End), Key::Char('G')],
        key: "End / G",
        label: "",
        help: "the end",
    },
    Command {
        id: ReplayCmd::Play,
        keys: &[Key::Char(' ')],
        key: "space",
        label: "play",
        help: "play or pause",
    },
    Command {
        id: ReplayCmd::Faster,
        keys: &[Key::Char('+'), Key::Char('=')],
        key: "+ / -",
        label: "",
        help: "faster or slower",
    },
    Command {
        id: ReplayCmd::Slower,
        keys: &[Key::Char('-')],
        key: "+ / -",
        label: "",
        help: "faster or slower",
    },
    Command {
        id: ReplayCmd::View,
        keys: &[Key::Char('v')],
        key: "v",
        label: "view",
        help: "viewpoint: everything, public, each player",
    },
    Command {
        id: ReplayCmd::Back,
        keys: &[Key::Char('q'), Key::Code(KeyCode::Esc)],
        key: "q",
        label: "back",
        help: "",
    },
    Command {
        id: ReplayCmd::Back,
        keys: &[Key::Char('q'), Key::Code(KeyCode::Esc)],
        key: "q / Esc",
        label: "",
        help: "back",
    },
];

pub fn replay_screen<G: Playable>(m: Match<G>) -> Box<dyn Screen> {
    Box::new(ReplayScreen::new(m))
}

pub struct ReplayScreen<G: Playable> {
    pub replay: Replay<G>,
    ui: G::Ui,
    names: Vec<String>,
    events: EventLog,
    pub viewer: Viewer,
    /// Index into [`SPEEDS_MS`].
    pub speed: usize,
    /// The next autoplay step, while playing.
    pub next_step: Option<Instant>,
    /// The game has ended: every viewpoint may be shown. An unfinished game (the entry points
    /// refuse to replay one) keeps to the public view.
    finished: bool,
    /// Why `v` did not change the viewpoint.
    pub note: Option<&'static str>,
}

impl<G: Playable> ReplayScreen<G> {
    pub fn new(m: Match<G>) -> Self {
        let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        let events = EventLog::rebuild(&m);
        let finished = m.is_over();
        ReplayScreen {
            replay: Replay::new(m),
            ui: G::Ui::default(),
            names,
            events,
            viewer: if finished {
                Viewer::Omniscient
            } else {
                Viewer::Public
            },
            speed: DEFAULT_SPEED,
            next_step: None,
            finished,
            note: None,
        }
    }

    pub fn pos(&self) -> usize {
        self.replay.pos()
    }

    fn seek(&mut self, n: usize) {
        self.replay.seek(n);
        if self.replay.pos() >= self.replay.len() {
            self.next_step = None;
        }
    }

    fn interval(&self) -> Duration {
        Duration::from_millis(SPEEDS_MS[self.speed.min(SPEEDS_MS.len() - 1)])
    }

    /// Omniscient, Public, then every seat, and round again; only Public before the end.
    fn next_viewer(&self) -> Viewer {
        if !self.finished {
            return Viewer::Public;
        }
        let n = self.names.len();
        match self.viewer {
            Viewer::Omniscient => Viewer::Public,
            Viewer::Public if n > 0 => Viewer::Seat(0),
            Viewer::Seat(s) if s + 1 < n => Viewer::Seat(s + 1),
            _ => Viewer::Omniscient,
        }
    }

    fn viewer_name(&self) -> String {
        match self.viewer {
            Viewer::Omniscient => "everything".into(),
            Viewer::Public => "public".into(),
            Viewer::Seat(s) => self.names.get(s).cloned().unwrap_or_else(|| "?".into()),
        }
    }

    fn toggle_play(&mut self) {
        if self.next_step.is_some() {
            self.next_step = None;
        } else {
            if self.pos() >= self.replay.len() {
                self.seek(0);
            }
            self.next_step = Some(Instant::now() + self.interval());
        }
    }
}

impl<G: Playable> Screen for ReplayScreen<G> {
    fn render(&self, f: &mut Frame, theme: &Theme) {
        let [header, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(f.area());
        let m = &self.replay.m;
        let date = m.started.replace('T', " ").replace('Z', "");
        let head = Line::from(vec![
            Span::styled(format!(" Replay: {}", theme.text(G::NAME)), theme.title()),
            Span::raw(theme.sep()),
            Span::styled(theme.text(&self.names.join(", ")), theme.dim()),
            Span::raw(theme.sep()),
            Span::styled(date, theme.dim()),
        ]);
        f.render_widget(Paragraph::new(head), header);
        let (board, pane) = G::Ui::layout(body);
        let view = self.replay.state().view(self.viewer);
        let ctx = Ctx::<G> {
            view: &view,
            seat: self.viewer.seat(),
            legal: &[],
            names: &self.names,
            theme: *theme,
        };
        self.ui.render(f, board, &ctx);
        let lines = self.events.lines(self.pos(), self.viewer, 64);
        events::render_pane(f, pane, theme, &lines);

        let playing = if self.next_step.is_some() {
            format!("playing every {:.1}s", self.interval().as_secs_f32())
        } else {
            "paused".into()
        };
        // Who acted is in the event pane; the line keeps to 80 columns.
        if let Some(note) = self.note {
            f.render_widget(
                Paragraph::new(Line::styled(format!(" {note}"), theme.error())),
                status,
            );
            return;
        }
        let mut spans = vec![
            Span::styled(
                format!(" {}/{}", self.pos(), self.replay.len()),
                theme.accent(),
            ),
            Span::raw(theme.sep()),
            Span::raw(format!("view: {}", theme.text(&self.viewer_name()))),
            Span::raw(theme.sep()),
            Span::styled(playing, theme.dim()),
            Span::raw("  "),
        ];
        spans.extend(hint_line(theme, &commands::hints(REPLAY_COMMANDS, |_| true)).spans);
        f.render_widget(Paragraph::new(Line::from(spans)), status);
    }

    fn on_event(&mut self, ev: &Event) -> Nav {
        let Event::Key(k) = ev else {
            return Nav::Stay;
        };
        if k.kind == KeyEventKind::Release {
            return Nav::Stay;
        }
        let pos = self.pos();
        self.note = None;
        let Some(cmd) = commands::find(REPLAY_COMMANDS, k, |_| true) else {
            return Nav::Stay;
        };
        match cmd {
            ReplayCmd::Back => return Nav::Pop,
            ReplayCmd::Next => {
                self.next_step = None;
                self.seek(pos + 1);
            }
            ReplayCmd::Previous => {
                self.next_step = None;
                self.seek(pos.saturating_sub(1));
            }
            ReplayCmd::Start => {
                self.next_step = None;
                self.seek(0);
            }
            ReplayCmd::End => {
                self.next_step = None;
                self.seek(self.replay.len());
            }
            ReplayCmd::Play => self.toggle_play(),
            ReplayCmd::Faster => self.speed = (self.speed + 1).min(SPEEDS_MS.len() - 1),
            ReplayCmd::Slower => self.speed = self.speed.saturating_sub(1),
            ReplayCmd::View if !self.finished => {
                self.note = Some(
                    "Only the public view: the game is not finished, so its secrets stay hidden.",
                );
            }
            ReplayCmd::View => self.viewer = self.next_viewer(),
        }
        Nav::Stay
    }

    fn deadline(&self) -> Option<Instant> {
        self.next_step
    }

    fn on_deadline(&mut self) -> Nav {
        let pos = self.pos();
        self.seek(pos + 1);
        if self.pos() < self.replay.len() {
            self.next_step = Some(Instant::now() + self.interval());
        } else {
            self.next_step = None;
        }
        Nav::Stay
    }

    fn title(&self) -> String {
        format!("Replay of {}", G::NAME)
    }

    fn help(&self) -> Vec<(String, String)> {
        commands::help_lines(REPLAY_COMMANDS)
    }
}

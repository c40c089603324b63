//! Pocket & Biscuit on screen: the 6×6 grid with a cursor, the run, the players' piles and the
//! last turn. Tiles a finished turn showed stay on the grid until a person presses a key (the
//! play screen holds the computer players until then), then vanish with the turn's event lines:
//! it is a memory game. Received tiles lie on face-down piles: the side panel shows their sizes
//! and the cracked tiles; a person may look at their own pile with `p` while it is their turn.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::games::pocket::{
    Action, CellView, GRID_SIDE, Kind, Pocket, TurnEnd, TurnSummary, View, cell_name,
};
use crate::ui::commands::{ARROWS, Command, ENTER, Key};
use crate::ui::lines;
use crate::ui::{Ctx, GameUi, Theme};

/// Columns one grid cell takes.
const CELL_W: u16 = 6;
/// Rows one grid cell takes.
const CELL_H: u16 = 2;
/// Width of the row letters at the left of the grid.
const LABEL_W: u16 = 3;

/// Columns the side panel needs beside a larger grid.
const SIDE_MIN: u16 = 36;
/// Rows the event pane keeps under a larger grid.
const PANE_MIN: u16 = 8;

/// The grid's cell size: 6×2 (a four-column face and a blank row) at 80×24, larger tiles when
/// the board has the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GridGeo {
    cw: u16,
    ch: u16,
}

impl GridGeo {
    const COMPACT: GridGeo = GridGeo {
        cw: CELL_W,
        ch: CELL_H,
    };

    /// The largest tiles for a board area of this size, with the side panel beside them.
    fn fit(width: u16, height: u16) -> GridGeo {
        [GridGeo { cw: 14, ch: 6 }, GridGeo { cw: 10, ch: 4 }]
            .into_iter()
            .find(|g| g.height() <= height && g.width() + 2 + SIDE_MIN <= width)
            .unwrap_or(Self::COMPACT)
    }

    fn width(&self) -> u16 {
        LABEL_W + self.cw * GRID_SIDE as u16
    }

    fn height(&self) -> u16 {
        1 + self.ch * GRID_SIDE as u16
    }
}

#[derive(Clone, Debug, Default)]
pub struct PocketUi {
    cursor: usize,
    /// The finished turn the cursor was last placed after. A newer one means a new turn has
    /// begun, whose cursor starts on the first face-down tile instead of where the previous
    /// turn ended (which would point at that turn's last tile).
    cursor_turn: Option<TurnSummary>,
    /// The finished turn whose tiles the player has already looked at.
    acked: Option<TurnSummary>,
    /// Why the last Enter / `t` / click did nothing; cleared by the next key or click.
    note: Option<&'static str>,
    /// The turn (by its first action) in which the person to move looks at their own pile.
    peek: Option<usize>,
}

impl PocketUi {
    /// A finished turn's tiles are still on show: nobody has pressed a key since, and no new
    /// run has begun.
    fn showing<'v>(&self, view: &'v View) -> Option<&'v TurnSummary> {
        let last = view.last_turn.as_ref()?;
        (view.run.flips.is_empty() && self.acked.as_ref() != Some(last)).then_some(last)
    }

    /// The pile of the person to move, while they look at it in their own turn.
    fn peeking<'v>(&self, ctx: &Ctx<'v, Pocket>) -> Option<&'v [Kind]> {
        let view = ctx.view;
        let seat = ctx.seat?;
        if ctx.legal.is_empty() || view.turn != Some(seat) || self.peek != Some(view.turn_began) {
            return None;
        }
        view.seats.get(seat)?.pile_tiles.as_deref()
    }

    /// A turn has finished since the cursor was placed, and the new one has not flipped yet.
    fn new_turn(&self, view: &View) -> bool {
        view.run.flips.is_empty() && view.last_turn.is_some() && view.last_turn != self.cursor_turn
    }

    /// Where the cursor is in `view`: at the start of a turn, on the first face-down tile.
    fn cursor_at(&self, view: &View) -> usize {
        if self.new_turn(view) {
            (0..view.grid.len())
                .find(|&c| view.grid[c] == CellView::FaceDown)
                .unwrap_or(self.cursor)
        } else {
            self.cursor
        }
    }

    /// Puts the cursor where [`PocketUi::cursor_at`] shows it, before a key or click moves it.
    fn settle_cursor(&mut self, view: &View) {
        if self.new_turn(view) {
            self.cursor = self.cursor_at(view);
            self.cursor_turn = view.last_turn.clone();
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let side = GRID_SIDE as isize;
        let r = (self.cursor as isize / side + dr).rem_euclid(side);
        let c = (self.cursor as isize % side + dc).rem_euclid(side);
        self.cursor = (r * side + c) as usize;
    }

    /// The action for the cell under the cursor, if it is legal now.
    fn act(&self, tap: bool, ctx: &Ctx<Pocket>) -> Option<Action> {
        let action = if ctx.view.show_pending {
            Action::Show { cell: self.cursor }
        } else {
            Action::Flip {
                cell: self.cursor,
                tap,
            }
        };
        ctx.legal.contains(&action).then_some(action)
    }

    /// Does the cursor's action, or says why the tile under it cannot be flipped (or shown).
    fn act_or_note(&mut self, tap: bool, ctx: &Ctx<Pocket>) -> Option<Action> {
        let action = self.act(tap, ctx);
        if action.is_none() && !ctx.legal.is_empty() {
            self.note = match ctx.view.grid.get(self.cursor) {
                Some(CellView::Empty) => Some("That tile is gone: pick a face-down one."),
                Some(CellView::FaceUp { .. }) => Some("Already face up: pick a face-down one."),
                _ => None,
            };
        }
        action
    }

    /// The cell under a screen position of the board `area`.
    fn cell_at(area: Rect, col: u16, row: u16) -> Option<usize> {
        let geo = GridGeo::fit(area.width, area.height);
        if col >= area.x + geo.width() || row >= area.y + geo.height() {
            return None;
        }
        let x = col.checked_sub(area.x + LABEL_W)? / geo.cw;
        let y = row.checked_sub(area.y + 1)? / geo.ch;
        ((x as usize) < GRID_SIDE && (y as usize) < GRID_SIDE)
            .then_some(y as usize * GRID_SIDE + x as usize)
    }
}

fn tile_style(theme: &Theme, kind: Kind) -> Style {
    if !theme.color {
        return Style::new().add_modifier(Modifier::BOLD);
    }
    let c = match kind {
        Kind::ChocolateOne | Kind::ChocolateTwo | Kind::ChocolateThree => Color::LightRed,
        Kind::Cracked => Color::LightMagenta,
        Kind::Five => Color::LightGreen,
        _ => Color::Yellow,
    };
    theme.paint(c).add_modifier(Modifier::BOLD)
}

/// A tile's face in four columns: its label and a `+` when tapped.
fn face(kind: Kind, tapped: bool) -> String {
    format!(
        "{:<4}",
        format!("{}{}", kind.label(), if tapped { "+" } else { "" })
    )
}

fn grid_lines(ui: &PocketUi, ctx: &Ctx<Pocket>, theme: &Theme, geo: GridGeo) -> Vec<Line<'static>> {
    let view = ctx.view;
    let shown = ui.showing(view);
    let mut lines = Vec::new();
    let mut head = vec![Span::raw(" ".repeat(LABEL_W as usize))];
    let cw = usize::from(geo.cw);
    // The tile's face: the cell less a bracket column each side.
    let tw = cw - 2;
    for c in 0..GRID_SIDE {
        head.push(Span::styled(
            format!(" {:^tw$} ", format!("{}", c + 1)),
            theme.dim(),
        ));
    }
    lines.push(Line::from(head));
    let my_turn = !ctx.legal.is_empty();
    // Tile rows inside a cell (one blank row under each tile), and the one with the face.
    let th = usize::from(geo.ch) - 1;
    let mid = th / 2;
    for r in 0..GRID_SIDE {
        let mut rows: Vec<Vec<Span<'static>>> = (0..=th)
            .map(|i| {
                let label = if i == mid {
                    format!(" {} ", (b'A' + r as u8) as char)
                } else {
                    " ".repeat(LABEL_W as usize)
                };
                vec![Span::styled(label, theme.dim())]
            })
            .collect();
        for c in 0..GRID_SIDE {
            let cell = r * GRID_SIDE + c;
            let just_shown = shown.and_then(|t| t.revealed().into_iter().find(|(x, _)| *x == cell));
            let omniscient = view.known.as_ref().and_then(|k| k[cell]);
            // The face row's text, and what fills the tile's other rows.
            let (text, mut style, fill) = match (view.grid[cell], just_shown) {
                (CellView::FaceUp { kind, tapped }, _) => {
                    (face(kind, tapped), tile_style(theme, kind), ' ')
                }
                (CellView::FaceDown, Some((_, kind))) => {
                    let tapped = shown
                        .and_then(|t| t.flips.iter().find(|f| f.cell == cell))
                        .is_some_and(|f| f.tap);
                    (
                        face(kind, tapped),
                        tile_style(theme, kind).add_modifier(Modifier::UNDERLINED),
                        ' ',
                    )
                }
                (CellView::FaceDown, None) => match omniscient {
                    Some(kind) => (face(kind, false), theme.dim(), ' '),
                    None => {
                        let f = if theme.ascii { '#' } else { '▒' };
                        (f.to_string().repeat(4), theme.frame(), f)
                    }
                },
                (CellView::Empty, _) => (
                    if theme.ascii {
                        " .  ".into()
                    } else {
                        " ·  ".into()
                    },
                    theme.dim(),
                    ' ',
                ),
            };
            if view.dealing == Some(cell) {
                style = theme.accent();
            }
            let here = cell == ui.cursor_at(view) && (my_turn || ctx.seat.is_some());
            let (l, rgt) = if here { ("[", "]") } else { (" ", " ") };
            if here {
                style = style.add_modifier(Modifier::REVERSED);
            }
            for (i, row) in rows.iter_mut().enumerate() {
                if i == th {
                    row.push(Span::raw(" ".repeat(cw)));
                    continue;
                }
                let body = if i == mid {
                    // Compact faces keep their four columns; larger ones are centred.
                    let face = if tw == 4 {
                        text.clone()
                    } else {
                        format!("{:^tw$}", text.trim_end())
                    };
                    if fill == ' ' {
                        face
                    } else {
                        fill.to_string().repeat(tw)
                    }
                } else {
                    fill.to_string().repeat(tw)
                };
                let (bl, br) = if i == mid { (l, rgt) } else { (" ", " ") };
                row.push(Span::styled(bl.to_string(), theme.accent()));
                row.push(Span::styled(body, style));
                row.push(Span::styled(br.to_string(), theme.accent()));
            }
        }
        lines.extend(rows.into_iter().map(Line::from));
    }
    lines
}

fn describe_end(end: &TurnEnd) -> String {
    match end {
        TurnEnd::Received { tiles } => format!("received {tiles} tiles"),
        TurnEnd::Nothing => "received nothing".into(),
        TurnEnd::SpellFailed => "the spell failed: nothing".into(),
        TurnEnd::GreatSix {
            shown: Some((cell, kind)),
        } => {
            format!("GREAT 6! showed {} ({})", cell_name(*cell), kind.name())
        }
        TurnEnd::GreatSix { shown: None } => "GREAT 6!".into(),
    }
}

fn side_lines(ui: &PocketUi, ctx: &Ctx<Pocket>, theme: &Theme) -> Vec<Line<'static>> {
    let view = ctx.view;
    let name = |s: usize| {
        ctx.names
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", s + 1))
    };
    let mut lines = Vec::new();
    match view.turn {
        Some(t) if !view.over => {
            lines.push(Line::from(vec![
                Span::styled(theme.text(&name(t)), theme.accent()),
                Span::raw(if view.show_pending {
                    " shows one tile".to_string()
                } else {
                    format!(" needs {}", view.run.need)
                }),
            ]));
            let mut run = vec![Span::styled("Run: ", theme.dim())];
            if view.run.flips.is_empty() {
                run.push(Span::styled("nothing yet", theme.dim()));
            }
            for f in &view.run.flips {
                run.push(Span::styled(
                    face(f.kind, f.tap).trim_end().to_string(),
                    tile_style(theme, f.kind),
                ));
                run.push(Span::raw(" "));
            }
            lines.push(Line::from(run));
        }
        _ if view.over => lines.push(Line::from(Span::styled("Game over", theme.accent()))),
        _ => lines.push(Line::from(Span::styled(
            "Drawing the start player",
            theme.accent(),
        ))),
    }
    if let Some(n) = view.final_turns.filter(|_| !view.over) {
        lines.push(Line::from(Span::styled(
            format!("Last round: {n} turn(s) left"),
            theme.error(),
        )));
    }
    lines.push(Line::raw(""));
    for (s, seat) in view.seats.iter().enumerate() {
        let marker = if view.turn == Some(s) && !view.over {
            theme.pointer()
        } else {
            "  "
        };
        // Piles are face down: their size for everyone, the points only at the end (or in the
        // omniscient replay view).
        let tally = match seat.score.filter(|_| view.over || view.known.is_some()) {
            Some(points) => format!(" {points:>2} pts {:>2} tiles", seat.tiles),
            None => format!(" pile {:>2}", seat.pile),
        };
        lines.push(Line::from(vec![
            Span::styled(marker.to_string(), theme.accent()),
            Span::raw(crate::ui::widgets::fit(
                &theme.text(&name(s)),
                10,
                theme.ellipsis(),
            )),
            Span::raw(tally),
            Span::styled(
                if seat.cracked > 0 {
                    format!("  cracked {}", seat.cracked)
                } else {
                    String::new()
                },
                theme.dim(),
            ),
        ]));
    }
    if let Some(pile) = ui.peeking(ctx) {
        let faces: Vec<String> = pile
            .iter()
            .map(|&k| face(k, false).trim_end().to_string())
            .collect();
        let points: i32 = pile.iter().map(|k| i32::from(k.points())).sum();
        lines.push(Line::from(vec![
            Span::styled("Your pile: ", theme.accent()),
            Span::raw(if faces.is_empty() {
                "empty".to_string()
            } else {
                format!("{} ({points} pts)", faces.join(" "))
            }),
        ]));
    }
    lines.push(Line::raw(""));
    // The last turn is on show until a person has seen it; then only memories remain.
    if let Some(last) = ui
        .showing(view)
        .filter(|_| !view.over)
        .or(view.last_turn.as_ref().filter(|_| view.over))
    {
        let flips: Vec<String> = last
            .flips
            .iter()
            .map(|f| face(f.kind, f.tap).trim_end().to_string())
            .collect();
        lines.push(Line::from(vec![
            Span::styled("Last turn: ", theme.dim()),
            Span::raw(format!(
                "{} flipped {}: {}",
                theme.text(&name(last.seat)),
                flips.join(" "),
                describe_end(&last.end)
            )),
        ]));
        if !view.over && !ctx.legal.is_empty() {
            lines.push(Line::from(Span::styled(
                "Look well: any key turns them back.",
                theme.accent(),
            )));
        }
    }
    if let Some(note) = ui.note.filter(|_| !ctx.legal.is_empty()) {
        lines.push(Line::from(Span::styled(note, theme.accent())));
    }
    lines
}

/// Pocket's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    TurnBack,
    Move,
    Flip,
    Show,
    Tap,
    Pile,
}

const COMMANDS: &[Command<Cmd>] = &[
    Command {
        id: Cmd::TurnBack,
        keys: &[Key::Any],
        key: "any key",
        label: "turn the tiles back",
        help: "after a turn: turns its tiles face down, and does nothing else",
    },
    Command {
        id: Cmd::Move,
        keys: ARROWS,
        key: "arrows",
        label: "move",
        help: "move the cursor (h j k l too)",
    },
    Command {
        id: Cmd::Flip,
        keys: ENTER,
        key: "Enter",
        label: "flip",
        help: "flip the tile under the cursor (Space too)",
    },
    Command {
        id: Cmd::Show,
        keys: ENTER,
        key: "Enter",
        label: "show",
        help: "after a Great 6: show the tile under the cursor to everyone",
    },
    Command {
        id: Cmd::Tap,
        keys: &[Key::Char('t'), Key::Char('T')],
        key: "t",
        label: "tap+flip",
        help: "tap, then flip: the tile counts one biscuit more",
    },
    Command {
        id: Cmd::Pile,
        keys: &[Key::Char('p'), Key::Char('P')],
        key: "p",
        label: "my pile",
        help: "in your turn: see your own pile (p again hides it)",
    },
];

impl GameUi<Pocket> for PocketUi {
    const PRIVATE: bool = false;
    type Cmd = Cmd;
    const COMMANDS: &'static [Command<Cmd>] = COMMANDS;
    const LEGEND: &'static [(&'static str, &'static str)] = &[
        ("1 2 3 5", "the biscuits on a turned-up tile"),
        (
            "c",
            "after a number: chocolate biscuits (they score double)",
        ),
        ("x", "a cracked biscuit: counts as 1 or 2, scores 1"),
        ("+", "after a tile: it was tapped"),
    ];
    /// Every flip shows the table a tile: nothing can be taken back.
    const UNDO: Option<&'static str> = None;

    fn applies(&self, cmd: Cmd, ctx: &Ctx<Pocket>) -> bool {
        // While a finished turn's tiles are up, a key only turns them back: a flip there
        // would cost a turn to a key meant to say "seen".
        if self.showing(ctx.view).is_some() {
            return cmd == Cmd::TurnBack;
        }
        match cmd {
            Cmd::TurnBack => false,
            Cmd::Move => true,
            Cmd::Flip | Cmd::Tap => !ctx.view.show_pending,
            Cmd::Show => ctx.view.show_pending,
            Cmd::Pile => true,
        }
    }

    fn before_key(&mut self, _key: &KeyEvent, ctx: &Ctx<Pocket>) {
        self.note = None;
        self.settle_cursor(ctx.view);
    }

    fn run(&mut self, cmd: Cmd, key: KeyEvent, ctx: &Ctx<Pocket>) -> Option<Action> {
        match cmd {
            Cmd::TurnBack => {
                // The key says the tiles were seen; it does nothing else.
                self.acked = self.showing(ctx.view).cloned();
                None
            }
            Cmd::Pile => {
                let now = Some(ctx.view.turn_began);
                self.peek = if self.peek == now { None } else { now };
                None
            }
            Cmd::Move => {
                let (dr, dc) = crate::ui::widgets::grid_step(key.code)?;
                self.move_cursor(dr, dc);
                None
            }
            Cmd::Flip | Cmd::Show => self.act_or_note(false, ctx),
            Cmd::Tap => self.act_or_note(true, ctx),
        }
    }

    /// The cursor on the hinted tile (a tap the status line asks for: `t` there).
    fn show_hint(&mut self, action: &Action, ctx: &Ctx<Pocket>) {
        if let Action::Flip { cell, .. } | Action::Show { cell } = *action {
            self.settle_cursor(ctx.view);
            self.cursor = cell;
            self.note = None;
        }
    }

    /// Wide and tall screens: larger tiles with the side panel beside them and the event pane
    /// below; otherwise the usual split.
    fn layout(body: Rect) -> (Rect, Rect) {
        let room = body.height.saturating_sub(PANE_MIN);
        let geo = GridGeo::fit(body.width, room);
        if geo == GridGeo::COMPACT {
            return crate::ui::default_layout(body);
        }
        let [b, p] =
            Layout::vertical([Constraint::Length(geo.height()), Constraint::Fill(1)]).areas(body);
        (b, p)
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Pocket>) {
        let theme = ctx.theme();
        let geo = GridGeo::fit(area.width, area.height);
        let [grid, gap, side] = Layout::horizontal([
            Constraint::Length(geo.width()),
            Constraint::Length(2),
            Constraint::Fill(1),
        ])
        .areas(area);
        let _ = gap;
        lines::render(&grid_lines(self, ctx, &theme, geo), grid, f.buffer_mut());
        // Untrimmed: the seats' lines start with their marker or two spaces, and trimming the
        // spaces would shift the piles of every seat but the one to move.
        f.render_widget(
            Paragraph::new(side_lines(self, ctx, &theme)).wrap(Wrap { trim: false }),
            side,
        );
    }

    fn holds(&self, view: &View) -> bool {
        self.showing(view).is_some()
    }

    fn release(&mut self, view: &View) {
        // The key only turns the shown tiles back, so nobody flips by accident.
        self.acked = view.last_turn.clone();
        self.note = None;
        // A cursor left on the tile that failed would point at it: the new turn's starts on
        // the first face-down tile.
        self.settle_cursor(view);
    }

    fn events_from(&self, view: &View) -> usize {
        match self.showing(view) {
            Some(last) => last.began,
            None => view.turn_began,
        }
    }

    fn on_mouse(&mut self, m: MouseEvent, area: Rect, ctx: &Ctx<Pocket>) -> Option<Action> {
        let MouseEventKind::Down(button) = m.kind else {
            return None;
        };
        self.note = None;
        self.settle_cursor(ctx.view);
        if let Some(last) = self.showing(ctx.view) {
            // Like a key, a click while the tiles are up only turns them back.
            self.acked = Some(last.clone());
            return None;
        }
        let cell = Self::cell_at(area, m.column, m.row)?;
        self.cursor = cell;
        let tap = button == MouseButton::Right
            || m.modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::SHIFT | KeyModifiers::ALT);
        self.act_or_note(tap, ctx)
    }
}

/// This game's facts for the app: its computer players and its rules page.
/// The game's screen.
impl crate::ui::Playable for crate::games::pocket::Pocket {
    type Ui = PocketUi;
}

impl crate::ui::Registered for crate::games::pocket::Pocket {
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::pocket::KINDS;
    const RULES: &'static str = include_str!("../../../assets/rules/pocket.md");
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        crate::bots::hint::pocket::hint(seat, seen, legal, effort)
    }
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        // What each kind and level is: `crate::bots::kinds`, the one place that says.
        crate::bots::kinds::pocket(kind, seed)
    }
}

#[cfg(test)]
mod tests {
    use insta::assert_snapshot;
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Game, Match, Setup, Table, Viewer};
    use crate::ui::Registered;
    use crate::ui::Screen;
    use crate::ui::play::Play;
    use crate::ui::replay::ReplayScreen;
    use crate::ui::testutil::{ch, draw, key};

    const THEME: Theme = Theme::new(false, true);

    fn table(players: Vec<PlayerEntry>, seed: u64) -> Table<Pocket> {
        let mut options = crate::engine::Options::new();
        options.insert("start".into(), "1".into());
        let m = Match::new(Setup {
            options,
            players,
            seed,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup");
        Table::new(m, Pocket::make_bot).expect("table")
    }

    fn humans() -> Vec<PlayerEntry> {
        vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")]
    }

    /// Moves the cursor to `cell` with the keys and flips it with Enter.
    fn flip_at(p: &mut Play<Pocket>, cell: usize) {
        while p.ui.cursor / GRID_SIDE != cell / GRID_SIDE {
            p.on_event(&ch('j'));
        }
        while p.ui.cursor != cell {
            p.on_event(&ch('l'));
        }
        p.on_event(&key(KeyCode::Enter));
    }

    #[test]
    fn mid_turn_and_shown_tiles() {
        let mut p = Play::new(table(humans(), 3), true);
        assert_snapshot!("pocket_start", draw(&p, THEME, 80, 24));
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(p.table.m.history.len(), 2, "flip and deal");
        assert_snapshot!("pocket_after_first_flip", draw(&p, THEME, 80, 24));
        flip_at(&mut p, 7);
        flip_at(&mut p, 14);
        assert_snapshot!("pocket_later", draw(&p, THEME, 80, 24));
        assert_snapshot!("pocket_ascii", draw(&p, Theme::new(true, false), 80, 24));
        // Larger screens: larger tiles, the event pane below the grid and the side panel.
        let big = draw(&p, THEME, 120, 40);
        assert!(big.contains("▒▒▒▒▒▒▒▒"), "{big}");
        assert_snapshot!("pocket_120x40", big);
        assert_snapshot!("pocket_200x60", draw(&p, THEME, 200, 60));
    }

    #[test]
    fn the_mouse_finds_the_larger_tiles() {
        let mut p = Play::new(table(humans(), 3), true);
        let click = |col: u16, row: u16| {
            ratatui::crossterm::event::Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: col,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        // 120x40: 10x4 cells after three columns of row letters, under the number line.
        let full = |w, h| ratatui::layout::Rect::new(0, 0, w, h);
        p.on_event_in(
            &click(3 + 2 * 10 + 5, 1 + 1 + 3 * 4 + 1),
            full(120, 40),
            &THEME,
        );
        assert_eq!(p.ui.cursor, 3 * GRID_SIDE + 2);
        // 200x60: 14x6 cells.
        let mut p = Play::new(table(humans(), 3), true);
        p.on_event_in(
            &click(3 + 5 * 14 + 7, 1 + 1 + 5 * 6 + 2),
            full(200, 60),
            &THEME,
        );
        assert_eq!(p.ui.cursor, 5 * GRID_SIDE + 5);
    }

    #[test]
    fn the_turn_marker_leaves_the_pile_column_in_place() {
        let p = Play::new(table(five_seats(), 3), true);
        for (w, h) in [(80, 24), (120, 40)] {
            let screen = draw(&p, THEME, w, h);
            let columns: Vec<usize> = screen
                .lines()
                .filter(|l| !l.contains("my pile"))
                .filter_map(|l| l.find(" pile ").map(|i| l[..i].chars().count()))
                .collect();
            assert_eq!(columns.len(), 5, "{screen}");
            assert!(
                columns.windows(2).all(|c| c[0] == c[1]),
                "{columns:?}\n{screen}"
            );
        }
    }

    #[test]
    fn shown_tiles_vanish_after_a_key() {
        let mut p = Play::new(table(humans(), 3), true);
        // Flip until Ann's turn ends.
        while p.table.m.state.turn() == Some(0) {
            let cell = (0..36)
                .find(|&c| p.table.m.state.is_face_down(c))
                .expect("a tile");
            flip_at(&mut p, cell);
        }
        let last = p
            .table
            .m
            .state
            .last_turn()
            .cloned()
            .expect("a finished turn");
        let shown = draw(&p, THEME, 80, 24);
        assert!(shown.contains("any key turns them back"), "{shown}");
        let failed = last.failed().expect("a failed flip").kind.label();
        assert!(shown.contains(failed));
        // Bo's first key only turns the tiles back; nothing is flipped.
        let before = p.table.m.history.len();
        p.on_event(&ch('x'));
        assert_eq!(p.table.m.history.len(), before);
        let after = draw(&p, THEME, 80, 24);
        assert!(!after.contains("any key turns them back"), "{after}");
        assert_snapshot!("pocket_turned_back", after);
    }

    #[test]
    fn a_click_while_a_computer_player_waits_only_turns_the_tiles_back() {
        let mut p = Play::new(table(five_seats(), 3), true);
        while p.table.m.state.turn() == Some(0) {
            human_flips(&mut p);
        }
        assert!(p.held(), "Mem waits for a person");
        let before = p.table.m.history.len();
        let click = ratatui::crossterm::event::Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 12,
            row: 5,
            modifiers: KeyModifiers::NONE,
        });
        p.on_event(&click);
        assert_eq!(
            p.table.m.history.len(),
            before,
            "the click did something else"
        );
        assert!(!p.held());
        assert!(p.bot_at().is_some(), "now Mem moves");
    }

    #[test]
    fn a_new_turn_starts_on_the_first_face_down_tile_and_its_first_key_only_turns_back() {
        let mut p = Play::new(table(humans(), 3), true);
        // Ann flips from the far end of the grid until her turn ends.
        while p.table.m.state.turn() == Some(0) {
            let cell = (0..36)
                .rev()
                .find(|&c| p.table.m.state.is_face_down(c))
                .expect("a tile");
            flip_at(&mut p, cell);
        }
        let anns_last = p.ui.cursor;
        let view = crate::engine::Game::view(&p.table.m.state, crate::engine::Viewer::Public);
        let home = (0..36)
            .find(|&c| view.grid[c] == CellView::FaceDown)
            .expect("a face-down tile");
        assert_ne!(home, anns_last);
        assert_eq!(
            p.ui.cursor_at(&view),
            home,
            "Bo's cursor starts at the first tile"
        );
        let shown = draw(&p, THEME, 80, 24);
        assert!(shown.contains("any key turns them back"), "{shown}");
        // While the tiles are up the hint offers nothing but turning them back.
        assert!(shown.contains("any key turn the tiles back"), "{shown}");
        assert!(!shown.contains("Enter flip"), "{shown}");
        // Bo's first key only turns the tiles back: the cursor stays on the first tile.
        let before = p.table.m.history.len();
        p.on_event(&ch('j'));
        assert_eq!(p.ui.cursor, home);
        assert_eq!(p.table.m.history.len(), before);
        let back = draw(&p, THEME, 80, 24);
        assert!(!back.contains("any key turns them back"), "{back}");
        assert!(back.contains("Enter flip"), "{back}");
        // The next key moves it.
        p.on_event(&ch('j'));
        assert_eq!(p.ui.cursor, home + GRID_SIDE);
        // A first Enter only turns the tiles back too, and the second one flips.
        let mut p = Play::new(table(humans(), 3), true);
        while p.table.m.state.turn() == Some(0) {
            let cell = (0..36)
                .rev()
                .find(|&c| p.table.m.state.is_face_down(c))
                .expect("a tile");
            flip_at(&mut p, cell);
        }
        let before = p.table.m.history.len();
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(p.table.m.history.len(), before, "the first Enter flipped");
        p.on_event(&key(KeyCode::Enter));
        assert!(p.table.m.history.len() > before, "the second Enter flipped");
        assert!(
            p.table.m.history[before..].iter().any(|s| s.action
                == Action::Flip {
                    cell: home,
                    tap: false
                }),
            "on the first face-down tile"
        );
    }

    #[test]
    fn enter_on_a_face_up_or_gone_tile_says_why() {
        // A game whose first flip (cell 0) stays face up in Ann's run.
        let mut p = (1..50)
            .map(|seed| {
                let mut p = Play::new(table(humans(), seed), true);
                p.on_event(&key(KeyCode::Enter));
                p
            })
            .find(|p| {
                let view =
                    crate::engine::Game::view(&p.table.m.state, crate::engine::Viewer::Seat(0));
                p.table.m.state.turn() == Some(0) && matches!(view.grid[0], CellView::FaceUp { .. })
            })
            .expect("a first flip that keeps the turn");
        let before = p.table.m.history.len();
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(p.table.m.history.len(), before, "nothing flipped");
        let shown = draw(&p, THEME, 80, 24);
        assert!(
            shown.contains("Already face up: pick a face-down one."),
            "{shown}"
        );
        // The next key clears it.
        p.on_event(&ch('l'));
        let after = draw(&p, THEME, 80, 24);
        assert!(!after.contains("pick a face-down"), "{after}");
    }

    #[test]
    fn tap_and_mouse() {
        let mut p = Play::new(table(humans(), 8), true);
        p.on_event(&ch('t'));
        let flip = p.table.m.history.iter().find_map(|s| match s.action {
            Action::Flip { tap, .. } => Some(tap),
            _ => None,
        });
        assert_eq!(flip, Some(true));
    }

    #[test]
    fn end_screen_and_replay() {
        let players = vec![
            PlayerEntry::bot("Ann", "memory", 1),
            PlayerEntry::bot("Bo", "forgetful", 2),
        ];
        let mut t = table(players, 11);
        crate::ui::AnyTable::run_bots(&mut t).expect("plays");
        let m = t.m.clone();
        let p = Play::new(t, true);
        assert!(p.is_over());
        assert_snapshot!("pocket_end", draw(&p, THEME, 80, 24));
        let mut r = ReplayScreen::new(m);
        for _ in 0..9 {
            r.on_event(&ch('l'));
        }
        assert_snapshot!("pocket_replay_public", draw(&r, THEME, 80, 24));
        r.on_event(&key(KeyCode::Char('v')));
        assert_snapshot!("pocket_replay_next_view", draw(&r, THEME, 80, 24));
    }

    fn five_seats() -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Mem", "memory", 1),
            PlayerEntry::bot("Fog", "forgetful", 2),
            PlayerEntry::bot("Max", "memory", 3),
            PlayerEntry::human("Bo"),
        ]
    }

    /// The human to move flips the first face-down tile.
    fn human_flips(p: &mut Play<Pocket>) {
        let cell = (0..36)
            .find(|&c| p.table.m.state.is_face_down(c))
            .expect("a tile");
        flip_at(p, cell);
    }

    #[test]
    fn every_finished_turn_waits_for_a_key_even_between_computer_players() {
        let mut p = Play::new(table(five_seats(), 4), true);
        let mut last_began = None;
        let mut held_bot_turns = Vec::new();
        for _ in 0..3000 {
            if p.is_over() {
                break;
            }
            let began = p.table.m.state.last_turn().map(|t| t.began);
            if began != last_began && began.is_some() {
                // A turn has just ended: its tiles stay up, and nobody moves, until a key.
                last_began = began;
                let last = p.table.m.state.last_turn().cloned().expect("summary");
                // A person to move turns them back with their first key, which does nothing
                // else; a computer player waits for that key.
                let bot_next = p
                    .table
                    .m
                    .to_move()
                    .seats()
                    .iter()
                    .any(|&s| p.table.is_bot(s));
                assert_eq!(p.held(), bot_next, "turn {began:?}");
                assert_eq!(p.bot_at(), None, "a computer player would move on");
                assert_eq!(p.deadline(), None);
                let shown = draw(&p, THEME, 80, 24);
                assert!(shown.contains("Last turn:"), "{shown}");
                if let Some(failed) = last.failed() {
                    let at = cell_name(failed.cell);
                    assert!(shown.contains(&format!("flips {at}")), "{shown}");
                }
                if p.table.is_bot(last.seat) {
                    held_bot_turns.push(last.seat);
                }
                let before = p.table.m.history.len();
                p.on_event(&ch('x'));
                assert_eq!(
                    p.table.m.history.len(),
                    before,
                    "the key only turns them back"
                );
                assert!(!p.held());
                let view = p.table.m.state.view(Viewer::Public);
                assert_eq!(
                    p.ui.cursor,
                    (0..36)
                        .find(|&c| view.grid[c] == CellView::FaceDown)
                        .expect("a tile"),
                    "the cursor would point at the turn's tiles"
                );
                let after = draw(&p, THEME, 80, 24);
                assert!(!after.contains("Last turn:"), "{after}");
                assert!(
                    !after.contains("the tile is"),
                    "an old event line stays: {after}"
                );
                for _ in 0..5 {
                    p.on_event(&key(KeyCode::PageUp));
                }
                let back = draw(&p, THEME, 80, 24);
                assert!(
                    !back.contains("the tile is"),
                    "PgUp brings a flip back: {back}"
                );
                continue;
            }
            if p.bot_at().is_some() {
                p.on_deadline();
            } else {
                human_flips(&mut p);
            }
        }
        assert!(p.is_over(), "the game ends");
        // Three computer players in a row each waited for a person.
        assert!(
            held_bot_turns.windows(3).any(|w| w == [1, 2, 3]),
            "{held_bot_turns:?}"
        );
    }

    #[test]
    fn a_pile_is_seen_only_by_its_owner_in_their_turn() {
        // Ann and Bo play; find a moment where Ann has a pile and it is her turn again.
        let mut p = Play::new(table(humans(), 9), true);
        for _ in 0..2000 {
            let s = &p.table.m.state;
            if s.turn() == Some(0)
                && !p.held()
                && s.received(0).iter().any(|k| !k.is_cracked())
                && s.received(1).iter().any(|k| !k.is_cracked())
            {
                break;
            }
            if p.held() {
                p.on_event(&ch('x'));
                continue;
            }
            // Flip a tile known to match, else one nobody has seen, so that piles grow.
            let s = &p.table.m.state;
            let need = s.need();
            let down = (0..36).filter(|&c| s.is_face_down(c));
            let good = down.clone().find(|&c| {
                s.known(c).is_some_and(|k| {
                    crate::games::pocket::matches(k, false, need)
                        == crate::games::pocket::Verdict::Matches
                })
            });
            let cell = good
                .or_else(|| down.clone().find(|&c| s.known(c).is_none()))
                .or_else(|| down.clone().next())
                .expect("a tile");
            flip_at(&mut p, cell);
        }
        // Bo's last tiles are up: Ann's first key only turns them back.
        p.on_event(&ch('x'));
        let state = p.table.m.state.clone();
        assert_eq!(state.turn(), Some(0), "Ann to move with a pile");
        // Without `p`, the screen shows only what the whole table may see: it is the same
        // whatever any pile holds.
        let plain = draw(&p, THEME, 80, 24);
        let wide = draw(&p, THEME, 120, 40);
        assert!(!plain.contains("Your pile"));
        for salt in 0..30 {
            p.table.m.state = state.vary_hidden(Viewer::Public, salt);
            assert_eq!(draw(&p, THEME, 80, 24), plain, "salt {salt}");
            assert_eq!(draw(&p, THEME, 120, 40), wide, "salt {salt}");
        }
        p.table.m.state = state.clone();
        // `p` shows Ann her own pile, and only hers.
        p.on_event(&ch('p'));
        let peek = draw(&p, THEME, 80, 24);
        let pile: Vec<&str> = state
            .received(0)
            .iter()
            .filter(|k| !k.is_cracked())
            .map(|k| k.label().trim_end())
            .collect();
        assert!(
            peek.contains(&format!("Your pile: {}", pile.join(" "))),
            "{peek}"
        );
        for salt in 0..30 {
            let other = state.vary_hidden(Viewer::Seat(0), salt);
            p.table.m.state = other;
            assert_eq!(draw(&p, THEME, 80, 24), peek, "Bo's pile shows through");
        }
        p.table.m.state = state;
        // Again: hidden.
        p.on_event(&ch('p'));
        assert!(!draw(&p, THEME, 80, 24).contains("Your pile"));
        // It closes by itself when the turn ends.
        p.on_event(&ch('p'));
        while p.table.m.state.turn() == Some(0) {
            human_flips(&mut p);
        }
        p.on_event(&ch('x'));
        assert!(!draw(&p, THEME, 80, 24).contains("Your pile"));
    }
}

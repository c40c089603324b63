//! Cocoon World on screen: the 60-space loop drawn as a ring (Start at the top left, clockwise),
//! the players, dice, dungeon and the choice to make inside it, and the EP circle at its right.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::engine::Seat;
use crate::games::cocoon::{
    Action, Cocoon, Effect, Prompt, SPACES, Side, Space, Square, Tile, View, colour, space,
};
use crate::ui::commands::{ARROWS, Command, ENTER, Key};
use crate::ui::{Ctx, GameUi, Theme};

mod board;
use board::Geo;

#[derive(Clone, Debug, Default)]
pub struct CocoonUi {
    /// Highlighted menu row.
    menu: usize,
    /// The value chosen with left/right within the row (a Nightmare's worth, a die's face).
    variant: usize,
    /// The board cursor for choices of a space.
    cursor: Option<u8>,
    /// "Place a tile anywhere": the tile chosen, before its space.
    staged: Option<Tile>,
    /// Everyone's EP through the game, once it is over.
    progress: Option<crate::ui::score_chart::Progress>,
}

/// One menu row: its text and the actions left/right step through.
struct Item {
    label: String,
    actions: Vec<Action>,
}

fn player_colour(seat: Seat) -> Color {
    match seat {
        0 => Color::LightRed,
        1 => Color::LightBlue,
        2 => Color::LightGreen,
        3 => Color::Yellow,
        _ => Color::LightMagenta,
    }
}

fn seat_style(theme: &Theme, seat: Seat) -> Style {
    if theme.color {
        Style::new()
            .fg(theme.colour(player_colour(seat)))
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::BOLD)
    }
}

/// A pawn's letter: its colour's initial, upper case when white side up, lower when black.
fn pawn_letter(seat: Seat, side: Side) -> char {
    let c = colour(seat).chars().next().unwrap_or('?');
    match side {
        Side::White => c.to_ascii_uppercase(),
        Side::Black => c.to_ascii_lowercase(),
    }
}

fn tile_style(theme: &Theme, tile: Tile) -> Style {
    if !theme.color {
        return Style::new();
    }
    let c = match tile.effect() {
        Effect::Forward(_) => Color::Green,
        Effect::Backward(_) => Color::Red,
        Effect::Ep(_) | Effect::EpRoll(_) => Color::Yellow,
        Effect::Roll | Effect::RollPlace => Color::Cyan,
        Effect::ToStart { .. }
        | Effect::ToExp { .. }
        | Effect::ToPit
        | Effect::ToBet
        | Effect::ToInitiation => Color::LightCyan,
        _ => Color::Magenta,
    };
    theme.paint(c)
}

fn event_code(s: Space) -> &'static str {
    match s {
        Space::Start => "STA",
        Space::Initiation => "INI",
        Space::Experience => "EXP",
        Space::GodsBet => "BET",
        Space::Pit => "PIT",
        Space::Normal => "",
    }
}

/// "17: +3 (3 forward)", "20: Experience", "33: face down", "5: empty".
pub fn space_text(view: &View, at: u8) -> String {
    match (space(at), view.board.get(usize::from(at))) {
        (Space::Normal, Some(Square::Up(t))) => format!("{at}: {} ({})", t.code(), t.name()),
        (Space::Normal, Some(Square::FaceDown)) => format!("{at}: a face-down tile"),
        (Space::Normal, _) => format!("{at}: empty"),
        (s, _) => format!("{at}: {}", s.name()),
    }
}

/// What a pawn on `at` stands on, for the player lines (the pawn hides it on the board):
/// "under: E-3 lose 3 EP", "under: face down", "Experience"; nothing on an empty space.
fn under_text(view: &View, at: u8, wide: bool) -> String {
    match (space(at), view.board.get(usize::from(at))) {
        (Space::Normal, Some(Square::Up(t))) if wide => format!(" on {} {}", t.code(), t.name()),
        (Space::Normal, Some(Square::Up(t))) => format!(" on {}", t.code()),
        (Space::Normal, Some(Square::FaceDown)) => " on face-down".into(),
        (Space::Normal, _) => String::new(),
        (s, _) if wide => format!(" on {}", s.name()),
        (s, _) => format!(" on {}", event_code(s)),
    }
}

/// What the codes on the board mean, for the panel inside the ring where it has the room:
/// every face-up tile's code with its instruction, then the special spaces.
pub(super) fn code_legend(view: &View) -> String {
    let mut tiles: Vec<Tile> = view
        .board
        .iter()
        .filter_map(|sq| match sq {
            Square::Up(t) => Some(*t),
            _ => None,
        })
        .collect();
    tiles.sort_by_key(|t| t.code());
    tiles.dedup();
    let mut parts: Vec<String> = tiles
        .iter()
        .map(|t| format!("{} {}", t.code(), t.name()))
        .collect();
    for s in [
        Space::Start,
        Space::Initiation,
        Space::Experience,
        Space::GodsBet,
        Space::Pit,
    ] {
        parts.push(format!("{} {}", event_code(s), s.name()));
    }
    format!("On the board: {}.", parts.join(", "))
}

fn name(ctx: &Ctx<Cocoon>, seat: Seat) -> String {
    ctx.names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn tile_label(t: Tile) -> String {
    format!("{:<3} {}", t.code(), t.name())
}

/// The board space an action is about, if it is one: where a tile goes, or the space of the
/// pawn a swap takes.
fn space_of(action: &Action, view: &View) -> Option<u8> {
    match *action {
        Action::PlaceAt { at, .. } | Action::Replace { at } | Action::PutTaken { at } => Some(at),
        Action::SwapTaken => (view.players.get(view.turn))
            .and_then(|p| p.in_play())
            .map(|(at, _)| at),
        _ => None,
    }
}

impl CocoonUi {
    /// The legal spaces when the choice is a space on the board.
    fn targets(&self, ctx: &Ctx<Cocoon>) -> Vec<u8> {
        let mut out: Vec<u8> = ctx
            .legal
            .iter()
            .filter(|a| !matches!(a, Action::PlaceAt { tile, .. } if Some(*tile) != self.staged))
            .filter_map(|a| space_of(a, ctx.view))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn spatial(&self, ctx: &Ctx<Cocoon>) -> bool {
        !self.targets(ctx).is_empty()
    }

    /// The cursor, on a legal space: the chosen one, else the nearest to the pawn.
    fn cursor(&self, ctx: &Ctx<Cocoon>) -> Option<u8> {
        let targets = self.targets(ctx);
        if let Some(c) = self.cursor.filter(|c| targets.contains(c)) {
            return Some(c);
        }
        let from = ctx.view.last_space;
        crate::games::cocoon::board::by_distance(from)
            .chain(std::iter::once(from))
            .find(|at| targets.contains(at))
    }

    fn step_cursor(&mut self, ctx: &Ctx<Cocoon>, dir: i8) {
        let targets = self.targets(ctx);
        let Some(mut c) = self.cursor(ctx) else {
            return;
        };
        for _ in 0..SPACES {
            c = if dir > 0 {
                (c + 1) % SPACES
            } else {
                (c + SPACES - 1) % SPACES
            };
            if targets.contains(&c) {
                self.cursor = Some(c);
                return;
            }
        }
    }

    /// The action for a chosen space.
    fn at_space(&self, ctx: &Ctx<Cocoon>, at: u8) -> Option<Action> {
        let mine = ctx
            .view
            .players
            .get(ctx.view.turn)
            .and_then(|p| p.in_play())
            .map(|(p, _)| p);
        let mut candidates = vec![
            Action::Replace { at },
            Action::PutTaken { at },
            Action::SwapTaken,
        ];
        if let Some(tile) = self.staged {
            candidates.push(Action::PlaceAt { tile, at });
        }
        candidates
            .into_iter()
            .find(|a| ctx.legal.contains(a) && (*a != Action::SwapTaken || mine == Some(at)))
    }

    fn items(&self, ctx: &Ctx<Cocoon>) -> Vec<Item> {
        let v = ctx.view;
        let mut items: Vec<Item> = Vec::new();
        let mut push = |label: String, actions: Vec<Action>| {
            if !actions.is_empty() {
                items.push(Item { label, actions });
            }
        };
        for a in ctx.legal {
            match *a {
                Action::Place { tile } => push(tile_label(tile), vec![*a]),
                Action::TakeFrom { seat } => push(
                    format!(
                        "{} ({}): {} tiles",
                        name(ctx, seat),
                        colour(seat),
                        v.players.get(seat).map_or(0, |p| p.hand_size)
                    ),
                    vec![*a],
                ),
                Action::Take { tile } => push(tile_label(tile), vec![*a]),
                Action::Bet { on } => {
                    let at = v
                        .players
                        .get(on)
                        .and_then(|p| p.in_play())
                        .map_or("off the board".to_string(), |(at, _)| format!("on {at}"));
                    push(
                        format!("{} ({}), {at}", colour(on), name(ctx, on)),
                        vec![*a],
                    );
                }
                Action::Dungeon { enter } => push(
                    if enter {
                        "Challenge the dungeon".into()
                    } else {
                        "Stay out".into()
                    },
                    vec![*a],
                ),
                Action::Delve => push("Roll the dungeon dice again".into(), vec![*a]),
                Action::KeepDice => push("Keep the dice as rolled".into(), vec![*a]),
                _ => {}
            }
        }
        // Rows whose value left/right chooses.
        let stops: Vec<Action> = ctx
            .legal
            .iter()
            .filter(|a| matches!(a, Action::Stop { .. }))
            .copied()
            .collect();
        if !stops.is_empty() {
            let label = if stops.len() > 1 {
                "Stop; the Nightmare counts as {pick} EP (left/right)".to_string()
            } else {
                "Stop and take the EP".to_string()
            };
            push(label, stops);
        }
        let n = v.rolling.len();
        for die in 0..n as u8 {
            let acts: Vec<Action> = ctx
                .legal
                .iter()
                .filter(|a| matches!(a, Action::ChangeDie { die: d, .. } if *d == die))
                .copied()
                .collect();
            let which = if usize::from(die) + 1 == n {
                "target die".to_string()
            } else {
                format!("die {}", die + 1)
            };
            let old = v.rolling.get(usize::from(die)).copied().unwrap_or(0);
            push(format!("Change the {which} ({old}) to {{to}}"), acts);
        }
        let mut keeps: Vec<Tile> = Vec::new();
        for a in ctx.legal {
            if let Action::Pick { keep, .. } = *a
                && !keeps.contains(&keep)
            {
                keeps.push(keep);
            }
        }
        for keep in keeps {
            let acts: Vec<Action> = ctx
                .legal
                .iter()
                .filter(|a| matches!(a, Action::Pick { keep: k, .. } if *k == keep))
                .copied()
                .collect();
            let label = if acts.len() > 1 {
                format!("Keep {}; {{top}} goes on top", tile_label(keep))
            } else {
                format!("Keep {}", tile_label(keep))
            };
            push(label, acts);
        }
        if self.staged.is_none() {
            let mut tiles: Vec<Tile> = Vec::new();
            for a in ctx.legal {
                if let Action::PlaceAt { tile, .. } = *a
                    && !tiles.contains(&tile)
                {
                    tiles.push(tile);
                }
            }
            for t in tiles {
                let first = ctx
                    .legal
                    .iter()
                    .find(|a| matches!(a, Action::PlaceAt { tile, .. } if *tile == t));
                if let Some(a) = first {
                    push(tile_label(t), vec![*a]);
                }
            }
        }
        items
    }

    /// The row's label with its current value filled in, and the action it stands for.
    fn item_choice(&self, item: &Item, row: usize) -> (String, Option<Action>) {
        let k = if row == self.menu { self.variant } else { 0 };
        let a = item
            .actions
            .get(k.min(item.actions.len().saturating_sub(1)))
            .copied();
        let label = match a {
            Some(Action::Stop { pick }) => item.label.replace("{pick}", &pick.to_string()),
            Some(Action::ChangeDie { to, .. }) => item.label.replace("{to}", &to.to_string()),
            Some(Action::Pick { top: Some(t), .. }) => item.label.replace("{top}", t.code()),
            _ => item.label.clone(),
        };
        (label, a)
    }

    fn prompt_text(&self, ctx: &Ctx<Cocoon>) -> String {
        let v = ctx.view;
        let who = colour(v.turn);
        match v.prompt {
            Prompt::None => String::new(),
            Prompt::Place { at, follow: true } => {
                format!("{who} places a tile on {at} and follows it:")
            }
            Prompt::Place { at, follow: false } => {
                format!("{who} owes a tile: it goes on {at}, the nearest empty space:")
            }
            Prompt::PlaceAny if self.staged.is_some() => {
                "Choose an empty space for it (arrows, Enter; Esc: other tile):".into()
            }
            Prompt::PlaceAny => format!("{who} places a tile on any empty space; which tile?"),
            Prompt::Replace => "Replace which placed tile (face-down ones too)?".into(),
            Prompt::TakeFrom => "Whose tiles do you look at?".into(),
            Prompt::Take { from } => format!("Take one of {}'s tiles:", colour(from)),
            Prompt::PutTaken { .. } => {
                "Put it on an empty space, or on your own to swap it in:".into()
            }
            Prompt::Bet => "Gods' Bet: whose pawn reaches Start next?".into(),
            Prompt::Dungeon => format!("{who} stands on Pit In & Out:"),
            Prompt::Delve => "A new hand! Roll on, or stop with the EP?".into(),
            Prompt::ChangeDie => "Change Result of Die: change one die?".into(),
            Prompt::Pick { seat } => format!("{} keeps one of the tiles looked at:", colour(seat)),
        }
    }

    fn act_menu(&mut self, ctx: &Ctx<Cocoon>, row: usize) -> Option<Action> {
        let items = self.items(ctx);
        let item = items.get(row)?;
        let (_, a) = self.item_choice(item, row);
        let a = a?;
        if let Action::PlaceAt { tile, .. } = a {
            self.staged = Some(tile);
            self.cursor = None;
            return None;
        }
        self.menu = 0;
        self.variant = 0;
        self.staged = None;
        Some(a)
    }

    /// One line per player. `wide`: room to name the tile under each pawn, not just its code.
    fn player_lines(&self, ctx: &Ctx<Cocoon>, theme: &Theme, wide: bool) -> Vec<Line<'static>> {
        let v = ctx.view;
        let mut lines = Vec::new();
        for (s, p) in v.players.iter().enumerate() {
            let ptr = if s == v.turn && !v.over {
                theme.pointer()
            } else {
                "  "
            };
            let (side, at) = match (p.spare, p.pawn, wide) {
                (Some((at, side)), _, false) => (side, format!("spare@{at}")),
                (Some((at, side)), _, true) => (side, format!("spare pawn on {at}")),
                (None, Some(at), false) => (p.side, format!("@{at}")),
                (None, Some(at), true) => (p.side, format!("space {at}")),
                (None, None, false) => (p.side, "bet".into()),
                (None, None, true) => (p.side, "at the gods' bet".into()),
            };
            let bet = p
                .bet
                .map(|b| format!(" bet:{}", colour(b)))
                .unwrap_or_default();
            let mut flags = Vec::new();
            if p.flags.reverse {
                flags.push("rev");
            }
            if p.flags.add_die {
                flags.push("+die");
            }
            if p.flags.change_die {
                flags.push("chg");
            }
            if p.flags.pick_three {
                flags.push("pick3");
            }
            let under = p
                .in_play()
                .map(|(at, _)| under_text(v, at, wide))
                .unwrap_or_default();
            let nm = crate::ui::widgets::fit(&theme.text(&name(ctx, s)), 9, theme.ellipsis());
            lines.push(Line::from(vec![
                Span::styled(ptr.to_string(), theme.accent()),
                Span::styled(pawn_letter(s, side).to_string(), seat_style(theme, s)),
                Span::raw(format!(" {nm}")),
                // The event lines speak of colours: each name says its colour.
                Span::styled(format!(" {:<6}", colour(s)), seat_style(theme, s)),
                // Words where the panel is wide enough; the codes (in the `?` legend) where not.
                Span::raw(if wide {
                    format!(
                        " EP {:>2}, {}, {} tile{} in hand, {at}",
                        p.ep,
                        if side == Side::White {
                            "white"
                        } else {
                            "black"
                        },
                        p.hand_size,
                        if p.hand_size == 1 { "" } else { "s" },
                    )
                } else {
                    format!(
                        " EP {:>2} {} {}t {at}",
                        p.ep,
                        if side == Side::White { "W" } else { "B" },
                        p.hand_size,
                    )
                }),
                Span::styled(theme.text(&under), theme.dim()),
                Span::raw(format!("{bet} {}", flags.join(","))),
            ]));
        }
        lines
    }

    fn roll_line(&self, v: &View, theme: &Theme) -> Option<Line<'static>> {
        if !v.rolling.is_empty() && v.prompt == Prompt::ChangeDie {
            let (target, dice) = v.rolling.split_last()?;
            let d: Vec<String> = dice.iter().map(u8::to_string).collect();
            return Some(Line::from(format!(
                "Rolled {} vs target {target}",
                d.join("+")
            )));
        }
        let r = v.roll.as_ref()?;
        let d: Vec<String> = r.dice.iter().map(u8::to_string).collect();
        let mut text = format!("Last roll {}", d.join("+"));
        if let Some(t) = r.target {
            let m = r.dice.iter().filter(|&&x| x == t).count();
            text += &format!(" vs target {t}");
            if m > 0 {
                text += &format!(": {m} match, EP");
            } else if r.dice.iter().all(|&x| x < t) {
                text += ": all under, pawn turned";
            }
        }
        if r.doublet {
            text += ", doublets";
        }
        if r.reverse {
            text += ", in reverse";
        }
        if let Some((_, old)) = r.changed {
            text += &format!(" (a die changed from {old})");
        }
        Some(Line::styled(theme.text(&text), theme.dim()))
    }

    fn dungeon_line(&self, v: &View) -> Option<Line<'static>> {
        let d = v.dungeon.as_ref()?;
        let made: Vec<&str> = d.made.iter().map(|h| h.short()).collect();
        let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
        let end = match d.ended {
            Some(true) => format!(", left with {} EP", d.gained),
            Some(false) => ", failed".into(),
            None => String::new(),
        };
        Some(Line::from(format!(
            "Dungeon: dice {} - made {}{end}",
            dice.join(" "),
            if made.is_empty() {
                "nothing yet".into()
            } else {
                made.join(", ")
            }
        )))
    }

    fn inside_lines(&self, ctx: &Ctx<Cocoon>, theme: &Theme, wide: bool) -> Vec<Line<'static>> {
        let v = ctx.view;
        let mut lines = Vec::new();
        let head = if v.over {
            "The game is over".to_string()
        } else {
            format!(
                "Round {}/{} - {}'s turn ({}) - pile {}",
                v.round,
                v.rounds,
                name(ctx, v.turn),
                colour(v.turn),
                v.pile
            )
        };
        lines.push(Line::styled(theme.text(&head), theme.title()));
        lines.extend(self.player_lines(ctx, theme, wide));
        if let Some(l) = self.roll_line(v, theme) {
            lines.push(l);
        }
        if let Some(l) = self.dungeon_line(v) {
            lines.push(l);
        }
        let mine = ctx.seat;
        if let Some(seat) = mine {
            let known: Vec<&str> = v.known_top.iter().flatten().map(|t| t.code()).collect();
            if !known.is_empty() {
                lines.push(Line::styled(
                    format!("You know the pile's top: {}", known.join(" ")),
                    theme.dim(),
                ));
            }
            if let Some(t) = v.taken {
                lines.push(Line::from(format!("The taken tile: {}", tile_label(t))));
            }
            let _ = seat;
        }
        if ctx.legal.is_empty() {
            if let Some(seat) = mine
                && !v.over
            {
                let n = v.players.get(seat).map_or(0, |p| p.hand_size);
                lines.push(Line::styled(
                    format!("Your hand: {n} tiles, shown when you must choose one"),
                    theme.dim(),
                ));
            }
            return lines;
        }
        lines.push(Line::styled(
            theme.text(&self.prompt_text(ctx)),
            theme.accent(),
        ));
        if self.spatial(ctx) {
            if let Some(c) = self.cursor(ctx) {
                lines.push(Line::from(format!(
                    "{} {}",
                    theme.pointer(),
                    theme.text(&space_text(v, c))
                )));
            }
            return lines;
        }
        for (row, item) in self.items(ctx).iter().enumerate() {
            let (label, _) = self.item_choice(item, row);
            let sel = row == self.menu.min(self.items(ctx).len().saturating_sub(1));
            let text = format!(
                "{}{} {}",
                if sel { theme.pointer() } else { "  " },
                row + 1,
                theme.text(&label)
            );
            lines.push(if sel {
                Line::styled(text, theme.selected())
            } else {
                Line::from(text)
            });
        }
        lines
    }
}

/// Cocoon's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Line,
    Value,
    DoLine,
    Pick,
    Space,
    ChooseSpace,
    OtherTile,
}

const COMMANDS: &[Command<Cmd>] = &[
    Command {
        id: Cmd::Line,
        keys: &[
            Key::Code(KeyCode::Up),
            Key::Code(KeyCode::Down),
            Key::Char('k'),
            Key::Char('j'),
        ],
        key: "↑/↓",
        label: "choose",
        help: "choose a line of the menu (k j too)",
    },
    Command {
        id: Cmd::Value,
        keys: &[
            Key::Code(KeyCode::Left),
            Key::Code(KeyCode::Right),
            Key::Char('h'),
            Key::Char('l'),
        ],
        key: "←/→",
        label: "value",
        help: "change its value: a die's face, a worth, a tile (h l too)",
    },
    Command {
        id: Cmd::DoLine,
        keys: ENTER,
        key: "Enter",
        label: "do it",
        help: "do the chosen line; on the board, choose the space (Space too)",
    },
    Command {
        id: Cmd::Pick,
        keys: &[Key::Chars('1', '9')],
        key: "1-9",
        label: "pick",
        help: "do that line of the menu at once",
    },
    Command {
        id: Cmd::Space,
        keys: ARROWS,
        key: "arrows",
        label: "space",
        help: "on the board: jump between the spaces you may choose",
    },
    Command {
        id: Cmd::ChooseSpace,
        keys: ENTER,
        key: "Enter",
        label: "choose it",
        help: "",
    },
    Command {
        id: Cmd::OtherTile,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "other tile",
        help: "while placing a chosen tile: choose another tile",
    },
];

impl GameUi<Cocoon> for CocoonUi {
    const PRIVATE: bool = true;
    const UNDO: Option<&'static str> = Some(
        "take back your last tile, bet or dice choice with the pawn moves it caused, until a die is rolled or a tile turned up; those wait for your key while you still may",
    );
    type Cmd = Cmd;
    const COMMANDS: &'static [Command<Cmd>] = COMMANDS;
    const LEGEND: &'static [(&'static str, &'static str)] = &[
        (
            "R / r",
            "a player's pawn: capital while white, small once black",
        ),
        ("EP @n", "Experience Points; the pawn's space on the loop"),
        ("W / B", "the pawn's side: white or black"),
        ("3t", "tiles in hand"),
    ];

    fn on_game_over(
        &mut self,
        m: &crate::engine::Match<Cocoon>,
        _data_dir: Option<&std::path::Path>,
        _work: crate::ui::work::Work,
    ) {
        self.progress = Some(crate::ui::score_chart::Progress::of(m, |s: &Cocoon| {
            (0..s.players()).map(|p| i32::from(s.ep(p))).collect()
        }));
    }

    fn end_chart(&self) -> Option<&crate::ui::score_chart::Progress> {
        self.progress.as_ref()
    }

    /// On the board the arrows walk the spaces and the digits do nothing; `Esc` only while a
    /// chosen tile waits for its space.
    fn applies(&self, cmd: Cmd, ctx: &Ctx<Cocoon>) -> bool {
        let spatial = self.spatial(ctx);
        match cmd {
            Cmd::Space | Cmd::ChooseSpace => spatial,
            Cmd::OtherTile => spatial && self.staged.is_some(),
            Cmd::Line | Cmd::Value | Cmd::DoLine | Cmd::Pick if spatial => false,
            Cmd::DoLine | Cmd::Pick => !self.items(ctx).is_empty(),
            Cmd::Line => self.items(ctx).len() > 1,
            Cmd::Value => {
                let items = self.items(ctx);
                let row = self.menu.min(items.len().saturating_sub(1));
                items.get(row).is_some_and(|i| i.actions.len() > 1)
            }
        }
    }

    fn run(&mut self, cmd: Cmd, key: KeyEvent, ctx: &Ctx<Cocoon>) -> Option<Action> {
        let forward = matches!(
            key.code,
            KeyCode::Right | KeyCode::Down | KeyCode::Char('l') | KeyCode::Char('j')
        );
        match cmd {
            Cmd::Space => self.step_cursor(ctx, if forward { 1 } else { -1 }),
            Cmd::OtherTile => self.staged = None,
            Cmd::ChooseSpace => {
                let at = self.cursor(ctx)?;
                let a = self.at_space(ctx, at);
                if a.is_some() {
                    self.staged = None;
                    self.cursor = None;
                }
                return a;
            }
            Cmd::Line | Cmd::Value | Cmd::DoLine | Cmd::Pick => {
                let items = self.items(ctx);
                if items.is_empty() {
                    return None;
                }
                let row = self.menu.min(items.len() - 1);
                match cmd {
                    Cmd::Line => {
                        let step = if forward { 1 } else { items.len() - 1 };
                        self.menu = (row + step) % items.len();
                        self.variant = 0;
                    }
                    Cmd::Value => {
                        let n = items[row].actions.len().max(1);
                        self.menu = row;
                        self.variant = (self.variant + if forward { 1 } else { n - 1 }) % n;
                    }
                    Cmd::DoLine => return self.act_menu(ctx, row),
                    _ => {
                        let KeyCode::Char(c) = key.code else {
                            return None;
                        };
                        let r = c.to_digit(10)?.checked_sub(1)? as usize;
                        if r < items.len() {
                            if r != row {
                                self.variant = 0;
                            }
                            self.menu = r;
                            return self.act_menu(ctx, r);
                        }
                    }
                }
            }
        }
        None
    }

    /// A hinted space: the board's cursor on it (a hinted tile for "any empty space" chosen
    /// first); any other hinted move: its menu row, at its value.
    fn show_hint(&mut self, action: &Action, ctx: &Ctx<Cocoon>) {
        if let Action::PlaceAt { tile, .. } = *action {
            self.staged = Some(tile);
        }
        let space = space_of(action, ctx.view);
        if space.is_some() {
            self.cursor = space;
            return;
        }
        self.staged = None;
        let items = self.items(ctx);
        for (row, item) in items.iter().enumerate() {
            if let Some(k) = item.actions.iter().position(|a| a == action) {
                self.menu = row;
                self.variant = k;
                return;
            }
        }
    }

    fn layout(body: Rect) -> (Rect, Rect) {
        let [b, p] = Layout::vertical([
            Constraint::Length(board::board_height(body)),
            Constraint::Fill(1),
        ])
        .areas(body);
        (b, p)
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Cocoon>) {
        self.draw_board(f, area, ctx);
    }

    fn on_mouse(&mut self, m: MouseEvent, area: Rect, ctx: &Ctx<Cocoon>) -> Option<Action> {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let at = Geo::fit(area).space_at(m.column, m.row)?;
        if !self.targets(ctx).contains(&at) {
            return None;
        }
        self.cursor = Some(at);
        let a = self.at_space(ctx, at);
        if a.is_some() {
            self.staged = None;
            self.cursor = None;
        }
        a
    }
}

/// This game's facts for the app: its computer players and its rules page.
/// The game's screen.
impl crate::ui::Playable for crate::games::cocoon::Cocoon {
    type Ui = CocoonUi;
}

impl crate::ui::Registered for crate::games::cocoon::Cocoon {
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::cocoon::KINDS;
    const RULES: &'static str = include_str!("../../../assets/rules/cocoon.md");
    fn progress(m: &crate::engine::Match<Self>) -> String {
        let s = &m.state;
        let rounds = crate::games::cocoon::rounds_for(s.players());
        format!("round {} of {rounds}", s.round().min(rounds))
    }
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        crate::bots::hint::cocoon::hint(seat, seen, legal, effort)
    }
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        // What each kind and level is: `crate::bots::kinds`, the one place that says.
        crate::bots::kinds::cocoon(kind, seed)
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::RunChance;
    use insta::assert_snapshot;
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Actor, Game, Match, Options, Setup, Table, ToMove, Viewer};
    use crate::ui::Registered;
    use crate::ui::Screen;
    use crate::ui::play::Play;
    use crate::ui::testutil::{ch, draw, key, settled};

    const THEME: Theme = Theme::new(false, true);

    fn new_match(players: Vec<PlayerEntry>, seed: u64) -> Match<Cocoon> {
        let mut options = Options::new();
        options.insert("start".into(), "1".into());
        Match::new(Setup {
            options,
            players,
            seed,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup")
    }

    /// Plays every seat with the wheel bot until `done` holds when a seat must decide.
    fn play_until(m: &mut Match<Cocoon>, done: impl Fn(&Match<Cocoon>) -> bool) {
        let mut bots: Vec<_> = (0..m.players.len())
            .map(|i| crate::bots::kinds::cocoon("wheel", 5 + i as u64).expect("bot"))
            .collect();
        loop {
            m.run_chance().expect("chance");
            let ToMove::Seats(seats) = m.to_move() else {
                return;
            };
            if done(m) {
                return;
            }
            let seat = seats[0];
            let legal = m.state.legal_actions(seat);
            let own = m.state.view(Viewer::Seat(seat));
            let a = bots[seat].choose(seat, &own, &legal);
            m.apply(Actor::Seat(seat), a, None).expect("bot move");
        }
    }

    fn solo() -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "wheel", 2),
            PlayerEntry::bot("Cy", "wheel", 3),
        ]
    }

    #[test]
    fn at_80x24_the_codes_are_explained_on_screen_while_others_play() {
        // The play-test could read `EP  1 W 3t @5` and `>P` only after `?`: while the panel
        // has room (another seat to move), the codes are in words beside the board.
        let mut m = new_match(solo(), 4);
        play_until(&mut m, |m| m.state.round() >= 2 && m.state.turn() == 1);
        // Bo is to move and has not yet: Ann watches.
        let table =
            crate::engine::Table::new(m, <Cocoon as crate::registered::Registered>::make_bot)
                .expect("table");
        let p = crate::ui::play::Play::new(table, false);
        let shown = draw(&p, THEME, 80, 24);
        assert!(
            shown.contains("Lines: W/B white or black side, 3t tiles in hand, @n"),
            "{shown}"
        );
        assert!(shown.contains("On the board:"), "{shown}");
        assert_snapshot!("cocoon_codes_explained_80x24", shown);
    }

    #[test]
    fn mid_game_placing_a_tile() {
        let mut m = new_match(solo(), 4);
        play_until(&mut m, |m| {
            m.state.round() >= 2
                && m.state.turn() == 0
                && matches!(
                    m.state.view(Viewer::Public).prompt,
                    Prompt::Place { follow: true, .. }
                )
        });
        let mut p = settled(m);
        let shown = draw(&p, THEME, 80, 24);
        assert!(shown.contains("places a tile on"), "{shown}");
        assert_snapshot!("cocoon_mid_game", shown);
        assert_snapshot!("cocoon_ascii", draw(&p, Theme::new(true, false), 80, 24));
        let big = draw(&p, THEME, 120, 40);
        // Where the width allows, the status lines are words and the board's codes are
        // explained on screen; at 80x24 the codes stay (the `?` legend explains them).
        assert!(
            big.contains("EP  0, black, 3 tiles in hand, space 13"),
            "{big}"
        );
        assert!(big.contains("On the board:"), "{big}");
        assert!(big.contains("-8 8 back"), "{big}");
        assert!(shown.contains("EP  0 B 3t @13"), "{shown}");
        assert_snapshot!("cocoon_120x40", big);
        assert_snapshot!("cocoon_200x60", draw(&p, THEME, 200, 60));
        // Every space is numbered at every size; the EP circle stands behind its own rule.
        for text in [&shown, &big] {
            for n in ["29", "30", "46", "59"] {
                assert!(text.contains(n), "{n} missing: {text}");
            }
            assert!(text.contains("│ EP"), "{text}");
        }
        // The tile a pawn hides is named in its player's line.
        assert!(shown.contains("@34 on P3"), "{shown}");
        assert!(shown.contains("B Bo        Blue"), "{shown}");
        assert!(big.contains("space 34 on P3 next draw: pick"), "{big}");
        // "2" places the second tile of the hand, as listed.
        let hand = p.table.m.state.hand(0).to_vec();
        let before = p.table.m.history.len();
        p.on_event(&ch('2'));
        let placed = p.table.m.history.get(before).map(|s| s.action);
        let second = hand.iter().fold(Vec::new(), |mut v, t| {
            if !v.contains(t) {
                v.push(*t);
            }
            v
        })[1];
        assert_eq!(placed, Some(Action::Place { tile: second }));
    }

    #[test]
    fn esc_hint_only_while_placing_a_chosen_tile() {
        let hints = |p: &Play<Cocoon>| {
            draw(p, THEME, 80, 24)
                .lines()
                .last()
                .unwrap_or_default()
                .to_string()
        };
        let mut found = false;
        for seed in 1..60 {
            let mut m = new_match(solo(), seed);
            play_until(&mut m, |m| {
                m.state.turn() == 0 && m.state.view(Viewer::Public).prompt == Prompt::PlaceAny
            });
            if m.is_over() {
                continue;
            }
            let mut p = settled(m);
            let line = hints(&p);
            assert!(!line.contains("Esc"), "{line}");
            assert!(line.contains("1-9"), "{line}");
            // Enter on a tile of the menu stages it: now the board is up and Esc goes back.
            p.on_event(&key(KeyCode::Enter));
            if p.ui.staged.is_none() {
                continue;
            }
            let line = hints(&p);
            assert!(line.contains("Esc other tile"), "{line}");
            assert!(!line.contains("1-9"), "{line}");
            p.on_event(&key(KeyCode::Esc));
            assert!(!hints(&p).contains("Esc"));
            found = true;
            break;
        }
        assert!(found, "no seed reached a Place-anywhere tile");
    }

    #[test]
    fn hot_seat_hides_the_hand_behind_the_pass_screen() {
        let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
        let mut p = settled(new_match(players, 9));
        // Ann starts: the first roll needs nobody; her first decision is handed to her.
        let first = draw(&p, THEME, 80, 24);
        assert!(
            first.contains("Pass to") || first.contains("Ann's view"),
            "{first}"
        );
        if p.pass().is_some() {
            p.on_event(&key(KeyCode::Enter));
        }
        // Play Ann's choices with the first line until the keyboard goes to Bo.
        let mut guard = 0;
        while p.pass().is_none() && guard < 50 {
            p.on_event(&ch('1'));
            if p.pass().is_none() && p.table.m.to_move().includes(0) {
                p.on_event(&key(KeyCode::Enter));
            }
            guard += 1;
        }
        let pass = draw(&p, THEME, 80, 24);
        assert!(pass.contains("Pass to Bo"), "{pass}");
        assert!(!pass.contains("EP circle"), "board hidden: {pass}");
        assert_snapshot!("cocoon_pass", pass);
        p.on_event(&key(KeyCode::Enter));
        let bo = draw(&p, THEME, 80, 24);
        assert!(bo.contains("Bo's view"), "{bo}");
        // A prompt longer than the ring is wide wraps instead of running into the space numbers.
        assert!(!bo.contains("spa21"), "{bo}");
        assert_snapshot!("cocoon_private_bo", bo);
    }

    #[test]
    fn end_screen() {
        let players = vec![
            PlayerEntry::bot("Ann", "wheel", 1),
            PlayerEntry::bot("Bo", "random", 2),
        ];
        let mut t = Table::new(new_match(players, 11), Cocoon::make_bot).expect("table");
        crate::ui::AnyTable::run_bots(&mut t).expect("plays");
        let p = Play::new(t, true);
        assert!(p.is_over());
        let shown = draw(&p, THEME, 80, 24);
        assert!(shown.contains("Game over"), "{shown}");
        assert_snapshot!("cocoon_end", shown);
        // Beside the table, everyone's EP through the game, ending at the final EP.
        assert!(shown.contains("Scores through the game"), "{shown}");
        let progress = p.ui.progress.clone().expect("computed at the end");
        let last: Vec<i32> = progress
            .series
            .iter()
            .map(|s| *s.last().expect("points"))
            .collect();
        assert_eq!(Some(last), p.table.m.state.outcome().map(|o| o.scores));
        assert_eq!(
            progress.series.iter().map(|s| s[0]).collect::<Vec<_>>(),
            [0, 0]
        );
        assert_snapshot!("cocoon_end_120x40", draw(&p, THEME, 120, 40));
    }

    #[test]
    fn no_chart_before_the_end() {
        let players = vec![
            PlayerEntry::bot("Ann", "wheel", 1),
            PlayerEntry::bot("Bo", "random", 2),
        ];
        let mut t = Table::new(new_match(players, 11), Cocoon::make_bot).expect("table");
        crate::ui::AnyTable::run_bots_for(&mut t, 40).expect("plays");
        let p = Play::new(t, true);
        assert!(!p.is_over());
        assert!(p.ui.progress.is_none());
        assert!(!draw(&p, THEME, 120, 40).contains("Scores through the game"));
    }
}

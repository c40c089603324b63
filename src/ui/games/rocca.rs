//! Rocca Monster on screen: one row per family with its three villagers (label, face, what the
//! viewer knows of the body, the die and the votes), then the viewer's own secret, what the
//! cycle asks now, the prompt, and what happened since dawn.
//!
//! The private midnight and evening turns look and work the same for every role: everyone
//! points at a villager (or a grave, or a family) and presses Enter, so nobody watching the
//! keys can tell the Monster from a sleeper.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::engine::{Seat, Viewer};
use crate::games::rocca::{
    Action, Body, FAMILY, Face, Reason, Report, Rocca, Side, Stage, Step, View, family_letter,
    label, owner,
};
use crate::ui::commands::{ARROWS, Command, ENTER, Key};
use crate::ui::lines;
use crate::ui::widgets::{fit, wrap};
use crate::ui::{Ctx, GameUi, Theme};

/// Columns of the family column: turn mark, letter, bite mark, space, name, space.
const NAME_W: u16 = 13;
/// Columns of one villager cell: bracket, label, status, face, body, bracket, die, votes.
const CELL_W: u16 = 22;
/// Rows above the first family: the title line.
const TOP: u16 = 1;

/// Rows under the families for the secret, the prompt and what happened since dawn.
const BELOW_MIN: u16 = 10;

/// How the families are drawn: one row each with 22-column villagers (80×24), or a row of
/// framed villager cards, four lines high, when the board has the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RoccaGeo {
    cw: u16,
    ch: u16,
}

impl RoccaGeo {
    const COMPACT: RoccaGeo = RoccaGeo { cw: CELL_W, ch: 1 };

    fn fit(area: Rect, players: usize) -> RoccaGeo {
        let cw = (area.width.saturating_sub(NAME_W) / FAMILY as u16).min(32);
        let rows = TOP + 4 * players as u16 + BELOW_MIN;
        if cw >= 21 && rows <= area.height {
            RoccaGeo { cw, ch: 4 }
        } else {
            Self::COMPACT
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct RoccaUi {
    /// The villager under the cursor.
    pub cursor: u8,
}

fn name(ctx: &Ctx<Rocca>, seat: Seat) -> String {
    ctx.names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn body_text(b: Body) -> &'static str {
    match b {
        Body::Plain => "plain",
        Body::Monster => "MONSTER",
        Body::Vampire => "VAMPIRE",
        Body::Healer => "Healer",
    }
}

/// What Enter on villager `v` means for the seat at the keyboard, if anything.
fn action_at(view: &View, seat: Seat, legal: &[Action], v: u8) -> Option<Action> {
    let x = view.villager(v)?;
    let pick = |a: Action| legal.contains(&a).then_some(a);
    let sleep = || pick(Action::Sleep);
    match view.stage {
        Stage::Midnight | Stage::Evening => match view.next_step(seat)? {
            // A sleeper's Enter is accepted exactly where the role's would be.
            Step::Attack if x.alive => pick(Action::Attack { v }).or_else(sleep),
            Step::Bite if view.bite_from.contains(&owner(v)) => pick(Action::Bite {
                seat: owner(v) as u8,
            })
            .or_else(sleep),
            Step::Revive if !x.alive => pick(Action::Revive { v }).or_else(sleep),
            _ => None,
        },
        Stage::Mayor if view.victim == Some(v) => pick(Action::Keep),
        Stage::Mayor => pick(Action::Redirect { v }),
        Stage::Vote if view.votes.get(seat).copied().flatten() == Some(v) => pick(Action::Confirm),
        Stage::Vote => pick(Action::Vote { v }),
        _ => None,
    }
}

/// What `n` does now, if anything: skip a bite or a revival, or as Mayor leave the die.
fn none_action(ctx: &Ctx<Rocca>) -> Option<Action> {
    let seat = ctx.seat?;
    [Action::Keep, Action::Sleep]
        .into_iter()
        .find(|a| ctx.legal.contains(a))
        .filter(|_| {
            ctx.view.stage == Stage::Mayor
                || matches!(ctx.view.next_step(seat), Some(Step::Bite | Step::Revive))
        })
}

/// The villagers the seat to move may choose now.
fn targets(ctx: &Ctx<Rocca>) -> Vec<u8> {
    let Some(seat) = ctx.seat else {
        return Vec::new();
    };
    (0..ctx.view.villagers.len() as u8)
        .filter(|&v| action_at(ctx.view, seat, ctx.legal, v).is_some())
        .collect()
}

/// What `c` does now, if anything: confirm the vote.
fn confirm_action(ctx: &Ctx<Rocca>) -> Option<Action> {
    ctx.legal
        .contains(&Action::Confirm)
        .then_some(Action::Confirm)
}

impl RoccaUi {
    /// Left and right walk through all villagers in reading order; up and down keep the column.
    fn move_cursor(&mut self, players: usize, dr: isize, dc: isize) {
        let total = (players.max(1) * FAMILY) as isize;
        let step = dr * FAMILY as isize + dc;
        self.cursor = (isize::from(self.cursor) + step).rem_euclid(total) as u8;
    }

    fn cell_at(area: Rect, players: usize, col: u16, row: u16) -> Option<u8> {
        let geo = RoccaGeo::fit(area, players);
        let x = col.checked_sub(area.x + NAME_W)? / geo.cw;
        let y = row.checked_sub(area.y + TOP)? / geo.ch;
        ((x as usize) < FAMILY && (y as usize) < players)
            .then_some((y as usize * FAMILY + x as usize) as u8)
    }
}

fn title_line(view: &View, theme: &Theme) -> Line<'static> {
    let when = match view.stage {
        Stage::Setup => "Setting up".to_string(),
        Stage::Midnight | Stage::Dawn => format!("Night {}", view.day),
        Stage::Mayor | Stage::AttackRoll => format!("Morning {}", view.day),
        Stage::Vote | Stage::Tally | Stage::Lot => format!("Day {}", view.day),
        Stage::Evening | Stage::PrayerEnds | Stage::ReviveRoll => format!("Evening {}", view.day),
        Stage::Over => "Game over".to_string(),
    };
    let mut extra: Vec<String> = Vec::new();
    if view.rules.mayor {
        extra.push(
            if view.mayor_used {
                "Mayor spent"
            } else {
                "Mayor"
            }
            .into(),
        );
    }
    if view.rules.police {
        extra.push("Police".into());
    }
    if view.rules.healer {
        extra.push(match (view.healer_alive, view.healer_power) {
            // Before the deal nobody is the Healer yet, dead or alive.
            _ if view.stage == Stage::Setup => "Healer".into(),
            (false, _) => "Healer dead".into(),
            (true, true) => "Healer awake".into(),
            (true, false) => format!("Healer wakes at {}", view.deaths_to_heal),
        });
    }
    if view.rules.vampire {
        extra.push("Vampire?".into());
    }
    let mut spans = vec![
        Span::styled(when, theme.title()),
        Span::raw(theme.sep()),
        Span::raw(format!(
            "dead {}/{} ({} win)",
            view.dead,
            view.villagers.len(),
            view.deaths_to_win
        )),
    ];
    if !extra.is_empty() {
        spans.push(Span::raw(theme.sep()));
        spans.push(Span::styled(extra.join(", "), theme.dim()));
    }
    Line::from(spans)
}

/// One family: its row at 80×24, or a row of villager cards (four lines) when there is room.
fn family_lines(
    ui: &RoccaUi,
    ctx: &Ctx<Rocca>,
    theme: &Theme,
    seat: Seat,
    geo: RoccaGeo,
) -> Vec<Line<'static>> {
    let view = ctx.view;
    let counts = view.tally();
    let to_vote = view.stage == Stage::Vote && ctx.seat == Some(seat) && !ctx.legal.is_empty();
    let done = matches!(view.stage, Stage::Midnight | Stage::Evening)
        && !view.owes(seat)
        && !view.steps.is_empty();
    let confirmed = view.stage == Stage::Vote && view.confirmed.get(seat) == Some(&true);
    let mark = if to_vote {
        theme.pointer().chars().next().unwrap_or('>').to_string()
    } else if done || confirmed {
        theme.text("✓")
    } else {
        " ".to_string()
    };
    let bite = view.next_step(ctx.seat.unwrap_or(usize::MAX)) == Some(Step::Bite)
        && view.bite_from.contains(&seat);
    let mut spans = vec![
        Span::styled(mark, theme.accent()),
        Span::styled(family_letter(seat).to_string(), theme.title()),
        Span::styled(if bite { "*" } else { " " }.to_string(), theme.accent()),
        Span::raw(" "),
    ];
    let who = fit(&theme.text(&name(ctx, seat)), 8, theme.ellipsis());
    let style = if ctx.seat == Some(seat) {
        theme.accent()
    } else {
        Style::new()
    };
    spans.push(Span::styled(format!("{who} "), style));
    let my_turn = !ctx.legal.is_empty();
    let mut cards: [Vec<Span<'static>>; 4] = Default::default();
    for i in 0..FAMILY {
        let v = (seat * FAMILY + i) as u8;
        let Some(x) = view.villager(v) else {
            continue;
        };
        let here = my_turn && ui.cursor == v;
        let status = match (x.alive, x.once_dead) {
            (false, _) => {
                if theme.ascii {
                    "x"
                } else {
                    "†"
                }
            }
            (true, true) => "+",
            _ => " ",
        };
        let face = match x.face {
            Face::Plain => "",
            f => f.name(),
        };
        // Bodies are dealt during the set-up: until then there is nothing to show.
        let body = x
            .body
            .filter(|_| view.stage != Stage::Setup)
            .map(body_text)
            .unwrap_or("");
        let text = format!("{}{status}{face:<6} {body:<7}", label(v));
        let top = format!(" {}{status} {face}", label(v));
        let mut st = if !x.alive {
            theme.dim()
        } else if matches!(x.body, Some(Body::Monster | Body::Vampire)) {
            theme.error()
        } else {
            Style::new()
        };
        if here {
            st = st.add_modifier(Modifier::REVERSED);
        }
        let (l, r) = if here { ("[", "]") } else { (" ", " ") };
        // The die lies on the victim from dawn to night, and on the grave during the prayer.
        let die_shown = view.victim == Some(v)
            && !matches!(
                view.stage,
                Stage::Evening | Stage::PrayerEnds | Stage::Midnight
            );
        let die = match (die_shown, theme.ascii) {
            (true, true) => "@",
            (true, false) => "●",
            _ => " ",
        };
        let votes = counts.get(usize::from(v)).copied().unwrap_or(0);
        let votes = if votes > 0 && view.stage == Stage::Vote {
            votes.to_string()
        } else {
            " ".to_string()
        };
        if geo.ch == 1 {
            spans.push(Span::styled(l.to_string(), theme.accent()));
            spans.push(Span::styled(text, st));
            spans.push(Span::styled(r.to_string(), theme.accent()));
            spans.push(Span::styled(die.to_string(), theme.accent()));
            spans.push(Span::styled(format!("{votes:<2}"), theme.key()));
            continue;
        }
        // A card: the label, status and face on top, the body, die and votes below.
        let inner = usize::from(geo.cw).saturating_sub(3);
        let frame = if here { theme.accent() } else { theme.frame() };
        // The cursor's card has a double frame, so it shows without colour too.
        let (tl, tr, bl, br, h, vbar) = match (theme.ascii, here) {
            (true, false) => ("+", "+", "+", "+", "-", "|"),
            (true, true) => ("#", "#", "#", "#", "=", "#"),
            (false, false) => ("┌", "┐", "└", "┘", "─", "│"),
            (false, true) => ("╔", "╗", "╚", "╝", "═", "║"),
        };
        let votes = match votes.trim() {
            "" => String::new(),
            "1" => "1 vote".to_string(),
            n => format!("{n} votes"),
        };
        let below = format!(" {body:<8}{die} {votes}");
        let edge = |l: &str, r: &str| Span::styled(format!("{l}{}{r} ", h.repeat(inner)), frame);
        cards[0].push(edge(tl, tr));
        for (row, text) in [(1, top), (2, below)] {
            cards[row].push(Span::styled(vbar.to_string(), frame));
            let text: String = text.chars().take(inner).collect();
            cards[row].push(Span::styled(format!("{text:<inner$}"), st));
            cards[row].push(Span::styled(format!("{vbar} "), frame));
        }
        cards[3].push(edge(bl, br));
    }
    if geo.ch == 1 {
        return vec![Line::from(spans)];
    }
    let pad = || Span::raw(" ".repeat(usize::from(NAME_W)));
    let [c0, c1, c2, c3] = cards;
    let mut first = vec![pad()];
    first.extend(c0);
    spans.extend(c1);
    let mut third = vec![pad()];
    third.extend(c2);
    let mut last = vec![pad()];
    last.extend(c3);
    vec![
        Line::from(first),
        Line::from(spans),
        Line::from(third),
        Line::from(last),
    ]
}

/// The viewer's own secret: its family's bodies and clan news.
fn secret_lines(ctx: &Ctx<Rocca>, theme: &Theme) -> Vec<Line<'static>> {
    let view = ctx.view;
    let Some(seat) = ctx.seat.filter(|_| matches!(view.viewer, Viewer::Seat(_))) else {
        if view.over() || view.viewer == Viewer::Omniscient {
            return vec![Line::styled("Every body is shown.", theme.dim())];
        }
        return vec![Line::styled(
            "Public view: bodies stay hidden until a grave shows them.",
            theme.dim(),
        )];
    };
    let mut parts = Vec::new();
    let mut role = None;
    for i in 0..FAMILY {
        let v = (seat * FAMILY + i) as u8;
        if let Some(b) = view.villager(v).and_then(|x| x.body) {
            parts.push(format!("{} {}", label(v), body_text(b)));
            if b != Body::Plain {
                role = Some(b);
            }
        }
    }
    let mut line = vec![
        Span::styled("Secret: ", theme.dim()),
        Span::styled(parts.join(", "), theme.accent()),
    ];
    let news = match role {
        Some(Body::Monster) => " - you are the Monster.".to_string(),
        Some(Body::Vampire) if view.clan.is_empty() => " - you are the Vampire.".to_string(),
        Some(Body::Vampire) => {
            let c: Vec<String> = view
                .clan
                .iter()
                .map(|&s| family_letter(s).to_string())
                .collect();
            format!(" - Vampire; clan: {}.", c.join(" "))
        }
        Some(Body::Healer) => " - you hold the Healer.".to_string(),
        _ if view.in_clan => " - you are of the Vampire's clan.".to_string(),
        _ => " - a plain family.".to_string(),
    };
    line.push(Span::styled(news, theme.dim()));
    vec![Line::from(line)]
}

/// What the cycle asks now and the prompt for the seat at the keyboard. Private turns take the
/// same number of lines for every role.
fn prompt_lines(ctx: &Ctx<Rocca>, theme: &Theme) -> Vec<String> {
    let view = ctx.view;
    let seat = ctx.seat.unwrap_or(usize::MAX);
    let acting = !ctx.legal.is_empty();
    let done = view.done.iter().filter(|&&d| d >= view.steps.len()).count();
    let players = view.players;
    let has = |f: fn(&Action) -> bool| ctx.legal.iter().any(f);
    match view.stage {
        Stage::Setup => vec!["The cards are being dealt.".into()],
        Stage::Midnight | Stage::Evening => {
            let head = if view.stage == Stage::Midnight {
                format!("Midnight: everyone takes a private turn ({done}/{players} done).")
            } else {
                format!("Evening: everyone prays in private ({done}/{players} done).")
            };
            let body: [String; 2] = match (acting, view.next_step(seat)) {
                (true, Some(Step::Attack)) if has(|a| matches!(a, Action::Attack { .. })) => [
                    "You hunt tonight: choose a living villager to attack".into(),
                    "and press Enter. The morning will not say who did it.".into(),
                ],
                (true, Some(Step::Attack)) => [
                    "You sleep: point at any living villager and press Enter".into(),
                    "(so nobody can tell your turn from the Monster's).".into(),
                ],
                (true, Some(Step::Bite)) if has(|a| matches!(a, Action::Bite { .. })) => [
                    "Bite? Point at a family marked * and press Enter to".into(),
                    "turn it into your clan, or press n to bite nobody.".into(),
                ],
                (true, Some(Step::Bite)) => [
                    "You sleep: point at a family marked * and press Enter,".into(),
                    "or press n. Either way you only sleep.".into(),
                ],
                (true, Some(Step::Revive)) if has(|a| matches!(a, Action::Revive { .. })) => [
                    "Healer: point at a grave and press Enter to try a".into(),
                    "miracle (4-6 revives), or press n to let the dead rest.".into(),
                ],
                (true, Some(Step::Revive)) => [
                    "You pray: point at any grave and press Enter, or".into(),
                    "press n. Either way you only pray.".into(),
                ],
                _ => [
                    "Your eyes are closed; the others take their turns.".into(),
                    String::new(),
                ],
            };
            let mut out = vec![head];
            out.extend(body);
            out
        }
        Stage::Mayor => {
            let v = view.victim.map(label).unwrap_or_default();
            if acting {
                vec![
                    format!("The die lies on {v}, of your family."),
                    "As the Mayor you may move it once per game: Enter on a".into(),
                    "villager of another family, or n (or Enter on it) to keep it.".into(),
                ]
            } else {
                vec![format!(
                    "The die lies on {v}: the Mayor's player may move it once per game."
                )]
            }
        }
        Stage::Vote => {
            let cands = if view.candidates.is_empty() {
                String::new()
            } else {
                let c: Vec<String> = view.candidates.iter().map(|&v| label(v)).collect();
                format!(" among {}", c.join(", "))
            };
            let mut out = vec![format!(
                "Day {}, ballot {}/3{cands}: talk, then vote in seat order; all must confirm.",
                view.day, view.ballot
            )];
            match (acting, view.votes.get(seat).copied().flatten()) {
                (true, None) => out.push("Put your vote on a villager: Enter.".into()),
                (true, Some(v)) => out.push(format!(
                    "Your vote is on {}: c confirms; Enter elsewhere moves it.",
                    label(v)
                )),
                _ => {}
            }
            let cast: Vec<String> = (0..players)
                .filter_map(|s| {
                    view.votes.get(s).copied().flatten().map(|v| {
                        let ok = if view.confirmed.get(s) == Some(&true) {
                            theme.text("✓")
                        } else {
                            String::new()
                        };
                        format!("{}>{}{ok}", family_letter(s), label(v))
                    })
                })
                .collect();
            if !cast.is_empty() {
                out.push(format!("Votes: {}", cast.join("  ")));
            }
            out
        }
        Stage::Over => match view.ending {
            Some(e) => {
                let who = match (e.winner, e.killer) {
                    (Side::Village, _) => "The villagers win".to_string(),
                    (Side::Killer, Body::Vampire) => "The Vampire's clan wins".to_string(),
                    (Side::Killer, _) => "The Monster wins".to_string(),
                };
                let why = match e.reason {
                    Reason::Executed { v } => format!("{} was executed", label(v)),
                    Reason::Attacked { v } => format!("{} attacked itself and died", label(v)),
                    Reason::MovedOnto { v } => {
                        format!("the Mayor moved the die onto {} and it died", label(v))
                    }
                    Reason::Deaths { dead } => format!("{dead} villagers are dead"),
                    Reason::AllClan => "every living family is of the clan".to_string(),
                };
                let killer_seat = owner(e.killer_at);
                let side: Vec<Seat> = (0..players)
                    .filter(|&s| {
                        s == killer_seat || (e.killer == Body::Vampire && view.clan.contains(&s))
                    })
                    .collect();
                let winners: Vec<String> = (0..players)
                    .filter(|s| side.contains(s) == (e.winner == Side::Killer))
                    .map(|s| format!("{} ({})", name(ctx, s), family_letter(s)))
                    .collect();
                vec![
                    format!(
                        "Game over. {who}: {why}. The {} was {}, {}'s villager.",
                        body_text(e.killer).to_lowercase(),
                        label(e.killer_at),
                        name(ctx, killer_seat)
                    ),
                    format!("Winners: {}.", winners.join(", ")),
                    "Enter or q leaves; w replays the game with every secret shown.".into(),
                ]
            }
            None => Vec::new(),
        },
        _ => vec!["The game master is at work.".into()],
    }
}

fn report_line(view: &View, r: &Report) -> String {
    let body = |v: u8| {
        view.villager(v)
            .and_then(|x| x.body)
            .map(|b| body_text(b).to_lowercase())
            .unwrap_or_else(|| "?".into())
    };
    match r {
        Report::Found { v } => format!("Dawn: the die lay on {}.", label(*v)),
        Report::Moved { from, to } => {
            format!(
                "The Mayor moved it from {} to {}.",
                label(*from),
                label(*to)
            )
        }
        Report::Kept { v } => format!("The Mayor left it on {}.", label(*v)),
        Report::Attack {
            v,
            roll,
            need,
            survived,
        } => {
            if *survived {
                format!(
                    "{} rolled {roll} (survives on {need}-6): survived.",
                    label(*v)
                )
            } else {
                format!(
                    "{} rolled {roll} (survives on {need}-6): died, grave shows {}.",
                    label(*v),
                    body(*v)
                )
            }
        }
        Report::Tie {
            ballot,
            tied,
            votes,
        } => {
            let t: Vec<String> = tied.iter().map(|&v| label(v)).collect();
            format!("Ballot {ballot}: tie of {votes} between {}.", t.join(", "))
        }
        Report::Executed { v, votes, by_lot } => {
            if *by_lot {
                format!("The lot chose {}: executed, {}.", label(*v), body(*v))
            } else {
                format!("{} executed with {votes} votes: {}.", label(*v), body(*v))
            }
        }
        Report::Prayer { v: Some(v) } => format!("Evening: the die on {}'s grave.", label(*v)),
        Report::Prayer { v: None } => "Evening: no die on any grave.".into(),
        Report::Revival { v, roll, revived } => {
            if *revived {
                format!(
                    "{}'s grave rolled {roll} (revives on 4-6): revived!",
                    label(*v)
                )
            } else {
                format!(
                    "{}'s grave rolled {roll} (revives on 4-6): no miracle.",
                    label(*v)
                )
            }
        }
    }
}

/// Rocca's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Move,
    Choose,
    Keep,
    Nobody,
    Confirm,
}

const COMMANDS: &[Command<Cmd>] = &[
    Command {
        id: Cmd::Move,
        keys: ARROWS,
        key: "arrows",
        label: "move",
        help: "move between the villagers you may choose now (h j k l too)",
    },
    Command {
        id: Cmd::Choose,
        keys: ENTER,
        key: "Enter",
        label: "choose",
        help: "choose the villager under the cursor (Space too)",
    },
    Command {
        id: Cmd::Keep,
        keys: &[Key::Char('n')],
        key: "n",
        label: "keep",
        help: "",
    },
    Command {
        id: Cmd::Nobody,
        keys: &[Key::Char('n')],
        key: "n",
        label: "none",
        help: "bite nobody, let the dead rest, or (Mayor) leave the die",
    },
    Command {
        id: Cmd::Confirm,
        keys: &[Key::Char('c')],
        key: "c",
        label: "confirm",
        help: "confirm your vote (the ballot ends when all confirm)",
    },
];

impl GameUi<Rocca> for RoccaUi {
    const PRIVATE: bool = true;
    const UNDO: Option<&'static str> = Some(
        "take back your last choice (a hunt, a vote, a confirm) until another player takes the keyboard or the dawn or the count is shown; they wait for your key while you still may",
    );
    /// The board explains the end itself and keeps every revealed body in sight.
    const END_PANEL: bool = false;
    type Cmd = Cmd;
    const COMMANDS: &'static [Command<Cmd>] = COMMANDS;
    const LEGEND: &'static [(&'static str, &'static str)] = &[
        ("A1-A3", "family A's villagers; one family per player"),
        ("†", "after a villager: a grave"),
        ("+", "after a villager: brought back to life"),
        ("●", "the die"),
        ("number", "at the right of a villager: the votes on it"),
        ("✓", "beside a player: night turn taken, or vote confirmed"),
    ];

    /// `n` and `c` only when they do something now. At the private midnight and evening
    /// turns the steps are the same for every role, so the line gives nothing away.
    fn applies(&self, cmd: Cmd, ctx: &Ctx<Rocca>) -> bool {
        match cmd {
            Cmd::Move => {
                let targets = targets(ctx);
                targets.len() > 1 || targets.iter().any(|&t| t != self.cursor)
            }
            Cmd::Choose => !targets(ctx).is_empty(),
            Cmd::Keep => none_action(ctx) == Some(Action::Keep),
            Cmd::Nobody => none_action(ctx).is_some_and(|a| a != Action::Keep),
            Cmd::Confirm => confirm_action(ctx).is_some(),
        }
    }

    fn run(&mut self, cmd: Cmd, key: KeyEvent, ctx: &Ctx<Rocca>) -> Option<Action> {
        let players = ctx.view.players;
        let seat = ctx.seat?;
        let targets = targets(ctx);
        match cmd {
            Cmd::Move => {
                let (dr, dc) = crate::ui::widgets::grid_step(key.code)?;
                // Step over villagers that cannot be chosen now (graves at midnight, the
                // living at the evening's prayer), so the cursor always lands where Enter does
                // something.
                for _ in 0..ctx.view.villagers.len() {
                    self.move_cursor(players, dr, dc);
                    if targets.is_empty() || targets.contains(&self.cursor) {
                        break;
                    }
                }
                None
            }
            Cmd::Choose => {
                if !targets.contains(&self.cursor) {
                    // Nothing to choose here: jump to the first villager that can be chosen.
                    if let Some(&t) = targets.first() {
                        self.cursor = t;
                    }
                    return None;
                }
                action_at(ctx.view, seat, ctx.legal, self.cursor)
            }
            Cmd::Keep | Cmd::Nobody => none_action(ctx),
            Cmd::Confirm => confirm_action(ctx),
        }
    }

    /// The cursor on the villager where Enter makes the hinted move (a sleeper's, a vote, the
    /// Mayor's die); `n` or `c` moves are named on the status line.
    fn show_hint(&mut self, action: &Action, ctx: &Ctx<Rocca>) {
        let Some(seat) = ctx.seat else {
            return;
        };
        let here = (0..ctx.view.villagers.len() as u8)
            .find(|&v| action_at(ctx.view, seat, ctx.legal, v).as_ref() == Some(action));
        if let Some(v) = here {
            self.cursor = v;
        }
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Rocca>) {
        let theme = ctx.theme();
        let view = ctx.view;
        let width = area.width as usize;
        let mut lines = vec![title_line(view, &theme)];
        let geo = RoccaGeo::fit(area, view.players);
        for seat in 0..view.players {
            lines.extend(family_lines(self, ctx, &theme, seat, geo));
        }
        lines.push(Line::raw(""));
        lines.extend(secret_lines(ctx, &theme));
        for (i, p) in prompt_lines(ctx, &theme).iter().enumerate() {
            let style = if i == 0 {
                theme.title()
            } else {
                theme.accent()
            };
            for w in wrap(&theme.text(p), width.saturating_sub(1)) {
                lines.push(Line::styled(w, style));
            }
        }
        let room = (area.height as usize).saturating_sub(lines.len());
        let reports: Vec<String> = view.today.iter().map(|r| report_line(view, r)).collect();
        let start = reports.len().saturating_sub(room);
        for r in &reports[start..] {
            lines.push(Line::styled(theme.text(r), theme.dim()));
        }
        lines::render(&lines, area, f.buffer_mut());
    }

    fn on_mouse(&mut self, m: MouseEvent, area: Rect, ctx: &Ctx<Rocca>) -> Option<Action> {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let v = Self::cell_at(area, ctx.view.players, m.column, m.row)?;
        self.cursor = v;
        action_at(ctx.view, ctx.seat?, ctx.legal, v)
    }
}

/// This game's facts for the app: its computer players and its rules page.
/// The game's screen.
impl crate::ui::Playable for crate::games::rocca::Rocca {
    type Ui = RoccaUi;
}

impl crate::ui::Registered for crate::games::rocca::Rocca {
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::rocca::KINDS;
    const RULES: &'static str = include_str!("../../../assets/rules/rocca.md");
    const SCORING: crate::ui::registered::Scoring = crate::ui::registered::Scoring::Sides;
    fn progress(m: &crate::engine::Match<Self>) -> String {
        // The night, the morning, the day and the evening all belong to one numbered day.
        format!(
            "day {}",
            crate::engine::Game::view(&m.state, crate::engine::Viewer::Public)
                .day
                .max(1)
        )
    }
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        crate::bots::hint::rocca::hint(seat, seen, legal, effort)
    }
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        // What each kind and level is: `crate::bots::kinds`, the one place that says.
        crate::bots::kinds::rocca(kind, seed)
    }
    fn breakdown(&self) -> Option<crate::ui::registered::Breakdown> {
        let o = crate::engine::Game::outcome(self)?;
        let killer = crate::games::rocca::owner(self.killer_at()?);
        Some(crate::ui::registered::Breakdown {
            group: format!("Monster in seat {}", killer + 1),
            side: "village",
            won: !o.winners.contains(&killer),
        })
    }
}

#[cfg(test)]
mod tests {
    use insta::assert_snapshot;
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Actor, Match, Options, Setup, Table};
    use crate::ui::Screen;
    use crate::ui::play::Play;
    use crate::ui::testutil::{ch, draw, key, settle, settled};
    use crate::ui::{AnyTable, Registered};

    const THEME: Theme = Theme::new(false, true);

    fn new_match(players: Vec<PlayerEntry>, opts: &[(&str, &str)], seed: u64) -> Match<Rocca> {
        let mut options = Options::new();
        for (k, v) in opts {
            options.insert(k.to_string(), v.to_string());
        }
        Match::new(Setup {
            options,
            players,
            seed,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup")
    }

    fn one_human(n: usize) -> Vec<PlayerEntry> {
        let names = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"];
        (0..n)
            .map(|i| {
                if i == 0 {
                    PlayerEntry::human(names[i])
                } else {
                    PlayerEntry::bot(names[i], "sleuth", 10 + i as u64)
                }
            })
            .collect()
    }

    #[test]
    fn villager_cells_at_every_size() {
        // 80x24's board (event pane below): one row per family, 22 columns per villager.
        let small = Rect::new(0, 1, 80, 15);
        assert_eq!(RoccaGeo::fit(small, 4), RoccaGeo::COMPACT);
        assert_eq!(
            RoccaUi::cell_at(small, 4, 13 + 22 + 1, 1 + 1 + 2),
            Some(3 * 2 + 1)
        );
        // 120x40's board (event pane beside): cards of 21 columns and four rows.
        let big = Rect::new(0, 1, 78, 38);
        assert_eq!(RoccaGeo::fit(big, 4), RoccaGeo { cw: 21, ch: 4 });
        assert_eq!(
            RoccaUi::cell_at(big, 4, 13 + 2 * 21 + 3, 1 + 1 + 3 * 4 + 2),
            Some(3 * 3 + 2)
        );
        // Too many families for the height: back to rows.
        assert_eq!(RoccaGeo::fit(big, 8), RoccaGeo::COMPACT);
    }

    #[test]
    fn midnight_and_day_with_options() {
        let m = new_match(one_human(4), &[("mayor", "on"), ("police", "on")], 5);
        let mut p = settled(m);
        assert_eq!(p.table.m.state.stage(), Stage::Midnight);
        let night = draw(&p, THEME, 80, 24);
        assert!(
            night.contains("Midnight: everyone takes a private turn"),
            "{night}"
        );
        assert_snapshot!("rocca_midnight_80x24", night);
        // Ann sleeps (or hunts): one Enter on a living villager.
        p.on_event(&key(KeyCode::Enter));
        settle(&mut p);
        assert_ne!(p.table.m.state.stage(), Stage::Midnight);
        let day = draw(&p, THEME, 80, 24);
        assert!(day.contains("Dawn: the die lay on"), "{day}");
        assert_snapshot!("rocca_day_80x24", day);
        // From 120x40 each villager is a framed card with its body, the die and the votes.
        let big = draw(&p, THEME, 120, 40);
        assert!(big.contains("║ A1") && big.contains("│ A2"), "{big}");
        assert_snapshot!("rocca_day_120x40", big);
        assert_snapshot!("rocca_day_200x60", draw(&p, THEME, 200, 60));
        assert_snapshot!(
            "rocca_day_80x24_ascii",
            draw(&p, Theme::new(true, false), 80, 24)
        );
        let ascii = draw(&p, Theme::new(true, false), 80, 24);
        assert!(ascii.is_ascii(), "{ascii}");
    }

    #[test]
    fn hot_seat_private_turns_hide_the_other_family() {
        let players = vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::human("Bo"),
            PlayerEntry::human("Cy"),
        ];
        let m = new_match(players, &[], 2);
        let mut p = Play::new(Table::new(m, Rocca::make_bot).expect("table"), false);
        let monster = p.table.m.state.killer_at().expect("dealt");
        // The first hand-off hides everything.
        assert_eq!(p.pass(), Some(0));
        let pass = draw(&p, THEME, 80, 24);
        assert!(pass.contains("Pass to Ann"), "{pass}");
        assert!(!pass.contains("MONSTER"));
        p.on_event(&key(KeyCode::Enter));
        let ann = draw(&p, THEME, 80, 24);
        assert_snapshot!("rocca_private_ann_80x24", ann);
        let owns = owner(monster) == 0;
        assert_eq!(ann.contains("MONSTER"), owns, "{ann}");
        // Ann's turn takes one Enter whatever her role; then the keyboard goes to Bo.
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(p.pass(), Some(1));
        p.on_event(&key(KeyCode::Enter));
        let bo = draw(&p, THEME, 80, 24);
        assert_eq!(bo.contains("MONSTER"), owner(monster) == 1, "{bo}");
        assert!(bo.contains("takes a night turn") || owner(monster) == 1);
        // Bo's screen has the same lines as Ann's, in the same places.
        let shape = |s: &str| {
            s.lines()
                .map(|l| l.chars().next().is_some())
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&ann).len(), shape(&bo).len());
    }

    #[test]
    fn cursor_skips_graves_and_votes_with_keys() {
        let m = new_match(one_human(3), &[], 9);
        let mut p = settled(m);
        // Play until a day with Ann to vote.
        for _ in 0..40 {
            if p.is_over() {
                break;
            }
            let st = p.table.m.state.stage();
            if st == Stage::Vote && p.table.m.to_move().includes(0) {
                break;
            }
            p.on_event(&key(KeyCode::Enter));
            settle(&mut p);
        }
        if p.is_over() {
            return;
        }
        let before = p.table.m.history.len();
        let hints = |p: &Play<Rocca>| {
            draw(p, THEME, 80, 24)
                .lines()
                .last()
                .unwrap_or_default()
                .to_string()
        };
        // Nothing to confirm or skip before voting: the hint line says so.
        let line = hints(&p);
        assert!(
            !line.contains("c confirm") && !line.contains(" n "),
            "{line}"
        );
        p.on_event(&ch('l'));
        let cursor = p.ui.cursor;
        assert!(p.table.m.state.is_alive(cursor));
        p.on_event(&key(KeyCode::Enter));
        assert!(p.table.m.history.len() > before);
        settle(&mut p);
        if crate::engine::Game::legal_actions(&p.table.m.state, 0).contains(&Action::Confirm) {
            let line = hints(&p);
            assert!(line.contains("c confirm"), "{line}");
        }
        assert!(
            p.table
                .m
                .history
                .iter()
                .any(|s| s.actor == Actor::Seat(0) && s.action == Action::Vote { v: cursor })
        );
    }

    #[test]
    fn the_end() {
        let players = (0..4)
            .map(|i| PlayerEntry::bot(format!("Bot {}", i + 1), "sleuth", 3 + i))
            .collect();
        let mut t = Table::new(
            new_match(players, &[("healer", "on"), ("mayor", "on")], 21),
            Rocca::make_bot,
        )
        .expect("table");
        t.run_bots().expect("plays");
        let p = Play::new(t, false);
        assert!(p.is_over());
        let end = draw(&p, THEME, 80, 24);
        assert!(end.contains("Game over"), "{end}");
        assert_snapshot!("rocca_end_80x24", end);
    }
}

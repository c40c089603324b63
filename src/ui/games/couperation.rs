//! Couperation on screen: the pyramid with a slot cursor, the reserve, the viewer's own hand,
//! every seat's public state, and a list of what may be done at the cursor's slot.
//!
//! Keys: arrows (or hjkl) move the cursor over the pyramid; Tab (or n / p) steps through the
//! options for that slot, Enter or Space does the highlighted one. Steps without a slot (how
//! many to draw, which card to discard) list their options the same way; digits pick a draw.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::Viewer;
use crate::games::couperation::{
    Action, Card, Couperation, FINISH, FinishAt, How, Mark, PhaseView, Played, ROWS, SlotView,
    View, mark, slot_at, slot_name,
};
use crate::ui::commands::{ARROWS, Command, ENTER, Key};
use crate::ui::lines;
use crate::ui::{Ctx, GameUi, Theme};

mod board;
use board::PyrGeo;

#[derive(Clone, Debug, Default)]
pub struct CouperationUi {
    /// The slot under the cursor.
    cursor: usize,
    /// The highlighted option among those at the cursor (or of a slotless step).
    option: usize,
    /// The cursor has been placed for this step (so it starts on a slot with options).
    placed_for: Option<(u32, PhaseView)>,
    /// A move that can lose the game, chosen once: Enter again does it, any other key not.
    confirm: Option<Action>,
}

/// Whether `a` can lose the game for everyone: turning up a face-down card may break the order.
pub fn risky(a: &Action) -> bool {
    matches!(a, Action::Reveal { .. })
}

/// The slot an action is about, if any.
fn action_slot(a: &Action) -> Option<usize> {
    match *a {
        Action::Place { slot, .. }
        | Action::Hide { slot, .. }
        | Action::Reveal { slot }
        | Action::Combine { slot, .. } => Some(usize::from(slot)),
        _ => None,
    }
}

fn card_text(c: Card, theme: &Theme) -> String {
    if c == FINISH {
        return "FIN".into();
    }
    let m = mark(c).map_or("", |m| m.symbol(theme.ascii));
    format!("{c}{m}")
}

fn card_style(c: Card, theme: &Theme) -> Style {
    if !theme.color {
        return Style::new().add_modifier(Modifier::BOLD);
    }
    let col = match mark(c) {
        None => Color::LightYellow,
        Some(Mark::Heart) => Color::LightRed,
        Some(Mark::TwoDiamonds) => Color::LightCyan,
        Some(Mark::Diamond) => Color::White,
    };
    theme.paint(col).add_modifier(Modifier::BOLD)
}

/// A short label for an option.
pub fn option_label(a: &Action, view: &View) -> String {
    let name = |c: Card| {
        if c == FINISH {
            "finish".to_string()
        } else {
            c.to_string()
        }
    };
    match *a {
        Action::Draw { n } => match n {
            0 => "draw nothing".into(),
            1 => "draw 1 card".into(),
            n => format!("draw {n} cards"),
        },
        Action::Place { c, .. } if c == FINISH => "place the finish card".into(),
        Action::Place { c, .. } => format!("place {c} face up"),
        Action::Hide { c, .. } => format!("place {c} face down"),
        Action::Reveal { slot } => match view.pyramid.get(usize::from(slot)) {
            Some(SlotView::Down { known: Some(c), .. }) => format!("turn up (your {c})"),
            _ => "turn it up".into(),
        },
        Action::Combine {
            a,
            b,
            take,
            slot,
            extra,
        } => {
            let verb = match view.pyramid.get(usize::from(slot)) {
                Some(SlotView::Empty) | None => "take",
                _ => "swap in",
            };
            format!("{verb} {}: {}", name(take), combine_how(a, b, take, extra))
        }
        Action::Discard { c } => format!("discard {c}"),
        Action::Scrap { c } => format!("discard {c} from reserve"),
        Action::Deal { .. } | Action::Start { .. } => String::new(),
    }
}

/// How hand cards `a` < `b` make `take`, in the words of the options list: `12+18` or `24-4`,
/// then `, 2 discards` when more cards go to shift the number. With the finish card (any number)
/// the two cards are just named.
fn combine_how(a: Card, b: Card, take: Card, extra: u8) -> String {
    let name = |c: Card| {
        if c == FINISH {
            "finish".to_string()
        } else {
            c.to_string()
        }
    };
    let (lo, hi) = (a.min(b), a.max(b));
    let cards = if a == FINISH || b == FINISH || take == FINISH {
        format!("{} and {}", name(lo), name(hi))
    } else {
        // The base the number is shifted from: the nearer of the sum and the difference.
        let t = i32::from(take);
        let sum = i32::from(lo) + i32::from(hi);
        let diff = i32::from(hi) - i32::from(lo);
        if (t - sum).abs() <= (t - diff).abs() {
            format!("{lo}+{hi}")
        } else {
            format!("{hi}-{lo}")
        }
    };
    match extra {
        0 => cards,
        1 => format!("{cards}, 1 discard"),
        n => format!("{cards}, {n} discards"),
    }
}

impl CouperationUi {
    /// The options the list shows now: those at the cursor in the action step, all otherwise.
    /// Moves that can lose the game come last, so they are never the highlighted default.
    fn options(&self, ctx: &Ctx<Couperation>) -> Vec<Action> {
        let mut options: Vec<Action> = if ctx.view.phase == PhaseView::Act {
            ctx.legal
                .iter()
                .copied()
                .filter(|a| action_slot(a) == Some(self.cursor))
                .collect()
        } else {
            ctx.legal.to_vec()
        };
        options.sort_by_key(risky);
        options
    }

    /// At the start of each step: the cursor on a slot whose first option cannot lose the game
    /// (the one under the cursor if it has one), the first option highlighted.
    fn settle(&mut self, ctx: &Ctx<Couperation>) {
        let key = (ctx.view.turns, ctx.view.phase);
        if self.placed_for == Some(key) {
            return;
        }
        self.placed_for = Some(key);
        self.option = 0;
        self.confirm = None;
        let safe_at = |slot: usize| {
            ctx.legal
                .iter()
                .any(|a| action_slot(a) == Some(slot) && !risky(a))
        };
        if ctx.view.phase == PhaseView::Act && !safe_at(self.cursor) {
            let safe = ctx.legal.iter().filter(|a| !risky(a)).find_map(action_slot);
            if let Some(s) = safe.or_else(|| ctx.legal.iter().find_map(action_slot)) {
                self.cursor = s;
            }
        }
        if let PhaseView::Draw { max } = ctx.view.phase {
            // Start on the largest draw.
            self.option = usize::from(max);
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let (r, c) = crate::games::couperation::row_col(self.cursor);
        let (r, c) = (r as isize, c as isize);
        let nr = (r + dr).clamp(0, ROWS as isize - 1);
        let nc = (c + dc).clamp(0, ROWS as isize - nr - 1);
        if let Some(s) = slot_at(nr as usize, nc as usize) {
            self.cursor = s;
            self.option = 0;
        }
    }

    /// Enter on the highlighted option: done at once, or, for a move that can lose the game,
    /// held until Enter is pressed a second time.
    fn do_option(&mut self, ctx: &Ctx<Couperation>) -> Option<Action> {
        let options = self.options(ctx);
        let a = options
            .get(self.option.min(options.len().saturating_sub(1)))
            .copied()?;
        if !ctx.legal.contains(&a) {
            return None;
        }
        if risky(&a) && self.confirm != Some(a) {
            self.confirm = Some(a);
            return None;
        }
        self.confirm = None;
        self.option = 0;
        Some(a)
    }
}

fn seat_name(ctx: &Ctx<Couperation>, s: usize) -> String {
    ctx.names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", s + 1))
}

fn cards_spans(cards: &[Card], theme: &Theme) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for &c in cards {
        out.push(Span::styled(card_text(c, theme), card_style(c, theme)));
        out.push(Span::raw(" "));
    }
    out
}

fn played_line(view: &View, ctx: &Ctx<Couperation>, theme: &Theme) -> Option<Line<'static>> {
    let p = view.played?;
    let text = match p {
        Played::Up {
            seat,
            card,
            slot,
            how,
            allowance,
        } => {
            let verb = match how {
                How::Placed => "placed",
                How::Revealed => "turned up",
                How::FromReserve => "took from the reserve",
            };
            format!(
                "{} {verb} {} in {}: next draw up to {allowance}",
                seat_name(ctx, seat),
                card_text(card, theme),
                slot_name(usize::from(slot))
            )
        }
        Played::Down { seat, slot } => format!(
            "{} placed face down in {}: next draws up to 2 in hand",
            seat_name(ctx, seat),
            slot_name(usize::from(slot))
        ),
    };
    Some(Line::styled(theme.text(&text), theme.dim()))
}

fn side_lines(
    ui: &CouperationUi,
    ctx: &Ctx<Couperation>,
    theme: &Theme,
    rows: usize,
    width: usize,
) -> Vec<Line<'static>> {
    let view = ctx.view;
    let mut lines = Vec::new();
    for (s, seat) in view.seats.iter().enumerate() {
        let marker = if view.turn == Some(s) {
            theme.pointer()
        } else {
            "  "
        };
        let mut spans = vec![
            Span::styled(marker.to_string(), theme.accent()),
            Span::raw(crate::ui::widgets::fit(
                &theme.text(&seat_name(ctx, s)),
                10,
                theme.ellipsis(),
            )),
            Span::raw(format!("{} in hand", seat.count)),
        ];
        if seat.finish {
            spans.push(Span::styled(" +FIN", card_style(FINISH, theme)));
        }
        lines.push(Line::from(spans));
        // Other seats' cards only in an omniscient replay.
        if ctx.view.viewer == Viewer::Omniscient
            && let Some(cards) = &seat.cards
        {
            let mut sp = vec![Span::raw("    ")];
            sp.extend(cards_spans(cards, theme));
            lines.push(Line::from(sp));
        }
    }
    let finish = match view.finish {
        FinishAt::Deck => " incl. finish",
        _ => "",
    };
    lines.push(Line::from(format!(
        "Deck {}{finish}{}Discards {}",
        view.deck,
        theme.sep(),
        view.discards
    )));
    if let Some(s) = view.deck_out {
        lines.push(Line::styled(
            theme.text(&format!(
                "Deck ran out on {}'s turn: no more draws",
                seat_name(ctx, s)
            )),
            theme.error(),
        ));
    }
    if let Some(l) = played_line(view, ctx, theme) {
        lines.push(l);
    }
    lines.push(Line::raw(""));
    // The options list.
    let options = ui.options(ctx);
    if !ctx.legal.is_empty() {
        let head = match view.phase {
            PhaseView::Act => format!("At {}:", slot_name(ui.cursor)),
            PhaseView::Draw { max } => format!("Draw how many? (0-{max})"),
            PhaseView::Pay { left, .. } => format!("Discard {left} to pay the shift:"),
            PhaseView::TidyHand { excess } => format!("Over 3 in hand: discard {excess}"),
            PhaseView::TidyReserve { excess } => format!("Reserve too full: discard {excess}"),
            _ => String::new(),
        };
        lines.push(Line::styled(theme.text(&head), theme.accent()));
        if ui.confirm.is_some() {
            for l in [
                "Careful: a card that breaks the",
                "order loses the game for all.",
                "Enter again: turn it up. Esc: no.",
            ] {
                lines.push(Line::styled(l, theme.error()));
            }
        }
        if options.is_empty() {
            lines.push(Line::styled("nothing here; move the cursor", theme.dim()));
        }
        // The panel wraps long lines: count the rows they take, or the list's last line (what
        // is out of sight) falls off the bottom.
        let used: usize = lines.iter().map(|l| wrapped_rows(l, width)).sum();
        let mut room = rows.saturating_sub(used).max(1);
        if options.len() > room {
            // The last line says what is out of sight.
            room = room.saturating_sub(1).max(1);
        }
        let sel = ui.option.min(options.len().saturating_sub(1));
        let start = sel.saturating_sub(room - 1);
        let end = (start + room).min(options.len());
        for (i, a) in options.iter().enumerate().skip(start).take(room) {
            let label = option_label(a, view);
            if i == sel {
                lines.push(Line::styled(
                    theme.text(&format!("{}{label}", theme.pointer())),
                    theme.selected(),
                ));
            } else {
                lines.push(Line::raw(theme.text(&format!("  {label}"))));
            }
        }
        let mut more = Vec::new();
        if start > 0 {
            more.push(format!("{start} more ↑"));
        }
        if end < options.len() {
            more.push(format!("{} more ↓", options.len() - end));
        }
        if !more.is_empty() {
            // And how to reach them: in the action step the arrows move the slot.
            let keys = if view.phase == PhaseView::Act {
                "Tab"
            } else {
                "arrows"
            };
            lines.push(Line::styled(
                theme.text(&format!("  {} ({keys})", more.join(", "))),
                theme.dim(),
            ));
        }
    } else if let Some(reason) = &view.end_reason {
        let style = if view.end == Some(crate::games::couperation::End::Complete) {
            theme.accent()
        } else {
            theme.error()
        };
        lines.push(Line::styled(theme.text(&capital(reason)), style));
    }
    lines
}

/// The rows `line` takes in a panel `width` columns wide that wraps at spaces.
fn wrapped_rows(line: &Line, width: usize) -> usize {
    let width = width.max(1);
    let text = line.to_string();
    let mut rows = 1;
    let mut at = 0;
    for word in text.split(' ') {
        let w = crate::ui::widgets::width(word);
        if at > 0 && at + 1 + w > width {
            rows += 1;
            at = 0;
        }
        at += if at > 0 { 1 + w } else { w };
        while at > width {
            rows += 1;
            at -= width;
        }
    }
    rows
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn below_lines(ctx: &Ctx<Couperation>, theme: &Theme) -> Vec<Line<'static>> {
    let view = ctx.view;
    let mut lines = Vec::new();
    let mut res = vec![Span::styled("Reserve ", theme.dim())];
    res.extend(cards_spans(&view.reserve_cards(), theme));
    res.push(Span::styled(
        format!("(max {})", view.reserve_limit),
        theme.dim(),
    ));
    lines.push(Line::from(res));
    // While the cards are dealt nobody holds a hand yet: no hand line (it would say "empty").
    let dealing = view.turn.is_none() && !matches!(view.phase, PhaseView::Over);
    if let Some(seat) = ctx.seat.filter(|_| !dealing) {
        let mut hand = vec![Span::styled("Hand    ", theme.dim())];
        let cards = view.usable(seat);
        if cards.is_empty() {
            hand.push(Span::styled("empty", theme.dim()));
        }
        hand.extend(cards_spans(&cards, theme));
        lines.push(Line::from(hand));
    }
    let prompt = match (view.phase, view.turn) {
        (PhaseView::Over, _) => String::new(),
        (_, Some(t)) if ctx.seat == Some(t) && !ctx.legal.is_empty() => match view.phase {
            PhaseView::Act => "Your turn: pick a slot, Tab through what fits, Enter.".into(),
            PhaseView::Draw { max } => format!("You may draw 0 to {max} cards."),
            _ => "Choose a card to discard.".into(),
        },
        (_, Some(t)) => format!("{}'s turn.", seat_name(ctx, t)),
        _ => "Dealing.".into(),
    };
    if !prompt.is_empty() {
        lines.push(Line::styled(theme.text(&prompt), theme.accent()));
    }
    lines
}

/// Couperation's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Slot,
    StepOption,
    NextOption,
    /// Tab while drawing or discarding, where the arrows already step through the options:
    /// the same as [`Cmd::NextOption`], kept off the hint line.
    NextOptionList,
    PrevOption,
    DrawCount,
    Confirm,
    Cancel,
    Do,
}

const COMMANDS: &[Command<Cmd>] = &[
    Command {
        id: Cmd::Confirm,
        keys: ENTER,
        key: "Enter",
        label: "yes, turn it up",
        // Said in Enter's own line.
        help: "",
    },
    Command {
        id: Cmd::Cancel,
        keys: &[Key::Code(KeyCode::Esc)],
        key: "Esc",
        label: "think again",
        help: "",
    },
    Command {
        id: Cmd::Slot,
        keys: ARROWS,
        key: "arrows",
        label: "slot",
        help: "choose a pyramid slot (when drawing: an option)",
    },
    Command {
        id: Cmd::StepOption,
        keys: ARROWS,
        key: "arrows",
        label: "option",
        help: "",
    },
    Command {
        id: Cmd::NextOption,
        keys: &[Key::Code(KeyCode::Tab), Key::Char('n')],
        key: "Tab",
        label: "option",
        help: "next option for the slot (Shift-Tab: previous; n and p too)",
    },
    Command {
        id: Cmd::NextOptionList,
        keys: &[Key::Code(KeyCode::Tab), Key::Char('n')],
        key: "Tab",
        label: "",
        help: "next option for the slot (Shift-Tab: previous; n and p too)",
    },
    Command {
        id: Cmd::PrevOption,
        keys: &[Key::Code(KeyCode::BackTab), Key::Char('p')],
        key: "Shift-Tab",
        label: "",
        help: "",
    },
    Command {
        id: Cmd::DrawCount,
        keys: &[Key::Chars('0', '9')],
        key: "0-9",
        label: "draw",
        help: "when drawing: draw that many cards",
    },
    Command {
        id: Cmd::Do,
        keys: ENTER,
        key: "Enter",
        label: "do it",
        help: "do the highlighted option; a risky turn-up asks twice",
    },
];

impl GameUi<Couperation> for CouperationUi {
    const PRIVATE: bool = true;
    const UNDO: Option<&'static str> = Some(
        "take back your last move of this turn, until a card you had not seen is shown (a draw, a turned card, a computer player's card); such a card waits for your key while you still may",
    );
    type Cmd = Cmd;
    const COMMANDS: &'static [Command<Cmd>] = COMMANDS;
    const LEGEND: &'static [(&'static str, &'static str)] = &[
        (
            "◇ / ◇◇",
            "on a card: the next player may draw up to 1 / 2 cards",
        ),
        (
            "♡",
            "on a card: as many as the diamonds on the two cards below",
        ),
        (
            "(12)",
            "a card you placed face down: only you see its number",
        ),
        ("take X", "reserve card X from two of yours: A+B, or B-A"),
        (
            "discards",
            "after a take: each extra discard moves the number by one",
        ),
    ];

    /// The arrows pick a slot only in the action step; when drawing or discarding they step
    /// through the listed options.
    fn applies(&self, cmd: Cmd, ctx: &Ctx<Couperation>) -> bool {
        let mut ui = self.clone();
        ui.settle(ctx);
        let act = ctx.view.phase == PhaseView::Act;
        let n = ui.options(ctx).len();
        let pending = ui.confirm.is_some();
        match cmd {
            Cmd::Confirm | Cmd::Cancel => pending,
            _ if pending => false,
            Cmd::Slot => act,
            Cmd::StepOption => !act && n > 1,
            Cmd::NextOption => act && n > 1,
            Cmd::NextOptionList => !act && n > 1,
            Cmd::PrevOption => n > 1,
            Cmd::DrawCount => matches!(ctx.view.phase, PhaseView::Draw { .. }),
            Cmd::Do => n > 0,
        }
    }

    fn before_key(&mut self, key: &KeyEvent, ctx: &Ctx<Couperation>) {
        self.settle(ctx);
        // Only a second Enter does a move that can lose the game.
        if !matches!(key.code, KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc) {
            self.confirm = None;
        }
    }

    /// The cursor on the hinted move's slot and the move highlighted among its options (a
    /// turn-up still asks for its second Enter).
    fn show_hint(&mut self, action: &Action, ctx: &Ctx<Couperation>) {
        self.settle(ctx);
        self.confirm = None;
        if let Some(slot) = action_slot(action) {
            self.cursor = slot;
        }
        if let Some(i) = self.options(ctx).iter().position(|a| a == action) {
            self.option = i;
        }
    }

    fn run(&mut self, cmd: Cmd, key: KeyEvent, ctx: &Ctx<Couperation>) -> Option<Action> {
        let n = self.options(ctx).len();
        let forward = matches!(
            key.code,
            KeyCode::Tab
                | KeyCode::Char('n')
                | KeyCode::Right
                | KeyCode::Down
                | KeyCode::Char('l')
                | KeyCode::Char('j')
        );
        match cmd {
            Cmd::Cancel => self.confirm = None,
            Cmd::Confirm | Cmd::Do => return self.do_option(ctx),
            Cmd::Slot => {
                let (dr, dc) = crate::ui::widgets::grid_step(key.code)?;
                // Up goes to the row above: rows count from the bottom.
                self.move_cursor(-dr, dc);
            }
            Cmd::StepOption | Cmd::NextOption | Cmd::NextOptionList | Cmd::PrevOption if n > 0 => {
                let step = if forward { 1 } else { n - 1 };
                self.option = (self.option + step) % n;
            }
            Cmd::DrawCount => {
                let KeyCode::Char(d) = key.code else {
                    return None;
                };
                let a = Action::Draw {
                    n: u8::try_from(d.to_digit(10)?).ok()?,
                };
                return ctx.legal.contains(&a).then_some(a);
            }
            _ => {}
        }
        None
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Couperation>) {
        let theme = ctx.theme();
        let mut ui = self.clone();
        ui.settle(ctx);
        let geo = PyrGeo::fit(area);
        let [left, _, right] = Layout::horizontal([
            Constraint::Length(geo.width()),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(area);
        let [pyr, below] =
            Layout::vertical([Constraint::Length(geo.height()), Constraint::Fill(1)]).areas(left);
        lines::render(&geo.lines(&ui, ctx, &theme), pyr, f.buffer_mut());
        f.render_widget(
            Paragraph::new(below_lines(ctx, &theme)).wrap(Wrap { trim: true }),
            below,
        );
        f.render_widget(
            Paragraph::new(side_lines(
                &ui,
                ctx,
                &theme,
                right.height as usize,
                right.width as usize,
            ))
            .wrap(Wrap { trim: false }),
            right,
        );
    }

    fn on_mouse(&mut self, m: MouseEvent, area: Rect, ctx: &Ctx<Couperation>) -> Option<Action> {
        if m.kind != MouseEventKind::Down(MouseButton::Left) || ctx.view.phase != PhaseView::Act {
            return None;
        }
        let slot = PyrGeo::fit(area).slot_at(area, m.column, m.row)?;
        self.settle(ctx);
        if self.cursor == slot {
            // A second click on the same slot does its highlighted option (a move that can
            // lose the game asks again, like Enter).
            return self.do_option(ctx);
        }
        self.cursor = slot;
        self.option = 0;
        self.confirm = None;
        None
    }
}

/// This game's facts for the app: its computer players and its rules page.
/// The game's screen.
impl crate::ui::Playable for crate::games::couperation::Couperation {
    type Ui = CouperationUi;
}

impl crate::ui::Registered for crate::games::couperation::Couperation {
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::couperation::KINDS;
    const RULES: &'static str = include_str!("../../../assets/rules/couperation.md");
    const ALIASES: &'static [&'static str] = &["coupenation", "coupe"];
    const SCORING: crate::ui::registered::Scoring = crate::ui::registered::Scoring::Together;
    /// The shared score is the pyramid's cards turned face up.
    const SCORE_UNIT: Option<&'static str> = Some("cards face up");
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        crate::bots::hint::couperation::hint(seat, seen, legal, effort)
    }
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        // What each kind and level is: `crate::bots::kinds`, the one place that says.
        crate::bots::kinds::couperation(kind, seed)
    }
    /// Cards turned up that lost at once while a safe move was open, per seat (the hard
    /// level's target is none), those that lost in a blind choice between turn-ups, and the
    /// finish card put on top while a card waited face down and another move was open.
    fn match_figures(m: &crate::engine::Match<Self>) -> Vec<(&'static str, Vec<f64>)> {
        let (safe_open, blind) = crate::bots::couperation::turn_ups_that_lost(m);
        vec![
            ("losing turn-ups", safe_open),
            ("blind turn-ups lost", blind),
            ("early crowns", crate::bots::couperation::early_crowns(m)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use insta::assert_snapshot;
    use ratatui::crossterm::event::KeyCode;

    use super::*;
    use crate::engine::log::PlayerEntry;
    use crate::engine::{Game, Match, Setup, Table};
    use crate::ui::Registered;
    use crate::ui::Screen;
    use crate::ui::play::Play;
    use crate::ui::testutil::{ch, draw, key, settle};

    const THEME: Theme = Theme::new(false, true);

    fn table(players: Vec<PlayerEntry>, mode: &str, seed: u64) -> Table<Couperation> {
        let mut options = crate::engine::Options::new();
        options.insert("start".into(), "1".into());
        options.insert("mode".into(), mode.into());
        let m = Match::new(Setup {
            options,
            players,
            seed,
            started: "2026-11-25T20:00:00Z".into(),
        })
        .expect("setup");
        Table::new(m, Couperation::make_bot).expect("table")
    }

    /// Does the highlighted option, after stepping to the first option that `want` accepts.
    fn choose(p: &mut Play<Couperation>, want: impl Fn(&Action) -> bool) {
        let seat = p.keyboard.expect("a seat at the keyboard");
        let target = p
            .table
            .m
            .state
            .legal_actions(seat)
            .into_iter()
            .find(|a| want(a))
            .expect("such an option");
        if let Some(slot) = action_slot(&target) {
            // Walk the cursor there with the arrow keys.
            let (tr, tc) = crate::games::couperation::row_col(slot);
            for _ in 0..7 {
                p.on_event(&key(KeyCode::Down));
            }
            for _ in 0..7 {
                p.on_event(&key(KeyCode::Left));
            }
            for _ in 0..tr {
                p.on_event(&key(KeyCode::Up));
            }
            for _ in 0..tc {
                p.on_event(&key(KeyCode::Right));
            }
        }
        for _ in 0..200 {
            let before = p.table.m.history.len();
            let view = p.table.m.state.view(crate::engine::Viewer::Seat(seat));
            let legal = p.table.m.state.legal_actions(seat);
            let ctx = Ctx::<Couperation> {
                view: &view,
                seat: Some(seat),
                legal: &legal,
                names: &[],
                theme: crate::ui::Theme::new(false, true),
            };
            let mut ui = p.ui.clone();
            ui.settle(&ctx);
            let options = ui.options(&ctx);
            if options.get(ui.option) == Some(&target) {
                p.on_event(&key(KeyCode::Enter));
                if risky(&target) {
                    // A turn-up asks for Enter a second time.
                    p.on_event(&key(KeyCode::Enter));
                }
                assert!(p.table.m.history.len() > before, "{target:?} was not done");
                return;
            }
            p.on_event(&key(KeyCode::Tab));
        }
        panic!("never reached {target:?}");
    }

    fn with_bot() -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "builder", 5),
        ]
    }

    /// Found by the SSH table test (it failed now and then): a network table's frame drawn while the cards were dealt
    /// said "Hand empty", a hand nobody holds yet.
    #[test]
    fn no_hand_line_while_the_cards_are_dealt() {
        let t = table(with_bot(), "standard", 9);
        let view = t.m.view(crate::engine::Viewer::Seat(0));
        assert!(view.turn.is_none());
        let names = vec!["Ann".to_string(), "Bo".to_string()];
        let ctx = Ctx {
            view: &view,
            seat: Some(0),
            legal: &[],
            names: &names,
            theme: crate::ui::Theme::new(false, false),
        };
        let lines = below_lines(&ctx, &THEME);
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert!(text.iter().any(|l| l.contains("Dealing.")), "{text:?}");
        assert!(!text.iter().any(|l| l.starts_with("Hand")), "{text:?}");
    }

    #[test]
    fn mid_game_ascii_and_large() {
        let mut p = Play::new(table(with_bot(), "standard", 4), true);
        assert_snapshot!("couperation_start", draw(&p, THEME, 80, 24));
        choose(&mut p, |a| matches!(a, Action::Place { .. }));
        settle(&mut p);
        assert_eq!(p.keyboard, Some(0));
        let mid = draw(&p, THEME, 80, 24);
        // Card 1 is the one discarded, not one card of several.
        assert!(
            mid.contains("discards card 1 from the reserve (it holds at most 6)"),
            "{mid}"
        );
        assert_snapshot!("couperation_mid_80x24", mid);
        assert_snapshot!(
            "couperation_mid_ascii",
            draw(&p, Theme::new(true, false), 80, 24)
        );
        // From 120x40 the pyramid's cards are drawn as framed cards, larger again at 200x60
        // with the number in two corners.
        let big = draw(&p, THEME, 120, 40);
        assert!(big.contains("│30◇ │"), "{big}");
        assert_snapshot!("couperation_mid_120x40", big);
        let huge = draw(&p, THEME, 200, 60);
        assert!(huge.contains("│ 30") && huge.contains("30 │"), "{huge}");
        assert_snapshot!("couperation_mid_200x60", huge);
        let ascii = draw(&p, Theme::new(true, false), 80, 24);
        assert!(ascii.is_ascii(), "{ascii}");
    }

    #[test]
    fn two_humans_pass_and_private_hands() {
        let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
        let mut p = Play::new(table(players, "beginner", 9), true);
        // Ann first gets the hand-off screen.
        assert_eq!(p.pass(), Some(0));
        p.on_event(&key(KeyCode::Enter));
        let ann_hand = p.table.m.state.hand(0).to_vec();
        let ann = draw(&p, THEME, 80, 24);
        assert!(ann.contains("Hand"), "{ann}");
        choose(&mut p, |a| matches!(a, Action::Hide { .. }));
        // Bo's turn: a pass screen, and then Bo's own view without Ann's cards.
        assert_eq!(p.pass(), Some(1));
        let pass = draw(&p, THEME, 80, 24);
        assert_snapshot!("couperation_pass", pass);
        p.on_event(&key(KeyCode::Enter));
        let bo = draw(&p, THEME, 80, 24);
        assert_snapshot!("couperation_private_bo", bo);
        let hand_line = bo
            .lines()
            .find(|l| l.starts_with("Hand"))
            .expect("Bo's hand line")
            .to_string();
        for c in ann_hand {
            let text = format!(" {c}");
            assert!(
                !hand_line.contains(&text) || p.table.m.state.hand(1).contains(&c),
                "{hand_line}"
            );
        }
        assert!(
            bo.contains("####") || bo.contains("▒▒▒▒"),
            "Ann's card shows as a back"
        );
    }

    /// The option Enter would do now for the seat at the keyboard.
    fn highlighted(p: &Play<Couperation>) -> Option<Action> {
        let seat = p.keyboard?;
        let view = p.table.m.state.view(crate::engine::Viewer::Seat(seat));
        let legal = p.table.m.state.legal_actions(seat);
        let ctx = Ctx::<Couperation> {
            view: &view,
            seat: Some(seat),
            legal: &legal,
            names: &[],
            theme: crate::ui::Theme::new(false, true),
        };
        let mut ui = p.ui.clone();
        ui.settle(&ctx);
        let options = ui.options(&ctx);
        options
            .get(ui.option.min(options.len().saturating_sub(1)))
            .copied()
    }

    #[test]
    fn turning_a_card_up_is_never_the_default_and_asks_twice() {
        let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
        let mut p = Play::new(table(players, "beginner", 9), true);
        p.on_event(&key(KeyCode::Enter));
        choose(&mut p, |a| matches!(a, Action::Hide { .. }));
        p.on_event(&key(KeyCode::Enter));
        // Bo may turn Ann's card up, but that is not what Enter does at the hand-off.
        let legal = p.table.m.state.legal_actions(1);
        let reveal = *legal.iter().find(|a| risky(a)).expect("a turn-up");
        assert!(!highlighted(&p).is_some_and(|a| risky(&a)));
        // Walk to it: at its slot the turn-up comes after the safe options.
        let slot = action_slot(&reveal).expect("a slot");
        let (tr, tc) = crate::games::couperation::row_col(slot);
        for _ in 0..7 {
            p.on_event(&key(KeyCode::Down));
            p.on_event(&key(KeyCode::Left));
        }
        for _ in 0..tr {
            p.on_event(&key(KeyCode::Up));
        }
        for _ in 0..tc {
            p.on_event(&key(KeyCode::Right));
        }
        assert_eq!(p.ui.cursor, slot);
        while highlighted(&p) != Some(reveal) {
            p.on_event(&key(KeyCode::Tab));
        }
        let before = p.table.m.history.len();
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(
            p.table.m.history.len(),
            before,
            "one Enter does not turn it up"
        );
        let asked = draw(&p, THEME, 80, 24);
        assert!(asked.contains("Careful"), "{asked}");
        assert!(asked.contains("Enter yes, turn it up"), "{asked}");
        assert_snapshot!("couperation_confirm_80x24", asked);
        // Esc, or any other key, thinks again.
        p.on_event(&key(KeyCode::Esc));
        assert!(!draw(&p, THEME, 80, 24).contains("Careful"));
        p.on_event(&key(KeyCode::Enter));
        p.on_event(&ch('x'));
        p.on_event(&key(KeyCode::Enter));
        assert_eq!(p.table.m.history.len(), before);
        // The second Enter does it.
        p.on_event(&key(KeyCode::Enter));
        assert!(p.table.m.history.len() > before);
        assert!(
            p.table
                .m
                .history
                .iter()
                .any(|s| s.actor == crate::engine::Actor::Seat(1) && s.action == reveal)
        );
    }

    /// Against a computer player, every turn starts on an option that cannot lose the game.
    #[test]
    fn the_default_is_safe_at_every_turn() {
        let mut p = Play::new(table(with_bot(), "standard", 4), true);
        let mut turns = 0;
        for _ in 0..300 {
            settle(&mut p);
            if p.is_over() {
                break;
            }
            let legal = p.table.m.state.legal_actions(0);
            if legal.iter().any(|a| !risky(a)) {
                let h = highlighted(&p).expect("an option");
                assert!(!risky(&h), "{h:?} is the default");
                turns += 1;
            }
            // Play the highlighted option, or the first safe one.
            let a = highlighted(&p).expect("an option");
            choose(&mut p, |x| *x == a);
        }
        assert!(turns > 5, "{turns}");
    }

    #[test]
    fn take_labels_read_as_words() {
        assert_eq!(combine_how(12, 18, 30, 0), "12+18");
        assert_eq!(combine_how(4, 24, 20, 0), "24-4");
        assert_eq!(combine_how(4, 24, 18, 2), "24-4, 2 discards");
        assert_eq!(combine_how(12, 18, 31, 1), "12+18, 1 discard");
        assert_eq!(combine_how(FINISH, 7, 18, 0), "finish and 7");
        assert_eq!(combine_how(12, 18, FINISH, 0), "12 and 18");
    }

    /// The options panel of the seat at the keyboard, `rows` high, as text.
    fn side_text(p: &Play<Couperation>, rows: usize, theme: Theme) -> Vec<String> {
        let seat = p.keyboard.expect("a seat at the keyboard");
        let view = p.table.m.state.view(crate::engine::Viewer::Seat(seat));
        let legal = p.table.m.state.legal_actions(seat);
        let ctx = Ctx::<Couperation> {
            view: &view,
            seat: Some(seat),
            legal: &legal,
            names: &[],
            theme,
        };
        let mut ui = p.ui.clone();
        ui.settle(&ctx);
        side_lines(&ui, &ctx, &theme, rows, 1000)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn a_long_option_list_says_what_is_out_of_sight() {
        let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
        let mut p = Play::new(table(players, "beginner", 9), true);
        p.on_event(&key(KeyCode::Enter));
        choose(&mut p, |a| matches!(a, Action::Hide { .. }));
        p.on_event(&key(KeyCode::Enter));
        // Bo's cursor starts on a slot with six options; all fit in a tall panel.
        let full = side_text(&p, 40, THEME);
        assert!(!full.iter().any(|l| l.contains("more")), "{full:#?}");
        let head = full
            .iter()
            .position(|l| l.starts_with("At "))
            .expect("list");
        assert_eq!(full.len(), head + 7, "{full:#?}");
        // Two rows for the list: one option and a line for the rest.
        let short = side_text(&p, head + 3, THEME);
        assert_eq!(short.len(), head + 3, "{short:#?}");
        assert_eq!(short[head + 2], "  5 more ↓ (Tab)");
        p.on_event(&key(KeyCode::Tab));
        let short = side_text(&p, head + 3, THEME);
        assert_eq!(short[head + 2], "  1 more ↑, 4 more ↓ (Tab)");
        let ascii = side_text(&p, head + 3, Theme::new(true, false));
        assert_eq!(ascii[head + 2], "  1 more ^, 4 more v (Tab)");
    }

    #[test]
    fn a_cut_option_list_keeps_its_last_line_in_a_narrow_panel() {
        let players = vec![PlayerEntry::human("Ann"), PlayerEntry::human("Bo")];
        let mut p = Play::new(table(players, "beginner", 9), true);
        p.on_event(&key(KeyCode::Enter));
        choose(&mut p, |a| matches!(a, Action::Hide { .. }));
        p.on_event(&key(KeyCode::Enter));
        let seat = p.keyboard.expect("Bo");
        let view = p.table.m.state.view(crate::engine::Viewer::Seat(seat));
        let legal = p.table.m.state.legal_actions(seat);
        let ctx = Ctx::<Couperation> {
            view: &view,
            seat: Some(seat),
            legal: &legal,
            names: &[],
            theme: crate::ui::Theme::new(false, true),
        };
        let mut ui = p.ui.clone();
        ui.settle(&ctx);
        // As at 80x24: a panel 34 columns wide, where the longer lines wrap.
        for rows in 10..14 {
            let lines = side_lines(&ui, &ctx, &THEME, rows, 34);
            let used: usize = lines.iter().map(|l| wrapped_rows(l, 34)).sum();
            assert!(used <= rows, "{used} rows in {rows}: {lines:#?}");
            let last = lines.last().expect("lines").to_string();
            assert!(last.contains("more ↓ (Tab)"), "{rows}: {lines:#?}");
        }
        assert_eq!(wrapped_rows(&Line::from("aaa bbb ccc"), 7), 2);
        assert_eq!(wrapped_rows(&Line::from("aaa bbb ccc"), 11), 1);
    }

    #[test]
    fn draw_with_digits() {
        let players = vec![
            PlayerEntry::human("Ann"),
            PlayerEntry::bot("Bo", "builder", 1),
        ];
        let mut p = Play::new(table(players, "standard", 21), true);
        for _ in 0..40 {
            if p.is_over() {
                break;
            }
            settle(&mut p);
            let seat = 0;
            let legal = p.table.m.state.legal_actions(seat);
            if legal.contains(&Action::Draw { n: 1 }) {
                let before = p.table.m.history.len();
                p.on_event(&ch('1'));
                assert!(p.table.m.history.len() > before);
                return;
            }
            let a = legal[0];
            choose(&mut p, |x| *x == a);
        }
    }

    #[test]
    fn end_screen() {
        let players = vec![
            PlayerEntry::bot("Ann", "builder", 1),
            PlayerEntry::bot("Bo", "builder", 2),
        ];
        let mut t = table(players, "standard", 3);
        crate::ui::AnyTable::run_bots(&mut t).expect("plays");
        let p = Play::new(t, true);
        assert!(p.is_over());
        let end = draw(&p, THEME, 80, 24);
        // The shared score says what it counts.
        assert!(end.contains("28 cards face up"), "{end}");
        assert_snapshot!("couperation_end", end);
    }
}

//! Kokoro on screen: the player's mat as a map (each space 7 columns by 3 rows, paths drawn from
//! the centre to the edge midpoints so neighbouring roads meet), the round, the revealed card,
//! everyone's boxes, the round-end explanation, and the final score sheet. Tab switches to
//! another player's mat; wide or tall screens also show small maps of every mat.

use std::cell::RefCell;
use std::path::Path;
use std::sync::{Arc, Mutex};

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::engine::{Game, Match, Outcome, Seat};
use crate::games::kokoro::cards::{BOTTOM, LEFT, RIGHT, TOP};
use crate::games::kokoro::mats::{self, COLS, ROWS, Side};
use crate::games::kokoro::scoring::{self, ROUNDS, ZERO_PENALTY};
use crate::games::kokoro::{
    Action, Choice, Decree, GOLDEN_PER_ROUND, Kokoro, Mat, RoundRecord, SpaceSet, View,
    legal_spaces, mirror, segment_edges, space_name,
};
use crate::highscores::{self, Score};
use crate::ui::commands::{ARROWS, Command, ENTER, Key};
use crate::ui::lines;
use crate::ui::widgets::{abbreviate, fit, truncate, width, wrap};
use crate::ui::work::Work;
use crate::ui::{Ctx, GameUi, Theme};

/// Columns one space takes.
pub const CELL_W: u16 = 7;
/// Rows one space takes.
pub const CELL_H: u16 = 3;
/// The mat: a title line above 7 rows of spaces.
pub const MAT_W: u16 = CELL_W * COLS as u16;
pub const MAT_H: u16 = 1 + CELL_H * ROWS as u16;
/// Rows of the right-hand column above the event pane (at the smallest size).
const INFO_H: u16 = 14;

/// The high-score table shown at the end of a solo game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HighReport {
    /// "blue, no decree" or "pink, long-road".
    pub variant: String,
    pub table: Vec<Score>,
    pub place: Option<usize>,
    pub warning: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct KokoroUi {
    /// The space under the cursor (r * 6 + c), as last placed (see [`KokoroUi::cursor_at`]).
    pub cursor: u8,
    /// The card the cursor was placed for (round, cards turned up): a newer card puts it
    /// back on a free space.
    pub cursor_card: Option<(u8, u8)>,
    /// Draw the mirrored segment (mirror-pool decree).
    pub mirrored: bool,
    /// Another seat's mat on display instead of one's own.
    pub viewing: Option<Seat>,
    /// Round records already acknowledged with a key.
    pub acked: usize,
    pub high: Option<HighReport>,
    /// At the end: the final mats instead of the score sheet (Esc switches).
    pub board_at_end: bool,
    /// Everyone's running total through the game, once it is over.
    pub progress: Option<crate::ui::score_chart::Progress>,
    /// A finished solo game's look back: the turns where the hard player would have gained
    /// most ([`crate::bots::review`]), worked out on a thread (inside, `None` until ready).
    pub review: Option<Review>,
    /// The mat's spaces as last drawn.
    pub mat_cells: MatCells,
}

/// Where the review's thread leaves the turns it found.
pub type Review = Arc<Mutex<Option<Vec<crate::bots::review::Missed>>>>;

/// Playouts of each search of a review worked out inline ([`Work::Inline`]): the same review
/// on any machine.
const INLINE_REVIEW_PLAYOUTS: u32 = 16;

/// The size of the mat's spaces, chosen from the room the body gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatGeo {
    /// Columns and rows of one space (both odd, so paths meet in the middle).
    pub cw: u16,
    pub ch: u16,
    /// Row labels ("r3") at the left and column labels ("c2") above, as the event lines say.
    pub labels: bool,
}

impl MatGeo {
    /// 7×3 spaces without labels: fits 80×24.
    pub const COMPACT: MatGeo = MatGeo {
        cw: CELL_W,
        ch: CELL_H,
        labels: false,
    };

    /// The largest mat that leaves `right` columns beside it.
    fn fit(body: Rect, right: u16) -> MatGeo {
        for (cw, ch) in [(15, 7), (11, 5), (CELL_W, CELL_H)] {
            let g = MatGeo {
                cw,
                ch,
                labels: true,
            };
            if g.height() <= body.height && g.width() + 1 + right <= body.width {
                return g;
            }
        }
        Self::COMPACT
    }

    fn label_w(&self) -> u16 {
        if self.labels { 3 } else { 0 }
    }

    /// The whole mat: labels, the title line and the spaces.
    pub fn width(&self) -> u16 {
        self.label_w() + self.cw * COLS as u16
    }

    pub fn height(&self) -> u16 {
        1 + u16::from(self.labels) + self.ch * ROWS as u16
    }

    /// The space drawn at a screen position of a mat drawn at `mat`.
    fn space_at(&self, mat: Rect, col: u16, row: u16) -> Option<u8> {
        let x = col.checked_sub(mat.x + self.label_w())? / self.cw;
        let y = row.checked_sub(mat.y + 1 + u16::from(self.labels))? / self.ch;
        mats::space_at(usize::from(y), usize::from(x))
    }
}

/// Where things go in the body: the mat at the left, information and the event pane at the right.
struct Areas {
    geo: MatGeo,
    mat: Rect,
    info: Rect,
    pane: Rect,
    /// Everyone's small maps, when they do not fit under the mat.
    minimaps: Option<Rect>,
}

/// Columns the information column needs beside a labelled mat.
const INFO_MIN_W: u16 = 40;

fn areas(body: Rect) -> Areas {
    let geo = MatGeo::fit(body, INFO_MIN_W);
    let [mat, _gap, right] = Layout::horizontal([
        Constraint::Length(geo.width()),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(body);
    let info_h = if body.height >= 34 { 18 } else { INFO_H }.min(body.height.saturating_sub(4));
    // A large mat leaves no room below it for the small maps: they go to the right column.
    let maps_h = if geo.cw > CELL_W && mat.height < geo.height() + 2 + ROWS as u16 {
        2 + ROWS as u16
    } else {
        0
    };
    let maps_h = if body.height >= info_h + maps_h + 8 {
        maps_h
    } else {
        0
    };
    let [info, maps, pane] = Layout::vertical([
        Constraint::Length(info_h),
        Constraint::Length(maps_h),
        Constraint::Fill(1),
    ])
    .areas(right);
    Areas {
        geo,
        mat,
        info,
        pane,
        minimaps: (maps_h > 0).then_some(maps),
    }
}

fn fg(theme: &Theme, c: Color) -> Style {
    theme.paint(c)
}

/// The name column of a table: as wide as the longest name (by display width) up to `room`,
/// and at least `min` so short names keep the usual layout.
fn name_width(ctx: &Ctx<Kokoro>, theme: &Theme, min: usize, room: usize) -> usize {
    (0..ctx.view.players)
        .map(|s| width(&theme.text(&name_of(ctx, s))))
        .max()
        .unwrap_or(min)
        .clamp(min, room.max(min))
}

fn name_of(ctx: &Ctx<Kokoro>, s: Seat) -> String {
    ctx.names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", s + 1))
}

/// The centre character of a segment.
fn centre(theme: &Theme, number: u8) -> char {
    if theme.ascii {
        // Each corner its own letter (J L r 7): a `+` would make four cards look alike.
        return crate::games::kokoro::cards::ascii_glyph(number);
    }
    crate::games::kokoro::glyph(number)
}

fn edge_words(number: u8) -> &'static str {
    match number {
        1 => "top-left",
        2 => "top-right",
        3 => "right-bottom",
        4 => "bottom-left",
        5 => "left-right",
        6 => "top-bottom",
        _ => "",
    }
}

/// What the mat shows besides the paths.
struct MatLook {
    side: Side,
    guardians: [u8; 2],
    grove: Option<u8>,
    /// Spaces marked as legal for the player to move.
    legal: SpaceSet,
    /// Highlighted chain (the sanctuary being scored or just scored).
    chain: SpaceSet,
    /// The cursor, with the segment previewed there (0 = none).
    cursor: Option<(u8, u8)>,
    /// The player's own chosen draw, not yet resolved.
    pending: Option<(u8, u8)>,
}

fn corner(text: String, style: Style) -> (String, Style) {
    (text, style)
}

/// The text rows of one space (`geo.ch` of them, `geo.cw` columns each), as styled pieces: the
/// marks in the corners, the path from the centre to the edges it touches.
fn cell_rows(
    theme: &Theme,
    mat: &Mat,
    space: u8,
    look: &MatLook,
    geo: MatGeo,
) -> Vec<Vec<Span<'static>>> {
    let printed = mats::printed(look.side)[usize::from(space)];
    let on_chain = look.chain.contains(space);
    let here = look.cursor.filter(|(s, _)| *s == space);
    let pending = look.pending.filter(|(s, _)| *s == space);
    let drawn = mat.path(space);
    let (number, path_style) = if drawn != 0 {
        let st = if on_chain {
            theme.accent()
        } else {
            fg(theme, Color::White).add_modifier(Modifier::BOLD)
        };
        (drawn, st)
    } else if let Some((_, n)) = pending {
        let st = fg(theme, Color::LightCyan).add_modifier(Modifier::BOLD);
        // A chosen draw must not look like a drawn path by its colour alone.
        if theme.colour_blind() {
            (n, st.add_modifier(Modifier::REVERSED))
        } else {
            (n, st)
        }
    } else if let Some((_, n)) = here.filter(|_| look.legal.contains(space)) {
        (n, theme.accent())
    } else {
        (0, Style::new())
    };
    let feature = |s: Style| {
        if on_chain {
            s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else {
            s
        }
    };
    // Around the centre column: caterpillars (or the sanctuary) and flowers above, the
    // guardian and the pink side's number below, so each space's marks stay together.
    let tl = if let Some(l) = printed.sanctuary {
        corner(
            format!("<{l}>"),
            feature(fg(theme, Color::Cyan).add_modifier(Modifier::BOLD)),
        )
    } else if printed.caterpillars > 0 {
        corner(
            format!("c{}", printed.caterpillars),
            feature(fg(theme, Color::Green)),
        )
    } else {
        corner(String::new(), Style::new())
    };
    let tr = if printed.flowers > 0 {
        corner(
            format!("f{}", printed.flowers),
            feature(fg(theme, Color::Magenta)),
        )
    } else {
        corner(String::new(), Style::new())
    };
    let guardian = if look.guardians[0] == space {
        Some("CG")
    } else if look.guardians[1] == space {
        Some("FG")
    } else {
        None
    };
    let bl = match guardian {
        Some(g) => corner(
            g.to_string(),
            fg(theme, Color::Yellow).add_modifier(Modifier::BOLD),
        ),
        None => corner(String::new(), Style::new()),
    };
    let br = match printed.number {
        Some(n) => corner(format!("#{n}"), theme.dim()),
        None => corner(String::new(), Style::new()),
    };
    let e = segment_edges(number);
    let (h, v) = if theme.ascii {
        ('-', '|')
    } else {
        ('─', '│')
    };
    let mid = if number != 0 {
        (centre(theme, number).to_string(), path_style)
    } else if look.grove == Some(space) {
        (
            (if theme.ascii { "X" } else { "×" }).to_string(),
            theme.error(),
        )
    } else if look.legal.contains(space) {
        (
            (if theme.ascii { "." } else { "·" }).to_string(),
            theme.dim(),
        )
    } else {
        (" ".to_string(), Style::new())
    };
    let half_w = usize::from(geo.cw.saturating_sub(1) / 2);
    let half_h = usize::from(geo.ch.saturating_sub(1) / 2);
    let arm = |on: bool, c: char| -> (String, Style) {
        if on {
            (c.to_string().repeat(half_w), path_style)
        } else {
            (" ".repeat(half_w), Style::new())
        }
    };
    let pad_left = |(t, s): (String, Style)| Span::styled(format!("{t:>half_w$}"), s);
    let pad_right = |(t, s): (String, Style)| Span::styled(format!("{t:<half_w$}"), s);
    let up = if e & TOP != 0 {
        (v.to_string(), path_style)
    } else {
        (" ".into(), Style::new())
    };
    let down = if e & BOTTOM != 0 {
        (v.to_string(), path_style)
    } else {
        (" ".into(), Style::new())
    };
    let (l, r) = (arm(e & LEFT != 0, h), arm(e & RIGHT != 0, h));
    let blank = || (String::new(), Style::new());
    let stem = |(t, s): &(String, Style)| {
        vec![
            pad_left(blank()),
            Span::styled(t.clone(), *s),
            pad_right(blank()),
        ]
    };
    let mut rows = Vec::with_capacity(usize::from(geo.ch));
    rows.push(vec![
        pad_left(tl),
        Span::styled(up.0.clone(), up.1),
        pad_right(tr),
    ]);
    for _ in 1..half_h {
        rows.push(stem(&up));
    }
    rows.push(vec![
        Span::styled(l.0, l.1),
        Span::styled(mid.0, mid.1),
        Span::styled(r.0, r.1),
    ]);
    for _ in 1..half_h {
        rows.push(stem(&down));
    }
    rows.push(vec![
        pad_left(bl),
        Span::styled(down.0, down.1),
        pad_right(br),
    ]);
    if here.is_some() {
        let mark = if theme.color {
            Style::new().bg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        };
        for row in &mut rows {
            for span in row.iter_mut() {
                span.style = span.style.patch(mark);
            }
        }
    }
    rows
}

fn mat_lines(theme: &Theme, mat: &Mat, look: &MatLook, geo: MatGeo) -> Vec<Line<'static>> {
    let mut lines = Vec::with_capacity(ROWS * usize::from(geo.ch) + 1);
    if geo.labels {
        lines.push(column_labels(theme, geo));
    }
    for r in 0..ROWS {
        let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new(); usize::from(geo.ch)];
        if geo.labels {
            for (i, row) in rows.iter_mut().enumerate() {
                row.push(Span::styled(row_label(r, i, geo), theme.dim()));
            }
        }
        for c in 0..COLS {
            let space = (r * COLS + c) as u8;
            for (row, cell) in rows.iter_mut().zip(cell_rows(theme, mat, space, look, geo)) {
                row.extend(cell);
            }
        }
        lines.extend(rows.into_iter().map(Line::from));
    }
    lines
}

/// The line above a labelled mat: "c0", "c1"... centred over their columns.
fn column_labels(theme: &Theme, geo: MatGeo) -> Line<'static> {
    let cw = usize::from(geo.cw);
    let mut head = String::from(ROW_LABEL_BLANK);
    for c in 0..COLS {
        head.push_str(&format!("{:^cw$}", format!("c{c}")));
    }
    Line::styled(head, theme.dim())
}

/// The row label left of text row `i` of mat row `r`: "r3 " on the space's middle row.
fn row_label(r: usize, i: usize, geo: MatGeo) -> String {
    if i == usize::from(geo.ch / 2) {
        format!("r{r} ")
    } else {
        ROW_LABEL_BLANK.to_string()
    }
}

/// A row label's width in blanks.
const ROW_LABEL_BLANK: &str = "   ";

/// What one space of the mat is drawn from ([`cell_rows`] reads nothing else): two spaces
/// with the same key look the same.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SpaceKey {
    theme: Theme,
    cw: u16,
    ch: u16,
    side: Side,
    path: u8,
    on_chain: bool,
    /// The segment previewed under the cursor, or the player's chosen draw, on this space.
    cursor: Option<u8>,
    pending: Option<u8>,
    legal: bool,
    grove: bool,
    guardian: [bool; 2],
}

impl SpaceKey {
    fn of(theme: &Theme, mat: &Mat, space: u8, look: &MatLook, geo: MatGeo) -> Self {
        let here = |at: Option<(u8, u8)>| at.filter(|(s, _)| *s == space).map(|(_, n)| n);
        SpaceKey {
            theme: *theme,
            cw: geo.cw,
            ch: geo.ch,
            side: look.side,
            path: mat.path(space),
            on_chain: look.chain.contains(space),
            cursor: here(look.cursor),
            pending: here(look.pending),
            legal: look.legal.contains(space),
            grove: look.grove == Some(space),
            guardian: [look.guardians[0] == space, look.guardians[1] == space],
        }
    }
}

/// One space's cells, row by row: a character and its style each (`None`: a row that is not
/// `cw` one-column characters, drawn the lines' way instead).
type SpaceCells = Option<Vec<(char, Style)>>;

/// The cells each space of the mat was last drawn with, and the key they were drawn from.
/// The mat is most of the play screen, redrawn on every key; a cursor move changes two of
/// its thirty spaces, and the others' cells are copied rather than built again as styled
/// text (which was most of a Kokoro key's CPU over SSH).
#[derive(Default)]
pub struct MatCells(RefCell<Vec<Option<(SpaceKey, SpaceCells)>>>);

impl Clone for MatCells {
    /// A copy starts empty: the cells are only a cache.
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for MatCells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MatCells")
    }
}

impl MatCells {
    /// Draws the mat's rows (labels and spaces, as [`mat_lines`] in `body` would); false,
    /// drawing nothing, when a space's text is not one cell a character.
    fn draw(
        &self,
        theme: &Theme,
        mat: &Mat,
        look: &MatLook,
        geo: MatGeo,
        body: Rect,
        buf: &mut Buffer,
    ) -> bool {
        let mut cache = self.0.borrow_mut();
        cache.resize(ROWS * COLS, None);
        for (space, entry) in cache.iter_mut().enumerate() {
            let space = space as u8;
            let key = SpaceKey::of(theme, mat, space, look, geo);
            if entry.as_ref().is_none_or(|(k, _)| *k != key) {
                let rows = cell_rows(theme, mat, space, look, geo);
                *entry = Some((
                    key,
                    flatten(&rows, usize::from(geo.cw), usize::from(geo.ch)),
                ));
            }
            if matches!(entry, Some((_, None))) {
                return false;
            }
        }
        let area = body.intersection(buf.area);
        if area.is_empty() {
            return true;
        }
        let mut top = area.y;
        if geo.labels {
            lines::render(&[column_labels(theme, geo)], area, buf);
            top += 1;
        }
        let label_w: u16 = if geo.labels { 3 } else { 0 };
        let (cw, ch) = (usize::from(geo.cw), usize::from(geo.ch));
        for r in 0..ROWS {
            for i in 0..ch {
                let Ok(dy) = u16::try_from(r * ch + i) else {
                    return true;
                };
                let y = top.saturating_add(dy);
                if y >= area.bottom() {
                    return true;
                }
                let row = Rect {
                    y,
                    height: 1,
                    ..area
                };
                if geo.labels {
                    lines::render(&[Line::styled(row_label(r, i, geo), theme.dim())], row, buf);
                }
                // The row's cells right of the labels, up to the area's right edge.
                let from = usize::from(label_w.min(area.width));
                let start = buf.index_of(area.x, y) + from;
                let end = start + usize::from(area.width) - from;
                let Some(line) = buf.content.get_mut(start..end) else {
                    continue;
                };
                let mut dst = line.iter_mut();
                'spaces: for c in 0..COLS {
                    let Some((_, Some(cells))) = &cache[r * COLS + c] else {
                        continue;
                    };
                    for &(ch_, style) in &cells[i * cw..(i + 1) * cw] {
                        let Some(cell) = dst.next() else {
                            break 'spaces;
                        };
                        lines::put_char_in(cell, ch_, style);
                    }
                }
            }
        }
        true
    }
}

/// A space's rows as cells, when it has `ch` rows of exactly `cw` one-column characters.
fn flatten(rows: &[Vec<Span<'static>>], cw: usize, ch: usize) -> SpaceCells {
    if rows.len() != ch {
        return None;
    }
    let mut cells = Vec::with_capacity(rows.len() * cw);
    for row in rows {
        let start = cells.len();
        for span in row {
            let style = Style::default().patch(span.style);
            for c in span.content.chars() {
                if !lines::one_column(c) {
                    return None;
                }
                cells.push((c, style));
            }
        }
        if cells.len() - start != cw {
            return None;
        }
    }
    Some(cells)
}

/// One character per space: the path, else a sanctuary letter, a guardian or a dot.
fn minimap_lines(theme: &Theme, view: &View, seat: Seat) -> Vec<Line<'static>> {
    let Some(mat) = view.mats.get(seat) else {
        return Vec::new();
    };
    let printed = mats::printed(view.side);
    let g = view.guardian_spaces();
    let chain = view
        .sanctuary
        .map(|l| scoring::sanctuary_chain(view.side, mat, l).0)
        .unwrap_or_default();
    (0..ROWS)
        .map(|r| {
            Line::from(
                (0..COLS)
                    .map(|c| {
                        let s = (r * COLS + c) as u8;
                        let p = mat.path(s);
                        if p != 0 {
                            let st = if chain.contains(s) {
                                theme.accent()
                            } else {
                                Style::new()
                            };
                            Span::styled(centre(theme, p).to_string(), st)
                        } else if let Some(l) = printed[usize::from(s)].sanctuary {
                            Span::styled(l.to_string(), fg(theme, Color::Cyan))
                        } else if let Some(i) = g.iter().position(|&x| x == s) {
                            // Two letters, apart from the sanctuaries' capitals: the
                            // caterpillar and the flower guardian, as on the big mat.
                            Span::styled(["c", "f"][i], fg(theme, Color::Yellow))
                        } else {
                            Span::styled(if theme.ascii { "." } else { "·" }, theme.dim())
                        }
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .collect()
}

/// "1 space", "4 spaces".
fn spaces(n: usize) -> String {
    if n == 1 {
        "1 space".into()
    } else {
        format!("{n} spaces")
    }
}

/// The words explaining one player's box for a scored round.
pub fn explain(view: &View, rec: &RoundRecord, seat: Seat, ascii: bool) -> Vec<String> {
    let Some(score) = rec.players.get(seat) else {
        return Vec::new();
    };
    let l = rec.sanctuary;
    let penalty = if rec.round == 1 && view.decree == Some(Decree::GentleStart) {
        "no penalty: gentle-start".to_string()
    } else {
        format!(
            "{}{} at the end",
            if ascii { "-" } else { "−" },
            ZERO_PENALTY
        )
    };
    let mut out = vec![format!("Round {}: sanctuary {l} scored.", rec.round)];
    if score.chain.is_empty() {
        out.push(format!("No path on <{l}>: box 0 ({penalty})."));
        return out;
    }
    let printed = mats::printed(view.side);
    let parts: Vec<String> = score
        .chain
        .iter()
        .filter_map(|s| {
            let n = printed.get(usize::from(s))?.features();
            (n > 0).then(|| format!("{} {n}", space_name(s)))
        })
        .collect();
    if parts.is_empty() {
        out.push(format!(
            "Its chain of {} reaches no caterpillar or flower: box 0 ({penalty}).",
            spaces(score.chain.len() as usize)
        ));
        return out;
    }
    out.push(format!(
        "Chain of {}: {} = {}.",
        spaces(score.chain.len() as usize),
        parts.join(", "),
        score.count
    ));
    if score.zeroed {
        out.push(format!(
            "{} does not beat the last box ({}): box 0 ({penalty}). The next needs only 1.",
            score.count, score.previous_box
        ));
    } else {
        out.push(format!(
            "{} beats the last box ({}): box {}.",
            score.count, score.previous_box, score.box_value
        ));
    }
    out
}

impl KokoroUi {
    /// The last round's record while it is still to be looked at: on the first turn of the
    /// next round (or at the end), until a key.
    pub fn showing<'v>(&self, view: &'v View) -> Option<&'v RoundRecord> {
        let rec = view.records.last()?;
        let fresh = view.over || view.cards_revealed <= rec.cards_revealed.saturating_add(1);
        (fresh && self.acked < view.records.len()).then_some(rec)
    }

    /// The seat whose mat is drawn.
    fn shown_seat(&self, ctx: &Ctx<Kokoro>) -> Seat {
        let n = ctx.view.players.max(1);
        self.viewing.or(ctx.seat).unwrap_or(0).min(n - 1)
    }

    fn cycle(&mut self, ctx: &Ctx<Kokoro>, step: isize) {
        let n = ctx.view.players.max(1) as isize;
        let next = (self.shown_seat(ctx) as isize + step).rem_euclid(n) as Seat;
        self.viewing = (Some(next) != ctx.seat).then_some(next);
    }

    /// The space under the cursor for the person to move. On a card turned up since the cursor
    /// was placed, the space it was on if a segment may still go there, otherwise the free
    /// space nearest to it (the one above, then the one at the left, on a tie): the last draw
    /// took the cursor's space, and the next path most often goes on beside it.
    pub fn cursor_at(&self, ctx: &Ctx<Kokoro>) -> u8 {
        let view = ctx.view;
        let (Some(seat), Some(_)) = (ctx.seat, view.card) else {
            return self.cursor;
        };
        if self.cursor_card == Some((view.round, view.cards_revealed)) {
            return self.cursor;
        }
        let free = legal_spaces(view, seat);
        if free.contains(self.cursor) {
            return self.cursor;
        }
        let (r, c) = (self.cursor / COLS as u8, self.cursor % COLS as u8);
        free.iter()
            .min_by_key(|&s| {
                let (sr, sc) = (s / COLS as u8, s % COLS as u8);
                (r.abs_diff(sr) + c.abs_diff(sc), s)
            })
            .unwrap_or(self.cursor)
    }

    /// Puts the cursor where [`KokoroUi::cursor_at`] shows it, before a key or click moves it.
    fn settle_cursor(&mut self, ctx: &Ctx<Kokoro>) {
        if ctx.seat.is_some() && ctx.view.card.is_some() {
            self.cursor = self.cursor_at(ctx);
            self.cursor_card = Some((ctx.view.round, ctx.view.cards_revealed));
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let r = (self.cursor as isize / COLS as isize + dr).rem_euclid(ROWS as isize);
        let c = (self.cursor as isize % COLS as isize + dc).rem_euclid(COLS as isize);
        self.cursor = (r * COLS as isize + c) as u8;
    }

    fn can_mirror(ctx: &Ctx<Kokoro>) -> bool {
        ctx.legal
            .iter()
            .any(|a| matches!(a, Action::Draw { mirrored: true, .. }))
    }

    fn draw(&mut self, ctx: &Ctx<Kokoro>) -> Option<Action> {
        let action = Action::Draw {
            space: self.cursor_at(ctx),
            mirrored: self.mirrored && Self::can_mirror(ctx),
        };
        let ok = ctx.legal.contains(&action);
        if ok {
            self.mirrored = false;
        }
        ok.then_some(action)
    }

    /// The segment a draw would place now.
    fn preview_number(&self, ctx: &Ctx<Kokoro>) -> u8 {
        let n = ctx.view.card.map_or(0, |c| c.number);
        if self.mirrored && Self::can_mirror(ctx) {
            mirror(n)
        } else {
            n
        }
    }

    fn space_at(area: Rect, col: u16, row: u16) -> Option<u8> {
        let a = areas(area);
        a.geo.space_at(a.mat, col, row)
    }

    fn status_lines(&self, ctx: &Ctx<Kokoro>, theme: &Theme, shown: Seat) -> Vec<Line<'static>> {
        let view = ctx.view;
        let sep = theme.sep();
        let mut lines = Vec::new();
        let letter = view.sanctuary.map_or("-".to_string(), |l| format!("<{l}>"));
        lines.push(Line::from(vec![
            Span::styled(format!("Round {}/{ROUNDS}", view.round), theme.title()),
            Span::raw("  Sanctuary "),
            Span::styled(letter, fg(theme, Color::Cyan).add_modifier(Modifier::BOLD)),
            Span::raw(format!("  Gold {}/{GOLDEN_PER_ROUND}", view.golden)),
        ]));
        match view.card {
            Some(c) => {
                let kind = if c.golden { "golden" } else { "plain" };
                let style = if c.golden {
                    fg(theme, Color::Yellow).add_modifier(Modifier::BOLD)
                } else {
                    Style::new().add_modifier(Modifier::BOLD)
                };
                lines.push(Line::from(vec![
                    Span::raw("Card "),
                    Span::styled(format!("{} {}", c.number, centre(theme, c.number)), style),
                    Span::styled(format!(" {}", edge_words(c.number)), theme.dim()),
                    Span::raw(sep.to_string()),
                    Span::styled(kind, style),
                ]));
            }
            None => lines.push(Line::styled("No card turned up", theme.dim())),
        }
        let me = ctx.seat;
        let third = match (me, me.and_then(|s| view.choice(s))) {
            (Some(_), Some(Choice::Draw { space, mirrored })) => {
                let n = view.card.map_or(0, |c| c.number);
                let n = if mirrored { mirror(n) } else { n };
                Line::styled(
                    format!(
                        "You chose: draw {} at {}{}",
                        centre(theme, n),
                        space_name(space),
                        if mirrored { " (mirrored)" } else { "" }
                    ),
                    fg(theme, Color::LightCyan),
                )
            }
            (Some(_), Some(Choice::Peek)) => {
                Line::styled("You chose: peek", fg(theme, Color::LightCyan))
            }
            (Some(s), None) if !ctx.legal.is_empty() && self.viewing.is_none() => {
                let cursor = self.cursor_at(ctx);
                let free = legal_spaces(view, s).contains(cursor);
                let what = if free {
                    format!(
                        "Enter draws {} at {}",
                        centre(theme, self.preview_number(ctx)),
                        space_name(cursor)
                    )
                } else {
                    format!("{} is taken", space_name(cursor))
                };
                Line::from(vec![
                    Span::styled(what, theme.accent()),
                    Span::styled(format!("{sep}p peeks"), theme.dim()),
                ])
            }
            _ if shown != me.unwrap_or(usize::MAX) => Line::styled(
                format!("Viewing {}'s mat", theme.text(&name_of(ctx, shown))),
                theme.accent(),
            ),
            _ => Line::from(""),
        };
        lines.push(third);
        let mut fourth = Vec::new();
        if let Some(sheet) = view.sheets.get(shown) {
            fourth.push(Span::styled(
                format!(
                    "CG {}  FG {}",
                    sheet.caterpillar_guardian, sheet.flower_guardian
                ),
                theme.dim(),
            ));
        }
        if let Some(n) = view.next_sanctuary {
            fourth.push(Span::raw(sep.to_string()));
            fourth.push(Span::styled(
                format!("Next <{n}> (peeked)"),
                fg(theme, Color::LightCyan),
            ));
        }
        lines.push(Line::from(fourth));
        let decree = match view.decree {
            Some(d) => {
                let mut s = format!("Decree {}", d.id());
                if d == Decree::MirrorPool
                    && let Some(me) = me
                {
                    s.push_str(if Self::can_mirror(ctx) {
                        if self.mirrored {
                            ": m mirrored ON"
                        } else {
                            ": m to mirror"
                        }
                    } else if view.mirror_available(me) {
                        ": unused"
                    } else {
                        ": used"
                    });
                }
                Line::styled(s, theme.dim())
            }
            None if view.decree_pending => Line::styled("Decree to be drawn", theme.dim()),
            None => Line::from(""),
        };
        lines.push(decree);
        lines
    }

    fn table_lines(
        &self,
        ctx: &Ctx<Kokoro>,
        theme: &Theme,
        shown: Seat,
        width: usize,
    ) -> Vec<Line<'static>> {
        let view = ctx.view;
        // Marker, name, the chosen mark and a space, then five boxes and the total.
        let name_w = name_width(ctx, theme, 9, width.saturating_sub(2 + 2 + 3 * ROUNDS + 5));
        let mut head = " ".repeat(2 + name_w + 2);
        for r in 0..ROUNDS {
            let l = view.revealed.get(r).copied().unwrap_or(' ');
            head.push_str(&format!("{l:>3}"));
        }
        head.push_str("  Tot");
        let mut lines = vec![Line::styled(head, theme.dim())];
        for s in 0..view.players {
            let marker = if s == shown { theme.pointer() } else { "  " };
            let chosen = if view.chosen.get(s).copied().unwrap_or(false) && !view.over {
                if theme.ascii { "*" } else { "✓" }
            } else {
                " "
            };
            let mut row = format!(
                "{marker}{}{chosen} ",
                fit(&theme.text(&name_of(ctx, s)), name_w, theme.ellipsis())
            );
            if let Some(sheet) = view.sheets.get(s) {
                for b in sheet.boxes {
                    match b {
                        Some(v) => row.push_str(&format!("{v:>3}")),
                        None => row.push_str(if theme.ascii { "  ." } else { "  ·" }),
                    }
                }
                row.push_str(&format!("{:>5}", sheet.total));
            }
            let style = if Some(s) == ctx.seat {
                theme.accent()
            } else {
                Style::new()
            };
            lines.push(Line::styled(row, style));
        }
        lines
    }

    fn render_play(&self, f: &mut Frame, a: &Areas, ctx: &Ctx<Kokoro>, theme: &Theme) {
        let view = ctx.view;
        let shown = self.shown_seat(ctx);
        let record = self.showing(view);
        // The mat.
        self.render_mat(f, a.mat, a.geo, ctx, theme, shown, record);
        // Minimaps under the mat when there is room, else beside it.
        let below = Rect {
            y: a.mat.y + a.geo.height(),
            height: a.mat.height.saturating_sub(a.geo.height()),
            ..a.mat
        };
        self.render_minimaps(f, a.minimaps.unwrap_or(below), ctx, theme, 2);
        // Information and everyone's boxes.
        let table = self.table_lines(ctx, theme, shown, usize::from(a.info.width));
        let [top, bottom] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(table.len() as u16)])
                .areas(a.info);
        let top_lines = match record {
            Some(rec) => {
                let mut v: Vec<Line> = explain(view, rec, shown, theme.ascii)
                    .into_iter()
                    .flat_map(|t| wrap(&theme.text(&t), top.width as usize))
                    .map(|t| Line::styled(t, Style::new()))
                    .collect();
                if let Some(first) = v.first_mut() {
                    first.style = theme.title();
                }
                if !view.over && ctx.seat.is_some() {
                    v.push(Line::styled("Any key: continue", theme.accent()));
                }
                v
            }
            None => self.status_lines(ctx, theme, shown),
        };
        lines::render(&top_lines, top, f.buffer_mut());
        lines::render(&table, bottom, f.buffer_mut());
    }

    #[allow(clippy::too_many_arguments)]
    fn render_mat(
        &self,
        f: &mut Frame,
        area: Rect,
        geo: MatGeo,
        ctx: &Ctx<Kokoro>,
        theme: &Theme,
        shown: Seat,
        record: Option<&RoundRecord>,
    ) {
        let view = ctx.view;
        let Some(mat) = view.mats.get(shown) else {
            return;
        };
        let mine = ctx.seat == Some(shown);
        let my_turn = mine && !ctx.legal.is_empty();
        let chain = match record {
            Some(rec) => rec.players.get(shown).map(|p| p.chain).unwrap_or_default(),
            None => view
                .sanctuary
                .map(|l| scoring::sanctuary_chain(view.side, mat, l).0)
                .unwrap_or_default(),
        };
        let pending = match (mine, view.choice(shown)) {
            (true, Some(Choice::Draw { space, mirrored })) => {
                let n = view.card.map_or(0, |c| c.number);
                Some((space, if mirrored { mirror(n) } else { n }))
            }
            _ => None,
        };
        let look = MatLook {
            side: view.side,
            guardians: view.guardian_spaces(),
            grove: view.grove,
            legal: if my_turn {
                legal_spaces(view, shown)
            } else {
                SpaceSet::EMPTY
            },
            chain,
            cursor: my_turn.then(|| (self.cursor_at(ctx), self.preview_number(ctx))),
            pending,
        };
        let side = match view.side {
            Side::Blue => "blue",
            Side::Pink => "pink",
        };
        let who = theme.text(&name_of(ctx, shown));
        let mut title = vec![Span::styled(format!(" {who}'s mat"), theme.title())];
        title.push(Span::styled(
            format!("{}{side} side", theme.sep()),
            theme.dim(),
        ));
        let clip = Rect {
            height: area.height.min(geo.height()),
            ..area
        };
        let buf = f.buffer_mut();
        lines::render(&[Line::from(title)], clip, buf);
        let body = Rect {
            y: clip.y.saturating_add(1),
            height: clip.height.saturating_sub(1),
            ..clip
        };
        if !self.mat_cells.draw(theme, mat, &look, geo, body, buf) {
            lines::render(&mat_lines(theme, mat, &look, geo), body, buf);
        }
    }

    /// Small maps of every mat, when all of them fit (and there are at least `min` players).
    fn render_minimaps(
        &self,
        f: &mut Frame,
        area: Rect,
        ctx: &Ctx<Kokoro>,
        theme: &Theme,
        min: usize,
    ) {
        let view = ctx.view;
        let per_row = (area.width / 8).max(1) as usize;
        let rows_fit = (area.height / (2 + ROWS as u16)) as usize;
        if view.players < min || view.players > per_row * rows_fit {
            return;
        }
        for s in 0..view.players {
            let (gx, gy) = ((s % per_row) as u16, (s / per_row) as u16);
            let r = Rect {
                x: area.x + gx * 8,
                y: area.y + 1 + gy * (2 + ROWS as u16),
                width: 7,
                height: 1 + ROWS as u16,
            };
            let mut lines = vec![Line::styled(
                abbreviate(&theme.text(&name_of(ctx, s)), 7, theme.ellipsis()),
                if Some(s) == ctx.seat {
                    theme.accent()
                } else {
                    theme.dim()
                },
            )];
            lines.extend(minimap_lines(theme, view, s));
            lines::render(&lines, r, f.buffer_mut());
        }
    }

    /// The end: the full sheet of every player, the winner and the tie-break.
    fn render_end(&self, f: &mut Frame, a: &Areas, ctx: &Ctx<Kokoro>, theme: &Theme) {
        let view = ctx.view;
        let sheet_lines = sheet_lines(ctx, theme);
        let h = sheet_lines.len() as u16;
        lines::render(
            &sheet_lines,
            Rect {
                height: h.min(a.mat.height),
                ..a.mat
            },
            f.buffer_mut(),
        );
        // The final mat below the sheet when it fits.
        let shown = self.shown_seat(ctx);
        let below = Rect {
            y: a.mat.y + h,
            height: a.mat.height.saturating_sub(h),
            ..a.mat
        };
        if below.height > MAT_H {
            let r = Rect {
                y: below.y + 1,
                height: MAT_H,
                ..below
            };
            self.render_mat(f, r, MatGeo::COMPACT, ctx, theme, shown, None);
        } else {
            self.render_minimaps(f, below, ctx, theme, 1);
        }
        let mut right: Vec<Line> = Vec::new();
        if let Some(high) = &self.high {
            right.extend(high_lines(high, theme, a.info.width as usize));
        }
        if let Some(review) = &self.review {
            if !right.is_empty() {
                right.push(Line::from(""));
            }
            right.extend(review_lines(review, theme, a.info.width as usize));
        } else if self.high.is_none()
            && let Some(rec) = view.records.last()
        {
            for t in explain(view, rec, shown, theme.ascii) {
                for w in wrap(&theme.text(&t), a.info.width as usize) {
                    right.push(Line::from(w));
                }
            }
            if let Some(first) = right.first_mut() {
                first.style = theme.title();
            }
        }
        let used = right.len() as u16;
        f.render_widget(Paragraph::new(right).wrap(Wrap { trim: false }), a.info);
        // The scores through the game below, in the room left.
        if let Some(progress) = &self.progress {
            let top = if used == 0 { 0 } else { used + 1 };
            let room = Rect {
                y: a.info.y + top,
                height: a.info.height.saturating_sub(top),
                ..a.info
            };
            let names: Vec<String> = (0..view.sheets.len()).map(|s| name_of(ctx, s)).collect();
            f.render_widget(
                crate::ui::score_chart::ScoreChart {
                    progress,
                    names: &names,
                    theme: *theme,
                },
                room,
            );
        }
    }
}

/// The final score sheet: one row per player, every box, guardians, decree, zeros, total.
pub fn sheet_lines(ctx: &Ctx<Kokoro>, theme: &Theme) -> Vec<Line<'static>> {
    let view = ctx.view;
    let outcome = Outcome::by_score(
        view.sheets.iter().map(|s| s.total).collect(),
        |s| view.sheets.get(s).map_or(0, |x| i64::from(x.highest_box())),
        "the single highest box",
    );
    // The mark, the name, five boxes, then CG FG Dec Pen Tot.
    let name_w = name_width(ctx, theme, 7, usize::from(MAT_W) - 1 - 3 * ROUNDS - 18);
    let mut head = " ".repeat(1 + name_w);
    for r in 0..ROUNDS {
        let l = view.revealed.get(r).copied().unwrap_or(' ');
        head.push_str(&format!("{l:>3}"));
    }
    head.push_str(" CG FG Dec Pen Tot");
    let mut lines = vec![
        Line::styled(" Final score sheet", theme.title()),
        Line::styled(head, theme.dim()),
    ];
    for (s, sheet) in view.sheets.iter().enumerate() {
        let won = outcome.winners.contains(&s);
        let mark = match (won, theme.ascii) {
            (false, _) => " ",
            (true, true) => "*",
            (true, false) => "★",
        };
        let mut row = format!(
            "{mark}{}",
            fit(&theme.text(&name_of(ctx, s)), name_w, theme.ellipsis())
        );
        for b in sheet.boxes {
            row.push_str(&format!("{:>3}", b.unwrap_or(0)));
        }
        row.push_str(&format!(
            "{:>3}{:>3}{:>4}{:>4}{:>4}",
            sheet.caterpillar_guardian,
            sheet.flower_guardian,
            sheet.decree,
            sheet.penalty,
            sheet.total
        ));
        lines.push(if won {
            Line::styled(row, theme.accent())
        } else {
            Line::from(row)
        });
    }
    let names: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| theme.text(&name_of(ctx, s)))
        .collect();
    let verdict = match names.len() {
        0 => "Nobody wins.".to_string(),
        1 => format!("{} wins.", names[0]),
        _ => format!("Shared win: {}.", names.join(", ")),
    };
    let w = usize::from(MAT_W) - 1;
    for l in wrap(&verdict, w) {
        lines.push(Line::styled(format!(" {l}"), theme.title()));
    }
    if !outcome.note.is_empty() {
        for l in wrap(&format!("({})", outcome.note), w) {
            lines.push(Line::styled(format!(" {l}"), theme.dim()));
        }
    }
    if let Some(d) = view.decree {
        for l in wrap(&theme.text(&format!("Decree {}: {}", d.id(), d.text())), w) {
            lines.push(Line::styled(format!(" {l}"), theme.dim()));
        }
    }
    lines
}

/// The review of a finished solo game: the turns where the hard player would have gained
/// most, with its move, the person's, and the points, or that it is still being worked out.
fn review_lines(review: &Review, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let found = review
        .lock()
        .map(|r| r.clone())
        .unwrap_or_else(|e| e.into_inner().clone());
    let mut lines = vec![
        Line::styled(
            truncate("Where the hard player gains most", width, theme.ellipsis()),
            theme.title(),
        ),
        Line::styled(
            truncate(
                "(its move, not yours: points more)",
                width,
                theme.ellipsis(),
            ),
            theme.dim(),
        ),
    ];
    let words = |a: &Action| match *a {
        Action::Draw { space, mirrored } if mirrored => format!("{} mirrored", space_name(space)),
        Action::Draw { space, .. } => space_name(space),
        Action::Peek => "peek".into(),
        _ => String::new(),
    };
    let say = match found {
        None => vec![theme.text("Looking back over your turns…")],
        Some(turns) if turns.is_empty() => vec!["It would play no turn better.".into()],
        Some(turns) => turns
            .iter()
            .map(|t| {
                format!(
                    "turn {}: {}, not {}: +{:.1}",
                    t.turn,
                    words(&t.better),
                    words(&t.played),
                    t.points
                )
            })
            .collect(),
    };
    for t in say {
        for w in wrap(&t, width) {
            lines.push(Line::from(w));
        }
    }
    lines
}

/// Starts the review of `seat`'s turns in the finished `m`: on a thread that wakes the screen
/// when done, or at once with a fixed small effort (see [`Work`]).
fn start_review(m: &Match<Kokoro>, seat: Seat, work: Work) -> Review {
    let slot: Review = Arc::new(Mutex::new(None));
    let put = |slot: &Review, turns| {
        *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(turns);
    };
    let effort = work.effort(INLINE_REVIEW_PLAYOUTS);
    if work == Work::Inline {
        put(&slot, crate::bots::review::kokoro(m, seat, effort));
        return slot;
    }
    let (m, out) = (m.clone(), slot.clone());
    let started = std::thread::Builder::new()
        .name(crate::engine::thinker::THREAD_NAME.into())
        .spawn(move || {
            // A panic in the players leaves the list empty; the screen goes on.
            let turns = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                crate::bots::review::kokoro(&m, seat, effort)
            }))
            .unwrap_or_default();
            put(&out, turns);
            crate::ui::input::nudge();
        });
    if started.is_err() {
        put(&slot, Vec::new());
    }
    slot
}

fn high_lines(high: &HighReport, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(
        truncate(
            &format!("High scores: {}", high.variant),
            width,
            theme.ellipsis(),
        ),
        theme.title(),
    )];
    if let Some(w) = &high.warning {
        for l in wrap(&theme.text(w), width) {
            lines.push(Line::styled(l, theme.error()));
        }
    }
    match high.place {
        Some(p) => lines.push(Line::styled(
            format!("Your score is number {} of {}.", p + 1, high.table.len()),
            theme.accent(),
        )),
        None if high.warning.is_none() => {
            lines.push(Line::styled("Not in the top ten this time.", theme.dim()))
        }
        None => {}
    }
    for (i, s) in high.table.iter().enumerate() {
        let row = format!(
            "{:>2}. {:<12} {:>4}  {}",
            i + 1,
            truncate(&theme.text(&s.name), 12, theme.ellipsis()),
            s.score,
            s.date
        );
        lines.push(if Some(i) == high.place {
            Line::styled(row, theme.accent())
        } else {
            Line::from(row)
        });
    }
    lines
}

/// "blue, no decree" and the table key for a game's options.
pub fn variant_of(m: &Match<Kokoro>) -> (String, String) {
    let view = m.state.view(crate::engine::Viewer::Public);
    let side = match view.side {
        Side::Blue => "blue",
        Side::Pink => "pink",
    };
    let decree = view.decree.map_or("none", |d| d.id());
    (
        match view.decree {
            Some(d) => format!("{side}, {}", d.id()),
            None => format!("{side}, no decree"),
        },
        highscores::table_key("kokoro", &[side, decree]),
    )
}

/// Kokoro's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    NextMat,
    PrevMat,
    PutAway,
    OwnMat,
    Move,
    Draw,
    Peek,
    Mirror,
}

/// Tab and [ ] come before "any key": they page through the mats even while a round's
/// result is shown.
const COMMANDS: &[Command<Cmd>] = &[
    Command {
        id: Cmd::Move,
        keys: ARROWS,
        key: "arrows",
        label: "move",
        help: "move the cursor on your mat (h j k l too)",
    },
    Command {
        id: Cmd::Draw,
        keys: ENTER,
        key: "Enter",
        label: "draw",
        help: "draw the segment on the space under the cursor (Space too)",
    },
    Command {
        id: Cmd::Peek,
        keys: &[Key::Char('p'), Key::Char('P')],
        key: "p",
        label: "peek",
        help: "peek at the next sanctuary instead of drawing",
    },
    Command {
        id: Cmd::Mirror,
        keys: &[Key::Char('m'), Key::Char('M')],
        key: "m",
        label: "mirror",
        help: "when the mirror-pool decree allows it: mirror the segment",
    },
    Command {
        id: Cmd::OwnMat,
        keys: &[
            Key::Code(KeyCode::Esc),
            Key::Code(KeyCode::Enter),
            Key::Char(' '),
        ],
        key: "Esc/Enter",
        label: "own mat",
        help: "while looking at another mat: back to your own",
    },
    Command {
        id: Cmd::NextMat,
        keys: &[Key::Code(KeyCode::Tab), Key::Char(']')],
        key: "Tab",
        label: "mats",
        help: "look at the next player's mat (Shift-Tab: previous; ] and [ too)",
    },
    Command {
        id: Cmd::PrevMat,
        keys: &[Key::Code(KeyCode::BackTab), Key::Char('[')],
        key: "Shift-Tab",
        label: "",
        help: "",
    },
    Command {
        id: Cmd::PutAway,
        keys: &[Key::Any],
        key: "any key",
        label: "put the result away",
        help: "after a round: put its result away (and nothing else)",
    },
];

impl GameUi<Kokoro> for KokoroUi {
    const PRIVATE: bool = true;
    const UNDO: Option<&'static str> = Some(
        "with others at the table: take back the path you drew on this card; the next card waits for your key while you still may (a peek cannot be taken back)",
    );
    const END_PANEL: bool = false;
    /// The score sheet replaces the mat at the end; Esc switches to the final mats and back.
    const END_CLOSABLE: bool = true;
    type Cmd = Cmd;
    const COMMANDS: &'static [Command<Cmd>] = COMMANDS;
    const LEGEND: &'static [(&'static str, &'static str)] = &[
        ("c1 f2", "a space's caterpillars and flowers"),
        ("<A>", "sanctuary A; CG and FG: the two guardians"),
        (
            "c f",
            "on the small mats: the caterpillar and the flower guardian",
        ),
    ];

    fn applies(&self, cmd: Cmd, ctx: &Ctx<Kokoro>) -> bool {
        let showing = self.showing(ctx.view).is_some();
        match cmd {
            Cmd::NextMat | Cmd::PrevMat => ctx.view.players > 1,
            Cmd::PutAway => showing,
            Cmd::OwnMat => !showing && self.viewing.is_some(),
            Cmd::Move => !showing,
            // Only on a space where the segment may go: elsewhere the panel says it is taken.
            Cmd::Draw => !showing && self.viewing.is_none() && self.clone().draw(ctx).is_some(),
            Cmd::Peek => !showing && ctx.legal.contains(&Action::Peek),
            Cmd::Mirror => !showing && Self::can_mirror(ctx),
        }
    }

    fn offered(&self, cmd: Cmd, ctx: &Ctx<Kokoro>) -> bool {
        match cmd {
            Cmd::NextMat | Cmd::PrevMat | Cmd::OwnMat => ctx.view.players > 1,
            Cmd::Mirror => ctx.view.decree == Some(Decree::MirrorPool),
            _ => true,
        }
    }

    fn before_key(&mut self, _key: &KeyEvent, ctx: &Ctx<Kokoro>) {
        self.settle_cursor(ctx);
    }

    fn run(&mut self, cmd: Cmd, key: KeyEvent, ctx: &Ctx<Kokoro>) -> Option<Action> {
        match cmd {
            Cmd::NextMat => self.cycle(ctx, 1),
            Cmd::PrevMat => self.cycle(ctx, -1),
            // The first key only puts the round's result away, so nobody draws by accident.
            Cmd::PutAway => self.acked = ctx.view.records.len(),
            Cmd::OwnMat => self.viewing = None,
            Cmd::Move => {
                self.viewing = None;
                let (dr, dc) = crate::ui::widgets::grid_step(key.code)?;
                self.move_cursor(dr, dc);
            }
            Cmd::Draw => return self.draw(ctx),
            Cmd::Peek => {
                self.viewing = None;
                return Some(Action::Peek);
            }
            Cmd::Mirror => {
                self.viewing = None;
                self.mirrored = !self.mirrored;
            }
        }
        None
    }

    /// The cursor on the hinted space of one's own mat, mirrored as hinted; a hinted peek
    /// only brings one's own mat back (the status line says `p`).
    fn show_hint(&mut self, action: &Action, ctx: &Ctx<Kokoro>) {
        self.viewing = None;
        self.acked = ctx.view.records.len();
        if let Action::Draw { space, mirrored } = *action {
            self.settle_cursor(ctx);
            self.cursor = space;
            self.mirrored = mirrored;
        }
    }

    fn show_end(&mut self, shown: bool) {
        self.board_at_end = !shown;
    }

    fn layout(body: Rect) -> (Rect, Rect) {
        (body, areas(body).pane)
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Kokoro>) {
        let theme = ctx.theme();
        let a = areas(area);
        if ctx.view.over && !self.board_at_end {
            self.render_end(f, &a, ctx, &theme);
        } else {
            self.render_play(f, &a, ctx, &theme);
        }
    }

    fn on_game_over(&mut self, m: &Match<Kokoro>, data_dir: Option<&Path>, work: Work) {
        // The sheet's total as it stood after each step (boxes so far, guardians and decree as
        // the mats then read): public, like the mats.
        self.progress = Some(crate::ui::score_chart::Progress::of(m, |s: &Kokoro| {
            s.view(crate::engine::Viewer::Public)
                .sheets
                .iter()
                .map(|x| x.total)
                .collect()
        }));
        self.high = data_dir.and_then(|dir| record_high_score(m, dir));
        // Alone at the table, a person is shown where the hard player would have done better.
        let solo_person =
            matches!(m.players.as_slice(), [p] if p.kind == crate::engine::log::PlayerKind::Human);
        if solo_person && self.review.is_none() {
            self.review = Some(start_review(m, 0, work));
        }
    }

    fn on_mouse(&mut self, m: MouseEvent, area: Rect, ctx: &Ctx<Kokoro>) -> Option<Action> {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        if self.showing(ctx.view).is_some() {
            self.acked = ctx.view.records.len();
            return None;
        }
        self.settle_cursor(ctx);
        let space = Self::space_at(area, m.column, m.row)?;
        if self.viewing.is_some() {
            self.viewing = None;
            self.cursor = space;
            return None;
        }
        if self.cursor == space {
            return self.draw(ctx);
        }
        self.cursor = space;
        None
    }
}

/// This game's facts for the app: its computer players and its rules page.
/// The game's screen.
impl crate::ui::Playable for crate::games::kokoro::Kokoro {
    type Ui = KokoroUi;
}

/// A finished solo game's score goes into the high-score table in `dir` (once: the same game
/// recorded again finds itself there), with the player's place; `None` for other games.
fn record_high_score(m: &Match<Kokoro>, dir: &Path) -> Option<HighReport> {
    let humans = m
        .players
        .iter()
        .filter(|p| p.kind == crate::engine::log::PlayerKind::Human)
        .count();
    if m.players.len() != 1 || humans != 1 {
        return None;
    }
    let outcome = m.state.outcome()?;
    let (variant, key) = variant_of(m);
    let entry = Score {
        name: m.players[0].name.clone(),
        score: outcome.scores.first().copied().unwrap_or(0),
        // The day the game was played: from the log, so a replayed end records the same.
        date: m.started.chars().take(10).collect(),
        game: format!("{}#{}", m.started, m.seed),
    };
    let r = highscores::record(&highscores::path_in(dir), &key, entry);
    Some(HighReport {
        variant,
        table: r.table,
        place: r.place,
        warning: r.warning,
    })
}

impl crate::ui::Registered for crate::games::kokoro::Kokoro {
    const BOTS: &'static [(&'static str, &'static str)] = crate::bots::kokoro::KINDS;
    const RULES: &'static str = include_str!("../../../assets/rules/kokoro.md");
    const HIGH_SCORES: bool = true;
    /// Alone, the segment is previewed where Enter will draw it, and the next card follows at
    /// once: a wait for a key after every path cost one key per card for nothing.
    const HOLD_SOLO: bool = false;
    fn record_end(m: &Match<Self>, dir: &Path) {
        record_high_score(m, dir);
    }
    fn progress(m: &Match<Self>) -> String {
        let v = m.state.view(crate::engine::Viewer::Public);
        format!("round {} of {ROUNDS}", v.round.max(1))
    }
    fn hint(
        seat: crate::engine::Seat,
        seen: &[Self::View],
        legal: &[Self::Action],
        effort: crate::registered::Effort,
    ) -> Option<crate::registered::Hint<Self::Action>> {
        crate::bots::hint::kokoro::hint(seat, seen, legal, effort)
    }
    fn make_bot(kind: &str, seed: u64) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        // What each kind and level is: `crate::bots::kinds`, the one place that says.
        crate::bots::kinds::kokoro(kind, seed)
    }
    /// Zero boxes per seat: each costs 5 points, so `hotseat sim` shows how often a player
    /// failed to beat its previous box.
    fn figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        let view = crate::engine::Game::view(self, crate::engine::Viewer::Public);
        let zeros = view.sheets.iter().map(|s| f64::from(s.zeros)).collect();
        vec![("zero boxes", zeros)]
    }
    /// The zero boxes one card of their round would have saved when the seat saw it
    /// ([`crate::bots::kokoro::savable_zero_boxes`]).
    fn match_checks(m: &Match<Self>) -> Vec<(&'static str, Vec<f64>)> {
        vec![(
            "savable zero boxes",
            crate::bots::kokoro::savable_zero_boxes(m),
        )]
    }
}

#[cfg(test)]
mod tests;

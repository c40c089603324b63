//! The ring drawn to the room it has: every space numbered, pawns as coloured letters, and the
//! EP circle apart at its right behind a rule.
//!
//! Three sizes, chosen from the board's area alone (so drawing stays pure and the mouse finds
//! the same spaces): compact cells one row high with the numbers around the ring (80×24),
//! two-row cells with the number above the contents, and three-row cells that also keep the
//! tile visible under the pawns.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{CocoonUi, pawn_letter, seat_style, tile_style};
use crate::engine::Seat;
use crate::games::cocoon::{Cocoon, Prompt, SPACES, Space, Square, View, space};
use crate::ui::{Ctx, Theme};

/// Spaces along the top (and bottom) edge of the ring, corners included.
pub const TOP: u16 = 17;
/// Spaces down each side, corners excluded.
pub const SIDE: u16 = 13;
/// Rows of cells from the top edge to the bottom edge.
const RING_CELLS_H: u16 = SIDE + 2;
/// Columns of a compact cell: a three-character code and a gap.
const COMPACT_W: u16 = 4;
/// The EP circle's columns: a gap, the rule, " 10 " and five pawns.
const EP_W: u16 = 12;
/// Rows left for the event pane before a larger ring is chosen.
const MIN_EVENTS: u16 = 7;

/// Where the ring's cells are and how big each is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geo {
    /// Top left of the ring's first cell.
    x: u16,
    y: u16,
    /// Columns and rows per cell (the last column of a cell is the gap to the next).
    pub cw: u16,
    pub ch: u16,
    /// The board area it was fitted to.
    area: Rect,
}

/// Rows of cell the body's height allows while the event pane keeps `MIN_EVENTS` rows, and the
/// cell width its width allows; compact (4×1) when nothing larger fits.
fn cell_size(width: u16, height: u16) -> (u16, u16) {
    for ch in [3u16, 2] {
        let cw = width.saturating_sub(EP_W) / TOP;
        if height >= RING_CELLS_H * ch && cw >= 4 + ch {
            return (cw.min(8 + 2 * ch), ch);
        }
    }
    (COMPACT_W, 1)
}

impl Geo {
    /// The ring for a board area of exactly this size (see [`board_height`]).
    pub fn fit(area: Rect) -> Geo {
        let (cw, ch) = cell_size(area.width, area.height);
        Geo {
            x: area.x,
            // Compact rings have a row of numbers above them.
            y: area.y + u16::from(ch == 1),
            cw,
            ch,
            area,
        }
    }

    /// Width of the ring, the last cell's gap excluded.
    pub fn ring_w(&self) -> u16 {
        TOP * self.cw - 1
    }

    /// Cell column and row of a space: Start at the top left, clockwise.
    pub fn cell_pos(i: u8) -> (u16, u16) {
        let i = u16::from(i);
        if i < TOP {
            (i, 0)
        } else if i < TOP + SIDE {
            (TOP - 1, i - TOP + 1)
        } else if i < 2 * TOP + SIDE {
            (TOP - 1 - (i - TOP - SIDE), SIDE + 1)
        } else {
            (0, SIDE - (i - 2 * TOP - SIDE))
        }
    }

    /// The screen cells of space `i` (its gap column excluded).
    pub fn cell(&self, i: u8) -> Rect {
        let (c, r) = Self::cell_pos(i);
        Rect::new(
            self.x + c * self.cw,
            self.y + r * self.ch,
            self.cw - 1,
            self.ch,
        )
    }

    /// The space drawn at a screen position, if any.
    pub fn space_at(&self, col: u16, row: u16) -> Option<u8> {
        let c = col.checked_sub(self.x)? / self.cw;
        let r = row.checked_sub(self.y)? / self.ch;
        (0..SPACES).find(|&i| Self::cell_pos(i) == (c, r))
    }

    /// Inside the ring, where the panel goes: clear of the cells and the compact numbers.
    pub fn inside(&self) -> Rect {
        let margin = if self.ch == 1 { 3 } else { 1 };
        let x = self.x + self.cw + margin;
        let y = self.y + self.ch;
        let right = self.x + (TOP - 1) * self.cw - margin;
        let bottom = self.y + (RING_CELLS_H - 1) * self.ch;
        Rect::new(x, y, right.saturating_sub(x), bottom.saturating_sub(y)).intersection(self.area)
    }

    /// The EP circle's column, right of the ring.
    fn ep_area(&self) -> Rect {
        let x = self.x + self.ring_w() + 1;
        Rect::new(
            x,
            self.area.y,
            self.area.right().saturating_sub(x),
            self.area.height,
        )
        .intersection(self.area)
    }
}

/// Rows the board takes out of a body of this size; the rest goes to the event pane.
pub fn board_height(body: Rect) -> u16 {
    let room = body.height.saturating_sub(MIN_EVENTS);
    let (_, ch) = cell_size(body.width, room);
    if ch == 1 {
        // The compact ring and its two rows of numbers; at least four rows stay for events.
        (RING_CELLS_H + 2).min(body.height.saturating_sub(4))
    } else {
        RING_CELLS_H * ch
    }
}

/// One space's look: its code (or pawns) and style, and the tile under the pawns if any.
struct Look {
    text: String,
    style: Style,
    under: Option<(String, Style)>,
}

fn contents(v: &View, i: u8, theme: &Theme) -> (String, Style) {
    match (space(i), v.board.get(usize::from(i))) {
        (Space::Normal, Some(Square::Up(t))) => (t.code().to_string(), tile_style(theme, *t)),
        (Space::Normal, Some(Square::FaceDown)) => (
            if theme.ascii { "###" } else { "▒▒▒" }.to_string(),
            theme.frame(),
        ),
        (Space::Normal, _) => (if theme.ascii { "." } else { "·" }.to_string(), theme.dim()),
        (s, _) => (super::event_code(s).to_string(), theme.title()),
    }
}

fn pawns_text(v: &View, pawns: &[Seat], room: usize) -> String {
    pawns
        .iter()
        .filter_map(|&s| {
            let side = v.players.get(s)?.in_play()?.1;
            Some(pawn_letter(s, side))
        })
        .take(room.max(1))
        .collect()
}

impl CocoonUi {
    fn look(&self, ctx: &Ctx<Cocoon>, theme: &Theme, i: u8, room: usize) -> Look {
        let v = ctx.view;
        let pawns = v.pawns_at(i);
        let (code, code_style) = contents(v, i, theme);
        if pawns.is_empty() {
            return Look {
                text: code,
                style: code_style,
                under: None,
            };
        }
        Look {
            text: pawns_text(v, &pawns, room),
            style: seat_style(theme, pawns[0]).add_modifier(Modifier::REVERSED),
            under: Some((code, code_style)),
        }
    }

    /// The mark a space gets from the choice at hand: the cursor, the space the tile goes on,
    /// or one of the legal spaces.
    fn mark(&self, ctx: &Ctx<Cocoon>, i: u8, targets: &[u8], cursor: Option<u8>) -> Option<Style> {
        let theme = ctx.theme();
        let prompt_at = match ctx.view.prompt {
            Prompt::Place { at, .. } => Some(at),
            _ => None,
        };
        if Some(i) == cursor || Some(i) == prompt_at {
            Some(theme.selected())
        } else if targets.contains(&i) {
            Some(Style::new().add_modifier(Modifier::UNDERLINED))
        } else {
            None
        }
    }

    /// Draws the ring, its numbers, the panel inside and the EP circle into `area`.
    pub(super) fn draw_board(&self, f: &mut Frame, area: Rect, ctx: &Ctx<Cocoon>) {
        let theme = ctx.theme();
        let geo = Geo::fit(area);
        let targets = self.targets(ctx);
        let cursor = if targets.is_empty() {
            None
        } else {
            self.cursor(ctx)
        };
        let buf = f.buffer_mut();
        for i in 0..SPACES {
            let cell = geo.cell(i).intersection(area);
            if cell.width < 2 || cell.height == 0 {
                continue;
            }
            let mark = self.mark(ctx, i, &targets, cursor);
            draw_cell(
                buf,
                &geo,
                cell,
                i,
                self.look(ctx, &theme, i, usize::from(cell.width)),
                mark,
                &theme,
            );
        }
        if geo.ch == 1 {
            draw_numbers(buf, &geo, area, &theme);
        }
        let inside = geo.inside();
        let wide = inside.width >= 70;
        let mut lines = self.inside_lines(ctx, &theme, wide);
        // With room to spare, the board's codes in words below the panel; where the player
        // lines are short (80x24), their codes too. When the panel needs the room (a list to
        // choose from, five players), the `?` legend still has them all.
        let mut legend = super::code_legend(ctx.view);
        if !wide {
            legend =
                format!("Lines: W/B white or black side, 3t tiles in hand, @n space. {legend}");
        }
        // A column short of the ring's numbers, so that the words never run into them.
        let legend = crate::ui::widgets::wrap(
            &theme.text(&legend),
            usize::from(inside.width.saturating_sub(1)),
        );
        if lines.len() + legend.len() < usize::from(inside.height) {
            lines.push(Line::raw(""));
            lines.extend(legend.into_iter().map(|l| Line::styled(l, theme.dim())));
        }
        // Long prompts wrap inside the ring instead of running into its numbers.
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inside);
        let ep = geo.ep_area();
        if ep.width >= 5 {
            let rule = if theme.ascii { "|" } else { "│" };
            let buf = f.buffer_mut();
            for y in ep.top()..ep.bottom() {
                buf.set_string(ep.x, y, rule, theme.frame());
            }
            let text = Rect::new(ep.x + 2, ep.y, ep.width - 2, ep.height);
            f.render_widget(Paragraph::new(ep_lines(ctx.view, &theme)), text);
        }
    }
}

fn draw_cell(
    buf: &mut Buffer,
    geo: &Geo,
    cell: Rect,
    i: u8,
    look: Look,
    mark: Option<Style>,
    theme: &Theme,
) {
    let w = usize::from(cell.width);
    let fill = |buf: &mut Buffer, y: u16, text: &str, style: Style| {
        let style = mark.map_or(style, |m| style.patch(m));
        let text = if geo.ch == 1 {
            text.to_string()
        } else {
            format!(" {text}")
        };
        buf.set_stringn(cell.x, y, format!("{text:<w$}"), w, style);
    };
    if geo.ch == 1 {
        // Compact: codes right-aligned as on a printed board, pawns centred.
        let text = if look.under.is_some() {
            format!("{:^w$}", look.text)
        } else {
            format!("{:>w$}", look.text)
        };
        fill(buf, cell.y, &text, look.style);
        return;
    }
    // The number on a rule across the top of the cell, so each space reads as one box.
    let special = space(i) != Space::Normal;
    let number = format!("{i}");
    let rule = if theme.ascii { "-" } else { "─" };
    buf.set_stringn(cell.x, cell.y, rule.repeat(w), w, theme.frame());
    buf.set_stringn(
        cell.x,
        cell.y,
        &number,
        w,
        if special { theme.title() } else { theme.dim() },
    );
    match (look.under, geo.ch) {
        (Some((code, code_style)), 3) => {
            fill(buf, cell.y + 1, &code, code_style);
            fill(buf, cell.y + 2, &look.text, look.style);
        }
        (Some(_), _) => fill(buf, cell.y + 1, &look.text, look.style),
        (None, ch) => {
            fill(buf, cell.y + 1, &look.text, look.style);
            if ch == 3 {
                fill(buf, cell.y + 2, "", Style::new());
            }
        }
    }
}

/// The compact ring's numbers: above the top edge, below the bottom edge and just inside each
/// side.
fn draw_numbers(buf: &mut Buffer, geo: &Geo, area: Rect, theme: &Theme) {
    for i in 0..SPACES {
        let cell = geo.cell(i);
        let (c, r) = Geo::cell_pos(i);
        let (x, y, text) = if r == 0 {
            (cell.x, cell.y.wrapping_sub(1), format!("{i:>3}"))
        } else if r == RING_CELLS_H - 1 {
            (cell.x, cell.y + 1, format!("{i:>3}"))
        } else if c == 0 {
            (cell.right() + 1, cell.y, format!("{i:<2}"))
        } else {
            (cell.x.saturating_sub(3), cell.y, format!("{i:>2}"))
        };
        if area.contains((x, y).into()) && x + 2 <= area.right() {
            let style = if space(i) == Space::Normal {
                theme.dim()
            } else {
                theme.title()
            };
            buf.set_stringn(x, y, &text, usize::from(area.right() - x), style);
        }
    }
}

/// The EP circle from 10 down to 0, each pawn by its letter in the order it arrived.
pub fn ep_lines(v: &View, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled("EP circle", theme.title())];
    for ep in (0..=10u8).rev() {
        let mut here: Vec<(u32, Seat)> = v
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.ep == ep)
            .map(|(s, p)| (p.stamp, s))
            .collect();
        here.sort_unstable();
        let mut spans = vec![Span::styled(format!("{ep:>2} "), theme.dim())];
        for (_, s) in here {
            let side = v.players[s].in_play().map_or(v.players[s].side, |(_, x)| x);
            spans.push(Span::styled(
                pawn_letter(s, side).to_string(),
                seat_style(theme, s),
            ));
        }
        lines.push(Line::from(spans));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board areas the play screen gives at 80×24, 120×40 and 200×60 (header and hint
    /// line taken off the body), with the cell size each gets.
    fn boards() -> Vec<(Rect, (u16, u16))> {
        [(80, 24, (4, 1)), (120, 40, (6, 2)), (200, 60, (11, 3))]
            .into_iter()
            .map(|(w, h, size)| {
                let body = Rect::new(0, 1, w, h - 2);
                let board = Rect::new(0, 1, w, board_height(body));
                (board, size)
            })
            .collect()
    }

    #[test]
    fn the_ring_grows_with_the_screen_and_keeps_room_for_events() {
        for (board, size) in boards() {
            let geo = Geo::fit(board);
            assert_eq!((geo.cw, geo.ch), size, "{board:?}");
            assert!(geo.ring_w() + EP_W <= board.width, "{board:?}");
        }
        // 80×24: the compact ring and its numbers, five rows left for events.
        assert_eq!(board_height(Rect::new(0, 1, 80, 22)), 17);
        // 120×40: two rows a space, eight rows of events.
        assert_eq!(board_height(Rect::new(0, 1, 120, 38)), 30);
    }

    #[test]
    fn every_space_has_its_own_cells_and_the_mouse_finds_it() {
        for (board, _) in boards() {
            let geo = Geo::fit(board);
            let inside = geo.inside();
            let ep = geo.ep_area();
            let mut seen: Vec<Rect> = Vec::new();
            for i in 0..SPACES {
                let cell = geo.cell(i);
                assert!(board.contains(cell.as_position()), "{i} in {board:?}");
                assert!(cell.right() <= board.right() && cell.bottom() <= board.bottom());
                assert!(!cell.intersects(inside), "{i} under the panel");
                assert!(!cell.intersects(ep), "{i} under the EP circle");
                assert!(seen.iter().all(|c| !c.intersects(cell)), "{i} overlaps");
                seen.push(cell);
                let (x, y) = (cell.x + cell.width / 2, cell.bottom() - 1);
                assert_eq!(geo.space_at(x, y), Some(i), "{board:?}");
            }
            assert!(inside.width >= 50, "{inside:?}");
        }
    }
}

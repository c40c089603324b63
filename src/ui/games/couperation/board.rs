//! The pyramid, drawn to the room it has: one text row per card at 80×24, real card shapes
//! (framed, three rows) from about 120×40, and larger cards with the number in two corners and
//! the mark in the middle on big screens. Chosen from the area alone, so the mouse finds the
//! same slots the drawing shows.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::{CouperationUi, action_slot, card_style, card_text};
use crate::games::couperation::{
    Card, Couperation, FINISH, Mode, PhaseView, ROWS, SlotView, mark, slot_at,
};
use crate::ui::{Ctx, Theme};

/// Columns of the row labels ("7 ").
const LABEL_W: u16 = 2;
/// Columns the side panel needs beside the pyramid.
const SIDE_MIN: u16 = 33;
/// Rows under the pyramid for the reserve, the hand and a note.
const BELOW_MIN: u16 = 3;

/// How the pyramid is laid out: one slot every `pitch` columns, each card `cw` wide and `ch`
/// rows high (1: a bare number; 3 and 5: framed cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PyrGeo {
    pub pitch: u16,
    pub cw: u16,
    pub ch: u16,
}

impl PyrGeo {
    pub const COMPACT: PyrGeo = PyrGeo {
        pitch: 6,
        cw: 5,
        ch: 1,
    };

    /// The largest pyramid the board area holds with the side panel beside it.
    pub fn fit(area: Rect) -> PyrGeo {
        let sizes = [
            PyrGeo {
                pitch: 10,
                cw: 9,
                ch: 5,
            },
            PyrGeo {
                pitch: 6,
                cw: 6,
                ch: 3,
            },
        ];
        sizes
            .into_iter()
            .find(|g| {
                g.width() + 1 + SIDE_MIN <= area.width && g.height() + BELOW_MIN <= area.height
            })
            .unwrap_or(Self::COMPACT)
    }

    pub fn width(&self) -> u16 {
        LABEL_W + self.pitch * ROWS as u16
    }

    /// The title line and the rows of cards.
    pub fn height(&self) -> u16 {
        1 + self.ch * ROWS as u16
    }

    /// Left edge of pyramid row `r` (0 = the bottom row), relative to the area: each row is
    /// moved in by half a card, so every card rests on the two below it.
    fn row_x(&self, r: usize) -> u16 {
        LABEL_W + self.pitch / 2 * r as u16
    }

    /// The slot drawn at a screen position of a pyramid drawn at `area`'s top left.
    pub fn slot_at(&self, area: Rect, col: u16, row: u16) -> Option<usize> {
        let line = usize::from(row.checked_sub(area.y + 1)? / self.ch);
        if line >= ROWS {
            return None;
        }
        let r = ROWS - 1 - line;
        let x = col.checked_sub(area.x + self.row_x(r))?;
        if x % self.pitch >= self.cw {
            return None;
        }
        slot_at(r, usize::from(x / self.pitch))
    }

    pub fn lines(
        &self,
        ui: &CouperationUi,
        ctx: &Ctx<Couperation>,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let view = ctx.view;
        let targets: Vec<usize> = ctx.legal.iter().filter_map(action_slot).collect();
        let active = view.phase == PhaseView::Act && !ctx.legal.is_empty();
        let title = match view.mode {
            Mode::Standard => "Pyramid (the finish card crowns it)",
            Mode::Beginner => "Pyramid (beginner: a glass card on top)",
        };
        let mut lines = vec![Line::styled(title.to_string(), theme.title())];
        let ch = usize::from(self.ch);
        for r in (0..ROWS).rev() {
            let mut rows: Vec<Vec<Span<'static>>> = (0..ch)
                .map(|i| {
                    let label = if i == ch / 2 {
                        format!("{:<w$}", r + 1, w = usize::from(LABEL_W))
                    } else {
                        " ".repeat(usize::from(LABEL_W))
                    };
                    let indent = " ".repeat(usize::from(self.row_x(r) - LABEL_W));
                    vec![Span::styled(label, theme.dim()), Span::raw(indent)]
                })
                .collect();
            for c in 0..(ROWS - r) {
                let Some(slot) = slot_at(r, c) else { continue };
                let face = Face::of(view.pyramid[slot], slot, view.mode, &targets);
                let mut card = self.card(face, theme);
                if active && slot == ui.cursor {
                    for (_, style) in &mut card {
                        *style = style.add_modifier(Modifier::REVERSED);
                    }
                }
                let gap = " ".repeat(usize::from(self.pitch - self.cw));
                for (row, (text, style)) in rows.iter_mut().zip(card) {
                    row.push(Span::styled(text, style));
                    row.push(Span::raw(gap.clone()));
                }
            }
            lines.extend(rows.into_iter().map(Line::from));
        }
        lines
    }

    /// One card's rows, each `cw` columns.
    fn card(&self, face: Face, theme: &Theme) -> Vec<(String, Style)> {
        let w = usize::from(self.cw);
        if self.ch == 1 {
            let (text, style) = face.short(theme);
            return vec![(format!("{text:^w$}"), style)];
        }
        let inner = w.saturating_sub(2);
        if let Face::Empty {
            target: false,
            crown: false,
        } = face
        {
            // An empty slot nobody can fill yet: a dot where the card will go, no outline.
            let dot = if theme.ascii { "." } else { "·" };
            return (0..self.ch)
                .map(|i| {
                    let t = if i == self.ch / 2 { dot } else { "" };
                    (format!("{t:^w$}"), theme.dim())
                })
                .collect();
        }
        let (frame, fill): (Style, Option<char>) = match face {
            Face::Empty { target: true, .. } => (theme.accent(), None),
            Face::Empty { .. } => (theme.dim(), None),
            Face::Down => (theme.frame(), Some(if theme.ascii { '#' } else { '▒' })),
            Face::Known(_) => (theme.dim().add_modifier(Modifier::ITALIC), None),
            Face::Up(c) => (card_style(c, theme), None),
        };
        let empty = matches!(face, Face::Empty { .. });
        let [tl, tr, bl, br, h, v] = match (theme.ascii, empty) {
            (true, _) => ['+', '+', '+', '+', '-', '|'],
            (false, true) => ['╭', '╮', '╰', '╯', '┄', '┆'],
            (false, false) => ['┌', '┐', '└', '┘', '─', '│'],
        };
        let edge = |l: char, r: char| (format!("{l}{}{r}", h.to_string().repeat(inner)), frame);
        let body = |text: &str, style: Style| {
            let text = match fill {
                Some(f) => f.to_string().repeat(inner),
                None => text.to_string(),
            };
            (format!("{v}{text}{v}"), style)
        };
        let (short, style) = face.short(theme);
        let mut out = vec![edge(tl, tr)];
        if self.ch == 3 {
            out.push(body(&format!("{:^inner$}", short.trim()), style));
        } else {
            // Number in the top left and bottom right corners, the mark in the middle.
            let (number, symbol) = face.parts(theme);
            out.push(body(&format!(" {number:<0$}", inner - 1), style));
            for i in 0..usize::from(self.ch) - 4 {
                let text = if i == (usize::from(self.ch) - 4) / 2 {
                    format!("{symbol:^inner$}")
                } else {
                    " ".repeat(inner)
                };
                out.push(body(&text, style));
            }
            out.push(body(&format!("{number:>0$} ", inner - 1), style));
        }
        out.push(edge(bl, br));
        out
    }
}

/// What a slot shows.
#[derive(Clone, Copy)]
enum Face {
    Up(Card),
    /// Face down, and the viewer knows the card.
    Known(Card),
    Down,
    Empty {
        target: bool,
        /// The top of a standard pyramid, kept for the finish card.
        crown: bool,
    },
}

impl Face {
    fn of(cell: SlotView, slot: usize, mode: Mode, targets: &[usize]) -> Face {
        match cell {
            SlotView::Up(c) => Face::Up(c),
            SlotView::Down { known: Some(c), .. } => Face::Known(c),
            SlotView::Down { known: None, .. } => Face::Down,
            SlotView::Empty => Face::Empty {
                target: targets.contains(&slot),
                crown: slot == crate::games::couperation::TOP && mode == Mode::Standard,
            },
        }
    }

    /// The few characters a compact cell or a small card shows.
    fn short(self, theme: &Theme) -> (String, Style) {
        match self {
            Face::Up(c) => (card_text(c, theme), card_style(c, theme)),
            Face::Known(c) => (format!("({c})"), theme.dim().add_modifier(Modifier::ITALIC)),
            Face::Down => (
                if theme.ascii { "####" } else { "▒▒▒▒" }.into(),
                theme.frame(),
            ),
            Face::Empty { target: true, .. } => (
                if theme.ascii { " .." } else { " ··" }.into(),
                theme.accent(),
            ),
            Face::Empty { crown: true, .. } => (" F?".into(), theme.dim()),
            Face::Empty { .. } => (" .".into(), theme.dim()),
        }
    }

    /// A large card's corner number and middle symbol.
    fn parts(self, theme: &Theme) -> (String, String) {
        match self {
            Face::Up(c) if c == FINISH => ("FIN".into(), "finish".into()),
            Face::Up(c) => (
                c.to_string(),
                mark(c).map_or(String::new(), |m| m.symbol(theme.ascii).to_string()),
            ),
            Face::Known(c) => (format!("({c})"), "down".into()),
            Face::Down => (String::new(), String::new()),
            Face::Empty { .. } => {
                let (t, _) = self.short(theme);
                (String::new(), t.trim().to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_grow_with_the_board_and_the_mouse_finds_each_slot() {
        // Board areas at 80x24 (event pane below), 120x40 and 200x60 (event pane beside).
        let sizes = [
            (Rect::new(0, 1, 80, 15), PyrGeo::COMPACT),
            (
                Rect::new(0, 1, 78, 38),
                PyrGeo {
                    pitch: 6,
                    cw: 6,
                    ch: 3,
                },
            ),
            (
                Rect::new(0, 1, 158, 58),
                PyrGeo {
                    pitch: 10,
                    cw: 9,
                    ch: 5,
                },
            ),
        ];
        for (area, want) in sizes {
            let geo = PyrGeo::fit(area);
            assert_eq!(geo, want, "{area:?}");
            for r in 0..ROWS {
                for c in 0..ROWS - r {
                    let slot = slot_at(r, c).expect("slot");
                    let x = area.x + geo.row_x(r) + geo.pitch * c as u16;
                    let y = area.y + 1 + geo.ch * (ROWS - 1 - r) as u16;
                    for (dx, dy) in [(0, 0), (geo.cw - 1, geo.ch - 1)] {
                        assert_eq!(geo.slot_at(area, x + dx, y + dy), Some(slot), "{area:?}");
                    }
                }
            }
        }
    }
}

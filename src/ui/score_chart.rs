//! How each player's score moved through a finished game: the series, computed by replaying
//! the match's history through the game's score function, and a small chart of them drawn
//! beside the final table. Each player's points are their seat number (1-8), so the lines are
//! told apart without colour (and in ASCII); colours only help.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::engine::{Game, Match};

/// Scores per seat after each step that changed one, from the start (index 0) to the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub series: Vec<Vec<i32>>,
}

impl Progress {
    /// Replays `m` from its initial state, reading every seat's score (`scores`) before the
    /// first step and after each step; a step that changes no score adds no point. A history
    /// that does not apply (it always does for a loaded match) stops the replay there.
    pub fn of<G: Game>(m: &Match<G>, scores: impl Fn(&G) -> Vec<i32>) -> Progress {
        let mut state = m.initial.clone();
        let mut rows = vec![scores(&state)];
        for step in &m.history {
            if state.apply(step.actor, &step.action).is_err() {
                break;
            }
            let now = scores(&state);
            if rows.last() != Some(&now) {
                rows.push(now);
            }
        }
        let seats = rows.iter().map(Vec::len).max().unwrap_or(0);
        Progress {
            series: (0..seats)
                .map(|s| {
                    rows.iter()
                        .map(|r| r.get(s).copied().unwrap_or(0))
                        .collect()
                })
                .collect(),
        }
    }

    /// The lowest and highest score of any seat at any point.
    pub fn range(&self) -> (i32, i32) {
        let all = self.series.iter().flatten().copied();
        let lo = all.clone().min().unwrap_or(0);
        let hi = all.max().unwrap_or(0);
        (lo, hi)
    }

    /// Points per seat.
    pub fn len(&self) -> usize {
        self.series.first().map_or(0, Vec::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The plot: `h` rows of `w` columns, each cell the seats whose score falls there (the first
/// row is the highest score). Column `c` shows the point `c * (len - 1) / (w - 1)`, so the first
/// and last columns are the start and the end.
pub fn plot(p: &Progress, w: usize, h: usize) -> Vec<Vec<Vec<usize>>> {
    let mut grid = vec![vec![Vec::new(); w]; h];
    let n = p.len();
    if w == 0 || h == 0 || n == 0 {
        return grid;
    }
    let (lo, hi) = p.range();
    let span = i64::from(hi) - i64::from(lo);
    // With fewer points than columns, each point gets its share of the width.
    let cols = w.min(n.max(2));
    for c in 0..cols {
        let at = if cols > 1 {
            c * (n - 1) / (cols - 1)
        } else {
            0
        };
        for (seat, series) in p.series.iter().enumerate() {
            let v = i64::from(series.get(at).copied().unwrap_or(lo));
            let row = if span > 0 {
                ((i64::from(hi) - v) * (h as i64 - 1) + span / 2) / span
            } else {
                h as i64 - 1
            };
            let row = usize::try_from(row).unwrap_or(0).min(h - 1);
            if let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(c)) {
                cell.push(seat);
            }
        }
    }
    grid
}

/// Seat colours for the chart's marks (the palette may change them; the digits carry the
/// meaning).
const SEAT_COLOURS: [Color; 8] = [
    Color::LightRed,
    Color::LightBlue,
    Color::LightGreen,
    Color::Yellow,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
    Color::Gray,
];

/// The chart widget: a title, the plot with the highest and lowest score at its left, and a
/// legend of seat numbers and names. Pure: it draws what it is given.
pub struct ScoreChart<'a> {
    pub progress: &'a Progress,
    pub names: &'a [String],
    pub theme: Theme,
}

impl ScoreChart<'_> {
    /// The legend's lines for a width: "1 Ann  2 Bo ...", names cut to fit eight seats.
    fn legend(&self, width: usize) -> Vec<String> {
        let mut lines = vec![String::new()];
        for (s, name) in self.names.iter().enumerate() {
            let item = format!(
                "{} {}",
                s + 1,
                super::widgets::fit(&self.theme.text(name), 8, self.theme.ellipsis()).trim_end()
            );
            let last = lines.last_mut().expect("one line at least");
            let need = super::widgets::width(&item) + if last.is_empty() { 0 } else { 2 };
            if !last.is_empty() && super::widgets::width(last) + need > width {
                lines.push(item);
            } else {
                if !last.is_empty() {
                    last.push_str("  ");
                }
                last.push_str(&item);
            }
        }
        lines
    }
}

impl Widget for ScoreChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        if area.width < 12 || area.height < 5 || self.progress.is_empty() {
            return;
        }
        let legend = self.legend(usize::from(area.width));
        let title = "Scores through the game";
        buf.set_stringn(area.x, area.y, title, usize::from(area.width), t.title());
        let plot_h = usize::from(area.height)
            .saturating_sub(1 + legend.len())
            .min(12);
        if plot_h < 2 {
            return;
        }
        let (lo, hi) = self.progress.range();
        let label_w = lo.to_string().len().max(hi.to_string().len());
        let axis = if t.ascii { "|" } else { "│" };
        let axis_x = area.x + label_w as u16;
        let plot_w = usize::from(area.right().saturating_sub(axis_x + 1));
        let grid = plot(self.progress, plot_w, plot_h);
        for (r, row) in grid.iter().enumerate() {
            let y = area.y + 1 + r as u16;
            let label = match r {
                0 => hi.to_string(),
                r if r == plot_h - 1 => lo.to_string(),
                _ => String::new(),
            };
            buf.set_string(area.x, y, format!("{label:>label_w$}"), t.dim());
            buf.set_string(axis_x, y, axis, t.frame());
            for (c, seats) in row.iter().enumerate() {
                let x = axis_x + 1 + c as u16;
                match seats.as_slice() {
                    [] => {}
                    [s] => {
                        let colour = SEAT_COLOURS[s % SEAT_COLOURS.len()];
                        buf.set_string(x, y, format!("{}", (s + 1) % 10), t.paint(colour));
                    }
                    // Several seats on one cell: their scores met there.
                    _ => {
                        buf.set_string(x, y, "*", t.dim());
                    }
                }
            }
        }
        let ly = area.y + 1 + plot_h as u16;
        for (i, l) in legend.iter().enumerate() {
            let y = ly + i as u16;
            if y >= area.bottom() {
                break;
            }
            buf.set_stringn(area.x, y, l, usize::from(area.width), t.dim());
        }
    }
}

/// Rows the chart wants for `seats` players at `width` columns: title, plot, legend.
pub fn height_for(seats: usize, width: u16) -> u16 {
    // About 12 columns a legend item; at least six plot rows.
    let per_line = (usize::from(width) / 12).max(1);
    let legend = seats.div_ceil(per_line) as u16;
    1 + 6 + legend
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::testutil::buffer_text;

    fn progress(series: &[&[i32]]) -> Progress {
        Progress {
            series: series.iter().map(|s| s.to_vec()).collect(),
        }
    }

    #[test]
    fn plot_puts_the_start_and_end_at_the_edges_and_the_best_on_top() {
        let p = progress(&[&[0, 5, 10], &[0, 0, 4]]);
        let g = plot(&p, 3, 3);
        // Row 0 is 10, row 2 is 0.
        assert_eq!(g[2][0], vec![0, 1], "both start at 0");
        assert_eq!(g[1][1], vec![0]);
        assert_eq!(g[2][1], vec![1]);
        assert_eq!(g[0][2], vec![0]);
        assert_eq!(g[1][2], vec![1], "4 of 10 rounds to the middle row");
        // Wider than the points: the last column is still the end.
        let g = plot(&p, 20, 3);
        assert_eq!(g[0][2], vec![0]);
        assert!(g[0][3..].iter().all(Vec::is_empty));
        // A flat game sits on the bottom row; nothing to plot draws nothing.
        let flat = plot(&progress(&[&[3, 3]]), 4, 3);
        assert_eq!(flat[2][0], vec![0]);
        assert!(
            plot(&Progress::default(), 4, 3)
                .iter()
                .flatten()
                .all(Vec::is_empty)
        );
        assert_eq!(progress(&[&[-5, 7], &[2]]).range(), (-5, 7));
    }

    #[test]
    fn the_chart_marks_seats_by_number_with_a_legend() {
        let p = progress(&[&[0, 2, 4, 9], &[0, 3, 3, 3]]);
        let names = ["Ann".to_string(), "Bo".to_string()];
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 9));
        ScoreChart {
            progress: &p,
            names: &names,
            theme: Theme::new(true, false),
        }
        .render(buf.area, &mut buf);
        let text = buffer_text(&buf);
        assert_eq!(
            text,
            "Scores through the game\n\
             9|   1\n\
             \x20|\n\
             \x20|\n\
             \x20|  1\n\
             \x20| 222\n\
             \x20| 1\n\
             0|*\n\
             1 Ann  2 Bo\n",
            "{text}"
        );
    }
}

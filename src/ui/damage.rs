//! Damage tracking: a screen redrawn on every key draws only what the key changed, over the
//! frame it drew before, and the painter compares only the rows it drew.
//!
//! A screen that tracks damage ([`super::Screen::render_damaged`]) lays its frame out as
//! regions, each an area with a key: the inputs of its drawing, as bytes (whether a row is the
//! one selected, the text of a line), or none for a region drawn every time. [`Damage::plan`]
//! compares them with the frame before's. A region whose area and key are the same keeps its
//! cells, undrawn; one whose key changed is blanked and drawn again; when the list of areas
//! changed, the frame kept was drawn by another screen (or by this one whole), or none is
//! kept, every region is drawn on a blank frame. Only the rows of the regions drawn are
//! compared with the frame shown and sent.
//!
//! Drawing stays pure: each region is drawn from its inputs alone, and the frame equals what a
//! full redraw gives, cell for cell (tested over random keys at two sizes), as long as a
//! region's cells depend only on its key and area and it draws nothing inside the area of a
//! region after it in the list (that one is blanked when drawn alone). Outside a painter (a
//! test's `render`), [`Damage::untracked`] draws every region on the frame given.

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

/// One region of a frame: its area and where its key is in [`Regions::keys`] (`None`: drawn
/// every time).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Region {
    area: Rect,
    key: Option<(usize, usize)>,
}

/// The regions of one frame, with their keys' bytes.
#[derive(Default, Debug)]
struct Regions {
    list: Vec<Region>,
    keys: Vec<u8>,
}

impl Regions {
    fn clear(&mut self) {
        self.list.clear();
        self.keys.clear();
    }

    fn key(&self, i: usize) -> Option<&[u8]> {
        let (a, b) = self.list.get(i)?.key?;
        self.keys.get(a..b)
    }
}

/// What the frame being drawn reuses of the one before, and the rows it draws.
#[derive(Debug)]
pub struct Damage {
    /// Kept between frames by a painter; an untracked one draws everything, blanks nothing.
    tracking: bool,
    /// Who drew the frame kept by regions ([`Damage::enter`]); `None`: nothing to reuse.
    owner: Option<u64>,
    /// The owner of the frame being drawn.
    drawing: u64,
    kept: Regions,
    next: Regions,
    /// Which of this frame's regions are drawn.
    draws: Vec<bool>,
    /// The rows drawn this frame: the only ones that may differ from the frame before.
    rows: Vec<bool>,
}

impl Damage {
    /// A painter's: nothing kept yet.
    pub fn new() -> Self {
        Damage {
            tracking: true,
            ..Damage::untracked()
        }
    }

    /// Every region drawn, on the frame given as it is, and nothing kept.
    pub fn untracked() -> Self {
        Damage {
            tracking: false,
            owner: None,
            drawing: 0,
            kept: Regions::default(),
            next: Regions::default(),
            draws: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// Nothing of the frame kept is reused: the next frame is drawn whole.
    pub fn forget(&mut self) {
        self.owner = None;
        self.kept.clear();
    }

    /// A frame of `height` rows begins; none drawn yet.
    pub fn begin(&mut self, height: u16) {
        self.rows.clear();
        self.rows.resize(usize::from(height), false);
    }

    /// The rows drawn: where the frame may differ from the one before.
    pub fn rows(&self) -> &[bool] {
        &self.rows
    }

    /// This frame is drawn by `owner` (the app's count of screen changes): a frame kept from
    /// another is not reused.
    pub fn enter(&mut self, owner: u64) {
        self.drawing = owner;
        if self.owner != Some(owner) {
            self.forget();
        }
    }

    /// The frame is drawn whole, without regions, on a blank `buf`: every row is compared,
    /// and nothing of it is reused next time.
    pub fn whole(&mut self, buf: &mut Buffer) {
        if self.tracking {
            buf.reset();
        }
        self.rows.fill(true);
        self.forget();
    }

    /// Lays the frame out as `regions` (areas and keys, in drawing order) and decides which
    /// are drawn ([`Damage::draws`]); the cells of those drawn alone are blanked first.
    pub fn plan(&mut self, buf: &mut Buffer, regions: &[(Rect, Option<&[u8]>)]) {
        self.next.clear();
        for (area, key) in regions {
            let key = key.map(|k| {
                let start = self.next.keys.len();
                self.next.keys.extend_from_slice(k);
                (start, self.next.keys.len())
            });
            self.next.list.push(Region { area: *area, key });
        }
        let same_layout = self.tracking
            && self.owner == Some(self.drawing)
            && self.kept.list.len() == self.next.list.len()
            && (self.kept.list.iter())
                .zip(&self.next.list)
                .all(|(a, b)| a.area == b.area);
        self.draws.clear();
        if same_layout {
            for i in 0..self.next.list.len() {
                let key = self.next.key(i);
                self.draws.push(key.is_none() || key != self.kept.key(i));
            }
            for (region, _) in self.next.list.iter().zip(&self.draws).filter(|(_, d)| **d) {
                blank(buf, region.area);
                mark(&mut self.rows, region.area, buf.area.y);
            }
        } else {
            self.draws.resize(self.next.list.len(), true);
            if self.tracking {
                buf.reset();
            }
            self.rows.fill(true);
        }
        if self.tracking {
            std::mem::swap(&mut self.kept, &mut self.next);
            self.owner = Some(self.drawing);
        }
    }

    /// Whether region `i` of the plan is drawn this frame.
    pub fn draws(&self, i: usize) -> bool {
        self.draws.get(i).copied().unwrap_or(true)
    }
}

impl Default for Damage {
    fn default() -> Self {
        Damage::new()
    }
}

/// `area`'s cells of `buf` become blanks, as a reset buffer's.
fn blank(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        let start = buf.index_of(area.x, y);
        for cell in &mut buf.content[start..start + usize::from(area.width)] {
            *cell = Cell::EMPTY;
        }
    }
}

/// `area`'s rows are drawn (rows counted from `top`, the frame's first).
fn mark(rows: &mut [bool], area: Rect, top: u16) {
    let bottom = usize::from(area.bottom().saturating_sub(top));
    let top = usize::from(area.top().saturating_sub(top));
    if let Some(rows) = rows.get_mut(top.min(bottom)..bottom.min(rows.len())) {
        rows.fill(true);
    }
}

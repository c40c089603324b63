//! Computer players for Pocket & Biscuit. They learn tiles only from the views they are shown,
//! as a player at the table would: the play screen keeps every finished turn's tiles on show
//! until a person has pressed a key, so the people see all that a bot learns.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::bots::Level;
use crate::engine::{Bot, Seat, rng};
use crate::games::pocket::{
    Action, CELLS, CellView, GREAT, KINDS as TILE_KINDS, Kind, Pocket, TurnEnd, TurnSummary,
    Verdict, View, matches, tiles::full_box,
};

/// Bot kinds with a short description; the first is the strongest a person would meet.
pub const KINDS: &[(&str, &str)] = &[
    (
        "memory",
        "remembers the tiles it saw like a person: a few when easy, nearly all when hard",
    ),
    (
        "forgetful",
        "remembers every place it saw, but older sightings fade: fast when easy, slowly when hard",
    ),
    (
        "perfect",
        "never forgets a tile it saw: stronger than any person, to measure against",
    ),
    ("random", "any legal move"),
];

/// The chance, in percent, that the forgetful bot loses each remembered tile per turn it
/// watches, by level (easy, normal, hard). Normal is the 20% a plain `forgetful` always had, so
/// older logs' forgetful players carry on as they were.
const FADE_PERCENT: [u64; 3] = [40, 20, 8];

// What a kind string at a level means: `crate::bots::kinds::pocket`.

/// Remembers what it saw of each cell and plays the flip with the best expected haul.
pub struct MemoryBot {
    memory: [Option<Kind>; CELLS],
    /// The watched turn in which each remembered cell was last seen.
    seen: [u32; CELLS],
    /// Turns watched so far.
    turns: u32,
    last: Option<TurnSummary>,
    /// Per seat, the uncracked tiles it saw that seat receive (they went on its face-down pile).
    taken: Vec<Vec<Kind>>,
    fade_percent: u64,
    /// At most this many places are kept in mind; the ones seen longest ago go first.
    capacity: usize,
    rng: ChaCha8Rng,
}

/// Memory of the levels: (chance in percent of forgetting each remembered place per watched
/// turn, places kept in mind at most).
const EASY_MEMORY: (u64, usize) = (30, 4);
const NORMAL_MEMORY: (u64, usize) = (10, 9);
const HARD_MEMORY: (u64, usize) = (3, 18);

impl MemoryBot {
    /// `fade_percent`: chance per watched turn of forgetting each remembered tile (0: never).
    pub fn new(seed: u64, fade_percent: u64) -> Self {
        MemoryBot::with_capacity(seed, fade_percent, CELLS)
    }

    /// Remembers every place it sees, each fading with its level's chance per watched turn
    /// ([`FADE_PERCENT`]).
    pub fn fading(seed: u64, level: Level) -> Self {
        let fade = match level {
            Level::Easy => FADE_PERCENT[0],
            Level::Normal => FADE_PERCENT[1],
            Level::Hard => FADE_PERCENT[2],
        };
        MemoryBot::new(seed, fade)
    }

    /// A beginner's memory: a few places, most of them gone within a few turns.
    pub fn easy(seed: u64) -> Self {
        MemoryBot::with_capacity(seed, EASY_MEMORY.0, EASY_MEMORY.1)
    }

    /// A player's memory: the last turns' flips and places, older ones fading.
    pub fn normal(seed: u64) -> Self {
        MemoryBot::with_capacity(seed, NORMAL_MEMORY.0, NORMAL_MEMORY.1)
    }

    /// A good player's memory: nearly everything, with a slip now and then and a limit on how
    /// many places it holds, so that it is never better than a very attentive person.
    pub fn hard(seed: u64) -> Self {
        MemoryBot::with_capacity(seed, HARD_MEMORY.0, HARD_MEMORY.1)
    }

    /// `capacity`: at most this many places remembered; older sightings are forgotten first.
    pub fn with_capacity(seed: u64, fade_percent: u64, capacity: usize) -> Self {
        MemoryBot {
            memory: [None; CELLS],
            seen: [0; CELLS],
            turns: 0,
            last: None,
            taken: Vec::new(),
            fade_percent,
            capacity,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// How many places it remembers now.
    pub fn remembered(&self) -> usize {
        self.memory.iter().filter(|m| m.is_some()).count()
    }

    fn note(&mut self, cell: usize, kind: Kind) {
        if let Some(m) = self.memory.get_mut(cell) {
            *m = Some(kind);
            self.seen[cell] = self.turns;
        }
    }

    /// One more turn watched: each remembered place may fade.
    fn fade(&mut self) {
        self.turns += 1;
        if self.fade_percent > 0 {
            for m in self.memory.iter_mut() {
                if m.is_some() && rng::below(&mut self.rng, 100) < self.fade_percent {
                    *m = None;
                }
            }
        }
    }

    /// Keeps only the `capacity` places seen most recently.
    fn crowd_out(&mut self) {
        while self.remembered() > self.capacity {
            let oldest = (0..CELLS)
                .filter(|&c| self.memory[c].is_some())
                .min_by_key(|&c| self.seen[c]);
            match oldest {
                Some(c) => self.memory[c] = None,
                None => break,
            }
        }
    }

    /// What it currently believes a cell holds.
    pub fn remembers(&self, cell: usize) -> Option<Kind> {
        self.memory.get(cell).copied().flatten()
    }

    fn learn(&mut self, view: &View) {
        // A summary stays in the view until the next run begins: learn from each one once.
        if view.last_turn.is_some() && view.last_turn != self.last {
            self.fade();
            if let Some(t) = &view.last_turn {
                for (cell, kind) in t.revealed() {
                    self.note(cell, kind);
                }
                if matches!(t.end, TurnEnd::Received { .. } | TurnEnd::GreatSix { .. }) {
                    if self.taken.len() <= t.seat {
                        self.taken.resize(t.seat + 1, Vec::new());
                    }
                    self.taken[t.seat].extend(
                        t.flips
                            .iter()
                            .filter(|f| f.matched && !f.kind.is_cracked())
                            .map(|f| f.kind),
                    );
                }
            }
            self.last = view.last_turn.clone();
        }
        for s in &view.run.flips {
            self.note(s.cell, s.kind);
        }
        for (cell, c) in view.grid.iter().enumerate() {
            match *c {
                CellView::Empty => self.memory[cell] = None,
                CellView::FaceUp { kind, .. } => self.note(cell, kind),
                CellView::FaceDown => {}
            }
        }
        self.crowd_out();
    }

    /// Tiles of each kind that could be under a face-down cell it does not remember.
    fn pool(&self, view: &View) -> [u32; 8] {
        let mut pool = full_box().map(u32::from);
        let mut take = |k: Kind| {
            let p = &mut pool[k.index()];
            *p = p.saturating_sub(1);
        };
        for (seat, s) in view.seats.iter().enumerate() {
            (0..s.cracked).for_each(|_| take(Kind::Cracked));
            // A pile it may look at, else what it saw go onto it.
            let pile = match &s.pile_tiles {
                Some(p) => p.as_slice(),
                None => self.taken.get(seat).map_or(&[][..], Vec::as_slice),
            };
            pile.iter().take(s.pile).for_each(|&k| take(k));
        }
        for (cell, c) in view.grid.iter().enumerate() {
            match *c {
                CellView::FaceUp { kind, .. } => take(kind),
                CellView::FaceDown => {
                    if let Some(k) = self.memory[cell] {
                        take(k);
                    }
                }
                CellView::Empty => {}
            }
        }
        pool
    }

    fn pick_unknown(&mut self, view: &View) -> Option<usize> {
        let unknown: Vec<usize> = (0..CELLS)
            .filter(|&c| view.grid[c] == CellView::FaceDown && self.memory[c].is_none())
            .collect();
        if unknown.is_empty() {
            return None;
        }
        let i = rng::below(&mut self.rng, unknown.len() as u64) as usize;
        unknown.get(i).copied()
    }

    fn choose_flip(&mut self, view: &View) -> Option<Action> {
        let mut known = [0u8; 8];
        for cell in 0..CELLS {
            if view.grid[cell] == CellView::FaceDown
                && let Some(k) = self.memory[cell]
            {
                known[k.index()] += 1;
            }
        }
        let pool = self.pool(view);
        let unknown = (0..CELLS)
            .filter(|&c| view.grid[c] == CellView::FaceDown && self.memory[c].is_none())
            .count();
        let run = Run {
            need: view.run.need,
            matched: view.run.flips.iter().filter(|s| s.matched).count(),
            points: view
                .run
                .flips
                .iter()
                .filter(|s| s.matched)
                .map(|s| f64::from(s.kind.points()))
                .sum(),
        };
        let search = Search { pool };
        let mut best: Option<(f64, Choice)> = None;
        for choice in search.choices(&known, unknown) {
            let v = search.value_of(choice, run, &mut known.clone(), unknown);
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                best = Some((v, choice));
            }
        }
        let (_, choice) = best?;
        let cell = match choice.kind {
            Some(k) => (0..CELLS)
                .find(|&c| view.grid[c] == CellView::FaceDown && self.memory[c] == Some(k))?,
            None => self.pick_unknown(view)?,
        };
        Some(Action::Flip {
            cell,
            tap: choice.tap,
        })
    }
}

impl Bot<Pocket> for MemoryBot {
    fn observe(&mut self, view: &View) {
        self.learn(view);
    }

    fn choose(&mut self, _seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.learn(view);
        let wanted = if view.show_pending {
            // Showing a tile it does not know teaches it (and everyone) something new.
            self.pick_unknown(view).map(|cell| Action::Show { cell })
        } else {
            self.choose_flip(view)
        };
        match wanted {
            Some(a) if legal.contains(&a) => a,
            _ => legal[0],
        }
    }
}

/// One option for the next flip: a remembered kind, or an unknown cell (`kind: None`).
#[derive(Clone, Copy, Debug)]
struct Choice {
    kind: Option<Kind>,
    tap: bool,
}

#[derive(Clone, Copy, Debug)]
struct Run {
    need: usize,
    matched: usize,
    points: f64,
}

impl Run {
    /// What the turn brings if the run stops now.
    fn stop(self) -> f64 {
        if self.matched >= 2 { self.points } else { 0.0 }
    }
    fn extend(self, points: f64) -> Run {
        Run {
            need: self.need + 1,
            matched: self.matched + 1,
            points: self.points + points,
        }
    }
}

/// Expected points of the rest of a turn, looking ahead over remembered tiles and the odds of
/// the unknown ones. The unknown pool is not updated along a line: it is large, and this keeps
/// the search small.
struct Search {
    pool: [u32; 8],
}

/// A Great 6 also shows one more tile: worth a little.
const SHOW_BONUS: f64 = 0.5;

impl Search {
    fn choices(&self, known: &[u8; 8], unknown: usize) -> Vec<Choice> {
        let mut out = Vec::new();
        for k in TILE_KINDS {
            if known[k.index()] > 0 {
                out.push(Choice {
                    kind: Some(k),
                    tap: false,
                });
                // Tapping a cracked tile only ever fails.
                if !k.is_cracked() {
                    out.push(Choice {
                        kind: Some(k),
                        tap: true,
                    });
                }
            }
        }
        if unknown > 0 {
            out.push(Choice {
                kind: None,
                tap: false,
            });
            out.push(Choice {
                kind: None,
                tap: true,
            });
        }
        out
    }

    fn value_of(&self, c: Choice, run: Run, known: &mut [u8; 8], unknown: usize) -> f64 {
        match c.kind {
            Some(k) => match matches(k, c.tap, run.need) {
                Verdict::Matches => {
                    known[k.index()] -= 1;
                    let v = self.after_match(run.extend(f64::from(k.points())), known, unknown);
                    known[k.index()] += 1;
                    v
                }
                Verdict::Misses => run.stop(),
                Verdict::SpellFails => 0.0,
            },
            None => {
                let total: u32 = self.pool.iter().sum();
                if total == 0 {
                    return run.stop();
                }
                let (mut p_hit, mut p_miss, mut pts) = (0.0, 0.0, 0.0);
                for k in TILE_KINDS {
                    let p = f64::from(self.pool[k.index()]) / f64::from(total);
                    match matches(k, c.tap, run.need) {
                        Verdict::Matches => {
                            p_hit += p;
                            pts += p * f64::from(k.points());
                        }
                        Verdict::Misses => p_miss += p,
                        Verdict::SpellFails => {}
                    }
                }
                let mut v = p_miss * run.stop();
                if p_hit > 0.0 {
                    v += p_hit * self.after_match(run.extend(pts / p_hit), known, unknown - 1);
                }
                v
            }
        }
    }

    fn after_match(&self, run: Run, known: &mut [u8; 8], unknown: usize) -> f64 {
        if run.matched >= GREAT {
            return run.points + SHOW_BONUS;
        }
        let choices = self.choices(known, unknown);
        if choices.is_empty() {
            return run.stop();
        }
        choices
            .into_iter()
            .map(|c| self.value_of(c, run, known, unknown))
            .fold(0.0, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pocket::KINDS as TILES;

    /// Remembers 12 places, then watches `turns` turns without seeing anything new.
    fn remembered_after(mut bot: MemoryBot, turns: u32) -> usize {
        for cell in 0..12 {
            bot.note(cell, TILES[cell % TILES.len()]);
        }
        bot.crowd_out();
        for _ in 0..turns {
            bot.fade();
            bot.crowd_out();
        }
        bot.remembered()
    }

    #[test]
    fn memory_fades_by_level() {
        // Summed over seeds so the order is firm; each seed is fixed, so nothing can flake.
        fn total(new: impl Fn(u64) -> MemoryBot, turns: u32) -> usize {
            (0..50).map(|seed| remembered_after(new(seed), turns)).sum()
        }
        let perfect = |seed| MemoryBot::new(seed, 0);
        assert_eq!(total(perfect, 6), 50 * 12);
        let (easy, normal, hard) = (
            total(MemoryBot::easy, 6),
            total(MemoryBot::normal, 6),
            total(MemoryBot::hard, 6),
        );
        assert!(
            easy < normal && normal < hard && hard < 50 * 12,
            "{easy} {normal} {hard}"
        );
        // The forgetful player keeps every place but loses them faster the easier it is.
        let fading = |level| move |seed| MemoryBot::fading(seed, level);
        let (easy, normal, hard) = (
            total(fading(Level::Easy), 6),
            total(fading(Level::Normal), 6),
            total(fading(Level::Hard), 6),
        );
        assert!(
            easy < normal && normal < hard && hard < 50 * 12,
            "{easy} {normal} {hard}"
        );
        // Right after seeing them, only the capacity limits what is kept.
        assert_eq!(remembered_after(MemoryBot::easy(1), 0), EASY_MEMORY.1);
        assert_eq!(remembered_after(MemoryBot::normal(1), 0), NORMAL_MEMORY.1);
        assert_eq!(remembered_after(MemoryBot::hard(1), 0), 12);
    }

    #[test]
    fn the_places_seen_last_are_kept_longest() {
        let mut bot = MemoryBot::with_capacity(1, 0, 3);
        for cell in 0..5 {
            bot.fade();
            bot.note(cell, TILES[0]);
            bot.crowd_out();
        }
        let kept: Vec<usize> = (0..CELLS).filter(|&c| bot.remembers(c).is_some()).collect();
        assert_eq!(kept, vec![2, 3, 4]);
    }
}

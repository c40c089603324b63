//! The event pane: one line per action, kept for every viewer (each seat, public, omniscient)
//! as `describe` put it at the moment the action was applied, so each viewer reads only what it
//! may know.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::engine::{Actor, Game, Match, Viewer};

use super::theme::Theme;

/// After the line of a decision made with a hint.
pub const HINT_MARK: &str = " (after a hint)";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventLog {
    players: usize,
    /// Per action: the line for seat 0..n, then public, then omniscient.
    entries: Vec<Vec<String>>,
}

impl EventLog {
    pub fn new(players: usize) -> Self {
        EventLog {
            players,
            entries: Vec::new(),
        }
    }

    /// The lines for every action of `m`, re-simulated from its initial state.
    pub fn rebuild<G: Game>(m: &Match<G>) -> Self {
        let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        let mut log = EventLog::new(names.len());
        let mut state = m.initial.clone();
        for step in &m.history {
            log.record(&state, step.actor, &step.action, &names);
            log.mark_hint(step.hint);
            // These actions were applied once already, so they apply again.
            let _ = state.apply(step.actor, &step.action);
        }
        log
    }

    /// Records `action` by `actor`; `before` is the state it is applied to.
    pub fn record<G: Game>(
        &mut self,
        before: &G,
        actor: Actor,
        action: &G::Action,
        names: &[String],
    ) {
        let prefix = match actor {
            Actor::Seat(s) => format!("{}: ", names.get(s).map(String::as_str).unwrap_or("?")),
            Actor::Chance => String::new(),
        };
        let viewers: Vec<Viewer> = (0..self.players)
            .map(Viewer::Seat)
            .chain([Viewer::Public, Viewer::Omniscient])
            .collect();
        let lines = before
            .describe_each(actor, action, &viewers)
            .into_iter()
            .map(|d| {
                let d = crate::engine::name_seats(&d, names);
                if d.is_empty() {
                    d
                } else {
                    format!("{prefix}{d}")
                }
            })
            .collect();
        self.entries.push(lines);
    }

    /// Marks the last action's lines, for every viewer, as a decision made after asking for a
    /// hint (`hint` true): the replay shows where the hint key helped. Whether a person asked is
    /// no secret: it was asked at the table.
    fn mark_hint(&mut self, hint: bool) {
        let Some(lines) = self.entries.last_mut().filter(|_| hint) else {
            return;
        };
        for line in lines.iter_mut().filter(|l| !l.is_empty()) {
            // An action's first line is the decision; what it caused follows.
            let end = line.find('\n').unwrap_or(line.len());
            line.insert_str(end, HINT_MARK);
        }
    }

    /// Records the actions of `m` this log does not hold yet (after the driver played several).
    pub fn catch_up<G: Game>(&mut self, m: &Match<G>) {
        let names: Vec<String> = m.players.iter().map(|p| p.name.clone()).collect();
        let from = self.len().min(m.history.len());
        let mut state = m.state_at(from);
        for step in &m.history[from..] {
            self.record(&state, step.actor, &step.action, &names);
            self.mark_hint(step.hint);
            // These actions were applied once already, so they apply again.
            let _ = state.apply(step.actor, &step.action);
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn truncate(&mut self, n: usize) {
        self.entries.truncate(n);
    }

    fn column(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) => s.min(self.players),
            Viewer::Public => self.players,
            Viewer::Omniscient => self.players + 1,
        }
    }

    /// The last `max` non-empty lines among the first `upto` actions, oldest first, as
    /// `viewer` sees them.
    pub fn lines(&self, upto: usize, viewer: Viewer, max: usize) -> Vec<&str> {
        self.lines_in(0, upto, viewer, max)
    }

    /// [`EventLog::lines`] of the actions from `from` (inclusive) to `upto` (exclusive) only.
    pub fn lines_in(&self, from: usize, upto: usize, viewer: Viewer, max: usize) -> Vec<&str> {
        let col = self.column(viewer);
        let upto = upto.min(self.entries.len());
        let mut out: Vec<&str> = self.entries[from.min(upto)..upto]
            .iter()
            .rev()
            .filter_map(|e| e.get(col).map(String::as_str))
            // An action may tell several lines (a move and what it caused), newest last.
            .flat_map(|l| l.rsplit('\n'))
            .filter(|l| !l.is_empty())
            .take(max)
            .collect();
        out.reverse();
        out
    }
}

/// Draws the event pane with its rule; the newest line is last and emphasised.
pub fn render_pane(f: &mut Frame, area: Rect, theme: &Theme, lines: &[&str]) {
    let block = theme.rule("Events");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let rows = inner.height as usize;
    let width = (inner.width as usize).saturating_sub(3).max(8);
    // The newest lines that fit, each wrapped with a hanging indent so nothing is cut off.
    let mut shown: Vec<Line> = Vec::new();
    for (age, l) in lines.iter().rev().enumerate() {
        if shown.len() >= rows {
            break;
        }
        let style = if age == 0 {
            ratatui::style::Style::new()
        } else {
            theme.dim()
        };
        let wrapped = super::widgets::wrap(&theme.text(l), width);
        for (k, piece) in wrapped.iter().enumerate().rev() {
            let indent = if k == 0 { " " } else { "   " };
            shown.push(Line::styled(format!("{indent}{piece}"), style));
        }
    }
    shown.reverse();
    let skip = shown.len().saturating_sub(rows);
    super::lines::render(&shown[skip..], inner, f.buffer_mut());
}

//! The chat line of a hosted table on the game screen: `/` opens it, Enter sends, Esc closes.
//! What a person may say is the room's word ([`crate::host::room::Info::talk`]): anything, a
//! game's few phrases (chosen with the arrows), or nothing now (and why). A local game has no
//! chat: nobody else is at its table.
//!
//! The last lines stay visible under the events where the pane is tall enough (120×40); on a
//! smaller screen they show while the line is open, and the header counts the unread ones.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::engine::Chat;
use crate::host::chat::{MAX_CHARS, Said};

use super::{Play, Turn};
use crate::ui::{Playable, Theme, widgets};

/// The chat's share of a tall event pane.
const PANE_ROWS: u16 = 10;

/// A pane at least this tall keeps the chat in view.
const PANE_MIN: u16 = 20;

/// The chat line's state on one game screen.
#[derive(Default)]
pub struct ChatBox {
    /// The line is open: keys type into it.
    pub open: bool,
    text: String,
    /// The phrase chosen, where only phrases may be said.
    pick: usize,
    /// Why the last line was refused.
    refused: Option<String>,
    /// The last line this screen has shown ([`Said::seq`]).
    read: u64,
    /// The last notice put on the status line (`None` before the first pull: what was said
    /// before this screen opened is no news).
    noticed: Option<u64>,
    /// The notice on the status line now (a newer one replaces it).
    shown: Option<String>,
}

/// Whether `/` opens the chat: at a hosted table, on any screen but the hand-off.
pub fn applies<G: Playable>(p: &Play<G>) -> bool {
    p.room.info.talk.is_some() && !matches!(p.turn, Turn::HandOff(_))
}

/// `/`: the chat line opens, and what it shows counts as read.
pub fn open<G: Playable>(p: &mut Play<G>) {
    p.chat = ChatBox {
        open: true,
        read: newest(p),
        noticed: p.chat.noticed,
        shown: p.chat.shown.clone(),
        ..ChatBox::default()
    };
}

fn newest<G: Playable>(p: &Play<G>) -> u64 {
    p.room.info.chat.last().map_or(0, |l| l.seq)
}

/// How many lines people said since this screen last showed them (notices are on the
/// status line already).
pub fn unread<G: Playable>(p: &Play<G>) -> usize {
    let read = p.chat.read;
    (p.room.info.chat.iter())
        .filter(|l| l.seq > read && !l.notice)
        .count()
}

/// The table's newest notice goes on the status line when it arrives (who joined, left,
/// came back, a seat changed hands).
pub fn news<G: Playable>(p: &mut Play<G>) {
    let newest = newest(p);
    let Some(seen) = p.chat.noticed.replace(newest) else {
        return;
    };
    let fresh = (p.room.info.chat.iter().rev())
        .take_while(|l| l.seq > seen)
        .find(|l| l.notice);
    // A message of the screen's own (a reconnect code, a refusal) stays until a key; an
    // older notice gives way.
    let free = p.status.is_none() || p.status == p.chat.shown;
    if let Some(l) = fresh.filter(|_| free) {
        p.status = Some(l.text.clone());
        p.chat.shown = p.status.clone();
    }
}

/// The phrases on offer, where only phrases may be said.
fn phrases<G: Playable>(p: &Play<G>) -> Option<&'static [&'static str]> {
    match p.room.info.talk {
        Some(Chat::Phrases(list)) => Some(list),
        _ => None,
    }
}

/// A key while the line is open: every key is the chat's.
pub fn on_key<G: Playable>(p: &mut Play<G>, key: KeyEvent) {
    let list = phrases(p);
    match key.code {
        KeyCode::Esc => p.chat.open = false,
        KeyCode::Enter => send(p),
        KeyCode::Left | KeyCode::Up if list.is_some() => {
            p.chat.pick = p.chat.pick.saturating_sub(1);
        }
        KeyCode::Right | KeyCode::Down => {
            if let Some(list) = list {
                p.chat.pick = (p.chat.pick + 1).min(list.len().saturating_sub(1));
            }
        }
        KeyCode::Backspace if list.is_none() => {
            p.chat.text.pop();
        }
        KeyCode::Char(c)
            if list.is_none() && !c.is_control() && p.chat.text.chars().count() < MAX_CHARS =>
        {
            p.chat.text.push(c);
        }
        _ => {}
    }
}

fn send<G: Playable>(p: &mut Play<G>) {
    let text = match phrases(p) {
        Some(list) => list
            .get(p.chat.pick)
            .copied()
            .unwrap_or_default()
            .to_string(),
        None => p.chat.text.clone(),
    };
    match p.room.say(&text) {
        Ok(()) => {
            p.chat.text.clear();
            p.chat.refused = None;
            p.chat.open = false;
            p.sync();
            p.chat.read = newest(p);
        }
        Err(why) => p.chat.refused = Some(why),
    }
}

/// The hint line while the chat line is open.
pub fn hints<G: Playable>(p: &Play<G>) -> Vec<(&'static str, &'static str)> {
    let mut keys = Vec::new();
    if phrases(p).is_some() {
        keys.push(("←/→", "phrase"));
    }
    keys.extend([("Enter", "send"), ("Esc", "close")]);
    keys
}

/// The header's word on unread lines, where they are not in view.
pub fn marker<G: Playable>(p: &Play<G>, pane: Rect) -> Option<String> {
    let n = unread(p);
    (n > 0 && !p.chat.open && !in_pane(p, pane)).then(|| format!("chat: {n} new "))
}

/// Whether the event pane is tall enough to keep the chat in view.
fn in_pane<G: Playable>(p: &Play<G>, pane: Rect) -> bool {
    p.room.info.talk.is_some() && pane.height >= PANE_MIN
}

/// Draws the chat at the foot of a tall event pane; returns what is left for the events.
pub fn render_pane<G: Playable>(p: &Play<G>, f: &mut Frame, pane: Rect, theme: &Theme) -> Rect {
    if !in_pane(p, pane) {
        return pane;
    }
    let [events, chat] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(PANE_ROWS)]).areas(pane);
    let block = theme.rule("Chat");
    let inner = block.inner(chat);
    f.render_widget(block, chat);
    f.render_widget(Paragraph::new(lines(p, theme, inner)), inner);
    events
}

/// Draws the open chat line over the foot of `body`, with the last lines above it.
pub fn render_box<G: Playable>(p: &Play<G>, f: &mut Frame, body: Rect, theme: &Theme) {
    if !p.chat.open {
        return;
    }
    let height = body.height.min(9);
    let area = Rect {
        y: body.y + body.height - height,
        height,
        ..body
    };
    f.render_widget(Clear, area);
    let block = theme.block("Chat");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let [said, input] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner);
    // The newest line sits just above the input.
    let mut shown = lines(p, theme, said);
    let pad = usize::from(said.height).saturating_sub(shown.len());
    shown.splice(0..0, std::iter::repeat_n(Line::from(""), pad));
    f.render_widget(Paragraph::new(shown), said);
    let line = match (&p.chat.refused, p.room.info.talk, phrases(p)) {
        (Some(why), _, _) => Line::styled(format!(" {}", theme.text(why)), theme.error()),
        (None, Some(Chat::Closed(why)), _) => {
            Line::styled(format!(" Not now: {}", theme.text(why)), theme.dim())
        }
        (None, _, Some(list)) => {
            let mut s = String::from(" Say:");
            for (i, phrase) in list.iter().enumerate() {
                if i == p.chat.pick {
                    s.push_str(&format!(" [{phrase}]"));
                } else {
                    s.push_str(&format!("  {phrase} "));
                }
            }
            Line::styled(s, theme.accent())
        }
        (None, _, None) => {
            // The end of what is typed, with the cursor after it.
            let room = usize::from(input.width).saturating_sub(8);
            let typed = theme.text(&p.chat.text);
            let chars: Vec<char> = typed.chars().collect();
            let tail: String = chars[chars.len().saturating_sub(room)..].iter().collect();
            Line::styled(format!(" Say: {tail}_"), theme.accent())
        }
    };
    f.render_widget(Paragraph::new(line), input);
}

/// The newest lines that fit `area`, wrapped, oldest first; an empty chat says how to talk.
fn lines<G: Playable>(p: &Play<G>, theme: &Theme, area: Rect) -> Vec<Line<'static>> {
    said_lines(&p.room.info.chat, theme, area)
}

/// The newest of `said` that fit `area`, wrapped, oldest first (a table's chat, or the
/// lobby's); an empty chat says how to talk.
pub fn said_lines(said: &[Said], theme: &Theme, area: Rect) -> Vec<Line<'static>> {
    if said.is_empty() {
        return vec![Line::styled(
            " Nobody has said anything yet: / to talk",
            theme.dim(),
        )];
    }
    let width = usize::from(area.width).saturating_sub(2).max(8);
    let mut out: Vec<Line<'static>> = Vec::new();
    for l in said.iter().rev() {
        if out.len() >= usize::from(area.height) {
            break;
        }
        let (text, style) = if l.notice {
            (theme.text(&format!("· {}", l.text)), theme.dim())
        } else if l.spectators {
            (theme.text(&format!("{}: {}", l.name, l.text)), theme.dim())
        } else {
            let said = theme.text(&format!("{}: {}", l.name, l.text));
            (said, ratatui::style::Style::new())
        };
        for piece in widgets::wrap(&text, width).into_iter().rev() {
            out.push(Line::styled(format!(" {piece}"), style));
        }
    }
    out.reverse();
    let skip = out.len().saturating_sub(usize::from(area.height));
    out.split_off(skip)
}

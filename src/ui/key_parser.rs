//! Keys and clicks from a terminal, local or remote: the bytes it sends, turned into the
//! crossterm events the screens read. The local terminal's bytes come here too (read by
//! [`super::input::Waiter::read`]), so a key costs one wait and one read, not crossterm's own
//! poll, read and second poll.
//!
//! The parsing itself is `terminput`'s (crossterm's own escape-sequence parser, usable on any
//! byte source); this module only keeps the bytes of a sequence that arrived split, and bounds
//! what a hostile client can make it hold.

use ratatui::crossterm::event::Event;

/// The longest run of bytes kept while waiting for the end of an escape sequence. Real keys
/// and mouse reports are a few dozen bytes; an unterminated paste is not kept.
const MAX_PENDING: usize = 256;

/// Turns a remote terminal's bytes into events, across reads.
#[derive(Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

impl InputParser {
    pub fn new() -> Self {
        Self::default()
    }

    /// The events in `bytes` (plus whatever an earlier read left unfinished). Bytes that are
    /// no key are dropped; an escape sequence cut at the end of `bytes` waits for the next
    /// read, except a lone Esc, which is the Esc key (a terminal sends a sequence in one
    /// write).
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            let more = i + 1 < bytes.len();
            self.pending.push(b);
            // An Esc followed by more bytes in the same read starts a sequence: wait.
            if self.pending == [0x1b] && more {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(ev)) => {
                    self.pending.clear();
                    if let Ok(ev) = terminput_crossterm::to_crossterm(ev) {
                        out.push(ev);
                    }
                }
                Ok(None) => {
                    if self.pending.len() > MAX_PENDING {
                        self.pending.clear();
                    }
                }
                Err(_) => self.pending.clear(),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{
        Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind,
    };

    use super::*;

    fn keys(evs: &[Event]) -> Vec<KeyCode> {
        evs.iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some(k.code),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn letters_arrows_enter_and_esc() {
        let mut p = InputParser::new();
        let evs = p.feed(b"a\x1b[A\r\x1b[B?");
        assert_eq!(
            keys(&evs),
            vec![
                KeyCode::Char('a'),
                KeyCode::Up,
                KeyCode::Enter,
                KeyCode::Down,
                KeyCode::Char('?')
            ]
        );
        assert_eq!(keys(&p.feed(b"\x1b")), vec![KeyCode::Esc]);
    }

    #[test]
    fn ctrl_c_is_control_c() {
        let evs = InputParser::new().feed(b"\x03");
        assert_eq!(
            evs,
            vec![Event::Key(KeyEvent::new(
                KeyCode::Char('c'),
                KeyModifiers::CONTROL
            ))]
        );
    }

    #[test]
    fn a_sequence_split_across_reads_is_one_key() {
        let mut p = InputParser::new();
        assert!(p.feed(b"\x1b[").is_empty());
        assert_eq!(keys(&p.feed(b"C")), vec![KeyCode::Right]);
    }

    #[test]
    fn utf8_split_across_reads() {
        let mut p = InputParser::new();
        let e = "é".as_bytes();
        assert!(p.feed(&e[..1]).is_empty());
        assert_eq!(keys(&p.feed(&e[1..])), vec![KeyCode::Char('é')]);
    }

    #[test]
    fn sgr_mouse_click() {
        let evs = InputParser::new().feed(b"\x1b[<0;10;5M");
        match evs.as_slice() {
            [Event::Mouse(m)] => {
                assert_eq!(m.kind, MouseEventKind::Down(MouseButton::Left));
                assert_eq!((m.column, m.row), (9, 4));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn garbage_is_dropped_and_the_parser_recovers() {
        let mut p = InputParser::new();
        let mut seed = 0x2545_f491_u32;
        let mut junk = Vec::new();
        for _ in 0..100_000 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            junk.push(seed as u8);
        }
        for chunk in junk.chunks(977) {
            p.feed(chunk);
            assert!(p.pending.len() <= MAX_PENDING + 1);
        }
        // Whatever was left half-finished, a few plain keys later the parser reads keys again.
        let evs = p.feed(b"\x1b\x1b\x1bxyz");
        assert!(
            keys(&evs).ends_with(&[KeyCode::Char('y'), KeyCode::Char('z')]),
            "{evs:?}"
        );
    }

    #[test]
    fn an_unterminated_paste_is_not_kept() {
        let mut p = InputParser::new();
        p.feed(b"\x1b[200~");
        for _ in 0..1000 {
            p.feed(&[b'x'; 1000]);
            assert!(p.pending.len() <= MAX_PENDING + 1);
        }
    }
}

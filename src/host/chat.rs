//! A table's chat: what its people said, who may read it, and how fast they may say it.
//!
//! The players talk as their game allows at that moment ([`Game::chat`]: Rocca's village is
//! silent at night, Couperation's builders have only a few phrases that name no card).
//! Spectators talk among themselves, whatever the game: the players never read them, so
//! nothing a spectator sees (every seat's moves as they happen) can reach a player. The chat
//! lives in the room only: it is not written into the game's log.
//!
//! [`Game::chat`]: crate::engine::Game::chat

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::time::{Duration, Instant};

use crate::engine::Chat;

use super::table_store::Ident;

/// The longest line, in characters.
pub const MAX_CHARS: usize = 200;

/// How many lines a room keeps.
const KEPT: usize = 200;

/// A person may say this many lines ...
const BURST: usize = 5;

/// ... in this long.
const WINDOW: Duration = Duration::from_secs(10);

/// One line said at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Counts every line said at the table, from 1: a screen knows which it has read.
    pub seq: u64,
    /// Who said it: the player's name, or a spectator's.
    pub name: String,
    pub text: String,
    /// A spectator said it: only spectators read it.
    pub spectators: bool,
    /// The table's own word (who joined, left, came back, a seat changed hands): everyone
    /// reads it, and `name` is empty.
    pub notice: bool,
}

/// Who is saying something, and where they sit.
pub struct Speaker<'a> {
    pub ident: &'a Ident,
    pub name: &'a str,
    /// Nobody's seat: a spectator.
    pub spectator: bool,
}

/// What a table's people said.
#[derive(Default)]
pub struct ChatLog {
    lines: VecDeque<Said>,
    said: u64,
    /// When each person said their last lines (for the rate limit).
    recent: HashMap<Ident, VecDeque<Instant>>,
    /// People the table's creator muted.
    muted: BTreeSet<Ident>,
}

impl ChatLog {
    /// `who` says `text`, which `policy` (the game's, for a player) allows or not. Returns why
    /// it is refused. Nothing is kept of a refused line.
    pub fn say(
        &mut self,
        who: Speaker<'_>,
        text: &str,
        policy: Chat,
        now: Instant,
    ) -> Result<(), String> {
        let text = clean(text);
        if text.is_empty() {
            return Err("nothing to say".into());
        }
        if self.muted.contains(who.ident) {
            return Err("the table's creator muted you".into());
        }
        if !who.spectator {
            match policy {
                Chat::Open => {}
                Chat::Closed(why) => return Err(format!("not now: {why}")),
                Chat::Phrases(phrases) => {
                    if !phrases.iter().any(|p| p.eq_ignore_ascii_case(&text)) {
                        return Err(format!("only these here: {}", phrases.join(", ")));
                    }
                }
            }
        }
        let recent = self.recent.entry(who.ident.clone()).or_default();
        while recent
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= WINDOW)
        {
            recent.pop_front();
        }
        if recent.len() >= BURST {
            return Err("too fast: wait a few seconds".into());
        }
        recent.push_back(now);
        self.said += 1;
        self.lines.push_back(Said {
            seq: self.said,
            name: who.name.to_string(),
            text,
            spectators: who.spectator,
            notice: false,
        });
        self.trim();
        Ok(())
    }

    /// The table tells everyone at it `text` (see [`Said::notice`]).
    pub fn notice(&mut self, text: String) {
        self.said += 1;
        self.lines.push_back(Said {
            seq: self.said,
            name: String::new(),
            text,
            spectators: false,
            notice: true,
        });
        self.trim();
    }

    fn trim(&mut self) {
        while self.lines.len() > KEPT {
            self.lines.pop_front();
        }
    }

    /// The last `n` lines a player (or, with `spectator`, a spectator) may read.
    pub fn visible(&self, spectator: bool, n: usize) -> Vec<Said> {
        let mut out: Vec<Said> = (self.lines.iter().rev())
            .filter(|l| spectator || !l.spectators)
            .take(n)
            .cloned()
            .collect();
        out.reverse();
        out
    }

    /// The creator mutes (`true`) or lets speak again `who`.
    pub fn mute(&mut self, who: Ident, muted: bool) {
        if muted {
            self.muted.insert(who);
        } else {
            self.muted.remove(&who);
        }
    }

    pub fn is_muted(&self, who: &Ident) -> bool {
        self.muted.contains(who)
    }
}

/// A line as it may be shown: on one line, without control, escape, invisible or bidi
/// characters (as names are cleaned), spaces run together, at most [`MAX_CHARS`] characters.
pub fn clean(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !crate::text::is_unfit_for_name(c))
        .collect();
    let words: Vec<&str> = kept.split(' ').filter(|w| !w.is_empty()).collect();
    words.join(" ").chars().take(MAX_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ann() -> Ident {
        Ident::Key("SHA256:ann".into())
    }

    fn say(log: &mut ChatLog, who: &Ident, spectator: bool, text: &str, policy: Chat) -> bool {
        let speaker = Speaker {
            ident: who,
            name: "Ann",
            spectator,
        };
        log.say(speaker, text, policy, Instant::now()).is_ok()
    }

    #[test]
    fn lines_are_cleaned_of_what_a_terminal_would_act_on() {
        assert_eq!(clean("  hi\u{1b}[2J\tthere\n "), "hi[2J there");
        assert_eq!(clean("a\u{202e}b\u{200b}c"), "abc");
        assert_eq!(clean(&"x".repeat(500)).chars().count(), MAX_CHARS);
        let mut log = ChatLog::default();
        assert!(
            !say(&mut log, &ann(), false, " \u{7} ", Chat::Open),
            "empty"
        );
    }

    #[test]
    fn the_game_decides_what_players_may_say_and_spectators_talk_among_themselves() {
        let mut log = ChatLog::default();
        let bob = Ident::Key("SHA256:bob".into());
        assert!(say(&mut log, &ann(), false, "I trust Bo", Chat::Open));
        assert!(!say(&mut log, &ann(), false, "psst", Chat::Closed("night")));
        const PHRASES: &[&str] = &["go ahead", "wait"];
        assert!(!say(
            &mut log,
            &ann(),
            false,
            "I hold 12",
            Chat::Phrases(PHRASES)
        ));
        assert!(say(
            &mut log,
            &ann(),
            false,
            "Go ahead",
            Chat::Phrases(PHRASES)
        ));
        // A spectator speaks whatever the game allows its players, but only to spectators.
        assert!(say(
            &mut log,
            &bob,
            true,
            "it is the baker",
            Chat::Closed("night")
        ));
        let players: Vec<String> = log.visible(false, 10).into_iter().map(|l| l.text).collect();
        assert_eq!(players, ["I trust Bo", "Go ahead"]);
        let watchers = log.visible(true, 10);
        assert_eq!(watchers.len(), 3);
        assert!(watchers[2].spectators);
        assert_eq!(log.visible(true, 1)[0].seq, 3, "the last line, counted");
    }

    #[test]
    fn a_person_may_not_flood_the_table_and_the_creator_may_mute_them() {
        let mut log = ChatLog::default();
        let now = Instant::now();
        let speaker = || Speaker {
            ident: &ANN,
            name: "Ann",
            spectator: false,
        };
        static ANN: std::sync::LazyLock<Ident> = std::sync::LazyLock::new(ann);
        for i in 0..BURST {
            assert!(log.say(speaker(), &format!("{i}"), Chat::Open, now).is_ok());
        }
        assert!(log.say(speaker(), "more", Chat::Open, now).is_err());
        assert!(
            log.say(speaker(), "later", Chat::Open, now + WINDOW)
                .is_ok()
        );
        log.mute(ann(), true);
        assert!(log.is_muted(&ann()));
        let later = now + WINDOW * 3;
        assert!(log.say(speaker(), "hello?", Chat::Open, later).is_err());
        log.mute(ann(), false);
        assert!(log.say(speaker(), "back", Chat::Open, later).is_ok());
    }
}

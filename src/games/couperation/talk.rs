//! What the builders may say. They may not tell each other what they hold (the rulebook's
//! cooperation is silent about cards), so the table offers only a few phrases that name no
//! card and no number.

use crate::engine::Chat;

/// The phrases a player may send.
pub const PHRASES: &[&str] = &["go ahead", "wait", "good luck", "thanks"];

/// What the table may say: only [`PHRASES`], at any point of the game.
pub fn chat() -> Chat {
    Chat::Phrases(PHRASES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_phrase_names_a_card_or_a_number() {
        for p in PHRASES {
            assert!(!p.chars().any(|c| c.is_ascii_digit()), "{p}");
        }
        assert_eq!(chat(), Chat::Phrases(PHRASES));
    }
}

//! Who may talk, and when. By day the village discusses openly (the rulebook's "discuss and
//! pick a suspicious villager"). At midnight and during the Healer's evening every player has
//! their eyes closed and their ears covered, so nobody talks, whatever their role, and a
//! player whose family is all dead (who still takes every private turn) is no exception. There
//! is no private channel: the Monster and the Vampire's clan speak only as everyone does.

use crate::engine::Chat;

use super::Stage;

/// Why nobody talks while eyes are closed.
const EYES_CLOSED: &str = "eyes are closed: nobody talks at night or while the Healer prays";

/// What the table may say at `stage`.
pub fn chat(stage: Stage) -> Chat {
    match stage {
        Stage::Midnight | Stage::Evening => Chat::Closed(EYES_CLOSED),
        Stage::Setup
        | Stage::Dawn
        | Stage::Mayor
        | Stage::AttackRoll
        | Stage::Vote
        | Stage::Tally
        | Stage::Lot
        | Stage::PrayerEnds
        | Stage::ReviveRoll
        | Stage::Over => Chat::Open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_village_talks_by_day_and_nobody_with_eyes_closed() {
        assert!(matches!(chat(Stage::Midnight), Chat::Closed(_)));
        assert!(matches!(chat(Stage::Evening), Chat::Closed(_)));
        for open in [
            Stage::Dawn,
            Stage::Mayor,
            Stage::Vote,
            Stage::Tally,
            Stage::Over,
        ] {
            assert_eq!(chat(open), Chat::Open, "{open:?}");
        }
    }
}

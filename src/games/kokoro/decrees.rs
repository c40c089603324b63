//! The project's own decrees. The 16 printed decree texts are not available, so these eight
//! stand in for them (see the rulings); the launcher and rules page mark them as the project's.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decree {
    LongRoad,
    ClosedCircle,
    TidyEdges,
    GentleStart,
    ForgottenShrine,
    Pilgrimage,
    MirrorPool,
    SacredGrove,
}

pub const ALL: [Decree; 8] = [
    Decree::LongRoad,
    Decree::ClosedCircle,
    Decree::TidyEdges,
    Decree::GentleStart,
    Decree::ForgottenShrine,
    Decree::Pilgrimage,
    Decree::MirrorPool,
    Decree::SacredGrove,
];

/// Points for [`Decree::LongRoad`] and the chain length it asks for.
pub const LONG_ROAD_BONUS: i32 = 3;
pub const LONG_ROAD_SPACES: u32 = 12;
/// Points per closed loop for [`Decree::ClosedCircle`].
pub const CLOSED_CIRCLE_BONUS: i32 = 3;

impl Decree {
    /// The option value and log name.
    pub fn id(self) -> &'static str {
        match self {
            Decree::LongRoad => "long-road",
            Decree::ClosedCircle => "closed-circle",
            Decree::TidyEdges => "tidy-edges",
            Decree::GentleStart => "gentle-start",
            Decree::ForgottenShrine => "forgotten-shrine",
            Decree::Pilgrimage => "pilgrimage",
            Decree::MirrorPool => "mirror-pool",
            Decree::SacredGrove => "sacred-grove",
        }
    }

    pub fn from_id(id: &str) -> Option<Decree> {
        ALL.iter().copied().find(|d| d.id() == id)
    }

    /// Pink-background decrees may only be played on the pink side.
    pub fn pink_only(self) -> bool {
        self == Decree::SacredGrove
    }

    /// Whether the decree adds an end-of-game score (written below the flower guardian).
    pub fn scores_at_end(self) -> bool {
        matches!(
            self,
            Decree::LongRoad
                | Decree::ClosedCircle
                | Decree::TidyEdges
                | Decree::ForgottenShrine
                | Decree::Pilgrimage
        )
    }

    /// One line for the launcher and the game screen.
    pub fn text(self) -> &'static str {
        match self {
            Decree::LongRoad => "+3 at the end if one chain covers 12 or more spaces",
            Decree::ClosedCircle => "+3 at the end for each closed loop",
            Decree::TidyEdges => "-1 at the end for each path end that runs off the mat",
            Decree::GentleStart => "a 0 in the first box carries no penalty",
            Decree::ForgottenShrine => {
                "at the end, score half (rounded down) of the unscored sanctuary's count"
            }
            Decree::Pilgrimage => {
                "+1 at the end for each sanctuary on a chain with either guardian"
            }
            Decree::MirrorPool => {
                "once per round you may draw the revealed segment mirrored left-right (1<->2, 3<->4)"
            }
            Decree::SacredGrove => {
                "pink side only: a d10 picks a numbered space where no path may be drawn"
            }
        }
    }
}

//! Scoring: sanctuaries each round (with the must-beat-the-previous-box rule), guardians and the
//! decree at the end, and the penalty for every empty box.

use super::chain::{Board, Mat, SpaceSet, chain_from};
use super::decrees::{self, Decree};
use super::mats::{SANCTUARIES, Side, printed, sanctuary_space};

pub const ROUNDS: usize = 5;
pub const ZERO_PENALTY: i32 = 5;

/// Caterpillars plus flowers printed on the spaces of `chain`.
pub fn features_on(side: Side, chain: SpaceSet) -> u8 {
    let p = printed(side);
    chain
        .iter()
        .map(|s| p.get(usize::from(s)).map_or(0, |x| x.features()))
        .sum()
}

pub fn caterpillars_on(side: Side, chain: SpaceSet) -> u8 {
    let p = printed(side);
    chain
        .iter()
        .map(|s| p.get(usize::from(s)).map_or(0, |x| x.caterpillars))
        .sum()
}

pub fn flowers_on(side: Side, chain: SpaceSet) -> u8 {
    let p = printed(side);
    chain
        .iter()
        .map(|s| p.get(usize::from(s)).map_or(0, |x| x.flowers))
        .sum()
}

/// The chain of sanctuary `letter` and the features on it.
pub fn sanctuary_chain(side: Side, mat: &Mat, letter: char) -> (SpaceSet, u8) {
    let chain = sanctuary_space(side, letter).map_or(SpaceSet::EMPTY, |s| chain_from(mat, s));
    (chain, features_on(side, chain))
}

/// The value written in a sanctuary's box: its count if that beats the previous box (the first
/// box compares with 0), otherwise 0.
pub fn score_sanctuary(count: u8, previous_box: u8) -> u8 {
    if count > previous_box { count } else { 0 }
}

/// Caterpillars on the caterpillar guardian's chain and flowers on the flower guardian's.
/// `guardians` holds their spaces, caterpillar first.
pub fn score_guardians(side: Side, mat: &Mat, guardians: [u8; 2]) -> (u8, u8) {
    guardians_on(side, &mut Chains::of(mat), guardians)
}

fn guardians_on(side: Side, chains: &mut Chains, guardians: [u8; 2]) -> (u8, u8) {
    (
        caterpillars_on(side, chains.from(guardians[0])),
        flowers_on(side, chains.from(guardians[1])),
    )
}

/// The mat's chains for one sheet: a [`Board`] is built only for a decree that reads every
/// chain; the guardians' two chains are walked space by space, which is quicker for one chain.
struct Chains<'a> {
    mat: &'a Mat,
    board: Option<Board>,
}

impl<'a> Chains<'a> {
    fn of(mat: &'a Mat) -> Self {
        Chains { mat, board: None }
    }

    fn board(&mut self) -> Board {
        let mat = self.mat;
        *self.board.get_or_insert_with(|| Board::new(mat))
    }

    /// The chain through `space`: from the board once there is one, else space by space.
    fn from(&mut self, space: u8) -> SpaceSet {
        match &self.board {
            Some(b) => b.chain(space),
            None => chain_from(self.mat, space),
        }
    }
}

/// The decree's own end score. `unscored` is the sanctuary that is never revealed, once known.
pub fn score_decree(
    decree: Option<Decree>,
    side: Side,
    mat: &Mat,
    guardians: [u8; 2],
    unscored: Option<char>,
) -> i32 {
    decree_on(decree, side, &mut Chains::of(mat), guardians, unscored)
}

fn decree_on(
    decree: Option<Decree>,
    side: Side,
    chains: &mut Chains,
    guardians: [u8; 2],
    unscored: Option<char>,
) -> i32 {
    match decree {
        Some(Decree::LongRoad) => {
            if chains
                .board()
                .chains()
                .any(|c| c.len() >= decrees::LONG_ROAD_SPACES)
            {
                decrees::LONG_ROAD_BONUS
            } else {
                0
            }
        }
        Some(Decree::ClosedCircle) => {
            let board = chains.board();
            let loops = board.chains().filter(|&c| board.is_loop(c)).count();
            decrees::CLOSED_CIRCLE_BONUS * loops as i32
        }
        Some(Decree::TidyEdges) => -(chains.board().ends_off_mat() as i32),
        Some(Decree::ForgottenShrine) => unscored.map_or(0, |l| {
            let chain = sanctuary_space(side, l).map_or(SpaceSet::EMPTY, |s| chains.from(s));
            i32::from(features_on(side, chain)) / 2
        }),
        Some(Decree::Pilgrimage) => {
            let guarded = SpaceSet(chains.from(guardians[0]).0 | chains.from(guardians[1]).0);
            SANCTUARIES
                .iter()
                .filter_map(|&l| sanctuary_space(side, l))
                .filter(|&s| guarded.contains(s))
                .count() as i32
        }
        Some(Decree::GentleStart | Decree::MirrorPool | Decree::SacredGrove) | None => 0,
    }
}

/// One player's score sheet: the right-hand column of the mat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The five sanctuary boxes; `None` until that round is scored.
    pub boxes: [Option<u8>; ROUNDS],
    pub caterpillar_guardian: u8,
    pub flower_guardian: u8,
    pub decree: i32,
    /// Boxes holding 0 that cost points.
    pub zeros: u8,
    pub penalty: i32,
    pub total: i32,
}

/// Totals a sheet. Guardian and decree scores are read from the mat as it stands, so during the
/// game they are provisional.
pub fn score_sheet(
    boxes: [Option<u8>; ROUNDS],
    decree: Option<Decree>,
    side: Side,
    mat: &Mat,
    guardians: [u8; 2],
    unscored: Option<char>,
) -> Sheet {
    // One board for every chain the sheet reads, if it reads any.
    let mut chains = Chains::of(mat);
    let (cat, flo) = guardians_on(side, &mut chains, guardians);
    let decree_points = decree_on(decree, side, &mut chains, guardians, unscored);
    let zeros = boxes
        .iter()
        .enumerate()
        .filter(|&(i, b)| *b == Some(0) && !(i == 0 && decree == Some(Decree::GentleStart)))
        .count() as u8;
    let penalty = -ZERO_PENALTY * i32::from(zeros);
    let sum: i32 = boxes.iter().map(|b| i32::from(b.unwrap_or(0))).sum();
    Sheet {
        boxes,
        caterpillar_guardian: cat,
        flower_guardian: flo,
        decree: decree_points,
        zeros,
        penalty,
        total: sum + i32::from(cat) + i32::from(flo) + decree_points + penalty,
    }
}

impl Sheet {
    /// The tie-break: the single highest value in any score box. The five sanctuary boxes, the
    /// two guardian boxes and the decree box all count; the penalty and the total do not.
    pub fn highest_box(&self) -> i32 {
        let sanctuaries = self.boxes.iter().map(|b| i32::from(b.unwrap_or(0)));
        let guardians = [self.caterpillar_guardian, self.flower_guardian].map(i32::from);
        sanctuaries
            .chain(guardians)
            .chain([self.decree])
            .max()
            .unwrap_or(0)
    }
}

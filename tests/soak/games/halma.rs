//! The soak of Halma.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_HALMA],
    elsewhere: &[],
};

/// Halma on 8x8 with the camp-exit rule off, so that the cycle of moves
/// can go on without a piece leaving its camp.
pub const UCI_HALMA: Profile = Profile {
    id: "halma",
    dialect: &UCI,
    setup: &[
        "setoption name Board Size value 8",
        "setoption name Camp Exit Limit value 0",
    ],
    label: "Hcn: ",
    keywords: &["hcn", "fen"],
    sizes: &[],
    seeds: SEEDS_HALMA,
    bad: BAD_HALMA,
    opening: &[],
    cycle: HALMA_CYCLE,
    lines: 1500,
};

const BAD_HALMA: &[&str] = &[
    "position hcn 8 0,1,2,3,8,9,10,16,17/39,46,47,53,54,55,60,61,62,63 1 1",
    "position hcn 12 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 1 1",
    "position fen 8 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 3 1",
    "position startpos moves 17-35",
    "position startpos moves 2-18-2",
    "position startpos moves pass",
    "position ccn 0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
    "setoption name Players value 3",
    "setoption name Camp Exit Limit value 201",
];

const SEEDS_HALMA: &[&str] = &[
    "position startpos moves 17-26 39-38 1-17-35",
    "position hcn 8 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 1 1",
    "position fen 8 0,2,3,10,11,13,14,20,21,22/38,46,47,53,54,55,60,61,62,63 2 5 moves 38-37",
    "setoption name Hash value 8",
    "setoption name Move Overhead value 50",
];

const HALMA_CYCLE: &[&str] = &["17-26", "46-37", "26-17", "37-46"];

#[test]
fn soak_uci_halma() {
    soak(&UCI_HALMA);
}

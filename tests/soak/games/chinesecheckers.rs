//! The soak of Chinese checkers.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_CC],
    elsewhere: &[],
};

/// Chinese checkers with the home-exit rule off, so that the cycle of
/// moves can go on without a marble leaving home.
pub const UCI_CC: Profile = Profile {
    id: "chinesecheckers",
    dialect: &UCI,
    setup: &[
        "setoption name Home Exit Limit value 0",
    ],
    label: "Ccn: ",
    keywords: &["ccn", "fen"],
    sizes: &[],
    seeds: SEEDS_CC,
    bad: BAD_CC,
    opening: &[],
    cycle: CC_CYCLE,
    lines: 1500,
};

const BAD_CC: &[&str] = &[
    "position ccn 0,1,2,3,4,5,6,7,8/111,112,113,114,115,116,117,118,119,120 1 1",
    "position ccn 0,1,2,3,4,5,6,7,8,60/60,112,113,114,115,116,117,118,119,120 1 1",
    "position fen 0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 3 1",
    "position startpos moves 3-17",
    "position startpos moves 3-16-3",
    "position startpos moves pass",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "setoption name Players value 5",
];

const SEEDS_CC: &[&str] = &[
    "position startpos moves 8-17 111-102 3-16-18",
    "position ccn 4,7,8,17,28,29,41,43,50,60/70,79,83,90,91,104,105,112,117,118 1 8",
    "position fen 2,3,4,5,7,15,16,18,28,30/79,90,91,103,106,111,112,114,116,118 2 5 moves 79-69",
    "setoption name Hash value 8",
    "setoption name Move Overhead value 50",
];

const CC_CYCLE: &[&str] = &["8-17", "111-102", "17-8", "102-111"];

#[test]
fn soak_uci_chinesecheckers() {
    soak(&UCI_CC);
}

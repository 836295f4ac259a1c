//! The soak of International draughts.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_INTL],
    elsewhere: &[
        ("hub", "tests/hub_fuzz.rs"),
    ],
};

pub const UCI_INTL: Profile = Profile {
    id: "international",
    dialect: &UCI,
    setup: &[],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_INTL,
    bad: BAD_INTL,
    opening: INTL_OPENING,
    cycle: INTL_CYCLE,
    lines: 1500,
};

const BAD_INTL: &[&str] = &[
    "position fen W:W51:B1-20",
    "position fen W:W31,31:B1",
    "position fen W:W3:B40",
    "position fen X:W31:B1",
    "position fen Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwe",
    "position startpos moves 32-29",
    "position startpos moves 32-28 19-23 28-22",
    "position startpos moves 32x23",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "setoption name DrawKingMoves value 201",
    "setoption name DrawEndgameLimits value maybe",
];

const SEEDS_INTL: &[&str] = &[
    "position startpos moves 32-28 19-23 28x19 14x23",
    "position fen W:W12,40:B8,9,34 moves 12x14",
    "position fen BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeeewweBeeeeeeeeeBee",
    "position fen B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
    "setoption name DrawKingMoves value 0",
    "setoption name DrawEndgameLimits value false",
];

/// Random games to a position where both sides have a king (found by a
/// seeded playout), then the kings step out and back.
const INTL_OPENING: &[&str] = &[
    "31-26", "17-21", "26x17", "12x21", "32-28", "20-24", "37-31", "21-26", "28-23", "19x28",
    "33x22", "26x37", "41x32", "18x27", "32x21", "16x27", "34-30", "27-31", "30x19", "13x24",
    "36x27", "14-20", "27-21", "10-14", "21-16", "8-13", "39-34", "24-29", "34x23", "5-10",
    "47-41", "13-18", "23x12", "7x18", "16x7", "1x12", "43-39", "2-8", "35-30", "20-24", "30x19",
    "14x23", "41-36", "23-28", "48-43", "9-13", "39-34", "18-22", "46-41", "13-19", "38-33",
    "28x46", "36-31", "46-41", "31-26", "19-24", "49-43", "41-47", "34-30", "24x35", "26-21",
    "8-13", "44-39", "35x33", "45-40", "13-18", "40-34", "10-14", "21-16", "22-27", "43-38",
    "33x42", "16-11", "6x17", "34-30", "17-22", "50-44", "18-23", "30-24", "4-10", "44-39",
    "47-36", "39-34", "14-19", "24x13", "23-29", "34x23", "3-9", "13x4",
];

const INTL_CYCLE: &[&str] = &["36-31", "4-9", "31-36", "9-4"];

#[test]
fn soak_uci_international() {
    soak(&UCI_INTL);
}

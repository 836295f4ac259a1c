//! The soak of Russian draughts.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_RUS],
    elsewhere: &[
        ("hub", "not soaked: tests/hub_fuzz.rs plays International draughts only"),
    ],
};

pub const UCI_RUS: Profile = Profile {
    id: "russian",
    dialect: &UCI,
    setup: &[],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_RUS,
    bad: BAD_RUS,
    opening: RUS_OPENING,
    cycle: RUS_CYCLE,
    lines: 1500,
};

const BAD_RUS: &[&str] = &[
    "position fen W:Wc4:B1",
    "position fen W:W33:B1",
    "position fen W:Wb8:Ba1",
    "position startpos moves c3-c4",
    "position startpos moves c3-d4 f6-e5 d4-c5",
    "position fen W:WKc3:Bd2,d4,f2,f4,f6 moves c3:g7",
    "position fen W:W21-32:B1-12 moves 22-14",
    "setoption name DrawKingMoves value -1",
];

const SEEDS_RUS: &[&str] = &[
    "position startpos moves c3-d4 f6-e5 d4:f6",
    "position startpos moves 22-18 11-15 18x11",
    "position fen W:Wh2:Bd2,d6,g3,g5,g7",
    "position fen W:WKc3:Bd2,d4,f2,f4,f6 moves c3:e5:g7",
    "setoption name DrawKingMoves value 5",
];

const RUS_OPENING: &[&str] = &[
    "e3-f4", "d6-c5", "a3-b4", "c5:a3", "c3-b4", "a3:c5", "g3-h4", "f6-e5", "f4:d6:b4", "g7-f6",
    "h4-g5", "h6:f4", "h2-g3", "f4:h2", "f2-g3", "h2:f4", "b2-a3", "f6-e5", "b4-c5", "b6:d4",
    "a1-b2", "c7-b6", "g1-f2", "b6-c5", "b2-c3", "d4:b2", "f2-g3", "f4:h2", "d2-e3", "e5-d4",
    "a3-b4", "c5:a3", "e3:c5", "f8-g7", "c1-d2", "g7-f6", "d2-e3", "b2-a1", "e3-d4", "a1:e5",
    "e1-f2", "h2-g1", "c5-d6", "g1:e3", "d6:f8",
];

const RUS_CYCLE: &[&str] = &["e5-c7", "f8-g7", "c7-e5", "g7-f8"];

#[test]
fn soak_uci_russian() {
    soak(&UCI_RUS);
}

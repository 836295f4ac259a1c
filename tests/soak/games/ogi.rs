//! The soak of Ōgi, over UCI (FEN, `e3e4`) and over USI (SFEN, `5f5e`).

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;
use crate::usi::USI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_OGI, &USI_OGI],
    elsewhere: &[],
};

pub const UCI_OGI: Profile = Profile {
    id: "ogi",
    dialect: &UCI,
    setup: &[],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_OGI_UCI,
    bad: BAD_OGI_UCI,
    opening: &[],
    cycle: OGI_UCI_CYCLE,
    lines: 1500,
};

pub const USI_OGI: Profile = Profile {
    id: "ogi",
    dialect: &USI,
    setup: &[],
    label: "Sfen: ",
    keywords: &["sfen"],
    sizes: &[],
    seeds: SEEDS_OGI_USI,
    bad: BAD_OGI_USI,
    opening: &[],
    cycle: OGI_USI_CYCLE,
    lines: 1500,
};

const BAD_OGI_UCI: &[&str] = &[
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1 moves e3e5",
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] x - - 0 1",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position startpos moves e3e5",
    "position startpos moves P@e5",
    "setoption name TakSize value 5",
];

const SEEDS_OGI_UCI: &[&str] = &[
    "position startpos moves e3e4 d6d5 e4e5",
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1 moves b3b4",
    "position fen lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL[p] w - - 0 5",
    "setoption name Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 50",
];

const OGI_UCI_CYCLE: &[&str] = &["g2f2", "b7c7", "f2g2", "c7b7"];

const BAD_OGI_USI: &[&str] = &[
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1 moves 5f5e 5f5e",
    "position sfen 9/9 b - 1",
    "position sfen",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position startpos moves 5f5d",
    "position startpos moves P*5e",
];

const SEEDS_OGI_USI: &[&str] = &[
    "position startpos moves 5f5e 4c4d 5e5d",
    "position sfen ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33 moves P*7d",
    "position sfen lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9 moves 5c4b+",
    "setoption name USI_Hash value 8",
    "setoption name USI_MultiPV value 2",
    "setoption name MoveOverhead value 50",
];

const OGI_USI_CYCLE: &[&str] = &["2g3g", "7b6b", "3g2g", "6b7b"];

#[test]
fn soak_uci_ogi() {
    soak(&UCI_OGI);
}

#[test]
fn soak_usi_ogi() {
    soak(&USI_OGI);
}

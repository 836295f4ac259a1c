//! The soak of Makruk.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_MAKRUK],
    elsewhere: &[
        ("xboard", "soak_cecp_makruk in tests/soak/cecp.rs"),
    ],
};

pub const UCI_MAKRUK: Profile = Profile {
    id: "makruk",
    dialect: &UCI,
    setup: &[],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_MAKRUK,
    bad: BAD_MAKRUK,
    opening: &[],
    cycle: MAKRUK_CYCLE,
    lines: 2000,
};

const BAD_MAKRUK: &[&str] = &[
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 extra",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves e3e5",
    "position startpos moves e3e4 e6e5 e4e5",
    "position fen",
    "setoption name Board Honour Counting value maybe",
    "setoption name TakSize value 5",
];

const SEEDS_MAKRUK: &[&str] = &[
    "position startpos moves e3e4 e6e5",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves a3a4",
    "position fen 8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
    "setoption name Hash value 32",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 100",
    "setoption name Board Honour Counting value gui",
    "debug on",
    "register name x code y",
];

const MAKRUK_CYCLE: &[&str] = &["b1d2", "b8d7", "d2b1", "d7b8"];

#[test]
fn soak_uci_makruk() {
    soak(&UCI_MAKRUK);
}

//! The soak of Tak, over UCI at sizes 4–7 and over TEI at sizes 3–8.

use crate::games::Soaked;
use crate::session::{Profile, soak};
use crate::tei::TEI;
use crate::uci::UCI;

pub const SOAKED: Soaked = Soaked {
    profiles: &[&UCI_TAK, &TEI_TAK],
    elsewhere: &[],
};

pub const UCI_TAK: Profile = Profile {
    id: "tak",
    dialect: &UCI,
    setup: &[],
    label: "Fen: ",
    keywords: &["fen", "tps"],
    sizes: &[4, 5, 6, 7],
    seeds: SEEDS_TAK,
    bad: BAD_TAK,
    opening: TAK_OPENING,
    cycle: TAK_CYCLE,
    lines: 1500,
};

pub const TEI_TAK: Profile = Profile {
    id: "tak",
    dialect: &TEI,
    setup: &[],
    label: "Tps: ",
    keywords: &["tps"],
    sizes: &[3, 4, 5, 6, 7, 8],
    seeds: SEEDS_TAK,
    bad: BAD_TAK,
    opening: TAK_OPENING,
    cycle: TAK_CYCLE,
    lines: 1500,
};

const BAD_TAK: &[&str] = &[
    "position tps x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1",
    "position tps x6/x6 1",
    "position tps",
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "position startpos moves a1 a1",
    "position startpos moves Sa1",
    "setoption name HalfKomi value 11",
    "setoption name TakSize value 9",
    "setoption name TakSize value x",
    "setoption name Board Honour Counting value gui",
];

const SEEDS_TAK: &[&str] = &[
    "position startpos moves a1 f6 Cc3",
    "position tps x6/x6/x2,1,x3/x6/x6/2,x5 2 2 moves 2c4- Sd4",
    "position tps x6/x6/x6/x2,21C,x2/x6/x6 1 5 moves 2d3<11 e5",
    "position tps x5/x5/x2,12,x2/x5/x5 1 4 moves c3-",
    "setoption name HalfKomi value 4",
    "setoption name Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name TakSize value 5",
];

const TAK_OPENING: &[&str] = &["a1", "c3"];

const TAK_CYCLE: &[&str] = &["c3<", "a1+", "b3>", "a2-"];

#[test]
fn soak_uci_tak() {
    soak(&UCI_TAK);
}

#[test]
fn soak_tei_tak() {
    soak(&TEI_TAK);
}

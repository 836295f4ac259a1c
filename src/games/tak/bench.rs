//! Positions searched by `bench`: middlegames of sizes 5 and 6 from the
//! engine's self-play (each is read at its own size, see
//! `Tak::parse_bench_position`).

/// Default bench depth (about 1-2 s in total on one core).
pub const BENCH_DEPTH: u32 = 10;

pub const BENCH_TPS: &[&str] = &[
    "x5/x5/x,2,x3/x,221C,x2,1/21,x3,112C 2 8",
    "x5/x5/x,2,x2,1S/x,2S,2221C,x,1112C/x,1221,x3 1 13",
    "x2,1,x2/x,2,1,x2/x,2,x,12,1S/x,2S,x,22221C,1112C/x2,1,221,2 1 18",
    "x6/x6/x6/2,1,1C,1,1,1/2,2,2C,2,2,x/2,21,x3,1 1 9",
    "x6/x6/x5,1/21,x,1C,x,112,1/2,2212C,x3,121/2,x5 2 13",
    "x5,2/x4,2121,x/x5,112C/21,1,x2,1,1S/2,2,21C,2,x,21112/2,x5 2 21",
    "x5,2/x5,221/x5,2/221C,121,1,2,1,11112C/x,2,x,2121S,1,2/2,x5 2 28",
];

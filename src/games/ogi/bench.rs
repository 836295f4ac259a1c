//! Positions searched by `bench`: the start, the oracle perft positions and
//! a few middlegames. Their node total at the default depth is the
//! search's signature.

pub const BENCH_SFENS: &[&str] = &[
    "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1 b NL3PR3p 33",
    "ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33",
    "lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9",
    // A self-played game (depth 6): opening, middlegame, attack.
    "ln2ksnl/3s1rb1/ppppi1pp/4pp2/P5PP/1PPPPP2/1BS2IR1/LN2KSNL b - 11",
    "ln2ksnl/3s2b1/ppppi1pp/4p3/P5PP/1PPPP+r2/1BSK1I2/LN3SNL b Prp 17",
    "l+Rr1ksnl/3s2b1/ppppi1pp/4p3/P5PP/1PPPP+p2/1BSK1I2/LN3S1L b NPn 23",
    "l1s1ksnl/6b1/pppp2pp/4p3/P5iP/1PPPP+p2/1BSK4/LN1I1S1L b RNPrnp 27",
];

//! Positions searched by `bench`: the start, the oracle perft positions and
//! a self-played game's middlegame and endgame, plus counting endgames. Their
//! node total at the default depth is the search's signature.

pub const BENCH_FENS: &[&str] = &[
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "rnsmksnr/8/p1p3p1/Pp1ppp1p/4P2P/1PPP1PP1/3NN3/R1SKMS1R b - - 1 6",
    "r1smk2r/3ns3/p4np1/PppppP1p/1P5P/2PP1PP1/1S1NN1S1/R2KM2R b - - 0 10",
    "r2mk2r/2sns3/p4n2/Ppp2p1p/1P2pP1P/2P3P1/1S2NMS1/R2K1N1R b - - 1 14",
    "2r1k1r1/3nm3/p2ssn2/Ppp2p1p/1P2pP1P/2P1N1P1/1S2NMS1/3RK2R b - - 11 19",
    "2r1k3/6r1/p2ms3/Ppns1p1p/4pP1P/2P1M1P1/1S2N1SR/3R1K2 b - - 7 25",
    "3r3k/2r5/p2ms3/Ppns1p1p/4pP1P/1SP1M1P1/4N1SR/1R4K1 b - - 21 32",
    "2r4k/6r1/p4m2/Pp1s1p1p/3PpP1P/1S1nM1P1/6SR/1R5K w - - 5 40",
    "1ms5/r4k1r/1n2pM1p/pp1p2p1/1nPP1P1P/R1S1K1m1/3R4/1N2MS2 w - - 0 27",
    "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1",
    "8/3k4/2p1m3/1pP1M1p1/1P4P1/3K1s2/5N2/8 w - - 0 45",
    "8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
    "4k3/8/1r6/8/8/2N5/R7/3K4 b - 128 0 1",
    "8/8/3k4/8/8/8/2M5/1SSK4 w - 44 12 60",
];

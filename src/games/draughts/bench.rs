//! Positions searched by `bench`: the start and the oracle perft
//! positions. Their node total at the default depth is the signature.

use super::variant::Variant;

pub const DEPTH: u32 = 12;

const INTERNATIONAL: &[&str] = &[
    "W:W31-50:B1-20",
    "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
    "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
];

const RUSSIAN: &[&str] = &[
    "W:W21-32:B1-12",
    "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba5,a7,b6,b8,c7,d6,d8,e7,f8,g7,h6,h8",
];

pub fn positions<V: Variant>() -> &'static [&'static str] {
    if V::ROWS == 10 {
        INTERNATIONAL
    } else {
        RUSSIAN
    }
}

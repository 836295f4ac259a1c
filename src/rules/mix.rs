//! splitmix64, the one seeded random stream of the crate. It sits on the
//! ground floor so that the games (their Zobrist keys) and the searches
//! (their tests) draw from the same generator without one reaching the
//! other.

/// One splitmix64 step: the next state and the value drawn.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

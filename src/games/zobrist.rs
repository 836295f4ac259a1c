//! Zobrist key generation at compile time, shared by the board games: a
//! splitmix64 stream, and a table of one key per (piece, square). Each
//! game picks its own seed, so its keys stay what they were.

/// One splitmix64 step: the next state and the value drawn.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` pieces x 64 squares of keys drawn from `state` in (piece, square)
/// order, and the state after them (for drawing further keys).
pub const fn square_keys<const N: usize>(mut state: u64) -> ([[u64; 64]; N], u64) {
    let mut t = [[0u64; 64]; N];
    let mut p = 0;
    while p < N {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix(state);
            state = ns;
            t[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    (t, state)
}

/// A hash of two square sets (say, each side's pawns): the key under which
/// the search's correction history learns the evaluation's error for a
/// structure.
#[inline]
pub fn structure_key(first: u64, second: u64) -> u64 {
    splitmix(first ^ splitmix(second).1).1
}

//! Zobrist key generation at compile time, shared by the board games: a
//! table of one key per (piece, square) drawn from the rules' splitmix64
//! stream ([`splitmix`]). Each game picks its own seed, so its keys stay
//! what they were.

use crate::rules::splitmix;

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

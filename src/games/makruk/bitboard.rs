//! Makruk's attack tables, all computed at compile time, on the shared
//! 8x8 boards of [`crate::games::board8`]. Rook attacks: hyperbola
//! quintessence on files and a 8x64 lookup table on ranks.

use super::types::PerSide;
use crate::games::board8::leaper_table;
pub use crate::games::board8::{
    Bitboard, FILE_A, FILE_H, KING_ATK, KNIGHT_ATK, RANK_1, Squares, adjacent_files, bit, rank_bb,
};

const MET_D: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KHON_W_D: [(i32, i32); 5] = [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1)];
const KHON_B_D: [(i32, i32); 5] = [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, -1)];
const PAWN_W_D: [(i32, i32); 2] = [(1, 1), (-1, 1)];
const PAWN_B_D: [(i32, i32); 2] = [(1, -1), (-1, -1)];

pub static MET_ATK: [Bitboard; 64] = leaper_table(&MET_D);
/// Khon attacks by colour.
pub static KHON_ATK: PerSide<[Bitboard; 64]> =
    PerSide::new(leaper_table(&KHON_W_D), leaper_table(&KHON_B_D));
/// Pawn capture targets by colour.
pub static PAWN_ATK: PerSide<[Bitboard; 64]> =
    PerSide::new(leaper_table(&PAWN_W_D), leaper_table(&PAWN_B_D));

const fn file_masks() -> [Bitboard; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = (FILE_A << (sq % 8)) & !(1u64 << sq);
        sq += 1;
    }
    t
}
static FILE_EX: [Bitboard; 64] = file_masks();

/// RANK_ATK[file][inner occupancy (6 bits)] = attack pattern on one rank.
const fn rank_table() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut o = 0;
        while o < 64 {
            let occ = (o as u32) << 1;
            let mut a = 0u32;
            let mut x = f as i32 + 1;
            while x < 8 {
                a |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x += 1;
            }
            let mut x = f as i32 - 1;
            while x >= 0 {
                a |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x -= 1;
            }
            t[f][o] = a as u8;
            o += 1;
        }
        f += 1;
    }
    t
}
static RANK_ATK: [[u8; 64]; 8] = rank_table();

#[inline(always)]
fn file_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    let mask = FILE_EX[sq];
    let o = occ & mask;
    let s = bit(sq);
    let fwd = o.wrapping_sub(s.wrapping_mul(2));
    let rev = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (fwd ^ rev) & mask
}

#[inline(always)]
fn rank_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    let shift = sq & 56;
    let inner = ((occ >> (shift + 1)) & 63) as usize;
    (RANK_ATK[sq & 7][inner] as u64) << shift
}

#[inline(always)]
pub fn rook_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    file_attacks(sq, occ) | rank_attacks(sq, occ)
}

const fn rook_empty_table() -> [Bitboard; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = ((FILE_A << (sq % 8)) | (RANK_1 << (8 * (sq / 8)))) & !(1u64 << sq);
        sq += 1;
    }
    t
}
/// Rook attacks on an empty board.
pub static ROOK_EMPTY: [Bitboard; 64] = rook_empty_table();

/// BETWEEN[a][b]: squares strictly between a and b when they share a rank or
/// file, else 0. LINE[a][b]: the whole rank or file through both, else 0.
const fn between_line() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let (fa, ra, fb, rb) = (a % 8, a / 8, b % 8, b / 8);
                if fa == fb {
                    line[a][b] = FILE_A << fa;
                    let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
                    let mut r = lo + 1;
                    while r < hi {
                        between[a][b] |= 1u64 << (r * 8 + fa);
                        r += 1;
                    }
                } else if ra == rb {
                    line[a][b] = RANK_1 << (8 * ra);
                    let (lo, hi) = if fa < fb { (fa, fb) } else { (fb, fa) };
                    let mut f = lo + 1;
                    while f < hi {
                        between[a][b] |= 1u64 << (ra * 8 + f);
                        f += 1;
                    }
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}
static BETWEEN_LINE: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = between_line();

#[inline(always)]
pub fn between(a: usize, b: usize) -> Bitboard {
    BETWEEN_LINE.0[a][b]
}

#[inline(always)]
pub fn line(a: usize, b: usize) -> Bitboard {
    BETWEEN_LINE.1[a][b]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    fn slow_rook(sq: usize, occ: Bitboard) -> Bitboard {
        let mut a = 0;
        for (df, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = (r * 8 + f) as usize;
                a |= bit(s);
                if occ & bit(s) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        a
    }

    #[test]
    fn rook_attacks_match_slow() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & (x >> 3);
            let sq = (x >> 58) as usize;
            assert_eq!(
                rook_attacks(sq, occ),
                slow_rook(sq, occ),
                "sq {sq} occ {occ:x}"
            );
        }
    }

    #[test]
    fn leapers() {
        assert_eq!(KNIGHT_ATK[0], bit(10) | bit(17));
        assert_eq!(KHON_ATK[Side::FIRST][0], bit(8) | bit(9));
        assert_eq!(KHON_ATK[Side::SECOND][8], bit(0) | bit(1) | bit(17));
        assert_eq!(PAWN_ATK[Side::FIRST][9], bit(16) | bit(18));
        assert_eq!(between(0, 24), bit(8) | bit(16));
        assert_eq!(line(0, 3), RANK_1);
    }
}

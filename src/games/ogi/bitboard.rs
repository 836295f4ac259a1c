//! Ōgi's attack tables, computed at compile time on the shared 8x8 boards
//! of [`crate::games::board8`]. Sliders use classical ray lookups: the
//! first blocker on a ray is its lowest (rising rays) or highest (falling
//! rays) set bit.

use super::types::{GOTE, PerSide, SENTE, Side};

/// The chess knight (part of the princess and goddess).
pub use crate::games::board8::KNIGHT_ATK as CKNIGHT_ATK;
use crate::games::board8::leaper;
pub use crate::games::board8::{
    Bitboard, FILE_A, KING_ATK, RANK_1, Squares, bit, file_bb, rank_bb,
};

/// Each side's promotion zone: its three farthest ranks.
pub const ZONE: PerSide<Bitboard> = PerSide::new(
    rank_bb(5) | rank_bb(6) | rank_bb(7),
    rank_bb(0) | rank_bb(1) | rank_bb(2),
);

/// Squares a pawn or lance may be dropped on (not the last rank).
pub const DROP_PL: PerSide<Bitboard> = PerSide::new(!rank_bb(7), !rank_bb(0));
/// Squares a knight may be dropped on (not the last two ranks).
pub const DROP_N: PerSide<Bitboard> =
    PerSide::new(!(rank_bb(7) | rank_bb(6)), !(rank_bb(0) | rank_bb(1)));

/// Table for a step pattern given for sente (forward = +rank); gote's is
/// mirrored.
const fn colored_table(deltas: &[(i32, i32)]) -> PerSide<[Bitboard; 64]> {
    let mut t = [[0u64; 64]; 2];
    let mut mirrored = [(0i32, 0i32); 8];
    let mut i = 0;
    while i < deltas.len() {
        mirrored[i] = (deltas[i].0, -deltas[i].1);
        i += 1;
    }
    let (mirrored, _) = mirrored.split_at(deltas.len());
    let mut sq = 0;
    while sq < 64 {
        t[SENTE.index()][sq] = leaper(sq, deltas);
        t[GOTE.index()][sq] = leaper(sq, mirrored);
        sq += 1;
    }
    PerSide(t)
}

pub static PAWN_ATK: PerSide<[Bitboard; 64]> = colored_table(&[(0, 1)]);
/// The shogi knight: two forward, one sideways.
pub static SKNIGHT_ATK: PerSide<[Bitboard; 64]> = colored_table(&[(1, 2), (-1, 2)]);
pub static SILVER_ATK: PerSide<[Bitboard; 64]> =
    colored_table(&[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)]);
/// Gold-general step: the promoted pawn, lance, knight and silver.
pub static GOLD_ATK: PerSide<[Bitboard; 64]> =
    colored_table(&[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)]);

// Ray directions: N, E, NE, NW rise (lowest blocker first); S, W, SW, SE
// fall (highest blocker first).
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
const N: usize = 0;
const E: usize = 1;
const NE: usize = 2;
const NW: usize = 3;
const S: usize = 4;
const W: usize = 5;
const SW: usize = 6;
const SE: usize = 7;

const fn rays() -> [[Bitboard; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i32 + DIRS[d].0;
            let mut r = (sq / 8) as i32 + DIRS[d].1;
            let mut bb = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                bb |= 1u64 << (r * 8 + f);
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            t[d][sq] = bb;
            sq += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[Bitboard; 64]; 8] = rays();

#[inline(always)]
fn ray_up(d: usize, sq: usize, occ: Bitboard) -> Bitboard {
    let r = RAYS[d][sq];
    let b = r & occ;
    if b == 0 {
        r
    } else {
        r ^ RAYS[d][b.trailing_zeros() as usize]
    }
}

#[inline(always)]
fn ray_down(d: usize, sq: usize, occ: Bitboard) -> Bitboard {
    let r = RAYS[d][sq];
    let b = r & occ;
    if b == 0 {
        r
    } else {
        r ^ RAYS[d][63 - b.leading_zeros() as usize]
    }
}

#[inline(always)]
pub fn rook_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    ray_up(N, sq, occ) | ray_up(E, sq, occ) | ray_down(S, sq, occ) | ray_down(W, sq, occ)
}

#[inline(always)]
pub fn bishop_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    ray_up(NE, sq, occ) | ray_up(NW, sq, occ) | ray_down(SW, sq, occ) | ray_down(SE, sq, occ)
}

#[inline(always)]
pub fn lance_attacks(color: Side, sq: usize, occ: Bitboard) -> Bitboard {
    if color == SENTE {
        ray_up(N, sq, occ)
    } else {
        ray_down(S, sq, occ)
    }
}

/// Lance moves on an empty board.
#[inline(always)]
pub fn lance_empty(color: Side, sq: usize) -> Bitboard {
    RAYS[if color == SENTE { N } else { S }][sq]
}

#[inline(always)]
pub fn rook_empty(sq: usize) -> Bitboard {
    RAYS[N][sq] | RAYS[E][sq] | RAYS[S][sq] | RAYS[W][sq]
}

#[inline(always)]
pub fn bishop_empty(sq: usize) -> Bitboard {
    RAYS[NE][sq] | RAYS[NW][sq] | RAYS[SW][sq] | RAYS[SE][sq]
}

const fn between_table() -> [[Bitboard; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut f = (a % 8) as i32 + DIRS[d].0;
            let mut r = (a / 8) as i32 + DIRS[d].1;
            let mut acc = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                t[a][b] = acc;
                acc |= 1u64 << b;
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn line_table() -> [[Bitboard; 64]; 64] {
    let r = rays();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 4 {
            // Directions d and d + 4 are opposite.
            let full = r[d][a] | r[d + 4][a] | (1u64 << a);
            let mut bb = r[d][a];
            while bb != 0 {
                let b = bb.trailing_zeros() as usize;
                t[a][b] = full;
                bb &= bb - 1;
            }
            let mut bb = r[d + 4][a];
            while bb != 0 {
                let b = bb.trailing_zeros() as usize;
                t[a][b] = full;
                bb &= bb - 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static BETWEEN: [[Bitboard; 64]; 64] = between_table();
static LINE: [[Bitboard; 64]; 64] = line_table();

/// Squares strictly between two squares on a line (0 if not aligned).
#[inline(always)]
pub fn between(a: usize, b: usize) -> Bitboard {
    BETWEEN[a & 63][b & 63]
}

/// The whole line through two aligned squares (0 if not aligned).
#[inline(always)]
pub fn line(a: usize, b: usize) -> Bitboard {
    LINE[a & 63][b & 63]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        // e1 (4): king has 5 squares, chess knight 4.
        assert_eq!(KING_ATK[4].count_ones(), 5);
        assert_eq!(CKNIGHT_ATK[4].count_ones(), 4);
        // Sente knight on b1 jumps to a3, c3; gote's knight on b1 nowhere.
        assert_eq!(SKNIGHT_ATK[SENTE][1], bit(16) | bit(18));
        assert_eq!(SKNIGHT_ATK[GOTE][1], 0);
        assert_eq!(GOLD_ATK[SENTE][9].count_ones(), 6);
        assert_eq!(SILVER_ATK[GOTE][9].count_ones(), 5);
        assert_eq!(rook_attacks(0, 0).count_ones(), 14);
        assert_eq!(bishop_attacks(27, bit(36)).count_ones(), 10);
        assert_eq!(lance_attacks(SENTE, 0, bit(24)), bit(8) | bit(16) | bit(24));
        assert_eq!(lance_attacks(GOTE, 24, 0), bit(16) | bit(8) | bit(0));
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 10), 0);
        assert_eq!(line(0, 9), line(63, 18));
    }
}

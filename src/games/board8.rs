//! The 8x8 bitboard basics that Makruk and Ōgi share: one `u64` a board
//! (a1 = bit 0, h8 = bit 63), the square iterator and compile-time leaper
//! tables. Slider attacks stay with each game: Makruk and Ōgi chose
//! different methods for their own piece sets.

pub type Bitboard = u64;

pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;
pub const RANK_1: Bitboard = 0xff;

#[inline(always)]
pub const fn rank_bb(rank: usize) -> Bitboard {
    RANK_1 << (8 * rank)
}

#[inline(always)]
pub const fn file_bb(file: usize) -> Bitboard {
    FILE_A << file
}

/// The files beside those of `files` (a mask of whole files), without them.
#[inline(always)]
pub const fn adjacent_files(files: Bitboard) -> Bitboard {
    ((files & !FILE_A) >> 1) | ((files & !FILE_H) << 1)
}

#[inline(always)]
pub const fn bit(sq: usize) -> Bitboard {
    1u64 << sq
}

/// Iterates over the set squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(s)
        }
    }
}

/// The squares one jump of each `(file, rank)` delta away from `sq`,
/// leaving out jumps off the board.
pub const fn leaper(sq: usize, deltas: &[(i32, i32)]) -> Bitboard {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let mut bb = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        let nf = f + deltas[i].0;
        let nr = r + deltas[i].1;
        if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
            bb |= 1u64 << (nr * 8 + nf);
        }
        i += 1;
    }
    bb
}

/// [`leaper`] for every square.
pub const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = leaper(sq, deltas);
        sq += 1;
    }
    t
}

/// One step in any of the eight directions.
pub static KING_ATK: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
]);

/// The chess knight's jump (Makruk's horse, part of Ōgi's princess and
/// goddess).
pub static KNIGHT_ATK: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        assert_eq!(Squares(bit(3) | bit(40)).collect::<Vec<_>>(), vec![3, 40]);
        assert_eq!(file_bb(7), FILE_H);
        assert_eq!(rank_bb(7), RANK_1 << 56);
        assert_eq!(KNIGHT_ATK[0], bit(10) | bit(17));
        assert_eq!(KING_ATK[4].count_ones(), 5);
        assert_eq!(leaper(0, &[(-1, 0), (0, 1)]), bit(8));
    }
}

//! The two rule sets and their board geometry.
//!
//! Squares are numbered 1..N from the top-left playing square as White sees
//! the board (PDN order: 1 = b10 on 10x10, b8 on 8x8; the last square is
//! the bottom-left corner a1's row). Black starts on the low numbers, White
//! on the high ones. Internally a square `s` (0-based) lives on bit
//! `s + s / (2 * PER_ROW)`: every pair of rows takes `2 * PER_ROW + 1` bits,
//! the last one a "ghost" bit that is never a square. With that padding the
//! four diagonal steps are the same shift everywhere (`PER_ROW` and
//! `PER_ROW + 1`), and a step off the left or right edge lands on a ghost.

use crate::evalkit::nnue::Network;
use std::sync::{Arc, OnceLock};

/// One rule set of draughts, with its board.
pub trait Variant: Copy + Clone + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The variant id (`UCI_Variant`, `tabula perft`, `tabula match --game`).
    const ID: &'static str;
    /// Rows (and columns) of the board: 10 or 8.
    const ROWS: usize;
    /// The line that takes the most pieces must be taken (international).
    const MAJORITY: bool;
    /// A man that reaches the far row during a capture is crowned there and
    /// goes on capturing as a king (Russian); otherwise it stays a man
    /// unless the capture ends on that row (international).
    const CROWN_MID_CAPTURE: bool;
    /// Squares are also written as algebraic coordinates (`c3`) and moves
    /// in the Russian style (`c3-d4`, `c3:e5`).
    const ALGEBRAIC: bool;
    /// PDN `GameType` number (20 international, 25 Russian).
    const GAME_TYPE: u32;
    /// The start position as a PDN FEN.
    const START_FEN: &'static str;
    /// Default of the king-move draw rule, in moves of each side.
    const KING_MOVES_DRAW: u32;
    /// The evaluation's weights (layout: `eval.rs`) and the generated file
    /// that holds them.
    const WEIGHTS: &'static [i32];
    const WEIGHTS_PATH: &'static str;
    /// The network the binary ships for the rule set, if any: what the
    /// search evaluates with unless `Use NNUE` is switched off.
    fn embedded_net() -> Option<Arc<Network>>;

    /// Playing squares per row.
    const PER_ROW: usize = Self::ROWS / 2;
    /// Number of playing squares.
    const SQUARES: usize = Self::ROWS * Self::ROWS / 2;
    /// Rows of men each side starts with.
    const START_ROWS: usize = Self::ROWS / 2 - 1;
}

/// International draughts (FMJD): 10x10, majority capture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Intl;

/// Russian draughts: 8x8, free choice of capture, crowning mid-capture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rus;

impl Variant for Intl {
    const ID: &'static str = "international";
    const ROWS: usize = 10;
    const MAJORITY: bool = true;
    const CROWN_MID_CAPTURE: bool = false;
    const ALGEBRAIC: bool = false;
    const GAME_TYPE: u32 = 20;
    const START_FEN: &'static str = "W:W31-50:B1-20";
    const KING_MOVES_DRAW: u32 = 25;
    const WEIGHTS: &'static [i32] = &super::eval_weights::international::WEIGHTS;
    const WEIGHTS_PATH: &'static str = "src/games/draughts/eval_weights/international.rs";

    fn embedded_net() -> Option<Arc<Network>> {
        static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
        let bytes = include_bytes!("nets/international.nnue");
        NET.get_or_init(|| super::nnue::read_embedded::<Self>(bytes))
            .clone()
    }
}

impl Variant for Rus {
    const ID: &'static str = "russian";
    const ROWS: usize = 8;
    const MAJORITY: bool = false;
    const CROWN_MID_CAPTURE: bool = true;
    const ALGEBRAIC: bool = true;
    const GAME_TYPE: u32 = 25;
    const START_FEN: &'static str = "W:W21-32:B1-12";
    const KING_MOVES_DRAW: u32 = 15;
    const WEIGHTS: &'static [i32] = &super::eval_weights::russian::WEIGHTS;
    const WEIGHTS_PATH: &'static str = "src/games/draughts/eval_weights/russian.rs";

    fn embedded_net() -> Option<Arc<Network>> {
        None
    }
}

/// Bit of 0-based square `s`.
#[inline]
pub const fn bit_of<V: Variant>(s: usize) -> u32 {
    (s + s / (2 * V::PER_ROW)) as u32
}

/// 0-based square of bit `b` (which must be a playing square).
#[inline]
pub const fn square_of<V: Variant>(b: u32) -> usize {
    let b = b as usize;
    b - b / (2 * V::PER_ROW + 1)
}

/// All playing squares as bits.
pub const fn board_mask<V: Variant>() -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < V::SQUARES {
        m |= 1 << bit_of::<V>(s);
        s += 1;
    }
    m
}

/// The squares of row `r` (0 = top, Black's back row) as bits.
pub const fn row_mask<V: Variant>(r: usize) -> u64 {
    let mut m = 0u64;
    let mut c = 0;
    while c < V::PER_ROW {
        m |= 1 << bit_of::<V>(r * V::PER_ROW + c);
        c += 1;
    }
    m
}

/// Row (0 = top) and column (0 = left, file `a`) of 0-based square `s`.
#[inline]
pub const fn row_col<V: Variant>(s: usize) -> (usize, usize) {
    let r = s / V::PER_ROW;
    let c = s % V::PER_ROW;
    (r, 2 * c + (r + 1) % 2)
}

/// The 0-based square at row `r` (0 = top), column `col`, if it is a
/// playing square.
pub const fn square_at<V: Variant>(r: usize, col: usize) -> Option<usize> {
    if r >= V::ROWS || col >= V::ROWS || (r + col).is_multiple_of(2) {
        return None;
    }
    Some(r * V::PER_ROW + col / 2)
}

/// The four diagonal steps in bits: toward the top (White's forward) first.
/// Positive steps go down the board.
pub const fn steps<V: Variant>() -> [i32; 4] {
    let s = V::PER_ROW as i32;
    [-s, -(s + 1), s, s + 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_both_boards() {
        assert_eq!(board_mask::<Intl>().count_ones(), 50);
        assert_eq!(board_mask::<Rus>().count_ones(), 32);
        for s in 0..50 {
            assert_eq!(square_of::<Intl>(bit_of::<Intl>(s)), s);
        }
        // Ghost bits of the 10x10 layout.
        for g in [10, 21, 32, 43] {
            assert_eq!(board_mask::<Intl>() >> g & 1, 0);
        }
        // 46 is a1, 5 is j10 (column 9, top row); Russian 29 is a1, 1 is b8.
        assert_eq!(row_col::<Intl>(45), (9, 0));
        assert_eq!(row_col::<Intl>(4), (0, 9));
        assert_eq!(row_col::<Rus>(28), (7, 0));
        assert_eq!(row_col::<Rus>(0), (0, 1));
        assert_eq!(square_at::<Rus>(7, 0), Some(28));
        assert_eq!(square_at::<Rus>(7, 1), None);
        // 32 -> 28 and 32 -> 27 are White's forward steps on 10x10.
        let b32 = bit_of::<Intl>(31) as i32;
        let ups: Vec<usize> = steps::<Intl>()[..2]
            .iter()
            .map(|d| square_of::<Intl>((b32 + d) as u32) + 1)
            .collect();
        assert_eq!(ups, vec![28, 27]);
    }
}

//! Piece-square terms of Makruk's evaluation: one weight per piece kind,
//! square and phase, the square seen from the piece's own side with the
//! files folded onto a–d (left and right are worth the same). They start
//! at 0 and are learnt by the tuner; the coarser rings, ranks and
//! advancement terms of eval.rs stay beside them.

use super::bitboard::*;
use super::eval::layout::*;
use super::position::Position;
use super::types::*;
use crate::evalkit::EvalSink;

/// Squares per table: eight ranks of four folded files.
const SQUARES: usize = 32;

/// The names of a table's squares (the weights' names), in index order.
#[rustfmt::skip]
pub(super) const FOLDED_SQUARES: [&str; SQUARES] = [
    "a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2",
    "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4",
    "a5", "b5", "c5", "d5", "a6", "b6", "c6", "d6",
    "a7", "b7", "c7", "d7", "a8", "b8", "c8", "d8",
];

/// The table index of `sq` for a piece of `us`: rank from `us`'s side,
/// file folded onto a–d.
#[inline(always)]
fn folded(us: Side, sq: usize) -> usize {
    let rank = if us == WHITE { sq / 8 } else { 7 - sq / 8 };
    let file = sq % 8;
    rank * 4 + file.min(7 - file)
}

/// Both sides' piece-square terms (White's count +1, Black's −1).
pub(super) fn pst_terms<S: EvalSink>(s: &mut S, pos: &Position) {
    for us in [WHITE, BLACK] {
        let sign = if us == WHITE { 1 } else { -1 };
        for kind in [PAWN, MET, KHON, KNIGHT, ROOK, KING] {
            // The kinds' tables follow each other, middle game then end game.
            let table = PST_PAWN_MG + kind * 2 * SQUARES;
            for sq in Squares(pos.pieces(us, kind)) {
                let i = table + folded(us, sq);
                s.tapered(i, sign, 0);
                s.tapered(i + SQUARES, 0, sign);
            }
        }
    }
}

// The layout must keep the tables in kind order, each 32 squares.
const _: () = assert!(
    PST_MET_MG == PST_PAWN_MG + 2 * SQUARES
        && PST_KING_EG == PST_PAWN_MG + (2 * KING + 1) * SQUARES
        && COUNT == PST_KING_EG + SQUARES
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_fold_and_mirror() {
        // White's d1 and e1, Black's d8 and e8: the same folded square.
        assert_eq!(folded(WHITE, 3), 3);
        assert_eq!(folded(WHITE, 4), 3);
        assert_eq!(folded(BLACK, 59), 3);
        assert_eq!(folded(BLACK, 60), 3);
        // h8 for White is a8 folded, the last rank; for Black its first.
        assert_eq!(folded(WHITE, 63), 28);
        assert_eq!(folded(BLACK, 63), 0);
    }
}

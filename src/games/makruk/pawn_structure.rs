//! Pawn-structure terms of Makruk's evaluation beyond the basic ones in
//! eval.rs (doubled, isolated, protected, passed): pawns side by side,
//! backward pawns, the kings' distance to a passed pawn's path, and
//! outposts (squares an own pawn guards and no enemy pawn can ever attack,
//! where a knight or a khon cannot be driven away). Makruk's pawns start
//! on the third rank and move one square at a time, so the two pawn lines
//! meet early and their shape lasts.

use super::bitboard::*;
use super::eval::layout::*;
use super::eval::{distance, pair, pawn_attacks};
use super::position::Position;
use super::types::*;
use crate::evalkit::EvalSink;

/// Cap on a king's counted distance to a passed pawn's stop square: beyond
/// it the king is out of play either way.
const KING_DISTANCE_CAP: i32 = 5;

/// Every square in front of the pieces `bb` (from `color`'s side), not
/// the squares themselves.
fn front_fill(color: Side, bb: Bitboard) -> Bitboard {
    let mut fill = 0;
    let mut b = bb;
    for _ in 0..7 {
        b = if color == WHITE { b << 8 } else { b >> 8 };
        fill |= b;
    }
    fill
}

/// The squares a pawn of `color` on `sq` must pass: those ahead of it on
/// its own and the adjacent files. It is passed when no enemy pawn stands
/// there.
pub(super) fn passed_span(color: Side, sq: usize) -> Bitboard {
    let file = FILE_A << (sq % 8);
    (file | adjacent_files(file)) & front_fill(color, rank_bb(sq / 8))
}

/// The square in front of `sq` from `color`'s side (none on the last rank).
fn stop_square(color: Side, sq: usize) -> Option<usize> {
    if color == WHITE {
        (sq < 56).then_some(sq + 8)
    } else {
        sq.checked_sub(8)
    }
}

/// `us`'s pawn shapes and outposts, with `sign` +1 for White.
pub(super) fn pawn_structure_terms<S: EvalSink>(s: &mut S, pos: &Position, us: Side) {
    let sign = if us == WHITE { 1 } else { -1 };
    let them = us.other();
    let pawns = pos.pieces(us, PAWN);
    let their_pawns = pos.pieces(them, PAWN);
    let their_pawn_atk = pawn_attacks(them, their_pawns);
    // Where their pawns could attack some day: the attacks of every square
    // their pawns may still advance to.
    let their_attack_span = pawn_attacks(them, their_pawns | front_fill(them, their_pawns));
    let own_king = pos.king_square(us);
    let their_king = pos.king_square(them);

    for sq in Squares(pawns) {
        let here = bit(sq);
        let beside = ((here & !FILE_A) >> 1) | ((here & !FILE_H) << 1);
        if pawns & beside != 0 {
            pair(s, PAWN_PHALANX, sign, 1);
        }
        let Some(stop) = stop_square(us, sq) else {
            continue;
        };
        // Backward: no own pawn level with it or behind on a neighbouring
        // file to support its advance, and the square ahead is held by an
        // enemy pawn.
        let adjacent = adjacent_files(FILE_A << (sq % 8));
        let ahead = front_fill(us, rank_bb(sq / 8));
        let supporters = adjacent & !ahead;
        if pawns & supporters == 0 && their_pawn_atk & bit(stop) != 0 {
            pair(s, PAWN_BACKWARD, sign, 1);
        }
        // Passed: the kings' race to its path matters in the end game.
        if their_pawns & passed_span(us, sq) == 0 {
            let own = distance(own_king, stop).min(KING_DISTANCE_CAP);
            let theirs = distance(their_king, stop).min(KING_DISTANCE_CAP);
            s.tapered(PASSED_KING_EG, 0, sign * own);
            s.tapered(PASSED_KING_EG + 1, 0, sign * theirs);
        }
    }

    let outposts = pawn_attacks(us, pawns) & !their_attack_span;
    for (i, kind) in [KNIGHT, KHON].into_iter().enumerate() {
        let n = (pos.pieces(us, kind) & outposts).count_ones() as i32;
        s.tapered(OUTPOST + i, sign * n, sign * n);
    }
}

#[cfg(test)]
mod tests {
    use super::super::fen;
    use super::*;
    use crate::evalkit::form::EvalForm;

    /// The (middle game, end game) coefficients `side`'s terms give the
    /// weight at `index` in the position `f`.
    fn coefficients(f: &str, index: usize, side: Side) -> (i32, i32) {
        let pos = fen::parse(f, true).unwrap();
        let mut form = EvalForm::new(&[0; COUNT]);
        pawn_structure_terms(&mut form, &pos, side);
        (form.mg_coefficient(index), form.eg_coefficient(index))
    }

    #[test]
    fn start_position_is_one_long_phalanx() {
        let f = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(coefficients(f, PAWN_PHALANX, WHITE), (8, 0));
        assert_eq!(coefficients(f, PAWN_PHALANX + 1, BLACK), (0, -8));
        assert_eq!(coefficients(f, PAWN_BACKWARD, WHITE), (0, 0));
        assert_eq!(coefficients(f, OUTPOST, WHITE), (0, 0));
    }

    #[test]
    fn backward_pawns() {
        // White b3 has no pawn on the a- or c-file level with it or behind,
        // and Black's c5 holds b4: backward. Black's c5 has d5 level beside
        // it: not backward.
        let f = "4k3/8/8/2pp4/3P4/1P6/8/4K3 w - - 0 1";
        assert_eq!(coefficients(f, PAWN_BACKWARD, WHITE), (1, 0));
        assert_eq!(coefficients(f, PAWN_BACKWARD, BLACK), (0, 0));
        // A neighbour ahead cannot support: b3 with c4 in front of it, and
        // Black's a5 holding b4.
        let f = "4k3/8/8/p7/2P5/1P6/8/4K3 w - - 0 1";
        assert_eq!(coefficients(f, PAWN_BACKWARD, WHITE), (1, 0));
    }

    #[test]
    fn passed_spans_are_the_same_for_both_sides() {
        // White e3 must pass d4, e4 and f4 up to the last rank; a black
        // pawn on d4 stops it. The bug this pins: White's test once missed
        // the left-diagonal square straight ahead.
        let e3 = 20;
        assert_ne!(passed_span(WHITE, e3) & bit(27), 0);
        assert_eq!(passed_span(WHITE, e3).count_ones(), 15);
        assert_eq!(passed_span(WHITE, e3) & rank_bb(2), 0);
        for sq in 0..64 {
            let mirrored = sq ^ 56;
            assert_eq!(
                passed_span(WHITE, sq).swap_bytes(),
                passed_span(BLACK, mirrored),
                "square {sq}"
            );
        }
    }

    #[test]
    fn kings_near_a_passed_pawn() {
        // White's passed pawn e4 (stop square e5): the white king e3 is
        // two squares from e5, the black king h8 three.
        let f = "7k/8/8/8/4P3/4K3/8/8 w - - 0 1";
        assert_eq!(coefficients(f, PASSED_KING_EG, WHITE), (0, 2));
        assert_eq!(coefficients(f, PASSED_KING_EG + 1, WHITE), (0, 3));
        // A Black pawn on d6 guards e5 and takes the passer away.
        let f = "7k/8/3p4/8/4P3/4K3/8/8 w - - 0 1";
        assert_eq!(coefficients(f, PASSED_KING_EG, WHITE), (0, 0));
    }

    #[test]
    fn outposts_for_knight_and_khon() {
        // The white knight d5 and khon f5, both guarded by the pawn e4;
        // Black's only pawn, h6, can only ever attack the g-file: two
        // outposts.
        let f = "4k3/8/7p/3N1S2/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(coefficients(f, OUTPOST, WHITE), (1, 1));
        assert_eq!(coefficients(f, OUTPOST + 1, WHITE), (1, 1));
        // A black pawn on c7 could advance to c6 and attack d5.
        let f = "4k3/2p5/7p/3N4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(coefficients(f, OUTPOST, WHITE), (0, 0));
    }
}

//! King shelter terms of Makruk's evaluation, middle game only: the pawns
//! and Met/Khon that shield a king, the files around it left without a
//! pawn of its own, the enemy pawns advanced close to it, and the squares
//! next to it the opponent attacks and only the king defends. The attack
//! side of king safety (pieces bearing on the zone, safe checks) is in
//! eval.rs and threats.rs; this is the defender's side.

use super::bitboard::*;
use super::eval::layout::*;
use super::position::Position;
use super::threats::Attacks;
use super::types::*;
use crate::evalkit::EvalSink;

/// The files of the king and its neighbours, as one mask.
fn files_around(file: usize) -> Bitboard {
    let f = FILE_A << file;
    f | adjacent_files(f)
}

/// The ranks `from..=to` ahead of rank `rank` (relative to `us`), clipped
/// to the board, as one mask.
fn ranks_ahead(us: Side, rank: usize, from: usize, to: usize) -> Bitboard {
    let mut mask = 0;
    for d in from..=to {
        let r = if us == WHITE {
            rank + d
        } else {
            match rank.checked_sub(d) {
                Some(r) => r,
                None => break,
            }
        };
        if r > 7 {
            break;
        }
        mask |= rank_bb(r);
    }
    mask
}

/// The shelter of `us`'s king, with `sign` +1 for White.
pub(super) fn king_safety_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    attacks: &PerSide<Attacks>,
) {
    let sign = if us == WHITE { 1 } else { -1 };
    let them = us.other();
    let king = pos.king_square(us);
    let (file, rank) = (king % 8, king / 8);
    let files = files_around(file);
    let own_pawns = pos.pieces(us, PAWN);

    let front = files & ranks_ahead(us, rank, 1, 2);
    let shelter_pawns = (own_pawns & front).count_ones() as i32;
    s.tapered(KING_SAFETY, sign * shelter_pawns, 0);

    let guards = pos.pieces(us, MET) | pos.pieces(us, KHON);
    let shelter_pieces = (guards & KING_ATK[king]).count_ones() as i32;
    s.tapered(KING_SAFETY + 1, sign * shelter_pieces, 0);

    let weak = KING_ATK[king] & attacks[them].all & !attacks[us].without_king();
    s.tapered(KING_SAFETY + 2, sign * weak.count_ones() as i32, 0);

    let storm = pos.pieces(them, PAWN) & files & ranks_ahead(us, rank, 1, 3);
    s.tapered(KING_SAFETY + 3, sign * storm.count_ones() as i32, 0);

    let mut open = 0;
    for f in file.saturating_sub(1)..=(file + 1).min(7) {
        open += (own_pawns & (FILE_A << f) == 0) as i32;
    }
    s.tapered(KING_SAFETY + 4, sign * open, 0);
}

#[cfg(test)]
mod tests {
    use super::super::threats::test_support::mg_coefficient;
    use super::*;

    /// The middle-game coefficient `side`'s shelter terms give the weight
    /// at `index` in the position `f` (White's count +1, Black's −1).
    fn count(f: &str, index: usize, side: Side) -> i32 {
        mg_coefficient(f, index, side, |s, pos, us, attacks, _| {
            king_safety_terms(s, pos, us, attacks)
        })
    }

    fn white_count(f: &str, index: usize) -> i32 {
        count(f, index, WHITE)
    }

    #[test]
    fn start_position_shelter() {
        // King d1: pawns c3, d3, e3 are two ranks ahead on its files; the
        // Met e1 and the Khon c1 stand next to it; no file around it is
        // open, no enemy pawn is close, and the squares next to it are not
        // attacked.
        let f = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(white_count(f, KING_SAFETY), 3);
        assert_eq!(white_count(f, KING_SAFETY + 1), 2);
        assert_eq!(white_count(f, KING_SAFETY + 2), 0);
        assert_eq!(white_count(f, KING_SAFETY + 3), 0);
        assert_eq!(white_count(f, KING_SAFETY + 4), 0);
    }

    #[test]
    fn bare_files_storm_and_weak_squares() {
        // White king g1 with a pawn on h3 only: the f- and g-files are
        // open; the black pawn g4 is within three ranks; the black rook f8
        // attacks f1 and f2 down the open f-file, which only the king
        // defends: two weak squares.
        let f = "5r1k/8/8/8/6p1/7P/8/6K1 w - - 0 1";
        assert_eq!(white_count(f, KING_SAFETY), 1);
        assert_eq!(white_count(f, KING_SAFETY + 3), 1);
        assert_eq!(white_count(f, KING_SAFETY + 4), 2);
        assert_eq!(white_count(f, KING_SAFETY + 2), 2);
        // A white knight on e3 defends f1: one weak square left.
        let f = "5r1k/8/8/8/6p1/4N2P/8/6K1 w - - 0 1";
        assert_eq!(white_count(f, KING_SAFETY + 2), 1);
    }

    #[test]
    fn black_looks_down_the_board() {
        // The same shelter mirrored for Black counts against White.
        let f = "4k3/3ppp2/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(f, KING_SAFETY, BLACK), -3);
    }
}

//! Piece-square terms of Ōgi's evaluation, learnt by the tuner (they start
//! at 0): where each kind of piece stands, and where the king's silver and
//! gold movers stand around it.
//!
//! Squares are seen from the piece's own side by turning the board half
//! round for gote (gote's rook and bishop start where sente's would stand
//! turned round). The start position is not left-right symmetric (the
//! Princess beside the king, bishop and rook on opposite wings), so the
//! files are not folded as in Makruk's tables. The promoted major pieces
//! share their unpromoted kind's table and the four gold movers share one:
//! the data has few of each.

use super::eval::layout::*;
use super::types::*;
use crate::evalkit::EvalSink;

/// The names of a table's squares (the weights' names) from the owner's
/// side, in index order.
#[rustfmt::skip]
pub(super) const BOARD_SQUARES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3",
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5",
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
    "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// The guard table's places: a 5x5 box around the own king, rows from two
/// behind (`b2`) to two ahead (`f2`), columns from two to the left (`l2`)
/// to two to the right (`r2`), seen from the owner's side (`king`, the
/// king's own square, never counts).
#[rustfmt::skip]
pub(super) const GUARD_PLACES: [&str; 25] = [
    "b2l2", "b2l1", "b2", "b2r1", "b2r2",
    "b1l2", "b1l1", "b1", "b1r1", "b1r2",
    "l2", "l1", "king", "r1", "r2",
    "f1l2", "f1l1", "f1", "f1r1", "f1r2",
    "f2l2", "f2l1", "f2", "f2r1", "f2r2",
];

/// The square as its owner sees it: itself for sente, turned half round
/// for gote.
#[inline(always)]
fn oriented(us: Side, sq: usize) -> usize {
    if us == SENTE { sq } else { 63 - sq }
}

/// The first weight of a kind's table.
#[inline(always)]
fn table(kind: usize) -> usize {
    match kind {
        PAWN => PST_PAWN,
        LANCE => PST_LANCE,
        KNIGHT => PST_KNIGHT,
        SILVER => PST_SILVER,
        BISHOP | HORSE => PST_BISHOP,
        ROOK | DRAGON => PST_ROOK,
        PRINCESS | GODDESS => PST_PRINCESS,
        KING => PST_KING,
        _ => PST_GOLD, // tokin, promoted lance, knight and silver
    }
}

/// The place of `sq` in the guard box of `us`'s king on `king`, if inside.
#[inline(always)]
fn guard_place(us: Side, king: usize, sq: usize) -> Option<usize> {
    let (k, s) = (oriented(us, king), oriented(us, sq));
    let dr = rank_of(s) as i32 - rank_of(k) as i32;
    let df = file_of(s) as i32 - file_of(k) as i32;
    if dr.abs() > 2 || df.abs() > 2 {
        return None;
    }
    Some(((dr + 2) * 5 + df + 2) as usize)
}

/// The terms of one piece of `us` (`sign` +1 for sente, −1 for gote) of
/// `kind` on `sq`, with `us`'s king on `king`.
#[inline(always)]
pub(super) fn piece_terms<S: EvalSink>(
    s: &mut S,
    sign: i32,
    us: Side,
    kind: usize,
    sq: usize,
    king: usize,
) {
    s.tapered(table(kind) + oriented(us, sq), sign, 0);
    if matches!(kind, SILVER | TOKIN | PLANCE | PKNIGHT | PSILVER)
        && let Some(place) = guard_place(us, king, sq)
    {
        s.tapered(KING_GUARD + place, sign, 0);
    }
}

// The tables follow each other, 64 squares each; the guard box is 25.
const _: () = assert!(
    PST_LANCE == PST_PAWN + 64
        && PST_KING == PST_PAWN + 7 * 64
        && PST_GOLD == PST_KING + 64
        && KING_GUARD == PST_GOLD + 64
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gote_sees_the_board_turned_round() {
        // Sente's rook on g2 and gote's on b7 stand on the same place.
        assert_eq!(oriented(SENTE, 14), 14);
        assert_eq!(oriented(GOTE, 49), 14);
        assert_eq!(BOARD_SQUARES[oriented(GOTE, 49)], "g2");
    }

    #[test]
    fn the_guard_box_is_seen_from_the_owner() {
        // Sente's king e1 (4), silver f2 (13): one ahead, one to the right.
        assert_eq!(
            guard_place(SENTE, 4, 13).map(|p| GUARD_PLACES[p]),
            Some("f1r1")
        );
        // Gote's king e8 (60), silver d7 (51): the same place turned round.
        assert_eq!(
            guard_place(GOTE, 60, 51).map(|p| GUARD_PLACES[p]),
            Some("f1r1")
        );
        // Three files away is outside.
        assert_eq!(guard_place(SENTE, 4, 7), None);
        assert_eq!(GUARD_PLACES[guard_place(SENTE, 4, 4).unwrap_or(0)], "king");
    }

    /// The coefficients the whole evaluation gives the weights `names` in
    /// the start position (sente to move: sente's pieces +1, gote's −1).
    fn start_coefficients(names: &[&str]) -> Vec<i32> {
        let pos = crate::games::ogi::sfen::parse(crate::games::ogi::START_SFEN).unwrap();
        let mut form = crate::evalkit::form::EvalForm::new(&[0; COUNT]);
        crate::games::ogi::eval::evaluate_into(&mut form, &pos);
        let all = crate::games::ogi::eval::weight_names();
        names
            .iter()
            .map(|n| {
                let index = all.iter().position(|a| a == n).unwrap();
                form.mg_coefficient(index)
            })
            .collect()
    }

    #[test]
    fn the_start_position_fills_both_sides_tables() {
        // Sente's king e1 counts +1 on e1; gote's on e8 is d1 turned round.
        assert_eq!(start_coefficients(&["pst_king.e1", "pst_king.d1"]), [1, -1]);
        // Sente's rook g2 and gote's b7 both stand on g2: they cancel.
        assert_eq!(
            start_coefficients(&["pst_rook.g2", "pst_bishop.b2"]),
            [0, 0]
        );
        // Sente's silvers c1, f1 beside its king e1: two to the left, one
        // to the right; gote's (c8, f8 beside e8) seen turned round: one to
        // the left, two to the right. The Princess is no guard.
        let guard = [
            "king_guard.l2",
            "king_guard.r1",
            "king_guard.l1",
            "king_guard.r2",
        ];
        assert_eq!(start_coefficients(&guard), [1, 1, -1, -1]);
    }
}

//! Threat and check terms of Makruk's evaluation: pieces attacked by
//! cheaper ones, pieces attacked and not defended, and the squares from
//! which a piece could give a safe check. These need both sides' attack
//! maps at once, which the rest of the evaluation (one side at a time)
//! does not build.

use super::bitboard::*;
use super::eval::layout::*;
use super::eval::pair;
use super::position::Position;
use super::types::*;
use crate::evalkit::EvalSink;

/// The squares one side attacks, by the kind of the attacker.
pub(super) struct Attacks {
    by_kind: [Bitboard; 6],
    pub(super) all: Bitboard,
}

impl Attacks {
    pub(super) fn of(pos: &Position, us: Side, occ: Bitboard) -> Attacks {
        let mut by_kind = [0; 6];
        for sq in Squares(pos.pieces(us, PAWN)) {
            by_kind[PAWN] |= PAWN_ATK[us][sq];
        }
        for sq in Squares(pos.pieces(us, MET)) {
            by_kind[MET] |= MET_ATK[sq];
        }
        for sq in Squares(pos.pieces(us, KHON)) {
            by_kind[KHON] |= KHON_ATK[us][sq];
        }
        for sq in Squares(pos.pieces(us, KNIGHT)) {
            by_kind[KNIGHT] |= KNIGHT_ATK[sq];
        }
        for sq in Squares(pos.pieces(us, ROOK)) {
            by_kind[ROOK] |= rook_attacks(sq, occ);
        }
        by_kind[KING] = KING_ATK[pos.king_square(us)];
        let all = by_kind.iter().fold(0, |a, &b| a | b);
        Attacks { by_kind, all }
    }

    /// The squares attacked by a piece other than the king.
    pub(super) fn without_king(&self) -> Bitboard {
        self.by_kind[..KING].iter().fold(0, |a, &b| a | b)
    }
}

/// `us`'s threats against `them` and safe checks, with `sign` +1 for White.
pub(super) fn threat_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    attacks: &PerSide<Attacks>,
    occ: Bitboard,
) {
    let sign = if us == WHITE { 1 } else { -1 };
    let them = us.other();
    let (ours, theirs) = (&attacks[us], &attacks[them]);
    let their_pieces = pos.colors[them] & !pos.kinds[KING];
    let their_non_pawns = their_pieces & !pos.kinds[PAWN];

    let by_pawn = (ours.by_kind[PAWN] & their_non_pawns).count_ones() as i32;
    pair(s, THREAT_BY_PAWN, sign, by_pawn);

    let minors = ours.by_kind[MET] | ours.by_kind[KHON] | ours.by_kind[KNIGHT];
    for victim in [PAWN, MET, KHON, KNIGHT, ROOK] {
        let n = (minors & pos.pieces(them, victim)).count_ones() as i32;
        s.tapered(THREAT_BY_MINOR + victim, sign * n, sign * n);
    }
    for victim in [PAWN, MET, KHON, KNIGHT] {
        let n = (ours.by_kind[ROOK] & pos.pieces(them, victim)).count_ones() as i32;
        s.tapered(THREAT_BY_ROOK + victim, sign * n, sign * n);
    }

    let hanging = (ours.all & their_pieces & !theirs.all).count_ones() as i32;
    pair(s, HANGING, sign, hanging);

    // Squares a piece of ours could move to and check from, not attacked
    // by them and not occupied by our own pieces.
    let king = pos.king_square(them);
    let safe = !theirs.all & !pos.colors[us];
    let checks_from = [
        (MET, MET_ATK[king]),
        // A khon of ours on s attacks the king when s is where a khon of
        // theirs on the king's square would attack.
        (KHON, KHON_ATK[them][king]),
        (KNIGHT, KNIGHT_ATK[king]),
        (ROOK, rook_attacks(king, occ)),
    ];
    for (i, (kind, from)) in checks_from.into_iter().enumerate() {
        let n = (from & ours.by_kind[kind] & safe).count_ones() as i32;
        s.tapered(SAFE_CHECK + i, sign * n, 0);
    }
}

/// Test support for the terms that read both sides' attack maps.
#[cfg(test)]
pub(super) mod test_support {
    use super::*;
    use crate::evalkit::form::EvalForm;
    use crate::games::makruk::fen;

    /// The middle-game coefficient that `terms`, run for `side` on the
    /// position `f`, gives the weight at `index`.
    pub fn mg_coefficient(
        f: &str,
        index: usize,
        side: Side,
        terms: fn(&mut EvalForm, &Position, Side, &PerSide<Attacks>, Bitboard),
    ) -> i32 {
        let pos = fen::parse(f, true).unwrap();
        let occ = pos.occupied();
        let attacks = PerSide::new(Attacks::of(&pos, WHITE, occ), Attacks::of(&pos, BLACK, occ));
        let mut form = EvalForm::new(&[0; COUNT]);
        terms(&mut form, &pos, side, &attacks, occ);
        form.mg_coefficient(index)
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::mg_coefficient;
    use super::*;

    /// The middle-game coefficient White's threat terms give the weight at
    /// `index` in the position `f`.
    fn white_count(f: &str, index: usize) -> i32 {
        mg_coefficient(f, index, WHITE, threat_terms)
    }

    #[test]
    fn pawn_attacking_a_rook_is_a_threat() {
        // The white pawn on d4 attacks the undefended rook on e5: a
        // threat, and the rook hangs.
        let f = "k7/8/8/4r3/3P4/8/8/K7 w - - 0 1";
        assert_eq!(white_count(f, THREAT_BY_PAWN), 1);
        assert_eq!(white_count(f, HANGING), 1);
        // Defended by a pawn on f6 (Black's pawns capture downwards): a
        // threat still, no longer hanging.
        let f = "k7/8/5p2/4r3/3P4/8/8/K7 w - - 0 1";
        assert_eq!(white_count(f, THREAT_BY_PAWN), 1);
        assert_eq!(white_count(f, HANGING), 0);
    }

    #[test]
    fn minor_and_rook_threats_by_victim() {
        // Knight c3 attacks the black rook on d5 and the black met on b5;
        // the white rook on a1 attacks the knight on a7.
        let f = "4k3/n7/8/1m1r4/8/2N5/8/R3K3 w - - 0 1";
        assert_eq!(white_count(f, THREAT_BY_MINOR + ROOK), 1);
        assert_eq!(white_count(f, THREAT_BY_MINOR + MET), 1);
        assert_eq!(white_count(f, THREAT_BY_ROOK + KNIGHT), 1);
        assert_eq!(white_count(f, THREAT_BY_ROOK + MET), 0);
    }

    #[test]
    fn safe_checks_count_unguarded_squares() {
        // Black king e8; the white knight on e4 can reach d6 and f6 (both
        // knight checks); a black pawn on e7 guards d6 and f6 (pawns
        // capture diagonally downwards), so no safe knight check.
        let guarded = "4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1";
        assert_eq!(white_count(guarded, SAFE_CHECK + 2), 0);
        let open = "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1";
        assert_eq!(white_count(open, SAFE_CHECK + 2), 2);
        // A rook on a1 can check from a8 (along the open eighth rank) and
        // from e1 (up the open e-file); the black king guards neither.
        let rook = "4k3/8/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(white_count(rook, SAFE_CHECK + 3), 2);
    }
}

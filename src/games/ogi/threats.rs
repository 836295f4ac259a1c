//! Threat and check terms of Ōgi's evaluation: pieces attacked by a piece
//! of a lower class, pieces attacked and not defended (in a drop game a
//! piece lost is a piece the opponent can drop), and the squares from which
//! a board move or a drop would give a safe check. They need both sides'
//! attack maps at once: `side_terms` builds each side's [`Attacks`] in the
//! loop it already runs over the pieces, and these terms come after both.

use super::bitboard::*;
use super::eval::layout::*;
use super::position::Position;
use super::types::*;
use crate::evalkit::EvalSink;

/// Value classes, for attackers and victims alike: pawn, the minors
/// (lance, knight, silver), the gold movers (promoted minors), bishop and
/// horse, rook and dragon, Princess and Goddess, king.
pub(super) const CLASSES: usize = 7;
const KING_CLASS: usize = 6;

/// The class of a kind.
#[inline(always)]
pub(super) const fn class_of(kind: usize) -> usize {
    match kind {
        PAWN => 0,
        LANCE | KNIGHT | SILVER => 1,
        TOKIN | PLANCE | PKNIGHT | PSILVER => 2,
        BISHOP | HORSE => 3,
        ROOK | DRAGON => 4,
        PRINCESS | GODDESS => 5,
        _ => KING_CLASS,
    }
}

/// The squares one side attacks, by the class of the attacker, and the
/// squares from which one of its board pieces could move and give check.
pub(super) struct Attacks {
    pub(super) by_class: [Bitboard; CLASSES],
    pub(super) all: Bitboard,
    pub(super) check_moves: Bitboard,
}

impl Attacks {
    pub(super) fn new() -> Attacks {
        Attacks {
            by_class: [0; CLASSES],
            all: 0,
            check_moves: 0,
        }
    }

    /// Adds a piece of `kind` attacking `a`; `checks` are the squares from
    /// which a piece of that kind attacks the enemy king.
    #[inline(always)]
    pub(super) fn add(&mut self, kind: usize, a: Bitboard, checks: Bitboard, own: Bitboard) {
        self.by_class[class_of(kind)] |= a;
        self.all |= a;
        self.check_moves |= a & checks & !own;
    }
}

/// `us`'s threats against `them` and safe checks, with `sign` +1 for sente.
pub(super) fn threat_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    // By player number: a plain pair here, as a PerSide made this function
    // some 17 % more instructions (callgrind, bench ogi 6).
    attacks: &[Attacks; 2],
) {
    let sign = if us == SENTE { 1 } else { -1 };
    let them = us.other();
    let (ours, theirs) = (&attacks[us.index()], &attacks[them.index()]);
    let occ = pos.occupied();

    // Their pieces by class, attacked by one of our lower classes, and
    // attacked by us while they do not defend them.
    let mut lower = 0;
    for class in 0..KING_CLASS {
        let victims = class_pieces(pos, them, class);
        if class > 0 {
            let n = (victims & lower).count_ones() as i32;
            s.tapered(THREAT_BY_LOWER + class - 1, sign * n, 0);
        }
        let n = (victims & ours.all & !theirs.all).count_ones() as i32;
        s.tapered(HANGING + class, sign * n, 0);
        lower |= ours.by_class[class];
    }

    // Safe checks: squares not attacked by them from which a board move
    // of ours, or a drop from our hand, would check their king.
    let king = pos.king_square(them);
    let board = (ours.check_moves & !theirs.all).count_ones() as i32;
    s.tapered(SAFE_CHECK, sign * board, 0);
    let mut drops = 0;
    for (kind, &n) in pos.hand[us].iter().enumerate() {
        if n != 0 {
            drops |= Position::checking_squares(us, kind, king, occ);
        }
    }
    let drops = (drops & !occ & !theirs.all).count_ones() as i32;
    s.tapered(SAFE_CHECK + 1, sign * drops, 0);
}

/// `color`'s pieces of a class.
fn class_pieces(pos: &Position, color: Side, class: usize) -> Bitboard {
    let k = &pos.kinds;
    let set = match class {
        0 => k[PAWN],
        1 => k[LANCE] | k[KNIGHT] | k[SILVER],
        2 => pos.golds(),
        3 => k[BISHOP] | k[HORSE],
        4 => k[ROOK] | k[DRAGON],
        5 => k[PRINCESS] | k[GODDESS],
        _ => k[KING],
    };
    set & pos.colors[color]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evalkit::form::{EvalForm, Op};
    use crate::games::ogi::eval::evaluate_into;
    use crate::games::ogi::sfen;

    /// The coefficient the whole evaluation gives the weight at `index` in
    /// the position `s` (sente's terms positive, gote's negative), before
    /// the sign for the side to move.
    fn coefficient(s: &str, index: usize) -> i32 {
        let pos = sfen::parse(s).unwrap();
        let mut form = EvalForm::new(&[0; COUNT]);
        evaluate_into(&mut form, &pos);
        let to_move = if pos.side_to_move_color() == SENTE {
            1
        } else {
            -1
        };
        to_move
            * form
                .ops
                .iter()
                .map(|op| match *op {
                    Op::Tapered { index: i, mg, .. } if i == index => mg,
                    _ => 0,
                })
                .sum::<i32>()
    }

    #[test]
    fn classes_cover_every_kind_but_the_king() {
        for kind in 0..KINDS {
            assert_eq!(class_of(kind) == KING_CLASS, kind == KING, "kind {kind}");
        }
    }

    #[test]
    fn a_pawn_attacking_an_undefended_rook() {
        // Sente's pawn on 5e attacks gote's rook on 5d, which nothing of
        // gote's defends: a threat by a lower class, and a hanging rook.
        let s = "4k3/8/8/4r3/4P3/8/8/4K3 b - 1";
        assert_eq!(coefficient(s, THREAT_BY_LOWER + 3), 1);
        assert_eq!(coefficient(s, HANGING + 4), 1);
        // A gote silver on 4c defends the rook: still a threat, not hanging.
        let s = "4k3/8/5s2/4r3/4P3/8/8/4K3 b - 1";
        assert_eq!(coefficient(s, THREAT_BY_LOWER + 3), 1);
        assert_eq!(coefficient(s, HANGING + 4), 0);
    }

    #[test]
    fn equal_classes_are_no_threat() {
        // Rook against rook on an open file: neither is attacked by a lower
        // class. Gote's king defends its rook; sente's rook hangs.
        let s = "4k3/4r3/8/8/8/8/4R3/K7 b - 1";
        assert_eq!(coefficient(s, THREAT_BY_LOWER + 3), 0);
        assert_eq!(coefficient(s, HANGING + 4), -1);
    }

    #[test]
    fn safe_board_checks_need_a_reachable_unguarded_square() {
        // Gote's king on 4a; sente's rook on 1h reaches 1a (checking along
        // the open first rank) and 4h (checking up the open 4-file); the
        // king guards neither.
        let s = "4k3/8/8/8/8/8/8/K6R b - 1";
        assert_eq!(coefficient(s, SAFE_CHECK), 2);
        // A gote silver on 4b blocks the 4-file: only 1a is left.
        let s = "4k3/4s3/8/8/8/8/8/K6R b - 1";
        assert_eq!(coefficient(s, SAFE_CHECK), 1);
    }

    #[test]
    fn safe_drop_checks_count_unguarded_squares() {
        // Gote's king alone on 4a, a silver in sente's hand: a silver
        // checks from the three squares below the king, all of which the
        // king guards, so none is safe.
        let s = "4k3/8/8/8/8/8/8/4K3 b S 1";
        assert_eq!(coefficient(s, SAFE_CHECK + 1), 0);
        // Gote's king on 4b, a lance in sente's hand: a lance checks from
        // the six squares below the king on its file; the king guards the
        // one next to it, five are safe.
        let s = "8/4k3/8/8/8/8/8/K7 b L 1";
        assert_eq!(coefficient(s, SAFE_CHECK + 1), 5);
    }
}

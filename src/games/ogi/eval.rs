//! Static evaluation for the side to move: material (hand pieces valued
//! apart from board pieces), advancement, promotion awareness, mobility and
//! king safety (attacks near the king, escape squares, defenders, and the
//! drop threat of the opponent's hand), piece-square tables with the
//! king's guard of silver and gold movers (`pst.rs`), threats (pieces
//! attacked by a lower class or undefended) and safe checks (`threats.rs`).
//!
//! The weights are the named table of `eval_weights.rs`, written by the
//! tuner (`tabula tune ogi`), never typed here. The evaluation is written
//! once against [`EvalSink`]: [`evaluate`] runs it on the embedded table,
//! the tuner records it as a form of the weights ([`crate::tune`]). Ōgi
//! keeps its material to the end (captures go to the hand), so there is no
//! game phase: every term goes into the middle-game sum and the blend is
//! the identity.

use super::bitboard::*;
use super::position::Position;
use super::pst;
use super::threats::{Attacks, threat_terms};
use super::types::*;
use crate::evalkit::layout::weight_layout;
use crate::evalkit::{Direct, EvalSink};

/// Board values by kind (P L N S B R I K, then the promoted kinds) for the
/// search (move ordering, static exchange), not the evaluation, which has
/// its own tuned `value` and `hand` weights.
pub const VALUES: [i32; 16] = [
    100, 300, 330, 460, 650, 800, 1050, 0, // unpromoted
    520, 500, 500, 500, 860, 1020, 1260, 0, // promoted
];

/// The evaluation's weights: names and places in the table of
/// `eval_weights.rs`, which `tabula tune ogi` writes. Ranks are relative to
/// the side (1: its back rank).
pub mod layout {
    use super::super::pst::{BOARD_SQUARES, GUARD_PLACES};
    super::weight_layout! {
        VALUE "value" ["pawn", "lance", "knight", "silver", "bishop", "rook", "princess",
            "tokin", "plance", "pknight", "psilver", "horse", "dragon", "goddess"],
        HAND "hand" ["pawn", "lance", "knight", "silver", "bishop", "rook", "princess"],
        HAND_EXTRA "hand_extra" ["pawn", "lance", "knight", "silver", "bishop", "rook", "princess"],
        PAWN_RANK "pawn_rank" ["rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7", "rank8"],
        MINOR_RANK "minor_rank" ["rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7", "rank8"],
        PROMOTED_NEAR_KING "promoted_near_king" ["base", "per_step"],
        KING_RANK "king_rank" ["rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7", "rank8"],
        ZONE_PROMOTION "zone_promotion" ["lance", "knight", "silver", "bishop", "rook", "princess"],
        MOBILITY "mobility" ["lance", "bishop", "rook", "princess", "horse", "dragon", "goddess"],
        ATTACK_UNITS "king_attack_units" ["pawn", "lance", "knight", "silver", "bishop", "rook",
            "princess", "tokin", "plance", "pknight", "psilver", "horse", "dragon", "goddess"],
        HAND_THREAT "hand_threat" ["pawn", "lance", "knight", "silver", "bishop", "rook", "princess"],
        KING_ATTACK "king_attack" ["square", "cap"],
        SHELTER "shelter" ["escape", "defender"],
        OPEN_KING "open_king" ["escapes0", "escapes1", "escapes2"],
        DROP_SPOTS "drop_spots" ["any", "per_attacker"],
        TEMPO "tempo" [""],
        PST_PAWN "pst_pawn" BOARD_SQUARES,
        PST_LANCE "pst_lance" BOARD_SQUARES,
        PST_KNIGHT "pst_knight" BOARD_SQUARES,
        PST_SILVER "pst_silver" BOARD_SQUARES,
        PST_BISHOP "pst_bishop" BOARD_SQUARES,
        PST_ROOK "pst_rook" BOARD_SQUARES,
        PST_PRINCESS "pst_princess" BOARD_SQUARES,
        PST_KING "pst_king" BOARD_SQUARES,
        PST_GOLD "pst_gold" BOARD_SQUARES,
        KING_GUARD "king_guard" GUARD_PLACES,
        THREAT_BY_LOWER "threat_by_lower" ["minor", "gold", "bishop", "rook", "princess"],
        HANGING "hanging" ["pawn", "minor", "gold", "bishop", "rook", "princess"],
        SAFE_CHECK "safe_check" ["board", "drop"],
    }
}
use layout::*;

use super::eval_weights::WEIGHTS;
const _: () = assert!(
    WEIGHTS.len() == COUNT,
    "eval_weights.rs does not fit the layout"
);

/// The weight names, one per weight, in table order.
pub fn weight_names() -> Vec<String> {
    crate::evalkit::layout::names(GROUPS)
}

/// The index of a kind in the 14-element per-kind groups (no king).
#[inline(always)]
fn kind_slot(kind: usize) -> usize {
    if kind >= PROMOTED { kind - 1 } else { kind }
}

/// The index of a mobility weight, for the kinds whose mobility counts.
#[inline(always)]
fn mobility_slot(kind: usize) -> Option<usize> {
    match kind {
        LANCE => Some(0),
        BISHOP => Some(1),
        ROOK => Some(2),
        PRINCESS => Some(3),
        HORSE => Some(4),
        DRAGON => Some(5),
        GODDESS => Some(6),
        _ => None,
    }
}

/// The king attack is `min(u² x attackers x square / 1200, cap)`: `u` the
/// attack units (weighted hits on the zone around the king, plus the hand's
/// drop threat per attacker), `attackers` at most 4. `square` is kept in
/// hundredths of a twelfth so that it tunes in fine steps.
const ATTACK_SCALE: i32 = 1200;

/// One side's terms, with `sign` +1 for sente and -1 for gote, and the
/// squares the side attacks (for the threat terms).
fn side_terms<S: EvalSink>(s: &mut S, pos: &Position, us: Side) -> Attacks {
    let sign = if us == SENTE { 1 } else { -1 };
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.colors[us];

    // Each piece in hand, and apart each one beyond the first of its kind
    // (a second rook in hand adds less than the first).
    for (k, &n) in pos.hand[us].iter().enumerate() {
        s.tapered(HAND + k, sign * n as i32, 0);
        if n > 1 {
            s.tapered(HAND_EXTRA + k, sign * (n as i32 - 1), 0);
        }
    }

    let our_k = pos.king_square(us);
    let their_k = pos.king_square(them);
    let their_zone = KING_ATK[their_k] | bit(their_k);
    // Hits on their king zone by kind (the king's own slot unused).
    let mut hits = [0i32; KINDS];
    let mut attackers = 0;
    let mut attacks = Attacks::new();
    // The squares from which a piece of a kind would check their king,
    // worked out for the first piece of the kind.
    let mut checks: [Option<Bitboard>; KINDS] = [None; KINDS];

    for sq in Squares(own) {
        let kind = piece_kind(pos.board[sq]);
        let rr = relative_rank(us, sq);
        pst::piece_terms(s, sign, us, kind, sq, our_k);
        if kind == KING {
            s.tapered(KING_RANK + (rr & 7), sign, 0);
            attacks.add(kind, KING_ATK[sq], 0, own);
            continue;
        }
        s.tapered(VALUE + kind_slot(kind), sign, 0);
        match kind {
            PAWN => s.tapered(PAWN_RANK + (rr & 7), sign, 0),
            LANCE | KNIGHT | SILVER => s.tapered(MINOR_RANK + (rr & 7), sign, 0),
            TOKIN | PLANCE | PKNIGHT | PSILVER => {
                // Promoted minors are strongest near the enemy king.
                s.tapered(PROMOTED_NEAR_KING, sign, 0);
                s.tapered(PROMOTED_NEAR_KING + 1, sign * king_distance(sq, their_k), 0);
            }
            _ => {}
        }
        // A promotable piece inside the zone promotes with its next move.
        if can_promote(kind) && kind != PAWN && ZONE[us] & bit(sq) != 0 {
            s.tapered(ZONE_PROMOTION + kind - 1, sign, 0);
        }
        let a = Position::attacks_from(us, kind, sq, occ);
        let from = match checks.get_mut(kind) {
            Some(Some(c)) => *c,
            Some(slot) => *slot.insert(Position::checking_squares(us, kind, their_k, occ)),
            None => 0,
        };
        attacks.add(kind, a, from, own);
        let h = (a & their_zone).count_ones() as i32;
        if h > 0 {
            hits[kind] += h;
            attackers += 1;
        }
        if let Some(m) = mobility_slot(kind) {
            s.tapered(MOBILITY + m, sign * (a & !own).count_ones() as i32, 0);
        }
    }

    // Our attack on their king: grows with attackers and our hand.
    let hand_pieces: [i32; HAND_KINDS] = std::array::from_fn(|k| (pos.hand[us][k] != 0) as i32);
    king_attack(s, sign, &hits, &hand_pieces, attackers);

    // Their king's shelter from our point of view: escape squares and
    // defenders around it.
    let their_own = pos.colors[them];
    let mut escapes = 0;
    for t in Squares(KING_ATK[their_k] & !their_own) {
        if pos.attackers(t, us, occ ^ bit(their_k)) == 0 {
            escapes += 1;
        }
    }
    let defenders = (KING_ATK[their_k] & their_own).count_ones() as i32;
    // Drop spots: empty squares next to their king that only the king
    // guards, where a piece from our hand can land with check or threat.
    if pos.hand[us].iter().any(|&n| n != 0) {
        let guards = pos.colors[them] & !bit(their_k);
        let spots = Squares(KING_ATK[their_k] & !occ)
            .filter(|&t| pos.attackers(t, them, occ) & guards == 0)
            .count() as i32;
        s.tapered(DROP_SPOTS, sign * spots.min(4), 0);
        s.tapered(DROP_SPOTS + 1, sign * spots.min(4) * attackers.min(3), 0);
    }
    s.tapered(SHELTER, sign * escapes.min(4), 0);
    s.tapered(SHELTER + 1, sign * defenders.min(4), 0);
    if escapes < 3 {
        s.tapered(OPEN_KING + escapes as usize, sign * attackers.min(3), 0);
    }
    attacks
}

/// `min(u² x a x square / 1200, cap)`, non-linear in the unit weights:
/// given to the sink as its first-order expansion.
fn king_attack<S: EvalSink>(
    s: &mut S,
    sign: i32,
    hits: &[i32; KINDS],
    hand: &[i32; HAND_KINDS],
    attackers: i32,
) {
    let per_hand = attackers.min(3);
    let a = attackers.min(4);
    if a == 0 {
        return;
    }
    let mut u = 0;
    for (kind, &h) in hits.iter().enumerate() {
        if h != 0 {
            u += h * s.weight(ATTACK_UNITS + kind_slot(kind));
        }
    }
    for (k, &present) in hand.iter().enumerate() {
        u += present * per_hand * s.weight(HAND_THREAT + k);
    }
    let square = s.weight(KING_ATTACK);
    let cap = s.weight(KING_ATTACK + 1);
    let value = u * u * a * square / ATTACK_SCALE;
    if value >= cap {
        s.tapered(KING_ATTACK + 1, sign, 0);
        return;
    }
    // d value / d unit weight = 2 u a square / 1200 per hit, rounded.
    let slope =
        |n: i32| sign * (2 * u * a * square * n + ATTACK_SCALE / 2).div_euclid(ATTACK_SCALE);
    // At most 1 + 14 board kinds + 7 hand kinds partials; no allocation.
    let mut partials = [(0usize, 0i32, 0i32); 1 + KINDS + HAND_KINDS];
    partials[0] = (
        KING_ATTACK,
        sign * (u * u * a + ATTACK_SCALE / 2).div_euclid(ATTACK_SCALE),
        0,
    );
    let mut n = 1;
    for (kind, &h) in hits.iter().enumerate() {
        if h != 0 {
            partials[n] = (ATTACK_UNITS + kind_slot(kind), slope(h), 0);
            n += 1;
        }
    }
    for (k, &present) in hand.iter().enumerate() {
        if present != 0 {
            partials[n] = (HAND_THREAT + k, slope(per_hand), 0);
            n += 1;
        }
    }
    s.expansion((sign * value, 0), &partials[..n]);
}

#[inline(always)]
fn king_distance(a: usize, b: usize) -> i32 {
    let df = (file_of(a) as i32 - file_of(b) as i32).abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).abs();
    df.max(dr)
}

/// The whole evaluation into `s`: the score for the side to move.
pub fn evaluate_into<S: EvalSink>(s: &mut S, pos: &Position) {
    let attacks = [side_terms(s, pos, SENTE), side_terms(s, pos, GOTE)];
    threat_terms(s, pos, SENTE, &attacks);
    threat_terms(s, pos, GOTE, &attacks);
    s.blend(1, 1);
    if pos.side != SENTE {
        s.negate();
    }
    s.add(TEMPO, 1);
}

/// Evaluation in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut d = Direct::new(&WEIGHTS);
    evaluate_into(&mut d, pos);
    d.score()
}

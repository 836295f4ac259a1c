//! Static evaluation for the side to move: material (hand pieces a little
//! above their board value), piece-square basics, promotion awareness and
//! king safety (attacks near the king, escape squares, defenders, and the
//! drop threat of the opponent's hand).

use super::bitboard::*;
use super::position::Position;
use super::types::*;

/// Board values by kind (P L N S B R I K, then the promoted kinds).
pub const VALUES: [i32; 16] = [
    100, 300, 330, 460, 650, 800, 1050, 0, // unpromoted
    520, 500, 500, 500, 860, 1020, 1260, 0, // promoted
];

/// Hand values by hand kind: a piece in hand may be dropped anywhere.
pub const HAND_VALUES: [i32; HAND_KINDS] = [115, 340, 370, 510, 720, 880, 1150];

/// Weight of an attacker near the enemy king by kind.
const ATTACK_WEIGHT: [i32; 16] = [1, 2, 2, 3, 3, 4, 5, 0, 3, 3, 3, 3, 4, 5, 6, 0];

#[inline]
fn side_score(pos: &Position, us: usize) -> i32 {
    let them = us ^ 1;
    let occ = pos.occupied();
    let own = pos.colors[us];
    let mut s = 0;

    // Hand.
    for (&n, &v) in pos.hand[us].iter().zip(HAND_VALUES.iter()) {
        s += n as i32 * v;
    }

    let their_k = pos.king_square(them);
    let their_zone = KING_ATK[their_k] | bit(their_k);
    let mut attack_units = 0;
    let mut attackers = 0;

    for sq in Squares(own) {
        let kind = piece_kind(pos.board[sq]);
        s += VALUES[kind];
        let rr = relative_rank(us, sq) as i32;
        match kind {
            PAWN => s += 6 * rr,
            LANCE | KNIGHT | SILVER => s += 4 * rr,
            TOKIN | PLANCE | PKNIGHT | PSILVER => {
                // Promoted minors are strongest near the enemy king.
                let d = king_distance(sq, their_k);
                s += 24 - 4 * d;
            }
            KING => {
                s += [30, 20, 0, -20, -40, -60, -70, -80][rr as usize & 7];
            }
            _ => {}
        }
        // A promotable piece inside the zone promotes with its next move.
        if can_promote(kind) && kind != PAWN && ZONE[us] & bit(sq) != 0 {
            s += (VALUES[kind + PROMOTED] - VALUES[kind]) / 3;
        }
        if kind != KING {
            let a = Position::attacks_from(us, kind, sq, occ);
            let hits = (a & their_zone).count_ones() as i32;
            if hits > 0 {
                attack_units += ATTACK_WEIGHT[kind] * hits;
                attackers += 1;
            }
            // Mobility, lightly.
            if matches!(
                kind,
                BISHOP | ROOK | PRINCESS | HORSE | DRAGON | GODDESS | LANCE
            ) {
                s += 2 * (a & !own).count_ones() as i32;
            }
        }
    }

    // Our attack on their king: grows with attackers and our hand.
    let hand_threat: i32 = (0..HAND_KINDS)
        .map(|k| (pos.hand[us][k] != 0) as i32 * ATTACK_WEIGHT[k].max(1))
        .sum();
    let units = attack_units + hand_threat * (attackers.min(3));
    s += (units * units * attackers.min(4) / 12).min(900);

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
    s -= 6 * escapes.min(4) + 8 * defenders.min(4);
    s += [30, 15, 5, 0, 0, 0, 0, 0, 0][escapes.clamp(0, 8) as usize] * attackers.min(3);
    s
}

#[inline(always)]
fn king_distance(a: usize, b: usize) -> i32 {
    let df = (file_of(a) as i32 - file_of(b) as i32).abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).abs();
    df.max(dr)
}

/// Evaluation in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side;
    side_score(pos, us) - side_score(pos, us ^ 1) + 15
}

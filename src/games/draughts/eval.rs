//! Static evaluation, in hundredths of a man, for the side to move:
//! material (a king is worth three men), advancement of the men (more as
//! they near the crowning row), the back row kept while the opponent still
//! has men to crown, the centre, and a small bonus for the side to move.
//!
//! These are hand-set starting weights, not yet fitted by the tuner.

use super::position::Position;
use super::types::*;
use super::variant::*;

pub const MAN: i32 = 100;
pub const KING: i32 = 300;
/// Per row a man has advanced from its own back row.
const ADVANCE: i32 = 3;
/// Extra for a man on the two rows before crowning.
const NEAR_CROWN: i32 = 12;
/// A man still on its own back row while the opponent has men.
const BACK_ROW: i32 = 6;
/// A man on the central squares.
const CENTRE: i32 = 5;
const TEMPO: i32 = 4;

/// The central squares: the middle half of the columns on the middle rows.
const fn centre_mask<V: Variant>() -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < V::SQUARES {
        let (r, c) = row_col::<V>(s);
        let q = V::ROWS / 4;
        if r >= q && r < V::ROWS - q && c >= q && c < V::ROWS - q {
            m |= 1 << bit_of::<V>(s);
        }
        s += 1;
    }
    m
}

/// The score of `color`'s pieces.
fn side_score<V: Variant>(pos: &Position<V>, color: usize) -> i32 {
    let men = pos.men(color);
    let kings = pos.kings_of(color);
    let mut score = MAN * men.count_ones() as i32 + KING * kings.count_ones() as i32;
    let mut bb = men;
    while bb != 0 {
        let b = bb.trailing_zeros();
        bb &= bb - 1;
        let (row, _) = row_col::<V>(square_of::<V>(b));
        // Rows advanced from the man's own back row.
        let adv = if color == WHITE {
            V::ROWS - 1 - row
        } else {
            row
        } as i32;
        score += ADVANCE * adv;
        if adv >= V::ROWS as i32 - 3 {
            score += NEAR_CROWN;
        }
    }
    let back_row = Position::<V>::crown_row(color ^ 1);
    if pos.men(color ^ 1) != 0 {
        score += BACK_ROW * (men & back_row).count_ones() as i32;
    }
    score += CENTRE * (men & centre_mask::<V>()).count_ones() as i32;
    score
}

/// The evaluation for the side to move.
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    let white = side_score(pos, WHITE) - side_score(pos, BLACK);
    let s = if pos.side == WHITE { white } else { -white };
    s + TEMPO
}

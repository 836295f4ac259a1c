//! Static evaluation (centipawns, side to move's view).

use super::position::Position;
use super::types::*;

pub const VALUES: [i32; 6] = [100, 200, 300, 320, 500, 0];

pub fn evaluate(pos: &Position) -> i32 {
    let mut s = 0;
    for k in 0..5 {
        s += VALUES[k]
            * (pos.pieces(WHITE, k).count_ones() as i32 - pos.pieces(BLACK, k).count_ones() as i32);
    }
    if pos.side == WHITE { s } else { -s }
}

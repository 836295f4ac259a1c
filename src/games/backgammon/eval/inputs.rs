//! The network's inputs: for each side (the player on roll first), each
//! point as four units in the TD-Gammon style (at least one checker, at
//! least two, at least three, half the checkers beyond three), then the
//! bar (half the checkers), the borne-off share and the pip count (per
//! 160 pips). Most units are zero, so they are listed sparsely. The
//! contact network has the hand-made [`features`](super::features) after
//! them.

use super::super::board::{BAR, Board, Points};
use super::Kind;
use super::features::{self, FEATURES};

/// Units per side: 24 points × 4, bar, off, pips.
pub const PER_SIDE: usize = 24 * 4 + 3;
/// The raw inputs: both sides.
pub const INPUTS: usize = 2 * PER_SIDE;

/// The inputs of the network for `kind`.
pub fn count(kind: Kind) -> usize {
    match kind {
        Kind::Contact => INPUTS + FEATURES,
        _ => INPUTS,
    }
}

/// The non-zero inputs of a board for a network of `inputs` inputs (the
/// raw ones, and the features when it has room for them): `(index,
/// value)`.
pub fn encode(board: &Board, inputs: usize, out: &mut Vec<(u16, f32)>) {
    out.clear();
    side(&board.mover, 0, out);
    side(&board.other, PER_SIDE, out);
    if inputs >= INPUTS + FEATURES {
        for (k, v) in features::encode(&board.mover, &board.other)
            .into_iter()
            .enumerate()
        {
            if v != 0.0 {
                out.push(((INPUTS + k) as u16, v));
            }
        }
    }
}

fn side(s: &Points, base: usize, out: &mut Vec<(u16, f32)>) {
    let mut push = |i: usize, v: f32| out.push(((base + i) as u16, v));
    let mut pips = 0u32;
    for (p, &n) in s.iter().enumerate().take(25).skip(1) {
        pips += p as u32 * u32::from(n);
        if n == 0 {
            continue;
        }
        let at = (p - 1) * 4;
        push(at, 1.0);
        if n >= 2 {
            push(at + 1, 1.0);
        }
        if n >= 3 {
            push(at + 2, 1.0);
        }
        if n > 3 {
            push(at + 3, f32::from(n - 3) / 2.0);
        }
    }
    pips += 25 * u32::from(s[BAR]);
    if s[BAR] > 0 {
        push(96, f32::from(s[BAR]) / 2.0);
    }
    if s[0] > 0 {
        push(97, f32::from(s[0]) / 15.0);
    }
    push(98, pips as f32 / 160.0);
}

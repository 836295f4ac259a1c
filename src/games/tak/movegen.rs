//! Move generation (placements, spreads with every drop pattern, capstone
//! flattening), counting without generating, and perft (convention T0: a
//! finished game has no moves).

use super::position::{Position, TakResult};
use super::types::*;
use std::sync::OnceLock;

/// Drop patterns for each carry limit `c` (1..=8): every pattern carrying
/// at most `c` pieces, sorted by the number of squares, so that the patterns
/// fitting in `d` free squares are a prefix of length `fit[c][d]`.
struct Patterns {
    list: [Vec<u8>; 9],
    fit: [[u16; 9]; 9],
    /// Patterns whose last drop is a lone piece on square `d + 1` (capstone
    /// flattening after `d` free squares), for carry limit `c`.
    flatten: [[Vec<u8>; 9]; 9],
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let mut list: [Vec<u8>; 9] = Default::default();
        let mut fit = [[0u16; 9]; 9];
        let mut flatten: [[Vec<u8>; 9]; 9] = Default::default();
        for c in 1..=8usize {
            let mut v: Vec<u8> = (1u32..(1 << c)).map(|m| m as u8).collect();
            v.sort_by_key(|m| (m.count_ones(), *m));
            for (d, f) in fit[c].iter_mut().enumerate() {
                *f = v.iter().filter(|m| m.count_ones() as usize <= d).count() as u16;
            }
            for (d, fl) in flatten[c].iter_mut().enumerate() {
                *fl = v
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let top = 7 - m.leading_zeros();
                        let lone = top == 0 || m & (1 << (top - 1)) != 0;
                        m.count_ones() as usize == d + 1 && lone
                    })
                    .collect();
            }
            list[c] = v;
        }
        Patterns { list, fit, flatten }
    })
}

/// Free squares from `sq` in `dir` (at most `max`), and whether the square
/// after them holds a wall that a capstone could flatten.
#[inline]
fn reach(pos: &Position, sq: usize, dir: u8, max: usize) -> (usize, bool) {
    let edge = pos.geo.edge_distance(sq, dir).min(max);
    let step = pos.geo.step(dir);
    let blockers = pos.walls | pos.caps;
    let mut t = sq as isize;
    for i in 0..edge {
        t += step;
        let b = 1u64 << t;
        if blockers & b != 0 {
            return (i, pos.walls & b != 0);
        }
    }
    (edge, false)
}

/// Something that collects moves (a vector or a counter).
pub trait MoveSink {
    fn push(&mut self, mv: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Appends all legal moves of a position whose game is not over.
pub fn generate<S: MoveSink>(pos: &Position, out: &mut S) {
    let empty = pos.geo.full & !pos.occupied();
    let side = pos.side;
    if pos.is_opening() {
        let mut e = empty;
        while e != 0 {
            out.push(Move::place(e.trailing_zeros() as usize, FLAT));
            e &= e - 1;
        }
        return;
    }
    let stones = pos.stones_left[side] > 0;
    let caps = pos.caps_left[side] > 0;
    let mut e = empty;
    while e != 0 {
        let sq = e.trailing_zeros() as usize;
        e &= e - 1;
        if stones {
            out.push(Move::place(sq, FLAT));
            out.push(Move::place(sq, WALL));
        }
        if caps {
            out.push(Move::place(sq, CAP));
        }
    }
    let mut mine = pos.owner[side];
    while mine != 0 {
        let sq = mine.trailing_zeros() as usize;
        mine &= mine - 1;
        generate_spreads_from(pos, sq, out);
    }
}

/// Appends the spreads of the stack on `sq` (controlled by the side to
/// move, outside the opening).
#[inline]
pub fn generate_spreads_from<S: MoveSink>(pos: &Position, sq: usize, out: &mut S) {
    let p = patterns();
    let carry = (pos.heights[sq] as usize).min(pos.size());
    let is_cap = pos.caps & (1u64 << sq) != 0;
    for dir in 0..4u8 {
        let (free, wall) = reach(pos, sq, dir, carry);
        let n = p.fit[carry][free] as usize;
        for &m in &p.list[carry][..n] {
            out.push(Move::spread(sq, dir, m));
        }
        if wall && is_cap {
            for &m in &p.flatten[carry][free] {
                out.push(Move::spread(sq, dir, m));
            }
        }
    }
}

/// Squares a spread from `sq` can reach (capstone flattening included).
pub fn spread_reach(pos: &Position, sq: usize) -> u64 {
    let carry = (pos.heights[sq] as usize).min(pos.size());
    let is_cap = pos.caps & (1u64 << sq) != 0;
    let mut out = 0u64;
    for dir in 0..4u8 {
        let (free, wall) = reach(pos, sq, dir, carry);
        let reach = if wall && is_cap && free < carry {
            free + 1
        } else {
            free
        };
        let step = pos.geo.step(dir);
        let mut t = sq as isize;
        for _ in 0..reach {
            t += step;
            out |= 1u64 << t;
        }
    }
    out
}

/// The number of legal moves (of a position whose game is not over).
pub fn count_moves(pos: &Position) -> u64 {
    let empty = (pos.geo.full & !pos.occupied()).count_ones() as u64;
    if pos.is_opening() {
        return empty;
    }
    let side = pos.side;
    let per_square = 2 * (pos.stones_left[side] > 0) as u64 + (pos.caps_left[side] > 0) as u64;
    let mut total = empty * per_square;
    let p = patterns();
    let mut mine = pos.owner[side];
    while mine != 0 {
        let sq = mine.trailing_zeros() as usize;
        mine &= mine - 1;
        let carry = (pos.heights[sq] as usize).min(pos.size());
        let is_cap = pos.caps & (1u64 << sq) != 0;
        for dir in 0..4u8 {
            let (free, wall) = reach(pos, sq, dir, carry);
            total += p.fit[carry][free] as u64;
            if wall && is_cap {
                total += p.flatten[carry][free].len() as u64;
            }
        }
    }
    total
}

/// Leaves `depth` plies below; a finished game has none (convention T0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.result != TakResult::Ongoing {
        return 0;
    }
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_inner(pos, depth, &mut bufs)
}

fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 1 {
        return count_moves(pos);
    }
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 0;
    };
    buf.clear();
    generate(pos, buf);
    let mut total = 0;
    for &mv in buf.iter() {
        pos.make_move(mv);
        if pos.result == TakResult::Ongoing {
            total += perft_inner(pos, depth - 1, rest);
        }
        pos.unmake_move();
    }
    total
}

//! Static evaluation, road threats and move-ordering hints.
//!
//! Scores are centipawn-like: 100 is about one flat of the final count.

use super::movegen::{generate_spreads_from, spread_reach};
use super::position::{ONGOING, Position};
use super::types::*;

/// Empty squares where a road-eligible placement of `c` completes a road.
pub fn placement_wins(pos: &Position, c: usize) -> u64 {
    if pos.stones_left[c] + pos.caps_left[c] == 0 {
        return 0;
    }
    let g = &pos.geo;
    let r = pos.road_squares(c);
    let empty = g.full & !pos.occupied();
    let a = g.flood(r & g.rank_first, r);
    let b = g.flood(r & g.rank_last, r);
    let v = (g.neighbours(a) | g.rank_first) & (g.neighbours(b) | g.rank_last);
    let cc = g.flood(r & g.file_first, r);
    let d = g.flood(r & g.file_last, r);
    let h = (g.neighbours(cc) | g.file_first) & (g.neighbours(d) | g.file_last);
    empty & (v | h)
}

/// The road threats of the position (cached).
pub fn threats(pos: &Position) -> Threats {
    let t = pos.threat_cache.get();
    if t.valid && t.key == pos.key {
        return t;
    }
    let mut t = Threats {
        key: pos.key,
        valid: true,
        ..Threats::NONE
    };
    if pos.result == ONGOING && !pos.is_opening() {
        let c = pos.side;
        t.win_place = placement_wins(pos, c);
        t.opp_place = placement_wins(pos, c ^ 1);
        let r = pos.road_squares(c);
        let mut mine = pos.owner[c];
        let mut reach = Vec::with_capacity(16);
        let mut all = 0u64;
        while mine != 0 {
            let sq = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let x = spread_reach(pos, sq) | (1u64 << sq);
            all |= x;
            reach.push((sq, x));
        }
        if pos.geo.has_road(r | all) {
            for (sq, x) in reach {
                if pos.geo.has_road(r | x) {
                    t.spread_from |= 1u64 << sq;
                }
            }
        }
    }
    pos.threat_cache.set(t);
    t
}

/// The squares a spread drops on.
#[inline]
fn spread_path(pos: &Position, mv: Move) -> u64 {
    let step = pos.geo.step(mv.dir());
    let mut t = mv.square() as isize;
    let mut path = 0u64;
    for _ in 0..mv.squares() {
        t += step;
        path |= 1u64 << t;
    }
    path
}

/// True when the spread `mv` gives its mover `c` a road (without playing it).
pub fn spread_makes_road(pos: &Position, mv: Move, c: usize) -> bool {
    let from = mv.square();
    let fb = 1u64 << from;
    let count = mv.count();
    let h = pos.heights[from] as u32;
    if count > h {
        return false;
    }
    let rest = h - count;
    let kind = pos.top_kind(from);
    let stack = pos.stacks[from];
    let mut road = pos.road_squares(c) & !fb;
    if rest > 0 && ((stack >> (rest - 1)) & 1) as usize == c {
        road |= fb;
    }
    let mut carried = (stack >> rest) as u32 & ((1u32 << count) - 1);
    let step = pos.geo.step(mv.dir());
    let mut pattern = mv.pattern() as u32;
    let mut prev = 0;
    let mut t = from as isize;
    while pattern != 0 {
        let s = pattern.trailing_zeros() + 1;
        let d = s - prev;
        prev = s;
        pattern &= pattern - 1;
        t += step;
        let tb = 1u64 << t;
        let top = ((carried >> (d - 1)) & 1) as usize;
        carried >>= d;
        road &= !tb;
        if top == c && !(pattern == 0 && kind == WALL) {
            road |= tb;
        }
    }
    pos.geo.has_road(road)
}

/// Appends the moves that win at once by a road.
pub fn road_wins(pos: &Position, out: &mut Vec<Move>) {
    let t = threats(pos);
    let c = pos.side;
    let mut w = t.win_place;
    let kind = if pos.stones_left[c] > 0 { FLAT } else { CAP };
    while w != 0 {
        let sq = w.trailing_zeros() as usize;
        w &= w - 1;
        out.push(Move::place(sq, kind));
    }
    let mut s = t.spread_from;
    let mut buf = Vec::with_capacity(64);
    while s != 0 {
        let sq = s.trailing_zeros() as usize;
        s &= s - 1;
        buf.clear();
        generate_spreads_from(pos, sq, &mut buf);
        out.extend(
            buf.iter()
                .copied()
                .filter(|&m| spread_makes_road(pos, m, c)),
        );
    }
}

pub const HINT_WIN: i32 = 1_000_000;
pub const HINT_BLOCK: i32 = 50_000;

/// Ordering hint: road wins first, then moves that take an opponent's
/// winning square; everything else is quiet (0).
pub fn order_hint(pos: &Position, mv: Move) -> i32 {
    let t = threats(pos);
    let sq = mv.square();
    let b = 1u64 << sq;
    if mv.is_place() {
        if pos.is_opening() {
            return 0;
        }
        let kind = mv.kind();
        if t.win_place & b != 0 && kind != WALL {
            return HINT_WIN + if kind == FLAT { 10 } else { 0 };
        }
        if t.opp_place & b != 0 {
            return HINT_BLOCK + [100, 300, 200][(kind as usize).min(2)];
        }
        return 0;
    }
    if t.spread_from & b != 0 && spread_makes_road(pos, mv, pos.side) {
        return HINT_WIN;
    }
    if t.opp_place != 0 && spread_path(pos, mv) & t.opp_place != 0 {
        return HINT_BLOCK - 1000;
    }
    0
}

const TEMPO: i32 = 40;
const FLAT_W: i32 = 100;
const WALL_W: i32 = 45;
const CAP_W: i32 = 70;
const OWN_UNDER: i32 = 18;
const OPP_UNDER: i32 = 6;
const CENTRE: i32 = 6;
const WALL_NEXT_TO_ROAD: i32 = 10;
const SPAN: [i32; 9] = [0, 0, 12, 35, 75, 130, 200, 280, 370];

/// Distance-from-edge bonus table per size (computed on the fly).
#[inline]
fn centrality(sq: usize, n: usize) -> i32 {
    let (r, f) = ((sq / n) as i32, (sq % n) as i32);
    let m = n as i32 - 1;
    r.min(m - r) + f.min(m - f)
}

/// Road potential of a set of road squares: each group counts by the
/// number of ranks or files it spans, the largest group twice.
fn road_potential(pos: &Position, road: u64) -> i32 {
    let g = &pos.geo;
    let n = g.size;
    let mut rest = road;
    let mut total = 0;
    let mut best = 0;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let comp = g.flood(seed, road);
        rest &= !comp;
        if comp & (comp - 1) == 0 {
            continue;
        }
        let mut rows = 0;
        let mut cols = 0;
        for i in 0..n {
            rows += (comp & (g.rank_first << (i * n)) != 0) as usize;
            cols += (comp & (g.file_first << i) != 0) as usize;
        }
        let span = rows.max(cols).min(8);
        // Scale to an 8-wide board so the table fits every size.
        let scaled = (span * 8 / n).min(8);
        let v = SPAN[scaled];
        total += v;
        best = best.max(v);
    }
    total + best
}

/// Static evaluation for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let n = pos.size();
    let total_pieces = 2 * (pos.cfg.stones + pos.cfg.caps) as i32;
    let left: i32 = (0..2)
        .map(|c| (pos.stones_left[c] + pos.caps_left[c]) as i32)
        .sum();
    // 0 at the start, 256 when the reserves are gone.
    let phase = ((total_pieces - left) * 256 / total_pieces.max(1)).clamp(0, 256);
    let mut score = [0i32; 2];
    for (c, slot) in score.iter_mut().enumerate() {
        let flats = pos.flats(c);
        let walls = pos.owner[c] & pos.walls;
        let caps = pos.owner[c] & pos.caps;
        let mut s = flats.count_ones() as i32 * FLAT_W
            + walls.count_ones() as i32 * WALL_W
            + caps.count_ones() as i32 * CAP_W;
        let opp_road = pos.road_squares(c ^ 1);
        let mut w = walls;
        while w != 0 {
            let sq = w.trailing_zeros() as usize;
            w &= w - 1;
            s +=
                (pos.geo.neighbours(1u64 << sq) & opp_road).count_ones() as i32 * WALL_NEXT_TO_ROAD;
        }
        let mut x = pos.owner[c];
        while x != 0 {
            let sq = x.trailing_zeros() as usize;
            x &= x - 1;
            let cen = centrality(sq, n);
            if caps & (1u64 << sq) != 0 {
                s += 3 * CENTRE * cen;
            } else {
                s += CENTRE * cen * (256 - phase) / 256;
            }
            let h = pos.heights[sq] as u32;
            if h > 1 {
                // The pieces under the top that a spread could still carry.
                let depth = (h - 1).min(n as u32);
                let under = (pos.stacks[sq] >> (h - 1 - depth)) as u32 & ((1u32 << depth) - 1);
                let theirs = if c == WHITE {
                    under.count_ones()
                } else {
                    depth - under.count_ones()
                };
                let own = depth - theirs;
                let mult = if walls & (1u64 << sq) != 0 || caps & (1u64 << sq) != 0 {
                    2
                } else {
                    1
                };
                s += (own as i32 * OWN_UNDER + theirs as i32 * OPP_UNDER) * mult;
            }
        }
        s += road_potential(pos, pos.road_squares(c)) * (256 - phase / 2) / 256;
        *slot = s;
    }
    let komi = pos.cfg.half_komi * FLAT_W / 2 * phase / 256;
    let mut white = score[WHITE] - score[BLACK] - komi;
    // Road threats: the side to move wins with a placement threat of its
    // own; two opponent threats usually cannot both be blocked.
    let t = threats(pos);
    let us = pos.side;
    let mut ours = 0;
    if t.win_place != 0 || t.spread_from != 0 {
        ours += if t.win_place != 0 { 600 } else { 150 };
    }
    let opp = t.opp_place.count_ones();
    if opp >= 2 {
        ours -= 500;
    } else if opp == 1 {
        ours -= 60;
    }
    ours += TEMPO;
    if us == WHITE {
        white += ours;
    } else {
        white -= ours;
    }
    if us == WHITE { white } else { -white }
}

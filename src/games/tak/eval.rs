//! Static evaluation, road threats and move-ordering hints.
//!
//! Scores are centipawn-like: 100 is about one flat of the final count.
//! The evaluation's weights are the named table of `eval_weights.rs`,
//! written by the tuner (`tabula tune tak`), never typed here; the
//! evaluation is written once against [`EvalSink`] (see [`crate::tune`]).

use super::movegen::{generate_spreads_from, spread_reach};
use super::position::{Position, TakResult};
use super::types::*;
use crate::evalkit::layout::weight_layout;
use crate::evalkit::{Direct, EvalSink};

/// Empty squares where a road-eligible placement of `c` completes a road.
pub fn placement_wins(pos: &Position, c: Side) -> u64 {
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
    if pos.result == TakResult::Ongoing && !pos.is_opening() {
        let c = pos.side;
        t.win_place = placement_wins(pos, c);
        t.opp_place = placement_wins(pos, c.other());
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
pub fn spread_makes_road(pos: &Position, mv: Move, c: Side) -> bool {
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
    if rest > 0 && Side::from_bit((stack >> (rest - 1)) & 1 != 0) == c {
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
        let top = Side::from_bit((carried >> (d - 1)) & 1 != 0);
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

/// The evaluation's weights: names and places in the table of
/// `eval_weights.rs`, which `tabula tune tak` writes. "mg" weights count
/// while the reserves are full and fade as the smaller one empties ([`reserve_phase`]);
/// "eg" weights grow as it empties; the others count throughout.
pub mod layout {
    super::weight_layout! {
        MATERIAL "material" ["flat", "wall", "cap"],
        WALL_NEXT_TO_ROAD "wall_next_to_road" [""],
        CENTRE "centre" ["mg", "cap"],
        UNDER "under" ["own", "theirs", "own_strong", "theirs_strong"],
        ROAD_SPAN_MG "road_span_mg" ["2", "3", "4", "5", "6", "7", "8"],
        ROAD_SPAN_EG "road_span_eg" ["2", "3", "4", "5", "6", "7", "8"],
        KOMI "komi" ["half_flat"],
        THREAT "road_threat" ["placement", "spread", "opponent_one", "opponent_two"],
        TEMPO "tempo" [""],
        MATERIAL_EG "material_eg" ["flat"],
        UNDER_EG "under_eg" ["own", "theirs", "own_strong", "theirs_strong"],
        FLAT_SQUARE "flat_square" ["00", "01", "02", "03", "11", "12", "13", "22", "23", "33"],
        ROAD_GROUPS "road_groups" ["mg", "eg"],
        WALL_SQUARE "wall_square" ["00", "01", "02", "03", "11", "12", "13", "22", "23", "33"],
        CAP_SQUARE "cap_square" ["00", "01", "02", "03", "11", "12", "13", "22", "23", "33"],
        NEXT_TO_STACK "next_to_own_stack" ["flat", "wall", "cap"],
        LINES "lines_occupied" ["mg", "eg"],
        CRITICAL "critical_squares" ["mg", "eg"],
        CAP_NEAR "cap_near" ["their_flat", "their_wall", "own_flat", "empty"],
        NEAR_THEIR_STACK "next_to_their_stack" ["flat", "wall", "cap"],
        ADJACENT "adjacent" ["flat_flat", "flat_their_flat", "flat_empty", "wall_their_flat", "wall_their_wall", "wall_own_flat"],
        RESERVE "reserve" ["mg", "eg"],
        LINE_CONTROL "line_control" ["open_1", "open_2", "open_3", "contested_1", "contested_2", "contested_3", "blocked_1", "blocked_2", "blocked_3"],
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

/// The square's distances from the nearer rank edge and the nearer file
/// edge.
#[inline]
fn edge_distances(sq: usize, n: usize) -> (usize, usize) {
    let (r, f) = (sq / n, sq % n);
    (r.min(n - 1 - r), f.min(n - 1 - f))
}

/// How central a square is: its two distances from the edges added.
#[inline]
fn centrality(sq: usize, n: usize) -> i32 {
    let (a, b) = edge_distances(sq, n);
    (a + b) as i32
}

/// The square's class under the board's eight symmetries, as an index
/// into the ten classes (a, b), a <= b <= 3, of the distances from the
/// nearer edges (one table fits every size up to 8).
#[inline]
fn square_class(sq: usize, n: usize) -> usize {
    let (a, b) = edge_distances(sq, n);
    let (a, b) = (a.min(b).min(3), a.max(b).min(3));
    // Rows of the triangle a <= b: 4 + 3 + 2 + 1 classes.
    [0, 4, 7, 9][a] + (b - a)
}

/// Road potential of a set of road squares: each group counts by the
/// number of ranks or files it spans (scaled to an 8-wide board so one
/// table fits every size), the largest group twice. Returns how many
/// groups of each scaled span there are, the largest counted twice, and
/// how many groups there are in all (single squares included).
fn road_spans<S: EvalSink>(s: &S, pos: &Position, road: u64) -> ([i32; 7], i32) {
    let g = &pos.geo;
    let n = g.size;
    let mut rest = road;
    let mut count = [0i32; 7];
    let mut best: Option<usize> = None;
    let mut groups = 0;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let comp = g.flood(seed, road);
        rest &= !comp;
        groups += 1;
        if comp & (comp - 1) == 0 {
            continue;
        }
        let (rows, cols) = g.lines_touched(comp);
        let span = (rows.max(cols) as usize).min(8);
        let scaled = (span * 8 / n).min(8);
        if scaled < 2 {
            continue;
        }
        count[scaled - 2] += 1;
        let value = |k: usize| s.weight(ROAD_SPAN_MG + k);
        if best.is_none_or(|b| value(scaled - 2) > value(b)) {
            best = Some(scaled - 2);
        }
    }
    if let Some(b) = best {
        count[b] += 1;
    }
    (count, groups)
}

/// Where one side's pieces stand: square classes per kind, centrality
/// (capstones apart), and the pieces under its stacks' tops (own and
/// theirs, under a flat and under a wall or capstone).
struct Placement {
    centre: i32,
    cap_centre: i32,
    under: [i32; 4],
    squares: [i32; 10],
    wall_squares: [i32; 10],
    cap_squares: [i32; 10],
}

#[inline(always)]
fn placement(pos: &Position, c: Side, flats: u64, walls: u64, caps: u64) -> Placement {
    let n = pos.size();
    let (mut centre, mut cap_centre) = (0, 0);
    let mut under = [0i32; 4];
    let mut squares = [0i32; 10];
    let mut wall_squares = [0i32; 10];
    let mut cap_squares = [0i32; 10];
    let mut x = pos.owner[c];
    while x != 0 {
        let sq = x.trailing_zeros() as usize;
        x &= x - 1;
        if flats & (1u64 << sq) != 0 {
            squares[square_class(sq, n)] += 1;
        } else if walls & (1u64 << sq) != 0 {
            wall_squares[square_class(sq, n)] += 1;
        } else {
            cap_squares[square_class(sq, n)] += 1;
        }
        let cen = centrality(sq, n);
        if caps & (1u64 << sq) != 0 {
            cap_centre += cen;
        } else {
            centre += cen;
        }
        let h = pos.heights[sq] as u32;
        if h > 1 {
            // The pieces under the top that a spread could still carry.
            let depth = (h - 1).min(n as u32);
            let below = (pos.stacks[sq] >> (h - 1 - depth)) as u32 & ((1u32 << depth) - 1);
            let theirs = if c == WHITE {
                below.count_ones()
            } else {
                depth - below.count_ones()
            };
            let own = depth - theirs;
            // A wall or capstone on top controls its stack better.
            let strong = if (walls | caps) & (1u64 << sq) != 0 {
                2
            } else {
                0
            };
            under[strong] += own as i32;
            under[strong + 1] += theirs as i32;
        }
    }
    Placement {
        centre,
        cap_centre,
        under,
        squares,
        wall_squares,
        cap_squares,
    }
}

/// One side's terms, with `sign` +1 for White and -1 for Black.
fn side_terms<S: EvalSink>(s: &mut S, pos: &Position, c: Side, tall: &PerSide<u64>) {
    let sign = if c == WHITE { 1 } else { -1 };
    let flats = pos.flats(c);
    let walls = pos.owner[c] & pos.walls;
    let caps = pos.owner[c] & pos.caps;
    // Flats on top are the count that decides most games: their worth
    // may grow as the reserves empty, so they have an end-game weight.
    let m = sign * flats.count_ones() as i32;
    s.tapered(MATERIAL, m, 0);
    s.tapered(MATERIAL_EG, 0, m);
    for (k, set) in [walls, caps].into_iter().enumerate() {
        let m = sign * set.count_ones() as i32;
        s.tapered(MATERIAL + 1 + k, m, m);
    }
    let opp_road = pos.road_squares(c.other());
    let mut next_to_road = 0;
    let mut w = walls;
    while w != 0 {
        let sq = w.trailing_zeros() as usize;
        w &= w - 1;
        next_to_road += (pos.geo.neighbours(1u64 << sq) & opp_road).count_ones() as i32;
    }
    s.tapered(WALL_NEXT_TO_ROAD, sign * next_to_road, sign * next_to_road);
    let Placement {
        centre,
        cap_centre,
        under,
        squares,
        wall_squares,
        cap_squares,
    } = placement(pos, c, flats, walls, caps);
    // Flats and walls by square class count in the middle game,
    // capstones throughout.
    for (group, counts, eg) in [
        (FLAT_SQUARE, &squares, 0),
        (WALL_SQUARE, &wall_squares, 0),
        (CAP_SQUARE, &cap_squares, 1),
    ] {
        for (k, &m) in counts.iter().enumerate() {
            if m != 0 {
                s.tapered(group + k, sign * m, eg * sign * m);
            }
        }
    }
    contact_terms(s, pos, c, sign, tall);
    line_terms(s, pos, c, sign);
    s.tapered(CENTRE, sign * centre, 0);
    s.tapered(CENTRE + 1, sign * cap_centre, sign * cap_centre);
    // Captives and reserves under a stack are worth most while there is
    // time to spread them; near the end the flat count decides.
    for (k, &u) in under.iter().enumerate() {
        s.tapered(UNDER + k, sign * u, 0);
        s.tapered(UNDER_EG + k, 0, sign * u);
    }
    // The pieces still in hand. The fit makes them a cost, mostly in the
    // end game: a piece in hand is not yet working on the board, and the
    // side nearer to running out chooses when the flats are counted.
    let in_hand = sign * (pos.stones_left[c] + pos.caps_left[c]) as i32;
    s.tapered(RESERVE, in_hand, 0);
    s.tapered(RESERVE + 1, 0, in_hand);
    // Road pieces in fewer groups are nearer to a road.
    let (spans, groups) = road_spans(s, pos, pos.road_squares(c));
    s.tapered(ROAD_GROUPS, sign * groups, 0);
    s.tapered(ROAD_GROUPS + 1, 0, sign * groups);
    for (k, &m) in spans.iter().enumerate() {
        if m != 0 {
            s.tapered(ROAD_SPAN_MG + k, sign * m, 0);
            s.tapered(ROAD_SPAN_EG + k, 0, sign * m);
        }
    }
}

/// The squares where `c` has a stack (more than one piece, `c` on top).
fn tall_stacks(pos: &Position, c: Side) -> u64 {
    let mut tall = 0u64;
    let mut x = pos.owner[c];
    while x != 0 {
        let sq = x.trailing_zeros() as usize;
        x &= x - 1;
        if pos.heights[sq] > 1 {
            tall |= 1u64 << sq;
        }
    }
    tall
}

/// What stands next to what: a stack spreads onto its neighbours and a
/// capstone flattens or captures them, so a piece's neighbours say how
/// safe it is and what it can take.
fn contact_terms<S: EvalSink>(s: &mut S, pos: &Position, c: Side, sign: i32, tall: &PerSide<u64>) {
    let g = &pos.geo;
    let flats = pos.flats(c);
    let walls = pos.owner[c] & pos.walls;
    let caps = pos.owner[c] & pos.caps;
    let their_flats = pos.flats(c.other());
    let their_walls = pos.owner[c.other()] & pos.walls;
    let empty = g.full & !pos.occupied();
    let by_own = g.neighbours(tall[c]);
    let by_theirs = g.neighbours(tall[c.other()]);
    for (k, set) in [flats, walls, caps].into_iter().enumerate() {
        s.tapered(
            NEXT_TO_STACK + k,
            sign * (by_own & set).count_ones() as i32,
            0,
        );
        let m = sign * (by_theirs & set).count_ones() as i32;
        s.tapered(NEAR_THEIR_STACK + k, m, 0);
    }
    let pairs = [
        (flats, flats),
        (flats, their_flats),
        (flats, empty),
        (walls, their_flats),
        (walls, their_walls),
        (walls, flats),
    ];
    for (k, (a, b)) in pairs.into_iter().enumerate() {
        s.tapered(ADJACENT + k, sign * g.adjacent_pairs(a, b) as i32, 0);
    }
    let by_cap = g.neighbours(caps);
    for (k, set) in [their_flats, their_walls, flats, empty]
        .into_iter()
        .enumerate()
    {
        let m = sign * (by_cap & set).count_ones() as i32;
        s.tapered(CAP_NEAR + k, m, m);
    }
}

/// Reach across the board: the ranks and files `c`'s road pieces touch,
/// how near each line is to a road along it, and the empty squares where
/// a placement would finish a road.
fn line_terms<S: EvalSink>(s: &mut S, pos: &Position, c: Side, sign: i32) {
    let road = pos.road_squares(c);
    let (ranks, files) = pos.geo.lines_touched(road);
    let lines = (ranks + files) as i32;
    s.tapered(LINES, sign * lines, 0);
    s.tapered(LINES + 1, 0, sign * lines);
    let control = line_control(pos, c, road);
    for (k, &m) in control.iter().enumerate() {
        if m != 0 {
            s.tapered(LINE_CONTROL + k, sign * m, sign * m);
        }
    }
    // The road threats' cache has both sides' winning placements.
    let t = threats(pos);
    let finishing = if c == pos.side {
        t.win_place
    } else {
        t.opp_place
    };
    let critical = sign * finishing.count_ones() as i32;
    s.tapered(CRITICAL, critical, 0);
    s.tapered(CRITICAL + 1, 0, critical);
}

/// The ranks and files that `c`'s road pieces (`road`) have all but one,
/// two or three squares of, by what the opponent has in the rest: nothing
/// ("open"), flats that a spread or capstone can take back ("contested"),
/// or a wall or capstone ("blocked"). Indexed as the layout's
/// `line_control`: state x 3 + squares missing - 1.
fn line_control(pos: &Position, c: Side, road: u64) -> [i32; 9] {
    let g = &pos.geo;
    let n = g.size;
    let blockers = pos.owner[c.other()] & (pos.walls | pos.caps);
    let their_flats = pos.flats(c.other());
    let mut counts = [0i32; 9];
    for i in 0..n {
        for line in [g.rank(i), g.file(i)] {
            let missing = n - (road & line).count_ones() as usize;
            if !(1..=3).contains(&missing) {
                continue;
            }
            let state = if blockers & line != 0 {
                2
            } else if their_flats & line != 0 {
                1
            } else {
                0
            };
            counts[state * 3 + missing - 1] += 1;
        }
    }
    counts
}

/// How far the game has run toward its end by reserves: 0 at the start,
/// 256 when a reserve is gone. The game ends when either side's reserve
/// runs out, so the smaller one sets the phase (as in Tiltak's value
/// evaluation); counting both together put a game where one side has
/// spent its pieces only half-way into its end game.
pub fn reserve_phase(pos: &Position) -> i32 {
    let reserve = (pos.cfg.stones + pos.cfg.caps) as i32;
    let left = |c: Side| (pos.stones_left[c] + pos.caps_left[c]) as i32;
    let smaller = left(WHITE).min(left(BLACK));
    ((reserve - smaller) * 256 / reserve.max(1)).clamp(0, 256)
}

/// The whole evaluation into `s`: the score for the side to move.
pub fn evaluate_into<S: EvalSink>(s: &mut S, pos: &Position) {
    let phase = reserve_phase(pos);
    let tall = PerSide::new(tall_stacks(pos, WHITE), tall_stacks(pos, BLACK));
    side_terms(s, pos, WHITE, &tall);
    side_terms(s, pos, BLACK, &tall);
    // Komi counts as the reserves empty (the flat count comes nearer).
    s.tapered(KOMI, 0, -pos.cfg.half_komi);
    s.blend(256 - phase, 256);
    if pos.side != WHITE {
        s.negate();
    }
    // Road threats: the side to move wins with a placement threat of its
    // own; two opponent threats usually cannot both be blocked.
    let t = threats(pos);
    if t.win_place != 0 {
        s.add(THREAT, 1);
    } else if t.spread_from != 0 {
        s.add(THREAT + 1, 1);
    }
    match t.opp_place.count_ones() {
        0 => {}
        1 => s.add(THREAT + 2, 1),
        _ => s.add(THREAT + 3, 1),
    }
    s.add(TEMPO, 1);
}

/// Static evaluation for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut d = Direct::new(&WEIGHTS);
    evaluate_into(&mut d, pos);
    d.score()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The TPS of the board mirrored left to right.
    fn mirrored_tps(tps: &str) -> String {
        let mut parts = tps.split(' ');
        let board = parts.next().unwrap_or("");
        let rows: Vec<String> = board
            .split('/')
            .map(|row| {
                let mut cells: Vec<String> = Vec::new();
                for cell in row.split(',') {
                    match cell.strip_prefix('x') {
                        Some(k) => {
                            let k: usize = if k.is_empty() { 1 } else { k.parse().unwrap() };
                            cells.extend(std::iter::repeat_n("x".to_string(), k));
                        }
                        None => cells.push(cell.to_string()),
                    }
                }
                cells.reverse();
                cells.join(",")
            })
            .collect();
        let rest: Vec<&str> = parts.collect();
        format!("{} {}", rows.join("/"), rest.join(" "))
    }

    #[test]
    fn evaluation_is_the_same_on_the_mirrored_board() {
        let cfg = Config {
            half_komi: 4,
            ..Config::standard(6)
        };
        for tps in [
            "x2,2,x,1,x/x,1,2,2,2,1/x,2,1,x,1,x/1,1,2C,1C,1,x/x,2,1,1,2,1/2,2,12,2,1S,2 1 16",
            "1,x,2,1,x2/1,1,1,x,12121121S,x/x,2,1C,2,1,2S/2,2,12C,1,1S,21/x2,112,2221S,2,21/2,2221S,2,21,x,2 2 35",
            "x6/x2,1,2,2,x/1,1,2,2,1,1/12,12,2C,221C,2,2/x,1,1,1,x2/x6 1 14",
        ] {
            let pos = crate::games::tak::tps::parse(tps, cfg).unwrap();
            let mirror = crate::games::tak::tps::parse(&mirrored_tps(tps), cfg).unwrap();
            assert_ne!(pos.key, mirror.key, "{tps} is its own mirror");
            assert_eq!(evaluate(&pos), evaluate(&mirror), "{tps}");
        }
    }

    #[test]
    fn square_classes_follow_the_board_symmetries() {
        for n in 3..=8 {
            let mut seen = std::collections::BTreeSet::new();
            for sq in 0..n * n {
                let (r, f) = (sq / n, sq % n);
                let k = square_class(sq, n);
                seen.insert(k);
                // The eight symmetries of the square board keep the class.
                for (r2, f2) in [
                    (f, r),
                    (n - 1 - r, f),
                    (r, n - 1 - f),
                    (n - 1 - f, n - 1 - r),
                ] {
                    assert_eq!(square_class(r2 * n + f2, n), k, "size {n}, square {sq}");
                }
            }
            // Classes (a, b) with a <= b <= min(3, (n - 1) / 2).
            let m = ((n - 1) / 2).min(3) + 1;
            assert_eq!(seen.len(), m * (m + 1) / 2, "size {n}");
            assert!(seen.iter().all(|&k| k < 10));
        }
        assert_eq!(square_class(0, 6), 0);
        assert_eq!(square_class(2 * 6 + 3, 6), 7);
    }

    #[test]
    fn the_reserve_term_counts_the_pieces_in_hand() {
        // The tuner's recording sink gives each weight's coefficients.
        let reserve = |pos: &Position| {
            let mut form = crate::evalkit::EvalForm::new(&WEIGHTS);
            evaluate_into(&mut form, pos);
            [
                form.mg_coefficient(RESERVE),
                form.eg_coefficient(RESERVE + 1),
            ]
        };
        let cfg = Config::standard(6);
        let mut pos = Position::empty(cfg);
        assert_eq!(reserve(&pos), [0, 0], "equal reserves cancel");
        // White has spent five stones and the capstone, Black two stones.
        pos.stones_left[WHITE] -= 5;
        pos.caps_left[WHITE] = 0;
        pos.stones_left[BLACK] -= 2;
        assert_eq!(
            reserve(&pos),
            [-4, -4],
            "White has four pieces fewer in hand"
        );
    }

    #[test]
    fn line_control_counts_lines_near_a_road_by_what_blocks_them() {
        let cfg = Config::standard(5);
        // White: a1-d1 (rank 1 missing e1), a2, a3 (file a missing a4, a5).
        // Black: a wall on a5 blocks file a; a flat on b2 stands in rank 2,
        // which holds one White piece and so is not counted.
        let tps = "2S,x4/x5/1,x4/1,2,x3/1,1,1,1,x 2 4";
        let pos = crate::games::tak::tps::parse(tps, cfg).unwrap();
        let white = line_control(&pos, WHITE, pos.road_squares(WHITE));
        // Rank 1 lacks only e1 and Black has nothing there; file a lacks
        // a4 and a5, and Black's wall stands on a5. The other lines have
        // one White road piece or none.
        let mut expected = [0i32; 9];
        expected[0] = 1; // rank 1, open, one missing
        expected[2 * 3 + 1] = 1; // file a, blocked, two missing
        assert_eq!(white, expected, "{tps}");
        let black = line_control(&pos, BLACK, pos.road_squares(BLACK));
        assert_eq!(black, [0i32; 9], "Black has no line of three or more");
    }

    #[test]
    fn phase_follows_the_smaller_reserve() {
        let cfg = Config::standard(6);
        let mut pos = Position::empty(cfg);
        assert_eq!(reserve_phase(&pos), 0);
        // White has one piece left, Black a full reserve: the game can end
        // on White's next placement, so it is (almost) all end game.
        pos.stones_left[WHITE] = 1;
        pos.caps_left[WHITE] = 0;
        let reserve = (cfg.stones + cfg.caps) as i32;
        assert_eq!(reserve_phase(&pos), (reserve - 1) * 256 / reserve);
        pos.stones_left[BLACK] = 0;
        pos.caps_left[BLACK] = 0;
        assert_eq!(reserve_phase(&pos), 256);
    }
}

//! Static evaluation in centipawns from the side to move's point of view.
//!
//! Terms: material, piece-square tables (middle game / end game blend by
//! remaining pieces), mobility, king safety (enemy pieces bearing on the
//! king's zone), light pawn structure, and endgame knowledge that matters
//! under Makruk counting: a lone minor piece, two mets, or a knight and a
//! met cannot force mate on a bare king; a bare king should be driven to a
//! corner with the attacking king close (so should a king left with one
//! minor piece against a rook, and any king whose side is behind once no
//! pawns are left and the count runs); and the score fades toward 0 as
//! the count nears its limit. King and rook, or king and two minors,
//! against a bare king are not evaluated here: `krk.rs` and
//! `two_minors.rs` know them exactly. Threats (pieces attacked by cheaper
//! ones or undefended) and safe checks are in `threats.rs`, king shelter
//! in `king_safety.rs`, and pawns side by side, backward pawns, the
//! kings' race to a passed pawn and outposts in `pawn_structure.rs`.
//!
//! The weights are the named table of `eval_weights.rs`, written by the
//! tuner (`tabula tune makruk`), never typed here. The evaluation is written
//! once against [`EvalSink`]: [`evaluate`] runs it on the embedded table,
//! the tuner records it as a form of the weights ([`crate::tune`]).

use super::bitboard::*;
use super::king_safety::king_safety_terms;
use super::pawn_structure::{passed_span, pawn_structure_terms};
use super::position::Position;
use super::pst::pst_terms;
use super::threats::{Attacks, threat_terms};
use super::types::*;
use crate::evalkit::layout::weight_layout;
use crate::evalkit::{Direct, EvalSink};

/// Piece values by kind: pawn, met, khon, knight, rook, king, for the
/// search (move ordering, static exchange, null-move material), not the
/// evaluation, which tapers between its own tuned `value_mg` / `value_eg`.
/// The proportions follow the usual engine consensus for Makruk: a knight a
/// bit above a khon, a met (ferz) clearly below both, a rook about 1.6
/// knights.
pub const VALUES: [i32; 6] = [100, 250, 340, 380, 600, 0];

/// The evaluation's weights: names and places in the table of
/// `eval_weights.rs`, which `tabula tune makruk` writes. "mg"/"eg" weights
/// go into the middle-game / end-game sum only; the others into both.
/// Rings count from the centre (0: d4..e5) to the edge (3); ranks are
/// relative to the side (1: its back rank).
pub mod layout {
    use super::super::pst::FOLDED_SQUARES;
    super::weight_layout! {
        VALUE_MG "value_mg" ["pawn", "met", "khon", "knight", "rook"],
        VALUE_EG "value_eg" ["pawn", "met", "khon", "knight", "rook"],
        PAWN_RANK_MG "pawn_rank_mg" ["rank4", "rank5"],
        PAWN_RANK_EG "pawn_rank_eg" ["rank4", "rank5"],
        PAWN_CENTRAL_MG "pawn_central_mg" [""],
        PAWN_DOUBLED "pawn_doubled" ["mg", "eg"],
        PAWN_ISOLATED "pawn_isolated" ["mg", "eg"],
        PAWN_PROTECTED "pawn_protected" ["mg", "eg"],
        PASSED_MG "passed_mg" ["rank3", "rank4", "rank5"],
        PASSED_EG "passed_eg" ["rank3", "rank4", "rank5"],
        PASSED_FREE "passed_free" ["mg", "eg"],
        KNIGHT_RING "knight_ring" ["0", "1", "2", "3"],
        KNIGHT_MOBILITY "knight_mobility" ["mg", "eg"],
        KHON_RING "khon_ring" ["0", "1", "2", "3"],
        KHON_ADVANCE_MG "khon_advance_mg" [""],
        KHON_MOBILITY "khon_mobility" ["mg", "eg"],
        MET_RING "met_ring" ["0", "1", "2", "3"],
        MET_MOBILITY "met_mobility" ["mg", "eg"],
        ROOK_RANK "rook_rank" ["rank5", "rank6", "rank7", "rank8"],
        ROOK_MOBILITY "rook_mobility" ["mg", "eg"],
        ROOK_OPEN_FILE "rook_open_file" ["mg", "eg"],
        ROOK_HALF_OPEN_FILE "rook_half_open_file" ["mg", "eg"],
        KING_RANK_MG "king_rank_mg" ["rank1", "rank2", "rank3", "rank4", "rank5", "rank6", "rank7", "rank8"],
        KING_RING_EG "king_ring_eg" ["0", "1", "2", "3"],
        ATTACK_UNITS "king_attack_units" ["pawn", "met", "khon", "knight", "rook"],
        KING_ATTACK "king_attack" ["square", "cap", "single"],
        BARE_KING "bare_king" ["centre", "corner", "close", "bonus"],
        TEMPO "tempo" [""],
        THREAT_BY_PAWN "threat_by_pawn" ["mg", "eg"],
        THREAT_BY_MINOR "threat_by_minor" ["pawn", "met", "khon", "knight", "rook"],
        THREAT_BY_ROOK "threat_by_rook" ["pawn", "met", "khon", "knight"],
        HANGING "hanging" ["mg", "eg"],
        SAFE_CHECK "safe_check" ["met", "khon", "knight", "rook"],
        KING_SAFETY "king_safety" ["shelter_pawn", "shelter_piece", "weak_square", "storm", "open_file"],
        PAWN_PHALANX "pawn_phalanx" ["mg", "eg"],
        PAWN_BACKWARD "pawn_backward" ["mg", "eg"],
        PASSED_KING_EG "passed_king_eg" ["own", "their"],
        OUTPOST "outpost" ["knight", "khon"],
        PST_PAWN_MG "pst_pawn_mg" FOLDED_SQUARES,
        PST_PAWN_EG "pst_pawn_eg" FOLDED_SQUARES,
        PST_MET_MG "pst_met_mg" FOLDED_SQUARES,
        PST_MET_EG "pst_met_eg" FOLDED_SQUARES,
        PST_KHON_MG "pst_khon_mg" FOLDED_SQUARES,
        PST_KHON_EG "pst_khon_eg" FOLDED_SQUARES,
        PST_KNIGHT_MG "pst_knight_mg" FOLDED_SQUARES,
        PST_KNIGHT_EG "pst_knight_eg" FOLDED_SQUARES,
        PST_ROOK_MG "pst_rook_mg" FOLDED_SQUARES,
        PST_ROOK_EG "pst_rook_eg" FOLDED_SQUARES,
        PST_KING_MG "pst_king_mg" FOLDED_SQUARES,
        PST_KING_EG "pst_king_eg" FOLDED_SQUARES,
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

/// Phase weight of each kind (start position: 18 in all); a measure of
/// how much material is left, not a tuned weight.
const PHASE_W: [i32; 6] = [0, 1, 1, 1, 2, 0];
const PHASE_MAX: i32 = 18;
/// The score of a lone met, khon or knight against a bare king: a draw,
/// with a token edge for the side that has the piece. A rule, not tuned.
const LONE_MINOR_EDGE: i32 = 5;
/// With neither side able to mate and no pawns, the score is divided by
/// this (dead drawn in practice).
const DEAD_DRAW_DIVISOR: i32 = 8;
/// The score fades to 0 over the last this many plies of a count.
const COUNT_FADE: i32 = 48;
/// With no pawns left (the board's count runs), a side ahead by at least
/// this much material (search values: a met) drives the other king as
/// against a bare one: the count leaves no time to wander.
const PRESS_MARGIN: i32 = VALUES[MET];

/// Chebyshev distance of a square from the centre: 0 (d4..e5) to 3 (edge).
#[inline(always)]
const fn center_dist(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    if df > dr { df } else { dr }
}

#[inline(always)]
fn ring(sq: usize) -> usize {
    center_dist(sq) as usize
}

#[inline(always)]
fn rel_rank(color: Side, sq: usize) -> usize {
    if color == WHITE { sq / 8 } else { 7 - sq / 8 }
}

#[inline(always)]
pub(super) fn distance(a: usize, b: usize) -> i32 {
    let df = ((a % 8) as i32 - (b % 8) as i32).abs();
    let dr = ((a / 8) as i32 - (b / 8) as i32).abs();
    df.max(dr)
}

/// Distance to the nearest corner (0 in a corner, up to 3 in the centre).
#[inline(always)]
fn corner_dist(sq: usize) -> i32 {
    [0, 7, 56, 63]
        .iter()
        .map(|&c| distance(sq, c))
        .min()
        .unwrap_or(0)
}

pub(super) fn pawn_attacks(color: Side, pawns: Bitboard) -> Bitboard {
    if color == WHITE {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

/// Whether `c` (with no pawns) has enough to force mate against a bare
/// king: a rook, a khon with another minor, or three minors. Two mets or
/// a knight and a met do not (`two_minors.rs` finds them won from about 4 %
/// of positions), nor two knights.
fn can_mate_without_pawns(pos: &Position, c: Side) -> bool {
    if pos.pieces(c, ROOK) != 0 {
        return true;
    }
    let khons = pos.pieces(c, KHON).count_ones();
    let minors = khons + (pos.pieces(c, MET) | pos.pieces(c, KNIGHT)).count_ones();
    minors >= 3 || (khons >= 1 && minors >= 2)
}

/// Whether `strong` has a rook against a king with one met, khon or
/// knight and nothing else. The rook wins it by driving the king to the
/// edge first: taking the minor while the king stands in the centre
/// starts a count of 16 moves that the mate may not fit into.
fn rook_against_lone_minor(pos: &Position, strong: Side) -> bool {
    let weak = strong.other();
    let minors = pos.pieces(weak, MET) | pos.pieces(weak, KHON) | pos.pieces(weak, KNIGHT);
    // King and one minor: nothing else.
    pos.pieces(strong, ROOK) != 0 && pos.colors[weak].count_ones() == 2 && minors != 0
}

/// Search-value material of `c`'s pieces.
fn material(pos: &Position, c: Side) -> i32 {
    (PAWN..KING)
        .map(|k| pos.pieces(c, k).count_ones() as i32 * VALUES[k])
        .sum()
}

/// Whether `strong` should press under the board's count: no pawns on the
/// board, the other side not bare (its own endings are above), and
/// `strong` ahead by [`PRESS_MARGIN`] with enough to mate.
fn presses_on_count(pos: &Position, strong: Side) -> bool {
    pos.kinds[PAWN] == 0
        && material(pos, strong) - material(pos, strong.other()) >= PRESS_MARGIN
        && can_mate_without_pawns(pos, strong)
}

/// The drive of a lone (or nearly lone) king: to the edge and a corner,
/// with the strong king close.
fn drive_king<S: EvalSink>(s: &mut S, pos: &Position, strong: Side, sign: i32) {
    let wk = pos.king_square(strong.other());
    let sk = pos.king_square(strong);
    s.add(BARE_KING, sign * center_dist(wk));
    s.add(BARE_KING + 1, sign * (3 - corner_dist(wk)));
    s.add(BARE_KING + 2, sign * (7 - distance(sk, wk)));
}

/// A pair of weights (`mg`, `eg` elements), each into its own sum.
#[inline(always)]
pub(super) fn pair<S: EvalSink>(s: &mut S, index: usize, sign: i32, n: i32) {
    s.tapered(index, sign * n, 0);
    s.tapered(index + 1, 0, sign * n);
}

/// What one side's pieces bring to bear on the enemy king's zone: attack
/// units per kind (pawns count once in all) and the number of attackers.
struct KingZoneAttack {
    zone: Bitboard,
    units: [i32; 5],
    attackers: i32,
}

impl KingZoneAttack {
    #[inline(always)]
    fn count(&mut self, attacks: Bitboard, kind: usize) {
        if attacks & self.zone != 0 {
            self.attackers += 1;
            self.units[kind] += 1;
        }
    }
}

/// One side's tapered terms, with `sign` +1 for White and -1 for Black.
fn side_terms<S: EvalSink>(s: &mut S, pos: &Position, us: Side, occ: Bitboard) {
    let sign = if us == WHITE { 1 } else { -1 };
    let them = us.other();
    let own = pos.colors[us];
    let safe = !own & !pawn_attacks(them, pos.pieces(them, PAWN));
    let their_king = pos.king_square(them);
    let mut king_zone = KingZoneAttack {
        zone: KING_ATK[their_king] | bit(their_king),
        units: [0; 5],
        attackers: 0,
    };
    for kind in 0..5 {
        let n = pos.pieces(us, kind).count_ones() as i32;
        s.tapered(VALUE_MG + kind, sign * n, 0);
        s.tapered(VALUE_EG + kind, 0, sign * n);
    }
    let pawn_atk = pawn_terms(s, pos, us, sign, occ);
    if pawn_atk & king_zone.zone != 0 {
        king_zone.units[PAWN] = 1;
    }
    piece_terms(s, pos, us, sign, safe, &mut king_zone);
    rook_terms(s, pos, us, sign, occ, safe, &mut king_zone);
    let ksq = pos.king_square(us);
    s.tapered(KING_RANK_MG + rel_rank(us, ksq), sign, 0);
    s.tapered(KING_RING_EG + ring(ksq), 0, sign);
    king_attack(s, sign, &king_zone.units, king_zone.attackers);
}

/// The pawns' structure terms; returns the squares the pawns attack.
#[inline(always)]
fn pawn_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    sign: i32,
    occ: Bitboard,
) -> Bitboard {
    let pawns = pos.pieces(us, PAWN);
    let their_pawns = pos.pieces(us.other(), PAWN);
    let pawn_atk = pawn_attacks(us, pawns);
    for sq in Squares(pawns) {
        let r = rel_rank(us, sq);
        let f = sq % 8;
        if (3..=4).contains(&r) {
            s.tapered(PAWN_RANK_MG + r - 3, sign, 0);
            s.tapered(PAWN_RANK_EG + r - 3, 0, sign);
        }
        if (2..=5).contains(&f) {
            s.tapered(PAWN_CENTRAL_MG, sign, 0);
        }
        let file = FILE_A << f;
        if (pawns & file).count_ones() > 1 {
            pair(s, PAWN_DOUBLED, sign, 1);
        }
        let adj = adjacent_files(file);
        if pawns & adj == 0 {
            pair(s, PAWN_ISOLATED, sign, 1);
        }
        if pawn_atk & bit(sq) != 0 {
            pair(s, PAWN_PROTECTED, sign, 1);
        }
        // Passed: no enemy pawn ahead on this or an adjacent file.
        if their_pawns & passed_span(us, sq) == 0 {
            if (2..=4).contains(&r) {
                s.tapered(PASSED_MG + r - 2, sign, 0);
                s.tapered(PASSED_EG + r - 2, 0, sign);
            }
            let stop = if us == WHITE { sq + 8 } else { sq - 8 };
            if occ & bit(stop) == 0 {
                pair(s, PASSED_FREE, sign, 1);
            }
        }
    }
    pawn_atk
}

/// Knights, khons and mets: placement and mobility on safe squares.
#[inline(always)]
fn piece_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    sign: i32,
    safe: Bitboard,
    king_zone: &mut KingZoneAttack,
) {
    for sq in Squares(pos.pieces(us, KNIGHT)) {
        let a = KNIGHT_ATK[sq];
        let mob = (a & safe).count_ones() as i32;
        s.tapered(KNIGHT_RING + ring(sq), sign, sign);
        pair(s, KNIGHT_MOBILITY, sign, mob - 4);
        king_zone.count(a, KNIGHT);
    }
    for sq in Squares(pos.pieces(us, KHON)) {
        let a = KHON_ATK[us][sq];
        let mob = (a & safe).count_ones() as i32;
        let adv = (rel_rank(us, sq) as i32).min(5);
        s.tapered(KHON_RING + ring(sq), sign, sign);
        s.tapered(KHON_ADVANCE_MG, sign * adv, 0);
        pair(s, KHON_MOBILITY, sign, mob - 2);
        king_zone.count(a, KHON);
    }
    for sq in Squares(pos.pieces(us, MET)) {
        let a = MET_ATK[sq];
        let mob = (a & safe).count_ones() as i32;
        s.tapered(MET_RING + ring(sq), sign, sign);
        pair(s, MET_MOBILITY, sign, mob - 2);
        king_zone.count(a, MET);
    }
}

/// Rooks: advanced ranks, mobility, open and half-open files.
#[inline(always)]
fn rook_terms<S: EvalSink>(
    s: &mut S,
    pos: &Position,
    us: Side,
    sign: i32,
    occ: Bitboard,
    safe: Bitboard,
    king_zone: &mut KingZoneAttack,
) {
    let all_pawns = pos.kinds[PAWN];
    let pawns = pos.pieces(us, PAWN);
    for sq in Squares(pos.pieces(us, ROOK)) {
        let a = rook_attacks(sq, occ);
        let mob = (a & safe).count_ones() as i32;
        let r = rel_rank(us, sq);
        if r >= 4 {
            s.tapered(ROOK_RANK + r - 4, sign, sign);
        }
        pair(s, ROOK_MOBILITY, sign, mob - 7);
        let file = FILE_A << (sq % 8);
        if file & all_pawns == 0 {
            pair(s, ROOK_OPEN_FILE, sign, 1);
        } else if file & pawns == 0 {
            pair(s, ROOK_HALF_OPEN_FILE, sign, 1);
        }
        king_zone.count(a, ROOK);
    }
}

/// King safety of the opponent: with two or more attackers the squared
/// attack units (capped), else the units counted singly. Non-linear in the
/// unit weights: given to the sink as its first-order expansion.
#[inline(always)]
fn king_attack<S: EvalSink>(s: &mut S, sign: i32, units: &[i32; 5], attackers: i32) {
    let mut u = 0;
    for (kind, &n) in units.iter().enumerate() {
        u += n * s.weight(ATTACK_UNITS + kind);
    }
    let partial = |k: usize, d: i32| (ATTACK_UNITS + k, sign * d * units[k], 0);
    if attackers >= 2 {
        let square = s.weight(KING_ATTACK);
        let cap = s.weight(KING_ATTACK + 1);
        if u * u * square < cap {
            let d = 2 * u * square;
            s.expansion(
                (sign * u * u * square, 0),
                &[
                    (KING_ATTACK, sign * u * u, 0),
                    partial(0, d),
                    partial(1, d),
                    partial(2, d),
                    partial(3, d),
                    partial(4, d),
                ],
            );
        } else {
            s.tapered(KING_ATTACK + 1, sign, 0);
        }
    } else {
        let single = s.weight(KING_ATTACK + 2);
        s.expansion(
            (sign * u * single, 0),
            &[
                (KING_ATTACK + 2, sign * u, 0),
                partial(0, single),
                partial(1, single),
                partial(2, single),
                partial(3, single),
                partial(4, single),
            ],
        );
    }
}

/// The evaluation from White's point of view, before counting and tempo.
fn evaluate_white<S: EvalSink>(s: &mut S, pos: &Position) {
    let occ = pos.occupied();
    side_terms(s, pos, WHITE, occ);
    side_terms(s, pos, BLACK, occ);
    let attacks = PerSide::new(Attacks::of(pos, WHITE, occ), Attacks::of(pos, BLACK, occ));
    threat_terms(s, pos, WHITE, &attacks, occ);
    threat_terms(s, pos, BLACK, &attacks, occ);
    king_safety_terms(s, pos, WHITE, &attacks);
    king_safety_terms(s, pos, BLACK, &attacks);
    pawn_structure_terms(s, pos, WHITE);
    pawn_structure_terms(s, pos, BLACK);
    pst_terms(s, pos);
    let mut phase = 0;
    for (weight, pieces) in PHASE_W.iter().zip(&pos.kinds).take(5).skip(1) {
        phase += weight * pieces.count_ones() as i32;
    }
    s.blend(phase.min(PHASE_MAX), PHASE_MAX);

    // Endgames against a bare king.
    for strong in [WHITE, BLACK] {
        let weak = strong.other();
        let sign = if strong == WHITE { 1 } else { -1 };
        if pos.colors[weak].count_ones() != 1 {
            if rook_against_lone_minor(pos, strong) || presses_on_count(pos, strong) {
                // Mated with its minor still on the board, or the count
                // after winning the minor is short: the same drive. So
                // under the board's count, which leaves no time to wander.
                drive_king(s, pos, strong, sign);
            }
            continue;
        }
        if pos.colors[strong].count_ones() == 1 {
            s.set(0); // king against king
            return;
        }
        let strong_pawns = pos.pieces(strong, PAWN) != 0;
        if !strong_pawns && !can_mate_without_pawns(pos, strong) {
            // A lone met, khon or knight cannot force mate.
            s.set(sign * LONE_MINOR_EDGE);
            return;
        }
        drive_king(s, pos, strong, sign);
        s.add(BARE_KING + 3, sign);
    }
    // Neither side can mate and no pawns: dead drawn in practice.
    if pos.kinds[PAWN] == 0
        && !can_mate_without_pawns(pos, WHITE)
        && !can_mate_without_pawns(pos, BLACK)
    {
        s.scale(1, DEAD_DRAW_DIVISOR);
    }
}

/// The whole evaluation into `s`: the score for the side to move.
pub fn evaluate_into<S: EvalSink>(s: &mut S, pos: &Position) {
    evaluate_white(s, pos);
    if pos.counting_limit != 0 {
        // Fade toward a draw as the count runs out.
        let left = pos.counting_limit as i32 - pos.counting_ply as i32;
        if left < COUNT_FADE {
            s.scale(left.max(0), COUNT_FADE);
        }
    }
    if pos.side != WHITE {
        s.negate();
    }
    s.add(TEMPO, 1);
}

/// Static evaluation in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut d = Direct::new(&WEIGHTS);
    evaluate_into(&mut d, pos);
    d.score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::fen;

    fn ev(f: &str) -> i32 {
        evaluate(&fen::parse(f, true).unwrap())
    }

    /// The side to move's bonus, which every score below includes.
    fn tempo() -> i32 {
        WEIGHTS[TEMPO]
    }

    #[test]
    fn start_is_balanced() {
        let e = ev("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1") - tempo();
        assert!(e.abs() < 30, "{e}");
    }

    /// Vertical mirror with colours swapped.
    fn mirror(f: &str) -> String {
        let parts: Vec<&str> = f.split(' ').collect();
        let board: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if parts[1] == "w" { "b" } else { "w" };
        format!("{} {side} {}", board.join("/"), parts[2..].join(" "))
    }

    #[test]
    fn symmetric() {
        for f in [
            "1ms5/r4k1r/1n2pM1p/pp1p2p1/1nPP1P1P/R1S1K1m1/3R4/1N2MS2 w - - 0 27",
            "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1",
            "8/3k4/2p1m3/1pP1M1p1/1P4P1/3K1s2/5N2/8 w - - 0 45",
            "8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
            // Neither pawn is passed: White's e3 must pass d4.
            "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 40",
        ] {
            assert_eq!(ev(f), ev(&mirror(f)), "{f}");
        }
    }

    #[test]
    fn lone_minor_is_drawish() {
        assert!((ev("8/8/4k3/8/8/8/8/S2K4 w - - 0 40") - tempo()).abs() < 20);
        assert!((ev("8/8/4k3/8/8/8/8/N2K4 b - - 0 40") - tempo()).abs() < 20);
        assert!(ev("8/8/4k3/8/8/8/8/R2K4 w - - 0 40") > 400);
    }

    #[test]
    fn corner_is_better_than_centre() {
        let corner = ev("7k/8/5K2/8/8/8/8/R7 w - - 0 40");
        let centre = ev("8/8/8/4k3/8/8/8/R2K4 w - - 0 40");
        assert!(corner > centre, "{corner} {centre}");
    }

    #[test]
    fn a_king_with_a_lone_minor_is_driven_like_a_bare_one() {
        // Rook against met: the met's king in the corner is worth more to
        // the rook's side than in the centre; a pawn or a second minor on
        // the weak side stops the drive.
        let corner = ev("k7/2m5/2K5/8/8/8/8/7R w - - 0 60");
        let centre = ev("8/8/8/3km3/8/8/8/K6R w - - 0 60");
        assert!(corner > centre + 100, "{corner} {centre}");
        let with_pawn = ev("k7/2m5/2K5/8/p7/8/8/7R w - - 0 60");
        let with_pawn_centre = ev("8/8/8/3km3/p7/8/8/K6R w - - 0 60");
        assert!(with_pawn - with_pawn_centre < corner - centre);
    }

    #[test]
    fn with_no_pawns_left_the_side_ahead_drives_the_other_king() {
        // Rook and two mets against a rook: the weak king in the corner is
        // worth more to White than in the centre, by the drive; a pawn on
        // the board (no count yet) stops the drive.
        let corner = ev("k7/8/2K5/8/8/8/1r6/5MMR w - - 0 60");
        let centre = ev("8/8/8/4k3/8/2K5/1r6/5MMR w - - 0 60");
        let pawn_corner = ev("k7/8/2K4p/8/8/8/1r6/5MMR w - - 0 60");
        let pawn_centre = ev("8/8/7p/4k3/8/2K5/1r6/5MMR w - - 0 60");
        let drive = corner - centre;
        assert!(
            drive > pawn_corner - pawn_centre + 60,
            "{corner} {centre} {pawn_corner} {pawn_centre}"
        );
        let pos = |f: &str| fen::parse(f, true).unwrap();
        assert!(presses_on_count(
            &pos("8/8/8/4k3/8/2K5/1r6/5MMR w - - 0 60"),
            WHITE
        ));
        // Not without mating material (two mets), nor level, nor for the
        // side behind.
        assert!(!presses_on_count(
            &pos("8/8/8/4k3/8/2K5/8/5MM1 w - - 0 60"),
            WHITE
        ));
        assert!(!presses_on_count(
            &pos("8/8/8/4k3/8/2K5/1r6/7R w - - 0 60"),
            WHITE
        ));
        assert!(!presses_on_count(
            &pos("8/8/8/4k3/8/2K5/1r6/5MMR w - - 0 60"),
            BLACK
        ));
    }

    #[test]
    fn counting_fades() {
        let early = ev("8/8/4k3/8/8/8/R7/3K4 w - 32 6 40");
        let late = ev("8/8/4k3/8/8/8/R7/3K4 w - 32 30 40");
        assert!(early > late);
    }
}

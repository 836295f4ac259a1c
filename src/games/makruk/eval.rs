//! Static evaluation in centipawns from the side to move's point of view.
//!
//! Terms: material, piece-square tables (middle game / end game blend by
//! remaining pieces), mobility, king safety (enemy pieces bearing on the
//! king's zone), light pawn structure, and endgame knowledge that matters
//! under Makruk counting: a lone minor piece cannot mate a bare king, a bare
//! king should be driven to a corner with the attacking king close, and the
//! score fades toward 0 as the count nears its limit.

use super::bitboard::*;
use super::position::Position;
use super::types::*;

/// Piece values by kind: pawn, met, khon, knight, rook, king.
/// (A single scale for ordering, exchanges and null-move material; the
/// evaluation itself tapers between `VALUES_MG` and `VALUES_EG`.) The
/// proportions follow the usual engine consensus for Makruk: a knight a bit
/// above a khon, a met (ferz) clearly below both, a rook about 1.6 knights.
pub const VALUES: [i32; 6] = [100, 250, 340, 380, 600, 0];
const VALUES_MG: [i32; 6] = [90, 260, 360, 400, 630, 0];
const VALUES_EG: [i32; 6] = [120, 240, 310, 370, 620, 0];

/// Phase weight of each kind (start position: 18 in all).
const PHASE_W: [i32; 6] = [0, 1, 1, 1, 2, 0];
const PHASE_MAX: i32 = 18;

/// Chebyshev distance of a square from the centre: 0 (d4..e5) to 3 (edge).
const fn center_dist(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    if df > dr { df } else { dr }
}

const fn ring_table(v: [i32; 4]) -> [i32; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = v[center_dist(sq) as usize];
        sq += 1;
    }
    t
}

static KNIGHT_PST: [i32; 64] = ring_table([16, 8, -4, -20]);
static KHON_PST: [i32; 64] = ring_table([12, 8, 0, -10]);
static MET_PST: [i32; 64] = ring_table([8, 6, 0, -8]);
static KING_EG_PST: [i32; 64] = ring_table([20, 12, 0, -15]);
/// Pawn bonus by relative rank (white's view; pawns stand on ranks 2..5).
const PAWN_RANK: [i32; 8] = [0, 0, 0, 10, 24, 0, 0, 0];
/// Passed pawn bonus by relative rank (promotion on relative rank 5).
const PASSED_MG: [i32; 8] = [0, 0, 5, 12, 25, 0, 0, 0];
const PASSED_EG: [i32; 8] = [0, 0, 15, 35, 60, 0, 0, 0];
/// Rook bonus by relative rank.
const ROOK_RANK: [i32; 8] = [0, 0, 0, 0, 4, 10, 16, 8];
/// Middle-game king bonus by relative rank.
const KING_MG_RANK: [i32; 8] = [12, 0, -20, -40, -50, -50, -50, -50];

#[inline(always)]
fn rel_rank(color: usize, sq: usize) -> usize {
    if color == WHITE { sq / 8 } else { 7 - sq / 8 }
}

#[inline(always)]
fn distance(a: usize, b: usize) -> i32 {
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

fn pawn_attacks(color: usize, pawns: Bitboard) -> Bitboard {
    if color == WHITE {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

/// Whether `c` (with no pawns) has enough to force mate against a bare king.
fn can_mate_without_pawns(pos: &Position, c: usize) -> bool {
    if pos.pieces(c, ROOK) != 0 {
        return true;
    }
    let minors = (pos.pieces(c, MET) | pos.pieces(c, KHON) | pos.pieces(c, KNIGHT)).count_ones();
    minors >= 2
}

struct Terms {
    mg: i32,
    eg: i32,
}

fn side_terms(pos: &Position, us: usize, occ: Bitboard) -> Terms {
    let them = us ^ 1;
    let own = pos.colors[us];
    let their_pawn_atk = pawn_attacks(them, pos.pieces(them, PAWN));
    let safe = !own & !their_pawn_atk;
    let their_king = pos.king_square(them);
    let zone = KING_ATK[their_king] | bit(their_king);
    let mut mg = 0;
    let mut eg = 0;
    let mut attack_units = 0;
    let mut attackers = 0;

    for kind in 0..5 {
        let n = pos.pieces(us, kind).count_ones() as i32;
        mg += n * VALUES_MG[kind];
        eg += n * VALUES_EG[kind];
    }

    let pawns = pos.pieces(us, PAWN);
    let their_pawns = pos.pieces(them, PAWN);
    let pawn_atk = pawn_attacks(us, pawns);
    for sq in Squares(pawns) {
        let r = rel_rank(us, sq);
        let f = sq % 8;
        let central = if (2..=5).contains(&f) { 4 } else { 0 };
        mg += PAWN_RANK[r] + central;
        eg += PAWN_RANK[r] * 3 / 2;
        let file = FILE_A << f;
        if (pawns & file).count_ones() > 1 {
            mg -= 6;
            eg -= 10;
        }
        let adj = ((file & !FILE_A) >> 1) | ((file & !FILE_H) << 1);
        if pawns & adj == 0 {
            mg -= 8;
            eg -= 8;
        }
        if pawn_atk & bit(sq) != 0 {
            mg += 6;
            eg += 4;
        }
        // Passed: no enemy pawn ahead on this or an adjacent file.
        let span = file | adj;
        let ahead = if us == WHITE {
            span & !((bit(sq) << 8) - 1) & !rank_bb(sq / 8)
        } else {
            span & (bit(sq) - 1) & !rank_bb(sq / 8)
        };
        if their_pawns & ahead == 0 {
            let stop = if us == WHITE { sq + 8 } else { sq - 8 };
            let free = occ & bit(stop) == 0;
            mg += PASSED_MG[r] + if free { 4 } else { 0 };
            eg += PASSED_EG[r] + if free { 10 } else { 0 };
        }
    }
    if pawn_atk & zone != 0 {
        attack_units += 1;
    }

    for sq in Squares(pos.pieces(us, KNIGHT)) {
        let a = KNIGHT_ATK[sq];
        let mob = (a & safe).count_ones() as i32;
        mg += KNIGHT_PST[sq] + 4 * (mob - 4);
        eg += KNIGHT_PST[sq] + 3 * (mob - 4);
        if a & zone != 0 {
            attackers += 1;
            attack_units += 2;
        }
    }
    for sq in Squares(pos.pieces(us, KHON)) {
        let a = KHON_ATK[us][sq];
        let mob = (a & safe).count_ones() as i32;
        let adv = (rel_rank(us, sq) as i32).min(5) * 2;
        mg += KHON_PST[sq] + adv + 3 * (mob - 2);
        eg += KHON_PST[sq] + 3 * (mob - 2);
        if a & zone != 0 {
            attackers += 1;
            attack_units += 2;
        }
    }
    for sq in Squares(pos.pieces(us, MET)) {
        let a = MET_ATK[sq];
        let mob = (a & safe).count_ones() as i32;
        mg += MET_PST[sq] + 2 * (mob - 2);
        eg += MET_PST[sq] + 2 * (mob - 2);
        if a & zone != 0 {
            attackers += 1;
            attack_units += 1;
        }
    }
    let all_pawns = pos.kinds[PAWN];
    for sq in Squares(pos.pieces(us, ROOK)) {
        let a = rook_attacks(sq, occ);
        let mob = (a & safe).count_ones() as i32;
        let r = rel_rank(us, sq);
        mg += ROOK_RANK[r] + 3 * (mob - 7);
        eg += ROOK_RANK[r] + 4 * (mob - 7);
        let file = FILE_A << (sq % 8);
        if file & all_pawns == 0 {
            mg += 20;
            eg += 10;
        } else if file & pawns == 0 {
            mg += 10;
            eg += 5;
        }
        if a & zone != 0 {
            attackers += 1;
            attack_units += 3;
        }
    }
    let ksq = pos.king_square(us);
    mg += KING_MG_RANK[rel_rank(us, ksq)];
    eg += KING_EG_PST[ksq];

    // King safety of the opponent: our pieces bearing on their king zone.
    if attackers >= 2 {
        mg += (attack_units * attack_units * 3).min(300);
    } else {
        mg += attack_units * 4;
    }
    Terms { mg, eg }
}

/// Evaluation from White's point of view, before counting scale and tempo.
fn evaluate_white(pos: &Position) -> i32 {
    let occ = pos.occupied();
    let w = side_terms(pos, WHITE, occ);
    let b = side_terms(pos, BLACK, occ);
    let mut phase = 0;
    for (weight, pieces) in PHASE_W.iter().zip(&pos.kinds).take(5).skip(1) {
        phase += weight * pieces.count_ones() as i32;
    }
    let phase = phase.min(PHASE_MAX);
    let mg = w.mg - b.mg;
    let eg = w.eg - b.eg;
    let mut score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;

    // Endgames against a bare king.
    for strong in [WHITE, BLACK] {
        let weak = strong ^ 1;
        if pos.colors[weak].count_ones() != 1 {
            continue;
        }
        let sign = if strong == WHITE { 1 } else { -1 };
        if pos.colors[strong].count_ones() == 1 {
            return 0; // king against king
        }
        let strong_pawns = pos.pieces(strong, PAWN) != 0;
        if !strong_pawns && !can_mate_without_pawns(pos, strong) {
            // A lone met, khon or knight cannot force mate.
            return sign * 5;
        }
        let wk = pos.king_square(weak);
        let sk = pos.king_square(strong);
        let drive = 25 * center_dist(wk) + 15 * (3 - corner_dist(wk)) + 10 * (7 - distance(sk, wk));
        score += sign * (drive + 100);
    }
    // Neither side can mate and no pawns: dead drawn in practice.
    if pos.kinds[PAWN] == 0
        && !can_mate_without_pawns(pos, WHITE)
        && !can_mate_without_pawns(pos, BLACK)
    {
        score /= 8;
    }
    score
}

pub fn evaluate(pos: &Position) -> i32 {
    let mut score = evaluate_white(pos);
    if pos.counting_limit != 0 {
        // Fade toward a draw as the count runs out.
        let left = pos.counting_limit as i32 - pos.counting_ply as i32;
        const FADE: i32 = 48;
        if left < FADE {
            score = score * left.max(0) / FADE;
        }
    }
    let s = if pos.side == WHITE { score } else { -score };
    s + 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::fen;

    fn ev(f: &str) -> i32 {
        evaluate(&fen::parse(f, true).unwrap())
    }

    #[test]
    fn start_is_balanced() {
        let e = ev("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
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
        ] {
            assert_eq!(ev(f), ev(&mirror(f)), "{f}");
        }
    }

    #[test]
    fn lone_minor_is_drawish() {
        assert!(ev("8/8/4k3/8/8/8/8/S2K4 w - - 0 40").abs() < 20);
        assert!(ev("8/8/4k3/8/8/8/8/N2K4 b - - 0 40").abs() < 20);
        assert!(ev("8/8/4k3/8/8/8/8/R2K4 w - - 0 40") > 400);
    }

    #[test]
    fn corner_is_better_than_centre() {
        let corner = ev("7k/8/5K2/8/8/8/8/R7 w - - 0 40");
        let centre = ev("8/8/8/4k3/8/8/8/R2K4 w - - 0 40");
        assert!(corner > centre, "{corner} {centre}");
    }

    #[test]
    fn counting_fades() {
        let early = ev("8/8/4k3/8/8/8/R7/3K4 w - 32 6 40");
        let late = ev("8/8/4k3/8/8/8/R7/3K4 w - 32 30 40");
        assert!(early > late);
    }
}

//! King and two minor pieces (met, khon or knight; a promoted pawn is a
//! met) against a bare king, solved exactly: the plies to mate from every
//! position, worked out by retrograde analysis the first time a search
//! meets the material (one table per pair of kinds).
//!
//! Why: the pieces' honour count gives these endings 22 to 64 moves, and
//! the mates with a khon (khon and met, two khons, khon and knight; up to
//! 57 moves) take a technique a search cannot see from afar. Against
//! Fairy-Stockfish 11.1 tabula drew such endings by the count or by
//! stalemate, and traded into knight and met, which does not force mate
//! (won from 4 % of positions; two mets from almost none). With the
//! distance known the search plays the shortest mate and, before the
//! capture of the defender's last piece, knows whether what is left wins.
//!
//! Memory: 32 MiB per pair met (both sides to move), built once per
//! process in a thread of its own, about 1.5 s for a pair with a khon,
//! 0.1 s for the others; until a table is ready the evaluation stands in.
//!
//! The winning side is seen as White: a Black winner's board is turned
//! over (rank mirror), which turns its khon's forward step into White's.

use super::bitboard::{KHON_ATK, KING_ATK, KNIGHT_ATK, MET_ATK, Squares, bit};
use super::known_win::{self, FirstCount};
use super::position::Position;
use super::types::*;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Not won (drawn, or not a legal position).
const NONE: u8 = u8::MAX;
/// In the bare king's move counter: a position it can never lose (it can
/// take a piece, or it is stalemated).
const ESCAPES: u8 = u8::MAX;
/// Positions per side to move: winning king, first piece, second piece,
/// bare king.
const PER_SIDE: usize = 64 * 64 * 64 * 64;

/// The minor kinds in table order; a pair is stored once, lower kind first.
const MINORS: [usize; 3] = [MET, KHON, KNIGHT];
/// The six pairs of minor kinds, each with its table.
const PAIRS: usize = 6;

/// Squares a White minor of `kind` on `sq` attacks.
#[inline(always)]
fn attacks(kind: usize, sq: usize) -> u64 {
    match kind {
        MET => MET_ATK[sq],
        KHON => KHON_ATK[WHITE][sq],
        _ => KNIGHT_ATK[sq],
    }
}

/// Squares a White minor of `kind` now on `sq` can have come from (a
/// khon steps forward, so it came from behind: Black's pattern).
#[inline(always)]
fn sources(kind: usize, sq: usize) -> u64 {
    match kind {
        KHON => KHON_ATK[BLACK][sq],
        _ => attacks(kind, sq),
    }
}

#[inline(always)]
fn index(stm: usize, sk: usize, a: usize, b: usize, bk: usize) -> usize {
    stm * PER_SIDE + (((sk * 64 + a) * 64 + b) * 64 + bk)
}

#[inline(always)]
fn unpack(i: usize) -> (usize, usize, usize, usize) {
    let j = i % PER_SIDE;
    (j >> 18, (j >> 12) & 63, (j >> 6) & 63, j & 63)
}

/// A minor kind's place in [`MINORS`]; `None` for a pawn, rook or king.
fn minor_rank(kind: usize) -> Option<usize> {
    MINORS.iter().position(|&m| m == kind)
}

/// The pair's table number, for kinds in table order.
fn pair_number(ka: usize, kb: usize) -> usize {
    const NUMBER: [[usize; 3]; 3] = [[0, 1, 2], [1, 3, 4], [2, 4, 5]];
    NUMBER[minor_rank(ka).unwrap_or(0)][minor_rank(kb).unwrap_or(0)]
}

/// Plies to mate for one pair of kinds: index 0 the winning side to move,
/// 1 the bare king to move.
struct Table {
    plies: Vec<u8>,
}

impl Table {
    fn build(ka: usize, kb: usize) -> Table {
        let mut plies = vec![NONE; 2 * PER_SIDE];
        // The bare king's moves not yet known to lose, per position with it
        // to move; mates start the first list of lost positions.
        let mut moves_left = vec![0u8; PER_SIDE];
        let mut lost = Vec::new();
        for (sk, &king_guard) in KING_ATK.iter().enumerate() {
            for a in 0..64 {
                for b in 0..64 {
                    if sk == a || sk == b || a == b {
                        continue;
                    }
                    let guard = king_guard | attacks(ka, a) | attacks(kb, b);
                    let defended = |sq: usize, other: u64| (king_guard | other) & bit(sq) != 0;
                    let mut takeable = 0;
                    if !defended(a, attacks(kb, b)) {
                        takeable |= bit(a);
                    }
                    if !defended(b, attacks(ka, a)) {
                        takeable |= bit(b);
                    }
                    let occ = bit(sk) | bit(a) | bit(b);
                    for bk in Squares(!occ & !king_guard) {
                        let i = index(1, sk, a, b, bk);
                        let counter = &mut moves_left[i - PER_SIDE];
                        if KING_ATK[bk] & takeable != 0 {
                            *counter = ESCAPES;
                            continue;
                        }
                        let steps = (KING_ATK[bk] & !guard & !occ).count_ones() as u8;
                        let in_check = guard & bit(bk) != 0;
                        if steps != 0 {
                            *counter = steps;
                        } else if in_check {
                            plies[i] = 0;
                            lost.push(i as u32);
                        } else {
                            *counter = ESCAPES; // stalemate
                        }
                    }
                }
            }
        }
        // Backwards two plies at a time: a winning-side position that
        // reaches a lost one in p is won in p + 1; a bare-king position
        // whose last move still open became won in p + 1 is lost in p + 2.
        let mut p: u8 = 0;
        while !lost.is_empty() && p < NONE - 2 {
            let mut won = Vec::new();
            for &i in &lost {
                let (sk, a, b, bk) = unpack(i as usize);
                let occ = bit(sk) | bit(a) | bit(b) | bit(bk);
                let mut mark = |sk: usize, a: usize, b: usize| {
                    let j = index(0, sk, a, b, bk);
                    // The bare king may not stand in check with the
                    // winning side to move.
                    let guard = KING_ATK[sk] | attacks(ka, a) | attacks(kb, b);
                    if plies[j] == NONE && guard & bit(bk) == 0 {
                        plies[j] = p + 1;
                        won.push(j as u32);
                    }
                };
                for f in Squares(KING_ATK[sk] & !occ & !KING_ATK[bk]) {
                    mark(f, a, b);
                }
                for f in Squares(sources(ka, a) & !occ) {
                    mark(sk, f, b);
                }
                for f in Squares(sources(kb, b) & !occ) {
                    mark(sk, a, f);
                }
            }
            let mut next = Vec::new();
            for &j in &won {
                let (sk, a, b, bk) = unpack(j as usize);
                let occ = bit(sk) | bit(a) | bit(b) | bit(bk);
                for f in Squares(KING_ATK[bk] & !occ & !KING_ATK[sk]) {
                    let q = index(1, sk, a, b, f);
                    let counter = &mut moves_left[q - PER_SIDE];
                    if *counter == ESCAPES || *counter == 0 {
                        continue;
                    }
                    *counter -= 1;
                    if *counter == 0 {
                        plies[q] = p + 2;
                        next.push(q as u32);
                    }
                }
            }
            lost = next;
            p += 2;
        }
        Table { plies }
    }

    /// The pair's table, built first if need be.
    fn get_or_build(ka: usize, kb: usize) -> &'static Table {
        TABLES[pair_number(ka, kb)].get_or_init(|| Table::build(ka, kb))
    }

    /// The pair's table once built; until then `None`, and the first call
    /// starts the build in a thread of its own, so that a search on the
    /// clock never waits the second or so a build takes (it lost games on
    /// time to Fairy-Stockfish when it did).
    fn ready(ka: usize, kb: usize) -> Option<&'static Table> {
        let n = pair_number(ka, kb);
        if let Some(table) = TABLES[n].get() {
            return Some(table);
        }
        if !BUILD_STARTED[n].swap(true, Ordering::Relaxed) {
            let spawned = std::thread::Builder::new()
                .name("makruk-table".into())
                .spawn(move || {
                    Table::get_or_build(ka, kb);
                });
            if spawned.is_err() {
                // No thread to be had: try again at the next meeting.
                BUILD_STARTED[n].store(false, Ordering::Relaxed);
            }
        }
        None
    }
}

static TABLES: [OnceLock<Table>; PAIRS] = [const { OnceLock::new() }; PAIRS];
static BUILD_STARTED: [AtomicBool; PAIRS] = [const { AtomicBool::new(false) }; PAIRS];

/// Builds all six tables now (those not built yet), waiting for them:
/// for `bench`, whose node counts must not depend on when a build ends.
pub fn build_all_tables() {
    for (x, &ka) in MINORS.iter().enumerate() {
        for &kb in &MINORS[x..] {
            Table::get_or_build(ka, kb);
        }
    }
}

/// A position of this ending as its table sees it: the two kinds in table
/// order and the position's index (side to move, 0 for the winning side;
/// winning king; first piece; second piece; bare king; the winner seen as
/// White).
fn squares(pos: &Position) -> Option<(usize, usize, usize)> {
    if pos.occupied().count_ones() != 4 {
        return None;
    }
    let strong = if pos.colors[WHITE].count_ones() == 3 {
        WHITE
    } else if pos.colors[BLACK].count_ones() == 3 {
        BLACK
    } else {
        return None;
    };
    let minors = pos.colors[strong] & !pos.kinds[KING];
    if minors & (pos.kinds[PAWN] | pos.kinds[ROOK]) != 0 || minors.count_ones() != 2 {
        return None;
    }
    let mut pieces = Squares(minors);
    let (first, second) = (pieces.next()?, pieces.next()?);
    let kind = |sq: usize| piece_kind(pos.board[sq]);
    let (a, b) = if minor_rank(kind(first))? <= minor_rank(kind(second))? {
        (first, second)
    } else {
        (second, first)
    };
    let turn = |sq: usize| if strong == WHITE { sq } else { sq ^ 56 };
    let stm = usize::from(pos.side != strong);
    let i = index(
        stm,
        turn(pos.king_square(strong)),
        turn(a),
        turn(b),
        turn(pos.king_square(strong.other())),
    );
    Some((kind(a), kind(b), i))
}

/// Plies to mate for the side with the two minors, the side to move as in
/// `pos`; `None` when not won (a draw) or not this ending. Builds the
/// table first if need be.
pub fn plies_to_mate(pos: &Position) -> Option<u32> {
    let (ka, kb, i) = squares(pos)?;
    entry(Table::get_or_build(ka, kb), i)
}

fn entry(table: &Table, i: usize) -> Option<u32> {
    let v = *table.plies.get(i)?;
    (v != NONE).then_some(u32::from(v))
}

/// The pieces' honour count against the bare king (moves: two khons 22,
/// two knights 32, one khon 44, else 64), from twice the four pieces.
fn first_count(ka: usize, kb: usize) -> FirstCount {
    let moves = match (ka, kb) {
        (KHON, KHON) => 22,
        (KNIGHT, KNIGHT) => 32,
        (KHON, _) | (_, KHON) => 44,
        _ => 64,
    };
    FirstCount {
        limit: 2 * moves,
        start: 8,
    }
}

/// The exact score of the ending for the side to move, given the count;
/// `None` for every other material, and while the table is being built
/// (the evaluation stands in).
pub fn score(pos: &Position) -> Option<i32> {
    let (ka, kb, i) = squares(pos)?;
    let table = Table::ready(ka, kb)?;
    let strong_to_move = i < PER_SIDE;
    Some(known_win::score(
        pos,
        entry(table, i),
        strong_to_move,
        first_count(ka, kb),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::fen;
    use crate::games::makruk::known_win::KNOWN_WIN;
    use crate::games::makruk::known_win::brute::{loses_within, mate_in};

    fn pos(f: &str) -> Position {
        fen::parse(f, true).unwrap()
    }

    #[test]
    fn pair_numbers_are_distinct() {
        let mut seen = Vec::new();
        for (x, &ka) in MINORS.iter().enumerate() {
            for &kb in &MINORS[x..] {
                seen.push(pair_number(ka, kb));
            }
        }
        seen.sort();
        assert_eq!(seen, (0..PAIRS).collect::<Vec<_>>());
    }

    #[test]
    fn known_positions() {
        // Khon and met: mated already (met b7 and khon a7 check, the khon
        // holds b8, the king b6 guards both).
        assert_eq!(
            plies_to_mate(&pos("k7/SM6/1K6/8/8/8/8/8 b - - 0 80")),
            Some(0)
        );
        // The bare king takes the undefended met: a draw.
        assert_eq!(
            plies_to_mate(&pos("8/8/8/3kM3/8/8/8/K5S1 b - - 0 80")),
            None
        );
        // Two mets on squares of one colour never mate.
        assert_eq!(
            plies_to_mate(&pos("8/8/8/3k4/8/8/2M5/K2M4 w - - 0 80")),
            None
        );
        // Khon and met, two khons, khon and knight win from the middle of
        // the board; the same with Black winning.
        for f in [
            "8/8/8/3k4/8/8/8/KMS5 w - - 0 80",
            "8/8/8/3k4/8/8/8/KSS5 w - - 0 80",
            "8/8/8/3k4/8/8/8/KSN5 w - - 0 80",
            "kms5/8/8/8/3K4/8/8/8 b - - 0 80",
        ] {
            assert!(plies_to_mate(&pos(f)).is_some(), "{f}");
        }
        // Knight and met, and two mets even on squares of both colours,
        // do not force mate from there (nor from most places).
        for f in [
            "8/8/8/3k4/8/8/8/KMN5 w - - 0 80",
            "8/8/8/3k4/8/8/8/KMM5 w - - 0 80",
        ] {
            assert_eq!(plies_to_mate(&pos(f)), None, "{f}");
        }
    }

    /// The position of the winner's king, pieces and the bare king (squares
    /// as White would see them), or `None` when it cannot occur.
    fn placed(
        kinds: [usize; 2],
        squares: [usize; 4],
        strong: Side,
        side: Side,
    ) -> Option<Position> {
        let distinct = (0..4).all(|i| (0..i).all(|j| squares[i] != squares[j]));
        let [sk, a, b, bk] = squares.map(|sq| if strong == WHITE { sq } else { sq ^ 56 });
        if !distinct || KING_ATK[sk] & bit(bk) != 0 {
            return None;
        }
        let mut p = Position::empty();
        p.put(sk, make_piece(strong, KING));
        p.put(a, make_piece(strong, kinds[0]));
        p.put(b, make_piece(strong, kinds[1]));
        p.put(bk, make_piece(strong.other(), KING));
        p.side = side;
        let bare_in_check = p.attackers(bk, strong, p.occupied()) != 0;
        (side != strong || !bare_in_check).then_some(p)
    }

    #[test]
    fn agrees_with_a_brute_force_mate_search() {
        // Scattered positions of each pair, both winners, both sides to
        // move: the table and a minimax over the move generator agree up
        // to mate in two.
        let mut checked = 0;
        let pairs = (0..3).flat_map(|x| (x..3).map(move |y| [MINORS[x], MINORS[y]]));
        for kinds in pairs {
            for sk in (0..64).step_by(11) {
                for a in (1..64).step_by(13) {
                    for b in (2..64).step_by(9) {
                        for bk in (3..64).step_by(7) {
                            for (strong, side) in [
                                (WHITE, WHITE),
                                (WHITE, BLACK),
                                (BLACK, WHITE),
                                (BLACK, BLACK),
                            ] {
                                let Some(mut p) = placed(kinds, [sk, a, b, bk], strong, side)
                                else {
                                    continue;
                                };
                                let table = plies_to_mate(&p);
                                let fen = fen::write(&p);
                                if side == strong {
                                    let brute = mate_in(&mut p, 3, 4);
                                    assert_eq!(table.filter(|&v| v <= 3), brute, "{fen}");
                                } else {
                                    let brute = loses_within(&mut p, 2, 4);
                                    assert_eq!(table.is_some_and(|v| v <= 2), brute, "{fen}");
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }

    #[test]
    fn the_search_gets_the_score_once_the_table_is_built() {
        // The first meeting starts the build in the background and the
        // evaluation stands in (`None`) until the table is ready.
        let p = pos("8/8/8/3k4/8/8/8/KSN5 w - 88 8 80");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        let score = loop {
            if let Some(s) = score(&p) {
                break s;
            }
            assert!(std::time::Instant::now() < deadline, "never built");
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_eq!(score, KNOWN_WIN - plies_to_mate(&p).unwrap() as i32);
    }

    #[test]
    fn the_count_decides_win_or_draw() {
        build_all_tables();
        // Khon and met with the count nearly run out: a draw, pressed;
        // with the count just begun: a win.
        let early = pos("8/8/8/3k4/8/8/8/KMS5 w - 88 8 80");
        assert!(score(&early).is_some_and(|s| s > KNOWN_WIN - 200));
        let late = pos("8/8/8/3k4/8/8/8/KMS5 w - 88 86 80");
        assert!(score(&late).is_some_and(|s| (1..100).contains(&s)));
        // The bare king to move sees the loss as negative.
        let lost = pos("8/8/8/3k4/8/8/8/KMS5 b - 88 8 80");
        assert!(score(&lost).is_some_and(|s| s < -KNOWN_WIN + 200));
        // Other material: not this table's.
        assert_eq!(score(&pos("8/8/4k3/8/8/8/R7/3KM3 w - - 0 80")), None);
        assert_eq!(score(&pos("8/8/4k3/8/P7/8/8/3KM3 w - - 0 80")), None);
    }
}

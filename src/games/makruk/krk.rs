//! King and rook against a bare king, solved exactly: the number of plies
//! to mate from every position, worked out once by retrograde analysis.
//!
//! Why: under Makruk's counting the rook must mate within 16 moves of
//! winning the last enemy piece (the count starts at 3 and runs to 16, so
//! 13 moves are left), and a search that sees no mate within its horizon
//! finds every line "drawn by the count" and stops making progress. With
//! the distance known, the evaluation says win or draw for the count that
//! is left, and the search plays the shortest mate; before the capture it
//! also tells whether winning the last piece now leaves enough moves.
//!
//! The rook and kings move as in chess, and stalemate is a draw in both
//! games, so these are the chess distances (longest: mate in 16).

use super::bitboard::{KING_ATK, Squares, bit, rook_attacks};
use super::eval::distance;
use super::known_win::{self, FirstCount};
use super::position::Position;
use super::types::*;
use std::sync::OnceLock;

/// Not won (drawn or not a legal position).
const NONE: u8 = u8::MAX;
/// Pieces' honour for a lone rook: 16 moves, in plies.
const ROOK_COUNT_LIMIT: i32 = 32;
/// Where that count starts: twice the three pieces on the board.
const ROOK_COUNT_START: i32 = 6;

/// Plies to mate by side to move (0: the strong side, 1: the bare king),
/// strong king, rook, bare king.
struct Table {
    plies: Vec<u8>,
}

#[inline]
fn index(stm: usize, sk: usize, sr: usize, bk: usize) -> usize {
    ((stm * 64 + sk) * 64 + sr) * 64 + bk
}

/// Squares the strong side attacks with the bare king on `bk` removed from
/// the board (a king cannot step back along the rook's line).
fn strong_attacks(sk: usize, sr: usize, bk: usize) -> u64 {
    let occ = bit(sk) | bit(sr) | bit(bk);
    KING_ATK[sk] | rook_attacks(sr, occ & !bit(bk))
}

/// Whether the three squares make a position that can occur with `stm` to
/// move: distinct squares, kings apart, the side not to move not in check.
fn legal(stm: usize, sk: usize, sr: usize, bk: usize) -> bool {
    if sk == sr || sk == bk || sr == bk || distance(sk, bk) <= 1 {
        return false;
    }
    let bare_in_check = rook_attacks(sr, bit(sk) | bit(bk)) & bit(bk) != 0;
    stm == 1 || !bare_in_check
}

/// The bare king's moves as the squares it can go to (never a defended
/// rook's), or `None` when it can take the rook (a draw at once).
fn bare_moves(sk: usize, sr: usize, bk: usize) -> Option<u64> {
    if KING_ATK[bk] & bit(sr) != 0 && KING_ATK[sk] & bit(sr) == 0 {
        return None;
    }
    Some(KING_ATK[bk] & !strong_attacks(sk, sr, bk) & !bit(sr) & !bit(sk))
}

/// Whether some move of the strong side reaches a position with the bare
/// king to move that `lost` holds.
fn strong_reaches(sk: usize, sr: usize, bk: usize, lost: impl Fn(usize, usize) -> bool) -> bool {
    let occ = bit(sk) | bit(sr) | bit(bk);
    let kings = KING_ATK[sk] & !occ & !KING_ATK[bk];
    let rooks = rook_attacks(sr, occ) & !occ;
    Squares(kings).any(|k| lost(k, sr)) || Squares(rooks).any(|r| lost(sk, r))
}

impl Table {
    fn build() -> Table {
        let mut plies = vec![NONE; 2 * 64 * 64 * 64];
        // Ply 0: the bare king to move is checkmated.
        for sk in 0..64 {
            for sr in 0..64 {
                for bk in 0..64 {
                    if !legal(1, sk, sr, bk) {
                        continue;
                    }
                    let in_check = rook_attacks(sr, bit(sk) | bit(bk)) & bit(bk) != 0;
                    if in_check && bare_moves(sk, sr, bk) == Some(0) {
                        plies[index(1, sk, sr, bk)] = 0;
                    }
                }
            }
        }
        // Then one ply at a time: the strong side wins in p (odd) when a
        // move reaches a loss in p - 1; the bare king loses in p (even)
        // when it has moves, none takes the rook, and all lose.
        for p in 1..=u8::MAX as usize - 1 {
            let strong_turn = p % 2 == 1;
            let stm = usize::from(!strong_turn);
            let mut found = false;
            for sk in 0..64 {
                for sr in 0..64 {
                    for bk in 0..64 {
                        let i = index(stm, sk, sr, bk);
                        if plies[i] != NONE || !legal(stm, sk, sr, bk) {
                            continue;
                        }
                        let won = if strong_turn {
                            strong_reaches(sk, sr, bk, |k, r| {
                                plies[index(1, k, r, bk)] as usize == p - 1
                            })
                        } else {
                            match bare_moves(sk, sr, bk) {
                                Some(m) if m != 0 => Squares(m).all(|b| {
                                    let v = plies[index(0, sk, sr, b)];
                                    v != NONE && (v as usize) < p
                                }),
                                _ => false,
                            }
                        };
                        if won {
                            plies[i] = p as u8;
                            found = true;
                        }
                    }
                }
            }
            // Two plies in a row without news: nothing further can follow.
            if !found && !strong_turn {
                break;
            }
        }
        Table { plies }
    }

    fn get() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(Table::build)
    }
}

/// A K+R v K position as the table sees it: (side to move, 0 for the
/// rook's side; the rook's king; the rook; the bare king).
fn squares(pos: &Position) -> Option<(usize, usize, usize, usize)> {
    let rook = pos.kinds[ROOK];
    if pos.occupied().count_ones() != 3 || rook.count_ones() != 1 {
        return None;
    }
    let strong = if pos.colors[WHITE] & rook != 0 {
        WHITE
    } else {
        BLACK
    };
    let stm = usize::from(pos.side != strong);
    let sr = rook.trailing_zeros() as usize;
    Some((
        stm,
        pos.king_square(strong),
        sr,
        pos.king_square(strong.other()),
    ))
}

/// Plies to mate for the rook's side, the side to move as in `pos`;
/// `None` when not won (a draw) or not this ending.
pub fn plies_to_mate(pos: &Position) -> Option<u32> {
    let (stm, sk, sr, bk) = squares(pos)?;
    let v = Table::get().plies[index(stm, sk, sr, bk)];
    (v != NONE).then_some(u32::from(v))
}

/// The exact score of a king-and-rook ending for the side to move, given
/// the count: a win when the mate comes before the count runs out, else a
/// draw (a pressed one). `None` for every other material.
pub fn score(pos: &Position) -> Option<i32> {
    let (stm, ..) = squares(pos)?;
    let first = FirstCount {
        limit: ROOK_COUNT_LIMIT,
        start: ROOK_COUNT_START,
    };
    Some(known_win::score(pos, plies_to_mate(pos), stm == 0, first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::known_win::brute::{loses_within, mate_in};
    use crate::games::makruk::known_win::{KNOWN_WIN, PRESS_MAX};
    use crate::games::makruk::{fen, movegen};
    use crate::search::AlphaBetaPosition;

    fn pos(f: &str) -> Position {
        fen::parse(f, true).unwrap()
    }

    #[test]
    fn known_positions() {
        // Mate in one: Rh8#.
        assert_eq!(
            plies_to_mate(&pos("k7/8/1K6/8/8/8/8/7R w - - 0 60")),
            Some(1)
        );
        // Checkmated already.
        assert_eq!(
            plies_to_mate(&pos("R1k5/8/2K5/8/8/8/8/8 b - - 0 60")),
            Some(0)
        );
        // The bare king takes the undefended rook: a draw.
        assert_eq!(plies_to_mate(&pos("8/8/8/3kR3/8/8/8/K7 b - - 0 60")), None);
        // Stalemate: a draw.
        assert_eq!(plies_to_mate(&pos("k7/8/K7/8/8/8/8/1R6 b - - 0 60")), None);
    }

    #[test]
    fn the_longest_mate_is_sixteen_moves() {
        // As in chess: mate in 16 with the rook's side to move (31 plies),
        // 32 plies with the bare king to move first.
        let t = Table::get();
        let half = t.plies.len() / 2;
        let longest = |s: &[u8]| s.iter().filter(|&&v| v != NONE).max().copied();
        assert_eq!(longest(&t.plies[..half]), Some(31));
        assert_eq!(longest(&t.plies[half..]), Some(32));
    }

    #[test]
    fn agrees_with_a_brute_force_mate_search() {
        // Every fourth square for each piece, both sides to move: the table
        // and a minimax over the move generator agree up to mate in three.
        let mut checked = 0;
        for sk in (0..64).step_by(5) {
            for sr in (1..64).step_by(7) {
                for bk in (2..64).step_by(3) {
                    for side in [WHITE, BLACK] {
                        let stm = if side == WHITE { 0 } else { 1 };
                        if !legal(stm, sk, sr, bk) {
                            continue;
                        }
                        let mut p = Position::empty();
                        p.put(sk, make_piece(WHITE, KING));
                        p.put(sr, make_piece(WHITE, ROOK));
                        p.put(bk, make_piece(BLACK, KING));
                        p.side = side;
                        let table = plies_to_mate(&p);
                        if side == WHITE {
                            let brute = mate_in(&mut p, 5, 3);
                            assert_eq!(table.filter(|&v| v <= 5), brute, "{sk} {sr} {bk} w");
                        } else {
                            let lost_now = table == Some(0);
                            let mut moves = Vec::new();
                            movegen::generate(&p, &mut moves, false);
                            assert_eq!(lost_now, moves.is_empty() && p.in_check());
                            let lost_in_2 = table.is_some_and(|v| v <= 2);
                            assert_eq!(lost_in_2, loses_within(&mut p, 2, 3), "{sk} {sr} {bk} b");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn the_count_decides_win_or_draw() {
        // Mate in one with the count at its limit: still a win (the mate
        // ends the game before the draw is claimed).
        let f = "k7/8/1K6/8/8/8/8/7R w - 32 32 60";
        assert_eq!(score(&pos(f)), Some(KNOWN_WIN - 1));
        // A long mate with few plies of the count left: a draw, pressed.
        let far = pos("8/8/8/3k4/8/8/8/R6K w - 32 30 60");
        assert!(plies_to_mate(&far).is_some_and(|p| p > 3));
        assert!(score(&far).is_some_and(|s| (1..PRESS_MAX).contains(&s)));
        // The bare king to move sees the loss as negative.
        let lost = pos("k7/8/1K6/8/8/8/R7/8 b - 32 6 60");
        assert!(score(&lost).is_some_and(|s| s < -KNOWN_WIN + 100));
        // Other material: not this table's.
        assert_eq!(score(&pos("8/8/4k3/8/8/8/R7/3KM3 w - - 0 60")), None);
    }
}

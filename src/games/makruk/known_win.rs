//! The score of an ending solved exactly (plies to mate known), given
//! Makruk's count: a win when the mate fits into the plies the count has
//! left, else a draw that the winning side still presses.
//!
//! Shared by the tables of [`super::krk`] and [`super::two_minors`].

use super::position::Position;

/// Score of a won ending, less the plies to mate.
pub const KNOWN_WIN: i32 = 10_000;
/// Score of an ending the count draws, less the plies to mate: a draw,
/// pressed (the defender may err), and the shorter mate pressed harder.
pub(super) const PRESS_MAX: i32 = 40;
/// The smallest pressed draw, for mates longer than [`PRESS_MAX`] - 8.
const PRESS_MIN: i32 = 8;

/// The pieces' honour count that starts when the defender's last piece
/// falls, in plies: its limit and the ply it starts from.
#[derive(Clone, Copy)]
pub(super) struct FirstCount {
    pub limit: i32,
    pub start: i32,
}

/// The score for the side to move of an ending whose plies to mate (for
/// the winning side, `None` when drawn) are known. `first` is the count
/// that starts after the winning side's next move when none runs yet.
pub(super) fn score(
    pos: &Position,
    plies: Option<u32>,
    strong_to_move: bool,
    first: FirstCount,
) -> i32 {
    let Some(p) = plies else {
        return 0;
    };
    // Plies the count leaves for the mate: the position after the mating
    // move may pass the limit (a mate ends the game first), the one before
    // it may not. With no count yet, it starts after the strong side's
    // next move (one ply away, or two with the bare king to move).
    let left = |limit: i32, count: i32| (limit - count + 1).max(0) as u32;
    let allowed = if pos.counting_limit != 0 {
        left(pos.counting_limit as i32, pos.counting_ply as i32)
    } else {
        left(first.limit, first.start) + if strong_to_move { 1 } else { 2 }
    };
    let v = if p > allowed {
        (PRESS_MAX - p as i32).max(PRESS_MIN)
    } else {
        KNOWN_WIN - p as i32
    };
    if strong_to_move { v } else { -v }
}

/// A plain minimax over the real move generator, ignoring the count: the
/// check the tables' tests hold them to. A position with fewer than
/// `pieces` pieces left (the defender took one) is not lost.
#[cfg(test)]
pub(super) mod brute {
    use super::super::movegen;
    use super::Position;
    use crate::search::AlphaBetaPosition;

    /// Plies to a forced mate for the side to move, up to `max` plies
    /// (`None` beyond).
    pub fn mate_in(p: &mut Position, max: u32, pieces: u32) -> Option<u32> {
        (1..=max)
            .filter(|d| d % 2 == 1)
            .find(|&d| wins_within(p, d, pieces))
    }

    fn wins_within(p: &mut Position, d: u32, pieces: u32) -> bool {
        let mut moves = Vec::new();
        movegen::generate(p, &mut moves, false);
        moves.iter().any(|&m| {
            p.make_move(m);
            let lost = loses_within(p, d - 1, pieces);
            p.unmake_move();
            lost
        })
    }

    /// Whether the side to move is mated within `d` plies.
    pub fn loses_within(p: &mut Position, d: u32, pieces: u32) -> bool {
        let mut moves = Vec::new();
        movegen::generate(p, &mut moves, false);
        if moves.is_empty() {
            return p.in_check();
        }
        if d == 0 || p.occupied().count_ones() < pieces {
            return false;
        }
        moves.iter().all(|&m| {
            p.make_move(m);
            let won = wins_within(p, d - 1, pieces);
            p.unmake_move();
            won
        })
    }
}

//! How many steps a player still needs to fill its target: a lower bound
//! that ignores hops, the evaluation's main term and `d`'s "steps to go".
//!
//! Two bounds, the larger counts. The depth bound: each step changes one
//! piece's depth toward the target's tip by at most one, so the pieces'
//! summed depths less the least a full target has. It drives the race
//! but is blind at the end: with one piece outside and the last empty
//! target cell on the far side of the camp, walking around the camp
//! gains no depth, and searches stalled there. The matching bound fixes
//! that: once few pieces are outside, the cheapest assignment of them to
//! the target cells still to fill, each costing its steps on the empty
//! board. Keeping the pieces already inside where they are loses nothing
//! (by the triangle inequality a piece that moves on inside could as
//! well be the one that comes in), so this is exact for steps alone.

use super::CellSet;
use super::position::{FinishRule, HopPosition, Standing};

/// The matching bound is computed when at most this many target cells
/// are to fill (its cost grows as 2^n) ...
const MATCH_HOLES: usize = 5;
/// ... from at most this many pieces outside (more than the holes only
/// when opponents' pieces fill some target cells, `Finish Rule filled`).
const MATCH_PIECES: usize = 8;

impl<S: CellSet> HopPosition<S> {
    /// Steps player `p`'s pieces still need to fill its target (0 when
    /// they fill it): the larger of the depth and matching bounds.
    pub fn remaining_distance(&self, p: usize) -> i32 {
        let depth = self.depth_bound(p);
        match self.matching_bound(p) {
            // Pieces of finished players in the target fill it for good
            // (`Finish Rule filled`): the depth bound, which wants all of
            // `p`'s pieces inside, no longer holds.
            Some((m, true)) => m,
            Some((m, false)) => m.max(depth),
            None => depth,
        }
    }

    /// The pieces of the players who finished (eliminated ones have left
    /// the board): they never move again.
    fn settled(&self) -> S {
        (0..self.player_count())
            .filter(|&q| matches!(self.standing(q), Standing::Finished { .. }))
            .fold(S::default(), |all, q| all.union(self.marbles(q)))
    }

    /// The summed depths of `p`'s pieces toward its target's tip
    /// ([`super::layout::Corner::depth`]), less the least that sum can be.
    fn depth_bound(&self, p: usize) -> i32 {
        let target = &self.layout().corners[self.target_corner(p)];
        let sum: i32 = self
            .marbles(p)
            .cells()
            .map(|c| i32::from(target.depth[c]))
            .sum();
        (sum - target.least).max(0)
    }

    /// The least total of steps that brings `p`'s pieces outside the
    /// target onto the target cells still to fill, and whether finished players'
    /// pieces fill some of them; `None` when there are too many to match.
    fn matching_bound(&self, p: usize) -> Option<(i32, bool)> {
        let layout = self.layout();
        let target = layout.corners[self.target_corner(p)].cells;
        let mine = self.marbles(p);
        let not_mine = target.minus(mine);
        // Under `filled` only the pieces of players who are done stay
        // for good: those still playing will move theirs out of the way,
        // and counting them as filling holes let the search neglect its
        // rear pieces while an opponent's stragglers sat at home.
        let holes = match self.rules().finish {
            FinishRule::Own => not_mine,
            FinishRule::Filled => not_mine.minus(self.settled()),
        };
        let squatters = holes != not_mine;
        let outside = mine.minus(target);
        let (h, k) = (holes.len() as usize, outside.len() as usize);
        if h == 0 || h > MATCH_HOLES || k > MATCH_PIECES {
            return None;
        }
        let mut hole = [0usize; MATCH_HOLES];
        for (slot, c) in hole.iter_mut().zip(holes.cells()) {
            *slot = c;
        }
        // dp[mask]: the least steps filling the holes in `mask` with the
        // pieces seen so far, each piece used at most once (masks taken
        // from the largest down, as in a 0/1 knapsack).
        let full = (1usize << h) - 1;
        let mut dp = [i32::MAX; 1 << MATCH_HOLES];
        dp[0] = 0;
        for piece in outside.cells() {
            for mask in (0..full).rev() {
                let here = dp[mask];
                if here == i32::MAX {
                    continue;
                }
                for (j, &cell) in hole.iter().enumerate().take(h) {
                    let bit = 1 << j;
                    if mask & bit == 0 {
                        let cost = here + i32::from(layout.steps(piece, cell));
                        if cost < dp[mask | bit] {
                            dp[mask | bit] = cost;
                        }
                    }
                }
            }
        }
        (dp[full] != i32::MAX).then_some((dp[full], squatters))
    }
}

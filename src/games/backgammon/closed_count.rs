//! The number of plays of a roll worked out from the board instead of
//! walked, for the common case: too many checkers outside home for any
//! bear-off during the roll, and a roll that can be played in full.
//! perft's last ply asks this first and walks only when it answers `None`.
//! The bar is point 25 here: its checkers step like any other, except that
//! they all must step before anything else does.
//!
//! Non-doubles `a`-`b`: a play moves two checkers (x by `a`, y by `b`) or
//! one checker by both. Two-checker plays give distinct positions, except
//! when y stands where x lands (or x where y lands): that is one checker
//! moving `a + b`. A checker moving `a + b` reaches the same position by
//! either intermediate point unless one of them hits a blot, so it gives
//! one position without a hit plus one per intermediate blot it can hit.
//!
//! Doubles `d`: a play is fixed by how many steps leave each point (a
//! checker arriving and moving on is the same as the one below moving),
//! so the plays are the step-count vectors with four steps in all, each
//! point's count at most its checkers plus the steps arriving from `d`
//! higher, and no step onto a blocked point. A dynamic programme over the
//! chains `p, p - d, p - 2d, ...` counts them.

use super::board::{BAR, Board};

/// What the counts need of one board, worked out once for all its rolls.
pub struct ClosedCount<'a> {
    board: &'a Board,
    on_bar: u8,
    /// Checkers of the mover outside its home board (points 7..=24, bar).
    outside: u32,
    /// Bit p: the mover has checkers on p (bit 25: on the bar).
    mine: u32,
    /// Bit p: exactly one.
    single: u32,
    /// Bit p: the mover may land on p (the other side has at most one).
    open: u32,
    /// Bit p: the other side has a blot on p.
    blot: u32,
}

impl<'a> ClosedCount<'a> {
    pub fn new(board: &'a Board) -> ClosedCount<'a> {
        let on_bar = board.mover[BAR];
        let mut c = ClosedCount {
            board,
            on_bar,
            outside: board.mover[7..].iter().map(|&n| u32::from(n)).sum(),
            mine: u32::from(on_bar > 0) << BAR,
            single: u32::from(on_bar == 1) << BAR,
            open: 0,
            blot: 0,
        };
        for p in 1..BAR {
            let (m, o) = (board.mover[p], board.other[BAR - p]);
            c.mine |= u32::from(m > 0) << p;
            c.single |= u32::from(m == 1) << p;
            c.open |= u32::from(o < 2) << p;
            c.blot |= u32::from(o == 1) << p;
        }
        c
    }

    /// The number of plays of `a`-`b`, or `None` when this case is not
    /// covered (a bear-off possible during the roll, or a roll that cannot
    /// be played in full).
    pub fn count(&self, a: usize, b: usize) -> Option<u64> {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return None;
        }
        let n = if a == b {
            // Four steps bring at most three checkers home before the last.
            if self.outside < 4 {
                return None;
            }
            self.doubles(a)
        } else {
            if self.outside < 2 {
                return None;
            }
            self.non_doubles(a, b)
        };
        (n > 0).then_some(n)
    }

    fn non_doubles(&self, a: usize, b: usize) -> u64 {
        let (mine, open, blot) = (self.mine, self.open, self.blot);
        if self.on_bar >= 2 {
            // Both dice enter, and that is the one play.
            return u64::from(open & (1 << (BAR - a)) != 0 && open & (1 << (BAR - b)) != 0);
        }
        let clear = open & !blot;
        // x in `with_a` may move `a`: bit x is set when x - a is open.
        let with_a = mine & (open << a);
        let with_b = mine & (open << b);
        // Two checkers, x by a and y by b, less the pairs that are one
        // checker moving a + b (y where x lands, or x where y lands).
        let one_checker = ones(with_a & (with_b << a)) + ones(with_b & (with_a << b));
        let pairs = if self.on_bar == 0 {
            // x = y needs two checkers there.
            ones(with_a) * ones(with_b) - ones(with_a & with_b & self.single) - one_checker
        } else {
            // The bar's checker is one of the two; no other pair is counted
            // above, so only the bar's one-checker pairs are taken off.
            let bar = 1 << BAR;
            ones(with_a & bar) * ones(with_b & !bar) + ones(with_a & !bar) * ones(with_b & bar)
                - ones(with_a & bar & (with_b << a))
                - ones(with_b & bar & (with_a << b))
        };
        // One checker by a + b (the bar's, when it has one).
        let movers = if self.on_bar == 0 { mine } else { 1 << BAR };
        let whole = movers & (open << (a + b));
        let chains = ones(whole & (blot << a))
            + ones(whole & (blot << b))
            + ones(whole & ((clear << a) | (clear << b)));
        pairs + chains
    }

    fn doubles(&self, d: usize) -> u64 {
        let board = self.board;
        // ways[s]: step-count choices so far using s steps.
        let mut ways = [1u32, 0, 0, 0, 0];
        // The chains start at the bar and the d - 1 points below it.
        for top in (BAR + 1 - d..=BAR).rev() {
            // A chain without checkers adds no choice; one starts at its
            // highest checker.
            let mut p = top;
            while p > 0 && self.mine & (1 << p) == 0 {
                p = p.saturating_sub(d);
            }
            if p == 0 {
                continue;
            }
            // by[s][f]: choices using s steps with f steps arriving from
            // the point above.
            let mut by = [[0u32; 5]; 5];
            for (s, &w) in ways.iter().enumerate() {
                by[s][0] = w;
            }
            while p > 0 {
                let movable = p > d && self.open & (1 << (p - d)) != 0;
                let here = usize::from(board.mover[p]);
                let mut next = [[0u32; 5]; 5];
                for (s, row) in by.iter().enumerate() {
                    for (arriving, &w) in row.iter().enumerate() {
                        if w == 0 {
                            continue;
                        }
                        let most = if movable {
                            (here + arriving).min(4 - s)
                        } else {
                            0
                        };
                        // The bar's checkers all enter before anything moves.
                        let least = if p == BAR { here.min(4) } else { 0 };
                        for f in least..=most {
                            if let Some(cell) = next.get_mut(s + f).and_then(|r| r.get_mut(f)) {
                                *cell += w;
                            }
                        }
                    }
                }
                by = next;
                p = p.saturating_sub(d);
            }
            for (s, row) in by.iter().enumerate() {
                ways[s] = row.iter().sum();
            }
        }
        u64::from(ways[4])
    }
}

fn ones(m: u32) -> u64 {
    u64::from(m.count_ones())
}

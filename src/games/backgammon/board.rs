//! Backgammon's board and checker play (protocol-spec/backgammon.md §1):
//! plays as distinct resulting positions, both dice when possible, the
//! larger die when only one can be played, bar first, bearing off with a
//! higher die only from the highest point.

use super::play::Play;

/// Checkers per side.
pub const CHECKERS: u8 = 15;
/// Index of the bar in a side's array; index 0 is "borne off".
pub const BAR: usize = 25;

/// A side's checkers by point, in its own numbering: `[0]` borne off,
/// `[1..=24]` the points (1 = deepest home point, the side moves from 24
/// down to 1), `[25]` the bar. (Not `Side`: that is whose turn it is,
/// [`crate::rules::Side`].)
pub type Points = [u8; 26];

/// A board: the checkers of the player on roll (`mover`) and of the other
/// player (`other`), each in its own numbering. The other player's point
/// `p` is the mover's point `25 - p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    pub mover: Points,
    pub other: Points,
}

/// The start: two on the 24-point, five on the 13, three on the 8, five on
/// the 6, for both sides.
pub const START_POINTS: Points = {
    let mut s = [0u8; 26];
    s[24] = 2;
    s[13] = 5;
    s[8] = 3;
    s[6] = 5;
    s
};

/// One checker moved: from point `from` (25 = bar) by `die` pips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Step {
    pub from: u8,
    pub die: u8,
}

impl Board {
    pub fn start() -> Board {
        Board {
            mover: START_POINTS,
            other: START_POINTS,
        }
    }

    /// The same board seen by the other player (after a play or a pass).
    pub fn flipped(&self) -> Board {
        Board {
            mover: self.other,
            other: self.mover,
        }
    }

    /// True when every checker of the mover is home (points 1..=6 or off).
    fn all_home(&self) -> bool {
        self.mover[7..].iter().all(|&n| n == 0)
    }

    /// Whether the mover may move a checker from `from` by `die`.
    pub fn can_step(&self, from: usize, die: usize) -> bool {
        if from == 0 || from > BAR || self.mover[from] == 0 {
            return false;
        }
        if self.mover[BAR] > 0 && from != BAR {
            return false;
        }
        if from > die {
            // An ordinary move: the target must not be held by two or more.
            let to = from - die;
            return self.other[25 - to] < 2;
        }
        if !self.all_home() {
            return false;
        }
        // Bearing off: exactly, or with a higher die from the highest point.
        from == die || self.mover[from + 1..=6].iter().all(|&n| n == 0)
    }

    /// Plays a step [`Board::can_step`] allowed; true when it hit.
    pub fn step(&mut self, from: usize, die: usize) -> bool {
        self.mover[from] -= 1;
        if from > die {
            let to = from - die;
            self.mover[to] += 1;
            let theirs = 25 - to;
            if self.other[theirs] == 1 {
                self.other[theirs] = 0;
                self.other[BAR] += 1;
                return true;
            }
            false
        } else {
            self.mover[0] += 1;
            false
        }
    }

    /// Every legal play of the roll `d1`-`d2` as its resulting board (the
    /// mover still to move, not flipped), each distinct board once; empty
    /// when the roll cannot be played at all (a pass).
    pub fn plays(&self, d1: u8, d2: u8) -> Vec<Board> {
        let mut scratch = PlayScratch::default();
        self.plays_into(d1, d2, &mut scratch);
        scratch.plays.into_iter().map(|(b, _)| b).collect()
    }

    /// [`Board::plays`] into reusable buffers (perft and search call it
    /// millions of times): the plays end up in `scratch.plays`.
    pub fn plays_into(&self, d1: u8, d2: u8, scratch: &mut PlayScratch) {
        scratch.plays.clear();
        let mut most = 0usize;
        let (a, b) = (usize::from(d1), usize::from(d2));
        if a == b {
            // Four equal steps: taking them from non-increasing points
            // reaches every play once per multiset of steps (a higher
            // checker first never makes a lower step illegal), instead of
            // once per order.
            self.extend(&[a; 4], Play::default(), scratch, &mut most, true, BAR);
        } else {
            self.extend(&[a, b], Play::default(), scratch, &mut most, false, BAR);
            self.extend(&[b, a], Play::default(), scratch, &mut most, false, BAR);
        }
        if most == 1 && a != b {
            // Only one die can be played: the larger one when it can.
            let larger = a.max(b);
            let larger_played = |p: &Play| {
                p.steps()
                    .first()
                    .is_some_and(|s| usize::from(s.die) == larger)
            };
            if scratch.plays.iter().any(|(_, p)| larger_played(p)) {
                scratch.plays.retain(|(_, p)| larger_played(p));
            }
        }
        // Each resulting position once (the first way found to reach it).
        scratch.plays.sort_by_key(|x| x.0);
        scratch.plays.dedup_by(|x, y| x.0 == y.0);
    }

    /// Depth-first over the dice in order; keeps the plays that used the
    /// most dice (`path`: the steps so far). With `descending`, steps
    /// start from points no higher than `highest` (the previous step's),
    /// for doubles.
    fn extend(
        &self,
        dice: &[usize],
        path: Play,
        scratch: &mut PlayScratch,
        most: &mut usize,
        descending: bool,
        highest: usize,
    ) {
        let used = path.steps().len();
        let mut moved = false;
        if let Some(&die) = dice.get(used) {
            // From the bar only, while a checker is on it.
            let lowest = if self.mover[BAR] > 0 { BAR } else { 1 };
            let top = if descending { highest } else { BAR };
            for from in (lowest..=top).rev() {
                if self.mover[from] != 0 && self.can_step(from, die) {
                    moved = true;
                    let mut next = *self;
                    next.step(from, die);
                    let step = Step {
                        from: from as u8,
                        die: die as u8,
                    };
                    next.extend(dice, path.with(step), scratch, most, descending, from);
                }
            }
        }
        if moved {
            return;
        }
        // A leaf: no further die can be played from here.
        if used > *most {
            *most = used;
            scratch.plays.clear();
        }
        if used == *most && used > 0 {
            scratch.plays.push((*self, path));
        }
    }

    /// True when the mover has borne off all fifteen checkers.
    pub fn mover_won(&self) -> bool {
        self.mover[0] == CHECKERS
    }

    /// Counts per side add up to fifteen and no point holds both colours.
    pub fn is_valid(&self) -> bool {
        let total = |s: &Points| s.iter().map(|&n| u32::from(n)).sum::<u32>();
        total(&self.mover) == u32::from(CHECKERS)
            && total(&self.other) == u32::from(CHECKERS)
            && (1..=24).all(|p| self.mover[p] == 0 || self.other[25 - p] == 0)
    }
}

/// Reusable buffers of [`Board::plays_into`].
#[derive(Debug, Default, Clone)]
pub struct PlayScratch {
    /// The distinct plays of the last roll generated: each resulting
    /// board with the steps of one way to reach it.
    pub plays: Vec<(Board, Play)>,
}

/// The 21 distinct rolls with their weight among the 36 (doubles 1, others 2).
pub fn rolls() -> impl Iterator<Item = (u8, u8, u64)> {
    (1..=6u8).flat_map(|a| (1..=a).map(move |b| (a, b, if a == b { 1 } else { 2 })))
}

/// Leaves `depth` plies below `board` (the mover about to roll): over the 21
/// rolls, or the 36 with `weighted`, of the distinct plays; a roll without
/// a play is one child, the pass. (Several calls share their work through
/// one [`super::perft::Perft`].)
pub fn perft(board: &Board, depth: u32, weighted: bool) -> u64 {
    super::perft::Perft::default().leaves(board, depth, weighted)
}

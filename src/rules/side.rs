//! The two sides of a two-player game, as a type: whose turn it is, whose
//! piece stands on a square. A side is not a bare number flipped with
//! `^ 1` (only [`Side::other`] flips, here), so it cannot be mixed up with
//! a square, a kind or a count.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// One side of a two-player game. [`Side::FIRST`] is the side that moves
/// first from the usual start position (Makruk, Tak and draughts White, Ōgi
/// sente); [`Side::SECOND`] is the other (Black, gote). The number inside
/// is the player number of
/// [`RulesPosition::side_to_move`](super::RulesPosition::side_to_move).
///
/// A newtype over that number rather than an enum: the games flip sides and
/// index tables by side in their hottest loops (move generation, make and
/// unmake, evaluation), and this compiles to the very code the bare number
/// gave. (An enum's known range made the optimizer choose other shapes
/// there, some percent more instructions in Makruk's perft and Ōgi's
/// evaluation.) The number is private: it is always 0 or 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side(usize);

impl Side {
    /// White in Makruk, Tak and draughts; sente in Ōgi.
    pub const FIRST: Side = Side(0);
    /// Black in Makruk, Tak and draughts; gote in Ōgi.
    pub const SECOND: Side = Side(1);
    /// Both sides, `FIRST` first.
    pub const BOTH: [Side; 2] = [Side::FIRST, Side::SECOND];

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Side {
        // The one flip of the crate: 0 and 1 swap.
        Side(self.0 ^ 1)
    }

    /// The player number: 0 for `FIRST`, 1 for `SECOND`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0
    }

    /// The side with player number `i`; `None` unless `i` is 0 or 1.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Side> {
        if i < 2 { Some(Side(i)) } else { None }
    }

    /// `SECOND` if `second`, else `FIRST`: for a side stored as a bit (of a
    /// piece code, of a stack), where no third value can arise.
    #[inline(always)]
    pub const fn from_bit(second: bool) -> Side {
        Side(second as usize)
    }

    /// Whether this is `FIRST` (usable in `const fn`s, unlike `==`).
    #[inline(always)]
    pub const fn is_first(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_first() { "First" } else { "Second" })
    }
}

impl Not for Side {
    type Output = Side;

    #[inline(always)]
    fn not(self) -> Side {
        self.other()
    }
}

impl From<Side> for usize {
    #[inline(always)]
    fn from(side: Side) -> usize {
        side.index()
    }
}

/// One value per side, indexed by [`Side`] (a pair of bitboards, of hands,
/// of counts). Indexing never goes out of bounds (a side is 0 or 1) and
/// costs what indexing a `[T; 2]` by player number costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PerSide<T>(pub [T; 2]);

impl<T> PerSide<T> {
    /// `first` for [`Side::FIRST`], `second` for [`Side::SECOND`].
    #[inline(always)]
    pub const fn new(first: T, second: T) -> PerSide<T> {
        PerSide([first, second])
    }
}

impl<T> Index<Side> for PerSide<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for PerSide<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        for s in Side::BOTH {
            assert_ne!(s.other(), s);
            assert_eq!(s.other().other(), s);
            assert_eq!(!s, s.other());
        }
    }

    #[test]
    fn index_and_from_index_round_trip() {
        for (i, s) in Side::BOTH.into_iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(usize::from(s), i);
            assert_eq!(Side::from_index(i), Some(s));
            assert_eq!(Side::from_bit(i == 1), s);
        }
        assert_eq!(Side::from_index(2), None);
        assert_eq!(Side::from_index(usize::MAX), None);
    }

    #[test]
    fn per_side_indexes_by_side() {
        let mut p = PerSide::new(3, 5);
        assert_eq!((p[Side::FIRST], p[Side::SECOND]), (3, 5));
        p[Side::SECOND] += 1;
        assert_eq!(p.0, [3, 6]);
    }

    #[test]
    fn first_is_first_and_debug_names_the_side() {
        assert!(Side::FIRST.is_first() && !Side::SECOND.is_first());
        assert_eq!(format!("{:?}", Side::BOTH), "[First, Second]");
    }
}

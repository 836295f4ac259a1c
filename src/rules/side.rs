//! The two sides of a two-player game, as a type: whose turn it is, whose
//! piece stands on a square. A side is never a bare number flipped with
//! `^ 1`, so a side cannot be mixed up with a square, a kind or a count.

use std::ops::{Index, IndexMut, Not};

/// One side of a two-player game. `First` is the side that moves first from
/// the usual start position (Makruk, Tak and draughts White, Ōgi sente);
/// `Second` is the other (Black, gote). The discriminants are the player
/// numbers of [`RulesPosition::side_to_move`](super::RulesPosition::side_to_move),
/// and `repr(u8)` keeps the type a byte, as cheap as the number it replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// White in Makruk, Tak and draughts; sente in Ōgi.
    First = 0,
    /// Black in Makruk, Tak and draughts; gote in Ōgi.
    Second = 1,
}

impl Side {
    /// Both sides, `First` first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The player number: 0 for `First`, 1 for `Second`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with player number `i`; `None` unless `i` is 0 or 1.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }

    /// `Second` if `second`, else `First`: for a side stored as a bit (of a
    /// piece code, of a ply count), where no third value can arise.
    #[inline(always)]
    pub const fn from_bit(second: bool) -> Side {
        if second { Side::Second } else { Side::First }
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
/// of counts). Indexing cannot go out of bounds, so it costs what indexing
/// a `[T; 2]` with 0 or 1 costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PerSide<T>(pub [T; 2]);

impl<T> PerSide<T> {
    /// `first` for [`Side::First`], `second` for [`Side::Second`].
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
        assert_eq!((p[Side::First], p[Side::Second]), (3, 5));
        p[Side::Second] += 1;
        assert_eq!(p.0, [3, 6]);
        assert_eq!(std::mem::size_of::<Side>(), 1);
        assert_eq!(std::mem::size_of::<Option<Side>>(), 1);
    }
}

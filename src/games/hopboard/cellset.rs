//! A set of cells as a bitboard. The hop generator is generic over it, so a
//! board of up to 128 cells runs on one `u128` and a larger one (16x16
//! Halma) brings its own wider set.

/// A set of cells `0..Self::CAPACITY`, copied by value.
pub trait CellSet: Copy + Eq + Default + std::fmt::Debug {
    /// How many cells the set can hold.
    const CAPACITY: usize;
    fn contains(&self, cell: usize) -> bool;
    fn insert(&mut self, cell: usize);
    fn remove(&mut self, cell: usize);
    fn len(&self) -> u32;
    fn is_empty(&self) -> bool;
    /// Removes and returns the smallest cell.
    fn pop_first(&mut self) -> Option<usize>;
    fn union(self, other: Self) -> Self;
    /// The cells of `self` not in `other`.
    fn minus(self, other: Self) -> Self;

    /// The set holding only `cell`.
    fn single(cell: usize) -> Self {
        let mut s = Self::default();
        s.insert(cell);
        s
    }

    /// The cells in ascending order.
    fn cells(self) -> CellIter<Self> {
        CellIter(self)
    }
}

/// Ascending iterator over a [`CellSet`].
pub struct CellIter<S>(S);

impl<S: CellSet> Iterator for CellIter<S> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        self.0.pop_first()
    }
}

impl CellSet for u128 {
    const CAPACITY: usize = 128;

    #[inline]
    fn contains(&self, cell: usize) -> bool {
        cell < 128 && (self >> cell) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, cell: usize) {
        if cell < 128 {
            *self |= 1u128 << cell;
        }
    }
    #[inline]
    fn remove(&mut self, cell: usize) {
        if cell < 128 {
            *self &= !(1u128 << cell);
        }
    }
    #[inline]
    fn len(&self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let c = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(c)
    }
    #[inline]
    fn union(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn minus(self, other: Self) -> Self {
        self & !other
    }
}

#[cfg(test)]
mod tests {
    use super::CellSet;

    #[test]
    fn u128_set_operations() {
        let mut s = u128::single(120);
        s.insert(3);
        s.insert(3);
        assert!(s.contains(3) && s.contains(120) && !s.contains(4));
        assert!(!s.contains(500), "out of range is never a member");
        assert_eq!(s.len(), 2);
        assert_eq!(s.cells().collect::<Vec<_>>(), vec![3, 120]);
        s.remove(3);
        assert_eq!(s.minus(u128::single(120)), 0);
        assert!(s.union(u128::single(7)).contains(7));
    }
}

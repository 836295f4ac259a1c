//! A set of cells as a bitboard. The hop generator is generic over it, so a
//! board of up to 128 cells runs on one `u128` and a larger one (16x16
//! Halma) on [`Cells256`].

/// A set of cells `0..Self::CAPACITY`, copied by value.
pub trait CellSet: Copy + Eq + Default + std::fmt::Debug + Send + Sync + 'static {
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
    /// The cells in both.
    fn intersect(self, other: Self) -> Self;
    /// The cells in exactly one of the two (a piece moving is two toggles).
    fn toggle(self, other: Self) -> Self;

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
    #[inline]
    fn intersect(self, other: Self) -> Self {
        self & other
    }
    #[inline]
    fn toggle(self, other: Self) -> Self {
        self ^ other
    }
}

/// 256 cells as two `u128` halves: the 16x16 Halma board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Cells256(pub [u128; 2]);

impl Cells256 {
    #[inline]
    fn halves(self, other: Self, f: impl Fn(u128, u128) -> u128) -> Self {
        Cells256([f(self.0[0], other.0[0]), f(self.0[1], other.0[1])])
    }
}

impl CellSet for Cells256 {
    const CAPACITY: usize = 256;

    #[inline]
    fn contains(&self, cell: usize) -> bool {
        cell < 256 && self.0[cell >> 7].contains(cell & 127)
    }
    #[inline]
    fn insert(&mut self, cell: usize) {
        if cell < 256 {
            self.0[cell >> 7].insert(cell & 127);
        }
    }
    #[inline]
    fn remove(&mut self, cell: usize) {
        if cell < 256 {
            self.0[cell >> 7].remove(cell & 127);
        }
    }
    #[inline]
    fn len(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == [0, 0]
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        if let Some(c) = self.0[0].pop_first() {
            return Some(c);
        }
        self.0[1].pop_first().map(|c| c + 128)
    }
    #[inline]
    fn union(self, other: Self) -> Self {
        self.halves(other, |a, b| a | b)
    }
    #[inline]
    fn minus(self, other: Self) -> Self {
        self.halves(other, |a, b| a & !b)
    }
    #[inline]
    fn intersect(self, other: Self) -> Self {
        self.halves(other, |a, b| a & b)
    }
    #[inline]
    fn toggle(self, other: Self) -> Self {
        self.halves(other, |a, b| a ^ b)
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

    #[test]
    fn cells256_crosses_the_halves() {
        use super::Cells256;
        let mut s = Cells256::single(255);
        s.insert(3);
        s.insert(128);
        s.insert(300);
        assert!(s.contains(255) && s.contains(128) && !s.contains(127));
        assert_eq!(s.len(), 3);
        assert_eq!(s.cells().collect::<Vec<_>>(), vec![3, 128, 255]);
        let t = Cells256::single(128).union(Cells256::single(5));
        assert_eq!(s.intersect(t).cells().collect::<Vec<_>>(), vec![128]);
        assert_eq!(s.toggle(t).cells().collect::<Vec<_>>(), vec![3, 5, 255]);
        assert_eq!(s.minus(t).cells().collect::<Vec<_>>(), vec![3, 255]);
        assert!(Cells256::default().is_empty());
    }
}

//! Where a position lives in its table: the material class (men and kings
//! of each colour, the side to move counted as White) and a perfect index
//! within it. Black to move is stored as White to move on the board turned
//! half a turn with the colours swapped (the rules are symmetric under
//! it), so each class holds White-to-move positions only.
//!
//! Each of the four groups (white men, white kings, black men, black
//! kings) is a set of squares ranked in the combinatorial number system
//! (squares `s0 < s1 < …` rank to `Σ C(s_i, i + 1)`); the index is the
//! mixed-radix number of the four ranks. Slots whose groups overlap, or
//! that put a man on its crowning row, are never positions ("invalid").

use crate::games::draughts::position::Position;
use crate::games::draughts::types::{BLACK, WHITE};
use crate::games::draughts::variant::{Variant, bit_of, square_of};

/// The most pieces a table may hold (the binomial table's width).
pub const MAX_TABLE_PIECES: usize = 8;

/// Binomial coefficients `C(n, k)` for `n ≤ 50`, `k ≤ MAX_TABLE_PIECES`.
const BINOMIAL: [[u64; MAX_TABLE_PIECES + 1]; 51] = binomials();

const fn binomials() -> [[u64; MAX_TABLE_PIECES + 1]; 51] {
    let mut t = [[0u64; MAX_TABLE_PIECES + 1]; 51];
    let mut n = 0;
    while n <= 50 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_TABLE_PIECES && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// `C(n, k)`, 0 outside the table.
#[inline]
pub fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL
        .get(n)
        .and_then(|row| row.get(k))
        .copied()
        .unwrap_or(0)
}

/// Men and kings of each colour, White to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub white_men: u8,
    pub white_kings: u8,
    pub black_men: u8,
    pub black_kings: u8,
}

impl Material {
    pub fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Self {
        Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    /// The four counts in index order.
    pub fn groups(self) -> [usize; 4] {
        [
            self.white_men as usize,
            self.white_kings as usize,
            self.black_men as usize,
            self.black_kings as usize,
        ]
    }

    pub fn pieces(self) -> u32 {
        self.groups().iter().sum::<usize>() as u32
    }

    pub fn men(self) -> u32 {
        u32::from(self.white_men) + u32::from(self.black_men)
    }

    /// The same material with the colours swapped.
    pub fn flipped(self) -> Self {
        Material::new(
            self.black_men,
            self.black_kings,
            self.white_men,
            self.white_kings,
        )
    }

    /// Slots in the class's table (valid or not).
    pub fn slots<V: Variant>(self) -> u64 {
        self.groups()
            .iter()
            .map(|&k| binomial(V::SQUARES, k))
            .product()
    }

    /// `wm wk bm bk` as four digits (`1101`), the file name's stem.
    pub fn name(self) -> String {
        let [a, b, c, d] = self.groups();
        format!("{a}{b}{c}{d}")
    }

    /// Every class of `pieces` pieces with a piece on each side, in the
    /// order they are solved: fewer men first (a crowning leads to one
    /// man fewer), then by the counts.
    pub fn classes_of(pieces: u32) -> Vec<Material> {
        let n = pieces as u8;
        let mut v = Vec::new();
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    let bk = n - wm - wk - bm;
                    if wm + wk > 0 && bm + bk > 0 {
                        v.push(Material::new(wm, wk, bm, bk));
                    }
                }
            }
        }
        v.sort_by_key(|m| (m.men(), *m));
        v
    }
}

/// A position as four square sets, White to move: what a table indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// Bits (the padded layout) of white men, white kings, black men,
    /// black kings.
    pub groups: [u64; 4],
}

impl Placement {
    /// The position as its table sees it: turned and recoloured when
    /// Black is to move.
    pub fn of<V: Variant>(pos: &Position<V>) -> Placement {
        let white = pos.pieces[WHITE];
        let black = pos.pieces[BLACK];
        Placement::from_sides::<V>(white, black, pos.kings, pos.side == BLACK)
    }

    /// The placement of a position given by its pieces, turned and
    /// recoloured when `black_to_move`.
    #[inline]
    pub fn from_sides<V: Variant>(white: u64, black: u64, kings: u64, black_to_move: bool) -> Self {
        let groups = [white & !kings, white & kings, black & !kings, black & kings];
        if black_to_move {
            Placement {
                groups: [
                    rotate::<V>(groups[2]),
                    rotate::<V>(groups[3]),
                    rotate::<V>(groups[0]),
                    rotate::<V>(groups[1]),
                ],
            }
        } else {
            Placement { groups }
        }
    }

    pub fn material(&self) -> Material {
        let [a, b, c, d] = self.groups.map(|g| g.count_ones() as u8);
        Material::new(a, b, c, d)
    }

    /// The slot of the placement in its class's table.
    #[inline]
    pub fn index<V: Variant>(&self) -> u64 {
        let mut index = 0;
        for g in self.groups {
            let k = g.count_ones() as usize;
            index = index * binomial(V::SQUARES, k) + rank::<V>(g);
        }
        index
    }

    /// The placement in `slot` of `material`'s table; `None` when the slot
    /// is not a position (groups overlap, a man on its crowning row).
    pub fn at<V: Variant>(material: Material, slot: u64) -> Option<Placement> {
        let counts = material.groups();
        let mut groups = [0u64; 4];
        let mut rest = slot;
        for i in (0..4).rev() {
            let size = binomial(V::SQUARES, counts[i]);
            if size == 0 {
                return None;
            }
            groups[i] = unrank::<V>(rest % size, counts[i]);
            rest /= size;
        }
        let p = Placement { groups };
        p.is_position::<V>().then_some(p)
    }

    /// Groups disjoint, no man on the row it would be crowned on.
    fn is_position<V: Variant>(&self) -> bool {
        let [wm, wk, bm, bk] = self.groups;
        let all = wm | wk | bm | bk;
        all.count_ones() == self.groups.iter().map(|g| g.count_ones()).sum::<u32>()
            && wm & Position::<V>::crown_row(WHITE) == 0
            && bm & Position::<V>::crown_row(BLACK) == 0
    }

    pub fn white(&self) -> u64 {
        self.groups[0] | self.groups[1]
    }

    pub fn black(&self) -> u64 {
        self.groups[2] | self.groups[3]
    }

    pub fn kings(&self) -> u64 {
        self.groups[1] | self.groups[3]
    }
}

/// The board turned half a turn: square `s` goes to `N - 1 - s`.
#[inline]
pub fn rotate<V: Variant>(mut bits: u64) -> u64 {
    let mut out = 0;
    while bits != 0 {
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        out |= 1u64 << bit_of::<V>(V::SQUARES - 1 - square_of::<V>(b));
    }
    out
}

/// The rank of a set of squares (given as bits) among the sets of its
/// size.
#[inline]
fn rank<V: Variant>(mut bits: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while bits != 0 {
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        r += binomial(square_of::<V>(b), i);
        i += 1;
    }
    r
}

/// The set of `k` squares (as bits) of rank `r`.
fn unrank<V: Variant>(mut r: u64, k: usize) -> u64 {
    let mut bits = 0;
    let mut top = V::SQUARES;
    for i in (1..=k).rev() {
        // The largest square s below `top` with C(s, i) <= r.
        let mut s = top.saturating_sub(1);
        while s >= i && binomial(s, i) > r {
            s -= 1;
        }
        r -= binomial(s, i);
        bits |= 1u64 << bit_of::<V>(s);
        top = s;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::variant::{Intl, Rus};

    #[test]
    fn binomials_are_right() {
        assert_eq!(binomial(50, 2), 1225);
        assert_eq!(binomial(32, 3), 4960);
        assert_eq!(binomial(5, 5), 1);
        assert_eq!(binomial(3, 4), 0);
    }

    fn round_trip<V: Variant>(material: Material) -> u64 {
        let mut valid = 0;
        for slot in 0..material.slots::<V>() {
            if let Some(p) = Placement::at::<V>(material, slot) {
                assert_eq!(p.index::<V>(), slot, "{material:?}");
                assert_eq!(p.material(), material);
                valid += 1;
            }
        }
        valid
    }

    #[test]
    fn every_slot_round_trips() {
        // One white man (45 squares) and one black king (49 others).
        assert_eq!(round_trip::<Intl>(Material::new(1, 0, 0, 1)), 45 * 49);
        assert_eq!(
            round_trip::<Rus>(Material::new(0, 2, 1, 0)),
            28 * 31 * 30 / 2
        );
        round_trip::<Rus>(Material::new(1, 1, 1, 0));
    }

    #[test]
    fn turning_twice_is_nothing() {
        let bits = (1u64 << bit_of::<Intl>(0)) | (1u64 << bit_of::<Intl>(31));
        assert_eq!(rotate::<Intl>(rotate::<Intl>(bits)), bits);
        assert_eq!(
            rotate::<Intl>(1u64 << bit_of::<Intl>(0)),
            1u64 << bit_of::<Intl>(49)
        );
        assert_eq!(
            rotate::<Rus>(1u64 << bit_of::<Rus>(3)),
            1u64 << bit_of::<Rus>(28)
        );
    }

    #[test]
    fn classes_come_fewer_men_first() {
        let c = Material::classes_of(2);
        assert_eq!(c.len(), 4);
        assert!(c.iter().all(|m| m.pieces() == 2));
        assert_eq!(c.first(), Some(&Material::new(0, 1, 0, 1)));
        assert_eq!(c.last().map(|m| m.men()), Some(2));
    }
}

//! Basic Tak types: colours, piece kinds, directions, the packed [`Move`],
//! and the game configuration (size, reserves, komi).

pub use crate::rules::{PerSide, Side};

/// Player 1 (White) and player 2 (Black).
pub const WHITE: Side = Side::FIRST;
pub const BLACK: Side = Side::SECOND;

/// Kind of the top piece of a stack (pieces below the top are always flat).
pub const FLAT: u8 = 0;
pub const WALL: u8 = 1;
pub const CAP: u8 = 2;

/// Directions of a spread: `+` towards higher ranks, `-` lower, `>` higher
/// files, `<` lower files.
pub const UP: u8 = 0;
pub const DOWN: u8 = 1;
pub const RIGHT: u8 = 2;
pub const LEFT: u8 = 3;

pub const DIR_CHARS: [char; 4] = ['+', '-', '>', '<'];

/// Largest supported board side and the most squares.
pub const MAX_SIZE: usize = 8;
pub const MIN_SIZE: usize = 3;

/// Bounds of the reserve overrides: with at most 60 stones and 4 capstones a
/// side, a stack holds at most 2 * 60 + 1 pieces and fits a `u128`.
pub const MAX_STONES: u32 = 60;
pub const MAX_CAPS: u32 = 4;

/// A move in 16 bits.
///
/// * bits 0..6: the square (`rank * size + file`);
/// * bits 6..8: the piece kind of a placement, or the direction of a spread;
/// * bits 8..16: the drop pattern of a spread, 0 for a placement. Bit `s - 1`
///   is set for every prefix sum `s` of the drops, so the highest bit is the
///   count minus one and the number of set bits is the number of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    #[inline]
    pub const fn place(sq: usize, kind: u8) -> Move {
        Move((sq as u16) | ((kind as u16) << 6))
    }
    #[inline]
    pub const fn spread(sq: usize, dir: u8, pattern: u8) -> Move {
        Move((sq as u16) | ((dir as u16) << 6) | ((pattern as u16) << 8))
    }
    #[inline]
    pub const fn square(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline]
    pub const fn is_place(self) -> bool {
        self.0 >> 8 == 0
    }
    /// Kind of a placement.
    #[inline]
    pub const fn kind(self) -> u8 {
        ((self.0 >> 6) & 3) as u8
    }
    /// Direction of a spread.
    #[inline]
    pub const fn dir(self) -> u8 {
        ((self.0 >> 6) & 3) as u8
    }
    #[inline]
    pub const fn pattern(self) -> u8 {
        (self.0 >> 8) as u8
    }
    /// Number of pieces a spread carries.
    #[inline]
    pub const fn count(self) -> u32 {
        8 - (self.pattern().leading_zeros())
    }
    /// Number of squares a spread drops on.
    #[inline]
    pub const fn squares(self) -> u32 {
        self.pattern().count_ones()
    }
    /// The drops of a spread, first square first.
    pub fn drops(self) -> Vec<u32> {
        let mut out = Vec::with_capacity(8);
        let mut p = self.pattern() as u32;
        let mut prev = 0;
        while p != 0 {
            let s = p.trailing_zeros() + 1;
            out.push(s - prev);
            prev = s;
            p &= p - 1;
        }
        out
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_place() {
            write!(f, "Place({}, {})", self.square(), self.kind())
        } else {
            write!(
                f,
                "Spread({}, {}, {:?})",
                self.square(),
                DIR_CHARS[self.dir() as usize & 3],
                self.drops()
            )
        }
    }
}

/// The drop pattern of a list of drops (each >= 1, sum <= 8).
pub fn pattern_of(drops: &[u32]) -> Option<u8> {
    let mut s = 0u32;
    let mut p = 0u32;
    for &d in drops {
        if d == 0 {
            return None;
        }
        s += d;
        if s > 8 {
            return None;
        }
        p |= 1 << (s - 1);
    }
    if p == 0 { None } else { Some(p as u8) }
}

/// Standard reserves of a board size: (stones, capstones).
pub const fn standard_reserve(size: usize) -> (u32, u32) {
    match size {
        3 => (10, 0),
        4 => (15, 0),
        5 => (21, 1),
        6 => (30, 1),
        7 => (40, 2),
        _ => (50, 2),
    }
}

/// Everything that decides a game's rules besides the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub size: usize,
    pub stones: u32,
    pub caps: u32,
    /// Komi in half flats, added to player 2's count.
    pub half_komi: i32,
}

impl Config {
    pub fn standard(size: usize) -> Config {
        let (stones, caps) = standard_reserve(size);
        Config {
            size,
            stones,
            caps,
            half_komi: 0,
        }
    }
}

/// Square name like `a1`.
pub fn square_name(sq: usize, size: usize) -> String {
    let file = (b'a' + (sq % size) as u8) as char;
    format!("{file}{}", sq / size + 1)
}

/// Immediate road wins of the side to move and of its opponent, cached per
/// key in the position (the search asks for them several times per node).
/// Plain data here, so that the position can hold the cache without
/// depending on the evaluation that fills it (`eval::threats`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threats {
    pub key: u64,
    pub valid: bool,
    /// Empty squares where a placement by the side to move makes its road.
    pub win_place: u64,
    /// Stacks of the side to move from which a spread may make its road.
    pub spread_from: u64,
    /// Empty squares where a placement by the opponent would make its road.
    pub opp_place: u64,
}

impl Threats {
    pub const NONE: Threats = Threats {
        key: 0,
        valid: false,
        win_place: 0,
        spread_from: 0,
        opp_place: 0,
    };
}

//! Small value types: colours, piece kinds, squares, moves.

pub use crate::rules::{PerSide, Side};
use std::fmt;

pub const WHITE: Side = Side::FIRST;
pub const BLACK: Side = Side::SECOND;

pub const PAWN: usize = 0;
pub const MET: usize = 1;
pub const KHON: usize = 2;
pub const KNIGHT: usize = 3;
pub const ROOK: usize = 4;
pub const KING: usize = 5;

/// A coloured piece as stored on the mailbox board: `colour * 6 + kind`.
pub type Piece = u8;
pub const NO_PIECE: Piece = 12;

#[inline(always)]
pub const fn make_piece(color: Side, kind: usize) -> Piece {
    (color.index() * 6 + kind) as Piece
}
#[inline(always)]
pub const fn piece_color(p: Piece) -> Side {
    // Black's codes are 6..12 (never asked of NO_PIECE).
    Side::from_bit(p >= 6)
}
#[inline(always)]
pub const fn piece_kind(p: Piece) -> usize {
    (p % 6) as usize
}

/// FEN letters by kind (white upper case, black lower case).
pub const PIECE_CHARS: [u8; 6] = *b"pmsnrk";

pub fn piece_char(p: Piece) -> char {
    let c = PIECE_CHARS[piece_kind(p)] as char;
    if piece_color(p) == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

pub fn piece_from_char(c: char) -> Option<Piece> {
    let lower = c.to_ascii_lowercase() as u8;
    let kind = PIECE_CHARS.iter().position(|&x| x == lower)?;
    let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
    Some(make_piece(color, kind))
}

pub fn square_name(sq: usize) -> String {
    let f = (b'a' + (sq % 8) as u8) as char;
    let r = (b'1' + (sq / 8) as u8) as char;
    format!("{f}{r}")
}

/// The rank (0-based) on which a pawn of this colour promotes.
#[inline(always)]
pub const fn promotion_rank(color: Side) -> usize {
    if color.is_first() { 5 } else { 2 }
}

/// A move packed in 16 bits: from (6), to (6), promotion flag (bit 12).
/// The null value 0 (a1a1) is never a legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    pub const NULL: Move = Move(0);
    const PROMO: u16 = 1 << 12;

    #[inline(always)]
    pub const fn new(from: usize, to: usize, promotion: bool) -> Move {
        Move((from as u16) | ((to as u16) << 6) | if promotion { Self::PROMO } else { 0 })
    }
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMO != 0
    }
    /// UCI text (`e3e4`, `a5a6m`).
    pub fn uci(self) -> String {
        let mut s = square_name(self.from());
        s.push_str(&square_name(self.to()));
        if self.is_promotion() {
            s.push('m');
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci())
    }
}

//! Small value types: colours, piece kinds (promoted ones included),
//! squares, hand pieces and the packed [`Move`].

pub use crate::rules::{PerSide, Side};
use std::fmt;

pub const SENTE: Side = Side::FIRST;
pub const GOTE: Side = Side::SECOND;

// Unpromoted kinds. The first seven are also the hand kinds, in the order
// P L N S B R I.
pub const PAWN: usize = 0;
pub const LANCE: usize = 1;
pub const KNIGHT: usize = 2;
pub const SILVER: usize = 3;
pub const BISHOP: usize = 4;
pub const ROOK: usize = 5;
pub const PRINCESS: usize = 6;
pub const KING: usize = 7;
// Promoted kinds: unpromoted kind + 8.
pub const PROMOTED: usize = 8;
pub const TOKIN: usize = 8;
pub const PLANCE: usize = 9;
pub const PKNIGHT: usize = 10;
pub const PSILVER: usize = 11;
pub const HORSE: usize = 12;
pub const DRAGON: usize = 13;
pub const GODDESS: usize = 14;
/// Number of piece kinds (index 15 is unused).
pub const KINDS: usize = 15;
/// Number of kinds a hand can hold.
pub const HAND_KINDS: usize = 7;

/// Pieces of each hand kind in one full set of both sides (P L N S B R I).
pub const SET_COUNTS: [u32; HAND_KINDS] = [16, 4, 4, 4, 2, 2, 2];

/// A coloured piece on the mailbox board: `colour * 16 + kind`.
pub type Piece = u8;
pub const NO_PIECE: Piece = 255;

#[inline(always)]
pub const fn make_piece(color: Side, kind: usize) -> Piece {
    (color.index() * 16 + kind) as Piece
}
#[inline(always)]
pub const fn piece_color(p: Piece) -> Side {
    Side::from_bit(p & 16 != 0)
}
#[inline(always)]
pub const fn piece_kind(p: Piece) -> usize {
    (p & 15) as usize
}
/// Kinds that may promote (all but the king and promoted pieces).
#[inline(always)]
pub const fn can_promote(kind: usize) -> bool {
    kind < KING
}
/// The kind a captured piece becomes in the captor's hand.
#[inline(always)]
pub const fn unpromoted(kind: usize) -> usize {
    if kind >= PROMOTED {
        kind - PROMOTED
    } else {
        kind
    }
}

/// SFEN letters of the unpromoted kinds P L N S B R I K.
pub const KIND_CHARS: [u8; 8] = *b"plnsbrik";

/// Letter of an unpromoted kind (upper case).
pub fn kind_letter(kind: usize) -> char {
    KIND_CHARS
        .get(unpromoted(kind))
        .map_or('?', |&c| (c as char).to_ascii_uppercase())
}

/// Unpromoted kind of an SFEN letter (either case).
pub fn kind_from_letter(c: char) -> Option<usize> {
    let l = c.to_ascii_lowercase() as u8;
    KIND_CHARS.iter().position(|&x| x == l)
}

/// SFEN text of a piece (`+P`, `k`).
pub fn piece_text(p: Piece) -> String {
    let kind = piece_kind(p);
    let mut s = String::new();
    if kind >= PROMOTED {
        s.push('+');
    }
    let c = kind_letter(kind);
    s.push(if piece_color(p) == SENTE {
        c
    } else {
        c.to_ascii_lowercase()
    });
    s
}

/// Squares: a1 = 0 .. h8 = 63, file a..h = 0..7, rank 1..8 = 0..7. Sente
/// (at the bottom) moves towards rank 8.
#[inline(always)]
pub const fn file_of(sq: usize) -> usize {
    sq & 7
}
#[inline(always)]
pub const fn rank_of(sq: usize) -> usize {
    sq >> 3
}

/// Algebraic name (`e1`).
pub fn square_name(sq: usize) -> String {
    let f = (b'a' + file_of(sq) as u8) as char;
    let r = (b'1' + rank_of(sq) as u8) as char;
    format!("{f}{r}")
}

/// USI name on 8x8 (`4h` for e1): file digit 8..1 from a to h, rank letter
/// a..h from rank 8 to rank 1.
pub fn usi_square_name(sq: usize) -> String {
    let f = (b'8' - file_of(sq) as u8) as char;
    let r = (b'h' - rank_of(sq) as u8) as char;
    format!("{f}{r}")
}

/// Relative rank: 0 = own back rank, 7 = the far rank.
#[inline(always)]
pub const fn relative_rank(color: Side, sq: usize) -> usize {
    if color.is_first() {
        rank_of(sq)
    } else {
        7 - rank_of(sq)
    }
}

/// A move in 16 bits: to (bits 0-5), from or hand kind (bits 6-11),
/// promotion (bit 12), drop (bit 13). The null value 0 is never legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    pub const NULL: Move = Move(0);
    const PROMO: u16 = 1 << 12;
    const DROP: u16 = 1 << 13;

    #[inline(always)]
    pub const fn board(from: usize, to: usize, promotion: bool) -> Move {
        Move((to as u16) | ((from as u16) << 6) | if promotion { Self::PROMO } else { 0 })
    }
    #[inline(always)]
    pub const fn drop(kind: usize, to: usize) -> Move {
        Move((to as u16) | ((kind as u16) << 6) | Self::DROP)
    }
    #[inline(always)]
    pub const fn to(self) -> usize {
        (self.0 & 63) as usize
    }
    /// Start square of a board move.
    #[inline(always)]
    pub const fn from(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }
    /// Hand kind of a drop.
    #[inline(always)]
    pub const fn drop_kind(self) -> usize {
        ((self.0 >> 6) & 7) as usize
    }
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.0 & Self::DROP != 0
    }
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMO != 0
    }
    /// USI text (`7g7f`, `5d5c+`, `P*5e`).
    pub fn usi(self) -> String {
        if self.is_drop() {
            format!(
                "{}*{}",
                kind_letter(self.drop_kind()),
                usi_square_name(self.to())
            )
        } else {
            let mut s = usi_square_name(self.from());
            s.push_str(&usi_square_name(self.to()));
            if self.is_promotion() {
                s.push('+');
            }
            s
        }
    }
    /// Fairy-Stockfish UCI text (`b2b3`, `d5d6+`, `P@e4`).
    pub fn uci(self) -> String {
        if self.is_drop() {
            format!(
                "{}@{}",
                kind_letter(self.drop_kind()),
                square_name(self.to())
            )
        } else {
            let mut s = square_name(self.from());
            s.push_str(&square_name(self.to()));
            if self.is_promotion() {
                s.push('+');
            }
            s
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.usi())
    }
}

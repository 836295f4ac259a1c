//! Colours, the packed [`Move`], and the draw-rule settings.

pub use crate::rules::{PerSide, Side};

pub const WHITE: Side = Side::FIRST;
pub const BLACK: Side = Side::SECOND;

/// A legal move. Internally squares are bits of the padded layout
/// ([`super::variant`]). A capture is identified by its start, its end and
/// the set of pieces it takes: two paths that take the same pieces from
/// the same start to the same end are one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// The man becomes a king with this move.
    pub(crate) crown: bool,
    /// The captured pieces as bits; 0 for a quiet move.
    pub(crate) captured: u64,
}

/// Bits of a move key: the start and the end square, the crowning, and
/// the captured set folded into what is left.
const KEY_SQUARE_BITS: u32 = 7;
const KEY_CROWN_SHIFT: u32 = 2 * KEY_SQUARE_BITS;
const KEY_CAPTURED_SHIFT: u32 = KEY_CROWN_SHIFT + 1;
/// An odd multiplier that spreads every captured square over the top bits.
const KEY_FOLD: u64 = 0x9E37_79B9_7F4A_7C15;

impl Move {
    /// The transposition table's key of the move: start, end and crowning
    /// exactly, the captured set as a 17-bit hash. Two legal moves differ
    /// in their captured sets only when they share start and end, and
    /// then their hashes almost surely differ; when they do not, the
    /// table merely tries the other one first.
    #[inline]
    pub fn key(self) -> u32 {
        let captured = self.captured.wrapping_mul(KEY_FOLD) >> (64 - (32 - KEY_CAPTURED_SHIFT));
        u32::from(self.from)
            | u32::from(self.to) << KEY_SQUARE_BITS
            | u32::from(self.crown) << KEY_CROWN_SHIFT
            | (captured as u32) << KEY_CAPTURED_SHIFT
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// How many pieces the move takes.
    #[inline]
    pub fn capture_count(self) -> u32 {
        self.captured.count_ones()
    }
}

/// The draw rules in force (options where federations differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRules {
    /// Moves of each side with only kings moving and no capture after which
    /// the game is drawn (international 25, Russian 15); 0 = off.
    pub king_moves: u32,
    /// The move limits of the few-piece king endings (international: 3
    /// pieces against a lone king 16 moves, 2 or fewer 5 moves; Russian:
    /// three kings against a lone king 15 moves).
    pub endgame_limits: bool,
}

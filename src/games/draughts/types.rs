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

impl Move {
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

//! The board: one bitboard per colour and one of kings, make/unmake with an
//! internal undo stack, the zobrist key, and the draw-rule counters.

use super::egtb::Tables;
use super::types::*;
use super::variant::*;
use crate::evalkit::nnue::{CarriesNet, NnueState};
use crate::games::zobrist::square_keys;
use std::marker::PhantomData;
use std::sync::Arc;

/// Keys per (white man, black man, white king, black king) and bit.
static ZOBRIST: [[u64; 64]; 4] = square_keys::<4>(0xD4A6_47B5).0;
const ZOBRIST_SIDE: u64 = 0x6C8E_9CF5_7013_2A1D;

/// What `unmake` restores.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pieces: PerSide<u64>,
    kings: u64,
    key: u64,
    king_plies: u16,
    ending_plies: u16,
}

/// A draughts position under rule set `V`.
#[derive(Clone, Debug)]
pub struct Position<V: Variant> {
    /// Pieces by colour, as bits of the padded layout.
    pub(crate) pieces: PerSide<u64>,
    /// Kings of both colours.
    pub(crate) kings: u64,
    pub(crate) side: Side,
    pub(crate) key: u64,
    /// Plies in a row in which a king moved without capturing.
    pub(crate) king_plies: u16,
    /// Plies since the last capture or crowning (the ending's material).
    pub(crate) ending_plies: u16,
    pub(crate) rules: DrawRules,
    pub(crate) undo: Vec<Undo>,
    /// Keys of the positions since the setup, the current one last.
    pub(crate) history: Vec<u64>,
    /// The endgame databases the evaluation probes (attached for a
    /// search; none in perft, bench and tests).
    pub(crate) egtb: Option<Arc<Tables<V>>>,
    /// The network's accumulators when the search evaluates with one.
    pub(crate) nnue: Option<Box<NnueState>>,
    _variant: PhantomData<V>,
}

/// Which few-piece ending the material is, for the endgame move limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    None,
    /// Limit in plies.
    Limited(u16),
}

impl<V: Variant> Position<V> {
    pub const BOARD: u64 = board_mask::<V>();
    pub const WHITE_CROWN_ROW: u64 = row_mask::<V>(0);
    pub const BLACK_CROWN_ROW: u64 = row_mask::<V>(V::ROWS - 1);

    /// An empty board, White to move.
    pub fn empty(rules: DrawRules) -> Self {
        Position {
            pieces: PerSide::new(0, 0),
            kings: 0,
            side: WHITE,
            key: 0,
            king_plies: 0,
            ending_plies: 0,
            rules,
            undo: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            egtb: None,
            nnue: None,
            _variant: PhantomData,
        }
    }

    /// Puts a piece on bit `b` (setup only; call [`Self::finish_setup`]).
    pub(crate) fn put(&mut self, color: Side, king: bool, b: u32) {
        self.pieces[color] |= 1 << b;
        if king {
            self.kings |= 1 << b;
        }
    }

    /// Computes the key and starts the history after a setup.
    pub(crate) fn finish_setup(&mut self) {
        self.key = self.compute_key();
        self.undo.clear();
        self.history.clear();
        self.history.push(self.key);
    }

    fn compute_key(&self) -> u64 {
        let mut k = if self.side == BLACK { ZOBRIST_SIDE } else { 0 };
        for color in [WHITE, BLACK] {
            let mut bb = self.pieces[color];
            while bb != 0 {
                let b = bb.trailing_zeros();
                bb &= bb - 1;
                k ^= ZOBRIST[piece_index(color, self.kings >> b & 1 != 0)][b as usize];
            }
        }
        k
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces[WHITE] | self.pieces[BLACK]
    }

    #[inline]
    pub fn empty_squares(&self) -> u64 {
        Self::BOARD & !self.occupied()
    }

    /// The row on which `color`'s men are crowned.
    #[inline]
    pub const fn crown_row(color: Side) -> u64 {
        if color.is_first() {
            Self::WHITE_CROWN_ROW
        } else {
            Self::BLACK_CROWN_ROW
        }
    }

    pub fn men(&self, color: Side) -> u64 {
        self.pieces[color] & !self.kings
    }

    pub fn kings_of(&self, color: Side) -> u64 {
        self.pieces[color] & self.kings
    }

    /// Plays a legal move.
    pub fn make_move(&mut self, mv: Move) {
        self.undo.push(Undo {
            pieces: self.pieces,
            kings: self.kings,
            key: self.key,
            king_plies: self.king_plies,
            ending_plies: self.ending_plies,
        });
        let us = self.side;
        let them = us.other();
        let fb = 1u64 << mv.from;
        let tb = 1u64 << mv.to;
        let was_king = self.kings & fb != 0;
        let now_king = was_king || mv.crown;
        if let Some(nnue) = &mut self.nnue {
            super::nnue::make::<V>(nnue, us, self.kings, mv);
        }
        let mut key = self.key;
        key ^= ZOBRIST[piece_index(us, was_king)][mv.from as usize];
        key ^= ZOBRIST[piece_index(us, now_king)][mv.to as usize];
        // Clear the start before setting the end: a king's capture may
        // come back to where it started.
        self.pieces[us] = (self.pieces[us] & !fb) | tb;
        self.kings &= !fb;
        if now_king {
            self.kings |= tb;
        }
        let mut cap = mv.captured;
        while cap != 0 {
            let b = cap.trailing_zeros();
            cap &= cap - 1;
            key ^= ZOBRIST[piece_index(them, self.kings >> b & 1 != 0)][b as usize];
        }
        self.pieces[them] &= !mv.captured;
        self.kings &= !mv.captured;
        self.side = them;
        self.key = key ^ ZOBRIST_SIDE;
        self.king_plies = if was_king && mv.captured == 0 {
            self.king_plies.saturating_add(1)
        } else {
            0
        };
        self.ending_plies = if mv.captured != 0 || mv.crown {
            0
        } else {
            self.ending_plies.saturating_add(1)
        };
        self.history.push(self.key);
    }

    pub fn unmake_move(&mut self) {
        if let Some(u) = self.undo.pop() {
            self.pieces = u.pieces;
            self.kings = u.kings;
            self.key = u.key;
            self.king_plies = u.king_plies;
            self.ending_plies = u.ending_plies;
            self.side = self.side.other();
            self.history.pop();
            if self.nnue.as_mut().is_some_and(|n| !n.pop()) {
                self.refresh_nnue();
            }
        }
    }

    /// Earlier occurrences of the current position (same side to move)
    /// since the last man move or capture; `usize::MAX` when one lies
    /// within `root_distance` plies (a repetition inside the search).
    pub(crate) fn repetitions(&self, root_distance: usize) -> usize {
        let n = self.history.len();
        let end = (self.king_plies as usize).min(n.saturating_sub(1));
        let mut count = 0;
        let mut d = 4;
        while d <= end {
            if self.history[n - 1 - d] == self.key {
                if d <= root_distance {
                    return usize::MAX;
                }
                count += 1;
            }
            d += 2;
        }
        count
    }

    /// (men, kings) of `color`.
    pub fn material(&self, color: Side) -> (u32, u32) {
        (
            self.men(color).count_ones(),
            self.kings_of(color).count_ones(),
        )
    }

    /// The few-piece ending the material is in, for its move limit.
    pub(crate) fn ending(&self) -> Ending {
        let w = self.material(WHITE);
        let b = self.material(BLACK);
        let lone = |m: (u32, u32)| m == (0, 1);
        let strong = if lone(b) {
            w
        } else if lone(w) {
            b
        } else {
            return Ending::None;
        };
        let (men, kings) = strong;
        if kings == 0 {
            return Ending::None;
        }
        if V::MAJORITY {
            // FMJD: three pieces (at least one king) against a lone king,
            // 16 moves each; two or one, 5 moves each.
            match men + kings {
                3 => Ending::Limited(32),
                1 | 2 => Ending::Limited(10),
                _ => Ending::None,
            }
        } else if men == 0 && kings >= 3 {
            // Russian: three kings (or more) against a lone king, 15 moves.
            Ending::Limited(30)
        } else {
            Ending::None
        }
    }

    /// True when the king-move rule or an ending's limit has run out.
    pub(crate) fn move_limit_reached(&self) -> Option<&'static str> {
        let limit = self.rules.king_moves * 2;
        if limit > 0 && u32::from(self.king_plies) >= limit {
            let both_kings = self.kings_of(WHITE) != 0 && self.kings_of(BLACK) != 0;
            if V::MAJORITY || both_kings {
                return Some("king moves without capture or man move");
            }
        }
        if self.rules.endgame_limits
            && let Ending::Limited(plies) = self.ending()
            && self.ending_plies >= plies
        {
            return Some("move limit of the king ending");
        }
        None
    }
}

impl<V: Variant> CarriesNet for Position<V> {
    fn nnue_slot(&self) -> Option<&NnueState> {
        self.nnue.as_deref()
    }

    fn nnue_slot_mut(&mut self) -> &mut Option<Box<NnueState>> {
        &mut self.nnue
    }
}

#[inline]
fn piece_index(color: Side, king: bool) -> usize {
    color.index() + 2 * king as usize
}

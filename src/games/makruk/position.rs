//! The board: bitboards plus a mailbox, make/unmake with an internal undo
//! stack, incremental zobrist key, key history for repetitions, and the
//! Makruk counting state.

use super::bitboard::*;
use super::types::*;
use crate::evalkit::nnue::{CarriesNet, NnueState};
use crate::games::zobrist::square_keys;

pub(crate) static ZOBRIST: [[u64; 64]; 12] = square_keys::<12>(0x7AB1).0;
pub(crate) const ZOBRIST_SIDE: u64 = 0xF3A1_5C2B_96D4_E807;
/// Mixed into [`crate::search::AlphaBetaPosition::key`] for the counting state.
pub(crate) const ZOBRIST_COUNT_LIMIT: u64 = 0x5D1E_C0A7_3B96_2F41;
pub(crate) const ZOBRIST_COUNT_LEFT: u64 = 0xA24B_AED4_963E_E407;

/// What `unmake_move` needs to restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    pub mv: Move,
    pub captured: Piece,
    pub halfmove: u16,
    pub counting_limit: u16,
    pub counting_ply: u16,
    pub key: u64,
}

/// A Makruk position. Upholds: exactly one king per side, side not to move
/// not in check, pawns only on ranks they can stand on.
#[derive(Clone, Debug)]
pub struct Position {
    /// Pieces by kind (both colours).
    pub(crate) kinds: [Bitboard; 6],
    /// Pieces by colour.
    pub(crate) colors: PerSide<Bitboard>,
    pub(crate) board: [Piece; 64],
    pub(crate) side: Side,
    /// Zobrist key of board and side to move (no counting state).
    pub(crate) key: u64,
    /// Plies since the last capture or pawn move (or null move).
    pub(crate) halfmove: u16,
    /// Plies since the game start, as FSF derives it from the fullmove number.
    pub(crate) game_ply: u32,
    /// Counting limit in plies; 0 = not counting.
    pub(crate) counting_limit: u16,
    pub(crate) counting_ply: u16,
    /// Board's honour starts automatically (Fairy-Stockfish behaviour).
    pub(crate) board_honour_auto: bool,
    pub(crate) undo: Vec<Undo>,
    /// Keys of all positions since the start position / FEN, current last.
    pub(crate) history: Vec<u64>,
    /// The network's accumulators when the search evaluates with one.
    pub(crate) nnue: Option<Box<NnueState>>,
}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            kinds: [0; 6],
            colors: PerSide::new(0, 0),
            board: [NO_PIECE; 64],
            side: WHITE,
            key: 0,
            halfmove: 0,
            game_ply: 0,
            counting_limit: 0,
            counting_ply: 0,
            board_honour_auto: true,
            undo: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            nnue: None,
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: usize, p: Piece) {
        let b = bit(sq);
        self.kinds[piece_kind(p)] |= b;
        // The code's colour number p / 6 indexes the pair itself: the
        // division is shared with the kind's p % 6 (as piece_color's
        // Side would not be, one percent of perft).
        self.colors.0[usize::from(p / 6)] |= b;
        self.board[sq] = p;
        self.key ^= ZOBRIST[p as usize][sq];
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize) -> Piece {
        let p = self.board[sq];
        let b = bit(sq);
        self.kinds[piece_kind(p)] &= !b;
        self.colors.0[usize::from(p / 6)] &= !b;
        self.board[sq] = NO_PIECE;
        self.key ^= ZOBRIST[p as usize][sq];
        p
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.colors[WHITE] | self.colors[BLACK]
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, color: Side, kind: usize) -> Bitboard {
        self.kinds[kind] & self.colors[color]
    }

    #[inline(always)]
    pub(crate) fn king_square(&self, color: Side) -> usize {
        self.pieces(color, KING).trailing_zeros() as usize & 63
    }

    /// Pieces of `by` attacking `sq`, given occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers(&self, sq: usize, by: Side, occ: Bitboard) -> Bitboard {
        let k = &self.kinds;
        ((PAWN_ATK[by.other()][sq] & k[PAWN])
            | (MET_ATK[sq] & k[MET])
            | (KHON_ATK[by.other()][sq] & k[KHON])
            | (KNIGHT_ATK[sq] & k[KNIGHT])
            | (KING_ATK[sq] & k[KING])
            | (rook_attacks(sq, occ) & k[ROOK]))
            & self.colors[by]
    }

    #[inline(always)]
    pub(crate) fn checkers(&self) -> Bitboard {
        let ksq = self.king_square(self.side);
        self.attackers(ksq, self.side.other(), self.occupied())
    }

    pub fn side_to_move_color(&self) -> Side {
        self.side
    }

    /// Counting limit in plies (0 = not counting).
    pub fn counting_limit(&self) -> u32 {
        self.counting_limit as u32
    }

    /// Current count in plies (meaningful while counting).
    pub fn counting_ply(&self) -> u32 {
        self.counting_ply as u32
    }

    /// True when the count has run out (the game is drawn unless the side to
    /// move is checkmated).
    pub fn counting_exceeded(&self) -> bool {
        self.counting_limit != 0 && self.counting_ply > self.counting_limit
    }

    /// Whether board's honour starts by itself (true) or only from a FEN.
    pub fn board_honour_auto(&self) -> bool {
        self.board_honour_auto
    }

    pub fn set_board_honour_auto(&mut self, auto: bool) {
        self.board_honour_auto = auto;
    }

    /// Recomputes the counting state after a move, as Fairy-Stockfish does.
    #[inline(always)]
    fn update_counting(&mut self, captured: bool) {
        let s = self.side;
        let bare = self.colors[s].count_ones() == 1;
        let pawns = self.kinds[PAWN] != 0;
        if ((self.counting_limit == 0 || captured) && bare) || (self.counting_limit == 0 && !pawns)
        {
            // Fairy-Stockfish 11.1 (observed): no counting at all while any
            // pawn is on the board, nor when the other side has a bare king.
            let other_bare = self.colors[s.other()].count_ones() == 1;
            let limit_moves: u16 = if pawns || other_bare {
                0
            } else if !bare {
                if self.board_honour_auto { 64 } else { 0 }
            } else {
                let o = s.other();
                let rooks = self.pieces(o, ROOK).count_ones();
                let khons = self.pieces(o, KHON).count_ones();
                let knights = self.pieces(o, KNIGHT).count_ones();
                if rooks >= 2 {
                    8
                } else if rooks == 1 {
                    16
                } else if khons >= 2 {
                    22
                } else if knights >= 2 {
                    32
                } else if khons == 1 {
                    44
                } else {
                    64
                }
            };
            // A recomputed limit of 0 leaves a running count alone (observed
            // in FSF 11.1: e.g. a capture down to king against king).
            if limit_moves != 0 {
                self.counting_limit = 2 * limit_moves;
                self.counting_ply = if bare {
                    2 * self.occupied().count_ones() as u16
                } else {
                    0
                };
            }
        }
    }

    /// Plays a (legal) move.
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        let from = mv.from();
        let to = mv.to();
        let captured = self.board[to];
        self.undo.push(Undo {
            mv,
            captured,
            halfmove: self.halfmove,
            counting_limit: self.counting_limit,
            counting_ply: self.counting_ply,
            key: self.key,
        });
        if self.counting_limit != 0 {
            self.counting_ply = self.counting_ply.saturating_add(1);
        }
        let is_capture = captured != NO_PIECE;
        if is_capture {
            self.remove(to);
        }
        let p = self.remove(from);
        let is_pawn = piece_kind(p) == PAWN;
        let placed = if mv.is_promotion() {
            make_piece(self.side, MET)
        } else {
            p
        };
        self.put(to, placed);
        if let Some(nnue) = &mut self.nnue {
            super::nnue::make(nnue, p, placed, from, to, captured);
        }
        self.halfmove = if is_capture || is_pawn {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.side = self.side.other();
        self.key ^= ZOBRIST_SIDE;
        self.game_ply += 1;
        self.update_counting(is_capture);
        self.history.push(self.key);
    }

    /// Takes back the last move made with [`Position::make_move`].
    #[inline]
    pub fn unmake_move(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        self.history.pop();
        let refresh = self.nnue.as_mut().is_some_and(|n| !n.pop());
        self.side = self.side.other();
        self.game_ply = self.game_ply.saturating_sub(1);
        let mv = u.mv;
        if mv != Move::NULL {
            let (from, to) = (mv.from(), mv.to());
            let p = self.remove(to);
            if mv.is_promotion() {
                self.put(from, make_piece(self.side, PAWN));
            } else {
                self.put(from, p);
            }
            if u.captured != NO_PIECE {
                self.put(to, u.captured);
            }
        }
        self.halfmove = u.halfmove;
        self.counting_limit = u.counting_limit;
        self.counting_ply = u.counting_ply;
        self.key = u.key;
        if refresh {
            self.refresh_nnue();
        }
    }

    /// Passes the turn (null move). Repetition scans stop at a null move.
    pub fn make_null_move(&mut self) {
        self.undo.push(Undo {
            mv: Move::NULL,
            captured: NO_PIECE,
            halfmove: self.halfmove,
            counting_limit: self.counting_limit,
            counting_ply: self.counting_ply,
            key: self.key,
        });
        self.side = self.side.other();
        self.key ^= ZOBRIST_SIDE;
        self.game_ply += 1;
        self.halfmove = 0;
        self.history.push(self.key);
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
    }

    /// Recomputes the zobrist key from scratch (used after FEN parsing and
    /// in debug checks).
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for (sq, &p) in self.board.iter().enumerate() {
            if p != NO_PIECE {
                k ^= ZOBRIST[p as usize][sq];
            }
        }
        if self.side == BLACK {
            k ^= ZOBRIST_SIDE;
        }
        k
    }

    /// Number of earlier occurrences of the current position (same board and
    /// side to move) since the last irreversible move. `root_distance`: if an
    /// occurrence lies at most this many plies back, returns `usize::MAX`
    /// (a repetition inside the search).
    pub(crate) fn repetitions(&self, root_distance: usize) -> usize {
        let n = self.history.len();
        if n == 0 {
            return 0;
        }
        let end = (self.halfmove as usize).min(n - 1);
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
}

impl CarriesNet for Position {
    fn nnue_slot(&self) -> Option<&NnueState> {
        self.nnue.as_deref()
    }

    fn nnue_slot_mut(&mut self) -> &mut Option<Box<NnueState>> {
        &mut self.nnue
    }
}

//! The board: bitboards plus a mailbox and both hands, make/unmake with an
//! internal undo stack, incremental zobrist key (hands included), and the
//! key history that sennichite and perpetual check are judged on.

use super::bitboard::*;
use super::types::*;
use crate::evalkit::nnue::{CarriesNet, NnueState};
use crate::games::zobrist::square_keys;
use crate::rules::splitmix;

/// Most pieces of one kind a hand can hold (16 pawns), plus one.
pub(crate) const HAND_SLOTS: usize = 17;

struct Zobrist {
    piece: [[u64; 64]; 32],
    hand: [[[u64; HAND_SLOTS]; HAND_KINDS]; 2],
}

const fn zobrist() -> Zobrist {
    let (piece, mut state) = square_keys::<32>(0x0691);
    let mut z = Zobrist {
        piece,
        hand: [[[0; HAND_SLOTS]; HAND_KINDS]; 2],
    };
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < HAND_KINDS {
            // Count 0 hashes as 0, so an empty hand adds nothing.
            let mut n = 1;
            while n < HAND_SLOTS {
                let (ns, v) = splitmix(state);
                state = ns;
                z.hand[c][k][n] = v;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    z
}

static ZOBRIST: Zobrist = zobrist();
pub(crate) const ZOBRIST_SIDE: u64 = 0xC3D5_7A1E_09B4_62F7;

#[inline(always)]
fn z_piece(p: Piece, sq: usize) -> u64 {
    ZOBRIST.piece[(p & 31) as usize][sq & 63]
}

#[inline(always)]
fn z_hand(color: Side, kind: usize, n: u8) -> u64 {
    ZOBRIST.hand[color.index()][kind % HAND_KINDS][(n as usize).min(HAND_SLOTS - 1)]
}

/// What `unmake_move` needs to restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    pub mv: Move,
    pub captured: Piece,
    pub key: u64,
    pub checkers: Bitboard,
}

/// How a repetition of the current position is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Not (yet) a decisive repetition.
    None,
    /// Sennichite: a draw.
    Draw,
    /// Perpetual check: this colour gave check with every move and loses.
    LossFor(Side),
}

/// An Ōgi position. Upholds: one king per side, the side not to move not in
/// check, no piece that could never move, no nifu, piece counts within the
/// set.
#[derive(Clone, Debug)]
pub struct Position {
    /// Pieces by kind (both colours), indexed by kind (promoted included).
    pub(crate) kinds: [Bitboard; 16],
    pub(crate) colors: PerSide<Bitboard>,
    pub(crate) board: [Piece; 64],
    /// Pieces in hand by colour and hand kind (P L N S B R I).
    pub(crate) hand: PerSide<[u8; HAND_KINDS]>,
    pub(crate) side: Side,
    pub(crate) key: u64,
    /// Pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    /// The SFEN move number (of the move to be played).
    pub(crate) move_number: u32,
    pub(crate) undo: Vec<Undo>,
    /// Keys of all positions since the parsed position, current last;
    /// `history.len() == undo.len() + 1`.
    pub(crate) history: Vec<u64>,
    /// Parallel to `history`: the side to move was in check there (so the
    /// move leading there gave check).
    pub(crate) checks: Vec<bool>,
    /// How many entries of `history` fall in each slot `key % REP_SLOTS`:
    /// a slot below 2 proves that the current position did not occur
    /// before, so most repetition scans end at once.
    pub(crate) rep_filter: [u16; REP_SLOTS],
    /// The network's accumulators when the search evaluates with one.
    pub(crate) nnue: Option<Box<NnueState>>,
}

/// Slots of the repetition filter.
pub(crate) const REP_SLOTS: usize = 1024;

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            kinds: [0; 16],
            colors: PerSide::new(0, 0),
            board: [NO_PIECE; 64],
            hand: PerSide::new([0; HAND_KINDS], [0; HAND_KINDS]),
            side: SENTE,
            key: 0,
            checkers: 0,
            move_number: 1,
            undo: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            checks: Vec::with_capacity(256),
            rep_filter: [0; REP_SLOTS],
            nnue: None,
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: usize, p: Piece) {
        let b = bit(sq);
        self.kinds[piece_kind(p)] |= b;
        self.colors[piece_color(p)] |= b;
        self.board[sq] = p;
        self.key ^= z_piece(p, sq);
        if let Some(nnue) = &mut self.nnue {
            super::nnue::board_change(nnue, p, sq, true);
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize) -> Piece {
        let p = self.board[sq];
        let b = bit(sq);
        self.kinds[piece_kind(p)] &= !b;
        self.colors[piece_color(p)] &= !b;
        self.board[sq] = NO_PIECE;
        self.key ^= z_piece(p, sq);
        if let Some(nnue) = &mut self.nnue {
            super::nnue::board_change(nnue, p, sq, false);
        }
        p
    }

    #[inline(always)]
    pub(crate) fn add_hand(&mut self, color: Side, kind: usize) {
        let n = self.hand[color][kind];
        self.key ^= z_hand(color, kind, n) ^ z_hand(color, kind, n + 1);
        self.hand[color][kind] = n + 1;
        if let Some(nnue) = &mut self.nnue {
            super::nnue::hand_change(nnue, color, kind, n, true);
        }
    }

    #[inline(always)]
    fn take_hand(&mut self, color: Side, kind: usize) {
        let n = self.hand[color][kind];
        if n == 0 {
            return;
        }
        self.key ^= z_hand(color, kind, n) ^ z_hand(color, kind, n - 1);
        self.hand[color][kind] = n - 1;
        if let Some(nnue) = &mut self.nnue {
            super::nnue::hand_change(nnue, color, kind, n, false);
        }
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.colors[SENTE] | self.colors[GOTE]
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, color: Side, kind: usize) -> Bitboard {
        self.kinds[kind] & self.colors[color]
    }

    #[inline(always)]
    pub(crate) fn king_square(&self, color: Side) -> usize {
        self.pieces(color, KING).trailing_zeros() as usize & 63
    }

    /// Pieces in hand of `color` and hand kind `kind`.
    pub fn hand_count(&self, color: Side, kind: usize) -> u32 {
        self.hand[color].get(kind).map_or(0, |&n| n as u32)
    }

    #[inline(always)]
    pub(crate) fn golds(&self) -> Bitboard {
        let k = &self.kinds;
        k[TOKIN] | k[PLANCE] | k[PKNIGHT] | k[PSILVER]
    }

    #[inline(always)]
    pub(crate) fn diagonals(&self) -> Bitboard {
        let k = &self.kinds;
        k[BISHOP] | k[HORSE] | k[PRINCESS] | k[GODDESS]
    }

    #[inline(always)]
    pub(crate) fn orthogonals(&self) -> Bitboard {
        self.kinds[ROOK] | self.kinds[DRAGON]
    }

    /// Pieces of `by` attacking `sq`, given occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers(&self, sq: usize, by: Side, occ: Bitboard) -> Bitboard {
        let k = &self.kinds;
        let o = by.other();
        ((PAWN_ATK[o][sq] & k[PAWN])
            | (lance_attacks(o, sq, occ) & k[LANCE])
            | (SKNIGHT_ATK[o][sq] & k[KNIGHT])
            | (SILVER_ATK[o][sq] & k[SILVER])
            | (GOLD_ATK[o][sq] & self.golds())
            | (KING_ATK[sq] & (k[KING] | k[HORSE] | k[DRAGON] | k[GODDESS]))
            | (CKNIGHT_ATK[sq] & (k[PRINCESS] | k[GODDESS]))
            | (bishop_attacks(sq, occ) & self.diagonals())
            | (rook_attacks(sq, occ) & self.orthogonals()))
            & self.colors[by]
    }

    /// The squares from which a piece of `by` and `kind` would attack the
    /// king on `king`: a piece of the other colour on the king's square
    /// attacks exactly those (the move sets mirror each other).
    #[inline(always)]
    pub(crate) fn checking_squares(by: Side, kind: usize, king: usize, occ: Bitboard) -> Bitboard {
        Self::attacks_from(by.other(), kind, king, occ)
    }

    /// Squares a piece of `color` and `kind` on `sq` attacks.
    #[inline(always)]
    pub(crate) fn attacks_from(color: Side, kind: usize, sq: usize, occ: Bitboard) -> Bitboard {
        match kind {
            PAWN => PAWN_ATK[color][sq],
            LANCE => lance_attacks(color, sq, occ),
            KNIGHT => SKNIGHT_ATK[color][sq],
            SILVER => SILVER_ATK[color][sq],
            BISHOP => bishop_attacks(sq, occ),
            ROOK => rook_attacks(sq, occ),
            PRINCESS => bishop_attacks(sq, occ) | CKNIGHT_ATK[sq],
            KING => KING_ATK[sq],
            TOKIN | PLANCE | PKNIGHT | PSILVER => GOLD_ATK[color][sq],
            HORSE => bishop_attacks(sq, occ) | KING_ATK[sq],
            DRAGON => rook_attacks(sq, occ) | KING_ATK[sq],
            GODDESS => bishop_attacks(sq, occ) | CKNIGHT_ATK[sq] | KING_ATK[sq],
            _ => 0,
        }
    }

    #[inline(always)]
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let ksq = self.king_square(self.side);
        self.attackers(ksq, self.side.other(), self.occupied())
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers != 0
    }

    pub fn side_to_move_color(&self) -> Side {
        self.side
    }

    /// The SFEN move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on a square (a1 = 0), if any: (colour, kind).
    pub fn piece_at(&self, sq: usize) -> Option<(Side, usize)> {
        let p = *self.board.get(sq)?;
        (p != NO_PIECE).then(|| (piece_color(p), piece_kind(p)))
    }

    /// The piece a capture on `mv.to()` removes (NO_PIECE if none).
    #[inline(always)]
    pub(crate) fn captured_by(&self, mv: Move) -> Piece {
        if mv.is_drop() {
            NO_PIECE
        } else {
            self.board[mv.to()]
        }
    }

    /// Plays a (legal) move.
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        let to = mv.to();
        let us = self.side;
        let mut captured = NO_PIECE;
        let old_key = self.key;
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        if mv.is_drop() {
            let k = mv.drop_kind();
            self.take_hand(us, k);
            self.put(to, make_piece(us, k));
        } else {
            captured = self.board[to];
            if captured != NO_PIECE {
                self.remove(to);
                self.add_hand(us, unpromoted(piece_kind(captured)));
            }
            let p = self.remove(mv.from());
            self.put(
                to,
                if mv.is_promotion() {
                    p + PROMOTED as u8
                } else {
                    p
                },
            );
        }
        self.undo.push(Undo {
            mv,
            captured,
            key: old_key,
            checkers: self.checkers,
        });
        self.side = self.side.other();
        self.key ^= ZOBRIST_SIDE;
        self.move_number += 1;
        self.checkers = self.compute_checkers();
        self.push_history();
    }

    #[inline(always)]
    pub(crate) fn push_history(&mut self) {
        self.history.push(self.key);
        self.checks.push(self.checkers != 0);
        let slot = &mut self.rep_filter[self.key as usize % REP_SLOTS];
        *slot = slot.wrapping_add(1);
    }

    /// Takes back the last move made with [`Position::make_move`] or
    /// [`Position::make_null_move`].
    #[inline]
    pub fn unmake_move(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        let slot = &mut self.rep_filter[self.key as usize % REP_SLOTS];
        *slot = slot.wrapping_sub(1);
        self.history.pop();
        self.checks.pop();
        self.side = self.side.other();
        self.move_number = self.move_number.saturating_sub(1).max(1);
        let mv = u.mv;
        let us = self.side;
        // The state's ply below is the position being restored.
        let nnue = self.nnue.take();
        if mv != Move::NULL {
            let to = mv.to();
            if mv.is_drop() {
                self.remove(to);
                self.add_hand(us, mv.drop_kind());
            } else {
                let p = self.remove(to);
                self.put(
                    mv.from(),
                    if mv.is_promotion() {
                        p - PROMOTED as u8
                    } else {
                        p
                    },
                );
                if u.captured != NO_PIECE {
                    self.take_hand(us, unpromoted(piece_kind(u.captured)));
                    self.put(to, u.captured);
                }
            }
        }
        self.key = u.key;
        self.checkers = u.checkers;
        self.nnue = nnue;
        if self.nnue.as_mut().is_some_and(|n| !n.pop()) {
            self.refresh_nnue();
        }
    }

    /// Passes the turn (null move). Repetition scans stop at a null move.
    pub fn make_null_move(&mut self) {
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        self.undo.push(Undo {
            mv: Move::NULL,
            captured: NO_PIECE,
            key: self.key,
            checkers: self.checkers,
        });
        self.side = self.side.other();
        self.key ^= ZOBRIST_SIDE;
        self.move_number += 1;
        self.checkers = self.compute_checkers();
        self.push_history();
    }

    /// Recomputes the zobrist key from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in 0..64 {
            let p = self.board[sq];
            if p != NO_PIECE {
                k ^= z_piece(p, sq);
            }
        }
        for c in Side::BOTH {
            for kind in 0..HAND_KINDS {
                k ^= z_hand(c, kind, self.hand[c][kind]);
            }
        }
        if self.side == GOTE {
            k ^= ZOBRIST_SIDE;
        }
        k
    }

    /// Judges a repetition of the current position. Inside the search
    /// (an earlier occurrence at most `plies_from_root` plies back) one
    /// repetition decides; otherwise the position must occur for the fourth
    /// time (three earlier occurrences). The span judged runs from the
    /// earliest of the occurrences counted: if one side gave check with
    /// every one of its moves in it (and the other did not), that side
    /// loses; else it is a draw. Scans stop at null moves.
    pub fn repetition(&self, plies_from_root: usize) -> Repetition {
        let n = self.history.len();
        if n < 5 || self.rep_filter[self.key as usize % REP_SLOTS] < 2 {
            return Repetition::None;
        }
        let cur = n - 1;
        let mut count = 0;
        let mut i = cur;
        while i > 0 {
            // undo[i - 1] leads from history[i - 1] to history[i].
            if self.undo.get(i - 1).is_none_or(|u| u.mv == Move::NULL) {
                break;
            }
            i -= 1;
            let d = cur - i;
            if d >= 4 && d.is_multiple_of(2) && self.history[i] == self.key {
                count += 1;
                if d <= plies_from_root || count >= 3 {
                    return self.judge_span(i);
                }
            }
        }
        Repetition::None
    }

    /// Who gave check with every move from history index `start` to now.
    fn judge_span(&self, start: usize) -> Repetition {
        let cur = self.history.len() - 1;
        let mut all_checks = PerSide::new(true, true);
        for j in start + 1..=cur {
            // The move into history[j] was made by the side to move at j - 1,
            // an even number of plies back: the side to move now.
            let mover = if (cur - (j - 1)).is_multiple_of(2) {
                self.side
            } else {
                self.side.other()
            };
            if !self.checks.get(j).copied().unwrap_or(false) {
                all_checks[mover] = false;
            }
        }
        match all_checks.0 {
            [true, false] => Repetition::LossFor(SENTE),
            [false, true] => Repetition::LossFor(GOTE),
            _ => Repetition::Draw,
        }
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

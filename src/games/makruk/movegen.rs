//! Legal move generation: check evasions and pins computed up front (only
//! rooks slide, so pins run along ranks and files), no legality test per
//! move. One generator feeds either a move list or a counter (perft bulk
//! counting).

use super::bitboard::*;
use super::position::Position;
use super::types::*;

/// Receives generated moves.
pub(crate) trait Sink {
    /// Moves of one piece from `from` to every square of `targets` (no
    /// promotion).
    fn piece(&mut self, from: usize, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - delta`;
    /// moves landing on `promo` are promotions.
    fn pawns(&mut self, targets: Bitboard, delta: i32, promo: Bitboard);
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: usize, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, _promo: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
}

/// A fixed-size move buffer (no allocation), enough for any Makruk position.
pub struct MoveBuf {
    moves: [Move; 256],
    len: usize,
}

impl Default for MoveBuf {
    fn default() -> Self {
        MoveBuf {
            moves: [Move::NULL; 256],
            len: 0,
        }
    }
}

impl MoveBuf {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Sink for MoveBuf {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::new(from, to, false));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promo: Bitboard) {
        for to in Squares(targets) {
            let from = (to as i32 - delta) as usize;
            self.push(Move::new(from, to, promo & bit(to) != 0));
        }
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::new(from, to, false));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promo: Bitboard) {
        for to in Squares(targets) {
            let from = (to as i32 - delta) as usize;
            self.push(Move::new(from, to, promo & bit(to) != 0));
        }
    }
}

/// Generates the legal moves of `pos` into `sink`; with `noisy`, only
/// captures and promotions.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S, noisy: bool) {
    let us = pos.side;
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.colors[us];
    let enemy = pos.colors[them];
    let ksq = pos.king_square(us);
    let checkers = pos.attackers(ksq, them, occ);

    // King moves: the destination must not be attacked once the king has
    // left its square (rook x-rays through the king's old square).
    let occ_nok = occ ^ bit(ksq);
    let mut kt = KING_ATK[ksq] & !own;
    if noisy {
        kt &= enemy;
    }
    let mut king_ok = 0;
    for to in Squares(kt) {
        if pos.attackers(to, them, occ_nok) == 0 {
            king_ok |= bit(to);
        }
    }
    sink.piece(ksq, king_ok);
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check
    }

    let mut target = !own;
    if checkers != 0 {
        let c = checkers.trailing_zeros() as usize;
        target &= checkers | between(ksq, c);
    }
    let piece_target = if noisy { target & enemy } else { target };

    let mut pinned = 0;
    for s in Squares(ROOK_EMPTY[ksq] & pos.pieces(them, ROOK)) {
        let b = between(ksq, s) & occ;
        if b & b.wrapping_sub(1) == 0 && b & own != 0 {
            pinned |= b;
        }
    }

    // Pins are orthogonal: a pinned knight or met can never move.
    for from in Squares(pos.pieces(us, KNIGHT) & !pinned) {
        sink.piece(from, KNIGHT_ATK[from] & piece_target);
    }
    for from in Squares(pos.pieces(us, MET) & !pinned) {
        sink.piece(from, MET_ATK[from] & piece_target);
    }
    for from in Squares(pos.pieces(us, KHON)) {
        let mut t = KHON_ATK[us][from] & piece_target;
        if pinned & bit(from) != 0 {
            t &= line(ksq, from);
        }
        sink.piece(from, t);
    }
    for from in Squares(pos.pieces(us, ROOK)) {
        let mut t = rook_attacks(from, occ) & piece_target;
        if pinned & bit(from) != 0 {
            t &= line(ksq, from);
        }
        sink.piece(from, t);
    }

    let pawns = pos.pieces(us, PAWN);
    let free = pawns & !pinned;
    let promo = rank_bb(promotion_rank(us));
    let empty = !occ;
    let push_target = if noisy {
        target & empty & promo
    } else {
        target & empty
    };
    let cap_target = target & enemy;
    if us == WHITE {
        sink.pawns((free << 8) & push_target, 8, promo);
        sink.pawns(((free & !FILE_A) << 7) & cap_target, 7, promo);
        sink.pawns(((free & !FILE_H) << 9) & cap_target, 9, promo);
    } else {
        sink.pawns((free >> 8) & push_target, -8, promo);
        sink.pawns(((free & !FILE_A) >> 9) & cap_target, -9, promo);
        sink.pawns(((free & !FILE_H) >> 7) & cap_target, -7, promo);
    }
    // A pinned pawn can only push, and only when pinned along its file.
    for from in Squares(pawns & pinned) {
        let (to, delta) = if us == WHITE {
            (from + 8, 8)
        } else {
            (from.wrapping_sub(8), -8)
        };
        if to < 64 {
            sink.pawns(bit(to) & push_target & line(ksq, from), delta, promo);
        }
    }
}

/// Number of legal moves.
#[inline]
pub(crate) fn count_legal(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c, false);
    c.0
}

/// True when the side to move has at least one legal move.
pub(crate) fn has_legal_move(pos: &Position) -> bool {
    count_legal(pos) != 0
}

pub(crate) fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut buf = MoveBuf::default();
            generate(pos, &mut buf, false);
            let mut total = 0;
            for i in 0..buf.len() {
                let m = buf.moves[i];
                pos.make_move(m);
                total += perft(pos, depth - 1);
                pos.unmake_move();
            }
            total
        }
    }
}

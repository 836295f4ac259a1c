//! Legal move generation: checkers and pins are known up front (pinners are
//! the diagonal and orthogonal sliders and lances), so no move needs a
//! make/test. Promotion is mandatory: a promotable piece whose start or
//! end square is in its zone always promotes, so each board move has one
//! form. One generator feeds a move list or a counter (perft bulk counts).

use super::bitboard::*;
use super::position::Position;
use super::types::*;

/// Receives generated moves.
pub(crate) trait Sink {
    /// Moves from `from` to every square of `targets`; those on `promo`
    /// promote.
    fn piece(&mut self, from: usize, targets: Bitboard, promo: Bitboard);
    /// Drops of hand kind `kind` on every square of `targets`.
    fn drops(&mut self, kind: usize, targets: Bitboard);
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: usize, targets: Bitboard, _promo: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn drops(&mut self, _kind: usize, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: Bitboard, promo: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::board(from, to, promo & bit(to) != 0));
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::drop(kind, to));
        }
    }
}

/// Files holding an unpromoted pawn of `color` (as full files).
#[inline(always)]
pub(crate) fn pawn_files(pos: &Position, color: Side) -> Bitboard {
    let mut m = pos.pieces(color, PAWN);
    m |= m >> 32;
    m |= m >> 16;
    m |= m >> 8;
    (m & 0xff).wrapping_mul(FILE_A)
}

/// Squares where `color` may drop hand kind `kind`, before check and
/// occupancy restrictions.
#[inline(always)]
pub(crate) fn drop_mask(pos: &Position, color: Side, kind: usize) -> Bitboard {
    match kind {
        PAWN => DROP_PL[color] & !pawn_files(pos, color),
        LANCE => DROP_PL[color],
        KNIGHT => DROP_N[color],
        _ => !0,
    }
}

/// Pieces of `blocker` standing alone between the king of `king` and a
/// slider or lance of `sniper` that would attack it with the line open.
#[inline(always)]
fn lone_blockers(pos: &Position, king: Side, sniper: Side, blocker: Side) -> Bitboard {
    let ksq = pos.king_square(king);
    let occ = pos.occupied();
    let snipers = ((bishop_empty(ksq) & pos.diagonals())
        | (rook_empty(ksq) & pos.orthogonals())
        | (lance_empty(king, ksq) & pos.kinds[LANCE]))
        & pos.colors[sniper];
    let mut blockers = 0;
    for s in Squares(snipers) {
        let b = between(ksq, s) & occ;
        if b != 0 && b & (b - 1) == 0 && b & pos.colors[blocker] != 0 {
            blockers |= b;
        }
    }
    blockers
}

/// Own pieces pinned to the own king.
#[inline(always)]
pub(crate) fn pinned(pos: &Position, us: Side) -> Bitboard {
    lone_blockers(pos, us, us.other(), us)
}

/// Generates the legal moves of `pos` into `sink`; with `noisy`, only
/// captures and promotions (no drops).
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S, noisy: bool) {
    let us = pos.side;
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.colors[us];
    let enemy = pos.colors[them];
    let ksq = pos.king_square(us);
    let checkers = pos.checkers;

    // King moves: the destination must not be attacked once the king has
    // left its square (sliders see through its old square).
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
    sink.piece(ksq, king_ok, 0);
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check
    }

    let (target, drop_target) = if checkers != 0 {
        let c = checkers.trailing_zeros() as usize;
        let block = between(ksq, c);
        (!own & (checkers | block), block)
    } else {
        (!own, !occ)
    };
    let zone = ZONE[us];
    let pinned = pinned(pos, us);

    for from in Squares(own & !pos.kinds[KING]) {
        let kind = piece_kind(pos.board[from]);
        let mut t = Position::attacks_from(us, kind, from, occ) & target;
        if pinned & bit(from) != 0 {
            t &= line(ksq, from);
        }
        let promo = if !can_promote(kind) {
            0
        } else if zone & bit(from) != 0 {
            t
        } else {
            t & zone
        };
        if noisy {
            t &= enemy | promo;
        }
        sink.piece(from, t, promo);
    }

    if noisy || drop_target == 0 {
        return;
    }
    for kind in 0..HAND_KINDS {
        if pos.hand[us][kind] != 0 {
            sink.drops(kind, drop_target & drop_mask(pos, us, kind));
        }
    }
}

/// Keeps the quiet moves that give check: onto a square from which the
/// piece attacks the enemy king, or off a line between an own slider and
/// that king (discovered check).
struct QuietChecks<'a> {
    pos: &'a Position,
    out: &'a mut Vec<Move>,
    /// Per kind, the squares from which a piece of ours attacks the king.
    check_squares: [Bitboard; KINDS],
    /// Own pieces whose leaving the line uncovers a check.
    discoverers: Bitboard,
    enemy_king: usize,
    enemy: Bitboard,
}

impl Sink for QuietChecks<'_> {
    fn piece(&mut self, from: usize, targets: Bitboard, promo: Bitboard) {
        let quiet = targets & !promo & !self.enemy;
        let kind = piece_kind(self.pos.board[from]);
        let mut checks = quiet & self.check_squares[kind];
        if self.discoverers & bit(from) != 0 {
            checks |= quiet & !line(self.enemy_king, from);
        }
        self.out.piece(from, checks, 0);
    }
    fn drops(&mut self, kind: usize, targets: Bitboard) {
        self.out.drops(kind, targets & self.check_squares[kind]);
    }
}

/// Appends the legal quiet moves of `pos` that give check (quiescence's
/// first ply tries them).
pub(crate) fn generate_quiet_checks(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    let them = us.other();
    let occ = pos.occupied();
    let eksq = pos.king_square(them);
    let mut check_squares = [0; KINDS];
    for (kind, squares) in check_squares.iter_mut().enumerate() {
        *squares = Position::checking_squares(us, kind, eksq, occ);
    }
    let discoverers = lone_blockers(pos, them, us, us);
    let mut sink = QuietChecks {
        pos,
        out,
        check_squares,
        discoverers,
        enemy_king: eksq,
        enemy: pos.colors[them],
    };
    generate(pos, &mut sink, false);
}

/// Number of legal moves.
#[inline]
pub(crate) fn count_legal(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c, false);
    c.0
}

pub(crate) fn has_legal_move(pos: &Position) -> bool {
    count_legal(pos) != 0
}

pub(crate) fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut buf = Vec::with_capacity(160);
            generate(pos, &mut buf, false);
            let mut total = 0;
            for &m in &buf {
                pos.make_move(m);
                total += perft(pos, depth - 1);
                pos.unmake_move();
            }
            total
        }
    }
}

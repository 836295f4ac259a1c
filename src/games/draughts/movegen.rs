//! Move generation for both rule sets: quiet moves by shifts of the
//! padded bitboards, and one capture generator (a depth-first search over
//! the capture lines, Turkish strike: captured pieces stay on the board,
//! as obstacles that cannot be jumped twice, until the move ends).
//! Captures are compulsory; international keeps only the lines that take
//! the most pieces. Two lines with the same start, end and set of
//! captured pieces are one move. Perft counts the last ply in bulk.

use super::position::Position;
use super::types::*;
use super::variant::*;

/// A one-step shift of a bitboard along a diagonal step (positive: down).
#[inline(always)]
fn sh(x: u64, d: i32) -> u64 {
    if d > 0 { x << d } else { x >> -d }
}

/// The capture search of one piece.
struct CaptureSearch<'a, V: Variant> {
    enemy: u64,
    /// Empty squares, with the moving piece's start counted as empty.
    empty: u64,
    from: u8,
    side: Side,
    /// Pieces taken by the longest line found so far (majority rule).
    best: u32,
    start: usize,
    out: &'a mut Vec<Move>,
    _v: std::marker::PhantomData<V>,
}

impl<V: Variant> CaptureSearch<'_, V> {
    fn emit(&mut self, to: u64, captured: u64, crown: bool) {
        let n = captured.count_ones();
        if V::MAJORITY {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.out.truncate(self.start);
            }
        }
        let mv = Move {
            from: self.from,
            to: to.trailing_zeros() as u8,
            crown,
            captured,
        };
        let dup = self.out[self.start..]
            .iter()
            .any(|m| m.from == mv.from && m.to == mv.to && m.captured == captured);
        if !dup {
            self.out.push(mv);
        }
    }

    /// A man on `at` that has taken `captured` so far.
    fn man(&mut self, at: u64, captured: u64) {
        let mut found = false;
        for d in steps::<V>() {
            let over = sh(at, d) & self.enemy & !captured;
            if over == 0 {
                continue;
            }
            let land = sh(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            found = true;
            let taken = captured | over;
            if V::CROWN_MID_CAPTURE && land & Position::<V>::crown_row(self.side) != 0 {
                self.king(land, taken, true);
            } else {
                self.man(land, taken);
            }
        }
        if !found && captured != 0 {
            let crown = at & Position::<V>::crown_row(self.side) != 0;
            self.emit(at, captured, crown);
        }
    }

    /// True when a king on `at` can take a piece not in `captured`.
    fn king_can_take(&self, at: u64, captured: u64) -> bool {
        steps::<V>().into_iter().any(|d| {
            let mut t = sh(at, d);
            while t & self.empty != 0 {
                t = sh(t, d);
            }
            t & self.enemy & !captured != 0 && sh(t, d) & self.empty != 0
        })
    }

    /// A king on `at` that has taken `captured` so far; `crowned` when it
    /// became a king during this capture (Russian).
    fn king(&mut self, at: u64, captured: u64, crowned: bool) {
        let mut found = false;
        for d in steps::<V>() {
            let mut t = sh(at, d);
            while t & self.empty != 0 {
                t = sh(t, d);
            }
            if t & self.enemy & !captured == 0 {
                continue;
            }
            let taken = captured | t;
            let mut lands = [0u64; 10];
            let mut n = 0;
            let mut l = sh(t, d);
            while l & self.empty != 0 && n < lands.len() {
                lands[n] = l;
                n += 1;
                l = sh(l, d);
            }
            if n == 0 {
                continue;
            }
            found = true;
            // Where the capture can go on, the king must land there.
            let goes_on = lands[..n].iter().fold(0u64, |m, &l| {
                m | if self.king_can_take(l, taken) { l } else { 0 }
            });
            for &l in &lands[..n] {
                if goes_on == 0 {
                    self.emit(l, taken, crowned);
                } else if goes_on & l != 0 {
                    self.king(l, taken, crowned);
                }
            }
        }
        if !found && captured != 0 {
            self.emit(at, captured, crowned);
        }
    }
}

/// Appends the legal captures; returns true when there are any.
pub fn generate_captures<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) -> bool {
    let us = pos.side;
    let own = pos.pieces[us];
    let enemy = pos.pieces[us.other()];
    let empty = pos.empty_squares();
    let start = out.len();
    let mut best = 0;
    let mut bb = own & capture_candidates(pos);
    while bb != 0 {
        let b = bb.trailing_zeros();
        bb &= bb - 1;
        let at = 1u64 << b;
        let mut s = CaptureSearch::<V> {
            enemy,
            empty: empty | at,
            from: b as u8,
            side: us,
            best,
            start,
            out,
            _v: std::marker::PhantomData,
        };
        if pos.kings & at != 0 {
            s.king(at, 0, false);
        } else {
            s.man(at, 0);
        }
        best = s.best;
    }
    out.len() > start
}

/// The pieces of the side to move that might capture: men next to an
/// enemy piece with an empty square behind it, and every king.
fn capture_candidates<V: Variant>(pos: &Position<V>) -> u64 {
    let us = pos.side;
    let enemy = pos.pieces[us.other()];
    let empty = pos.empty_squares();
    let mut m = pos.kings & pos.pieces[us];
    for d in steps::<V>() {
        // A man on x takes toward d when x+d is an enemy and x+2d is empty.
        m |= sh(sh(empty, -d) & enemy, -d);
    }
    m
}

/// True when the side to move has a capture (and so must capture).
pub fn has_capture<V: Variant>(pos: &Position<V>) -> bool {
    let us = pos.side;
    let enemy = pos.pieces[us.other()];
    let empty = pos.empty_squares();
    let men = pos.men(us);
    for d in steps::<V>() {
        if men & sh(sh(empty, -d) & enemy, -d) != 0 {
            return true;
        }
    }
    let mut kings = pos.kings_of(us);
    while kings != 0 {
        let b = kings.trailing_zeros();
        kings &= kings - 1;
        for d in steps::<V>() {
            let mut t = sh(1u64 << b, d);
            while t & empty != 0 {
                t = sh(t, d);
            }
            if t & enemy != 0 && sh(t, d) & empty != 0 {
                return true;
            }
        }
    }
    false
}

/// The steps in which `color`'s men move (toward the opponent).
#[inline]
fn forward<V: Variant>(color: Side) -> [i32; 2] {
    let s = steps::<V>();
    if color == WHITE {
        [s[0], s[1]]
    } else {
        [s[2], s[3]]
    }
}

/// Appends the quiet moves (only legal when there is no capture).
pub fn generate_quiet<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    let us = pos.side;
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let crown_row = Position::<V>::crown_row(us);
    for d in forward::<V>(us) {
        let mut to = sh(men, d) & empty;
        while to != 0 {
            let t = to.trailing_zeros();
            to &= to - 1;
            let tb = 1u64 << t;
            out.push(Move {
                from: sh(tb, -d).trailing_zeros() as u8,
                to: t as u8,
                crown: tb & crown_row != 0,
                captured: 0,
            });
        }
    }
    let mut kings = pos.kings_of(us);
    while kings != 0 {
        let b = kings.trailing_zeros();
        kings &= kings - 1;
        for d in steps::<V>() {
            let mut t = sh(1u64 << b, d) & empty;
            while t != 0 {
                out.push(Move {
                    from: b as u8,
                    to: t.trailing_zeros() as u8,
                    crown: false,
                    captured: 0,
                });
                t = sh(t, d) & empty;
            }
        }
    }
}

/// Number of quiet moves, without listing them.
fn count_quiet<V: Variant>(pos: &Position<V>) -> u64 {
    let us = pos.side;
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let mut n = 0u64;
    for d in forward::<V>(us) {
        n += (sh(men, d) & empty).count_ones() as u64;
    }
    let kings = pos.kings_of(us);
    if kings != 0 {
        for d in steps::<V>() {
            // Flood each ray from all kings at once.
            let mut t = sh(kings, d) & empty;
            while t != 0 {
                n += t.count_ones() as u64;
                t = sh(t, d) & empty;
            }
        }
    }
    n
}

/// All legal moves.
pub fn generate<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    if !generate_captures(pos, out) {
        generate_quiet(pos, out);
    }
}

/// Leaf count `depth` plies below `pos`; the last ply is counted without
/// being played.
pub fn perft<V: Variant>(pos: &mut Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(48);
    if !generate_captures(pos, &mut moves) {
        if depth == 1 {
            return count_quiet(pos);
        }
        generate_quiet(pos, &mut moves);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &mv in &moves {
        pos.make_move(mv);
        n += perft(pos, depth - 1);
        pos.unmake_move();
    }
    n
}

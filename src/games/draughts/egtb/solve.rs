//! Solving a class and its colour swap together by retrograde analysis.
//! Captures and crownings lead to classes already solved (fewer pieces, or
//! fewer men), quiet moves to the partner class. A first pass judges every
//! position by the moves that leave the pair: won when one reaches a
//! position lost for the opponent, lost when it has no move or only moves
//! to won positions; the rest keep a count of their moves that stay in the
//! pair. Then each newly settled position goes back over its quiet moves
//! (un-moves) to the positions that lead to it: a loss makes them won, a
//! win takes one off their count, and a count that reaches zero makes them
//! lost. What is never settled is drawn. Every change is an atomic
//! compare-and-swap from unknown, so the threads' order does not change the
//! result.

use super::index::{Material, Placement};
use super::{DRAW, INVALID, LOSS, Tables, WIN};
use crate::games::draughts::movegen;
use crate::games::draughts::position::Position;
use crate::games::draughts::types::{BLACK, DrawRules, Move, WHITE};
use crate::games::draughts::variant::{Variant, steps};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Settled this round: its predecessors are still to be told.
const NEW_WIN: u8 = 4;
const NEW_LOSS: u8 = 5;
/// Not settled yet.
const UNKNOWN: u8 = 6;
/// The count of a position that can never be lost (a move leaves the
/// pair for a drawn position).
const NEVER_LOST: u8 = u8::MAX;

/// Slots a thread takes at a time.
const BLOCK: u64 = 4096;

/// One class being solved: its values and its positions' counts of
/// in-pair moves not yet known to lead to a won position.
pub struct Class {
    pub material: Material,
    pub values: Vec<AtomicU8>,
    counts: Vec<AtomicU8>,
}

/// The classes being solved together (a class and its colour swap).
pub struct Pair {
    pub classes: Vec<Class>,
}

impl Pair {
    pub fn new<V: Variant>(materials: &[Material]) -> Pair {
        let fresh = |n: usize, v: u8| (0..n).map(|_| AtomicU8::new(v)).collect();
        let classes = materials
            .iter()
            .map(|&material| {
                let slots = material.slots::<V>() as usize;
                Class {
                    material,
                    values: fresh(slots, UNKNOWN),
                    counts: fresh(slots, 0),
                }
            })
            .collect();
        Pair { classes }
    }

    fn class(&self, material: Material) -> Option<&Class> {
        self.classes.iter().find(|c| c.material == material)
    }
}

/// Runs `work(class, slot, scratch)` over every slot of every class of the
/// pair on `threads` threads.
fn for_each_slot<V: Variant>(
    pair: &Pair,
    threads: usize,
    work: &(dyn Fn(&Class, u64, &mut Scratch<V>) + Sync),
) {
    for class in &pair.classes {
        let slots = class.values.len() as u64;
        let next = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads.max(1) {
                s.spawn(|| {
                    let mut scratch = Scratch::<V>::default();
                    loop {
                        let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                        if start >= slots {
                            break;
                        }
                        for slot in start..(start + BLOCK).min(slots) {
                            work(class, slot, &mut scratch);
                        }
                    }
                });
            }
        });
    }
}

/// The first judgement of a slot, by the moves that leave the pair.
fn first_pass<V: Variant>(
    pair: &Pair,
    solved: &Tables<V>,
    class: &Class,
    slot: u64,
    scratch: &mut Scratch<V>,
) {
    let (Some(value), Some(count)) = (
        class.values.get(slot as usize),
        class.counts.get(slot as usize),
    ) else {
        return;
    };
    let Some(p) = Placement::at::<V>(class.material, slot) else {
        value.store(INVALID, Ordering::Relaxed);
        return;
    };
    let mut staying = 0u8;
    let mut escapes = false;
    for &mv in scratch.moves(&p) {
        let q = successor::<V>(&p, mv);
        let m = q.material();
        if q.white() != 0 && pair.class(m).is_some() {
            staying = staying.saturating_add(1);
            continue;
        }
        let v = if q.white() == 0 {
            LOSS
        } else {
            solved.value(m, q.index::<V>()).unwrap_or(DRAW)
        };
        match v {
            LOSS => {
                value.store(NEW_WIN, Ordering::Relaxed);
                return;
            }
            WIN => {}
            _ => escapes = true,
        }
    }
    if staying == 0 && !escapes {
        value.store(NEW_LOSS, Ordering::Relaxed);
    } else {
        count.store(
            if escapes { NEVER_LOST } else { staying },
            Ordering::Relaxed,
        );
    }
}

/// Tells the predecessors of a newly settled slot; returns true when the
/// slot was one.
fn propagate<V: Variant>(pair: &Pair, class: &Class, slot: u64, scratch: &mut Scratch<V>) -> bool {
    let Some(value) = class.values.get(slot as usize) else {
        return false;
    };
    let (new, settled) = match value.load(Ordering::Relaxed) {
        NEW_WIN => (NEW_WIN, WIN),
        NEW_LOSS => (NEW_LOSS, LOSS),
        _ => return false,
    };
    // One thread settles it and tells its predecessors.
    if value
        .compare_exchange(new, settled, Ordering::Relaxed, Ordering::Relaxed)
        .is_err()
    {
        return false;
    }
    let Some(p) = Placement::at::<V>(class.material, slot) else {
        return false;
    };
    for q in scratch.predecessors(&p) {
        let Some(c) = pair.class(q.material()) else {
            continue;
        };
        let index = q.index::<V>() as usize;
        let (Some(v), Some(n)) = (c.values.get(index), c.counts.get(index)) else {
            continue;
        };
        if settled == LOSS {
            let _ = v.compare_exchange(UNKNOWN, NEW_WIN, Ordering::Relaxed, Ordering::Relaxed);
        } else if v.load(Ordering::Relaxed) == UNKNOWN
            && n.load(Ordering::Relaxed) != NEVER_LOST
            && n.fetch_sub(1, Ordering::Relaxed) == 1
        {
            let _ = v.compare_exchange(UNKNOWN, NEW_LOSS, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
    true
}

/// Solves `pair` against the `solved` tables; returns the number of
/// propagation rounds.
pub fn solve<V: Variant>(pair: &Pair, solved: &Tables<V>, threads: usize) -> u32 {
    for_each_slot::<V>(pair, threads, &|class, slot, scratch| {
        first_pass(pair, solved, class, slot, scratch)
    });
    let mut rounds = 0;
    loop {
        rounds += 1;
        let told = AtomicU64::new(0);
        for_each_slot::<V>(pair, threads, &|class, slot, scratch| {
            if propagate(pair, class, slot, scratch) {
                told.fetch_add(1, Ordering::Relaxed);
            }
        });
        if told.into_inner() == 0 {
            break;
        }
    }
    for class in &pair.classes {
        for v in &class.values {
            let _ = v.compare_exchange(UNKNOWN, DRAW, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
    rounds
}

/// The placement after White's `mv`, seen from Black (now to move).
#[inline]
fn successor<V: Variant>(p: &Placement, mv: Move) -> Placement {
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    let kings = p.kings();
    let king = kings & from != 0 || mv.crown;
    let white = (p.white() & !from) | to;
    let black = p.black() & !mv.captured;
    let mut kings = kings & !from & !mv.captured;
    if king {
        kings |= to;
    }
    Placement::from_sides::<V>(white, black, kings, true)
}

/// A reusable board for generating a placement's moves.
pub struct Scratch<V: Variant> {
    pos: Position<V>,
    moves: Vec<Move>,
    before: Vec<Placement>,
}

impl<V: Variant> Default for Scratch<V> {
    fn default() -> Self {
        Scratch {
            pos: Position::empty(DrawRules {
                king_moves: 0,
                endgame_limits: false,
            }),
            moves: Vec::with_capacity(64),
            before: Vec::with_capacity(64),
        }
    }
}

impl<V: Variant> Scratch<V> {
    /// The positions (White to move) whose quiet move, not a crowning,
    /// leads to `p`: Black's piece in `p` (the side that just moved, as
    /// `p` is seen) taken back one step (a man) or any distance along a
    /// free diagonal (a king), in positions without a capture for the
    /// mover, where every quiet move is legal.
    pub fn predecessors(&mut self, p: &Placement) -> &[Placement] {
        self.before.clear();
        let board = Position::<V>::BOARD;
        let empty = board & !(p.white() | p.black());
        // Black's men step down the board (the last two steps).
        let men_back = [-steps::<V>()[2], -steps::<V>()[3]];
        let mut movers = p.black();
        while movers != 0 {
            let b = movers.trailing_zeros();
            movers &= movers - 1;
            let at = 1u64 << b;
            let king = p.kings() & at != 0;
            let directions: &[i32] = if king { &steps::<V>() } else { &men_back };
            for &d in directions {
                let mut from = shift(at, d);
                while from & empty != 0 {
                    let black = (p.black() & !at) | from;
                    let kings = if king {
                        (p.kings() & !at) | from
                    } else {
                        p.kings()
                    };
                    let q = Placement::from_sides::<V>(p.white(), black, kings, true);
                    if !self.has_capture(&q) {
                        self.before.push(q);
                    }
                    if !king {
                        break;
                    }
                    from = shift(from, d);
                }
            }
        }
        &self.before
    }

    /// True when White must capture in `p`.
    fn has_capture(&mut self, p: &Placement) -> bool {
        self.set(p);
        movegen::has_capture(&self.pos)
    }

    fn set(&mut self, p: &Placement) {
        self.pos.pieces[WHITE] = p.white();
        self.pos.pieces[BLACK] = p.black();
        self.pos.kings = p.kings();
        self.pos.side = WHITE;
    }

    /// White's legal moves in `p`.
    pub fn moves(&mut self, p: &Placement) -> &[Move] {
        self.set(p);
        self.moves.clear();
        movegen::generate(&self.pos, &mut self.moves);
        &self.moves
    }
}

/// What the moves of `p` say: won, lost, or unknown (drawn unless a later
/// pass settles it). `successors` is told every successor's value.
pub fn judge<V: Variant>(
    scratch: &mut Scratch<V>,
    p: &Placement,
    value_of: &mut dyn FnMut(&Placement) -> u8,
) -> u8 {
    let moves = scratch.moves(p);
    let mut all_won = true;
    for &mv in moves {
        match value_of(&successor::<V>(p, mv)) {
            LOSS => return WIN,
            WIN => {}
            _ => all_won = false,
        }
    }
    if all_won { LOSS } else { DRAW }
}

/// A one-step shift of a bitboard along a diagonal step (positive: down
/// the board); off the board lands on a ghost bit or outside.
#[inline]
fn shift(x: u64, d: i32) -> u64 {
    if d > 0 { x << d } else { x >> -d }
}

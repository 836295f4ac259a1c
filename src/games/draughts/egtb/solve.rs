//! Solving a class by iteration to a fixed point: a position is won when
//! one of its moves leads to a position lost for the opponent, lost when it
//! has no move or every move leads to a won one; what no pass settles is a
//! draw. Captures and crownings lead to classes already solved (fewer
//! pieces, or fewer men), quiet moves to the class with the colours
//! swapped, which is solved in the same passes. Values only ever change
//! from unknown to won or lost, so the fixed point does not depend on the
//! order the threads visit the slots in.

use super::index::{Material, Placement};
use super::{DRAW, INVALID, LOSS, Tables, WIN};
use crate::games::draughts::movegen;
use crate::games::draughts::position::Position;
use crate::games::draughts::types::{DrawRules, Move, WHITE};
use crate::games::draughts::variant::Variant;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Not looked at yet: every slot starts here, the first pass sorts out
/// the slots that are not positions.
const FRESH: u8 = 4;

/// Slots a thread takes at a time.
const BLOCK: u64 = 4096;

/// The classes being solved together (a class and its colour swap).
pub struct Pair {
    pub classes: Vec<(Material, Vec<AtomicU8>)>,
}

impl Pair {
    pub fn new<V: Variant>(materials: &[Material]) -> Pair {
        let classes = materials
            .iter()
            .map(|&m| {
                let slots = m.slots::<V>() as usize;
                (m, (0..slots).map(|_| AtomicU8::new(FRESH)).collect())
            })
            .collect();
        Pair { classes }
    }

    fn get(&self, material: Material, slot: u64) -> Option<u8> {
        self.classes
            .iter()
            .find(|(m, _)| *m == material)
            .and_then(|(_, v)| v.get(slot as usize))
            .map(|a| a.load(Ordering::Relaxed))
    }
}

/// The value of a placement (White to move) as the tables say, for the
/// side to move: from the pair being solved or from the solved tables.
/// A side without pieces to move has lost.
fn lookup<V: Variant>(p: &Placement, pair: &Pair, solved: &Tables<V>) -> u8 {
    if p.white() == 0 {
        return LOSS;
    }
    let m = p.material();
    let slot = p.index::<V>();
    pair.get(m, slot)
        .or_else(|| solved.value(m, slot))
        .unwrap_or(DRAW)
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
}

impl<V: Variant> Default for Scratch<V> {
    fn default() -> Self {
        Scratch {
            pos: Position::empty(DrawRules {
                king_moves: 0,
                endgame_limits: false,
            }),
            moves: Vec::with_capacity(64),
        }
    }
}

impl<V: Variant> Scratch<V> {
    /// White's legal moves in `p`.
    pub fn moves(&mut self, p: &Placement) -> &[Move] {
        self.pos.pieces[WHITE] = p.white();
        self.pos.pieces[WHITE.other()] = p.black();
        self.pos.kings = p.kings();
        self.pos.side = WHITE;
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

/// One pass over a class's unsettled slots; returns how many it settled.
fn pass<V: Variant>(pair: &Pair, which: usize, solved: &Tables<V>, threads: usize) -> u64 {
    let Some((material, values)) = pair.classes.get(which) else {
        return 0;
    };
    let slots = values.len() as u64;
    let next = AtomicU64::new(0);
    let settled = AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut scratch = Scratch::<V>::default();
                let mut lookup_in = |q: &Placement| lookup::<V>(q, pair, solved);
                let mut count = 0;
                loop {
                    let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                    if start >= slots {
                        break;
                    }
                    for slot in start..(start + BLOCK).min(slots) {
                        let Some(cell) = values.get(slot as usize) else {
                            break;
                        };
                        let now = cell.load(Ordering::Relaxed);
                        if now != FRESH && now != DRAW {
                            continue;
                        }
                        let Some(p) = Placement::at::<V>(*material, slot) else {
                            cell.store(INVALID, Ordering::Relaxed);
                            continue;
                        };
                        let v = judge(&mut scratch, &p, &mut lookup_in);
                        cell.store(v, Ordering::Relaxed);
                        if v != DRAW {
                            count += 1;
                        }
                    }
                }
                settled.fetch_add(count, Ordering::Relaxed);
            });
        }
    });
    settled.into_inner()
}

/// Solves `pair` against the `solved` tables: passes until one settles
/// nothing. Returns the number of passes.
pub fn solve<V: Variant>(pair: &Pair, solved: &Tables<V>, threads: usize) -> u32 {
    let mut passes = 0;
    loop {
        passes += 1;
        let settled: u64 = (0..pair.classes.len())
            .map(|i| pass(pair, i, solved, threads))
            .sum();
        // The first pass also sorts out the slots that are not positions.
        if settled == 0 && passes > 1 {
            return passes;
        }
    }
}

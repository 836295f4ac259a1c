//! Checks-only mate search (shogi "tsume", USI `go mate`): every attacker
//! move gives check, every defender reply is tried, and a line is a mate
//! when the defender ends with no legal move that the game scores as a loss.
//!
//! Iterative deepening over odd ply counts finds the shortest mate; along
//! the reported line the defender picks the longest resistance. When an
//! iteration explores the whole checks-only tree without reaching its depth
//! limit anywhere, no mate exists at any length: that proves `nomate`.
//! Disproved nodes are remembered per remaining depth.

use super::{MATE_BOUND, SearchPosition};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest mate the solver looks for, in plies.
pub const MAX_TSUME_PLIES: u32 = 63;

/// What [`solve`] found, with moves still typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TsumeResult<M> {
    Mate(Vec<M>),
    NoMate,
    Timeout,
}

struct Solver<'a, P: SearchPosition> {
    pos: P,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    nodes: u64,
    aborted: bool,
    /// Some node of this iteration stopped at the depth limit.
    cut: bool,
    /// (key, remaining plies) already shown to hold no mate, with whether
    /// that proof met the depth limit somewhere (then it is no `nomate` proof).
    disproved: HashMap<(u64, u32), bool>,
}

/// Looks for a mate by checks for the side to move of `pos`, up to
/// `max_plies` plies, until `stop` is raised or `deadline` passes.
/// Returns the nodes visited too.
pub fn solve<P: SearchPosition>(
    pos: &P,
    max_plies: u32,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> (TsumeResult<P::Move>, u64) {
    let mut solver = Solver {
        pos: pos.clone(),
        stop,
        deadline,
        nodes: 0,
        aborted: false,
        cut: false,
        disproved: HashMap::new(),
    };
    let mut depth = 1;
    while depth <= max_plies.min(MAX_TSUME_PLIES) {
        solver.cut = false;
        if let Some(line) = solver.attack(depth) {
            return (TsumeResult::Mate(line), solver.nodes);
        }
        if solver.aborted {
            return (TsumeResult::Timeout, solver.nodes);
        }
        if !solver.cut {
            return (TsumeResult::NoMate, solver.nodes);
        }
        depth += 2;
    }
    (TsumeResult::Timeout, solver.nodes)
}

impl<P: SearchPosition> Solver<'_, P> {
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes % 1024 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The side to move attacks with `remaining` plies left (odd, ≥ 1):
    /// the shortest mating line, if any.
    fn attack(&mut self, remaining: u32) -> Option<Vec<P::Move>> {
        if self.should_stop() || self.pos.terminal_score(0).is_some() {
            return None;
        }
        if let Some(&cut) = self.disproved.get(&(self.pos.key(), remaining)) {
            self.cut |= cut;
            return None;
        }
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let mut moves = Vec::new();
        self.pos.generate_legal(&mut moves);
        let mut best: Option<Vec<P::Move>> = None;
        for mv in moves {
            self.pos.make(mv);
            let line = if self.pos.in_check() {
                self.defend(remaining - 1)
            } else {
                None
            };
            self.pos.unmake();
            if self.aborted {
                self.cut |= outer_cut;
                return None;
            }
            if let Some(rest) = line {
                if best.as_ref().is_none_or(|b| rest.len() + 1 < b.len()) {
                    let mut full = Vec::with_capacity(rest.len() + 1);
                    full.push(mv);
                    full.extend(rest);
                    best = Some(full);
                    if remaining == 1 {
                        break;
                    }
                }
            }
        }
        if best.is_none() && !self.aborted {
            self.disproved.insert((self.pos.key(), remaining), self.cut);
        }
        self.cut |= outer_cut;
        best
    }

    /// The side to move is in check with `remaining` plies left (even): the
    /// longest resistance when every reply is mated, else `None`.
    fn defend(&mut self, remaining: u32) -> Option<Vec<P::Move>> {
        if self.should_stop() {
            return None;
        }
        if let Some(score) = self.pos.terminal_score(0) {
            return (score <= -MATE_BOUND).then(Vec::new);
        }
        let mut moves = Vec::new();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return (self.pos.no_moves_score(0) <= -MATE_BOUND).then(Vec::new);
        }
        if remaining == 0 {
            self.cut = true;
            return None;
        }
        let mut longest: Option<Vec<P::Move>> = None;
        for mv in moves {
            self.pos.make(mv);
            let line = self.attack(remaining - 1);
            self.pos.unmake();
            let rest = line?;
            if longest.as_ref().is_none_or(|l| rest.len() + 1 > l.len()) {
                let mut full = Vec::with_capacity(rest.len() + 1);
                full.push(mv);
                full.extend(rest);
                longest = Some(full);
            }
        }
        longest
    }
}

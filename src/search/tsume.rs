//! Checks-only mate search (shogi "tsume", USI `go mate`): every attacker
//! move gives check, every defender reply is tried, and a line is a mate
//! when the defender ends with no legal move that the game scores as a loss.
//!
//! Proof-number search (Allis) over an explicit tree: attacker nodes are OR
//! nodes, defender nodes AND nodes; the most-proving leaf is expanded until
//! the root is proved or disproved. It runs with a ply limit that grows
//! 1, 3, 5, ...: the first limit that proves a mate gives the shortest mate,
//! and along the reported line the defender picks the longest resistance.
//! When a limit disproves the root without any line having been cut by the
//! limit, no mate by checks exists at any length: that proves `nomate`.

use super::{AlphaBetaPosition, MATE_BOUND};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest mate the solver looks for, in plies.
pub const MAX_TSUME_PLIES: u32 = 63;
/// Tree nodes kept at most (about 40 bytes each); beyond that the search
/// gives up with a timeout rather than eat the machine's memory.
const MAX_TREE_NODES: usize = 8_000_000;
const INF: u32 = u32::MAX / 4;

/// What [`solve`] found, with moves still typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TsumeResult<M> {
    Mate(Vec<M>),
    NoMate,
    Timeout,
}

struct Node<M> {
    /// The move that led here (none at the root).
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    /// Proof and disproof numbers.
    pn: u32,
    dn: u32,
}

/// One proof-number search with a fixed ply limit.
struct Tree<'a, P: AlphaBetaPosition> {
    pos: P,
    nodes: Vec<Node<P::Move>>,
    limit: u32,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    /// A line was cut by the ply limit (so a disproof is no `nomate` proof).
    cut: bool,
    visited: u64,
}

/// Looks for a mate by checks for the side to move of `pos`, up to
/// `max_plies` plies, until `stop` is raised or `deadline` passes.
/// Returns the nodes visited too.
pub fn solve<P: AlphaBetaPosition>(
    pos: &P,
    max_plies: u32,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> (TsumeResult<P::Move>, u64) {
    let mut visited = 0;
    let mut limit = 1;
    while limit <= max_plies.min(MAX_TSUME_PLIES) {
        let mut tree = Tree::new(pos.clone(), limit, stop, deadline);
        let outcome = tree.run();
        visited += tree.visited;
        match outcome {
            Some(true) => return (TsumeResult::Mate(tree.principal_line()), visited),
            Some(false) if !tree.cut => return (TsumeResult::NoMate, visited),
            Some(false) => limit += 2,
            None => return (TsumeResult::Timeout, visited),
        }
    }
    (TsumeResult::Timeout, visited)
}

impl<'a, P: AlphaBetaPosition> Tree<'a, P> {
    fn new(pos: P, limit: u32, stop: &'a AtomicBool, deadline: Option<Instant>) -> Self {
        let root = Node {
            mv: None,
            parent: 0,
            first_child: 0,
            children: 0,
            expanded: false,
            pn: 1,
            dn: 1,
        };
        Tree {
            pos,
            nodes: vec![root],
            limit,
            stop,
            deadline,
            cut: false,
            visited: 0,
        }
    }

    /// Proves (`Some(true)`) or disproves (`Some(false)`) the root; `None`
    /// when stopped, out of time or out of memory.
    fn run(&mut self) -> Option<bool> {
        loop {
            let root = &self.nodes[0];
            if root.pn == 0 {
                return Some(true);
            }
            if root.dn == 0 {
                return Some(false);
            }
            if self.nodes.len() >= MAX_TREE_NODES || self.out_of_time() {
                return None;
            }
            // Walk down to the most-proving leaf, playing its moves.
            let mut at = 0usize;
            let mut ply = 0u32;
            while self.nodes[at].expanded {
                at = self.most_proving_child(at, ply.is_multiple_of(2));
                if let Some(mv) = self.nodes[at].mv {
                    self.pos.make(mv);
                }
                ply += 1;
            }
            self.expand(at, ply);
            // Back up the numbers to the root, undoing the moves.
            loop {
                self.update(at, ply.is_multiple_of(2));
                if at == 0 {
                    break;
                }
                self.pos.unmake();
                at = self.nodes[at].parent as usize;
                ply -= 1;
            }
        }
    }

    fn out_of_time(&mut self) -> bool {
        self.visited += 1;
        self.visited.is_multiple_of(256)
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    fn child_range(&self, at: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[at];
        n.first_child as usize..(n.first_child + n.children) as usize
    }

    /// At an attacker node the child easiest to prove, at a defender node
    /// the one easiest to disprove.
    fn most_proving_child(&self, at: usize, attacker: bool) -> usize {
        let range = self.child_range(at);
        let mut best = range.start;
        for c in range {
            let (key, best_key) = if attacker {
                (self.nodes[c].pn, self.nodes[best].pn)
            } else {
                (self.nodes[c].dn, self.nodes[best].dn)
            };
            if key < best_key {
                best = c;
            }
        }
        best
    }

    /// Creates the children of a leaf `ply` plies below the root (the
    /// position is the leaf's), or settles the leaf when it is terminal.
    fn expand(&mut self, at: usize, ply: u32) {
        let attacker = ply.is_multiple_of(2);
        self.nodes[at].expanded = true;
        // A game decided by a rule before any move (a road, say).
        if let Some(score) = self.pos.terminal_score(ply as usize) {
            let mated = !attacker && score <= -MATE_BOUND;
            self.settle(at, mated);
            return;
        }
        let mut moves = Vec::new();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            let mated = !attacker && self.pos.no_moves_score(ply as usize) <= -MATE_BOUND;
            self.settle(at, mated);
            return;
        }
        if ply >= self.limit {
            // The defender still has moves and the attacker no plies left.
            self.cut = true;
            self.settle(at, false);
            return;
        }
        let first = self.nodes.len() as u32;
        for mv in moves {
            if attacker {
                self.pos.make(mv);
                let check = self.pos.in_check();
                self.pos.unmake();
                if !check {
                    continue;
                }
            }
            self.nodes.push(Node {
                mv: Some(mv),
                parent: at as u32,
                first_child: 0,
                children: 0,
                expanded: false,
                pn: 1,
                dn: 1,
            });
        }
        let count = self.nodes.len() as u32 - first;
        let node = &mut self.nodes[at];
        node.first_child = first;
        node.children = count;
        if node.children == 0 {
            // No check at all: the attacker fails here.
            node.pn = INF;
            node.dn = 0;
        }
    }

    fn settle(&mut self, at: usize, proved: bool) {
        let node = &mut self.nodes[at];
        (node.pn, node.dn) = if proved { (0, INF) } else { (INF, 0) };
    }

    /// Recomputes an expanded node's numbers from its children.
    fn update(&mut self, at: usize, attacker: bool) {
        let node = &self.nodes[at];
        if !node.expanded || node.children == 0 {
            return;
        }
        let (mut min, mut sum) = (INF, 0u32);
        for c in self.child_range(at) {
            let child = &self.nodes[c];
            let (m, s) = if attacker {
                (child.pn, child.dn)
            } else {
                (child.dn, child.pn)
            };
            min = min.min(m);
            sum = sum.saturating_add(s).min(INF);
        }
        let node = &mut self.nodes[at];
        if attacker {
            (node.pn, node.dn) = (min, sum);
        } else {
            (node.dn, node.pn) = (min, sum);
        }
    }

    /// The mating line of a proved tree: the attacker's quickest proved
    /// check, the defender's longest resistance.
    fn principal_line(&self) -> Vec<P::Move> {
        let mut line = Vec::new();
        let mut at = 0;
        let mut attacker = true;
        while self.nodes[at].children > 0 {
            let mut best: Option<(usize, u32)> = None;
            for c in self.child_range(at) {
                if self.nodes[c].pn != 0 {
                    continue;
                }
                let len = self.mate_length(c, !attacker);
                let better = match best {
                    None => true,
                    Some((_, l)) if attacker => len < l,
                    Some((_, l)) => len > l,
                };
                if better {
                    best = Some((c, len));
                }
            }
            let Some((c, _)) = best else { break };
            if let Some(mv) = self.nodes[c].mv {
                line.push(mv);
            }
            at = c;
            attacker = !attacker;
        }
        line
    }

    /// Plies to mate below a proved node.
    fn mate_length(&self, at: usize, attacker: bool) -> u32 {
        let mut best: Option<u32> = None;
        for c in self.child_range(at) {
            if self.nodes[c].pn != 0 {
                continue;
            }
            let len = 1 + self.mate_length(c, !attacker);
            best = Some(match best {
                None => len,
                Some(b) if attacker => b.min(len),
                Some(b) => b.max(len),
            });
        }
        best.unwrap_or(0)
    }
}

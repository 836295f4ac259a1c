//! Perft of the hopping games by the Chinese checkers oracle's convention
//! (protocol-spec/chinesecheckers.md §5.2, also Halma's): moves are distinct (from, to) pairs, finishing and the home-exit
//! rule are ignored inside the tree, and a player without a move has one
//! child, the pass. The players who move are those playing at the root.
//! The last ply is counted from the destination sets without playing it.

use super::layout::MAX_PLAYERS;
use super::position::{HopPosition, Move, Standing};
use super::{BoardGraph, CellSet, HopKind, destinations};

/// The pieces only: what perft moves.
struct Tree<'a, S> {
    graph: &'a BoardGraph,
    hops: HopKind,
    marbles: [S; MAX_PLAYERS],
    occupied: S,
    /// The players who move, in turn order from the root's player.
    movers: Vec<usize>,
}

impl<S: CellSet> Tree<'_, S> {
    /// Leaves `depth` plies below, `turn` indexing `movers`.
    fn count(&mut self, turn: usize, depth: u32) -> u64 {
        let p = self.movers[turn];
        let next = (turn + 1) % self.movers.len();
        if depth == 1 {
            let mut n = 0u64;
            for from in self.marbles[p].cells() {
                n += u64::from(destinations(self.graph, self.occupied, from, self.hops).len());
            }
            return n.max(1);
        }
        let mut total = 0;
        let mut moved = false;
        for from in self.marbles[p].cells() {
            for to in destinations(self.graph, self.occupied, from, self.hops).cells() {
                moved = true;
                total += self.child(p, Move::new(from, to), next, depth);
            }
        }
        if moved {
            total
        } else {
            self.count(next, depth - 1)
        }
    }

    /// Leaves below the move `mv` of player `p`.
    fn child(&mut self, p: usize, mv: Move, next: usize, depth: u32) -> u64 {
        if mv.is_pass() {
            return self.count(next, depth - 1);
        }
        let bits = S::single(mv.from as usize).union(S::single(mv.to as usize));
        self.marbles[p] = self.marbles[p].toggle(bits);
        self.occupied = self.occupied.toggle(bits);
        let n = self.count(next, depth - 1);
        self.marbles[p] = self.marbles[p].toggle(bits);
        self.occupied = self.occupied.toggle(bits);
        n
    }
}

fn tree<S: CellSet>(pos: &HopPosition<S>) -> Tree<'static, S> {
    let n = pos.player_count();
    let me = pos.to_move();
    let movers = (0..n)
        .map(|k| (me + k) % n)
        .filter(|&p| pos.standing(p) == Standing::Playing)
        .collect();
    let mut marbles = [S::default(); MAX_PLAYERS];
    for (p, m) in marbles.iter_mut().enumerate().take(n) {
        *m = pos.marbles(p);
    }
    Tree {
        graph: &pos.layout().graph,
        hops: pos.rules().hops,
        marbles,
        occupied: pos.occupied(),
        movers,
    }
}

/// Leaf count `depth` plies below `pos` (0 when the game is over there).
pub fn perft<S: CellSet>(pos: &HopPosition<S>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return 0;
    }
    tree(pos).count(0, depth)
}

/// Per root move (the pass when there is none): the leaves below it.
pub fn divide<S: CellSet>(pos: &HopPosition<S>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 || pos.is_over() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    pos.moves_into(&mut moves);
    if moves.is_empty() {
        moves.push(Move::PASS);
    }
    let mut t = tree(pos);
    let next = 1 % t.movers.len();
    moves
        .into_iter()
        .map(|mv| {
            let n = if depth == 1 {
                1
            } else {
                t.child(pos.to_move(), mv, next, depth)
            };
            (mv, n)
        })
        .collect()
}

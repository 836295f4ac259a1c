//! Perft by the oracle's convention (protocol-spec/chinesecheckers.md
//! §5.2): moves are distinct (from, to) pairs, finishing and the home-exit
//! rule are ignored inside the tree, and a player without a move has one
//! child, the pass. The players who move are those playing at the root.
//! The last ply is counted from the destination sets without playing it.

use super::position::{MAX_PLAYERS, Move, Position, Standing};
use super::star::star;
use crate::games::hopboard::{BoardGraph, CellSet, HopKind, destinations};

/// The marbles only: what perft moves.
struct Tree<'a> {
    graph: &'a BoardGraph,
    hops: HopKind,
    marbles: [u128; MAX_PLAYERS],
    occupied: u128,
    /// The players who move, in turn order from the root's player.
    movers: Vec<usize>,
}

impl Tree<'_> {
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
        let bits = (1u128 << mv.from) | (1u128 << mv.to);
        self.marbles[p] ^= bits;
        self.occupied ^= bits;
        let n = self.count(next, depth - 1);
        self.marbles[p] ^= bits;
        self.occupied ^= bits;
        n
    }
}

fn tree(pos: &Position) -> Tree<'static> {
    let n = pos.player_count();
    let me = pos.to_move();
    let movers = (0..n)
        .map(|k| (me + k) % n)
        .filter(|&p| pos.standing(p) == Standing::Playing)
        .collect();
    let mut marbles = [0; MAX_PLAYERS];
    for (p, m) in marbles.iter_mut().enumerate().take(n) {
        *m = pos.marbles(p);
    }
    Tree {
        graph: &star().graph,
        hops: pos.rules().hops,
        marbles,
        occupied: pos.occupied(),
        movers,
    }
}

/// Leaf count `depth` plies below `pos` (0 when the game is over there).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return 0;
    }
    tree(pos).count(0, depth)
}

/// Per root move (the pass when there is none): the leaves below it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
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

//! A hopping game's board as its rules see it: the [`BoardGraph`], the
//! corners players start in and race to, who sits where for each number of
//! players, the step tables toward each corner, the hash keys and the words
//! its notation uses. Chinese checkers has one layout (the star); Halma has
//! one per board size and number of players (the camps differ).

use super::{BoardGraph, CellSet};
use crate::games::zobrist::splitmix;

/// At most this many players (Chinese checkers' six).
pub const MAX_PLAYERS: usize = 6;

/// One corner: a home and, for the player across, a target.
#[derive(Debug, Clone)]
pub struct Corner<S> {
    pub name: &'static str,
    pub cells: S,
    /// The corner across the board, where a player from here goes.
    pub target: usize,
    /// Steps from each cell toward this corner: inside it the steps to
    /// its tip, outside `reach` plus the steps to the nearest of its
    /// cells. The corner is exactly the cells of depth ≤ `reach`, so the
    /// least sum over a full set of pieces is reached only by filling it.
    pub depth: Vec<u8>,
    pub reach: u8,
    /// The sum of `depth` over the corner's own cells.
    pub least: i32,
}

/// The words and fields of a game's notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The position notation's name in messages (`CCN`, `HCN`).
    pub label: &'static str,
    /// The board size written first in the position (Halma), if any.
    pub size: Option<usize>,
    /// What a piece and a cell are called (`marble`/`hole`, `piece`/`square`).
    pub piece: &'static str,
    pub cell: &'static str,
    /// The rule that removes a player lingering at home, as results name it.
    pub exit_rule: &'static str,
}

/// A corner as [`Layout::new`] takes it: name, cells, tip (the cell
/// farthest in), index of the corner across.
pub struct CornerSpec<'a> {
    pub name: &'static str,
    pub cells: &'a [usize],
    pub tip: usize,
    pub target: usize,
}

#[derive(Debug, Clone)]
pub struct Layout<S> {
    pub graph: BoardGraph,
    pub corners: Vec<Corner<S>>,
    /// Per number of players: the home corners in turn order.
    seats: Vec<(usize, Vec<usize>)>,
    /// Pieces per player.
    pub pieces: usize,
    /// Where `d` draws each cell: (line, column).
    pub text: Vec<(usize, usize)>,
    pub style: Style,
    /// Hash keys per (player, cell); row `MAX_PLAYERS` keys the player to
    /// move by index.
    keys: Vec<u64>,
    /// Steps between every two cells (`a * cells + b`), for the
    /// evaluation's matching of pieces to empty target cells.
    steps: Vec<u8>,
}

/// Hash keys in a fixed order: the same board always gets the same keys.
fn zobrist(cells: usize) -> Vec<u64> {
    let mut state = 0x0C4E_5E0C_4EC4_E125u64;
    let mut keys = Vec::with_capacity((MAX_PLAYERS + 1) * cells);
    for _ in 0..(MAX_PLAYERS + 1) * cells {
        let (s, v) = splitmix(state);
        state = s;
        keys.push(v);
    }
    keys
}

/// Breadth-first step counts from `sources` (each with its starting
/// count) over the graph, through cells `allowed` lets pass.
fn spread(
    g: &BoardGraph,
    sources: &[(usize, u8)],
    allowed: impl Fn(usize) -> bool,
) -> Vec<Option<u8>> {
    let mut dist = vec![None; g.cells()];
    let mut queue = std::collections::VecDeque::new();
    for &(c, d) in sources {
        dist[c] = Some(d);
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[c].unwrap_or(0);
        for &n in g.neighbours(c) {
            let n = n as usize;
            if dist[n].is_none() && allowed(n) {
                dist[n] = Some(d.saturating_add(1));
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The depth table of a corner (see [`Corner::depth`]) and its reach.
pub fn depth_table<S: CellSet>(g: &BoardGraph, cells: S, tip: usize) -> (Vec<u8>, u8) {
    let inside = spread(g, &[(tip, 0)], |c| cells.contains(c));
    let reach = cells.cells().filter_map(|c| inside[c]).max().unwrap_or(0);
    let rim: Vec<(usize, u8)> = cells.cells().map(|c| (c, reach)).collect();
    let outside = spread(g, &rim, |_| true);
    let depth = (0..g.cells())
        .map(|c| {
            if cells.contains(c) {
                inside[c].unwrap_or(reach)
            } else {
                outside[c].unwrap_or(u8::MAX)
            }
        })
        .collect();
    (depth, reach)
}

impl<S: CellSet> Layout<S> {
    /// The layout of the cells at `coords` joined in `dirs` (see
    /// [`BoardGraph::from_coordinates`]), with its corners, the seats per
    /// number of players and where `d` draws each cell.
    pub fn new(
        coords: &[(i32, i32)],
        dirs: &[(i32, i32)],
        corners: &[CornerSpec],
        seats: Vec<(usize, Vec<usize>)>,
        text: Vec<(usize, usize)>,
        style: Style,
    ) -> Layout<S> {
        let graph = BoardGraph::from_coordinates(coords, dirs);
        let corners: Vec<Corner<S>> = corners
            .iter()
            .map(|spec| {
                let cells = spec.cells.iter().fold(S::default(), |mut s, &c| {
                    s.insert(c);
                    s
                });
                let (depth, reach) = depth_table(&graph, cells, spec.tip);
                let least = cells.cells().map(|c| i32::from(depth[c])).sum();
                Corner {
                    name: spec.name,
                    cells,
                    target: spec.target,
                    depth,
                    reach,
                    least,
                }
            })
            .collect();
        let pieces = corners.first().map_or(0, |c| c.cells.len() as usize);
        let keys = zobrist(graph.cells());
        let steps = (0..graph.cells())
            .flat_map(|c| spread(&graph, &[(c, 0)], |_| true))
            .map(|d| d.unwrap_or(u8::MAX))
            .collect();
        Layout {
            graph,
            corners,
            seats,
            pieces,
            text,
            style,
            keys,
            steps,
        }
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.graph.cells()
    }

    /// The home corners of `players` players in turn order, if allowed.
    pub fn seats(&self, players: usize) -> Option<&[usize]> {
        self.seats
            .iter()
            .find(|(n, _)| *n == players)
            .map(|(_, s)| s.as_slice())
    }

    /// The fewest steps from cell `a` to cell `b` on the empty board.
    #[inline]
    pub fn steps(&self, a: usize, b: usize) -> u8 {
        self.steps[a * self.cells() + b]
    }

    /// The hash key of player `p`'s piece on `cell`.
    #[inline]
    pub fn key(&self, p: usize, cell: usize) -> u64 {
        self.keys[p * self.cells() + cell]
    }

    /// The hash key of player `p` to move.
    #[inline]
    pub fn turn_key(&self, p: usize) -> u64 {
        self.keys[MAX_PLAYERS * self.cells() + p]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_is_exactly_the_cells_within_its_reach() {
        // A 5x5 square, eight directions, corner {0, 1, 5} with tip 0.
        let coords: Vec<(i32, i32)> = (0..25).map(|i| (i % 5, i / 5)).collect();
        let dirs = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ];
        let g = BoardGraph::from_coordinates(&coords, &dirs);
        let cells: u128 = 0b100011;
        let (depth, reach) = depth_table(&g, cells, 0);
        assert_eq!(reach, 1);
        assert_eq!((depth[0], depth[1], depth[5]), (0, 1, 1));
        // 6 is a diagonal neighbour of the tip but outside: one step to
        // the corner, beyond its reach.
        assert_eq!(depth[6], 2);
        assert_eq!(depth[24], 1 + 4);
    }
}

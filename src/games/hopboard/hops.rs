//! The moves of hopping games on any [`BoardGraph`]. A piece either steps
//! to an empty neighbour or makes a chain of hops, each over one piece of
//! any owner to the empty hole beyond it, and may stop after any hop. Only
//! the chain's ends make the move, so the generator computes the set of
//! holes a piece reaches (a flood fill over hop landings), not the chains.
//! The moving piece is lifted from its hole while it hops: the hole counts
//! as empty, and no chain may end on it.

use super::{BoardGraph, CellSet};

/// Which hops are allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HopKind {
    /// Over an adjacent piece to the hole right behind it.
    #[default]
    Adjacent,
    /// Also long jumps (等距跳): over the single piece at the midpoint of a
    /// straight line of otherwise empty holes, landing as far beyond it as
    /// the hop started before it. Adjacent hops are the case of distance 1.
    Long,
}

/// Calls `land` with the landing hole of every single hop from `cell`.
#[inline(always)]
fn for_each_hop<S: CellSet>(
    g: &BoardGraph,
    occupied: S,
    cell: usize,
    kind: HopKind,
    mut land: impl FnMut(usize),
) {
    match kind {
        HopKind::Adjacent => {
            for &(over, to) in g.hops(cell) {
                if occupied.contains(over as usize) && !occupied.contains(to as usize) {
                    land(to as usize);
                }
            }
        }
        HopKind::Long => {
            for dir in 0..g.directions() {
                let ray = g.ray(cell, dir);
                let Some(k) = ray.iter().position(|&c| occupied.contains(c as usize)) else {
                    continue;
                };
                // The piece at distance k + 1 is jumped; the landing is at
                // distance 2k + 2, with nothing else in between.
                let Some(beyond) = ray.get(k + 1..=2 * k + 1) else {
                    continue;
                };
                if beyond.iter().all(|&c| !occupied.contains(c as usize)) {
                    land(beyond[k] as usize);
                }
            }
        }
    }
}

/// Every hole the piece on `from` can move to: empty neighbours, and every
/// landing of a hop chain. `occupied` is the whole board (with `from`).
#[inline]
pub fn destinations<S: CellSet>(g: &BoardGraph, occupied: S, from: usize, kind: HopKind) -> S {
    let mut lifted = occupied;
    lifted.remove(from);
    let mut out = S::default();
    for &n in g.neighbours(from) {
        if !lifted.contains(n as usize) {
            out.insert(n as usize);
        }
    }
    let mut reached = S::single(from);
    let mut todo = S::single(from);
    while let Some(cell) = todo.pop_first() {
        for_each_hop(g, lifted, cell, kind, |to| {
            if !reached.contains(to) {
                reached.insert(to);
                todo.insert(to);
            }
        });
    }
    reached.remove(from);
    out.union(reached)
}

/// True when one hop leads from `a` to `b`, with the piece of the chain's
/// start `from` lifted (`occupied` is the board before the move).
pub fn hop_leg<S: CellSet>(
    g: &BoardGraph,
    occupied: S,
    from: usize,
    a: usize,
    b: usize,
    kind: HopKind,
) -> bool {
    if a >= g.cells() {
        return false;
    }
    let mut lifted = occupied;
    lifted.remove(from);
    let mut found = false;
    for_each_hop(g, lifted, a, kind, |to| found |= to == b);
    found
}

/// The landings of the shortest hop chain from `from` to `to`, the
/// smallest cell numbers first among equally short ones; `None` when no
/// chain reaches `to`. Hops are reversible, so distances are counted back
/// from `to` and the chain follows them forwards.
pub fn shortest_chain<S: CellSet>(
    g: &BoardGraph,
    occupied: S,
    from: usize,
    to: usize,
    kind: HopKind,
) -> Option<Vec<usize>> {
    if from >= g.cells() || to >= g.cells() || from == to {
        return None;
    }
    let mut lifted = occupied;
    lifted.remove(from);
    let mut dist = vec![u16::MAX; g.cells()];
    dist[to] = 0;
    let mut queue = std::collections::VecDeque::from([to]);
    while let Some(cell) = queue.pop_front() {
        let d = dist[cell];
        for_each_hop(g, lifted, cell, kind, |next| {
            if dist[next] == u16::MAX {
                dist[next] = d + 1;
                queue.push_back(next);
            }
        });
    }
    if dist[from] == u16::MAX {
        return None;
    }
    let mut chain = Vec::new();
    let mut cell = from;
    while cell != to {
        let want = dist[cell] - 1;
        let mut best = usize::MAX;
        for_each_hop(g, lifted, cell, kind, |next| {
            if dist[next] == want {
                best = best.min(next);
            }
        });
        chain.push(best);
        cell = best;
    }
    Some(chain)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 7-cell line, directions left and right.
    fn line() -> BoardGraph {
        let coords: Vec<(i32, i32)> = (0..7).map(|i| (i, 0)).collect();
        BoardGraph::from_coordinates(&coords, &[(1, 0), (-1, 0)])
    }

    fn set(cells: &[usize]) -> u128 {
        cells.iter().fold(0, |s, &c| s | 1 << c)
    }

    #[test]
    fn steps_and_chains_on_a_line() {
        let g = line();
        // Pieces on 0, 1 and 3: 0 hops 1 to 2, then 3 to 4.
        let occ = set(&[0, 1, 3]);
        assert_eq!(destinations(&g, occ, 0, HopKind::Adjacent), set(&[2, 4]));
        assert_eq!(destinations(&g, occ, 3, HopKind::Adjacent), set(&[2, 4]));
        assert_eq!(
            shortest_chain(&g, occ, 0, 4, HopKind::Adjacent),
            Some(vec![2, 4])
        );
        assert_eq!(shortest_chain(&g, occ, 0, 5, HopKind::Adjacent), None);
        assert!(hop_leg(&g, occ, 0, 2, 4, HopKind::Adjacent));
        assert!(!hop_leg(&g, occ, 0, 0, 4, HopKind::Adjacent));
    }

    #[test]
    fn long_jumps_need_an_empty_line_around_the_midpoint() {
        let g = line();
        // 0 over 2 to 4 (1 and 3 empty).
        let occ = set(&[0, 2]);
        assert_eq!(destinations(&g, occ, 0, HopKind::Adjacent), set(&[1]));
        assert_eq!(destinations(&g, occ, 0, HopKind::Long), set(&[1, 4]));
        // A second piece on 3 blocks the landing segment.
        let occ = set(&[0, 2, 3]);
        assert_eq!(destinations(&g, occ, 0, HopKind::Long), set(&[1]));
        // The lifted piece's own hole counts as empty: 2 over 3 to 4 after
        // 0... here 1 jumps 3 (distance 2) to 5 with 2 and 4 empty.
        let occ = set(&[1, 3]);
        assert!(destinations(&g, occ, 1, HopKind::Long).contains(5));
    }
}

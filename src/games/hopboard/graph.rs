//! A board as a graph: cells with integer coordinates and a fixed list of
//! directions. Everything the move generator asks (a cell's neighbours, its
//! single hops, the cells along a ray) is precomputed once, so generating
//! moves is table lookups and bit tests.

use std::collections::HashMap;

/// A board's cells and their links, built from coordinates by
/// [`BoardGraph::from_coordinates`].
#[derive(Debug, Clone)]
pub struct BoardGraph {
    coords: Vec<(i32, i32)>,
    dirs: Vec<(i32, i32)>,
    /// Neighbours of cell `c`: `steps[step_start[c]..step_start[c + 1]]`.
    step_start: Vec<usize>,
    steps: Vec<u16>,
    /// Single hops of cell `c` as (cell jumped over, landing cell).
    hop_start: Vec<usize>,
    hops: Vec<(u16, u16)>,
    /// The cells from `c` outwards in direction `d` (not `c` itself):
    /// `ray_cells[ray_start[c * dirs + d]..ray_start[c * dirs + d + 1]]`.
    ray_start: Vec<usize>,
    ray_cells: Vec<u16>,
}

impl BoardGraph {
    /// The graph of cells at `coords` (cell `i` at `coords[i]`, all
    /// distinct), where a step in direction `d` adds `dirs[d]`. Directions
    /// come in opposite pairs for hops to be reversible. At most 65,535
    /// cells.
    pub fn from_coordinates(coords: &[(i32, i32)], dirs: &[(i32, i32)]) -> BoardGraph {
        let at: HashMap<(i32, i32), u16> = coords
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u16))
            .collect();
        let mut g = BoardGraph {
            coords: coords.to_vec(),
            dirs: dirs.to_vec(),
            step_start: vec![0],
            steps: Vec::new(),
            hop_start: vec![0],
            hops: Vec::new(),
            ray_start: vec![0],
            ray_cells: Vec::new(),
        };
        for &(x, y) in coords {
            for &(dx, dy) in dirs {
                let mut k = 1;
                while let Some(&c) = at.get(&(x + k * dx, y + k * dy)) {
                    g.ray_cells.push(c);
                    k += 1;
                }
                g.ray_start.push(g.ray_cells.len());
                let first = at.get(&(x + dx, y + dy));
                let second = at.get(&(x + 2 * dx, y + 2 * dy));
                if let Some(&n) = first {
                    g.steps.push(n);
                    if let Some(&l) = second {
                        g.hops.push((n, l));
                    }
                }
            }
            g.step_start.push(g.steps.len());
            g.hop_start.push(g.hops.len());
        }
        g
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.coords.len()
    }

    /// How many directions.
    pub fn directions(&self) -> usize {
        self.dirs.len()
    }

    /// The coordinates of `cell`.
    pub fn coord(&self, cell: usize) -> (i32, i32) {
        self.coords[cell]
    }

    /// The cells next to `cell`.
    #[inline]
    pub fn neighbours(&self, cell: usize) -> &[u16] {
        &self.steps[self.step_start[cell]..self.step_start[cell + 1]]
    }

    /// True when `a` and `b` are neighbours.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        a < self.cells() && self.neighbours(a).iter().any(|&n| n as usize == b)
    }

    /// The single hops from `cell`: (cell jumped over, landing cell).
    #[inline]
    pub fn hops(&self, cell: usize) -> &[(u16, u16)] {
        &self.hops[self.hop_start[cell]..self.hop_start[cell + 1]]
    }

    /// The cells from `cell` outwards in direction `dir`, nearest first.
    #[inline]
    pub fn ray(&self, cell: usize, dir: usize) -> &[u16] {
        let i = cell * self.dirs.len() + dir;
        &self.ray_cells[self.ray_start[i]..self.ray_start[i + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::BoardGraph;

    /// A 3x3 square with the four orthogonal directions.
    fn square() -> BoardGraph {
        let coords: Vec<(i32, i32)> = (0..9).map(|i| (i % 3, i / 3)).collect();
        BoardGraph::from_coordinates(&coords, &[(1, 0), (-1, 0), (0, 1), (0, -1)])
    }

    #[test]
    fn neighbours_hops_and_rays() {
        let g = square();
        assert_eq!(g.cells(), 9);
        assert_eq!(g.neighbours(0), &[1, 3]);
        assert_eq!(g.neighbours(4), &[5, 3, 7, 1]);
        assert_eq!(g.hops(0), &[(1, 2), (3, 6)]);
        assert!(g.hops(4).is_empty());
        assert_eq!(g.ray(0, 0), &[1, 2]);
        assert!(g.ray(0, 1).is_empty());
        assert!(g.adjacent(4, 7) && !g.adjacent(0, 4) && !g.adjacent(99, 0));
    }
}

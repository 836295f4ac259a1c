//! The 121-hole star as a hop-board [`Layout`]: OpenSpiel's numbering
//! (0..120 row by row from the north tip, each row left to right), the six
//! corners and the seats of 2, 3, 4 and 6 players. Geometry as in
//! protocol-spec/chinesecheckers.md §1: row `r`, doubled column `x`.

use crate::games::hopboard::{CornerSpec, Layout, Style};
use std::sync::OnceLock;

pub const CELLS: usize = 121;
/// Marbles per player.
pub const MARBLES: usize = 10;

/// (holes, first doubled column) of each row, north to south.
const ROWS: [(i32, i32); 17] = [
    (1, 12),
    (2, 11),
    (3, 10),
    (4, 9),
    (13, 0),
    (12, 1),
    (11, 2),
    (10, 3),
    (9, 4),
    (10, 3),
    (11, 2),
    (12, 1),
    (13, 0),
    (4, 9),
    (3, 10),
    (2, 11),
    (1, 12),
];

/// The six directions in (doubled column, row) steps, in opposite pairs.
const DIRECTIONS: [(i32, i32); 6] = [(2, 0), (-2, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];

/// The corners, clockwise from the north.
pub const N: usize = 0;
pub const NE: usize = 1;
pub const SE: usize = 2;
pub const S: usize = 3;
pub const SW: usize = 4;
pub const NW: usize = 5;
pub const CORNER_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

/// The holes of each corner (spec §1).
pub const CORNERS: [[u8; MARBLES]; 6] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [19, 20, 21, 22, 32, 33, 34, 44, 45, 55],
    [74, 84, 85, 95, 96, 97, 107, 108, 109, 110],
    [111, 112, 113, 114, 115, 116, 117, 118, 119, 120],
    [65, 75, 76, 86, 87, 88, 98, 99, 100, 101],
    [10, 11, 12, 13, 23, 24, 25, 35, 36, 46],
];

/// The tip of each corner: the hole farthest from the centre.
const TIPS: [usize; 6] = [0, 22, 110, 120, 98, 10];

/// The corner across the board, where a player from `corner` goes.
pub const fn opposite(corner: usize) -> usize {
    (corner + 3) % 6
}

/// The home corners of the players, in turn order, for a number of
/// players; `None` where the seed forbids it (1 and 5) or beyond 6.
pub fn seats(players: usize) -> Option<&'static [usize]> {
    match players {
        2 => Some(&[N, S]),
        3 => Some(&[N, SE, SW]),
        4 => Some(&[N, NE, S, SW]),
        6 => Some(&[N, NE, SE, S, SW, NW]),
        _ => None,
    }
}

/// (doubled column, row) of every hole, in cell order.
pub fn coordinates() -> Vec<(i32, i32)> {
    let mut out = Vec::with_capacity(CELLS);
    for (r, &(holes, x0)) in ROWS.iter().enumerate() {
        for i in 0..holes {
            out.push((x0 + 2 * i, r as i32));
        }
    }
    out
}

/// Steps between two holes of the triangular lattice.
pub fn distance(a: (i32, i32), b: (i32, i32)) -> u32 {
    let dr = (a.1 - b.1).unsigned_abs();
    let dx = (a.0 - b.0).unsigned_abs();
    dr.max((dr + dx) / 2)
}

/// The star, built on first use.
pub fn star() -> &'static Layout<u128> {
    static STAR: OnceLock<Layout<u128>> = OnceLock::new();
    STAR.get_or_init(|| {
        let coords = coordinates();
        let cells: Vec<Vec<usize>> = CORNERS
            .iter()
            .map(|holes| holes.iter().map(|&h| h as usize).collect())
            .collect();
        let corners: Vec<CornerSpec> = (0..6)
            .map(|c| CornerSpec {
                name: CORNER_NAMES[c],
                cells: &cells[c],
                tip: TIPS[c],
                target: opposite(c),
            })
            .collect();
        let seats = [2, 3, 4, 6]
            .iter()
            .filter_map(|&n| seats(n).map(|s| (n, s.to_vec())))
            .collect();
        // `d` draws row r on line r, doubled column x at column 2x.
        let text = coords
            .iter()
            .map(|&(x, r)| (r as usize, 2 * x as usize))
            .collect();
        let style = Style {
            label: "CCN",
            size: None,
            piece: "marble",
            cell: "hole",
            exit_rule: "home-exit rule",
        };
        Layout::new(
            &coords,
            &DIRECTIONS,
            &corners,
            seats,
            text,
            style,
            &super::eval_weights::WEIGHTS,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_neighbours_follow_the_spec() {
        let s = star();
        assert_eq!(s.graph.cells(), CELLS);
        let mut n = s.graph.neighbours(0).to_vec();
        n.sort();
        assert_eq!(n, vec![1, 2]);
        let mut n = s.graph.neighbours(60).to_vec();
        n.sort();
        assert_eq!(n, vec![50, 51, 59, 61, 69, 70]);
        // 3 hops over 7 to 15? No: 3 -> over 7 (down right) -> 16? The
        // spec's example: 3-16 over 7, and 8 steps to 17.
        assert!(s.graph.hops(3).iter().any(|&(o, l)| (o, l) == (7, 16)));
        assert!(s.graph.adjacent(8, 17));
    }

    /// The depth tables, built from the graph, are the lattice distances
    /// to each corner's tip.
    #[test]
    fn depths_are_the_distances_to_the_tips() {
        let coords = coordinates();
        for (c, corner) in star().corners.iter().enumerate() {
            assert_eq!(corner.reach, 3);
            for cell in 0..CELLS {
                let d = distance(coords[cell], coords[TIPS[c]]);
                assert_eq!(u32::from(corner.depth[cell]), d, "corner {c} cell {cell}");
            }
        }
    }

    #[test]
    fn corners_are_the_ten_holes_nearest_their_tips() {
        let s = star();
        for c in 0..6 {
            let corner = s.corners[c].cells;
            assert_eq!(corner.count_ones(), 10);
            for cell in 0..CELLS {
                let inside = corner >> cell & 1 == 1;
                assert_eq!(
                    inside,
                    s.corners[c].depth[cell] <= 3,
                    "corner {c} cell {cell}"
                );
            }
            assert_eq!(s.corners[opposite(c)].cells & corner, 0);
        }
        assert_eq!(s.corners[N].least, 20);
    }
}

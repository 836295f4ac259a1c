//! The square boards of Halma (protocol-spec/halma.md §1) as hop-board
//! [`Layout`]s: cells numbered row by row from the top-left, eight
//! directions, a staircase camp in each corner whose rows depend on the
//! board and the number of players. One layout per (size, players).

use crate::games::hopboard::{Cells256, CornerSpec, Layout, Style};
use std::sync::OnceLock;

/// The board sizes, smallest first.
pub const SIZES: [usize; 3] = [8, 10, 16];
/// The numbers of players.
pub const PLAYER_COUNTS: [usize; 2] = [2, 4];

/// The corners, clockwise from the top-left.
pub const NW: usize = 0;
pub const NE: usize = 1;
pub const SE: usize = 2;
pub const SW: usize = 3;
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// The eight directions as (column, row) steps, in opposite pairs.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The camp's rows, from the corner's edge inward (halma.md §1's table).
pub fn camp_rows(size: usize, players: usize) -> Option<&'static [usize]> {
    match (size, players) {
        (16, 2) => Some(&[5, 5, 4, 3, 2]),
        (16, 4) => Some(&[4, 4, 3, 2]),
        (10, 2 | 4) => Some(&[5, 4, 3, 2, 1]),
        (8, 2 | 4) => Some(&[4, 3, 2, 1]),
        _ => None,
    }
}

/// The camp-exit limit of a board when the option leaves it to the board
/// (BrainKing: 30 moves on 8x8, 50 on 10x10; none in the published 16x16).
pub fn default_camp_exit(size: usize) -> u32 {
    match size {
        8 => 30,
        10 => 50,
        _ => 0,
    }
}

/// The cells of `corner`'s camp: rows counted from the corner's edge,
/// columns from its side.
fn camp(size: usize, rows: &[usize], corner: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, &len) in rows.iter().enumerate() {
        for j in 0..len {
            let (r, c) = match corner {
                NW => (i, j),
                NE => (i, size - 1 - j),
                SE => (size - 1 - i, size - 1 - j),
                _ => (size - 1 - i, j),
            };
            out.push(r * size + c);
        }
    }
    out.sort_unstable();
    out
}

/// The layout of a board of `size` for `players` players.
fn build(size: usize, players: usize, rows: &[usize]) -> Layout<Cells256> {
    let coords: Vec<(i32, i32)> = (0..size * size)
        .map(|cell| ((cell % size) as i32, (cell / size) as i32))
        .collect();
    let tips = [0, size - 1, size * size - 1, size * (size - 1)];
    let camps: Vec<Vec<usize>> = (0..4).map(|c| camp(size, rows, c)).collect();
    let corners: Vec<CornerSpec> = (0..4)
        .map(|c| CornerSpec {
            name: CORNER_NAMES[c],
            cells: &camps[c],
            tip: tips[c],
            target: (c + 2) % 4,
        })
        .collect();
    let seats = if players == 2 {
        vec![(2, vec![NW, SE])]
    } else {
        vec![(4, vec![NW, NE, SE, SW])]
    };
    // `d` draws row r on line r, column c at text column 2c.
    let text = coords
        .iter()
        .map(|&(c, r)| (r as usize, 2 * c as usize))
        .collect();
    let style = Style {
        label: "HCN",
        size: Some(size),
        piece: "piece",
        cell: "square",
        exit_rule: "camp-exit rule",
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
}

/// The board of `size` for `players`, built on first use; `None` for a
/// size or a number of players Halma does not have.
pub fn board(size: usize, players: usize) -> Option<&'static Layout<Cells256>> {
    static BOARDS: [[OnceLock<Layout<Cells256>>; 2]; 3] =
        [const { [const { OnceLock::new() }; 2] }; 3];
    let s = SIZES.iter().position(|&n| n == size)?;
    let p = PLAYER_COUNTS.iter().position(|&n| n == players)?;
    let rows = camp_rows(size, players)?;
    Some(BOARDS[s][p].get_or_init(|| build(size, players, rows)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hopboard::CellSet;

    #[test]
    fn camps_follow_the_table() {
        let b = board(8, 2).expect("8x8");
        let nw: Vec<usize> = b.corners[NW].cells.cells().collect();
        assert_eq!(nw, vec![0, 1, 2, 3, 8, 9, 10, 16, 17, 24]);
        let se: Vec<usize> = b.corners[SE].cells.cells().collect();
        assert_eq!(se, vec![39, 46, 47, 53, 54, 55, 60, 61, 62, 63]);
        for (size, players, pieces) in [
            (16, 2, 19),
            (16, 4, 13),
            (10, 2, 15),
            (10, 4, 15),
            (8, 4, 10),
        ] {
            let b = board(size, players).expect("a board");
            assert_eq!(b.pieces, pieces, "{size}x{size} {players}");
            assert_eq!(b.cells(), size * size);
            for c in 0..4 {
                assert_eq!(b.corners[c].cells.len() as usize, pieces);
                // The camp is exactly the cells within its reach.
                for cell in 0..size * size {
                    let inside = b.corners[c].cells.contains(cell);
                    assert_eq!(inside, b.corners[c].depth[cell] <= b.corners[c].reach);
                }
            }
        }
        assert!(board(12, 2).is_none() && board(16, 3).is_none());
    }

    /// The four camps never overlap; on 8x8 and 10x10 they meet along
    /// the edges (4 + 4 and 5 + 5 cells fill an edge row).
    #[test]
    fn four_camps_do_not_overlap() {
        for size in SIZES {
            let b = board(size, 4).expect("board");
            let total: u32 = b.corners.iter().map(|c| c.cells.len()).sum();
            let union = b
                .corners
                .iter()
                .fold(Cells256::default(), |u, c| u.union(c.cells));
            assert_eq!(union.len(), total, "{size}x{size}");
        }
        let b = board(8, 4).expect("8x8");
        assert!(b.corners[NW].cells.contains(3) && b.corners[NE].cells.contains(4));
    }

    #[test]
    fn corner_cells_and_neighbours() {
        let b = board(16, 2).expect("16x16");
        assert_eq!(b.graph.neighbours(0).len(), 3);
        assert_eq!(b.graph.neighbours(17).len(), 8);
        assert!(b.graph.adjacent(0, 17) && b.graph.adjacent(15, 30) && !b.graph.adjacent(15, 16));
        assert!(b.corners[SE].cells.contains(255) && b.corners[SW].cells.contains(240));
    }
}

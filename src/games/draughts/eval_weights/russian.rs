//! russian evaluation weights, written by `tabula tune russian` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead
//! (docs/training.md). The names are the layout in eval.rs.
//!
//! Made by: tabula tune russian --data /work/data/rus-selfplay.pdn --score-weight 1 --prior 0.003 --epochs 400 --from /work/data/rus-hand-weights.rs --out src/games/draughts/eval_weights/russian.rs
//! Data: 2900 games (0 left out), 241302 positions, 137786 quiet (125390 fitted, 12396 held out).
//! k = 0.003327; mean squared error 0.005872 -> 0.005156, held out 0.006120 -> 0.005342.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 21] = [
    105, // value_mg.man
    302, // value_mg.king
    112, // value_eg.man
    301, // value_eg.king
    4, // tempo.mg
    7, // tempo.eg
    13, // near_crown.mg
    15, // near_crown.eg
    11, // back_row.mg
    16, // back_row.eg
    5, // centre.mg
    10, // centre.eg
    -1, // balance.mg
    -6, // balance.eg
    0, // outpost.mg
    -2, // outpost.eg
    3, // runaway.mg
    8, // runaway.eg
    15, // king_mobility.mg
    -1, // king_mobility.eg
    1, // to_move
];

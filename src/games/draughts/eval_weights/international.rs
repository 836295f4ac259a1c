//! international evaluation weights, written by `tabula tune international` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead
//! (docs/training.md). The names are the layout in eval.rs.
//!
//! Made by: tabula tune international --data /work/data/intl-selfplay-2a.pdn --data /work/data/intl-selfplay.pdn --score-weight 1 --prior 0.003 --epochs 400 --from /work/data/intl-hand-weights.rs --out src/games/draughts/eval_weights/international.rs
//! Data: 3334 games (0 left out), 495584 positions, 305587 quiet (274364 fitted, 31223 held out).
//! k = 0.004941; mean squared error 0.003849 -> 0.003584, held out 0.003746 -> 0.003500.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 21] = [
    102, // value_mg.man
    301, // value_mg.king
    104, // value_eg.man
    300, // value_eg.king
    3, // tempo.mg
    3, // tempo.eg
    14, // near_crown.mg
    19, // near_crown.eg
    6, // back_row.mg
    11, // back_row.eg
    4, // centre.mg
    5, // centre.eg
    1, // balance.mg
    -4, // balance.eg
    0, // outpost.mg
    -2, // outpost.eg
    3, // runaway.mg
    8, // runaway.eg
    11, // king_mobility.mg
    -1, // king_mobility.eg
    1, // to_move
];

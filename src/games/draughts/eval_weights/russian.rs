//! russian evaluation weights, written by `tabula tune russian` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! The hand-set values the evaluation had before the tuner (man 100, king
//! 300, 3 per row advanced, 12 near the crown, 6 for the back row, 5 for
//! the centre, 4 to move); the newer terms start at 0.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 21] = [
    100, // value_mg.man
    300, // value_mg.king
    100, // value_eg.man
    300, // value_eg.king
    3, // tempo.mg
    3, // tempo.eg
    12, // near_crown.mg
    12, // near_crown.eg
    6, // back_row.mg
    6, // back_row.eg
    5, // centre.mg
    5, // centre.eg
    0, // balance.mg
    0, // balance.eg
    0, // outpost.mg
    0, // outpost.eg
    0, // runaway.mg
    0, // runaway.eg
    0, // king_mobility.mg
    0, // king_mobility.eg
    4, // to_move
];

//! chinesecheckers evaluation weights, written by `tabula tune chinesecheckers` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead
//! (docs/training.md). The names are the layout in eval.rs.
//!
//! Made by: tabula tune chinesecheckers --data /work/runs/s77/hop/cc2-self.ccr --from /work/runs/s77/hop/hop-hand-weights.rs --epochs 0 --out src/games/chinesecheckers/eval_weights.rs
//! Data: 400 games (0 left out), 39962 positions, 39962 quiet (35083 fitted, 4879 held out).
//! k = 0.001802; mean squared error 0.171589 -> 0.171589, held out 0.188043 -> 0.188043.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 5] = [
    100, // straggler
    100, // spread
    300, // home_exit
    200, // race_straggler
    600, // race_spread
];

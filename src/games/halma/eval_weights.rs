//! halma evaluation weights, written by `tabula tune halma` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead
//! (docs/training.md). The names are the layout in eval.rs.
//!
//! Made by: tabula tune halma --data /work/runs/s77/hop/h16-self.hmr --from /work/runs/s77/hop/hop-hand-weights.rs --epochs 0 --out src/games/halma/eval_weights.rs
//! Data: 200 games (3 left out), 48321 positions, 48321 quiet (42994 fitted, 5327 held out).
//! k = 0.000283; mean squared error 0.237624 -> 0.237624, held out 0.272142 -> 0.272142.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 5] = [
    100, // straggler
    100, // spread
    300, // home_exit
    200, // race_straggler
    600, // race_spread
];

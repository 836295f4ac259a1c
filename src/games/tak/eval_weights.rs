//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data /work/data/tak6-selfplay-a.ptn --score-weight 1 --prior 0.003 --freeze komi --epochs 400 --from /work/data/tak-hand-weights.rs --out src/games/tak/eval_weights.rs
//! Data: 976 games (0 left out), 119476 positions, 110802 quiet (102745 fitted, 8057 held out).
//! k = 0.002576; mean squared error 0.012867 -> 0.009802, held out 0.012844 -> 0.009809.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 30] = [
    101, // material.flat
    50, // material.wall
    69, // material.cap
    16, // wall_next_to_road
    2, // centre.mg
    20, // centre.cap
    22, // under.own
    -7, // under.theirs
    59, // under.own_strong
    6, // under.theirs_strong
    22, // road_span_mg.2
    35, // road_span_mg.3
    69, // road_span_mg.4
    121, // road_span_mg.5
    196, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    16, // road_span_eg.2
    17, // road_span_eg.3
    32, // road_span_eg.4
    57, // road_span_eg.5
    97, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    115, // road_threat.spread
    -59, // road_threat.opponent_one
    -500, // road_threat.opponent_two
    21, // tempo
];

//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-b.ptn --data tak-vs-tiltak-a.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-b-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/tak-onpolicy.rs
//! Data: 523 games (0 left out), 46071 positions, 41326 quiet (37640 fitted, 3686 held out).
//! k = 0.006238; mean squared error 0.031839 -> 0.028623, held out 0.034354 -> 0.030828.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 31] = [
    74, // material.flat
    57, // material.wall
    -21, // material.cap
    3, // wall_next_to_road
    11, // centre.mg
    30, // centre.cap
    86, // under.own
    -73, // under.theirs
    109, // under.own_strong
    -40, // under.theirs_strong
    10, // road_span_mg.2
    35, // road_span_mg.3
    24, // road_span_mg.4
    41, // road_span_mg.5
    68, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -2, // road_span_eg.2
    17, // road_span_eg.3
    -4, // road_span_eg.4
    -12, // road_span_eg.5
    -10, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    16, // road_threat.spread
    -46, // road_threat.opponent_one
    -472, // road_threat.opponent_two
    68, // tempo
    145, // material_eg.flat
];

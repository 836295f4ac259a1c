//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-b.ptn --data tak-vs-tiltak-a.ptn --data tak6-selfplay-c.ptn --data tak-c-vs-tiltak-fast.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-b-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/tak-d3.rs
//! Data: 1323 games (0 left out), 111311 positions, 98691 quiet (90542 fitted, 8149 held out).
//! k = 0.006980; mean squared error 0.025323 -> 0.023729, held out 0.027026 -> 0.025350.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 47] = [
    99, // material.flat
    57, // material.wall
    -2, // material.cap
    7, // wall_next_to_road
    4, // centre.mg
    32, // centre.cap
    96, // under.own
    -90, // under.theirs
    158, // under.own_strong
    -18, // under.theirs_strong
    5, // road_span_mg.2
    35, // road_span_mg.3
    12, // road_span_mg.4
    26, // road_span_mg.5
    44, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -2, // road_span_eg.2
    17, // road_span_eg.3
    -8, // road_span_eg.4
    -14, // road_span_eg.5
    -17, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    7, // road_threat.spread
    -44, // road_threat.opponent_one
    -440, // road_threat.opponent_two
    71, // tempo
    128, // material_eg.flat
    76, // under_eg.own
    -56, // under_eg.theirs
    86, // under_eg.own_strong
    -50, // under_eg.theirs_strong
    -20, // flat_square.00
    -4, // flat_square.01
    -2, // flat_square.02
    0, // flat_square.03
    16, // flat_square.11
    20, // flat_square.12
    0, // flat_square.13
    4, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -9, // road_groups.mg
    -4, // road_groups.eg
];

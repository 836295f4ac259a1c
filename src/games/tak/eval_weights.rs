//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-b.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-b-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/tak-newtaper-flateg.rs
//! Data: 423 games (0 left out), 36534 positions, 32409 quiet (29593 fitted, 2816 held out).
//! k = 0.005506; mean squared error 0.027289 -> 0.023099, held out 0.027935 -> 0.024500.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 31] = [
    85, // material.flat
    41, // material.wall
    -2, // material.cap
    15, // wall_next_to_road
    10, // centre.mg
    47, // centre.cap
    81, // under.own
    -72, // under.theirs
    114, // under.own_strong
    -42, // under.theirs_strong
    22, // road_span_mg.2
    35, // road_span_mg.3
    27, // road_span_mg.4
    48, // road_span_mg.5
    88, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    1, // road_span_eg.2
    17, // road_span_eg.3
    12, // road_span_eg.4
    10, // road_span_eg.5
    13, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    12, // road_threat.spread
    -47, // road_threat.opponent_one
    -490, // road_threat.opponent_two
    76, // tempo
    130, // material_eg.flat
];

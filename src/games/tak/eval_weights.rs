//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-a-200.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-cache teacher/tak-tiltak-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out /work/data/fits/tak-teacher-p0.0003.rs
//! Data: 200 games (0 left out), 24672 positions, 22873 quiet (21490 fitted, 1383 held out).
//! k = 0.003338; mean squared error 0.053409 -> 0.023192, held out 0.050966 -> 0.020887.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 30] = [
    122, // material.flat
    53, // material.wall
    44, // material.cap
    15, // wall_next_to_road
    19, // centre.mg
    43, // centre.cap
    78, // under.own
    -73, // under.theirs
    118, // under.own_strong
    -48, // under.theirs_strong
    16, // road_span_mg.2
    35, // road_span_mg.3
    44, // road_span_mg.4
    78, // road_span_mg.5
    151, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    13, // road_span_eg.2
    17, // road_span_eg.3
    16, // road_span_eg.4
    30, // road_span_eg.5
    57, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    42, // road_threat.spread
    -49, // road_threat.opponent_one
    -497, // road_threat.opponent_two
    76, // tempo
];

//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: hand (the constants of eval.rs before the tuner; the end-game road spans half the
//! middle-game ones, as the old taper 1 - phase/2 gave them).

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 30] = [
    100, // material.flat
    45, // material.wall
    70, // material.cap
    10, // wall_next_to_road
    6, // centre.mg
    18, // centre.cap
    18, // under.own
    6, // under.theirs
    36, // under.own_strong
    12, // under.theirs_strong
    12, // road_span_mg.2
    35, // road_span_mg.3
    75, // road_span_mg.4
    130, // road_span_mg.5
    200, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    6, // road_span_eg.2
    17, // road_span_eg.3
    37, // road_span_eg.4
    65, // road_span_eg.5
    100, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    150, // road_threat.spread
    -60, // road_threat.opponent_one
    -500, // road_threat.opponent_two
    40, // tempo
];

//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-b.ptn --data tak-vs-tiltak-a.ptn --data tak6-selfplay-c.ptn --data tak-c-vs-tiltak-fast.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-b-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/tak-f4.rs
//! Data: 1323 games (0 left out), 111311 positions, 98691 quiet (90542 fitted, 8149 held out).
//! k = 0.007133; mean squared error 0.023724 -> 0.021388, held out 0.025312 -> 0.023060.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 87] = [
    102, // material.flat
    69, // material.wall
    -11, // material.cap
    3, // wall_next_to_road
    -8, // centre.mg
    24, // centre.cap
    96, // under.own
    -87, // under.theirs
    159, // under.own_strong
    -20, // under.theirs_strong
    0, // road_span_mg.2
    35, // road_span_mg.3
    3, // road_span_mg.4
    13, // road_span_mg.5
    27, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -3, // road_span_eg.2
    17, // road_span_eg.3
    -9, // road_span_eg.4
    -13, // road_span_eg.5
    -16, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    8, // road_threat.spread
    -52, // road_threat.opponent_one
    -424, // road_threat.opponent_two
    69, // tempo
    136, // material_eg.flat
    77, // under_eg.own
    -59, // under_eg.theirs
    88, // under_eg.own_strong
    -52, // under_eg.theirs_strong
    -30, // flat_square.00
    -13, // flat_square.01
    2, // flat_square.02
    0, // flat_square.03
    9, // flat_square.11
    26, // flat_square.12
    0, // flat_square.13
    23, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -35, // road_groups.mg
    -4, // road_groups.eg
    -52, // wall_square.00
    -36, // wall_square.01
    -17, // wall_square.02
    0, // wall_square.03
    -7, // wall_square.11
    -4, // wall_square.12
    0, // wall_square.13
    2, // wall_square.22
    0, // wall_square.23
    0, // wall_square.33
    -13, // cap_square.00
    2, // cap_square.01
    -8, // cap_square.02
    0, // cap_square.03
    15, // cap_square.11
    0, // cap_square.12
    0, // cap_square.13
    -6, // cap_square.22
    0, // cap_square.23
    0, // cap_square.33
    6, // next_to_own_stack.flat
    28, // next_to_own_stack.wall
    21, // next_to_own_stack.cap
    3, // lines_occupied.mg
    -5, // lines_occupied.eg
    -12, // critical_squares.mg
    -12, // critical_squares.eg
    16, // cap_near.their_flat
    9, // cap_near.their_wall
    4, // cap_near.own_flat
    7, // cap_near.empty
    1, // next_to_their_stack.flat
    50, // next_to_their_stack.wall
    38, // next_to_their_stack.cap
    -1, // adjacent.flat_flat
    0, // adjacent.flat_their_flat
    11, // adjacent.flat_empty
    -5, // adjacent.wall_their_flat
    0, // adjacent.wall_their_wall
    19, // adjacent.wall_own_flat
];

//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-d.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-d-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/d1.rs
//! Data: 1000 games (0 left out), 79638 positions, 61742 quiet (57244 fitted, 4498 held out).
//! k = 0.007782; mean squared error 0.020373 -> 0.019120, held out 0.023860 -> 0.023557.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 89] = [
    99, // material.flat
    71, // material.wall
    -26, // material.cap
    7, // wall_next_to_road
    -11, // centre.mg
    29, // centre.cap
    103, // under.own
    -91, // under.theirs
    151, // under.own_strong
    -20, // under.theirs_strong
    -1, // road_span_mg.2
    35, // road_span_mg.3
    3, // road_span_mg.4
    15, // road_span_mg.5
    31, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -7, // road_span_eg.2
    17, // road_span_eg.3
    -5, // road_span_eg.4
    -11, // road_span_eg.5
    -15, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    11, // road_threat.spread
    -52, // road_threat.opponent_one
    -424, // road_threat.opponent_two
    65, // tempo
    135, // material_eg.flat
    70, // under_eg.own
    -57, // under_eg.theirs
    92, // under_eg.own_strong
    -52, // under_eg.theirs_strong
    -29, // flat_square.00
    -15, // flat_square.01
    1, // flat_square.02
    0, // flat_square.03
    2, // flat_square.11
    19, // flat_square.12
    0, // flat_square.13
    35, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -37, // road_groups.mg
    -3, // road_groups.eg
    -74, // wall_square.00
    -51, // wall_square.01
    -31, // wall_square.02
    0, // wall_square.03
    -19, // wall_square.11
    0, // wall_square.12
    0, // wall_square.13
    12, // wall_square.22
    0, // wall_square.23
    0, // wall_square.33
    -20, // cap_square.00
    -13, // cap_square.01
    -5, // cap_square.02
    0, // cap_square.03
    14, // cap_square.11
    2, // cap_square.12
    0, // cap_square.13
    -4, // cap_square.22
    0, // cap_square.23
    0, // cap_square.33
    10, // next_to_own_stack.flat
    38, // next_to_own_stack.wall
    41, // next_to_own_stack.cap
    -4, // lines_occupied.mg
    4, // lines_occupied.eg
    -12, // critical_squares.mg
    -12, // critical_squares.eg
    8, // cap_near.their_flat
    10, // cap_near.their_wall
    -3, // cap_near.own_flat
    7, // cap_near.empty
    4, // next_to_their_stack.flat
    55, // next_to_their_stack.wall
    52, // next_to_their_stack.cap
    -1, // adjacent.flat_flat
    0, // adjacent.flat_their_flat
    14, // adjacent.flat_empty
    -7, // adjacent.wall_their_flat
    0, // adjacent.wall_their_wall
    15, // adjacent.wall_own_flat
    0, // reserve.mg
    0, // reserve.eg
];

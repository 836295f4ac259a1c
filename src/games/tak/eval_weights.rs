//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-d.ptn --data tak6-selfplay-e.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-de-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/lc1.rs
//! Data: 2000 games (0 left out), 160561 positions, 125570 quiet (111411 fitted, 14159 held out).
//! k = 0.007940; mean squared error 0.019300 -> 0.018746, held out 0.019393 -> 0.018983.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    82, // material.flat
    46, // material.wall
    -42, // material.cap
    3, // wall_next_to_road
    -10, // centre.mg
    26, // centre.cap
    91, // under.own
    -76, // under.theirs
    136, // under.own_strong
    -12, // under.theirs_strong
    0, // road_span_mg.2
    35, // road_span_mg.3
    5, // road_span_mg.4
    11, // road_span_mg.5
    26, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -4, // road_span_eg.2
    17, // road_span_eg.3
    -5, // road_span_eg.4
    -7, // road_span_eg.5
    -11, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    13, // road_threat.spread
    -52, // road_threat.opponent_one
    -424, // road_threat.opponent_two
    64, // tempo
    101, // material_eg.flat
    39, // under_eg.own
    -24, // under_eg.theirs
    64, // under_eg.own_strong
    -17, // under_eg.theirs_strong
    -33, // flat_square.00
    -18, // flat_square.01
    -1, // flat_square.02
    0, // flat_square.03
    -2, // flat_square.11
    16, // flat_square.12
    0, // flat_square.13
    31, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -33, // road_groups.mg
    -3, // road_groups.eg
    -69, // wall_square.00
    -48, // wall_square.01
    -28, // wall_square.02
    0, // wall_square.03
    -19, // wall_square.11
    1, // wall_square.12
    0, // wall_square.13
    18, // wall_square.22
    0, // wall_square.23
    0, // wall_square.33
    -29, // cap_square.00
    -16, // cap_square.01
    -9, // cap_square.02
    0, // cap_square.03
    11, // cap_square.11
    2, // cap_square.12
    0, // cap_square.13
    -1, // cap_square.22
    0, // cap_square.23
    0, // cap_square.33
    6, // next_to_own_stack.flat
    28, // next_to_own_stack.wall
    39, // next_to_own_stack.cap
    -4, // lines_occupied.mg
    6, // lines_occupied.eg
    -12, // critical_squares.mg
    -12, // critical_squares.eg
    10, // cap_near.their_flat
    8, // cap_near.their_wall
    0, // cap_near.own_flat
    7, // cap_near.empty
    2, // next_to_their_stack.flat
    57, // next_to_their_stack.wall
    53, // next_to_their_stack.cap
    -1, // adjacent.flat_flat
    0, // adjacent.flat_their_flat
    14, // adjacent.flat_empty
    -3, // adjacent.wall_their_flat
    0, // adjacent.wall_their_wall
    18, // adjacent.wall_own_flat
    -7, // reserve.mg
    -37, // reserve.eg
    14, // line_control.open_1
    13, // line_control.open_2
    6, // line_control.open_3
    27, // line_control.contested_1
    13, // line_control.contested_2
    3, // line_control.contested_3
    8, // line_control.blocked_1
    0, // line_control.blocked_2
    -1, // line_control.blocked_3
];

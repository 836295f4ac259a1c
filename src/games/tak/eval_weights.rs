//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead
//! (docs/training.md). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data x17a.ptn --data x17b.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-x17-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/x17.rs
//! Data: 1000 games (0 left out), 81452 positions, 64671 quiet (58334 fitted, 6337 held out).
//! k = 0.007728; mean squared error 0.018855 -> 0.017438, held out 0.020918 -> 0.019825.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    83, // material.flat
    36, // material.wall
    -43, // material.cap
    3, // wall_next_to_road
    -14, // centre.mg
    22, // centre.cap
    103, // under.own
    -74, // under.theirs
    150, // under.own_strong
    -9, // under.theirs_strong
    4, // road_span_mg.2
    35, // road_span_mg.3
    8, // road_span_mg.4
    21, // road_span_mg.5
    27, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -3, // road_span_eg.2
    17, // road_span_eg.3
    -1, // road_span_eg.4
    -5, // road_span_eg.5
    -3, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    8, // road_threat.spread
    -52, // road_threat.opponent_one
    -424, // road_threat.opponent_two
    75, // tempo
    85, // material_eg.flat
    26, // under_eg.own
    -17, // under_eg.theirs
    54, // under_eg.own_strong
    -7, // under_eg.theirs_strong
    -39, // flat_square.00
    -20, // flat_square.01
    4, // flat_square.02
    0, // flat_square.03
    -3, // flat_square.11
    19, // flat_square.12
    0, // flat_square.13
    34, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -34, // road_groups.mg
    4, // road_groups.eg
    -75, // wall_square.00
    -48, // wall_square.01
    -28, // wall_square.02
    0, // wall_square.03
    -17, // wall_square.11
    -6, // wall_square.12
    0, // wall_square.13
    15, // wall_square.22
    0, // wall_square.23
    0, // wall_square.33
    -35, // cap_square.00
    -9, // cap_square.01
    -4, // cap_square.02
    0, // cap_square.03
    10, // cap_square.11
    0, // cap_square.12
    0, // cap_square.13
    -4, // cap_square.22
    0, // cap_square.23
    0, // cap_square.33
    6, // next_to_own_stack.flat
    42, // next_to_own_stack.wall
    32, // next_to_own_stack.cap
    -8, // lines_occupied.mg
    11, // lines_occupied.eg
    -12, // critical_squares.mg
    -12, // critical_squares.eg
    14, // cap_near.their_flat
    12, // cap_near.their_wall
    10, // cap_near.own_flat
    7, // cap_near.empty
    2, // next_to_their_stack.flat
    63, // next_to_their_stack.wall
    52, // next_to_their_stack.cap
    9, // adjacent.flat_flat
    0, // adjacent.flat_their_flat
    19, // adjacent.flat_empty
    1, // adjacent.wall_their_flat
    0, // adjacent.wall_their_wall
    29, // adjacent.wall_own_flat
    -24, // reserve.mg
    -38, // reserve.eg
    21, // line_control.open_1
    14, // line_control.open_2
    10, // line_control.open_3
    30, // line_control.contested_1
    15, // line_control.contested_2
    2, // line_control.contested_3
    14, // line_control.blocked_1
    3, // line_control.blocked_2
    0, // line_control.blocked_3
];

//! tak evaluation weights, written by `tabula tune tak` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune tak --data tak6-selfplay-d.ptn --score-weight 1 --teacher /tmp/tiltak/target/release/tei --teacher-nodes 1000 --teacher-option HalfKomi=4 --teacher-cache teacher/tak-tiltak-d-n1000.txt --prior 0.0003 --freeze komi --epochs 400 --out fits/res1.rs
//! Data: 1000 games (0 left out), 79638 positions, 61742 quiet (57320 fitted, 4422 held out).
//! k = 0.007887; mean squared error 0.019233 -> 0.018947, held out 0.023096 -> 0.021811.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    91, // material.flat
    57, // material.wall
    -36, // material.cap
    5, // wall_next_to_road
    -11, // centre.mg
    27, // centre.cap
    99, // under.own
    -85, // under.theirs
    140, // under.own_strong
    -15, // under.theirs_strong
    -1, // road_span_mg.2
    35, // road_span_mg.3
    3, // road_span_mg.4
    14, // road_span_mg.5
    31, // road_span_mg.6
    280, // road_span_mg.7
    370, // road_span_mg.8
    -7, // road_span_eg.2
    17, // road_span_eg.3
    -5, // road_span_eg.4
    -12, // road_span_eg.5
    -15, // road_span_eg.6
    140, // road_span_eg.7
    185, // road_span_eg.8
    50, // komi.half_flat
    600, // road_threat.placement
    13, // road_threat.spread
    -52, // road_threat.opponent_one
    -424, // road_threat.opponent_two
    63, // tempo
    118, // material_eg.flat
    51, // under_eg.own
    -38, // under_eg.theirs
    76, // under_eg.own_strong
    -31, // under_eg.theirs_strong
    -31, // flat_square.00
    -17, // flat_square.01
    0, // flat_square.02
    0, // flat_square.03
    0, // flat_square.11
    17, // flat_square.12
    0, // flat_square.13
    34, // flat_square.22
    0, // flat_square.23
    0, // flat_square.33
    -38, // road_groups.mg
    -4, // road_groups.eg
    -76, // wall_square.00
    -50, // wall_square.01
    -31, // wall_square.02
    0, // wall_square.03
    -18, // wall_square.11
    1, // wall_square.12
    0, // wall_square.13
    14, // wall_square.22
    0, // wall_square.23
    0, // wall_square.33
    -24, // cap_square.00
    -17, // cap_square.01
    -7, // cap_square.02
    0, // cap_square.03
    12, // cap_square.11
    2, // cap_square.12
    0, // cap_square.13
    -2, // cap_square.22
    0, // cap_square.23
    0, // cap_square.33
    10, // next_to_own_stack.flat
    37, // next_to_own_stack.wall
    47, // next_to_own_stack.cap
    -4, // lines_occupied.mg
    5, // lines_occupied.eg
    -12, // critical_squares.mg
    -12, // critical_squares.eg
    9, // cap_near.their_flat
    10, // cap_near.their_wall
    -3, // cap_near.own_flat
    8, // cap_near.empty
    4, // next_to_their_stack.flat
    57, // next_to_their_stack.wall
    56, // next_to_their_stack.cap
    -1, // adjacent.flat_flat
    0, // adjacent.flat_their_flat
    14, // adjacent.flat_empty
    -5, // adjacent.wall_their_flat
    0, // adjacent.wall_their_wall
    15, // adjacent.wall_own_flat
    -2, // reserve.mg
    -23, // reserve.eg
    0, // line_control.open_1
    0, // line_control.open_2
    0, // line_control.open_3
    0, // line_control.contested_1
    0, // line_control.contested_2
    0, // line_control.contested_3
    0, // line_control.blocked_1
    0, // line_control.blocked_2
    0, // line_control.blocked_3
];

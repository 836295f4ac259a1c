//! makruk evaluation weights, written by `tabula tune makruk` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: hand, before the tuner: the constants eval.rs had until d5d38c0,
//! moved here unchanged (the bench signature is the same).

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 83] = [
    90, // value_mg.pawn
    260, // value_mg.met
    360, // value_mg.khon
    400, // value_mg.knight
    630, // value_mg.rook
    120, // value_eg.pawn
    240, // value_eg.met
    310, // value_eg.khon
    370, // value_eg.knight
    620, // value_eg.rook
    10, // pawn_rank_mg.rank4
    24, // pawn_rank_mg.rank5
    15, // pawn_rank_eg.rank4
    36, // pawn_rank_eg.rank5
    4, // pawn_central_mg
    -6, // pawn_doubled.mg
    -10, // pawn_doubled.eg
    -8, // pawn_isolated.mg
    -8, // pawn_isolated.eg
    6, // pawn_protected.mg
    4, // pawn_protected.eg
    5, // passed_mg.rank3
    12, // passed_mg.rank4
    25, // passed_mg.rank5
    15, // passed_eg.rank3
    35, // passed_eg.rank4
    60, // passed_eg.rank5
    4, // passed_free.mg
    10, // passed_free.eg
    16, // knight_ring.0
    8, // knight_ring.1
    -4, // knight_ring.2
    -20, // knight_ring.3
    4, // knight_mobility.mg
    3, // knight_mobility.eg
    12, // khon_ring.0
    8, // khon_ring.1
    0, // khon_ring.2
    -10, // khon_ring.3
    2, // khon_advance_mg
    3, // khon_mobility.mg
    3, // khon_mobility.eg
    8, // met_ring.0
    6, // met_ring.1
    0, // met_ring.2
    -8, // met_ring.3
    2, // met_mobility.mg
    2, // met_mobility.eg
    4, // rook_rank.rank5
    10, // rook_rank.rank6
    16, // rook_rank.rank7
    8, // rook_rank.rank8
    3, // rook_mobility.mg
    4, // rook_mobility.eg
    20, // rook_open_file.mg
    10, // rook_open_file.eg
    10, // rook_half_open_file.mg
    5, // rook_half_open_file.eg
    12, // king_rank_mg.rank1
    0, // king_rank_mg.rank2
    -20, // king_rank_mg.rank3
    -40, // king_rank_mg.rank4
    -50, // king_rank_mg.rank5
    -50, // king_rank_mg.rank6
    -50, // king_rank_mg.rank7
    -50, // king_rank_mg.rank8
    20, // king_ring_eg.0
    12, // king_ring_eg.1
    0, // king_ring_eg.2
    -15, // king_ring_eg.3
    1, // king_attack_units.pawn
    1, // king_attack_units.met
    2, // king_attack_units.khon
    2, // king_attack_units.knight
    3, // king_attack_units.rook
    3, // king_attack.square
    300, // king_attack.cap
    4, // king_attack.single
    25, // bare_king.centre
    15, // bare_king.corner
    10, // bare_king.close
    100, // bare_king.bonus
    8, // tempo
];

//! makruk evaluation weights, written by `tabula tune makruk` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune makruk --data /work/data/makruk-selfplay.pgn --max-plies 200 --prior 0.003 --freeze bare_king --epochs 400 --from /work/data/makruk-hand-weights.rs --out src/games/makruk/eval_weights.rs
//! Data: 1536 games (1078 left out), 58670 positions, 36699 quiet (33176 fitted, 3523 held out).
//! k = 0.003227; mean squared error 0.046903 -> 0.045556, held out 0.049888 -> 0.049129.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 83] = [
    90, // value_mg.pawn
    254, // value_mg.met
    352, // value_mg.khon
    408, // value_mg.knight
    634, // value_mg.rook
    112, // value_eg.pawn
    235, // value_eg.met
    306, // value_eg.khon
    372, // value_eg.knight
    623, // value_eg.rook
    14, // pawn_rank_mg.rank4
    28, // pawn_rank_mg.rank5
    10, // pawn_rank_eg.rank4
    34, // pawn_rank_eg.rank5
    3, // pawn_central_mg
    -10, // pawn_doubled.mg
    -16, // pawn_doubled.eg
    -16, // pawn_isolated.mg
    -12, // pawn_isolated.eg
    10, // pawn_protected.mg
    2, // pawn_protected.eg
    6, // passed_mg.rank3
    13, // passed_mg.rank4
    23, // passed_mg.rank5
    15, // passed_eg.rank3
    34, // passed_eg.rank4
    58, // passed_eg.rank5
    7, // passed_free.mg
    9, // passed_free.eg
    14, // knight_ring.0
    13, // knight_ring.1
    0, // knight_ring.2
    -17, // knight_ring.3
    4, // knight_mobility.mg
    4, // knight_mobility.eg
    19, // khon_ring.0
    11, // khon_ring.1
    -17, // khon_ring.2
    -14, // khon_ring.3
    6, // khon_advance_mg
    4, // khon_mobility.mg
    4, // khon_mobility.eg
    12, // met_ring.0
    10, // met_ring.1
    -12, // met_ring.2
    -15, // met_ring.3
    2, // met_mobility.mg
    -5, // met_mobility.eg
    4, // rook_rank.rank5
    13, // rook_rank.rank6
    16, // rook_rank.rank7
    8, // rook_rank.rank8
    5, // rook_mobility.mg
    1, // rook_mobility.eg
    23, // rook_open_file.mg
    12, // rook_open_file.eg
    12, // rook_half_open_file.mg
    6, // rook_half_open_file.eg
    5, // king_rank_mg.rank1
    2, // king_rank_mg.rank2
    -19, // king_rank_mg.rank3
    -37, // king_rank_mg.rank4
    -49, // king_rank_mg.rank5
    -50, // king_rank_mg.rank6
    -50, // king_rank_mg.rank7
    -50, // king_rank_mg.rank8
    22, // king_ring_eg.0
    16, // king_ring_eg.1
    -1, // king_ring_eg.2
    -20, // king_ring_eg.3
    1, // king_attack_units.pawn
    3, // king_attack_units.met
    2, // king_attack_units.khon
    0, // king_attack_units.knight
    1, // king_attack_units.rook
    4, // king_attack.square
    300, // king_attack.cap
    2, // king_attack.single
    25, // bare_king.centre
    15, // bare_king.corner
    10, // bare_king.close
    100, // bare_king.bonus
    4, // tempo
];

//! makruk evaluation weights, written by `tabula tune makruk` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune makruk --data makruk-selfplay.pgn --max-plies 200 --score-weight 1 --teacher fairy-stockfish --teacher-depth 8 --teacher-cache teacher/makruk-fsf11-d8.txt --prior 0.0003 --freeze bare_king --epochs 400 --out /work/data/fits/makruk-teacher-p0.0003.rs
//! Data: 1536 games (1078 left out), 58670 positions, 36699 quiet (33176 fitted, 3523 held out).
//! k = 0.003343; mean squared error 0.008646 -> 0.006627, held out 0.008352 -> 0.005906.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 100] = [
    90, // value_mg.pawn
    230, // value_mg.met
    327, // value_mg.khon
    416, // value_mg.knight
    637, // value_mg.rook
    94, // value_eg.pawn
    214, // value_eg.met
    288, // value_eg.khon
    371, // value_eg.knight
    635, // value_eg.rook
    6, // pawn_rank_mg.rank4
    13, // pawn_rank_mg.rank5
    0, // pawn_rank_eg.rank4
    16, // pawn_rank_eg.rank5
    16, // pawn_central_mg
    1, // pawn_doubled.mg
    -12, // pawn_doubled.eg
    -20, // pawn_isolated.mg
    -13, // pawn_isolated.eg
    3, // pawn_protected.mg
    -1, // pawn_protected.eg
    9, // passed_mg.rank3
    7, // passed_mg.rank4
    6, // passed_mg.rank5
    14, // passed_eg.rank3
    32, // passed_eg.rank4
    38, // passed_eg.rank5
    11, // passed_free.mg
    6, // passed_free.eg
    17, // knight_ring.0
    11, // knight_ring.1
    5, // knight_ring.2
    -16, // knight_ring.3
    7, // knight_mobility.mg
    5, // knight_mobility.eg
    7, // khon_ring.0
    -2, // khon_ring.1
    -19, // khon_ring.2
    -30, // khon_ring.3
    1, // khon_advance_mg
    1, // khon_mobility.mg
    11, // khon_mobility.eg
    3, // met_ring.0
    -4, // met_ring.1
    -17, // met_ring.2
    -32, // met_ring.3
    2, // met_mobility.mg
    -5, // met_mobility.eg
    4, // rook_rank.rank5
    16, // rook_rank.rank6
    9, // rook_rank.rank7
    10, // rook_rank.rank8
    2, // rook_mobility.mg
    5, // rook_mobility.eg
    25, // rook_open_file.mg
    16, // rook_open_file.eg
    17, // rook_half_open_file.mg
    8, // rook_half_open_file.eg
    -2, // king_rank_mg.rank1
    4, // king_rank_mg.rank2
    -22, // king_rank_mg.rank3
    -35, // king_rank_mg.rank4
    -46, // king_rank_mg.rank5
    -47, // king_rank_mg.rank6
    -50, // king_rank_mg.rank7
    -50, // king_rank_mg.rank8
    31, // king_ring_eg.0
    21, // king_ring_eg.1
    -2, // king_ring_eg.2
    -33, // king_ring_eg.3
    -1, // king_attack_units.pawn
    3, // king_attack_units.met
    4, // king_attack_units.khon
    2, // king_attack_units.knight
    1, // king_attack_units.rook
    3, // king_attack.square
    299, // king_attack.cap
    5, // king_attack.single
    25, // bare_king.centre
    15, // bare_king.corner
    10, // bare_king.close
    100, // bare_king.bonus
    39, // tempo
    0, // threat_by_pawn.mg
    0, // threat_by_pawn.eg
    0, // threat_by_minor.pawn
    0, // threat_by_minor.met
    0, // threat_by_minor.khon
    0, // threat_by_minor.knight
    0, // threat_by_minor.rook
    0, // threat_by_rook.pawn
    0, // threat_by_rook.met
    0, // threat_by_rook.khon
    0, // threat_by_rook.knight
    0, // hanging.mg
    0, // hanging.eg
    0, // safe_check.met
    0, // safe_check.khon
    0, // safe_check.knight
    0, // safe_check.rook
];

//! makruk evaluation weights, written by `tabula tune makruk` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune makruk --data makruk-selfplay-s28.pgn --max-plies 200 --score-weight 1 --teacher /tmp/fairy-stockfish-221126 --teacher-depth 8 --teacher-option Hash=16 --teacher-cache /work/data/teacher/sp-fsf221126-d8.txt --prior 0.0003 --freeze bare_king --epochs 400 --teacher-k --out fits/sp-tk.rs
//! Data: 3000 games (1763 left out), 160407 positions, 99008 quiet (90711 fitted, 8297 held out).
//! k = 0.003348; mean squared error 0.007914 -> 0.007269, held out 0.009814 -> 0.009191.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 100] = [
    93, // value_mg.pawn
    230, // value_mg.met
    321, // value_mg.khon
    420, // value_mg.knight
    635, // value_mg.rook
    82, // value_eg.pawn
    195, // value_eg.met
    281, // value_eg.khon
    358, // value_eg.knight
    642, // value_eg.rook
    11, // pawn_rank_mg.rank4
    15, // pawn_rank_mg.rank5
    -4, // pawn_rank_eg.rank4
    12, // pawn_rank_eg.rank5
    27, // pawn_central_mg
    2, // pawn_doubled.mg
    -12, // pawn_doubled.eg
    -19, // pawn_isolated.mg
    -14, // pawn_isolated.eg
    4, // pawn_protected.mg
    -2, // pawn_protected.eg
    6, // passed_mg.rank3
    3, // passed_mg.rank4
    1, // passed_mg.rank5
    14, // passed_eg.rank3
    26, // passed_eg.rank4
    29, // passed_eg.rank5
    14, // passed_free.mg
    5, // passed_free.eg
    16, // knight_ring.0
    12, // knight_ring.1
    1, // knight_ring.2
    -21, // knight_ring.3
    9, // knight_mobility.mg
    -1, // knight_mobility.eg
    4, // khon_ring.0
    -2, // khon_ring.1
    -24, // khon_ring.2
    -35, // khon_ring.3
    6, // khon_advance_mg
    2, // khon_mobility.mg
    7, // khon_mobility.eg
    -1, // met_ring.0
    -6, // met_ring.1
    -25, // met_ring.2
    -37, // met_ring.3
    3, // met_mobility.mg
    -5, // met_mobility.eg
    7, // rook_rank.rank5
    14, // rook_rank.rank6
    13, // rook_rank.rank7
    14, // rook_rank.rank8
    3, // rook_mobility.mg
    7, // rook_mobility.eg
    22, // rook_open_file.mg
    18, // rook_open_file.eg
    23, // rook_half_open_file.mg
    8, // rook_half_open_file.eg
    -11, // king_rank_mg.rank1
    2, // king_rank_mg.rank2
    -16, // king_rank_mg.rank3
    -34, // king_rank_mg.rank4
    -45, // king_rank_mg.rank5
    -46, // king_rank_mg.rank6
    -49, // king_rank_mg.rank7
    -50, // king_rank_mg.rank8
    33, // king_ring_eg.0
    22, // king_ring_eg.1
    -3, // king_ring_eg.2
    -35, // king_ring_eg.3
    0, // king_attack_units.pawn
    2, // king_attack_units.met
    3, // king_attack_units.khon
    1, // king_attack_units.knight
    1, // king_attack_units.rook
    2, // king_attack.square
    299, // king_attack.cap
    4, // king_attack.single
    25, // bare_king.centre
    15, // bare_king.corner
    10, // bare_king.close
    100, // bare_king.bonus
    31, // tempo
    17, // threat_by_pawn.mg
    2, // threat_by_pawn.eg
    -2, // threat_by_minor.pawn
    5, // threat_by_minor.met
    0, // threat_by_minor.khon
    12, // threat_by_minor.knight
    8, // threat_by_minor.rook
    3, // threat_by_rook.pawn
    5, // threat_by_rook.met
    3, // threat_by_rook.khon
    11, // threat_by_rook.knight
    20, // hanging.mg
    20, // hanging.eg
    0, // safe_check.met
    0, // safe_check.khon
    5, // safe_check.knight
    13, // safe_check.rook
];

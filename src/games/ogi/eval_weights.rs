//! ogi evaluation weights, written by `tabula tune ogi` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune ogi --data ogi-selfplay-all.pgn --score-weight 1 --teacher /work/bin/fsf-221126 --teacher-cache teacher/ogi-fsf221126-d8.txt --prior 0.0003 --epochs 400 --out /work/data/fits/ogi-teacher-p0.0003.rs
//! Data: 1953 games (0 left out), 137948 positions, 36626 quiet (33827 fitted, 2799 held out).
//! k = 0.001618; mean squared error 0.018166 -> 0.014049, held out 0.019106 -> 0.015189.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    106, // value.pawn
    269, // value.lance
    305, // value.knight
    468, // value.silver
    630, // value.bishop
    773, // value.rook
    1052, // value.princess
    519, // value.tokin
    497, // value.plance
    499, // value.pknight
    499, // value.psilver
    859, // value.horse
    1018, // value.dragon
    1257, // value.goddess
    82, // hand.pawn
    328, // hand.lance
    355, // hand.knight
    511, // hand.silver
    708, // hand.bishop
    874, // hand.rook
    1158, // hand.princess
    -6, // hand_extra.pawn
    -1, // hand_extra.lance
    -1, // hand_extra.knight
    0, // hand_extra.silver
    -1, // hand_extra.bishop
    0, // hand_extra.rook
    0, // hand_extra.princess
    -1, // pawn_rank.rank1
    5, // pawn_rank.rank2
    -15, // pawn_rank.rank3
    0, // pawn_rank.rank4
    72, // pawn_rank.rank5
    42, // pawn_rank.rank6
    29, // pawn_rank.rank7
    42, // pawn_rank.rank8
    -39, // minor_rank.rank1
    -14, // minor_rank.rank2
    6, // minor_rank.rank3
    27, // minor_rank.rank4
    20, // minor_rank.rank5
    18, // minor_rank.rank6
    20, // minor_rank.rank7
    26, // minor_rank.rank8
    19, // promoted_near_king.base
    -40, // promoted_near_king.per_step
    51, // king_rank.rank1
    8, // king_rank.rank2
    -6, // king_rank.rank3
    -22, // king_rank.rank4
    -40, // king_rank.rank5
    -60, // king_rank.rank6
    -70, // king_rank.rank7
    -80, // king_rank.rank8
    62, // zone_promotion.lance
    54, // zone_promotion.knight
    10, // zone_promotion.silver
    66, // zone_promotion.bishop
    74, // zone_promotion.rook
    69, // zone_promotion.princess
    33, // mobility.lance
    21, // mobility.bishop
    15, // mobility.rook
    15, // mobility.princess
    8, // mobility.horse
    7, // mobility.dragon
    8, // mobility.goddess
    15, // king_attack_units.pawn
    5, // king_attack_units.lance
    8, // king_attack_units.knight
    10, // king_attack_units.silver
    8, // king_attack_units.bishop
    6, // king_attack_units.rook
    7, // king_attack_units.princess
    18, // king_attack_units.tokin
    3, // king_attack_units.plance
    16, // king_attack_units.pknight
    13, // king_attack_units.psilver
    20, // king_attack_units.horse
    20, // king_attack_units.dragon
    16, // king_attack_units.goddess
    1, // hand_threat.pawn
    3, // hand_threat.lance
    -1, // hand_threat.knight
    27, // hand_threat.silver
    10, // hand_threat.bishop
    9, // hand_threat.rook
    13, // hand_threat.princess
    106, // king_attack.square
    901, // king_attack.cap
    4, // shelter.escape
    -16, // shelter.defender
    31, // open_king.escapes0
    21, // open_king.escapes1
    12, // open_king.escapes2
    -2, // drop_spots.any
    34, // drop_spots.per_attacker
    99, // tempo
];

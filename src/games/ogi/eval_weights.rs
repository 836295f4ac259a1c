//! ogi evaluation weights, written by `tabula tune ogi` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: tabula tune ogi --data /work/data/ogi-selfplay-all.pgn --epochs 400 --prior 0.003 --from /work/data/ogi-hand-weights.rs --out /work/data/ogi-w-all-p0.003.rs
//! Data: 1953 games (0 left out), 137948 positions, 36626 quiet (33827 fitted, 2799 held out).
//! k = 0.001514; mean squared error 0.222515 -> 0.211120, held out 0.229841 -> 0.215841.

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    103, // value.pawn
    297, // value.lance
    330, // value.knight
    461, // value.silver
    646, // value.bishop
    794, // value.rook
    1050, // value.princess
    520, // value.tokin
    500, // value.plance
    500, // value.pknight
    499, // value.psilver
    860, // value.horse
    1021, // value.dragon
    1260, // value.goddess
    107, // hand.pawn
    338, // hand.lance
    370, // hand.knight
    511, // hand.silver
    720, // hand.bishop
    881, // hand.rook
    1152, // hand.princess
    -3, // hand_extra.pawn
    0, // hand_extra.lance
    0, // hand_extra.knight
    0, // hand_extra.silver
    0, // hand_extra.bishop
    0, // hand_extra.rook
    0, // hand_extra.princess
    -1, // pawn_rank.rank1
    5, // pawn_rank.rank2
    -14, // pawn_rank.rank3
    25, // pawn_rank.rank4
    43, // pawn_rank.rank5
    35, // pawn_rank.rank6
    36, // pawn_rank.rank7
    42, // pawn_rank.rank8
    -12, // minor_rank.rank1
    3, // minor_rank.rank2
    15, // minor_rank.rank3
    15, // minor_rank.rank4
    16, // minor_rank.rank5
    20, // minor_rank.rank6
    24, // minor_rank.rank7
    28, // minor_rank.rank8
    23, // promoted_near_king.base
    -11, // promoted_near_king.per_step
    41, // king_rank.rank1
    10, // king_rank.rank2
    -1, // king_rank.rank3
    -20, // king_rank.rank4
    -40, // king_rank.rank5
    -60, // king_rank.rank6
    -70, // king_rank.rank7
    -80, // king_rank.rank8
    66, // zone_promotion.lance
    56, // zone_promotion.knight
    13, // zone_promotion.silver
    69, // zone_promotion.bishop
    73, // zone_promotion.rook
    70, // zone_promotion.princess
    22, // mobility.lance
    41, // mobility.bishop
    23, // mobility.rook
    26, // mobility.princess
    7, // mobility.horse
    9, // mobility.dragon
    10, // mobility.goddess
    16, // king_attack_units.pawn
    1, // king_attack_units.lance
    -1, // king_attack_units.knight
    6, // king_attack_units.silver
    15, // king_attack_units.bishop
    3, // king_attack_units.rook
    6, // king_attack_units.princess
    4, // king_attack_units.tokin
    2, // king_attack_units.plance
    4, // king_attack_units.pknight
    4, // king_attack_units.psilver
    7, // king_attack_units.horse
    14, // king_attack_units.dragon
    15, // king_attack_units.goddess
    8, // hand_threat.pawn
    -1, // hand_threat.lance
    3, // hand_threat.knight
    14, // hand_threat.silver
    14, // hand_threat.bishop
    6, // hand_threat.rook
    13, // hand_threat.princess
    104, // king_attack.square
    900, // king_attack.cap
    14, // shelter.escape
    -7, // shelter.defender
    30, // open_king.escapes0
    16, // open_king.escapes1
    3, // open_king.escapes2
    4, // drop_spots.any
    8, // drop_spots.per_attacker
    16, // tempo
];

//! ogi evaluation weights, written by `tabula tune ogi` (src/tune/).
//! Generated: do not edit by hand; rerun the tuner instead (README.md,
//! "Tuning the evaluation"). The names are the layout in eval.rs.
//!
//! Made by: hand (the constants of eval.rs before the tuner, unchanged).

/// One value per weight, in the layout's order.
#[rustfmt::skip]
pub const WEIGHTS: [i32; 98] = [
    100, // value.pawn
    300, // value.lance
    330, // value.knight
    460, // value.silver
    650, // value.bishop
    800, // value.rook
    1050, // value.princess
    520, // value.tokin
    500, // value.plance
    500, // value.pknight
    500, // value.psilver
    860, // value.horse
    1020, // value.dragon
    1260, // value.goddess
    115, // hand.pawn
    340, // hand.lance
    370, // hand.knight
    510, // hand.silver
    720, // hand.bishop
    880, // hand.rook
    1150, // hand.princess
    0, // hand_extra.pawn
    0, // hand_extra.lance
    0, // hand_extra.knight
    0, // hand_extra.silver
    0, // hand_extra.bishop
    0, // hand_extra.rook
    0, // hand_extra.princess
    0, // pawn_rank.rank1
    6, // pawn_rank.rank2
    12, // pawn_rank.rank3
    18, // pawn_rank.rank4
    24, // pawn_rank.rank5
    30, // pawn_rank.rank6
    36, // pawn_rank.rank7
    42, // pawn_rank.rank8
    0, // minor_rank.rank1
    4, // minor_rank.rank2
    8, // minor_rank.rank3
    12, // minor_rank.rank4
    16, // minor_rank.rank5
    20, // minor_rank.rank6
    24, // minor_rank.rank7
    28, // minor_rank.rank8
    24, // promoted_near_king.base
    -4, // promoted_near_king.per_step
    30, // king_rank.rank1
    20, // king_rank.rank2
    0, // king_rank.rank3
    -20, // king_rank.rank4
    -40, // king_rank.rank5
    -60, // king_rank.rank6
    -70, // king_rank.rank7
    -80, // king_rank.rank8
    66, // zone_promotion.lance
    56, // zone_promotion.knight
    13, // zone_promotion.silver
    70, // zone_promotion.bishop
    73, // zone_promotion.rook
    70, // zone_promotion.princess
    2, // mobility.lance
    2, // mobility.bishop
    2, // mobility.rook
    2, // mobility.princess
    2, // mobility.horse
    2, // mobility.dragon
    2, // mobility.goddess
    1, // king_attack_units.pawn
    2, // king_attack_units.lance
    2, // king_attack_units.knight
    3, // king_attack_units.silver
    3, // king_attack_units.bishop
    4, // king_attack_units.rook
    5, // king_attack_units.princess
    3, // king_attack_units.tokin
    3, // king_attack_units.plance
    3, // king_attack_units.pknight
    3, // king_attack_units.psilver
    4, // king_attack_units.horse
    5, // king_attack_units.dragon
    6, // king_attack_units.goddess
    1, // hand_threat.pawn
    2, // hand_threat.lance
    2, // hand_threat.knight
    3, // hand_threat.silver
    3, // hand_threat.bishop
    4, // hand_threat.rook
    5, // hand_threat.princess
    100, // king_attack.square
    900, // king_attack.cap
    -6, // shelter.escape
    -8, // shelter.defender
    30, // open_king.escapes0
    15, // open_king.escapes1
    5, // open_king.escapes2
    0, // drop_spots.any
    0, // drop_spots.per_attacker
    15, // tempo
];

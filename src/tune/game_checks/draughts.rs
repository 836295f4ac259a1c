//! Both draughts rule sets' forms and weights files.

use crate::games::draughts::{
    Draughts, International, Intl, Position, Rus, Russian, Variant, eval,
};
use crate::games::{Game, GamePosition};
use crate::tune::{checks, data};

/// Positions from seeded random games (captures preferred, so that
/// games reach kings and endings).
fn positions<V: Variant>() -> Vec<Position<V>> {
    let mut out = Vec::new();
    let mut seed = 0x00d7_a0c4u64;
    for game in 0..60 {
        let mut pos = Draughts::<V>::new().start_position();
        for _ in 0..(60 + game * 3) {
            out.push(pos.clone());
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            seed = data::mix(seed);
            let mv = moves[(seed >> 8) as usize % moves.len()];
            pos.play(mv);
        }
    }
    out
}

#[test]
fn the_form_gives_the_evaluation_exactly() {
    let intl = positions::<Intl>();
    assert!(intl.len() > 5_000);
    assert!(intl.iter().any(|p| p.kings != 0));
    checks::form_gives_the_evaluation::<International>(&intl, eval::evaluate, |d, p| {
        eval::evaluate_into(d, p)
    });
    checks::form_gives_the_evaluation::<Russian>(&positions::<Rus>(), eval::evaluate, |d, p| {
        eval::evaluate_into(d, p)
    });
}

#[test]
fn the_embedded_files_name_the_layout() {
    checks::weights_file_names_the_layout::<International>();
    checks::weights_file_names_the_layout::<Russian>();
}

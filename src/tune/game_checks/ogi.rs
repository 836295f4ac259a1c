//! Ōgi's form and weights file.

use crate::games::Game;
use crate::games::ogi::types::NO_PIECE;
use crate::games::ogi::{Ogi, Position, eval};
use crate::tune::checks;

/// Positions from seeded random games, captures preferred: hands fill
/// up, kings come under attack, promoted pieces appear.
fn positions() -> Vec<Position> {
    checks::random_game_positions(&Ogi::new().start_position(), |pos, m| {
        !m.is_drop() && pos.board[m.to()] != NO_PIECE
    })
}

#[test]
fn the_form_gives_the_evaluation_exactly() {
    let all = positions();
    assert!(all.len() > 5_000);
    checks::form_gives_the_evaluation::<Ogi>(&all, eval::evaluate, |d, p| {
        eval::evaluate_into(d, p)
    });
}

#[test]
fn the_embedded_file_names_the_layout() {
    checks::weights_file_names_the_layout::<Ogi>();
}

//! Tak's form, weights file, and training positions that keep their komi.

use crate::games::tak::{Position, Tak, eval};
use crate::games::{Game, GamePosition};
use crate::rules::RulesPosition;
use crate::tune::{Tunable, checks};

/// Positions from seeded random games on 5x5 and 6x6 with komi: roads,
/// walls, capstones, tall stacks, reserves running out.
fn positions() -> Vec<Position> {
    let mut all = Vec::new();
    for (size, komi) in [("6", "4"), ("5", "0")] {
        let mut game = Tak::new();
        game.set_option("TakSize", size).unwrap();
        game.set_option("HalfKomi", komi).unwrap();
        all.extend(checks::random_game_positions(
            &game.start_position(),
            |pos, m| {
                // Spreads, so that stacks grow.
                !m.is_place() && pos.outcome().is_none()
            },
        ));
    }
    all
}

#[test]
fn the_form_gives_the_evaluation_exactly() {
    let all = positions();
    assert!(all.len() > 5_000);
    checks::form_gives_the_evaluation::<Tak>(&all, eval::evaluate, |d, p| {
        eval::evaluate_into(d, p)
    });
}

#[test]
fn the_embedded_file_names_the_layout() {
    checks::weights_file_names_the_layout::<Tak>();
}

#[test]
fn training_positions_keep_their_komi() {
    for pos in positions().iter().step_by(97) {
        let text = Tak::position_text(pos);
        let back = <Tak as Tunable>::parse_position(&text).unwrap();
        assert_eq!(back.cfg.half_komi, pos.cfg.half_komi, "{text}");
        assert_eq!(eval::evaluate(&back), eval::evaluate(pos), "{text}");
        assert_eq!(back.to_notation(), pos.to_notation());
    }
    assert!(<Tak as Tunable>::parse_position("x5/x5/x5/x5/x5 1 1").is_err());
    assert!(<Tak as Tunable>::parse_position("two|x5/x5/x5/x5/x5 1 1").is_err());
}

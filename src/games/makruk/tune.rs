//! Makruk's part in the tuner ([`crate::tune`]): the evaluation's weight
//! table, its form, and its PGN records.

use super::{Makruk, Position, eval, eval_weights, fen, record};
use crate::tune::{EvalForm, RecordedGame, Tunable};

impl Tunable for Makruk {
    type Pos = Position;
    const GAME: &'static str = "makruk";
    const WEIGHTS_PATH: &'static str = "src/games/makruk/eval_weights.rs";

    fn weights() -> &'static [i32] {
        &eval_weights::WEIGHTS
    }

    fn weight_names() -> Vec<String> {
        eval::weight_names()
    }

    fn eval_form(pos: &Position, form: &mut EvalForm) {
        eval::evaluate_into(form, pos);
    }

    fn read_records(text: &str) -> Result<Vec<RecordedGame<Position>>, String> {
        record::read_pgn_games(&<Makruk as crate::games::Game>::new(), text)
    }

    fn parse_position(text: &str) -> Result<Position, String> {
        fen::parse(text, true).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::tune::checks;

    /// Positions from seeded random games: openings, middle games, bare
    /// kings, counts running.
    fn positions() -> Vec<Position> {
        checks::random_game_positions(&Makruk::new().start_position(), |pos, m| {
            pos.board[m.to()] != super::super::types::NO_PIECE
        })
    }

    #[test]
    fn the_form_gives_the_evaluation_exactly() {
        let all = positions();
        assert!(all.len() > 5_000);
        checks::form_gives_the_evaluation::<Makruk>(&all, eval::evaluate, |d, p| {
            eval::evaluate_into(d, p)
        });
    }

    #[test]
    fn the_embedded_file_names_the_layout() {
        checks::weights_file_names_the_layout::<Makruk>();
    }
}

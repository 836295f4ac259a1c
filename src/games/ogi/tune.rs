//! Ōgi's part in the tuner ([`crate::tune`]): the evaluation's weight
//! table, its form, and its PGN records (USI moves).

use super::{Ogi, Position, eval, eval_weights, record, sfen};
use crate::evalkit::EvalForm;
use crate::games::tunable::{RecordedGame, Tunable};

impl Tunable for Ogi {
    type Pos = Position;
    const GAME: &'static str = "ogi";
    const WEIGHTS_PATH: &'static str = "src/games/ogi/eval_weights.rs";

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
        record::read_pgn_games(text)
    }

    fn parse_position(text: &str) -> Result<Position, String> {
        sfen::parse(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_for_the_tuner() {
        let text = "[Event \"t\"]\n[Variant \"ogi\"]\n[Result \"0-1\"]\n\n1. 3f3e {book} 3c3d 2. 2f2e 0-1\n";
        let games = Ogi::read_records(text).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves.len(), 3);
        assert_eq!(games[0].book_moves, 1);
        assert_eq!(games[0].first_player_score, Some(0.0));
        let bad = text.replace("2f2e", "2f2a");
        assert!(Ogi::read_records(&bad).unwrap_err().contains("game 1"));
    }
}

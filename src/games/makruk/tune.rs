//! Makruk's part in the tuner ([`crate::tune`]): the evaluation's weight
//! table, its form, and its PGN records.

use super::{Makruk, Position, eval, eval_weights, fen, record};
use crate::evalkit::EvalForm;
use crate::games::tunable::{RecordedGame, Tunable};

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

    /// The evaluation does not read the count; Fairy-Stockfish does.
    fn ruled_by_count(pos: &Position) -> bool {
        pos.counting_limit() != 0
    }
}

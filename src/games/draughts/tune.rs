//! Draughts' part in the tuner ([`crate::tune`]): each rule set's weight
//! table, the evaluation's form, and the PDN records `tabula match`
//! writes.

use super::{Draughts, Position, Variant, eval, record};
use crate::evalkit::EvalForm;
use crate::games::Game;
use crate::games::tunable::{RecordedGame, Tunable};

impl<V: Variant> Tunable for Draughts<V> {
    type Pos = Position<V>;
    const GAME: &'static str = V::ID;
    const WEIGHTS_PATH: &'static str = V::WEIGHTS_PATH;

    fn weights() -> &'static [i32] {
        V::WEIGHTS
    }

    fn weight_names() -> Vec<String> {
        eval::weight_names()
    }

    fn eval_form(pos: &Position<V>, form: &mut EvalForm) {
        eval::evaluate_into(form, pos);
    }

    fn read_records(text: &str) -> Result<Vec<RecordedGame<Position<V>>>, String> {
        record::read_recorded(&Draughts::<V>::new(), text)
    }

    fn parse_position(text: &str) -> Result<Position<V>, String> {
        Draughts::<V>::new()
            .parse_position(text)
            .map_err(|e| e.to_string())
    }

    /// Hub engines are told positions in Hub's own form, not PDN FEN.
    fn teacher_position(pos: &Position<V>) -> String {
        super::fen::write_hub(pos)
    }
}

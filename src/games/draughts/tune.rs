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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GamePosition;
    use crate::games::draughts::{International, Intl, Rus, Russian};
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
        checks::form_gives_the_evaluation::<Russian>(
            &positions::<Rus>(),
            eval::evaluate,
            |d, p| eval::evaluate_into(d, p),
        );
    }

    #[test]
    fn the_embedded_files_name_the_layout() {
        checks::weights_file_names_the_layout::<International>();
        checks::weights_file_names_the_layout::<Russian>();
    }
}

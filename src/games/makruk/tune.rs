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
    use crate::games::{Game, GamePosition};
    use crate::tune::{checks, data};

    /// Positions from seeded random games: openings, middle games, bare
    /// kings, counts running.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut seed = 0x1234_5678u64;
        for game in 0..60 {
            let mut pos = Makruk::new().start_position();
            for _ in 0..(120 + game * 5) {
                out.push(pos.clone());
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                seed = data::mix(seed);
                // Prefer captures so that games reach endings.
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.board[m.to()] != super::super::types::NO_PIECE)
                    .collect();
                let pool = if !captures.is_empty() && !seed.is_multiple_of(3) {
                    &captures
                } else {
                    &moves
                };
                let mv = pool[(seed >> 8) as usize % pool.len()];
                pos.play(mv);
            }
        }
        out
    }

    #[test]
    fn the_form_gives_the_evaluation_exactly() {
        let all = positions();
        assert!(all.len() > 5_000);
        checks::form_gives_the_evaluation::<Makruk>(&all, eval::evaluate);
    }

    #[test]
    fn other_weights_change_the_evaluation_as_the_form_says() {
        let some: Vec<Position> = positions().into_iter().step_by(7).collect();
        checks::other_weights_agree::<Makruk>(&some, |w, pos| {
            let mut direct = crate::tune::Direct::new(w);
            eval::evaluate_into(&mut direct, pos);
            direct.score()
        });
    }

    #[test]
    fn the_embedded_file_names_the_layout() {
        checks::weights_file_names_the_layout::<Makruk>();
    }
}

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
    use crate::tune::{data, weights_file};

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
        let w = <Makruk as Tunable>::weights();
        let mut form = EvalForm::new(w);
        let mut linear_checked = 0;
        let all = positions();
        assert!(all.len() > 5_000);
        for pos in &all {
            form.clear();
            Makruk::eval_form(pos, &mut form);
            assert_eq!(form.eval_int(w), eval::evaluate(pos), "{}", fen::write(pos));
            // The linear form agrees up to the integer rounding of the
            // blend and the scales.
            if let Some(lin) = data::linearise::<Makruk>(pos, &mut form, w.len()) {
                let real: Vec<f64> = w.iter().map(|&x| f64::from(x)).collect();
                let white = if pos.side == 0 { 1 } else { -1 };
                let e = f64::from(white * eval::evaluate(pos));
                assert!((lin.value(&real) - e).abs() < 3.0, "{}", fen::write(pos));
                linear_checked += 1;
            }
        }
        assert!(linear_checked > all.len() / 2);
    }

    #[test]
    fn other_weights_change_the_evaluation_as_the_form_says() {
        // A form recorded at other weights evaluates with those weights as
        // the engine would if they were embedded: check through a sink run
        // directly with them.
        let mut w = <Makruk as Tunable>::weights().to_vec();
        for (k, x) in w.iter_mut().enumerate() {
            *x += (k as i32 % 7) - 3;
        }
        let mut form = EvalForm::new(&w);
        for pos in positions().iter().step_by(7) {
            form.clear();
            Makruk::eval_form(pos, &mut form);
            let mut direct = crate::tune::Direct::new(&w);
            eval::evaluate_into(&mut direct, pos);
            assert_eq!(form.eval_int(&w), direct.score(), "{}", fen::write(pos));
        }
    }

    #[test]
    fn the_embedded_file_names_the_layout() {
        let text = std::fs::read_to_string(Makruk::WEIGHTS_PATH).unwrap();
        let read = weights_file::read(&text).unwrap();
        let names: Vec<String> = read.iter().map(|(n, _)| n.clone()).collect();
        let values: Vec<i32> = read.iter().map(|&(_, v)| v).collect();
        assert_eq!(names, Makruk::weight_names());
        assert_eq!(values, Makruk::weights());
    }
}

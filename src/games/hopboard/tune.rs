//! The hop games' part in the tuner ([`crate::tune`]): the records
//! `tabula match` writes, read as games for the fit, and
//! [`hop_tunable!`], which makes a hop game [`crate::games::tunable::Tunable`]
//! (Chinese checkers and Halma, each with its own weight table). The fit
//! learns from two-player games, whose result is a score for the first
//! player (a ranking of more says less about one position).

use super::CellSet;
use super::position::HopPosition;
use super::record::parse_records;
use crate::evalkit::EvalForm;
use crate::games::Game;
use crate::games::tunable::RecordedGame;

/// The games of a record file, replayed; a record of more than two
/// players, or one whose moves do not replay, is an error naming it.
pub fn read_recorded<S, G>(text: &str) -> Result<Vec<RecordedGame<HopPosition<S>>>, String>
where
    S: CellSet,
    G: Game<Pos = HopPosition<S>>,
{
    parse_records::<G>(text)?
        .into_iter()
        .map(|block| {
            let game_no = block.number;
            let at = |e: String| format!("game {game_no}: {e}");
            if block.seats.len() != 2 {
                return Err(at(format!(
                    "{} players: the tuner learns from two-player games",
                    block.seats.len()
                )));
            }
            let (start, moves) = block.start_and_moves().map_err(|e| at(e.to_string()))?;
            // Places: 1 first, 2 second, 0 unfinished.
            let first_player_score = match (block.seats[0].1, block.seats[1].1) {
                (1, 1) => Some(0.5),
                (1, 2) => Some(1.0),
                (2, 1) => Some(0.0),
                _ => None,
            };
            Ok(RecordedGame {
                start,
                scores: vec![None; moves.len()],
                moves,
                book_moves: 0,
                first_player_score,
                decided_on_board: block.termination.as_deref() == Some("normal"),
            })
        })
        .collect()
}

/// The evaluation of `pos` for the player to move, into `form`.
pub fn eval_form<S: CellSet>(pos: &HopPosition<S>, form: &mut EvalForm) {
    pos.evaluate_into(form, pos.to_move());
}

/// `hop_tunable!(Game, "id", "path/of/eval_weights.rs")` implements
/// [`crate::games::tunable::Tunable`] for a hop game whose module has `Position`
/// and `eval_weights::WEIGHTS`.
macro_rules! hop_tunable {
    ($game:ident, $id:literal, $path:literal) => {
        impl $crate::games::tunable::Tunable for $game {
            type Pos = Position;
            const GAME: &'static str = $id;
            const WEIGHTS_PATH: &'static str = $path;

            fn weights() -> &'static [i32] {
                &super::eval_weights::WEIGHTS
            }

            fn weight_names() -> Vec<String> {
                $crate::games::hopboard::eval::weight_names()
            }

            fn eval_form(pos: &Position, form: &mut $crate::evalkit::EvalForm) {
                $crate::games::hopboard::tune::eval_form(pos, form);
            }

            fn read_records(
                text: &str,
            ) -> Result<Vec<$crate::games::tunable::RecordedGame<Position>>, String> {
                $crate::games::hopboard::tune::read_recorded::<_, $game>(text)
            }

            fn parse_position(text: &str) -> Result<Position, String> {
                use $crate::games::Game;
                $game::new().parse_position(text).map_err(|e| e.to_string())
            }
        }
    };
}
pub(crate) use hop_tunable;

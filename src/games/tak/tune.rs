//! Tak's part in the tuner ([`crate::tune`]): the evaluation's weight
//! table, its form, and its PTN records. A training position is kept as
//! `<half komi>|<TPS>`: TPS does not carry the komi, which the evaluation
//! counts.

use super::position::Position;
use super::types::Config;
use super::{Tak, eval, eval_weights, ptn, ptn_file, tps};
use crate::evalkit::EvalForm;
use crate::games::record::comment_score;
use crate::games::tunable::{RecordedGame, Tunable};

impl Tunable for Tak {
    type Pos = Position;
    const GAME: &'static str = "tak";
    const WEIGHTS_PATH: &'static str = "src/games/tak/eval_weights.rs";

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
        let mut out = Vec::new();
        for (k, game) in ptn_file::parse_many(text)
            .map_err(|e| e.to_string())?
            .into_iter()
            .enumerate()
        {
            let context = |e: String| format!("game {}: {e}", k + 1);
            let start = game.start().map_err(|e| context(e.to_string()))?;
            let mut pos = start.clone();
            let mut moves = Vec::with_capacity(game.moves.len());
            for m in &game.moves {
                let mv = ptn::parse_move(&pos, m).map_err(|e| context(format!("'{m}': {e}")))?;
                pos.make_move(mv);
                moves.push(mv);
            }
            let first_player_score = match game.result.as_deref() {
                Some("R-0" | "F-0" | "1-0") => Some(1.0),
                Some("0-R" | "0-F" | "0-1") => Some(0.0),
                Some("1/2-1/2") => Some(0.5),
                _ => None,
            };
            out.push(RecordedGame {
                start,
                moves,
                book_moves: game.book_moves,
                first_player_score,
                decided_on_board: matches!(
                    game.tag("Termination"),
                    None | Some("normal" | "adjudication")
                ),
                scores: game
                    .comments
                    .iter()
                    .map(|c| c.as_deref().and_then(comment_score))
                    .collect(),
            });
        }
        Ok(out)
    }

    fn position_text(pos: &Position) -> String {
        format!("{}|{}", pos.cfg.half_komi, tps::write(pos))
    }

    /// A TEI teacher is told the board alone; the komi is its `HalfKomi`
    /// option (`--teacher-option HalfKomi=4`).
    fn teacher_position(pos: &Position) -> String {
        tps::write(pos)
    }

    fn teacher_new_game(pos: &Position) -> Option<String> {
        Some(pos.size().to_string())
    }

    fn parse_position(text: &str) -> Result<Position, String> {
        let (komi, board) = text
            .split_once('|')
            .ok_or_else(|| format!("'{text}': no '<half komi>|' before the TPS"))?;
        let half_komi: i32 = komi
            .parse()
            .map_err(|_| format!("'{komi}' is not a half komi"))?;
        let rows = board.split(' ').next().map_or(0, |b| b.split('/').count());
        let size = super::parse_size(&rows.to_string())?;
        let mut cfg = Config::standard(size);
        cfg.half_komi = half_komi;
        tps::parse(board, cfg).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_with_their_book_moves() {
        let text = "[Size \"5\"]\n[Komi \"0\"]\n[Termination \"normal\"]\n\n\
                    1. a1 {book} e5 {book}\n2. b1 {+0.1/3} d5 0-1\n\n\
                    [Size \"5\"]\n[Termination \"time forfeit\"]\n\n1. a1 e5 2. b1 1-0\n";
        let games = Tak::read_records(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].moves.len(), games[0].book_moves), (4, 2));
        assert_eq!(games[0].first_player_score, Some(0.0));
        assert!(games[0].decided_on_board);
        // The search score after b1 (player 1's view there), none elsewhere.
        assert_eq!(games[0].scores, [None, None, Some(10.0), None]);
        assert_eq!(
            (games[1].book_moves, games[1].first_player_score),
            (0, Some(1.0))
        );
        assert!(!games[1].decided_on_board);
        let bad = text.replace("2. b1", "2. q9");
        assert!(Tak::read_records(&bad).is_err());
    }
}

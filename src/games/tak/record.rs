//! Tak's record: PTN (protocol-spec/tak.md §6), with the board's result
//! (`R-0`, `F-0`) and the seed's score of a finished board.

use super::Tak;
use super::ptn_file::{self, PtnGame};
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::games::{EndKind, GamePosition, MoveNotation, Outcome};

impl RecordFormat for Tak {
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RECORD_EXT: &'static str = "ptn";

    fn outcome_text(&self, outcome: &Outcome) -> String {
        let reason = &outcome.reason;
        match (
            outcome.winner().and_then(|w| Self::SIDES.get(w)),
            outcome.kind,
        ) {
            (Some(side), EndKind::Road) => format!("{side} wins by a road"),
            (Some(side), EndKind::FlatCount) => format!("{side} wins on flats"),
            (Some(side), _) => format!("{side} wins by {reason}"),
            (None, EndKind::FlatCount) => "Draw on flats (equal count)".to_string(),
            (None, _) => format!("Draw by {reason}"),
        }
    }

    fn write_record(&self, rec: &GameRecord) -> String {
        let start = self.record_start(rec);
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(rec.moves.len());
        for m in &rec.moves {
            match pos.parse_move(m, MoveNotation::Native) {
                Ok(mv) => {
                    moves.push(mv);
                    pos.play(mv);
                }
                Err(_) => break,
            }
        }
        // R-0 / F-0 when the board decided, else 1-0, 0-1 or 1/2-1/2.
        let result = match ptn_file::result_of(&pos) {
            "0-0" => rec.result_text(),
            r => r.to_string(),
        };
        let clean = |v: &str| v.replace('"', "'");
        let tags = vec![
            ("Event".to_string(), clean(&rec.event)),
            ("Site".to_string(), "?".to_string()),
            ("Date".to_string(), rec.date.clone()),
            ("Round".to_string(), rec.number.to_string()),
            ("Player1".to_string(), clean(&rec.players[0])),
            ("Player2".to_string(), clean(&rec.players[1])),
            ("TimeControl".to_string(), rec.time_control.clone()),
            ("Termination".to_string(), rec.termination.tag().to_string()),
        ];
        let game = PtnGame::from_game(tags, &start, &moves, Some(result.as_str()));
        let comments: Vec<Option<String>> = (0..moves.len())
            .map(|k| {
                if k < rec.book_moves {
                    Some("book".to_string())
                } else {
                    rec.comments.get(k).cloned().flatten()
                }
            })
            .collect();
        // The seed's multi-game scoring: the winner of a finished board
        // scores its area plus the pieces left in its reserve.
        let reason = match pos.game_score() {
            Some((Some(_), score)) => format!("{}; score {score}", rec.reason),
            _ => rec.reason.clone(),
        };
        let mut out = game.write_annotated(&comments, Some(&reason));
        out.push('\n');
        out
    }
}

/// Tak's board size comes from `--size` (default 6) and reaches the engines
/// as `teinewgame <size>` or `TakSize`; the komi from `--komi` (or the
/// engines' `HalfKomi` option) and reaches them as `HalfKomi`.
impl MatchRules for Tak {
    const KOMI_OPTION: Option<&'static str> = Some(super::OPTION_HALF_KOMI);
    const SIZE_OPTION: Option<&'static str> = Some(super::OPTION_SIZE);

    fn parse_komi(text: &str) -> Result<i32, String> {
        ptn_file::parse_komi(text)
            .ok_or_else(|| format!("--komi needs a number of points in steps of 0.5, got '{text}'"))
    }

    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        let size = size.unwrap_or(6);
        self.size = super::parse_size(&size.to_string()).map_err(|e| format!("--size: {e}"))?;
        if let Some(h) = half_komi {
            if !(-10..=10).contains(&h) {
                return Err(format!(
                    "komi {} out of range -5..5 (HalfKomi -10..10)",
                    ptn_file::format_komi(h)
                ));
            }
            self.half_komi = h;
        }
        Ok(Some(self.size.to_string()))
    }

    fn rule_options(&self) -> Vec<(String, String)> {
        let mut v = vec![(super::OPTION_SIZE.to_string(), self.size.to_string())];
        if self.half_komi != 0 {
            v.push((
                super::OPTION_HALF_KOMI.to_string(),
                self.half_komi.to_string(),
            ));
        }
        v
    }
}

//! Chinese checkers records for `tabula match`: PGN with `[Variant
//! "chinesecheckers"]`, the moves in the game's notation (`8-17`,
//! `3-16-18`), a start other than the 2-player one as `[FEN "<ccn>"]`
//! with `[SetUp "1"]`.

use super::ChineseCheckers;
use crate::games::Game;
use crate::games::pgn::write_pgn;
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::rules::RulesPosition;

impl RecordFormat for ChineseCheckers {
    const SIDES: [&'static str; 2] = ["Player 1", "Player 2"];
    const RECORD_EXT: &'static str = "pgn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let pos = rec
            .start
            .as_deref()
            .and_then(|t| self.parse_position(t).ok())
            .unwrap_or_else(|| self.start_position());
        let setup = match &rec.start {
            Some(f) => vec![("FEN", f.clone()), ("SetUp", "1".to_string())],
            None => Vec::new(),
        };
        write_pgn(rec, Self::ID, &setup, &rec.moves, pos.side_to_move(), 1)
    }
}

/// No board sizes, no komi; the rule options keep the engines' defaults.
impl MatchRules for ChineseCheckers {}

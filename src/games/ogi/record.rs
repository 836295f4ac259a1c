//! Ōgi's record: PGN with `[Variant "ogi"]` and the moves in USI notation
//! (`7g7f`, `P*5e`, `5d5c+`: what the engines said and the referee checked);
//! a start position other than the initial one is given as `[SFEN "..."]`
//! with `[SetUp "1"]`.

use super::{Ogi, Position};
use crate::games::Game;
use crate::games::pgn::write_pgn;
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::games::tunable::RecordedGame;
use crate::games::{GamePosition, MoveNotation};

impl RecordFormat for Ogi {
    const SIDES: [&'static str; 2] = ["Sente", "Gote"];
    const RECORD_EXT: &'static str = "pgn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let pos = self.record_start(rec);
        let first_side = pos.side_to_move_color();
        // SFEN counts plies from 1; PGN numbers full moves.
        let ply: u32 = rec
            .start
            .as_deref()
            .and_then(|f| f.split_whitespace().last()?.parse().ok())
            .unwrap_or(1);
        let fullmove = ply.div_ceil(2).max(1);
        let setup = match &rec.start {
            Some(f) => vec![("SFEN", f.clone()), ("SetUp", "1".to_string())],
            None => Vec::new(),
        };
        write_pgn(
            rec,
            ("Variant", Self::ID),
            &setup,
            &rec.moves,
            first_side,
            fullmove,
        )
    }
}

/// Ogi has no board sizes and no komi.
impl MatchRules for Ogi {}

/// The games of a PGN file written by `tabula match --pgnout` (USI moves),
/// replayed from their start positions (for the tuner).
pub fn read_pgn_games(text: &str) -> Result<Vec<RecordedGame<Position>>, String> {
    use crate::games::pgn::{replay_pgn_games, start_of};
    replay_pgn_games(
        text,
        |g| start_of(&Ogi::new(), g, "SFEN"),
        |pos, m| {
            pos.parse_move(m, MoveNotation::Native)
                .map_err(|e| e.to_string())
        },
    )
}

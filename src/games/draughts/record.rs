//! Draughts records: PDN, the PGN layout with `[GameType "20"]`
//! (international) or `[GameType "25"]` (Russian), moves in PDN notation,
//! a start position other than the initial one as `[FEN "..."]`.

use super::{Draughts, Move, Position, Variant};
use crate::games::pgn::{PgnGame, Replayed, write_pgn};
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::games::tunable::RecordedGame;
use crate::games::{GamePosition, MoveNotation};

impl<V: Variant> RecordFormat for Draughts<V> {
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RECORD_EXT: &'static str = "pdn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let pos = self.record_start(rec);
        let setup = match &rec.start {
            Some(f) => vec![("FEN", f.clone())],
            None => Vec::new(),
        };
        let game_type = V::GAME_TYPE.to_string();
        write_pgn(
            rec,
            ("GameType", &game_type),
            &setup,
            &rec.moves,
            pos.side,
            1,
        )
    }
}

/// Draughts has no board sizes and no komi.
impl<V: Variant> MatchRules for Draughts<V> {}

/// One game read back from a PDN file.
#[derive(Debug, Clone)]
pub struct PdnGame<V: Variant> {
    pub start: Position<V>,
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// The games of a PDN file as `tabula match` writes it, replayed from
/// their start positions. `Err` names the game and the move.
pub fn read_pdn<V: Variant>(game: &Draughts<V>, text: &str) -> Result<Vec<PdnGame<V>>, String> {
    Ok(replay_all(game, text)?
        .into_iter()
        .map(|(g, start, moves)| PdnGame {
            start,
            moves,
            result: g.result,
        })
        .collect())
}

/// The games of a PDN file for the tuner: results, book moves, and
/// whether the board decided them.
pub fn read_recorded<V: Variant>(
    game: &Draughts<V>,
    text: &str,
) -> Result<Vec<RecordedGame<Position<V>>>, String> {
    crate::games::pgn::replay_pgn_games(text, |g| start_of(game, g), parse_move)
}

/// Every game of a PDN text with its start position and moves.
fn replay_all<V: Variant>(
    game: &Draughts<V>,
    text: &str,
) -> Result<Vec<Replayed<Position<V>>>, String> {
    crate::games::pgn::replay_pgn(text, |g| start_of(game, g), parse_move)
}

/// A game's start, refusing a record of the other rule set.
fn start_of<V: Variant>(game: &Draughts<V>, g: &PgnGame) -> Result<Position<V>, String> {
    if let Some(t) = g.tag("GameType")
        && t.split(',').next() != Some(V::GAME_TYPE.to_string().as_str())
    {
        return Err(format!("GameType {t} is not {}", V::ID));
    }
    crate::games::pgn::start_of(game, g, "FEN")
}

fn parse_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, String> {
    pos.parse_move(text, MoveNotation::Native)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::draughts::{International, Russian};
    use crate::games::record::{GameResult, Termination};

    fn rec(moves: &[&str], start: Option<&str>) -> GameRecord {
        GameRecord {
            number: 1,
            players: vec!["a".into(), "b".into()],
            seat_engines: vec![0, 1],
            start: start.map(str::to_string),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            book_moves: 0,
            comments: vec![],
            result: GameResult::forfeit(1, 2),
            reason: "White wins by no legal move".into(),
            termination: Termination::Normal,
            time_control: "-".into(),
            date: "2026.01.01".into(),
            event: "test".into(),
            seed: None,
            session_points: Vec::new(),
        }
    }

    #[test]
    fn pdn_records_read_back() {
        let g = International::new();
        let text = g.write_record(&rec(&["32-28", "19-23", "28x19", "14x23"], None));
        assert!(text.contains("[GameType \"20\"]\n"), "{text}");
        assert!(text.contains("1. 32-28 19-23 2. 28x19 14x23"), "{text}");
        let games = read_pdn(&g, &text).unwrap();
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(games[0].result, "1-0");
        // A set-up start, Black to move, and Russian moves.
        let r = Russian::new();
        let text = r.write_record(&rec(&["d4:b2"], Some("B:Wc3,e3:Bd4")));
        assert!(
            text.contains("[GameType \"25\"]\n[FEN \"B:Wc3,e3:Bd4\"]\n"),
            "{text}"
        );
        assert!(text.contains("1... d4:b2"), "{text}");
        let games = read_pdn(&r, &text).unwrap();
        assert_eq!(games[0].start.to_notation(), "B:Wc3,e3:Bd4");
        // A record of the other rule set, or a move that is not legal, is refused.
        assert!(read_pdn(&g, &text).unwrap_err().contains("GameType 25"));
        let bad = text.replace("d4:b2", "d4:h8");
        assert!(read_pdn(&r, &bad).unwrap_err().starts_with("game 1:"));
    }
}

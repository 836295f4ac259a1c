//! Makruk's record: PGN with SAN moves (FEN letters as piece letters) and
//! `[Variant "makruk"]`.

use super::types::{NO_PIECE, PAWN, piece_kind};
use super::{Makruk, Move, Position};
use crate::games::pgn::write_pgn;
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::games::tunable::RecordedGame;
use crate::games::{Game, GamePosition, MoveNotation};
use crate::search::AlphaBetaPosition;

impl RecordFormat for Makruk {
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RECORD_EXT: &'static str = "pgn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let mut pos = match &rec.start {
            Some(f) => self
                .parse_position(f)
                .unwrap_or_else(|_| self.start_position()),
            None => self.start_position(),
        };
        let first_side = pos.side_to_move_color();
        let fullmove = rec
            .start
            .as_deref()
            .and_then(|f| f.split_whitespace().last()?.parse().ok())
            .unwrap_or(1);
        let mut sans = Vec::new();
        for m in &rec.moves {
            match pos.parse_move(m, MoveNotation::Native) {
                Ok(mv) => {
                    sans.push(makruk_san(&pos, mv));
                    pos.play(mv);
                }
                Err(_) => {
                    sans.push(m.clone());
                    break;
                }
            }
        }
        let setup = match &rec.start {
            Some(f) => vec![("FEN", f.clone()), ("SetUp", "1".to_string())],
            None => Vec::new(),
        };
        write_pgn(
            rec,
            ("Variant", Self::ID),
            &setup,
            &sans,
            first_side,
            fullmove,
        )
    }
}

/// Standard algebraic notation for Makruk, with the FEN letters as piece
/// letters (K, M met, S khon, N, R); promotion `=M`, `+` check, `#` mate.
pub fn makruk_san(pos: &Position, mv: Move) -> String {
    const LETTERS: [char; 6] = ['P', 'M', 'S', 'N', 'R', 'K'];
    let name = |sq: usize| super::types::square_name(sq);
    let (from, to) = (mv.from(), mv.to());
    let kind = piece_kind(pos.board[from]);
    let capture = pos.board[to] != NO_PIECE;
    let mut s = String::new();
    if kind == PAWN {
        if capture {
            s.push(name(from).chars().next().unwrap_or('?'));
            s.push('x');
        }
        s.push_str(&name(to));
        if mv.is_promotion() {
            s.push_str("=M");
        }
    } else {
        s.push(LETTERS[kind]);
        let rivals: Vec<usize> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.to() == to && m.from() != from && piece_kind(pos.board[m.from()]) == kind)
            .map(|m| m.from())
            .collect();
        if !rivals.is_empty() {
            let sq = name(from);
            if rivals.iter().all(|&r| r % 8 != from % 8) {
                s.push_str(&sq[..1]);
            } else if rivals.iter().all(|&r| r / 8 != from / 8) {
                s.push_str(&sq[1..]);
            } else {
                s.push_str(&sq);
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&name(to));
    }
    let mut after = pos.clone();
    after.play(mv);
    if after.in_check() {
        s.push(if after.legal_move_list().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// The legal move that `san` (as [`makruk_san`] writes it; the check mark
/// is not required) stands for in `pos`, if any.
pub fn parse_san(pos: &Position, san: &str) -> Option<Move> {
    let bare = san.trim_end_matches(['+', '#']);
    pos.legal_move_list()
        .into_iter()
        // Only moves to the square the text names need their SAN written.
        .filter(|m| bare.contains(super::types::square_name(m.to()).as_str()))
        .find(|&m| makruk_san(pos, m).trim_end_matches(['+', '#']) == bare)
}

/// The games of a PGN file written by `tabula match --pgnout` (or any PGN of
/// Makruk in its SAN), replayed from their start positions.
pub fn read_pgn_games(game: &Makruk, text: &str) -> Result<Vec<RecordedGame<Position>>, String> {
    use crate::games::pgn::{replay_pgn_games, start_of};
    replay_pgn_games(
        text,
        |g| start_of(game, g, "FEN"),
        |pos, san| parse_san(pos, san).ok_or_else(|| format!("'{san}' is not a legal move here")),
    )
}

/// Makruk has no board sizes and no komi.
impl MatchRules for Makruk {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::record::{GameResult, Termination};

    fn rec(moves: &[&str], start: Option<&str>) -> GameRecord {
        GameRecord {
            number: 1,
            players: vec!["a".into(), "b".into()],
            seat_engines: vec![0, 1],
            start: start.map(str::to_string),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            book_moves: 1,
            comments: vec![None, Some("+0.10/3 0.01s".into())],
            result: GameResult::draw(2),
            reason: "Draw by move cap".into(),
            termination: Termination::Adjudication,
            time_control: "10+0.1".into(),
            date: "2025.01.01".into(),
            event: "test".into(),
            seed: None,
            session_points: Vec::new(),
        }
    }

    #[test]
    fn makruk_pgn() {
        let g = Makruk::new();
        let pgn = g.write_record(&rec(&["e3e4", "e6e5", "b1d2"], None));
        assert!(pgn.contains("[Variant \"makruk\"]\n"), "{pgn}");
        assert!(pgn.contains("[Result \"1/2-1/2\"]\n"));
        assert!(pgn.contains("[Termination \"adjudication\"]\n"));
        assert!(!pgn.contains("[FEN"));
        assert!(
            pgn.contains("1. e4 {book} e5 {+0.10/3 0.01s} 2. Nd2 {Draw by move cap} 1/2-1/2"),
            "{pgn}"
        );
        let fen = "4k3/8/8/8/8/8/4r3/R2K4 b - - 0 30";
        let pgn = g.write_record(&rec(&["e2e1"], Some(fen)));
        assert!(pgn.contains("[FEN \"4k3/8/8/8/8/8/4r3/R2K4 b - - 0 30\"]\n[SetUp \"1\"]"));
        assert!(pgn.contains("30... Re1+ {book}"), "{pgn}");
    }

    #[test]
    fn records_read_back() {
        let g = Makruk::new();
        let moves = ["e3e4", "e6e5", "b1d2", "d6d5", "e4d5", "g8e7"];
        let mut text = g.write_record(&rec(&moves, None));
        text.push_str(&g.write_record(&rec(&["e2e1"], Some("4k3/8/8/8/8/8/4r3/R2K4 b - - 0 30"))));
        let games = read_pgn_games(&g, &text).unwrap();
        assert_eq!(games.len(), 2);
        let uci: Vec<String> = games[0].moves.iter().map(|m| m.uci()).collect();
        assert_eq!(uci, moves);
        assert_eq!(games[0].book_moves, 1);
        assert_eq!(&games[0].scores[..3], [None, Some(10.0), None]);
        assert_eq!(games[0].first_player_score, Some(0.5));
        assert!(games[0].decided_on_board);
        assert_eq!(
            games[1].start.to_notation(),
            "4k3/8/8/8/8/8/4r3/R2K4 b - - 0 30"
        );
        assert_eq!(games[1].moves[0].uci(), "e2e1");
        let bad = text.replace("Nd2", "Nd3");
        assert!(
            read_pgn_games(&g, &bad)
                .unwrap_err()
                .starts_with("game 1: 'Nd3'")
        );
    }
}

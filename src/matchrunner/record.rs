//! Game records, and what the runner needs to know about a game beyond the
//! [`Game`] trait: its native dialect, its side names and its record format.
//!
//! Adding a game to `tabula match` is an `impl MatchGame` here (a few lines
//! when its record is PGN-like) plus one arm in `runner::run`.

use super::client::{Dialect, EngineSpec};
use crate::games::makruk::types::{NO_PIECE, PAWN, piece_kind};
use crate::games::makruk::{self, Makruk};
use crate::games::ogi::Ogi;
use crate::games::tak::ptn_file::{self, PtnGame};
use crate::games::tak::{self, Tak};
use crate::games::{EndKind, Game, GamePosition, MoveNotation, Outcome};
use crate::rules::RulesPosition;
use crate::search::AlphaBetaPosition;

/// The result of one game, seen from the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    FirstWins,
    SecondWins,
    Draw,
}

/// The PGN `Termination` tag values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// Ended by the rules (mate, stalemate, repetition, counting, road).
    Normal,
    /// The runner adjudicated (move cap).
    Adjudication,
    TimeForfeit,
    /// An illegal move or a protocol violation.
    RulesInfraction,
    /// The engine crashed or could not be started.
    Abandoned,
    /// The engine stopped answering without a clock to lose on.
    Stalled,
}

impl Termination {
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Stalled => "stalled connection",
        }
    }
}

/// Everything the record writers need about one finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// 1-based game number in the match.
    pub number: usize,
    /// Names of the first and the second player.
    pub players: [String; 2],
    /// The start position when it is not the game's own start.
    pub start: Option<String>,
    /// All moves from `start` in the game's native notation; the first
    /// `book_moves` came from the opening file.
    pub moves: Vec<String>,
    pub book_moves: usize,
    /// Per move: the engine's score/depth and time used, for comments.
    pub comments: Vec<Option<String>>,
    pub result: GameResult,
    /// Human-readable reason: `White mates`, `Black loses on time`, ...
    pub reason: String,
    pub termination: Termination,
    /// Time control, PGN `TimeControl` form.
    pub time_control: String,
    pub date: String,
    pub event: String,
}

impl GameRecord {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.result {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// What `tabula match` needs from a game.
pub trait MatchGame: Game {
    /// The dialect the game's engines speak natively.
    const DIALECT: Dialect;
    /// Names of the first and the second player (`White`, `Black`).
    const SIDES: [&'static str; 2];
    /// File extension of the record format (`pgn`, `ptn`).
    const RECORD_EXT: &'static str;
    /// The engine option that carries the komi (Tak: `HalfKomi`, in half
    /// flats), if the game has komi.
    const KOMI_OPTION: Option<&'static str> = None;
    /// Applies `--size` and the komi (half points); returns the argument of
    /// the new-game command (`teinewgame 5`), if the game has one.
    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        if size.is_some() {
            return Err(format!("{} has no board size option", Self::ID));
        }
        if half_komi.is_some() {
            return Err(format!("{} has no komi", Self::ID));
        }
        Ok(None)
    }
    /// `setoption`s every engine speaking `dialect` is sent so that it
    /// plays the referee's rules (Tak: `HalfKomi` when the komi is not 0,
    /// and `TakSize` outside TEI, which has no `teinewgame <size>`).
    fn rule_options(&self, _dialect: Dialect) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The reason text of a game the rules ended (`White mates`).
    fn outcome_text(&self, outcome: &Outcome) -> String {
        let reason = &outcome.reason;
        match outcome.winner().and_then(|w| Self::SIDES.get(w)) {
            Some(side) if outcome.kind == EndKind::Checkmate => format!("{side} mates"),
            Some(side) => format!("{side} wins by {reason}"),
            None => format!("Draw by {reason}"),
        }
    }
    /// One game in the record format, ending with an empty line.
    fn write_record(&self, rec: &GameRecord) -> String;
}

impl MatchGame for Makruk {
    const DIALECT: Dialect = Dialect::Uci;
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RECORD_EXT: &'static str = "pgn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let mut pos = match &rec.start {
            Some(f) => self
                .parse_position(f)
                .unwrap_or_else(|_| self.start_position()),
            None => self.start_position(),
        };
        let first_side = pos.side_to_move();
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
        write_pgn(rec, Self::ID, &setup, &sans, first_side, fullmove)
    }
}

/// Tak: TEI engines, PTN records (protocol-spec/tak.md §6). The board size
/// comes from `--size` (default 6) and reaches the engines as `teinewgame
/// <size>`; the komi from `--komi` (or the engines' `HalfKomi` option) and
/// reaches them as `setoption name HalfKomi`.
impl MatchGame for Tak {
    const DIALECT: Dialect = Dialect::Tei;
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RECORD_EXT: &'static str = "ptn";
    const KOMI_OPTION: Option<&'static str> = Some(tak::OPTION_HALF_KOMI);

    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        let size = size.unwrap_or(6);
        self.size = tak::parse_size(&size.to_string()).map_err(|e| format!("--size: {e}"))?;
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

    fn rule_options(&self, dialect: Dialect) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if dialect != Dialect::Tei {
            v.push((tak::OPTION_SIZE.to_string(), self.size.to_string()));
        }
        if self.half_komi != 0 {
            v.push((
                tak::OPTION_HALF_KOMI.to_string(),
                self.half_komi.to_string(),
            ));
        }
        v
    }

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
        let start = rec
            .start
            .as_deref()
            .and_then(|t| self.parse_position(t).ok())
            .unwrap_or_else(|| self.start_position());
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
            r => r,
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
        let game = PtnGame::from_game(tags, &start, &moves, Some(result));
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

/// Ōgi: USI engines, PGN records with `[Variant "ogi"]` and the moves in
/// USI notation (`7g7f`, `P*5e`, `5d5c+`: what the engines said and the
/// referee checked); a start position other than the initial one is given
/// as `[SFEN "..."]` with `[SetUp "1"]`.
impl MatchGame for Ogi {
    const DIALECT: Dialect = Dialect::Usi;
    const SIDES: [&'static str; 2] = ["Sente", "Gote"];
    const RECORD_EXT: &'static str = "pgn";

    fn write_record(&self, rec: &GameRecord) -> String {
        let pos = rec
            .start
            .as_deref()
            .and_then(|t| self.parse_position(t).ok())
            .unwrap_or_else(|| self.start_position());
        let first_side = pos.side_to_move();
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
        write_pgn(rec, Self::ID, &setup, &rec.moves, first_side, fullmove)
    }
}

/// An engine as a game starts it in `dialect`: the game's rule options
/// ([`MatchGame::rule_options`]) follow the user's `--option`s, unless the
/// user set the same option.
pub fn engine_for<G: MatchGame>(game: &G, spec: &EngineSpec, dialect: Dialect) -> EngineSpec {
    let mut e = spec.clone();
    for (name, value) in game.rule_options(dialect) {
        if !e.options.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
            e.options.push((name, value));
        }
    }
    e
}

/// Standard algebraic notation for Makruk, with the FEN letters as piece
/// letters (K, M met, S khon, N, R); promotion `=M`, `+` check, `#` mate.
pub fn makruk_san(pos: &makruk::Position, mv: makruk::Move) -> String {
    const LETTERS: [char; 6] = ['P', 'M', 'S', 'N', 'R', 'K'];
    let name = |sq: usize| makruk::types::square_name(sq);
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

/// A PGN game (chess-like games: Makruk, Ōgi) from SAN (or USI) moves;
/// `setup` holds the tags of a start position that is not the game's own
/// (`FEN`/`SetUp`, `SFEN`/`SetUp`).
pub fn write_pgn(
    rec: &GameRecord,
    variant: &str,
    setup: &[(&str, String)],
    sans: &[String],
    first_side: usize,
    fullmove: u32,
) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag(&mut out, "Event", &rec.event);
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", &rec.date);
    tag(&mut out, "Round", &rec.number.to_string());
    tag(&mut out, "White", &rec.players[0]);
    tag(&mut out, "Black", &rec.players[1]);
    tag(&mut out, "Result", rec.result_text());
    tag(&mut out, "Variant", variant);
    for (k, v) in setup {
        tag(&mut out, k, v);
    }
    tag(&mut out, "TimeControl", &rec.time_control);
    tag(&mut out, "Termination", rec.termination.tag());
    tag(&mut out, "PlyCount", &sans.len().to_string());
    out.push('\n');
    // Movetext, wrapped at 80 columns.
    let mut tokens: Vec<String> = Vec::new();
    let mut number = fullmove;
    let mut side = first_side;
    for (k, san) in sans.iter().enumerate() {
        // The move number stays on the line of its move.
        if side == 0 {
            tokens.push(format!("{number}. {san}"));
        } else if k == 0 {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.clone());
        }
        let comment = if k < rec.book_moves {
            Some("book".to_string())
        } else {
            rec.comments.get(k).cloned().flatten()
        };
        if let Some(c) = comment {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        if side == 1 {
            number += 1;
        }
        side ^= 1;
    }
    tokens.push(format!("{{{}}}", rec.reason.replace('}', ")")));
    tokens.push(rec.result_text().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Today's date as `YYYY.MM.DD` (UTC), without a date crate.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(moves: &[&str], start: Option<&str>) -> GameRecord {
        GameRecord {
            number: 1,
            players: ["a".into(), "b".into()],
            start: start.map(str::to_string),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            book_moves: 1,
            comments: vec![None, Some("+0.10/3 0.01s".into())],
            result: GameResult::Draw,
            reason: "Draw by move cap".into(),
            termination: Termination::Adjudication,
            time_control: "10+0.1".into(),
            date: "2025.01.01".into(),
            event: "test".into(),
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
    fn date_shape() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}

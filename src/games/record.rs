//! Game records: the neutral account of one played game (players, moves,
//! result, how it ended) and the trait by which each game writes it in its
//! own record format (PGN, PTN, ...). Each game's writer lives in its folder.

use super::{EndKind, Game, Outcome};

/// The result of one game: each seat's place (0 = first; seats that share a
/// place drew with each other), for any number of seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    pub places: Vec<u8>,
    /// Each seat's points by the game's own scoring when the rules ended
    /// the game (backgammon: ±win value × cube); `None` for forfeits and
    /// adjudications.
    pub points: Option<Vec<i32>>,
}

impl GameResult {
    /// Every seat shares first place.
    pub fn draw(seats: usize) -> GameResult {
        GameResult {
            places: vec![0; seats],
            points: None,
        }
    }

    /// `seat` lost by itself (time, illegal move, crash): it is last, the
    /// others share first place.
    pub fn forfeit(seat: usize, seats: usize) -> GameResult {
        GameResult {
            places: (0..seats).map(|k| u8::from(k == seat)).collect(),
            points: None,
        }
    }

    /// The places the rules gave (`Outcome::places`).
    pub fn ranked(places: Vec<u8>) -> GameResult {
        GameResult {
            places,
            points: None,
        }
    }

    /// The result of a game the rules ended: places and points.
    pub fn of_outcome(outcome: &Outcome) -> GameResult {
        GameResult {
            places: outcome.places.clone(),
            points: Some(outcome.points.clone()),
        }
    }

    /// `seat`'s points by the game's scoring: the rules' points, or for a
    /// forfeit or an adjudication 1 per place difference (a forfeit loses
    /// one point, as a single game).
    pub fn points_of(&self, seat: usize) -> i32 {
        if let Some(p) = self.points.as_ref().and_then(|p| p.get(seat)) {
            return *p;
        }
        let Some(&mine) = self.places.get(seat) else {
            return 0;
        };
        let beat = self.places.iter().filter(|&&q| q > mine).count() as i32;
        let beaten = self.places.iter().filter(|&&q| q < mine).count() as i32;
        beat - beaten
    }

    pub fn seats(&self) -> usize {
        self.places.len()
    }

    /// The place of `seat`, if it played.
    pub fn place_of(&self, seat: usize) -> Option<u8> {
        self.places.get(seat).copied()
    }

    pub fn is_draw(&self) -> bool {
        self.places.iter().all(|&p| p == 0)
    }

    /// `1-0`, `0-1`, `1/2-1/2` for two seats; for more, each seat's place
    /// counted from 1 (`1-3-2`).
    pub fn text(&self) -> String {
        match self.places.as_slice() {
            [a, b] if a == b => "1/2-1/2".to_string(),
            [a, b] if a < b => "1-0".to_string(),
            [_, _] => "0-1".to_string(),
            places => places
                .iter()
                .map(|p| (u32::from(*p) + 1).to_string())
                .collect::<Vec<_>>()
                .join("-"),
        }
    }
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
    /// The players' names, seat by seat (first player first).
    pub players: Vec<String>,
    /// Per seat, the index of its engine in the match (records that keep
    /// one column per engine, as `.mat` files do, need it).
    pub seat_engines: Vec<usize>,
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
    /// The match seed the referee rolled this game's chance outcomes from,
    /// when the game had any (the game number is the other input).
    pub seed: Option<u64>,
    /// Per engine of the match, the points it won in the earlier games of
    /// the record file (a money session's running score, as `.mat` files
    /// show it before each game); empty when not kept.
    pub session_points: Vec<u32>,
}

impl GameRecord {
    /// `1-0`, `0-1`, `1/2-1/2` (see [`GameResult::text`]).
    pub fn result_text(&self) -> String {
        self.result.text()
    }
}

/// What a referee sets up beyond the start position: the board size and the
/// komi, and the engine options that carry them. Games without either keep
/// the defaults.
pub trait MatchRules: RecordFormat {
    /// The engine option that carries the komi (Tak: `HalfKomi`, in half
    /// flats), if the game has komi.
    const KOMI_OPTION: Option<&'static str> = None;
    /// The engine option that carries the board size (Tak: `TakSize`), if
    /// the game has sizes. A dialect whose new-game command takes the size
    /// (TEI's `teinewgame <size>`) carries it there instead.
    const SIZE_OPTION: Option<&'static str> = None;
    /// True when games are won by points of different sizes (backgammon:
    /// gammons, the cube), so the runner also reports points per game.
    const SCORED_BY_POINTS: bool = false;
    /// True when the referee rolls chance outcomes (dice) from the match
    /// seed: every record of the match names the seed, also one whose game
    /// ended before its first roll.
    const CHANCE: bool = false;
    /// Reads a komi as `--komi` gives it, in half points (`2.5` → 5);
    /// `Err` says what is wrong. Games without komi have none to read.
    fn parse_komi(text: &str) -> Result<i32, String> {
        Err(format!("{} has no komi, got '{text}'", Self::ID))
    }
    /// Applies `--size` and the komi (half points); returns the board size
    /// as the new-game argument, if the game has sizes.
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
    /// The options every engine is sent so that it plays the referee's
    /// rules (Tak: `TakSize`, and `HalfKomi` when the komi is not 0).
    fn rule_options(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The start position of a game of a match to `length` points with
    /// `score` per seat, `crawford` when it is the Crawford game, as
    /// position text the engines and the referee read; `None` for games
    /// that are not played in matches to points.
    fn match_start(&self, _length: u32, _score: [u32; 2], _crawford: bool) -> Option<String> {
        None
    }
}

/// A game's record format: its side names, file extension and writer.
pub trait RecordFormat: Game {
    /// Names of the first and the second player (`White`, `Black`).
    const SIDES: [&'static str; 2];
    /// File extension of the record format (`pgn`, `ptn`).
    const RECORD_EXT: &'static str;
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
    /// The position the recorded game started from: its start text, or
    /// the game's start when there is none (or it no longer reads).
    fn record_start(&self, rec: &GameRecord) -> Self::Pos {
        rec.start
            .as_deref()
            .and_then(|t| self.parse_position(t).ok())
            .unwrap_or_else(|| self.start_position())
    }
}

/// What a mate counts as among scores in the evaluation's units.
pub const MATE_SCORE: f32 = 100_000.0;

/// A search score of the kind every player's moves carry in a record's
/// comments (`+0.35/12 0.01s`, `-M3/12`, as the match runner writes them),
/// in the evaluation's units (hundredths of a pawn, man or flat), from the
/// mover's view; a mate counts as [`MATE_SCORE`]. `None` for other
/// comments (`book`) or none.
pub fn comment_score(comment: &str) -> Option<f32> {
    let score = comment.split(['/', ' ']).next()?;
    let (sign, rest) = match score.as_bytes().first()? {
        b'+' => (1.0, &score[1..]),
        b'-' => (-1.0, &score[1..]),
        _ => return None,
    };
    if let Some(plies) = rest.strip_prefix('M') {
        plies.parse::<u32>().ok()?;
        return Some(sign * MATE_SCORE);
    }
    let pawns: f32 = rest.parse().ok()?;
    pawns.is_finite().then_some(sign * pawns * 100.0)
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

    #[test]
    fn results_as_places() {
        assert_eq!(GameResult::draw(2).text(), "1/2-1/2");
        assert_eq!(GameResult::forfeit(0, 2).text(), "0-1");
        assert_eq!(GameResult::forfeit(1, 2).text(), "1-0");
        let three = GameResult::forfeit(1, 3);
        assert_eq!(three.places, vec![0, 1, 0]);
        assert_eq!(three.text(), "1-2-1");
        assert_eq!(three.place_of(2), Some(0));
        assert_eq!(three.place_of(3), None);
        assert!(!three.is_draw() && GameResult::draw(4).is_draw());
        assert_eq!(GameResult::ranked(vec![2, 0, 1]).text(), "3-1-2");
    }

    #[test]
    fn comment_scores_are_read_in_evaluation_units() {
        assert_eq!(comment_score("+0.35/12 0.01s"), Some(35.0));
        assert_eq!(comment_score("-2.63/6 0.00s"), Some(-263.0));
        assert_eq!(comment_score("+0.00/1"), Some(0.0));
        assert_eq!(comment_score("-M3/12 0.10s"), Some(-100_000.0));
        assert_eq!(comment_score("+M1"), Some(100_000.0));
        for c in [
            "book", "", "+", "-M", "+Mx/3", "0.35/12", "+inf/3", "+NaN", "+1e99999",
        ] {
            assert_eq!(comment_score(c), None, "{c}");
        }
    }

    #[test]
    fn date_shape() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}

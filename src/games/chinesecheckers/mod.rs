//! Chinese checkers on the 121-hole star for 2, 3, 4 or 6 players,
//! protocol-spec/chinesecheckers.md. The moves come from the shared hop
//! machinery of [`crate::games::hopboard`].
//!
//! * [`star`]: the board, its numbering, corners and seats.
//! * [`position`]: marbles, make/unmake, finishing, the home-exit rule,
//!   the ranking.
//! * [`ccn`], [`notation`]: positions and moves as text.
//! * [`perft`]: the oracle's perft.
//! * [`search`]: the rules and search traits (distance evaluation).

pub mod ccn;
pub mod notation;
pub mod perft;
pub mod position;
pub mod record;
pub mod search;
pub mod star;

pub use position::{FinishRule, Move, Position, Rules, Standing};

use crate::games::hopboard::{CellSet, HopKind};
use crate::games::{Game, GameError, GamePosition, MoveNotation, OptionKind, OptionSpec};
use crate::rules::RulesPosition;
use crate::search::{MultiMethod, SearchSettings};

pub const OPTION_PLAYERS: &str = "Players";
pub const OPTION_LONG_JUMPS: &str = "Long Jumps";
pub const OPTION_HOME_EXIT: &str = "Home Exit Limit";
pub const OPTION_FINISH: &str = "Finish Rule";
pub const OPTION_MULTI_SEARCH: &str = "MultiSearch";
pub const OPTION_GREEDY: &str = "Greedy";
const HOME_EXIT_MAX: i64 = 200;

/// The game kind and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChineseCheckers {
    pub players: usize,
    pub rules: Rules,
    /// The search of more than two players: best-reply or paranoid.
    pub multi_search: MultiMethod,
    /// Play the greedy baseline instead of searching.
    pub greedy: bool,
}

impl Game for ChineseCheckers {
    type Pos = Position;
    type Search = crate::search::multiplayer::MultiPlayerSearch<Position>;
    const ID: &'static str = "chinesecheckers";

    fn new() -> Self {
        ChineseCheckers {
            players: 2,
            rules: Rules::default(),
            multi_search: MultiMethod::Brs,
            greedy: false,
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let combo = |name: &str, default: &str, vars: &[&str]| OptionSpec {
            name: name.to_string(),
            kind: OptionKind::Combo {
                default: default.to_string(),
                vars: vars.iter().map(|v| v.to_string()).collect(),
            },
        };
        vec![
            combo(OPTION_PLAYERS, "2", &["2", "3", "4", "6"]),
            OptionSpec {
                name: OPTION_LONG_JUMPS.to_string(),
                kind: OptionKind::Check { default: false },
            },
            OptionSpec {
                name: OPTION_HOME_EXIT.to_string(),
                kind: OptionKind::Spin {
                    default: 30,
                    min: 0,
                    max: HOME_EXIT_MAX,
                },
            },
            combo(OPTION_FINISH, "own", &["own", "filled"]),
            combo(OPTION_MULTI_SEARCH, "brs", &["brs", "paranoid"]),
            OptionSpec {
                name: OPTION_GREEDY.to_string(),
                kind: OptionKind::Check { default: false },
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        let n = name.trim();
        let v = value.trim();
        let bad = |what: &str| GameError::Parse(format!("{n} value '{v}' {what}"));
        if n.eq_ignore_ascii_case(OPTION_PLAYERS) {
            self.players = match v {
                "2" => 2,
                "3" => 3,
                "4" => 4,
                "6" => 6,
                _ => return Err(bad("is not one of 2 3 4 6")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_LONG_JUMPS) {
            self.rules.hops = match v.to_ascii_lowercase().as_str() {
                "true" => HopKind::Long,
                "false" => HopKind::Adjacent,
                _ => return Err(bad("is not true or false")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_HOME_EXIT) {
            self.rules.home_exit_limit = match v.parse::<u32>() {
                Ok(k) if i64::from(k) <= HOME_EXIT_MAX => k,
                _ => return Err(bad("is not in 0..200")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_FINISH) {
            self.rules.finish = match v.to_ascii_lowercase().as_str() {
                "own" => FinishRule::Own,
                "filled" => FinishRule::Filled,
                _ => return Err(bad("is not one of own filled")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_MULTI_SEARCH) {
            self.multi_search = match v.to_ascii_lowercase().as_str() {
                "brs" => MultiMethod::Brs,
                "paranoid" => MultiMethod::Paranoid,
                _ => return Err(bad("is not one of brs paranoid")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_GREEDY) {
            self.greedy = match v.to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => return Err(bad("is not true or false")),
            };
        } else {
            return Err(GameError::Unsupported(format!(
                "unknown chinesecheckers option '{}'",
                crate::games::shorten(n)
            )));
        }
        Ok(())
    }

    fn start_position(&self) -> Position {
        Position::start(self.players, self.rules)
            .or_else(|| Position::start(2, self.rules))
            .expect("2 players have seats")
    }

    fn parse_position(&self, text: &str) -> Result<Position, GameError> {
        ccn::parse(text, self.rules)
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        &["ccn", "fen"]
    }

    fn notation_label(&self) -> &'static str {
        "Ccn"
    }

    fn uci_notation_label(&self) -> &'static str {
        "Ccn"
    }

    fn option_restarts_game(&self, name: &str) -> bool {
        name.trim().eq_ignore_ascii_case(OPTION_PLAYERS)
    }

    fn prepare_search(&self, pos: &mut Position) {
        pos.set_rules(self.rules);
    }

    fn search_settings(&self, settings: &mut SearchSettings) {
        settings.multi = if self.greedy {
            MultiMethod::Greedy
        } else {
            self.multi_search
        };
    }

    /// A `ccn` with its own number of players sets the option.
    fn adopt_position(&mut self, pos: &Position) {
        self.players = pos.player_count();
    }

    fn bench_positions(&self) -> Vec<String> {
        search::BENCH_CCN.iter().map(|s| s.to_string()).collect()
    }

    fn bench_depth(&self) -> u32 {
        search::BENCH_DEPTH
    }
}

impl GamePosition for Position {
    fn to_notation(&self) -> String {
        ccn::write(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<Move, GameError> {
        notation::parse(self, text)
    }

    fn format_move(&self, mv: Move, _notation: MoveNotation) -> String {
        notation::format(self, mv)
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate_legal(&mut out);
        out
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }

    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)> {
        perft::divide(self, depth)
            .into_iter()
            .map(|(mv, n)| (self.format_move(mv, notation), n))
            .collect()
    }

    /// `tomove <k>` before a search, or the result when the game is over.
    fn search_notes(&self) -> Vec<String> {
        if !self.is_over() {
            return vec![format!("tomove {}", self.to_move() + 1)];
        }
        let ranks: Vec<String> = self
            .places()
            .iter()
            .enumerate()
            .map(|(p, place)| format!("{}={}", p + 1, place + 1))
            .collect();
        vec![format!("result {}", ranks.join(" "))]
    }
}

/// The star with each marble as its player's number, `.` for an empty
/// hole, then one line per player.
fn diagram(pos: &Position) -> String {
    let coords = star::coordinates();
    let mut rows: Vec<Vec<u8>> = vec![vec![b' '; 50]; 17];
    for (cell, &(x, r)) in coords.iter().enumerate() {
        let owner = (0..pos.player_count()).find(|&p| pos.marbles(p).contains(cell));
        let ch = owner.map_or(b'.', |p| b'1' + p as u8);
        rows[r as usize][2 * x as usize] = ch;
    }
    // A blank line first, as every game's `d` begins.
    let mut out = String::from("\n");
    for row in rows {
        out.push_str(String::from_utf8_lossy(&row).trim_end());
        out.push('\n');
    }
    for p in 0..pos.player_count() {
        let state = match pos.standing(p) {
            Standing::Playing => format!(
                "playing, {} moves made, {} steps to go",
                pos.moves_made(p),
                pos.remaining_distance(p)
            ),
            Standing::Finished { moves: 0, .. } => "finished".to_string(),
            Standing::Finished { moves, .. } => format!("finished after {moves} moves"),
            Standing::Eliminated { .. } => "eliminated".to_string(),
        };
        let marker = if !pos.is_over() && pos.to_move() == p {
            " (to move)"
        } else {
            ""
        };
        out.push_str(&format!(
            "Player {} {}->{}: {state}{marker}\n",
            p + 1,
            star::CORNER_NAMES[pos.home_corner(p)],
            star::CORNER_NAMES[pos.target_corner(p)]
        ));
    }
    out
}

impl RulesPosition for Position {
    type Move = Move;

    fn players(&self) -> usize {
        self.player_count()
    }

    #[inline]
    fn side_to_move(&self) -> usize {
        self.to_move()
    }

    /// The moves of the player to move; the pass when it has none; nothing
    /// when the game is over.
    fn generate_legal(&self, out: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let before = out.len();
        self.moves_into(out);
        if out.len() == before {
            out.push(Move::PASS);
        }
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.make_move(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.unmake_move();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.hash()
    }

    fn outcome(&self) -> Option<crate::games::Outcome> {
        if !self.is_over() {
            return None;
        }
        let places = self.places();
        let ended = |f: fn(Standing) -> bool| (0..self.player_count()).any(|p| f(self.standing(p)));
        let filled = ended(|s| matches!(s, Standing::Finished { .. }));
        let eliminated = ended(|s| matches!(s, Standing::Eliminated { .. }));
        let reason = match (filled, eliminated) {
            (true, true) => "targets filled and the home-exit rule",
            (false, true) => "the home-exit rule",
            _ => "targets filled",
        };
        Some(crate::games::Outcome::ranked(
            places,
            crate::games::EndKind::Finished,
            reason,
        ))
    }
}

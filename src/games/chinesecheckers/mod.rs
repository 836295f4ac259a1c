//! Chinese checkers on the 121-hole star for 2, 3, 4 or 6 players,
//! protocol-spec/chinesecheckers.md. The star is a layout of the shared
//! hop-board layer ([`crate::games::hopboard`]), which has the rules,
//! notation, perft, evaluation and records; this folder has the board and
//! the options.
//!
//! * [`star`]: the board, its numbering, corners and seats.
//! * [`ccn`]: the position notation's name for the star.
//! * [`search`]: the bench positions.
//! * [`record`]: the record format and the options a match sends.
//! * [`eval_weights`]: the evaluation's weights, written by `tabula tune
//!   chinesecheckers`; `tune`: the game's part in the tuner.

pub mod ccn;
pub mod eval_weights;
pub mod record;
pub mod search;
pub mod star;
mod tune;

pub use crate::games::hopboard::{FinishRule, Move, Rules, Standing};

use crate::games::hopboard::options::{
    self, OPTION_FINISH, OPTION_PLAYERS, SearchChoice, bad_value, combo, parse_check,
};
use crate::games::hopboard::{HopKind, HopPosition};
use crate::games::{Game, GameError, OptionKind, OptionSpec};
use crate::search::SearchSettings;

/// A Chinese checkers position: the shared hop position on the star.
pub type Position = HopPosition<u128>;

pub const OPTION_LONG_JUMPS: &str = "Long Jumps";
pub const OPTION_HOME_EXIT: &str = "Home Exit Limit";
const HOME_EXIT_MAX: i64 = 200;
const PLAYER_COUNTS: [usize; 4] = [2, 3, 4, 6];

/// The game kind and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChineseCheckers {
    pub players: usize,
    pub rules: Rules,
    /// The search of more than two players, or the greedy baseline.
    pub search: SearchChoice,
}

impl Game for ChineseCheckers {
    type Pos = Position;
    type Search = crate::search::multiplayer::MultiPlayerSearch<Position>;
    const ID: &'static str = "chinesecheckers";

    fn new() -> Self {
        ChineseCheckers {
            players: 2,
            rules: Rules::default(),
            search: SearchChoice::default(),
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut out = vec![
            combo(OPTION_PLAYERS, "2", &["2", "3", "4", "6"]),
            options::check(OPTION_LONG_JUMPS, false),
            OptionSpec {
                name: OPTION_HOME_EXIT.to_string(),
                kind: OptionKind::Spin {
                    default: 30,
                    min: 0,
                    max: HOME_EXIT_MAX,
                },
            },
            combo(OPTION_FINISH, "own", &["own", "filled"]),
        ];
        out.extend(SearchChoice::options());
        out
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        let n = name.trim();
        let v = value.trim();
        if let Some(done) = self.search.set_option(n, v) {
            return done;
        }
        if n.eq_ignore_ascii_case(OPTION_PLAYERS) {
            self.players = options::parse_players(v, &PLAYER_COUNTS)?;
        } else if n.eq_ignore_ascii_case(OPTION_LONG_JUMPS) {
            self.rules.hops = if parse_check(n, v)? {
                HopKind::Long
            } else {
                HopKind::Adjacent
            };
        } else if n.eq_ignore_ascii_case(OPTION_HOME_EXIT) {
            self.rules.home_exit_limit = match v.parse::<u32>() {
                Ok(k) if i64::from(k) <= HOME_EXIT_MAX => k,
                _ => return Err(bad_value(n, v, "is not in 0..200")),
            };
        } else if n.eq_ignore_ascii_case(OPTION_FINISH) {
            self.rules.finish = options::parse_finish(v)?;
        } else {
            return Err(GameError::Unsupported(format!(
                "unknown chinesecheckers option '{}'",
                crate::games::shorten(n)
            )));
        }
        Ok(())
    }

    fn start_position(&self) -> Position {
        let star = star::star();
        Position::start(star, self.players, self.rules)
            .or_else(|| Position::start(star, 2, self.rules))
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

    fn option_restarts_game(&self, name: &str, _value: &str) -> bool {
        name.trim().eq_ignore_ascii_case(OPTION_PLAYERS)
    }

    fn prepare_search(&self, pos: &mut Position) {
        pos.set_rules(self.rules);
    }

    fn single_line_search(&self) -> Option<String> {
        self.search.single_line(self.players)
    }

    fn search_settings(&self, settings: &mut SearchSettings) {
        self.search.apply(settings);
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

//! Halma on the square board (16x16, 10x10, 8x8) for 2 or 4 players,
//! protocol-spec/halma.md. Each board is a layout of the shared hop-board
//! layer ([`crate::games::hopboard`]), which has the rules, notation,
//! perft, evaluation and records; this folder has the boards and the
//! options.
//!
//! * [`board`]: the boards, their camps and seats.
//! * [`hcn`]: the position notation (`hcn`, the board size first).
//! * [`record`]: the record format and the options a match sends.

pub mod board;
pub mod eval_weights;
pub mod hcn;
pub mod record;
mod tune;

pub use crate::games::hopboard::{FinishRule, Move, Rules, Standing};

use crate::games::hopboard::options::{
    self, OPTION_FINISH, OPTION_PLAYERS, SearchChoice, bad_value, combo,
};
use crate::games::hopboard::{Cells256, HopKind, HopPosition};
use crate::games::{Game, GameError, OptionKind, OptionSpec};
use crate::search::SearchSettings;

/// A Halma position: the shared hop position on a square board.
pub type Position = HopPosition<Cells256>;

pub const OPTION_BOARD_SIZE: &str = "Board Size";
pub const OPTION_CAMP_EXIT: &str = "Camp Exit Limit";
const CAMP_EXIT_MAX: i64 = 200;

/// Bench positions (16x16 with 2 players, 10x10 with 4) and their depth.
pub const BENCH_HCN: &[&str] = &[
    "16 0,1,2,3,4,16,17,18,19,20,32,33,34,35,48,49,50,64,65/190,191,205,206,207,220,221,222,223,235,236,237,238,239,251,252,253,254,255 1 1",
    "10 0,1,2,3,4,10,11,12,13,20,21,22,30,31,40/5,6,7,8,9,16,17,18,19,27,28,29,38,39,49/59,68,69,77,78,79,86,87,88,89,95,96,97,98,99/50,60,61,70,71,72,80,81,82,83,90,91,92,93,94 1 1",
];
pub const BENCH_DEPTH: u32 = 3;

/// The game kind and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Halma {
    pub size: usize,
    pub players: usize,
    pub finish: FinishRule,
    /// The camp-exit limit; `None` leaves it to the board (30, 50, off).
    pub camp_exit: Option<u32>,
    pub search: SearchChoice,
}

impl Halma {
    /// The rules positions are played under.
    pub fn rules(&self) -> Rules {
        Rules {
            hops: HopKind::Adjacent,
            home_exit_limit: self
                .camp_exit
                .unwrap_or_else(|| board::default_camp_exit(self.size)),
            finish: self.finish,
        }
    }
}

impl Game for Halma {
    type Pos = Position;
    type Search = crate::search::multiplayer::MultiPlayerSearch<Position>;
    const ID: &'static str = "halma";

    fn new() -> Self {
        Halma {
            size: 16,
            players: 2,
            finish: FinishRule::Filled,
            camp_exit: None,
            search: SearchChoice::default(),
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut out = vec![
            combo(OPTION_BOARD_SIZE, "16", &["8", "10", "16"]),
            combo(OPTION_PLAYERS, "2", &["2", "4"]),
            combo(OPTION_FINISH, "filled", &["filled", "own"]),
            // -1: the board's own limit (30 on 8x8, 50 on 10x10, off on 16x16).
            OptionSpec {
                name: OPTION_CAMP_EXIT.to_string(),
                kind: OptionKind::Spin {
                    default: -1,
                    min: -1,
                    max: CAMP_EXIT_MAX,
                },
            },
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
        if n.eq_ignore_ascii_case(OPTION_BOARD_SIZE) {
            self.size = v
                .parse::<usize>()
                .ok()
                .filter(|s| board::SIZES.contains(s))
                .ok_or_else(|| bad_value(n, v, "is not one of 8 10 16"))?;
        } else if n.eq_ignore_ascii_case(OPTION_PLAYERS) {
            self.players = options::parse_players(v, &board::PLAYER_COUNTS)?;
        } else if n.eq_ignore_ascii_case(OPTION_FINISH) {
            self.finish = options::parse_finish(v)?;
        } else if n.eq_ignore_ascii_case(OPTION_CAMP_EXIT) {
            self.camp_exit = match v.parse::<i64>() {
                Ok(-1) => None,
                Ok(k) if (0..=CAMP_EXIT_MAX).contains(&k) => Some(k as u32),
                _ => return Err(bad_value(n, v, "is not in -1..200")),
            };
        } else {
            return Err(GameError::Unsupported(format!(
                "unknown halma option '{}'",
                crate::games::shorten(n)
            )));
        }
        Ok(())
    }

    fn start_position(&self) -> Position {
        board::board(self.size, self.players)
            .and_then(|b| Position::start(b, self.players, self.rules()))
            .or_else(|| {
                let b = board::board(16, 2)?;
                Position::start(b, 2, self.rules())
            })
            .expect("16x16 seats 2 players")
    }

    /// An `hcn` is read under the rules of its own board size.
    fn parse_position(&self, text: &str) -> Result<Position, GameError> {
        let mut pos = hcn::parse(text, self.rules())?;
        let mut own = self.clone();
        own.adopt_position(&pos);
        pos.set_rules(own.rules());
        Ok(pos)
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        &["hcn", "fen"]
    }

    fn notation_label(&self) -> &'static str {
        "Hcn"
    }

    fn uci_notation_label(&self) -> &'static str {
        "Hcn"
    }

    fn option_restarts_game(&self, name: &str, _value: &str) -> bool {
        let n = name.trim();
        n.eq_ignore_ascii_case(OPTION_PLAYERS) || n.eq_ignore_ascii_case(OPTION_BOARD_SIZE)
    }

    fn prepare_search(&self, pos: &mut Position) {
        pos.set_rules(self.rules());
    }

    fn single_line_search(&self) -> Option<String> {
        self.search.single_line(self.players)
    }

    fn search_settings(&self, settings: &mut SearchSettings) {
        self.search.apply(settings);
    }

    /// An `hcn` sets the board size and the number of players.
    fn adopt_position(&mut self, pos: &Position) {
        self.players = pos.player_count();
        if let Some(size) = pos.layout().style.size {
            self.size = size;
        }
    }

    fn bench_positions(&self) -> Vec<String> {
        BENCH_HCN.iter().map(|s| s.to_string()).collect()
    }

    fn bench_depth(&self) -> u32 {
        BENCH_DEPTH
    }
}

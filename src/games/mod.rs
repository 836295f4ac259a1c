//! Game rules. Each game lives in its own folder and knows nothing of
//! protocols or threads; the engine layer reaches it through [`Game`] and
//! [`GamePosition`] (text in/out) and [`crate::search::AlphaBetaPosition`]
//! (what the search needs).

pub mod backgammon;
pub mod board8;
pub mod chinesecheckers;
pub mod draughts;
pub mod halma;
pub mod hopboard;
pub mod makruk;
pub mod net_choice;
pub mod ogi;
pub mod perft_file;
pub mod pgn;
pub mod placement;
pub mod record;
pub mod tak;
pub mod tunable;
pub mod zobrist;

use crate::rules::RulesPosition;
pub use crate::rules::{EndKind, Outcome};
use crate::search::PvFormatter;
use std::fmt;
use std::sync::Arc;

/// Which way moves are written. Most games have one notation; Ōgi has USI
/// (`7g7f`, `P*5e`) and Fairy-Stockfish's UCI form (`b2b3`, `P@e4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveNotation {
    /// The game's own dialect notation (UCI for Makruk, USI for Ōgi, PTN for Tak).
    #[default]
    Native,
    /// The notation Fairy-Stockfish uses over UCI with `UCI_Variant`.
    Uci,
    /// Hub's (Scan's protocol for draughts): square numbers, a capture as
    /// start, end and every captured square. Games not played over Hub
    /// write their native notation.
    Hub,
}

/// Why a position or move was refused. "Cannot parse" and "illegal here" are
/// kept apart, as the architecture asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The text is not a well-formed position / move.
    Parse(String),
    /// The text is well-formed, but the position is impossible or the move
    /// is not legal in the current position.
    Illegal(String),
    /// The game has no such thing (an option it does not know, a new-game
    /// argument it does not take).
    Unsupported(String),
}

impl GameError {
    /// The same error with `prefix` before its message (`bad position: ...`).
    pub fn prefixed(self, prefix: &str) -> GameError {
        match self {
            GameError::Parse(s) => GameError::Parse(format!("{prefix}{s}")),
            GameError::Illegal(s) => GameError::Illegal(format!("{prefix}{s}")),
            GameError::Unsupported(s) => GameError::Unsupported(format!("{prefix}{s}")),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Parse(s) => write!(f, "{s}"),
            GameError::Illegal(s) => write!(f, "{s}"),
            GameError::Unsupported(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game-specific engine option (the protocol layer prints and parses it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    Check { default: bool },
    Spin { default: i64, min: i64, max: i64 },
    Combo { default: String, vars: Vec<String> },
    Button,
    String { default: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: String,
    pub kind: OptionKind,
}

/// A key of UBGI's `set <key> <value>` that sets one of the game's own
/// options ([`Game::ubgi_keys`]). Its type, range and default are the
/// option's ([`OptionSpec`]); the daemon shows and checks them from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialectKey {
    /// The key (`game.jacoby`).
    pub key: &'static str,
    /// The name of the game option it sets (`Jacoby`).
    pub option: &'static str,
    /// The description the handshake prints after the default.
    pub text: &'static str,
    /// True when another value is another game (another rule set): the
    /// position given so far is forgotten. The same value changes nothing.
    pub new_game: bool,
    /// The name UBGI v0.1 gave the option (`setoption name Jacoby`), read
    /// in any case as this key; `None` when v0.1 had none.
    pub v01_name: Option<&'static str>,
    /// True when `go ... depth <n>` counts in this option's unit: the
    /// option's range is the range of that depth.
    pub bounds_go_depth: bool,
}

/// A position as the text side of the engine sees it: notation in and out.
pub trait GamePosition: RulesPosition {
    /// The position in the game's notation (FEN, SFEN, TPS, ...).
    fn to_notation(&self) -> String;
    /// The position as written in a dialect's notation: Ōgi over UCI is a
    /// Fairy-Stockfish FEN, not an SFEN. Default: [`Self::to_notation`].
    fn to_notation_for(&self, _notation: MoveNotation) -> String {
        self.to_notation()
    }
    /// Parses a move and checks that it is legal here.
    fn parse_move(&self, text: &str, notation: MoveNotation) -> Result<Self::Move, GameError>;
    /// Writes a legal move of this position.
    fn format_move(&self, mv: Self::Move, notation: MoveNotation) -> String;
    /// Plays a legal move, keeping the game history (repetition, counters).
    fn play(&mut self, mv: Self::Move);
    /// All legal moves.
    fn legal_move_list(&self) -> Vec<Self::Move>;
    /// A human-readable board diagram, without the notation line.
    fn diagram(&self) -> String;
    /// Number of legal leaf nodes `depth` plies below this position.
    fn perft(&mut self, depth: u32) -> u64;
    /// Sets the chance outcome due next (backgammon: the dice of the
    /// player on roll, `31`), replacing one already set; `None` clears it.
    /// Games without chance refuse it.
    fn set_chance_outcome(&mut self, _outcome: Option<&str>) -> Result<(), GameError> {
        Err(GameError::Unsupported(
            "this game has no chance outcomes".to_string(),
        ))
    }
    /// The chance outcome set for this position (`31`), if any.
    fn chance_outcome(&self) -> Option<String> {
        None
    }
    /// Lines (without `info string`) a dialect prints before a search of
    /// this position starts: by default the result when the game is over.
    fn search_notes(&self) -> Vec<String> {
        self.outcome()
            .map(|o| format!("game over: {}", o.reason))
            .into_iter()
            .collect()
    }
    /// Per root move: its text and the leaf count below it. Games whose
    /// perft plies are not single moves (a backgammon turn is a roll and a
    /// play) say what a root child is.
    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)> {
        let mut pos = self.clone();
        let mut out = Vec::new();
        if depth == 0 {
            return out;
        }
        for mv in pos.legal_move_list() {
            let text = pos.format_move(mv, notation);
            pos.make(mv);
            let leaves = if depth == 1 { 1 } else { pos.perft(depth - 1) };
            pos.unmake();
            out.push((text, leaves));
        }
        out
    }
}

/// Keeps error messages readable when the input is huge or binary junk:
/// at most 40 characters of it, then `...`.
pub fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}...")
    }
}

/// Formats a principal variation by playing it out on a copy of the root.
/// One formatter for every game, so the engine, tests and examples agree.
pub fn pv_formatter<P: GamePosition>(notation: MoveNotation) -> PvFormatter<P, P::Move> {
    Arc::new(move |root: &P, moves: &[P::Move]| {
        let mut pos = root.clone();
        let mut out = Vec::with_capacity(moves.len());
        for &mv in moves {
            out.push(pos.format_move(mv, notation));
            pos.make(mv);
        }
        out
    })
}

/// One kind of game: its options and how to make positions. One value of it
/// lives in each engine session and carries the game's option settings.
pub trait Game: Clone + Send + 'static {
    /// The position: rules and notation.
    type Pos: GamePosition;
    /// The search the game is played with: alpha-beta's
    /// [`crate::search::Searcher`], [`crate::search::Expectimax`] for dice,
    /// or [`crate::search::multiplayer::MultiPlayerSearch`].
    type Search: crate::search::SearchStrategy<Self::Pos>;
    /// The variant id used by `UCI_Variant` and the command line (`makruk`).
    const ID: &'static str;
    fn new() -> Self;
    /// Game-specific options (not Hash/MultiPV/..., which the engine owns).
    fn options(&self) -> Vec<OptionSpec>;
    /// Sets a game option. `Err` says why (an unknown option, a bad value).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError>;
    fn start_position(&self) -> Self::Pos;
    /// Parses and validates a position in the game's notation.
    fn parse_position(&self, text: &str) -> Result<Self::Pos, GameError>;
    /// Positions (in the game's notation) that `bench` searches.
    fn bench_positions(&self) -> Vec<String> {
        Vec::new()
    }
    /// The depth `bench` searches each position to by default.
    fn bench_depth(&self) -> u32 {
        8
    }
    /// Work the search does once per process (building endgame tables),
    /// done by `bench` before it starts its clock so that its nodes per
    /// second measure the search alone.
    fn prepare_bench(&self) {}
    /// Why the search under the current options reports a single line
    /// (MultiPV cannot be honoured): `None` where it reports as many as
    /// MultiPV asks.
    fn single_line_search(&self) -> Option<String> {
        None
    }
    /// Work a new session starts in the background when it is created
    /// (building endgame tables), so that its first search need not.
    fn prepare_session(&self) {}
    /// The keywords `position <keyword> <text>` accepts for this game
    /// (`fen` for Makruk, `tps` and `fen` for Tak, `sfen` and `fen` for Ōgi).
    fn position_keywords(&self) -> &'static [&'static str] {
        &["fen"]
    }
    /// The label of the notation line that `d` prints in the game's own
    /// dialect (`Fen`, `Tps`, `Sfen`); over UCI it is always `Fen`.
    fn notation_label(&self) -> &'static str {
        "Fen"
    }
    /// The label of `d`'s notation line over UCI: `Fen`, as GUIs expect,
    /// unless the game's notation is no FEN at all (`Ccn`).
    fn uci_notation_label(&self) -> &'static str {
        "Fen"
    }
    /// Takes over what a position set by `position` says about the game's
    /// settings (a `ccn`'s number of players sets the option).
    fn adopt_position(&mut self, _pos: &Self::Pos) {}
    /// The keys UBGI's handshake announces for the game's options, in
    /// order (backgammon's rule set, Jacoby and search depth); none by
    /// default.
    fn ubgi_keys(&self) -> &'static [DialectKey] {
        &[]
    }
    /// True when setting this option to `value` changes the game itself
    /// (another rule set): the session then starts a new game, as after
    /// `ucinewgame`. Asked before the option is set; setting an option to
    /// its current value changes nothing.
    fn option_restarts_game(&self, _name: &str, _value: &str) -> bool {
        false
    }
    /// Parses a `bench` position: like [`Game::parse_position`], but games
    /// with several board sizes accept every size here.
    fn parse_bench_position(&self, text: &str) -> Result<Self::Pos, GameError> {
        self.parse_position(text)
    }
    /// Brings the game's current settings into a position about to be
    /// searched (options set after the position was made).
    fn prepare_search(&self, _pos: &mut Self::Pos) {}
    /// Brings the game's search options (the multi-player method) into
    /// the settings of a search about to start.
    fn search_settings(&self, _settings: &mut crate::search::SearchSettings) {}
    /// The argument of a new-game command (`teinewgame 5`): games with a
    /// board size take it here. `Err` says why it was refused.
    fn new_game_argument(&mut self, arg: &str) -> Result<(), GameError> {
        Err(GameError::Unsupported(format!(
            "{} takes no new-game argument, got '{}'",
            Self::ID,
            shorten(arg)
        )))
    }
}

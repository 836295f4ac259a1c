//! Tak, protocol-spec/tak.md: boards 3x3 to 8x8, TPS positions, PTN moves.
//!
//! * [`types`]: colours, kinds, the packed [`Move`], [`Config`].
//! * [`position`]: stacks and bitboards, make/unmake, key, roads, flat win.
//! * [`movegen`]: placements and spreads, move counting, perft.
//! * [`tps`], [`ptn`], [`ptn_file`]: text in and out.
//! * [`eval`]: static evaluation and move ordering hints.
//! * [`nnue`]: the network's input features and their updates (options
//!   `EvalFile`, `Use NNUE`).
//! * [`bench`]: bench positions.

pub mod bench;
pub mod eval;
pub mod eval_weights;
pub mod movegen;
pub mod nnue;
pub mod position;
pub mod ptn;
pub mod ptn_file;
pub mod record;
pub mod tps;
pub mod tune;
pub mod types;

pub use position::{Position, TakResult};
pub use types::{Config, Move};

use crate::evalkit::nnue::CarriesNet;
use crate::games::net_choice::NetChoice;
use crate::games::{
    EndKind, Game, GameError, GamePosition, MoveNotation, OptionKind, OptionSpec, Outcome,
};
use crate::rules::RulesPosition;
use crate::search::params::SearchParams;
use crate::search::{AlphaBetaPosition, MATE};
use types::*;

pub const OPTION_SIZE: &str = "TakSize";
pub const OPTION_HALF_KOMI: &str = "HalfKomi";
pub const OPTION_STONES: &str = "TakStones";
pub const OPTION_CAPSTONES: &str = "TakCapstones";

/// The Tak game kind and its option settings.
#[derive(Debug, Clone)]
pub struct Tak {
    pub size: usize,
    pub half_komi: i32,
    /// 0: the standard count of the size.
    pub stones: u32,
    pub capstones: u32,
    /// `EvalFile` and `Use NNUE`.
    net: NetChoice,
}

impl Tak {
    /// The rules in force: size, reserves (overrides applied), komi.
    pub fn config(&self) -> Config {
        let (s, c) = standard_reserve(self.size);
        Config {
            size: self.size,
            stones: if self.stones == 0 { s } else { self.stones },
            caps: if self.capstones == 0 {
                c
            } else {
                self.capstones
            },
            half_komi: self.half_komi,
        }
    }
}

fn spin(name: &str, value: &str, min: i64, max: i64) -> Result<i64, String> {
    let v: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("{name} needs a number, got '{}'", value.trim()))?;
    if v < min || v > max {
        return Err(format!("{name} value {v} out of range {min}..{max}"));
    }
    Ok(v)
}

/// Parses a board size argument 3..8.
pub fn parse_size(arg: &str) -> Result<usize, String> {
    let a = arg.trim();
    let v: i64 = a.parse().map_err(|_| "size needs a number".to_string())?;
    if !(MIN_SIZE as i64..=MAX_SIZE as i64).contains(&v) {
        return Err(format!("size {v} out of range 3..8"));
    }
    Ok(v as usize)
}

impl Game for Tak {
    type Pos = Position;
    type Search = crate::search::Searcher<Position>;
    const ID: &'static str = "tak";

    fn new() -> Self {
        Tak {
            size: 6,
            half_komi: 0,
            stones: 0,
            capstones: 0,
            net: NetChoice::with_embedded(nnue::NNUE_SHAPE, nnue::embedded_net()),
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let spin = |name: &str, default, min, max| OptionSpec {
            name: name.to_string(),
            kind: OptionKind::Spin { default, min, max },
        };
        let mut options = vec![
            spin(OPTION_SIZE, 6, 3, 8),
            spin(OPTION_HALF_KOMI, 0, -10, 10),
            spin(OPTION_STONES, 0, 0, MAX_STONES as i64),
            spin(OPTION_CAPSTONES, 0, 0, MAX_CAPS as i64),
        ];
        options.extend(self.net.options());
        options
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        let spin = |name, min, max| spin(name, value, min, max).map_err(GameError::Parse);
        let n = name.trim();
        if let Some(done) = self.net.set_option(n, value) {
            return done;
        }
        if n.eq_ignore_ascii_case(OPTION_SIZE) {
            self.size = spin(OPTION_SIZE, 3, 8)? as usize;
        } else if n.eq_ignore_ascii_case(OPTION_HALF_KOMI) {
            self.half_komi = spin(OPTION_HALF_KOMI, -10, 10)? as i32;
        } else if n.eq_ignore_ascii_case(OPTION_STONES) {
            self.stones = spin(OPTION_STONES, 0, MAX_STONES as i64)? as u32;
        } else if n.eq_ignore_ascii_case(OPTION_CAPSTONES) {
            self.capstones = spin(OPTION_CAPSTONES, 0, MAX_CAPS as i64)? as u32;
        } else {
            return Err(GameError::Unsupported(format!("unknown tak option '{n}'")));
        }
        Ok(())
    }

    fn prepare_search(&self, pos: &mut Position) {
        self.net
            .prepare_where(pos, pos.cfg == nnue::EMBEDDED_NET_SETTING);
    }

    fn start_position(&self) -> Position {
        let mut p = Position::empty(self.config());
        p.finish_setup();
        p
    }

    fn parse_position(&self, text: &str) -> Result<Position, GameError> {
        tps::parse(text, self.config())
    }

    fn bench_positions(&self) -> Vec<String> {
        bench::BENCH_TPS.iter().map(|t| t.to_string()).collect()
    }

    /// Bench positions come in several sizes: each is read with the
    /// standard reserves of its own size (and the session's komi).
    fn parse_bench_position(&self, text: &str) -> Result<Position, GameError> {
        let rows = text.split(' ').next().map_or(0, |b| b.split('/').count());
        let size = parse_size(&rows.to_string()).map_err(GameError::Parse)?;
        let mut cfg = Config::standard(size);
        cfg.half_komi = self.half_komi;
        let mut pos = tps::parse(text, cfg)?;
        self.prepare_search(&mut pos);
        Ok(pos)
    }

    /// Size and reserves make a different game: a new one starts.
    fn option_restarts_game(&self, name: &str, _value: &str) -> bool {
        [OPTION_SIZE, OPTION_STONES, OPTION_CAPSTONES]
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name.trim()))
    }

    fn bench_depth(&self) -> u32 {
        bench::BENCH_DEPTH
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        &["tps", "fen"]
    }

    fn notation_label(&self) -> &'static str {
        "Tps"
    }

    fn new_game_argument(&mut self, arg: &str) -> Result<(), GameError> {
        self.size = parse_size(arg).map_err(GameError::Parse)?;
        Ok(())
    }
}

impl Position {
    /// The winner of a finished game (history aside), or `None`.
    pub fn winner(&self) -> Option<Side> {
        self.result.winner()
    }

    /// The seed's score of a finished game for the winner: board area plus
    /// the pieces left in the winner's reserve; 0 for a draw.
    pub fn game_score(&self) -> Option<(Option<Side>, u32)> {
        if self.result == TakResult::Ongoing {
            return None;
        }
        Some(match self.winner() {
            Some(w) => {
                let n = self.size() as u32;
                (Some(w), n * n + self.stones_left[w] + self.caps_left[w])
            }
            None => (None, 0),
        })
    }
}

impl RulesPosition for Position {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> usize {
        self.side.index()
    }

    fn generate_legal(&self, out: &mut Vec<Move>) {
        if self.result == TakResult::Ongoing {
            movegen::generate(self, out);
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
        self.key
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.result != TakResult::Ongoing {
            let kind = if self.result.is_road() {
                EndKind::Road
            } else {
                EndKind::FlatCount
            };
            let reason = ptn::result_reason(self.result);
            return Some(match self.winner() {
                Some(winner) => Outcome::win(winner.index(), kind, reason),
                None => Outcome::draw(kind, reason),
            });
        }
        if self.repetitions(0) >= 2 {
            return Some(Outcome::draw(EndKind::Repetition, "repetition"));
        }
        None
    }
}

impl Position {
    /// Player `c` could complete a road by placing a piece now (in the
    /// opening each side places the other's flat, so no road).
    fn can_place_road(&self, c: Side) -> bool {
        self.result == TakResult::Ongoing
            && !self.is_opening()
            && eval::placement_wins(self, c) != 0
    }
}

/// Tak's alpha-beta parameters, in the evaluation's units (100 is about
/// one flat of the final count). They start from the values the search was tuned
/// with; a tuner may set them apart from the other games'.
pub const SEARCH_PARAMS: SearchParams = SearchParams::STARTING;

impl AlphaBetaPosition for Position {
    const SEARCH_PARAMS: &'static SearchParams = &SEARCH_PARAMS;
    fn generate_noisy(&self, out: &mut Vec<Move>) {
        if self.result == TakResult::Ongoing {
            eval::road_wins(self, out);
        }
    }

    fn make_null(&mut self) {
        self.make_null_move();
    }

    fn unmake_null(&mut self) {
        self.unmake_move();
    }

    /// A pass is risky in the opening and when a reserve is nearly empty
    /// (the game may end on the count).
    fn null_move_allowed(&self) -> bool {
        !self.is_opening()
            && Side::BOTH
                .into_iter()
                .all(|c| self.stones_left[c] + self.caps_left[c] > 3)
            && (self.geo.full & !self.occupied()).count_ones() > 3
    }

    /// Tak's "check": the opponent threatens to complete a road by a
    /// placement (players call it "Tak"). The side to move must block it
    /// or win first, so the search neither prunes nor stands pat here.
    fn in_check(&self) -> bool {
        self.can_place_road(self.side.other())
    }

    /// Road threats are too common to extend.
    fn extends_checks(&self) -> bool {
        false
    }

    /// A road by placement is a win the search scores without moves.
    fn wins_at_once(&self) -> bool {
        self.can_place_road(self.side)
    }

    /// A Tak net corrects the hand evaluation (nnue.rs): roads are not
    /// a sum of squares, and the hand evaluation sees them.
    fn evaluate(&self) -> i32 {
        self.corrected(eval::evaluate(self))
    }

    fn is_draw(&self, plies_from_root: usize) -> bool {
        self.result == TakResult::Ongoing && self.repetitions(plies_from_root) >= 2
    }

    fn no_moves_score(&self, ply: usize) -> i32 {
        self.terminal_score(ply).unwrap_or(0)
    }

    fn terminal_score(&self, ply: usize) -> Option<i32> {
        if self.result == TakResult::Ongoing {
            return None;
        }
        Some(match self.winner() {
            Some(w) if w == self.side => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
            None => 0,
        })
    }

    fn move_order_hint(&self, mv: Move) -> i32 {
        eval::order_hint(self, mv)
    }

    fn is_quiet(&self, mv: Move) -> bool {
        eval::order_hint(self, mv) <= 0
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        mv.0 as usize
    }

    fn history_size() -> usize {
        1 << 16
    }

    fn move_key(mv: Move) -> u32 {
        u32::from(mv.0)
    }

    fn noisy_gain(&self, _mv: Move) -> i32 {
        // Noisy moves win the game at once.
        MATE / 2
    }
}

impl GamePosition for Position {
    fn to_notation(&self) -> String {
        tps::write(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<Move, GameError> {
        ptn::parse_move(self, text)
    }

    fn format_move(&self, mv: Move, _notation: MoveNotation) -> String {
        ptn::format_move(mv, self.size())
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(256);
        self.generate_legal(&mut v);
        v
    }

    fn diagram(&self) -> String {
        let n = self.size();
        let mut cells: Vec<String> = Vec::with_capacity(n * n);
        for rank in (0..n).rev() {
            for file in 0..n {
                let sq = rank * n + file;
                let h = self.heights[sq] as u32;
                let mut t: String = (0..h)
                    .map(|i| {
                        if (self.stacks[sq] >> i) & 1 == 0 {
                            '1'
                        } else {
                            '2'
                        }
                    })
                    .collect();
                match (h, self.top_kind(sq)) {
                    (0, _) => t.push('.'),
                    (_, WALL) => t.push('S'),
                    (_, CAP) => t.push('C'),
                    _ => {}
                }
                if t.len() > 12 {
                    let tail: String = t.chars().skip(t.len() - 10).collect();
                    t = format!("..{tail}");
                }
                cells.push(t);
            }
        }
        let width = cells.iter().map(|c| c.len()).max().unwrap_or(1).max(2);
        let mut s = String::from("\n");
        for (ri, rank) in (0..n).rev().enumerate() {
            s.push_str(&format!(" {} ", rank + 1));
            for file in 0..n {
                let c = cells.get(ri * n + file).map(String::as_str).unwrap_or("");
                s.push_str(&format!(" {c:>width$}"));
            }
            s.push('\n');
        }
        s.push_str("   ");
        for file in 0..n {
            let f = (b'a' + file as u8) as char;
            s.push_str(&format!(" {f:>width$}"));
        }
        s.push('\n');
        let (w, b) = (
            self.flats(WHITE).count_ones(),
            self.flats(BLACK).count_ones(),
        );
        s.push_str(&format!(
            "\nPlayer 1: {} stones, {} capstones in reserve, {w} flats\n",
            self.stones_left[WHITE], self.caps_left[WHITE]
        ));
        s.push_str(&format!(
            "Player 2: {} stones, {} capstones in reserve, {b} flats\n",
            self.stones_left[BLACK], self.caps_left[BLACK]
        ));
        let k = self.cfg.half_komi;
        s.push_str(&format!(
            "Komi: {}{}\n",
            k / 2,
            if k % 2 != 0 { ".5" } else { "" }
        ));
        s.push_str(&format!(
            "To move: player {} (move {})\n",
            self.side.index() + 1,
            self.move_number
        ));
        if let Some((winner, score)) = self.game_score() {
            let reason = ptn::result_reason(self.result);
            match winner {
                Some(w) => s.push_str(&format!(
                    "Result: player {} wins by {reason}, score {score}\n",
                    w.index() + 1
                )),
                None => s.push_str(&format!("Result: draw ({reason}), score 0\n")),
            }
        } else if self.repetitions(0) >= 2 {
            s.push_str("Result: draw (repetition), score 0\n");
        }
        s
    }

    fn perft(&mut self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }
}

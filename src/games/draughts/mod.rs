//! Draughts, protocol-spec/draughts.md: international (10x10, FMJD rules,
//! majority capture) and Russian (8x8, free choice of capture, crowning
//! in the middle of a capture), one position type over two rule sets
//! ([`variant::Variant`]) sharing one capture generator.
//!
//! * [`variant`]: the rule sets and the padded bitboard layout.
//! * [`types`]: colours, [`Move`], the draw-rule settings.
//! * [`position`]: bitboards, make/unmake, key, draw counters.
//! * [`movegen`]: quiet moves, the capture search, perft.
//! * [`square`], [`fen`], [`notation`]: text in and out (PDN FEN, Hub
//!   positions, PDN and Hub moves, Russian algebraic squares).
//! * [`egtb`]: endgame databases (won, lost, drawn) of a few pieces.
//! * [`eval`]: static evaluation (weights in [`eval_weights`], fitted by
//!   [`tune`]); [`nnue`]: the network's input, for the evaluation by a
//!   net; [`bench`]: bench positions; [`record`]: PDN records.

pub mod bench;
pub mod egtb;
pub mod eval;
pub mod eval_weights;
pub mod fen;
pub mod movegen;
pub mod nnue;
pub mod notation;
pub mod position;
pub mod record;
pub mod square;
pub mod tune;
pub mod types;
pub mod variant;

#[cfg(test)]
mod tests;

pub use position::Position;
pub use types::{DrawRules, Move};
pub use variant::{Intl, Rus, Variant};

use crate::evalkit::nnue::CarriesNet;
use crate::games::net_choice::NetChoice;
use crate::games::{
    EndKind, Game, GameError, GamePosition, MoveNotation, OptionKind, OptionSpec, Outcome,
};
use crate::rules::RulesPosition;
use crate::search::params::SearchParams;
use crate::search::{AlphaBetaPosition, MATE};
use std::marker::PhantomData;
use std::sync::Arc;
use types::*;

/// Option: moves of each side with only kings moving and no capture after
/// which the game is drawn (0 = off).
pub const OPTION_KING_MOVES: &str = "DrawKingMoves";
/// Option: the move limits of the few-piece king endings.
pub const OPTION_ENDGAME_LIMITS: &str = "DrawEndgameLimits";
/// Option: the folder of the endgame databases (`tabula egtb build`).
pub const OPTION_EGTB_PATH: &str = "EgtbPath";
/// `EgtbPath`'s value when no databases are loaded.
pub const EGTB_PATH_NONE: &str = "<none>";

/// A draughts game kind under rule set `V`, with its option settings.
#[derive(Debug, Clone)]
pub struct Draughts<V: Variant> {
    rules: DrawRules,
    /// The endgame databases the search probes, if loaded.
    egtb: Option<Arc<egtb::Tables<V>>>,
    /// The network the search evaluates with, if one is loaded and used.
    net: NetChoice,
    _variant: PhantomData<V>,
}

/// International draughts (`international`).
pub type International = Draughts<Intl>;
/// Russian draughts (`russian`).
pub type Russian = Draughts<Rus>;

impl<V: Variant> Draughts<V> {
    pub fn rules(&self) -> DrawRules {
        self.rules
    }
}

impl<V: Variant> Game for Draughts<V> {
    type Pos = Position<V>;
    type Search = crate::search::Searcher<Position<V>>;
    const ID: &'static str = V::ID;

    fn new() -> Self {
        Draughts {
            rules: DrawRules {
                king_moves: V::KING_MOVES_DRAW,
                endgame_limits: true,
            },
            egtb: None,
            net: NetChoice::with_embedded(nnue::nnue_shape::<V>(), V::embedded_net()),
            _variant: PhantomData,
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut options = vec![
            OptionSpec {
                name: OPTION_KING_MOVES.to_string(),
                kind: OptionKind::Spin {
                    default: V::KING_MOVES_DRAW as i64,
                    min: 0,
                    max: 200,
                },
            },
            OptionSpec {
                name: OPTION_ENDGAME_LIMITS.to_string(),
                kind: OptionKind::Check { default: true },
            },
            OptionSpec {
                name: OPTION_EGTB_PATH.to_string(),
                kind: OptionKind::String {
                    default: EGTB_PATH_NONE.to_string(),
                },
            },
        ];
        options.extend(self.net.options());
        options
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        if let Some(done) = self.net.set_option(name, value) {
            return done;
        }
        let n = name.trim();
        let v = value.trim();
        if n.eq_ignore_ascii_case(OPTION_KING_MOVES) {
            match v.parse::<u32>() {
                Ok(k) if k <= 200 => self.rules.king_moves = k,
                _ => {
                    return Err(GameError::Parse(format!(
                        "invalid value '{v}' for option {OPTION_KING_MOVES}: expected 0 to 200"
                    )));
                }
            }
        } else if n.eq_ignore_ascii_case(OPTION_ENDGAME_LIMITS) {
            self.rules.endgame_limits = match v.to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => {
                    return Err(GameError::Parse(format!(
                        "invalid value '{v}' for option {OPTION_ENDGAME_LIMITS}: expected true or false"
                    )));
                }
            };
        } else if n.eq_ignore_ascii_case(OPTION_EGTB_PATH) {
            self.egtb = load_egtb::<V>(v)?;
        } else {
            return Err(GameError::Unsupported(format!(
                "unknown {} option '{n}'",
                V::ID
            )));
        }
        Ok(())
    }

    fn start_position(&self) -> Position<V> {
        match fen::parse::<V>(V::START_FEN, self.rules) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position<V>, GameError> {
        fen::parse::<V>(text, self.rules)
    }

    fn bench_positions(&self) -> Vec<String> {
        bench::positions::<V>()
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    fn bench_depth(&self) -> u32 {
        bench::DEPTH
    }

    /// The bench searches with the game's evaluation (the net, unless
    /// `Use NNUE` is off) but without endgame databases, so that its node
    /// total does not depend on a folder.
    fn parse_bench_position(&self, text: &str) -> Result<Position<V>, GameError> {
        let mut pos = self.parse_position(text)?;
        pos.rules = self.rules;
        self.net.prepare(&mut pos);
        Ok(pos)
    }

    fn prepare_search(&self, pos: &mut Position<V>) {
        pos.rules = self.rules;
        pos.egtb = self.egtb.clone();
        self.net.prepare(pos);
    }
}

/// The databases in folder `path` (none for an empty value or `<none>`);
/// a folder without a complete set of 2-piece tables, or with a bad
/// file, is an error and changes nothing.
fn load_egtb<V: Variant>(path: &str) -> Result<Option<Arc<egtb::Tables<V>>>, GameError> {
    if path.is_empty() || path == EGTB_PATH_NONE {
        return Ok(None);
    }
    let bad = |why: String| GameError::Parse(format!("{OPTION_EGTB_PATH} '{path}': {why}"));
    let tables = egtb::Tables::<V>::load(std::path::Path::new(path)).map_err(bad)?;
    if tables.complete_pieces() < 2 {
        return Err(bad(format!(
            "no complete set of {} tables (tabula egtb build {} N --dir {path})",
            V::ID,
            V::ID
        )));
    }
    Ok(Some(Arc::new(tables)))
}

impl<V: Variant> Position<V> {
    fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(48);
        movegen::generate(self, &mut v);
        v
    }
}

impl<V: Variant> RulesPosition for Position<V> {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> usize {
        self.side.index()
    }

    fn generate_legal(&self, out: &mut Vec<Move>) {
        movegen::generate(self, out);
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.make_move(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.unmake_move();
    }

    /// Board and side to move; the draw counters only matter near their
    /// limits and are left out, as the repetition history is.
    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            let reason = if self.pieces[self.side] == 0 {
                "no pieces left"
            } else {
                "no legal move"
            };
            return Some(Outcome::win(
                self.side.other().index(),
                EndKind::NoLegalMove,
                reason,
            ));
        }
        if let Some(why) = self.move_limit_reached() {
            return Some(Outcome::draw(EndKind::MoveLimit, why));
        }
        if self.repetitions(0) >= 2 {
            return Some(Outcome::draw(EndKind::Repetition, "threefold repetition"));
        }
        None
    }
}

/// The draughts search's parameters (both variants), in the evaluation's
/// units (a man is 100). They start from the values the search was tuned
/// with; a tuner may set them apart from the other games'.
pub const SEARCH_PARAMS: SearchParams = SearchParams::STARTING;

impl<V: Variant> AlphaBetaPosition for Position<V> {
    const SEARCH_PARAMS: &'static SearchParams = &SEARCH_PARAMS;
    /// Captures (all legal moves when one is pending) and crowning moves.
    fn generate_noisy(&self, out: &mut Vec<Move>) {
        if !movegen::generate_captures(self, out) {
            let start = out.len();
            movegen::generate_quiet(self, out);
            let mut k = start;
            for i in start..out.len() {
                if out[i].crown {
                    out[k] = out[i];
                    k += 1;
                }
            }
            out.truncate(k);
        }
    }

    fn make_null(&mut self) {}

    fn unmake_null(&mut self) {}

    /// Never: zugzwang is everyday business in draughts.
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// "In check" is "a capture is pending": the search then looks at
    /// every capture and quiescence does not stand pat.
    #[inline]
    fn in_check(&self) -> bool {
        movegen::has_capture(self)
    }

    /// A move that offers the opponent a capture is every exchange's
    /// first half in draughts, not a threat worth a ply.
    fn extends_checks(&self) -> bool {
        false
    }

    /// Nor is it spared pruning and reductions.
    fn spares_checks(&self) -> bool {
        false
    }

    /// A position the databases hold is scored by them: won, lost or
    /// drawn, the evaluation ordering the won (lost) ones.
    fn evaluate(&self) -> i32 {
        let eval = self.nnue_evaluate().unwrap_or_else(|| eval::evaluate(self));
        self.egtb
            .as_ref()
            .and_then(|t| t.probe(self))
            .and_then(|v| egtb::score(v, eval))
            .unwrap_or(eval)
    }

    fn is_draw(&self, plies_from_root: usize) -> bool {
        self.move_limit_reached().is_some() || self.repetitions(plies_from_root) >= 2
    }

    /// No move is a loss: the side to move is blocked or has no pieces.
    fn no_moves_score(&self, ply: usize) -> i32 {
        -MATE + ply as i32
    }

    /// A side without pieces has lost, which quiescence (standing pat
    /// without generating moves) would otherwise score by the evaluation.
    #[inline]
    fn terminal_score(&self, ply: usize) -> Option<i32> {
        (self.pieces[self.side] == 0).then(|| self.no_moves_score(ply))
    }

    fn move_order_hint(&self, mv: Move) -> i32 {
        let mut h = 0;
        if mv.is_capture() {
            let kings = (mv.captured & self.kings).count_ones() as i32;
            h += 1000 + 100 * mv.capture_count() as i32 + 200 * kings;
        }
        if mv.crown {
            h += 500;
        }
        h
    }

    #[inline]
    fn is_quiet(&self, mv: Move) -> bool {
        !mv.is_capture() && !mv.crown
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        (mv.from as usize) * 64 + mv.to as usize
    }

    fn history_size() -> usize {
        64 * 64
    }

    fn move_key(mv: Move) -> u32 {
        mv.key()
    }

    /// The material a capture takes (or a crowning gains).
    fn noisy_gain(&self, mv: Move) -> i32 {
        let kings = (mv.captured & self.kings).count_ones() as i32;
        let men = mv.capture_count() as i32 - kings;
        let crown = if mv.crown { eval::KING - eval::MAN } else { 0 };
        men * eval::MAN + kings * eval::KING + crown
    }
}

impl<V: Variant> GamePosition for Position<V> {
    fn to_notation(&self) -> String {
        fen::write(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<Move, GameError> {
        notation::parse_move(self, text)
    }

    /// PDN over UCI and in records; Hub's form over Hub.
    fn format_move(&self, mv: Move, notation: MoveNotation) -> String {
        match notation {
            MoveNotation::Hub => notation::format_hub::<V>(mv),
            _ => notation::format_pdn(self, mv, &self.legal_moves()),
        }
    }

    /// Hub's one-character-per-square form over Hub, PDN FEN elsewhere.
    fn to_notation_for(&self, notation: MoveNotation) -> String {
        match notation {
            MoveNotation::Hub => fen::write_hub(self),
            _ => self.to_notation(),
        }
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        self.legal_moves()
    }

    /// The board as White sees it: `w`/`b` men, `W`/`B` kings, `.` empty
    /// playing squares; `*` marks the side to move's edge.
    fn diagram(&self) -> String {
        let mut s = String::from("\n");
        for row in 0..V::ROWS {
            let mut line = String::from(" ");
            for col in 0..V::ROWS {
                let c = match variant::square_at::<V>(row, col) {
                    None => ' ',
                    Some(sq) => {
                        let b = variant::bit_of::<V>(sq);
                        let king = self.kings >> b & 1 != 0;
                        if self.pieces[WHITE] >> b & 1 != 0 {
                            if king { 'W' } else { 'w' }
                        } else if self.pieces[BLACK] >> b & 1 != 0 {
                            if king { 'B' } else { 'b' }
                        } else {
                            '.'
                        }
                    }
                };
                line.push(' ');
                line.push(c);
            }
            s.push_str(line.trim_end());
            let mark =
                (row == 0 && self.side == BLACK) || (row == V::ROWS - 1 && self.side == WHITE);
            s.push_str(if mark { "  *\n" } else { "\n" });
        }
        s
    }

    fn perft(&mut self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }
}

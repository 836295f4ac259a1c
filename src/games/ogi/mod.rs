//! Ōgi 王棋: 8x8 shogi with a Princess (bishop + knight), by Cyril Veltin.
//! Rules as in `protocol-spec/ogi.md`: promotion is mandatory whenever a
//! promotable piece starts or ends its move in the far three ranks; drops
//! never promote; no pawn/lance drop on the last rank, no knight drop on
//! the last two; nifu; a pawn drop may give mate; no legal move loses;
//! fourfold repetition draws unless one side checked throughout (it loses).
//!
//! * [`types`]: pieces, squares, [`Move`].
//! * [`bitboard`]: attack tables.
//! * [`position`]: board and hands, make/unmake, zobrist, repetitions.
//! * [`movegen`]: legal move generation, perft.
//! * [`sfen`], [`notation`]: text in and out.
//! * [`eval`]: static evaluation (piece-square terms in `pst.rs`); its
//!   weights in [`eval_weights`], written by the tuner ([`tune`], `tabula
//!   tune ogi`); [`bench`]: bench positions.
//! * [`nnue`]: the network's input features and their updates (options
//!   `EvalFile`, `Use NNUE`).

pub mod bench;
pub mod bitboard;
pub mod eval;
pub mod eval_weights;
pub mod movegen;
pub mod nnue;
pub mod notation;
pub mod position;
mod pst;
pub mod record;
pub mod sfen;
mod threats;
pub mod tune;
pub mod types;

pub use position::{Position, Repetition};
pub use types::Move;

use crate::evalkit::nnue::CarriesNet;
use crate::games::net_choice::NetChoice;
use crate::games::{EndKind, Game, GameError, GamePosition, MoveNotation, OptionSpec, Outcome};
use crate::rules::RulesPosition;
use crate::search::params::SearchParams;
use crate::search::{AlphaBetaPosition, MATE};
use bitboard::bit;
use movegen::{generate, has_legal_move};
use types::*;

pub const START_SFEN: &str = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1";

/// The Ōgi game kind; its options choose the evaluation.
#[derive(Debug, Clone)]
pub struct Ogi {
    /// `EvalFile` and `Use NNUE`.
    net: NetChoice,
}

impl Game for Ogi {
    type Pos = Position;
    type Search = crate::search::Searcher<Position>;
    const ID: &'static str = "ogi";

    fn new() -> Self {
        Ogi {
            net: NetChoice::with_embedded(nnue::NNUE_SHAPE, nnue::embedded_net()),
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        self.net.options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        self.net.set_option(name, value).unwrap_or_else(|| {
            Err(GameError::Unsupported(format!(
                "unknown ogi option '{name}'"
            )))
        })
    }

    fn prepare_search(&self, pos: &mut Position) {
        self.net.prepare(pos);
    }

    /// Bench positions are searched with the evaluation the options chose.
    fn parse_bench_position(&self, text: &str) -> Result<Position, GameError> {
        let mut pos = self.parse_position(text)?;
        self.prepare_search(&mut pos);
        Ok(pos)
    }

    fn start_position(&self) -> Position {
        match sfen::parse(START_SFEN) {
            Ok(p) => p,
            Err(e) => unreachable!("start SFEN is valid: {e}"),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, GameError> {
        sfen::parse(text)
    }

    fn bench_positions(&self) -> Vec<String> {
        bench::BENCH_SFENS.iter().map(|f| f.to_string()).collect()
    }

    /// About 1.2 s over the eight bench positions in release.
    fn bench_depth(&self) -> u32 {
        8
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        &["sfen", "fen"]
    }

    fn notation_label(&self) -> &'static str {
        "Sfen"
    }
}

impl Position {
    fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(160);
        generate(self, &mut v, false);
        v
    }

    /// The position as Fairy-Stockfish's FEN (for the UCI dialect).
    pub fn to_fen(&self) -> String {
        sfen::write_fen(self)
    }

    /// Static exchange evaluation of a move (swap algorithm; sliders
    /// behind the exchanging pieces join as the occupancy shrinks). A
    /// promotion counts the promotion gain for the first mover; a drop
    /// gains nothing itself and risks the dropped piece.
    pub fn see(&self, mv: Move) -> i32 {
        let to = mv.to();
        let mut gain = [0i32; 40];
        let mut on_square;
        let mut occ = self.occupied();
        if mv.is_drop() {
            on_square = eval::VALUES[mv.drop_kind()];
        } else {
            let from = mv.from();
            let victim = self.board[to];
            gain[0] = if victim != NO_PIECE {
                eval::VALUES[piece_kind(victim)]
            } else {
                0
            };
            let kind = piece_kind(self.board[from]);
            on_square = eval::VALUES[kind];
            if mv.is_promotion() {
                gain[0] += eval::VALUES[kind + PROMOTED] - eval::VALUES[kind];
                on_square = eval::VALUES[kind + PROMOTED];
            }
            occ ^= bit(from);
        }
        let mut side = self.side.other();
        let mut d = 0;
        loop {
            let atk = self.attackers(to, side, occ) & occ;
            if atk == 0 {
                break;
            }
            // Least valuable attacker.
            let mut best: Option<(i32, usize)> = None;
            for sq in bitboard::Squares(atk) {
                let v = eval::VALUES[piece_kind(self.board[sq])];
                let v = if piece_kind(self.board[sq]) == KING {
                    100_000
                } else {
                    v
                };
                if best.is_none_or(|(bv, _)| v < bv) {
                    best = Some((v, sq));
                }
            }
            let Some((v, sq)) = best else { break };
            if v == 100_000
                && self.attackers(to, side.other(), occ ^ bit(sq)) & (occ ^ bit(sq)) != 0
            {
                break; // the king cannot capture into a defended square
            }
            d += 1;
            if d >= gain.len() {
                break;
            }
            gain[d] = on_square - gain[d - 1];
            on_square = v;
            occ ^= bit(sq);
            side = side.other();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

impl RulesPosition for Position {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> usize {
        self.side.index()
    }

    fn generate_legal(&self, out: &mut Vec<Move>) {
        generate(self, out, false);
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.make_move(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.unmake_move();
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn outcome(&self) -> Option<Outcome> {
        if !has_legal_move(self) {
            return Some(if self.in_check() {
                Outcome::win(self.side.other().index(), EndKind::Checkmate, "checkmate")
            } else {
                Outcome::win(
                    self.side.other().index(),
                    EndKind::NoLegalMove,
                    "no legal move",
                )
            });
        }
        match self.repetition(0) {
            Repetition::Draw => Some(Outcome::draw(
                EndKind::Repetition,
                "sennichite (fourfold repetition)",
            )),
            Repetition::LossFor(c) => Some(Outcome::win(
                c.other().index(),
                EndKind::PerpetualCheck,
                "perpetual check",
            )),
            Repetition::None => None,
        }
    }
}

/// Ōgi's alpha-beta parameters, in centipawns. They start from the values the search was tuned
/// with; a tuner may set them apart from the other games'.
pub const SEARCH_PARAMS: SearchParams = SearchParams::STARTING;

impl AlphaBetaPosition for Position {
    const SEARCH_PARAMS: &'static SearchParams = &SEARCH_PARAMS;
    fn generate_noisy(&self, out: &mut Vec<Move>) {
        generate(self, out, true);
    }

    fn generate_quiet_checks(&self, out: &mut Vec<Move>) {
        movegen::generate_quiet_checks(self, out);
    }

    fn make_null(&mut self) {
        self.make_null_move();
    }

    fn unmake_null(&mut self) {
        self.unmake_move();
    }

    fn null_move_allowed(&self) -> bool {
        !self.in_check()
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    fn evaluate(&self) -> i32 {
        self.corrected(eval::evaluate(self))
    }

    /// Sennichite inside the search (one repetition decides) or in the game
    /// (fourfold); perpetual check is not a draw but a loss, see
    /// [`AlphaBetaPosition::terminal_score`].
    fn is_draw(&self, plies_from_root: usize) -> bool {
        self.repetition(plies_from_root) == Repetition::Draw
    }

    fn no_moves_score(&self, ply: usize) -> i32 {
        // Checkmate or no legal move: both lose.
        -MATE + ply as i32
    }

    /// Perpetual check: the checker loses, scored like being mated here.
    fn terminal_score(&self, ply: usize) -> Option<i32> {
        match self.repetition(ply) {
            Repetition::LossFor(c) if c == self.side => Some(-MATE + ply as i32),
            Repetition::LossFor(_) => Some(MATE - ply as i32),
            _ => None,
        }
    }

    fn move_order_hint(&self, mv: Move) -> i32 {
        if mv.is_drop() {
            return 0;
        }
        let mut h = 0;
        let victim = self.board[mv.to()];
        let kind = piece_kind(self.board[mv.from()]);
        if victim != NO_PIECE {
            h += 1000 + 10 * eval::VALUES[piece_kind(victim)] - eval::VALUES[kind] / 10;
        }
        if mv.is_promotion() {
            h += 200 + eval::VALUES[kind + PROMOTED] - eval::VALUES[kind];
        }
        h
    }

    #[inline]
    fn is_quiet(&self, mv: Move) -> bool {
        !mv.is_promotion() && self.captured_by(mv) == NO_PIECE
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        if mv.is_drop() {
            (32 + self.side.index() * 8 + mv.drop_kind()) * 64 + mv.to()
        } else {
            (self.board[mv.from()] as usize & 31) * 64 + mv.to()
        }
    }

    fn history_size() -> usize {
        48 * 64
    }

    fn move_key(mv: Move) -> u32 {
        u32::from(mv.0)
    }

    fn noisy_gain(&self, mv: Move) -> i32 {
        self.see(mv)
    }

    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see(mv) >= threshold
    }
}

impl GamePosition for Position {
    fn to_notation(&self) -> String {
        sfen::write(self)
    }

    /// Over UCI Ōgi is written as Fairy-Stockfish writes it: a FEN with hand.
    fn to_notation_for(&self, notation: MoveNotation) -> String {
        match notation {
            MoveNotation::Uci => self.to_fen(),
            MoveNotation::Native | MoveNotation::Hub => self.to_notation(),
        }
    }

    fn parse_move(&self, text: &str, notation: MoveNotation) -> Result<Move, GameError> {
        notation::parse_move(self, text, notation)
    }

    fn format_move(&self, mv: Move, notation: MoveNotation) -> String {
        notation::format_move(mv, notation)
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        self.legal_moves()
    }

    /// The board with USI coordinates (files 8..1, ranks a..h), gote's hand
    /// above and sente's below; `*` marks the side to move.
    fn diagram(&self) -> String {
        let sep = " +---+---+---+---+---+---+---+---+\n";
        let mut s = String::from("\n");
        let hand = |c: Side| {
            let mut h = String::new();
            for kind in sfen::HAND_ORDER {
                let n = self.hand[c][kind];
                if n > 0 {
                    let l = kind_letter(kind);
                    let l = if c == SENTE {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    };
                    h.push_str(&format!(
                        " {l}{}",
                        if n > 1 { n.to_string() } else { String::new() }
                    ));
                }
            }
            if h.is_empty() { " -".to_string() } else { h }
        };
        s.push_str(&format!(
            " gote hand:{}{}\n",
            hand(GOTE),
            if self.side == GOTE { "  *" } else { "" }
        ));
        s.push_str("   8   7   6   5   4   3   2   1\n");
        s.push_str(sep);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let p = self.board[rank * 8 + file];
                s.push_str(" |");
                if p == NO_PIECE {
                    s.push_str("  ");
                } else {
                    let t = piece_text(p);
                    if t.len() == 1 {
                        s.push(' ');
                    }
                    s.push_str(&t);
                }
            }
            s.push_str(&format!(" | {}\n", (b'h' - rank as u8) as char));
            s.push_str(sep);
        }
        s.push_str(&format!(
            " sente hand:{}{}\n",
            hand(SENTE),
            if self.side == SENTE { "  *" } else { "" }
        ));
        s
    }

    fn perft(&mut self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }
}

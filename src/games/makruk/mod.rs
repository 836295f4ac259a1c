//! Makruk (Thai chess), as Fairy-Stockfish plays the variant `makruk`,
//! including both counting rules (board's honour and pieces' honour).
//!
//! * [`bitboard`]: attack tables.
//! * [`types`]: pieces, squares, [`Move`].
//! * [`position`]: board, make/unmake, zobrist key, counting.
//! * [`movegen`]: legal move generation, perft.
//! * [`fen`], [`notation`]: text in and out.
//! * [`eval`]: static evaluation; its weights in [`eval_weights`], written
//!   by the tuner ([`tune`], `tabula tune makruk`).
//! * [`nnue`]: the network's input features and the accumulators that
//!   follow the moves (options `EvalFile`, `Use NNUE`).
//!
//! Facts checked against Fairy-Stockfish 11.1 (`UCI_Variant makruk`):
//! * No 50-move rule: with half-move clock 100 or 150 it still scores a
//!   won K+2R position at +60; the clock is only written to the FEN.
//! * A promoted pawn is written as a plain met (`M`/`m`).
//! * Counting is recomputed after a move when [(no count running or the
//!   move captured) and the side to move S has a bare king] or [no count
//!   running and no pawns]. The new limit is 0 while any pawn is on the board
//!   or when S's opponent has a bare king; else 64 moves (board's honour) if
//!   S has more than its king; else pieces' honour by the opponent's
//!   material (2R 8, R 16, 2S 22, 2N 32, S 44, else 64). A new limit of 0
//!   leaves a running count untouched (e.g. a capture down to K v K).
//!   Pieces' honour starts at 2 x pieces on the board, board's honour at 0.
//! * The game is drawn when count > limit, unless the side to move is mated.
//!
//! Option `Board Honour Counting` (`auto` | `gui`): with `gui`, board's
//! honour never starts by itself, only a count in a FEN from the GUI runs;
//! pieces' honour is compulsory and always starts.

pub mod bench;
pub mod bitboard;
pub mod eval;
pub mod eval_weights;
pub mod fen;
mod king_safety;
mod known_win;
pub mod krk;
pub mod movegen;
pub mod nnue;
pub mod notation;
mod pawn_structure;
pub mod position;
mod pst;
pub mod record;
mod threats;
pub mod tune;
pub mod two_minors;
pub mod types;

pub use position::Position;
pub use types::Move;

use crate::evalkit::nnue::CarriesNet;
use crate::games::net_choice::NetChoice;
use crate::games::{
    EndKind, Game, GameError, GamePosition, MoveNotation, OptionKind, OptionSpec, Outcome,
};
use crate::rules::RulesPosition;
use crate::search::params::SearchParams;
use crate::search::{AlphaBetaPosition, MATE};
use bitboard::bit;
use movegen::{Counter, generate};
use position::{ZOBRIST_COUNT_LEFT, ZOBRIST_COUNT_LIMIT};
use types::*;

pub const START_FEN: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// Name of the option that decides how board's honour starts.
pub const OPTION_BOARD_HONOUR: &str = "Board Honour Counting";

/// The Makruk game kind and its option settings.
#[derive(Debug, Clone)]
pub struct Makruk {
    /// `auto`: board's honour starts by itself as in Fairy-Stockfish.
    /// `gui`: only when a FEN from the GUI carries a count.
    board_honour_auto: bool,
    /// `EvalFile` and `Use NNUE`.
    net: NetChoice,
}

impl Makruk {
    fn set_board_honour(&mut self, value: &str) -> Result<(), GameError> {
        match value.trim().to_ascii_lowercase().as_str() {
            "auto" => self.board_honour_auto = true,
            "gui" => self.board_honour_auto = false,
            v => {
                return Err(GameError::Parse(format!(
                    "invalid value '{v}' for option {OPTION_BOARD_HONOUR}: expected auto or gui"
                )));
            }
        }
        Ok(())
    }
}

impl Game for Makruk {
    type Pos = Position;
    type Search = crate::search::Searcher<Position>;
    const ID: &'static str = "makruk";

    fn new() -> Self {
        Makruk {
            board_honour_auto: true,
            net: NetChoice::with_embedded(nnue::NNUE_SHAPE, nnue::embedded_net()),
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut options = vec![OptionSpec {
            name: OPTION_BOARD_HONOUR.to_string(),
            kind: OptionKind::Combo {
                default: "auto".to_string(),
                vars: vec!["auto".to_string(), "gui".to_string()],
            },
        }];
        options.extend(self.net.options());
        options
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        if let Some(done) = self.net.set_option(name, value) {
            done
        } else if name.trim().eq_ignore_ascii_case(OPTION_BOARD_HONOUR) {
            self.set_board_honour(value)
        } else {
            Err(GameError::Unsupported(format!(
                "unknown makruk option '{name}'"
            )))
        }
    }

    fn prepare_search(&self, pos: &mut Position) {
        self.net.prepare(pos);
    }

    fn start_position(&self) -> Position {
        match fen::parse(START_FEN, self.board_honour_auto) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, GameError> {
        // Tak and Ōgi name their notation (`bad TPS: `); a Makruk FEN error
        // reads `bad position: `, as GUIs have always seen it.
        fen::parse(text, self.board_honour_auto).map_err(|e| e.prefixed("bad position: "))
    }

    fn bench_positions(&self) -> Vec<String> {
        bench::BENCH_FENS.iter().map(|f| f.to_string()).collect()
    }

    fn bench_depth(&self) -> u32 {
        11
    }

    /// Bench positions are searched with the evaluation the options chose
    /// (`tabula bench makruk --option EvalFile=...`).
    fn parse_bench_position(&self, text: &str) -> Result<Position, GameError> {
        let mut pos = self.parse_position(text)?;
        self.prepare_search(&mut pos);
        Ok(pos)
    }

    fn prepare_bench(&self) {
        // Two bench positions reach king and two minors against a bare
        // king; their tables are built in the background during play.
        two_minors::build_all_tables();
    }
}

impl Position {
    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to()] != NO_PIECE
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        generate(self, &mut v, false);
        v
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

    /// Board, side to move and counting state. The exact count is hashed
    /// only when fewer than 48 plies remain (where it can change results
    /// inside a search); further away only the limit is hashed, so that
    /// transpositions of different lengths still share entries.
    fn key(&self) -> u64 {
        let mut k = self.key;
        if self.counting_limit != 0 {
            let left = self.counting_limit as i64 - self.counting_ply as i64;
            let bucket = left.clamp(-1, 48) + 2;
            k ^= ZOBRIST_COUNT_LIMIT
                .wrapping_mul(self.counting_limit as u64)
                .rotate_left(17);
            k ^= ZOBRIST_COUNT_LEFT
                .wrapping_mul(bucket as u64)
                .rotate_left(31);
        }
        k
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut c = Counter(0);
        generate(self, &mut c, false);
        if c.0 == 0 {
            return Some(if self.in_check() {
                Outcome::win(self.side.other().index(), EndKind::Checkmate, "checkmate")
            } else {
                Outcome::draw(EndKind::NoLegalMove, "stalemate")
            });
        }
        if self.counting_exceeded() {
            return Some(Outcome::draw(
                EndKind::Counting,
                format!(
                    "counting limit reached ({} > {} plies)",
                    self.counting_ply, self.counting_limit
                ),
            ));
        }
        if self.repetitions(0) >= 2 {
            return Some(Outcome::draw(EndKind::Repetition, "threefold repetition"));
        }
        None
    }
}

/// Makruk's alpha-beta parameters, in centipawns. They start from the values the search was tuned
/// with; a tuner may set them apart from the other games'.
pub const SEARCH_PARAMS: SearchParams = SearchParams::STARTING;

impl AlphaBetaPosition for Position {
    const SEARCH_PARAMS: &'static SearchParams = &SEARCH_PARAMS;
    /// The pawns of both sides: the evaluation's errors are learnt per
    /// pawn structure.
    fn correction_key(&self) -> Option<u64> {
        Some(crate::games::zobrist::structure_key(
            self.pieces(WHITE, PAWN),
            self.pieces(BLACK, PAWN),
        ))
    }

    fn generate_noisy(&self, out: &mut Vec<Move>) {
        generate(self, out, true);
    }

    fn make_null(&mut self) {
        self.make_null_move();
    }

    fn unmake_null(&mut self) {
        self.unmake_move();
    }

    fn null_move_allowed(&self) -> bool {
        if self.in_check() {
            return false;
        }
        let s = self.side;
        let v = |k: usize| self.pieces(s, k).count_ones() as i32 * eval::VALUES[k];
        v(MET) + v(KHON) + v(KNIGHT) + v(ROOK) >= eval::VALUES[ROOK]
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    fn evaluate(&self) -> i32 {
        // King and rook, or king and two minors, against a bare king are
        // known exactly, count included; the tuned evaluation, with the
        // net's correction where one is used, covers the rest.
        if let Some(v) = krk::score(self).or_else(|| two_minors::score(self)) {
            return v;
        }
        self.corrected(eval::evaluate(self))
    }

    fn is_draw(&self, plies_from_root: usize) -> bool {
        if self.counting_exceeded() {
            // Drawn unless the side to move is checkmated.
            return !self.in_check() || movegen::has_legal_move(self);
        }
        self.repetitions(plies_from_root) >= 2
    }

    fn no_moves_score(&self, ply: usize) -> i32 {
        if self.in_check() {
            -MATE + ply as i32
        } else {
            0
        }
    }

    fn move_order_hint(&self, mv: Move) -> i32 {
        let mut h = 0;
        let victim = self.board[mv.to()];
        if victim != NO_PIECE {
            let attacker = piece_kind(self.board[mv.from()]);
            h += 1000 + 10 * eval::VALUES[piece_kind(victim)] - eval::VALUES[attacker] / 10;
        }
        if mv.is_promotion() {
            h += 900;
        }
        h
    }

    #[inline]
    fn is_quiet(&self, mv: Move) -> bool {
        !mv.is_promotion() && !self.is_capture(mv)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let p = self.board[mv.from()] as usize;
        (p.min(11)) * 64 + mv.to()
    }

    fn history_size() -> usize {
        12 * 64
    }

    fn move_key(mv: Move) -> u32 {
        u32::from(mv.0)
    }

    /// Static exchange evaluation: the material balance of the capture
    /// sequence on the destination square, each side recapturing with its
    /// least valuable piece and free to stop.
    fn noisy_gain(&self, mv: Move) -> i32 {
        self.see(mv)
    }

    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        let victim = self.board[mv.to()];
        if victim != NO_PIECE && !mv.is_promotion() {
            // Losing the mover at once still leaves victim - mover.
            let v = eval::VALUES[piece_kind(victim)];
            let m = eval::VALUES[piece_kind(self.board[mv.from()])];
            if v - m >= threshold {
                return true;
            }
        }
        self.see(mv) >= threshold
    }
}

impl Position {
    /// Static exchange evaluation of `mv` (swap algorithm). Rooks are the
    /// only sliders, so x-rays appear only through rooks.
    pub fn see(&self, mv: Move) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        let victim = self.board[to];
        let mut gain = [0i32; 34];
        gain[0] = if victim != NO_PIECE {
            eval::VALUES[piece_kind(victim)]
        } else {
            0
        };
        let mut on_square = eval::VALUES[piece_kind(self.board[from])];
        if mv.is_promotion() {
            gain[0] += eval::VALUES[MET] - eval::VALUES[PAWN];
            on_square = eval::VALUES[MET];
        }
        let mut occ = self.occupied() ^ bit(from);
        let mut side = self.side.other();
        let mut d = 0;
        loop {
            let atk = self.attackers(to, side, occ) & occ;
            if atk == 0 {
                break;
            }
            // Least valuable attacker.
            let mut found = None;
            for kind in [PAWN, MET, KHON, KNIGHT, ROOK, KING] {
                let b = atk & self.kinds[kind];
                if b != 0 {
                    found = Some((kind, b.trailing_zeros() as usize));
                    break;
                }
            }
            let Some((kind, sq)) = found else { break };
            if kind == KING
                && self.attackers(to, side.other(), occ ^ bit(sq)) & (occ ^ bit(sq)) != 0
            {
                break; // the king cannot capture into a defended square
            }
            d += 1;
            if d >= gain.len() {
                break;
            }
            gain[d] = on_square - gain[d - 1];
            on_square = eval::VALUES[kind];
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

impl GamePosition for Position {
    fn to_notation(&self) -> String {
        fen::write(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<Move, GameError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Move, _notation: MoveNotation) -> String {
        notation::format_move(mv)
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        self.legal_moves()
    }

    /// Fairy-Stockfish's `d` board; `*` marks the side to move's edge.
    fn diagram(&self) -> String {
        let sep = " +---+---+---+---+---+---+---+---+\n";
        let mut s = String::from("\n");
        s.push_str(sep);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let p = self.board[rank * 8 + file];
                let c = if p == NO_PIECE { ' ' } else { piece_char(p) };
                s.push_str(" | ");
                s.push(c);
            }
            let mark = (rank == 7 && self.side == BLACK) || (rank == 0 && self.side == WHITE);
            s.push_str(if mark {
                " | *\n"
            } else if rank == 0 || rank == 7 {
                " |  \n"
            } else {
                " |\n"
            });
            s.push_str(sep);
        }
        s
    }

    fn perft(&mut self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }
}

#[cfg(test)]
mod see_tests {
    use super::*;

    fn see_of(f: &str, mv: &str) -> i32 {
        let p = fen::parse(f, true).unwrap();
        let m = notation::parse_move(&p, mv).unwrap();
        p.see(m)
    }

    #[test]
    fn static_exchange() {
        // Rook takes a pawn defended by a pawn: loses the rook for a pawn.
        assert_eq!(
            see_of("4k3/8/8/2p5/3p4/8/8/3RK3 w - - 0 1", "d1d4"),
            100 - 600
        );
        // Undefended pawn: wins it.
        assert_eq!(see_of("4k3/8/8/8/3p4/8/8/3RK3 w - - 0 1", "d1d4"), 100);
        // Rook behind rook (x-ray): RxP, RxR, RxR wins a pawn net.
        assert_eq!(see_of("3rk3/8/8/8/3p4/8/3R4/3RK3 w - - 0 1", "d2d4"), 100);
    }
}

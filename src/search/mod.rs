//! The game-generic search: alpha-beta (PVS) core, transposition table,
//! time management and the worker thread that runs searches. Knows no text
//! and no protocol: moves are typed values of the game, and the caller hands
//! in a formatter for principal variations.
//!
//! * [`tt`]: transposition table (buckets of four, mate scores stored
//!   relative to the node, generation aging, `hashfull`).
//! * [`ordering`]: TT move, noisy moves by hint, killers, history.
//! * [`params`]: [`params::SearchParams`], the alpha-beta search's
//!   margins, reductions and time scaling, one table per game.
//! * [`time`]: soft/hard budgets from clocks, increments, movestogo,
//!   byoyomi, movetime; pondering.
//! * [`alphabeta`]: [`Searcher`], the synchronous iterative-deepening PVS
//!   search (benches, tests, and the worker's engine).
//! * Search traits layered on the rules: [`AlphaBetaPosition`] (two
//!   players), [`EquityPosition`] (chance: dice games),
//!   [`MultiPlayerPosition`] (more than two players).
//! * [`expectimax`]: [`Expectimax`], for dice games: chance nodes averaged,
//!   decisions filtered by depth, cube decisions left to the game.
//! * [`multiplayer`]: [`multiplayer::MultiPlayerSearch`], alpha-beta for
//!   two players, best-reply or paranoid search for more, and the greedy
//!   baseline (Chinese checkers).
//! * [`strategy`]: [`SearchStrategy`], what the worker runs: alpha-beta's
//!   [`Searcher`], [`Expectimax`] and the multi-player search.
//! * [`worker`]: [`SearchWorker`], one background thread running jobs of
//!   any strategy and reporting [`SearchEvent`]s on a channel (give it an
//!   unbounded one).
//!
//! The contract of one job: exactly one `BestMove` event, always (also after
//! `stop`, before depth 1 finished, with `best: None` when there is no legal
//! move); `infinite` and `ponder` jobs answer only after `stop` (or
//! `ponderhit`); one `Info` per finished iteration and MultiPV line; fixed
//! depth / node searches are deterministic for a fresh [`Searcher`].

pub mod alphabeta;
pub mod correction;
pub mod expectimax;
pub mod multiplayer;
pub mod ordering;
pub mod parallel;
pub mod params;
mod smp;
pub mod strategy;
pub mod time;
pub mod tsume;
pub mod tt;
pub mod types;
pub mod worker;

#[cfg(test)]
mod tests;

pub use alphabeta::{MAX_THREADS, Searcher};
pub use expectimax::Expectimax;
pub use strategy::SearchStrategy;
pub use types::*;
pub use worker::SearchWorker;

/// The score bound for mate: a mate found `n` plies from the root scores
/// `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores with absolute value at least this are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const INFINITY: i32 = MATE + 1;

pub use crate::rules::RulesPosition;

/// True when the static evaluation can be trusted to say what `pos` is
/// worth: the mover is not in check and has no capture that wins
/// material by static exchange (`noisy` is scratch space). The tuner and
/// the training data keep only such positions.
pub fn is_quiet_position<P: AlphaBetaPosition>(pos: &P, noisy: &mut Vec<P::Move>) -> bool {
    if pos.in_check() {
        return false;
    }
    noisy.clear();
    pos.generate_noisy(noisy);
    !noisy.iter().any(|&m| pos.see_ge(m, 1))
}

/// What alpha-beta search needs from a position, on top of the rules:
/// evaluation, quiescence, pruning and ordering questions. Implemented by
/// every two-player perfect-information game (Makruk, Ōgi, Tak).
///
/// Scores are always from the point of view of the side to move.
pub trait AlphaBetaPosition: RulesPosition {
    /// The game's search parameters, in its evaluation's units.
    const SEARCH_PARAMS: &'static params::SearchParams;
    /// Appends the legal "noisy" moves (captures, promotions) used by
    /// quiescence search. Games without such a notion append nothing.
    fn generate_noisy(&self, out: &mut Vec<Self::Move>);
    /// Appends the legal quiet moves (neither captures nor promotions) that
    /// give check. Quiescence tries them at its first ply, and once more
    /// after the defender's evasion when the check left few evasions (see
    /// alphabeta.rs), since a check (in a drop game, often from hand) is
    /// the threat a static evaluation cannot see. The default
    /// appends nothing: quiescence stays noisy-only.
    fn generate_quiet_checks(&self, _out: &mut Vec<Self::Move>) {}
    /// Passes the turn (null-move pruning). Only called when
    /// `null_move_allowed` is true.
    fn make_null(&mut self);
    fn unmake_null(&mut self);
    /// False in check, in zugzwang-prone endgames, or where a pass is
    /// meaningless for the game.
    fn null_move_allowed(&self) -> bool;
    /// The side to move is in check (in Tak: faces a road threat). The
    /// search neither prunes nor reduces there, and quiescence does not
    /// stand pat.
    fn in_check(&self) -> bool;
    /// Whether a move that gives check is searched one ply deeper (when
    /// the checking piece is safe). Default: true.
    fn extends_checks(&self) -> bool {
        true
    }
    /// Whether a move that gives check is spared by the parent: never
    /// pruned or reduced, and extended at the root. False where "check" is
    /// an everyday offer (a draughts exchange's first half): such a move is
    /// then searched like any other. Default: true.
    fn spares_checks(&self) -> bool {
        true
    }
    /// Static evaluation in centipawns for the side to move, strictly
    /// inside ±`MATE_BOUND` (a larger value reads as a mate score).
    fn evaluate(&self) -> i32;
    /// A draw that needs no move generation: repetition (any repetition
    /// inside the search, `plies_from_root` tells where the root is),
    /// counting limits, move caps.
    fn is_draw(&self, plies_from_root: usize) -> bool;
    /// Score for the side to move when it has no legal move, relative to a
    /// mate at this ply: `-MATE + ply` when that is a loss (checkmate),
    /// `0` when a draw (Makruk stalemate).
    fn no_moves_score(&self, ply: usize) -> i32;
    /// A game-decided result before move generation (Tak roads): the score
    /// for the side to move, or `None` when the game goes on.
    fn terminal_score(&self, _ply: usize) -> Option<i32> {
        None
    }
    /// True when the side to move has a move that wins the game at once
    /// and the game can tell without generating moves (a Tak road by
    /// placement). The search then scores a non-PV node as a win in one.
    /// Default: false.
    fn wins_at_once(&self) -> bool {
        false
    }
    /// Ordering hint for a move: higher is searched first. Captures should
    /// score MVV-LVA style above zero; quiet moves return 0.
    fn move_order_hint(&self, mv: Self::Move) -> i32;
    /// True when the move is quiet (not a capture or promotion): killers,
    /// history and late-move reductions apply to quiet moves only.
    fn is_quiet(&self, mv: Self::Move) -> bool;
    /// A small index for history tables, below `history_size()`.
    fn history_index(&self, mv: Self::Move) -> usize;
    fn history_size() -> usize;
    /// A 32-bit key that tells this move from the position's other legal
    /// moves: the transposition table keeps moves as these keys, and the
    /// search compares them only with the keys of moves it generated.
    fn move_key(mv: Self::Move) -> u32;
    /// Static exchange or cheap estimate of a noisy move's gain, used to
    /// prune losing captures in quiescence. Default: the ordering hint.
    fn noisy_gain(&self, mv: Self::Move) -> i32 {
        self.move_order_hint(mv)
    }
    /// Whether the noisy move's exchange gains at least `threshold`.
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        self.noisy_gain(mv) >= threshold
    }
    /// The key of a structure whose evaluation errors the search learns
    /// and corrects (correction history), e.g. the pawn placement; `None`
    /// (the default): the static evaluation is used as it is.
    fn correction_key(&self) -> Option<u64> {
        None
    }
}

/// What the expectimax search ([`expectimax::Expectimax`]) needs from a
/// position, on top of the rules (whose `turn()` and `chance_outcomes()`
/// give the chance nodes): a static value at the leaves, averaged through
/// chance nodes, and, for games with a doubling cube, the cube's answers.
/// Dice games (backgammon) implement it.
pub trait EquityPosition: RulesPosition {
    /// What leaves return and chance nodes average (backgammon: outcome
    /// probabilities; a plain `f32` equity also works).
    type Value: expectimax::ChanceValue;
    /// The static value for the player on turn (at a chance node, the
    /// player the roll is for); exact when the game is over.
    fn evaluate_value(&self) -> Self::Value;
    /// The value as an expected result in points for the player on turn
    /// (1.0 = one point won), by which moves are compared.
    fn equity_of(&self, value: &Self::Value) -> f32;
    /// The depth searched when `go` sets none (UBGI's `engine.ply`).
    fn default_depth(&self) -> u32 {
        2
    }
    /// At a cube decision met inside the search: the move that lets play
    /// go on without cube action (no double).
    fn continue_without_cube(&self) -> Option<Self::Move> {
        None
    }
    /// At a cube decision: the same position with the player to roll
    /// about to roll and the cube as it was before any action (the double
    /// not offered).
    fn position_to_roll(&self) -> Option<Self> {
        None
    }
    /// At a cube decision: the answer (double or not, take or drop) and its
    /// equity for the player deciding, given the value of the position to
    /// roll for the player to roll.
    fn cube_action(&self, _rolling: &Self::Value) -> Option<(Self::Move, f32)> {
        None
    }
    /// A root decision whose answer needs no search (backgammon: before
    /// the roll with the cube out of reach, the answer is no double).
    fn answer_without_search(&self) -> Option<Self::Move> {
        None
    }
    /// Work due before a search starts (backgammon: waiting for its
    /// bear-off database), cut short when `stop` is set.
    fn before_search(&self, _stop: &std::sync::atomic::AtomicBool) {}
}

/// What a search for more than two players (best-reply, paranoid, max-n)
/// needs from a position, on top of the rules: one evaluation per player.
/// Chinese checkers and Halma implement it.
pub trait MultiPlayerPosition: RulesPosition {
    /// Writes each player's evaluation into `out` (`out.len()` is
    /// `players()`), higher is better for that player.
    fn evaluate_players(&self, out: &mut [i32]);
    /// True while `player` still moves (has neither finished nor been
    /// eliminated).
    fn is_playing(&self, player: usize) -> bool;
    /// Best-reply search: gives the turn to `player` (one still playing,
    /// not the one to move) without a move; `unmake` takes it back. Rule counters (moves made)
    /// do not change.
    fn make_turn_to(&mut self, player: usize);
    /// How far a legal move of the player to move brings it toward its
    /// goal, in the game's distance units (a step forward: 1). The greedy
    /// baseline plays the largest; the searches order moves by it.
    fn move_gain(&self, mv: Self::Move) -> i32;
    /// Player `player`'s own evaluation ([`Self::evaluate_players`]'s
    /// entry), which the race planner ranks its lines by.
    fn evaluate_player(&self, player: usize) -> i32 {
        let mut all = vec![0; self.players()];
        self.evaluate_players(&mut all);
        all.get(player).copied().unwrap_or(0)
    }
    /// True when `player` races alone: none of its moves can meet another
    /// player's pieces any more, so the race planner plays it exactly.
    fn racing_alone(&self, _player: usize) -> bool {
        false
    }
}

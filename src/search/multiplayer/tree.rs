//! Best-reply and paranoid search: one alpha-beta over the root player's
//! value (its evaluation against the mean of the others'), with iterative
//! deepening, a transposition table and moves ordered by their gain.
//!
//! The two differ only in who moves at a node ([`Layer`]): paranoid
//! follows the turn order, every opponent minimising; best-reply
//! alternates the root player's layer with one layer in which every
//! opponent's moves are tried from the same position and only the best
//! reply among them is played, so the root player sees deeper into its
//! own plans.

use super::super::time::TimeManager;
use super::super::tt::TranspositionTable;
use super::super::{
    AlphaBetaPosition, Bound, INFINITY, Job, MultiMethod, MultiPlayerPosition, Score, SearchEvent,
    SearchInfo, SearchResult,
};
use super::{answer, limits_for};
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;
/// The value of winning: the root player alone in first place.
const WIN: i32 = 30_000;
/// Table keys of the same position differ by whose layer it is and by
/// the root player (values are the root player's).
const LAYER_SALT: [u64; 3] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
];
const ROOT_SALT: u64 = 0xD6E8_FEB8_6659_FD93;

/// Who moves at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layer {
    /// Paranoid: the player whose turn it is.
    Turn,
    /// Best-reply: the root player.
    Root,
    /// Best-reply: every other player still playing, one reply in all.
    Replies,
}

impl Layer {
    fn next(self) -> Layer {
        match self {
            Layer::Turn => Layer::Turn,
            Layer::Root => Layer::Replies,
            Layer::Replies => Layer::Root,
        }
    }

    fn salt(self) -> u64 {
        LAYER_SALT[self as usize]
    }
}

struct Ctx<'a, M: Copy + Send + 'static> {
    root_player: usize,
    stop: &'a AtomicBool,
    tm: TimeManager,
    node_limit: Option<u64>,
    nodes: u64,
    aborted: bool,
    tt: &'a TranspositionTable,
    /// The game's move key ([`AlphaBetaPosition::move_key`]), by which
    /// the table keeps moves.
    key_of: fn(M) -> u32,
    evals: Vec<i32>,
    move_bufs: Vec<Vec<M>>,
}

impl<M: Copy + PartialEq + Send + 'static> Ctx<'_, M> {
    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.tm.hard_exceeded()
                || self.node_limit.is_some_and(|n| self.nodes >= n))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The root player's value of `pos`: its evaluation against the mean
    /// of the others'; a finished game by the root player's place.
    fn leaf<P: MultiPlayerPosition<Move = M>>(&mut self, pos: &P, ply: u32) -> i32 {
        if let Some(outcome) = pos.outcome() {
            let n = outcome.players().max(2) as i32;
            let place = i32::from(outcome.places.get(self.root_player).copied().unwrap_or(0));
            // First: +WIN, last: -WIN, sooner is better.
            let v = WIN * (n - 1 - 2 * place) / (n - 1);
            return v - v.signum() * ply as i32;
        }
        let n = pos.players();
        self.evals.resize(n, 0);
        pos.evaluate_players(&mut self.evals);
        let me = self.evals.get(self.root_player).copied().unwrap_or(0);
        let others: i32 = self.evals.iter().sum::<i32>() - me;
        me - others / (n as i32 - 1).max(1)
    }

    /// The players who move at a node of `layer`, in turn order.
    fn movers<P: MultiPlayerPosition<Move = M>>(&self, pos: &P, layer: Layer) -> Vec<usize> {
        let n = pos.players();
        match layer {
            Layer::Turn => vec![pos.side_to_move()],
            Layer::Root => vec![self.root_player],
            Layer::Replies => (1..n)
                .map(|k| (self.root_player + k) % n)
                .filter(|&q| pos.is_playing(q))
                .collect(),
        }
    }

    /// Alpha-beta over the root player's value: it maximises at its own
    /// nodes, the opponents minimise at theirs.
    fn search<P: MultiPlayerPosition<Move = M>>(
        &mut self,
        pos: &mut P,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
        layer: Layer,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() || depth == 0 || pos.outcome().is_some() {
            return self.leaf(pos, ply);
        }
        if layer == Layer::Root && !pos.is_playing(self.root_player) {
            // Finished or eliminated while others play on.
            return self.leaf(pos, ply);
        }
        let key = pos.key() ^ layer.salt() ^ ROOT_SALT.wrapping_mul(self.root_player as u64 + 1);
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key, ply as usize) {
            tt_move = hit.mv;
            if hit.depth >= depth as i32 {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = match layer {
            Layer::Turn => pos.side_to_move() == self.root_player,
            Layer::Root => true,
            Layer::Replies => false,
        };
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        'players: for q in self.movers(pos, layer) {
            let handed = pos.side_to_move() != q;
            if handed {
                pos.make_turn_to(q);
            }
            let mut moves = self.ordered_moves(pos, ply, tt_move);
            let mut cut = false;
            for &mv in &moves {
                pos.make(mv);
                let v = self.search(pos, depth - 1, ply + 1, alpha, beta, layer.next());
                pos.unmake();
                if maximising && v > best {
                    best = v;
                    best_move = Some(mv);
                    alpha = alpha.max(v);
                } else if !maximising && v < best {
                    best = v;
                    best_move = Some(mv);
                    beta = beta.min(v);
                }
                if alpha >= beta || self.aborted {
                    cut = true;
                    break;
                }
            }
            moves.clear();
            if let Some(slot) = self.move_bufs.get_mut(ply as usize) {
                *slot = moves;
            }
            if handed {
                pos.unmake();
            }
            if cut {
                break 'players;
            }
        }
        if best_move.is_none() {
            // Nobody could move (cannot happen while the game goes on).
            return self.leaf(pos, ply);
        }
        if !self.aborted {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let best_key = best_move.map(self.key_of);
            self.tt
                .store(key, ply as usize, best_key, best, depth as i32, bound);
        }
        best
    }

    /// The legal moves of the player to move, the table's move first, then
    /// by gain (furthest forward first).
    fn ordered_moves<P: MultiPlayerPosition<Move = M>>(
        &mut self,
        pos: &P,
        ply: u32,
        tt_move: Option<u32>,
    ) -> Vec<M> {
        let mut moves = self
            .move_bufs
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        moves.clear();
        pos.generate_legal(&mut moves);
        moves.sort_by_cached_key(|&m| -pos.move_gain(m));
        if let Some(t) = tt_move
            && let Some(i) = moves.iter().position(|&m| (self.key_of)(m) == t)
        {
            moves[..=i].rotate_right(1);
        }
        moves
    }
}

/// Iterative deepening of a best-reply or paranoid search from the job's
/// root.
pub(super) fn run<P: AlphaBetaPosition + MultiPlayerPosition>(
    job: Job<P>,
    method: MultiMethod,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
    ponderhit: Option<&AtomicBool>,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let root = job.position.clone();
    let me = root.side_to_move();
    let limits = limits_for(&job.limits, me);
    tt.new_search();
    let mut ctx: Ctx<P::Move> = Ctx {
        root_player: me,
        stop,
        tm: TimeManager::new(&limits, job.settings.move_overhead, me),
        node_limit: limits.nodes,
        nodes: 0,
        aborted: false,
        tt,
        key_of: P::move_key,
        evals: Vec::new(),
        move_bufs: vec![Vec::new(); MAX_DEPTH as usize + 2],
    };
    let first_layer = match method {
        MultiMethod::Paranoid => Layer::Turn,
        _ => Layer::Root,
    };
    let mut moves = Vec::new();
    root.generate_legal(&mut moves);
    if !job.searchmoves.is_empty() {
        moves.retain(|m| job.searchmoves.contains(m));
    }
    moves.sort_by_cached_key(|&m| -root.move_gain(m));
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut best: Option<(P::Move, i32)> = None;
    let mut depth_done = 0;
    for depth in 1..=max_depth {
        if moves.is_empty() {
            break;
        }
        let mut pos = root.clone();
        let mut alpha = -INFINITY;
        let mut found: Option<(P::Move, i32)> = None;
        for i in 0..moves.len() {
            let mv = moves[i];
            pos.make(mv);
            let v = ctx.search(&mut pos, depth - 1, 1, alpha, INFINITY, first_layer.next());
            pos.unmake();
            if ctx.aborted && depth > 1 {
                break;
            }
            if found.is_none_or(|(_, b)| v > b) {
                found = Some((mv, v));
                alpha = v;
                // The best so far goes first in the next iteration.
                moves[..=i].rotate_right(1);
            }
        }
        if ctx.aborted && depth > 1 {
            break;
        }
        let Some((mv, v)) = found else { break };
        best = Some((mv, v));
        depth_done = depth;
        let elapsed = ctx.tm.elapsed_ms();
        on_event(SearchEvent::Info(SearchInfo {
            depth,
            seldepth: depth,
            multipv: 1,
            score: Score::Cp(v),
            bound: Bound::Exact,
            nodes: ctx.nodes,
            nps: ctx.nodes * 1000 / elapsed.max(1),
            time_ms: elapsed,
            hashfull: ctx.tt.hashfull(),
            pv: (job.formatter)(&root, &[mv]),
        }));
        // A decided game needs no deeper look; one legal move no look.
        let decided = v.abs() >= WIN - MAX_DEPTH as i32 || moves.len() == 1;
        if ctx.aborted
            || ctx.tm.soft_exceeded()
            || stop.load(Ordering::Relaxed)
            || (decided && ctx.tm.has_budget())
        {
            break;
        }
    }
    ctx.tm.wait_for_release(limits.infinite, stop, ponderhit);
    answer(&job, best, depth_done, ctx.nodes, &ctx.tm, on_event)
}

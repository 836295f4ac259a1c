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
//!
//! With several threads the root moves are shared out: each thread takes
//! the next unsearched one and searches it with the team's best value so
//! far as its bound. A search to a fixed depth takes from the table only
//! results of the very depth it needs, so every value it finds is the
//! tree's own and the move it plays is the first of the best, on any
//! number of threads.

use super::super::parallel::join_in_order;
use super::super::time::TimeManager;
use super::super::tt::TranspositionTable;
use super::super::{
    AlphaBetaPosition, Bound, INFINITY, Job, MultiMethod, MultiPlayerPosition, Score, SearchEvent,
    SearchInfo, SearchResult,
};
use super::{answer, limits_for};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;
/// Nodes between two looks at the clock, `stop` and the team's count.
const POLL_NODES: u64 = 1024;
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

/// What the threads of one search share.
struct Team<'a> {
    root_player: usize,
    stop: &'a AtomicBool,
    tm: &'a TimeManager,
    node_limit: Option<u64>,
    /// The nodes of all threads, added as each polls.
    nodes: AtomicU64,
    tt: &'a TranspositionTable,
    /// Table results count only at the depth they were searched to
    /// (fixed-depth searches: their answer does not depend on what other
    /// threads or earlier searches left in the table).
    exact_depth: bool,
}

impl Team<'_> {
    fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// One thread's search.
struct Ctx<'a, M: Copy + Send + 'static> {
    team: &'a Team<'a>,
    /// Nodes of this thread not yet added to the team's.
    nodes: u64,
    aborted: bool,
    /// The game's move key ([`AlphaBetaPosition::move_key`]), by which
    /// the table keeps moves.
    key_of: fn(M) -> u32,
    evals: Vec<i32>,
    move_bufs: Vec<Vec<M>>,
}

/// A root move's value from one iteration: `exact`, or at most `value`
/// when it proved no better than the best found before it was searched.
#[derive(Debug, Clone, Copy)]
struct RootScore {
    index: usize,
    value: i32,
    exact: bool,
}

impl<'a, M: Copy + PartialEq + Send + 'static> Ctx<'a, M> {
    fn new(team: &'a Team<'a>, key_of: fn(M) -> u32) -> Self {
        Ctx {
            team,
            nodes: 0,
            aborted: false,
            key_of,
            evals: Vec::new(),
            move_bufs: vec![Vec::new(); MAX_DEPTH as usize + 2],
        }
    }

    /// Adds this thread's nodes to the team's; the team's total.
    fn flush_nodes(&mut self) -> u64 {
        let mine = std::mem::take(&mut self.nodes);
        self.team.nodes.fetch_add(mine, Ordering::Relaxed) + mine
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes >= POLL_NODES {
            self.poll();
        }
        self.aborted
    }

    /// Adds this thread's nodes to the team's and looks at `stop`, the
    /// clock and the node limit.
    fn poll(&mut self) {
        let total = self.flush_nodes();
        let team = self.team;
        self.aborted |= team.stop.load(Ordering::Relaxed)
            || team.tm.hard_exceeded()
            || team.node_limit.is_some_and(|n| total >= n);
    }

    /// Root moves taken in turn from `next` until none is left or (past
    /// depth 1) the search is aborted, each searched against the team's `best` exact
    /// value less one, so that a move as good as the best comes back
    /// exact (and the first of equals can be told on any thread).
    fn score_root_moves<P: MultiPlayerPosition<Move = M>>(
        &mut self,
        root: &P,
        moves: &[M],
        depth: u32,
        layer: Layer,
        next: &AtomicUsize,
        best: &AtomicI32,
    ) -> Vec<RootScore> {
        let mut pos = root.clone();
        let mut scores = Vec::new();
        loop {
            // Depth 1 always finishes: it gives the move to play.
            if depth > 1 {
                self.poll();
            }
            if self.aborted && depth > 1 {
                break;
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(index) else { break };
            let alpha = best.load(Ordering::Relaxed).saturating_sub(1);
            pos.make(mv);
            let value = self.search(&mut pos, depth - 1, 1, alpha, INFINITY, layer);
            pos.unmake();
            if self.aborted && depth > 1 {
                break;
            }
            let exact = value > alpha;
            if exact {
                best.fetch_max(value, Ordering::Relaxed);
            }
            scores.push(RootScore {
                index,
                value,
                exact,
            });
        }
        self.flush_nodes();
        scores
    }

    /// The root player's value of `pos`: its evaluation against the mean
    /// of the others'; a finished game by the root player's place.
    fn leaf<P: MultiPlayerPosition<Move = M>>(&mut self, pos: &P, ply: u32) -> i32 {
        if let Some(outcome) = pos.outcome() {
            let n = outcome.players().max(2) as i32;
            let place = i32::from(
                outcome
                    .places
                    .get(self.team.root_player)
                    .copied()
                    .unwrap_or(0),
            );
            // First: +WIN, last: -WIN, sooner is better.
            let v = WIN * (n - 1 - 2 * place) / (n - 1);
            return v - v.signum() * ply as i32;
        }
        let n = pos.players();
        self.evals.resize(n, 0);
        pos.evaluate_players(&mut self.evals);
        let me = self.evals.get(self.team.root_player).copied().unwrap_or(0);
        let others: i32 = self.evals.iter().sum::<i32>() - me;
        me - others / (n as i32 - 1).max(1)
    }

    /// The players who move at a node of `layer`, in turn order.
    fn movers<P: MultiPlayerPosition<Move = M>>(&self, pos: &P, layer: Layer) -> Vec<usize> {
        let n = pos.players();
        match layer {
            Layer::Turn => vec![pos.side_to_move()],
            Layer::Root => vec![self.team.root_player],
            Layer::Replies => (1..n)
                .map(|k| (self.team.root_player + k) % n)
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
        if layer == Layer::Root && !pos.is_playing(self.team.root_player) {
            // Finished or eliminated while others play on.
            return self.leaf(pos, ply);
        }
        let key =
            pos.key() ^ layer.salt() ^ ROOT_SALT.wrapping_mul(self.team.root_player as u64 + 1);
        let mut tt_move = None;
        if let Some(hit) = self.team.tt.probe(key, ply as usize) {
            tt_move = hit.mv;
            let deep_enough = if self.team.exact_depth {
                hit.depth == depth as i32
            } else {
                hit.depth >= depth as i32
            };
            if deep_enough {
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
            Layer::Turn => pos.side_to_move() == self.team.root_player,
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
            self.team
                .tt
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
/// root, its root moves shared out over the job's threads.
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
    let mut tm = TimeManager::new(&limits, job.settings.move_overhead, me);
    let team = Team {
        root_player: me,
        stop,
        tm: &tm,
        node_limit: limits.nodes,
        nodes: AtomicU64::new(0),
        tt,
        exact_depth: limits.depth.is_some(),
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
    let threads = job.settings.threads.clamp(1, moves.len().max(1));
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut main = Ctx::new(&team, P::move_key);
    let mut best: Option<(P::Move, i32)> = None;
    let mut depth_done = 0;
    for depth in 1..=max_depth {
        if moves.is_empty() {
            break;
        }
        let (scores, aborted) =
            iterate(&mut main, &root, &moves, depth, first_layer.next(), threads);
        if aborted && depth > 1 {
            break;
        }
        // The first of the best: a move no worse than the best comes back
        // exact, whichever thread searched it and when.
        let chosen = scores
            .iter()
            .filter(|s| s.exact)
            .min_by_key(|s| (-s.value, s.index))
            .copied();
        let Some(chosen) = chosen else { break };
        let (mv, v) = (moves[chosen.index], chosen.value);
        // The best goes first in the next iteration.
        moves[..=chosen.index].rotate_right(1);
        best = Some((mv, v));
        depth_done = depth;
        report(&job, &team, &root, mv, v, depth, on_event);
        // A decided game needs no deeper look; one legal move no look.
        let decided = v.abs() >= WIN - MAX_DEPTH as i32 || moves.len() == 1;
        if aborted
            || tm.soft_exceeded()
            || stop.load(Ordering::Relaxed)
            || (decided && tm.has_budget())
        {
            break;
        }
    }
    let nodes = team.nodes();
    tm.wait_for_release(limits.infinite, stop, ponderhit);
    answer(&job, best, depth_done, nodes, &tm, on_event)
}

/// One iteration over the root `moves` to `depth`: on the main thread
/// alone, or shared with `threads - 1` helpers of their own each. The
/// scores found and whether any thread was aborted.
fn iterate<P: MultiPlayerPosition>(
    main: &mut Ctx<'_, P::Move>,
    root: &P,
    moves: &[P::Move],
    depth: u32,
    layer: Layer,
    threads: usize,
) -> (Vec<RootScore>, bool) {
    let next = AtomicUsize::new(0);
    let best = AtomicI32::new(-INFINITY);
    if threads <= 1 {
        let scores = main.score_root_moves(root, moves, depth, layer, &next, &best);
        return (scores, main.aborted);
    }
    // The first move (the last iteration's best) alone first: its value
    // bounds every other move's search.
    let mut scores = main.score_root_moves(root, &moves[..1], depth, layer, &next, &best);
    next.store(1, Ordering::Relaxed);
    let (team, key_of) = (main.team, main.key_of);
    let (mine, helpers) = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|_| {
                let (next, best, root) = (&next, &best, root.clone());
                scope.spawn(move || {
                    let mut helper = Ctx::new(team, key_of);
                    let scores = helper.score_root_moves(&root, moves, depth, layer, next, best);
                    (scores, helper.aborted)
                })
            })
            .collect();
        let mine = main.score_root_moves(root, moves, depth, layer, &next, &best);
        (mine, join_in_order(handles))
    });
    scores.extend(mine);
    let mut aborted = main.aborted;
    for (theirs, helper_aborted) in helpers {
        scores.extend(theirs);
        aborted |= helper_aborted;
    }
    (scores, aborted)
}

/// The `info` line of a finished iteration.
fn report<P: MultiPlayerPosition>(
    job: &Job<P>,
    team: &Team<'_>,
    root: &P,
    mv: P::Move,
    v: i32,
    depth: u32,
    on_event: &mut dyn FnMut(SearchEvent),
) {
    let elapsed = team.tm.elapsed_ms();
    let nodes = team.nodes();
    on_event(SearchEvent::Info(SearchInfo {
        depth,
        seldepth: depth,
        multipv: 1,
        score: Score::Cp(v),
        bound: Bound::Exact,
        nodes,
        nps: nodes * 1000 / elapsed.max(1),
        time_ms: elapsed,
        hashfull: team.tt.hashfull(),
        pv: (job.formatter)(root, &[mv]),
    }));
}

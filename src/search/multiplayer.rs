//! Search for games of two or more players (Chinese checkers, Halma):
//! with two players the alpha-beta [`Searcher`]; with more, a paranoid
//! search, in which every opponent is assumed to play against the root
//! player, so the tree is an ordinary alpha-beta tree over the root
//! player's value (its evaluation against the mean of the others').
//! Iterative deepening, one `Info` per depth, exactly one `BestMove`.

use super::alphabeta::Searcher;
use super::time::TimeManager;
use super::{
    AlphaBetaPosition, Bound, INFINITY, Job, MultiPlayerPosition, Score, SearchEvent, SearchInfo,
    SearchResult, SearchStrategy,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The deepest paranoid iteration.
const MAX_DEPTH: u32 = 32;
/// The value of winning: the root player alone in first place.
const WIN: i32 = 30_000;

/// Alpha-beta for two players, paranoid search for more.
pub struct MultiPlayerSearch<P: AlphaBetaPosition + MultiPlayerPosition> {
    two: Searcher<P>,
}

impl<P: AlphaBetaPosition + MultiPlayerPosition> SearchStrategy<P> for MultiPlayerSearch<P> {
    fn new(hash_mb: usize) -> Self {
        MultiPlayerSearch {
            two: Searcher::new(hash_mb),
        }
    }

    fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        if job.position.players() <= 2 {
            self.two.run_with_ponderhit(job, stop, ponderhit, on_event)
        } else {
            paranoid(job, stop, ponderhit, on_event)
        }
    }

    fn set_hash_mb(&mut self, mb: usize) {
        self.two.set_hash_mb(mb);
    }

    fn clear_hash(&mut self) {
        self.two.clear_hash();
    }
}

struct Ctx<'a, M> {
    root_player: usize,
    stop: &'a AtomicBool,
    tm: TimeManager,
    node_limit: Option<u64>,
    nodes: u64,
    aborted: bool,
    evals: Vec<i32>,
    move_bufs: Vec<Vec<M>>,
}

impl<M: Copy> Ctx<'_, M> {
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
        let me = self.evals[self.root_player];
        let others: i32 = self.evals.iter().sum::<i32>() - me;
        me - others / (n as i32 - 1).max(1)
    }

    /// Paranoid alpha-beta: the root player maximises, everyone else
    /// minimises its value.
    fn search<P: MultiPlayerPosition<Move = M>>(
        &mut self,
        pos: &mut P,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.outcome().is_some() || self.out_of_time() {
            return self.leaf(pos, ply);
        }
        let mut moves = self
            .move_bufs
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        moves.clear();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return self.leaf(pos, ply);
        }
        let maximising = pos.side_to_move() == self.root_player;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        for &mv in &moves {
            pos.make(mv);
            let v = self.search(pos, depth - 1, ply + 1, alpha, beta);
            pos.unmake();
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta || self.aborted {
                break;
            }
        }
        if let Some(slot) = self.move_bufs.get_mut(ply as usize) {
            *slot = moves;
        }
        best
    }
}

/// Iterative deepening of the paranoid search from the job's root.
fn paranoid<P: AlphaBetaPosition + MultiPlayerPosition>(
    job: Job<P>,
    stop: &AtomicBool,
    ponderhit: Option<&AtomicBool>,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let root = job.position.clone();
    let me = root.side_to_move();
    // Clocks of more than two players: `wtime`/`winc` (player 0's slot)
    // are the clock of the player to move.
    let mut limits = job.limits.clone();
    if !limits.player_clocks && me > 0 {
        limits.time.resize(me + 1, None);
        limits.inc.resize(me + 1, None);
        limits.time[me] = limits.time_of(0);
        limits.inc[me] = limits.inc_of(0);
    }
    let mut ctx: Ctx<P::Move> = Ctx {
        root_player: me,
        stop,
        tm: TimeManager::new(&limits, job.settings.move_overhead, me),
        node_limit: limits.nodes,
        nodes: 0,
        aborted: false,
        evals: Vec::new(),
        move_bufs: vec![Vec::new(); MAX_DEPTH as usize + 2],
    };
    let mut moves = Vec::new();
    root.generate_legal(&mut moves);
    if !job.searchmoves.is_empty() {
        moves.retain(|m| job.searchmoves.contains(m));
    }
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
        for (i, &mv) in moves.clone().iter().enumerate() {
            pos.make(mv);
            let v = ctx.search(&mut pos, depth - 1, 1, alpha, INFINITY);
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
            hashfull: 0,
            pv: (job.formatter)(&root, &[mv]),
        }));
        if ctx.aborted || ctx.tm.soft_exceeded() || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    // `infinite` and `ponder` jobs answer only after stop / ponderhit.
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if ctx.tm.is_pondering() && ponderhit.is_some_and(|f| f.load(Ordering::Relaxed)) {
            ctx.tm.ponderhit();
        }
        if !limits.infinite && !ctx.tm.is_pondering() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let text = best.and_then(|(mv, _)| (job.formatter)(&root, &[mv]).into_iter().next());
    on_event(SearchEvent::BestMove {
        best: text,
        ponder: None,
    });
    SearchResult {
        best: best.map(|(mv, _)| mv),
        ponder: None,
        score: Score::Cp(best.map_or(0, |(_, v)| v)),
        depth: depth_done,
        seldepth: depth_done,
        nodes: ctx.nodes,
        time_ms: ctx.tm.elapsed_ms(),
        pv: best.map(|(mv, _)| mv).into_iter().collect(),
    }
}

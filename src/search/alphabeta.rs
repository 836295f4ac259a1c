//! The alpha-beta core: iterative deepening, principal variation search with
//! aspiration windows, quiescence (with the game's quiet checks at its
//! first ply and again after a check with few evasions), null move,
//! ProbCut, reverse futility, late-move reductions (by depth, move number,
//! history, cut node and the "improving" flag), late-move, futility and SEE
//! pruning at low depth,
//! singular extensions, check extensions, mate-distance pruning, MultiPV
//! and `searchmoves`. The static evaluation is corrected by the error the
//! search lately found for the position's structure (correction history).
//! The clock's soft limit stretches while the best move changes or the
//! score falls, and shrinks while it stays; a move that beat the best one
//! in an iteration the clock cut short is played.
//!
//! [`Searcher`] runs one job synchronously on the calling thread; the worker
//! thread ([`super::worker`]) wraps it.

use super::correction::CorrectionHistory;
use super::ordering::{HISTORY_MAX, OrderingTables, QuietContext, history_bonus, pick_next};
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::types::{MateAnswer, SearchResult};
use super::{
    AlphaBetaPosition, Bound, INFINITY, Job, MATE, MATE_BOUND, Score, SearchEvent, SearchInfo,
    SearchLimits,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply the search reaches (arrays are sized by it).
pub const MAX_PLY: usize = 128;
/// Highest iteration depth.
pub const MAX_DEPTH: u32 = 100;

/// Nodes between two looks at the stop flag and the clock.
const POLL_INTERVAL: u64 = 1024;
/// Quiescence delta pruning margin (centipawns).
const DELTA_MARGIN: i32 = 150;
/// Waves of quiet checks quiescence tries (games that offer quiet checks):
/// its first ply's, then, after the defender's evasion of a check with at
/// most `QS_WAVE_EVASIONS` evasions, a second.
const QS_CHECK_WAVES: u8 = 2;
/// The evasions hand the remaining waves back only when there are at most
/// this many of them: a check the defender can block with any piece in hand
/// seldom mates, and following each block with more checks costs the plies
/// of depth a full hand would otherwise keep.
const QS_WAVE_EVASIONS: usize = 3;
/// Aspiration windows are used from this depth on.
const ASPIRATION_DEPTH: i32 = 5;
/// SEE pruning in the main search applies up to this depth.
const SEE_PRUNE_DEPTH: i32 = 6;
/// Late-move pruning of quiet moves applies up to this depth.
const LMP_DEPTH: i32 = 7;
/// Futility pruning of quiet moves applies up to this reduced depth.
const FUTILITY_DEPTH: i32 = 6;
/// Reverse futility pruning applies up to this depth.
const RFP_DEPTH: i32 = 7;
/// ProbCut is tried from this depth on, with this margin above beta.
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 200;
/// Singular extensions are tried from this depth on.
const SINGULAR_DEPTH: i32 = 8;
/// Fail-high/low lines are reported only after this much time.
const BOUND_INFO_AFTER_MS: u64 = 1000;

/// Converts an internal score to the reported form.
pub fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::MatePlies(MATE - v)
    } else if v <= -MATE_BOUND {
        Score::MatePlies(-(MATE + v))
    } else {
        Score::Cp(v)
    }
}

/// The soft time limit's scale (percent) after an iteration: a best move
/// that just changed or a falling score ask for more time, one that stayed
/// the same for several iterations for less. `stable` counts the iterations
/// the best move stayed.
fn time_scale_after(same_best: bool, stable: &mut u32, score_change: i32) -> i64 {
    *stable = if same_best { *stable + 1 } else { 0 };
    let by_stability = match *stable {
        0 => 160,
        1 => 120,
        2 => 100,
        3 => 85,
        _ => 70,
    };
    let by_score = if score_change <= -50 {
        140
    } else if score_change <= -20 {
        115
    } else {
        100
    };
    by_stability * by_score / 100
}

/// How much material (centipawns) a move may lose on its square before SEE
/// pruning drops it at `depth`: quiet moves little (they lose it for
/// nothing), captures more (they may open lines), both growing with depth.
fn see_prune_margin(quiet: bool, depth: i32) -> i32 {
    if quiet {
        -20 * depth * depth
    } else {
        -90 * depth
    }
}

/// The score a transposition-table entry proves for a window, when its
/// depth suffices and its bound decides against (alpha, beta).
#[inline]
fn tt_cutoff<M>(h: &super::tt::TtHit<M>, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
    if h.depth < depth {
        return None;
    }
    let cut = match h.bound {
        Bound::Exact => true,
        Bound::Lower => h.score >= beta,
        Bound::Upper => h.score <= alpha,
    };
    cut.then_some(h.score)
}

/// A synchronous searcher: owns the transposition table and ordering
/// history, which persist from one job to the next.
pub struct Searcher<P: AlphaBetaPosition> {
    tt: TranspositionTable<P::Move>,
    ordering: OrderingTables<P::Move>,
    correction: CorrectionHistory,
    lmr: Box<[[u8; 64]; 64]>,
}

impl<P: AlphaBetaPosition> Searcher<P> {
    pub fn new(hash_mb: usize) -> Self {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                *r = v.clamp(0.0, 60.0) as u8;
            }
        }
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            // Alpha-beta is a two-player search: one history per player.
            ordering: OrderingTables::new(MAX_PLY, P::history_size(), 2),
            correction: CorrectionHistory::new(),
            lmr,
        }
    }

    /// Reallocates the transposition table (its content is lost).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt: transposition table, history, killers.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.correction.clear();
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Runs one job to its end, reporting `Info` events and exactly one
    /// `BestMove` through `on_event`. `stop` aborts it.
    pub fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        self.run_with_ponderhit(job, stop, None, on_event)
    }

    /// Like [`Searcher::run`], with a `ponderhit` flag for ponder jobs.
    pub fn run_with_ponderhit(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        if job.limits.tsume {
            return run_tsume(job, stop, on_event);
        }
        let tm = TimeManager::new(
            &job.limits,
            job.settings.move_overhead,
            job.position.side_to_move(),
        );
        self.tt.new_search();
        self.ordering.new_search();
        let Job {
            position,
            limits,
            settings,
            searchmoves,
            formatter,
        } = job;
        let root = position.clone();
        let mut ctx = Ctx {
            pos: position,
            tt: &mut self.tt,
            ord: &mut self.ordering,
            corr: &mut self.correction,
            lmr: &self.lmr,
            stop,
            ponderhit,
            tm,
            limits: limits.clone(),
            nodes: 0,
            aborted: false,
            seldepth: 0,
            root_depth: 0,
            pv: vec![Vec::new(); MAX_PLY + 2],
            move_bufs: vec![Vec::new(); MAX_PLY + 2],
            quiet_bufs: vec![Vec::new(); MAX_PLY + 2],
            noisy_bufs: vec![Vec::new(); MAX_PLY + 2],
            scored_bufs: vec![Vec::new(); MAX_PLY + 2],
            stack: vec![PlyState::EMPTY; MAX_PLY + 2],
            root_moves: Vec::new(),
            new_best: None,
        };
        let multipv = settings.multipv.max(1);
        let format = |moves: &[P::Move]| -> Vec<String> { (formatter)(&root, moves) };
        let result = ctx.iterate(&searchmoves, multipv, &format, on_event);
        ctx.wait_if_needed();

        let (best, ponder) = match result.best {
            Some(b) => {
                let line = match result.ponder {
                    Some(p) => format(&[b, p]),
                    None => format(&[b]),
                };
                let best_text = line.first().cloned().unwrap_or_else(|| format!("{b:?}"));
                let ponder_text = result.ponder.and_then(|_| line.get(1).cloned());
                (Some(best_text), ponder_text)
            }
            None => (None, None),
        };
        on_event(SearchEvent::BestMove { best, ponder });
        result
    }
}

/// A checks-only mate job: one `Checkmate` event, no `BestMove`.
fn run_tsume<P: AlphaBetaPosition>(
    job: Job<P>,
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let started = std::time::Instant::now();
    let deadline = match (job.limits.infinite, job.limits.movetime) {
        (false, Some(ms)) => Some(started + std::time::Duration::from_millis(ms.max(0) as u64)),
        _ => None,
    };
    let (found, nodes) =
        super::tsume::solve(&job.position, super::tsume::MAX_TSUME_PLIES, stop, deadline);
    let (answer, best) = match found {
        super::tsume::TsumeResult::Mate(line) => (
            MateAnswer::Found((job.formatter)(&job.position, &line)),
            line.first().copied(),
        ),
        super::tsume::TsumeResult::NoMate => (MateAnswer::NoMate, None),
        super::tsume::TsumeResult::Timeout => (MateAnswer::Timeout, None),
    };
    // Unlike `go infinite`, `go mate infinite` answers as soon as it knows.
    on_event(SearchEvent::Checkmate(answer));
    SearchResult {
        best,
        ponder: None,
        score: Score::Cp(0),
        depth: 0,
        seldepth: 0,
        nodes,
        time_ms: started.elapsed().as_millis() as u64,
        pv: Vec::new(),
    }
}

#[derive(Clone)]
struct RootMove<M> {
    mv: M,
    score: i32,
    prev_score: i32,
    pv: Vec<M>,
    seldepth: usize,
}

/// What a node leaves for the nodes below it.
#[derive(Clone, Copy)]
struct PlyState {
    /// Static evaluation (`-INFINITY` in check).
    static_eval: i32,
    /// History index of the move being searched from here (`None` for a
    /// null move): the counter-move table's key one ply down.
    moved: Option<usize>,
}

impl PlyState {
    const EMPTY: Self = PlyState {
        static_eval: 0,
        moved: None,
    };
}

#[derive(Clone)]
struct Line<M> {
    score: i32,
    pv: Vec<M>,
    seldepth: usize,
}

struct Ctx<'a, P: AlphaBetaPosition> {
    pos: P,
    tt: &'a mut TranspositionTable<P::Move>,
    ord: &'a mut OrderingTables<P::Move>,
    corr: &'a mut CorrectionHistory,
    lmr: &'a [[u8; 64]; 64],
    stop: &'a AtomicBool,
    ponderhit: Option<&'a AtomicBool>,
    tm: TimeManager,
    limits: SearchLimits,
    nodes: u64,
    aborted: bool,
    seldepth: usize,
    root_depth: i32,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply`.
    pv: Vec<Vec<P::Move>>,
    move_bufs: Vec<Vec<P::Move>>,
    quiet_bufs: Vec<Vec<P::Move>>,
    noisy_bufs: Vec<Vec<P::Move>>,
    scored_bufs: Vec<Vec<(P::Move, i32)>>,
    stack: Vec<PlyState>,
    root_moves: Vec<RootMove<P::Move>>,
    /// In the running iteration, a root move that beat the first one
    /// (single PV only): if the clock stops the iteration, it is played.
    new_best: Option<Line<P::Move>>,
}

impl<'a, P: AlphaBetaPosition> Ctx<'a, P> {
    // ---- control -------------------------------------------------------

    fn poll(&mut self) {
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        if self.tm.is_pondering() && self.ponderhit.is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.tm.ponderhit();
        }
        if self.tm.hard_exceeded() {
            self.aborted = true;
        }
    }

    /// Checked at every node before it is counted. The node limit is exact,
    /// so fixed-node searches are deterministic.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(limit) = self.limits.nodes
            && self.nodes >= limit
        {
            self.aborted = true;
            return true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        self.aborted
    }

    /// Infinite and ponder searches answer only after `stop` (or
    /// `ponderhit` when pondering without `infinite`).
    fn wait_if_needed(&mut self) {
        self.tm
            .wait_for_release(self.limits.infinite, self.stop, self.ponderhit);
    }

    fn elapsed_ms(&self) -> u64 {
        self.tm.elapsed_ms()
    }

    fn make_info(
        &self,
        depth: u32,
        seldepth: usize,
        multipv: usize,
        score: i32,
        bound: Bound,
        pv: Vec<String>,
    ) -> SearchInfo {
        let time_ms = self.elapsed_ms();
        SearchInfo {
            depth,
            seldepth: seldepth as u32,
            multipv,
            score: to_score(score),
            bound,
            nodes: self.nodes,
            nps: self.nodes.saturating_mul(1000) / time_ms.max(1),
            time_ms,
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    // ---- iterative deepening ------------------------------------------

    /// Iterative deepening over the root moves: one aspiration search per
    /// depth and MultiPV line, an `Info` per finished line, until a limit,
    /// a found mate or `stop`.
    fn iterate(
        &mut self,
        searchmoves: &[P::Move],
        multipv: usize,
        format: &dyn Fn(&[P::Move]) -> Vec<String>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        if !self.init_root_moves(searchmoves) {
            let score = self.pos.no_moves_score(0);
            let info = self.make_info(0, 0, 1, score, Bound::Exact, Vec::new());
            on_event(SearchEvent::Info(info));
            return SearchResult {
                best: None,
                ponder: None,
                score: to_score(score),
                depth: 0,
                seldepth: 0,
                nodes: self.nodes,
                time_ms: self.elapsed_ms(),
                pv: Vec::new(),
            };
        }
        let multipv = multipv.min(self.root_moves.len());
        let (max_depth, mate_target) = self.depth_limits();

        let mut completed: Vec<Line<P::Move>> = Vec::new();
        let mut completed_depth = 0u32;
        // False when a bound line of an unfinished iteration was the last
        // Info sent: the completed lines are repeated at the end.
        let mut final_info_sent = true;
        // How long the clock lets this move take, in percent of the soft
        // limit: the best move's stability and the score's trend decide.
        let mut time_scale = 100i64;
        let mut stable_iterations = 0u32;

        for depth in 1..=max_depth {
            if depth > 1 {
                self.poll();
                if self.aborted || self.tm.soft_exceeded_scaled(time_scale) {
                    break;
                }
            }
            self.root_depth = depth as i32;
            self.new_best = None;
            for pv_idx in 0..multipv {
                if self.search_line(depth, pv_idx, format, on_event) {
                    final_info_sent = false;
                }
                if self.aborted {
                    break;
                }
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.aborted {
                // A move that beat the previous best in the unfinished
                // iteration is better at this depth than the old choice.
                if let (Some(line), Some(first)) = (self.new_best.take(), completed.first_mut())
                    && multipv == 1
                    && line.pv.first() != first.pv.first()
                {
                    *first = line;
                    final_info_sent = false;
                }
                break;
            }

            let previous = completed.first().map(|l| (l.pv.first().copied(), l.score));
            completed_depth = depth;
            completed = self.root_moves[..multipv]
                .iter()
                .map(|rm| Line {
                    score: rm.score,
                    pv: rm.pv.clone(),
                    seldepth: rm.seldepth,
                })
                .collect();
            if let (Some((prev_move, prev_score)), Some(line)) = (previous, completed.first()) {
                time_scale = time_scale_after(
                    prev_move == line.pv.first().copied(),
                    &mut stable_iterations,
                    line.score - prev_score,
                );
            }
            for rm in self.root_moves.iter_mut() {
                rm.prev_score = rm.score;
            }
            self.report_lines(depth, &completed, format, on_event);
            final_info_sent = true;

            if self.iteration_settles_it(depth, completed[0].score, mate_target) {
                break;
            }
        }

        if !final_info_sent {
            self.report_lines(completed_depth, &completed, format, on_event);
        }
        self.result_of(&completed, completed_depth)
    }

    /// The root moves (restricted to `searchmoves` when any of them is
    /// legal) in their first order: TT move, noisy by hint, quiet by
    /// history. False when there is no legal move.
    fn init_root_moves(&mut self, searchmoves: &[P::Move]) -> bool {
        let mut legal = Vec::new();
        self.pos.generate_legal(&mut legal);
        let mut root: Vec<P::Move> = legal
            .iter()
            .copied()
            .filter(|m| searchmoves.contains(m))
            .collect();
        if root.is_empty() {
            // No (legal) restriction: all moves.
            root = legal;
        }
        if root.is_empty() {
            return false;
        }
        let tt_move = self.tt.probe(self.pos.key(), 0).and_then(|h| h.mv);
        let mut scored = Vec::new();
        self.ord.score_moves(
            &self.pos,
            &root,
            tt_move,
            &QuietContext::NONE,
            0,
            &mut scored,
        );
        let mut ordered = Vec::with_capacity(scored.len());
        for i in 0..scored.len() {
            ordered.push(pick_next(&mut scored, i));
        }
        self.root_moves = ordered
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                pv: vec![mv],
                seldepth: 0,
            })
            .collect();
        true
    }

    /// The deepest iteration to start, and for `go mate n` the mate's
    /// length in plies.
    fn depth_limits(&self) -> (u32, Option<i32>) {
        let mut max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mate_target = self
            .limits
            .mate
            .filter(|&n| n > 0)
            .map(|n| (2 * n as i32 - 1).max(1));
        if let Some(plies) = mate_target {
            // Reductions can hide a mate for several iterations, so the cap
            // is well beyond the mate's length; a found mate ends it early.
            max_depth = max_depth.min((3 * plies as u32 + 8).min(MAX_DEPTH));
        }
        (max_depth, mate_target)
    }

    /// Searches MultiPV line `pv_idx` at `depth` in an aspiration window
    /// that widens on each fail; true when it sent a bound `Info`.
    fn search_line(
        &mut self,
        depth: u32,
        pv_idx: usize,
        format: &dyn Fn(&[P::Move]) -> Vec<String>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> bool {
        let mut bound_info_sent = false;
        self.seldepth = 0;
        let prev = self.root_moves[pv_idx].prev_score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth as i32 >= ASPIRATION_DEPTH && prev.abs() < MATE_BOUND {
            ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root_search(depth as i32, alpha, beta, pv_idx);
            self.root_moves[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.aborted {
                break;
            }
            // A fail against a bound that cannot widen any more (every
            // root move scored at the window's edge) would repeat forever.
            if (score <= alpha && alpha <= -INFINITY) || (score >= beta && beta >= INFINITY) {
                break;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                Bound::Lower
            } else {
                break;
            };
            if self.elapsed_ms() >= BOUND_INFO_AFTER_MS {
                let rm = &self.root_moves[pv_idx];
                let info =
                    self.make_info(depth, rm.seldepth, pv_idx + 1, score, bound, format(&rm.pv));
                on_event(SearchEvent::Info(info));
                bound_info_sent = true;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
        bound_info_sent
    }

    /// One exact `Info` per completed line.
    fn report_lines(
        &self,
        depth: u32,
        lines: &[Line<P::Move>],
        format: &dyn Fn(&[P::Move]) -> Vec<String>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) {
        for (i, line) in lines.iter().enumerate() {
            let info = self.make_info(
                depth,
                line.seldepth,
                i + 1,
                line.score,
                Bound::Exact,
                format(&line.pv),
            );
            on_event(SearchEvent::Info(info));
        }
    }

    /// True when no further iteration is needed after one that ended with
    /// `best`: the mate asked for is found, or, on a clock, the move is
    /// forced or a mate is proven.
    fn iteration_settles_it(&self, depth: u32, best: i32, mate_target: Option<i32>) -> bool {
        if let Some(plies) = mate_target
            && best >= MATE - plies
        {
            return true;
        }
        if self.tm.has_budget() {
            if self.root_moves.len() == 1 {
                return true;
            }
            // A proven mate (either way) needs no more time.
            if best.abs() >= MATE_BOUND && depth as i32 > 2 * (MATE - best.abs()) + 2 {
                return true;
            }
        }
        false
    }

    /// The answer from the last completed iteration, or, stopped before
    /// depth 1 finished, the best root move so far (root moves start in
    /// TT-move-first order).
    fn result_of(
        &mut self,
        completed: &[Line<P::Move>],
        completed_depth: u32,
    ) -> SearchResult<P::Move> {
        let (best, ponder, score, pv, seldepth) = match completed.first() {
            Some(line) => {
                let best = line.pv.first().copied().unwrap_or(self.root_moves[0].mv);
                let ponder = match line.pv.get(1) {
                    Some(&p) => Some(p),
                    None => self.ponder_from_tt(best),
                };
                (best, ponder, line.score, line.pv.clone(), line.seldepth)
            }
            None => {
                let rm = &self.root_moves[0];
                let score = if rm.score > -INFINITY { rm.score } else { 0 };
                (rm.mv, None, score, vec![rm.mv], rm.seldepth)
            }
        };
        SearchResult {
            best: Some(best),
            ponder,
            score: to_score(score),
            depth: completed_depth,
            seldepth: seldepth as u32,
            nodes: self.nodes,
            time_ms: self.elapsed_ms(),
            pv,
        }
    }

    /// The TT move after `best`, when it is legal there.
    fn ponder_from_tt(&mut self, best: P::Move) -> Option<P::Move> {
        self.pos.make(best);
        let mut reply = None;
        if let Some(mv) = self.tt.probe(self.pos.key(), 1).and_then(|h| h.mv) {
            let mut legal = Vec::new();
            self.pos.generate_legal(&mut legal);
            if legal.contains(&mv) {
                reply = Some(mv);
            }
        }
        self.pos.unmake();
        reply
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, pv_idx: usize) -> i32 {
        self.pv[0].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        self.stack[0].static_eval = if self.pos.in_check() {
            -INFINITY
        } else {
            self.corrected_eval().1
        };
        let mut best = -INFINITY;
        let mut best_move = None;
        let orig_alpha = alpha;
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let quiet = self.pos.is_quiet(mv);
            self.stack[0].moved = Some(self.pos.history_index(mv));
            self.pos.make(mv);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == pv_idx {
                -self.search(new_depth, 1, -beta, -alpha, true, false, true, None)
            } else {
                let r = if depth >= 3 && i >= pv_idx + 4 && quiet && !gives_check {
                    1
                } else {
                    0
                };
                let mut s = -self.search(
                    new_depth - r,
                    1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                    true,
                    None,
                );
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, 1, -alpha - 1, -alpha, false, false, true, None);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, 1, -beta, -alpha, true, false, true, None);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                break;
            }
            let rm_seldepth = self.seldepth;
            if i == pv_idx || score > alpha {
                let mut line = Vec::with_capacity(self.pv[1].len() + 1);
                line.push(mv);
                line.extend_from_slice(&self.pv[1]);
                if i > pv_idx && pv_idx == 0 && score > alpha {
                    self.new_best = Some(Line {
                        score,
                        pv: line.clone(),
                        seldepth: rm_seldepth,
                    });
                }
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.pv = line;
                rm.seldepth = rm_seldepth;
            } else {
                self.root_moves[i].score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                if score >= beta {
                    break;
                }
            }
        }
        if !self.aborted && pv_idx == 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(self.pos.key(), 0, best_move, best, depth, bound);
        }
        best
    }

    // ---- the tree ------------------------------------------------------

    /// One node of the main search. `cut_node`: a non-PV node expected to
    /// fail high (its parent searched it with a null window hoping so);
    /// reductions are larger there. `excluded`: a move left out, for the
    /// singular-extension test of the TT move (such a search neither reads
    /// nor writes the TT entry of the node).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        cut_node: bool,
        allow_null: bool,
        excluded: Option<P::Move>,
    ) -> i32 {
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, QS_CHECK_WAVES);
        }
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }

        if self.pos.is_draw(ply) {
            return 0;
        }
        if let Some(s) = self.pos.terminal_score(ply) {
            return s;
        }
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate();
        }
        // Mate-distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        // A win on the next move needs no search (PV nodes still search it,
        // so the principal variation shows the winning move).
        if !pv_node && self.pos.wins_at_once() {
            return MATE - ply as i32 - 1;
        }

        let in_check = self.pos.in_check();
        let key = self.pos.key();
        let hit = if excluded.is_none() {
            self.tt.probe(key, ply)
        } else {
            None
        };
        let tt_move = hit.and_then(|h| h.mv);
        if !pv_node && let Some(score) = hit.and_then(|h| tt_cutoff(&h, depth, alpha, beta)) {
            return score;
        }

        let (raw_eval, eval, corr_key) = if in_check {
            (-INFINITY, -INFINITY, None)
        } else {
            self.corrected_eval()
        };
        self.stack[ply].static_eval = eval;
        // Improving: the static evaluation rose since this side's last turn
        // (in check there is none; two plies up in check counts as rising).
        let improving = !in_check
            && ply >= 2
            && (self.stack[ply - 2].static_eval == -INFINITY
                || eval > self.stack[ply - 2].static_eval);

        if !pv_node
            && !in_check
            && excluded.is_none()
            && beta.abs() < MATE_BOUND
            && eval.abs() < MATE_BOUND
            && let Some(score) =
                self.prune_before_moves(depth, ply, beta, eval, improving, cut_node, allow_null)
        {
            return score;
        }

        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && !hit.is_some_and(|h| h.depth >= depth - 3 && h.score < beta + PROBCUT_MARGIN)
            && let Some(score) = self.probcut(depth, ply, beta, eval, cut_node)
        {
            return score;
        }

        // Internal iterative reduction: no TT move, so this node was not
        // searched before; search it shallower.
        let mut depth = depth;
        if tt_move.is_none() && depth >= 4 && !in_check {
            depth -= 1;
        }

        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            self.move_bufs[ply] = moves;
            return self.pos.no_moves_score(ply);
        }
        // The move that led here (`None` at the root or after a null move).
        let prev_move = ply.checked_sub(1).and_then(|p| self.stack[p].moved);
        let quiet_ctx = QuietContext {
            counter: self.ord.counter(prev_move),
            prev: prev_move,
        };
        let counter = quiet_ctx.counter;
        let mut scored = self.score_into_buffer(ply, moves, tt_move, &quiet_ctx);

        let side = self.pos.side_to_move();
        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = std::mem::take(&mut self.quiet_bufs[ply]);
        quiets_tried.clear();
        let mut noisy_tried = std::mem::take(&mut self.noisy_bufs[ply]);
        noisy_tried.clear();
        let extend_ok = (ply as i32) < 2 * self.root_depth + 4;
        // Shallow non-PV nodes stop trying quiet moves after this many.
        let lmp_limit = if !pv_node && !in_check && depth <= LMP_DEPTH {
            let d = depth as usize;
            (3 + d * d) * (1 + improving as usize) / 2 + 1
        } else {
            usize::MAX
        };

        for i in 0..scored.len() {
            let mv = pick_next(&mut scored, i);
            if Some(mv) == excluded {
                continue;
            }
            let quiet = self.pos.is_quiet(mv);
            let refutation = quiet && (self.ord.is_killer(ply, mv) || counter == Some(mv));
            let hist_idx = self.pos.history_index(mv);
            let hist = if quiet {
                self.ord.history(side, hist_idx)
            } else {
                0
            };
            // Noisy moves are reduced only when they lose their exchange.
            let reducible_kind = quiet || (searched > 0 && !self.pos.see_ge(mv, 0));

            // Pruning of moves that are unlikely to matter, once a move has
            // been searched and no forced loss is all we have; checks are
            // spared (decided after the move is made, below).
            let mut prune = false;
            if searched > 0 && best > -MATE_BOUND {
                if quiet {
                    let lmr_depth = (depth - 1 - self.base_reduction(depth, searched)).max(0);
                    prune = (searched >= lmp_limit && !refutation)
                        || (!pv_node
                            && !in_check
                            && lmr_depth <= FUTILITY_DEPTH
                            && eval + 150 + 120 * lmr_depth <= alpha)
                        || (depth <= SEE_PRUNE_DEPTH
                            && !self.pos.see_ge(mv, see_prune_margin(true, depth)));
                } else {
                    prune = depth <= SEE_PRUNE_DEPTH
                        && !self.pos.see_ge(mv, see_prune_margin(false, depth));
                }
            }

            // Singular extension: the TT move, proven good at nearly this
            // depth, is searched deeper when every other move falls well
            // short of its score; when even the others beat beta (multi-cut)
            // the node is cut at once.
            let mut ext = 0;
            if let Some(h) = hit
                && Some(mv) == tt_move
                && ply > 0
                && depth >= SINGULAR_DEPTH
                && h.depth >= depth - 3
                && h.bound != Bound::Upper
                && h.score.abs() < MATE_BOUND
                && extend_ok
            {
                let s_beta = h.score - 2 * depth;
                let v = self.search(
                    (depth - 1) / 2,
                    ply,
                    s_beta - 1,
                    s_beta,
                    false,
                    cut_node,
                    false,
                    Some(mv),
                );
                if self.aborted {
                    self.give_back_bufs(ply, scored, quiets_tried, noisy_tried);
                    return 0;
                }
                if v < s_beta {
                    ext = 1;
                } else if s_beta >= beta {
                    self.give_back_bufs(ply, scored, quiets_tried, noisy_tried);
                    return s_beta;
                }
            }

            self.stack[ply].moved = Some(hist_idx);
            self.pos.make(mv);
            let gives_check = self.pos.in_check();
            if prune && !gives_check {
                self.pos.unmake();
                continue;
            }
            // Checks are extended only when the checking piece is not lost.
            if ext == 0 && gives_check && extend_ok && self.pos.extends_checks() {
                self.pos.unmake();
                let safe = self.pos.see_ge(mv, 0);
                self.pos.make(mv);
                ext = safe as i32;
            }
            let new_depth = depth - 1 + ext;
            let score = if searched == 0 {
                -self.search(
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    pv_node,
                    !pv_node && !cut_node,
                    true,
                    None,
                )
            } else {
                let reducible = depth >= 3 && !in_check && !gives_check && reducible_kind;
                let r = if reducible {
                    self.reduction(
                        depth, new_depth, searched, pv_node, cut_node, improving, refutation, hist,
                    )
                } else {
                    0
                };
                let mut s = -self.search(
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                    true,
                    None,
                );
                if s > alpha && r > 0 {
                    s = -self.search(
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        false,
                        !cut_node,
                        true,
                        None,
                    );
                }
                if pv_node && s > alpha && s < beta {
                    s = -self.search(new_depth, ply + 1, -beta, -alpha, true, false, true, None);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                self.give_back_bufs(ply, scored, quiets_tried, noisy_tried);
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_cutoff(ply, depth, side, mv, &quiet_ctx, &quiets_tried);
                        }
                        self.reward_capture_cutoff(
                            depth,
                            side,
                            (!quiet).then_some(mv),
                            &noisy_tried,
                        );
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            } else {
                noisy_tried.push(mv);
            }
        }
        self.give_back_bufs(ply, scored, quiets_tried, noisy_tried);

        if searched == 0 {
            // Every move was the excluded one: no alternative exists.
            return if excluded.is_some() { alpha } else { best };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            self.tt.store(key, ply, best_move, best, depth, bound);
            // The evaluation's error is learnt where the result says which
            // way it erred: not after a capture or promotion (the material
            // changed, not the judgement), nor from a bound on the wrong
            // side of the evaluation.
            if let Some(k) = corr_key
                && best.abs() < MATE_BOUND
                && best_move.is_none_or(|m| self.pos.is_quiet(m))
                && !(bound == Bound::Lower && best <= eval)
                && !(bound == Bound::Upper && best >= eval)
            {
                self.corr.update(side, k, depth, best - raw_eval);
            }
        }
        best
    }

    /// The static evaluation, the same plus the correction history's
    /// learnt error for the position's structure, and that structure's
    /// key.
    #[inline]
    fn corrected_eval(&self) -> (i32, i32, Option<u64>) {
        let raw = self.pos.evaluate();
        match self.pos.correction_key() {
            Some(k) => {
                let c = self.corr.correction(self.pos.side_to_move(), k);
                let bound = MATE_BOUND - 1;
                (raw, (raw + c).clamp(-bound, bound), Some(k))
            }
            None => (raw, raw, None),
        }
    }

    /// Before any move is searched at a non-PV node not in check: reverse
    /// futility (the static evaluation is far above beta) and null-move
    /// pruning (even passing keeps the score above beta; verified at high
    /// depth against zugzwang). `Some(score)` ends the node.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn prune_before_moves(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        eval: i32,
        improving: bool,
        cut_node: bool,
        allow_null: bool,
    ) -> Option<i32> {
        if depth <= RFP_DEPTH && eval - 120 * (depth - improving as i32) >= beta {
            return Some(eval);
        }
        if !(allow_null && depth >= 3 && eval >= beta && self.pos.null_move_allowed()) {
            return None;
        }
        let r = 3 + depth / 3 + ((eval - beta) / 200).min(3);
        self.stack[ply].moved = None;
        self.pos.make_null();
        let mut score = -self.search(
            depth - 1 - r,
            ply + 1,
            -beta,
            -beta + 1,
            false,
            !cut_node,
            false,
            None,
        );
        self.pos.unmake_null();
        if self.aborted {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        if score >= MATE_BOUND {
            score = beta;
        }
        if depth < 12 {
            return Some(score);
        }
        let v = self.search(
            depth - 1 - r,
            ply,
            beta - 1,
            beta,
            false,
            false,
            false,
            None,
        );
        if self.aborted {
            return Some(0);
        }
        (v >= beta).then_some(score)
    }

    /// Scores `moves` for ordering into the ply's reused score buffer and
    /// hands the move buffer back to the ply (no allocation per node).
    fn score_into_buffer(
        &mut self,
        ply: usize,
        moves: Vec<P::Move>,
        tt_move: Option<P::Move>,
        ctx: &QuietContext<P::Move>,
    ) -> Vec<(P::Move, i32)> {
        let mut scored = std::mem::take(&mut self.scored_bufs[ply]);
        self.ord
            .score_moves(&self.pos, &moves, tt_move, ctx, ply, &mut scored);
        self.move_bufs[ply] = moves;
        scored
    }

    /// ProbCut: a capture whose exchange alone clears a raised beta, and
    /// whose shallow search (depth - 4) confirms it, cuts the node: the full
    /// search would almost surely fail high too. Tried only when the TT does
    /// not already say it fails.
    fn probcut(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let raised = beta + PROBCUT_MARGIN;
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        self.pos.generate_noisy(&mut moves);
        let mut scored = self.score_into_buffer(ply, moves, None, &QuietContext::NONE);
        let mut found = None;
        for i in 0..scored.len() {
            let mv = pick_next(&mut scored, i);
            if !self.pos.see_ge(mv, raised - eval) {
                continue;
            }
            self.stack[ply].moved = Some(self.pos.history_index(mv));
            self.pos.make(mv);
            let mut v = -self.qsearch(-raised, -raised + 1, ply + 1, 0);
            if v >= raised {
                v = -self.search(
                    depth - 4,
                    ply + 1,
                    -raised,
                    -raised + 1,
                    false,
                    !cut_node,
                    true,
                    None,
                );
            }
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if v >= raised {
                self.tt
                    .store(self.pos.key(), ply, Some(mv), v, depth - 3, Bound::Lower);
                found = Some(v);
                break;
            }
        }
        self.scored_bufs[ply] = scored;
        if self.aborted {
            return Some(0);
        }
        found
    }

    /// The table's late-move reduction of the `searched`-th move at `depth`.
    #[inline]
    fn base_reduction(&self, depth: i32, searched: usize) -> i32 {
        self.lmr[(depth as usize).min(63)][searched.min(63)] as i32
    }

    /// The late-move reduction of the `searched`-th move: deeper and later
    /// moves more, more at expected cut nodes and when the position is not
    /// improving, less at PV nodes, for killers and counter-moves and for
    /// quiet moves with a good history (more with a bad one); never below
    /// the horizon.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn reduction(
        &self,
        depth: i32,
        new_depth: i32,
        searched: usize,
        pv_node: bool,
        cut_node: bool,
        improving: bool,
        refutation: bool,
        hist: i32,
    ) -> i32 {
        let mut r = self.base_reduction(depth, searched);
        r += !improving as i32;
        r += cut_node as i32;
        r -= pv_node as i32;
        r -= refutation as i32;
        r -= hist / (HISTORY_MAX / 3);
        r.clamp(0, (new_depth - 1).max(0))
    }

    /// A quiet move caused a beta cutoff: it becomes a killer and the
    /// counter-move of the previous move, its history rises and the quiet
    /// moves tried before it fall.
    #[inline]
    fn reward_cutoff(
        &mut self,
        ply: usize,
        depth: i32,
        side: usize,
        mv: P::Move,
        ctx: &QuietContext<P::Move>,
        quiets_tried: &[P::Move],
    ) {
        self.ord.add_killer(ply, mv);
        self.ord.set_counter(ctx.prev, mv);
        let bonus = history_bonus(depth);
        self.ord
            .update_history(side, self.pos.history_index(mv), bonus);
        for &q in quiets_tried {
            self.ord
                .update_history(side, self.pos.history_index(q), -bonus);
        }
    }

    /// Returns a node's move buffers to its ply, so the next node there
    /// reuses their allocations.
    #[inline]
    fn give_back_bufs(
        &mut self,
        ply: usize,
        scored: Vec<(P::Move, i32)>,
        quiets_tried: Vec<P::Move>,
        noisy_tried: Vec<P::Move>,
    ) {
        self.scored_bufs[ply] = scored;
        self.quiet_bufs[ply] = quiets_tried;
        self.noisy_bufs[ply] = noisy_tried;
    }

    /// A beta cutoff: the noisy move that caused it (if it was one) gains
    /// capture history, the noisy moves tried before it lose some.
    #[inline]
    fn reward_capture_cutoff(
        &mut self,
        depth: i32,
        side: usize,
        cut: Option<P::Move>,
        noisy_tried: &[P::Move],
    ) {
        let bonus = history_bonus(depth);
        if let Some(mv) = cut {
            self.ord
                .update_capture(side, self.pos.history_index(mv), bonus);
        }
        for &m in noisy_tried {
            self.ord
                .update_capture(side, self.pos.history_index(m), -bonus);
        }
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence: captures and promotions until the position is quiet, all
    /// evasions in check; while `checks` (waves of checks left) is above
    /// zero, also the quiet checks the game offers. The main search enters
    /// with `QS_CHECK_WAVES`; a check spends one wave and the evasions hand
    /// the rest back to the checking side (when there are at most
    /// `QS_WAVE_EVASIONS` of them), any other move ends them.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: u8) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.pos.is_draw(ply) {
            return 0;
        }
        if let Some(s) = self.pos.terminal_score(ply) {
            return s;
        }
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate();
        }
        // A win on the next move ends the line here too: the side to move
        // would play it, and searching the evasions below costs more.
        if self.pos.wins_at_once() {
            return MATE - ply as i32 - 1;
        }

        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            };
            if cut {
                return h.score;
            }
        }
        let tt_move = hit.and_then(|h| h.mv);
        let in_check = self.pos.in_check();
        let orig_alpha = alpha;
        let mut best;
        let mut stand_pat = -INFINITY;
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        if in_check {
            self.pos.generate_legal(&mut moves);
            if moves.is_empty() {
                self.move_bufs[ply] = moves;
                return self.pos.no_moves_score(ply);
            }
            best = -INFINITY;
        } else {
            let stand = self.corrected_eval().1;
            if stand >= beta {
                self.move_bufs[ply] = moves;
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            stand_pat = stand;
            self.pos.generate_noisy(&mut moves);
            if checks > 0 {
                self.pos.generate_quiet_checks(&mut moves);
            }
        }
        let mut scored = self.score_into_buffer(ply, moves, tt_move, &QuietContext::NONE);

        let mut best_move = None;
        for i in 0..scored.len() {
            let mv = pick_next(&mut scored, i);
            if !in_check {
                let gain = self.pos.noisy_gain(mv);
                if gain < 0 {
                    continue;
                }
                // Delta pruning: even winning the exchange stays below alpha.
                // A quiet check is spared: it may mate.
                if stand_pat + gain + DELTA_MARGIN <= alpha
                    && alpha.abs() < MATE_BOUND
                    && !self.pos.is_quiet(mv)
                {
                    continue;
                }
            }
            self.pos.make(mv);
            let child_checks = if in_check {
                if scored.len() <= QS_WAVE_EVASIONS {
                    checks
                } else {
                    0
                }
            } else if checks > 0 && self.pos.in_check() {
                checks - 1
            } else {
                0
            };
            let score = -self.qsearch(-beta, -alpha, ply + 1, child_checks);
            self.pos.unmake();
            if self.aborted {
                self.scored_bufs[ply] = scored;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scored_bufs[ply] = scored;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changing_best_move_or_a_falling_score_takes_more_time() {
        let mut stable = 5;
        // The best move just changed: more time than the plain soft limit.
        assert!(time_scale_after(false, &mut stable, 0) > 100);
        assert_eq!(stable, 0);
        // It stays: the scale falls step by step below 100.
        let scales: Vec<i64> = (0..6)
            .map(|_| time_scale_after(true, &mut stable, 0))
            .collect();
        assert!(scales.windows(2).all(|w| w[1] <= w[0]), "{scales:?}");
        assert!(*scales.last().unwrap_or(&100) < 100);
        // A falling score asks for more time than a steady one.
        let mut s1 = 4;
        let mut s2 = 4;
        assert!(time_scale_after(true, &mut s1, -80) > time_scale_after(true, &mut s2, 5));
    }

    #[test]
    fn the_scaled_soft_limit_never_passes_the_hard_one() {
        let limits = SearchLimits {
            movetime: Some(40),
            ..SearchLimits::default()
        };
        let tm = TimeManager::new(&limits, 0, 0);
        std::thread::sleep(std::time::Duration::from_millis(45));
        // Even a huge scale is capped at the hard limit, which has passed.
        assert!(tm.soft_exceeded_scaled(10_000));
        let long = SearchLimits {
            movetime: Some(60_000),
            ..SearchLimits::default()
        };
        let fresh = TimeManager::new(&long, 0, 0);
        assert!(!fresh.soft_exceeded_scaled(50));
    }
}

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
use super::params::SearchParams;
use super::smp::{Line, ReleaseHelpers, Team, depth_skip};
use super::time::TimeManager;
use super::tt::{TranspositionTable, TtHit};
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

/// The score a transposition-table entry proves for a window, when its
/// depth suffices and its bound decides against (alpha, beta).
#[inline]
fn tt_cutoff(h: &TtHit, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
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

/// One node's window and role, as its parent hands them down.
#[derive(Clone, Copy)]
struct Node<M> {
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
    /// On the principal variation: searched with the parent's open window.
    pv: bool,
    /// A non-PV node expected to fail high (its parent searched it with a
    /// null window hoping so); reductions are larger there.
    cut: bool,
    /// A null move may be tried (not right after one).
    allow_null: bool,
    /// A move left out, for the singular-extension test of the TT move
    /// (such a search neither reads nor writes the node's TT entry).
    excluded: Option<M>,
}

impl<M> Node<M> {
    /// A PV node with the open window `(alpha, beta)`.
    fn pv(depth: i32, ply: usize, alpha: i32, beta: i32) -> Self {
        Node {
            depth,
            ply,
            alpha,
            beta,
            pv: true,
            cut: false,
            allow_null: true,
            excluded: None,
        }
    }

    /// A non-PV node with the null window `(beta - 1, beta)`.
    fn scout(depth: i32, ply: usize, beta: i32, cut: bool, allow_null: bool) -> Self {
        Node {
            depth,
            ply,
            alpha: beta - 1,
            beta,
            pv: false,
            cut,
            allow_null,
            excluded: None,
        }
    }
}

/// What a node knows before its moves.
struct NodeFacts {
    in_check: bool,
    hit: Option<TtHit>,
    /// The key of the table's move ([`AlphaBetaPosition::move_key`]).
    tt_move: Option<u32>,
    /// The evaluation as the game gives it, and corrected by the history.
    raw_eval: i32,
    eval: i32,
    corr_key: Option<u64>,
    /// The corrected evaluation rose since this side's last turn.
    improving: bool,
    side: usize,
}

/// The running state of a node's move loop.
struct LoopState<M> {
    best: i32,
    /// Moves searched (pruned ones not counted).
    searched: usize,
    lmp_limit: usize,
    /// Extensions are still allowed this far from the root.
    extend_ok: bool,
    /// The counter-move of the move that led here.
    counter: Option<M>,
}

/// What the ordering tables say of a move, for its reduction.
struct MoveFacts {
    /// A killer or the counter-move.
    refutation: bool,
    hist: i32,
    /// Quiet, or a capture that loses its exchange.
    reducible_kind: bool,
}

/// What became of one move of the loop.
enum Tried {
    Pruned,
    Aborted,
    /// The singular test's other moves beat beta: the node is cut.
    MultiCut(i32),
    Scored(i32),
}

/// The singular test's verdict on the TT move.
enum Singular {
    Extend(i32),
    MultiCut(i32),
    Aborted,
}

/// The end of a node's move loop.
enum Moves<M> {
    /// The node's score, final (no legal move, a cut, an abort).
    Return(i32),
    Searched {
        best: i32,
        best_move: Option<M>,
        searched: usize,
    },
}

/// A quiescence node's window and stand-pat.
struct QNode {
    alpha: i32,
    beta: i32,
    ply: usize,
    checks: u8,
    in_check: bool,
    stand_pat: i32,
    best: i32,
}

/// The most search threads a job uses (the `Threads` option's maximum).
pub const MAX_THREADS: usize = 1024;

/// What one search thread learns for itself and keeps from job to job:
/// the move-ordering tables and the evaluation's correction history.
struct ThreadTables<M: Copy> {
    ordering: OrderingTables<M>,
    correction: CorrectionHistory,
}

impl<M: Copy + Eq> ThreadTables<M> {
    fn new(history_size: usize) -> Self {
        ThreadTables {
            // Alpha-beta is a two-player search: one history per player.
            ordering: OrderingTables::new(MAX_PLY, history_size, 2),
            correction: CorrectionHistory::new(),
        }
    }

    fn clear(&mut self) {
        self.ordering.clear();
        self.correction.clear();
    }
}

/// A synchronous searcher: owns the transposition table, shared by all
/// its threads, and each thread's ordering and correction tables, which
/// persist from one job to the next. With more than one thread (the job's
/// `threads` setting) it runs Lazy SMP: helpers search the same root on
/// scoped threads of their own, and the calling thread's search decides.
pub struct Searcher<P: AlphaBetaPosition> {
    tt: TranspositionTable,
    main: ThreadTables<P::Move>,
    helpers: Vec<ThreadTables<P::Move>>,
    lmr: Box<[[u8; 64]; 64]>,
}

impl<P: AlphaBetaPosition> Searcher<P> {
    pub fn new(hash_mb: usize) -> Self {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            main: ThreadTables::new(P::history_size()),
            helpers: Vec::new(),
            lmr: P::SEARCH_PARAMS.lmr_table(),
        }
    }

    /// Reallocates the transposition table (its content is lost).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt: transposition table, every thread's
    /// history, killers and corrections.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.helpers.iter_mut().for_each(ThreadTables::clear);
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

    /// A new search for `threads` threads: the table's generation moves
    /// on, and the helpers the job needs exist.
    fn prepare(&mut self, threads: usize) {
        self.tt.new_search();
        while self.helpers.len() + 1 < threads {
            self.helpers.push(ThreadTables::new(P::history_size()));
        }
        self.main.ordering.new_search();
        for helper in self.helpers.iter_mut().take(threads - 1) {
            helper.ordering.new_search();
        }
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
        let tm = TimeManager::with_params(
            &P::SEARCH_PARAMS.time,
            &job.limits,
            job.settings.move_overhead,
            job.position.side_to_move(),
        );
        let threads = job.settings.threads.clamp(1, MAX_THREADS);
        self.prepare(threads);
        let Job {
            position,
            limits,
            settings,
            searchmoves,
            formatter,
        } = job;
        let root = position.clone();
        let multipv = settings.multipv.max(1);
        let format = |moves: &[P::Move]| -> Vec<String> { (formatter)(&root, moves) };
        let team = Team::new();
        let depth_limit = limits.depth;
        let Searcher {
            tt,
            main,
            helpers,
            lmr,
        } = self;
        let (tt, lmr, team_ref) = (&*tt, &**lmr, &team);
        let result = std::thread::scope(|scope| {
            let release = ReleaseHelpers(&team_ref.done);
            for (i, tables) in helpers.iter_mut().take(threads - 1).enumerate() {
                let seat = Seat::helper(team_ref, i + 1, depth_limit);
                let pos = position.clone();
                let searchmoves = &searchmoves;
                let spawned = std::thread::Builder::new()
                    .name("tabula-helper".into())
                    .spawn_scoped(scope, move || {
                        Ctx::new(pos, tt, tables, lmr, seat).help(searchmoves)
                    });
                if let Err(e) = spawned {
                    log::warn!("search helper {}: not started ({e})", i + 1);
                    break;
                }
            }
            let answer_depth = depth_limit.filter(|_| threads > 1 && multipv == 1);
            let seat = Seat::main(team_ref, answer_depth, stop, ponderhit, tm, limits);
            let mut ctx = Ctx::new(position, tt, main, lmr, seat);
            let result = ctx.iterate(&searchmoves, multipv, &format, on_event);
            drop(release);
            ctx.wait_if_needed();
            result
        });

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

impl<M: Clone> RootMove<M> {
    fn line(&self) -> Line<M> {
        Line {
            score: self.score,
            pv: self.pv.clone(),
            seldepth: self.seldepth,
        }
    }
}

/// Iterative deepening's record: the last completed iteration and what
/// the clock makes of the iterations so far.
struct Deepening<M> {
    completed: Vec<Line<M>>,
    completed_depth: u32,
    /// False when a bound line of an unfinished iteration was the last
    /// Info sent: the completed lines are repeated at the end.
    final_info_sent: bool,
    /// How long the clock lets this move take, in percent of the soft
    /// limit: the best move's stability and the score's trend decide.
    time_scale: i64,
    stable_iterations: u32,
}

impl<M: Copy + Eq> Deepening<M> {
    fn new() -> Self {
        Deepening {
            completed: Vec::new(),
            completed_depth: 0,
            final_info_sent: true,
            time_scale: 100,
            stable_iterations: 0,
        }
    }

    /// A completed iteration's `lines` replace the last ones; the clock
    /// compares their first with the last first line.
    fn complete(&mut self, lines: Vec<Line<M>>, params: &SearchParams) {
        let previous = self
            .completed
            .first()
            .map(|l| (l.pv.first().copied(), l.score));
        self.completed = lines;
        if let (Some((prev_move, prev_score)), Some(line)) = (previous, self.completed.first()) {
            self.time_scale = params.time_scale_after(
                prev_move == line.pv.first().copied(),
                &mut self.stable_iterations,
                line.score - prev_score,
            );
        }
    }
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

/// One thread's place in a job: what stops it, its clock and limits, and
/// the team it counts its nodes and completed depths with.
struct Seat<'a, M> {
    team: &'a Team<M>,
    /// 0 for the main thread, 1, 2, ... for the helpers.
    helper: usize,
    /// The main thread of a fixed-depth job with helpers (one line): the
    /// job's depth. When a helper completes it first, its line answers.
    /// In a timed search every thread completes its own iterations.
    answer_depth: Option<u32>,
    stop: &'a AtomicBool,
    ponderhit: Option<&'a AtomicBool>,
    tm: TimeManager,
    limits: SearchLimits,
}

impl<'a, M: Clone> Seat<'a, M> {
    /// The calling thread's seat: the job's flags, clock and limits.
    fn main(
        team: &'a Team<M>,
        answer_depth: Option<u32>,
        stop: &'a AtomicBool,
        ponderhit: Option<&'a AtomicBool>,
        tm: TimeManager,
        limits: SearchLimits,
    ) -> Self {
        Seat {
            team,
            helper: 0,
            answer_depth,
            stop,
            ponderhit,
            tm,
            limits,
        }
    }

    /// A helper's seat: no clock, and of the job's limits only its depth;
    /// it stops when the main thread is done.
    fn helper(team: &'a Team<M>, helper: usize, depth: Option<u32>) -> Self {
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        Seat {
            team,
            helper,
            answer_depth: None,
            stop: &team.done,
            ponderhit: None,
            tm: TimeManager::new(&limits, 0, 0),
            limits: SearchLimits {
                depth,
                ..SearchLimits::default()
            },
        }
    }

    /// True when a helper has completed the depth this thread answers at.
    fn helper_answered(&self) -> bool {
        self.answer_depth
            .is_some_and(|depth| self.team.deepest() >= depth)
    }
}

struct Ctx<'a, P: AlphaBetaPosition> {
    pos: P,
    tt: &'a TranspositionTable,
    ord: &'a mut OrderingTables<P::Move>,
    corr: &'a mut CorrectionHistory,
    lmr: &'a [[u8; 64]; 64],
    seat: Seat<'a, P::Move>,
    /// This thread's nodes, and (helpers) how many of them the team has.
    nodes: u64,
    reported_nodes: u64,
    aborted: bool,
    /// The running iteration was given up: a helper completed the job.
    superseded: bool,
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
    /// The game's search parameters.
    const PARAMS: &'static SearchParams = P::SEARCH_PARAMS;

    fn new(
        pos: P,
        tt: &'a TranspositionTable,
        tables: &'a mut ThreadTables<P::Move>,
        lmr: &'a [[u8; 64]; 64],
        seat: Seat<'a, P::Move>,
    ) -> Self {
        Ctx {
            pos,
            tt,
            ord: &mut tables.ordering,
            corr: &mut tables.correction,
            lmr,
            seat,
            nodes: 0,
            reported_nodes: 0,
            aborted: false,
            superseded: false,
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
        }
    }

    // ---- control -------------------------------------------------------

    fn poll(&mut self) {
        if self.seat.helper > 0 {
            self.report_nodes();
        }
        if self.seat.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        if self.seat.helper_answered() {
            self.aborted = true;
            self.superseded = true;
        }
        if self.seat.tm.is_pondering()
            && self
                .seat
                .ponderhit
                .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            self.seat.tm.ponderhit();
        }
        if self.seat.tm.hard_exceeded() {
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
        if let Some(limit) = self.seat.limits.nodes
            && self.total_nodes() >= limit
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
        self.seat.tm.wait_for_release(
            self.seat.limits.infinite,
            self.seat.stop,
            self.seat.ponderhit,
        );
    }

    fn elapsed_ms(&self) -> u64 {
        self.seat.tm.elapsed_ms()
    }

    /// A helper adds the nodes it searched since it last did to the team's.
    fn report_nodes(&mut self) {
        let new = self.nodes - self.reported_nodes;
        self.seat
            .team
            .helper_nodes
            .fetch_add(new, Ordering::Relaxed);
        self.reported_nodes = self.nodes;
    }

    /// The main thread's nodes and the helpers' reported so far (what
    /// `info` prints and `go nodes` limits).
    fn total_nodes(&self) -> u64 {
        self.nodes + self.seat.team.helper_nodes.load(Ordering::Relaxed)
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
            nodes: self.total_nodes(),
            nps: self.total_nodes().saturating_mul(1000) / time_ms.max(1),
            time_ms,
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    // ---- iterative deepening ------------------------------------------

    /// Iterative deepening over the root moves: one aspiration search per
    /// depth and MultiPV line, an `Info` per finished line, until a limit,
    /// a found mate or `stop`. In a fixed-depth job with helpers, the
    /// first thread to complete the job's depth answers.
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
                nodes: self.total_nodes(),
                time_ms: self.elapsed_ms(),
                pv: Vec::new(),
            };
        }
        let multipv = multipv.min(self.root_moves.len());
        let (max_depth, mate_target) = self.depth_limits();
        let mut it = Deepening::new();
        let mut depth = 1;
        while depth <= max_depth {
            self.root_depth = depth as i32;
            if depth > 1 {
                self.poll();
                let stopped = self.aborted && !self.superseded;
                if stopped || self.seat.tm.soft_exceeded_scaled(it.time_scale) {
                    break;
                }
            }
            if !self.superseded {
                self.search_iteration(depth, multipv, &mut it, format, on_event);
            }
            if self.superseded {
                self.aborted = false;
                self.superseded = false;
                match self.adopt_team_line(depth, &mut it) {
                    Some(done) => depth = done,
                    // Cannot happen (only helpers complete depths ahead
                    // of this thread); search on alone rather than loop.
                    None => {
                        self.seat.answer_depth = None;
                        continue;
                    }
                }
            } else if self.aborted {
                self.keep_new_best(multipv, &mut it);
                break;
            } else {
                let lines = self.root_moves[..multipv]
                    .iter()
                    .map(RootMove::line)
                    .collect();
                it.complete(lines, Self::PARAMS);
                for rm in self.root_moves.iter_mut() {
                    rm.prev_score = rm.score;
                }
            }
            it.completed_depth = depth;
            self.report_lines(depth, &it.completed, format, on_event);
            it.final_info_sent = true;
            if self.iteration_settles_it(depth, it.completed[0].score, mate_target) {
                break;
            }
            depth += 1;
        }
        if !it.final_info_sent {
            self.report_lines(it.completed_depth, &it.completed, format, on_event);
        }
        self.result_of(&it.completed, it.completed_depth)
    }

    /// Searches every MultiPV line of iteration `depth`, until done or
    /// aborted.
    fn search_iteration(
        &mut self,
        depth: u32,
        multipv: usize,
        it: &mut Deepening<P::Move>,
        format: &dyn Fn(&[P::Move]) -> Vec<String>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) {
        self.new_best = None;
        for pv_idx in 0..multipv {
            if self.search_line(depth, pv_idx, format, on_event) {
                it.final_info_sent = false;
            }
            if self.aborted {
                break;
            }
            self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
    }

    /// A move that beat the previous best in an iteration the clock or
    /// `stop` cut short is better at this depth than the old choice.
    fn keep_new_best(&mut self, multipv: usize, it: &mut Deepening<P::Move>) {
        if let (Some(line), Some(first)) = (self.new_best.take(), it.completed.first_mut())
            && multipv == 1
            && line.pv.first() != first.pv.first()
        {
            *first = line;
            it.final_info_sent = false;
        }
    }

    /// Takes the line of the deepest iteration a helper completed, at
    /// least `depth` (the job's last), as this thread's answer; its depth,
    /// or `None` when there is none or its move is not one of the root's.
    fn adopt_team_line(&mut self, depth: u32, it: &mut Deepening<P::Move>) -> Option<u32> {
        let (done, line) = self.seat.team.helper_line_from(depth)?;
        let first = *line.pv.first()?;
        // The helpers share the root, so this holds; a move is still
        // checked before it is played.
        if !self.root_moves.iter().any(|rm| rm.mv == first) {
            return None;
        }
        it.complete(vec![line], Self::PARAMS);
        Some(done)
    }

    /// A helper's job: iterative deepening on the main thread's root,
    /// leaving out the depths [`depth_skip`] gives it (never the job's
    /// last), with no reports, until the main thread is done or the job's
    /// depth is reached; it hands its completed iterations to the team,
    /// and its results reach the others through the table.
    fn help(&mut self, searchmoves: &[P::Move]) {
        if self.init_root_moves(searchmoves) {
            let (size, phase) = depth_skip(self.seat.helper);
            let cap = self
                .seat
                .limits
                .depth
                .unwrap_or(MAX_DEPTH)
                .clamp(1, MAX_DEPTH);
            let silent = |_: &[P::Move]| Vec::new();
            for depth in 1..=cap {
                // The job's last depth is never left out: a helper that
                // skipped it would sit idle.
                if depth < cap && ((depth + phase) / size) % 2 == 1 {
                    continue;
                }
                self.root_depth = depth as i32;
                self.search_line(depth, 0, &silent, &mut |_| {});
                if self.aborted {
                    break;
                }
                self.seat
                    .team
                    .helper_completed(depth, self.root_moves[0].line());
                for rm in self.root_moves.iter_mut() {
                    rm.prev_score = rm.score;
                }
            }
        }
        self.report_nodes();
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
        let mut max_depth = self
            .seat
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mate_target = self
            .seat
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
        let p = Self::PARAMS;
        let mut delta = p.aspiration_delta;
        let (mut alpha, mut beta) = if depth as i32 >= p.aspiration_depth && prev.abs() < MATE_BOUND
        {
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
            if self.elapsed_ms() >= p.bound_info_after_ms {
                let rm = &self.root_moves[pv_idx];
                let info =
                    self.make_info(depth, rm.seldepth, pv_idx + 1, score, bound, format(&rm.pv));
                on_event(SearchEvent::Info(info));
                bound_info_sent = true;
            }
            delta += delta / 2;
            if delta > p.aspiration_give_up {
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
        if self.seat.tm.has_budget() {
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
            nodes: self.total_nodes(),
            time_ms: self.elapsed_ms(),
            pv,
        }
    }

    /// The TT move after `best`, when it is legal there.
    fn ponder_from_tt(&mut self, best: P::Move) -> Option<P::Move> {
        self.pos.make(best);
        let mut reply = None;
        if let Some(key) = self.tt.probe(self.pos.key(), 1).and_then(|h| h.mv) {
            let mut legal = Vec::new();
            self.pos.generate_legal(&mut legal);
            reply = legal.into_iter().find(|&m| P::move_key(m) == key);
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
            let gives_check = self.pos.spares_checks() && self.pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == pv_idx {
                -self.search(Node::pv(new_depth, 1, -beta, -alpha))
            } else {
                let late = i >= pv_idx + Self::PARAMS.root_lmr_after;
                let r = if depth >= Self::PARAMS.lmr_min_depth && late && quiet && !gives_check {
                    1
                } else {
                    0
                };
                let mut s = -self.search(Node::scout(new_depth - r, 1, -alpha, true, true));
                if s > alpha && r > 0 {
                    s = -self.search(Node::scout(new_depth, 1, -alpha, false, true));
                }
                if s > alpha && s < beta {
                    s = -self.search(Node::pv(new_depth, 1, -beta, -alpha));
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
            self.tt.store(
                self.pos.key(),
                0,
                best_move.map(P::move_key),
                best,
                depth,
                bound,
            );
        }
        best
    }

    // ---- the tree ------------------------------------------------------

    /// One node of the main search (see [`Node`]).
    fn search(&mut self, node: Node<P::Move>) -> i32 {
        let ply = node.ply;
        self.pv[ply].clear();
        if node.depth <= 0 {
            return self.qsearch(node.alpha, node.beta, ply, Self::PARAMS.qs_check_waves);
        }
        let mut node = node;
        if let Some(score) = self.enter_node(&mut node) {
            return score;
        }
        let in_check = self.pos.in_check();
        let key = self.pos.key();
        let hit = if node.excluded.is_none() {
            self.tt.probe(key, ply)
        } else {
            None
        };
        if !node.pv
            && let Some(score) = hit.and_then(|h| tt_cutoff(&h, node.depth, node.alpha, node.beta))
        {
            return score;
        }
        let facts = self.node_facts(ply, in_check, hit);
        if let Some(score) = self.prune_node(&node, &facts) {
            return score;
        }
        // Internal iterative reduction: no TT move, so this node was not
        // searched before; search it shallower.
        if facts.tt_move.is_none() && node.depth >= Self::PARAMS.iir_depth && !in_check {
            node.depth -= 1;
        }
        let orig_alpha = node.alpha;
        match self.search_moves(&mut node, &facts) {
            Moves::Return(score) => score,
            // Every move was the excluded one: no alternative exists.
            Moves::Searched {
                searched: 0, best, ..
            } => {
                if node.excluded.is_some() {
                    node.alpha
                } else {
                    best
                }
            }
            Moves::Searched {
                best, best_move, ..
            } => {
                self.store_node(&node, key, orig_alpha, best, best_move, &facts);
                best
            }
        }
    }

    /// A node's first steps: the stop flag, the count, the results that
    /// need no search (draw, game over, the ply limit, a win in one), and
    /// mate-distance pruning of the window. `Some(score)` ends the node.
    #[inline]
    fn enter_node(&mut self, node: &mut Node<P::Move>) -> Option<i32> {
        let ply = node.ply;
        if self.should_stop() {
            return Some(0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.pos.is_draw(ply) {
            return Some(0);
        }
        if let Some(s) = self.pos.terminal_score(ply) {
            return Some(s);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.pos.evaluate());
        }
        node.alpha = node.alpha.max(-MATE + ply as i32);
        node.beta = node.beta.min(MATE - ply as i32 - 1);
        if node.alpha >= node.beta {
            return Some(node.alpha);
        }
        // A win on the next move needs no search (PV nodes still search it,
        // so the principal variation shows the winning move).
        if !node.pv && self.pos.wins_at_once() {
            return Some(MATE - ply as i32 - 1);
        }
        None
    }

    /// What the node knows before its moves: the table's entry, the
    /// static evaluation (recorded for the plies below) and its trend.
    #[inline]
    fn node_facts(&mut self, ply: usize, in_check: bool, hit: Option<TtHit>) -> NodeFacts {
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
        NodeFacts {
            in_check,
            hit,
            tt_move: hit.and_then(|h| h.mv),
            raw_eval,
            eval,
            corr_key,
            improving,
            side: self.pos.side_to_move(),
        }
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

    /// Cuts before any move at a non-PV node not in check: reverse
    /// futility and null move, then ProbCut. `Some(score)` ends the node.
    #[inline]
    fn prune_node(&mut self, node: &Node<P::Move>, facts: &NodeFacts) -> Option<i32> {
        if node.pv || facts.in_check || node.excluded.is_some() || node.beta.abs() >= MATE_BOUND {
            return None;
        }
        if facts.eval.abs() < MATE_BOUND
            && let Some(score) = self.prune_before_moves(node, facts.eval, facts.improving)
        {
            return Some(score);
        }
        let p = Self::PARAMS;
        let table_says_no = facts.hit.is_some_and(|h| {
            h.depth >= node.depth - p.probcut_tt_slack && h.score < node.beta + p.probcut_margin
        });
        if node.depth >= p.probcut_depth && !table_says_no {
            return self.probcut(node, facts.eval);
        }
        None
    }

    /// Reverse futility (the static evaluation is far above beta) and
    /// null-move pruning (even passing keeps the score above beta;
    /// verified at high depth against zugzwang). `Some(score)` ends the
    /// node.
    #[inline]
    fn prune_before_moves(
        &mut self,
        node: &Node<P::Move>,
        eval: i32,
        improving: bool,
    ) -> Option<i32> {
        let p = Self::PARAMS;
        let (depth, ply, beta) = (node.depth, node.ply, node.beta);
        if depth <= p.rfp_depth && eval - p.rfp_margin * (depth - improving as i32) >= beta {
            return Some(eval);
        }
        if !(node.allow_null
            && depth >= p.null_min_depth
            && eval >= beta
            && self.pos.null_move_allowed())
        {
            return None;
        }
        let r = p.null_reduction
            + depth / p.null_depth_divisor
            + ((eval - beta) / p.null_eval_divisor).min(p.null_eval_plies);
        self.stack[ply].moved = None;
        self.pos.make_null();
        let mut score = -self.search(Node::scout(
            depth - 1 - r,
            ply + 1,
            -beta + 1,
            !node.cut,
            false,
        ));
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
        if depth < p.null_verify_depth {
            return Some(score);
        }
        let v = self.search(Node::scout(depth - 1 - r, ply, beta, false, false));
        if self.aborted {
            return Some(0);
        }
        (v >= beta).then_some(score)
    }

    /// The moves of a node, best first, with a PVS window: the best score
    /// and move, or the score that ends the node early (no legal move, a
    /// multi-cut, an aborted search).
    fn search_moves(&mut self, node: &mut Node<P::Move>, facts: &NodeFacts) -> Moves<P::Move> {
        let ply = node.ply;
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            self.move_bufs[ply] = moves;
            return Moves::Return(self.pos.no_moves_score(ply));
        }
        // The move that led here (`None` at the root or after a null move).
        let prev_move = ply.checked_sub(1).and_then(|p| self.stack[p].moved);
        let quiet_ctx = QuietContext {
            counter: self.ord.counter(prev_move),
            prev: prev_move,
        };
        let mut scored = self.score_into_buffer(ply, moves, facts.tt_move, &quiet_ctx);
        let mut quiets_tried = std::mem::take(&mut self.quiet_bufs[ply]);
        quiets_tried.clear();
        let mut noisy_tried = std::mem::take(&mut self.noisy_bufs[ply]);
        noisy_tried.clear();
        let mut state = LoopState {
            best: -INFINITY,
            searched: 0,
            lmp_limit: self.lmp_limit(node, facts),
            extend_ok: (ply as i32) < 2 * self.root_depth + Self::PARAMS.extension_plies,
            counter: quiet_ctx.counter,
        };
        let mut best_move = None;
        let mut ended = None;
        for i in 0..scored.len() {
            let mv = pick_next(&mut scored, i);
            if Some(mv) == node.excluded {
                continue;
            }
            let quiet = self.pos.is_quiet(mv);
            let score = match self.try_move(node, facts, &state, mv, quiet) {
                Tried::Pruned => continue,
                Tried::Aborted => {
                    ended = Some(0);
                    break;
                }
                Tried::MultiCut(score) => {
                    ended = Some(score);
                    break;
                }
                Tried::Scored(score) => score,
            };
            state.searched += 1;
            if score > state.best {
                state.best = score;
                if score > node.alpha {
                    best_move = Some(mv);
                    node.alpha = score;
                    if node.pv {
                        self.update_pv(ply, mv);
                    }
                    if score >= node.beta {
                        if quiet {
                            self.reward_cutoff(
                                ply,
                                node.depth,
                                facts.side,
                                mv,
                                &quiet_ctx,
                                &quiets_tried,
                            );
                        }
                        let cut = (!quiet).then_some(mv);
                        self.reward_capture_cutoff(node.depth, facts.side, cut, &noisy_tried);
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
        match ended {
            Some(score) => Moves::Return(score),
            None => Moves::Searched {
                best: state.best,
                best_move,
                searched: state.searched,
            },
        }
    }

    /// Late-move pruning's limit: shallow non-PV nodes stop trying quiet
    /// moves after this many.
    #[inline]
    fn lmp_limit(&self, node: &Node<P::Move>, facts: &NodeFacts) -> usize {
        let p = Self::PARAMS;
        if node.pv || facts.in_check || node.depth > p.lmp_depth {
            return usize::MAX;
        }
        let d = node.depth as usize;
        (p.lmp_base + d * d) * (1 + facts.improving as usize) / 2 + 1
    }

    /// One move of the loop: pruned, extended, made, searched (reduced when
    /// late and quiet) and taken back.
    fn try_move(
        &mut self,
        node: &Node<P::Move>,
        facts: &NodeFacts,
        state: &LoopState<P::Move>,
        mv: P::Move,
        quiet: bool,
    ) -> Tried {
        let ply = node.ply;
        let refutation = quiet && (self.ord.is_killer(ply, mv) || state.counter == Some(mv));
        let hist_idx = self.pos.history_index(mv);
        let facts_of_move = MoveFacts {
            refutation,
            hist: if quiet {
                self.ord.history(facts.side, hist_idx)
            } else {
                0
            },
            // Noisy moves are reduced only when they lose their exchange.
            reducible_kind: quiet || (state.searched > 0 && !self.pos.see_ge(mv, 0)),
        };
        let prune = self.move_is_pruned(node, facts, state, mv, quiet, refutation);
        let mut ext = match self.singular_extension(node, facts, state, mv) {
            Singular::Extend(ext) => ext,
            Singular::MultiCut(score) => return Tried::MultiCut(score),
            Singular::Aborted => return Tried::Aborted,
        };
        self.stack[ply].moved = Some(hist_idx);
        self.pos.make(mv);
        let gives_check = self.pos.spares_checks() && self.pos.in_check();
        if prune && !gives_check {
            self.pos.unmake();
            return Tried::Pruned;
        }
        // Checks are extended only when the checking piece is not lost.
        if ext == 0 && gives_check && state.extend_ok && self.pos.extends_checks() {
            self.pos.unmake();
            let safe = self.pos.see_ge(mv, 0);
            self.pos.make(mv);
            ext = safe as i32;
        }
        let new_depth = node.depth - 1 + ext;
        let score = self.search_child(
            node,
            facts,
            &facts_of_move,
            state.searched,
            new_depth,
            gives_check,
        );
        self.pos.unmake();
        if self.aborted {
            Tried::Aborted
        } else {
            Tried::Scored(score)
        }
    }

    /// Pruning of moves that are unlikely to matter, once a move has been
    /// searched and no forced loss is all we have: late quiet moves,
    /// futile quiet moves, and moves that lose material on their square.
    /// Checks are spared (decided after the move is made).
    #[inline]
    fn move_is_pruned(
        &self,
        node: &Node<P::Move>,
        facts: &NodeFacts,
        state: &LoopState<P::Move>,
        mv: P::Move,
        quiet: bool,
        refutation: bool,
    ) -> bool {
        let p = Self::PARAMS;
        let depth = node.depth;
        if state.searched == 0 || state.best <= -MATE_BOUND {
            return false;
        }
        let loses_material =
            || depth <= p.see_prune_depth && !self.pos.see_ge(mv, p.see_prune_margin(quiet, depth));
        if !quiet {
            return loses_material();
        }
        let lmr_depth = (depth - 1 - self.base_reduction(depth, state.searched)).max(0);
        (state.searched >= state.lmp_limit && !refutation)
            || (!node.pv
                && !facts.in_check
                && lmr_depth <= p.futility_depth
                && facts.eval + p.futility_base + p.futility_margin * lmr_depth <= node.alpha)
            || loses_material()
    }

    /// Singular extension: the TT move, proven good at nearly this depth,
    /// is searched deeper when every other move falls well short of its
    /// score; when even the others beat beta (multi-cut) the node is cut
    /// at once.
    fn singular_extension(
        &mut self,
        node: &Node<P::Move>,
        facts: &NodeFacts,
        state: &LoopState<P::Move>,
        mv: P::Move,
    ) -> Singular {
        let p = Self::PARAMS;
        let depth = node.depth;
        let Some(h) = facts.hit else {
            return Singular::Extend(0);
        };
        if facts.tt_move != Some(P::move_key(mv))
            || node.ply == 0
            || depth < p.singular_depth
            || h.depth < depth - p.singular_tt_slack
            || h.bound == Bound::Upper
            || h.score.abs() >= MATE_BOUND
            || !state.extend_ok
        {
            return Singular::Extend(0);
        }
        let s_beta = h.score - p.singular_margin * depth;
        let v = self.search(Node {
            excluded: Some(mv),
            ..Node::scout((depth - 1) / 2, node.ply, s_beta, node.cut, false)
        });
        if self.aborted {
            Singular::Aborted
        } else if v < s_beta {
            Singular::Extend(1)
        } else if s_beta >= node.beta {
            Singular::MultiCut(s_beta)
        } else {
            Singular::Extend(0)
        }
    }

    /// The score of a made move: the first with the node's window, the
    /// others with a null window (reduced when late and reducible),
    /// searched again at full depth and then with the full window when
    /// they beat alpha.
    fn search_child(
        &mut self,
        node: &Node<P::Move>,
        facts: &NodeFacts,
        mf: &MoveFacts,
        searched: usize,
        new_depth: i32,
        gives_check: bool,
    ) -> i32 {
        let (ply, alpha, beta) = (node.ply, node.alpha, node.beta);
        if searched == 0 {
            return -self.search(Node {
                depth: new_depth,
                ply: ply + 1,
                alpha: -beta,
                beta: -alpha,
                pv: node.pv,
                cut: !node.pv && !node.cut,
                allow_null: true,
                excluded: None,
            });
        }
        let reducible = node.depth >= Self::PARAMS.lmr_min_depth
            && !facts.in_check
            && !gives_check
            && mf.reducible_kind;
        let r = if reducible {
            self.reduction(node, facts.improving, new_depth, searched, mf)
        } else {
            0
        };
        let mut s = -self.search(Node::scout(new_depth - r, ply + 1, -alpha, true, true));
        if s > alpha && r > 0 {
            s = -self.search(Node::scout(new_depth, ply + 1, -alpha, !node.cut, true));
        }
        if node.pv && s > alpha && s < beta {
            s = -self.search(Node::pv(new_depth, ply + 1, -beta, -alpha));
        }
        s
    }

    /// The node's result into the table, and the evaluation's error into
    /// the correction history where the result says which way it erred:
    /// not after a capture or promotion (the material changed, not the
    /// judgement), nor from a bound on the wrong side of the evaluation.
    fn store_node(
        &mut self,
        node: &Node<P::Move>,
        key: u64,
        orig_alpha: i32,
        best: i32,
        best_move: Option<P::Move>,
        facts: &NodeFacts,
    ) {
        if node.excluded.is_some() {
            return;
        }
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            node.ply,
            best_move.map(P::move_key),
            best,
            node.depth,
            bound,
        );
        if let Some(k) = facts.corr_key
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| self.pos.is_quiet(m))
            && !(bound == Bound::Lower && best <= facts.eval)
            && !(bound == Bound::Upper && best >= facts.eval)
        {
            self.corr
                .update(facts.side, k, node.depth, best - facts.raw_eval);
        }
    }
    /// Scores `moves` for ordering into the ply's reused score buffer and
    /// hands the move buffer back to the ply (no allocation per node).
    fn score_into_buffer(
        &mut self,
        ply: usize,
        moves: Vec<P::Move>,
        tt_move: Option<u32>,
        ctx: &QuietContext<P::Move>,
    ) -> Vec<(P::Move, i32)> {
        let mut scored = std::mem::take(&mut self.scored_bufs[ply]);
        self.ord
            .score_moves(&self.pos, &moves, tt_move, ctx, ply, &mut scored);
        self.move_bufs[ply] = moves;
        scored
    }

    /// ProbCut: a capture whose exchange alone clears a raised beta, and
    /// whose shallow search confirms it, cuts the node: the full search
    /// would almost surely fail high too. Tried only when the TT does not
    /// already say it fails.
    fn probcut(&mut self, node: &Node<P::Move>, eval: i32) -> Option<i32> {
        let p = Self::PARAMS;
        let (depth, ply) = (node.depth, node.ply);
        let raised = node.beta + p.probcut_margin;
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
                let shallow = depth - p.probcut_reduction;
                v = -self.search(Node::scout(shallow, ply + 1, -raised + 1, !node.cut, true));
            }
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if v >= raised {
                // Stored as proven a ply deeper than the confirming search.
                let proven = depth - p.probcut_reduction + 1;
                self.tt.store(
                    self.pos.key(),
                    ply,
                    Some(P::move_key(mv)),
                    v,
                    proven,
                    Bound::Lower,
                );
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
    #[inline]
    fn reduction(
        &self,
        node: &Node<P::Move>,
        improving: bool,
        new_depth: i32,
        searched: usize,
        mf: &MoveFacts,
    ) -> i32 {
        let mut r = self.base_reduction(node.depth, searched);
        r += !improving as i32;
        r += node.cut as i32;
        r -= node.pv as i32;
        r -= mf.refutation as i32;
        r -= mf.hist / (HISTORY_MAX / Self::PARAMS.lmr_history_parts);
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
    /// with `qs_check_waves`; a check spends one wave and the evasions hand
    /// the rest back to the checking side (when there are at most
    /// `qs_wave_evasions` of them), any other move ends them.
    fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, checks: u8) -> i32 {
        self.pv[ply].clear();
        if let Some(score) = self.enter_qnode(ply) {
            return score;
        }
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        // Quiescence trusts an entry of any depth.
        if let Some(score) = hit.and_then(|h| tt_cutoff(&h, i32::MIN, alpha, beta)) {
            return score;
        }
        let mut q = QNode {
            alpha,
            beta,
            ply,
            checks,
            in_check: self.pos.in_check(),
            stand_pat: -INFINITY,
            best: -INFINITY,
        };
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        if q.in_check {
            self.pos.generate_legal(&mut moves);
            if moves.is_empty() {
                self.move_bufs[ply] = moves;
                return self.pos.no_moves_score(ply);
            }
        } else {
            let stand = self.corrected_eval().1;
            if stand >= beta {
                self.move_bufs[ply] = moves;
                return stand;
            }
            q.alpha = q.alpha.max(stand);
            q.best = stand;
            q.stand_pat = stand;
            self.pos.generate_noisy(&mut moves);
            if checks > 0 {
                self.pos.generate_quiet_checks(&mut moves);
            }
        }
        let tt_move = hit.and_then(|h| h.mv);
        let scored = self.score_into_buffer(ply, moves, tt_move, &QuietContext::NONE);
        let Some(best_move) = self.qsearch_moves(&mut q, scored) else {
            return 0;
        };
        let bound = if q.best >= beta {
            Bound::Lower
        } else if q.best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, ply, best_move.map(P::move_key), q.best, 0, bound);
        q.best
    }

    /// A quiescence node's first steps, as [`Self::enter_node`]'s without
    /// a window to narrow. `Some(score)` ends the node.
    #[inline]
    fn enter_qnode(&mut self, ply: usize) -> Option<i32> {
        if self.should_stop() {
            return Some(0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.pos.is_draw(ply) {
            return Some(0);
        }
        if let Some(s) = self.pos.terminal_score(ply) {
            return Some(s);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.pos.evaluate());
        }
        // A win on the next move ends the line here too: the side to move
        // would play it, and searching the evasions below costs more.
        if self.pos.wins_at_once() {
            return Some(MATE - ply as i32 - 1);
        }
        None
    }

    /// The moves of a quiescence node, best first: its best move (`None`
    /// inside when none beat alpha), or `None` when the search was
    /// aborted. Hands the score buffer back to the ply.
    fn qsearch_moves(
        &mut self,
        q: &mut QNode,
        mut scored: Vec<(P::Move, i32)>,
    ) -> Option<Option<P::Move>> {
        let p = Self::PARAMS;
        let mut best_move = None;
        for i in 0..scored.len() {
            let mv = pick_next(&mut scored, i);
            if !q.in_check {
                let gain = self.pos.noisy_gain(mv);
                if gain < 0 {
                    continue;
                }
                // Delta pruning: even winning the exchange stays below alpha.
                // A quiet check is spared: it may mate.
                if q.stand_pat + gain + p.delta_margin <= q.alpha
                    && q.alpha.abs() < MATE_BOUND
                    && !self.pos.is_quiet(mv)
                {
                    continue;
                }
            }
            self.pos.make(mv);
            let child_checks = if q.in_check {
                if scored.len() <= p.qs_wave_evasions {
                    q.checks
                } else {
                    0
                }
            } else if q.checks > 0 && self.pos.in_check() {
                q.checks - 1
            } else {
                0
            };
            let score = -self.qsearch(-q.beta, -q.alpha, q.ply + 1, child_checks);
            self.pos.unmake();
            if self.aborted {
                self.scored_bufs[q.ply] = scored;
                return None;
            }
            if score > q.best {
                q.best = score;
                if score > q.alpha {
                    q.alpha = score;
                    best_move = Some(mv);
                    self.update_pv(q.ply, mv);
                    if score >= q.beta {
                        break;
                    }
                }
            }
        }
        self.scored_bufs[q.ply] = scored;
        Some(best_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

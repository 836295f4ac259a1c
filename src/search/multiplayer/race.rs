//! The lone-player race planner (`MultiSearch race`, and the race phase of
//! the other methods): a beam search over the mover's own moves only, the
//! opponents passing (or, `Race Replies greedy`, each answering every own
//! move with its greedy move, so that stepping stones move on as racing
//! opponents move them; several times slower). A race game is won by
//! the fewest own moves, and a shallow alpha-beta spends half its plies on
//! opponents and never sees a ladder (stepping stones set up now for a
//! long hop chain later) pay off; the planner looks many own moves ahead.
//!
//! Level `d` of the beam holds the `width` best positions reached by `d`
//! own moves (by the mover's own evaluation, duplicates merged by key), so
//! each level is one iteration of an iterative deepening: the first move
//! of the best line at the deepest finished level is played. A line that
//! finishes (or leaves the mover out of the game) is not extended; a
//! finish ranks above anything still playing and an earlier one above a
//! later one, so the first level whose best line finishes ends the search.
//! Everything is counted in nodes (positions evaluated) and sorted with
//! the key as the tie-break: `go depth` and `go nodes` are reproducible.

use super::super::time::TimeManager;
use super::super::{
    Bound, Job, MATE_BOUND, MultiPlayerPosition, RaceReplies, Score, SearchEvent, SearchInfo,
    SearchResult,
};
use super::{answer, limits_for};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest level (own moves ahead).
const MAX_DEPTH: u32 = 64;

/// A line of own moves from the root and where it leads.
#[derive(Clone)]
struct Line<M> {
    moves: Vec<M>,
    /// The mover's own evaluation at the end of the line.
    value: i32,
    key: u64,
    /// The mover no longer plays there (finished or out) or the game is over.
    ended: bool,
}

/// Plays `mv` for the mover `me`, then the opponents' answers until it
/// is `me`'s turn again (they pass, or each plays its greedy move); the
/// number of undo steps this took.
fn advance<P: MultiPlayerPosition>(
    pos: &mut P,
    mv: P::Move,
    me: usize,
    replies: RaceReplies,
    buf: &mut Vec<P::Move>,
) -> usize {
    pos.make(mv);
    let mut steps = 1;
    while !ended(pos, me) && pos.side_to_move() != me {
        if replies == RaceReplies::Pass {
            pos.make_turn_to(me);
            return steps + 1;
        }
        buf.clear();
        pos.generate_legal(buf);
        let Some((reply, _)) = super::greedy::choose(pos, buf, 0) else {
            break;
        };
        pos.make(reply);
        steps += 1;
    }
    steps
}

fn retreat<P: MultiPlayerPosition>(pos: &mut P, steps: usize) {
    for _ in 0..steps {
        pos.unmake();
    }
}

/// True when the mover `me` is done at `pos`: it no longer moves, or the
/// game is over.
fn ended<P: MultiPlayerPosition>(pos: &P, me: usize) -> bool {
    pos.outcome().is_some() || !pos.is_playing(me)
}

/// The beam's state through one search.
struct Planner<'a, P: MultiPlayerPosition> {
    me: usize,
    width: usize,
    stop: &'a AtomicBool,
    tm: TimeManager,
    node_limit: Option<u64>,
    nodes: u64,
    aborted: bool,
    /// True while the first level runs: it always completes, so there is
    /// a move to play.
    must_finish: bool,
    /// The moves at the root (`searchmoves` applied).
    root_moves: Vec<P::Move>,
    replies: RaceReplies,
    /// Scratch space for the opponents' moves.
    buf: Vec<P::Move>,
}

impl<P: MultiPlayerPosition> Planner<'_, P> {
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted
            && !self.must_finish
            && (self.node_limit.is_some_and(|n| self.nodes >= n)
                || (self.nodes & 255 == 0
                    && (self.stop.load(Ordering::Relaxed) || self.tm.hard_exceeded())))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The next level: every line of `level` extended by each own move,
    /// the best `width` distinct positions first; `None` when the budget
    /// ran out first.
    fn expand(&mut self, root: &mut P, level: &[Line<P::Move>]) -> Option<Vec<Line<P::Move>>> {
        let me = self.me;
        let mut next: Vec<Line<P::Move>> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut moves = Vec::new();
        for line in level {
            if line.ended {
                // Kept as it is: a finish stays ranked by when it came.
                if seen.insert(line.key) {
                    next.push(line.clone());
                }
                continue;
            }
            let mut undo = 0;
            for &mv in &line.moves {
                undo += advance(root, mv, me, self.replies, &mut self.buf);
            }
            moves.clear();
            if line.moves.is_empty() {
                moves.extend_from_slice(&self.root_moves);
            } else {
                root.generate_legal(&mut moves);
            }
            for &mv in &moves {
                if self.out_of_budget() {
                    retreat(root, undo);
                    return None;
                }
                self.nodes += 1;
                let steps = advance(root, mv, me, self.replies, &mut self.buf);
                let key = root.key();
                if seen.insert(key) {
                    let mut line_moves = Vec::with_capacity(line.moves.len() + 1);
                    line_moves.extend_from_slice(&line.moves);
                    line_moves.push(mv);
                    next.push(Line {
                        moves: line_moves,
                        value: root.evaluate_player(me),
                        key,
                        ended: ended(root, me),
                    });
                }
                retreat(root, steps);
            }
            retreat(root, undo);
        }
        next.sort_by(|a, b| b.value.cmp(&a.value).then(a.key.cmp(&b.key)));
        next.truncate(self.width);
        Some(next)
    }
}

/// The score reported for a line: the mover's evaluation against the
/// mean of the others' (frozen) at its end, kept below mate scores.
fn line_score<P: MultiPlayerPosition>(
    root: &mut P,
    line: &[P::Move],
    me: usize,
    replies: RaceReplies,
) -> i32 {
    let mut undo = 0;
    let mut buf = Vec::new();
    for &mv in line {
        undo += advance(root, mv, me, replies, &mut buf);
    }
    let n = root.players();
    let mut evals = vec![0; n];
    root.evaluate_players(&mut evals);
    retreat(root, undo);
    let mine = evals.get(me).copied().unwrap_or(0);
    let others = evals.iter().sum::<i32>() - mine;
    (mine - others / (n as i32 - 1).max(1)).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}

/// The line as text, each move written in the position it is played in
/// (the turn back with the mover: the job's formatter alone would give
/// every other move to an opponent).
fn pv_text<P: MultiPlayerPosition>(job: &Job<P>, line: &[P::Move], me: usize) -> Vec<String> {
    let mut pos = job.position.clone();
    let mut out = Vec::with_capacity(line.len());
    let mut buf = Vec::new();
    for &mv in line {
        out.extend((job.formatter)(&pos, &[mv]));
        advance(&mut pos, mv, me, job.settings.race_replies, &mut buf);
    }
    out
}

/// One planner job: a beam of `width` lines deepened one own move per
/// iteration until the depth, node or time limit, or a finish.
pub(super) fn run<P: MultiPlayerPosition>(
    job: Job<P>,
    width: usize,
    stop: &AtomicBool,
    ponderhit: Option<&AtomicBool>,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let mut root = job.position.clone();
    let me = root.side_to_move();
    let limits = limits_for(&job.limits, me);
    let mut root_moves = Vec::new();
    root.generate_legal(&mut root_moves);
    if !job.searchmoves.is_empty() {
        root_moves.retain(|m| job.searchmoves.contains(m));
    }
    let mut planner: Planner<P> = Planner {
        me,
        width: width.max(1),
        stop,
        tm: TimeManager::new(&limits, job.settings.move_overhead, me),
        node_limit: limits.nodes,
        nodes: 0,
        aborted: false,
        must_finish: true,
        root_moves,
        replies: job.settings.race_replies,
        buf: Vec::new(),
    };
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut level = vec![Line {
        moves: Vec::new(),
        value: root.evaluate_player(me),
        key: root.key(),
        ended: ended(&root, me),
    }];
    let mut best: Option<(P::Move, i32)> = None;
    let mut depth_done = 0;
    for depth in 1..=max_depth {
        if planner.root_moves.is_empty() || (level[0].ended && planner.tm.has_budget()) {
            break;
        }
        planner.must_finish = depth == 1;
        // Past a finish nothing ranks higher: at a fixed depth the
        // levels up to it repeat the finishing line.
        let next = if level[0].ended {
            Some(level.clone())
        } else {
            planner.expand(&mut root, &level)
        };
        let Some(next) = next else { break };
        let Some(top) = next.first() else { break };
        let Some(&first) = top.moves.first() else {
            break;
        };
        let score = line_score(&mut root, &top.moves, me, planner.replies);
        best = Some((first, score));
        depth_done = depth;
        let elapsed = planner.tm.elapsed_ms();
        on_event(SearchEvent::Info(SearchInfo {
            depth,
            seldepth: top.moves.len() as u32,
            multipv: 1,
            score: Score::Cp(score),
            bound: Bound::Exact,
            nodes: planner.nodes,
            nps: planner.nodes * 1000 / elapsed.max(1),
            time_ms: elapsed,
            hashfull: 0,
            pv: pv_text(&job, &top.moves, me),
        }));
        level = next;
        if planner.tm.soft_exceeded() || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    planner
        .tm
        .wait_for_release(limits.infinite, stop, ponderhit);
    answer(&job, best, depth_done, planner.nodes, &planner.tm, on_event)
}

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
//!
//! Greedy opponents break their ties in ways the planner cannot know (in
//! 6-player matches against greedy engines with other seeds a greedy
//! reply was the predicted one only 56 % of the time), and a line that
//! hops over a marble its owner then moves away is worth less than it
//! looked. With `Race Samples` k > 1 every line is played out in k
//! samples, the opponents' ties broken by a different seed in each
//! (sample 0: the key alone, as with one sample), and ranked by the mean
//! of its values; an own move a sample does not allow (a stepping stone
//! gone, the landing taken) is passed over there, so the line loses that
//! move's progress in that sample. `Race Rival` takes a share of the
//! leading opponent's evaluation from each line's value: of two lines
//! that race alike, the one that leaves the leader fewer stepping stones.

use super::super::parallel::join_in_order;
use super::super::time::TimeManager;
use super::super::{
    Bound, Job, MATE_BOUND, MultiPlayerPosition, RaceReplies, Score, SearchEvent, SearchInfo,
    SearchResult,
};
use super::{answer, limits_for};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest level (own moves ahead): a line's skipped moves are bits
/// of a `u64`.
const MAX_DEPTH: u32 = 64;
/// The most samples of the opponents' replies.
const MAX_SAMPLES: usize = 16;

/// A line of own moves from the root and where it leads.
#[derive(Clone)]
struct Line<M> {
    moves: Vec<M>,
    /// The line's value at its end ([`Planner::value`]), the mean over
    /// the samples.
    value: i32,
    key: u64,
    /// The mover no longer plays there (finished or out) or the game is
    /// over, in every sample.
    ended: bool,
    /// Per sample of the opponents' replies, the own moves of the line it
    /// could not play (bit `i`: `moves[i]`), passed over instead.
    skipped: Vec<u64>,
}

/// Plays `mv` for the mover `me`, then the opponents' answers until it
/// is `me`'s turn again (they pass, or each plays its greedy move); the
/// number of undo steps this took.
fn advance<P: MultiPlayerPosition>(
    pos: &mut P,
    mv: P::Move,
    me: usize,
    replies: RaceReplies,
    seed: u64,
    buf: &mut Vec<P::Move>,
) -> usize {
    pos.make(mv);
    1 + answer_turn(pos, me, replies, seed, buf)
}

/// The opponents' turns until it is `me`'s again: they pass, or each
/// plays its greedy move, ties broken by `seed`; the undo steps taken.
fn answer_turn<P: MultiPlayerPosition>(
    pos: &mut P,
    me: usize,
    replies: RaceReplies,
    seed: u64,
    buf: &mut Vec<P::Move>,
) -> usize {
    let mut steps = 0;
    while !ended(pos, me) && pos.side_to_move() != me {
        if replies == RaceReplies::Pass {
            pos.make_turn_to(me);
            return steps + 1;
        }
        buf.clear();
        pos.generate_legal(buf);
        let Some((reply, _)) = super::greedy::choose(pos, buf, seed) else {
            break;
        };
        pos.make(reply);
        steps += 1;
    }
    steps
}

/// `me` passes over its turn (an own move of a line that a sample's
/// position does not allow): the next player still playing moves, then
/// the others answer as in [`advance`]; the undo steps taken.
fn skip<P: MultiPlayerPosition>(
    pos: &mut P,
    me: usize,
    replies: RaceReplies,
    seed: u64,
    buf: &mut Vec<P::Move>,
) -> usize {
    if ended(pos, me) || replies == RaceReplies::Pass {
        return 0;
    }
    let n = pos.players();
    let Some(next) = (1..n).map(|i| (me + i) % n).find(|&q| pos.is_playing(q)) else {
        return 0;
    };
    pos.make_turn_to(next);
    1 + answer_turn(pos, me, replies, seed, buf)
}

/// The greedy tie-break seed of sample `k` (sample 0: the position key
/// alone, as the greedy replies were before samples).
fn sample_seed(k: usize) -> u64 {
    k as u64
}

/// Plays `line` from `pos` as sample `k` sees it (its skipped moves
/// passed over); the undo steps taken.
fn replay<P: MultiPlayerPosition>(
    pos: &mut P,
    line: &Line<P::Move>,
    k: usize,
    me: usize,
    replies: RaceReplies,
    buf: &mut Vec<P::Move>,
) -> usize {
    let skipped = line.skipped.get(k).copied().unwrap_or(0);
    let seed = sample_seed(k);
    let mut undo = 0;
    for (i, &mv) in line.moves.iter().enumerate() {
        undo += if skipped >> i & 1 == 1 {
            skip(pos, me, replies, seed, buf)
        } else {
            advance(pos, mv, me, replies, seed, buf)
        };
    }
    undo
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

/// A line's own moves and their children's sums; `None` for a line that
/// ended.
type LineChildren<M> = Option<(Vec<M>, Vec<ChildSums>)>;

/// The beam's state through one search.
#[derive(Clone)]
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
    /// Samples of the opponents' greedy replies (tie-break seeds).
    samples: usize,
    /// Hundredths of the leading opponent's evaluation taken from a
    /// line's value.
    rival: i32,
    /// Scratch space for the opponents' moves.
    buf: Vec<P::Move>,
    /// Threads a level's lines are spread over.
    threads: usize,
}

impl<P: MultiPlayerPosition> Planner<'_, P> {
    /// A line's value at `pos`: the mover's own evaluation, less `rival`
    /// hundredths of the evaluation of the opponent still playing that is
    /// furthest ahead (the one to beat; the mover's moves give it stepping
    /// stones or take them away).
    fn value(&self, pos: &P, evals: &mut Vec<i32>) -> i32 {
        let own = pos.evaluate_player(self.me);
        if self.rival == 0 {
            return own;
        }
        evals.clear();
        evals.resize(pos.players(), 0);
        pos.evaluate_players(evals);
        let leader = evals
            .iter()
            .enumerate()
            .filter(|&(q, _)| q != self.me && pos.is_playing(q))
            .map(|(_, &v)| v)
            .max()
            .unwrap_or(0);
        own.saturating_sub(self.rival.saturating_mul(leader) / 100)
    }

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
    /// ran out first. With several samples of the opponents' replies a
    /// line's value is the mean of its samples' values; an own move that a
    /// sample's position does not allow (a stepping stone moved away, the
    /// landing taken) is passed over in that sample.
    fn expand(&mut self, root: &mut P, level: &[Line<P::Move>]) -> Option<Vec<Line<P::Move>>> {
        let children = self.children_of_level(root, level)?;
        let mut next: Vec<Line<P::Move>> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        let samples = self.samples.max(1) as i64;
        for (line, scored) in level.iter().zip(children) {
            let Some((moves, sums)) = scored else {
                // Ended: kept as it is, a finish stays ranked by when it came.
                if seen.insert(line.key) {
                    next.push(line.clone());
                }
                continue;
            };
            for (&mv, child) in moves.iter().zip(sums) {
                if seen.insert(child.key) {
                    let mut line_moves = Vec::with_capacity(line.moves.len() + 1);
                    line_moves.extend_from_slice(&line.moves);
                    line_moves.push(mv);
                    next.push(Line {
                        moves: line_moves,
                        value: (child.value / samples) as i32,
                        key: child.key,
                        ended: child.ended,
                        skipped: child.skipped,
                    });
                }
            }
        }
        next.sort_by(|a, b| b.value.cmp(&a.value).then(a.key.cmp(&b.key)));
        next.truncate(self.width);
        Some(next)
    }

    /// Each line's own moves with their children's sums (`None` for a line
    /// that ended), in the level's order, on this thread or spread over
    /// `threads` scoped threads with a planner of their own each; so a
    /// level is the same on any number of threads. `None` when the budget
    /// ran out.
    fn children_of_level(
        &mut self,
        root: &mut P,
        level: &[Line<P::Move>],
    ) -> Option<Vec<LineChildren<P::Move>>> {
        let threads = self.threads.min(level.len());
        if threads <= 1 {
            return self.children_of_lines(root, level);
        }
        let chunk = level.len().div_ceil(threads);
        // Each thread's share of what is left of a node limit.
        let node_limit = self
            .node_limit
            .map(|n| n.saturating_sub(self.nodes) / threads as u64);
        let parts: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = level
                .chunks(chunk)
                .map(|part| {
                    let mut planner = Planner {
                        nodes: 0,
                        node_limit,
                        threads: 1,
                        ..self.clone()
                    };
                    let mut pos = root.clone();
                    scope.spawn(move || {
                        let found = planner.children_of_lines(&mut pos, part);
                        (found, planner.nodes, planner.aborted)
                    })
                })
                .collect();
            join_in_order(handles)
        });
        let mut all = Vec::with_capacity(level.len());
        let mut complete = true;
        for (found, nodes, aborted) in parts {
            self.nodes += nodes;
            self.aborted |= aborted;
            match found {
                Some(lines) => all.extend(lines),
                None => complete = false,
            }
        }
        complete.then_some(all)
    }

    /// [`Self::children_of_level`] for `lines` on this thread.
    fn children_of_lines(
        &mut self,
        root: &mut P,
        lines: &[Line<P::Move>],
    ) -> Option<Vec<LineChildren<P::Move>>> {
        let mut scratch = Scratch::default();
        lines
            .iter()
            .map(|line| {
                if line.ended {
                    return Some(None);
                }
                self.score_children(root, line, &mut scratch)?;
                let sums = std::mem::take(&mut scratch.children);
                Some(Some((scratch.moves.clone(), sums)))
            })
            .collect()
    }

    /// Sums, over the samples, the value and key of each child of `line`
    /// (the own moves of the first sample in which the mover still plays;
    /// `scratch.moves`, `scratch.children`); `None` when the budget ran out.
    fn score_children(
        &mut self,
        root: &mut P,
        line: &Line<P::Move>,
        scratch: &mut Scratch<P::Move>,
    ) -> Option<()> {
        let (me, replies) = (self.me, self.replies);
        let bit = 1u64 << line.moves.len().min(63);
        // Samples in which the mover is done before the first one in
        // which it plays (which gives the children): their value and key.
        let mut done_before: Vec<(i32, u64)> = Vec::new();
        let mut primary = None;
        for k in 0..self.samples {
            let seed = sample_seed(k);
            let undo = replay(root, line, k, me, replies, &mut self.buf);
            let playing = !ended(root, me);
            if primary.is_none() {
                if !playing {
                    done_before.push((self.value(root, &mut scratch.evals), root.key()));
                    retreat(root, undo);
                    continue;
                }
                primary = Some(k);
                self.own_moves(root, line, &mut scratch.moves);
                scratch.start_children(line, &done_before, bit);
            }
            scratch.legal.clear();
            if playing && primary != Some(k) {
                self.own_moves(root, line, &mut scratch.legal);
            }
            for (i, &mv) in scratch.moves.iter().enumerate() {
                if self.out_of_budget() {
                    retreat(root, undo);
                    return None;
                }
                self.nodes += 1;
                let Some(child) = scratch.children.get_mut(i) else {
                    break;
                };
                let can = playing && (primary == Some(k) || scratch.legal.contains(&mv));
                let steps = if can {
                    advance(root, mv, me, replies, seed, &mut self.buf)
                } else {
                    if let Some(s) = child.skipped.get_mut(k) {
                        *s |= bit;
                    }
                    skip(root, me, replies, seed, &mut self.buf)
                };
                child.value += i64::from(self.value(root, &mut scratch.evals));
                child.key = combine(child.key, root.key(), k);
                child.ended &= ended(root, me);
                retreat(root, steps);
            }
            retreat(root, undo);
        }
        Some(())
    }

    /// The mover's moves at the end of `line`: the root's own list (the
    /// root moves asked for) at the root, else every legal move.
    fn own_moves(&self, root: &P, line: &Line<P::Move>, out: &mut Vec<P::Move>) {
        out.clear();
        if line.moves.is_empty() {
            out.extend_from_slice(&self.root_moves);
        } else {
            root.generate_legal(out);
        }
    }
}

/// One child's sums over the samples: value, combined key, whether it
/// ended in every sample, the skipped moves per sample.
struct ChildSums {
    value: i64,
    key: u64,
    ended: bool,
    skipped: Vec<u64>,
}

/// Buffers reused across the lines of one expansion.
struct Scratch<M> {
    moves: Vec<M>,
    legal: Vec<M>,
    evals: Vec<i32>,
    children: Vec<ChildSums>,
}

impl<M> Default for Scratch<M> {
    fn default() -> Self {
        Scratch {
            moves: Vec::new(),
            legal: Vec::new(),
            evals: Vec::new(),
            children: Vec::new(),
        }
    }
}

impl<M> Scratch<M> {
    /// One sum per own move, starting from the samples in which the mover
    /// was already done (there every own move counts as skipped).
    fn start_children(&mut self, line: &Line<M>, done_before: &[(i32, u64)], bit: u64) {
        self.children.clear();
        for _ in &self.moves {
            let mut child = ChildSums {
                value: 0,
                key: 0,
                ended: true,
                skipped: line.skipped.clone(),
            };
            for (j, &(v, kk)) in done_before.iter().enumerate() {
                child.value += i64::from(v);
                child.key = combine(child.key, kk, j);
                if let Some(s) = child.skipped.get_mut(j) {
                    *s |= bit;
                }
            }
            self.children.push(child);
        }
    }
}

/// The key of a line over its samples: sample 0's key itself (one sample:
/// the position's key), the others' mixed in.
fn combine(acc: u64, key: u64, k: usize) -> u64 {
    if k == 0 {
        key
    } else {
        super::greedy::mix(acc ^ key.rotate_left(k as u32))
    }
}

/// The score reported for a line: the mover's evaluation against the
/// mean of the others' (frozen) at its end in the first sample, kept
/// below mate scores.
fn line_score<P: MultiPlayerPosition>(
    root: &mut P,
    line: &Line<P::Move>,
    me: usize,
    replies: RaceReplies,
) -> i32 {
    let mut buf = Vec::new();
    let undo = replay(root, line, 0, me, replies, &mut buf);
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
/// every other move to an opponent); in the first sample, up to a move it
/// passes over.
fn pv_text<P: MultiPlayerPosition>(job: &Job<P>, line: &Line<P::Move>, me: usize) -> Vec<String> {
    let mut pos = job.position.clone();
    let mut out = Vec::with_capacity(line.moves.len());
    let mut buf = Vec::new();
    let skipped = line.skipped.first().copied().unwrap_or(0);
    for (i, &mv) in line.moves.iter().enumerate() {
        if skipped >> i & 1 == 1 {
            break;
        }
        out.extend((job.formatter)(&pos, &[mv]));
        advance(
            &mut pos,
            mv,
            me,
            job.settings.race_replies,
            sample_seed(0),
            &mut buf,
        );
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
        samples: job.settings.race_samples.clamp(1, MAX_SAMPLES),
        rival: job.settings.race_rival,
        buf: Vec::new(),
        threads: job.settings.threads.max(1),
    };
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut level = vec![Line {
        moves: Vec::new(),
        value: root.evaluate_player(me),
        key: root.key(),
        ended: ended(&root, me),
        skipped: vec![0; planner.samples],
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
        let score = line_score(&mut root, top, me, planner.replies);
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
            pv: pv_text(&job, top, me),
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

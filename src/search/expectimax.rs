//! Expectimax for dice games: players choose, chance averages over its
//! weighted outcomes, and a learned static value sits at the leaves. Depth
//! counts decisions, root included, as UBGI's `engine.ply` does: 1 = the
//! best play by the static value of its result, 2 = each candidate also
//! averaged over the opponent's rolls and best replies, 3 = one more roll.
//!
//! Values are whatever the game averages (backgammon: its five outcome
//! probabilities), so a cube decision at the root can be made from the
//! averaged probabilities rather than from a single equity. Plays are
//! ranked by the cheaper depth first and only the best few go deeper
//! (move filtering), which keeps 2-ply within tens of milliseconds.

use super::parallel::join_in_order;
use super::time::TimeManager;
use super::{
    Bound, EquityPosition, Job, Score, SearchEvent, SearchInfo, SearchResult, SearchStrategy,
};
use crate::rules::{Decision, Turn};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A value chance nodes average and players compare.
pub trait ChanceValue: Copy + Send + Sync + 'static {
    fn zero() -> Self;
    /// `self += weight * other`.
    fn add_weighted(&mut self, other: &Self, weight: f32);
    /// The same value seen by the other player.
    fn flipped(&self) -> Self;
}

/// Plain equities average like any value (games without outcome shapes,
/// and tests).
impl ChanceValue for f32 {
    fn zero() -> Self {
        0.0
    }
    fn add_weighted(&mut self, other: &Self, weight: f32) {
        *self += weight * other;
    }
    fn flipped(&self) -> Self {
        -self
    }
}

/// Candidates kept at each filtered decision, and the equity window below
/// the best inside which they are kept (the root keeps more).
const ROOT_KEEP: usize = 8;
const ROOT_WINDOW: f32 = 0.16;
const INNER_KEEP: usize = 2;
const INNER_WINDOW: f32 = 0.04;

/// The answer to a root that needs no search: printed at once, no info.
fn answer_at_once<P: EquityPosition>(
    job: &Job<P>,
    mv: P::Move,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let text = (job.formatter)(&job.position, &[mv]).into_iter().next();
    on_event(SearchEvent::BestMove {
        best: text,
        ponder: None,
    });
    SearchResult {
        best: Some(mv),
        ponder: None,
        score: Score::Equity(0),
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time_ms: 0,
        pv: vec![mv],
    }
}

/// The expectimax strategy (it keeps nothing between jobs).
pub struct Expectimax;

impl<P: EquityPosition> SearchStrategy<P> for Expectimax {
    fn new(_hash_mb: usize) -> Self {
        Expectimax
    }

    fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        let root = job.position.clone();
        if let Some(mv) = root.answer_without_search() {
            return answer_at_once(&job, mv, on_event);
        }
        root.before_search(stop);
        let tm = TimeManager::new(&job.limits, job.settings.move_overhead, root.side_to_move());
        let max_depth = job
            .limits
            .depth
            .unwrap_or_else(|| root.default_depth())
            .clamp(1, 4);
        let mut search = Ctx {
            stop,
            tm,
            nodes: 0,
            node_limit: job.limits.nodes,
            aborted: false,
            threads: job.settings.threads.max(1),
        };
        let mut best: Option<(P::Move, f32)> = None;
        let mut depth_done = 0;
        for depth in 1..=max_depth {
            let found = match root.decision() {
                Decision::Cube => search.cube_root(&root, depth),
                _ => search.play_root(&root, depth, &job.searchmoves),
            };
            if search.aborted && best.is_some() {
                break;
            }
            let Some((mv, equity)) = found else { break };
            best = Some((mv, equity));
            depth_done = depth;
            let elapsed = search.tm.elapsed_ms();
            on_event(SearchEvent::Info(SearchInfo {
                depth,
                seldepth: depth,
                multipv: 1,
                score: Score::Equity((equity * 1000.0).round() as i32),
                bound: Bound::Exact,
                nodes: search.nodes,
                nps: search.nodes * 1000 / elapsed.max(1),
                time_ms: elapsed,
                hashfull: 0,
                pv: (job.formatter)(&root, &[mv]),
            }));
            if search.aborted || search.tm.soft_exceeded() || stop.load(Ordering::Relaxed) {
                break;
            }
        }
        search
            .tm
            .wait_for_release(job.limits.infinite, stop, ponderhit);
        let elapsed = search.tm.elapsed_ms();
        let text = best.and_then(|(mv, _)| (job.formatter)(&root, &[mv]).into_iter().next());
        on_event(SearchEvent::BestMove {
            best: text,
            ponder: None,
        });
        SearchResult {
            best: best.map(|(mv, _)| mv),
            ponder: None,
            score: Score::Equity(best.map_or(0, |(_, e)| (e * 1000.0).round() as i32)),
            depth: depth_done,
            seldepth: depth_done,
            nodes: search.nodes,
            time_ms: elapsed,
            pv: best.map(|(mv, _)| mv).into_iter().collect(),
        }
    }

    fn set_hash_mb(&mut self, _mb: usize) {}

    fn clear_hash(&mut self) {}
}

/// What one thread of [`Ctx::spread`] hands back: its results with their
/// items' places, its nodes, and whether it aborted.
type ThreadShare<R> = (Vec<(usize, R)>, u64, bool);

#[derive(Clone)]
struct Ctx<'a> {
    stop: &'a AtomicBool,
    tm: TimeManager,
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
    /// Threads the root's work is spread over (the deeper candidates of
    /// a play, the rolls of a cube decision); 1 below the root.
    threads: usize,
}

impl Ctx<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && (self.stop.load(Ordering::Relaxed)
                || self.tm.hard_exceeded()
                || self.node_limit.is_some_and(|n| self.nodes >= n))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// `work` on each item, each on `pos` as it is, the results in the
    /// items' order: on this thread alone, or spread over `self.threads`
    /// scoped threads with a context of their own (the same stop flag and
    /// clock) and one thread below them. `None` for the items an abort left out; the nodes of
    /// every thread are counted and an abort anywhere ends the search.
    fn spread<P: EquityPosition, T: Sync, R: Send>(
        &mut self,
        pos: &mut P,
        items: &[T],
        work: impl Fn(&mut Self, &mut P, &T) -> R + Sync,
    ) -> Vec<Option<R>> {
        let threads = self.threads.min(items.len());
        if threads <= 1 {
            let saved = std::mem::replace(&mut self.threads, 1);
            let out = run_items(self, pos, items, &work);
            self.threads = saved;
            return out;
        }
        // Threads take the next item as they finish one, so a costly
        // candidate does not leave the others idle.
        let next = AtomicUsize::new(0);
        let (work, next) = (&work, &next);
        let parts: Vec<ThreadShare<R>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let mut ctx = Ctx {
                        threads: 1,
                        nodes: 0,
                        ..self.clone()
                    };
                    let mut pos = pos.clone();
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(item) = items.get(i) else { break };
                            let value = work(&mut ctx, &mut pos, item);
                            if ctx.aborted {
                                break;
                            }
                            done.push((i, value));
                        }
                        (done, ctx.nodes, ctx.aborted)
                    })
                })
                .collect();
            join_in_order(handles)
        });
        let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
        for (values, nodes, aborted) in parts {
            for (i, value) in values {
                if let Some(slot) = out.get_mut(i) {
                    *slot = Some(value);
                }
            }
            self.nodes += nodes;
            self.aborted |= aborted;
        }
        out
    }

    /// The static value of `pos` for its player on turn.
    fn leaf<P: EquityPosition>(&mut self, pos: &P) -> P::Value {
        self.nodes += 1;
        pos.evaluate_value()
    }

    /// The value of `pos` for its player on turn, `depth` decisions deep.
    /// Cube decisions met inside the search are passed over (no cube
    /// action), so the tree is plays and rolls only.
    fn value<P: EquityPosition>(&mut self, pos: &mut P, depth: u32) -> P::Value {
        if depth == 0 || pos.outcome().is_some() {
            return self.leaf(pos);
        }
        if pos.decision() == Decision::Cube {
            return match pos.continue_without_cube() {
                Some(mv) => self.through(pos, mv, depth),
                None => self.leaf(pos),
            };
        }
        match pos.turn() {
            Turn::Chance => {
                let outcomes = pos.chance_outcomes();
                let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
                let mut sum = P::Value::zero();
                let values = self.spread(pos, &outcomes, |ctx, pos, &(roll, _)| {
                    ctx.through(pos, roll, depth)
                });
                for (v, (_, weight)) in values.iter().zip(&outcomes) {
                    if let Some(v) = v {
                        sum.add_weighted(v, *weight as f32 / total.max(1) as f32);
                    }
                }
                sum
            }
            Turn::Player(_) => match self.choose(pos, depth, &[], INNER_KEEP, INNER_WINDOW) {
                Some((_, v)) => v,
                None => self.leaf(pos),
            },
        }
    }

    /// The value for `pos`'s player on turn of playing `mv`, the child
    /// searched with one decision less when `mv` is a play (rolls and
    /// passed cube decisions keep the depth).
    fn through<P: EquityPosition>(&mut self, pos: &mut P, mv: P::Move, depth: u32) -> P::Value {
        let me = pos.side_to_move();
        let deciding = matches!(pos.turn(), Turn::Player(_)) && pos.decision() == Decision::Move;
        pos.make(mv);
        let child_depth = if deciding { depth - 1 } else { depth };
        let v = self.value(pos, child_depth);
        let flip = pos.side_to_move() != me;
        pos.unmake();
        if flip { v.flipped() } else { v }
    }

    /// The best move of `pos` (a player's decision) at `depth`, with its
    /// value: every move at depth 1 first, then the best `keep` (within
    /// `window` of the best) at each deeper depth. `only` restricts the
    /// moves (`go searchmoves`).
    fn choose<P: EquityPosition>(
        &mut self,
        pos: &mut P,
        depth: u32,
        only: &[P::Move],
        keep: usize,
        window: f32,
    ) -> Option<(P::Move, P::Value)> {
        let mut moves = Vec::new();
        pos.generate_legal(&mut moves);
        if !only.is_empty() {
            moves.retain(|m| only.contains(m));
        }
        let mut scored: Vec<(P::Move, P::Value, f32)> = moves
            .into_iter()
            .map(|mv| {
                let v = self.through(pos, mv, 1);
                (mv, v, pos.equity_of(&v))
            })
            .collect();
        for d in 2..=depth {
            if scored.len() <= 1 || self.out_of_time() {
                break;
            }
            scored.sort_by(|a, b| b.2.total_cmp(&a.2));
            let top = scored.first().map_or(0.0, |s| s.2);
            scored.truncate(keep);
            scored.retain(|s| s.2 >= top - window);
            let values = self.spread(pos, &scored, |ctx, pos, entry| ctx.through(pos, entry.0, d));
            for (entry, v) in scored.iter_mut().zip(values) {
                if let Some(v) = v {
                    *entry = (entry.0, v, pos.equity_of(&v));
                }
            }
        }
        scored
            .into_iter()
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(mv, v, _)| (mv, v))
    }

    /// A root where the player on turn plays (or the roll is pending:
    /// then there is no move to give).
    fn play_root<P: EquityPosition>(
        &mut self,
        root: &P,
        depth: u32,
        only: &[P::Move],
    ) -> Option<(P::Move, f32)> {
        if !matches!(root.turn(), Turn::Player(_)) || root.outcome().is_some() {
            return None;
        }
        let mut pos = root.clone();
        let (mv, v) = self.choose(&mut pos, depth, only, ROOT_KEEP, ROOT_WINDOW)?;
        Some((mv, root.equity_of(&v)))
    }

    /// A root cube decision: the game decides from the value of the
    /// position about to be rolled, searched `depth - 1` decisions deep.
    fn cube_root<P: EquityPosition>(&mut self, root: &P, depth: u32) -> Option<(P::Move, f32)> {
        let mut rolling = root.position_to_roll()?;
        let v = self.value(&mut rolling, depth - 1);
        root.cube_action(&v)
    }
}

/// `work` on each item until `ctx` aborts (`None` for the rest).
fn run_items<'a, P, T, R>(
    ctx: &mut Ctx<'a>,
    pos: &mut P,
    items: &[T],
    work: &(impl Fn(&mut Ctx<'a>, &mut P, &T) -> R + Sync),
) -> Vec<Option<R>> {
    items
        .iter()
        .map(|item| {
            if ctx.aborted {
                return None;
            }
            let r = work(ctx, pos, item);
            (!ctx.aborted).then_some(r)
        })
        .collect()
}

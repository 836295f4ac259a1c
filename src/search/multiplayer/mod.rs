//! Search for games of two or more players (Chinese checkers, Halma).
//! What it plays is [`MultiMethod`], from the game's options:
//!
//! * `auto`, the default: the race planner with more than two players,
//!   alpha-beta with two (measured best in matches against greedy);
//! * best-reply search ([`tree`]): the root player's moves alternate with one layer in which
//!   all opponents together answer by the single reply that hurts the
//!   root player most (Schadd & Winands, "Best Reply Search for
//!   Multiplayer Games", 2011);
//! * paranoid search ([`tree`]): every opponent, in turn order, plays
//!   against the root player;
//! * the race planner ([`race`], `race`): a beam search over the mover's
//!   own moves only, the opponents passing or playing greedy; best-reply and paranoid hand
//!   over to it too once the mover races alone
//!   ([`MultiPlayerPosition::racing_alone`]);
//! * greedy ([`greedy`]): no search, the move that goes furthest forward.
//!
//! With two players best-reply and paranoid are both plain alpha-beta:
//! the shared [`Searcher`] plays them. Iterative deepening, one `Info` per
//! finished depth, exactly one `BestMove`; scores from the mover's view.

mod greedy;
mod race;
mod tree;

use super::alphabeta::Searcher;
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::{
    AlphaBetaPosition, Job, MultiMethod, MultiPlayerPosition, Score, SearchEvent, SearchLimits,
    SearchResult, SearchStrategy,
};
use std::sync::atomic::AtomicBool;

/// Alpha-beta for two players, the race planner, best-reply or paranoid
/// search for more, or the greedy baseline for any number.
pub struct MultiPlayerSearch<P: AlphaBetaPosition + MultiPlayerPosition> {
    two: Searcher<P>,
    tt: TranspositionTable,
}

impl<P: AlphaBetaPosition + MultiPlayerPosition> SearchStrategy<P> for MultiPlayerSearch<P> {
    fn new(hash_mb: usize) -> Self {
        MultiPlayerSearch {
            two: Searcher::new(hash_mb),
            tt: TranspositionTable::new(hash_mb),
        }
    }

    fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        let width = job.settings.race_width;
        match job.settings.multi {
            MultiMethod::Greedy(seed) => greedy::run(job, seed, stop, ponderhit, on_event),
            MultiMethod::Race => race::run(job, width, stop, ponderhit, on_event),
            MultiMethod::Auto if job.position.players() > 2 => {
                race::run(job, width, stop, ponderhit, on_event)
            }
            _ if job.position.racing_alone(job.position.side_to_move()) => {
                race::run(job, width, stop, ponderhit, on_event)
            }
            _ if job.position.players() <= 2 => {
                self.two.run_with_ponderhit(job, stop, ponderhit, on_event)
            }
            method => tree::run(job, method, &mut self.tt, stop, ponderhit, on_event),
        }
    }

    fn set_hash_mb(&mut self, mb: usize) {
        self.two.set_hash_mb(mb);
        self.tt.resize(mb);
    }

    fn clear_hash(&mut self) {
        self.two.clear_hash();
        self.tt.clear();
    }
}

/// The limits of a search for player `me`: with more than two players and
/// no `p<k>time`, `wtime`/`winc` (player 0's slot) are the clock of the
/// player to move.
fn limits_for(limits: &SearchLimits, me: usize) -> SearchLimits {
    let mut limits = limits.clone();
    if !limits.player_clocks && me > 0 {
        limits.time.resize(me + 1, None);
        limits.inc.resize(me + 1, None);
        limits.time[me] = limits.time_of(0);
        limits.inc[me] = limits.inc_of(0);
    }
    limits
}

/// The end of a job: the one `BestMove` event (the root move, scored
/// `score` from the mover's view, found at `depth`) and the result.
fn answer<P: MultiPlayerPosition>(
    job: &Job<P>,
    best: Option<(P::Move, i32)>,
    depth: u32,
    nodes: u64,
    tm: &TimeManager,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let text = best.and_then(|(mv, _)| (job.formatter)(&job.position, &[mv]).into_iter().next());
    on_event(SearchEvent::BestMove {
        best: text,
        ponder: None,
    });
    SearchResult {
        best: best.map(|(mv, _)| mv),
        ponder: None,
        score: Score::Cp(best.map_or(0, |(_, v)| v)),
        depth,
        seldepth: depth,
        nodes,
        time_ms: tm.elapsed_ms(),
        pv: best.map(|(mv, _)| mv).into_iter().collect(),
    }
}

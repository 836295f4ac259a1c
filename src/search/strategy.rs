//! A search strategy is whatever turns a [`Job`] into events and one final
//! answer: the alpha-beta [`Searcher`] (Makruk, Ōgi, Tak, draughts),
//! [`super::Expectimax`] (backgammon) and
//! [`super::multiplayer::MultiPlayerSearch`] (Chinese checkers, Halma). The
//! worker thread runs any of them under one contract.

use super::alphabeta::Searcher;
use super::{AlphaBetaPosition, Job, RulesPosition, SearchEvent, SearchResult};
use std::sync::atomic::AtomicBool;

/// A search algorithm for positions `P`. It keeps what it learns (hash
/// tables, histories) from one job to the next.
pub trait SearchStrategy<P: RulesPosition>: Send + 'static {
    /// A fresh strategy with a hash table of about `hash_mb` MB.
    fn new(hash_mb: usize) -> Self
    where
        Self: Sized;

    /// Runs one job to its end: `Info` events as it goes and exactly one
    /// final event (`BestMove`, or `Checkmate` for a checks-only mate job)
    /// through `on_event`. `stop` ends it early; `ponderhit`, when given,
    /// turns a ponder job into a timed one. `infinite` and `ponder` jobs
    /// send their final event only after `stop` (or `ponderhit`).
    fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move>;

    /// Reallocates the hash table (its content is lost).
    fn set_hash_mb(&mut self, mb: usize);

    /// Forgets everything learnt (a new game).
    fn clear_hash(&mut self);
}

impl<P: AlphaBetaPosition> SearchStrategy<P> for Searcher<P> {
    fn new(hash_mb: usize) -> Self {
        Searcher::new(hash_mb)
    }

    fn run(
        &mut self,
        job: Job<P>,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<P::Move> {
        self.run_with_ponderhit(job, stop, ponderhit, on_event)
    }

    fn set_hash_mb(&mut self, mb: usize) {
        Searcher::set_hash_mb(self, mb)
    }

    fn clear_hash(&mut self) {
        Searcher::clear_hash(self)
    }
}

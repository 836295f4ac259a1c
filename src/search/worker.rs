//! The search worker: one background thread running jobs one after another
//! with a [`SearchStrategy`], reporting [`SearchEvent`]s on a channel.
//!
//! Every job gets its own stop/ponderhit flags, so a `stop` that arrives
//! right after `start` can never be lost or hit the wrong job. The number of
//! jobs whose `BestMove` is not yet sent is kept under a mutex; the worker
//! sends the `BestMove` and lowers the count while holding it, so once a
//! caller has received a `BestMove`, `is_searching` already reflects it.
//! (Use an unbounded event channel: a full bounded one would block the
//! worker while it holds that lock.)

use super::{Job, RulesPosition, SearchEvent, SearchStrategy};
use crossbeam_channel::{Receiver, Sender};
use parking_lot::{Condvar, Mutex};
use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

#[derive(Default)]
struct Control {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

#[derive(Default)]
struct Shared {
    /// Flags of the most recently started job.
    current: Mutex<Option<Arc<Control>>>,
    /// Jobs started whose `BestMove` has not been sent yet.
    pending: Mutex<usize>,
    idle: Condvar,
}

impl Shared {
    /// Sends the final event of a job and marks it done, atomically with
    /// respect to `is_searching`.
    fn finish(&self, events: &Sender<SearchEvent>, event: SearchEvent) {
        let mut pending = self.pending.lock();
        let _ = events.send(event);
        *pending = pending.saturating_sub(1);
        if *pending == 0 {
            self.idle.notify_all();
        }
    }
}

enum Msg<P: RulesPosition> {
    /// Boxed: a job (position, limits, settings) is far larger than the
    /// other messages.
    Start(Box<Job<P>>, Arc<Control>),
    SetHash(usize),
    ClearHash,
    Quit,
}

/// The worker of positions `P`, searching with strategy `S`.
pub struct SearchWorker<P: RulesPosition, S: SearchStrategy<P>> {
    tx: Sender<Msg<P>>,
    events: Sender<SearchEvent>,
    shared: Arc<Shared>,
    handle: Option<JoinHandle<()>>,
    strategy: PhantomData<fn() -> S>,
}

/// The answer when no search can run: the first legal move, unformatted
/// moves never leave this module.
fn fallback_bestmove<P: RulesPosition>(job: &Job<P>) -> SearchEvent {
    if job.limits.tsume {
        return SearchEvent::Checkmate(super::MateAnswer::Timeout);
    }
    let attempt = catch_unwind(AssertUnwindSafe(|| {
        let mut moves = Vec::new();
        job.position.generate_legal(&mut moves);
        moves
            .first()
            .and_then(|&m| (job.formatter)(&job.position, &[m]).into_iter().next())
    }));
    SearchEvent::BestMove {
        best: attempt.ok().flatten(),
        ponder: None,
    }
}

impl<P: RulesPosition, S: SearchStrategy<P>> SearchWorker<P, S> {
    /// Starts the worker thread with a transposition table of `hash_mb` MB.
    pub fn spawn(events: crossbeam_channel::Sender<SearchEvent>, hash_mb: usize) -> Self {
        let (tx, rx) = crossbeam_channel::unbounded();
        let shared = Arc::new(Shared::default());
        let thread_shared = Arc::clone(&shared);
        let thread_events = events.clone();
        let handle = std::thread::Builder::new()
            .name("tabula-search".into())
            .spawn(move || worker_loop::<P, S>(rx, thread_events, thread_shared, hash_mb));
        let handle = match handle {
            Ok(h) => Some(h),
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                None
            }
        };
        SearchWorker {
            tx,
            events,
            shared,
            handle,
            strategy: PhantomData,
        }
    }

    /// Starts a job. A running search is stopped first; its `BestMove` is
    /// sent before the new job begins.
    pub fn start(&self, job: Job<P>) {
        let control = Arc::new(Control::default());
        {
            let mut current = self.shared.current.lock();
            if let Some(old) = current.replace(Arc::clone(&control)) {
                old.stop.store(true, Ordering::SeqCst);
            }
            *self.shared.pending.lock() += 1;
        }
        if let Err(err) = self.tx.send(Msg::Start(Box::new(job), control)) {
            // The thread is gone: still give the one answer of this job.
            log::error!("search thread unavailable; answering without search");
            if let Msg::Start(job, _) = err.into_inner() {
                self.shared.finish(&self.events, fallback_bestmove(&job));
            }
        }
    }

    /// Stops the running job; its `BestMove` follows promptly.
    pub fn stop(&self) {
        if let Some(c) = self.shared.current.lock().as_ref() {
            c.stop.store(true, Ordering::SeqCst);
        }
    }

    /// The expected move was played: a ponder search goes on under normal
    /// time management from now on.
    pub fn ponderhit(&self) {
        if let Some(c) = self.shared.current.lock().as_ref() {
            c.ponderhit.store(true, Ordering::SeqCst);
        }
    }

    /// True from `start` until the job's `BestMove` has been sent.
    pub fn is_searching(&self) -> bool {
        *self.shared.pending.lock() > 0
    }

    /// Blocks until no job is running or queued.
    pub fn wait_idle(&self) {
        let mut pending = self.shared.pending.lock();
        while *pending > 0 {
            if self.handle.as_ref().is_none_or(|h| h.is_finished()) {
                return;
            }
            self.shared
                .idle
                .wait_for(&mut pending, Duration::from_millis(50));
        }
    }

    /// Resizes the hash; applied between searches.
    pub fn set_hash_mb(&self, mb: usize) {
        let _ = self.tx.send(Msg::SetHash(mb));
    }

    /// Clears hash and history; applied between searches.
    pub fn clear_hash(&self) {
        let _ = self.tx.send(Msg::ClearHash);
    }
}

impl<P: RulesPosition, S: SearchStrategy<P>> Drop for SearchWorker<P, S> {
    fn drop(&mut self) {
        self.stop();
        let _ = self.tx.send(Msg::Quit);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn worker_loop<P: RulesPosition, S: SearchStrategy<P>>(
    rx: Receiver<Msg<P>>,
    events: Sender<SearchEvent>,
    shared: Arc<Shared>,
    hash_mb: usize,
) {
    let mut hash_mb = hash_mb;
    let mut searcher = S::new(hash_mb);
    while let Ok(msg) = rx.recv() {
        match msg {
            Msg::Start(job, control) => {
                let fallback = fallback_bestmove(&job);
                let mut sent = false;
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    let mut on_event = |ev: SearchEvent| {
                        if ev.is_final() {
                            if !sent {
                                sent = true;
                                shared.finish(&events, ev);
                            }
                        } else {
                            let _ = events.send(ev);
                        }
                    };
                    searcher.run(*job, &control.stop, Some(&control.ponderhit), &mut on_event);
                }));
                if outcome.is_err() {
                    log::error!("search panicked; answering the first legal move");
                    searcher = S::new(hash_mb);
                }
                if !sent {
                    shared.finish(&events, fallback);
                }
                let mut current = shared.current.lock();
                if current.as_ref().is_some_and(|c| Arc::ptr_eq(c, &control)) {
                    *current = None;
                }
            }
            Msg::SetHash(mb) => {
                hash_mb = mb;
                searcher.set_hash_mb(mb);
            }
            Msg::ClearHash => searcher.clear_hash(),
            Msg::Quit => break,
        }
    }
}

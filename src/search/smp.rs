//! What the threads of one Lazy SMP job share besides the table: the stop
//! flag for the helpers, their node count, and the deepest iteration a
//! helper has completed, with its line, so that a fixed-depth job ends
//! with the first thread to complete its depth.

use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// A root line: its score, moves and selective depth.
#[derive(Clone)]
pub(super) struct Line<M> {
    pub score: i32,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

pub(super) struct Team<M> {
    /// Raised when the main thread is done: the helpers stop.
    pub done: AtomicBool,
    /// Nodes the helpers searched, each adding its count as it polls.
    pub helper_nodes: AtomicU64,
    /// The deepest iteration a helper completed (0: none yet).
    deepest: AtomicU32,
    /// The first line of the deepest iteration a helper completed.
    deepest_line: Mutex<Option<(u32, Line<M>)>>,
}

impl<M: Clone> Team<M> {
    pub fn new() -> Self {
        Team {
            done: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
            deepest: AtomicU32::new(0),
            deepest_line: Mutex::new(None),
        }
    }

    /// The deepest iteration a helper has completed.
    pub fn deepest(&self) -> u32 {
        self.deepest.load(Ordering::Relaxed)
    }

    /// A helper completed `depth` with `line` first.
    pub fn helper_completed(&self, depth: u32, line: Line<M>) {
        let mut slot = self.deepest_line.lock();
        if slot.as_ref().is_none_or(|(d, _)| *d < depth) {
            *slot = Some((depth, line));
        }
        self.deepest.fetch_max(depth, Ordering::Relaxed);
    }

    /// The deepest helper line, if it is at least `depth` deep.
    pub fn helper_line_from(&self, depth: u32) -> Option<(u32, Line<M>)> {
        self.deepest_line
            .lock()
            .as_ref()
            .filter(|(d, _)| *d >= depth)
            .cloned()
    }
}

/// Raises the helpers' stop flag when dropped, also when the main
/// thread's search unwinds, so the scope that joins them never waits for
/// helpers searching on.
pub(super) struct ReleaseHelpers<'a>(pub &'a AtomicBool);

impl Drop for ReleaseHelpers<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Which depths helper `helper` (1, 2, ...) leaves out: it searches depth
/// `d` only when `(d + phase) / size` is even. Helpers come in groups of
/// `2 * size` with `size` 1, 2, 3, ... and every phase of their group,
/// so two helpers seldom search the same depth at the same time and
/// together they run ahead of the main thread, filling the table with
/// deeper results (Lazy SMP).
pub(super) fn depth_skip(helper: usize) -> (u32, u32) {
    let i = helper.saturating_sub(1) as u32;
    let mut size = 1u32;
    while i >= size * (size + 1) {
        size += 1;
    }
    (size, i - size * (size - 1))
}

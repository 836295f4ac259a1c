//! What the searches that spread work over scoped threads share.

use std::thread::ScopedJoinHandle;

/// The results of scoped threads in their order; a thread's panic goes on
/// in the caller (the worker answers it like any search's panic).
pub fn join_in_order<T>(handles: Vec<ScopedJoinHandle<'_, T>>) -> Vec<T> {
    handles
        .into_iter()
        .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        .collect()
}

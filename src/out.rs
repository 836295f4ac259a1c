//! Standard output of the sub-commands. `println!` panics when stdout is
//! closed (`tabula perft ... | head -1`); these lines end the process
//! quietly with status 1 instead, the run-time failure status.
//!
//! It depends on nothing in the crate, so the command line, the match
//! runner and the tuner all print through it without reaching each other.

use std::io::Write;

/// Writes one line to stdout and flushes it; exits with status 1 when
/// stdout is gone.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{args}").and_then(|()| out.flush()).is_err() {
        std::process::exit(1);
    }
}

/// `println!` for sub-commands: see [`line`].
macro_rules! outln {
    () => {
        $crate::out::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::out::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

//! Running the `tabula` binary's sub-commands from a test.

use std::ffi::OsStr;
use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `tabula args...` to its end.
pub fn tabula<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("run tabula")
}

/// Where a test keeps its scratch file or folder `name`: the build's own
/// temporary folder (target/tmp), so each run overwrites the last one's
/// files instead of leaving them in the system's.
pub fn scratch_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Output as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks a usage error of the run of `args`: exit status 2, `needle` on
/// stderr, no panic, nothing on stdout.
pub fn assert_usage_error(args: &impl Debug, out: &Output, needle: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
}

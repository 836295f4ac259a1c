//! Running the project's Python scripts (scripts/*.py) from a test, with
//! input files in a temporary folder of the test's own.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `python3 scripts/<name> args...` and returns what it printed.
pub fn run(name: &str, args: &[&str]) -> Output {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name);
    Command::new("python3")
        .arg(&path)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("python3 runs {}: {e}", path.display()))
}

/// Writes `bytes` to `name` in the scratch folder `folder` and returns the
/// file's path.
pub fn input_file(folder: &str, name: &str, bytes: &[u8]) -> String {
    let dir = super::cli::scratch_path(folder);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the script's input");
    path.to_string_lossy().into_owned()
}

/// A script's output as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that a run on bad input ended as the scripts promise: exit
/// status 1, exactly one `error: ` line, no Python traceback.
pub fn assert_one_error_line(args: &[&str], out: &Output) {
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let stderr = text(&out.stderr);
    let errors = stderr.lines().filter(|l| l.starts_with("error: ")).count();
    assert_eq!(errors, 1, "{args:?}: {stderr}");
    assert!(!stderr.contains("Traceback"), "{args:?}: {stderr}");
}

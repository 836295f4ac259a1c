//! The learned evaluation's integration tests: scratch folders and a
//! training run on a tiny budget.

use super::cli::tabula;
use std::path::{Path, PathBuf};
use std::process::Output;

/// An empty folder of this test process named after `name`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-nnue-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// `tabula train <game>` on the datagen files in `data`, writing `out`:
/// 16 hidden units, 2 epochs, every second game held out.
pub fn train_tiny(game: &str, data: &Path, out: &Path) -> Output {
    let (data, out) = (data.to_string_lossy(), out.to_string_lossy());
    tabula(&[
        "train",
        game,
        "--data",
        &data,
        "--out",
        &out,
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "64",
        "--holdout",
        "2",
    ])
}

//! The learned evaluation's integration tests: scratch folders and a
//! training run on a tiny budget.

use super::cli::tabula;
use std::path::{Path, PathBuf};
use std::process::Output;
use tabula::evalkit::nnue::data::Sample;
use tabula::evalkit::nnue::train::{self, TrainConfig};
use tabula::evalkit::nnue::{CarriesNet, Features, FloatNetwork};
use tabula::rules::RulesPosition;

/// An empty folder of this test process named after `name`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = super::cli::scratch_path(&format!("nnue-{name}"));
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

/// Runs [`train_tiny`] and checks that it trained; returns what it said.
pub fn train_tiny_ok(game: &str, data: &Path, out: &Path) -> String {
    let trained = train_tiny(game, data, out);
    let said = String::from_utf8_lossy(&trained.stdout).to_string();
    assert!(trained.status.success(), "{said}");
    assert!(said.contains("epoch 2: train"), "{said}");
    said
}

/// The positions `texts` as training samples, with made-up scores and
/// results spread over their ranges, each its own game.
pub fn made_up_samples(texts: &[String]) -> Vec<Sample> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| Sample {
            game: i as u32,
            score: ((i as i32 * 37) % 400 - 200) as i16,
            result: (i % 3) as i8 - 1,
            text: text.clone(),
        })
        .collect()
}

/// A float model of 32 hidden units fitted to `samples` for three epochs
/// (checked to lower the loss).
pub fn fit_small_float<P: Features>(
    samples: &[Sample],
    parse: &dyn Fn(&str) -> Result<P, String>,
) -> FloatNetwork {
    let cfg = TrainConfig {
        hidden: 32,
        epochs: 3,
        batch: 32,
        holdout: 0,
        ..TrainConfig::default()
    };
    let (fit, _) = train::encode::<P>(samples, parse, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let mut float = train::init::<P>(cfg.hidden, 3);
    let before = train::mean_loss(&float, &fit, cfg.scale);
    train::train(&mut float, &fit, &fit, &cfg, &mut |_| {});
    assert!(
        train::mean_loss(&float, &fit, cfg.scale) < before,
        "training lowers the loss"
    );
    float
}

/// How far the engine's network value of `pos` (which carries the net)
/// is from the float model's.
pub fn distance_from_float<P: CarriesNet + RulesPosition>(pos: &P, float: &FloatNetwork) -> f32 {
    let engine = pos.nnue_evaluate().unwrap_or_else(|| panic!("no net"));
    let mover = pos.side_to_move();
    let mut views = [Vec::new(), Vec::new()];
    pos.active_features(mover, &mut views[0]);
    pos.active_features(1 - mover, &mut views[1]);
    (engine as f32 - float.evaluate(&views[0], &views[1], pos.bucket())).abs()
}

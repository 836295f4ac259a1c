//! The learned evaluation's integration tests: scratch folders and a
//! training run on a tiny budget.

use super::cli::tabula;
use std::path::{Path, PathBuf};
use std::process::Output;
use tabula::evalkit::nnue::data::Sample;
use tabula::evalkit::nnue::data::read_samples;
use tabula::evalkit::nnue::train::{self, TrainConfig};
use tabula::evalkit::nnue::{CarriesNet, Features, FloatNetwork};
use tabula::games::Game;
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

/// `tabula datagen <game>` on a tiny budget into `dir` (4 games in two
/// chunks, 300 nodes a move, 2 threads) with the `extra` flags; the
/// samples of both chunks.
pub fn tiny_datagen_samples(game: &str, dir: &Path, extra: &[&str]) -> Vec<Sample> {
    let out = dir.to_string_lossy().to_string();
    let mut args = vec![
        "datagen",
        game,
        "--out",
        &out,
        "--games",
        "4",
        "--chunk",
        "2",
        "--nodes",
        "300",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    let made = tabula(&args);
    assert!(made.status.success(), "{made:?}");
    let mut samples = Vec::new();
    for chunk in [format!("{game}-00000.bin"), format!("{game}-00001.bin")] {
        let bytes = std::fs::read(dir.join(&chunk)).unwrap_or_else(|e| panic!("{chunk}: {e}"));
        samples.extend(read_samples(&bytes).unwrap_or_else(|e| panic!("{chunk}: {e}")));
    }
    samples
}

/// The positions of six seeded pseudo-random games of up to `plies`
/// plies from `start`, each as `text` writes it.
pub fn random_game_texts<P: RulesPosition + Clone>(
    start: &P,
    plies: u64,
    text: impl Fn(&P) -> String,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for game in 0..6u64 {
        let mut pos = start.clone();
        for ply in 0..plies {
            moves.clear();
            pos.generate_legal(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let pick = ((game * 131 + ply * 17) % moves.len() as u64) as usize;
            pos.make(moves[pick]);
            out.push(text(&pos));
        }
    }
    out
}

/// Loads `net` through `EvalFile`, turns `Use NNUE` on, and checks that
/// a position about to be searched evaluates with it.
pub fn search_with_net<G: Game>(game: &mut G, net: &str)
where
    G::Pos: CarriesNet,
{
    game.set_option("EvalFile", net)
        .unwrap_or_else(|e| panic!("{e}"));
    game.set_option("Use NNUE", "true")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut pos = game.start_position();
    game.prepare_search(&mut pos);
    assert!(
        pos.nnue_evaluate().is_some(),
        "the search evaluates with the net"
    );
}

/// `other` refuses `net`, a net for the game `made_for`, saying so, and
/// keeps the net it had: `Use NNUE true` is taken after exactly when it
/// was before (a game that ships a net keeps it; one without stays so).
pub fn refuses_net<G: Game>(other: &mut G, net: &str, made_for: &str) {
    let had_a_net = other.set_option("Use NNUE", "true").is_ok();
    match other.set_option("EvalFile", net) {
        Err(e) => assert!(
            e.to_string().contains(&format!("a net for {made_for}")),
            "{e}"
        ),
        Ok(()) => panic!("{} took a {made_for} net", G::ID),
    }
    let has_a_net = other.set_option("Use NNUE", "true").is_ok();
    assert_eq!(has_a_net, had_a_net, "{} changed its net", G::ID);
}

/// The largest distance, over the positions `texts`, between the value
/// of `float`'s quantised net and `float`'s own.
pub fn worst_distance_from_float<P: CarriesNet + RulesPosition>(
    texts: &[String],
    parse: &dyn Fn(&str) -> Result<P, String>,
    float: &FloatNetwork,
) -> f32 {
    let net = std::sync::Arc::new(float.quantise().unwrap_or_else(|e| panic!("{e}")));
    let mut worst = 0.0f32;
    for text in texts {
        let mut pos = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.set_network(Some(net.clone()));
        worst = worst.max(distance_from_float(&pos, float));
    }
    worst
}

//! Draughts' learned evaluation end to end on a tiny budget: `tabula
//! datagen international`, `tabula train international`, the net loaded
//! through `EvalFile` and evaluating as its float model, and the nets of
//! one rule set refused by the other.

mod common;

use common::cli::tabula;
use common::nnue::{scratch_dir, train_tiny};
use tabula::evalkit::nnue::data::read_samples;
use tabula::evalkit::nnue::train::{self, TrainConfig};
use tabula::evalkit::nnue::{CarriesNet, Features};
use tabula::games::Game;
use tabula::games::draughts::{International, Russian};
use tabula::rules::RulesPosition;

#[test]
fn international_datagen_train_and_load() {
    let dir = scratch_dir("draughts-intl");
    let d = dir.to_string_lossy().to_string();
    let made = tabula(&[
        "datagen",
        "international",
        "--out",
        &d,
        "--games",
        "4",
        "--chunk",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "80",
        "--threads",
        "2",
        "--seed",
        "5",
    ]);
    assert!(made.status.success(), "{made:?}");
    let mut samples = Vec::new();
    for chunk in ["international-00000.bin", "international-00001.bin"] {
        let bytes = std::fs::read(dir.join(chunk)).unwrap_or_else(|e| panic!("{chunk}: {e}"));
        samples.extend(read_samples(&bytes).unwrap_or_else(|e| panic!("{chunk}: {e}")));
    }
    assert!(samples.len() > 40, "only {} positions", samples.len());
    // Every kept position parses, and none has a capture pending: quiet.
    let game = International::new();
    for s in &samples {
        let pos = game
            .parse_position(&s.text)
            .unwrap_or_else(|e| panic!("{}: {e}", s.text));
        assert!(
            !tabula::search::AlphaBetaPosition::in_check(&pos),
            "{}",
            s.text
        );
    }
    let net_path = dir.join("net.nnue");
    let net = net_path.to_string_lossy().to_string();
    let trained = train_tiny("international", &dir, &net_path);
    let said = String::from_utf8_lossy(&trained.stdout).to_string();
    assert!(trained.status.success(), "{said}");
    assert!(said.contains("epoch 2: train"), "{said}");
    let mut game = International::new();
    game.set_option("EvalFile", &net)
        .unwrap_or_else(|e| panic!("{e}"));
    game.set_option("Use NNUE", "true")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut pos = game.start_position();
    game.prepare_search(&mut pos);
    assert!(
        pos.nnue_evaluate().is_some(),
        "the search evaluates with the net"
    );
    // Russian refuses an international net and stays without one.
    let mut russian = Russian::new();
    match russian.set_option("EvalFile", &net) {
        Err(e) => assert!(e.to_string().contains("a net for international"), "{e}"),
        Ok(()) => panic!("russian took an international net"),
    }
    assert!(russian.set_option("Use NNUE", "true").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_russian_net_evaluates_as_its_float_model() {
    let game = Russian::new();
    // Positions of a few seeded random games.
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    for g in 0..6u64 {
        let mut pos = game.start_position();
        for ply in 0..50u64 {
            moves.clear();
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[((g * 131 + ply * 17) % moves.len() as u64) as usize]);
            texts.push(tabula::games::GamePosition::to_notation(&pos));
        }
    }
    let samples: Vec<_> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| tabula::evalkit::nnue::data::Sample {
            game: i as u32,
            score: ((i as i32 * 37) % 400 - 200) as i16,
            result: (i % 3) as i8 - 1,
            text: text.clone(),
        })
        .collect();
    let cfg = TrainConfig {
        hidden: 32,
        epochs: 3,
        batch: 32,
        holdout: 0,
        ..TrainConfig::default()
    };
    let parse = |t: &str| game.parse_position(t).map_err(|e| e.to_string());
    type Pos = tabula::games::draughts::Position<tabula::games::draughts::Rus>;
    let (fit, _) = train::encode::<Pos>(&samples, &parse, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let mut float = train::init::<Pos>(cfg.hidden, 3);
    let before = train::mean_loss(&float, &fit, cfg.scale);
    train::train(&mut float, &fit, &fit, &cfg, &mut |_| {});
    assert!(train::mean_loss(&float, &fit, cfg.scale) < before);
    let net = std::sync::Arc::new(float.quantise().unwrap_or_else(|e| panic!("{e}")));
    let mut worst = 0.0f32;
    for text in &texts {
        let mut pos = game.parse_position(text).unwrap_or_else(|e| panic!("{e}"));
        pos.set_network(Some(net.clone()));
        let engine = pos.nnue_evaluate().unwrap_or_else(|| panic!("{text}"));
        let mover = pos.side_to_move();
        let mut views = [Vec::new(), Vec::new()];
        pos.active_features(mover, &mut views[0]);
        pos.active_features(1 - mover, &mut views[1]);
        let expected = float.evaluate(&views[0], &views[1], pos.bucket());
        worst = worst.max((engine as f32 - expected).abs());
    }
    assert!(worst < 20.0, "quantisation error worst {worst}");
}

//! Draughts' learned evaluation end to end on a tiny budget: `tabula
//! datagen international`, `tabula train international`, the net loaded
//! through `EvalFile` and evaluating as its float model, and the nets of
//! one rule set refused by the other.

mod common;

use common::cli::tabula;
use common::nnue::{
    distance_from_float, fit_small_float, made_up_samples, scratch_dir, train_tiny_ok,
};
use tabula::evalkit::nnue::CarriesNet;
use tabula::evalkit::nnue::data::read_samples;
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
    train_tiny_ok("international", &dir, &net_path);
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
    let parse = |t: &str| game.parse_position(t).map_err(|e| e.to_string());
    type Pos = tabula::games::draughts::Position<tabula::games::draughts::Rus>;
    let float = fit_small_float::<Pos>(&made_up_samples(&texts), &parse);
    let net = std::sync::Arc::new(float.quantise().unwrap_or_else(|e| panic!("{e}")));
    let mut worst = 0.0f32;
    for text in &texts {
        let mut pos = game.parse_position(text).unwrap_or_else(|e| panic!("{e}"));
        pos.set_network(Some(net.clone()));
        worst = worst.max(distance_from_float(&pos, &float));
    }
    assert!(worst < 20.0, "quantisation error worst {worst}");
}

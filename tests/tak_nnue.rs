//! Tak's learned evaluation end to end on a tiny budget: `tabula datagen
//! tak`, `tabula train tak`, the net loaded through `EvalFile` and the
//! search evaluating with it, the quantised net against its float model,
//! and nets of other games and bad values refused.

mod common;

use common::cli::tabula;
use common::nnue::{
    distance_from_float, fit_small_float, made_up_samples, scratch_dir, train_tiny_ok,
};
use tabula::evalkit::nnue::CarriesNet;
use tabula::evalkit::nnue::data::read_samples;
use tabula::games::tak::Tak;
use tabula::games::tunable::Tunable;
use tabula::games::{Game, GamePosition};
use tabula::rules::RulesPosition;

#[test]
fn tak_datagen_train_and_load() {
    let dir = scratch_dir("tak");
    let d = dir.to_string_lossy().to_string();
    let made = tabula(&[
        "datagen",
        "tak",
        "--out",
        &d,
        "--games",
        "4",
        "--chunk",
        "2",
        "--nodes",
        "300",
        "--threads",
        "2",
        "--seed",
        "3",
    ]);
    assert!(made.status.success(), "{made:?}");
    let mut samples = Vec::new();
    for chunk in ["tak-00000.bin", "tak-00001.bin"] {
        let bytes = std::fs::read(dir.join(chunk)).unwrap_or_else(|e| panic!("{chunk}: {e}"));
        samples.extend(read_samples(&bytes).unwrap_or_else(|e| panic!("{chunk}: {e}")));
    }
    assert!(samples.len() > 20, "only {} positions", samples.len());
    for s in &samples {
        <Tak as Tunable>::parse_position(&s.text).unwrap_or_else(|e| panic!("{}: {e}", s.text));
    }
    let net_path = dir.join("net.nnue");
    let net = net_path.to_string_lossy().to_string();
    train_tiny_ok("tak", &dir, &net_path);
    let mut game = Tak::new();
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
    // Makruk refuses a Tak net and stays without one; Tak a bad value.
    let mut makruk = tabula::games::makruk::Makruk::new();
    match makruk.set_option("EvalFile", &net) {
        Err(e) => assert!(e.to_string().contains("a net for tak"), "{e}"),
        Ok(()) => panic!("makruk took a tak net"),
    }
    assert!(makruk.set_option("Use NNUE", "true").is_err());
    assert!(game.set_option("Use NNUE", "maybe").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tak_net_evaluates_as_its_float_model() {
    let game = Tak::new();
    // Positions of a few seeded random games, with stacks and walls.
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    for g in 0..6u64 {
        let mut pos = game.start_position();
        for ply in 0..60u64 {
            moves.clear();
            pos.generate_legal(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make(moves[((g * 131 + ply * 17) % moves.len() as u64) as usize]);
            texts.push(<Tak as Tunable>::position_text(&pos));
        }
    }
    let parse = |t: &str| <Tak as Tunable>::parse_position(t);
    type Pos = tabula::games::tak::Position;
    let float = fit_small_float::<Pos>(&made_up_samples(&texts), &parse);
    let net = std::sync::Arc::new(float.quantise().unwrap_or_else(|e| panic!("{e}")));
    let mut worst = 0.0f32;
    for text in &texts {
        let mut pos = parse(text).unwrap_or_else(|e| panic!("{e}"));
        pos.set_network(Some(net.clone()));
        worst = worst.max(distance_from_float(&pos, &float));
        assert!(!pos.to_notation().is_empty());
    }
    assert!(worst < 20.0, "quantisation error worst {worst}");
}

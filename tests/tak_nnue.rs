//! Tak's learned evaluation end to end on a tiny budget: `tabula datagen
//! tak`, `tabula train tak`, the net loaded through `EvalFile` and the
//! search evaluating with it, the quantised net against its float model,
//! and nets of other games and bad values refused.

mod common;

use common::nnue::{
    fit_small_float, made_up_samples, random_game_texts, refuses_net, scratch_dir, search_with_net,
    tiny_datagen_samples, train_tiny_ok, worst_distance_from_float,
};
use tabula::games::Game;
use tabula::games::tak::{Position, Tak};
use tabula::games::tunable::Tunable;

#[test]
fn tak_datagen_train_and_load() {
    let dir = scratch_dir("tak");
    let samples = tiny_datagen_samples("tak", &dir, &["--seed", "3"]);
    assert!(samples.len() > 20, "only {} positions", samples.len());
    for s in &samples {
        <Tak as Tunable>::parse_position(&s.text).unwrap_or_else(|e| panic!("{}: {e}", s.text));
    }
    let net_path = dir.join("net.nnue");
    let net = net_path.to_string_lossy().to_string();
    train_tiny_ok("tak", &dir, &net_path);
    let mut game = Tak::new();
    search_with_net(&mut game, &net);
    assert!(game.set_option("Use NNUE", "maybe").is_err());
    refuses_net(&mut tabula::games::makruk::Makruk::new(), &net, "tak");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tak_net_evaluates_as_its_float_model() {
    // Positions of a few seeded random games, with stacks and walls.
    let texts = random_game_texts(&Tak::new().start_position(), 60, |p| {
        <Tak as Tunable>::position_text(p)
    });
    let parse = |t: &str| <Tak as Tunable>::parse_position(t);
    let float = fit_small_float::<Position>(&made_up_samples(&texts), &parse);
    let worst = worst_distance_from_float(&texts, &parse, &float);
    assert!(worst < 20.0, "quantisation error worst {worst}");
}

#[test]
fn the_shipped_net_corrects_the_hand_evaluation_at_6x6_komi_2_only() {
    use tabula::evalkit::nnue::CarriesNet;
    use tabula::games::tak::eval;
    use tabula::search::AlphaBetaPosition;
    let searched = |options: &[(&str, &str)]| {
        let mut game = Tak::new();
        for (name, value) in options {
            game.set_option(name, value)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut pos = game.start_position();
        game.prepare_search(&mut pos);
        pos
    };
    let pos = searched(&[("HalfKomi", "4")]);
    let net = pos
        .nnue_evaluate()
        .unwrap_or_else(|| panic!("no net at 6x6 komi 2"));
    assert_eq!(pos.evaluate(), eval::evaluate(&pos) + net);
    for elsewhere in [
        &[][..],
        &[("HalfKomi", "4"), ("TakSize", "5")],
        &[("HalfKomi", "4"), ("TakCapstones", "2")],
        &[("HalfKomi", "4"), ("Use NNUE", "false")],
        &[("HalfKomi", "4"), ("EvalFile", "<none>")],
    ] {
        let pos = searched(elsewhere);
        assert!(pos.nnue_evaluate().is_none(), "{elsewhere:?}");
        assert_eq!(pos.evaluate(), eval::evaluate(&pos), "{elsewhere:?}");
    }
    let back = searched(&[
        ("HalfKomi", "4"),
        ("EvalFile", "<none>"),
        ("EvalFile", "<embedded>"),
        ("Use NNUE", "true"),
    ]);
    assert_eq!(back.nnue_evaluate(), Some(net));
}

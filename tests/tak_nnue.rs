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

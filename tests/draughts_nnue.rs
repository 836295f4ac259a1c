//! Draughts' learned evaluation end to end on a tiny budget: `tabula
//! datagen international`, `tabula train international`, the net loaded
//! through `EvalFile` and evaluating as its float model, and the nets of
//! one rule set refused by the other.

mod common;

use common::nnue::{
    fit_small_float, made_up_samples, random_game_texts, refuses_net, scratch_dir, search_with_net,
    tiny_datagen_samples, train_tiny_ok, worst_distance_from_float,
};
use tabula::games::Game;
use tabula::games::draughts::{International, Russian};

#[test]
fn international_datagen_train_and_load() {
    let dir = scratch_dir("draughts-intl");
    let extra = ["--max-plies", "80", "--seed", "5"];
    let samples = tiny_datagen_samples("international", &dir, &extra);
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
    search_with_net(&mut International::new(), &net);
    // Russian refuses an international net and stays without one.
    refuses_net(&mut Russian::new(), &net, "international");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_russian_net_evaluates_as_its_float_model() {
    let game = Russian::new();
    // Positions of a few seeded random games.
    let texts = random_game_texts(&game.start_position(), 50, |p| {
        tabula::games::GamePosition::to_notation(p)
    });
    let parse = |t: &str| game.parse_position(t).map_err(|e| e.to_string());
    type Pos = tabula::games::draughts::Position<tabula::games::draughts::Rus>;
    let float = fit_small_float::<Pos>(&made_up_samples(&texts), &parse);
    let worst = worst_distance_from_float(&texts, &parse, &float);
    assert!(worst < 20.0, "quantisation error worst {worst}");
}

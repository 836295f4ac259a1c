//! The learned evaluation's pipeline end to end on a tiny budget:
//! `tabula datagen` (resumable, shards equal to the whole run), `tabula
//! train`, and the net loaded through Makruk's `EvalFile`, evaluating as
//! the float model it was quantised from.

mod common;

use common::cli::tabula;
use common::nnue::{
    distance_from_float, fit_small_float, made_up_samples, random_game_texts, refuses_net,
    scratch_dir, train_tiny_ok,
};
use std::path::Path;
use std::process::Output;
use tabula::evalkit::nnue::data::{DATA_MAGIC, push_sample, read_samples};
use tabula::evalkit::nnue::{CarriesNet, write_net};
use tabula::games::Game;
use tabula::games::makruk::{Makruk, Position, fen};

fn datagen(dir: &Path, extra: &[&str]) -> Output {
    let dir = dir.to_string_lossy().to_string();
    let mut args = vec![
        "datagen",
        "makruk",
        "--out",
        &dir,
        "--games",
        "4",
        "--chunk",
        "1",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--seed",
        "9",
    ];
    args.extend_from_slice(extra);
    tabula(&args)
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| {
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().to_string(), bytes)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn shards_and_resumed_runs_write_the_whole_runs_files() {
    let whole = scratch_dir("whole");
    let sharded = scratch_dir("sharded");
    assert!(datagen(&whole, &["--threads", "2"]).status.success());
    for shard in ["1/2", "2/2"] {
        assert!(datagen(&sharded, &["--shard", shard]).status.success());
    }
    let written = files(&whole);
    assert_eq!(written.len(), 4, "one file per chunk");
    assert_eq!(written, files(&sharded));
    let samples: usize = written
        .iter()
        .map(|(name, bytes)| match read_samples(bytes) {
            Ok(s) => s.len(),
            Err(e) => panic!("{name}: {e}"),
        })
        .sum();
    assert!(samples > 20, "only {samples} positions");
    // A second run finds every chunk written and plays nothing.
    let again = datagen(&whole, &[]);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("0 chunks"));
    // The trainer reads the folder and writes a net.
    let net = whole.join("net.nnue");
    let net_text = net.to_string_lossy().to_string();
    train_tiny_ok("makruk", &whole, &net);
    let mut game = Makruk::new();
    assert!(game.set_option("EvalFile", &net_text).is_ok());
    assert!(game.set_option("Use NNUE", "true").is_ok());
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&sharded);
}

fn position(text: &str) -> Position {
    fen::parse(text, true).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions of a few random games from the start, as datagen texts.
fn sample_positions() -> Vec<String> {
    random_game_texts(&position(tabula::games::makruk::START_FEN), 60, |p| {
        tabula::games::GamePosition::to_notation(p)
    })
}

#[test]
fn a_trained_net_loads_and_evaluates_as_its_float_model() {
    let texts = sample_positions();
    let mut bytes = DATA_MAGIC.to_vec();
    for sample in made_up_samples(&texts) {
        push_sample(&mut bytes, &sample).unwrap_or_else(|e| panic!("{e}"));
    }
    let samples = read_samples(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let parse = |t: &str| fen::parse(t, true).map_err(|e| e.to_string());
    let float = fit_small_float::<Position>(&samples, &parse);
    let quantised = float.quantise().unwrap_or_else(|e| panic!("{e}"));
    let dir = scratch_dir("float");
    let path = dir.join("makruk.nnue");
    std::fs::write(&path, write_net(&quantised, "makruk")).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Makruk::new();
    let path_text = path.to_string_lossy().to_string();
    game.set_option("EvalFile", &path_text)
        .unwrap_or_else(|e| panic!("{e}"));
    game.set_option("Use NNUE", "true")
        .unwrap_or_else(|e| panic!("{e}"));
    let (mut worst, mut total) = (0.0f32, 0.0f32);
    for text in &texts {
        let mut pos = position(text);
        game.prepare_search(&mut pos);
        let distance = distance_from_float(&pos, &float);
        worst = worst.max(distance);
        total += distance;
    }
    let mean = total / texts.len() as f32;
    assert!(
        worst < 20.0 && mean < 5.0,
        "quantisation error mean {mean} worst {worst}"
    );
    // Ōgi refuses a Makruk net, with the reason, and stays without one.
    refuses_net(&mut tabula::games::ogi::Ogi::new(), &path_text, "makruk");
    // A damaged file afterwards is refused and the loaded net stays.
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"TBLNNUE1 but nothing else").unwrap_or_else(|e| panic!("{e}"));
    assert!(game.set_option("EvalFile", &bad.to_string_lossy()).is_err());
    let mut pos = position(&texts[10]);
    game.prepare_search(&mut pos);
    let mut fresh = position(&texts[10]);
    fresh.set_network(Some(std::sync::Arc::new(quantised)));
    assert_eq!(pos.nnue_evaluate(), fresh.nnue_evaluate());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_flags_and_damaged_data_are_refused() {
    for args in [
        &["datagen", "makruk"][..],
        &["datagen", "makruk", "--out", "/tmp/x", "--threads", "0"],
        &[
            "datagen", "makruk", "--out", "/tmp/x", "--games", "4", "--chunk", "2", "--shard",
            "3/3",
        ],
        &["datagen", "makruk", "--out", "/tmp/x", "--nodes", "-5"],
        &["datagen", "chess", "--out", "/tmp/x"],
        &["train", "makruk", "--data", "x"],
        &[
            "train", "makruk", "--data", "x", "--out", "y", "--hidden", "10",
        ],
        &[
            "train", "makruk", "--data", "x", "--out", "y", "--lambda", "2",
        ],
        &["train", "halma", "--data", "x", "--out", "y"],
        &["train", "tak", "--data", "x", "--out", "y", "--augment=yes"],
        &["train", "makruk", "--augment", "--data"],
    ] {
        let out = tabula(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} says why");
    }
    let dir = scratch_dir("damaged");
    let file = dir.join("cut.bin");
    let mut bytes = DATA_MAGIC.to_vec();
    bytes.extend_from_slice(&[1, 0, 0, 0, 10, 0, 1, 40, 0, b'r', b'n']);
    assert!(read_samples(&bytes).is_err());
    std::fs::write(&file, &bytes).unwrap_or_else(|e| panic!("{e}"));
    let out_text = dir.join("net").to_string_lossy().to_string();
    let out = tabula(&[
        "train",
        "makruk",
        "--data",
        &file.to_string_lossy(),
        "--out",
        &out_text,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("record 1"));
    assert!(!Path::new(&out_text).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_net_corrects_the_hand_evaluation() {
    use tabula::games::makruk::eval;
    use tabula::search::AlphaBetaPosition;
    let searched = |options: &[(&str, &str)], text: &str| {
        let mut game = Makruk::new();
        for (name, value) in options {
            game.set_option(name, value)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut pos = position(text);
        game.prepare_search(&mut pos);
        pos
    };
    for text in sample_positions().iter().step_by(7) {
        let pos = searched(&[], text);
        let net = pos
            .nnue_evaluate()
            .unwrap_or_else(|| panic!("no net by default"));
        assert_eq!(pos.evaluate(), eval::evaluate(&pos) + net, "{text}");
        for hand in [&[("Use NNUE", "false")][..], &[("EvalFile", "<none>")]] {
            let pos = searched(hand, text);
            assert!(pos.nnue_evaluate().is_none(), "{hand:?}");
            assert_eq!(pos.evaluate(), eval::evaluate(&pos), "{hand:?} {text}");
        }
        let back = searched(
            &[
                ("EvalFile", "<none>"),
                ("EvalFile", "<embedded>"),
                ("Use NNUE", "true"),
            ],
            text,
        );
        assert_eq!(back.nnue_evaluate(), Some(net), "{text}");
    }
}

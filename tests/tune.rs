//! `tabula tune` end to end on a tiny record file
//! (fixtures/tune/makruk-selfplay-tiny.pgn: six games of
//! `tabula match --depth 4` from random openings, three decisive): the fit
//! lowers the error, the written weights file reads back with the layout's
//! names, and the command refuses bad input with a usage error.

use std::process::Command;
use tabula::engineclient::Limit;
use tabula::games::makruk::Makruk;
use tabula::games::ogi::Ogi;
use tabula::games::tak::Tak;
use tabula::tune::args::TuneConfig;
use tabula::tune::teacher::TeacherConfig;
use tabula::tune::{Tunable, run, weights_file};

const FIXTURE: &str = "fixtures/tune/makruk-selfplay-tiny.pgn";

fn out_path(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn the_fit_lowers_the_error_and_writes_readable_weights() {
    let out = out_path("makruk_weights_test.rs");
    let cfg = TuneConfig {
        data: vec![FIXTURE.to_string()],
        max_plies: None,
        out: Some(out.clone()),
        from: None,
        epochs: 60,
        rate: 2.0,
        relinearise: 20,
        freeze: vec!["tempo".to_string(), "king_attack".to_string()],
        prior: 0.0,
        score_weight: 0.0,
        teacher: None,
        teacher_k: false,
        seed: 1,
    };
    let report = run::tune::<Makruk>(&cfg, &["--data".to_string(), FIXTURE.to_string()]).unwrap();
    assert_eq!(report.counts.games, 6);
    assert!(report.train > 300, "{report:?}");
    assert!(
        report.train_after < report.train_before,
        "{} -> {}",
        report.train_before,
        report.train_after
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("//! Made by: tabula tune makruk --data "),
        "{text}"
    );
    let read = weights_file::read(&text).unwrap();
    let names: Vec<String> = read.iter().map(|(n, _)| n.clone()).collect();
    let values: Vec<i32> = read.iter().map(|&(_, v)| v).collect();
    assert_eq!(names, Makruk::weight_names());
    assert_eq!(values, report.weights);
    assert_ne!(values, Makruk::weights(), "the fit moved no weight");
    // Frozen weights stay.
    for ((name, v), old) in read.iter().zip(Makruk::weights()) {
        if name.starts_with("tempo") || name.starts_with("king_attack") {
            assert_eq!(v, old, "{name}");
        }
    }
    // Deterministic: the same run writes the same file.
    let again = run::tune::<Makruk>(&cfg, &[]).unwrap();
    assert_eq!(again.weights, report.weights);
    // --from starts from a written file: zero epochs keep its weights.
    let from = TuneConfig {
        from: Some(out.clone()),
        out: Some(out_path("makruk_weights_from.rs")),
        epochs: 0,
        ..cfg
    };
    assert_eq!(
        run::tune::<Makruk>(&from, &[]).unwrap().weights,
        report.weights
    );
    // --max-plies leaves the long games out (two of the six are longer
    // than 200 plies).
    let short = TuneConfig {
        max_plies: Some(200),
        epochs: 1,
        ..from
    };
    let r = run::tune::<Makruk>(&short, &[]).unwrap();
    assert_eq!((r.counts.games, r.counts.games_too_long), (6, 2));
}

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("run tabula")
}

#[test]
fn bad_input_is_a_clear_error() {
    for (args, status, needle) in [
        (vec!["tune"], 2, "expected <game>"),
        (
            vec!["tune", "chess", "--data", FIXTURE],
            2,
            "unknown game 'chess'",
        ),
        (
            vec!["tune", "backgammon", "--data", FIXTURE],
            2,
            "backgammon has no tunable evaluation",
        ),
        (vec!["tune", "tak", "--data", FIXTURE], 1, "bad PTN file"),
        (vec!["tune", "makruk"], 2, "at least one --data"),
        (
            vec!["tune", "makruk", "--data", FIXTURE, "--epochs", "x"],
            2,
            "--epochs needs",
        ),
        (
            vec!["tune", "makruk", "--data", "/nonexistent.pgn"],
            1,
            "/nonexistent.pgn: ",
        ),
        (
            vec!["tune", "makruk", "--data", "README.md"],
            1,
            "README.md: game 1: expected a tag",
        ),
    ] {
        let out = tabula(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let help = tabula(&["tune", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("--data FILE"));
}

/// Fits `T` on a tiny record file with `freeze` held: the games are all
/// read, the fit lowers the error and moves some weight, the file written
/// reads back with the layout's names and the frozen weights unchanged.
fn tiny_fit<T: Tunable>(fixture: &str, games: usize, epochs: usize, freeze: &str) {
    let out = out_path(&format!("{}_weights_test.rs", T::GAME));
    let cfg = TuneConfig {
        data: vec![fixture.to_string()],
        max_plies: None,
        out: Some(out.clone()),
        from: None,
        epochs,
        rate: 2.0,
        relinearise: 20,
        freeze: vec![freeze.to_string()],
        prior: 0.0,
        // Half of each label from the records' search scores: the tiny
        // records carry them, so this also checks they are read.
        score_weight: 0.5,
        teacher: None,
        teacher_k: false,
        seed: 1,
    };
    let report = run::tune::<T>(&cfg, &[]).unwrap();
    assert_eq!(report.counts.games, games);
    // Over a hundred quiet positions read, most of them to fit (which
    // ones are held out depends on the seed and the games).
    assert!(report.train + report.validation > 100, "{report:?}");
    assert!(report.train > report.validation, "{report:?}");
    assert!(report.train_after < report.train_before, "{report:?}");
    assert!(2 * report.scored > report.train, "{report:?}");
    let read = weights_file::read(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let names: Vec<String> = read.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(names, T::weight_names());
    assert_ne!(report.weights, T::weights(), "the fit moved no weight");
    for ((name, v), old) in read.iter().zip(T::weights()) {
        if name.starts_with(freeze) {
            assert_eq!(v, old, "{name}");
        }
    }
}

/// Ōgi through the same tuner: six depth-6 self-play games from random
/// starts (fixtures/tune/ogi-selfplay-tiny.pgn, USI moves).
#[test]
fn ogi_is_tuned_by_the_same_tuner() {
    tiny_fit::<Ogi>("fixtures/tune/ogi-selfplay-tiny.pgn", 6, 40, "king_attack");
}

/// Tak through the same tuner: six depth-3 self-play games on 6x6 with
/// komi 2 (fixtures/tune/tak-selfplay-tiny.ptn); the komi goes with every
/// training position (and is frozen here).
#[test]
fn tak_is_tuned_by_the_same_tuner() {
    tiny_fit::<Tak>("fixtures/tune/tak-selfplay-tiny.ptn", 6, 20, "komi");
}

/// The same pipeline for international draughts
/// (fixtures/tune/international-selfplay-tiny.pdn: eight games of
/// `tabula match --game international --depth 6` from random openings,
/// four decisive): the PDN records are read, the fit lowers the error and
/// the weights file reads back with the draughts layout.
#[test]
fn draughts_records_tune_too() {
    use tabula::games::draughts::International;
    const PDN: &str = "fixtures/tune/international-selfplay-tiny.pdn";
    tiny_fit::<International>(PDN, 8, 60, "value");
    // A Russian record is not an international one.
    let out = tabula(&["tune", "russian", "--data", PDN, "--epochs", "1"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("GameType 20 is not russian"), "{stderr}");
}

/// `--teacher`: tabula itself at depth 2 scores every quiet position of the
/// tiny Makruk records over UCI; the scores go to the cache file, and a
/// second fit reads them all from there (its teacher command cannot even
/// start) and comes out the same.
#[test]
fn a_teacher_engine_scores_the_positions_and_its_cache_replays_them() {
    let cache = out_path("makruk_teacher_cache.txt");
    let _ = std::fs::remove_file(&cache);
    let teacher = |command: &str| TeacherConfig {
        command: vec![command.to_string()],
        limit: Limit::Depth(2),
        options: vec![("Hash".to_string(), "1".to_string())],
        cache: Some(cache.clone()),
    };
    let cfg = TuneConfig {
        data: vec![FIXTURE.to_string()],
        max_plies: None,
        out: Some(out_path("makruk_weights_teacher.rs")),
        from: None,
        epochs: 20,
        rate: 2.0,
        relinearise: 20,
        freeze: Vec::new(),
        prior: 0.0,
        score_weight: 1.0,
        teacher: Some(teacher(env!("CARGO_BIN_EXE_tabula"))),
        teacher_k: false,
        seed: 1,
    };
    let first = run::tune::<Makruk>(&cfg, &[]).unwrap();
    let samples = first.train + first.validation;
    assert_eq!(first.scored, samples, "{first:?}");
    let lines = std::fs::read_to_string(&cache).unwrap();
    let cached = tabula::tune::teacher::read_cache(&lines).unwrap();
    assert!(
        cached.len() > 300 && cached.len() <= samples,
        "{}",
        cached.len()
    );
    // Scores are the mover's, in centipawns: not all alike.
    assert!(cached.values().any(|&v| v > 0.0) && cached.values().any(|&v| v < 0.0));
    let replay = TuneConfig {
        teacher: Some(teacher("/nonexistent/teacher")),
        ..cfg.clone()
    };
    let second = run::tune::<Makruk>(&replay, &[]).unwrap();
    assert_eq!(second.weights, first.weights);
    assert_eq!(std::fs::read_to_string(&cache).unwrap(), lines);
    // `--teacher-k`: the evaluation takes the teacher's k instead of the
    // one fitted to the results, and so fits to other weights.
    assert!(first.score_k > 0.0 && first.k != first.score_k, "{first:?}");
    let same_k = TuneConfig {
        teacher_k: true,
        ..replay.clone()
    };
    let third = run::tune::<Makruk>(&same_k, &[]).unwrap();
    assert_eq!(third.k, first.score_k);
    assert!(third.train_after < third.train_before, "{third:?}");
    assert_ne!(third.weights, first.weights);
    // Without the cache, a teacher that cannot start is a clear error.
    let broken = TuneConfig {
        teacher: Some(TeacherConfig {
            cache: None,
            ..teacher("/nonexistent/teacher")
        }),
        ..cfg
    };
    let e = run::tune::<Makruk>(&broken, &[]).unwrap_err();
    assert!(
        e.contains("teacher") && e.contains("/nonexistent/teacher"),
        "{e}"
    );
}

/// The held-out tenth is chosen by the games themselves, not by their
/// place in the files: the same Tak games in reverse order split the same
/// way under every seed (a match at `--concurrency 2` writes its records in
/// the order the games end, which changes from run to run).
#[test]
fn the_held_out_games_do_not_depend_on_the_order_of_the_records() {
    const PTN: &str = "fixtures/tune/tak-selfplay-tiny.ptn";
    let text = std::fs::read_to_string(PTN).unwrap();
    let mut games: Vec<String> = text
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| format!("[Event {g}"))
        .collect();
    assert_eq!(games.len(), 6);
    games.reverse();
    let reversed = out_path("tak-selfplay-tiny-reversed.ptn");
    std::fs::write(&reversed, games.concat()).unwrap();
    let out = out_path("tak_split_test.rs");
    let split = |path: &str, seed: u64| {
        let cfg = TuneConfig {
            data: vec![path.to_string()],
            max_plies: None,
            out: Some(out.clone()),
            from: None,
            epochs: 1,
            rate: 2.0,
            relinearise: 20,
            freeze: vec!["komi".to_string()],
            prior: 0.0,
            score_weight: 0.0,
            teacher: None,
            teacher_k: false,
            seed,
        };
        let r = run::tune::<Tak>(&cfg, &[]).unwrap();
        (r.train, r.validation, r.validation_before)
    };
    let mut some_held_out = false;
    for seed in 1..=20 {
        let (train, held_out, error) = split(PTN, seed);
        let (train2, held_out2, error2) = split(&reversed, seed);
        assert_eq!((train, held_out), (train2, held_out2), "seed {seed}");
        // The same positions, summed in another order (k is fitted to
        // them too, so the last digits may move).
        assert!(
            (error - error2).abs() < 1e-6 * error.max(1e-3),
            "seed {seed}: {error} {error2}"
        );
        some_held_out |= held_out > 0;
    }
    assert!(some_held_out, "no seed held a game out");
}

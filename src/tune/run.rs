//! `tabula tune <game>`: read the records, fit, write the weights file.

use super::args::{self, TuneConfig};
use super::data::{self, Counts, Sample};
use super::fit::{self, Adam};
use super::{Tunable, teacher, weights_file};
use crate::out::outln;

/// What a run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub counts: Counts,
    pub train: usize,
    pub validation: usize,
    /// Positions whose label blends in a recorded search score.
    pub scored: usize,
    pub k: f64,
    /// The `k` that turns the scores into win chances (the teacher's own,
    /// or `k` for the records' scores; 0 when labels are results only).
    pub score_k: f64,
    /// Mean squared errors at the starting and at the written weights.
    pub train_before: f64,
    pub train_after: f64,
    pub validation_before: f64,
    pub validation_after: f64,
    pub weights: Vec<i32>,
}

/// The entry point of `tabula tune <game> <flags>` for game `T`.
pub fn main<T: Tunable>(args: &[String]) -> i32 {
    let cfg = match args::parse(args) {
        Ok(c) => c,
        Err(e) if e.is_empty() => {
            outln!("{}", args::TUNE_USAGE);
            return 0;
        }
        Err(e) => {
            eprintln!("tabula tune: {e}\n{}", args::TUNE_USAGE);
            return 2;
        }
    };
    match tune::<T>(&cfg, args) {
        Ok(_) => 0,
        Err(e) => {
            eprintln!("tabula tune: {e}");
            1
        }
    }
}

fn load<T: Tunable>(
    cfg: &TuneConfig,
    weights: &[i32],
) -> Result<(Vec<Sample>, Vec<Sample>, Counts), String> {
    let (mut train, mut validation) = (Vec::new(), Vec::new());
    let mut counts = Counts::default();
    for path in &cfg.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let games = T::read_records(&text).map_err(|e| format!("{path}: {e}"))?;
        for g in &games {
            if cfg.max_plies.is_some_and(|n| g.moves.len() > n) {
                counts.games += 1;
                counts.games_too_long += 1;
                continue;
            }
            let samples = data::game_samples::<T>(g, weights, &mut counts);
            if data::is_validation(cfg.seed, data::game_key(g)) {
                validation.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    Ok((train, validation, counts))
}

/// The weights of the file at `path`, which must name the same weights in
/// the same order as the game's layout.
fn start_from(path: &str, names: &[String]) -> Result<Vec<i32>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let read = weights_file::read(&text).map_err(|e| format!("{path}: {e}"))?;
    if read.len() != names.len() || read.iter().zip(names).any(|((n, _), m)| n != m) {
        return Err(format!(
            "{path}: its weights are not the layout's {} weights in order",
            names.len()
        ));
    }
    Ok(read.into_iter().map(|(_, v)| v).collect())
}

fn held_out(samples: &[Sample], error: f64) -> String {
    if samples.is_empty() {
        "none".to_string()
    } else {
        format!("{error:.6}")
    }
}

fn rounded(w: &[f64]) -> Vec<i32> {
    w.iter().map(|x| x.round() as i32).collect()
}

fn as_real(w: &[i32]) -> Vec<f64> {
    w.iter().map(|&x| f64::from(x)).collect()
}

/// Runs the fit for `cfg` and writes the weights file; `args` (the flags as
/// given) go into its header.
pub fn tune<T: Tunable>(cfg: &TuneConfig, args: &[String]) -> Result<Report, String> {
    let names = T::weight_names();
    let start = starting_weights::<T>(cfg, &names)?;
    let (mut train, mut validation, counts) = load::<T>(cfg, &start)?;
    outln!(
        "{} games ({} unfinished or lost off the board, {} too long: left out), {} positions, {} quiet ({} more left out: a count running): {} to fit, {} held out",
        counts.games,
        counts.games_skipped,
        counts.games_too_long,
        counts.positions,
        counts.quiet,
        counts.counted,
        train.len(),
        validation.len()
    );
    if train.is_empty() {
        return Err("no quiet positions to learn from".to_string());
    }
    if let Some(t) = &cfg.teacher {
        let mut all: Vec<&mut Sample> = train.iter_mut().chain(validation.iter_mut()).collect();
        let n = teacher::label::<T>(t, &mut all)?;
        outln!("teacher: {n} of {} positions scored", all.len());
    }
    let w = as_real(&start);
    let mut k = fit::fit_k(&train, &w);
    let (scored, score_k) = blend_scores(cfg, &mut train, &mut validation, &mut k);
    let train_before = fit::mse(&train, &w, k);
    let validation_before = fit::mse(&validation, &w, k);
    outln!(
        "k = {k:.6} (sigmoid(k x cp)); error {train_before:.6}, held out {}",
        held_out(&validation, validation_before)
    );
    let frozen = frozen_weights(cfg, &names)?;
    let weights = descend::<T>(cfg, &mut train, &mut validation, w, k, &frozen);
    data::relinearise::<T>(&mut train, &weights);
    data::relinearise::<T>(&mut validation, &weights);
    let w = as_real(&weights);
    let report = Report {
        counts,
        train: train.len(),
        validation: validation.len(),
        scored,
        k,
        score_k,
        train_before,
        train_after: fit::mse(&train, &w, k),
        validation_before,
        validation_after: fit::mse(&validation, &w, k),
        weights,
    };
    write_weights::<T>(cfg, args, &names, &report, &validation, &start)?;
    Ok(report)
}

/// The weights the fit starts from: `--from`'s file, else the embedded
/// table; as many as the layout names.
fn starting_weights<T: Tunable>(cfg: &TuneConfig, names: &[String]) -> Result<Vec<i32>, String> {
    let start = match &cfg.from {
        Some(path) => start_from(path, names)?,
        None => T::weights().to_vec(),
    };
    if names.len() != start.len() {
        return Err(format!(
            "{} names {} weights but embeds {}",
            T::GAME,
            names.len(),
            start.len()
        ));
    }
    Ok(start)
}

/// With `--score-weight`, blends the recorded (or teacher's) scores into
/// the labels; returns how many positions have a score and the k that
/// turned scores into win chances (`k` itself becomes the teacher's with
/// `--teacher-k`).
fn blend_scores(
    cfg: &TuneConfig,
    train: &mut [Sample],
    validation: &mut [Sample],
    k: &mut f64,
) -> (usize, f64) {
    if cfg.score_weight <= 0.0 {
        return (0, 0.0);
    }
    // A teacher's scores have their own scale: they become win chances by
    // the k that fits them to the results, not by the evaluation's.
    let score_k = if cfg.teacher.is_some() {
        let sk = fit::fit_score_k(train);
        outln!("teacher's k = {sk:.6} (sigmoid(k x its score) against the results)");
        if cfg.teacher_k {
            *k = sk;
        }
        sk
    } else {
        *k
    };
    let scored = data::blend_in_scores(train, score_k, cfg.score_weight)
        + data::blend_in_scores(validation, score_k, cfg.score_weight);
    outln!(
        "labels: {} x result + {} x sigmoid(k x search score) for the {scored} of {} positions the records score",
        1.0 - cfg.score_weight,
        cfg.score_weight,
        train.len() + validation.len()
    );
    (scored, score_k)
}

/// Which weights `--freeze` holds (a prefix of their names); a prefix that
/// names none is an error.
fn frozen_weights(cfg: &TuneConfig, names: &[String]) -> Result<Vec<bool>, String> {
    if let Some(f) = cfg
        .freeze
        .iter()
        .find(|f| !names.iter().any(|n| n.starts_with(f.as_str())))
    {
        return Err(format!("--freeze {f}: no weight's name starts with it"));
    }
    Ok(names
        .iter()
        .map(|n| cfg.freeze.iter().any(|f| n.starts_with(f.as_str())))
        .collect())
}

/// The epochs of Adam from `w`, pulled towards the starting weights by the
/// prior, the frozen ones held; the forms relinearised every
/// `--relinearise` epochs. Returns the rounded weights.
fn descend<T: Tunable>(
    cfg: &TuneConfig,
    train: &mut [Sample],
    validation: &mut [Sample],
    mut w: Vec<f64>,
    k: f64,
    frozen: &[bool],
) -> Vec<i32> {
    let origin = w.clone();
    let mut adam = Adam::new(w.len(), cfg.rate);
    let mut grad = vec![0.0; w.len()];
    for epoch in 1..=cfg.epochs {
        if epoch > 1 && (epoch - 1) % cfg.relinearise == 0 {
            let at = rounded(&w);
            data::relinearise::<T>(train, &at);
            data::relinearise::<T>(validation, &at);
        }
        fit::gradient(train, &w, k, &mut grad);
        fit::add_prior(&mut grad, &w, &origin, cfg.prior);
        for (g, _) in grad.iter_mut().zip(frozen).filter(|(_, f)| **f) {
            *g = 0.0;
        }
        adam.step(&mut w, &grad);
        if epoch % 50 == 0 || epoch == cfg.epochs {
            outln!(
                "epoch {epoch}: error {:.6}, held out {}",
                fit::mse(train, &w, k),
                held_out(validation, fit::mse(validation, &w, k))
            );
        }
    }
    rounded(&w)
}

/// Writes the weights file with its provenance header and says what changed.
fn write_weights<T: Tunable>(
    cfg: &TuneConfig,
    args: &[String],
    names: &[String],
    report: &Report,
    validation: &[Sample],
    start: &[i32],
) -> Result<(), String> {
    let counts = &report.counts;
    let provenance = vec![
        format!("Made by: tabula tune {} {}", T::GAME, args.join(" ")),
        format!(
            "Data: {} games ({} left out), {} positions, {} quiet ({} fitted, {} held out).",
            counts.games,
            counts.games_skipped + counts.games_too_long,
            counts.positions,
            counts.quiet,
            report.train,
            report.validation
        ),
        format!(
            "k = {:.6}; mean squared error {:.6} -> {:.6}, held out {} -> {}.",
            report.k,
            report.train_before,
            report.train_after,
            held_out(validation, report.validation_before),
            held_out(validation, report.validation_after)
        ),
    ];
    let text = weights_file::write(T::GAME, names, &report.weights, &provenance);
    let out = cfg.out.as_deref().unwrap_or(T::WEIGHTS_PATH);
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    let changed = report
        .weights
        .iter()
        .zip(start)
        .filter(|(a, b)| a != b)
        .count();
    outln!(
        "error {:.6} -> {:.6}, held out {} -> {}; {changed} of {} weights changed; wrote {out}",
        report.train_before,
        report.train_after,
        held_out(validation, report.validation_before),
        held_out(validation, report.validation_after),
        report.weights.len()
    );
    Ok(())
}

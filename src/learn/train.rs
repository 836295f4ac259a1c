//! `tabula train <game>`: reads `tabula datagen` files, fits the game's
//! network ([`crate::evalkit::nnue::train`]) and writes the net file the
//! engine's `EvalFile` loads, after reading it back with the engine's own
//! checks.

use crate::evalkit::nnue::data::{Sample, read_samples};
use crate::evalkit::nnue::network::{CHUNK, MAX_HIDDEN};
use crate::evalkit::nnue::train::{self, TrainConfig};
use crate::evalkit::nnue::{Features, read_net, write_net};
use crate::games::tunable::Tunable;
use crate::out::outln;
use crate::tune::args::{count, walk_flags};
use nom::{IResult, combinator::all_consuming, number::complete::double};
use std::path::Path;
use std::time::Instant;

pub const TRAIN_USAGE: &str =
    "usage: tabula train <game> --data PATH [--data PATH ...] --out FILE [flags]
  <game>              a game with a network: makruk, ogi, tak, international, russian
  --data PATH         a tabula datagen file, or a folder of them (repeatable)
  --out FILE          the net file to write
  --hidden N          accumulator width, a multiple of 16 (default 256)
  --epochs N          passes over the data (default 20; the last 30 % at a
                      tenth of the rate); the net written is the epoch with
                      the lowest validation loss
  --batch N           positions per Adam step (default 16384)
  --rate R            Adam's step size (default 0.001)
  --lambda L          share of the search score in each label, the rest the
                      game's result (default 0.75)
  --scale S           centipawns per unit of the sigmoid (default 400)
  --holdout N         every N-th game is validation data (default 20; 0: none)
  --augment           also train on each position's images under the board's
                      symmetries (Makruk and Ogi: the mirror; Tak: the eight
                      turns and reflections); validation data stays as played
  --threads N         threads computing each batch (default 1)
  --seed S            initial weights and the order of positions (default 1)";

/// The command's flags: the data, the output and the trainer's settings.
#[derive(Debug, Clone)]
pub struct TrainArgs {
    pub data: Vec<String>,
    pub out: String,
    pub config: TrainConfig,
}

fn real(flag: &str, v: &str, range: std::ops::RangeInclusive<f64>) -> Result<f32, String> {
    let r: IResult<&str, f64> = all_consuming(double)(v);
    match r {
        Ok((_, x)) if x.is_finite() && range.contains(&x) => Ok(x as f32),
        _ => Err(format!(
            "{flag} needs a number in {}..={}, got '{v}'",
            range.start(),
            range.end()
        )),
    }
}

/// Reads the flags after the game. `Err("")` asks for the usage text.
pub fn parse(args: &[String]) -> Result<TrainArgs, String> {
    let mut a = TrainArgs {
        data: Vec::new(),
        out: String::new(),
        config: TrainConfig::default(),
    };
    let c = &mut a.config;
    walk_flags(args, |flag, value| {
        match flag {
            "--data" => a.data.push(value()?.to_string()),
            "--out" => a.out = value()?.to_string(),
            "--hidden" => c.hidden = count(flag, value()?)?,
            "--epochs" => c.epochs = count(flag, value()?)?,
            "--batch" => c.batch = count(flag, value()?)?,
            "--rate" => c.rate = real(flag, value()?, 1e-9..=1.0)?,
            "--lambda" => c.lambda = real(flag, value()?, 0.0..=1.0)?,
            "--scale" => c.scale = real(flag, value()?, 1.0..=100_000.0)?,
            "--holdout" => c.holdout = count(flag, value()?)?,
            "--augment" => c.augment = true,
            "--threads" => c.threads = count(flag, value()?)?,
            "--seed" => c.seed = count(flag, value()?)?,
            other => return Err(format!("unknown flag '{other}'")),
        }
        Ok(())
    })?;
    if a.data.is_empty() || a.out.is_empty() {
        return Err("--data PATH and --out FILE are required".to_string());
    }
    let c = &a.config;
    if c.hidden == 0 || !c.hidden.is_multiple_of(CHUNK as u32) || c.hidden > MAX_HIDDEN {
        return Err(format!(
            "--hidden must be a multiple of {CHUNK} in {CHUNK}..={MAX_HIDDEN}, got {}",
            c.hidden
        ));
    }
    if c.epochs == 0 || c.batch == 0 || c.threads == 0 || c.threads > 256 {
        return Err("--epochs, --batch and --threads (at most 256) must be at least 1".to_string());
    }
    Ok(a)
}

/// The data files a `--data` path names: the file, or a folder's `.bin`
/// files in name order.
fn data_files(path: &str) -> Result<Vec<std::path::PathBuf>, String> {
    let p = Path::new(path);
    if !p.is_dir() {
        return Ok(vec![p.to_path_buf()]);
    }
    let mut files: Vec<_> = std::fs::read_dir(p)
        .map_err(|e| format!("{path}: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|f| f.extension().is_some_and(|x| x == "bin"))
        .collect();
    files.sort();
    Ok(files)
}

fn read_all(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        for file in data_files(path)? {
            let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let mut more = read_samples(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
            samples.append(&mut more);
        }
    }
    Ok(samples)
}

/// Runs `tabula train` for game `T`; returns the exit code.
pub fn main<T: Tunable>(args: &[String]) -> i32
where
    T::Pos: Features,
{
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            outln!("{TRAIN_USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("tabula train: {e}\n{TRAIN_USAGE}");
            return 2;
        }
    };
    match run::<T>(&a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tabula train: {e}");
            1
        }
    }
}

fn run<T: Tunable>(a: &TrainArgs) -> Result<(), String>
where
    T::Pos: Features,
{
    let start = Instant::now();
    let samples = read_all(&a.data)?;
    let parse = |text: &str| T::parse_position(text);
    let (fit, valid) = train::encode::<T::Pos>(&samples, &parse, &a.config)?;
    if fit.is_empty() {
        return Err("no positions to fit".to_string());
    }
    outln!(
        "train {}: {} positions ({} fitted, {} held out), read in {:.1} s",
        T::GAME,
        samples.len(),
        fit.len(),
        valid.len(),
        start.elapsed().as_secs_f64()
    );
    let mut net = train::init::<T::Pos>(a.config.hidden, a.config.seed);
    outln!(
        "epoch 0: valid {:.6}",
        train::mean_loss(&net, &valid, a.config.scale)
    );
    let mut kept = (f32::INFINITY, 0);
    train::train(&mut net, &fit, &valid, &a.config, &mut |r| {
        if r.valid_loss < kept.0 {
            kept = (r.valid_loss, r.epoch);
        }
        outln!(
            "epoch {}: train {:.6} valid {:.6} rate {} ({:.0} s)",
            r.epoch,
            r.train_loss,
            r.valid_loss,
            r.rate,
            start.elapsed().as_secs_f64()
        );
    });
    if !valid.is_empty() {
        outln!("kept epoch {} (valid {:.6})", kept.1, kept.0);
    }
    let quantised = net.quantise().map_err(|e| e.to_string())?;
    let bytes = write_net(&quantised, T::Pos::EXPECT.game);
    read_net(&bytes, &T::Pos::EXPECT).map_err(|e| format!("the written net: {e}"))?;
    std::fs::write(&a.out, &bytes).map_err(|e| format!("{}: {e}", a.out))?;
    let check = if valid.is_empty() { &fit } else { &valid };
    let (worst, mean) = train::quantisation_error(&net, check)?;
    outln!(
        "wrote {} ({} bytes); quantised against float: mean {mean:.2} cp, worst {worst:.2} cp; {:.0} s in all",
        a.out,
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

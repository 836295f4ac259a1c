//! `tabula tune <game>` flags → [`TuneConfig`]. Numbers are read with nom;
//! every error is a message, and the caller exits with status 2.

use nom::{
    IResult, character::complete::digit1, combinator::all_consuming, number::complete::double,
};

use super::teacher::TeacherConfig;
use crate::engineclient::{Limit, parse_option, split_command};

pub const TUNE_USAGE: &str = "usage: tabula tune <game> --data FILE [--data FILE ...] [flags]
  <game>              a game with a tunable evaluation: makruk, ogi, tak,
                      international, russian, chinesecheckers, halma
                      (the hop games learn from two-player records)
  --data FILE         game records to learn from (repeatable), as written by
                      tabula match --pgnout
  --max-plies N       learn only from games of at most N plies (default: all;
                      long shuffles to a counting or repetition draw say
                      little about who stood better)
  --out FILE          the generated weights source to write
                      (default: the game's, e.g. src/games/makruk/eval_weights.rs)
  --from FILE         start from the weights in FILE, a weights file as --out
                      writes (default: the weights this binary embeds)
  --epochs N          full-batch Adam steps (default 400)
  --rate R            Adam's step size in centipawns (default 1.0)
  --freeze NAME       keep the weights whose names start with NAME (e.g.
                      bare_king, king_rank_mg.rank1) as they are (repeatable)
  --prior L           pull toward the starting weights: adds L x the sum of
                      ((weight - start) / 100)^2 to the error (default 0)
  --score-weight W    learn from the recorded search scores too: each label is
                      (1 - W) x result + W x sigmoid(k x score), where the
                      record gives the mover's score (`+0.35/6`); W in 0..1
                      (default 0: results only)
  --teacher CMD       score every quiet position with this engine's search
                      instead of the records' comments (needs --score-weight);
                      it is driven in the game's native protocol
  --teacher-depth N   the teacher's search depth (default 8)
  --teacher-nodes N   search N nodes a position instead (for teachers without
                      go depth, such as Tiltak)
  --teacher-option NAME=VALUE
                      an option for the teacher, sent before the variant
                      (repeatable; e.g. VariantPath=ogi.ini)
  --teacher-cache FILE
                      read the teacher's scores from FILE and append new ones
                      (score<TAB>position lines), so a refit needs no engine
  --teacher-k         give the evaluation the teacher's k, so it learns the
                      teacher's scores at the teacher's scale (default: the k
                      fitted to the results, which is small where the
                      evaluation misjudges the positions, and then inflates
                      the weights)
  --relinearise N     re-expand the non-linear terms every N epochs (default 50)
  --seed S            chooses the held-out tenth of the games by their moves,
                      whatever their order in the files (default 1)";

#[derive(Debug, Clone, PartialEq)]
pub struct TuneConfig {
    pub data: Vec<String>,
    /// Games longer than this many plies are left out.
    pub max_plies: Option<usize>,
    pub out: Option<String>,
    /// A weights file to start from instead of the embedded weights.
    pub from: Option<String>,
    pub epochs: usize,
    pub rate: f64,
    pub relinearise: usize,
    /// Name prefixes of weights that are not fitted.
    pub freeze: Vec<String>,
    /// Weight of the pull toward the starting weights (0: none).
    pub prior: f64,
    /// Share of the recorded search score in each label (0: results only).
    pub score_weight: f64,
    /// An engine that scores the positions instead of the records.
    pub teacher: Option<TeacherConfig>,
    /// The evaluation's k is the teacher's (`--teacher-k`), not the one
    /// fitted to the results.
    pub teacher_k: bool,
    pub seed: u64,
}

/// Walks a sub-command's `--flag value` words: `handle(flag, value)`
/// reads one flag, calling `value()` when it takes a value. `--help` or
/// `-h` ends the walk with `Err("")` (the caller prints the usage).
pub fn walk_flags<'a>(
    args: &'a [String],
    mut handle: impl FnMut(&'a str, &mut dyn FnMut() -> Result<&'a str, String>) -> Result<(), String>,
) -> Result<(), String> {
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if matches!(flag.as_str(), "--help" | "-h") {
            return Err(String::new());
        }
        let mut value = || {
            it.next()
                .map(String::as_str)
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        handle(flag, &mut value)?;
    }
    Ok(())
}

/// A flag's value as a count: digits only (no sign), within `T`.
pub fn count<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    let digits: IResult<&str, &str> = all_consuming(digit1)(v);
    if digits.is_err() {
        return Err(format!("{flag} needs a non-negative number, got '{v}'"));
    }
    v.parse()
        .map_err(|_| format!("{flag} value '{v}' is too large"))
}

fn real(flag: &str, v: &str, zero_ok: bool) -> Result<f64, String> {
    let r: IResult<&str, f64> = all_consuming(double)(v);
    match r {
        Ok((_, x)) if x.is_finite() && (x > 0.0 || (zero_ok && x == 0.0)) => Ok(x),
        _ if zero_ok => Err(format!("{flag} needs a non-negative number, got '{v}'")),
        _ => Err(format!("{flag} needs a positive number, got '{v}'")),
    }
}

/// Reads the flags after the game. `Err("")` asks for the usage text
/// (`--help`).
pub fn parse(args: &[String]) -> Result<TuneConfig, String> {
    let mut cfg = TuneConfig {
        data: Vec::new(),
        max_plies: None,
        out: None,
        from: None,
        epochs: 400,
        rate: 1.0,
        relinearise: 50,
        freeze: Vec::new(),
        prior: 0.0,
        score_weight: 0.0,
        teacher: None,
        teacher_k: false,
        seed: 1,
    };
    let (mut teacher_command, mut teacher_limit) = (None, Limit::Depth(8));
    let (mut teacher_options, mut teacher_cache) = (Vec::new(), None);
    walk_flags(args, |flag, value| {
        match flag {
            "--data" => cfg.data.push(value()?.to_string()),
            "--out" => cfg.out = Some(value()?.to_string()),
            "--max-plies" => cfg.max_plies = Some(count(flag, value()?)?),
            "--from" => cfg.from = Some(value()?.to_string()),
            "--freeze" => cfg.freeze.push(value()?.to_string()),
            "--epochs" => cfg.epochs = count(flag, value()?)?,
            "--rate" => cfg.rate = real(flag, value()?, false)?,
            "--prior" => cfg.prior = real(flag, value()?, true)?,
            "--score-weight" => {
                cfg.score_weight = real(flag, value()?, true)?;
                if cfg.score_weight > 1.0 {
                    return Err(format!(
                        "--score-weight needs a number from 0 to 1, got {}",
                        cfg.score_weight
                    ));
                }
            }
            "--relinearise" => {
                cfg.relinearise = count(flag, value()?)?;
                if cfg.relinearise == 0 {
                    return Err("--relinearise needs at least 1".to_string());
                }
            }
            "--seed" => cfg.seed = count(flag, value()?)?,
            "--teacher" => teacher_command = Some(split_command(value()?)?),
            "--teacher-depth" => {
                let depth = count(flag, value()?)?;
                if !(1..=64).contains(&depth) {
                    return Err(format!("--teacher-depth needs 1 to 64, got {depth}"));
                }
                teacher_limit = Limit::Depth(depth);
            }
            "--teacher-nodes" => {
                let nodes = count(flag, value()?)?;
                if nodes == 0 {
                    return Err("--teacher-nodes needs at least 1".to_string());
                }
                teacher_limit = Limit::Nodes(nodes);
            }
            "--teacher-option" => teacher_options.push(parse_option(value()?)?),
            "--teacher-cache" => teacher_cache = Some(value()?.to_string()),
            "--teacher-k" => cfg.teacher_k = true,
            other => return Err(format!("unknown flag '{other}'")),
        }
        Ok(())
    })?;
    if cfg.data.is_empty() {
        return Err("at least one --data FILE is needed".to_string());
    }
    match teacher_command {
        Some(command) => {
            if cfg.score_weight == 0.0 {
                return Err(
                    "--teacher needs --score-weight above 0 (its scores are labels)".to_string(),
                );
            }
            cfg.teacher = Some(TeacherConfig {
                command,
                limit: teacher_limit,
                options: teacher_options,
                cache: teacher_cache,
            });
        }
        None if !teacher_options.is_empty() || teacher_cache.is_some() || cfg.teacher_k => {
            return Err(
                "--teacher-option, --teacher-cache and --teacher-k need --teacher".to_string(),
            );
        }
        None => {}
    }
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_are_read() {
        let cfg = parse(&words(
            "--data a.pgn --data b.pgn --out w.rs --epochs 7 --seed 3 --rate 0.5",
        ))
        .unwrap();
        assert_eq!(cfg.data, ["a.pgn", "b.pgn"]);
        assert_eq!(cfg.max_plies, None);
        assert_eq!(
            parse(&words("--data a --max-plies 200")).map(|c| c.max_plies),
            Ok(Some(200))
        );
        assert_eq!(cfg.out.as_deref(), Some("w.rs"));
        assert_eq!(
            (cfg.epochs, cfg.seed, cfg.rate, cfg.relinearise),
            (7, 3, 0.5, 50)
        );
        assert_eq!(parse(&words("--data a --help")), Err(String::new()));
        assert_eq!(
            parse(&words("--data a --prior 0")).map(|c| c.prior),
            Ok(0.0)
        );
        assert_eq!(
            parse(&words("--data a --score-weight 0.5")).map(|c| c.score_weight),
            Ok(0.5)
        );
        let t = parse(&words(
            "--data a --score-weight 1 --teacher fsf --teacher-depth 9 --teacher-option Hash=16 --teacher-cache c.txt",
        ))
        .unwrap()
        .teacher
        .unwrap();
        assert_eq!(t.command, ["fsf"]);
        assert_eq!(t.limit, Limit::Depth(9));
        assert_eq!(
            parse(&words(
                "--data a --score-weight 1 --teacher t --teacher-nodes 500"
            ))
            .map(|c| c.teacher.map(|t| t.limit)),
            Ok(Some(Limit::Nodes(500)))
        );
        assert_eq!(t.options, [("Hash".to_string(), "16".to_string())]);
        assert_eq!(t.cache.as_deref(), Some("c.txt"));
        assert_eq!(
            parse(&words("--data a --score-weight 1 --teacher t --teacher-k")).map(|c| c.teacher_k),
            Ok(true)
        );
    }

    #[test]
    fn bad_flags_are_refused() {
        for (args, wanted) in [
            ("", "--data"),
            ("--data", "needs a value"),
            ("--data a --epochs -1", "non-negative"),
            ("--data a --epochs 99999999999999999999999", "too large"),
            ("--data a --rate 0", "positive"),
            ("--data a --rate x", "positive"),
            ("--data a --rate inf", "positive"),
            ("--data a --relinearise 0", "at least 1"),
            ("--data a --prior -1", "non-negative"),
            ("--data a --score-weight 1.5", "from 0 to 1"),
            ("--data a --score-weight -0.5", "non-negative"),
            ("--data a --depth 3", "unknown flag '--depth'"),
            ("--data a --teacher fsf", "--score-weight"),
            ("--data a --teacher-cache c.txt", "need --teacher"),
            ("--data a --score-weight 1 --teacher-k", "need --teacher"),
            (
                "--data a --score-weight 1 --teacher fsf --teacher-depth 0",
                "1 to 64",
            ),
            ("--data a --score-weight 1 --teacher 'fsf", "unbalanced"),
            (
                "--data a --score-weight 1 --teacher t --teacher-nodes 0",
                "at least 1",
            ),
            (
                "--data a --score-weight 1 --teacher fsf --teacher-option Hash",
                "NAME=VALUE",
            ),
        ] {
            let e = parse(&words(args)).unwrap_err();
            assert!(e.contains(wanted), "{args}: {e}");
        }
    }
}

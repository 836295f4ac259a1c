//! `tabula egtb build|verify <international|russian>`: the draughts
//! endgame databases (protocol-spec/draughts.md §9).

use crate::games::draughts::egtb::build::{self, ClassReport};
use crate::games::draughts::egtb::{Tables, index::MAX_TABLE_PIECES};
use crate::games::draughts::{Intl, Rus, Variant};
use crate::out::outln;
use crate::tune::args::{count, walk_flags};
use std::path::PathBuf;
use std::time::Instant;

pub const EGTB_USAGE: &str = "usage: tabula egtb build <game> <pieces> [--dir DIR] [--threads N]
       tabula egtb verify <game> [--dir DIR] [--threads N]
  <game>         international or russian
  <pieces>       every position of 2 to this many pieces (at most 6 for
                 international, 7 for russian)
  --dir DIR      where the table files are (default: egtb)
  --threads N    threads solving or checking each class (default 1)
build solves the classes in order and writes each as it is done; files
already there are loaded, so a stopped build resumes. verify loads the
folder's tables and checks every position against its moves.";

/// Flags of both verbs.
struct EgtbArgs {
    dir: PathBuf,
    threads: usize,
}

fn parse_flags(args: &[String]) -> Result<EgtbArgs, String> {
    let mut a = EgtbArgs {
        dir: PathBuf::from("egtb"),
        threads: 1,
    };
    walk_flags(args, |flag, value| {
        match flag {
            "--dir" => a.dir = PathBuf::from(value()?),
            "--threads" => a.threads = count(flag, value()?)?,
            other => return Err(format!("unknown flag '{other}'")),
        }
        Ok(())
    })?;
    if a.threads == 0 || a.threads > 256 {
        return Err("--threads must be 1 to 256".to_string());
    }
    Ok(a)
}

/// Runs the sub-command; returns the exit code.
pub fn main(args: &[String]) -> i32 {
    let verb = args.first().map(String::as_str);
    let game = args.get(1).map(String::as_str);
    let result = match (verb, game) {
        (Some("--help" | "-h"), _) => {
            outln!("{EGTB_USAGE}");
            return 0;
        }
        (None, _) => Err("expected build or verify".to_string()),
        (Some("build"), Some("international")) => run_build::<Intl>(&args[2..]),
        (Some("build"), Some("russian")) => run_build::<Rus>(&args[2..]),
        (Some("verify"), Some("international")) => run_verify::<Intl>(&args[2..]),
        (Some("verify"), Some("russian")) => run_verify::<Rus>(&args[2..]),
        (Some("build" | "verify"), other) => Err(format!(
            "expected international or russian, got {}",
            other.unwrap_or("nothing")
        )),
        (Some(other), _) => Err(format!("unknown verb '{other}' (build or verify)")),
    };
    match result {
        Ok(code) => code,
        Err(e) if e.is_empty() => {
            outln!("{EGTB_USAGE}");
            0
        }
        Err(e) => {
            eprintln!("tabula egtb: {e}\n{EGTB_USAGE}");
            2
        }
    }
}

/// The most pieces a build may ask for: a class of one more would not fit
/// in this machine's memory (international 7 pieces: tens of G slots).
fn most_pieces<V: Variant>() -> u32 {
    let most = if V::ROWS == 10 { 6 } else { 7 };
    most.min(MAX_TABLE_PIECES as u32)
}

fn run_build<V: Variant>(args: &[String]) -> Result<i32, String> {
    let (pieces, flags) = match args.split_first() {
        Some((p, rest)) if !p.starts_with("--") => (count::<u32>("<pieces>", p)?, rest),
        _ => return Err("expected the number of pieces".to_string()),
    };
    let most = most_pieces::<V>();
    if !(2..=most).contains(&pieces) {
        return Err(format!(
            "<pieces> must be 2 to {most} for {}, got {pieces}",
            V::ID
        ));
    }
    let a = parse_flags(flags)?;
    let started = Instant::now();
    let mut total = build::Counts::default();
    let mut line = |r: &ClassReport| {
        total.won += r.counts.won;
        total.lost += r.counts.lost;
        total.drawn += r.counts.drawn;
        eprintln!("{}", r.line(V::ID));
    };
    match build::build::<V>(pieces, &a.dir, a.threads, &mut line) {
        Ok(tables) => {
            outln!(
                "egtb {}: {} classes of 2 to {pieces} pieces in {}: {} positions, {} won, {} lost, {} drawn, {:.1} s",
                V::ID,
                tables.class_count(),
                a.dir.display(),
                total.positions(),
                total.won,
                total.lost,
                total.drawn,
                started.elapsed().as_secs_f64()
            );
            Ok(0)
        }
        Err(e) => {
            eprintln!("tabula egtb: {e}");
            Ok(1)
        }
    }
}

fn run_verify<V: Variant>(args: &[String]) -> Result<i32, String> {
    let a = parse_flags(args)?;
    let tables = match Tables::<V>::load(&a.dir) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tabula egtb: {e}");
            return Ok(1);
        }
    };
    let started = Instant::now();
    match build::verify(&tables, a.threads) {
        Ok(classes) => {
            for (m, c) in &classes {
                outln!(
                    "{} {}: {} won, {} lost, {} drawn",
                    V::ID,
                    m.name(),
                    c.won,
                    c.lost,
                    c.drawn
                );
            }
            outln!(
                "egtb {}: {} classes consistent, complete to {} pieces, {:.1} s",
                V::ID,
                classes.len(),
                tables.complete_pieces(),
                started.elapsed().as_secs_f64()
            );
            Ok(0)
        }
        Err(c) => {
            eprintln!(
                "tabula egtb: {} {} slot {}: stored {}, its moves say {}",
                V::ID,
                c.material.name(),
                c.slot,
                c.stored,
                c.moves_say
            );
            Ok(1)
        }
    }
}

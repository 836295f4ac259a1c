//! Sub-commands of the binary besides the daemon: `perft`, `bench`,
//! `match` and `match-pool` (which live in [`crate::matchrunner`]) and
//! `tune` (in [`crate::tune`]).

pub mod argv;
pub mod egtb;

use crate::engine::registry::{self, VARIANTS};
use crate::games::MoveNotation;
use crate::out::outln;
use crate::search::MAX_THREADS;
use crossbeam_channel::unbounded;
use std::time::Instant;

/// The hash table of every bench search (MB), as Stockfish's bench uses.
const BENCH_HASH_MB: usize = 16;

pub const USAGE: &str = "usage:
  tabula                                   run the engine daemon on stdin/stdout
  tabula perft <game> [<Option>=<value> ...] <startpos|position> <depth>
  tabula bench [game] [depth] [--threads N] [--option NAME=VALUE] [--openings FILE]
  tabula match --engine CMD --engine CMD [flags]   (tabula match --help)
  tabula match-pool FILE...                        (tabula match-pool --help)
  tabula tune <game> --data FILE [flags]           (tabula tune --help)
  tabula datagen <game> --out DIR [flags]          (tabula datagen --help)
  tabula train <game> --data PATH --out FILE       (tabula train --help)
  tabula egtb build|verify <game> ...              (tabula egtb --help)
  tabula help";

/// Runs a sub-command; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("perft") => perft(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("match") => crate::matchrunner::main(&args[1..]),
        Some("match-pool") => crate::matchrunner::pool::main(&args[1..]),
        Some("tune") => tune(&args[1..]),
        Some("datagen") => datagen(&args[1..]),
        Some("train") => train(&args[1..]),
        Some("egtb") => egtb::main(&args[1..]),
        Some("help" | "--help" | "-h") => {
            outln!("{USAGE}");
            0
        }
        Some(other) => {
            eprintln!("tabula: unknown sub-command '{other}'\n{USAGE}");
            2
        }
        None => 0,
    }
}

fn parse_game(name: &str) -> Result<&'static str, String> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown game '{name}' (known: {})", VARIANTS.join(", ")))
}

/// `datagen <game> <flags>`: self-play training data, for the two-player
/// alpha-beta games.
fn datagen(args: &[String]) -> i32 {
    use crate::games::draughts::{International, Russian};
    use crate::games::{makruk::Makruk, ogi::Ogi, tak::Tak};
    use crate::learn::datagen::{self, args::DATAGEN_USAGE};
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("--help" | "-h") => {
            outln!("{DATAGEN_USAGE}");
            0
        }
        Some("makruk") => datagen::main::<Makruk>(rest),
        Some("ogi") => datagen::main::<Ogi>(rest),
        Some("tak") => datagen::main::<Tak>(rest),
        Some("international") => datagen::main::<International>(rest),
        Some("russian") => datagen::main::<Russian>(rest),
        other => {
            eprintln!(
                "tabula datagen: expected a two-player game, got {}\n{DATAGEN_USAGE}",
                other.unwrap_or("nothing")
            );
            2
        }
    }
}

/// `train <game> <flags>`: fits the game's network to datagen files.
fn train(args: &[String]) -> i32 {
    use crate::games::draughts::{International, Russian};
    use crate::games::{makruk::Makruk, ogi::Ogi, tak::Tak};
    use crate::learn::train::{self, TRAIN_USAGE};
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("--help" | "-h") => {
            outln!("{TRAIN_USAGE}");
            0
        }
        Some("makruk") => train::main::<Makruk>(rest),
        Some("ogi") => train::main::<Ogi>(rest),
        Some("tak") => train::main::<Tak>(rest),
        Some("international") => train::main::<International>(rest),
        Some("russian") => train::main::<Russian>(rest),
        other => {
            eprintln!(
                "tabula train: expected a game with a network (makruk, ogi, tak, international, russian), got {}\n{TRAIN_USAGE}",
                other.unwrap_or("nothing")
            );
            2
        }
    }
}

/// `tune <game> <flags>`: the game's tuner, if its evaluation has one.
fn tune(args: &[String]) -> i32 {
    use crate::tune::args::TUNE_USAGE;
    struct Tuner;
    impl registry::TunableVisitor for Tuner {
        type Output = crate::tune::TuneFn;
        fn visit<G: crate::games::record::MatchRules + crate::games::tunable::Tunable>(
            self,
        ) -> Self::Output {
            crate::tune::run::main::<G>
        }
    }
    let Some(name) = args.first() else {
        eprintln!("tabula tune: expected <game>\n{TUNE_USAGE}");
        return 2;
    };
    if matches!(name.as_str(), "--help" | "-h") {
        outln!("{TUNE_USAGE}");
        return 0;
    }
    let game = match parse_game(name) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tabula tune: {e}");
            return 2;
        }
    };
    match registry::visit_tunable(game, Tuner) {
        Some(run) => run(&args[1..]),
        None => {
            eprintln!("tabula tune: {game} has no tunable evaluation yet");
            2
        }
    }
}

fn perft(args: &[String]) -> i32 {
    // Game options (`TakSize=5`) may stand between the game and the position.
    let (game, options, position, depth) = match args {
        [g, options @ .., p, d] => (g.as_str(), options, p.as_str(), d.as_str()),
        _ => {
            eprintln!("tabula perft: expected <game> <startpos|position> <depth>\n{USAGE}");
            return 2;
        }
    };
    let game = match parse_game(game) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tabula perft: {e}");
            return 2;
        }
    };
    let depth = match argv::parse_depth(depth) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tabula perft: {e}");
            return 2;
        }
    };
    let (events, _rx) = unbounded();
    let Some(mut session) = registry::create(game, events, 1) else {
        eprintln!("tabula perft: cannot create game '{game}'");
        return 2;
    };
    for option in options {
        // Anything between the game and the position must be an option:
        // an extra word is refused, not taken for the position.
        let Some((name, value)) = option.split_once('=') else {
            eprintln!(
                "tabula perft: unexpected argument '{option}' (only <Option>=<value> \
                 may stand between the game and the position)\n{USAGE}"
            );
            return 2;
        };
        if let Err(e) = session.set_game_option(name, value) {
            eprintln!("tabula perft: {e}");
            return 2;
        }
    }
    let base = if position == "startpos" {
        None
    } else {
        Some(position)
    };
    if let Err(e) = session.set_position(base, &[], MoveNotation::Native) {
        eprintln!("tabula perft: {e}");
        return 2;
    }
    let start = Instant::now();
    let results = session.perft_divide(depth, MoveNotation::Native);
    let elapsed = start.elapsed();
    let total: u64 = if depth == 0 {
        1
    } else {
        results.iter().map(|(_, n)| n).sum()
    };
    for (mv, n) in &results {
        outln!("{mv}: {n}");
    }
    let secs = elapsed.as_secs_f64().max(1e-9);
    outln!();
    outln!("Nodes searched: {total}");
    outln!("Nodes/second: {}", (total as f64 / secs) as u64);
    outln!("Time (ms): {}", elapsed.as_millis());
    0
}

/// What `bench` runs: the games, the depth (the game's own when `None`)
/// and the number of search threads.
struct BenchArgs {
    games: Vec<&'static str>,
    depth: Option<u32>,
    threads: usize,
    /// Game options (`--option EvalFile=net.nnue`), set before the searches.
    options: Vec<(String, String)>,
    /// An opening suite whose starts replace the game's bench positions.
    openings: Option<String>,
}

/// `bench [game] [depth] [--threads N] [--option NAME=VALUE ...]
/// [--openings FILE]`, in any order: at most one game, depth, thread count
/// and suite (a suite needs the game); a word that looks like a number is
/// the depth.
fn bench_args(args: &[String]) -> Result<BenchArgs, String> {
    let mut game = None;
    let mut depth = None;
    let mut threads = None;
    let mut options = Vec::new();
    let mut openings = None;
    let mut words = args.iter();
    while let Some(a) = words.next() {
        if a == "--openings" {
            let file = words.next().ok_or("--openings needs a file")?;
            if openings.replace(file.clone()).is_some() {
                return Err("more than one --openings".to_string());
            }
        } else if a == "--option" {
            let value = words.next().ok_or("--option needs NAME=VALUE")?;
            options.push(crate::engineclient::parse_option(value)?);
        } else if a == "--threads" {
            let value = words.next().ok_or("--threads needs a number")?;
            let n = argv::parse_count(value, "threads", MAX_THREADS)?;
            if threads.replace(n).is_some() {
                return Err("more than one --threads".to_string());
            }
        } else if argv::looks_numeric(a) {
            let d = argv::parse_depth(a)?;
            if let Some(first) = depth.replace(d) {
                return Err(format!("more than one depth ({first} and '{a}')"));
            }
        } else {
            let g = parse_game(a)?;
            if let Some(first) = game.replace(g) {
                return Err(format!("more than one game ({first} and '{a}')"));
            }
        }
    }
    if openings.is_some() && game.is_none() {
        return Err("--openings needs the game it is for".to_string());
    }
    Ok(BenchArgs {
        games: game.map_or_else(|| VARIANTS.to_vec(), |g| vec![g]),
        depth,
        threads: threads.unwrap_or(1),
        options,
        openings,
    })
}

/// The position each start of the opening suite `file` reaches, in the
/// game's notation (the session's position is left at the last one).
fn suite_positions(
    session: &mut dyn crate::engine::session::EngineSession,
    file: &str,
) -> Result<Vec<String>, String> {
    use crate::matchrunner::openings::{bare_moves, parse_file, without_position_keyword};
    let openings = parse_file(file)?;
    let mut positions = Vec::with_capacity(openings.len());
    for o in openings {
        let base = o
            .position
            .as_deref()
            .map(|p| without_position_keyword(p, session.position_keywords()));
        match (
            session.set_position(base, &o.moves, MoveNotation::Native),
            base,
        ) {
            (Ok(()), _) => {}
            (Err(e), Some(line)) if o.moves.is_empty() => {
                // Not a position: a bare move list from the start, perhaps.
                session
                    .set_position(None, &bare_moves(line), MoveNotation::Native)
                    .map_err(|_| format!("{}: {e}", o.source))?;
            }
            (Err(e), _) => return Err(format!("{}: {e}", o.source)),
        }
        positions.push(session.notation(MoveNotation::Native));
    }
    Ok(positions)
}

fn bench(args: &[String]) -> i32 {
    let BenchArgs {
        games,
        depth,
        threads,
        options,
        openings,
    } = match bench_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tabula bench: {e}\n{USAGE}");
            return 2;
        }
    };
    let mut nodes = 0;
    let mut ms = 0;
    for game in games {
        let (events, _rx) = unbounded();
        let Some(mut session) = registry::create(game, events, BENCH_HASH_MB) else {
            continue;
        };
        for (name, value) in &options {
            if let Err(e) = session.set_game_option(name, value) {
                eprintln!("tabula bench: {game}: --option {name}={value}: {e}");
                return 2;
            }
        }
        let report = match &openings {
            None => session.bench(depth, BENCH_HASH_MB, threads),
            Some(file) => match suite_positions(session.as_mut(), file) {
                Ok(positions) => session.bench_on(&positions, depth, BENCH_HASH_MB, threads),
                Err(e) => {
                    eprintln!("tabula bench: {game}: {e}");
                    return 2;
                }
            },
        };
        for p in &report.positions {
            outln!(
                "{game} nodes {:>10} time {:>6} ms bestmove {:<8} {}",
                p.nodes,
                p.time_ms,
                p.best,
                p.notation
            );
        }
        outln!(
            "{game}: nodes {} time {} ms nps {} threads {threads}",
            report.nodes,
            report.elapsed_ms,
            report.nps()
        );
        nodes += report.nodes;
        ms += report.elapsed_ms;
    }
    outln!("Total time (ms): {ms}");
    outln!("Nodes searched: {nodes}");
    outln!("Nodes/second: {}", nodes * 1000 / ms.max(1));
    0
}

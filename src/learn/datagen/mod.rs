//! `tabula datagen <game>`: self-play that writes scored quiet positions
//! for `tabula train` ([`crate::evalkit::nnue::data`] is the format).
//!
//! A run of `--games` games is cut into chunks of `--chunk` games, each
//! written whole to its own file (`<game>-<chunk>.bin`, renamed into
//! place when complete). Game G's start and play follow from the seed
//! and G alone, so a chunk is the same whichever machine, thread or
//! shard plays it; a chunk whose file exists is skipped, which makes a
//! stopped run resumable and `--shard I/N` slices disjoint.
//!
//! * [`args`]: the flags.
//! * [`play`]: one self-play game.

pub mod args;
pub mod play;

use crate::evalkit::nnue::data::{DATA_MAGIC, push_sample};
use crate::games::Game;
use crate::games::tunable::Tunable;
use crate::search::{AlphaBetaPosition, Searcher};
use args::DatagenConfig;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Each self-play search's hash table (MB).
const DATAGEN_HASH_MB: usize = 16;
/// How often the progress line is written.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// What a worker tells the progress line after a chunk.
struct ChunkDone {
    positions: usize,
}

fn chunk_path(dir: &Path, game: &str, chunk: usize) -> PathBuf {
    dir.join(format!("{game}-{chunk:05}.bin"))
}

/// Plays chunk `chunk` and writes its file.
fn play_chunk<G>(
    game: &G,
    searcher: &mut Searcher<<G as Game>::Pos>,
    cfg: &DatagenConfig,
    chunk: usize,
) -> Result<usize, String>
where
    G: Game + Tunable<Pos = <G as Game>::Pos>,
    <G as Game>::Pos: AlphaBetaPosition + Clone,
{
    let first = chunk * cfg.chunk;
    let last = (first + cfg.chunk).min(cfg.games);
    let mut bytes = DATA_MAGIC.to_vec();
    let mut positions = 0;
    for number in first..last {
        let number = u32::try_from(number).map_err(|_| "too many games".to_string())?;
        for sample in play::play_game(game, searcher, cfg, number) {
            push_sample(&mut bytes, &sample)?;
            positions += 1;
        }
    }
    let path = chunk_path(Path::new(&cfg.out), <G as Game>::ID, chunk);
    let partial = path.with_extension("part");
    std::fs::write(&partial, &bytes).map_err(|e| format!("{}: {e}", partial.display()))?;
    std::fs::rename(&partial, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(positions)
}

/// The chunks of this shard that have no file yet.
fn chunks_to_play(cfg: &DatagenConfig, game: &str) -> Vec<usize> {
    let games = cfg.shard.games(cfg.games, cfg.chunk);
    let chunks = games.start / cfg.chunk..games.end.div_ceil(cfg.chunk);
    chunks
        .filter(|&c| !chunk_path(Path::new(&cfg.out), game, c).exists())
        .collect()
}

/// Runs the whole datagen; returns the exit code.
pub fn main<G>(args: &[String]) -> i32
where
    G: Game + Tunable<Pos = <G as Game>::Pos>,
    <G as Game>::Pos: AlphaBetaPosition + Clone,
{
    let cfg = match args::parse(args) {
        Ok(c) => c,
        Err(e) if e.is_empty() => {
            crate::out::outln!("{}", args::DATAGEN_USAGE);
            return 0;
        }
        Err(e) => {
            eprintln!("tabula datagen: {e}\n{}", args::DATAGEN_USAGE);
            return 2;
        }
    };
    match run::<G>(&cfg) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tabula datagen: {e}");
            1
        }
    }
}

fn configured_game<G: Game>(cfg: &DatagenConfig) -> Result<G, String> {
    let mut game = G::new();
    for (name, value) in &cfg.options {
        game.set_option(name, value)
            .map_err(|e| format!("--option {name}={value}: {e}"))?;
    }
    Ok(game)
}

fn run<G>(cfg: &DatagenConfig) -> Result<(), String>
where
    G: Game + Tunable<Pos = <G as Game>::Pos>,
    <G as Game>::Pos: AlphaBetaPosition + Clone,
{
    let game = configured_game::<G>(cfg)?;
    std::fs::create_dir_all(&cfg.out).map_err(|e| format!("{}: {e}", cfg.out))?;
    let todo = chunks_to_play(cfg, <G as Game>::ID);
    eprintln!(
        "datagen {}: {} chunks of {} games to play (shard {}), {} threads",
        <G as Game>::ID,
        todo.len(),
        cfg.chunk,
        cfg.shard,
        cfg.threads
    );
    let next = AtomicUsize::new(0);
    let (tx, rx) = crossbeam_channel::unbounded::<Result<ChunkDone, String>>();
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.min(todo.len()) {
            let (tx, game, todo, next) = (tx.clone(), game.clone(), &todo, &next);
            scope.spawn(move || {
                let game = &game;
                let mut searcher = Searcher::new(DATAGEN_HASH_MB);
                while let Some(&chunk) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let done = play_chunk(game, &mut searcher, cfg, chunk);
                    let failed = done.is_err();
                    let _ = tx.send(done.map(|positions| ChunkDone { positions }));
                    if failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        report_progress(&rx, todo.len())
    })
}

/// Writes a progress line every [`PROGRESS_EVERY`] and a summary at the
/// end; the first failed chunk is the error.
fn report_progress(
    rx: &crossbeam_channel::Receiver<Result<ChunkDone, String>>,
    chunks: usize,
) -> Result<(), String> {
    let start = Instant::now();
    let (mut done, mut positions) = (0usize, 0usize);
    let mut last_line = Instant::now();
    for message in rx {
        let chunk = message?;
        done += 1;
        positions += chunk.positions;
        if last_line.elapsed() >= PROGRESS_EVERY || done == chunks {
            last_line = Instant::now();
            let secs = start.elapsed().as_secs_f64().max(1e-3);
            let left = secs / done as f64 * (chunks - done) as f64;
            eprintln!(
                "datagen: {done}/{chunks} chunks, {positions} positions, {:.0} positions/s, {:.0} s left",
                positions as f64 / secs,
                left
            );
        }
    }
    if done < chunks {
        return Err(format!("only {done} of {chunks} chunks finished"));
    }
    Ok(())
}

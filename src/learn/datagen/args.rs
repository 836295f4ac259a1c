//! `tabula datagen <game>` flags → [`DatagenConfig`]. Every error is a
//! message; the caller exits with status 2.

use crate::engineclient::parse_option;
use crate::matchrunner::shard::Shard;
use crate::tune::args::{count, walk_flags};

pub const DATAGEN_USAGE: &str = "usage: tabula datagen <game> --out DIR [flags]
  <game>              makruk, ogi, tak, international or russian
  --out DIR           the folder the chunk files go to (made if missing); a
                      chunk already there is not played again, so a stopped
                      run goes on where it stopped
  --games N           games in the whole run (default 1000)
  --chunk N           games per chunk file (default 50)
  --nodes N           nodes per move (default 5000)
  --depth N           search to depth N per move instead of --nodes
  --random-plies N    random moves from the start before the search plays
                      (default 8; the start of game G follows from --seed and G)
  --max-plies N       a game still going after N plies is a draw (default 400)
  --threads N         games played at once, one search thread each (default 1)
  --shard I/N         play only the I-th of N slices of the chunks (the same
                      games a whole run would play), for many machines
  --option NAME=VALUE a game option for the self-play searches (repeatable;
                      e.g. EvalFile=net.bin with Use NNUE=true)
  --seed S            (default 1)";

#[derive(Debug, Clone, PartialEq)]
pub struct DatagenConfig {
    pub out: String,
    pub games: usize,
    pub chunk: usize,
    pub nodes: u64,
    pub depth: Option<u32>,
    pub random_plies: usize,
    pub max_plies: usize,
    pub threads: usize,
    pub shard: Shard,
    pub options: Vec<(String, String)>,
    pub seed: u64,
}

/// The most threads `--threads` takes.
const MAX_DATAGEN_THREADS: usize = 256;

fn positive<T: std::str::FromStr + PartialEq + Default>(flag: &str, v: &str) -> Result<T, String> {
    let n: T = count(flag, v)?;
    if n == T::default() {
        return Err(format!("{flag} must be at least 1"));
    }
    Ok(n)
}

/// Reads the flags after the game. `Err("")` asks for the usage text.
pub fn parse(args: &[String]) -> Result<DatagenConfig, String> {
    let mut cfg = DatagenConfig {
        out: String::new(),
        games: 1000,
        chunk: 50,
        nodes: 5000,
        depth: None,
        random_plies: 8,
        max_plies: 400,
        threads: 1,
        shard: Shard::WHOLE,
        options: Vec::new(),
        seed: 1,
    };
    walk_flags(args, |flag, value| {
        match flag {
            "--out" => cfg.out = value()?.to_string(),
            "--games" => cfg.games = positive(flag, value()?)?,
            "--chunk" => cfg.chunk = positive(flag, value()?)?,
            "--nodes" => cfg.nodes = positive(flag, value()?)?,
            "--depth" => cfg.depth = Some(positive(flag, value()?)?),
            "--random-plies" => cfg.random_plies = count(flag, value()?)?,
            "--max-plies" => cfg.max_plies = positive(flag, value()?)?,
            "--threads" => cfg.threads = positive(flag, value()?)?,
            "--shard" => cfg.shard = Shard::parse(value()?)?,
            "--option" => cfg.options.push(parse_option(value()?)?),
            "--seed" => cfg.seed = count(flag, value()?)?,
            other => return Err(format!("unknown flag '{other}'")),
        }
        Ok(())
    })?;
    if cfg.out.is_empty() {
        return Err("--out DIR is required".to_string());
    }
    if cfg.threads > MAX_DATAGEN_THREADS {
        return Err(format!("--threads is at most {MAX_DATAGEN_THREADS}"));
    }
    cfg.shard.check_fits(cfg.games, cfg.chunk)?;
    Ok(cfg)
}

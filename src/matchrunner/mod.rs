//! `tabula match`: engine-vs-engine matches refereed with tabula's own
//! rules. The engines are played through [`crate::engineclient`].
//!
//! * [`args`]: flags → [`args::MatchConfig`].
//! * [`timecontrol`]: `10+0.1`, `40/60`, `movetime=`, `depth=`, `nodes=`.
//! * [`referee`]: plays one game, keeps the clocks, adjudicates.
//! * [`match_play`]: a unit of the match: one game, or a match to N points.
//! * [`engine_setup`]: the options that carry the game's rules to the
//!   engines; records are written by each game ([`crate::games::record`]).
//! * [`openings`]: opening files.
//! * [`stats`]: W-D-L, Elo with error margin, LOS, game pairs.
//! * [`sprt`]: `--sprt`, the sequential test on game pairs.
//! * [`standings`]: what is counted as units finish, and the summary.
//! * [`shard`]: `--shard I/N`, the slice of the games one process plays.
//! * [`results`]: `--results FILE`, the units' outcomes for the pool.
//! * [`runner`]: the match: concurrency, live lines, summary.
//! * [`pool`]: `tabula match-pool`, the shards' results pooled.

pub mod args;
pub mod engine_setup;
pub mod match_play;
pub mod openings;
pub mod pool;
pub mod referee;
pub mod results;
pub mod runner;
pub mod shard;
pub mod sprt;
pub mod standings;
pub mod stats;
pub mod timecontrol;

use crate::out::outln;

/// Entry point of `tabula match <flags>`; returns the exit code.
pub fn main(args: &[String]) -> i32 {
    match args::parse(args) {
        Ok(cfg) => runner::run(&cfg),
        Err(e) if e.is_empty() => {
            outln!("{}", args::MATCH_USAGE);
            0
        }
        Err(e) => {
            eprintln!("tabula match: {e}\n{}", args::MATCH_USAGE);
            2
        }
    }
}

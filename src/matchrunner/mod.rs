//! `tabula match`: engine-vs-engine matches refereed with tabula's own
//! rules.
//!
//! * [`args`]: flags → [`args::MatchConfig`].
//! * [`timecontrol`]: `10+0.1`, `40/60`, `movetime=`, `depth=`, `nodes=`.
//! * [`client`]: one engine process, GUI side of UCI / USI / TEI.
//! * [`engine_options`]: announced options; `--option` checked against them.
//! * [`referee`]: plays one game, keeps the clocks, adjudicates.
//! * [`match_play`]: a unit of the match: one game, or a match to N points.
//! * [`engine_setup`]: the game's native dialect and the options that carry
//!   its rules to the engines; records are written by each game
//!   ([`crate::games::record`]).
//! * [`openings`]: opening files.
//! * [`stats`]: W-D-L, Elo with error margin, LOS, game pairs.
//! * [`sprt`]: `--sprt`, the sequential test on game pairs.
//! * [`runner`]: the match: concurrency, live lines, summary.

pub mod args;
pub mod client;
pub mod engine_options;
pub mod engine_setup;
pub mod match_play;
pub mod openings;
pub mod referee;
pub mod runner;
pub mod sprt;

use crate::out::outln;
pub mod stats;
pub mod timecontrol;

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

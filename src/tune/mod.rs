//! Evaluation tuning from game records (`tabula tune <game>`), the same for
//! every game: a Texel-style logistic fit of the evaluation's weights to the
//! results of recorded games.
//!
//! A game takes part by implementing [`Tunable`] (in games/, marked in its
//! registry row): its evaluation is written once against the evaluation
//! kit's [`crate::evalkit::EvalSink`] (the engine runs it with the embedded
//! weights, the tuner records it as a linear function of the weights), its
//! weights are a named table in a generated source file
//! ([`crate::evalkit::weights_file`]), and it reads its own record files.
//!
//! * [`data`]: positions from records, the quiet filter, the split.
//! * [`fit`]: the logistic scale `K`, the loss, Adam.
//! * [`teacher`]: positions scored by another engine's search.
//! * [`args`], [`run`]: the command.
//! * `checks` (tests only): what every game's form must satisfy;
//!   `game_checks` (tests only) runs them on every tunable game.

pub mod args;
#[cfg(test)]
pub mod checks;
pub mod data;
pub mod fit;
#[cfg(test)]
mod game_checks;
pub mod run;
pub mod teacher;

pub use crate::evalkit::{Direct, EvalForm, EvalSink, Linear, weights_file};
pub use crate::games::tunable::{RecordedGame, Tunable};

/// How a game's tuner is started: `tabula tune <game> <flags>`; returns
/// the exit code.
pub type TuneFn = fn(&[String]) -> i32;

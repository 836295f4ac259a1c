//! The evaluation kit every game's evaluation is written against, below
//! games/: an evaluation written once against [`EvalSink`] runs in the
//! engine with the embedded weights ([`Direct`]) and in the tuner as a form
//! over the weights ([`EvalForm`]); its weights are a named table
//! ([`layout::weight_layout!`]) in a generated source file
//! ([`weights_file`]).
//!
//! * [`form`]: the sink, the recorded form, its integer and linear values.
//! * [`layout`]: named weight tables.
//! * [`nnue`]: the efficiently updatable network a game may evaluate
//!   with instead: accumulators, integer inference, the net file.
//! * [`rng`]: the seeded generator of the data and training pipeline.
//! * [`weights_file`]: the generated `eval_weights.rs`, written and read.

pub mod form;
pub mod layout;
pub mod nnue;
pub mod rng;
pub mod weights_file;

pub use form::{Direct, EvalForm, EvalSink, Linear};

//! An efficiently updatable network (NNUE) for the alpha-beta games'
//! evaluation, below games/: a game names its sparse binary input
//! features (which are on in a position, from each side's view) and an
//! output bucket; the network turns them into centipawns for the side to
//! move.
//!
//! The shape is one feature transformer into two accumulators (the side
//! to move's view and the other's), a squared clipped ReLU, and one dense
//! output layer per bucket. An accumulator is the transformer's bias plus
//! the weight rows of the features that are on, so a move changes it by
//! the few rows of the features it turns on and off ([`Accumulator`]);
//! a game keeps one per ply ([`AccumulatorStack`]) and refreshes only
//! when a move changes too much (a king bucket).
//!
//! * [`network`]: the shape ([`Arch`]), the quantised weights and the
//!   integer inference ([`Network`]), and the float model a trainer fits
//!   and quantises ([`FloatNetwork`]).
//! * [`accumulator`]: the accumulators and their stack for make/unmake.
//! * [`file`]: the net file, written and read with every check (size,
//!   header, shape, ranges, checksum).
//! * [`features`]: what a game implements: its features and buckets.
//! * [`state`]: a net and a position's accumulators, ply by ply.
//! * [`simd`]: whether the processor runs the AVX2 forms of the two hot
//!   loops (an accumulator's update and the output's dot product).
//! * [`data`]: the training data file `tabula datagen` writes.
//! * [`train`]: the trainer behind `tabula train`.

pub mod accumulator;
pub mod data;
pub mod features;
pub mod file;
pub mod network;
pub mod simd;
pub mod state;
pub mod train;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use features::{Features, count_bucket};
pub use file::{Expect, NetError, read_net, write_net};
pub use network::{Arch, FloatNetwork, Network};
pub use state::{CarriesNet, NnueState};

#[cfg(test)]
mod tests;

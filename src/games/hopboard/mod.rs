//! Boards of cells joined in fixed directions, and the moves of the hopping
//! games played on them (Chinese checkers on the star, Halma on the
//! square): a step to an empty neighbour, or a chain of hops over single
//! pieces, where only the chain's two ends make the move.
//!
//! * [`cellset`]: [`CellSet`], a set of cells as a bitboard (`u128` holds
//!   the 121-hole star).
//! * [`graph`]: [`BoardGraph`], the board precomputed from cell
//!   coordinates: neighbours, single hops and the rays long jumps follow.
//! * [`hops`]: the move generator over any board graph: the holes a piece
//!   can reach, whether a leg is a hop, the shortest chain for notation.

pub mod cellset;
pub mod graph;
pub mod hops;

pub use cellset::CellSet;
pub use graph::BoardGraph;
pub use hops::{HopKind, destinations, hop_leg, shortest_chain};

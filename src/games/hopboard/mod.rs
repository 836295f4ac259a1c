//! Boards of cells joined in fixed directions, and the hopping race games
//! played on them (Chinese checkers on the star, Halma on the square): a
//! step to an empty neighbour, or a chain of hops over single pieces, where
//! only the chain's two ends make the move; each player races from its
//! home corner to a target corner. Everything but the board and the
//! options is here, shared by both games.
//!
//! * [`cellset`]: [`CellSet`], a set of cells as a bitboard (`u128` holds
//!   the 121-hole star, [`Cells256`] the 16x16 square).
//! * [`graph`]: [`BoardGraph`], the board precomputed from cell
//!   coordinates: neighbours, single hops and the rays long jumps follow.
//! * [`hops`]: the move generator over any board graph: the cells a piece
//!   can reach, whether a leg is a hop, the shortest chain for notation.
//! * [`layout`]: [`Layout`], a game's board: corners, seats, depth tables
//!   toward each corner, hash keys, the words of its notation.
//! * [`position`]: [`HopPosition`], make/unmake, finishing, the home-exit
//!   rule, passing, the ranking.
//! * [`distance`]: the steps a player still needs (depth and matching
//!   bounds), the evaluation's main term.
//! * [`lists`], [`movetext`]: positions (`ccn`, `hcn`) and moves as text.
//! * [`game`]: the rules and text traits; [`perft`]; [`eval`]: the
//!   distance evaluation and the search traits; [`record`]: match records;
//!   [`options`]: the options both games have; [`tune`]: the records as
//!   the tuner reads them.

pub mod cellset;
pub mod distance;
pub mod eval;
pub mod game;
pub mod graph;
pub mod hops;
pub mod layout;
pub mod lists;
pub mod movetext;
pub mod options;
pub mod perft;
pub mod position;
pub mod record;
pub mod tune;

pub use cellset::{CellSet, Cells256};
pub use graph::BoardGraph;
pub use hops::{HopKind, destinations, hop_leg, shortest_chain};
pub use layout::{CornerSpec, Layout, Style};
pub use position::{FinishRule, HopPosition, Move, Rules, Standing};

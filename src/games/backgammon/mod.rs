//! Backgammon and Tavla (seed 001; protocol-spec/backgammon.md): the board
//! and checker play ([`board`], [`play`]), the game state with cube and
//! match ([`position`]), positions and turns as text ([`ids`],
//! [`position_id`], [`notation`]), the game value ([`game`]) and what the
//! expectimax search needs ([`search`]).

pub mod base64;
pub mod bench;
pub mod board;
pub mod closed_count;
pub mod cube;
pub mod eval;
pub mod game;
pub mod ids;
pub mod match_id;
pub mod met;
pub mod notation;
pub mod perft;
pub mod play;
pub mod position;
pub mod position_id;
pub mod record;
pub mod search;
pub mod xgid;

pub use game::Backgammon;
pub use position::BgPosition;

#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod tests;

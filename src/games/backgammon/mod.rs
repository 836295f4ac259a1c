//! Backgammon and Tavla (seed 001; protocol-spec/backgammon.md). This
//! first part is the rules core: the board, checker play and perft, and
//! GNU Backgammon's Position ID. The game value, notation, cube, UBGI and
//! the registry line follow (issue 11).

pub mod board;
pub mod position_id;

#[cfg(test)]
mod tests;

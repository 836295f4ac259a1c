//! The `hcn` position notation, protocol-spec/halma.md §3: the board size,
//! then `ccn`'s fields (`<cells of player 1>/.../<cells of player N> <to
//! move> <round>`), read and written by the shared
//! [`crate::games::hopboard::lists`].

use super::board::{self, SIZES};
use super::{Position, Rules};
use crate::games::GameError;
use crate::games::hopboard::Cells256;
use crate::games::hopboard::lists::{self, Family};

/// The board of the size and number of players an `hcn` gives.
pub const FAMILY: Family<Cells256> = Family {
    label: "HCN",
    sized: true,
    layout: |size, players| {
        let size = size.unwrap_or(0);
        let Some(size) = usize::try_from(size).ok().filter(|s| SIZES.contains(s)) else {
            return Err(format!("board size {size} is not one of 8, 10, 16"));
        };
        board::board(size, players).ok_or_else(|| format!("{players} players are not allowed"))
    },
};

/// Parses and validates an `hcn` into a position under `rules`.
pub fn parse(text: &str, rules: Rules) -> Result<Position, GameError> {
    lists::parse(text, &FAMILY, rules)
}

/// The position's `hcn`.
pub fn write(pos: &Position) -> String {
    lists::write(pos)
}

//! The `ccn` position notation, protocol-spec/chinesecheckers.md §3:
//! `<cells of player 1>/.../<cells of player N> <to move> <round>`, read
//! and written by the shared [`crate::games::hopboard::lists`] on the star.

use super::star::star;
use super::{Position, Rules};
use crate::games::GameError;
use crate::games::hopboard::lists::{self, Family};

/// The star for every number of players it seats.
pub const FAMILY: Family<u128> = Family {
    label: "CCN",
    sized: false,
    layout: |_, players| {
        let star = star();
        star.seats(players)
            .map(|_| star)
            .ok_or_else(|| format!("{players} players are not allowed"))
    },
};

/// Parses and validates a `ccn` into a position under `rules`.
pub fn parse(text: &str, rules: Rules) -> Result<Position, GameError> {
    lists::parse(text, &FAMILY, rules)
}

/// The position's `ccn`.
pub fn write(pos: &Position) -> String {
    lists::write(pos)
}

pub use crate::games::hopboard::lists::from_seat_lists;

//! Which dialects the GUI side can speak to an engine playing a game: the
//! registry's lists read for the client. The lines each dialect is sent
//! and the answers it reads are its module in `protocol::dialects`
//! ([`Dialect::speech`]), the same module the daemon answers from, so both
//! sides of a pipe read one definition.

pub use crate::engine::Dialect;
use crate::engine::registry;
pub use crate::protocol::dialects::Limit;

/// The registry's lists, read for the GUI side.
impl Dialect {
    /// True when an engine spoken to in this dialect can play `game`: the
    /// registry lists the dialects each game is played over.
    pub fn plays(self, game: &str) -> bool {
        registry::entry(game).is_some_and(|g| g.speaks(self))
    }

    /// The dialects the client speaks that can play `game`, in the order
    /// [`Dialect::ALL`] lists them.
    pub fn playing(game: &str) -> Vec<Dialect> {
        Dialect::ALL
            .into_iter()
            .filter(|d| d.speech().client_speaks() && d.plays(game))
            .collect()
    }

    /// A dialect the client speaks, by its handshake word in any case
    /// (`--proto`).
    pub fn parse_spoken(s: &str) -> Option<Dialect> {
        Dialect::from_name(&s.to_ascii_lowercase()).filter(|d| d.speech().client_speaks())
    }
}

/// The dialect `game`'s engines speak unless told otherwise: the first
/// dialect the registry lists for it that the client speaks.
pub fn native_dialect(game: &str) -> Dialect {
    registry::entry(game)
        .and_then(|g| {
            g.dialects
                .iter()
                .copied()
                .find(|d| d.speech().client_speaks())
        })
        .unwrap_or(Dialect::Uci)
}

/// The game's own dialect: the first the registry lists.
pub fn home_dialect(game: &str) -> Dialect {
    registry::entry(game)
        .and_then(|g| g.dialects.first().copied())
        .unwrap_or(Dialect::Uci)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialects_that_play_each_game() {
        assert_eq!(Dialect::playing("makruk"), vec![Dialect::Uci]);
        assert_eq!(Dialect::playing("ogi"), vec![Dialect::Uci, Dialect::Usi]);
        assert_eq!(Dialect::playing("tak"), vec![Dialect::Uci, Dialect::Tei]);
        assert_eq!(
            Dialect::playing("russian"),
            vec![Dialect::Uci, Dialect::Hub]
        );
        assert_eq!(Dialect::playing("chess"), vec![]);
    }
}

//! How an engine is set up for a game: the dialect the game's engines
//! speak natively (the first handshake the registry lists for it), and the
//! options that make an engine play the referee's rules. Records and match
//! rules are the game's own ([`crate::games::record`]).

use super::client::{Dialect, EngineSpec};
use crate::engine::registry;
use crate::games::record::MatchRules;

/// The dialect `game`'s engines speak unless `--proto` says otherwise: the
/// first handshake the registry lists for it that the runner speaks.
/// The handshake of the game's own dialect: the first the registry lists.
pub fn home_handshake(game: &str) -> &'static str {
    registry::entry(game)
        .and_then(|g| g.handshakes.first().copied())
        .unwrap_or("uci")
}

pub fn native_dialect(game: &str) -> Dialect {
    registry::entry(game)
        .and_then(|g| g.handshakes.iter().find_map(|h| Dialect::parse(h)))
        .unwrap_or(Dialect::Uci)
}

/// What `{game}` in an `--option` value stands for.
pub const GAME_NUMBER_FIELD: &str = "{game}";

/// The engine of game `number`: `{game}` in its option values replaced by
/// the number, so that a seed option (`--option "Greedy Seed={game}"`)
/// differs from game to game while the match replays from its command.
pub fn for_game(spec: &EngineSpec, number: usize) -> EngineSpec {
    let mut e = spec.clone();
    for (_, value) in &mut e.options {
        if value.contains(GAME_NUMBER_FIELD) {
            *value = value.replace(GAME_NUMBER_FIELD, &number.to_string());
        }
    }
    e
}

/// An engine as a game starts it in `dialect`: the game's rule options
/// ([`MatchRules::rule_options`]) follow the user's `--option`s, unless the
/// user set the same option; the size is left to the new-game command in a
/// dialect whose new-game command carries it (TEI).
pub fn engine_for<G: MatchRules>(game: &G, spec: &EngineSpec, dialect: Dialect) -> EngineSpec {
    let mut e = spec.clone();
    for (name, value) in game.rule_options() {
        let carried_by_new_game = dialect.new_game_takes_argument()
            && G::SIZE_OPTION.is_some_and(|s| s.eq_ignore_ascii_case(&name));
        if carried_by_new_game {
            continue;
        }
        if !e.options.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
            e.options.push((name, value));
        }
    }
    e
}

//! How an engine is set up for one game of a match: the options that make
//! it play the referee's rules, and the game number in seed options. The
//! dialect a game's engines speak natively is the engine client's
//! ([`crate::engineclient::native_dialect`]); records and match rules are
//! the game's own ([`crate::games::record`]).

use crate::engineclient::{Dialect, EngineSpec};
use crate::games::record::MatchRules;

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
        let carried_by_new_game = dialect.speech().new_game_takes_argument()
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

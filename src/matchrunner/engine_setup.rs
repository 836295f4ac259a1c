//! How an engine is set up for one game of a match: the options that make
//! it play the referee's rules, and the game number in seed options. The
//! dialect a game's engines speak natively is the engine client's
//! ([`crate::engineclient::native_dialect`]); records and match rules are
//! the game's own ([`crate::games::record`]).

use crate::engineclient::options::{CommonOption, common_option};
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

/// The search threads the user's options ask of an engine spoken to in
/// `dialect`: the largest value given to `Threads` under any of its names
/// (`threads`, `engine.threads`), 1 when none is.
pub fn threads_asked(spec: &EngineSpec, dialect: Dialect) -> usize {
    spec.options
        .iter()
        .filter(|(name, _)| common_option(dialect, name) == Some(CommonOption::Threads))
        .filter_map(|(_, value)| value.parse::<usize>().ok())
        .max()
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(options: &[(&str, &str)]) -> EngineSpec {
        EngineSpec {
            name: "e".into(),
            command: vec!["e".into()],
            dialect: None,
            options: options
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn threads_are_read_under_every_dialects_name() {
        assert_eq!(threads_asked(&spec(&[]), Dialect::Uci), 1);
        assert_eq!(threads_asked(&spec(&[("Hash", "64")]), Dialect::Uci), 1);
        assert_eq!(threads_asked(&spec(&[("Threads", "4")]), Dialect::Uci), 4);
        assert_eq!(threads_asked(&spec(&[("threads", "3")]), Dialect::Hub), 3);
        assert_eq!(
            threads_asked(
                &spec(&[("engine.threads", "6"), ("Threads", "2")]),
                Dialect::Ubgi
            ),
            6
        );
        assert_eq!(
            threads_asked(&spec(&[("Threads", "{game}")]), Dialect::Uci),
            1
        );
    }
}

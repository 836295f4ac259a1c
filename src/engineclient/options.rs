//! The check of an `--option NAME=VALUE` against the options an engine
//! announced in its handshake (read by its dialect's module, `protocol::
//! dialects`): a name the engine does not have or a value its declaration
//! refuses is a usage error before any game, not a `setoption` the engine
//! silently ignores. An engine-wide option may be given by its UCI name in
//! any dialect (`Threads=2` is Hub's `threads`, UBGI's `engine.threads`).

use super::dialect::Dialect;
use crate::games::OptionSpec;
pub use crate::protocol::options::Announced;
pub use crate::protocol::options::CommonOption;
use crate::protocol::options::check_value;

/// Finds an announced option; names are matched case-insensitively, as
/// the UCI specification asks.
pub fn find<'a>(announced: &'a [Announced], name: &str) -> Option<&'a Announced> {
    announced.iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// The engine-wide option of `dialect` that `name` is, by its UCI name or
/// its name in the dialect, in any case.
pub fn common_option(dialect: Dialect, name: &str) -> Option<CommonOption> {
    let speech = dialect.speech();
    speech.common_options().iter().copied().find(|&o| {
        [Dialect::Uci.speech().option_name(o), speech.option_name(o)]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
    })
}

/// Finds the option the user's `name` sets on an engine spoken to in
/// `dialect`: the one announced under that name, else the engine-wide
/// option it names under the dialect's spelling.
pub fn find_for<'a>(
    dialect: Dialect,
    announced: &'a [Announced],
    name: &str,
) -> Option<&'a Announced> {
    find(announced, name).or_else(|| {
        let option = common_option(dialect, name)?;
        find(announced, dialect.speech().option_name(option))
    })
}

/// Checks `--option name=value` against what an engine spoken to in
/// `dialect` announced.
pub fn check(
    dialect: Dialect,
    announced: &[Announced],
    name: &str,
    value: &str,
) -> Result<(), String> {
    let Some(option) = find_for(dialect, announced, name) else {
        let names: Vec<&str> = announced.iter().map(|a| a.name.as_str()).collect();
        let listed = if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        };
        return Err(format!(
            "--option {name}={value}: the engine has no option '{name}' (it announced: {listed})"
        ));
    };
    let Some(kind) = &option.kind else {
        return Ok(());
    };
    let spec = OptionSpec {
        name: option.name.clone(),
        kind: kind.clone(),
    };
    check_value(&spec, Some(value))
        .map(|_| ())
        .map_err(|e| format!("--option {name}={value}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::protocol::options::parse_option_line;

    fn read(line: &str) -> Announced {
        parse_option_line(line).unwrap_or_else(|| panic!("{line}"))
    }

    #[test]
    fn values_are_checked_against_the_declaration() {
        let announced: Vec<Announced> = [
            "option name Hash type spin default 16 min 1 max 16384",
            "option name Ponder type check default false",
            "option name Style type combo default normal var normal var wild",
            "option name Clear Hash type button",
            "option name Odd type frobnicator",
        ]
        .iter()
        .map(|l| read(l))
        .collect();
        let check = |name: &str, value: &str| check(Dialect::Uci, &announced, name, value);
        assert_eq!(check("hash", "64"), Ok(()));
        assert_eq!(
            check("Hash", "99999999"),
            Err("--option Hash=99999999: Hash value 99999999 out of range 1..16384".into())
        );
        assert!(check("Hash", "lots").is_err());
        assert_eq!(check("Ponder", "true"), Ok(()));
        assert!(check("Ponder", "yes").is_err());
        assert_eq!(check("Style", "WILD"), Ok(()));
        assert!(check("Style", "tame").is_err());
        assert_eq!(check("Clear Hash", ""), Ok(()));
        assert_eq!(check("Odd", "anything"), Ok(()));
        let e = check("Foo", "1").unwrap_err();
        assert!(
            e.contains("no option 'Foo' (it announced: Hash, Ponder, Style, Clear Hash, Odd)"),
            "{e}"
        );
        assert!(
            super::check(Dialect::Uci, &[], "Foo", "1")
                .unwrap_err()
                .contains("announced: none")
        );
    }

    /// The options an engine spoken to in `dialect` announces in these
    /// handshake lines.
    fn announced(dialect: Dialect, lines: &[&str]) -> Vec<Announced> {
        use crate::protocol::dialects::HandshakeLine;
        lines
            .iter()
            .filter_map(|l| match dialect.speech().read_handshake_line(l) {
                HandshakeLine::Option(a) => Some(a),
                _ => None,
            })
            .collect()
    }

    /// `--option Threads=N` (and `Hash=N`) reach every dialect's engines
    /// under the dialect's own name.
    #[test]
    fn engine_wide_options_by_their_uci_names_in_every_dialect() {
        let hub = announced(
            Dialect::Hub,
            &[
                "param name=threads value=1 type=int min=1 max=1024",
                "param name=hash value=16 type=int min=1 max=16384",
            ],
        );
        let ubgi = announced(
            Dialect::Ubgi,
            &[
                "key engine.threads int 1..1024 1 ! search threads",
                "key engine.hash int 1..16384 16 ! transposition table size in MiB",
            ],
        );
        let usi = announced(
            Dialect::Usi,
            &[
                "option name Threads type spin default 1 min 1 max 1024",
                "option name USI_Hash type spin default 16 min 1 max 16384",
            ],
        );
        let tei = announced(
            Dialect::Tei,
            &["option name Threads type spin default 1 min 1 max 1024"],
        );
        let name = |d: Dialect, announced: &[Announced], user: &str| {
            find_for(d, announced, user).map(|a| a.name.clone())
        };
        let expected = [
            (Dialect::Hub, &hub, "Threads", "threads"),
            (Dialect::Hub, &hub, "Hash", "hash"),
            (Dialect::Ubgi, &ubgi, "Threads", "engine.threads"),
            (Dialect::Ubgi, &ubgi, "engine.threads", "engine.threads"),
            (Dialect::Ubgi, &ubgi, "hash", "engine.hash"),
            (Dialect::Usi, &usi, "Threads", "Threads"),
            (Dialect::Usi, &usi, "Hash", "USI_Hash"),
            (Dialect::Tei, &tei, "threads", "Threads"),
        ];
        for (dialect, announced, user, sent) in expected {
            assert_eq!(
                name(dialect, announced, user).as_deref(),
                Some(sent),
                "{dialect:?} {user}"
            );
        }
        // Values are checked against the dialect's declaration.
        assert_eq!(check(Dialect::Hub, &hub, "Threads", "2"), Ok(()));
        assert_eq!(
            check(Dialect::Hub, &hub, "Threads", "0"),
            Err("--option Threads=0: threads value 0 out of range 1..1024".into())
        );
        assert_eq!(check(Dialect::Ubgi, &ubgi, "Threads", "2"), Ok(()));
        assert_eq!(
            check(Dialect::Ubgi, &ubgi, "Threads", "0"),
            Err("--option Threads=0: engine.threads value 0 out of range 1..1024".into())
        );
        assert_eq!(
            check(Dialect::Tei, &tei, "Threads", "1025").map_err(|_| ()),
            Err(())
        );
        // An option no dialect spells another way is not looked for.
        assert_eq!(name(Dialect::Ubgi, &ubgi, "Ply"), None);
        assert_eq!(
            common_option(Dialect::Ubgi, "THREADS"),
            Some(CommonOption::Threads)
        );
        assert_eq!(common_option(Dialect::Uci, "Ply"), None);
    }
}

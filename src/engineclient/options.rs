//! The check of an `--option NAME=VALUE` against the options an engine
//! announced in its handshake (read by its dialect's module, `protocol::
//! dialects`): a name the engine does not have or a value its declaration
//! refuses is a usage error before any game, not a `setoption` the engine
//! silently ignores.

use crate::games::OptionSpec;
pub use crate::protocol::options::Announced;
use crate::protocol::options::check_value;

/// Finds an announced option; names are matched case-insensitively, as
/// the UCI specification asks.
pub fn find<'a>(announced: &'a [Announced], name: &str) -> Option<&'a Announced> {
    announced.iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// Checks `--option name=value` against what the engine announced.
pub fn check(announced: &[Announced], name: &str, value: &str) -> Result<(), String> {
    let Some(option) = find(announced, name) else {
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
        assert_eq!(check(&announced, "hash", "64"), Ok(()));
        assert_eq!(
            check(&announced, "Hash", "99999999"),
            Err("--option Hash=99999999: Hash value 99999999 out of range 1..16384".into())
        );
        assert!(check(&announced, "Hash", "lots").is_err());
        assert_eq!(check(&announced, "Ponder", "true"), Ok(()));
        assert!(check(&announced, "Ponder", "yes").is_err());
        assert_eq!(check(&announced, "Style", "WILD"), Ok(()));
        assert!(check(&announced, "Style", "tame").is_err());
        assert_eq!(check(&announced, "Clear Hash", ""), Ok(()));
        assert_eq!(check(&announced, "Odd", "anything"), Ok(()));
        let e = check(&announced, "Foo", "1").unwrap_err();
        assert!(
            e.contains("no option 'Foo' (it announced: Hash, Ponder, Style, Clear Hash, Odd)"),
            "{e}"
        );
        assert!(
            check(&[], "Foo", "1")
                .unwrap_err()
                .contains("announced: none")
        );
    }
}

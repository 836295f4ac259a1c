//! The options an engine announces in its handshake (`option name Hash type
//! spin default 16 min 1 max 1024`), read with nom, and the check of an
//! `--option NAME=VALUE` against them: a name the engine does not have or
//! a value its declaration refuses is a usage error before any game, not a
//! `setoption` the engine silently ignores.

use crate::games::{OptionKind, OptionSpec};
use crate::protocol::options::check_value;
use nom::{
    IResult,
    bytes::complete::take_till1,
    character::complete::space0,
    combinator::{all_consuming, map, verify},
    multi::many0,
    sequence::{pair, preceded, terminated},
};

/// One announced option. `kind` is `None` when the declaration cannot be
/// read (an unknown type, a spin without bounds): then only the name is
/// checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announced {
    pub name: String,
    pub kind: Option<OptionKind>,
}

/// The words that start a field of an `option` line; the words of a
/// field's value run up to the next of them (UCI, USI and TEI alike).
const KEYWORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

fn word(i: &str) -> IResult<&str, &str> {
    preceded(space0, take_till1(char::is_whitespace))(i)
}

fn keyword(i: &str) -> IResult<&str, &str> {
    verify(word, |w: &str| KEYWORDS.contains(&w))(i)
}

fn plain(i: &str) -> IResult<&str, &str> {
    verify(word, |w: &str| !KEYWORDS.contains(&w))(i)
}

/// The value of a field: the words up to the next keyword.
fn phrase(i: &str) -> IResult<&str, String> {
    map(many0(plain), |words: Vec<&str>| words.join(" "))(i)
}

fn fields(i: &str) -> IResult<&str, Vec<(&str, String)>> {
    preceded(
        verify(word, |w: &str| w == "option"),
        terminated(many0(pair(keyword, phrase)), space0),
    )(i)
}

/// Reads a Hub `param name=... value=... type=...` line (Scan's types:
/// bool, int with min and max, enum with values, string, real); `None`
/// when it names no parameter.
pub fn parse_hub_param(line: &crate::protocol::hub::HubLine) -> Option<Announced> {
    if line.command != "param" {
        return None;
    }
    let name = line.get("name").filter(|n| !n.is_empty())?.to_string();
    let value = line.get("value").unwrap_or_default().to_string();
    let number = |key: &str| line.get(key).and_then(|v| v.parse::<i64>().ok());
    let kind = match line.get("type").unwrap_or_default() {
        "bool" => Some(OptionKind::Check {
            default: value == "true",
        }),
        "int" => match (number("min"), number("max")) {
            (Some(min), Some(max)) => Some(OptionKind::Spin {
                default: value.parse().unwrap_or(min),
                min,
                max,
            }),
            _ => None,
        },
        "enum" => Some(OptionKind::Combo {
            default: value,
            vars: line
                .get("values")
                .unwrap_or_default()
                .split(' ')
                .filter(|v| !v.is_empty())
                .map(str::to_string)
                .collect(),
        }),
        "string" => Some(OptionKind::String { default: value }),
        _ => None,
    };
    Some(Announced { name, kind })
}

/// Reads an `option name ... type ...` line; `None` when the line is not
/// one or names no option.
pub fn parse_option_line(line: &str) -> Option<Announced> {
    let (_, fields) = all_consuming(fields)(line).ok()?;
    let field = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    };
    let name = field("name").filter(|n| !n.is_empty())?.to_string();
    let number = |key: &str| field(key).and_then(|v| v.parse::<i64>().ok());
    let default = field("default").unwrap_or_default().to_string();
    let kind = match field("type")? {
        "check" => Some(OptionKind::Check {
            default: default == "true",
        }),
        "spin" => match (number("min"), number("max")) {
            (Some(min), Some(max)) => Some(OptionKind::Spin {
                default: number("default").unwrap_or(min),
                min,
                max,
            }),
            _ => None,
        },
        "combo" => Some(OptionKind::Combo {
            default,
            vars: fields
                .iter()
                .filter(|(k, _)| *k == "var")
                .map(|(_, v)| v.clone())
                .collect(),
        }),
        "button" => Some(OptionKind::Button),
        "string" | "filename" => Some(OptionKind::String { default }),
        _ => None,
    };
    Some(Announced { name, kind })
}

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

    fn read(line: &str) -> Announced {
        parse_option_line(line).unwrap_or_else(|| panic!("{line}"))
    }

    #[test]
    fn option_lines() {
        assert_eq!(
            read("option name Move Overhead type spin default 10 min 0 max 5000"),
            Announced {
                name: "Move Overhead".into(),
                kind: Some(OptionKind::Spin {
                    default: 10,
                    min: 0,
                    max: 5000
                })
            }
        );
        assert_eq!(
            read("option name UCI_Variant type combo default makruk var makruk var tak").kind,
            Some(OptionKind::Combo {
                default: "makruk".into(),
                vars: vec!["makruk".into(), "tak".into()]
            })
        );
        assert_eq!(
            read("option name Ponder type check default false").kind,
            Some(OptionKind::Check { default: false })
        );
        assert_eq!(
            read("option name Clear Hash type button").kind,
            Some(OptionKind::Button)
        );
        assert_eq!(
            read("option  name Book File type string default <empty>").name,
            "Book File"
        );
        // Readable name, unreadable declaration: only the name is known.
        assert_eq!(read("option name X type spin default 1").kind, None);
        assert_eq!(read("option name X type wibble").kind, None);
        for not_an_option in [
            "option",
            "option name",
            "id name x",
            "optionname x type button",
        ] {
            assert_eq!(parse_option_line(not_an_option), None, "{not_an_option}");
        }
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

//! Engine options: the engine-wide ones every dialect has (hash, MultiPV,
//! ...), how any option is printed in the handshake and read back by a
//! GUI-side client (`Announced`, read with nom), and how a `setoption`
//! value is checked against its declaration (errors, never a silent clamp).

use super::dialects::Speech;
use crate::games::{OptionKind, OptionSpec};
use crate::search::SearchSettings;
use nom::{
    IResult,
    bytes::complete::take_till1,
    character::complete::space0,
    combinator::{all_consuming, map, verify},
    multi::many0,
    sequence::{pair, preceded, terminated},
};

pub const HASH_MIN_MB: i64 = 1;
pub const HASH_MAX_MB: i64 = 16_384;
pub const HASH_DEFAULT_MB: i64 = 16;
pub const MULTIPV_MAX: i64 = 256;
pub const MOVE_OVERHEAD_MAX: i64 = 5_000;
/// The most search threads `Threads` accepts (Fairy-Stockfish's bound),
/// the search's own limit.
pub const THREADS_MAX: i64 = crate::search::MAX_THREADS as i64;

/// The engine-wide options every dialect has, under their dialect names
/// ([`Speech::option_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommonOption {
    Variant,
    Threads,
    Hash,
    ClearHash,
    MultiPv,
    Ponder,
    MoveOverhead,
}

/// The current values of the engine-wide options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOptions {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead: i64,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            hash_mb: HASH_DEFAULT_MB as usize,
            multipv: 1,
            ponder: false,
            move_overhead: 10,
        }
    }
}

impl EngineOptions {
    pub fn search_settings(&self) -> SearchSettings {
        SearchSettings {
            multipv: self.multipv,
            move_overhead: self.move_overhead,
            threads: self.threads,
            ..SearchSettings::default()
        }
    }
}

/// The declaration of an engine-wide option, as the dialect names it.
pub fn common_spec(
    speech: &dyn Speech,
    option: CommonOption,
    variants: &[&str],
    current: &str,
) -> OptionSpec {
    let name = speech.option_name(option).to_string();
    let kind = match option {
        CommonOption::Variant => OptionKind::Combo {
            default: current.to_string(),
            vars: variants.iter().map(|v| v.to_string()).collect(),
        },
        CommonOption::Threads => OptionKind::Spin {
            default: 1,
            min: 1,
            max: THREADS_MAX,
        },
        CommonOption::Hash => OptionKind::Spin {
            default: HASH_DEFAULT_MB,
            min: HASH_MIN_MB,
            max: HASH_MAX_MB,
        },
        CommonOption::ClearHash => OptionKind::Button,
        CommonOption::MultiPv => OptionKind::Spin {
            default: 1,
            min: 1,
            max: MULTIPV_MAX,
        },
        CommonOption::Ponder => OptionKind::Check { default: false },
        CommonOption::MoveOverhead => OptionKind::Spin {
            default: 10,
            min: 0,
            max: MOVE_OVERHEAD_MAX,
        },
    };
    OptionSpec { name, kind }
}

/// The cores this machine offers the engine (1 when it cannot tell).
pub fn machine_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// What the engine says when its threads option, `name` in the dialect's
/// spelling, is set to more threads than the machine has cores: the value
/// is accepted (as Stockfish accepts it), but the user should know the
/// threads will take turns. `None` within the cores. Every dialect words
/// it with this text.
pub fn threads_note(name: &str, threads: usize) -> Option<String> {
    threads_note_for(name, threads, machine_cores())
}

fn threads_note_for(name: &str, threads: usize, cores: usize) -> Option<String> {
    (threads > cores).then(|| {
        format!("{name} {threads} is more than the {cores} cores of this machine; set anyway")
    })
}

/// `option name Hash type spin default 16 min 1 max 16384`
pub fn format_option(spec: &OptionSpec) -> String {
    let name = &spec.name;
    match &spec.kind {
        OptionKind::Check { default } => format!("option name {name} type check default {default}"),
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, vars } => {
            let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::String { default } => {
            let default = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("option name {name} type string default {default}")
        }
    }
}

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

/// A checked option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    Check(bool),
    Spin(i64),
    /// The combo entry as declared (canonical spelling).
    Combo(String),
    Button,
    String(String),
}

/// Checks `value` against the declaration of `spec`.
pub fn check_value(spec: &OptionSpec, value: Option<&str>) -> Result<OptionValue, String> {
    let name = &spec.name;
    if let OptionKind::Button = spec.kind {
        return Ok(OptionValue::Button);
    }
    let Some(value) = value.map(str::trim) else {
        return Err(format!("option '{name}' needs a value"));
    };
    match &spec.kind {
        OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
            "true" => Ok(OptionValue::Check(true)),
            "false" => Ok(OptionValue::Check(false)),
            _ => Err(format!(
                "{name} value '{}' is not true or false",
                super::command::shorten(value)
            )),
        },
        OptionKind::Spin { min, max, .. } => match value.parse::<i64>() {
            Ok(v) if v >= *min && v <= *max => Ok(OptionValue::Spin(v)),
            Ok(v) => Err(format!("{name} value {v} out of range {min}..{max}")),
            Err(_) => Err(format!(
                "{name} value '{}' is not a number",
                super::command::shorten(value)
            )),
        },
        OptionKind::Combo { vars, .. } => vars
            .iter()
            .find(|v| v.eq_ignore_ascii_case(value))
            .map(|v| OptionValue::Combo(v.clone()))
            .ok_or_else(|| {
                format!(
                    "{name} value '{}' is not one of {}",
                    super::command::shorten(value),
                    vars.join(", ")
                )
            }),
        OptionKind::String { .. } => Ok(OptionValue::String(value.to_string())),
        OptionKind::Button => Ok(OptionValue::Button),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin() -> OptionSpec {
        OptionSpec {
            name: "MultiPV".into(),
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
        }
    }

    #[test]
    fn spin_values_are_checked_not_clamped() {
        assert_eq!(check_value(&spin(), Some("3")), Ok(OptionValue::Spin(3)));
        assert_eq!(
            check_value(&spin(), Some("0")),
            Err("MultiPV value 0 out of range 1..256".into())
        );
        assert!(check_value(&spin(), Some("lots")).is_err());
        assert!(check_value(&spin(), None).is_err());
    }

    #[test]
    fn combos_match_case_insensitively_and_return_the_declared_spelling() {
        let spec = OptionSpec {
            name: "UCI_Variant".into(),
            kind: OptionKind::Combo {
                default: "makruk".into(),
                vars: vec!["makruk".into()],
            },
        };
        assert_eq!(
            check_value(&spec, Some("MAKRUK")),
            Ok(OptionValue::Combo("makruk".into()))
        );
        assert!(check_value(&spec, Some("chess")).is_err());
    }

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
    fn threads_above_the_cores_are_noted() {
        assert_eq!(threads_note_for("Threads", 2, 2), None);
        assert_eq!(
            threads_note_for("Threads", 4, 2).as_deref(),
            Some("Threads 4 is more than the 2 cores of this machine; set anyway")
        );
        assert_eq!(threads_note("Threads", 1), None);
        let max = usize::try_from(THREADS_MAX).unwrap_or(usize::MAX);
        assert!(threads_note("threads", max).is_some_and(|n| n.starts_with("threads 1024 ")));
    }

    #[test]
    fn threads_are_a_spin_from_one_to_the_max() {
        let spec = common_spec(
            &crate::protocol::dialects::uci::Uci,
            CommonOption::Threads,
            &[],
            "",
        );
        assert_eq!(
            format_option(&spec),
            "option name Threads type spin default 1 min 1 max 1024"
        );
        for bad in ["0", "1025", "abc", "-1"] {
            assert!(check_value(&spec, Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(
            check_value(&spec, Some("1024")),
            Ok(OptionValue::Spin(1024))
        );
        let threads = EngineOptions {
            threads: 3,
            ..EngineOptions::default()
        };
        assert_eq!(threads.search_settings().threads, 3);
        assert_eq!(EngineOptions::default().search_settings().threads, 1);
    }

    #[test]
    fn printing() {
        assert_eq!(
            format_option(&spin()),
            "option name MultiPV type spin default 1 min 1 max 256"
        );
        let b = OptionSpec {
            name: "Clear Hash".into(),
            kind: OptionKind::Button,
        };
        assert_eq!(format_option(&b), "option name Clear Hash type button");
    }
}

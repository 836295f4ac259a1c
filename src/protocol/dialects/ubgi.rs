//! UBGI v0.2 commands (protocol-spec/backgammon.md §3), and the v0.1
//! spellings bgci still sends (`go role chequer`, `setoption name <Name>
//! value <Value>`, §3.5): keywords are case-sensitive, one command per
//! line, and every unknown input is answered by an `error` line, so unlike
//! UCI no leading words are skipped.

pub mod side;

use super::{AnswerLine, HandshakeLine, Speech, short_line, uci_answer_line, uci_handshake_line};
use crate::engine::EngineError;
use crate::games::{DialectKey, MoveNotation, OptionKind, OptionSpec, shorten};
use crate::protocol::daemon::DialectSide;
use crate::protocol::options::{Announced, CommonOption};
use crate::rules::Decision;
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till1, take_until},
    character::complete::{char, one_of, space0, space1},
    combinator::{all_consuming, opt, rest, value},
    multi::many0,
    sequence::{preceded, tuple},
};
use std::ops::RangeInclusive;

/// UBGI.
pub struct Ubgi;

impl Speech for Ubgi {
    fn handshake_ok(&self) -> &'static str {
        "ubgiok"
    }

    fn new_game_word(&self) -> &'static str {
        "newgame"
    }

    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Native
    }

    fn daemon_side(&self) -> Box<dyn DialectSide> {
        Box::<side::UbgiState>::default()
    }

    /// The engine-wide options that are keys, after the game's.
    fn common_options(&self) -> &'static [CommonOption] {
        &[CommonOption::Threads, CommonOption::Hash]
    }

    /// v0.2's `engine.` keys.
    fn option_name(&self, option: CommonOption) -> &'static str {
        match option {
            CommonOption::Threads => "engine.threads",
            CommonOption::Hash => "engine.hash",
            other => super::uci_option_name(other),
        }
    }

    /// `error <code> <detail>`: the kind's code word.
    fn format_error(&self, error: &EngineError) -> String {
        format!("error {} {}", error.kind.code(), error.detail)
    }

    /// UBGI has no line for a message that is not an error: stderr only.
    fn format_note(&self, _text: &str) -> Option<String> {
        None
    }

    /// `key <name> <type> <default> ...` lines besides the family's: an
    /// `int`, `bool` or `enum` key's values are checked as a spin, check
    /// or combo option's; another type's are the engine's to check.
    fn read_handshake_line(&self, line: &str) -> HandshakeLine {
        let mut t = line.split_whitespace();
        if t.next() == Some("key") {
            return t.next().map_or(HandshakeLine::Other, |name| {
                HandshakeLine::Option(Announced {
                    name: name.to_string(),
                    kind: key_kind(&mut t),
                })
            });
        }
        uci_handshake_line(self.handshake_ok(), line)
    }

    fn position_keyword(&self) -> &'static str {
        "gnubgid"
    }

    /// Before each decision, the whole position with its dice.
    fn sends_whole_position(&self) -> bool {
        true
    }

    /// `go cube` before the roll or on a double, `go chequer` after it.
    fn go_for(&self, decision: Decision) -> Option<&'static str> {
        match decision {
            Decision::Cube => Some("go cube"),
            Decision::Move | Decision::Roll => Some("go chequer"),
        }
    }

    fn set_option(&self, name: &str, value: &str) -> String {
        format!("set {name} {value}")
    }

    fn answer_word_for(&self, decision: Decision) -> &'static str {
        match decision {
            Decision::Cube => "bestcube",
            Decision::Move | Decision::Roll => "bestmove",
        }
    }

    /// `bestmove <play>` and `bestcube <action>` (a play has blanks
    /// inside: `8/5 6/5`); an `error` line refuses what was sent.
    fn read_answer_line(&self, line: &str) -> AnswerLine {
        let mut t = line.split_whitespace();
        match t.next() {
            Some(word @ ("bestmove" | "bestcube")) => {
                let text = t.collect::<Vec<_>>().join(" ");
                if text.is_empty() {
                    AnswerLine::Fault(format!("'{word}' without an answer"))
                } else {
                    AnswerLine::Best(text)
                }
            }
            Some("error") => AnswerLine::Fault(format!("answered '{}'", short_line(line))),
            _ => uci_answer_line(line),
        }
    }
}

/// The declaration of a `key` line after its name: `int 1..3 2`, `bool
/// true`, `enum backgammon|tavla backgammon`; `None` for another type or
/// a declaration that does not read.
fn key_kind<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<OptionKind> {
    let kind = words.next()?;
    let values = if kind == "bool" { None } else { words.next() };
    let default = words.next()?.to_string();
    match (kind, values) {
        ("int", Some(range)) => {
            let (min, max) = range.split_once("..")?;
            Some(OptionKind::Spin {
                default: default.parse().ok()?,
                min: min.parse().ok()?,
                max: max.parse().ok()?,
            })
        }
        ("bool", None) => Some(OptionKind::Check {
            default: default == "true",
        }),
        ("enum", Some(vars)) => Some(OptionKind::Combo {
            default,
            vars: vars.split('|').map(str::to_string).collect(),
        }),
        _ => None,
    }
}

/// What `go` is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoRole {
    Chequer,
    Cube,
    Turn,
}

/// The limits v0.1 lets `go` carry (`go role chequer movetime 500`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoLimits {
    pub movetime: Option<u64>,
    /// Root-inclusive plies, as the game's depth key counts them.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// v0.1 option names (`setoption name <Name>`) of the engine's own keys;
/// the game's come from its key table ([`DialectKey::v01_name`]). v0.1's
/// `Seed`, `Deterministic` and `EvalMode` have none: the search is
/// deterministic and cubeful already.
const ENGINE_V01_NAMES: [(&str, &str); 3] = [
    ("Threads", "engine.threads"),
    ("Hash", "engine.hash"),
    ("BestMoveId", "engine.bestmoveid"),
];

/// What the grammar reads from the game: the v0.1 names of its keys and
/// the range of `go ... depth` (the range of the option whose key bounds
/// it), both from its key table ([`DialectKey`]) and options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameWords {
    /// v0.1 option names and the v0.2 keys they set.
    v01_names: Vec<(&'static str, &'static str)>,
    /// The depths `go ... depth` accepts.
    depths: RangeInclusive<u32>,
}

impl GameWords {
    /// The words of a game with these keys and options. Without a key that
    /// bounds it, `go ... depth` takes any positive depth.
    pub fn new(keys: &[DialectKey], options: &[OptionSpec]) -> Self {
        let game_names = keys
            .iter()
            .filter_map(|k| k.v01_name.map(|name| (name, k.key)));
        let depths = keys
            .iter()
            .filter(|k| k.bounds_go_depth)
            .find_map(|k| options.iter().find(|o| o.name == k.option))
            .and_then(|o| match o.kind {
                OptionKind::Spin { min, max, .. } => Some(
                    u32::try_from(min).unwrap_or(1).max(1)..=u32::try_from(max).unwrap_or(u32::MAX),
                ),
                _ => None,
            })
            .unwrap_or(1..=u32::MAX);
        GameWords {
            v01_names: game_names.chain(ENGINE_V01_NAMES).collect(),
            depths,
        }
    }
}

/// v0.1 session-context commands: the Match ID of `position gnubgid`
/// carries what they would set.
const V01_CONTEXT: [&str; 4] = ["newsession", "setscore", "setcube", "setturn"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UbgiCommand {
    Handshake,
    IsReady,
    NewGame,
    /// `position gnubgid|xgid <text>`: the format word and its text.
    Position {
        format: String,
        text: String,
    },
    Dice(u8, u8),
    Go(GoRole, GoLimits),
    Set {
        key: String,
        value: String,
    },
    Get(String),
    Keys,
    Stop,
    Quit,
}

/// One blank-free word after optional blanks.
fn word(i: &str) -> IResult<&str, &str> {
    preceded(space0, take_till1(|c: char| c == ' ')).parse(i)
}

/// `dice <d1> <d2>`: two single digits (range checked by the caller, so a
/// `7` is a bad value, not a bad command).
fn dice(i: &str) -> IResult<&str, (char, char)> {
    all_consuming(tuple((
        preceded(space0, one_of("0123456789")),
        preceded(space1, one_of("0123456789")),
    )))
    .parse(i)
}

/// `setoption name <Name> value <Value>` (v0.1's `set`); the name may
/// have blanks, as in UCI.
fn setoption(i: &str) -> IResult<&str, (&str, &str)> {
    let (i, _) = tuple((space0, tag("name"), space1)).parse(i)?;
    let (i, name) = take_until(" value ").parse(i)?;
    let (i, value) = preceded(tuple((tag(" value"), char(' '))), rest).parse(i)?;
    Ok((i, (name, value)))
}

/// The v0.2 key a `setoption` name sets: a v0.2 key as itself, a v0.1
/// name (any case, as UCI names) through the game's and the engine's v0.1
/// names.
fn option_key(name: &str, words: &GameWords) -> Result<String, EngineError> {
    if name.contains('.') {
        return Ok(name.to_string());
    }
    words
        .v01_names
        .iter()
        .find(|(v01, _)| v01.eq_ignore_ascii_case(name))
        .map(|(_, key)| key.to_string())
        .ok_or_else(|| EngineError::unsupported(format!("option {}", shorten(name))))
}

fn word_after_blank(i: &str) -> IResult<&str, &str> {
    preceded(space1, take_till1(|c: char| c == ' ')).parse(i)
}

/// `go`'s role and its `<limit> <value>` pairs, as written.
type GoArgs<'a> = (GoRole, Vec<(&'a str, &'a str)>);

/// `go` arguments: `[role] chequer|cube|turn`, then `<limit> <n>` pairs.
fn go_args(i: &str) -> IResult<&str, GoArgs<'_>> {
    let (i, _) = opt(tuple((tag("role"), space1))).parse(i)?;
    let (i, role) = alt((
        value(GoRole::Chequer, tag("chequer")),
        value(GoRole::Cube, tag("cube")),
        value(GoRole::Turn, tag("turn")),
    ))
    .parse(i)?;
    // Values are checked by the caller: `movetime soon` is a bad value.
    let limit = tuple((word_after_blank, word_after_blank));
    let (i, limits) = many0(limit).parse(i)?;
    Ok((i, (role, limits)))
}

/// `go`, `go chequer`, `go role cube movetime 500` ...
fn parse_go(args: &str, depths: &RangeInclusive<u32>) -> Result<UbgiCommand, EngineError> {
    const EXPECTED: &str =
        "expected: go [role] chequer|cube|turn [movetime <ms>] [depth <n>] [nodes <n>]";
    if args.is_empty() {
        return Ok(UbgiCommand::Go(GoRole::Chequer, GoLimits::default()));
    }
    let Ok((_, (role, pairs))) = all_consuming(go_args).parse(args) else {
        let named = args.strip_prefix("role ").unwrap_or(args);
        return Err(match named.split(' ').next() {
            Some(w)
                if !w.is_empty() && w != "role" && !["chequer", "cube", "turn"].contains(&w) =>
            {
                EngineError::bad_command(format!(
                    "unknown go role '{}' (expected chequer, cube or turn)",
                    shorten(w)
                ))
            }
            _ => EngineError::bad_command(EXPECTED),
        });
    };
    let mut limits = GoLimits::default();
    for (name, digits) in pairs {
        let n: Option<u64> = digits.parse().ok().filter(|&n| n > 0);
        match name {
            "movetime" => limits.movetime = Some(n.ok_or_else(|| positive(name))?),
            "nodes" => limits.nodes = Some(n.ok_or_else(|| positive(name))?),
            "depth" => match n.and_then(|n| u32::try_from(n).ok()) {
                Some(d) if depths.contains(&d) => limits.depth = Some(d),
                _ => {
                    return Err(EngineError::bad_value(format!(
                        "depth must_be {}..{}",
                        depths.start(),
                        depths.end()
                    )));
                }
            },
            "trials" => return Err(EngineError::unsupported("go trials (no rollouts)")),
            other => {
                return Err(EngineError::bad_command(format!(
                    "unknown go limit '{}'; {EXPECTED}",
                    shorten(other)
                )));
            }
        }
    }
    Ok(UbgiCommand::Go(role, limits))
}

fn positive(name: &str) -> EngineError {
    EngineError::bad_value(format!("{name} must_be a positive integer"))
}

/// Parses one line (already normalised to single blanks), with the game's
/// words for v0.1 names and `go` depths. `Ok(None)` for a blank line.
pub fn parse(line: &str, words: &GameWords) -> Result<Option<UbgiCommand>, EngineError> {
    let raw = line;
    let line = crate::protocol::command::normalise(raw);
    if line.is_empty() {
        // Blanks are nothing; control bytes alone are unknown input.
        return if raw.trim().is_empty() {
            Ok(None)
        } else {
            Err(EngineError::bad_command(
                "unknown command (control characters only)",
            ))
        };
    }
    let (command, args) = match line.split_once(' ') {
        Some((c, a)) => (c, a),
        None => (line.as_str(), ""),
    };
    let no_args = |c: UbgiCommand| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(EngineError::bad_command(format!(
                "{command} takes no arguments"
            )))
        }
    };
    let cmd = match command {
        "ubgi" => no_args(UbgiCommand::Handshake),
        "isready" => no_args(UbgiCommand::IsReady),
        "newgame" => no_args(UbgiCommand::NewGame),
        "keys" => no_args(UbgiCommand::Keys),
        "stop" => no_args(UbgiCommand::Stop),
        "quit" => Ok(UbgiCommand::Quit),
        "position" => match (word.parse(args), args.split_once(' ')) {
            (Ok(_), Some((format, text))) if !text.is_empty() => Ok(UbgiCommand::Position {
                format: format.to_string(),
                text: text.to_string(),
            }),
            _ => Err(EngineError::bad_command(
                "expected: position gnubgid|xgid <id>",
            )),
        },
        "dice" => match dice(args) {
            Ok((_, (a, b))) => {
                let d = |c: char| c.to_digit(10).unwrap_or(0) as u8;
                Ok(UbgiCommand::Dice(d(a), d(b)))
            }
            Err(_) if args.split(' ').count() == 2 => {
                Err(EngineError::bad_value("dice must_be 1..6"))
            }
            Err(_) => Err(EngineError::bad_command("expected: dice <d1> <d2>")),
        },
        "go" => parse_go(args, &words.depths),
        "set" => match args.split_once(' ') {
            Some((key, value)) => Ok(UbgiCommand::Set {
                key: key.to_string(),
                value: value.to_string(),
            }),
            None => Err(EngineError::bad_command("expected: set <key> <value>")),
        },
        "get" => match all_consuming(word).parse(args) {
            Ok((_, key)) => Ok(UbgiCommand::Get(key.to_string())),
            Err(_) => Err(EngineError::bad_command("expected: get <key>")),
        },
        "setoption" => match all_consuming(setoption).parse(args) {
            Ok((_, (name, value))) => option_key(name, words).map(|key| UbgiCommand::Set {
                key,
                value: value.to_string(),
            }),
            _ => Err(EngineError::bad_command(
                "expected: setoption name <Name> value <Value>",
            )),
        },
        context if V01_CONTEXT.contains(&context) => Err(EngineError::unsupported(format!(
            "{context} (the Match ID of position gnubgid carries it)"
        ))),
        other => Err(EngineError::bad_command(format!(
            "unknown command '{}'",
            shorten(other)
        ))),
    };
    cmd.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dialect, ErrorKind, registry};

    /// The words of the game UBGI selects, from the registry.
    fn words() -> GameWords {
        let game = registry::native_game(Dialect::Ubgi);
        let (events, _) = crossbeam_channel::unbounded();
        match game.and_then(|g| registry::create(g, events, 1)) {
            Some(s) => GameWords::new(s.ubgi_keys(), &s.game_options()),
            None => panic!("no game speaks UBGI"),
        }
    }

    #[test]
    fn commands_parse() {
        let words = words();
        let ok = |l: &str| parse(l, &words).ok().flatten();
        assert_eq!(ok("ubgi"), Some(UbgiCommand::Handshake));
        assert_eq!(
            ok("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA"),
            Some(UbgiCommand::Position {
                format: "gnubgid".into(),
                text: "4HPwATDgc/ABMA:cAkAAAAAAAAA".into()
            })
        );
        assert_eq!(ok("dice 3 1"), Some(UbgiCommand::Dice(3, 1)));
        assert_eq!(ok("dice 7 1"), Some(UbgiCommand::Dice(7, 1)));
        let none = GoLimits::default();
        assert_eq!(ok("go"), Some(UbgiCommand::Go(GoRole::Chequer, none)));
        assert_eq!(ok("go  turn"), Some(UbgiCommand::Go(GoRole::Turn, none)));
        // v0.1's spelling, with its limits.
        assert_eq!(
            ok("go role chequer"),
            Some(UbgiCommand::Go(GoRole::Chequer, none))
        );
        assert_eq!(
            ok("go role cube movetime 250 depth 1 nodes 9"),
            Some(UbgiCommand::Go(
                GoRole::Cube,
                GoLimits {
                    movetime: Some(250),
                    depth: Some(1),
                    nodes: Some(9)
                }
            ))
        );
        // v0.1 names map onto v0.2 keys, in any case; v0.2 keys pass.
        for (line, key, value) in [
            (
                "setoption name Variant value backgammon",
                "game.variant",
                "backgammon",
            ),
            ("setoption name ply value 1", "engine.ply", "1"),
            (
                "setoption name BestMoveId value true",
                "engine.bestmoveid",
                "true",
            ),
            ("setoption name engine.hash value 8", "engine.hash", "8"),
            ("setoption name Threads value 2", "engine.threads", "2"),
        ] {
            assert_eq!(
                ok(line),
                Some(UbgiCommand::Set {
                    key: key.into(),
                    value: value.into()
                }),
                "{line}"
            );
        }
        assert_eq!(
            ok("setoption name engine.ply value 3"),
            Some(UbgiCommand::Set {
                key: "engine.ply".into(),
                value: "3".into()
            })
        );
        assert_eq!(ok("   "), None);
        assert_eq!(ok("\t\r"), None);
    }

    #[test]
    fn key_lines_declare_options() {
        let read = |line: &str| match Ubgi.read_handshake_line(line) {
            HandshakeLine::Option(a) => a,
            other => panic!("{line}: {other:?}"),
        };
        let threads = read("key engine.threads int 1..1024 1 ! search threads");
        assert_eq!(threads.name, "engine.threads");
        assert_eq!(
            threads.kind,
            Some(OptionKind::Spin {
                default: 1,
                min: 1,
                max: 1024
            })
        );
        assert_eq!(
            read("key game.jacoby bool true Jacoby rule").kind,
            Some(OptionKind::Check { default: true })
        );
        assert_eq!(
            read("key game.variant enum backgammon|tavla backgammon rule set").kind,
            Some(OptionKind::Combo {
                default: "backgammon".into(),
                vars: vec!["backgammon".into(), "tavla".into()]
            })
        );
        for unread in [
            "key engine.book string book.bin",
            "key engine.ply int 1-3 2",
            "key engine.ply int",
            "key x",
        ] {
            assert_eq!(read(unread).kind, None, "{unread}");
        }
        assert_eq!(Ubgi.read_handshake_line("key"), HandshakeLine::Other);
    }

    #[test]
    fn bad_lines_say_why_with_their_code() {
        let words = words();
        for (line, kind) in [
            ("xyzzy", ErrorKind::BadCommand),
            ("\u{0}\u{1}\u{7f}", ErrorKind::BadCommand),
            ("UBGI", ErrorKind::BadCommand),
            ("dice 3", ErrorKind::BadCommand),
            ("dice x y", ErrorKind::BadValue),
            ("dice 3 1 2", ErrorKind::BadCommand),
            ("go fast", ErrorKind::BadCommand),
            ("position", ErrorKind::BadCommand),
            ("position gnubgid", ErrorKind::BadCommand),
            ("set engine.ply", ErrorKind::BadCommand),
            ("get", ErrorKind::BadCommand),
            ("isready now", ErrorKind::BadCommand),
            ("setoption name x", ErrorKind::BadCommand),
            ("setoption name Variant", ErrorKind::BadCommand),
            ("setoption name Variant value", ErrorKind::BadCommand),
            ("setoption Variant value x", ErrorKind::BadCommand),
            ("setoption name Seed value 2", ErrorKind::Unsupported),
            (
                "setoption name Eval Mode value cubeful",
                ErrorKind::Unsupported,
            ),
            ("go role", ErrorKind::BadCommand),
            ("go role dance", ErrorKind::BadCommand),
            ("go role role chequer", ErrorKind::BadCommand),
            ("go chequers", ErrorKind::BadCommand),
            ("go role chequer depth", ErrorKind::BadCommand),
            ("go role chequer speed 3", ErrorKind::BadCommand),
            ("go role chequer depth 9", ErrorKind::BadValue),
            ("go role chequer movetime 0", ErrorKind::BadValue),
            (
                "go role chequer nodes 99999999999999999999999",
                ErrorKind::BadValue,
            ),
            ("go role chequer trials 100", ErrorKind::Unsupported),
            ("setturn p0", ErrorKind::Unsupported),
            ("newsession type money", ErrorKind::Unsupported),
            ("go role \u{1}\u{ff}chequer", ErrorKind::BadCommand),
        ] {
            match parse(line, &words) {
                Err(e) => assert_eq!(e.kind, kind, "{line}: {}", e.detail),
                Ok(c) => panic!("{line} accepted as {c:?}"),
            }
        }
    }
}

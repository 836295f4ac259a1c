//! UBGI v0.2 commands (protocol-spec/backgammon.md §3): keywords are
//! case-sensitive, one command per line, and every unknown input is
//! answered by an `error` line, so unlike UCI no leading words are
//! skipped.

use crate::engine::EngineError;
use crate::games::shorten;
use nom::{
    IResult, Parser,
    bytes::complete::{tag, take_till1},
    character::complete::{char, one_of, space0, space1},
    combinator::{all_consuming, opt, rest},
    sequence::{preceded, tuple},
};

/// What `go` is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoRole {
    Chequer,
    Cube,
    Turn,
}

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
    Go(GoRole),
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

/// `setoption name <key> value <v>` (the v0.1 alias of `set`).
fn setoption(i: &str) -> IResult<&str, (&str, Option<&str>)> {
    let (i, _) = tuple((space0, tag("name"), space1)).parse(i)?;
    let (i, key) = take_till1(|c: char| c == ' ').parse(i)?;
    let (i, value) = opt(preceded(tuple((space1, tag("value"), char(' '))), rest)).parse(i)?;
    Ok((i, (key, value)))
}

/// Parses one line (already normalised to single blanks). `Ok(None)` for
/// a blank line.
pub fn parse(line: &str) -> Result<Option<UbgiCommand>, EngineError> {
    let line = super::command::normalise(line);
    if line.is_empty() {
        return Ok(None);
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
        "go" => match args {
            "" | "chequer" => Ok(UbgiCommand::Go(GoRole::Chequer)),
            "cube" => Ok(UbgiCommand::Go(GoRole::Cube)),
            "turn" => Ok(UbgiCommand::Go(GoRole::Turn)),
            other => Err(EngineError::bad_command(format!(
                "unknown go role '{}' (expected chequer, cube or turn)",
                shorten(other)
            ))),
        },
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
            Ok((_, (key, Some(value)))) => Ok(UbgiCommand::Set {
                key: key.to_string(),
                value: value.to_string(),
            }),
            _ => Err(EngineError::bad_command(
                "expected: setoption name <key> value <v>",
            )),
        },
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
    use crate::engine::ErrorKind;

    #[test]
    fn commands_parse() {
        let ok = |l: &str| parse(l).ok().flatten();
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
        assert_eq!(ok("go"), Some(UbgiCommand::Go(GoRole::Chequer)));
        assert_eq!(ok("go  turn"), Some(UbgiCommand::Go(GoRole::Turn)));
        assert_eq!(
            ok("setoption name engine.ply value 3"),
            Some(UbgiCommand::Set {
                key: "engine.ply".into(),
                value: "3".into()
            })
        );
        assert_eq!(ok("   "), None);
    }

    #[test]
    fn bad_lines_say_why_with_their_code() {
        for (line, kind) in [
            ("xyzzy", ErrorKind::BadCommand),
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
        ] {
            match parse(line) {
                Err(e) => assert_eq!(e.kind, kind, "{line}: {}", e.detail),
                Ok(c) => panic!("{line} accepted as {c:?}"),
            }
        }
    }
}

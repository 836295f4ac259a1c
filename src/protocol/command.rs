//! The command language: one nom grammar for every dialect's input lines.
//!
//! A line is first normalised (tabs, CR and runs of blanks become single
//! spaces), then unknown leading words are skipped as the UCI spec asks
//! (`joho debug on` is `debug on`), then the first known command word is
//! parsed with its arguments. Parsing never panics; every failure is a
//! [`CommandError`] naming the command and what is wrong.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till1},
    character::complete::{char, digit1, space0, space1},
    combinator::{all_consuming, eof, map, map_res, opt, recognize, value},
    multi::many0,
    sequence::{pair, preceded, terminated},
};

use crate::engine::Dialect;

/// Where a `position` command starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionBase {
    StartPos,
    /// `fen`, `sfen`, `tps`, ... followed by the notation text (its fields
    /// joined by single spaces).
    Notation {
        keyword: String,
        text: String,
    },
}

/// The parameters of `go`, clocks still named as sent (`wtime` / `btime`);
/// the dialect maps them to players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    pub searchmoves: Vec<String>,
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    /// `go mate infinite` (USI): a mate search without a time limit.
    pub mate_infinite: bool,
    pub movetime: Option<i64>,
    pub byoyomi: Option<i64>,
    pub infinite: bool,
    /// `p<k>time` / `p<k>inc` (k = 1..6, an extension for games of more
    /// than two players): player k's clock at index k - 1.
    /// (Empty when the `go` names none.)
    pub player_time: Vec<Option<i64>>,
    pub player_inc: Vec<Option<i64>>,
}

/// How many players `p<k>time` can name.
pub const MAX_CLOCKS: usize = 6;

/// `p3time` → (2, false), `p6inc` → (5, true).
fn player_clock(word: &str) -> Option<(usize, bool)> {
    let rest = word.strip_prefix('p')?;
    let (k, is_inc) = match (rest.strip_suffix("time"), rest.strip_suffix("inc")) {
        (Some(k), _) => (k, false),
        (_, Some(k)) => (k, true),
        _ => return None,
    };
    match k.as_bytes() {
        [d @ b'1'..=b'9'] if usize::from(d - b'0') <= MAX_CLOCKS => {
            Some((usize::from(d - b'1'), is_inc))
        }
        _ => None,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A handshake word (`uci`, `xboard`, ...): it selects a dialect.
    Handshake(Dialect),
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register,
    /// `ucinewgame`, `usinewgame`, `teinewgame [size]`, `newgame`: the
    /// word as sent (each dialect accepts only its own) and its argument.
    NewGame {
        word: String,
        arg: Option<String>,
    },
    Position {
        base: PositionBase,
        moves: Vec<String>,
    },
    Go(GoParams),
    Perft {
        depth: u32,
    },
    Stop,
    PonderHit,
    Quit,
    /// `d`: board diagram and notation.
    Display,
    /// USI `gameover win|lose|draw`.
    GameOver(String),
    Bench {
        depth: Option<u32>,
    },
}

/// A line that could not be parsed: which command, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    /// The command word, or empty when no command word was found.
    pub command: String,
    pub message: String,
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.command.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.command, self.message)
        }
    }
}

/// The command words besides the dialects' handshake words.
const COMMAND_WORDS: &[&str] = &[
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "usinewgame",
    "teinewgame",
    "newgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "bench",
    "gameover",
];

/// Turns tabs, CR and other control characters into blanks so the grammar
/// only has to know about single spaces.
pub fn normalise(line: &str) -> String {
    let cleaned: String = line
        .chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    cleaned
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses one input line. `Ok(None)` for a blank line.
pub fn parse_line(line: &str) -> Result<Option<Command>, CommandError> {
    let line = normalise(line);
    if line.is_empty() {
        return Ok(None);
    }
    // Skip unknown leading words until a command word starts the rest.
    let mut rest: &str = &line;
    loop {
        let word = rest.split(' ').next().unwrap_or("");
        if Dialect::from_name(word).is_some() || COMMAND_WORDS.contains(&word) {
            return parse_command(word, rest).map(Some);
        }
        match rest.find(' ') {
            Some(i) => rest = &rest[i + 1..],
            None => break,
        }
    }
    let first = line.split(' ').next().unwrap_or("");
    Err(CommandError {
        command: String::new(),
        message: format!("unknown command '{}'", shorten(first)),
    })
}

pub use crate::games::shorten;

/// A line that does not parse is a bad command, whatever its words.
impl From<CommandError> for crate::engine::EngineError {
    fn from(e: CommandError) -> Self {
        crate::engine::EngineError::bad_command(e.to_string())
    }
}

fn err(command: &str, message: impl Into<String>) -> CommandError {
    CommandError {
        command: command.to_string(),
        message: message.into(),
    }
}

fn parse_command(word: &str, text: &str) -> Result<Command, CommandError> {
    // The arguments after the command word ("" when none).
    let args = text.get(word.len()..).unwrap_or("").trim_start();
    if let Some(dialect) = Dialect::from_name(word) {
        return Ok(Command::Handshake(dialect));
    }
    match word {
        "isready" => Ok(Command::IsReady),
        "register" => Ok(Command::Register),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "d" => Ok(Command::Display),
        "ucinewgame" | "usinewgame" | "teinewgame" | "newgame" => {
            let arg = args
                .split(' ')
                .next()
                .filter(|a| !a.is_empty())
                .map(str::to_string);
            Ok(Command::NewGame {
                word: word.to_string(),
                arg,
            })
        }
        "debug" => parse_debug(args),
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        "go" => parse_go(args),
        "bench" => parse_bench(args),
        "gameover" => match args.trim() {
            r @ ("win" | "lose" | "draw") => Ok(Command::GameOver(r.to_string())),
            _ => Err(err("gameover", "expected win, lose or draw")),
        },
        _ => Err(err(word, "unknown command")),
    }
}

// ---------------------------------------------------------------- helpers

/// One blank-free word.
fn word(i: &str) -> IResult<&str, &str> {
    preceded(space0, take_till1(|c: char| c == ' ')).parse(i)
}

/// A keyword that must be followed by a blank or the end of the line.
fn keyword<'a>(kw: &'static str) -> impl FnMut(&'a str) -> IResult<&'a str, &'a str> {
    move |i: &'a str| {
        let (rest, w) = preceded(space0, tag(kw)).parse(i)?;
        if rest.is_empty() || rest.starts_with(' ') {
            Ok((rest, w))
        } else {
            Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Tag,
            )))
        }
    }
}

fn signed_int(i: &str) -> IResult<&str, i64> {
    map_res(
        preceded(
            space0,
            recognize(pair(opt(alt((char('-'), char('+')))), digit1)),
        ),
        |s: &str| s.parse::<i64>(),
    )
    .parse(i)
}

/// Digits only: depths, node counts and move counts take no sign.
fn unsigned_int(i: &str) -> IResult<&str, u64> {
    map_res(preceded(space0, digit1), |s: &str| s.parse::<u64>()).parse(i)
}

/// Reads the number after a `go` keyword; the error names the keyword.
fn number_after<'a, T>(
    rest: &'a str,
    command: &str,
    key: &str,
    parser: fn(&'a str) -> IResult<&'a str, T>,
) -> Result<(&'a str, T), CommandError> {
    match terminated(parser, alt((recognize(space1), eof))).parse(rest) {
        Ok((r, v)) => Ok((r, v)),
        Err(_) => {
            let found = rest.trim_start().split(' ').next().unwrap_or("");
            let what = if key == "mate" {
                "a number or 'infinite'"
            } else {
                "a number"
            };
            if found.is_empty() {
                Err(err(command, format!("'{key}' needs {what}")))
            } else {
                Err(err(
                    command,
                    format!("'{key}' needs {what}, found '{}'", shorten(found)),
                ))
            }
        }
    }
}

// ---------------------------------------------------------------- debug

fn parse_debug(args: &str) -> Result<Command, CommandError> {
    let on_off = alt((value(true, keyword("on")), value(false, keyword("off"))));
    match all_consuming(terminated(on_off, space0)).parse(args) {
        Ok((_, on)) => Ok(Command::Debug(on)),
        Err(_) => Err(err("debug", "expected 'on' or 'off'")),
    }
}

// ---------------------------------------------------------------- setoption

fn parse_setoption(args: &str) -> Result<Command, CommandError> {
    let Ok((rest, _)) = keyword("name").parse(args) else {
        return Err(err("setoption", "expected 'name <id> [value <x>]'"));
    };
    let rest = rest.trim_start();
    // The name runs up to a ` value ` word (or the end); the value is the
    // rest of the line, spaces kept.
    let (name, value) = split_at_word(rest, "value");
    let name = name.trim();
    if name.is_empty() {
        return Err(err("setoption", "missing option name"));
    }
    let value = value.map(|v| v.trim().to_string());
    Ok(Command::SetOption {
        name: name.to_string(),
        value,
    })
}

/// Splits `text` at the first whole word `w`: (before, Some(after)).
fn split_at_word<'a>(text: &'a str, w: &str) -> (&'a str, Option<&'a str>) {
    let mut offset = 0;
    for part in text.split(' ') {
        if part == w {
            let before = text.get(..offset).unwrap_or("");
            let after = text.get(offset + w.len()..).unwrap_or("");
            return (before, Some(after));
        }
        offset += part.len() + 1;
    }
    (text, None)
}

// ---------------------------------------------------------------- position

fn parse_position(args: &str) -> Result<Command, CommandError> {
    let (base_text, moves_text) = split_at_word(args, "moves");
    let base = match word(base_text) {
        Ok((rest, "startpos")) => {
            if !rest.trim().is_empty() {
                return Err(err(
                    "position",
                    format!("unexpected '{}' after 'startpos'", shorten(rest.trim())),
                ));
            }
            PositionBase::StartPos
        }
        Ok((rest, kw)) if crate::engine::registry::is_position_keyword(kw) => {
            let text = rest.trim();
            if text.is_empty() {
                return Err(err("position", format!("'{kw}' needs a position")));
            }
            PositionBase::Notation {
                keyword: kw.to_string(),
                text: text.to_string(),
            }
        }
        Ok((_, other)) => {
            return Err(err(
                "position",
                format!(
                    "expected 'startpos' or 'fen <position>', found '{}'",
                    shorten(other)
                ),
            ));
        }
        Err(_) => return Err(err("position", "expected 'startpos' or 'fen <position>'")),
    };
    let moves = match moves_text {
        None => Vec::new(),
        Some(m) => {
            match all_consuming(terminated(many0(map(word, str::to_string)), space0)).parse(m) {
                Ok((_, moves)) => moves,
                Err(_) => return Err(err("position", "bad move list")),
            }
        }
    };
    Ok(Command::Position { base, moves })
}

// ---------------------------------------------------------------- go

fn parse_go(args: &str) -> Result<Command, CommandError> {
    if let Ok((rest, _)) = keyword("perft").parse(args) {
        let (rest, depth) = number_after(rest, "go", "perft", unsigned_int)?;
        let _ = rest;
        let depth = u32::try_from(depth).map_err(|_| err("go", "perft depth too large"))?;
        return Ok(Command::Perft { depth });
    }
    let mut p = GoParams::default();
    let mut rest = args;
    while let Ok((after, w)) = word(rest) {
        rest = after;
        match w {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "wtime" => (rest, p.wtime) = some(number_after(rest, "go", w, signed_int)?),
            "btime" => (rest, p.btime) = some(number_after(rest, "go", w, signed_int)?),
            "winc" => (rest, p.winc) = some(number_after(rest, "go", w, signed_int)?),
            "binc" => (rest, p.binc) = some(number_after(rest, "go", w, signed_int)?),
            "movetime" => (rest, p.movetime) = some(number_after(rest, "go", w, signed_int)?),
            "byoyomi" => (rest, p.byoyomi) = some(number_after(rest, "go", w, signed_int)?),
            "movestogo" => {
                (rest, p.movestogo) = some_u32(number_after(rest, "go", w, unsigned_int)?, w)?
            }
            "depth" => (rest, p.depth) = some_u32(number_after(rest, "go", w, unsigned_int)?, w)?,
            "mate" if keyword("infinite").parse(rest).is_ok() => {
                if let Ok((after, _)) = keyword("infinite").parse(rest) {
                    rest = after;
                }
                p.mate_infinite = true;
            }
            "mate" => {
                (rest, p.mate) = some_u32(number_after(rest, "go", w, unsigned_int)?, w)?;
            }
            "nodes" => (rest, p.nodes) = some(number_after(rest, "go", w, unsigned_int)?),
            _ if player_clock(w).is_some() => {
                let (after, ms) = number_after(rest, "go", w, signed_int)?;
                rest = after;
                if let Some((k, is_inc)) = player_clock(w) {
                    let slots = if is_inc {
                        &mut p.player_inc
                    } else {
                        &mut p.player_time
                    };
                    slots.resize(MAX_CLOCKS, None);
                    if let Some(slot) = slots.get_mut(k) {
                        *slot = Some(ms);
                    }
                }
            }
            "searchmoves" => {
                // Moves run until the next go keyword.
                while let Ok((after, m)) = word(rest) {
                    if GO_KEYWORDS.contains(&m) || player_clock(m).is_some() {
                        break;
                    }
                    p.searchmoves.push(m.to_string());
                    rest = after;
                }
                if p.searchmoves.is_empty() {
                    return Err(err("go", "'searchmoves' needs at least one move"));
                }
            }
            // Unknown tokens are skipped, as the UCI spec asks.
            _ => {}
        }
    }
    Ok(Command::Go(p))
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "byoyomi",
    "infinite",
];

fn some<T>((rest, v): (&str, T)) -> (&str, Option<T>) {
    (rest, Some(v))
}

fn some_u32<'a>(
    (rest, v): (&'a str, u64),
    key: &str,
) -> Result<(&'a str, Option<u32>), CommandError> {
    match u32::try_from(v) {
        Ok(v) => Ok((rest, Some(v))),
        Err(_) => Err(err("go", format!("'{key}' value {v} is too large"))),
    }
}

// ---------------------------------------------------------------- bench

fn parse_bench(args: &str) -> Result<Command, CommandError> {
    if args.trim().is_empty() {
        return Ok(Command::Bench { depth: None });
    }
    let (rest, depth) = number_after(args, "bench", "bench", unsigned_int)?;
    if let Some(extra) = rest.split_whitespace().next() {
        return Err(err(
            "bench",
            format!("unexpected '{}' after the depth", shorten(extra)),
        ));
    }
    let depth = u32::try_from(depth).map_err(|_| err("bench", "depth too large"))?;
    Ok(Command::Bench { depth: Some(depth) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        match parse_line(line) {
            Ok(Some(c)) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn fails(line: &str) -> CommandError {
        match parse_line(line) {
            Err(e) => e,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn skips_unknown_leading_words() {
        assert_eq!(ok("joho debug on"), Command::Debug(true));
        assert_eq!(ok("  \tisready\r"), Command::IsReady);
    }

    #[test]
    fn blank_lines_are_nothing() {
        assert_eq!(parse_line("   \t\r"), Ok(None));
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Book File value a b.bin"),
            Command::SetOption {
                name: "Book File".into(),
                value: Some("a b.bin".into())
            }
        );
        assert_eq!(fails("setoption value 3").command, "setoption");
        assert_eq!(
            fails("setoption name value 3").message,
            "missing option name"
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves "),
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position fen 8/8/8/8/8/8/8/8 w - - 0 1 moves a1a2 b3b4"),
            Command::Position {
                base: PositionBase::Notation {
                    keyword: "fen".into(),
                    text: "8/8/8/8/8/8/8/8 w - - 0 1".into()
                },
                moves: vec!["a1a2".into(), "b3b4".into()]
            }
        );
        assert!(fails("position").message.contains("expected"));
        assert!(fails("position fen").message.contains("needs a position"));
        assert!(
            fails("position startpos e3e4")
                .message
                .contains("unexpected")
        );
        assert!(fails("position bogus").message.contains("found 'bogus'"));
    }

    #[test]
    fn go_parameters() {
        let Command::Go(p) = ok(
            "go wtime -100 btime 2000 winc 10 binc 10 movestogo 5 depth 3 nodes 1000 mate 2 movetime 50 infinite ponder",
        ) else {
            panic!()
        };
        assert_eq!(p.wtime, Some(-100));
        assert_eq!(p.btime, Some(2000));
        assert_eq!(p.movestogo, Some(5));
        assert_eq!(p.depth, Some(3));
        assert_eq!(p.nodes, Some(1000));
        assert_eq!(p.mate, Some(2));
        assert_eq!(p.movetime, Some(50));
        assert!(p.infinite && p.ponder);
        let Command::Go(p) = ok("go searchmoves e3e4 a3a4 depth 2") else {
            panic!()
        };
        assert_eq!(p.searchmoves, vec!["e3e4", "a3a4"]);
        assert_eq!(p.depth, Some(2));
        assert_eq!(ok("go perft 3"), Command::Perft { depth: 3 });
        let Command::Go(p) =
            ok("go p1time 100 p3time 300 p3inc 5 searchmoves 3-14 p2time 7 p7time 9")
        else {
            panic!("not a go")
        };
        assert_eq!(
            p.player_time,
            vec![Some(100), Some(7), Some(300), None, None, None]
        );
        assert_eq!(p.player_inc[2], Some(5));
        assert_eq!(p.searchmoves, vec!["3-14"]);
        assert_eq!(
            ok("go foo depth 1"),
            Command::Go(GoParams {
                depth: Some(1),
                ..Default::default()
            })
        );
    }

    #[test]
    fn go_errors_name_the_parameter() {
        assert_eq!(
            fails("go depth x").message,
            "'depth' needs a number, found 'x'"
        );
        assert_eq!(fails("go depth").message, "'depth' needs a number");
        assert_eq!(fails("go depth -1").command, "go");
        assert!(fails("go depth 99999999999").message.contains("too large"));
        assert!(fails("go nodes 1e5").message.contains("'nodes'"));
        assert!(fails("go perft").message.contains("perft"));
        assert!(fails("go searchmoves").message.contains("searchmoves"));
        assert!(
            fails("go p3time x")
                .message
                .contains("'p3time' needs a number")
        );
        match ok("go mate infinite") {
            Command::Go(p) => assert!(p.mate_infinite && p.mate.is_none()),
            other => panic!("{other:?}"),
        }
        assert_eq!(ok("gameover lose"), Command::GameOver("lose".into()));
        assert!(
            fails("gameover maybe")
                .message
                .contains("win, lose or draw")
        );
    }

    #[test]
    fn unknown_and_junk() {
        assert_eq!(fails("xyzzy").message, "unknown command 'xyzzy'");
        assert_eq!(fails("\u{1}\u{2}garbage\u{ff}").command, "");
        assert!(fails(&"z".repeat(5000)).message.len() < 100);
        assert_eq!(fails("debug maybe").command, "debug");
    }

    #[test]
    fn counts_take_no_sign_but_clocks_may() {
        for line in [
            "go depth +3",
            "go nodes +5",
            "go mate +1",
            "go movestogo +2",
            "go perft +1",
            "bench +1",
            "go depth -3",
        ] {
            assert!(fails(line).message.contains("needs a number"), "{line}");
        }
        match ok("go wtime -20 btime +300") {
            Command::Go(p) => assert_eq!((p.wtime, p.btime), (Some(-20), Some(300))),
            other => panic!("{other:?}"),
        }
        assert!(fails("bench 1 2").message.contains("unexpected '2'"));
        assert_eq!(ok("bench 3"), Command::Bench { depth: Some(3) });
    }

    #[test]
    fn new_game_words_keep_their_word_and_argument() {
        assert_eq!(
            ok("teinewgame 5"),
            Command::NewGame {
                word: "teinewgame".into(),
                arg: Some("5".into())
            }
        );
        assert_eq!(
            ok("usinewgame"),
            Command::NewGame {
                word: "usinewgame".into(),
                arg: None
            }
        );
    }
}

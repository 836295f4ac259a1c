//! Hub v2 (Scan's protocol for draughts, protocol-spec/draughts.md §6):
//! every line is `<command> <name>=<value> <name> ...`, a value in double
//! quotes when it holds a blank or `=` or is empty, an argument without
//! `=` a flag. Unknown commands and arguments are ignored, as the protocol
//! asks; a known command with a value it cannot use is an error.
//!
//! The same grammar reads the engine's side (`id`, `param`, `info`,
//! `done`, `error`) for the match runner's Hub client. What Hub says
//! differently is [`Hub`]; the session loop is [`side`].

pub mod first;
pub mod side;

use super::{AnswerLine, Dialect, HandshakeLine, Limit, Speech, short_line};
use crate::engine::{EngineError, registry};
use crate::games::{MoveNotation, OptionKind, shorten};
use crate::protocol::daemon::DialectSide;
use crate::protocol::options::{Announced, CommonOption};
use crate::protocol::score::{EngineScore, ScoreValue};
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{take_till, take_till1},
    character::complete::{char, digit0, digit1, space0, space1},
    combinator::{all_consuming, map, opt, recognize},
    multi::many0,
    sequence::{delimited, pair, preceded},
};

/// Hub.
pub struct Hub;

impl Speech for Hub {
    fn handshake_ok(&self) -> &'static str {
        "wait"
    }

    fn new_game_word(&self) -> &'static str {
        "new-game"
    }

    fn set_option_word(&self) -> &'static str {
        "set-param"
    }

    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Hub
    }

    fn daemon_side(&self) -> Box<dyn DialectSide> {
        Box::<side::HubState>::default()
    }

    fn common_options(&self) -> &'static [CommonOption] {
        &[
            CommonOption::Variant,
            CommonOption::Threads,
            CommonOption::Hash,
        ]
    }

    /// Scan's lower-case `variant`, `threads` and `hash`.
    fn option_name(&self, option: CommonOption) -> &'static str {
        match option {
            CommonOption::Variant => "variant",
            CommonOption::Threads => "threads",
            CommonOption::Hash => "hash",
            other => super::uci_option_name(other),
        }
    }

    fn format_error(&self, error: &EngineError) -> String {
        format("error", &[("message", &error.detail)])
    }

    /// Hub has no line for a message that is not an error: stderr only.
    fn format_note(&self, _text: &str) -> Option<String> {
        None
    }

    /// Scan's `variant`.
    fn variant_option(&self) -> Option<&'static str> {
        Some("variant")
    }

    /// Hub sets only parameters that change; a Hub engine that offers no
    /// `international` knows the standard game as Scan's `normal`.
    fn variant_value(&self, variant: &str, announced: Option<&OptionKind>) -> Option<String> {
        let (default, vars) = match announced {
            Some(OptionKind::Combo { default, vars }) => (default.as_str(), vars.as_slice()),
            _ => ("", &[][..]),
        };
        let standard = registry::native_game(Dialect::Hub) == Some(variant);
        let value =
            if standard && !vars.iter().any(|v| v == variant) && vars.iter().any(|v| v == NORMAL) {
                NORMAL
            } else {
                variant
            };
        (value != default).then(|| value.to_string())
    }

    /// A Hub engine declares every parameter at once (and `hub` would
    /// start it afresh).
    fn rereads_options_after_switch(&self) -> bool {
        false
    }

    /// Hub engines read their parameters at `init`.
    fn options_taken_by(&self) -> Option<(&'static str, &'static str)> {
        Some(("init", "ready"))
    }

    fn ready_words(&self) -> (&'static str, &'static str) {
        ("ping", "pong")
    }

    /// Scan 2.0 answers `hub` in the first Hub dialect.
    fn older_version(&self, line: &str) -> Option<&'static dyn Speech> {
        first::is_first_dialect_line(line).then_some(&first::HubFirst as &'static dyn Speech)
    }

    /// `id name=... version=...`, `param ...` lines, then `wait`.
    fn read_handshake_line(&self, line: &str) -> HandshakeLine {
        if line.trim() == self.handshake_ok() {
            return HandshakeLine::Done;
        }
        let Ok(Some(l)) = split(line) else {
            return HandshakeLine::Other;
        };
        match l.command.as_str() {
            "id" => l.get("name").map_or(HandshakeLine::Other, |name| {
                let version = l.get("version").map(|v| format!(" {v}"));
                HandshakeLine::Name(format!("{name}{}", version.unwrap_or_default()))
            }),
            "param" => parse_param(&l).map_or(HandshakeLine::Other, HandshakeLine::Option),
            _ => HandshakeLine::Other,
        }
    }

    fn position_keyword(&self) -> &'static str {
        "pos"
    }

    /// `pos pos=<pos> moves="..."` (`pos start` without a position).
    fn position(&self, start: Option<&str>, moves: &[String]) -> String {
        let joined = moves.join(" ");
        let mut args = Vec::new();
        if let Some(p) = start {
            args.push(("pos", p));
        }
        if !moves.is_empty() {
            args.push(("moves", joined.as_str()));
        }
        let line = format("pos", &args);
        match start {
            Some(_) => line,
            None => line.replacen("pos", "pos start", 1),
        }
    }

    fn set_option(&self, name: &str, value: &str) -> String {
        format("set-param", &[("name", name), ("value", value)])
    }

    /// The mover's clock only, in seconds.
    fn go_clocks(&self, clocks: &[i64], mover: usize, inc: u64, movestogo: Option<u32>) -> String {
        let own = clocks.get(mover).copied().unwrap_or(0);
        clock_request(own, inc, movestogo)
    }

    /// A `level` line, then `go think`.
    fn go_limit(&self, limit: Limit) -> String {
        match limit {
            Limit::Depth(d) => format!("level depth={d}\ngo think"),
            Limit::Nodes(n) => format!("level nodes={n}\ngo think"),
            Limit::MoveTime(ms) => format!("level move-time={}\ngo think", seconds_text(ms)),
        }
    }

    fn answer_word(&self) -> &'static str {
        "done"
    }

    /// `info ...` lines until `done move=...`; an `error` line means the
    /// engine refused what it was sent.
    fn read_answer_line(&self, line: &str) -> AnswerLine {
        let Ok(Some(l)) = split(line) else {
            return AnswerLine::Other;
        };
        match l.command.as_str() {
            "done" => match l.get("move").filter(|m| !m.is_empty()) {
                Some(m) => AnswerLine::Best(m.to_string()),
                None => AnswerLine::Fault("'done' without a move".into()),
            },
            "info" => info_score(&l).map_or(AnswerLine::Other, AnswerLine::Score),
            "error" => AnswerLine::Fault(format!("answered '{}'", short_line(line))),
            _ => AnswerLine::Other,
        }
    }

    /// Hub's own notation (captures list the captured squares).
    fn client_notation(&self, _home: bool) -> MoveNotation {
        MoveNotation::Hub
    }
}

/// Hub's name for the standard game (Scan's `variant=normal`): the first
/// game that speaks Hub.
const NORMAL: &str = "normal";

/// Hub's search request for a clock: the mover's time only, in seconds
/// (`level time=12.5 inc=0.1 [moves=N]`), then `go think`.
fn clock_request(own_ms: i64, inc_ms: u64, movestogo: Option<u32>) -> String {
    let time = seconds_text(own_ms.max(0) as u64);
    let inc = seconds_text(inc_ms);
    let moves = movestogo.map(|m| m.to_string());
    let mut args = vec![("time", time.as_str()), ("inc", inc.as_str())];
    if let Some(m) = &moves {
        args.push(("moves", m));
    }
    format!("{}\ngo think", format("level", &args))
}

/// Milliseconds as Hub's seconds: `1500` → `1.500`.
fn seconds_text(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Reads a Hub `param name=... value=... type=...` line (Scan's types:
/// bool, int with min and max, enum with values, string, real); `None`
/// when it names no parameter.
fn parse_param(line: &HubLine) -> Option<Announced> {
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

/// The score of Hub's `info depth=12 score=0.35` (in men).
pub fn info_score(line: &HubLine) -> Option<EngineScore> {
    let men: f64 = line.get("score")?.parse().ok()?;
    if !men.is_finite() {
        return None;
    }
    Some(EngineScore {
        value: ScoreValue::Centipawns((men * 100.0).round() as i64),
        depth: line.get("depth").and_then(|d| d.parse::<u32>().ok()),
    })
}

/// One argument: its name and, unless it is a flag, its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    pub name: String,
    pub value: Option<String>,
}

/// A line split into its command word and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubLine {
    pub command: String,
    pub args: Vec<Arg>,
}

impl HubLine {
    /// The value of the first argument called `name` (a flag's is "").
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.value.as_deref().unwrap_or(""))
    }

    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|a| a.name == name)
    }
}

/// A name: anything up to a blank or `=`.
fn name(i: &str) -> IResult<&str, &str> {
    take_till1(|c: char| c == ' ' || c == '=' || c == '"').parse(i)
}

/// A value: quoted (anything but a quote inside) or a bare word.
fn value(i: &str) -> IResult<&str, &str> {
    alt((
        delimited(char('"'), take_till(|c: char| c == '"'), char('"')),
        take_till(|c: char| c == ' ' || c == '"'),
    ))
    .parse(i)
}

fn arg(i: &str) -> IResult<&str, Arg> {
    map(
        pair(preceded(space1, name), opt(preceded(char('='), value))),
        |(n, v)| Arg {
            name: n.to_string(),
            value: v.map(str::to_string),
        },
    )
    .parse(i)
}

fn line(i: &str) -> IResult<&str, HubLine> {
    map(
        delimited(space0, pair(name, many0(arg)), space0),
        |(command, args)| HubLine {
            command: command.to_string(),
            args,
        },
    )
    .parse(i)
}

/// Splits a line (blanks normalised first). `Ok(None)` for a blank line.
pub fn split(text: &str) -> Result<Option<HubLine>, EngineError> {
    let text = normalise(text);
    if text.is_empty() {
        return Ok(None);
    }
    match all_consuming(line).parse(&text) {
        Ok((_, l)) => Ok(Some(l)),
        Err(_) => {
            let command = text.split(' ').next().unwrap_or("");
            let why = if text.matches('"').count() % 2 == 1 {
                "a quoted value has no closing quote"
            } else {
                "expected <command> <name>=<value> ..."
            };
            Err(EngineError::bad_command(format!(
                "{}: {why}",
                shorten(command)
            )))
        }
    }
}

/// Control characters and tabs become blanks; runs of blanks outside
/// quotes shrink to one, so `moves="32-28  19-23"` keeps its meaning.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    for c in text.chars() {
        let c = if c.is_whitespace() || c.is_control() {
            ' '
        } else {
            c
        };
        if c == '"' {
            quoted = !quoted;
        }
        if c == ' ' && !quoted && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    if !quoted {
        while out.ends_with(' ') {
            out.pop();
        }
    }
    out
}

/// Writes a line: values quoted when they must be (a blank, `=`, empty);
/// a quote inside a value, which Hub cannot carry, becomes `'`.
pub fn format(command: &str, args: &[(&str, &str)]) -> String {
    let mut s = command.to_string();
    for (n, v) in args {
        let v = v.replace('"', "'");
        s.push(' ');
        s.push_str(n);
        s.push('=');
        if v.is_empty() || v.contains([' ', '=']) {
            s.push('"');
            s.push_str(&v);
            s.push('"');
        } else {
            s.push_str(&v);
        }
    }
    s
}

/// The search mode `go` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoMode {
    Think,
    Ponder,
    Analyze,
}

/// The limits of the next search, in milliseconds where they are times.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Level {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time_ms: Option<i64>,
    pub moves: Option<u32>,
    pub time_ms: Option<i64>,
    pub inc_ms: Option<i64>,
    pub infinite: bool,
}

impl Level {
    /// The fields `other` sets replace this level's (a `level` line adds
    /// to the level in force, as in Scan).
    pub fn merge(&mut self, other: &Level) {
        self.depth = other.depth.or(self.depth);
        self.nodes = other.nodes.or(self.nodes);
        self.move_time_ms = other.move_time_ms.or(self.move_time_ms);
        self.moves = other.moves.or(self.moves);
        self.time_ms = other.time_ms.or(self.time_ms);
        self.inc_ms = other.inc_ms.or(self.inc_ms);
        self.infinite |= other.infinite;
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HubCommand {
    Hub,
    SetParam {
        name: String,
        value: String,
    },
    Init,
    NewGame,
    /// `pos [start] [pos=<position>] [moves="<m1> <m2> ..."]`: `None` is
    /// the start position.
    Pos {
        position: Option<String>,
        moves: Vec<String>,
    },
    Level(Level),
    Go(GoMode),
    PonderHit,
    Stop,
    Ping,
    Quit,
    /// A command Hub does not have: ignored.
    Unknown(String),
}

/// A real number of seconds (`1`, `0.5`, `291.587`, `.25`) in whole
/// milliseconds.
fn seconds(text: &str) -> Option<i64> {
    fn number(i: &str) -> IResult<&str, &str> {
        alt((
            recognize(pair(digit1, opt(pair(char('.'), digit0)))),
            recognize(pair(char('.'), digit1)),
        ))
        .parse(i)
    }
    let (_, s) = all_consuming(number).parse(text).ok()?;
    let secs: f64 = s.parse().ok()?;
    let ms = (secs * 1000.0).round();
    (ms.is_finite() && ms < 1e15).then_some(ms as i64)
}

fn whole<T: std::str::FromStr>(text: &str) -> Option<T> {
    let (_, s) = all_consuming(digit1::<&str, nom::error::Error<&str>>)
        .parse(text)
        .ok()?;
    s.parse().ok()
}

fn parse_level(l: &HubLine) -> Result<Level, EngineError> {
    let mut level = Level::default();
    for a in &l.args {
        let v = a.value.as_deref().unwrap_or("");
        let bad = |what: &str| {
            EngineError::bad_value(format!("level: {}='{}' is not {what}", a.name, shorten(v)))
        };
        match a.name.as_str() {
            "depth" => level.depth = Some(whole(v).ok_or_else(|| bad("a depth"))?),
            "nodes" => level.nodes = Some(whole(v).ok_or_else(|| bad("a node count"))?),
            "moves" => level.moves = Some(whole(v).ok_or_else(|| bad("a move count"))?),
            "move-time" => {
                level.move_time_ms = Some(seconds(v).ok_or_else(|| bad("a time in seconds"))?)
            }
            "time" => level.time_ms = Some(seconds(v).ok_or_else(|| bad("a time in seconds"))?),
            "inc" => level.inc_ms = Some(seconds(v).ok_or_else(|| bad("a time in seconds"))?),
            "infinite" => level.infinite = true,
            _ => {}
        }
    }
    Ok(level)
}

/// Parses one line from the GUI. `Ok(None)` for a blank line.
pub fn parse(text: &str) -> Result<Option<HubCommand>, EngineError> {
    let Some(l) = split(text)? else {
        return Ok(None);
    };
    let command = match l.command.as_str() {
        "hub" => HubCommand::Hub,
        "init" => HubCommand::Init,
        "new-game" => HubCommand::NewGame,
        "ponder-hit" => HubCommand::PonderHit,
        "stop" => HubCommand::Stop,
        "ping" => HubCommand::Ping,
        "quit" => HubCommand::Quit,
        "set-param" => match (l.get("name"), l.get("value")) {
            (Some(n), Some(v)) if !n.is_empty() => HubCommand::SetParam {
                name: n.to_string(),
                value: v.to_string(),
            },
            (Some(n), None) if !n.is_empty() => {
                return Err(EngineError::bad_command(format!(
                    "set-param: missing value for '{}'",
                    shorten(n)
                )));
            }
            _ => return Err(EngineError::bad_command("set-param: missing name")),
        },
        "pos" => {
            // The last of `start` and `pos=` wins, as in Scan; of several
            // `moves=` the last wins too.
            let mut position = None;
            let mut played = "";
            for a in &l.args {
                match (a.name.as_str(), &a.value) {
                    ("start", _) => position = None,
                    ("pos", Some(p)) if !p.is_empty() => position = Some(p.clone()),
                    ("pos", _) => {
                        return Err(EngineError::bad_command("pos: pos= needs a position"));
                    }
                    ("moves", v) => played = v.as_deref().unwrap_or(""),
                    _ => {}
                }
            }
            let moves = played
                .split(' ')
                .filter(|m| !m.is_empty())
                .map(str::to_string)
                .collect();
            HubCommand::Pos { position, moves }
        }
        "level" => HubCommand::Level(parse_level(&l)?),
        "go" => {
            let mode = l.args.iter().find_map(|a| match a.name.as_str() {
                "think" => Some(GoMode::Think),
                "ponder" => Some(GoMode::Ponder),
                "analyze" => Some(GoMode::Analyze),
                _ => None,
            });
            HubCommand::Go(mode.unwrap_or(GoMode::Think))
        }
        other => HubCommand::Unknown(other.to_string()),
    };
    Ok(Some(command))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ErrorKind;

    fn ok(l: &str) -> HubCommand {
        match parse(l) {
            Ok(Some(c)) => c,
            other => panic!("{l}: {other:?}"),
        }
    }

    #[test]
    fn lines_split_into_pairs_and_flags() {
        let l = split(r#"  info depth=21 mean-depth=20.8   pv="32-28 17-22" x= y="" flag"#)
            .unwrap()
            .unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("depth"), Some("21"));
        assert_eq!(l.get("pv"), Some("32-28 17-22"));
        assert_eq!(l.get("x"), Some(""));
        assert_eq!(l.get("y"), Some(""));
        assert!(l.has("flag") && l.get("flag") == Some(""));
        assert_eq!(split(" \t ").unwrap(), None);
        // Blanks inside quotes are kept (a tab becomes a blank).
        let l = split("pos moves=\"32-28\t 19-23\"").unwrap().unwrap();
        assert_eq!(l.get("moves"), Some("32-28  19-23"));
    }

    #[test]
    fn lines_are_written_with_quotes_where_needed() {
        assert_eq!(
            format(
                "id",
                &[("name", "tabula"), ("author", "the tabula developers")]
            ),
            r#"id name=tabula author="the tabula developers""#
        );
        assert_eq!(
            format("error", &[("message", r#"a "b"=c"#)]),
            r#"error message="a 'b'=c""#
        );
        assert_eq!(format("x", &[("v", "")]), r#"x v="""#);
    }

    #[test]
    fn commands_parse() {
        assert_eq!(ok("hub"), HubCommand::Hub);
        assert_eq!(
            ok("set-param name=variant value=russian"),
            HubCommand::SetParam {
                name: "variant".into(),
                value: "russian".into()
            }
        );
        assert_eq!(
            ok(r#"pos pos=Wbbb moves="32-28 19-23""#),
            HubCommand::Pos {
                position: Some("Wbbb".into()),
                moves: vec!["32-28".into(), "19-23".into()]
            }
        );
        assert_eq!(
            ok(r#"pos moves="32-28 19-23" moves=33-29"#),
            HubCommand::Pos {
                position: None,
                moves: vec!["33-29".into()]
            }
        );
        assert_eq!(
            ok(r#"pos moves=33-29 moves="""#),
            HubCommand::Pos {
                position: None,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("pos pos=Wbbb start"),
            HubCommand::Pos {
                position: None,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("level moves=9 time=291.587 inc=.5 colour=red"),
            HubCommand::Level(Level {
                moves: Some(9),
                time_ms: Some(291_587),
                inc_ms: Some(500),
                ..Default::default()
            })
        );
        assert_eq!(
            ok("level depth=3 nodes=1000 move-time=1"),
            HubCommand::Level(Level {
                depth: Some(3),
                nodes: Some(1000),
                move_time_ms: Some(1000),
                ..Default::default()
            })
        );
        assert_eq!(ok("go ponder"), HubCommand::Go(GoMode::Ponder));
        assert_eq!(ok("go"), HubCommand::Go(GoMode::Think));
        assert_eq!(ok("go fast analyze"), HubCommand::Go(GoMode::Analyze));
        assert_eq!(ok("xyzzy a=1"), HubCommand::Unknown("xyzzy".into()));
        assert_eq!(ok("ping extra=1"), HubCommand::Ping);
    }

    #[test]
    fn bad_lines_say_why() {
        for (line, kind) in [
            ("pos moves=\"32-28", ErrorKind::BadCommand),
            ("set-param value=1", ErrorKind::BadCommand),
            ("set-param name=variant", ErrorKind::BadCommand),
            ("set-param name= value=1", ErrorKind::BadCommand),
            ("pos pos=", ErrorKind::BadCommand),
            ("level depth=x", ErrorKind::BadValue),
            ("level depth=-1", ErrorKind::BadValue),
            ("level time=1e9", ErrorKind::BadValue),
            ("level move-time=", ErrorKind::BadValue),
            ("level nodes=99999999999999999999999", ErrorKind::BadValue),
            ("=x", ErrorKind::BadCommand),
            ("go a=\"b", ErrorKind::BadCommand),
        ] {
            match parse(line) {
                Err(e) => assert_eq!(e.kind, kind, "{line}: {}", e.detail),
                Ok(c) => panic!("{line} accepted as {c:?}"),
            }
        }
    }

    fn text(score: Option<EngineScore>) -> Option<String> {
        score.map(|s| s.to_string())
    }

    #[test]
    fn hub_scores() {
        let info = split("info depth=12 score=-0.35 pv=\"32-28 19-23\"")
            .unwrap()
            .unwrap();
        assert_eq!(
            info_score(&info),
            Some(EngineScore {
                value: ScoreValue::Centipawns(-35),
                depth: Some(12)
            })
        );
        assert_eq!(text(info_score(&info)).as_deref(), Some("-0.35/12"));
    }

    #[test]
    fn hub_lines() {
        let m = vec!["32-28".to_string(), "19-23".to_string()];
        assert_eq!(
            Hub.position(Some("Wbe"), &m),
            r#"pos pos=Wbe moves="32-28 19-23""#
        );
        assert_eq!(Hub.position(None, &[]), "pos start");
        assert_eq!(
            clock_request(61_500, 100, Some(7)),
            "level time=61.500 inc=0.100 moves=7\ngo think"
        );
        assert_eq!(
            Hub.go_limit(Limit::MoveTime(250)),
            "level move-time=0.250\ngo think"
        );
        assert_eq!(
            Dialect::Uci.speech().go_limit(Limit::Nodes(9)),
            "go nodes 9"
        );
        assert_eq!(
            Hub.set_option("variant", "russian"),
            "set-param name=variant value=russian"
        );
        assert_eq!(Hub.new_game(None), "new-game");
    }
}

//! The first Hub dialect, as Scan 2.0 speaks it (protocol-spec/draughts.md
//! §6.6), from the GUI's side only: tabula answers Hub v2, but the match
//! runner drives engines of either. A Hub engine is recognised as one of
//! the first dialect by its handshake (`name <text>` where Hub v2 says
//! `id name=<text>`), and from then on spoken to in these words:
//!
//! * `set <name> <value>` (no declared parameters, so nothing is checked),
//!   then `init` → `ready`; `ping` → `pong`; `new` before each game;
//! * `pos <w|b><50 squares>` and one `move <m>` per move since: `pos`
//!   resets the engine's clock settings, so the limit follows it, and
//!   `go` may play the move on the engine's own board, so the position is
//!   sent before every search;
//! * `level <moves> <time ms> <inc ms>`, `time <ms>` (per move) or
//!   `depth <n>`, then `go` → `move <m> [<ponder>]`;
//! * `info <depth> <mean depth> <score> <nodes> <time> <Mnps> <pv>`, the
//!   score in hundredths of a man; `error <text>` refuses a command.

use crate::games::MoveNotation;
use crate::protocol::dialects::{
    AnswerLine, HandshakeLine, Limit, Speech, short_line, uci_option_name,
};
use crate::protocol::options::CommonOption;
use crate::protocol::score::{EngineScore, ScoreValue};
use nom::{
    IResult, Parser,
    bytes::complete::tag,
    character::complete::{char, digit1, space1},
    combinator::{map_res, opt, recognize},
    sequence::{pair, preceded, tuple},
};

/// The first Hub dialect (client side).
pub struct HubFirst;

/// The handshake's last line.
const WAIT: &str = "wait";

/// True when a line of a Hub engine's handshake is the first dialect's:
/// `name <text>` without Hub v2's `=`.
pub fn is_first_dialect_line(line: &str) -> bool {
    line.trim_start()
        .strip_prefix("name ")
        .is_some_and(|rest| !rest.trim().is_empty() && !rest.contains('='))
}

impl Speech for HubFirst {
    fn handshake_ok(&self) -> &'static str {
        WAIT
    }

    fn new_game_word(&self) -> &'static str {
        "new"
    }

    fn set_option_word(&self) -> &'static str {
        "set"
    }

    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Hub
    }

    /// The first dialect declares no parameters: a user's option is sent
    /// as given, unchecked.
    fn announces_options(&self) -> bool {
        false
    }

    /// Scan 2.0's `threads` (its scan.ini names).
    fn option_name(&self, option: CommonOption) -> &'static str {
        match option {
            CommonOption::Threads => "threads",
            other => uci_option_name(other),
        }
    }

    /// Parameters take effect at `init`, as in Hub v2.
    fn options_taken_by(&self) -> Option<(&'static str, &'static str)> {
        Some(("init", "ready"))
    }

    fn ready_words(&self) -> (&'static str, &'static str) {
        ("ping", "pong")
    }

    /// `name <text>`, then `author`, `country` and other lines until
    /// `wait`.
    fn read_handshake_line(&self, line: &str) -> HandshakeLine {
        let line = line.trim();
        if line == WAIT {
            return HandshakeLine::Done;
        }
        match line.strip_prefix("name ") {
            Some(name) if is_first_dialect_line(line) => {
                HandshakeLine::Name(name.trim().to_string())
            }
            _ => HandshakeLine::Other,
        }
    }

    fn position_keyword(&self) -> &'static str {
        "pos"
    }

    /// `pos <position>` with the side in lower case (`start` without a
    /// position), then one `move` line per move.
    fn position(&self, start: Option<&str>, moves: &[String]) -> String {
        let mut lines = match start {
            Some(p) => format!("pos {}", lower_case_side(p)),
            None => "start".to_string(),
        };
        for m in moves {
            lines.push_str("\nmove ");
            lines.push_str(m);
        }
        lines
    }

    fn set_option(&self, name: &str, value: &str) -> String {
        format!("set {name} {value}")
    }

    /// `level <moves to go, 0 for all> <mover's ms> <inc ms>`, then `go`.
    fn go_clocks(&self, clocks: &[i64], mover: usize, inc: u64, movestogo: Option<u32>) -> String {
        let own = clocks.get(mover).copied().unwrap_or(0).max(0);
        format!("level {} {own} {inc}\ngo", movestogo.unwrap_or(0))
    }

    /// `depth <n>` or `time <ms>`, then `go`; the first dialect has no
    /// node limit (empty: the client refuses to ask).
    fn go_limit(&self, limit: Limit) -> String {
        match limit {
            Limit::Depth(d) => format!("depth {d}\ngo"),
            Limit::MoveTime(ms) => format!("time {ms}\ngo"),
            Limit::Nodes(_) => String::new(),
        }
    }

    fn answer_word(&self) -> &'static str {
        "move"
    }

    /// `info` lines until `move <m> [<ponder>]`; an `error` line (a
    /// refused position or move) loses.
    fn read_answer_line(&self, line: &str) -> AnswerLine {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("move") => match words.next() {
                Some(m) => AnswerLine::Best(m.to_string()),
                None => AnswerLine::Fault("'move' without a move".into()),
            },
            Some("info") => info_score(line).map_or(AnswerLine::Other, AnswerLine::Score),
            Some("error") => AnswerLine::Fault(format!("answered '{}'", short_line(line))),
            _ => AnswerLine::Other,
        }
    }

    fn client_notation(&self, _home: bool) -> MoveNotation {
        MoveNotation::Hub
    }
}

/// Hub v2's `W…`/`B…` position with the side in lower case.
fn lower_case_side(position: &str) -> String {
    let mut chars = position.chars();
    match chars.next() {
        Some(side) => side.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// The depth and score of `info <depth> <mean depth> <score> ...`.
pub fn info_score(line: &str) -> Option<EngineScore> {
    fn number(i: &str) -> IResult<&str, i64> {
        map_res(recognize(pair(opt(char('-')), digit1)), str::parse).parse(i)
    }
    fn mean(i: &str) -> IResult<&str, &str> {
        recognize(pair(digit1, opt(preceded(char('.'), digit1)))).parse(i)
    }
    fn fields(i: &str) -> IResult<&str, (i64, &str, i64)> {
        tuple((
            preceded(pair(tag("info"), space1), number),
            preceded(space1, mean),
            preceded(space1, number),
        ))
        .parse(i)
    }
    let (_, (depth, _, score)) = fields(line.trim()).ok()?;
    Some(EngineScore {
        value: ScoreValue::Centipawns(score),
        depth: u32::try_from(depth).ok(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_lines_are_recognised() {
        assert!(is_first_dialect_line("name Scan 2.0"));
        assert!(!is_first_dialect_line("id name=Scan version=3.1"));
        assert!(!is_first_dialect_line("name"));
        assert!(!is_first_dialect_line("name x=y"));
        let read = |l| HubFirst.read_handshake_line(l);
        assert_eq!(
            read("name Scan 2.0"),
            HandshakeLine::Name("Scan 2.0".into())
        );
        assert_eq!(read("author Fabien Letouzey"), HandshakeLine::Other);
        assert_eq!(read("wait"), HandshakeLine::Done);
    }

    #[test]
    fn positions_moves_and_limits_in_its_words() {
        let start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
        let moves = ["32-28".to_string(), "19-23".to_string()];
        assert_eq!(
            HubFirst.position(Some(start), &moves),
            format!("pos w{}\nmove 32-28\nmove 19-23", &start[1..])
        );
        assert_eq!(HubFirst.position(None, &[]), "start");
        assert_eq!(
            HubFirst.go_clocks(&[9000, 8000], 1, 100, None),
            "level 0 8000 100\ngo"
        );
        assert_eq!(
            HubFirst.go_clocks(&[-5, 8000], 0, 0, Some(7)),
            "level 7 0 0\ngo"
        );
        assert_eq!(HubFirst.go_limit(Limit::Depth(9)), "depth 9\ngo");
        assert_eq!(HubFirst.go_limit(Limit::MoveTime(250)), "time 250\ngo");
        assert_eq!(HubFirst.go_limit(Limit::Nodes(5)), "");
        assert_eq!(HubFirst.set_option("threads", "2"), "set threads 2");
    }

    #[test]
    fn answers_are_read() {
        let read = |l| HubFirst.read_answer_line(l);
        assert_eq!(read("move 34-30 19-23"), AnswerLine::Best("34-30".into()));
        assert_eq!(read("move 28x19x23"), AnswerLine::Best("28x19x23".into()));
        assert!(matches!(read("move"), AnswerLine::Fault(_)));
        assert!(matches!(read("error illegal move"), AnswerLine::Fault(_)));
        assert_eq!(read("input \"quit\""), AnswerLine::Other);
        assert_eq!(
            read("info 14 17.3 -35 123456 0.52 0.2 32-28 19-23"),
            AnswerLine::Score(EngineScore {
                value: ScoreValue::Centipawns(-35),
                depth: Some(14)
            })
        );
        // Malformed info lines carry no score.
        for bad in [
            "info",
            "info x 1.0 3",
            "info 3 1.0",
            "info 3 1.0 x",
            "info -",
        ] {
            assert_eq!(read(bad), AnswerLine::Other, "{bad}");
        }
    }
}

//! Opening files: one start per line.
//!
//! ```text
//! # a comment; blank lines are skipped
//! moves e3e4 e6e5            # moves from the game's start position
//! startpos moves e3e4        # the same, spelled as in `position`
//! e3e4 e6e5 c3c4             # a bare move list from the start
//! <position> [moves ...]     # FEN / SFEN / TPS, optionally `fen`/`sfen`/`tps` first
//! ```
//!
//! The syntax is read here ([`parse_file`]); [`validate`] then checks every
//! line against the game's rules, naming `file:line` on error.

use crate::games::{Game, GamePosition, MoveNotation};
use crate::rules::RulesPosition;
use nom::{
    IResult,
    branch::alt,
    bytes::complete::{tag, take_while1},
    character::complete::{space0, space1},
    combinator::{all_consuming, map, opt, rest},
    multi::separated_list0,
    sequence::{preceded, terminated, tuple},
};

/// One start: a position (`None` = the game's start) and moves from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub position: Option<String>,
    pub moves: Vec<String>,
    /// `file:line`, for messages and records.
    pub source: String,
}

impl Opening {
    pub fn start() -> Opening {
        Opening {
            position: None,
            moves: Vec::new(),
            source: "startpos".to_string(),
        }
    }
}

fn token(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace())(i)
}

fn move_list(i: &str) -> IResult<&str, Vec<&str>> {
    terminated(separated_list0(space1, token), space0)(i)
}

/// `[startpos] moves a b c`
fn from_start(i: &str) -> IResult<&str, (Option<&str>, Vec<&str>)> {
    alt((
        map(
            preceded(
                tag("startpos"),
                opt(preceded(tuple((space1, tag("moves"), space0)), move_list)),
            ),
            |m| (None, m.unwrap_or_default()),
        ),
        map(preceded(tuple((tag("moves"), space0)), move_list), |m| {
            (None, m)
        }),
    ))(i)
}

/// `<position text> [moves a b c]`
fn with_position(i: &str) -> IResult<&str, (Option<&str>, Vec<&str>)> {
    let (pos, moves) = match i.find(" moves") {
        Some(k) if i[k + 6..].is_empty() || i[k + 6..].starts_with(char::is_whitespace) => {
            (&i[..k], &i[k + 6..])
        }
        _ => (i, ""),
    };
    let (_, ms) = all_consuming(preceded(space0, move_list))(moves)?;
    let (_, p) = rest(pos.trim())?;
    Ok(("", (Some(p), ms)))
}

/// Parses one line; `Ok(None)` for blank and comment lines.
pub fn parse_line(line: &str, source: &str) -> Result<Option<Opening>, String> {
    let text = line.split('#').next().unwrap_or("").trim();
    if text.is_empty() {
        return Ok(None);
    }
    let text = text.replace('\t', " ");
    let parsed = all_consuming(alt((from_start, with_position)))(text.as_str());
    match parsed {
        Ok((_, (position, moves))) => {
            if position.is_none()
                && text.starts_with("startpos")
                && text != "startpos"
                && moves.is_empty()
            {
                return Err(format!("{source}: expected 'moves' after 'startpos'"));
            }
            Ok(Some(Opening {
                position: position.map(str::to_string),
                moves: moves.into_iter().map(str::to_string).collect(),
                source: source.to_string(),
            }))
        }
        Err(_) => Err(format!("{source}: cannot read opening line '{text}'")),
    }
}

/// Reads and parses an opening file.
pub fn parse_file(path: &str) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read opening file '{path}': {e}"))?;
    parse_text(&text, path)
}

pub fn parse_text(text: &str, name: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if let Some(o) = parse_line(line, &format!("{name}:{}", n + 1))? {
            out.push(o);
        }
    }
    if out.is_empty() {
        return Err(format!("opening file '{name}' has no openings"));
    }
    Ok(out)
}

/// Plays `moves` from `pos`; the error names the move.
fn play_moves<P: GamePosition>(pos: &mut P, moves: &[String]) -> Result<(), String> {
    for (k, m) in moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(format!("move {} '{m}': the game is already over", k + 1));
        }
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .map_err(|e| format!("move {} '{m}': {e}", k + 1))?;
        pos.play(mv);
    }
    Ok(())
}

/// A suite's position line without its optional leading keyword (`fen`,
/// `sfen`, `tps`: whichever the game's dialect uses).
pub fn without_position_keyword<'a>(line: &'a str, keywords: &[&str]) -> &'a str {
    match line.split_once(' ') {
        Some((kw, rest)) if keywords.contains(&kw) => rest.trim(),
        _ => line,
    }
}

/// A position line read instead as a bare move list from the start.
pub fn bare_moves(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

/// Checks each opening with the game's rules and returns the validated
/// openings, normalised: a bare move list is recognised here (a line that
/// is not a position but whose tokens are legal moves from the start), and
/// an optional leading position keyword (`fen`, `tps`, `sfen`) is removed.
pub fn validate<G: Game>(game: &G, openings: Vec<Opening>) -> Result<Vec<Opening>, String> {
    let mut out = Vec::with_capacity(openings.len());
    for mut o in openings {
        if let Some(p) = o.position.take() {
            let text = without_position_keyword(&p, game.position_keywords());
            match game.parse_position(text) {
                Ok(_) => o.position = Some(text.to_string()),
                Err(e) => {
                    // A bare move list from the start?
                    let moves = bare_moves(text);
                    let mut pos = game.start_position();
                    if o.moves.is_empty() && play_moves(&mut pos, &moves).is_ok() {
                        o.moves = moves;
                    } else {
                        return Err(format!("{}: bad position: {e}", o.source));
                    }
                }
            }
        }
        let mut pos = match &o.position {
            Some(p) => game
                .parse_position(p)
                .map_err(|e| format!("{}: {e}", o.source))?,
            None => game.start_position(),
        };
        play_moves(&mut pos, &o.moves).map_err(|e| format!("{}: {e}", o.source))?;
        if let Some(r) = pos.outcome() {
            return Err(format!("{}: the game is already over: {r}", o.source));
        }
        out.push(o);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::{Makruk, START_FEN};

    fn line(s: &str) -> Result<Option<Opening>, String> {
        parse_line(s, "f:1")
    }

    #[test]
    fn syntax() {
        assert_eq!(line("   # only a comment").unwrap(), None);
        assert_eq!(line("").unwrap(), None);
        let o = line("moves e3e4 e6e5 # comment").unwrap().unwrap();
        assert_eq!((o.position, o.moves.len()), (None, 2));
        let o = line("startpos moves e3e4").unwrap().unwrap();
        assert_eq!((o.position, o.moves), (None, vec!["e3e4".to_string()]));
        let o = line("startpos").unwrap().unwrap();
        assert_eq!((o.position, o.moves.len()), (None, 0));
        let o = line(&format!("{START_FEN} moves e3e4")).unwrap().unwrap();
        assert_eq!(o.position.as_deref(), Some(START_FEN));
        assert_eq!(o.moves, vec!["e3e4".to_string()]);
        assert!(line("startpos e3e4").is_err());
    }

    #[test]
    fn validation() {
        let g = Makruk::new();
        let text = format!(
            "# suite\nmoves e3e4 e6e5\n\ne3e4 e6e5\nfen {START_FEN} moves c3c4\n{START_FEN}\n"
        );
        let ops = validate(&g, parse_text(&text, "s.txt").unwrap()).unwrap();
        assert_eq!(ops.len(), 4);
        assert_eq!(ops[1].position, None);
        assert_eq!(ops[1].moves.len(), 2);
        assert_eq!(ops[2].position.as_deref(), Some(START_FEN));
        assert_eq!(ops[1].source, "s.txt:4");
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let g = Makruk::new();
        let e = validate(
            &g,
            parse_text("moves e3e4\nmoves e3e4 e3e4\n", "o.txt").unwrap(),
        )
        .unwrap_err();
        assert!(e.starts_with("o.txt:2: move 2 'e3e4'"), "{e}");
        let e = validate(&g, parse_text("xyz/8/8 w - - 0 1\n", "o.txt").unwrap()).unwrap_err();
        assert!(e.starts_with("o.txt:1: bad position"), "{e}");
        assert!(
            parse_text("# nothing\n", "e.txt")
                .unwrap_err()
                .contains("no openings")
        );
        let e = validate(
            &g,
            parse_text("k7/8/2K5/8/8/8/8/RR6 b - - 0 1\n", "m.txt").unwrap(),
        )
        .unwrap_err();
        assert_eq!(
            e, "m.txt:1: the game is already over: player 1 wins by checkmate",
            "a finished opening is named in words"
        );
        assert!(
            parse_file("/nonexistent/file.txt")
                .unwrap_err()
                .contains("/nonexistent/file.txt")
        );
    }
}

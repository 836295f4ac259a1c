//! PGN, the record format of the chess-like games (Makruk, Ōgi), and of
//! draughts as PDN (the same layout with a `GameType` tag).

use super::GamePosition;
use super::record::{GameRecord, comment_score};
use crate::games::tunable::RecordedGame;
use crate::rules::Side;

/// A PGN game (chess-like games: Makruk, Ōgi) from SAN (or USI) moves;
/// `game_tag` names the game (`Variant` for PGN, `GameType` for PDN);
/// `setup` holds the tags of a start position that is not the game's own
/// (`FEN`/`SetUp`, `SFEN`/`SetUp`).
pub fn write_pgn(
    rec: &GameRecord,
    game_tag: (&str, &str),
    setup: &[(&str, String)],
    sans: &[String],
    first_side: Side,
    fullmove: u32,
) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag(&mut out, "Event", &rec.event);
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", &rec.date);
    tag(&mut out, "Round", &rec.number.to_string());
    tag(&mut out, "White", &rec.players[0]);
    tag(&mut out, "Black", &rec.players[1]);
    tag(&mut out, "Result", &rec.result_text());
    tag(&mut out, game_tag.0, game_tag.1);
    for (k, v) in setup {
        tag(&mut out, k, v);
    }
    if let Some(seed) = rec.seed {
        tag(&mut out, "Seed", &seed.to_string());
    }
    tag(&mut out, "TimeControl", &rec.time_control);
    tag(&mut out, "Termination", rec.termination.tag());
    tag(&mut out, "PlyCount", &sans.len().to_string());
    out.push('\n');
    // Movetext, wrapped at 80 columns.
    let mut tokens: Vec<String> = Vec::new();
    let mut number = fullmove;
    let mut side = first_side;
    for (k, san) in sans.iter().enumerate() {
        // The move number stays on the line of its move.
        if side == Side::FIRST {
            tokens.push(format!("{number}. {san}"));
        } else if k == 0 {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.clone());
        }
        let comment = if k < rec.book_moves {
            Some("book".to_string())
        } else {
            rec.comments.get(k).cloned().flatten()
        };
        if let Some(c) = comment {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        if side == Side::SECOND {
            number += 1;
        }
        side = side.other();
    }
    tokens.push(format!("{{{}}}", rec.reason.replace('}', ")")));
    tokens.push(rec.result_text());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// One game read from a PGN file: its tags, its moves as written (SAN
/// tokens, move numbers dropped), the comment after each move, and the
/// result token.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// Per move, the comment that follows it (`book`, `+0.10/3 0.01s`).
    pub comments: Vec<Option<String>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The first player's score: 1, 0.5 or 0; `None` for `*`.
    pub fn first_player_score(&self) -> Option<f32> {
        match self.result.as_str() {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        }
    }

    /// The moves at the start marked `{book}` (opening-file moves).
    pub fn book_moves(&self) -> usize {
        self.comments
            .iter()
            .take_while(|c| c.as_deref() == Some("book"))
            .count()
    }
}

/// A game as read, with its start position and its moves replayed.
pub type Replayed<P> = (PgnGame, P, Vec<<P as crate::rules::RulesPosition>::Move>);

/// The games of a PGN file (what `tabula match --pgnout` writes), replayed
/// from their start positions: `start` reads a game's start (from its
/// set-up tag, or the game's own start; it may refuse a game, e.g. of
/// another variant), `parse_move` finds the legal move a move text stands
/// for. `Err` names the game.
pub fn replay_pgn<P: GamePosition + Clone>(
    text: &str,
    start: impl Fn(&PgnGame) -> Result<P, String>,
    parse_move: impl Fn(&P, &str) -> Result<P::Move, String>,
) -> Result<Vec<Replayed<P>>, String> {
    let mut out = Vec::new();
    for (k, g) in read_pgn(text)?.into_iter().enumerate() {
        let context = |e: String| format!("game {}: {e}", k + 1);
        let start = start(&g).map_err(context)?;
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(g.moves.len());
        for text in &g.moves {
            let mv = parse_move(&pos, text).map_err(context)?;
            pos.play(mv);
            moves.push(mv);
        }
        out.push((g, start, moves));
    }
    Ok(out)
}

/// [`replay_pgn`] for the tuner: each game with its book moves, its result
/// and whether the board decided it (not time, a crash or an illegal
/// move).
pub fn replay_pgn_games<P: GamePosition + Clone>(
    text: &str,
    start: impl Fn(&PgnGame) -> Result<P, String>,
    parse_move: impl Fn(&P, &str) -> Result<P::Move, String>,
) -> Result<Vec<RecordedGame<P>>, String> {
    Ok(replay_pgn(text, start, parse_move)?
        .into_iter()
        .map(|(g, start, moves)| RecordedGame {
            start,
            moves,
            book_moves: g.book_moves(),
            first_player_score: g.first_player_score(),
            decided_on_board: matches!(
                g.tag("Termination"),
                None | Some("normal" | "adjudication")
            ),
            scores: g
                .comments
                .iter()
                .map(|c| c.as_deref().and_then(comment_score))
                .collect(),
        })
        .collect())
}

/// The start of a recorded game of `game`: the position of its set-up tag
/// `tag` (`FEN`, `SFEN`), else the game's own start.
pub fn start_of<G: crate::games::Game>(game: &G, g: &PgnGame, tag: &str) -> Result<G::Pos, String>
where
    G::Pos: GamePosition,
{
    match g.tag(tag) {
        Some(f) => game.parse_position(f).map_err(|e| e.to_string()),
        None => Ok(game.start_position()),
    }
}

mod read {
    use super::PgnGame;
    use nom::{
        IResult,
        branch::alt,
        bytes::complete::{is_not, tag, take_till, take_while1},
        character::complete::{char, digit1, multispace0, multispace1},
        combinator::{map, opt, recognize, value},
        multi::many1_count,
        sequence::{delimited, pair, preceded, separated_pair, terminated},
    };

    /// A quoted tag value with `\\` and `\"` escapes.
    fn quoted(i: &str) -> IResult<&str, String> {
        let (mut i, _) = char('"')(i)?;
        let mut out = String::new();
        loop {
            let (rest, chunk) = opt(is_not("\\\""))(i)?;
            out.push_str(chunk.unwrap_or(""));
            if let Ok((rest, _)) = char::<_, nom::error::Error<&str>>('"')(rest) {
                return Ok((rest, out));
            }
            let (rest, escaped) = preceded(
                char('\\'),
                alt((value('\\', char('\\')), value('"', char('"')))),
            )(rest)?;
            out.push(escaped);
            i = rest;
        }
    }

    pub fn tag_pair(i: &str) -> IResult<&str, (String, String)> {
        map(
            delimited(
                char('['),
                separated_pair(
                    take_while1(|c: char| c.is_alphanumeric() || c == '_'),
                    multispace1,
                    quoted,
                ),
                char(']'),
            ),
            |(k, v)| (k.to_string(), v),
        )(i)
    }

    #[derive(Clone, Copy)]
    pub enum Token<'a> {
        Comment(&'a str),
        Number,
        Result(&'a str),
        Move(&'a str),
    }

    pub fn token(i: &str) -> IResult<&str, Token<'_>> {
        alt((
            map(
                delimited(char('{'), take_till(|c| c == '}'), char('}')),
                Token::Comment,
            ),
            map(
                alt((tag("1-0"), tag("0-1"), tag("1/2-1/2"), tag("*"))),
                Token::Result,
            ),
            value(
                Token::Number,
                recognize(pair(digit1, many1_count(char('.')))),
            ),
            map(
                take_while1(|c: char| !c.is_whitespace() && c != '{' && c != '}'),
                Token::Move,
            ),
        ))(i)
    }

    pub fn spaced<'a, O>(
        f: impl FnMut(&'a str) -> IResult<&'a str, O>,
    ) -> impl FnMut(&'a str) -> IResult<&'a str, O> {
        terminated(f, multispace0)
    }

    /// One game, from its first tag to its result token.
    pub fn game(mut i: &str) -> Result<(&str, PgnGame), String> {
        let mut g = PgnGame::default();
        while let Ok((rest, t)) = spaced(tag_pair)(i) {
            g.tags.push(t);
            i = rest;
        }
        if g.tags.is_empty() {
            return Err(format!(
                "expected a tag, got '{}'",
                crate::games::shorten(i)
            ));
        }
        loop {
            let Ok((rest, t)) = spaced(token)(i) else {
                return Err("the movetext ends without a result".to_string());
            };
            i = rest;
            match t {
                Token::Comment(c) => {
                    if let Some(last) = g.comments.last_mut() {
                        *last = Some(c.trim().to_string());
                    }
                }
                Token::Number => {}
                Token::Result(r) => {
                    g.result = r.to_string();
                    return Ok((i, g));
                }
                Token::Move(m) => {
                    g.moves.push(m.to_string());
                    g.comments.push(None);
                }
            }
        }
    }
}

/// The games of a PGN file as `tabula match --pgnout` writes them (tags,
/// SAN movetext with `{comments}`, a result token per game). `Err` names
/// the game (1-based) that cannot be read.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut i = text.trim_start();
    while !i.is_empty() {
        let (rest, g) = read::game(i).map_err(|e| format!("game {}: {e}", games.len() + 1))?;
        games.push(g);
        i = rest.trim_start();
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_the_writer_writes() {
        let text = "[Event \"a \\\"quoted\\\" \\\\ event\"]\n[Result \"1-0\"]\n\n\
                    1. e4 {book} e5 {+0.10/3 0.01s} 2. Nd2\n{White mates} 1-0\n\n\
                    [Event \"b\"]\n\n30... Re1+ {book} 31. Kd2 1/2-1/2\n";
        let games = read_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" \\ event"));
        assert_eq!(games[0].moves, ["e4", "e5", "Nd2"]);
        assert_eq!(games[0].comments[2].as_deref(), Some("White mates"));
        assert_eq!(
            (games[0].book_moves(), games[0].first_player_score()),
            (1, Some(1.0))
        );
        assert_eq!(games[1].moves, ["Re1+", "Kd2"]);
        assert_eq!(games[1].first_player_score(), Some(0.5));
    }

    #[test]
    fn broken_files_name_the_game() {
        assert!(read_pgn("").unwrap().is_empty());
        let e = read_pgn("[Event \"x\"]\n1. e4 1-0\n[Event \"y\"]\n1. e4").unwrap_err();
        assert!(e.starts_with("game 2:"), "{e}");
        assert!(
            read_pgn("1. e4 1-0")
                .unwrap_err()
                .contains("expected a tag")
        );
        assert!(read_pgn("[Event \"x]\n1. e4 1-0").is_err());
    }
}

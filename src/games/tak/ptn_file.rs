//! PTN game files, protocol-spec/tak.md §6: tags, numbered moves, `--` for
//! a skipped player-1 move, `{comments}`, annotations and results.

use super::position::*;
use super::ptn;
use super::tps;
use super::types::*;
use crate::games::GameError;
use nom::{
    IResult,
    branch::alt,
    bytes::complete::take_while,
    bytes::complete::{tag, take_till, take_while1},
    character::complete::satisfy,
    character::complete::{char, digit1, multispace0, space0},
    combinator::{all_consuming, map, recognize},
    multi::{many0, many1},
    sequence::{delimited, pair, preceded, terminated, tuple},
};

/// The results a PTN file may end with.
pub const RESULTS: &[&str] = &["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0"];

/// A game record: tags in file order, moves as written, the result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PtnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: Option<String>,
    /// The first moves marked `{book}` (from an opening file), as
    /// `tabula match` writes them.
    pub book_moves: usize,
    /// Per move, the first comment after it (`book`, `+0.35/6 0.01s`).
    pub comments: Vec<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Comment(String),
    Number,
    Skip,
    Result(String),
    Move(String),
}

fn tag_line(i: &str) -> IResult<&str, (String, String)> {
    map(
        delimited(
            pair(char('['), space0),
            tuple((
                take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
                preceded(
                    space0,
                    delimited(char('"'), take_till(|c| c == '"'), char('"')),
                ),
            )),
            pair(space0, char(']')),
        ),
        |(k, v): (&str, &str)| (k.to_string(), v.to_string()),
    )(i)
}

fn item(i: &str) -> IResult<&str, Item> {
    alt((
        map(
            delimited(char('{'), take_till(|c| c == '}'), char('}')),
            |c: &str| Item::Comment(c.to_string()),
        ),
        map(terminated(digit1, char('.')), |_| Item::Number),
        map(tag("--"), |_| Item::Skip),
        // A word that is not a tag line's start (the next game's tags).
        map(
            recognize(pair(
                satisfy(|c| !c.is_whitespace() && c != '{' && c != '['),
                take_while(|c: char| !c.is_whitespace() && c != '{'),
            )),
            |t: &str| {
                if RESULTS.contains(&t) {
                    Item::Result(t.to_string())
                } else {
                    Item::Move(t.to_string())
                }
            },
        ),
    ))(i)
}

/// A PTN file's tag pairs and its movetext items.
type TagsAndMoves = (Vec<(String, String)>, Vec<Item>);

fn game(i: &str) -> IResult<&str, TagsAndMoves> {
    pair(
        many0(preceded(multispace0, tag_line)),
        many0(preceded(multispace0, item)),
    )(i)
}

fn file(i: &str) -> IResult<&str, TagsAndMoves> {
    all_consuming(terminated(game, multispace0))(i)
}

/// Several games one after the other, as `tabula match --pgnout` appends
/// them; each starts with its tags.
fn files(i: &str) -> IResult<&str, Vec<TagsAndMoves>> {
    all_consuming(terminated(
        many0(preceded(
            multispace0,
            pair(
                many1(preceded(multispace0, tag_line)),
                many0(preceded(multispace0, item)),
            ),
        )),
        multispace0,
    ))(i)
}

/// Reads a PTN file. Moves are checked for syntax only (see [`PtnGame::replay`]).
pub fn parse(text: &str) -> Result<PtnGame, GameError> {
    let (_, (tags, items)) = file(text)
        .map_err(|_| GameError::Parse("bad PTN file: unreadable tags or moves".into()))?;
    game_of(tags, items)
}

/// Reads a file of PTN games (each with its tags); `Err` names the game.
pub fn parse_many(text: &str) -> Result<Vec<PtnGame>, GameError> {
    let (_, games) = files(text)
        .map_err(|_| GameError::Parse("bad PTN file: unreadable tags or moves".into()))?;
    games
        .into_iter()
        .enumerate()
        .map(|(k, (tags, items))| {
            game_of(tags, items).map_err(|e| e.prefixed(&format!("game {}: ", k + 1)))
        })
        .collect()
}

fn game_of(tags: Vec<(String, String)>, items: Vec<Item>) -> Result<PtnGame, GameError> {
    let mut g = PtnGame {
        tags,
        ..Default::default()
    };
    // Book marks count while every move so far carried one.
    let mut book_run = true;
    for it in items {
        match it {
            Item::Comment(c) => {
                if book_run && c.trim() == "book" && g.moves.len() == g.book_moves + 1 {
                    g.book_moves += 1;
                }
                if let Some(slot @ None) = g.comments.last_mut() {
                    *slot = Some(c.trim().to_string());
                }
            }
            Item::Number | Item::Skip => {}
            Item::Result(r) => {
                if g.result.is_some() {
                    return Err(GameError::Parse("bad PTN file: two results".into()));
                }
                g.result = Some(r);
            }
            Item::Move(m) => {
                if g.result.is_some() {
                    return Err(GameError::Parse(format!(
                        "bad PTN file: move '{m}' after the result"
                    )));
                }
                if ptn::parse_syntax(&m).is_none() {
                    return Err(GameError::Parse(format!(
                        "bad PTN file: '{m}' is not a move"
                    )));
                }
                if g.moves.len() > g.book_moves {
                    book_run = false;
                }
                g.moves.push(m);
                g.comments.push(None);
            }
        }
    }
    if g.tag("Size").is_none() {
        return Err(GameError::Parse("bad PTN file: no Size tag".into()));
    }
    Ok(g)
}

/// Komi in flats (`2`, `1.5`, `-0.5`) as half flats.
pub fn parse_komi(text: &str) -> Option<i32> {
    let t = text.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let (int, frac) = match t.split_once('.') {
        Some((a, b)) => (a, b),
        None => (t, ""),
    };
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || int.len() > 3 {
        return None;
    }
    let whole: i32 = int.parse().ok()?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let h = whole * 2 + half;
    Some(if neg { -h } else { h })
}

/// Komi (half flats) as written in a tag.
pub fn format_komi(half: i32) -> String {
    let sign = if half < 0 { "-" } else { "" };
    let a = half.abs();
    if a % 2 == 0 {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

/// The PTN result of a position (`0-0` while the game goes on).
pub fn result_of(pos: &Position) -> &'static str {
    match pos.result {
        TakResult::RoadWhite => "R-0",
        TakResult::RoadBlack => "0-R",
        TakResult::FlatWhite => "F-0",
        TakResult::FlatBlack => "0-F",
        TakResult::FlatDraw => "1/2-1/2",
        _ => "0-0",
    }
}

impl PtnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Rules from the tags: `Size` (3..8), `Komi`; standard reserves.
    pub fn config(&self) -> Result<Config, GameError> {
        let size = self
            .tag("Size")
            .ok_or_else(|| GameError::Parse("bad PTN file: no Size tag".into()))?;
        let size =
            super::parse_size(size).map_err(|e| GameError::Parse(format!("bad PTN file: {e}")))?;
        let mut cfg = Config::standard(size);
        if let Some(k) = self.tag("Komi") {
            cfg.half_komi = parse_komi(k)
                .filter(|h| (-20..=20).contains(h))
                .ok_or_else(|| GameError::Parse(format!("bad PTN file: bad komi '{k}'")))?;
        }
        Ok(cfg)
    }

    /// The start position (empty board or the `TPS` tag).
    pub fn start(&self) -> Result<Position, GameError> {
        let cfg = self.config()?;
        match self.tag("TPS") {
            Some(t) => tps::parse(t, cfg),
            None => {
                let mut p = Position::empty(cfg);
                p.finish_setup();
                Ok(p)
            }
        }
    }

    /// Plays the moves; errors name the move.
    pub fn replay(&self) -> Result<Position, GameError> {
        let mut pos = self.start()?;
        for (i, m) in self.moves.iter().enumerate() {
            let mv = ptn::parse_move(&pos, m)
                .map_err(|e| e.prefixed(&format!("move {} '{m}': ", i + 1)))?;
            pos.make_move(mv);
        }
        Ok(pos)
    }

    /// Builds a record from a start position and the moves played from it;
    /// the moves are written canonically and the result is taken from the
    /// final position unless `result` is given.
    pub fn from_game(
        mut tags: Vec<(String, String)>,
        start: &Position,
        moves: &[Move],
        result: Option<&str>,
    ) -> PtnGame {
        let n = start.size();
        let set = |tags: &mut Vec<(String, String)>, k: &str, v: String| match tags
            .iter_mut()
            .find(|(x, _)| x.eq_ignore_ascii_case(k))
        {
            Some(e) => e.1 = v,
            None => tags.push((k.to_string(), v)),
        };
        set(&mut tags, "Size", n.to_string());
        set(&mut tags, "Komi", format_komi(start.cfg.half_komi));
        let empty_start = start.occupied() == 0 && start.move_number == 1 && start.side == WHITE;
        if !empty_start {
            set(&mut tags, "TPS", tps::write(start));
        }
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            out.push(ptn::format_move(m, n));
            pos.make_move(m);
        }
        let r = result.unwrap_or(result_of(&pos)).to_string();
        set(&mut tags, "Result", r.clone());
        PtnGame {
            tags,
            moves: out,
            result: Some(r),
            book_moves: 0,
            comments: vec![None; moves.len()],
        }
    }

    /// Writes the record: tags, then numbered moves with the comments it
    /// was read with, and the result.
    pub fn write(&self) -> String {
        self.write_annotated(&self.comments, None)
    }

    /// Like [`PtnGame::write`], with `{comment}` after each move that has
    /// one (`comments[k]` belongs to move k) and `trailer` as a last
    /// comment before the result. A `}` inside a comment becomes `)`.
    pub fn write_annotated(&self, comments: &[Option<String>], trailer: Option<&str>) -> String {
        let braced = |c: &str| format!("{{{}}}", c.replace('}', ")"));
        let mut s = String::new();
        for (k, v) in &self.tags {
            s.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        s.push('\n');
        let (mut number, mut side) = match self.start() {
            Ok(p) => (p.move_number, p.side),
            Err(_) => (1, WHITE),
        };
        let mut line = String::new();
        if side == BLACK && !self.moves.is_empty() {
            line.push_str(&format!("{number}. --"));
        }
        for (k, m) in self.moves.iter().enumerate() {
            if side == WHITE {
                if !line.is_empty() {
                    s.push_str(&line);
                    s.push('\n');
                    line.clear();
                }
                line.push_str(&format!("{number}. {m}"));
            } else {
                line.push_str(&format!(" {m}"));
                number += 1;
            }
            if let Some(Some(c)) = comments.get(k) {
                line.push(' ');
                line.push_str(&braced(c));
            }
            side = side.other();
        }
        if let Some(t) = trailer {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&braced(t));
        }
        if let Some(r) = &self.result {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(r);
        }
        if !line.is_empty() {
            s.push_str(&line);
            s.push('\n');
        }
        s
    }
}

//! PTN moves, protocol-spec/tak.md §3: `[F|S|C]sq` and
//! `[count]sq dir [drops][*]`, with annotations accepted on input.

use super::movegen::generate;
use super::position::{Position, TakResult};
use super::types::*;
use crate::games::GameError;
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, one_of, satisfy},
    combinator::{all_consuming, map, opt},
    multi::{many0, many1},
    sequence::tuple,
};

/// A move as written, before it is checked against a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PtnMove {
    /// Kind, file, rank (0-based, not yet checked against the size).
    Place(u8, usize, usize),
    /// Count, file, rank, direction, drops.
    Spread(u32, usize, usize, u8, Vec<u32>),
}

fn square(i: &str) -> IResult<&str, (usize, usize)> {
    map(
        tuple((one_of("abcdefgh"), one_of("123456789"))),
        |(f, r)| (f as usize - 'a' as usize, r as usize - '1' as usize),
    )(i)
}

fn digit1to9(i: &str) -> IResult<&str, u32> {
    map(satisfy(|c| ('1'..='9').contains(&c)), |c| {
        c as u32 - '0' as u32
    })(i)
}

fn annotations(i: &str) -> IResult<&str, ()> {
    map(many0(one_of("'\"!?")), |_| ())(i)
}

fn placement(i: &str) -> IResult<&str, PtnMove> {
    map(tuple((opt(one_of("FSC")), square)), |(k, (f, r))| {
        let kind = match k {
            Some('S') => WALL,
            Some('C') => CAP,
            _ => FLAT,
        };
        PtnMove::Place(kind, f, r)
    })(i)
}

fn spread(i: &str) -> IResult<&str, PtnMove> {
    map(
        tuple((
            opt(digit1to9),
            square,
            one_of("+-<>"),
            opt(many1(digit1to9)),
            opt(char('*')),
        )),
        |(count, (f, r), d, drops, _)| {
            let dir = match d {
                '+' => UP,
                '-' => DOWN,
                '>' => RIGHT,
                _ => LEFT,
            };
            let count = count.unwrap_or(1);
            let drops = drops.unwrap_or_else(|| vec![count]);
            PtnMove::Spread(count, f, r, dir, drops)
        },
    )(i)
}

/// Parses the syntax of a PTN move. `None` when it is not a move (including
/// drops that do not add up to the count).
pub fn parse_syntax(text: &str) -> Option<PtnMove> {
    let (_, (m, _)) = all_consuming(tuple((alt((spread, placement)), annotations)))(text).ok()?;
    if let PtnMove::Spread(count, _, _, _, drops) = &m
        && drops.iter().sum::<u32>() != *count
    {
        return None;
    }
    Some(m)
}

/// Words for a finished game.
pub fn result_reason(result: TakResult) -> &'static str {
    match result {
        TakResult::RoadWhite | TakResult::RoadBlack => "road",
        TakResult::FlatWhite | TakResult::FlatBlack => "flat win",
        TakResult::FlatDraw => "flat count draw",
        TakResult::Ongoing => "",
    }
}

/// Parses a move and checks that it is legal in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, GameError> {
    let t = text.trim();
    let Some(m) = parse_syntax(t) else {
        return Err(GameError::Parse("not a move".to_string()));
    };
    if pos.result != TakResult::Ongoing {
        return Err(GameError::Illegal(format!(
            "illegal: the game is over ({})",
            result_reason(pos.result)
        )));
    }
    let n = pos.size();
    let off = || GameError::Illegal(format!("illegal: off the {n}x{n} board"));
    let mv = match m {
        PtnMove::Place(kind, f, r) => {
            if f >= n || r >= n {
                return Err(off());
            }
            Move::place(r * n + f, kind)
        }
        PtnMove::Spread(count, f, r, dir, drops) => {
            if f >= n || r >= n {
                return Err(off());
            }
            if count as usize > n {
                return Err(GameError::Illegal(format!("illegal: carry limit is {n}")));
            }
            let Some(p) = pattern_of(&drops) else {
                return Err(GameError::Parse("not a move".to_string()));
            };
            let sq = r * n + f;
            if drops.len() > pos.geo.edge_distance(sq, dir) {
                return Err(off());
            }
            Move::spread(sq, dir, p)
        }
    };
    let mut legal = Vec::with_capacity(256);
    generate(pos, &mut legal);
    if legal.contains(&mv) {
        Ok(mv)
    } else {
        Err(GameError::Illegal("illegal".to_string()))
    }
}

/// Canonical PTN: no `F`, count only when above 1, drops only when more
/// than one, no `*`.
pub fn format_move(mv: Move, size: usize) -> String {
    let sq = square_name(mv.square(), size);
    if mv.is_place() {
        let prefix = match mv.kind() {
            WALL => "S",
            CAP => "C",
            _ => "",
        };
        return format!("{prefix}{sq}");
    }
    let mut s = String::new();
    let count = mv.count();
    if count > 1 {
        s.push_str(&count.to_string());
    }
    s.push_str(&sq);
    s.push(DIR_CHARS[mv.dir() as usize & 3]);
    let drops = mv.drops();
    if drops.len() > 1 {
        for d in drops {
            s.push_str(&d.to_string());
        }
    }
    s
}

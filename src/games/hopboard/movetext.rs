//! Move notation of the hopping games, protocol-spec/chinesecheckers.md
//! §4 (Halma: halma.md §4): `8-17` (a step), `3-16-18` (a hop chain, every
//! landing written), `pass`. Parsed (nom) into a token, checked for form
//! on the board, then for legality in a position.

use super::layout::Layout;
use super::lists::number;
use super::position::{HopPosition, Move};
use super::{CellSet, hop_leg, shortest_chain};
use crate::games::GameError;
use nom::{
    IResult,
    branch::alt,
    bytes::complete::tag,
    character::complete::char,
    combinator::{all_consuming, map},
    multi::separated_list1,
};

/// A move token as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    Pass,
    /// The start and every hole visited, at least two.
    Path(Vec<usize>),
}

fn token(i: &str) -> IResult<&str, Option<Vec<u64>>> {
    alt((
        map(tag("pass"), |_| None),
        map(separated_list1(char('-'), number), Some),
    ))(i)
}

fn not_a_move(why: impl Into<String>) -> GameError {
    GameError::Parse(format!("not a move: {}", why.into()))
}

fn illegal(why: impl Into<String>) -> GameError {
    GameError::Illegal(format!("illegal: {}", why.into()))
}

/// Reads a move token and checks its form: cells on the board, at least
/// two of them, no cell twice.
pub fn parse_token<S: CellSet>(text: &str, layout: &Layout<S>) -> Result<Token, GameError> {
    let hole = layout.style.cell;
    let Ok((_, parsed)) = all_consuming(token)(text.trim()) else {
        return Err(not_a_move(
            "expected <from>-<to>, a hop chain <from>-<landing>-... or pass",
        ));
    };
    let Some(cells) = parsed else {
        return Ok(Token::Pass);
    };
    if cells.len() < 2 {
        return Err(not_a_move(format!(
            "a move needs a start and an end {hole}"
        )));
    }
    let cells_on_board = layout.cells() as u64;
    if let Some(&c) = cells.iter().find(|&&c| c >= cells_on_board) {
        return Err(not_a_move(format!(
            "cell {c} is off the board (0..{})",
            cells_on_board - 1
        )));
    }
    let cells: Vec<usize> = cells.into_iter().map(|c| c as usize).collect();
    for (i, c) in cells.iter().enumerate() {
        if cells[..i].contains(c) {
            return Err(not_a_move(format!("a chain cannot revisit a {hole}")));
        }
    }
    Ok(Token::Path(cells))
}

/// Parses a move and checks that it is legal in `pos`.
pub fn parse<S: CellSet>(pos: &HopPosition<S>, text: &str) -> Result<Move, GameError> {
    let layout = pos.layout();
    let token = parse_token(text, layout)?;
    if pos.is_over() {
        return Err(illegal("the game is over"));
    }
    let mut moves = Vec::new();
    pos.moves_into(&mut moves);
    let path = match token {
        Token::Pass if moves.is_empty() => return Ok(Move::PASS),
        Token::Pass => return Err(illegal("a move exists")),
        Token::Path(path) => path,
    };
    let (from, to) = (path[0], path[path.len() - 1]);
    let me = pos.to_move();
    let style = layout.style;
    if !pos.marbles(me).contains(from) {
        return Err(illegal(format!(
            "player {} has no {} on {from}",
            me + 1,
            style.piece
        )));
    }
    let g = &layout.graph;
    if path.len() == 2 && g.adjacent(from, to) {
        if pos.occupied().contains(to) {
            return Err(illegal(format!("{} {to} is taken", style.cell)));
        }
    } else if path.len() == 2 {
        if !pos.destinations(from).contains(to) {
            return Err(illegal(format!("no hop chain from {from} reaches {to}")));
        }
    } else {
        for leg in path.windows(2) {
            if !hop_leg(g, pos.occupied(), from, leg[0], leg[1], pos.rules().hops) {
                return Err(illegal(format!("{}-{} is not a hop", leg[0], leg[1])));
            }
        }
    }
    Ok(Move::new(from, to))
}

/// Writes a legal move: a step as `from-to`, a hop chain in full (the
/// shortest, smallest cell numbers first among equals).
pub fn format<S: CellSet>(pos: &HopPosition<S>, mv: Move) -> String {
    if mv.is_pass() {
        return "pass".to_string();
    }
    let (from, to) = (mv.from as usize, mv.to as usize);
    let g = &pos.layout().graph;
    if g.adjacent(from, to) {
        return format!("{from}-{to}");
    }
    match shortest_chain(g, pos.occupied(), from, to, pos.rules().hops) {
        Some(chain) => {
            let mut s = from.to_string();
            for c in chain {
                s.push('-');
                s.push_str(&c.to_string());
            }
            s
        }
        // Not legal here: written as its two ends.
        None => format!("{from}-{to}"),
    }
}

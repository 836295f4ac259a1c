//! Moves as text.
//!
//! * PDN: quiet `32-28`; a capture as its landing squares `28x19x8`, or
//!   short `28x8` (start and end) when no other capture shares them; any
//!   subset of the landing squares in order is read.
//! * Hub: a capture as start, end, then the captured squares in any order
//!   (`28x8x23x13`); quiet moves as in PDN.
//! * Russian also in algebraic coordinates, captures with `:`
//!   (`c3-d4`, `c3:e5:c7`); `x` and `:` are read in both rule sets.
//!
//! A text is read in every way it can be; when the readings name more than
//! one legal move the text is refused as ambiguous, with the candidates.

use super::movegen::generate;
use super::position::Position;
use super::square::{SquareText, name, resolve, square_text};
use super::types::*;
use super::variant::*;
use crate::games::{GameError, shorten};
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, one_of},
    combinator::{all_consuming, map},
    multi::many1,
    sequence::{pair, preceded},
};

/// The syntax of a move: its squares and whether it is written as a capture.
#[derive(Debug, Clone)]
pub struct MoveText {
    pub squares: Vec<SquareText>,
    pub capture: bool,
}

fn quiet(i: &str) -> IResult<&str, MoveText> {
    map(
        pair(square_text, preceded(char('-'), square_text)),
        |(a, b)| MoveText {
            squares: vec![a, b],
            capture: false,
        },
    )(i)
}

fn capture(i: &str) -> IResult<&str, MoveText> {
    map(
        pair(square_text, many1(preceded(one_of("xX:"), square_text))),
        |(a, rest)| {
            let mut squares = vec![a];
            squares.extend(rest);
            MoveText {
                squares,
                capture: true,
            }
        },
    )(i)
}

/// Stage one: the syntax of a move.
pub fn parse_syntax(text: &str) -> Result<MoveText, GameError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(GameError::Parse("empty move".to_string()));
    }
    all_consuming(alt((quiet, capture)))(t)
        .map(|(_, m)| m)
        .map_err(|_| {
            GameError::Parse(format!(
                "'{}' is not a move (expected e.g. 32-28, 28x19x8, c3:e5)",
                shorten(t)
            ))
        })
}

/// The landing squares (bits) of one line of capture `mv`, the end last;
/// every line when `all`.
pub fn capture_paths<V: Variant>(pos: &Position<V>, mv: Move, all: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let empty = pos.empty_squares() | 1u64 << mv.from;
    let king = pos.kings >> mv.from & 1 != 0;
    let mut walk = PathWalk {
        side: pos.side,
        empty,
        mv,
        all,
        path: Vec::new(),
        out: &mut out,
    };
    walk.walk::<V>(1u64 << mv.from, king, 0);
    out
}

/// The search for the landing squares of one capture: what stays the same
/// along the way, the path so far and the paths found.
struct PathWalk<'a> {
    side: Side,
    /// Empty squares, the capturing piece's start among them.
    empty: u64,
    mv: Move,
    /// Every path, or the first one only.
    all: bool,
    path: Vec<u8>,
    out: &'a mut Vec<Vec<u8>>,
}

impl PathWalk<'_> {
    /// From `at` (crowned or not), with `taken` captured so far: every way
    /// on that takes exactly the move's pieces and ends on its square.
    fn walk<V: Variant>(&mut self, at: u64, king: bool, taken: u64) {
        if !self.all && !self.out.is_empty() {
            return;
        }
        let mv = self.mv;
        if taken == mv.captured {
            if at.trailing_zeros() as u8 == mv.to {
                self.out.push(self.path.clone());
            }
            return;
        }
        let empty = self.empty;
        let sh = |x: u64, d: i32| if d > 0 { x << d } else { x >> -d };
        for d in steps::<V>() {
            let mut t = sh(at, d);
            while king && t & empty != 0 {
                t = sh(t, d);
            }
            if t & mv.captured & !taken == 0 {
                continue;
            }
            let mut l = sh(t, d);
            while l & empty != 0 {
                let crowned =
                    king || (V::CROWN_MID_CAPTURE && l & Position::<V>::crown_row(self.side) != 0);
                self.path.push(l.trailing_zeros() as u8);
                self.walk::<V>(l, crowned, taken | t);
                self.path.pop();
                if !king {
                    break;
                }
                l = sh(l, d);
            }
        }
    }
}

/// PDN: `32-28`, a capture `28x8` when no other legal capture has the same
/// start and end, else its landing squares `28x19x8`. Russian: algebraic
/// with every landing square, `c3:e5:c7`.
pub fn format_pdn<V: Variant>(pos: &Position<V>, mv: Move, legal: &[Move]) -> String {
    let sq = |b: u8| name::<V>(square_of::<V>(b as u32));
    if !mv.is_capture() {
        return format!("{}-{}", sq(mv.from), sq(mv.to));
    }
    let sep = if V::ALGEBRAIC { ":" } else { "x" };
    let twin = legal
        .iter()
        .any(|m| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
    if !V::ALGEBRAIC && !twin {
        return format!("{}x{}", sq(mv.from), sq(mv.to));
    }
    let path = capture_paths(pos, mv, false)
        .into_iter()
        .next()
        .unwrap_or_else(|| vec![mv.to]);
    let mut s = sq(mv.from);
    for b in path {
        s.push_str(sep);
        s.push_str(&sq(b));
    }
    s
}

/// Hub: `32-28`; a capture as start x end x the captured squares in
/// ascending order (`28x8x13x23`).
pub fn format_hub<V: Variant>(mv: Move) -> String {
    let num = |b: u32| (square_of::<V>(b) + 1).to_string();
    if !mv.is_capture() {
        return format!("{}-{}", num(mv.from as u32), num(mv.to as u32));
    }
    let mut s = format!("{}x{}", num(mv.from as u32), num(mv.to as u32));
    let mut c = mv.captured;
    while c != 0 {
        let b = c.trailing_zeros();
        c &= c - 1;
        s.push('x');
        s.push_str(&num(b));
    }
    s
}

/// Reads a move in any of the forms above and checks it is legal.
pub fn parse_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, GameError> {
    let syntax = parse_syntax(text)?;
    let mut bits = Vec::with_capacity(syntax.squares.len());
    for &s in &syntax.squares {
        let sq = resolve::<V>(s)
            .map_err(|e| GameError::Parse(format!("move '{}': {e}", shorten(text))))?;
        bits.push(bit_of::<V>(sq) as u8);
    }
    let mut legal = Vec::new();
    generate(pos, &mut legal);
    let (from, to) = (bits[0], bits[bits.len() - 1]);
    let illegal =
        |why: String| GameError::Illegal(format!("illegal move '{}': {why}", shorten(text)));
    if !syntax.capture {
        if legal.iter().any(|m| m.is_capture()) {
            return Err(illegal("a capture is compulsory".to_string()));
        }
        return legal
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to)
            .ok_or_else(|| illegal("no such move here".to_string()));
    }
    // Readings: the exact landing squares of a line; a subset of them in
    // order (the short form); Hub's start, end and captured pieces. An
    // exact or Hub reading wins over a looser one.
    let mut exact: Vec<Move> = Vec::new();
    let mut loose: Vec<Move> = Vec::new();
    for &m in legal.iter().filter(|m| m.is_capture() && m.from == from) {
        if m.to == to {
            let paths = capture_paths(pos, m, true);
            if paths.iter().any(|p| p[..] == bits[1..]) {
                exact.push(m);
            } else if paths.iter().any(|p| is_subsequence(&bits[1..], p)) {
                loose.push(m);
            }
        }
        let hub = bits.len() >= 3 && m.to == bits[1] && {
            let set = bits[2..].iter().fold(0u64, |s, &b| s | 1u64 << b);
            set == m.captured && m.capture_count() as usize == bits.len() - 2
        };
        if hub && !exact.contains(&m) {
            exact.push(m);
        }
    }
    let found = if exact.is_empty() { loose } else { exact };
    match found.len() {
        1 => Ok(found[0]),
        0 if legal.iter().all(|m| !m.is_capture()) => {
            Err(illegal("there is no capture here".to_string()))
        }
        0 => Err(illegal("no legal capture matches".to_string())),
        _ => {
            let names: Vec<String> = found.iter().map(|&m| format_pdn_full(pos, m)).collect();
            Err(illegal(format!(
                "ambiguous, it could be {} (give the landing squares)",
                names.join(" or ")
            )))
        }
    }
}

/// A capture with all its landing squares (for messages).
fn format_pdn_full<V: Variant>(pos: &Position<V>, mv: Move) -> String {
    let sq = |b: u8| name::<V>(square_of::<V>(b as u32));
    let sep = if V::ALGEBRAIC { ":" } else { "x" };
    let path = capture_paths(pos, mv, false)
        .into_iter()
        .next()
        .unwrap_or_else(|| vec![mv.to]);
    let mut s = sq(mv.from);
    for b in path {
        s.push_str(sep);
        s.push_str(&sq(b));
    }
    s
}

/// True when `given` (ending with the path's last square) appears in
/// `path` in order.
fn is_subsequence(given: &[u8], path: &[u8]) -> bool {
    if given.last() != path.last() {
        return false;
    }
    let mut it = path.iter();
    given.iter().all(|g| it.any(|p| p == g))
}

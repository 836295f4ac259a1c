//! Positions as text: the PDN FEN (`W:W31-50:B1-20`, `K` before a king,
//! ranges of numbers, the two lists in either order, a final `.` allowed)
//! and Hub's form (side to move, then one character per square in PDN
//! order: `w`/`b` man, `W`/`B` king, `e` empty; 51 characters on 10x10).
//!
//! Stage one (nom, `GameError::Parse`) reads the text into [`FenParts`];
//! stage two (`GameError::Illegal`) checks it against the board and builds
//! the position. Output is canonical: White's list first, squares in
//! ascending order, runs of three or more men as ranges on 10x10, Russian
//! squares in algebraic order of their names.

use super::position::Position;
use super::square::{SquareText, algebraic, resolve, square_text};
use super::types::*;
use super::variant::*;
use crate::games::{GameError, shorten};
use nom::{
    IResult,
    character::complete::{char, one_of},
    combinator::{all_consuming, map, opt},
    multi::{many_m_n, separated_list1},
    sequence::{pair, preceded, tuple},
};

/// One entry of a piece list: `K`? square, or a range `31-35`.
#[derive(Debug, Clone, Copy)]
struct Item {
    king: bool,
    first: SquareText,
    last: Option<SquareText>,
}

/// The syntax of a PDN FEN.
#[derive(Debug)]
pub struct FenParts {
    side: Side,
    lists: Vec<(Side, Vec<Item>)>,
}

fn colour(i: &str) -> IResult<&str, Side> {
    map(one_of("WBwb"), |c: char| {
        if c.eq_ignore_ascii_case(&'w') {
            WHITE
        } else {
            BLACK
        }
    })(i)
}

fn item(i: &str) -> IResult<&str, Item> {
    map(
        tuple((
            opt(one_of("Kk")),
            square_text,
            opt(preceded(char('-'), square_text)),
        )),
        |(k, first, last)| Item {
            king: k.is_some(),
            first,
            last,
        },
    )(i)
}

fn list(i: &str) -> IResult<&str, (Side, Vec<Item>)> {
    pair(
        colour,
        map(
            opt(separated_list1(char(','), item)),
            Option::unwrap_or_default,
        ),
    )(i)
}

fn fen(i: &str) -> IResult<&str, FenParts> {
    map(
        tuple((
            colour,
            preceded(char(':'), list),
            opt(preceded(char(':'), list)),
            opt(char('.')),
        )),
        |(side, a, b, _)| FenParts {
            side,
            lists: std::iter::once(a).chain(b).collect(),
        },
    )(i)
}

/// Stage one: the syntax of a PDN FEN.
pub fn parse_syntax(text: &str) -> Result<FenParts, GameError> {
    let t: String = text.split_whitespace().collect();
    if t.is_empty() {
        return Err(GameError::Parse("empty position".to_string()));
    }
    all_consuming(fen)(&t).map(|(_, p)| p).map_err(|_| {
        GameError::Parse(format!(
            "'{}' is not a PDN FEN (expected e.g. W:W31-50:B1-20)",
            shorten(text)
        ))
    })
}

/// Stage two: the position a FEN's syntax describes.
pub fn build<V: Variant>(parts: &FenParts, rules: DrawRules) -> Result<Position<V>, GameError> {
    let bad = |s: String| GameError::Illegal(format!("bad position: {s}"));
    let mut pos = Position::<V>::empty(rules);
    pos.side = parts.side;
    let mut seen = PerSide::new(false, false);
    for (color, items) in &parts.lists {
        if std::mem::replace(&mut seen[*color], true) {
            return Err(bad(format!(
                "two lists for {}",
                if *color == WHITE { "White" } else { "Black" }
            )));
        }
        for it in items {
            let first = resolve::<V>(it.first).map_err(&bad)?;
            let last = match it.last {
                Some(l) => {
                    let (SquareText::Number(_), SquareText::Number(_)) = (it.first, l) else {
                        return Err(bad("ranges take square numbers".to_string()));
                    };
                    resolve::<V>(l).map_err(&bad)?
                }
                None => first,
            };
            if last < first {
                return Err(bad(format!(
                    "range {}-{} runs backwards",
                    first + 1,
                    last + 1
                )));
            }
            for s in first..=last {
                let b = bit_of::<V>(s);
                if pos.occupied() >> b & 1 != 0 {
                    return Err(bad(format!("square {} is given twice", s + 1)));
                }
                if !it.king && (1u64 << b) & Position::<V>::crown_row(*color) != 0 {
                    return Err(bad(format!(
                        "a {} man on square {} would already be crowned",
                        if *color == WHITE { "white" } else { "black" },
                        s + 1
                    )));
                }
                pos.put(*color, it.king, b);
            }
        }
    }
    let max = V::SQUARES as u32 / 2 - V::PER_ROW as u32;
    for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
        let n = pos.pieces[color].count_ones();
        if n > max {
            return Err(bad(format!("{name} has {n} pieces, more than {max}")));
        }
    }
    pos.finish_setup();
    Ok(pos)
}

/// Hub's form: the side, then one character per square.
fn hub(squares: usize) -> impl FnMut(&str) -> IResult<&str, (char, Vec<char>)> {
    move |i| pair(one_of("WB"), many_m_n(squares, squares, one_of("wbWBe")))(i)
}

/// Reads Hub's form (side + one character per square), if `text` has its
/// shape; `None` when it does not look like one.
fn parse_hub<V: Variant>(text: &str, rules: DrawRules) -> Option<Result<Position<V>, GameError>> {
    let t = text.trim();
    // Only a text of the right length and alphabet is taken for Hub's form.
    if t.len() != V::SQUARES + 1 || !t.chars().skip(1).all(|c| "wbWBe".contains(c)) {
        return None;
    }
    let Ok((_, (side, cells))) = all_consuming(hub(V::SQUARES))(t) else {
        return Some(Err(GameError::Parse(
            "Hub position must start with W or B".to_string(),
        )));
    };
    let mut items = PerSide::new(Vec::new(), Vec::new());
    for (s, c) in cells.into_iter().enumerate() {
        let (color, king) = match c {
            'w' => (WHITE, false),
            'b' => (BLACK, false),
            'W' => (WHITE, true),
            'B' => (BLACK, true),
            _ => continue,
        };
        items[color].push(Item {
            king,
            first: SquareText::Number(s as u64 + 1),
            last: None,
        });
    }
    let [w, bl] = items.0;
    let parts = FenParts {
        side: if side == 'W' { WHITE } else { BLACK },
        lists: vec![(WHITE, w), (BLACK, bl)],
    };
    Some(build::<V>(&parts, rules))
}

/// Parses a PDN FEN or a Hub position.
pub fn parse<V: Variant>(text: &str, rules: DrawRules) -> Result<Position<V>, GameError> {
    if let Some(r) = parse_hub::<V>(text, rules) {
        return r;
    }
    build::<V>(&parse_syntax(text)?, rules)
}

/// The canonical PDN FEN of a position.
pub fn write<V: Variant>(pos: &Position<V>) -> String {
    let side = if pos.side == WHITE { 'W' } else { 'B' };
    let mut s = format!("{side}");
    for (color, c) in [(WHITE, 'W'), (BLACK, 'B')] {
        s.push(':');
        s.push(c);
        s.push_str(&piece_list(pos, color).join(","));
    }
    s
}

fn piece_list<V: Variant>(pos: &Position<V>, color: Side) -> Vec<String> {
    let on = |s: usize| pos.pieces[color] >> bit_of::<V>(s) & 1 != 0;
    let king = |s: usize| pos.kings >> bit_of::<V>(s) & 1 != 0;
    if V::ALGEBRAIC {
        let mut v: Vec<String> = (0..V::SQUARES)
            .filter(|&s| on(s))
            .map(|s| format!("{}{}", if king(s) { "K" } else { "" }, algebraic::<V>(s)))
            .collect();
        v.sort_by(|a, b| a.trim_start_matches('K').cmp(b.trim_start_matches('K')));
        return v;
    }
    let mut out = Vec::new();
    let mut s = 0;
    while s < V::SQUARES {
        if !on(s) {
            s += 1;
            continue;
        }
        if king(s) {
            out.push(format!("K{}", s + 1));
            s += 1;
            continue;
        }
        let mut e = s;
        while e + 1 < V::SQUARES && on(e + 1) && !king(e + 1) {
            e += 1;
        }
        if e >= s + 2 {
            out.push(format!("{}-{}", s + 1, e + 1));
        } else {
            for k in s..=e {
                out.push((k + 1).to_string());
            }
        }
        s = e + 1;
    }
    out
}

/// Hub's form of a position: side to move, then one character per square.
pub fn write_hub<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::with_capacity(V::SQUARES + 1);
    s.push(if pos.side == WHITE { 'W' } else { 'B' });
    for sq in 0..V::SQUARES {
        let b = bit_of::<V>(sq);
        let king = pos.kings >> b & 1 != 0;
        s.push(if pos.pieces[WHITE] >> b & 1 != 0 {
            if king { 'W' } else { 'w' }
        } else if pos.pieces[BLACK] >> b & 1 != 0 {
            if king { 'B' } else { 'b' }
        } else {
            'e'
        });
    }
    s
}

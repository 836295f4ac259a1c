//! Square names: PDN numbers (1..N) for both boards, and algebraic
//! coordinates (`c3`) for Russian draughts. Numbers follow PDN order (1 at
//! the top left as White sees the board, along each row from left to
//! right); files `a..` run left to right, ranks `1..` bottom to top.

use super::variant::*;
use nom::{
    IResult,
    branch::alt,
    character::complete::{digit1, satisfy},
    combinator::{map, recognize},
    sequence::pair,
};

/// A square as written, before it is checked against the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareText {
    /// A PDN number as written (maybe out of range).
    Number(u64),
    /// File letter (lower case) and rank number as written.
    Algebraic(char, u64),
}

fn number(i: &str) -> IResult<&str, u64> {
    // Overlong digit strings saturate, and are rejected as out of range.
    map(digit1, |d: &str| d.parse::<u64>().unwrap_or(u64::MAX))(i)
}

/// `31` or `c3` (either letter case).
pub fn square_text(i: &str) -> IResult<&str, SquareText> {
    alt((
        map(number, SquareText::Number),
        map(
            pair(
                recognize(satisfy(|c| c.is_ascii_alphabetic() && c != 'x' && c != 'X')),
                number,
            ),
            |(f, r): (&str, u64)| {
                let file = f.chars().next().unwrap_or('?').to_ascii_lowercase();
                SquareText::Algebraic(file, r)
            },
        ),
    ))(i)
}

/// The 0-based square a text names on board `V`, or why not.
pub fn resolve<V: Variant>(sq: SquareText) -> Result<usize, String> {
    match sq {
        SquareText::Number(n) => {
            if n >= 1 && n <= V::SQUARES as u64 {
                Ok(n as usize - 1)
            } else {
                Err(format!("square {n} is not between 1 and {}", V::SQUARES))
            }
        }
        SquareText::Algebraic(f, r) => {
            let name = format!("{f}{r}");
            if !V::ALGEBRAIC {
                return Err(format!(
                    "square '{name}': {} squares are numbered 1-{}",
                    V::ID,
                    V::SQUARES
                ));
            }
            let col = (f as u32).wrapping_sub('a' as u32) as usize;
            if col >= V::ROWS || r < 1 || r > V::ROWS as u64 {
                return Err(format!("square '{name}' is off the board"));
            }
            let row = V::ROWS - r as usize;
            square_at::<V>(row, col).ok_or_else(|| format!("square '{name}' is a light square"))
        }
    }
}

/// The algebraic name of 0-based square `s` (`c3`).
pub fn algebraic<V: Variant>(s: usize) -> String {
    let (row, col) = row_col::<V>(s);
    format!("{}{}", (b'a' + col as u8) as char, V::ROWS - row)
}

/// The name of 0-based square `s` as the variant writes it: a number on
/// 10x10, algebraic on 8x8.
pub fn name<V: Variant>(s: usize) -> String {
    if V::ALGEBRAIC {
        algebraic::<V>(s)
    } else {
        (s + 1).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers() {
        assert_eq!(algebraic::<Rus>(28), "a1");
        assert_eq!(algebraic::<Rus>(0), "b8");
        assert_eq!(algebraic::<Rus>(31), "g1");
        assert_eq!(name::<Intl>(45), "46");
        let r = |t: &str| resolve::<Rus>(square_text(t).unwrap().1);
        assert_eq!(r("c3"), Ok(21));
        assert_eq!(r("C3"), Ok(21));
        assert_eq!(r("22"), Ok(21));
        assert!(r("c4").unwrap_err().contains("light"));
        assert!(r("i1").unwrap_err().contains("off the board"));
        assert!(r("33").unwrap_err().contains("between 1 and 32"));
        assert!(resolve::<Intl>(SquareText::Algebraic('c', 3)).is_err());
    }
}

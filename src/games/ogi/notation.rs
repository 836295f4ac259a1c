//! Move text: USI (`7g7f`, `5d5c+`, `P*5e`; squares as in the module docs
//! of [`super::types::usi_square_name`]) for [`MoveNotation::Native`], and
//! Fairy-Stockfish's UCI form (`b2b3`, `d5d6+`, `P@e4`) for
//! [`MoveNotation::Uci`]. Malformed text is [`GameError::Parse`]; a
//! well-formed move that is not legal here is [`GameError::Illegal`] with
//! the reason (`promotion is mandatory here`, `nifu`, ...).

use super::bitboard::*;
use super::movegen::{drop_mask, generate};
use super::position::Position;
use super::types::*;
use crate::games::{GameError, MoveNotation};
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, one_of, satisfy},
    combinator::{all_consuming, map, opt},
    sequence::{pair, separated_pair, tuple},
};

/// A move as written, before legality.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    Board { from: usize, to: usize, plus: bool },
    Drop { letter: char, to: usize },
}

fn usi_square(i: &str) -> IResult<&str, usize> {
    map(pair(one_of("12345678"), one_of("abcdefgh")), |(f, r)| {
        let file = 8 - (f as usize - '0' as usize);
        let rank = 7 - (r as usize - 'a' as usize);
        rank * 8 + file
    })(i)
}

fn uci_square(i: &str) -> IResult<&str, usize> {
    map(pair(one_of("abcdefgh"), one_of("12345678")), |(f, r)| {
        (r as usize - '1' as usize) * 8 + (f as usize - 'a' as usize)
    })(i)
}

fn written(
    square: fn(&str) -> IResult<&str, usize>,
    drop_sep: char,
) -> impl FnMut(&str) -> IResult<&str, Written> {
    move |i| {
        all_consuming(alt((
            map(tuple((square, square, opt(char('+')))), |(from, to, p)| {
                Written::Board {
                    from,
                    to,
                    plus: p.is_some(),
                }
            }),
            map(
                separated_pair(satisfy(|c| c.is_ascii_alphabetic()), char(drop_sep), square),
                |(letter, to)| Written::Drop { letter, to },
            ),
        )))(i)
    }
}

fn parse_written(text: &str, notation: MoveNotation) -> Result<Written, GameError> {
    let r = match notation {
        MoveNotation::Native | MoveNotation::Hub => written(usi_square, '*')(text),
        MoveNotation::Uci => written(uci_square, '@')(text),
    };
    r.map(|(_, w)| w).map_err(|_| {
        GameError::Parse(match notation {
            MoveNotation::Native | MoveNotation::Hub => {
                format!("malformed move '{text}': expected USI like 7g7f, 5d5c+ or P*5e")
            }
            MoveNotation::Uci => {
                format!("malformed move '{text}': expected UCI like b2b3, d5d6+ or P@e4")
            }
        })
    })
}

fn kind_name(kind: usize) -> &'static str {
    [
        "pawn", "lance", "knight", "silver", "bishop", "rook", "princess", "king",
    ]
    .get(kind)
    .copied()
    .unwrap_or("piece")
}

/// Parses a move and checks that it is legal in `pos`.
pub fn parse_move(pos: &Position, text: &str, notation: MoveNotation) -> Result<Move, GameError> {
    let t = text.trim();
    let w = parse_written(t, notation)?;
    let ill = |why: &str| GameError::Illegal(format!("illegal move {t}: {why}"));
    let mut legal = Vec::with_capacity(160);
    generate(pos, &mut legal, false);
    let us = pos.side;
    match w {
        Written::Drop { letter, to } => {
            let Some(kind) = kind_from_letter(letter) else {
                return Err(GameError::Parse(format!(
                    "malformed move '{t}': unknown piece letter '{letter}'"
                )));
            };
            if kind == KING {
                return Err(ill("the king cannot be dropped"));
            }
            if pos.hand[us][kind] == 0 {
                return Err(ill(&format!("no {} in hand", kind_name(kind))));
            }
            if pos.board[to] != NO_PIECE {
                return Err(ill("the square is occupied"));
            }
            if drop_mask(pos, us, kind) & bit(to) == 0 {
                return Err(ill(match kind {
                    PAWN if DROP_PL[us] & bit(to) != 0 => "nifu",
                    KNIGHT => "a knight cannot be dropped on the last two ranks",
                    _ => "cannot be dropped on the last rank",
                }));
            }
            let m = Move::drop(kind, to);
            if legal.contains(&m) {
                Ok(m)
            } else {
                Err(ill("the king is left in check"))
            }
        }
        Written::Board { from, to, plus } => {
            let p = pos.board[from];
            if p == NO_PIECE {
                return Err(ill("no piece on the start square"));
            }
            if piece_color(p) != us {
                return Err(ill("the piece belongs to the side not to move"));
            }
            let Some(&m) = legal
                .iter()
                .find(|m| !m.is_drop() && m.from() == from && m.to() == to)
            else {
                let reach = Position::attacks_from(us, piece_kind(p), from, pos.occupied());
                return Err(ill(
                    if reach & bit(to) != 0 && pos.colors[us] & bit(to) == 0 {
                        "the king is left in check"
                    } else {
                        "the piece cannot move there"
                    },
                ));
            };
            match (m.is_promotion(), plus) {
                (true, false) => Err(ill("promotion is mandatory here")),
                (false, true) => Err(ill("this move cannot promote")),
                _ => Ok(m),
            }
        }
    }
}

pub fn format_move(mv: Move, notation: MoveNotation) -> String {
    match notation {
        MoveNotation::Native | MoveNotation::Hub => mv.usi(),
        MoveNotation::Uci => mv.uci(),
    }
}

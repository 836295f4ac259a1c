//! UCI move text (`e3e4`, `a5a6m`). Both notations of the engine are the
//! same for Makruk.

use super::movegen::{MoveBuf, generate};
use super::position::Position;
use super::types::*;
use crate::games::GameError;
use nom::{
    IResult,
    character::complete::{one_of, satisfy},
    combinator::{all_consuming, opt},
    sequence::tuple,
};

fn square(i: &str) -> IResult<&str, usize> {
    let (i, (f, r)) = tuple((one_of("abcdefgh"), one_of("12345678")))(i)?;
    Ok((
        i,
        (r as usize - '1' as usize) * 8 + (f as usize - 'a' as usize),
    ))
}

/// Syntax of a UCI move: from, to, optional one-letter suffix.
fn uci_move(i: &str) -> IResult<&str, (usize, usize, Option<char>)> {
    all_consuming(tuple((
        square,
        square,
        opt(satisfy(|c| c.is_ascii_alphabetic())),
    )))(i)
}

/// Parses a move and checks it is legal in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, GameError> {
    let t = text.trim();
    let (_, (from, to, suffix)) = uci_move(t).map_err(|_| {
        GameError::Parse(format!(
            "malformed move '{t}': expected UCI like e3e4 or a5a6m"
        ))
    })?;
    let p = pos.board[from];
    if p == NO_PIECE {
        return Err(GameError::Illegal(format!(
            "illegal move {t}: no piece on {}",
            square_name(from)
        )));
    }
    if piece_color(p) != pos.side {
        let names = PerSide::new("white", "black");
        return Err(GameError::Illegal(format!(
            "illegal move {t}: the piece on {} is {}'s, {} is to move",
            square_name(from),
            names[piece_color(p)],
            names[pos.side]
        )));
    }
    if let Some(c) = suffix
        && c != 'm'
    {
        return Err(GameError::Illegal(format!(
            "illegal move {t}: '{c}' is not a Makruk promotion (pawns promote to met, suffix m)"
        )));
    }
    let mut buf = MoveBuf::default();
    generate(pos, &mut buf, false);
    let Some(&m) = buf
        .as_slice()
        .iter()
        .find(|m| m.from() == from && m.to() == to)
    else {
        return Err(GameError::Illegal(format!("illegal move {t}")));
    };
    match (m.is_promotion(), suffix.is_some()) {
        (true, false) => Err(GameError::Illegal(format!(
            "illegal move {t}: promotion suffix required ({}m)",
            t
        ))),
        (false, true) => Err(GameError::Illegal(format!(
            "illegal move {t}: spurious promotion suffix, this move does not promote"
        ))),
        _ => Ok(m),
    }
}

pub fn format_move(mv: Move) -> String {
    mv.uci()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::makruk::fen;

    #[test]
    fn parse_basic() {
        let pos = fen::parse(
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
            true,
        )
        .unwrap();
        assert_eq!(parse_move(&pos, "e3e4").unwrap().uci(), "e3e4");
        assert!(matches!(
            parse_move(&pos, "e3e5"),
            Err(GameError::Illegal(_))
        ));
        assert!(matches!(parse_move(&pos, "e3"), Err(GameError::Parse(_))));
        assert!(matches!(
            parse_move(&pos, "e6e5"),
            Err(GameError::Illegal(_))
        ));
        assert!(matches!(
            parse_move(&pos, "e4e5"),
            Err(GameError::Illegal(_))
        ));
    }
}

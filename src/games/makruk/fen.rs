//! FEN as Fairy-Stockfish reads and writes it for `makruk`.
//!
//! `<board> <side> - <counting limit or -> <halfmove or count> <fullmove>`.
//! When the fourth field is a number, counting is active: it is the limit
//! in plies and the fifth field is the count in plies. The last two fields
//! may be left out (halfmove 0, fullmove 1). A fullmove number of 0 is read
//! as 1, as Fairy-Stockfish does.
//!
//! Stage one (syntax, `GameError::Parse`) turns text into a [`FenParts`];
//! stage two (validation, `GameError::Illegal`) builds a [`Position`].

use super::position::Position;
use super::types::*;
use crate::games::GameError;
use crate::games::placement::write_placement8;
use nom::{
    IResult,
    branch::alt,
    character::complete::{digit1, one_of, satisfy},
    combinator::{all_consuming, map, map_res},
    multi::many1,
};

/// The largest count accepted in the half-move field while counting. A count
/// past the limit is a drawn, finished game, but `position ... moves` may go
/// on after it and every move adds a ply (as in Fairy-Stockfish), so any
/// count the ply counter can hold is reachable and must read back.
pub const MAX_COUNT: u32 = u16::MAX as u32;

enum RankItem {
    Empty(u32),
    Piece(char),
}

fn rank_item(i: &str) -> IResult<&str, RankItem> {
    alt((
        map(one_of("12345678"), |c: char| {
            RankItem::Empty(c as u32 - '0' as u32)
        }),
        map(satisfy(|c| c.is_ascii_alphabetic()), RankItem::Piece),
    ))(i)
}

fn rank_items(i: &str) -> IResult<&str, Vec<RankItem>> {
    all_consuming(many1(rank_item))(i)
}

fn number(i: &str) -> IResult<&str, u32> {
    all_consuming(map_res(digit1, |d: &str| d.parse::<u32>()))(i)
}

fn parse_number(field: &str, what: &str) -> Result<u32, GameError> {
    number(field)
        .map(|(_, n)| n)
        .map_err(|_| GameError::Parse(format!("FEN {what} field must be a number, got '{field}'")))
}

/// The syntactic content of a FEN.
pub struct FenParts {
    pub board: [Piece; 64],
    pub side: Side,
    pub counting_limit: Option<u32>,
    pub halfmove: u32,
    pub fullmove: u32,
}

fn rank_name(row: usize) -> usize {
    8 - row
}

/// Stage one: syntax.
pub fn parse_syntax(text: &str) -> Result<FenParts, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(GameError::Parse(format!(
            "FEN needs 4 to 6 fields (board, side, castling, counting limit, [halfmove, fullmove]), got {}",
            fields.len()
        )));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(GameError::Parse(format!(
            "FEN board has {} ranks, expected 8",
            ranks.len()
        )));
    }
    let mut board = [NO_PIECE; 64];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = rank_name(row);
        if rank_text.is_empty() {
            return Err(GameError::Parse(format!("FEN rank {rank} is empty")));
        }
        let items = match rank_items(rank_text) {
            Ok((_, items)) => items,
            Err(_) => {
                let bad = rank_text
                    .chars()
                    .find(|c| !(c.is_ascii_alphabetic() || ('1'..='8').contains(c)))
                    .unwrap_or('?');
                return Err(GameError::Parse(format!(
                    "FEN rank {rank}: unexpected character '{bad}'"
                )));
            }
        };
        let mut file = 0u32;
        for item in items {
            match item {
                RankItem::Empty(n) => file += n,
                RankItem::Piece(c) => {
                    let Some(p) = piece_from_char(c) else {
                        return Err(GameError::Parse(format!(
                            "FEN rank {rank}: unknown piece letter '{c}'"
                        )));
                    };
                    if file < 8 {
                        board[(rank - 1) * 8 + file as usize] = p;
                    }
                    file += 1;
                }
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(GameError::Parse(format!(
                "FEN rank {rank} describes {} files, expected 8",
                if file > 8 {
                    "more than 8".to_string()
                } else {
                    file.to_string()
                }
            )));
        }
    }
    let side = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        s => {
            return Err(GameError::Parse(format!(
                "FEN side to move must be 'w' or 'b', got '{s}'"
            )));
        }
    };
    if fields[2] != "-" {
        return Err(GameError::Parse(format!(
            "FEN castling field must be '-' (Makruk has no castling), got '{}'",
            fields[2]
        )));
    }
    let counting_limit = match fields[3] {
        "-" => None,
        f => Some(parse_number(f, "counting limit (en-passant)")?),
    };
    let halfmove = match fields.get(4) {
        Some(f) => parse_number(f, "halfmove")?,
        None => 0,
    };
    let fullmove = match fields.get(5) {
        Some(f) => parse_number(f, "fullmove")?,
        None => 1,
    };
    Ok(FenParts {
        board,
        side,
        counting_limit,
        halfmove,
        fullmove,
    })
}

/// Colour names as the error messages say them.
const COLOR_NAME: PerSide<&str> = PerSide::new("white", "black");

/// Stage two: builds and validates a position.
pub fn build(parts: &FenParts, board_honour_auto: bool) -> Result<Position, GameError> {
    let mut pos = Position::empty();
    pos.board_honour_auto = board_honour_auto;
    for sq in 0..64 {
        let p = parts.board[sq];
        if p != NO_PIECE {
            pos.put(sq, p);
        }
    }
    pos.side = parts.side;
    for c in [WHITE, BLACK] {
        check_army(&pos, c)?;
    }
    // The side that just moved must not be in check.
    let them = pos.side.other();
    let their_king = pos.king_square(them);
    if pos.attackers(their_king, pos.side, pos.occupied()) != 0 {
        return Err(GameError::Illegal(format!(
            "FEN: the side not to move ({}) is in check",
            COLOR_NAME[them]
        )));
    }
    set_counts(&mut pos, parts)?;
    pos.game_ply = 2 * parts.fullmove.saturating_sub(1) + (pos.side == BLACK) as u32;
    pos.key = pos.compute_key();
    pos.history.push(pos.key);
    Ok(pos)
}

/// One side's pieces are a possible army: one king, pawns on ranks they
/// can stand on, no more pieces than the start and promotions give.
fn check_army(pos: &Position, c: Side) -> Result<(), GameError> {
    let kings = pos.pieces(c, KING).count_ones();
    if kings != 1 {
        return Err(GameError::Illegal(format!(
            "FEN has {kings} {} kings, expected exactly 1",
            COLOR_NAME[c]
        )));
    }
    for sq in super::bitboard::Squares(pos.pieces(c, PAWN)) {
        let rank = sq / 8; // 0-based
        let bad = if c == WHITE {
            rank == 0 || rank >= 5
        } else {
            rank == 7 || rank <= 2
        };
        if bad {
            let why = if rank == 0 || rank == 7 {
                "pawns never stand on their own back rank"
            } else {
                "it would have promoted"
            };
            return Err(GameError::Illegal(format!(
                "FEN has a {} pawn on {}: {why}",
                COLOR_NAME[c],
                square_name(sq)
            )));
        }
    }
    let count = |k| pos.pieces(c, k).count_ones();
    let pawns = count(PAWN);
    let promoted = count(MET).saturating_sub(1);
    if pawns + promoted > 8 {
        return Err(GameError::Illegal(format!(
            "FEN has {pawns} {} pawns and {} mets: more than 8 pawns plus promotions",
            COLOR_NAME[c],
            count(MET)
        )));
    }
    for (k, name) in [(KHON, "khons"), (KNIGHT, "knights"), (ROOK, "rooks")] {
        if count(k) > 2 {
            return Err(GameError::Illegal(format!(
                "FEN has {} {} {name}, at most 2 are possible",
                count(k),
                COLOR_NAME[c]
            )));
        }
    }
    Ok(())
}

/// The clocks: the halfmove clock, or with a counting limit in the
/// en-passant field the count; and the fullmove number's bound.
fn set_counts(pos: &mut Position, parts: &FenParts) -> Result<(), GameError> {
    match parts.counting_limit {
        None => {
            if parts.halfmove > u16::MAX as u32 {
                return Err(GameError::Illegal(format!(
                    "FEN halfmove clock {} is too large",
                    parts.halfmove
                )));
            }
            pos.halfmove = parts.halfmove as u16;
        }
        Some(limit) => {
            if limit % 2 != 0 || !(2..=128).contains(&limit) {
                return Err(GameError::Illegal(format!(
                    "FEN counting limit (en-passant field) must be an even number of plies in 2..=128, got {limit}"
                )));
            }
            let count = parts.halfmove;
            if count > MAX_COUNT {
                return Err(GameError::Illegal(format!(
                    "FEN count (halfmove field) {count} is too large (at most {MAX_COUNT})"
                )));
            }
            pos.counting_limit = limit as u16;
            pos.counting_ply = count as u16;
            pos.halfmove = 0;
        }
    }
    if parts.fullmove > 1_000_000 {
        return Err(GameError::Illegal(format!(
            "FEN fullmove number {} is too large",
            parts.fullmove
        )));
    }
    Ok(())
}

/// Parses and validates a FEN.
pub fn parse(text: &str, board_honour_auto: bool) -> Result<Position, GameError> {
    build(&parse_syntax(text)?, board_honour_auto)
}

/// Writes the FEN exactly as Fairy-Stockfish does.
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(80);
    write_placement8(&mut s, |sq| {
        let p = pos.board.get(sq).copied().unwrap_or(NO_PIECE);
        (p != NO_PIECE).then(|| piece_char(p))
    });
    s.push_str(if pos.side == WHITE { " w - " } else { " b - " });
    if pos.counting_limit != 0 {
        s.push_str(&format!("{} {}", pos.counting_limit, pos.counting_ply));
    } else {
        s.push_str(&format!("- {}", pos.halfmove));
    }
    let full = 1 + pos.game_ply.saturating_sub((pos.side == BLACK) as u32) / 2;
    s.push_str(&format!(" {full}"));
    s
}

//! SFEN in and out, and Fairy-Stockfish's FEN form for UCI.
//!
//! SFEN: `<board> <b|w> <hand|-> [<move number>]`, the board from rank a
//! (top, algebraic rank 8) to rank h, each rank from file 8 (algebraic a)
//! to file 1. FEN (UCI): `<board>[<hand>] <w|b> [- -] <halfmove>
//! <fullmove>` with `w` = sente; `[-]` is read as an empty hand.
//!
//! Stage one (syntax, [`GameError::Parse`]) builds [`SfenParts`]; stage two
//! (validation, [`GameError::Illegal`]) builds a [`Position`].

use super::bitboard::Squares;
use super::position::Position;
use super::types::*;
use crate::games::GameError;
use crate::games::placement::write_placement8;
use nom::{
    IResult,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, digit1, one_of, satisfy},
    combinator::{all_consuming, map, map_res, opt},
    multi::{many1, separated_list1},
    sequence::{delimited, pair},
};

/// Hand kinds in the order SFEN is written: I R B S N L P.
pub const HAND_ORDER: [usize; HAND_KINDS] = [PRINCESS, ROOK, BISHOP, SILVER, KNIGHT, LANCE, PAWN];

enum RankItem {
    Empty(usize),
    Piece(bool, char),
}

fn rank_item(i: &str) -> IResult<&str, RankItem> {
    alt((
        map(one_of("12345678"), |c: char| {
            RankItem::Empty(c as usize - '0' as usize)
        }),
        map(
            pair(opt(char('+')), satisfy(|c| c.is_ascii_alphabetic())),
            |(p, c)| RankItem::Piece(p.is_some(), c),
        ),
    ))(i)
}

fn board_syntax(i: &str) -> IResult<&str, Vec<Vec<RankItem>>> {
    separated_list1(char('/'), many1(rank_item))(i)
}

fn count(i: &str) -> IResult<&str, u32> {
    map_res(digit1, |d: &str| d.parse::<u32>())(i)
}

fn hand_items(i: &str) -> IResult<&str, Vec<(Option<u32>, char)>> {
    many1(pair(opt(count), satisfy(|c| c.is_ascii_alphabetic())))(i)
}

fn hand_syntax(i: &str) -> IResult<&str, Vec<(Option<u32>, char)>> {
    all_consuming(alt((map(tag("-"), |_| Vec::new()), hand_items)))(i)
}

/// FEN board field with the bracketed hand: `<board>[<hand>]`.
fn fen_board_hand(i: &str) -> IResult<&str, (&str, &str)> {
    all_consuming(pair(
        nom::bytes::complete::take_till(|c| c == '['),
        delimited(
            char('['),
            nom::bytes::complete::take_till(|c| c == ']'),
            char(']'),
        ),
    ))(i)
}

fn number(i: &str) -> IResult<&str, u32> {
    all_consuming(count)(i)
}

fn bad(msg: impl Into<String>) -> GameError {
    GameError::Parse(format!("bad SFEN: {}", msg.into()))
}

fn illegal(msg: impl Into<String>) -> GameError {
    GameError::Illegal(format!("bad SFEN: {}", msg.into()))
}

/// USI rank letter of a board row (0 = top = rank a).
fn row_letter(row: usize) -> char {
    (b'a' + row.min(25) as u8) as char
}

const SIDE_NAMES: PerSide<&str> = PerSide::new("sente", "gote");

/// The syntactic content of an SFEN or FEN.
pub struct SfenParts {
    pub board: [Piece; 64],
    pub side: Side,
    pub hand: PerSide<[u32; HAND_KINDS]>,
    pub move_number: u32,
}

fn parse_board(field: &str) -> Result<[Piece; 64], GameError> {
    let rows = match all_consuming(board_syntax)(field) {
        Ok((_, rows)) => rows,
        Err(_) => {
            let bad_char = field.chars().find(|c| {
                !(c.is_ascii_alphabetic() || ('1'..='8').contains(c) || "+/".contains(*c))
            });
            return Err(match bad_char {
                Some(c) => bad(format!("unexpected character '{c}' in the board")),
                None => bad(format!("malformed board '{field}'")),
            });
        }
    };
    if rows.len() != 8 {
        return Err(bad(format!("board has {} ranks, expected 8", rows.len())));
    }
    let mut board = [NO_PIECE; 64];
    for (row, items) in rows.iter().enumerate() {
        let rank = 7 - row;
        let mut file = 0usize;
        for item in items {
            match *item {
                RankItem::Empty(n) => file += n,
                RankItem::Piece(promoted, c) => {
                    let Some(kind) = kind_from_letter(c) else {
                        return Err(bad(format!("unknown piece letter '{c}'")));
                    };
                    if promoted && !can_promote(kind) {
                        return Err(bad(format!("'+{c}' cannot be promoted")));
                    }
                    let color = if c.is_ascii_uppercase() { SENTE } else { GOTE };
                    let kind = if promoted { kind + PROMOTED } else { kind };
                    if file < 8 {
                        board[rank * 8 + file] = make_piece(color, kind);
                    }
                    file += 1;
                }
            }
        }
        if file != 8 {
            return Err(bad(format!("rank {} has {file} squares", row_letter(row))));
        }
    }
    Ok(board)
}

fn parse_hand(field: &str) -> Result<PerSide<[u32; HAND_KINDS]>, GameError> {
    let items = hand_syntax(field)
        .map(|(_, v)| v)
        .map_err(|_| bad(format!("bad hand '{field}'")))?;
    let mut hand = PerSide::new([0u32; HAND_KINDS], [0u32; HAND_KINDS]);
    for (n, c) in items {
        let n = n.unwrap_or(1);
        let kind = kind_from_letter(c).filter(|&k| k < KING);
        let Some(kind) = kind else {
            return Err(bad(format!("bad hand '{c}'")));
        };
        if n == 0 || n > SET_COUNTS[kind] {
            return Err(bad(format!("bad hand count {n}{c}")));
        }
        let color = if c.is_ascii_uppercase() { SENTE } else { GOTE };
        hand[color][kind] = hand[color][kind].saturating_add(n);
    }
    Ok(hand)
}

fn parse_number(field: &str, what: &str) -> Result<u32, GameError> {
    number(field)
        .map(|(_, n)| n)
        .map_err(|_| bad(format!("{what} must be a number, got '{field}'")))
}

/// Stage one for SFEN.
pub fn parse_sfen_syntax(text: &str) -> Result<SfenParts, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(bad(format!("expected 4 fields, got {}", fields.len())));
    }
    let board = parse_board(fields[0])?;
    let side = match fields[1] {
        "b" => SENTE,
        "w" => GOTE,
        s => return Err(bad(format!("side to move must be 'b' or 'w', got '{s}'"))),
    };
    let hand = parse_hand(fields[2])?;
    let move_number = match fields.get(3) {
        Some(f) => parse_number(f, "move number")?,
        None => 1,
    };
    if move_number == 0 {
        return Err(bad("move number must be at least 1"));
    }
    Ok(SfenParts {
        board,
        side,
        hand,
        move_number,
    })
}

/// Stage one for Fairy-Stockfish's FEN form.
pub fn parse_fen_syntax(text: &str) -> Result<SfenParts, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(2..=6).contains(&fields.len()) {
        return Err(bad(format!(
            "FEN: expected 2 to 6 fields, got {}",
            fields.len()
        )));
    }
    let (board_text, hand_text) = fen_board_hand(fields[0])
        .map(|(_, v)| v)
        .map_err(|_| bad("FEN: board must be followed by a [hand]"))?;
    let board = parse_board(board_text)?;
    let hand = match hand_text {
        "" | "-" => PerSide::new([0; HAND_KINDS], [0; HAND_KINDS]),
        h => parse_hand(h)?,
    };
    let side = match fields[1] {
        "w" => SENTE,
        "b" => GOTE,
        s => {
            return Err(bad(format!(
                "FEN: side to move must be 'w' or 'b', got '{s}'"
            )));
        }
    };
    let rest = &fields[2..];
    let rest = match rest {
        ["-", "-", r @ ..] => r,
        ["-", r @ ..] => r,
        r => r,
    };
    let fullmove = match rest {
        [] | [_] => 1,
        [half, full] => {
            parse_number(half, "FEN halfmove clock")?;
            parse_number(full, "FEN fullmove number")?
        }
        _ => return Err(bad("FEN: too many fields")),
    };
    if let [half] = rest {
        parse_number(half, "FEN halfmove clock")?;
    }
    let fullmove = fullmove.max(1);
    let move_number = 2 * (fullmove - 1).min(1_000_000) + side.index() as u32 + 1;
    Ok(SfenParts {
        board,
        side,
        hand,
        move_number,
    })
}

/// Stage two: builds and validates a position.
pub fn build(parts: &SfenParts) -> Result<Position, GameError> {
    let mut pos = Position::empty();
    for sq in 0..64 {
        let p = parts.board[sq];
        if p != NO_PIECE {
            pos.put(sq, p);
        }
    }
    pos.side = parts.side;
    for c in [SENTE, GOTE] {
        let kings = pos.pieces(c, KING).count_ones();
        if kings == 0 {
            return Err(illegal(format!("{} has no king", SIDE_NAMES[c])));
        }
        if kings > 1 {
            return Err(illegal(format!("{} has {kings} kings", SIDE_NAMES[c])));
        }
    }
    // Totals per kind: board (promoted or not) plus both hands.
    let names = [
        "pawns",
        "lances",
        "knights",
        "silvers",
        "bishops",
        "rooks",
        "princesses",
    ];
    for kind in 0..HAND_KINDS {
        let on_board = (pos.kinds[kind] | pos.kinds[kind + PROMOTED]).count_ones();
        let total = on_board + parts.hand[SENTE][kind] + parts.hand[GOTE][kind];
        if total > SET_COUNTS[kind] {
            return Err(illegal(format!("{total} {}", names[kind])));
        }
    }
    for c in [SENTE, GOTE] {
        for sq in Squares(pos.colors[c] & (pos.kinds[PAWN] | pos.kinds[LANCE] | pos.kinds[KNIGHT]))
        {
            let kind = piece_kind(pos.board[sq]);
            let r = relative_rank(c, sq);
            if r == 7 || (kind == KNIGHT && r == 6) {
                let name = ["pawn", "lance", "knight"]
                    .get(kind)
                    .copied()
                    .unwrap_or("piece");
                return Err(illegal(format!(
                    "{} {name} on {} cannot move",
                    SIDE_NAMES[c],
                    usi_square_name(sq)
                )));
            }
        }
        for file in 0..8 {
            if (pos.pieces(c, PAWN) & super::bitboard::file_bb(file)).count_ones() > 1 {
                return Err(illegal(format!(
                    "two {} pawns on file {}",
                    SIDE_NAMES[c],
                    8 - file
                )));
            }
        }
    }
    for c in Side::BOTH {
        for kind in 0..HAND_KINDS {
            // Within SET_COUNTS (<= 16), so it fits.
            pos.hand[c][kind] = parts.hand[c][kind].min(16) as u8;
        }
    }
    let them = pos.side.other();
    if pos.attackers(pos.king_square(them), pos.side, pos.occupied()) != 0 {
        return Err(illegal("the side not to move is in check"));
    }
    pos.move_number = parts.move_number.min(10_000_000);
    pos.key = pos.compute_key();
    pos.checkers = pos.compute_checkers();
    pos.push_history();
    Ok(pos)
}

/// Parses and validates an SFEN, or a FEN in Fairy-Stockfish's form (its
/// board field carries a bracketed hand).
pub fn parse(text: &str) -> Result<Position, GameError> {
    let first = text.split_whitespace().next().unwrap_or("");
    if first.contains('[') {
        build(&parse_fen_syntax(text)?)
    } else {
        build(&parse_sfen_syntax(text)?)
    }
}

fn write_board(pos: &Position, s: &mut String) {
    write_placement8(s, |sq| {
        let p = pos.board.get(sq).copied().unwrap_or(NO_PIECE);
        (p != NO_PIECE).then(|| piece_text(p))
    });
}

/// The hand in canonical order (sente's then gote's, each I R B S N L P),
/// with counts (`2P`) or repeated letters; empty string for empty hands.
pub fn write_hand(pos: &Position, counts: bool) -> String {
    let mut s = String::new();
    for c in [SENTE, GOTE] {
        for kind in HAND_ORDER {
            let n = pos.hand[c][kind];
            let l = kind_letter(kind);
            let l = if c == SENTE {
                l
            } else {
                l.to_ascii_lowercase()
            };
            if counts {
                if n > 1 {
                    s.push_str(&n.to_string());
                }
                if n > 0 {
                    s.push(l);
                }
            } else {
                for _ in 0..n {
                    s.push(l);
                }
            }
        }
    }
    s
}

/// Writes the SFEN (hands in canonical order).
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(90);
    write_board(pos, &mut s);
    s.push_str(if pos.side == SENTE { " b " } else { " w " });
    let h = write_hand(pos, true);
    s.push_str(if h.is_empty() { "-" } else { &h });
    s.push_str(&format!(" {}", pos.move_number));
    s
}

/// Writes Fairy-Stockfish's FEN (`<board>[<hand>] w - - 0 1`).
pub fn write_fen(pos: &Position) -> String {
    let mut s = String::with_capacity(90);
    write_board(pos, &mut s);
    s.push('[');
    s.push_str(&write_hand(pos, false));
    s.push(']');
    s.push_str(if pos.side == SENTE { " w" } else { " b" });
    let full = (pos.move_number.saturating_sub(1)) / 2 + 1;
    s.push_str(&format!(" - - 0 {full}"));
    s
}

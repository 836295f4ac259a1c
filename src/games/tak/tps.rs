//! TPS (Tak Positional System) reader and writer, protocol-spec/tak.md §2.

use super::position::Position;
use super::types::*;
use crate::games::GameError;
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, digit0, one_of},
    combinator::{all_consuming, map, opt},
    multi::many1,
    sequence::{pair, preceded},
};

/// One square token of a TPS row.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// A run of empty squares (the count as written; 0 is rejected later).
    Empty(Option<String>),
    /// Owners bottom to top (0 or 1) and the top kind.
    Stack(Vec<u8>, u8),
}

fn empty_run(i: &str) -> IResult<&str, Token> {
    map(preceded(char('x'), digit0), |d: &str| {
        Token::Empty(if d.is_empty() {
            None
        } else {
            Some(d.to_string())
        })
    })(i)
}

fn stack(i: &str) -> IResult<&str, Token> {
    map(
        pair(many1(one_of("12")), opt(one_of("SC"))),
        |(pieces, top)| {
            let owners = pieces
                .iter()
                .map(|&c| if c == '1' { 0 } else { 1 })
                .collect();
            let kind = match top {
                Some('S') => WALL,
                Some('C') => CAP,
                _ => FLAT,
            };
            Token::Stack(owners, kind)
        },
    )(i)
}

fn square_token(i: &str) -> IResult<&str, Token> {
    all_consuming(alt((empty_run, stack)))(i)
}

fn bad(msg: String) -> GameError {
    GameError::Parse(format!("bad TPS: {msg}"))
}

fn impossible(msg: String) -> GameError {
    GameError::Illegal(format!("bad TPS: {msg}"))
}

fn short(s: &str) -> String {
    if s.chars().count() > 24 {
        let t: String = s.chars().take(24).collect();
        format!("{t}...")
    } else {
        s.to_string()
    }
}

/// One square as read: the owners' bits (bottom first), the height and the
/// top's kind.
type SquareRead = (u128, u32, u8);

/// Reads a TPS for a game of configuration `cfg` (its size must match).
pub fn parse(text: &str, cfg: Config) -> Result<Position, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, player, number] = fields[..] else {
        return Err(bad(format!("expected 3 fields, got {}", fields.len())));
    };
    let parsed = parse_board(board)?;
    let n = parsed.len();
    if n != cfg.size {
        return Err(impossible(format!(
            "board is {n}x{n} but the game is {0}x{0}",
            cfg.size
        )));
    }
    let side = parse_player(player)?;
    let move_number = parse_move_number(number)?;
    let mut pos = Position::empty(cfg);
    pos.side = side;
    pos.move_number = move_number;
    for (ri, row) in parsed.iter().enumerate() {
        let rank = n - 1 - ri;
        for (file, &(bits, h, kind)) in row.iter().enumerate() {
            pos.set_stack(rank * n + file, bits, h, kind);
        }
    }
    count_reserves(&mut pos, cfg)?;
    if move_number == 1 {
        check_first_move(&pos)?;
    }
    pos.finish_setup();
    Ok(pos)
}

/// The rows of the board field, top row first; each row as long as there
/// are rows.
fn parse_board(board: &str) -> Result<Vec<Vec<SquareRead>>, GameError> {
    let rows: Vec<&str> = board.split('/').collect();
    let n = rows.len();
    let mut parsed = Vec::with_capacity(n);
    for (ri, row) in rows.iter().enumerate() {
        let row_no = ri + 1;
        let squares = parse_row(row, row_no)?;
        if squares.len() != n {
            return Err(bad(format!(
                "row {row_no} has {} squares, expected {n}",
                squares.len()
            )));
        }
        parsed.push(squares);
    }
    Ok(parsed)
}

/// One row's squares; stops early once it is longer than any board, so a
/// huge run count cannot make it allocate.
fn parse_row(row: &str, row_no: usize) -> Result<Vec<SquareRead>, GameError> {
    let mut squares = Vec::new();
    for tok in row.split(',') {
        let bad_square = || bad(format!("bad square '{}' in row {row_no}", short(tok)));
        let (_, t) = square_token(tok).map_err(|_| bad_square())?;
        match t {
            Token::Empty(count) => {
                let k = match count {
                    None => 1,
                    Some(d) => match d.parse::<usize>() {
                        Ok(k) if (1..=64).contains(&k) => k,
                        _ => return Err(bad_square()),
                    },
                };
                for _ in 0..k {
                    squares.push((0u128, 0u32, FLAT));
                    if squares.len() > MAX_SIZE {
                        break;
                    }
                }
            }
            Token::Stack(owners, kind) => {
                if owners.len() > 2 * MAX_STONES as usize + 1 {
                    return Err(impossible(format!(
                        "stack of {} pieces in row {row_no} is too tall",
                        owners.len()
                    )));
                }
                let mut bits = 0u128;
                for (i, &o) in owners.iter().enumerate() {
                    bits |= (o as u128) << i;
                }
                squares.push((bits, owners.len() as u32, kind));
            }
        }
        if squares.len() > MAX_SIZE {
            break;
        }
    }
    Ok(squares)
}

fn parse_player(player: &str) -> Result<Side, GameError> {
    match player {
        "1" => Ok(WHITE),
        "2" => Ok(BLACK),
        _ => Err(bad(format!(
            "player must be 1 or 2, got '{}'",
            short(player)
        ))),
    }
}

fn parse_move_number(number: &str) -> Result<u32, GameError> {
    match number.parse::<u32>() {
        Ok(k) if k >= 1 && number.bytes().all(|b| b.is_ascii_digit()) => Ok(k),
        _ => Err(bad(format!(
            "move number must be a number >= 1, got '{}'",
            short(number)
        ))),
    }
}

/// Sets each player's reserves from the pieces on the board, refusing more
/// pieces than the configuration gives.
fn count_reserves(pos: &mut Position, cfg: Config) -> Result<(), GameError> {
    for c in Side::BOTH {
        let (stones, caps) = pos.pieces_on_board(c);
        if caps > cfg.caps {
            return Err(impossible(format!(
                "player {} has {caps} capstones, the limit is {}",
                c.index() + 1,
                cfg.caps
            )));
        }
        if stones > cfg.stones {
            return Err(impossible(format!(
                "player {} has {stones} stones, the limit is {}",
                c.index() + 1,
                cfg.stones
            )));
        }
        pos.stones_left[c] = cfg.stones - stones;
        pos.caps_left[c] = cfg.caps - caps;
    }
    Ok(())
}

/// At move 1 only flats can stand, and only the opening rule's: none
/// before player 1's first placement, player 2's one stone after it.
fn check_first_move(pos: &Position) -> Result<(), GameError> {
    let n = pos.size();
    if pos.walls != 0 {
        return Err(impossible("walls are not possible at move 1".into()));
    }
    if pos.caps != 0 {
        return Err(impossible("capstones are not possible at move 1".into()));
    }
    if (0..n * n).any(|sq| pos.heights[sq] > 1) {
        return Err(impossible("stacks are not possible at move 1".into()));
    }
    let (w, b) = (pos.owner[WHITE].count_ones(), pos.owner[BLACK].count_ones());
    if pos.side == WHITE && w + b > 0 {
        return Err(impossible(
            "at move 1 with player 1 to move the board must be empty".into(),
        ));
    }
    if pos.side == BLACK && (w > 0 || b > 1) {
        return Err(impossible(
            "at move 1 with player 2 to move the board holds at most one stone, of player 2 (the opening rule)"
                .into(),
        ));
    }
    Ok(())
}

/// Writes a position as TPS, runs of empty squares merged.
pub fn write(pos: &Position) -> String {
    let n = pos.size();
    let mut rows = Vec::with_capacity(n);
    for rank in (0..n).rev() {
        let mut items: Vec<String> = Vec::with_capacity(n);
        let mut run = 0;
        for file in 0..n {
            let sq = rank * n + file;
            let h = pos.heights[sq] as u32;
            if h == 0 {
                run += 1;
                continue;
            }
            if run > 0 {
                items.push(if run == 1 {
                    "x".into()
                } else {
                    format!("x{run}")
                });
                run = 0;
            }
            let s = pos.stacks[sq];
            let mut t: String = (0..h)
                .map(|i| if (s >> i) & 1 == 0 { '1' } else { '2' })
                .collect();
            match pos.top_kind(sq) {
                WALL => t.push('S'),
                CAP => t.push('C'),
                _ => {}
            }
            items.push(t);
        }
        if run > 0 {
            items.push(if run == 1 {
                "x".into()
            } else {
                format!("x{run}")
            });
        }
        rows.push(items.join(","));
    }
    format!(
        "{} {} {}",
        rows.join("/"),
        pos.side.index() + 1,
        pos.move_number
    )
}

//! The `ccn` position notation, protocol-spec/chinesecheckers.md §3:
//! `<cells of player 1>/.../<cells of player N> <to move> <round>`.
//! Text is first parsed (nom) into its syntax, then validated into a
//! [`Position`].

use super::position::{Position, Rules, Standing};
use super::star::{CELLS, MARBLES, seats};
use crate::games::GameError;
use crate::games::hopboard::CellSet;
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, digit1},
    combinator::{all_consuming, map, map_res},
    multi::separated_list1,
};

/// A `ccn` as written, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Syntax {
    /// Per player: its cells, or `None` for `-` (eliminated).
    lists: Vec<Option<Vec<u64>>>,
    to_move: u64,
    round: u64,
}

fn number(i: &str) -> IResult<&str, u64> {
    map_res(digit1, str::parse::<u64>)(i)
}

fn list(i: &str) -> IResult<&str, Option<Vec<u64>>> {
    alt((
        map(char('-'), |_| None),
        map(separated_list1(char(','), number), Some),
    ))(i)
}

fn lists(i: &str) -> IResult<&str, Vec<Option<Vec<u64>>>> {
    separated_list1(char('/'), list)(i)
}

fn bad(msg: impl Into<String>) -> GameError {
    GameError::Parse(format!("bad CCN: {}", msg.into()))
}

fn impossible(msg: impl Into<String>) -> GameError {
    GameError::Illegal(format!("bad CCN: {}", msg.into()))
}

fn syntax(text: &str) -> Result<Syntax, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, to_move, round] = fields[..] else {
        return Err(bad(format!(
            "expected 3 fields '<lists> <to move> <round>', found {}",
            fields.len()
        )));
    };
    let short = crate::games::shorten;
    let lists = all_consuming(lists)(board).map(|(_, l)| l).map_err(|_| {
        bad(format!(
            "'{}' is not a list of cells per player ('0,1,2/111,112 ...', '-' for none)",
            short(board)
        ))
    })?;
    let to_move = all_consuming(number)(to_move)
        .map(|(_, n)| n)
        .map_err(|_| {
            bad(format!(
                "player to move '{}' is not a number",
                short(to_move)
            ))
        })?;
    let round = all_consuming(number)(round)
        .map(|(_, n)| n)
        .map_err(|_| bad(format!("round '{}' is not a number", short(round))))?;
    Ok(Syntax {
        lists,
        to_move,
        round,
    })
}

/// Parses and validates a `ccn` into a position under `rules`.
pub fn parse(text: &str, rules: Rules) -> Result<Position, GameError> {
    let syn = syntax(text)?;
    let players = syn.lists.len();
    if seats(players).is_none() {
        return Err(impossible(format!("{players} players are not allowed")));
    }
    let mut marbles = vec![0u128; players];
    let mut owner = [usize::MAX; CELLS];
    for (p, l) in syn.lists.iter().enumerate() {
        let Some(cells) = l else { continue };
        if cells.len() != MARBLES {
            return Err(impossible(format!(
                "player {} has {} marbles",
                p + 1,
                cells.len()
            )));
        }
        for &c in cells {
            let Some(slot) = owner.get_mut(c as usize).filter(|_| c < CELLS as u64) else {
                return Err(impossible(format!("cell {c} is off the board (0..120)")));
            };
            if *slot == p {
                return Err(impossible(format!("player {} lists cell {c} twice", p + 1)));
            }
            if *slot != usize::MAX {
                return Err(impossible(format!(
                    "cell {c} is used by players {} and {}",
                    *slot + 1,
                    p + 1
                )));
            }
            *slot = p;
            marbles[p].insert(c as usize);
        }
    }
    if syn.to_move < 1 || syn.to_move > players as u64 {
        return Err(impossible(format!(
            "player to move {} is not in 1..{players}",
            syn.to_move
        )));
    }
    let most = u64::from(u32::MAX) + 1;
    if syn.round < 1 || syn.round > most {
        return Err(impossible(format!(
            "round {} is not in 1..{most}",
            syn.round
        )));
    }
    let to_move = syn.to_move as usize - 1;
    let made = (syn.round - 1) as u32;
    let moves: Vec<u32> = (0..players)
        .map(|p| {
            if p < to_move {
                made.saturating_add(1)
            } else {
                made
            }
        })
        .collect();
    let pos = Position::from_parts(rules, &marbles, to_move, &moves)
        .ok_or_else(|| impossible(format!("{players} players are not allowed")))?;
    if !pos.is_over() {
        match pos.standing(to_move) {
            Standing::Playing => {}
            Standing::Finished { .. } => {
                return Err(impossible(format!(
                    "player to move {} has finished",
                    to_move + 1
                )));
            }
            Standing::Eliminated { .. } => {
                return Err(impossible(format!(
                    "player to move {} is eliminated",
                    to_move + 1
                )));
            }
        }
    }
    Ok(pos)
}

/// The cell lists in seat order: ascending, comma-separated, `-` for a
/// player without marbles.
pub fn lists_of(pos: &Position) -> String {
    (0..pos.player_count())
        .map(|p| {
            let m = pos.marbles(p);
            if m == 0 {
                "-".to_string()
            } else {
                m.cells()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The position's `ccn`.
pub fn write(pos: &Position) -> String {
    let p = pos.to_move();
    format!(
        "{} {} {}",
        lists_of(pos),
        p + 1,
        u64::from(pos.moves_made(p)) + 1
    )
}

/// A `ccn` from per-player cell lists as the oracle tables write them
/// (`player 1 0,1,2,...`): the lists in seat order, the player to move
/// (1-based), round 1.
pub fn from_seat_lists(lists: &[String], to_move: usize) -> String {
    format!("{} {to_move} 1", lists.join("/"))
}

//! The position notation of the hopping games, one cell list per player
//! (protocol-spec/chinesecheckers.md §3, `ccn`; halma.md §3, `hcn` with the
//! board size first): `[<size>] <cells of player 1>/.../<cells of player N>
//! <to move> <round>`. Text is first parsed (nom) into its syntax, then
//! validated into a [`HopPosition`] on the layout the game's [`Family`]
//! picks for it.

use super::CellSet;
use super::layout::Layout;
use super::position::{HopPosition, Rules, Standing};
use crate::games::GameError;
use nom::{
    IResult,
    branch::alt,
    character::complete::{char, digit1},
    combinator::{all_consuming, map, map_res},
    multi::separated_list1,
};

/// A game's boards as its position text chooses among them.
pub struct Family<S: 'static> {
    /// The notation's name in messages (`CCN`, `HCN`).
    pub label: &'static str,
    /// True when the text starts with the board size.
    pub sized: bool,
    /// The layout for a board size (when `sized`) and a number of
    /// players, or why there is none.
    pub layout: fn(Option<u64>, usize) -> Result<&'static Layout<S>, String>,
}

/// A position text as written, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Syntax {
    size: Option<u64>,
    /// Per player: its cells, or `None` for `-` (eliminated).
    lists: Vec<Option<Vec<u64>>>,
    to_move: u64,
    round: u64,
}

/// A whole number (cells, counts), as every hop-board text writes it.
pub(super) fn number(i: &str) -> IResult<&str, u64> {
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

/// A field that must be a whole number, or the message naming it.
fn whole(field: &str, what: &str, label: &str) -> Result<u64, GameError> {
    all_consuming(number)(field).map(|(_, n)| n).map_err(|_| {
        GameError::Parse(format!(
            "bad {label}: {what} '{}' is not a number",
            crate::games::shorten(field)
        ))
    })
}

fn syntax(text: &str, family: &Family<impl CellSet>) -> Result<Syntax, GameError> {
    let label = family.label;
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (size, rest) = match (family.sized, fields.split_first()) {
        (true, Some((size, rest))) => (Some(*size), rest),
        _ => (None, &fields[..]),
    };
    let [board, to_move, round] = rest else {
        let shape = if family.sized {
            "4 fields '<size> <lists> <to move> <round>'"
        } else {
            "3 fields '<lists> <to move> <round>'"
        };
        return Err(GameError::Parse(format!(
            "bad {label}: expected {shape}, found {}",
            fields.len()
        )));
    };
    let size = size.map(|s| whole(s, "board size", label)).transpose()?;
    let lists = all_consuming(lists)(board).map(|(_, l)| l).map_err(|_| {
        GameError::Parse(format!(
            "bad {label}: '{}' is not a list of cells per player ('0,1,2/111,112 ...', '-' for none)",
            crate::games::shorten(board)
        ))
    })?;
    Ok(Syntax {
        size,
        lists,
        to_move: whole(to_move, "player to move", label)?,
        round: whole(round, "round", label)?,
    })
}

/// Parses and validates a position text into a position under `rules`.
pub fn parse<S: CellSet>(
    text: &str,
    family: &Family<S>,
    rules: Rules,
) -> Result<HopPosition<S>, GameError> {
    let label = family.label;
    let impossible = |msg: String| GameError::Illegal(format!("bad {label}: {msg}"));
    let syn = syntax(text, family)?;
    let players = syn.lists.len();
    let layout = (family.layout)(syn.size, players).map_err(impossible)?;
    let (piece, cells) = (layout.style.piece, layout.cells());
    let mut marbles = vec![S::default(); players];
    let mut owner = vec![usize::MAX; cells];
    for (p, l) in syn.lists.iter().enumerate() {
        let Some(list) = l else { continue };
        if list.len() != layout.pieces {
            return Err(impossible(format!(
                "player {} has {} {piece}s",
                p + 1,
                list.len()
            )));
        }
        for &c in list {
            let Some(slot) = usize::try_from(c).ok().and_then(|c| owner.get_mut(c)) else {
                return Err(impossible(format!(
                    "cell {c} is off the board (0..{})",
                    cells - 1
                )));
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
    let pos = HopPosition::from_parts(layout, rules, &marbles, to_move, &moves)
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
/// player without pieces.
pub fn lists_of<S: CellSet>(pos: &HopPosition<S>) -> String {
    (0..pos.player_count())
        .map(|p| {
            let m = pos.marbles(p);
            if m.is_empty() {
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

/// The position's text: the size (if the notation has one), the lists,
/// the player to move, the round.
pub fn write<S: CellSet>(pos: &HopPosition<S>) -> String {
    let p = pos.to_move();
    let lists = format!(
        "{} {} {}",
        lists_of(pos),
        p + 1,
        u64::from(pos.moves_made(p)) + 1
    );
    match pos.layout().style.size {
        Some(size) => format!("{size} {lists}"),
        None => lists,
    }
}

/// A position text from per-player cell lists as perft tables write them
/// (`player 1 0,1,2,...`): the lists in seat order, the player to move
/// (1-based), round 1.
pub fn from_seat_lists(lists: &[String], to_move: usize) -> String {
    format!("{} {to_move} 1", lists.join("/"))
}

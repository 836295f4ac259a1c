//! Turn tokens (protocol-spec/backgammon.md §4.3): `31:8/5,6/5`, `52:pass`,
//! `64`, `double`, `take`, `drop`, `nodouble`/`roll`; over UBGI a play is
//! written alone, one `from/to` per die (`8/5 6/5`, `24/18 24/18`). Plays
//! themselves are read and written by [`super::play`].

use super::play::{Play, format_play, format_play_per_die, parse_play};
use super::position::{BgMove, BgPosition, Phase, plays_or_pass};
use crate::games::{GameError, MoveNotation, shorten};

/// Reads one die character.
fn die(c: char) -> Result<u8, GameError> {
    match c.to_digit(10) {
        Some(d @ 1..=6) => Ok(d as u8),
        _ => Err(GameError::Parse(format!("die {c}"))),
    }
}

/// `31` → (3, 1), larger first; exactly two dice characters.
fn parse_roll(text: &str) -> Result<(u8, u8), GameError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(a), Some(b), None) => {
            let (a, b) = (die(a)?, die(b)?);
            Ok((a.max(b), a.min(b)))
        }
        _ => Err(GameError::Parse(format!(
            "expected two dice, got '{}'",
            shorten(text)
        ))),
    }
}

/// True when `text` is shaped like a roll (two digits).
fn looks_like_roll(text: &str) -> bool {
    text.len() == 2 && text.chars().all(|c| c.is_ascii_digit())
}

/// The play `text` for the dice `a`-`b` on the position's board, or the
/// pass; `Err` says why it is not legal.
fn play_for(pos: &BgPosition, a: u8, b: u8, text: &str) -> Result<Play, GameError> {
    let board = pos.board();
    if text == "pass" {
        return match plays_or_pass(board, a, b).as_slice() {
            [only] if only.is_pass() => Ok(*only),
            _ => Err(GameError::Illegal(
                "pass is illegal: a play exists".to_string(),
            )),
        };
    }
    parse_play(board, a, b, text).map_err(|e| {
        if e.starts_with("die") || e.starts_with("expected") || e.starts_with("cannot parse") {
            GameError::Parse(e)
        } else {
            GameError::Illegal(e)
        }
    })
}

/// Reads a turn token (or, when the dice are rolled, a bare play) and
/// checks it against the rules of this position.
pub fn parse_move(pos: &BgPosition, text: &str) -> Result<BgMove, GameError> {
    let phase = pos.phase();
    if crate::rules::RulesPosition::outcome(pos).is_some() {
        return Err(GameError::Illegal("the game is over".to_string()));
    }
    let cube_word = match text {
        "double" => Some(BgMove::Double),
        "take" => Some(BgMove::Take),
        "drop" => Some(BgMove::Drop),
        "nodouble" | "roll" => Some(BgMove::NoDouble),
        _ => None,
    };
    if let Some(mv) = cube_word {
        return check_cube_word(pos, mv);
    }
    if phase == Phase::DoubleOffered {
        return Err(GameError::Illegal(
            "a double is pending: take or drop".to_string(),
        ));
    }
    let (roll, play) = match text.split_once(':') {
        Some((roll, play)) => (Some(roll), Some(play)),
        None if looks_like_roll(text) => (Some(text), None),
        None => (None, Some(text)),
    };
    let dice = roll.map(parse_roll).transpose()?;
    match (phase, dice, play) {
        (Phase::BeforeRoll | Phase::ToRoll, Some((a, b)), None) => Ok(BgMove::Roll(a, b)),
        (Phase::BeforeRoll | Phase::ToRoll, Some((a, b)), Some(p)) => {
            Ok(BgMove::Turn(a, b, play_for(pos, a, b, p)?))
        }
        (Phase::BeforeRoll | Phase::ToRoll, None, _) => Err(GameError::Illegal(
            "the dice are not rolled: expected a roll such as 31 or 31:8/5,6/5".to_string(),
        )),
        (Phase::Rolled(a, b), Some(d), Some(p)) if d == (a, b) => {
            Ok(BgMove::Play(play_for(pos, a, b, p)?))
        }
        (Phase::Rolled(a, b), None, Some(p)) => Ok(BgMove::Play(play_for(pos, a, b, p)?)),
        (Phase::Rolled(a, b), _, _) => Err(GameError::Illegal(format!(
            "the dice are {a}{b}: expected their play"
        ))),
        (Phase::Dropped | Phase::DoubleOffered, ..) => {
            Err(GameError::Illegal("the game is over".to_string()))
        }
    }
}

fn check_cube_word(pos: &BgPosition, mv: BgMove) -> Result<BgMove, GameError> {
    let phase = pos.phase();
    let ok = match mv {
        BgMove::Double => pos.may_double(),
        BgMove::Take | BgMove::Drop => phase == Phase::DoubleOffered,
        BgMove::NoDouble => matches!(phase, Phase::BeforeRoll | Phase::ToRoll),
        _ => false,
    };
    if ok {
        return Ok(mv);
    }
    let why = match (mv, phase) {
        (BgMove::Double, Phase::BeforeRoll) => cube_unavailable(pos),
        (BgMove::Double | BgMove::NoDouble, Phase::Rolled(..)) => {
            "the dice are rolled: the cube decision is past".to_string()
        }
        (BgMove::Double | BgMove::NoDouble, Phase::DoubleOffered) => {
            "a double is pending: take or drop".to_string()
        }
        (BgMove::Double, Phase::ToRoll) => "the cube decision is taken".to_string(),
        _ => "no double is pending".to_string(),
    };
    Err(GameError::Illegal(why))
}

/// Why the player on roll may not double.
pub fn cube_unavailable(pos: &BgPosition) -> String {
    let s = &pos.state;
    if pos.rules == super::position::RuleSet::Tavla {
        "Tavla has no doubling cube".to_string()
    } else if pos.info.crawford {
        "no doubling in the Crawford game".to_string()
    } else if s.cube_owner.is_some_and(|o| o != s.on_roll) {
        "the opponent owns the cube".to_string()
    } else if s.cube_log2 >= pos.info.max_cube_log2 {
        "the cube is at its maximum".to_string()
    } else {
        "doubling is not possible now".to_string()
    }
}

/// Writes a move of this position: over UCI the full turn token in GNU
/// Backgammon's form (`31:8/5,6/5`, `66:24/18(2),13/7(2)`), natively (the
/// UBGI wire) a play alone, die by die (`24/18 24/18 13/7 13/7`).
pub fn format_move(pos: &BgPosition, mv: BgMove, notation: MoveNotation) -> String {
    let board = pos.board();
    let play_text = |p: &Play, sep: &str| format_play(board, p).replace(' ', sep);
    match mv {
        BgMove::Roll(a, b) => format!("{a}{b}"),
        BgMove::Turn(a, b, p) => format!("{a}{b}:{}", play_text(&p, ",")),
        BgMove::Play(p) => match (notation, pos.dice()) {
            (MoveNotation::Uci, Some((a, b))) => format!("{a}{b}:{}", play_text(&p, ",")),
            _ => format_play_per_die(board, &p),
        },
        BgMove::Double => "double".to_string(),
        BgMove::NoDouble => "nodouble".to_string(),
        BgMove::Take => "take".to_string(),
        BgMove::Drop => "drop".to_string(),
    }
}

//! Positions as text: GNU Backgammon's Position ID (alone or as
//! `PositionID:MatchID`) and XGID, recognised by their shape, read into a
//! [`BgPosition`] and written from one.
//!
//! Players: tabula's bottom (0, first to move from the start) is GNU
//! Backgammon's player 1 and XGID's bottom; tabula's top (1) is GNU
//! Backgammon's player 0.

use super::board::{Board, CHECKERS};
use super::match_id::MatchKey;
use super::position::{BgPosition, MatchInfo, Phase, RuleSet, State};
use super::position_id;
use super::xgid::{XgDice, Xgid};
use crate::games::{GameError, shorten};

/// GNU Backgammon's number of tabula's player `k` (and back: the map is
/// its own inverse).
fn gnubg_player(k: usize) -> usize {
    1 - k.min(1)
}

/// Reads a position in any of the three forms.
pub fn parse_position(text: &str, rules: RuleSet, jacoby: bool) -> Result<BgPosition, GameError> {
    let pos = read(text.trim(), rules, jacoby).map_err(GameError::Parse)?;
    check_rules(&pos).map_err(GameError::Parse)?;
    Ok(pos)
}

fn read(text: &str, rules: RuleSet, jacoby: bool) -> Result<BgPosition, String> {
    if text.starts_with("XGID=") || text.matches(':').count() >= 9 {
        return from_xgid(text, rules).map_err(|e| format!("bad XGID: {e}"));
    }
    let Some((pid, mid)) = text.split_once(':') else {
        return position_id::parse(text)
            .map(|board| alone(board, rules, jacoby))
            .map_err(|e| format!("bad Position ID '{}': {e}", shorten(text)));
    };
    let board =
        position_id::parse(pid).map_err(|e| format!("bad Position ID '{}': {e}", shorten(pid)))?;
    let key = MatchKey::parse(mid).map_err(|e| format!("bad Match ID '{}': {e}", shorten(mid)))?;
    Ok(from_match_key(board, &key, rules))
}

/// A Position ID alone: money, cube 1 centred, bottom on roll, no dice.
fn alone(board: Board, rules: RuleSet, jacoby: bool) -> BgPosition {
    let state = State {
        board,
        on_roll: 0,
        phase: Phase::BeforeRoll,
        cube_log2: 0,
        cube_owner: None,
        resignation: 0,
    };
    BgPosition::new(
        state,
        rules,
        MatchInfo {
            jacoby,
            ..MatchInfo::default()
        },
    )
}

/// What no game reaches, and what the rule set forbids, in any form:
/// both players finished (the first to finish ends the game); Tavla
/// with a cube.
fn check_rules(pos: &BgPosition) -> Result<(), String> {
    let s = &pos.state;
    if s.board.mover[0] == CHECKERS && s.board.other[0] == CHECKERS {
        return Err("both players have borne off all their checkers".to_string());
    }
    if pos.rules == RuleSet::Tavla
        && (s.cube_log2 > 0 || s.cube_owner.is_some() || s.phase == Phase::DoubleOffered)
    {
        return Err("Tavla has no doubling cube".to_string());
    }
    Ok(())
}

fn phase_of(dice: (u8, u8), doubled: bool, dropped: bool) -> Phase {
    match dice {
        _ if dropped => Phase::Dropped,
        _ if doubled => Phase::DoubleOffered,
        (0, 0) => Phase::BeforeRoll,
        (a, b) => Phase::Rolled(a.max(b), a.min(b)),
    }
}

fn from_match_key(board: Board, key: &MatchKey, rules: RuleSet) -> BgPosition {
    let on_roll = gnubg_player(usize::from(key.on_roll));
    let state = State {
        board,
        on_roll,
        phase: phase_of(key.dice, key.doubled, key.game_state == 4),
        cube_log2: key.cube_log2,
        cube_owner: match key.cube_owner {
            3 => None,
            p => Some(gnubg_player(usize::from(p))),
        },
        resignation: key.resignation,
    };
    let info = MatchInfo {
        length: key.length,
        score: [key.score[gnubg_player(0)], key.score[gnubg_player(1)]],
        crawford: key.crawford,
        jacoby: key.jacoby,
        max_cube_log2: MatchInfo::default().max_cube_log2.max(key.cube_log2),
    };
    BgPosition::new(state, rules, info)
}

fn from_xgid(text: &str, rules: RuleSet) -> Result<BgPosition, String> {
    let x = Xgid::parse(text)?;
    let [bottom, top] = x.sides;
    let on_roll = x.turn;
    let board = if on_roll == 0 {
        Board {
            mover: bottom,
            other: top,
        }
    } else {
        Board {
            mover: top,
            other: bottom,
        }
    };
    let (dice, doubled) = match x.dice {
        XgDice::ToRoll => ((0, 0), false),
        XgDice::Doubled => ((0, 0), true),
        XgDice::Rolled(a, b) => ((a, b), false),
    };
    let in_match = x.length > 0;
    if in_match && x.crawford_jacoby && doubled {
        return Err("a double offered in the Crawford game".to_string());
    }
    let state = State {
        board,
        on_roll,
        phase: phase_of(dice, doubled, false),
        cube_log2: x.cube_log2,
        cube_owner: x.cube_owner,
        resignation: 0,
    };
    let info = MatchInfo {
        length: x.length,
        score: x.score,
        crawford: in_match && x.crawford_jacoby,
        jacoby: !in_match && x.crawford_jacoby,
        max_cube_log2: x.max_cube_log2,
    };
    Ok(BgPosition::new(state, rules, info))
}

/// The Match ID of a position.
fn match_key(pos: &BgPosition) -> MatchKey {
    let s = &pos.state;
    let on_roll = gnubg_player(s.on_roll) as u8;
    let doubled = s.phase == Phase::DoubleOffered;
    let dice = match s.phase {
        Phase::Rolled(a, b) => (a, b),
        _ => (0, 0),
    };
    MatchKey {
        cube_log2: s.cube_log2,
        cube_owner: s.cube_owner.map_or(3, |p| gnubg_player(p) as u8),
        on_roll,
        crawford: pos.info.crawford,
        game_state: if s.phase == Phase::Dropped { 4 } else { 1 },
        turn: if doubled { 1 - on_roll } else { on_roll },
        doubled,
        resignation: s.resignation,
        dice,
        length: pos.info.length,
        score: [
            pos.info.score[gnubg_player(0)],
            pos.info.score[gnubg_player(1)],
        ],
        jacoby: pos.info.jacoby,
    }
}

/// `PositionID:MatchID`.
pub fn write_gnubgid(pos: &BgPosition) -> String {
    format!(
        "{}:{}",
        position_id::write(pos.board()),
        match_key(pos).write()
    )
}

/// `XGID=...`.
pub fn write_xgid(pos: &BgPosition) -> String {
    let s = &pos.state;
    let b = pos.board();
    let sides = if s.on_roll == 0 {
        [b.mover, b.other]
    } else {
        [b.other, b.mover]
    };
    let in_match = pos.info.length > 0;
    Xgid {
        sides,
        cube_log2: s.cube_log2,
        cube_owner: s.cube_owner,
        turn: s.on_roll,
        dice: match s.phase {
            Phase::Rolled(a, b) => XgDice::Rolled(a, b),
            Phase::DoubleOffered => XgDice::Doubled,
            _ => XgDice::ToRoll,
        },
        score: pos.info.score,
        crawford_jacoby: if in_match {
            pos.info.crawford
        } else {
            pos.info.jacoby
        },
        length: pos.info.length,
        max_cube_log2: pos.info.max_cube_log2,
    }
    .write()
}

#[cfg(test)]
#[path = "ids_tests.rs"]
mod tests;

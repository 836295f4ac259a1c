//! Positions as text: GNU Backgammon's Position ID (alone or as
//! `PositionID:MatchID`) and XGID, recognised by their shape, read into a
//! [`BgPosition`] and written from one.

use super::position::{BgPosition, MatchInfo, Phase, RuleSet, State};
use super::position_id;
use crate::games::{GameError, shorten};

/// Reads a position in any of the three forms.
pub fn parse_position(text: &str, rules: RuleSet, jacoby: bool) -> Result<BgPosition, GameError> {
    let text = text.trim();
    let board = position_id::parse(text).map_err(|e| {
        GameError::Parse(format!("bad Position ID '{}': {e}", shorten(text)))
    })?;
    let state = State {
        board,
        on_roll: 0,
        phase: Phase::BeforeRoll,
        cube_log2: 0,
        cube_owner: None,
        resignation: 0,
    };
    Ok(BgPosition::new(
        state,
        rules,
        MatchInfo {
            jacoby,
            ..MatchInfo::default()
        },
    ))
}

/// `PositionID:MatchID`.
pub fn write_gnubgid(pos: &BgPosition) -> String {
    position_id::write(pos.board())
}

//! GNU Backgammon's Match ID: 12 base64 characters of a little-endian bit
//! string (shared/oracles/backgammon.md): log2 cube (bits 0–3), cube owner
//! (4–5: 0, 1, or 3 = centred), player on roll (6), Crawford (7), game
//! state (8–10), turn (11), double offered (12), resignation (13–14), dice
//! (15–17, 18–20), match length (21–35), scores of player 0 (36–50) and
//! player 1 (51–65), bit 66 set when the Jacoby rule is NOT in use.
//! Players are GNU Backgammon's 0 and 1 here; [`super::ids`] maps them.

use super::base64;
use nom::Parser;
use nom::bytes::complete::take_while_m_n;
use nom::combinator::all_consuming;

/// The fields of a Match ID, as GNU Backgammon numbers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchKey {
    pub cube_log2: u8,
    /// 0 or 1: that player owns the cube; 3: centred.
    pub cube_owner: u8,
    /// The player who rolls (or rolled) the dice.
    pub on_roll: u8,
    pub crawford: bool,
    /// 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped double.
    pub game_state: u8,
    /// The player who must act now (the opponent when a double is offered).
    pub turn: u8,
    pub doubled: bool,
    pub resignation: u8,
    /// Both 0 when not rolled.
    pub dice: (u8, u8),
    pub length: u32,
    pub score: [u32; 2],
    pub jacoby: bool,
}

/// The largest match length and score the 15-bit fields hold.
const MAX_15_BITS: u32 = (1 << 15) - 1;

impl MatchKey {
    /// Reads and checks a Match ID; `Err` says what is wrong.
    pub fn parse(text: &str) -> Result<MatchKey, String> {
        let chars = all_consuming(take_while_m_n(12, 12, base64::is_base64))
            .parse(text)
            .map(|(_, s)| s)
            .map_err(|_: nom::Err<nom::error::Error<&str>>| {
                "a Match ID is 12 base64 characters".to_string()
            })?;
        let b = base64::decode(chars).unwrap_or_default();
        let f = |at, width| base64::field(&b, at, width);
        let key = MatchKey {
            cube_log2: f(0, 4) as u8,
            cube_owner: f(4, 2) as u8,
            on_roll: f(6, 1) as u8,
            crawford: f(7, 1) == 1,
            game_state: f(8, 3) as u8,
            turn: f(11, 1) as u8,
            doubled: f(12, 1) == 1,
            resignation: f(13, 2) as u8,
            dice: (f(15, 3) as u8, f(18, 3) as u8),
            length: f(21, 15),
            score: [f(36, 15), f(51, 15)],
            jacoby: f(66, 1) == 0,
        };
        if (67..72).any(|i| base64::bit(&b, i)) {
            return Err("bits set after bit 66".to_string());
        }
        key.check()?;
        Ok(key)
    }

    /// The rules a Match ID must follow to describe a position.
    fn check(&self) -> Result<(), String> {
        if self.cube_owner == 2 {
            return Err("cube owner 2 (0, 1 or 3 = centred)".to_string());
        }
        if self.cube_owner != 3 && self.cube_log2 == 0 {
            return Err("an owned cube must have been doubled (cube 1 is centred)".to_string());
        }
        if !matches!(self.game_state, 1 | 4) {
            return Err(format!(
                "game state {} (only 1, a game being played, or 4, a dropped double)",
                self.game_state
            ));
        }
        let (d1, d2) = self.dice;
        match (d1, d2) {
            (0, 0) => {}
            (1..=6, 1..=6) if !self.doubled => {}
            (1..=6, 1..=6) => return Err("dice rolled while a double is offered".to_string()),
            _ => {
                return Err(format!(
                    "dice {d1}-{d2} (each 1..6, or both 0 before the roll)"
                ));
            }
        }
        let expected_turn = if self.doubled {
            1 - self.on_roll
        } else {
            self.on_roll
        };
        if self.turn != expected_turn {
            return Err(format!(
                "turn {} with player {} on roll{}",
                self.turn,
                self.on_roll,
                if self.doubled {
                    " and a double offered"
                } else {
                    ""
                }
            ));
        }
        if self.length == 0 {
            if self.crawford {
                return Err("a Crawford game in a money game".to_string());
            }
        } else if let Some(s) = self.score.iter().find(|&&s| s >= self.length) {
            return Err(format!(
                "score {s} is not below the match length {}",
                self.length
            ));
        }
        if self.crawford && self.cube_log2 > 0 {
            return Err("the cube was turned in the Crawford game".to_string());
        }
        Ok(())
    }

    /// The 12 characters.
    pub fn write(&self) -> String {
        let mut b = [0u8; 9];
        let mut put = |at, width, v: u32| base64::set_field(&mut b, at, width, v);
        put(0, 4, u32::from(self.cube_log2));
        put(4, 2, u32::from(self.cube_owner));
        put(6, 1, u32::from(self.on_roll));
        put(7, 1, u32::from(self.crawford));
        put(8, 3, u32::from(self.game_state));
        put(11, 1, u32::from(self.turn));
        put(12, 1, u32::from(self.doubled));
        put(13, 2, u32::from(self.resignation));
        put(15, 3, u32::from(self.dice.0));
        put(18, 3, u32::from(self.dice.1));
        put(21, 15, self.length.min(MAX_15_BITS));
        put(36, 15, self.score[0].min(MAX_15_BITS));
        put(51, 15, self.score[1].min(MAX_15_BITS));
        put(66, 1, u32::from(!self.jacoby));
        base64::encode(&b)
    }
}

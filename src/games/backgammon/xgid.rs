//! eXtreme Gammon's XGID: `XGID=<26 chars>:CubeLog2:CubeOwner:Turn:Dice:
//! ScoreBottom:ScoreTop:CrawJac:MatchLen:MaxCube` (protocol-spec/
//! backgammon.md §2.1). Char 0 is the top player's bar, chars 1–24 the
//! points from the bottom player's side, char 25 the bottom player's bar;
//! `-` empty, `A`–`P` bottom's 1–16 checkers, `a`–`p` top's.

use super::board::{BAR, CHECKERS, Points};
use nom::Parser;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::char;
use nom::combinator::{all_consuming, opt};
use nom::multi::separated_list1;
use nom::sequence::preceded;

/// The dice field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XgDice {
    /// `00`: to roll (or double).
    ToRoll,
    /// `D`: the player on turn doubled; the other takes or drops.
    Doubled,
    /// Two digits, as written.
    Rolled(u8, u8),
}

/// The fields of an XGID; players are `0` = bottom, `1` = top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Xgid {
    /// Each player's checkers in its own numbering ([0] off, [25] bar).
    pub sides: [Points; 2],
    pub cube_log2: u8,
    pub cube_owner: Option<usize>,
    pub turn: usize,
    pub dice: XgDice,
    pub score: [u32; 2],
    /// In a match: this is the Crawford game. In a money game: the
    /// Jacoby rule is in use.
    pub crawford_jacoby: bool,
    pub length: u32,
    pub max_cube_log2: u8,
}

fn number<T: std::str::FromStr>(field: &str, name: &str) -> Result<T, String> {
    field
        .parse()
        .map_err(|_| format!("{name} '{field}' is not a number in range"))
}

impl Xgid {
    /// Reads and checks an XGID (the `XGID=` prefix is optional).
    pub fn parse(text: &str) -> Result<Xgid, String> {
        let fields: nom::IResult<&str, Vec<&str>> = all_consuming(preceded(
            opt(tag("XGID=")),
            separated_list1(char(':'), take_while(|c: char| c != ':')),
        ))
        .parse(text.trim());
        let fields = fields
            .map(|(_, f)| f)
            .map_err(|_| "unreadable".to_string())?;
        let [board, cube, owner, turn, dice, s0, s1, cj, length, max] = fields[..] else {
            return Err(format!("{} fields, expected 10", fields.len()));
        };
        let sides = read_board(board)?;
        let cube_log2: u8 = number(cube, "cube")?;
        let max_cube_log2: u8 = number(max, "maximum cube")?;
        if max_cube_log2 > 15 {
            return Err(format!("maximum cube 2^{max_cube_log2} (at most 2^15)"));
        }
        if cube_log2 > max_cube_log2 {
            return Err(format!(
                "cube 2^{cube_log2} above the maximum 2^{max_cube_log2}"
            ));
        }
        let cube_owner = match owner {
            "0" => None,
            "1" => Some(0),
            "-1" => Some(1),
            _ => return Err(format!("cube owner '{owner}' (0, 1 or -1)")),
        };
        if cube_owner.is_some() && cube_log2 == 0 {
            return Err("an owned cube must have been doubled (cube 1 is centred)".to_string());
        }
        let turn = match turn {
            "1" => 0,
            "-1" => 1,
            _ => return Err(format!("turn '{turn}' (1 bottom or -1 top)")),
        };
        let dice = match dice {
            "00" | "0" => XgDice::ToRoll,
            "D" => XgDice::Doubled,
            "B" | "R" => {
                return Err(format!(
                    "dice '{dice}': beavers and raccoons are not played"
                ));
            }
            _ => {
                let d: Vec<u8> = dice.bytes().map(|b| b.wrapping_sub(b'0')).collect();
                match d[..] {
                    [a @ 1..=6, b @ 1..=6] => XgDice::Rolled(a, b),
                    _ => return Err(format!("dice '{dice}' (two dice 1..6, 00 or D)")),
                }
            }
        };
        let score = [number(s0, "score")?, number(s1, "score")?];
        let crawford_jacoby = match cj {
            "0" => false,
            "1" => true,
            _ => return Err(format!("Crawford/Jacoby field '{cj}' (0 or 1)")),
        };
        let length: u32 = number(length, "match length")?;
        if length > 0 {
            if let Some(s) = score.iter().find(|&&s| s >= length) {
                return Err(format!("score {s} is not below the match length {length}"));
            }
            if crawford_jacoby && cube_log2 > 0 {
                return Err("the cube was turned in the Crawford game".to_string());
            }
        }
        Ok(Xgid {
            sides,
            cube_log2,
            cube_owner,
            turn,
            dice,
            score,
            crawford_jacoby,
            length,
            max_cube_log2,
        })
    }

    pub fn write(&self) -> String {
        let owner = match self.cube_owner {
            None => "0",
            Some(0) => "1",
            Some(_) => "-1",
        };
        let turn = if self.turn == 0 { "1" } else { "-1" };
        let dice = match self.dice {
            XgDice::ToRoll => "00".to_string(),
            XgDice::Doubled => "D".to_string(),
            XgDice::Rolled(a, b) => format!("{a}{b}"),
        };
        format!(
            "XGID={}:{}:{owner}:{turn}:{dice}:{}:{}:{}:{}:{}",
            write_board(&self.sides),
            self.cube_log2,
            self.score[0],
            self.score[1],
            u8::from(self.crawford_jacoby),
            self.length,
            self.max_cube_log2
        )
    }
}

/// The 26 board characters → each player's side in its own numbering.
fn read_board(text: &str) -> Result<[Points; 2], String> {
    if text.chars().count() != 26 {
        return Err(format!(
            "the board has {} characters, expected 26",
            text.chars().count()
        ));
    }
    let mut sides = [[0u8; 26]; 2];
    for (k, c) in text.chars().enumerate() {
        let (player, n) = match c {
            '-' => continue,
            'A'..='P' => (0, c as u8 - b'A' + 1),
            'a'..='p' => (1, c as u8 - b'a' + 1),
            _ => return Err(format!("'{c}' at board character {k}")),
        };
        // Bottom's point k is char k (its bar char 25); top's point p is
        // char 25 - p (its bar char 0).
        let point = if player == 0 { k } else { BAR - k };
        if player == 0 && k == 0 {
            return Err("bottom checkers on the top player's bar (character 0)".to_string());
        }
        if player == 1 && k == BAR {
            return Err("top checkers on the bottom player's bar (character 25)".to_string());
        }
        sides[player][point] = n;
    }
    for (side, name) in sides.iter_mut().zip(["bottom", "top"]) {
        let on_board: u32 = side[1..].iter().map(|&n| u32::from(n)).sum();
        if on_board > u32::from(CHECKERS) {
            return Err(format!("{on_board} checkers for {name}"));
        }
        side[0] = CHECKERS - on_board as u8;
    }
    Ok(sides)
}

fn write_board(sides: &[Points; 2]) -> String {
    (0..26)
        .map(|k| {
            let bottom = if k == 0 { 0 } else { sides[0][k] };
            let top = if k == BAR { 0 } else { sides[1][BAR - k] };
            match (bottom, top) {
                (0, 0) => '-',
                (n @ 1..=16, _) => char::from(b'A' + n - 1),
                (_, n @ 1..=16) => char::from(b'a' + n - 1),
                _ => '?',
            }
        })
        .collect()
}

//! GNU Backgammon's Position ID: 80 bits, base64 without padding (14
//! characters). The player not on roll comes first, then the player on
//! roll; for each, points 1..24 in that side's own numbering and then the
//! bar, each as that many 1 bits followed by a 0, packed little-endian.

use super::base64;
use super::board::{BAR, Board, CHECKERS, Points};
use nom::Parser;
use nom::bytes::complete::take_while_m_n;
use nom::combinator::all_consuming;

/// Reads a Position ID; `Err` says what is wrong with it.
pub fn parse(text: &str) -> Result<Board, String> {
    let chars = all_consuming(take_while_m_n(14, 14, base64::is_base64))
        .parse(text.trim())
        .map(|(_, s)| s)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| {
            "a Position ID is 14 base64 characters".to_string()
        })?;
    // 14 sextets = 84 bits; the first 80 are the key.
    let bytes = base64::decode(chars).unwrap_or_default();
    let mut it = (0..80).map(|i| base64::bit(&bytes, i));
    let mut sides = [[0u8; 26]; 2];
    for side in sides.iter_mut() {
        for slot in side[1..=BAR].iter_mut() {
            let mut count = 0u8;
            loop {
                match it.next() {
                    Some(true) => count += 1,
                    Some(false) => break,
                    None => return Err("the Position ID ends inside a point".to_string()),
                }
                if count > CHECKERS {
                    return Err("more than 15 checkers on one point".to_string());
                }
            }
            *slot = count;
        }
    }
    if it.any(|b| b) {
        return Err("bits set after the last point".to_string());
    }
    let [other, mover] = sides;
    let mut board = Board { mover, other };
    for side in [&mut board.mover, &mut board.other] {
        let on_board: u32 = side[1..].iter().map(|&n| u32::from(n)).sum();
        if on_board > u32::from(CHECKERS) {
            return Err(format!("{on_board} checkers for one player (at most 15)"));
        }
        side[0] = CHECKERS - on_board as u8;
    }
    if !board.is_valid() {
        return Err("both players on the same point".to_string());
    }
    Ok(board)
}

/// Writes `board` (the mover on roll) as a Position ID.
pub fn write(board: &Board) -> String {
    let mut bits: Vec<bool> = Vec::with_capacity(80);
    let push_side = |bits: &mut Vec<bool>, side: &Points| {
        for &n in &side[1..=BAR] {
            bits.extend(std::iter::repeat_n(true, usize::from(n)));
            bits.push(false);
        }
    };
    push_side(&mut bits, &board.other);
    push_side(&mut bits, &board.mover);
    bits.resize(80, false);
    let mut bytes = [0u8; 10];
    for (i, &b) in bits.iter().enumerate() {
        if b {
            base64::set_field(&mut bytes, i, 1, 1);
        }
    }
    base64::encode(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_reads_and_writes() {
        let b = parse("4HPwATDgc/ABMA").unwrap();
        assert_eq!(b, Board::start());
        assert_eq!(write(&b), "4HPwATDgc/ABMA");
    }

    #[test]
    fn malformed_ids_are_refused_with_a_reason() {
        for (bad, why) in [
            ("", "14 base64"),
            ("4HPwATDgc/ABM", "14 base64"),
            ("4HPwATDgc/ABMAA", "14 base64"),
            ("4HPwATDgc/AB-A", "14 base64"),
            ("//////////////", "more than 15"),
            ("AAAAAAAAAAAAAA", ""),
        ] {
            match parse(bad) {
                Err(e) => assert!(e.contains(why), "{bad}: {e}"),
                Ok(b) => assert!(why.is_empty() && b.mover[0] == 15, "{bad} accepted"),
            }
        }
    }
}

//! The piece-placement field that FEN and SFEN share on an 8x8 board:
//! rank 8 first, runs of empty squares as digits, ranks split by `/`.
//! Makruk's FEN and Ōgi's SFEN/FEN writers differ only in piece letters.

use std::fmt::{Display, Write};

/// Appends the placement field; `piece_at(square)` (a1 = 0, h8 = 63) gives
/// the text of the piece there, `None` for an empty square.
pub fn write_placement8<T: Display>(s: &mut String, piece_at: impl Fn(usize) -> Option<T>) {
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match piece_at(rank * 8 + file) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    // Writing to a String cannot fail.
                    let _ = write!(s, "{p}");
                }
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_runs_and_ranks() {
        let mut s = String::new();
        write_placement8(&mut s, |sq| match sq {
            0 => Some("K"),
            63 => Some("+p"),
            _ => None,
        });
        assert_eq!(s, "7+p/8/8/8/8/8/8/K7");
    }
}

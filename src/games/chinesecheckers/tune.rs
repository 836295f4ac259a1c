//! ChineseCheckers's part in the tuner ([`crate::tune`]): its weight table
//! (`eval_weights.rs`), the shared hop evaluation's form and its `.ccr`
//! records, read by [`crate::games::hopboard::tune`].

use super::{ChineseCheckers, Position};
use crate::games::hopboard::tune::hop_tunable;

hop_tunable!(
    ChineseCheckers,
    "chinesecheckers",
    "src/games/chinesecheckers/eval_weights.rs"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::GamePosition;
    use crate::games::MoveNotation;
    use crate::games::tunable::Tunable;

    /// A record block as `tabula match` writes it, with `seats` lines.
    fn block(seats: &[&str], termination: &str, moves: &str) -> String {
        let mut s = format!(
            "Game: 1\nEvent: t\nDate: 2026.12.04\nRules: Players={}, Long Jumps=false, \
             Home Exit Limit=30, Finish Rule=own\nStart: startpos\n",
            seats.len()
        );
        for (i, seat) in seats.iter().enumerate() {
            s.push_str(&format!("Seat {}: {seat}\n", i + 1));
        }
        s.push_str(&format!(
            "Result: 1-0 {{x}}\nTermination: {termination}\nMoves:\n{moves}\n\n"
        ));
        s
    }

    /// Four legal moves from the start, as text.
    fn opening() -> String {
        let mut pos = ChineseCheckers::new().start_position();
        let mut out = Vec::new();
        for _ in 0..4 {
            let mv = pos.legal_move_list()[0];
            out.push(pos.format_move(mv, MoveNotation::Native));
            pos.play(mv);
        }
        out.join(" ")
    }

    #[test]
    fn two_player_records_read_with_their_result() {
        let moves = opening();
        let text = block(
            &["a; place 1; finished", "b; place 2; playing"],
            "normal",
            &moves,
        ) + &block(
            &["a; place 2; playing", "b; place 1; finished"],
            "normal",
            &moves,
        ) + &block(
            &["a; place 0; playing", "b; place 0; playing"],
            "adjudication",
            &moves,
        );
        let games = ChineseCheckers::read_records(&text).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(games[0].first_player_score, Some(1.0));
        assert_eq!(games[1].first_player_score, Some(0.0));
        assert!(games[0].decided_on_board);
        assert_eq!(games[2].first_player_score, None);
        assert!(!games[2].decided_on_board);
    }

    #[test]
    fn records_the_fit_cannot_use_are_refused_by_name() {
        let three = block(
            &["a; place 1; x", "b; place 2; x", "c; place 3; x"],
            "normal",
            "",
        );
        let e = ChineseCheckers::read_records(&three).unwrap_err();
        assert!(e.contains("game 1") && e.contains("two-player"), "{e}");
        let bad = block(&["a; place 1; x", "b; place 2; x"], "normal", "4-15 999-1");
        let e = ChineseCheckers::read_records(&bad).unwrap_err();
        assert!(e.contains("game 1") && e.contains("move 2"), "{e}");
    }

    /// Junk, binary bytes, a truncated block, a bad number, an unknown
    /// rule: one error naming the place, no panic.
    #[test]
    fn garbage_records_are_one_error_each() {
        let cases = [
            ("\u{0}\u{1}\u{fffd}junk", "Key: value"),
            ("Game: x\nMoves:\n", "game number 'x'"),
            ("Game: 1\nSeat 1: a\n", "has no 'place <k>'"),
            ("Game: 1\nRules: Players=7\n", "record at line 1"),
            (
                "Game: 1\nStart: not a position\nSeat 1: a; place 1; x\nSeat 2: b; place 2; x\nMoves:\n",
                "game 1",
            ),
        ];
        for (text, expected) in cases {
            let e = ChineseCheckers::read_records(text).unwrap_err();
            assert!(e.contains(expected), "{text:?}: {e}");
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }
}

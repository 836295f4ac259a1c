//! The bench positions; the evaluation and search traits are the shared
//! hop-board ones ([`crate::games::hopboard::eval`]).

/// Bench positions (2 and 3 players) and their depth.
pub const BENCH_CCN: &[&str] = &[
    "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
    "4,7,8,17,28,29,41,43,50,60/70,79,83,90,91,104,105,112,117,118 1 8",
];
pub const BENCH_DEPTH: u32 = 4;

#[cfg(test)]
mod tests {
    use super::super::{Rules, ccn};
    use crate::search::MATE_BOUND;

    fn eval(text: &str) -> i32 {
        ccn::parse(text, Rules::default())
            .expect("ccn")
            .evaluate_for(0)
    }

    fn steps_to_go(text: &str, p: usize) -> i32 {
        ccn::parse(text, Rules::default())
            .expect("ccn")
            .remaining_distance(p)
    }

    #[test]
    fn the_last_piece_counts_its_steps_to_the_empty_target_hole() {
        // Player 1's last marble at 106, next to 114; the empty target
        // hole is 111 on the far side of the rim row: 4 steps, though
        // its depth is one more than the hole's.
        let p2 = "10,11,12,13,23,24,25,35,36,46";
        assert_eq!(
            steps_to_go(
                &format!("106,112,113,114,115,116,117,118,119,120/{p2} 1 1"),
                0
            ),
            4
        );
        // The hole next to it: one step.
        assert_eq!(
            steps_to_go(
                &format!("106,111,112,113,115,116,117,118,119,120/{p2} 1 1"),
                0
            ),
            1
        );
        // Far from the end the depth bound counts: the start is 120.
        assert_eq!(
            steps_to_go(&format!("0,1,2,3,4,5,6,7,8,9/{p2} 1 1"), 0),
            120
        );
    }

    #[test]
    fn distance_and_home_exit_danger() {
        let s = "111,112,113,114,115,116,117,118,119,120";
        // Symmetric start: equal. One step forward: at least one step
        // better (more when it is the rear that moves up).
        assert_eq!(eval(&format!("0,1,2,3,4,5,6,7,8,9/{s} 1 1")), 0);
        assert!(eval(&format!("0,1,2,3,4,5,6,7,9,17/{s} 1 1")) >= 100);
        assert!(
            eval(&format!("1,2,3,4,5,6,7,8,9,17/{s} 1 1"))
                > eval(&format!("0,1,2,3,4,5,6,7,9,17/{s} 1 1")),
            "moving up the rear is better than the front"
        );
        // A marble at home costs nothing early, more as the limit nears,
        // and the deeper it sits the more (the opponent has left home).
        let s = "60,61,62,63,64,66,67,68,69,70";
        let edge = "9,20,21,22,23,24,25,26,27,28";
        let tip = "0,20,21,22,23,24,25,26,27,28";
        let early = eval(&format!("{edge}/{s} 1 5"));
        let late = eval(&format!("{edge}/{s} 1 25"));
        assert!(late < early, "{late} vs {early}");
        assert!(eval(&format!("{tip}/{s} 1 25")) < late);
        // Every marble deep at home one move before the limit: a large
        // penalty, still no mate score.
        let home = "0,1,2,3,4,5,6,7,8,9";
        let worst = eval(&format!("{home}/{s} 1 29"));
        assert!(worst < late && worst > -MATE_BOUND, "{worst}");
    }
}

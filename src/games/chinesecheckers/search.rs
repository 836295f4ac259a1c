//! What the searches need: a distance evaluation (steps each player's
//! marbles still need to fill its target), the alpha-beta questions for
//! two players and one evaluation per player for more.

use super::position::{Move, Position, Standing};
use super::star::{CELLS, star};
use crate::games::hopboard::CellSet;
use crate::rules::RulesPosition;
use crate::search::{AlphaBetaPosition, MATE, MATE_BOUND, MultiPlayerPosition};

/// Centipawns per step of distance.
const STEP: i32 = 100;
/// A player who finished or was eliminated, in steps: beyond any distance.
const DONE: i32 = 500;
/// Moves before the home-exit limit from which marbles at home cost.
const HOME_EXIT_WARNING: u32 = 20;

/// Bench positions (2 and 3 players) and their depth.
pub const BENCH_CCN: &[&str] = &[
    "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
    "4,7,8,17,28,29,41,43,50,60/70,79,83,90,91,104,105,112,117,118 1 8",
];
pub const BENCH_DEPTH: u32 = 4;

impl Position {
    /// Player `p`'s standing in steps, higher is better: minus its
    /// remaining distance while it plays.
    fn merit(&self, p: usize) -> i32 {
        match self.standing(p) {
            Standing::Playing => -self.remaining_distance(p) - self.home_exit_danger(p),
            Standing::Finished { moves, .. } => DONE - moves.min(DONE as u32) as i32,
            Standing::Eliminated { .. } => -DONE,
        }
    }

    /// Marbles still at home as the home-exit limit nears, in steps: over
    /// the last `HOME_EXIT_WARNING` moves each costs 3 per move and per
    /// step it still needs to leave home, so the search clears home
    /// (deepest marbles first) before the rule's loss is in sight.
    fn home_exit_danger(&self, p: usize) -> i32 {
        let limit = self.rules().home_exit_limit;
        if limit == 0 {
            return 0;
        }
        let late = (self.moves_made(p) + HOME_EXIT_WARNING)
            .saturating_sub(limit)
            .min(HOME_EXIT_WARNING);
        if late == 0 {
            return 0;
        }
        let home = self.home_corner(p);
        let to_tip = &star().to_tip[home];
        let steps_out: u32 = (self.marbles(p) & star().corner[home])
            .cells()
            .map(|c| 4 - u32::from(to_tip[c]).min(3))
            .sum();
        (late * 3 * steps_out) as i32
    }

    /// The evaluation for player `p`: 100 × (the mean merit of the others
    /// − its own), in hundredths of a step; kept below the mate scores
    /// (the home-exit danger alone can reach hundreds of steps, and a
    /// static score past `MATE_BOUND` would read as a mate to the search).
    pub fn evaluate_for(&self, p: usize) -> i32 {
        let n = self.player_count() as i32;
        let others: i32 = (0..self.player_count())
            .filter(|&q| q != p)
            .map(|q| self.merit(q))
            .sum();
        (STEP * self.merit(p) - STEP * others / (n - 1)).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
    }
}

impl AlphaBetaPosition for Position {
    fn generate_noisy(&self, _out: &mut Vec<Move>) {}

    fn make_null(&mut self) {
        self.make_move(Move::PASS);
    }

    fn unmake_null(&mut self) {
        self.unmake_move();
    }

    fn null_move_allowed(&self) -> bool {
        false
    }

    fn in_check(&self) -> bool {
        false
    }

    fn evaluate(&self) -> i32 {
        self.evaluate_for(self.to_move())
    }

    fn is_draw(&self, _plies_from_root: usize) -> bool {
        false
    }

    fn no_moves_score(&self, _ply: usize) -> i32 {
        0
    }

    /// A finished game: a win or a loss for the player to move.
    fn terminal_score(&self, ply: usize) -> Option<i32> {
        if !self.is_over() {
            return None;
        }
        let first = self.places().get(self.to_move()) == Some(&0);
        let mate = MATE - ply as i32;
        Some(if first { mate } else { -mate })
    }

    fn move_order_hint(&self, _mv: Move) -> i32 {
        0
    }

    fn is_quiet(&self, _mv: Move) -> bool {
        true
    }

    fn history_index(&self, mv: Move) -> usize {
        if mv.is_pass() {
            0
        } else {
            mv.from as usize * CELLS + mv.to as usize
        }
    }

    fn history_size() -> usize {
        CELLS * CELLS
    }
}

impl MultiPlayerPosition for Position {
    fn evaluate_players(&self, out: &mut [i32]) {
        for (p, v) in out.iter_mut().enumerate().take(self.players()) {
            *v = STEP * self.merit(p);
        }
    }

    fn is_playing(&self, player: usize) -> bool {
        player < self.player_count() && self.standing(player) == Standing::Playing
    }

    fn make_turn_to(&mut self, player: usize) {
        self.give_turn(player);
    }

    fn move_gain(&self, mv: Move) -> i32 {
        Position::move_gain(self, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ccn, position::Rules};
    use crate::search::MATE_BOUND;

    fn eval(text: &str) -> i32 {
        ccn::parse(text, Rules::default())
            .expect("ccn")
            .evaluate_for(0)
    }

    #[test]
    fn distance_and_home_exit_danger() {
        let s = "111,112,113,114,115,116,117,118,119,120";
        // Symmetric start: equal. One step forward: one step better.
        assert_eq!(eval(&format!("0,1,2,3,4,5,6,7,8,9/{s} 1 1")), 0);
        assert_eq!(eval(&format!("0,1,2,3,4,5,6,7,9,17/{s} 1 1")), 100);
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

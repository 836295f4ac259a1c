//! What the searches need: a distance evaluation (steps each player's
//! marbles still need to fill its target), the alpha-beta questions for
//! two players and one evaluation per player for more.

use super::position::{Move, Position, Standing};
use super::star::CELLS;
use crate::rules::RulesPosition;
use crate::search::{AlphaBetaPosition, MATE, MultiPlayerPosition};

/// Centipawns per step of distance.
const STEP: i32 = 100;
/// A player who finished or was eliminated, in steps: beyond any distance.
const DONE: i32 = 500;

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
            Standing::Playing => -self.remaining_distance(p),
            Standing::Finished { moves, .. } => DONE - moves.min(DONE as u32) as i32,
            Standing::Eliminated { .. } => -DONE,
        }
    }

    /// The evaluation for player `p`: 100 × (the mean merit of the others
    /// − its own), in hundredths of a step.
    pub fn evaluate_for(&self, p: usize) -> i32 {
        let n = self.player_count() as i32;
        let others: i32 = (0..self.player_count())
            .filter(|&q| q != p)
            .map(|q| self.merit(q))
            .sum();
        STEP * self.merit(p) - STEP * others / (n - 1)
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
}

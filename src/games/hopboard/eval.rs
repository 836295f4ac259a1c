//! What the searches need of a hopping race game: a distance evaluation
//! (steps each player's pieces still need to fill its target, from the
//! layout's depth tables), the alpha-beta questions for two players and
//! one evaluation per player for more. Chinese checkers and Halma share it.

use super::CellSet;
use super::position::{HopPosition, Move, Standing};
use crate::rules::RulesPosition;
use crate::search::{AlphaBetaPosition, MATE, MATE_BOUND, MultiPlayerPosition};

/// Centipawns per step of distance.
const STEP: i32 = 100;
/// A player who finished or was eliminated, in steps: beyond any distance
/// and straggler cost (16x16 Halma's start is over a thousand).
const DONE: i32 = 5_000;
/// Hundredths of a step per step the last piece outside the target
/// still has to go.
const STRAGGLER: i32 = 100;
/// Hundredths of a step per 16 of the summed squares of the pieces' steps
/// to the target.
const SPREAD: i32 = 100;
/// The race planner's straggler weights, as [`STRAGGLER`] and [`SPREAD`]:
/// looking many own moves ahead it can afford to bring up the rear, and
/// these measured best against greedy in 2-player matches (100 games each:
/// 35.1 own moves to fill, against 35.3-35.7 with 100-400 each).
const RACE_STRAGGLER: i32 = 200;
const RACE_SPREAD: i32 = 600;
/// Moves before the home-exit limit from which pieces at home cost.
const HOME_EXIT_WARNING: u32 = 20;

impl<S: CellSet> HopPosition<S> {
    /// Player `p`'s standing in steps, higher is better: minus its
    /// remaining distance while it plays.
    fn merit(&self, p: usize) -> i32 {
        match self.standing(p) {
            Standing::Playing => {
                -STEP * (self.remaining_distance(p) + self.home_exit_danger(p)) - self.stragglers(p)
            }
            Standing::Finished { moves, .. } => STEP * (DONE - moves.min(DONE as u32) as i32),
            Standing::Eliminated { .. } => -STEP * DONE,
        }
    }

    /// Pieces left behind, in hundredths of a step: the last piece's
    /// steps to the target ([`STRAGGLER`] each) and the squares of every
    /// piece's steps ([`SPREAD`] per 16), so that of two moves that gain
    /// alike the one bringing up the rear wins. A piece far behind the
    /// others finds nothing to hop over and walks in one step at a time,
    /// which is where most moves were lost at the end of games.
    fn stragglers(&self, p: usize) -> i32 {
        let (last, squares) = self.rear(p);
        STRAGGLER * last + SPREAD * squares / 16
    }

    /// Player `p`'s pieces outside the target: the steps of the last one
    /// still to go, and the sum of every piece's steps squared.
    fn rear(&self, p: usize) -> (i32, i32) {
        let target = &self.layout().corners[self.target_corner(p)];
        let reach = i32::from(target.reach);
        self.marbles(p)
            .minus(target.cells)
            .cells()
            .map(|c| i32::from(target.depth[c]) - reach)
            .fold((0, 0), |(last, sq), o| (last.max(o), sq + o * o))
    }

    /// The race planner's view of player `p`: [`Self::merit`] with
    /// heavier straggler weights ([`RACE_STRAGGLER`], [`RACE_SPREAD`]).
    fn race_merit(&self, p: usize) -> i32 {
        match self.standing(p) {
            Standing::Playing => {
                let (last, squares) = self.rear(p);
                -STEP * (self.remaining_distance(p) + self.home_exit_danger(p))
                    - RACE_STRAGGLER * last
                    - RACE_SPREAD * squares / 16
            }
            _ => self.merit(p),
        }
    }

    /// Pieces still at home as the home-exit limit nears, in steps: over
    /// the last `HOME_EXIT_WARNING` moves each costs 3 per move and per
    /// step it still needs to leave home, so the search clears home
    /// (deepest pieces first) before the rule's loss is in sight.
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
        let home = &self.layout().corners[self.home_corner(p)];
        let reach = u32::from(home.reach);
        let steps_out: u32 = self
            .marbles(p)
            .intersect(home.cells)
            .cells()
            .map(|c| reach + 1 - u32::from(home.depth[c]).min(reach))
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
        (self.merit(p) - others / (n - 1)).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
    }
}

impl<S: CellSet> AlphaBetaPosition for HopPosition<S> {
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
            mv.from as usize * S::CAPACITY + mv.to as usize
        }
    }

    fn history_size() -> usize {
        S::CAPACITY * S::CAPACITY
    }
}

impl<S: CellSet> MultiPlayerPosition for HopPosition<S> {
    fn evaluate_players(&self, out: &mut [i32]) {
        for (p, v) in out.iter_mut().enumerate().take(self.players()) {
            *v = self.merit(p);
        }
    }

    fn is_playing(&self, player: usize) -> bool {
        player < self.player_count() && self.standing(player) == Standing::Playing
    }

    fn make_turn_to(&mut self, player: usize) {
        self.give_turn(player);
    }

    fn move_gain(&self, mv: Move) -> i32 {
        HopPosition::move_gain(self, mv)
    }

    fn evaluate_player(&self, player: usize) -> i32 {
        if player < self.player_count() {
            self.race_merit(player)
        } else {
            0
        }
    }

    /// Every piece of every other player still playing is at least two
    /// rows (depth toward `player`'s target) behind `player`'s last piece:
    /// no move forward can hop over one or be blocked by one. Pieces of
    /// players who are done never move, and the planner sees them as they
    /// are. With two players the opponent only moves away from then on.
    fn racing_alone(&self, player: usize) -> bool {
        if self.is_over() || !MultiPlayerPosition::is_playing(self, player) {
            return false;
        }
        let depth = &self.layout().corners[self.target_corner(player)].depth;
        let at = |c: usize| depth.get(c).copied().unwrap_or(0);
        let Some(last) = self.marbles(player).cells().map(at).max() else {
            return false;
        };
        (0..self.player_count())
            .filter(|&q| q != player && self.standing(q) == Standing::Playing)
            .flat_map(|q| self.marbles(q).cells())
            .all(|c| at(c) >= last.saturating_add(2))
    }
}

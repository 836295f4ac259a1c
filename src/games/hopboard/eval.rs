//! What the searches need of a hopping race game: a distance evaluation
//! (steps each player's pieces still need to fill its target, from the
//! layout's depth tables), the alpha-beta questions for two players and
//! one evaluation per player for more. Chinese checkers and Halma share it.
//!
//! The weights are each game's named table (`eval_weights.rs` in its
//! folder, carried by its [`Layout`](super::Layout)), written by the tuner
//! (`tabula tune chinesecheckers|halma`), never typed here. The distance
//! itself is the unit (100 a step) and not a weight. The evaluation is
//! written once against [`EvalSink`]: the engine runs it on the embedded
//! table, the tuner records it as a form of the weights ([`crate::tune`]).

use super::CellSet;
use super::position::{HopPosition, Move, Standing};
use crate::evalkit::layout::weight_layout;
use crate::evalkit::{Direct, EvalSink};
use crate::rules::RulesPosition;
use crate::search::params::SearchParams;
use crate::search::{AlphaBetaPosition, MATE, MATE_BOUND, MultiPlayerPosition};

/// The evaluation's weights: names and places in the games' tables.
/// Merits are summed in sixteenths of a hundredth of a step (the spread's
/// unit) and divided at the end.
pub mod layout {
    super::weight_layout! {
        // Hundredths of a step per step the last piece outside the
        // target still has to go.
        STRAGGLER "straggler" [""],
        // Sixteenths of a hundredth of a step per squared step of each
        // piece outside the target.
        SPREAD "spread" [""],
        // Hundredths of a step per move into the home-exit warning and
        // per step a piece at home still needs to leave it.
        HOME_EXIT "home_exit" [""],
        // The race planner's straggler and spread weights, in the same
        // units: chosen by matches against greedy, which the tuner's
        // fit to results does not see (they are not in the form).
        RACE_STRAGGLER "race_straggler" [""],
        RACE_SPREAD "race_spread" [""],
    }
}
use layout::*;

/// The weight names, one per weight, in table order.
pub fn weight_names() -> Vec<String> {
    crate::evalkit::layout::names(GROUPS)
}

/// Centipawns per step of distance: the unit.
const STEP: i32 = 100;
/// Sixteenths: the merits' unit below a hundredth of a step.
const FINE: i32 = 16;
/// A player who finished or was eliminated, in steps: beyond any distance
/// and straggler cost (16x16 Halma's start is over a thousand).
const DONE: i32 = 5_000;
/// Moves before the home-exit limit from which pieces at home cost.
const HOME_EXIT_WARNING: u32 = 20;

/// One player's merit as features, higher is better: a constant (in
/// sixteenths of a hundredth of a step) and, while the player plays, the
/// counts its weights multiply (negated: each costs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Merit {
    constant: i32,
    home_exit: i32,
    straggler: i32,
    spread: i32,
}

impl Merit {
    /// Adds `other x times` to `self`.
    fn add_times(&mut self, other: Merit, times: i32) {
        self.constant += other.constant * times;
        self.home_exit += other.home_exit * times;
        self.straggler += other.straggler * times;
        self.spread += other.spread * times;
    }

    /// The value at the weights `weight` gives, with the straggler
    /// weights named, in sixteenths of a hundredth of a step.
    fn value(&self, weight: impl Fn(usize) -> i32, straggler: usize, spread: usize) -> i64 {
        let w = |i: usize| i64::from(weight(i));
        i64::from(self.constant)
            + w(HOME_EXIT) * i64::from(self.home_exit)
            + w(straggler) * i64::from(self.straggler)
            + w(spread) * i64::from(self.spread)
    }
}

impl<S: CellSet> HopPosition<S> {
    /// Player `p`'s standing as a [`Merit`]: minus its remaining distance,
    /// home-exit pressure and stragglers while it plays.
    fn merit_terms(&self, p: usize) -> Merit {
        match self.standing(p) {
            Standing::Playing => {
                let (last, squares) = self.rear(p);
                Merit {
                    constant: -FINE * STEP * self.remaining_distance(p),
                    home_exit: -FINE * self.home_exit_pressure(p),
                    straggler: -FINE * last,
                    spread: -squares,
                }
            }
            Standing::Finished { moves, .. } => Merit {
                constant: FINE * STEP * (DONE - moves.min(DONE as u32) as i32),
                ..Merit::default()
            },
            Standing::Eliminated { .. } => Merit {
                constant: -FINE * STEP * DONE,
                ..Merit::default()
            },
        }
    }

    /// Player `p`'s merit in hundredths of a step, with the evaluation's
    /// straggler weights (`race`: the race planner's).
    fn merit(&self, p: usize, race: bool) -> i32 {
        let (straggler, spread) = if race {
            (RACE_STRAGGLER, RACE_SPREAD)
        } else {
            (STRAGGLER, SPREAD)
        };
        let weights = self.layout().weights;
        let v =
            self.merit_terms(p)
                .value(|i| weights.get(i).copied().unwrap_or(0), straggler, spread);
        (v / i64::from(FINE)) as i32
    }

    /// Pieces left behind: the steps the last piece outside the target
    /// still has to go, and the sum of every such piece's steps squared,
    /// so that of two moves that gain alike the one bringing up the rear
    /// wins. A piece far behind the others finds nothing to hop over and
    /// walks in one step at a time, which is where most moves were lost at
    /// the end of games.
    fn rear(&self, p: usize) -> (i32, i32) {
        let target = &self.layout().corners[self.target_corner(p)];
        let reach = i32::from(target.reach);
        self.marbles(p)
            .minus(target.cells)
            .cells()
            .map(|c| i32::from(target.depth[c]) - reach)
            .fold((0, 0), |(last, sq), o| (last.max(o), sq + o * o))
    }

    /// Pieces still at home as the home-exit limit nears: over the last
    /// `HOME_EXIT_WARNING` moves, the moves into that window times the
    /// steps the pieces at home still need to leave it, so the search
    /// clears home (deepest pieces first) before the rule's loss is in
    /// sight.
    pub(crate) fn home_exit_pressure(&self, p: usize) -> i32 {
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
        (late * steps_out) as i32
    }

    /// The evaluation for player `p` into `s`: 100 x (its own merit − the
    /// mean merit of the others), in hundredths of a step; set to the
    /// bound where it would pass it (the home-exit pressure alone can
    /// reach hundreds of steps, and a static score past `MATE_BOUND` would
    /// read as a mate to the search).
    pub fn evaluate_into<E: EvalSink>(&self, s: &mut E, p: usize) {
        let others = self.player_count() as i32 - 1;
        let mut sum = Merit::default();
        for q in 0..self.player_count() {
            let times = if q == p { others } else { -1 };
            sum.add_times(self.merit_terms(q), times);
        }
        s.expansion((sum.constant, sum.constant), &[]);
        s.tapered(HOME_EXIT, sum.home_exit, sum.home_exit);
        s.tapered(STRAGGLER, sum.straggler, sum.straggler);
        s.tapered(SPREAD, sum.spread, sum.spread);
        // No phase: the middle-game sum is the score.
        s.blend(1, 1);
        let den = FINE * others.max(1);
        s.scale(1, den);
        let value = sum.value(|i| s.weight(i), STRAGGLER, SPREAD) / i64::from(den);
        let bound = i64::from(MATE_BOUND - 1);
        if value.abs() > bound {
            s.set(value.clamp(-bound, bound) as i32);
        }
    }

    /// The evaluation for player `p` at the game's weights.
    pub fn evaluate_for(&self, p: usize) -> i32 {
        let mut d = Direct::new(self.layout().weights);
        self.evaluate_into(&mut d, p);
        d.score()
    }
}

/// The two-player hop games' alpha-beta parameters (Chinese checkers and
/// Halma), in the evaluation's distance units. They start from the values the search was tuned
/// with; a tuner may set them apart from the other games'.
pub const SEARCH_PARAMS: SearchParams = SearchParams::STARTING;

impl<S: CellSet> AlphaBetaPosition for HopPosition<S> {
    const SEARCH_PARAMS: &'static SearchParams = &SEARCH_PARAMS;
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

    fn move_key(mv: Move) -> u32 {
        u32::from(mv.from) | u32::from(mv.to) << 8
    }
}

impl<S: CellSet> MultiPlayerPosition for HopPosition<S> {
    fn evaluate_players(&self, out: &mut [i32]) {
        for (p, v) in out.iter_mut().enumerate().take(self.players()) {
            *v = self.merit(p, false);
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
            self.merit(player, true)
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

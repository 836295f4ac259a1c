//! What the expectimax search needs from a backgammon position: the
//! static value (the outcome probabilities of the player on turn), the
//! equity moves are compared by, and the cube's answers.

use super::board::{BAR, Board, CHECKERS};
use super::cube::{self, Access, Probs};
use super::position::{BgMove, BgPosition, Phase, RuleSet};
use crate::rules::{Decision, RulesPosition};
use crate::search::EquityPosition;
use crate::search::expectimax::ChanceValue;
use std::sync::atomic::AtomicBool;

impl ChanceValue for Probs {
    fn zero() -> Self {
        Probs::default()
    }

    fn add_weighted(&mut self, other: &Self, weight: f32) {
        self.win += weight * other.win;
        self.win_gammon += weight * other.win_gammon;
        self.win_backgammon += weight * other.win_backgammon;
        self.lose_gammon += weight * other.lose_gammon;
        self.lose_backgammon += weight * other.lose_backgammon;
    }

    fn flipped(&self) -> Self {
        Probs::flipped(self)
    }
}

/// The probabilities of a finished game for the board's mover, who lost:
/// the other side has borne off all its checkers.
fn lost_game(board: &Board) -> Probs {
    let gammon = board.mover[0] == 0;
    let backgammon =
        gammon && (board.mover[BAR] > 0 || board.mover[19..=24].iter().any(|&n| n > 0));
    Probs {
        win: 0.0,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: if gammon { 1.0 } else { 0.0 },
        lose_backgammon: if backgammon { 1.0 } else { 0.0 },
    }
}

/// True when some checker of one side still has to pass one of the other.
pub fn contact(board: &Board) -> bool {
    // The mover's rearmost checker against the other's rearmost one, in
    // the mover's numbering.
    let mine = (1..=BAR).rev().find(|&p| board.mover[p] > 0).unwrap_or(0);
    let theirs = (1..=BAR)
        .rev()
        .find(|&p| board.other[p] > 0)
        .map_or(0, |p| 25 - p.min(24));
    mine > theirs
}

/// The static probabilities for the player about to roll (`board.mover`).
pub fn evaluate_board(board: &Board) -> Probs {
    if board.other[0] == CHECKERS {
        return lost_game(board);
    }
    if board.mover[0] == CHECKERS {
        return lost_game(&board.flipped()).flipped();
    }
    super::eval::evaluate(board)
}

impl BgPosition {
    /// Cube efficiency for this position.
    fn cube_efficiency(&self) -> f32 {
        let b = self.board();
        let pips = super::game::pips(&b.mover) + super::game::pips(&b.other);
        cube::efficiency(contact(b), pips / 2)
    }

    /// The cube verdict for the player on roll from their probabilities.
    fn cube_verdict(&self, rolling: &Probs) -> cube::CubeVerdict {
        let s = &self.state;
        let info = &self.info;
        if info.length > 0 {
            let away = |k: usize| {
                info.length
                    .saturating_sub(info.score.get(k).copied().unwrap_or(0))
            };
            let away = [away(s.on_roll), away(1 - s.on_roll)];
            let post_crawford = !info.crawford && away.contains(&1);
            return cube::match_decision(rolling, away, self.cube_value(), post_crawford);
        }
        let access = match s.cube_owner {
            None => Access::Centred,
            Some(o) if o == s.on_roll => Access::Mine,
            Some(_) => Access::Theirs,
        };
        cube::money_decision(
            rolling,
            access,
            self.cube_efficiency(),
            info.jacoby,
            self.rules == RuleSet::Backgammon,
        )
    }
}

impl EquityPosition for BgPosition {
    type Value = Probs;

    fn evaluate_value(&self) -> Probs {
        let s = &self.state;
        let for_on_roll = match s.phase {
            // The player on roll won by the drop.
            Phase::Dropped => Probs {
                win: 1.0,
                ..Probs::default()
            },
            _ => evaluate_board(&s.board),
        };
        if self.side_to_move() == s.on_roll {
            for_on_roll
        } else {
            for_on_roll.flipped()
        }
    }

    fn equity_of(&self, value: &Probs) -> f32 {
        value.equity(self.rules == RuleSet::Backgammon)
    }

    fn default_depth(&self) -> u32 {
        u32::from(self.ply)
    }

    fn continue_without_cube(&self) -> Option<BgMove> {
        match self.phase() {
            Phase::BeforeRoll => Some(BgMove::NoDouble),
            Phase::DoubleOffered => Some(BgMove::Take),
            _ => None,
        }
    }

    fn position_to_roll(&self) -> Option<BgPosition> {
        let mut p = self.clone();
        match p.state.phase {
            Phase::BeforeRoll | Phase::DoubleOffered => p.state.phase = Phase::ToRoll,
            _ => return None,
        }
        Some(p)
    }

    /// Before the roll with the cube out of reach (Tavla, Crawford, owned
    /// by the opponent, at its maximum) the only answer is no double.
    fn answer_without_search(&self) -> Option<BgMove> {
        let before_roll = matches!(self.phase(), Phase::BeforeRoll | Phase::ToRoll);
        (before_roll && self.decision() == Decision::Roll && self.outcome().is_none())
            .then_some(BgMove::NoDouble)
    }

    fn before_search(&self, stop: &AtomicBool) {
        super::eval::bearoff::wait_unless_stopped(stop);
    }

    fn cube_action(&self, rolling: &Probs) -> Option<(BgMove, f32)> {
        let verdict = self.cube_verdict(rolling);
        match self.phase() {
            Phase::BeforeRoll if verdict.should_double() => {
                Some((BgMove::Double, verdict.equity()))
            }
            Phase::BeforeRoll => Some((BgMove::NoDouble, verdict.no_double)),
            // The opponent of the player on roll answers: its equity is
            // the negation.
            Phase::DoubleOffered if verdict.should_take() => {
                Some((BgMove::Take, -verdict.double_take))
            }
            Phase::DoubleOffered => Some((BgMove::Drop, -verdict.double_drop)),
            _ => None,
        }
    }
}

//! Bench positions: the plays met in a game of random moves from a fixed
//! seed, each with its roll, so `tabula bench backgammon` times the
//! search on positions any machine regenerates alike.

use super::position::{BgPosition, RuleSet};
use crate::rules::{Decision, RulesPosition, splitmix};
use crate::search::EquityPosition;

/// How many positions `bench` searches, and the seed of their game.
pub const BENCH_POSITIONS: usize = 40;
pub const BENCH_SEED: u64 = 2026;

/// The first `count` positions with a choice of plays (two or more) met
/// in games of uniformly random plays and fair dice drawn from `seed`;
/// nobody doubles, and a finished game starts a new one.
pub fn sample_positions(rules: RuleSet, jacoby: bool, seed: u64, count: usize) -> Vec<BgPosition> {
    let start = BgPosition::start(rules, jacoby);
    let mut pos = start.clone();
    let mut state = seed;
    let mut found = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while found.len() < count {
        if pos.outcome().is_some() {
            pos = start.clone();
        }
        let (next, draw) = splitmix(state);
        state = next;
        let chosen = match pos.decision() {
            Decision::Roll => weighted(&pos.chance_outcomes(), draw),
            Decision::Cube => pos.continue_without_cube(),
            Decision::Move => {
                moves.clear();
                pos.generate_legal(&mut moves);
                if moves.len() > 1 {
                    found.push(pos.clone());
                }
                let len = moves.len().max(1) as u64;
                moves.get((draw % len) as usize).copied()
            }
        };
        match chosen {
            Some(mv) => pos.make(mv),
            None => pos = start.clone(),
        }
    }
    found
}

/// The outcome `draw` picks, each with the chance its weight gives.
fn weighted<M: Copy>(outcomes: &[(M, u32)], draw: u64) -> Option<M> {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut left = draw % total.max(1);
    for &(mv, w) in outcomes {
        if left < u64::from(w) {
            return Some(mv);
        }
        left -= u64::from(w);
    }
    None
}

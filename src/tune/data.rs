//! Training positions from recorded games.
//!
//! Each position of a game decided on the board is labelled with the game's
//! result for the first player. Only quiet positions are kept, because a
//! static evaluation cannot see a material swing that is already under way
//! and would be taught to "predict" it with positional weights. A position
//! is quiet here when:
//! * it is not a book move of the opening file (random openings say nothing
//!   about the engine's play);
//! * the side to move is not in check (the evaluation ignores checks);
//! * the move that led to it was quiet (not a capture or promotion: the
//!   recapture is usually still to come);
//! * the side to move has no noisy move that wins material by static
//!   exchange (quiescence search would take it and differ from the static
//!   evaluation);
//! * the game is not over there, and the evaluation does not score it by a
//!   rule (a bare-king draw): such scores do not depend on the weights;
//! * no count the evaluation cannot see is running ([`Tunable::ruled_by_count`]):
//!   a teacher that knows the count scores a won ending near a draw when
//!   the count is short, which the weights can only copy by undervaluing
//!   material everywhere.

use super::{RecordedGame, Tunable};
use crate::evalkit::form::{EvalForm, Linear, Op};
use crate::games::{GamePosition, MoveNotation};
use crate::rules::RulesPosition;
use crate::search::{AlphaBetaPosition, is_quiet_position};

/// One training position.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The position in the game's notation (re-read to relinearise).
    pub position: String,
    /// The evaluation from the first player's view, linear in the weights.
    pub linear: Linear,
    /// What the evaluation should predict, for the first player: the
    /// game's result (1, 0.5 or 0), or with `--score-weight` a blend of it
    /// and the recorded search score ([`blend_in_scores`]).
    pub result: f32,
    /// The score the mover's search gave this position in the game, from
    /// the first player's view, in evaluation units; `None` when the record
    /// has none.
    pub score: Option<f32>,
}

/// Counts of what the records held and what was kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: usize,
    /// Unfinished games and games lost off the board (time, crash).
    pub games_skipped: usize,
    /// Games longer than `--max-plies`.
    pub games_too_long: usize,
    pub positions: usize,
    pub quiet: usize,
    /// Quiet positions left out because a count was running.
    pub counted: usize,
}

/// A deterministic 64-bit mix (splitmix64), for the seeded split.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE5_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A key made of the game itself (its start and its moves, as written),
/// not of its place in the files: `tabula match --concurrency 2` writes
/// the records in the order the games end, which changes from run to run,
/// and the split must not change with it.
pub fn game_key<P: GamePosition + Clone>(game: &RecordedGame<P>) -> u64 {
    let mut key = 0u64;
    let mut add = |text: &str| {
        for b in text.bytes() {
            key = mix(key ^ u64::from(b));
        }
        // A separator, so "ab" + "c" differs from "a" + "bc".
        key = mix(key ^ 0x100);
    };
    let mut pos = game.start.clone();
    add(&pos.to_notation());
    for &mv in &game.moves {
        add(&pos.format_move(mv, MoveNotation::Native));
        pos.play(mv);
    }
    key
}

/// True when the game with `key` ([`game_key`]) goes to the validation set
/// (one game in ten, chosen by `seed`).
pub fn is_validation(seed: u64, key: u64) -> bool {
    mix(seed ^ mix(key)).is_multiple_of(10)
}

/// The evaluation of `pos` as a linear function of the weights, from the
/// first player's view; `None` when a rule fixes the score.
pub fn linearise<T: Tunable>(pos: &T::Pos, form: &mut EvalForm, count: usize) -> Option<Linear> {
    form.clear();
    T::eval_form(pos, form);
    if form.ops.iter().any(|op| matches!(op, Op::Set(_))) {
        return None;
    }
    let mut lin = form.linear(count);
    if pos.side_to_move() != 0 {
        lin.terms.iter_mut().for_each(|t| t.1 = -t.1);
        lin.constant = -lin.constant;
    }
    Some(lin)
}

/// The quiet positions of `game` with their labels, at `weights`.
pub fn game_samples<T: Tunable>(
    game: &RecordedGame<T::Pos>,
    weights: &[i32],
    counts: &mut Counts,
) -> Vec<Sample> {
    counts.games += 1;
    let Some(result) = game.first_player_score.filter(|_| game.decided_on_board) else {
        counts.games_skipped += 1;
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut form = EvalForm::new(weights);
    let mut noisy = Vec::new();
    let mut legal = Vec::new();
    let mut pos = game.start.clone();
    let mut last_was_quiet = true;
    for (ply, &mv) in game.moves.iter().enumerate() {
        counts.positions += 1;
        let candidate =
            ply >= game.book_moves && last_was_quiet && is_quiet_position(&pos, &mut noisy);
        let counted = candidate && T::ruled_by_count(&pos);
        counts.counted += usize::from(counted);
        if candidate && !counted {
            legal.clear();
            pos.generate_legal(&mut legal);
            if !legal.is_empty()
                && let Some(linear) = linearise::<T>(&pos, &mut form, weights.len())
            {
                let score = game
                    .scores
                    .get(ply)
                    .copied()
                    .flatten()
                    .map(|s| if pos.side_to_move() == 0 { s } else { -s });
                out.push(Sample {
                    position: T::position_text(&pos),
                    linear,
                    result,
                    score,
                });
            }
        }
        last_was_quiet = pos.is_quiet(mv);
        pos.play(mv);
    }
    counts.quiet += out.len();
    out
}

/// Replaces each label by `(1 - weight) x result + weight x sigmoid(k x
/// score)` where the position has a recorded search score: the deeper
/// search's opinion of the position, which does not depend on what went
/// wrong later in the game. Returns how many samples had a score.
pub fn blend_in_scores(samples: &mut [Sample], k: f64, weight: f64) -> usize {
    let mut blended = 0;
    for s in samples.iter_mut() {
        if let Some(score) = s.score {
            let expected = super::fit::sigmoid(k, f64::from(score));
            s.result = ((1.0 - weight) * f64::from(s.result) + weight * expected) as f32;
            blended += 1;
        }
    }
    blended
}

/// Recomputes every sample's linear form at `weights` (the non-linear terms
/// are expanded at the current weights; see [`crate::evalkit::EvalSink::expansion`]).
/// Samples whose position no longer reads, or is now scored by a rule,
/// keep their old form.
pub fn relinearise<T: Tunable>(samples: &mut [Sample], weights: &[i32]) {
    let mut form = EvalForm::new(weights);
    for s in samples {
        if let Ok(pos) = T::parse_position(&s.position)
            && let Some(lin) = linearise::<T>(&pos, &mut form, weights.len())
        {
            s.linear = lin;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(result: f32, score: Option<f32>) -> Sample {
        Sample {
            position: String::new(),
            linear: Linear::default(),
            result,
            score,
        }
    }

    #[test]
    fn scores_are_blended_into_the_labels_where_recorded() {
        let k = 0.01;
        let mut s = [
            sample(1.0, Some(0.0)),
            sample(0.0, None),
            sample(0.5, Some(200.0)),
        ];
        assert_eq!(blend_in_scores(&mut s, k, 0.5), 2);
        // Half the win, half an even score.
        assert!((s[0].result - 0.75).abs() < 1e-6);
        assert_eq!(s[1].result, 0.0);
        let expected = 0.5 * 0.5 + 0.5 / (1.0 + (-2.0f64).exp());
        assert!((f64::from(s[2].result) - expected).abs() < 1e-6);
        // Weight 1: the search score alone.
        let mut t = [sample(0.0, Some(0.0))];
        blend_in_scores(&mut t, k, 1.0);
        assert!((t[0].result - 0.5).abs() < 1e-6);
    }
}

//! The alpha-beta search's parameters as data: every margin, reduction,
//! extension, aspiration and time-scaling number in one table.
//!
//! Each alpha-beta game names its own table (`AlphaBetaPosition::
//! SEARCH_PARAMS`) in its own evaluation units (Makruk and Ōgi centipawns,
//! Tak and draughts their own scales), so that a tuner can set one game's
//! numbers without touching another's. Every game starts from
//! [`SearchParams::STARTING`], the values the search was tuned with on
//! Makruk.

use super::time::TimeParams;

/// The numbers of the alpha-beta search. Margins are in the game's
/// evaluation units; depths in plies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// Quiescence: a capture whose gain leaves the score this far below
    /// alpha is not searched (delta pruning).
    pub delta_margin: i32,
    /// Waves of quiet checks quiescence tries (games that offer quiet
    /// checks): its first ply's, then, after the defender's evasion of a
    /// check with at most `qs_wave_evasions` evasions, another.
    pub qs_check_waves: u8,
    /// The evasions hand the remaining waves back only when there are at
    /// most this many of them: a check the defender can block with any
    /// piece in hand seldom mates.
    pub qs_wave_evasions: usize,

    /// Aspiration windows from this depth on, this wide on either side at
    /// first, widened by half on each fail; past `aspiration_give_up` the
    /// window opens fully.
    pub aspiration_depth: i32,
    pub aspiration_delta: i32,
    pub aspiration_give_up: i32,

    /// Reverse futility: up to this depth, a static evaluation this much a
    /// ply (less one ply when improving) above beta cuts the node.
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    /// Null move from this depth on; it reduces by `null_reduction` plus a
    /// ply per `null_depth_divisor` of depth plus a ply per
    /// `null_eval_divisor` the evaluation stands above beta (at most
    /// `null_eval_plies`); verified by a search from `null_verify_depth`.
    pub null_min_depth: i32,
    pub null_reduction: i32,
    pub null_depth_divisor: i32,
    pub null_eval_divisor: i32,
    pub null_eval_plies: i32,
    pub null_verify_depth: i32,
    /// ProbCut from this depth on: a capture that clears beta by
    /// `probcut_margin` in a search `probcut_reduction` plies shallower
    /// cuts the node; skipped when the table holds a result at most
    /// `probcut_tt_slack` plies shallower that stays under that margin.
    pub probcut_depth: i32,
    pub probcut_margin: i32,
    pub probcut_reduction: i32,
    pub probcut_tt_slack: i32,
    /// Internal iterative reduction: a node without a table move is
    /// searched a ply shallower from this depth on.
    pub iir_depth: i32,

    /// Late-move pruning up to this depth: a non-PV node stops trying quiet
    /// moves after `(lmp_base + depth²) / 2 + 1` of them (twice as many
    /// when improving).
    pub lmp_depth: i32,
    pub lmp_base: usize,
    /// Futility pruning of quiet moves up to this reduced depth: the static
    /// evaluation plus `futility_base` plus `futility_margin` a ply stays
    /// under alpha.
    pub futility_depth: i32,
    pub futility_base: i32,
    pub futility_margin: i32,
    /// SEE pruning up to this depth: a quiet move losing more than
    /// `see_quiet_margin` × depth² on its square, a capture more than
    /// `see_noisy_margin` × depth.
    pub see_prune_depth: i32,
    pub see_quiet_margin: i32,
    pub see_noisy_margin: i32,
    /// Singular extensions from this depth on, for a table move proven at
    /// most `singular_tt_slack` plies shallower; the others must stay
    /// `singular_margin` a ply under its score.
    pub singular_depth: i32,
    pub singular_tt_slack: i32,
    pub singular_margin: i32,
    /// Extensions stop at this many plies from the root, plus twice the
    /// iteration's depth.
    pub extension_plies: i32,

    /// Late-move reductions from this depth on; the table's reduction of
    /// the m-th move at depth d is `lmr_base + ln d · ln m / lmr_divisor`,
    /// less a ply per `1 / lmr_history_parts` of the history's range.
    pub lmr_min_depth: i32,
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    pub lmr_history_parts: i32,
    /// At the root, quiet moves from this one on (counted from the line's
    /// first) are reduced by a ply.
    pub root_lmr_after: usize,

    /// The clock's soft limit, in percent, after a best move that stayed
    /// the same for 0, 1, 2, 3 and more iterations.
    pub stability_scale: [i64; 5],
    /// More time after a falling score: `(drop, percent)`, the first whose
    /// drop the score change reaches (the larger drop first).
    pub falling_score_scale: [(i32, i64); 2],
    /// Fail-high and fail-low lines are reported only after this much
    /// time (milliseconds).
    pub bound_info_after_ms: u64,
    /// How the clock is divided among the moves.
    pub time: TimeParams,
}

impl SearchParams {
    /// The values every game starts from.
    pub const STARTING: SearchParams = SearchParams {
        delta_margin: 150,
        qs_check_waves: 2,
        qs_wave_evasions: 3,
        aspiration_depth: 5,
        aspiration_delta: 25,
        aspiration_give_up: 1000,
        rfp_depth: 7,
        rfp_margin: 120,
        null_min_depth: 3,
        null_reduction: 3,
        null_depth_divisor: 3,
        null_eval_divisor: 200,
        null_eval_plies: 3,
        null_verify_depth: 12,
        probcut_depth: 5,
        probcut_margin: 200,
        probcut_reduction: 4,
        probcut_tt_slack: 3,
        iir_depth: 4,
        lmp_depth: 7,
        lmp_base: 3,
        futility_depth: 6,
        futility_base: 150,
        futility_margin: 120,
        see_prune_depth: 6,
        see_quiet_margin: 20,
        see_noisy_margin: 90,
        singular_depth: 8,
        singular_tt_slack: 3,
        singular_margin: 2,
        extension_plies: 4,
        lmr_min_depth: 3,
        lmr_base: 0.75,
        lmr_divisor: 2.25,
        lmr_history_parts: 3,
        root_lmr_after: 4,
        stability_scale: [160, 120, 100, 85, 70],
        falling_score_scale: [(-50, 140), (-20, 115)],
        bound_info_after_ms: 1000,
        time: TimeParams::STARTING,
    };

    /// The soft limit's scale (percent) after an iteration: a best move
    /// that just changed or a falling score ask for more time, one that
    /// stayed the same for several iterations for less. `stable` counts
    /// the iterations the best move stayed.
    pub fn time_scale_after(&self, same_best: bool, stable: &mut u32, score_change: i32) -> i64 {
        *stable = if same_best { *stable + 1 } else { 0 };
        let last = self.stability_scale.len() - 1;
        let by_stability = self.stability_scale[(*stable as usize).min(last)];
        let by_score = self
            .falling_score_scale
            .iter()
            .find(|(drop, _)| score_change <= *drop)
            .map_or(100, |&(_, percent)| percent);
        by_stability * by_score / 100
    }

    /// How much material a move may lose on its square before SEE pruning
    /// drops it at `depth`: quiet moves little (they lose it for nothing),
    /// captures more (they may open lines), both growing with depth.
    pub fn see_prune_margin(&self, quiet: bool, depth: i32) -> i32 {
        if quiet {
            -self.see_quiet_margin * depth * depth
        } else {
            -self.see_noisy_margin * depth
        }
    }

    /// The late-move reduction table: `[depth][moves searched]`.
    pub fn lmr_table(&self) -> Box<[[u8; 64]; 64]> {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = self.lmr_base + (d as f64).ln() * (m as f64).ln() / self.lmr_divisor;
                *r = v.clamp(0.0, 60.0) as u8;
            }
        }
        lmr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changing_best_move_or_a_falling_score_takes_more_time() {
        let p = SearchParams::STARTING;
        let mut stable = 5;
        // The best move just changed: more time than the plain soft limit.
        assert_eq!(p.time_scale_after(false, &mut stable, 0), 160);
        assert_eq!(stable, 0);
        // Then it stays: less and less, down to the floor.
        let scales: Vec<i64> = (0..5)
            .map(|_| p.time_scale_after(true, &mut stable, 0))
            .collect();
        assert_eq!(scales, vec![120, 100, 85, 70, 70]);
        // A falling score asks for more, the more it falls.
        assert_eq!(p.time_scale_after(true, &mut stable, -20), 70 * 115 / 100);
        assert_eq!(p.time_scale_after(true, &mut stable, -60), 70 * 140 / 100);
        assert_eq!(p.time_scale_after(true, &mut stable, 30), 70);
    }

    #[test]
    fn see_margins_and_reductions_grow_with_depth() {
        let p = SearchParams::STARTING;
        assert_eq!(p.see_prune_margin(true, 3), -180);
        assert_eq!(p.see_prune_margin(false, 3), -270);
        let lmr = p.lmr_table();
        assert_eq!(lmr[1][1], 0);
        assert!(lmr[20][30] > lmr[5][5]);
        assert!(lmr.iter().flatten().all(|&r| r <= 60));
    }
}

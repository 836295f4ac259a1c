//! Match statistics: W-D-L, score, Elo difference with a 95% error margin
//! and the likelihood of superiority.
//!
//! The Elo margin uses the normal approximation of the per-game score: the
//! mean score `p`, the variance of the individual game scores (1, ½, 0)
//! around it, the standard error `sqrt(var / n)`, and the Elo of
//! `p ± 1.96·se` mapped through the logistic curve; the margin is half the
//! width of that interval. LOS = Φ((W − L) / sqrt(W + L)), i.e.
//! ½·(1 + erf((W − L) / sqrt(2(W + L)))), draws carrying no information.
//!
//! Game pairs (one opening, colours swapped) are also counted by their
//! score for the first engine, 0, ½, 1, 1½ or 2: the pentanomial
//! frequencies, from which the SPRT ([`super::sprt`]) and the normalized
//! Elo are computed. Normalized Elo (nElo) is the score's distance from ½
//! in per-game standard deviations, `(x̄ − ½) / (√2·σ_pair) · 800 / ln 10`,
//! where `x̄` and `σ_pair` are the mean and the standard deviation of the
//! pairs' scores on the per-game scale (0, ¼, ½, ¾, 1); its 95% margin
//! is `1.96 · σ_pair/√N` of the score on the same scale.

/// Wins, draws and losses from the first engine's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Counts a game in which the first engine scored `half_points` (2
    /// win, 1 draw, 0 loss).
    pub fn add(&mut self, half_points: u8) {
        match half_points {
            2.. => self.wins += 1,
            1 => self.draws += 1,
            0 => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points of the first engine.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean score in 0..=1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / n as f64
        }
    }

    /// Elo difference implied by the score; infinite at 0 % and 100 %.
    pub fn elo(&self) -> f64 {
        elo_of(self.score())
    }

    /// Half width of the 95% confidence interval in Elo (infinite when
    /// the interval reaches 0 % or 100 %, NaN with no games).
    pub fn elo_margin(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::NAN;
        }
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let lo = p - 1.959964 * se;
        let hi = p + 1.959964 * se;
        (elo_of(hi) - elo_of(lo)) / 2.0
    }

    /// Likelihood of superiority of the first engine, 0..=1.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// `Elo difference: 88.7 +/- 160.2, LOS: 90.2 %, DrawRatio: 25.0 %`
    pub fn summary(&self) -> String {
        let n = self.games().max(1) as f64;
        format!(
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            fmt_elo(self.elo()),
            fmt_margin(self.elo_margin()),
            100.0 * self.los(),
            100.0 * self.draws as f64 / n
        )
    }
}

/// Places per engine in games of more than two players: the average
/// rank (1 = first) and the number of first places (shared ones too).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ranks {
    /// Per engine: games, the sum of its ranks, its first places.
    per_engine: Vec<(u32, u64, u32)>,
}

impl Ranks {
    pub fn new(engines: usize) -> Ranks {
        Ranks {
            per_engine: vec![(0, 0, 0); engines],
        }
    }

    pub fn len(&self) -> usize {
        self.per_engine.len()
    }

    pub fn is_empty(&self) -> bool {
        self.per_engine.is_empty()
    }

    /// Counts a game in which `engine` took place `place` (0 = first).
    pub fn add(&mut self, engine: usize, place: u8) {
        if let Some((games, sum, firsts)) = self.per_engine.get_mut(engine) {
            *games += 1;
            *sum += u64::from(place) + 1;
            *firsts += u32::from(place == 0);
        }
    }

    /// The average rank of `engine` (NaN before its first game).
    pub fn average(&self, engine: usize) -> f64 {
        match self.per_engine.get(engine) {
            Some(&(games, sum, _)) if games > 0 => sum as f64 / f64::from(games),
            _ => f64::NAN,
        }
    }

    /// `Ranks of tabula: average 1.40, first 36 of 60 (60.0 %)`, one line
    /// per engine.
    pub fn lines(&self, names: &[&str]) -> Vec<String> {
        self.per_engine
            .iter()
            .enumerate()
            .map(|(k, &(games, _, firsts))| {
                format!(
                    "Ranks of {}: average {:.2}, first {firsts} of {games} ({:.1} %)",
                    names.get(k).copied().unwrap_or("?"),
                    self.average(k),
                    100.0 * f64::from(firsts) / f64::from(games.max(1))
                )
            })
            .collect()
    }
}

/// Points per game by the game's own scoring (backgammon: win value ×
/// cube, ± for the first engine), with a 95% margin from the sample
/// variance: `mean ± 1.96·s/√n`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PointsTally {
    pub games: u32,
    pub total: i64,
    sum_sq: f64,
}

impl PointsTally {
    pub fn add(&mut self, points: i32) {
        self.games += 1;
        self.total += i64::from(points);
        self.sum_sq += f64::from(points) * f64::from(points);
    }

    pub fn mean(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total as f64 / f64::from(self.games)
        }
    }

    /// Half width of the 95% interval of the mean (NaN below two games).
    pub fn margin(&self) -> f64 {
        let n = f64::from(self.games);
        if self.games < 2 {
            return f64::NAN;
        }
        let mean = self.mean();
        let var = (self.sum_sq - n * mean * mean) / (n - 1.0);
        1.959964 * (var.max(0.0) / n).sqrt()
    }

    /// `+12 in 40 games, +0.300 +/- 0.412 per game`.
    pub fn summary(&self) -> String {
        format!(
            "{:+} in {} games, {:+.3} +/- {:.3} per game",
            self.total,
            self.games,
            self.mean() + 0.0,
            self.margin()
        )
    }
}

/// The pentanomial counts of finished game pairs, and the first game of
/// each pair still waiting for its partner.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairs {
    /// `ptnml[k]`: pairs in which the first engine scored `k` half points.
    pub ptnml: [u32; 5],
    /// Pair number → half points of its game that finished first.
    waiting: std::collections::HashMap<usize, u8>,
}

impl Pairs {
    /// Adds game `index` (from 0; games `2k` and `2k + 1` form pair `k`)
    /// in which the first engine scored `half_points` (0 loss, 1 draw, 2
    /// win). True when the game completed its pair.
    pub fn add(&mut self, index: usize, half_points: u8) -> bool {
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some(first) => {
                let k = usize::from(first.min(2) + half_points.min(2));
                if let Some(n) = self.ptnml.get_mut(k) {
                    *n += 1;
                }
                true
            }
            None => {
                self.waiting.insert(pair, half_points);
                false
            }
        }
    }

    pub fn pairs(&self) -> u32 {
        self.ptnml.iter().sum()
    }

    /// `Ptnml(0-2): 1, 4, 10, 3, 2`
    pub fn ptnml_line(&self) -> String {
        let counts: Vec<String> = self.ptnml.iter().map(u32::to_string).collect();
        format!("Ptnml(0-2): {}", counts.join(", "))
    }

    /// Normalized Elo and its 95% margin (NaN without pairs; when every
    /// pair scored the same, 0 or ±infinity with no margin).
    pub fn normalized_elo(&self) -> (f64, f64) {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return (f64::NAN, f64::NAN);
        }
        let freq = self.ptnml.map(|c| f64::from(c) / n);
        let score = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| freq[k] * score(k)).sum();
        let var: f64 = (0..5).map(|k| freq[k] * (score(k) - mean).powi(2)).sum();
        if var == 0.0 {
            // Every pair scored the same: no spread to measure against.
            let nelo = match mean {
                m if m > 0.5 => f64::INFINITY,
                m if m < 0.5 => f64::NEG_INFINITY,
                _ => 0.0,
            };
            return (nelo, 0.0);
        }
        let per_game = (2.0 * var).sqrt();
        let scale = 800.0 / std::f64::consts::LN_10;
        let nelo = (mean - 0.5) / per_game * scale;
        let margin = 1.959964 * (var / n).sqrt() / per_game * scale;
        (nelo, margin)
    }

    /// `Normalized Elo: +12.3 +/- 45.6 (from 20 game pairs)`
    pub fn nelo_line(&self) -> String {
        let (nelo, margin) = self.normalized_elo();
        format!(
            "Normalized Elo: {} +/- {} (from {} game pairs)",
            fmt_elo(nelo),
            fmt_margin(margin),
            self.pairs()
        )
    }
}

fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else if e.is_nan() {
        "nan".into()
    } else {
        format!("{:+.1}", e + 0.0) // no "-0.0"
    }
}

fn fmt_margin(m: f64) -> String {
    if m.is_finite() {
        format!("{m:.1}")
    } else {
        "inf".into()
    }
}

/// Elo difference for an expected score `p` (logistic model).
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

#[cfg(test)]
mod tests {
    #[test]
    fn ranks_average_and_first_places() {
        let mut r = Ranks::new(3);
        for places in [[0u8, 1, 2], [2, 0, 1], [0, 2, 1]] {
            for (engine, &q) in places.iter().enumerate() {
                r.add(engine, q);
            }
        }
        assert!((r.average(0) - 5.0 / 3.0).abs() < 1e-9);
        assert!(r.average(7).is_nan());
        let lines = r.lines(&["a", "b", "c"]);
        assert_eq!(lines[0], "Ranks of a: average 1.67, first 2 of 3 (66.7 %)");
        assert_eq!(lines[2], "Ranks of c: average 2.33, first 0 of 3 (0.0 %)");
    }

    use super::*;

    #[test]
    fn points_per_game_with_a_margin() {
        let mut t = PointsTally::default();
        assert!(t.margin().is_nan());
        for p in [1, -1, 2, 1, -4, 1] {
            t.add(p);
        }
        assert_eq!(t.total, 0);
        assert_eq!(t.mean(), 0.0);
        // Sample variance 24/5 = 4.8: margin 1.96 * sqrt(4.8 / 6).
        assert!((t.margin() - 1.959964 * 0.8f64.sqrt()).abs() < 1e-9);
        assert_eq!(t.summary(), "+0 in 6 games, +0.000 +/- 1.753 per game");
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_and_score() {
        let t = Tally {
            wins: 10,
            draws: 5,
            losses: 5,
        };
        assert_eq!(t.games(), 20);
        assert!(close(t.score(), 0.625, 1e-12));
        // -400 log10(1/0.625 - 1) = 400 log10(5/3)
        assert!(close(t.elo(), 88.7389, 1e-3), "{}", t.elo());
        assert!(close(elo_of(0.5), 0.0, 1e-12));
        assert!(close(elo_of(0.75), 190.849, 1e-3));
        assert!(elo_of(1.0).is_infinite());
    }

    #[test]
    fn margin_matches_hand_computation() {
        // p = 0.625; var = (10·0.140625 + 5·0.015625 + 5·0.390625)/20
        //            = 0.171875; se = sqrt(0.171875/20) = 0.0927025
        // interval 0.443303 .. 0.806697 → Elo -39.56 .. +248.18
        let t = Tally {
            wins: 10,
            draws: 5,
            losses: 5,
        };
        assert!(close(t.elo_margin(), 143.87, 0.05), "{}", t.elo_margin());
        // Even match, all draws: no variance, no margin.
        let d = Tally {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        assert!(close(d.elo_margin(), 0.0, 1e-9));
        // All wins: the interval touches 100 %.
        let w = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert!(w.elo().is_infinite());
    }

    #[test]
    fn games_pair_up_in_any_order() {
        let mut p = Pairs::default();
        // Pair 1 (games 2, 3) finishes before pair 0 (games 0, 1).
        assert!(!p.add(3, 2));
        assert!(!p.add(0, 1));
        assert!(p.add(2, 2)); // win + win
        assert!(p.add(1, 0)); // draw + loss
        assert!(!p.add(4, 1)); // a pair still open does not count
        assert_eq!(p.ptnml, [0, 1, 0, 0, 1]);
        assert_eq!(p.pairs(), 2);
        assert_eq!(p.ptnml_line(), "Ptnml(0-2): 0, 1, 0, 0, 1");
    }

    #[test]
    fn normalized_elo_of_pairs() {
        // Scores 0.25 and 1 (per game): mean 0.625, variance 0.140625,
        // per-game sd sqrt(0.28125) = 0.530330; nElo = 0.125 / 0.530330 *
        // 347.43559 = 81.8914; margin 1.959964 * sqrt(0.140625 / 2)
        // / 0.530330 * 347.43559 = 340.48.
        let p = Pairs {
            ptnml: [0, 1, 0, 0, 1],
            ..Pairs::default()
        };
        let (nelo, margin) = p.normalized_elo();
        assert!(close(nelo, 81.8914, 1e-3), "{nelo}");
        assert!(close(margin, 340.48, 1e-2), "{margin}");
        assert_eq!(
            p.nelo_line(),
            "Normalized Elo: +81.9 +/- 340.5 (from 2 game pairs)"
        );
        let even = Pairs {
            ptnml: [0, 0, 5, 0, 0],
            ..Pairs::default()
        };
        assert_eq!(
            even.nelo_line(),
            "Normalized Elo: +0.0 +/- 0.0 (from 5 game pairs)"
        );
        let wins = Pairs {
            ptnml: [0, 0, 0, 0, 3],
            ..Pairs::default()
        };
        assert_eq!(
            wins.nelo_line(),
            "Normalized Elo: +inf +/- 0.0 (from 3 game pairs)"
        );
        assert!(Pairs::default().normalized_elo().0.is_nan());
    }

    #[test]
    fn likelihood_of_superiority() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-0.5), -0.520_499_88, 1e-6));
        // W=10, L=5: Φ(5/sqrt(15)) = Φ(1.29099) = 0.90165
        let t = Tally {
            wins: 10,
            draws: 5,
            losses: 5,
        };
        assert!(close(t.los(), 0.90165, 1e-4), "{}", t.los());
        assert!(close(
            Tally {
                wins: 3,
                draws: 2,
                losses: 3
            }
            .los(),
            0.5,
            1e-7
        ));
        assert!(close(Tally::default().los(), 0.5, 1e-12));
        assert!(
            t.summary()
                .starts_with("Elo difference: +88.7 +/- 143.9, LOS: 90.2 %"),
            "{}",
            t.summary()
        );
    }
}

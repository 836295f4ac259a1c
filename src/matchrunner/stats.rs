//! Match statistics: W-D-L, score, Elo difference with a 95% error margin
//! and the likelihood of superiority.
//!
//! The Elo margin uses the normal approximation of the per-game score: the
//! mean score `p`, the variance of the individual game scores (1, ½, 0)
//! around it, the standard error `sqrt(var / n)`, and the Elo of
//! `p ± 1.96·se` mapped through the logistic curve; the margin is half the
//! width of that interval. LOS = Φ((W − L) / sqrt(W + L)), i.e.
//! ½·(1 + erf((W − L) / sqrt(2(W + L)))), draws carrying no information.

/// Wins, draws and losses from the first engine's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
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

fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
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

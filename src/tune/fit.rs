//! The fit: the logistic scale `k` that maps centipawns to an expected
//! score, `sigmoid(k x eval)`, then weights that minimise the mean squared
//! error between that expectation and the games' results (Texel's method).
//! Full-batch Adam in f64: deterministic for the same data.

use super::data::Sample;

/// The expected score of an evaluation `e` (centipawns, first player).
#[inline]
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e).exp())
}

/// Mean squared error of `samples` at `weights`.
pub fn mse(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(k, s.linear.value(weights)) - f64::from(s.result);
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The `k` that minimises the error at `weights` (golden-section search;
/// the error is unimodal in `k`).
pub fn fit_k(samples: &[Sample], weights: &[f64]) -> f64 {
    best_k(|k| mse(samples, weights, k))
}

/// The `k` by which the samples' recorded scores best predict their
/// results: the scale of another engine's scores (`--teacher`), which
/// need not be the evaluation's. 0 when no sample has a score.
pub fn fit_score_k(samples: &[Sample]) -> f64 {
    let scored: Vec<(f64, f64)> = samples
        .iter()
        .filter_map(|s| Some((f64::from(s.score?), f64::from(s.result))))
        .collect();
    if scored.is_empty() {
        return 0.0;
    }
    best_k(|k| {
        let sum: f64 = scored
            .iter()
            .map(|&(score, result)| (sigmoid(k, score) - result).powi(2))
            .sum();
        sum / scored.len() as f64
    })
}

/// Golden-section search of log(k) over 1e-4 .. 1 (a pawn of 100 cp
/// between 0.5 % and all-but-certain) for the `k` minimising `error`.
fn best_k(error: impl Fn(f64) -> f64) -> f64 {
    let f = |x: f64| error(x.exp());
    let (mut a, mut b) = ((1e-4f64).ln(), 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The gradient of the error at `weights` into `grad` (same length).
pub fn gradient(samples: &[Sample], weights: &[f64], k: f64, grad: &mut [f64]) {
    grad.iter_mut().for_each(|g| *g = 0.0);
    if samples.is_empty() {
        return;
    }
    for s in samples {
        let p = sigmoid(k, s.linear.value(weights));
        let d = 2.0 * (p - f64::from(s.result)) * p * (1.0 - p) * k;
        for &(i, c) in &s.linear.terms {
            if let Some(g) = grad.get_mut(i as usize) {
                *g += d * f64::from(c);
            }
        }
    }
    let n = samples.len() as f64;
    grad.iter_mut().for_each(|g| *g /= n);
}

/// Adds the gradient of `prior x sum(((w - start) / 100)^2)`, a pull toward
/// the starting weights that keeps weights the data says little about
/// where they were.
pub fn add_prior(grad: &mut [f64], weights: &[f64], start: &[f64], prior: f64) {
    if prior == 0.0 {
        return;
    }
    for ((g, w), s) in grad.iter_mut().zip(weights).zip(start) {
        *g += 2.0 * prior * (w - s) / 10_000.0;
    }
}

/// Adam's state for one run.
pub struct Adam {
    pub rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;

    /// `rate` is the largest step per epoch, in weight units (centipawns).
    pub fn new(count: usize, rate: f64) -> Adam {
        Adam {
            rate,
            m: vec![0.0; count],
            v: vec![0.0; count],
            t: 0,
        }
    }

    /// One step against `grad`.
    pub fn step(&mut self, weights: &mut [f64], grad: &[f64]) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for (((w, g), m), v) in weights
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= self.rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::Linear;

    fn sample(terms: &[(u32, f32)], result: f32) -> Sample {
        Sample {
            position: String::new(),
            linear: Linear {
                terms: terms.to_vec(),
                constant: 0.0,
            },
            result,
            score: None,
        }
    }

    #[test]
    fn the_scale_of_recorded_scores_is_fitted_to_the_results() {
        // At +200 the first player wins 3 of 4, at -200 loses 3 of 4: the
        // k with sigmoid(200 k) = 0.75 is ln(3) / 200.
        let mut s = Vec::new();
        for (score, results) in [
            (200.0, [1.0, 1.0, 1.0, 0.0]),
            (-200.0, [0.0, 0.0, 0.0, 1.0]),
        ] {
            for r in results {
                s.push(Sample {
                    score: Some(score),
                    ..sample(&[], r)
                });
            }
        }
        // Samples without a score do not count.
        s.push(sample(&[], 1.0));
        let k = fit_score_k(&s);
        assert!((k - 3f64.ln() / 200.0).abs() < 1e-5, "{k}");
        assert_eq!(fit_score_k(&s[8..]), 0.0);
    }

    #[test]
    fn adam_finds_the_weight_that_predicts_the_results() {
        // Feature 0 present: the first player wins 3 games of 4, i.e. the
        // best weight w has sigmoid(k w) = 0.75.
        let mut s: Vec<Sample> = (0..3).map(|_| sample(&[(0, 1.0)], 1.0)).collect();
        s.push(sample(&[(0, 1.0)], 0.0));
        s.push(sample(&[(0, -1.0)], 0.0));
        let k = 0.01;
        let mut w = vec![0.0];
        let mut grad = vec![0.0];
        let mut adam = Adam::new(1, 2.0);
        let before = mse(&s, &w, k);
        for _ in 0..500 {
            gradient(&s, &w, k, &mut grad);
            adam.step(&mut w, &grad);
        }
        assert!(mse(&s, &w, k) < before);
        assert!((sigmoid(k, w[0]) - 0.8).abs() < 0.05, "{w:?}");
    }

    #[test]
    fn k_fits_the_scale_of_the_evaluation() {
        // Results that follow sigmoid(0.02 e) exactly in expectation.
        let mut s = Vec::new();
        for e in [-150.0f32, -60.0, 0.0, 60.0, 150.0] {
            let p = sigmoid(0.02, f64::from(e));
            let wins = (p * 100.0).round() as usize;
            for n in 0..100 {
                s.push(sample(&[(0, e)], if n < wins { 1.0 } else { 0.0 }));
            }
        }
        let k = fit_k(&s, &[1.0]);
        assert!((k - 0.02).abs() < 0.002, "{k}");
    }
}

//! The sequential probability ratio test of `--sprt`, on game pairs.
//!
//! Each opening is played twice with the colours swapped; the pair's score
//! for engine 0 is 0, ½, 1, 1½ or 2, and the counts of those five outcomes
//! are the pentanomial frequencies (`Ptnml(0-2)`). The test is the
//! generalized SPRT fishtest runs on them: the hypotheses are logistic Elo
//! differences `elo0` (H0) and `elo1` (H1), i.e. expected scores per game
//! `s = 1 / (1 + 10^(-elo/400))`; the log-likelihood ratio is
//!
//! ```text
//! LLR = N · Σ p_i · ln(q1_i / q0_i)
//! ```
//!
//! where `p` are the observed frequencies of the pair scores `a = 0, ¼, ½,
//! ¾, 1` (per game) and `q0`, `q1` the maximum-likelihood distributions
//! whose mean is `s0`, `s1` (Michel Van den Bergh's method): `q_i = p_i /
//! (1 + x·(a_i − s))` with `x` the root of `Σ p_i·(a_i − s) / (1 + x·(a_i −
//! s)) = 0` in `(−1/(1 − s), 1/s)`, where the sum falls monotonically. An
//! outcome never seen counts as 0.001 pairs, so the LLR stays finite when a
//! bin is empty (as fishtest regularises). The exact likelihood is used
//! instead of OpenBench's normal approximation `(s1 − s0)(2x̄ − s0 − s1)·n /
//! (2·var)` because it stays right when the results are lopsided (a short
//! test of a much stronger or weaker engine, where the variance is tiny and
//! the approximation overshoots), and costs nothing next to a game.
//!
//! The test stops at `LLR ≥ ln((1 − β)/α)` (H1 accepted) or `LLR ≤
//! ln(β/(1 − α))` (H0 accepted).

use nom::{
    IResult,
    branch::alt,
    bytes::complete::take_while1,
    character::complete::{char, digit0, digit1, one_of, space0},
    combinator::{all_consuming, map_res, opt, recognize},
    multi::separated_list1,
    sequence::{delimited, pair, separated_pair, tuple},
};

/// `--sprt elo0=E0,elo1=E1[,alpha=A][,beta=B]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the test stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Verdict {
    #[default]
    Continue,
    /// The first engine is not `elo1` better: LLR reached the lower bound.
    H0,
    /// The first engine is `elo0` better or more: LLR reached the upper bound.
    H1,
}

impl Verdict {
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Continue => "no decision",
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        }
    }
}

/// Largest |Elo| a hypothesis may name: beyond it a score is 0 or 1 to
/// within rounding, and such a test says nothing.
const MAX_ELO: f64 = 1000.0;

/// What an empty pentanomial bin counts as.
const EMPTY_BIN: f64 = 1e-3;

/// The per-game scores of the five pair outcomes.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

const USAGE: &str = "expected elo0=E0,elo1=E1[,alpha=A,beta=B], \
                     e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05";

/// A decimal number: `5`, `-1.5`, `0.05`, `.05` (no exponent, no `inf`).
fn number(i: &str) -> IResult<&str, f64> {
    map_res(
        recognize(tuple((
            opt(one_of("+-")),
            alt((
                recognize(pair(digit1, opt(pair(char('.'), digit0)))),
                recognize(pair(char('.'), digit1)),
            )),
        ))),
        str::parse::<f64>,
    )(i)
}

fn field(i: &str) -> IResult<&str, (&str, f64)> {
    delimited(
        space0,
        separated_pair(
            take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
            delimited(space0, char('='), space0),
            number,
        ),
        space0,
    )(i)
}

impl SprtParams {
    /// Reads and validates `elo0=0,elo1=5,alpha=0.05,beta=0.05` (fields
    /// in any order; alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<SprtParams, String> {
        let bad = |why: String| format!("bad --sprt '{text}': {why}");
        let fields = all_consuming(separated_list1(char(','), field))(text)
            .map(|(_, f)| f)
            .map_err(|_| bad(USAGE.to_string()))?;
        let mut got: [Option<f64>; 4] = [None; 4];
        const NAMES: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for (name, value) in fields {
            let k = NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    bad(format!(
                        "unknown field '{name}' (fields: elo0, elo1, alpha, beta)"
                    ))
                })?;
            let slot = &mut got[k];
            if slot.is_some() {
                return Err(bad(format!("{} given twice", NAMES[k])));
            }
            *slot = Some(value);
        }
        let [Some(elo0), Some(elo1), alpha, beta] = got else {
            return Err(bad(format!("elo0 and elo1 are required; {USAGE}")));
        };
        let (alpha, beta) = (alpha.unwrap_or(0.05), beta.unwrap_or(0.05));
        for (name, elo) in [("elo0", elo0), ("elo1", elo1)] {
            if elo.is_nan() || elo.abs() > MAX_ELO {
                return Err(bad(format!("{name} must be within -{MAX_ELO}..{MAX_ELO}")));
            }
        }
        if elo0 >= elo1 {
            return Err(bad(format!(
                "elo0 must be below elo1 (got {elo0} and {elo1})"
            )));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 1.0) {
                return Err(bad(format!(
                    "{name} must be between 0 and 1 (exclusive), got {p}"
                )));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(bad(format!(
                "alpha + beta must be below 1 (got {alpha} + {beta})"
            )));
        }
        Ok(SprtParams {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// `ln(β / (1 − α))`: H0 is accepted at or below it.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// `ln((1 − β) / α)`: H1 is accepted at or above it.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the pair counts.
    pub fn llr(&self, ptnml: &[u32; 5]) -> f64 {
        llr(ptnml, self.elo0, self.elo1)
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper_bound() {
            Verdict::H1
        } else if llr <= self.lower_bound() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The match's header line: `SPRT: elo0 0, elo1 5, alpha 0.05, beta
    /// 0.05 (logistic Elo, game pairs); at most 1000 games`.
    pub fn header_line(&self, units: &str) -> String {
        format!(
            "SPRT: elo0 {}, elo1 {}, alpha {}, beta {} (logistic Elo, game pairs); at most {units}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }

    /// `SPRT: llr 1.23 (41.7%), lbound -2.94, ubound 2.94`; the percentage
    /// is the way to the bound the LLR heads for (negative towards H0).
    pub fn status_line(&self, llr: f64) -> String {
        let (lo, hi) = (self.lower_bound(), self.upper_bound());
        let share = if llr >= 0.0 { llr / hi } else { -llr / lo };
        format!(
            "SPRT: llr {:.2} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}",
            llr + 0.0,
            100.0 * share + 0.0
        )
    }
}

/// The expected score per game of an Elo difference (logistic model).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The generalized log-likelihood ratio of mean score `elo1` against
/// `elo0` for the pentanomial counts (module documentation); 0 with no
/// pairs.
pub fn llr(ptnml: &[u32; 5], elo0: f64, elo1: f64) -> f64 {
    if ptnml.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let counts = ptnml.map(|c| if c == 0 { EMPTY_BIN } else { f64::from(c) });
    let n: f64 = counts.iter().sum();
    let p = counts.map(|c| c / n);
    let q0 = constrained_mle(&p, expected_score(elo0));
    let q1 = constrained_mle(&p, expected_score(elo1));
    n * (0..5).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
}

/// The distribution over [`PAIR_SCORES`] of mean `s` (0 < s < 1) that
/// makes the observed frequencies `p` (all positive) most likely.
fn constrained_mle(p: &[f64; 5], s: f64) -> [f64; 5] {
    let d = PAIR_SCORES.map(|a| a - s);
    // Falls from +inf at the lower end to -inf at the upper end.
    let f = |x: f64| (0..5).map(|i| p[i] * d[i] / (1.0 + x * d[i])).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    std::array::from_fn(|i| p[i] / (1.0 + x * d[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn parameters_are_read_and_checked() {
        let p = SprtParams::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
        assert_eq!(
            p,
            SprtParams {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.05
            }
        );
        assert_eq!(
            SprtParams::parse(" beta=0.1, elo1 = 2.5,ELO0=-1.5 ").unwrap(),
            SprtParams {
                elo0: -1.5,
                elo1: 2.5,
                alpha: 0.05,
                beta: 0.1
            }
        );
        assert_eq!(SprtParams::parse("elo0=0,elo1=.5").unwrap().elo1, 0.5);
        let e = |t: &str| SprtParams::parse(t).unwrap_err();
        for malformed in [
            "",
            "elo0",
            "elo0=,elo1=5",
            "elo0=0;elo1=5",
            "elo0=0,elo1=5,",
            "elo0=0,elo1=5x",
            "elo0=0,elo1=1e3",
            "elo0=0,elo1=inf",
            "elo0=0,elo1=nan",
            "elo0=0,elo1=--5",
        ] {
            assert!(
                e(malformed).contains("expected elo0=E0,elo1=E1"),
                "{malformed}"
            );
        }
        assert!(e("elo0=0,elo1=5,gamma=1").contains("unknown field 'gamma'"));
        assert!(e("elo0=0,elo0=1,elo1=5").contains("elo0 given twice"));
        assert!(e("elo1=5").contains("elo0 and elo1 are required"));
        assert!(e("elo0=5,elo1=5").contains("elo0 must be below elo1"));
        assert!(e("elo0=5,elo1=0").contains("elo0 must be below elo1"));
        assert!(e("elo0=0,elo1=5,alpha=0").contains("alpha must be between 0 and 1"));
        assert!(e("elo0=0,elo1=5,beta=1").contains("beta must be between 0 and 1"));
        assert!(e("elo0=0,elo1=5,alpha=-0.1").contains("alpha must be"));
        assert!(e("elo0=0,elo1=5,alpha=0.6,beta=0.5").contains("alpha + beta"));
        assert!(e("elo0=0,elo1=1001").contains("elo1 must be within -1000..1000"));
        assert!(e(&format!("elo0=0,elo1=1{}", "0".repeat(400))).contains("elo1 must be within"));
    }

    #[test]
    fn bounds_and_status_line() {
        let p = SprtParams::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
        // ln(0.05/0.95) = -2.944439
        assert!(close(p.lower_bound(), -2.944_439, 1e-6));
        assert!(close(p.upper_bound(), 2.944_439, 1e-6));
        assert_eq!(
            p.status_line(1.23),
            "SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94"
        );
        assert_eq!(
            p.status_line(-1.47),
            "SPRT: llr -1.47 (-49.9%), lbound -2.94, ubound 2.94"
        );
        assert_eq!(p.verdict(2.95), Verdict::H1);
        assert_eq!(p.verdict(-2.95), Verdict::H0);
        assert_eq!(p.verdict(0.0), Verdict::Continue);
        let q = SprtParams::parse("elo0=0,elo1=10,alpha=0.1,beta=0.2").unwrap();
        // ln(0.2/0.9), ln(0.8/0.1)
        assert!(close(q.lower_bound(), -1.504_077, 1e-6));
        assert!(close(q.upper_bound(), 2.079_442, 1e-6));
    }

    /// Reference values from an independent implementation
    /// (scripts/sprt-check.py): it maximises the constrained likelihood
    /// by a direct numerical search over the distributions of the given
    /// mean, not by the root of the secular equation used here.
    #[test]
    fn llr_matches_an_independent_computation() {
        let cases: [([u32; 5], f64, f64, f64); 6] = [
            ([0, 0, 0, 0, 0], 0.0, 5.0, 0.0),
            ([12, 95, 210, 101, 15], 0.0, 5.0, REF[0]),
            ([100, 200, 300, 250, 150], 0.0, 5.0, REF[1]),
            ([30, 40, 50, 20, 10], 0.0, 5.0, REF[2]),
            ([0, 0, 0, 0, 10], 0.0, 5.0, REF[3]),
            ([5, 60, 300, 70, 4], -3.0, 1.0, REF[4]),
        ];
        for (ptnml, elo0, elo1, want) in cases {
            let got = llr(&ptnml, elo0, elo1);
            assert!(close(got, want, 1e-6), "{ptnml:?}: {got} vs {want}");
        }
    }

    /// `scripts/sprt-check.py`; its normal approximations for the same
    /// cases are 0.236750, 2.734077, -1.369089, 190.608 (all wins: the
    /// variance is the regulariser's) and 0.641578.
    const REF: [f64; 5] = [
        0.236_725_590,
        2.694_125_272,
        -1.194_903_684,
        0.142_904_433,
        0.636_880_595,
    ];

    #[test]
    fn mle_keeps_the_mean_and_sums_to_one() {
        let p = [0.1, 0.2, 0.3, 0.25, 0.15];
        for s in [0.3, 0.5, 0.507_2, 0.9] {
            let q = constrained_mle(&p, s);
            let total: f64 = q.iter().sum();
            let mean: f64 = (0..5).map(|i| q[i] * PAIR_SCORES[i]).sum();
            assert!(close(total, 1.0, 1e-12), "{s}: {total}");
            assert!(close(mean, s, 1e-12), "{s}: {mean}");
        }
    }
}

//! An evaluation written once against [`EvalSink`] runs two ways: the
//! engine's [`Direct`] sink sums the embedded weights as it goes (the fast
//! path every search uses), and the tuner's [`EvalForm`] records what the
//! evaluation did, as a short list of [`Op`]s over weight indices. The form
//! can then be evaluated again with any weights: in integers exactly as the
//! engine does ([`EvalForm::eval_int`]), or as a linear function of the
//! weights ([`EvalForm::linear`]) for the fit.
//!
//! The shape every tapered evaluation has: terms summed into a middle-game
//! and an end-game score, blended by a phase; then terms added after the
//! blend, fixed scores by rule, scale factors (drawish endings, counting),
//! the flip to the side to move, a tempo.

/// What an evaluation does with its weights. Coefficients are integers (how
/// many times a feature occurs, a mobility count, ...); a term adds
/// `coefficient x weight` to a sum.
pub trait EvalSink {
    /// The current value of weight `index` (the engine's embedded value, or
    /// the tuner's current one).
    fn weight(&self, index: usize) -> i32;
    /// A tapered term: `weight x mg` into the middle-game sum and
    /// `weight x eg` into the end-game sum.
    fn tapered(&mut self, index: usize, mg: i32, eg: i32);
    /// A non-linear tapered term (`value` = its middle-game and end-game
    /// parts at the current weights) given by its first-order expansion:
    /// `partials` are `(index, d mg / d weight, d eg / d weight)` at the
    /// current weights. The engine adds `value`; the tuner records the
    /// expansion, which gives `value` exactly at the current weights.
    fn expansion(&mut self, value: (i32, i32), partials: &[(usize, i32, i32)]);
    /// Blends the sums: `(mg x phase + eg x (max - phase)) / max`, the
    /// running score from here on.
    fn blend(&mut self, phase: i32, max: i32);
    /// Adds `weight x coefficient` to the running score.
    fn add(&mut self, index: usize, coefficient: i32);
    /// The score is `value` by rule, whatever came before.
    fn set(&mut self, value: i32);
    /// Scales the running score: `score x num / den` (integer division).
    fn scale(&mut self, num: i32, den: i32);
    /// Negates the running score (to the side to move's point of view).
    fn negate(&mut self);
}

/// The engine's sink: integer sums of the embedded weights.
pub struct Direct<'a> {
    weights: &'a [i32],
    mg: i32,
    eg: i32,
    score: i32,
}

impl<'a> Direct<'a> {
    #[inline(always)]
    pub fn new(weights: &'a [i32]) -> Self {
        Direct {
            weights,
            mg: 0,
            eg: 0,
            score: 0,
        }
    }

    #[inline(always)]
    pub fn score(&self) -> i32 {
        self.score
    }
}

impl EvalSink for Direct<'_> {
    #[inline(always)]
    fn weight(&self, index: usize) -> i32 {
        self.weights.get(index).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn tapered(&mut self, index: usize, mg: i32, eg: i32) {
        let w = self.weight(index);
        self.mg += w * mg;
        self.eg += w * eg;
    }
    #[inline(always)]
    fn expansion(&mut self, value: (i32, i32), _partials: &[(usize, i32, i32)]) {
        self.mg += value.0;
        self.eg += value.1;
    }
    #[inline(always)]
    fn blend(&mut self, phase: i32, max: i32) {
        self.score = (self.mg * phase + self.eg * (max - phase)) / max;
    }
    #[inline(always)]
    fn add(&mut self, index: usize, coefficient: i32) {
        self.score += self.weight(index) * coefficient;
    }
    #[inline(always)]
    fn set(&mut self, value: i32) {
        self.score = value;
    }
    #[inline(always)]
    fn scale(&mut self, num: i32, den: i32) {
        self.score = self.score * num / den;
    }
    #[inline(always)]
    fn negate(&mut self) {
        self.score = -self.score;
    }
}

/// One recorded step of an evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `weight x mg`, `weight x eg` into the two sums.
    Tapered {
        index: usize,
        mg: i32,
        eg: i32,
    },
    /// Constants into the two sums (the rest of an expansion).
    Constant {
        mg: i32,
        eg: i32,
    },
    Blend {
        phase: i32,
        max: i32,
    },
    Add {
        index: usize,
        coefficient: i32,
    },
    Set(i32),
    Scale {
        num: i32,
        den: i32,
    },
    Negate,
}

/// The tuner's sink: the ops an evaluation performed on one position, with
/// the weights it was recorded at.
#[derive(Debug, Clone, Default)]
pub struct EvalForm {
    weights: Vec<i32>,
    pub ops: Vec<Op>,
}

/// A linear function of the weights: `sum(coefficient x weight) + constant`,
/// sparse (each index at most once, in increasing order).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Linear {
    pub terms: Vec<(u32, f32)>,
    pub constant: f32,
}

impl Linear {
    pub fn value(&self, weights: &[f64]) -> f64 {
        self.terms
            .iter()
            .map(|&(i, c)| f64::from(c) * weights.get(i as usize).copied().unwrap_or(0.0))
            .sum::<f64>()
            + f64::from(self.constant)
    }
}

impl EvalForm {
    /// An empty form recording at `weights`.
    pub fn new(weights: &[i32]) -> Self {
        EvalForm {
            weights: weights.to_vec(),
            ops: Vec::with_capacity(96),
        }
    }

    /// Starts a new position (same weights).
    pub fn clear(&mut self) {
        self.ops.clear();
    }

    /// The middle-game coefficient the recorded tapered terms give weight
    /// `index` (their sum; what a term contributed, for tests of terms).
    pub fn mg_coefficient(&self, index: usize) -> i32 {
        self.coefficient(index, |mg, _| mg)
    }

    /// The end-game counterpart of [`EvalForm::mg_coefficient`].
    pub fn eg_coefficient(&self, index: usize) -> i32 {
        self.coefficient(index, |_, eg| eg)
    }

    /// The sum over the tapered terms of weight `index` of the phase part
    /// `pick` takes from their (mg, eg) coefficients.
    fn coefficient(&self, index: usize, pick: fn(i32, i32) -> i32) -> i32 {
        self.ops
            .iter()
            .map(|op| match *op {
                Op::Tapered { index: i, mg, eg } if i == index => pick(mg, eg),
                _ => 0,
            })
            .sum()
    }

    /// The score the ops give with `weights`, in the engine's integer
    /// arithmetic.
    pub fn eval_int(&self, weights: &[i32]) -> i32 {
        let mut d = Direct::new(weights);
        for op in &self.ops {
            match *op {
                Op::Tapered { index, mg, eg } => d.tapered(index, mg, eg),
                Op::Constant { mg, eg } => d.expansion((mg, eg), &[]),
                Op::Blend { phase, max } => d.blend(phase, max),
                Op::Add { index, coefficient } => d.add(index, coefficient),
                Op::Set(v) => d.set(v),
                Op::Scale { num, den } => d.scale(num, den),
                Op::Negate => d.negate(),
            }
        }
        d.score()
    }

    /// The score as a linear function of the weights (real arithmetic: the
    /// blend and the scales without rounding). `weight_count` bounds the
    /// indices.
    pub fn linear(&self, weight_count: usize) -> Linear {
        // Dense scratch rows: forms are short, weight tables small.
        let mut mg = vec![0f64; weight_count];
        let mut eg = vec![0f64; weight_count];
        let mut score = vec![0f64; weight_count];
        let (mut mg_c, mut eg_c, mut c) = (0f64, 0f64, 0f64);
        for op in &self.ops {
            match *op {
                Op::Tapered {
                    index,
                    mg: m,
                    eg: e,
                } => {
                    if index < weight_count {
                        mg[index] += f64::from(m);
                        eg[index] += f64::from(e);
                    }
                }
                Op::Constant { mg: m, eg: e } => {
                    mg_c += f64::from(m);
                    eg_c += f64::from(e);
                }
                Op::Blend { phase, max } => {
                    let p = f64::from(phase) / f64::from(max);
                    for ((s, m), e) in score.iter_mut().zip(&mg).zip(&eg) {
                        *s = p * m + (1.0 - p) * e;
                    }
                    c = p * mg_c + (1.0 - p) * eg_c;
                }
                Op::Add { index, coefficient } => {
                    if let Some(s) = score.get_mut(index) {
                        *s += f64::from(coefficient);
                    }
                }
                Op::Set(v) => {
                    score.iter_mut().for_each(|s| *s = 0.0);
                    c = f64::from(v);
                }
                Op::Scale { num, den } => {
                    let f = f64::from(num) / f64::from(den);
                    score.iter_mut().for_each(|s| *s *= f);
                    c *= f;
                }
                Op::Negate => {
                    score.iter_mut().for_each(|s| *s = -*s);
                    c = -c;
                }
            }
        }
        Linear {
            terms: score
                .iter()
                .enumerate()
                .filter(|(_, s)| **s != 0.0)
                .map(|(i, &s)| (i as u32, s as f32))
                .collect(),
            constant: c as f32,
        }
    }
}

impl EvalSink for EvalForm {
    fn weight(&self, index: usize) -> i32 {
        self.weights.get(index).copied().unwrap_or(0)
    }
    fn tapered(&mut self, index: usize, mg: i32, eg: i32) {
        if mg != 0 || eg != 0 {
            self.ops.push(Op::Tapered { index, mg, eg });
        }
    }
    fn expansion(&mut self, value: (i32, i32), partials: &[(usize, i32, i32)]) {
        let (mut mg, mut eg) = value;
        for &(index, dm, de) in partials {
            let w = self.weight(index);
            mg -= dm * w;
            eg -= de * w;
            self.tapered(index, dm, de);
        }
        if mg != 0 || eg != 0 {
            self.ops.push(Op::Constant { mg, eg });
        }
    }
    fn blend(&mut self, phase: i32, max: i32) {
        self.ops.push(Op::Blend { phase, max });
    }
    fn add(&mut self, index: usize, coefficient: i32) {
        if coefficient != 0 {
            self.ops.push(Op::Add { index, coefficient });
        }
    }
    fn set(&mut self, value: i32) {
        self.ops.push(Op::Set(value));
    }
    fn scale(&mut self, num: i32, den: i32) {
        self.ops.push(Op::Scale { num, den });
    }
    fn negate(&mut self) {
        self.ops.push(Op::Negate);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy evaluation: two tapered weights, a product term, a flat term,
    /// a scale and the flip.
    fn toy<S: EvalSink>(s: &mut S) {
        s.tapered(0, 3, 1);
        s.tapered(1, -2, 4);
        let (a, b) = (s.weight(0), s.weight(1));
        s.expansion((a * b, 0), &[(0, b, 0), (1, a, 0)]);
        s.blend(5, 18);
        s.add(2, 7);
        s.scale(30, 48);
        s.negate();
        s.add(2, 1);
    }

    #[test]
    fn form_replays_the_direct_score() {
        for w in [[10, 20, 3], [-7, 13, 0], [250, -40, 8]] {
            let mut d = Direct::new(&w);
            toy(&mut d);
            let mut f = EvalForm::new(&w);
            toy(&mut f);
            assert_eq!(f.eval_int(&w), d.score(), "{w:?}");
            // The linear form agrees up to the rounding of the integer ops.
            let lin = f.linear(3);
            let wf: Vec<f64> = w.iter().map(|&x| f64::from(x)).collect();
            assert!((lin.value(&wf) - f64::from(d.score())).abs() < 2.0, "{w:?}");
        }
    }

    #[test]
    fn set_discards_what_came_before() {
        let mut f = EvalForm::new(&[5]);
        f.tapered(0, 1, 1);
        f.blend(1, 2);
        f.set(9);
        f.negate();
        assert_eq!(f.eval_int(&[5]), -9);
        let lin = f.linear(1);
        assert!(lin.terms.is_empty());
        assert_eq!(lin.constant, -9.0);
    }
}

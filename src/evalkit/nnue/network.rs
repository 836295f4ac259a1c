//! The network's shape, its quantised weights with the integer inference
//! the engine runs, and the float model a trainer fits.

use super::file::NetError;
use super::simd;

/// Accumulator units per 1.0 of the float model's hidden values: the top
/// of the clipped ReLU.
pub const QA: i32 = 255;
/// Output weight units per 1.0.
pub const QB: i32 = 64;
/// Centipawns per 1.0 of the float model's output (the scale of the
/// trainer's sigmoid).
pub const EVAL_SCALE: i32 = 400;
/// The largest output weight (1.98 in the float model): with it a chunk
/// of the output's dot product fits in 32 bits.
pub const OUT_WEIGHT_MAX: i16 = 127;
/// The output's dot product runs in chunks of this many hidden values.
pub const CHUNK: usize = 16;
/// The largest shapes a net file may declare.
pub const MAX_FEATURES: u32 = 1 << 16;
pub const MAX_HIDDEN: u32 = 2048;
pub const MAX_BUCKETS: u32 = 64;

/// A network's shape. `max_active` is the most features the game turns
/// on in one view; with it the loader proves that no accumulator can
/// leave 16 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arch {
    pub features: u32,
    pub hidden: u32,
    pub buckets: u32,
    pub max_active: u32,
}

impl Arch {
    /// The shape's own limits: sizes in range, the hidden layer a whole
    /// number of chunks.
    pub fn check(&self) -> Result<(), NetError> {
        let shape = |what: &'static str, found: u32, max: u32| {
            if (1..=max).contains(&found) {
                Ok(())
            } else {
                Err(NetError::Shape { what, found })
            }
        };
        shape("features", self.features, MAX_FEATURES)?;
        shape("hidden", self.hidden, MAX_HIDDEN)?;
        shape("buckets", self.buckets, MAX_BUCKETS)?;
        shape("max_active", self.max_active, self.features)?;
        if !(self.hidden as usize).is_multiple_of(CHUNK) {
            return Err(NetError::Shape {
                what: "hidden",
                found: self.hidden,
            });
        }
        Ok(())
    }

    pub fn hidden(&self) -> usize {
        self.hidden as usize
    }

    /// Lengths of the four weight arrays: transformer weights and bias,
    /// output weights and bias.
    pub fn lengths(&self) -> [usize; 4] {
        let (f, h, b) = (
            self.features as usize,
            self.hidden as usize,
            self.buckets as usize,
        );
        [f * h, h, b * 2 * h, b]
    }
}

/// The quantised network the engine evaluates with.
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    arch: Arch,
    /// One row of `hidden` weights per feature.
    ft_weights: Vec<i16>,
    ft_bias: Vec<i16>,
    /// Per bucket, `hidden` weights for the side to move's view, then
    /// `hidden` for the other's.
    out_weights: Vec<i16>,
    out_bias: Vec<i32>,
}

impl Network {
    /// A network from its arrays, checked: lengths match the shape, the
    /// output weights are within [`OUT_WEIGHT_MAX`], and no accumulator
    /// of up to `max_active` features can overflow.
    pub fn new(
        arch: Arch,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: Vec<i32>,
    ) -> Result<Self, NetError> {
        arch.check()?;
        let found = [
            ft_weights.len(),
            ft_bias.len(),
            out_weights.len(),
            out_bias.len(),
        ];
        if found != arch.lengths() {
            return Err(NetError::Size {
                expected: arch.lengths().iter().sum(),
                found: found.iter().sum(),
            });
        }
        if out_weights
            .iter()
            .any(|w| w.unsigned_abs() > OUT_WEIGHT_MAX as u16)
        {
            return Err(NetError::Range("output weight"));
        }
        let net = Network {
            arch,
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
        };
        if !net.accumulators_fit() {
            return Err(NetError::Range("transformer weight"));
        }
        Ok(net)
    }

    /// Whether the bias plus any `max_active` rows stays within 16 bits
    /// in every hidden unit (bounded by the largest rows of each unit).
    fn accumulators_fit(&self) -> bool {
        let h = self.arch.hidden();
        let worst_row = self
            .ft_weights
            .chunks_exact(h)
            .fold(vec![0i64; h], |mut worst, row| {
                for (w, &x) in worst.iter_mut().zip(row) {
                    *w = (*w).max(i64::from(x).abs());
                }
                worst
            });
        let active = i64::from(self.arch.max_active);
        worst_row
            .iter()
            .zip(&self.ft_bias)
            .all(|(&w, &b)| i64::from(b).abs() + active * w <= i64::from(i16::MAX))
    }

    pub fn arch(&self) -> Arch {
        self.arch
    }

    pub fn ft_bias(&self) -> &[i16] {
        &self.ft_bias
    }

    /// A feature's row of transformer weights (`None` out of range).
    pub fn feature_row(&self, feature: usize) -> Option<&[i16]> {
        let h = self.arch.hidden();
        self.ft_weights.get(feature * h..(feature + 1) * h)
    }

    /// The arrays in file order (transformer weights and bias, output
    /// weights), and the output bias.
    pub fn arrays(&self) -> ([&[i16]; 3], &[i32]) {
        (
            [&self.ft_weights, &self.ft_bias, &self.out_weights],
            &self.out_bias,
        )
    }

    /// Centipawns for the side whose view is `own`, `other` the
    /// opponent's view, with the output layer of `bucket` (the last one
    /// when out of range).
    pub fn evaluate(&self, own: &[i16], other: &[i16], bucket: usize) -> i32 {
        let h = self.arch.hidden();
        let bucket = bucket.min(self.arch.buckets as usize - 1);
        let weights = self
            .out_weights
            .get(bucket * 2 * h..(bucket + 1) * 2 * h)
            .unwrap_or_default();
        let (w_own, w_other) = weights.split_at(weights.len() / 2);
        // Units: QA * QA * QB, then QA * QB after one division.
        let sum = screlu_dot(own, w_own) + screlu_dot(other, w_other);
        let bias = i64::from(self.out_bias.get(bucket).copied().unwrap_or(0));
        let out = sum / i64::from(QA) + bias;
        let cp = out * i64::from(EVAL_SCALE) / i64::from(QA * QB);
        cp.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

/// Σ clamp(a, 0, QA)² · w, in chunks of [`CHUNK`] that each fit in 32
/// bits (|w| ≤ [`OUT_WEIGHT_MAX`]), so the compiler can vectorise them;
/// in AVX2 where the processor has it ([`simd`]).
pub(super) fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if simd::has_avx2() {
        // SAFETY: the processor has AVX2, all `screlu_dot_avx2` requires.
        return unsafe { screlu_dot_avx2(acc, weights) };
    }
    screlu_dot_plain(acc, weights)
}

/// [`screlu_dot_plain`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(acc: &[i16], weights: &[i16]) -> i64 {
    screlu_dot_plain(acc, weights)
}

/// [`screlu_dot`] in the build's baseline instructions.
#[inline(always)]
pub(super) fn screlu_dot_plain(acc: &[i16], weights: &[i16]) -> i64 {
    acc.chunks_exact(CHUNK)
        .zip(weights.chunks_exact(CHUNK))
        .map(|(a, w)| {
            let part: i32 = a
                .iter()
                .zip(w)
                .map(|(&a, &w)| {
                    let c = i32::from(a).clamp(0, QA);
                    c * c * i32::from(w)
                })
                .sum();
            i64::from(part)
        })
        .sum()
}

/// The float model a trainer fits: the same shape, weights in the units
/// of the activations (hidden values clipped to [0, 1], output 1.0 =
/// [`EVAL_SCALE`] centipawns).
#[derive(Debug, Clone, PartialEq)]
pub struct FloatNetwork {
    pub arch: Arch,
    pub ft_weights: Vec<f32>,
    pub ft_bias: Vec<f32>,
    pub out_weights: Vec<f32>,
    pub out_bias: Vec<f32>,
}

impl FloatNetwork {
    /// All weights zero.
    pub fn zeros(arch: Arch) -> Self {
        let [a, b, c, d] = arch.lengths();
        FloatNetwork {
            arch,
            ft_weights: vec![0.0; a],
            ft_bias: vec![0.0; b],
            out_weights: vec![0.0; c],
            out_bias: vec![0.0; d],
        }
    }

    /// The hidden values of one view: bias plus the rows of `features`
    /// (out-of-range features are skipped, as the accumulator does).
    pub fn hidden(&self, features: &[usize]) -> Vec<f32> {
        let h = self.arch.hidden();
        let mut acc = self.ft_bias.clone();
        for &f in features {
            if let Some(row) = self.ft_weights.get(f * h..(f + 1) * h) {
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
        acc
    }

    /// Centipawns for the side whose features are `own`.
    pub fn evaluate(&self, own: &[usize], other: &[usize], bucket: usize) -> f32 {
        let h = self.arch.hidden();
        let bucket = bucket.min(self.arch.buckets as usize - 1);
        let w = self
            .out_weights
            .get(bucket * 2 * h..(bucket + 1) * 2 * h)
            .unwrap_or_default();
        let act = |x: f32| x.clamp(0.0, 1.0).powi(2);
        let dot = |hidden: Vec<f32>, w: &[f32]| -> f32 {
            hidden.into_iter().zip(w).map(|(x, w)| act(x) * w).sum()
        };
        let (w_own, w_other) = w.split_at(w.len() / 2);
        let out = dot(self.hidden(own), w_own)
            + dot(self.hidden(other), w_other)
            + self.out_bias.get(bucket).copied().unwrap_or(0.0);
        out * EVAL_SCALE as f32
    }

    /// The integer network: weights rounded to their units, output
    /// weights clipped to ±[`OUT_WEIGHT_MAX`], transformer weights to
    /// what keeps the accumulators in 16 bits.
    pub fn quantise(&self) -> Result<Network, NetError> {
        let ft_limit = i16::MAX as f32 / (self.arch.max_active as f32 + 1.0);
        let q16 = |x: f32, scale: i32, limit: f32| -> i16 {
            (x * scale as f32).round().clamp(-limit, limit) as i16
        };
        Network::new(
            self.arch,
            self.ft_weights
                .iter()
                .map(|&w| q16(w, QA, ft_limit))
                .collect(),
            self.ft_bias.iter().map(|&b| q16(b, QA, ft_limit)).collect(),
            self.out_weights
                .iter()
                .map(|&w| q16(w, QB, f32::from(OUT_WEIGHT_MAX)))
                .collect(),
            self.out_bias
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        )
    }
}

//! Training the networks from teacher data (scripts/bg-teacher.py writes
//! it: a Position ID and five probabilities per line, from the view of
//! the player on roll). Plain online gradient descent on the squared error
//! of the five sigmoid outputs, seeded, single-threaded: the same data and
//! settings give the same weights.

use super::super::board::Board;
use super::super::position_id;
use super::Kind;
use super::inputs;
use super::net::{Net, OUTPUTS};

/// One position and what the teacher says about it.
#[derive(Debug, Clone)]
pub struct Sample {
    pub inputs: Vec<(u16, f32)>,
    pub target: [f32; OUTPUTS],
}

/// The samples of the teacher file's lines that fall to `kind` (lines that
/// do not read are skipped and counted).
pub fn read_samples(text: &str, kind: Kind) -> (Vec<Sample>, usize) {
    let mut out = Vec::new();
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let board = words.next().and_then(|id| position_id::parse(id).ok());
        let numbers: Vec<f32> = words.filter_map(|w| w.parse().ok()).collect();
        let (Some(board), &[w, wg, wbg, lg, lbg]) = (board, numbers.as_slice()) else {
            bad += 1;
            continue;
        };
        if super::kind_of(&board) != kind {
            continue;
        }
        out.push(sample(&board, inputs::count(kind), [w, wg, wbg, lg, lbg]));
    }
    (out, bad)
}

/// One sample for a network of `inputs` inputs.
pub fn sample(board: &Board, inputs: usize, target: [f32; OUTPUTS]) -> Sample {
    let mut units = Vec::new();
    inputs::encode(board, inputs, &mut units);
    Sample {
        inputs: units,
        target,
    }
}

#[derive(Debug, Clone, Copy)]
pub struct TrainConfig {
    pub hidden: usize,
    pub epochs: usize,
    /// Learning rate of the first epoch; it falls linearly to a tenth.
    pub rate: f32,
    pub seed: u64,
    /// Train on the cross-entropy of the outputs instead of their squared
    /// error (the gradient does not vanish near 0 and 1, where gammon and
    /// backgammon chances mostly are).
    pub cross_entropy: bool,
}

/// Mean squared error per output over `samples`.
pub fn loss(net: &Net, samples: &[Sample]) -> f32 {
    let mut h = Vec::new();
    let mut sum = 0.0f64;
    for s in samples {
        net.hidden_of(&s.inputs, &mut h);
        let out = net.outputs_of(&h);
        for (o, t) in out.iter().zip(&s.target) {
            sum += f64::from((o - t) * (o - t));
        }
    }
    (sum / (samples.len().max(1) * OUTPUTS) as f64) as f32
}

/// Trains a network on `samples`; `report(epoch, training loss)` after
/// each epoch.
pub fn train(
    samples: &[Sample],
    inputs: usize,
    cfg: TrainConfig,
    mut report: impl FnMut(usize, f32),
) -> Net {
    let mut net = Net::random(inputs, cfg.hidden, cfg.seed);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = cfg.seed | 1;
    let hidden = cfg.hidden;
    let mut h = Vec::with_capacity(hidden);
    let mut dh = vec![0.0f32; hidden];
    for epoch in 0..cfg.epochs {
        // Fisher–Yates with xorshift: the same order for the same seed.
        for k in (1..order.len()).rev() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            order.swap(k, (rng % (k as u64 + 1)) as usize);
        }
        let progress = epoch as f32 / cfg.epochs.max(1) as f32;
        let rate = cfg.rate * (1.0 - 0.9 * progress);
        let mut sum = 0.0f64;
        for &k in &order {
            let Some(s) = samples.get(k) else { continue };
            net.hidden_of(&s.inputs, &mut h);
            let out = net.outputs_of(&h);
            dh.iter_mut().for_each(|d| *d = 0.0);
            for (o, (&y, &t)) in out.iter().zip(&s.target).enumerate() {
                let err = y - t;
                sum += f64::from(err * err);
                // d(loss)/d(pre-activation) of a sigmoid output: err for
                // the cross-entropy, err·y(1 − y) for err²/2.
                let delta = if cfg.cross_entropy {
                    err
                } else {
                    err * y * (1.0 - y)
                };
                let row = &mut net.w2[o * hidden..(o + 1) * hidden];
                for ((w, a), d) in row.iter_mut().zip(&h).zip(dh.iter_mut()) {
                    *d += delta * *w;
                    *w -= rate * delta * a;
                }
                net.b2[o] -= rate * delta;
            }
            for (d, a) in dh.iter_mut().zip(&h) {
                *d *= a * (1.0 - a);
            }
            for &(i, v) in &s.inputs {
                let at = usize::from(i) * hidden;
                let row = &mut net.w1[at..at + hidden];
                for (w, d) in row.iter_mut().zip(&dh) {
                    *w -= rate * d * v;
                }
            }
            for (b, d) in net.b1.iter_mut().zip(&dh) {
                *b -= rate * d;
            }
        }
        report(
            epoch + 1,
            (sum / (samples.len().max(1) * OUTPUTS) as f64) as f32,
        );
    }
    net
}

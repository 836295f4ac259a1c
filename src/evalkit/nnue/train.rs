//! The trainer behind `tabula train`: the float model ([`FloatNetwork`])
//! fitted to scored positions by mini-batch Adam, then quantised.
//!
//! Each position's label blends what the search said and how the game
//! ended: `lambda x sigmoid(score / scale) + (1 - lambda) x result`
//! (result 1, ½, 0 for the mover); the loss is the squared difference
//! between that and `sigmoid(net / scale)`. Games are held out whole
//! (every `holdout`-th game number), so the validation loss measures
//! positions the fit never saw the neighbours of. Deterministic for a
//! seed and a thread count.

use super::data::Sample;
use super::features::Features;
use super::file::Expect;
use super::network::{Arch, EVAL_SCALE, FloatNetwork, OUT_WEIGHT_MAX, QA, QB};
use crate::evalkit::rng::SplitMix64;

/// Adam's decay rates and the guard against division by zero.
const ADAM_BETA1: f32 = 0.9;
const ADAM_BETA2: f32 = 0.999;
const ADAM_EPSILON: f32 = 1e-8;
/// The share of epochs, at the end, that runs at a tenth of the rate.
const SLOW_TAIL: f32 = 0.3;
/// Initial weights: transformer rows and bias, output layer (before the
/// division by the square root of the hidden width).
const INIT_FT_WEIGHT: f32 = 0.1;
const INIT_FT_BIAS: f32 = 0.1;
const INIT_OUT_WEIGHT: f32 = 1.0;

/// The trainer's settings (`tabula train` flags).
#[derive(Debug, Clone)]
pub struct TrainConfig {
    pub hidden: u32,
    pub epochs: u32,
    pub batch: usize,
    pub rate: f32,
    pub lambda: f32,
    /// Centipawns per unit of the sigmoid's argument.
    pub scale: f32,
    pub seed: u64,
    pub threads: usize,
    /// Every `holdout`-th game number is validation data.
    pub holdout: u32,
    /// Train on every image of a position ([`Features::images`]), not
    /// only the position itself; validation data stays as played.
    pub augment: bool,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            hidden: 256,
            epochs: 20,
            batch: 16_384,
            rate: 0.001,
            lambda: 0.75,
            scale: 400.0,
            seed: 1,
            threads: 1,
            holdout: 20,
            augment: false,
        }
    }
}

/// A position reduced to what the network reads.
#[derive(Debug, Clone, Copy)]
struct Item {
    /// Where its features start in [`Dataset::features`]: the mover's
    /// view, then the other's.
    start: usize,
    own: u16,
    other: u16,
    bucket: u16,
    target: f32,
}

/// Encoded positions.
#[derive(Debug, Default)]
pub struct Dataset {
    features: Vec<u32>,
    items: Vec<Item>,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn push<P: Features>(&mut self, pos: &P, target: f32, buf: &mut Vec<usize>) {
        let start = self.features.len();
        let mover = pos.mover();
        let mut counts = [0u16; 2];
        for (count, view) in counts.iter_mut().zip([mover, 1 - mover]) {
            buf.clear();
            pos.active_features(view, buf);
            *count = buf.len() as u16;
            self.features.extend(buf.iter().map(|&f| f as u32));
        }
        self.items.push(Item {
            start,
            own: counts[0],
            other: counts[1],
            bucket: pos.bucket() as u16,
            target,
        });
    }

    /// Adds image `image` of the last position pushed, `pos`.
    fn push_image<P: Features>(&mut self, pos: &P, image: usize) {
        let Some(&last) = self.items.last() else {
            return;
        };
        let start = self.features.len();
        let end = last.start + usize::from(last.own) + usize::from(last.other);
        for i in last.start..end {
            let f = self.features.get(i).copied().unwrap_or(0);
            self.features
                .push(pos.image_feature(image, f as usize) as u32);
        }
        self.items.push(Item { start, ..last });
    }

    /// Whether the last position pushed fits a net of shape `expect`.
    fn last_fits(&self, expect: &Expect) -> bool {
        let Some(item) = self.items.last() else {
            return true;
        };
        let (own, other) = self.views(item);
        let too_many = own.len().max(other.len()) > expect.max_active as usize;
        let out_of_range = own.iter().chain(other).any(|&f| f >= expect.features);
        !too_many && !out_of_range && u32::from(item.bucket) < expect.buckets
    }

    fn views(&self, item: &Item) -> (&[u32], &[u32]) {
        let own_end = item.start + usize::from(item.own);
        let other_end = own_end + usize::from(item.other);
        (
            self.features.get(item.start..own_end).unwrap_or_default(),
            self.features.get(own_end..other_end).unwrap_or_default(),
        )
    }
}

/// The label of a sample (see the module's text), for a net that
/// corrects `base` ([`Features::base_score`]): the score minus it.
pub fn target(sample: &Sample, base: i32, cfg: &TrainConfig) -> f32 {
    let score = i32::from(sample.score) - base;
    let searched = sigmoid(score as f32 / cfg.scale);
    let result = (f32::from(sample.result) + 1.0) / 2.0;
    cfg.lambda * searched + (1.0 - cfg.lambda) * result
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The samples as training and validation sets. `Err` names a position
/// that does not parse or whose features do not fit the shape.
pub fn encode<P: Features>(
    samples: &[Sample],
    parse: &dyn Fn(&str) -> Result<P, String>,
    cfg: &TrainConfig,
) -> Result<(Dataset, Dataset), String> {
    let (mut fit, mut valid) = (Dataset::default(), Dataset::default());
    let mut buf = Vec::new();
    let expect = P::EXPECT;
    for s in samples {
        let pos = parse(&s.text).map_err(|e| format!("position '{}': {e}", s.text))?;
        let held_out = cfg.holdout > 0 && s.game % cfg.holdout == 0;
        let set = if held_out { &mut valid } else { &mut fit };
        set.push(&pos, target(s, pos.base_score(), cfg), &mut buf);
        let mut fits = set.last_fits(&expect);
        let images = if cfg.augment && !held_out {
            pos.images()
        } else {
            1
        };
        for image in 1..images {
            set.push_image(&pos, image);
            fits &= set.last_fits(&expect);
        }
        if !fits {
            return Err(format!(
                "position '{}' does not fit the net's input",
                s.text
            ));
        }
    }
    Ok((fit, valid))
}

/// A new float model of the game's shape, with seeded small weights.
pub fn init<P: Features>(hidden: u32, seed: u64) -> FloatNetwork {
    let e = P::EXPECT;
    let arch = Arch {
        features: e.features,
        hidden,
        buckets: e.buckets,
        max_active: e.max_active,
    };
    let mut net = FloatNetwork::zeros(arch);
    let mut rng = SplitMix64::new(seed);
    let out_range = INIT_OUT_WEIGHT / (hidden as f32).sqrt();
    net.ft_weights
        .iter_mut()
        .for_each(|w| *w = INIT_FT_WEIGHT * rng.symmetric());
    net.ft_bias.iter_mut().for_each(|b| *b = INIT_FT_BIAS);
    net.out_weights
        .iter_mut()
        .for_each(|w| *w = out_range * rng.symmetric());
    net
}

/// The parameters of a float model as four groups (transformer weights
/// and bias, output weights and bias), for the optimiser.
fn groups(net: &mut FloatNetwork) -> [&mut Vec<f32>; 4] {
    [
        &mut net.ft_weights,
        &mut net.ft_bias,
        &mut net.out_weights,
        &mut net.out_bias,
    ]
}

/// Adam's moment estimates, one per parameter.
struct Adam {
    m: FloatNetwork,
    v: FloatNetwork,
    steps: i32,
}

impl Adam {
    fn new(arch: Arch) -> Self {
        Adam {
            m: FloatNetwork::zeros(arch),
            v: FloatNetwork::zeros(arch),
            steps: 0,
        }
    }

    fn step(&mut self, net: &mut FloatNetwork, grad: &mut FloatNetwork, rate: f32) {
        self.steps += 1;
        let c1 = 1.0 - ADAM_BETA1.powi(self.steps);
        let c2 = 1.0 - ADAM_BETA2.powi(self.steps);
        let params = groups(net);
        let grads = groups(grad);
        let ms = groups(&mut self.m);
        let vs = groups(&mut self.v);
        for (((p, g), m), v) in params.into_iter().zip(grads).zip(ms).zip(vs) {
            for (((p, g), m), v) in p
                .iter_mut()
                .zip(g.iter())
                .zip(m.iter_mut())
                .zip(v.iter_mut())
            {
                *m = ADAM_BETA1 * *m + (1.0 - ADAM_BETA1) * g;
                *v = ADAM_BETA2 * *v + (1.0 - ADAM_BETA2) * g * g;
                *p -= rate * (*m / c1) / ((*v / c2).sqrt() + ADAM_EPSILON);
            }
        }
        clip_to_quantisable(net);
    }
}

/// Keeps the weights where [`FloatNetwork::quantise`] represents them.
fn clip_to_quantisable(net: &mut FloatNetwork) {
    let out_max = f32::from(OUT_WEIGHT_MAX) / QB as f32;
    let ft_max = i16::MAX as f32 / (net.arch.max_active as f32 + 1.0) / QA as f32;
    net.out_weights
        .iter_mut()
        .for_each(|w| *w = w.clamp(-out_max, out_max));
    net.ft_weights
        .iter_mut()
        .chain(net.ft_bias.iter_mut())
        .for_each(|w| *w = w.clamp(-ft_max, ft_max));
}

/// One view's hidden values into `acc`.
fn hidden_into(net: &FloatNetwork, features: &[u32], acc: &mut [f32]) {
    let h = acc.len();
    acc.copy_from_slice(&net.ft_bias);
    for &f in features {
        let f = f as usize;
        if let Some(row) = net.ft_weights.get(f * h..(f + 1) * h) {
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
    }
}

/// Scratch space of one thread: both views' hidden values.
struct Scratch {
    own: Vec<f32>,
    other: Vec<f32>,
}

/// The loss of `item`; with `grad`, its gradient is added there.
fn forward_backward(
    net: &FloatNetwork,
    data: &Dataset,
    item: &Item,
    scale: f32,
    scratch: &mut Scratch,
    grad: Option<&mut FloatNetwork>,
) -> f32 {
    let h = net.arch.hidden();
    let (own, other) = data.views(item);
    hidden_into(net, own, &mut scratch.own);
    hidden_into(net, other, &mut scratch.other);
    let bucket = usize::from(item.bucket);
    let w = net
        .out_weights
        .get(bucket * 2 * h..(bucket + 1) * 2 * h)
        .unwrap_or_default();
    let (w_own, w_other) = w.split_at(w.len() / 2);
    let act = |x: f32| x.clamp(0.0, 1.0).powi(2);
    let dot = |hid: &[f32], w: &[f32]| hid.iter().zip(w).map(|(&x, w)| act(x) * w).sum::<f32>();
    let bias = net.out_bias.get(bucket).copied().unwrap_or(0.0);
    let out = dot(&scratch.own, w_own) + dot(&scratch.other, w_other) + bias;
    let p = sigmoid(out * EVAL_SCALE as f32 / scale);
    let loss = (p - item.target).powi(2);
    let Some(grad) = grad else { return loss };
    // d loss / d out.
    let g = 2.0 * (p - item.target) * p * (1.0 - p) * EVAL_SCALE as f32 / scale;
    if let Some(b) = grad.out_bias.get_mut(bucket) {
        *b += g;
    }
    let views = [
        (&scratch.own, w_own, own, 0),
        (&scratch.other, w_other, other, h),
    ];
    for (hid, w_view, features, offset) in views {
        let base = bucket * 2 * h + offset;
        let mut dh = vec![0.0f32; h];
        if let Some(gw) = grad.out_weights.get_mut(base..base + h) {
            let cells = gw.iter_mut().zip(hid.iter()).zip(w_view).zip(dh.iter_mut());
            for (((gw, &x), &w), d) in cells {
                *gw += g * act(x);
                if x > 0.0 && x < 1.0 {
                    *d = g * w * 2.0 * x;
                }
            }
        }
        grad.ft_bias.iter_mut().zip(&dh).for_each(|(b, d)| *b += d);
        for &f in features {
            let f = f as usize;
            if let Some(row) = grad.ft_weights.get_mut(f * h..(f + 1) * h) {
                row.iter_mut().zip(&dh).for_each(|(r, d)| *r += d);
            }
        }
    }
    loss
}

fn scratch(h: usize) -> Scratch {
    Scratch {
        own: vec![0.0; h],
        other: vec![0.0; h],
    }
}

/// The mean loss over `data`.
pub fn mean_loss(net: &FloatNetwork, data: &Dataset, scale: f32) -> f32 {
    let mut s = scratch(net.arch.hidden());
    let total: f64 = data
        .items
        .iter()
        .map(|item| f64::from(forward_backward(net, data, item, scale, &mut s, None)))
        .sum();
    (total / data.len().max(1) as f64) as f32
}

/// The summed loss and gradient of `batch` on `threads` threads.
fn batch_gradient(
    net: &FloatNetwork,
    data: &Dataset,
    batch: &[usize],
    cfg: &TrainConfig,
    grads: &mut [FloatNetwork],
) -> f32 {
    let part = batch.len().div_ceil(grads.len().max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(part)
            .zip(grads.iter_mut())
            .map(|(indices, grad)| {
                scope.spawn(move || {
                    let mut s = scratch(net.arch.hidden());
                    groups(grad).into_iter().for_each(|g| g.fill(0.0));
                    indices
                        .iter()
                        .filter_map(|&i| data.items.get(i))
                        .map(|item| {
                            forward_backward(net, data, item, cfg.scale, &mut s, Some(grad))
                        })
                        .sum::<f32>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    })
}

/// What one epoch reached.
#[derive(Debug, Clone, Copy)]
pub struct EpochReport {
    pub epoch: u32,
    pub train_loss: f32,
    pub valid_loss: f32,
    pub rate: f32,
}

/// Fits `net` to `fit` for `cfg.epochs` epochs, reporting each; `net`
/// ends as the epoch with the lowest validation loss (the last when
/// there is no validation data), since small datasets overfit.
pub fn train(
    net: &mut FloatNetwork,
    fit: &Dataset,
    valid: &Dataset,
    cfg: &TrainConfig,
    report: &mut dyn FnMut(EpochReport),
) {
    let threads = cfg.threads.max(1);
    let mut grads: Vec<FloatNetwork> = (0..threads)
        .map(|_| FloatNetwork::zeros(net.arch))
        .collect();
    let mut total = FloatNetwork::zeros(net.arch);
    let mut adam = Adam::new(net.arch);
    let mut rng = SplitMix64::new(cfg.seed ^ 0x5EED);
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let mut best: Option<(f32, FloatNetwork)> = None;
    for epoch in 1..=cfg.epochs {
        let slow = epoch as f32 > cfg.epochs as f32 * (1.0 - SLOW_TAIL);
        let rate = if slow { cfg.rate / 10.0 } else { cfg.rate };
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut loss = 0.0f64;
        for batch in order.chunks(cfg.batch.max(1)) {
            loss += f64::from(batch_gradient(net, fit, batch, cfg, &mut grads));
            sum_gradients(&grads, &mut total, batch.len());
            adam.step(net, &mut total, rate);
        }
        let valid_loss = mean_loss(net, valid, cfg.scale);
        report(EpochReport {
            epoch,
            train_loss: (loss / fit.len().max(1) as f64) as f32,
            valid_loss,
            rate,
        });
        if !valid.is_empty() && best.as_ref().is_none_or(|(b, _)| valid_loss < *b) {
            best = Some((valid_loss, net.clone()));
        }
    }
    if let Some((_, b)) = best {
        *net = b;
    }
}

/// The mean of the threads' gradients over a batch of `n` positions.
fn sum_gradients(grads: &[FloatNetwork], total: &mut FloatNetwork, n: usize) {
    let inv = 1.0 / n.max(1) as f32;
    let mut targets = groups(total);
    targets.iter_mut().for_each(|t| t.fill(0.0));
    for grad in grads {
        let sources = [
            &grad.ft_weights,
            &grad.ft_bias,
            &grad.out_weights,
            &grad.out_bias,
        ];
        for (t, s) in targets.iter_mut().zip(sources) {
            t.iter_mut().zip(s).for_each(|(t, s)| *t += s * inv);
        }
    }
}

/// The largest and mean difference, in centipawns, between the float
/// model and its quantised network over `data`.
pub fn quantisation_error(net: &FloatNetwork, data: &Dataset) -> Result<(f32, f32), String> {
    let q = net.quantise().map_err(|e| e.to_string())?;
    let (mut worst, mut sum) = (0.0f32, 0.0f64);
    for item in &data.items {
        let (own, other) = data.views(item);
        let own: Vec<usize> = own.iter().map(|&f| f as usize).collect();
        let other: Vec<usize> = other.iter().map(|&f| f as usize).collect();
        let bucket = usize::from(item.bucket);
        let float = net.evaluate(&own, &other, bucket);
        let mut acc = super::Accumulator::new(&q);
        acc.refresh(&q, 0, &own);
        acc.refresh(&q, 1, &other);
        let int = q.evaluate(acc.view(0), acc.view(1), bucket) as f32;
        worst = worst.max((float - int).abs());
        sum += f64::from((float - int).abs());
    }
    Ok((worst, (sum / data.len().max(1) as f64) as f32))
}

//! A network with one hidden layer of sigmoid units and five sigmoid
//! outputs (win, win gammon, win backgammon, lose gammon, lose backgammon),
//! in plain f32. The first layer is stored input-major so that a sparse
//! input adds one contiguous row per non-zero unit.
//!
//! Weight file: the magic `TBGN`, then inputs, hidden (u32 LE), then the
//! first layer (inputs × hidden), its biases (hidden), the second layer
//! (5 × hidden) and its biases (5), all f32 LE.

pub const OUTPUTS: usize = 5;
const MAGIC: &[u8; 4] = b"TBGN";

#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    pub inputs: usize,
    pub hidden: usize,
    /// `w1[i * hidden + h]`: input i to hidden unit h.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `w2[o * hidden + h]`.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The dot product in eight independent sums, which the compiler turns
/// into vector instructions (one running sum cannot be reordered).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for ((l, xv), yv) in lanes.iter_mut().zip(x).zip(y) {
            *l += xv * yv;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

impl Net {
    /// Small weights from a seeded generator (training starts here).
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Net {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 11) as f64 / (1u64 << 53) as f64) as f32 * 2.0 - 1.0
        };
        let scale1 = 1.0 / (inputs as f32).sqrt();
        let scale2 = 1.0 / (hidden as f32).sqrt();
        Net {
            inputs,
            hidden,
            w1: (0..inputs * hidden).map(|_| next() * scale1).collect(),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| next() * scale2).collect(),
            b2: vec![0.0; OUTPUTS],
        }
    }

    /// The hidden layer's activations for sparse inputs.
    pub fn hidden_of(&self, inputs: &[(u16, f32)], h: &mut Vec<f32>) {
        h.clear();
        h.extend_from_slice(&self.b1);
        for &(i, v) in inputs {
            let at = usize::from(i) * self.hidden;
            if let Some(row) = self.w1.get(at..at + self.hidden) {
                for (a, w) in h.iter_mut().zip(row) {
                    *a += v * w;
                }
            }
        }
        for a in h.iter_mut() {
            *a = sigmoid(*a);
        }
    }

    /// The five outputs from the hidden activations.
    pub fn outputs_of(&self, h: &[f32]) -> [f32; OUTPUTS] {
        let mut out = [0.0; OUTPUTS];
        for (o, slot) in out.iter_mut().enumerate() {
            let row = self
                .w2
                .get(o * self.hidden..(o + 1) * self.hidden)
                .unwrap_or(&[]);
            *slot = sigmoid(dot(row, h) + self.b2.get(o).copied().unwrap_or(0.0));
        }
        out
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for v in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads a weight file; `None` when it is not one (wrong magic or size).
    pub fn from_bytes(bytes: &[u8]) -> Option<Net> {
        let rest = bytes.strip_prefix(MAGIC)?;
        let word = |k: usize| -> Option<usize> {
            let b = rest.get(k * 4..k * 4 + 4)?;
            Some(u32::from_le_bytes(b.try_into().ok()?) as usize)
        };
        let (inputs, hidden) = (word(0)?, word(1)?);
        let floats: Vec<f32> = rest
            .get(8..)?
            .chunks_exact(4)
            .filter_map(|c| c.try_into().ok().map(f32::from_le_bytes))
            .collect();
        let sizes = [inputs * hidden, hidden, OUTPUTS * hidden, OUTPUTS];
        if floats.len() != sizes.iter().sum::<usize>() {
            return None;
        }
        let mut it = floats.into_iter();
        let mut take = |n: usize| it.by_ref().take(n).collect::<Vec<f32>>();
        Some(Net {
            inputs,
            hidden,
            w1: take(sizes[0]),
            b1: take(sizes[1]),
            w2: take(sizes[2]),
            b2: take(sizes[3]),
        })
    }
}

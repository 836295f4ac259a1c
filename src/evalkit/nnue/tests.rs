//! The net layer: files round-trip and every damaged file is refused with
//! its reason; updates agree with refreshes; the integer inference agrees
//! with the float model within its rounding.

use super::network::{OUT_WEIGHT_MAX, QA, QB};
use super::*;

/// A small deterministic stream (the layer may use nothing above it).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in [-scale, scale].
    fn float(&mut self, scale: f32) -> f32 {
        (self.next() % 20_001) as f32 / 10_000.0 * scale - scale
    }
}

const ARCH: Arch = Arch {
    features: 96,
    hidden: 32,
    buckets: 3,
    max_active: 12,
};

fn expect() -> Expect<'static> {
    Expect {
        game: "test",
        features: ARCH.features,
        buckets: ARCH.buckets,
        max_active: ARCH.max_active,
    }
}

fn random_float_net(seed: u64) -> FloatNetwork {
    random_float_net_of(ARCH, seed)
}

fn random_float_net_of(arch: Arch, seed: u64) -> FloatNetwork {
    let mut rng = Lcg(seed);
    let mut net = FloatNetwork::zeros(arch);
    for w in net.ft_weights.iter_mut() {
        *w = rng.float(0.25);
    }
    for b in net.ft_bias.iter_mut() {
        *b = rng.float(0.3) + 0.2;
    }
    for w in net.out_weights.iter_mut() {
        *w = rng.float(1.5);
    }
    for b in net.out_bias.iter_mut() {
        *b = rng.float(0.2);
    }
    net
}

fn random_features(rng: &mut Lcg) -> Vec<usize> {
    let n = 1 + rng.below(ARCH.max_active as usize);
    let mut fs: Vec<usize> = (0..n).map(|_| rng.below(ARCH.features as usize)).collect();
    fs.sort_unstable();
    fs.dedup();
    fs
}

fn net() -> Network {
    random_float_net(7).quantise().expect("in range")
}

#[test]
fn a_net_file_reads_back_as_written() {
    let net = net();
    let bytes = write_net(&net, "test");
    assert_eq!(read_net(&bytes, &expect()), Ok(net));
}

/// `bytes` with its checksum made right again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 8;
    let sum = bytes[..body]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn every_damaged_file_is_refused_with_its_reason() {
    let good = write_net(&net(), "test");
    let header = 8 + 16 + 16;
    let read = |bytes: &[u8]| read_net(bytes, &expect());
    assert_eq!(read(&good[..10]), Err(NetError::Truncated));
    assert_eq!(read(&[]), Err(NetError::Truncated));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(read(&magic), Err(NetError::Magic));
    assert_eq!(
        read_net(
            &good,
            &Expect {
                game: "makruk",
                ..expect()
            }
        ),
        Err(NetError::Game("test".into()))
    );
    for (other, what, found) in [
        (
            Expect {
                features: 95,
                ..expect()
            },
            "features",
            ARCH.features,
        ),
        (
            Expect {
                buckets: 2,
                ..expect()
            },
            "buckets",
            ARCH.buckets,
        ),
        (
            Expect {
                max_active: 11,
                ..expect()
            },
            "max_active",
            ARCH.max_active,
        ),
    ] {
        assert_eq!(
            read_net(&good, &other),
            Err(NetError::Shape { what, found })
        );
    }
    let mut odd_hidden = good.clone();
    odd_hidden[8 + 16 + 4..8 + 16 + 8].copy_from_slice(&33u32.to_le_bytes());
    assert_eq!(
        read(&odd_hidden),
        Err(NetError::Shape {
            what: "hidden",
            found: 33
        })
    );
    let short = &good[..good.len() - 1];
    assert!(matches!(read(short), Err(NetError::Size { .. })));
    let mut long = good.clone();
    long.push(0);
    assert!(matches!(read(&long), Err(NetError::Size { .. })));
    let mut flipped = good.clone();
    flipped[header + 5] ^= 0x10;
    assert_eq!(read(&flipped), Err(NetError::Checksum));
    // An output weight beyond the inference's range, checksum right.
    let [a, b, _, _] = ARCH.lengths();
    let at = header + 2 * (a + b);
    let mut wide = good.clone();
    wide[at..at + 2].copy_from_slice(&(OUT_WEIGHT_MAX + 1).to_le_bytes());
    assert_eq!(read(&resealed(wide)), Err(NetError::Range("output weight")));
    // Transformer weights that could overflow an accumulator.
    let mut heavy = good;
    heavy[header..header + 2].copy_from_slice(&i16::MAX.to_le_bytes());
    assert_eq!(
        read(&resealed(heavy)),
        Err(NetError::Range("transformer weight"))
    );
}

#[test]
fn updates_agree_with_refreshes_and_the_stack_restores() {
    let net = net();
    let mut rng = Lcg(11);
    let mut stack = AccumulatorStack::new(&net);
    // The features on in each view at each ply of the stack.
    let mut plies: Vec<[Vec<usize>; 2]> = vec![[Vec::new(), Vec::new()]];
    for _ in 0..300 {
        if stack.depth() > 0 && rng.below(3) == 0 {
            stack.pop();
            plies.pop();
        } else {
            stack.push(&net);
            let mut on = plies.last().cloned().unwrap_or_default();
            for (view, on) in on.iter_mut().enumerate() {
                let f = rng.below(ARCH.features as usize);
                if let Some(i) = on.iter().position(|&x| x == f) {
                    on.swap_remove(i);
                    stack.remove(&net, view, f);
                } else {
                    on.push(f);
                    stack.add(&net, view, f);
                }
            }
            plies.push(on);
        }
        let on = plies.last().cloned().unwrap_or_default();
        let mut fresh = Accumulator::new(&net);
        for (view, features) in on.iter().enumerate() {
            fresh.refresh(&net, view, features);
        }
        let depth = stack.depth();
        assert_eq!(stack.current(&net), &fresh, "ply {depth}");
    }
    assert!(plies.len() > 5, "the walk went some plies deep");
}

#[test]
fn a_move_applied_in_one_pass_equals_its_rows_one_by_one_in_every_instruction_set() {
    // Three whole tiles of 64 and a tail of 16: both paths of the pass.
    let arch = Arch {
        hidden: 208,
        ..ARCH
    };
    let net = random_float_net_of(arch, 21).quantise().expect("in range");
    let mut rng = Lcg(23);
    for _ in 0..200 {
        // A start far from the bias, so that sums wrap.
        let src: Vec<i16> = (0..208).map(|_| rng.next() as i16).collect();
        let pick = |rng: &mut Lcg| -> Vec<usize> {
            // Some features out of range, which every form skips.
            (0..rng.below(40))
                .map(|_| rng.below(ARCH.features as usize + 4))
                .collect()
        };
        let (on, off) = (pick(&mut rng), pick(&mut rng));
        let mut expected = src.clone();
        for (f, sign) in on
            .iter()
            .map(|&f| (f, 1))
            .chain(off.iter().map(|&f| (f, -1)))
        {
            if let Some(row) = net.feature_row(f) {
                for (e, &w) in expected.iter_mut().zip(row) {
                    *e = e.wrapping_add(w.wrapping_mul(sign));
                }
            }
        }
        let (mut fast, mut plain) = (Vec::new(), Vec::new());
        accumulator::add_rows(&net, &mut fast, &src, &on, &off);
        accumulator::add_rows_plain(&net, &mut plain, &src, &on, &off);
        assert_eq!(plain, expected);
        assert_eq!(fast, expected, "AVX2: {}", simd::has_avx2());
    }
}

#[test]
fn the_output_dot_product_is_the_same_in_every_instruction_set() {
    let mut rng = Lcg(29);
    let max = i64::from(OUT_WEIGHT_MAX);
    for len in [16, 64, 208, 2048] {
        let acc: Vec<i16> = (0..len).map(|_| rng.next() as i16).collect();
        let w: Vec<i16> = (0..len)
            .map(|_| (rng.below(2 * max as usize + 1) as i64 - max) as i16)
            .collect();
        let exact: i64 = acc
            .iter()
            .zip(&w)
            .map(|(&a, &w)| i64::from(a).clamp(0, i64::from(QA)).pow(2) * i64::from(w))
            .sum();
        assert_eq!(network::screlu_dot_plain(&acc, &w), exact);
        assert_eq!(
            network::screlu_dot(&acc, &w),
            exact,
            "AVX2: {}",
            simd::has_avx2()
        );
    }
}

/// `net` with every weight on the grid of its integer units, so that
/// quantising it loses nothing.
fn on_grid(mut net: FloatNetwork) -> FloatNetwork {
    let snap = |xs: &mut Vec<f32>, unit: f32| {
        for x in xs.iter_mut() {
            *x = (*x * unit).round() / unit;
        }
    };
    snap(&mut net.ft_weights, QA as f32);
    snap(&mut net.ft_bias, QA as f32);
    snap(&mut net.out_weights, QB as f32);
    snap(&mut net.out_bias, (QA * QB) as f32);
    net
}

#[test]
fn integer_inference_agrees_with_the_float_model() {
    // Weights on the grid: only the inference's two truncating divisions
    // part it from the float model, less than a centipawn and a bit.
    let float = on_grid(random_float_net(3));
    let net = float.quantise().expect("in range");
    let mut rng = Lcg(5);
    let mut seen = 0.0f32;
    for _ in 0..500 {
        let (own, other) = (random_features(&mut rng), random_features(&mut rng));
        let bucket = rng.below(ARCH.buckets as usize + 1);
        let mut acc = Accumulator::new(&net);
        acc.refresh(&net, 0, &own);
        acc.refresh(&net, 1, &other);
        let int = net.evaluate(acc.view(0), acc.view(1), bucket);
        let exact = float.evaluate(&own, &other, bucket);
        assert!((int as f32 - exact).abs() < 1.1, "{int} against {exact}");
        seen = seen.max(exact.abs());
    }
    assert!(seen > 100.0, "the outputs span some centipawns: {seen}");
}

#[test]
fn quantising_clips_weights_into_the_inference_range() {
    let mut float = random_float_net(9);
    float.out_weights[0] = 100.0;
    float.ft_weights[0] = 1_000.0;
    let net = float.quantise().expect("clipped into range");
    let (arrays, _) = net.arrays();
    assert_eq!(arrays[2][0], OUT_WEIGHT_MAX);
    assert!(i32::from(arrays[0][0]) * (ARCH.max_active as i32 + 1) <= i32::from(i16::MAX));
}

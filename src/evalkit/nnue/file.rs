//! The net file: what `EvalFile` loads and the trainer writes. Little
//! endian throughout:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `TBLNNUE1` |
//! | 16 | the game's name, ASCII, padded with zero bytes |
//! | 4 × 4 | `features`, `hidden`, `buckets`, `max_active` (u32) |
//! | 2 × features × hidden | transformer weights, one row per feature (i16) |
//! | 2 × hidden | transformer bias (i16) |
//! | 2 × buckets × 2 × hidden | output weights per bucket: own view, other view (i16) |
//! | 4 × buckets | output bias (i32) |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! Reading checks, in order: the size of the header, the magic, the game,
//! the shape against what the game expects, the total size, the checksum
//! and the weights' ranges ([`Network::new`]); the first failure is the
//! error.

use super::network::{Arch, Network};
use std::fmt;

const MAGIC: &[u8; 8] = b"TBLNNUE1";
const NAME_BYTES: usize = 16;
const HEADER_BYTES: usize = MAGIC.len() + NAME_BYTES + 16;
const CHECKSUM_BYTES: usize = 8;
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Why a net file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetError {
    /// Fewer bytes than a header.
    Truncated,
    Magic,
    /// Made for another game (its name).
    Game(String),
    /// A shape field out of range or not the game's.
    Shape {
        what: &'static str,
        found: u32,
    },
    /// The file's or the arrays' length, in bytes or entries.
    Size {
        expected: usize,
        found: usize,
    },
    Checksum,
    /// Weights out of the range the integer inference needs.
    Range(&'static str),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Truncated => write!(f, "shorter than a net file's header"),
            NetError::Magic => write!(f, "not a tabula net file (no TBLNNUE1 magic)"),
            NetError::Game(name) => write!(f, "a net for {name}"),
            NetError::Shape { what, found } => write!(f, "unexpected {what} {found}"),
            NetError::Size { expected, found } => {
                write!(f, "size {found}, expected {expected}")
            }
            NetError::Checksum => write!(f, "checksum mismatch"),
            NetError::Range(what) => write!(f, "{what} out of range"),
        }
    }
}

impl std::error::Error for NetError {}

/// What the game reading a net requires of it (`hidden` is the net's
/// own choice).
#[derive(Debug, Clone, Copy)]
pub struct Expect<'a> {
    pub game: &'a str,
    pub features: u32,
    pub buckets: u32,
    pub max_active: u32,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

/// The file's bytes for `net`, made for `game`.
pub fn write_net(net: &Network, game: &str) -> Vec<u8> {
    let arch = net.arch();
    let mut out = Vec::with_capacity(HEADER_BYTES);
    out.extend_from_slice(MAGIC);
    let mut name = [0u8; NAME_BYTES];
    for (slot, b) in name.iter_mut().zip(game.bytes()) {
        *slot = b;
    }
    out.extend_from_slice(&name);
    for x in [arch.features, arch.hidden, arch.buckets, arch.max_active] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    let (arrays, out_bias) = net.arrays();
    for array in arrays {
        out.extend(array.iter().flat_map(|w| w.to_le_bytes()));
    }
    out.extend(out_bias.iter().flat_map(|b| b.to_le_bytes()));
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*head)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn i16s(&mut self, n: usize) -> Option<Vec<i16>> {
        (0..n)
            .map(|_| self.take().map(i16::from_le_bytes))
            .collect()
    }

    fn i32s(&mut self, n: usize) -> Option<Vec<i32>> {
        (0..n)
            .map(|_| self.take().map(i32::from_le_bytes))
            .collect()
    }
}

/// The network in `bytes`, if it is a sound net of the shape `expect`
/// names.
pub fn read_net(bytes: &[u8], expect: &Expect) -> Result<Network, NetError> {
    let mut r = Reader { bytes };
    if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES {
        return Err(NetError::Truncated);
    }
    if r.take::<8>().as_ref() != Some(MAGIC) {
        return Err(NetError::Magic);
    }
    let name = r.take::<NAME_BYTES>().ok_or(NetError::Truncated)?;
    let name: String = name
        .iter()
        .take_while(|&&b| b != 0)
        .map(|&b| char::from(b))
        .collect();
    if name != expect.game {
        return Err(NetError::Game(name.escape_default().to_string()));
    }
    let mut field = || r.u32().ok_or(NetError::Truncated);
    let arch = Arch {
        features: field()?,
        hidden: field()?,
        buckets: field()?,
        max_active: field()?,
    };
    arch.check()?;
    for (what, found, wanted) in [
        ("features", arch.features, expect.features),
        ("buckets", arch.buckets, expect.buckets),
        ("max_active", arch.max_active, expect.max_active),
    ] {
        if found != wanted {
            return Err(NetError::Shape { what, found });
        }
    }
    let [a, b, c, d] = arch.lengths();
    let expected = HEADER_BYTES + 2 * (a + b + c) + 4 * d + CHECKSUM_BYTES;
    if bytes.len() != expected {
        return Err(NetError::Size {
            expected,
            found: bytes.len(),
        });
    }
    let (body, sum) = bytes.split_at(expected - CHECKSUM_BYTES);
    if sum != fnv1a(body).to_le_bytes() {
        return Err(NetError::Checksum);
    }
    let truncated = || NetError::Truncated;
    let ft_weights = r.i16s(a).ok_or_else(truncated)?;
    let ft_bias = r.i16s(b).ok_or_else(truncated)?;
    let out_weights = r.i16s(c).ok_or_else(truncated)?;
    let out_bias = r.i32s(d).ok_or_else(truncated)?;
    Network::new(arch, ft_weights, ft_bias, out_weights, out_bias)
}

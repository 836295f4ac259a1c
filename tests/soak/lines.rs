//! What the soak sends: the seed and the line budget from the
//! environment, mutations of valid lines, garbage, random line ends; the
//! timing promises every dialect keeps; the counts every driver reports.

use crate::common::driver::env_number;
use crate::common::rng::Rng;
use std::time::Duration;

/// What "at once" means for a reply (`readyok` mid-search, `bestmove`
/// after `stop`, exit after `quit`): generous for a loaded CI machine.
pub const PROMPT: Duration = Duration::from_secs(2);
pub const MIB: usize = 1 << 20;
/// The seed of a run when `TABULA_SOAK_SEED` is not set.
const DEFAULT_SEED: u64 = 0x50a4_0009;

/// The run's base seed: `TABULA_SOAK_SEED`, else the default.
pub fn base_seed() -> u64 {
    env_number("TABULA_SOAK_SEED").unwrap_or(DEFAULT_SEED)
}

/// Lines per dialect × game: `TABULA_SOAK_LINES`, else `default`.
pub fn budget(default: usize) -> usize {
    env_number("TABULA_SOAK_LINES").map_or(default, |n| n as usize)
}

/// The run's seed, mixed with the test's name so each test has its own.
pub fn seed_for(name: &str) -> u64 {
    let base = base_seed();
    // FNV-1a of the name.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    base ^ h
}

/// Changes a few bytes of `line`: replaced, removed, inserted, cut,
/// random bytes spliced in. Line ends are removed (they would split it).
pub fn mutate(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut bytes: Vec<u8> = line.to_vec();
    for _ in 0..=rng.below(4) {
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next() as u8;
            }
            1 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes.remove(i);
            }
            2 => {
                let i = rng.below(bytes.len() + 1);
                bytes.insert(i, b" \t/-+*0123456789abcdefghkmnprsw"[rng.below(31)]);
            }
            3 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes.truncate(i);
            }
            _ => {
                let i = rng.below(bytes.len() + 1);
                let junk: Vec<u8> = (0..rng.below(8)).map(|_| rng.next() as u8).collect();
                bytes.splice(i..i, junk);
            }
        }
    }
    bytes.retain(|&b| b != b'\n' && b != b'\r');
    bytes
}

/// A random line end: LF mostly, CR LF or a lone CR.
pub fn line_end(rng: &mut Rng) -> &'static [u8] {
    match rng.below(20) {
        0 | 1 => b"\r\n",
        2 | 3 => b"\r",
        _ => b"\n",
    }
}

/// Bytes that are no command at all: random bytes, token soup with odd
/// blanks, invalid UTF-8, NUL runs.
pub fn garbage(rng: &mut Rng) -> Vec<u8> {
    const WORDS: &[&str] = &[
        "position",
        "startpos",
        "fen",
        "sfen",
        "tps",
        "moves",
        "setoption",
        "name",
        "value",
        "register",
        "searchmoves",
        "depth",
        "nodes",
        "infinite",
        "ponder",
        "Hash",
        "MultiPV",
        "-1",
        "0",
        "+7",
        "99999999999999999999",
        "e3e4",
        "a1",
        "5f5e",
        "P*5e",
        "Cc3",
        "3c4+12",
        "x6/x6",
        "8/8/8",
        "w",
        "b",
        "-",
        "\u{fffd}",
        "é",
        "王棋",
        "\u{200b}",
        "\u{feff}",
        "%s%n",
        "'\"",
        "\\",
    ];
    const BLANKS: &[&[u8]] = &[
        b" ",
        b"  ",
        b"\t",
        b"\0",
        b"\x0b",
        b"\x0c",
        b"\x1b",
        "\u{a0}".as_bytes(),
        "\u{3000}".as_bytes(),
    ];
    const BAD_UTF8: &[&[u8]] = &[
        b"\xff",
        b"\xfe\xff",
        b"\xc3\x28",
        b"\xa0\xa1",
        b"\xe2\x28\xa1",
        b"\xe2\x82",
        b"\xf0\x28\x8c\xbc",
        b"\xc0\xaf",
        b"\xed\xa0\x80",
        b"\xf8\x88\x80\x80\x80",
        b"\x80",
    ];
    let mut out: Vec<u8> = Vec::new();
    match rng.below(5) {
        0 => out.extend((0..rng.below(80)).map(|_| rng.next() as u8)),
        1 => {
            for _ in 0..rng.range(1, 8) {
                out.extend_from_slice(rng.pick(WORDS).as_bytes());
                out.extend_from_slice(rng.pick::<&[u8]>(BLANKS));
            }
        }
        2 => {
            for _ in 0..rng.range(1, 5) {
                out.extend_from_slice(rng.pick::<&[u8]>(BAD_UTF8));
                if rng.chance(50) {
                    out.extend_from_slice(rng.pick(WORDS).as_bytes());
                }
                if rng.chance(50) {
                    out.push(b' ');
                }
            }
        }
        3 => {
            out.extend(std::iter::repeat_n(0u8, rng.range(1, 6)));
            out.extend_from_slice(rng.pick(WORDS).as_bytes());
            out.extend(std::iter::repeat_n(0u8, rng.range(0, 3)));
        }
        _ => {
            let n = rng.range(200, 3000);
            while out.len() < n {
                out.extend_from_slice(rng.pick(WORDS).as_bytes());
                out.extend_from_slice(rng.pick::<&[u8]>(BLANKS));
            }
        }
    }
    out.retain(|&b| b != b'\n' && b != b'\r');
    out
}

/// The line's tokens as the daemon splits them (invalid UTF-8 replaced).
pub fn tokens(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Words whose commands print several lines, start or stop searches, or
/// change the dialect: a random line containing one is not sent (those
/// commands are exercised on purpose elsewhere).
pub const NOISY: &[&str] = &[
    "uci",
    "usi",
    "tei",
    "ubgi",
    "xboard",
    "hub",
    "teinewgame",
    "usinewgame",
    "ucinewgame",
    "gameover",
    "perft",
    "d",
    "go",
    "bench",
    "quit",
    "stop",
    "isready",
    "ponderhit",
];

/// A random line that would make the daemon allocate a huge hash table or
/// search hundreds of lines at once (valid, but slow on a CI machine).
pub fn costly(tokens: &[String]) -> bool {
    let text = tokens.join(" ").to_lowercase();
    let big = |limit: u64| {
        tokens
            .iter()
            .filter_map(|t| t.trim_start_matches(['+', '-']).parse::<u64>().ok())
            .any(|n| n > limit)
    };
    (text.contains("hash") && big(64)) || (text.contains("multipv") && big(4))
}

pub fn noisy(bytes: &[u8]) -> bool {
    let t = tokens(bytes);
    t.iter().any(|w| NOISY.contains(&w.as_str())) || costly(&t)
}

/// What a driver counts: printed at the end of a run and in every
/// failure message.
#[derive(Default, Debug)]
pub struct Stats {
    /// Test lines sent (not counting the `isready` / `d` that check them).
    pub lines: usize,
    pub rejected: usize,
    pub rejected_positions: usize,
    pub accepted_random: usize,
    pub valid: usize,
    pub searches: usize,
    pub bestmoves: usize,
    pub mid_search_rejections: usize,
    pub races: usize,
    pub long_lines: usize,
    pub longest_line: usize,
    pub slowest_readyok_ms: u128,
    pub slowest_stop_ms: u128,
}

impl Stats {
    /// A line got no error: a random one or a valid one.
    pub fn count_accepted(&mut self, random: bool) {
        if random {
            self.accepted_random += 1;
        } else {
            self.valid += 1;
        }
    }
}

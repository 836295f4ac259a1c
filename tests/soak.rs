//! Soak: the daemon's contract under a seeded stream of valid, mutated and
//! garbage input, for every dialect × game it plays (UCI Makruk, Tak,
//! Ōgi and Chinese checkers, TEI Tak at several sizes, USI Ōgi, CECP Makruk).
//!
//! The contract checked, line by line:
//!
//! * a bad line prints exactly one error line (`info string error: ...`;
//!   CECP: `Error (...)`, `Illegal move...`, `tellusererror ...`) and
//!   changes nothing: the board `d` shows afterwards is the one before
//!   (CECP has no `d`: a model of the game built on the crate's own rules
//!   must keep agreeing with the engine on every move);
//! * a valid line prints nothing (apart from the replies it asks for);
//! * nothing makes the daemon panic, hang, or write a line that is not
//!   UTF-8; `isready` (`ping N`) is answered within [`PROMPT`] even while
//!   a search runs;
//! * every valid `go` gets exactly one `bestmove`, legal in the position
//!   searched (checked against that position's `go perft 1` list, its
//!   `ponder` move by playing both with `position ... moves`); `go
//!   infinite` / `go ponder` answer only after `stop` / `ponderhit`, and
//!   `stop` answers within [`PROMPT`]; lines rejected mid-search (bad `go`
//!   parameters, illegal `searchmoves`, other dialects' new-game words,
//!   bad positions and options) leave the search running; `go`/`stop`
//!   pairs written back to back in one burst each get their `bestmove`;
//! * `quit` or end of input ends the process within [`PROMPT`], also
//!   mid-search, with no pending `bestmove` printed.
//!
//! Lines come from: valid commands built from the engine's own answers
//! (legal moves from `go perft 1`, played `bestmove`s, positions read back
//! with `d`), mutations of valid lines (`mutate`), mutated FEN/SFEN/TPS
//! taken from `d`, pure garbage, invalid UTF-8, NUL bytes, very long
//! `position ... moves ...` lines, and per game one line of exactly 1 MiB
//! (accepted) and one of 1 MiB + 1 byte (refused). Line ends are LF, CR LF
//! or a lone CR at random.
//!
//! Everything is seeded: the seed and the counts are printed (see them
//! with `--nocapture`); a failure prints the offending line (escaped) and
//! the recent transcript. `TABULA_SOAK_LINES=N` sets the number of lines
//! per dialect × game (the default keeps `cargo test` fast);
//! `TABULA_SOAK_SEED=S` (decimal or 0x hex) changes the seed. The seed
//! fixes every random choice; what a search stopped after a random delay
//! answers depends on timing, and answers are played on, so a long run
//! may drift apart from an earlier one with the same seed after a while.
//!
//! Every wait has a timeout (stdout is read on a thread into a channel,
//! `common::daemon`): a hang fails the test instead of hanging it.

mod common;

use common::daemon::{Daemon, escape};
use common::rng::Rng;
use std::collections::VecDeque;
use std::thread;
use std::time::{Duration, Instant};

const ERR: &str = "info string error: ";
/// What "at once" means for a reply (`readyok` mid-search, `bestmove`
/// after `stop`, exit after `quit`): generous for a loaded CI machine.
const PROMPT: Duration = Duration::from_secs(2);
/// Longer than anything the soak asks for: only a hang trips it.
const HANG: Duration = Duration::from_secs(20);
const MIB: usize = 1 << 20;
const TOO_LONG: &str = "info string error: line too long (limit 1 MiB), ignored";

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// Lines per dialect × game: `TABULA_SOAK_LINES`, else `default`.
fn budget(default: usize) -> usize {
    env_number("TABULA_SOAK_LINES").map_or(default, |n| n as usize)
}

/// The run's seed, mixed with the test's name so each test has its own.
fn seed_for(name: &str) -> u64 {
    let base = env_number("TABULA_SOAK_SEED").unwrap_or(0x50a4_0009);
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
fn mutate(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
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

/// Bytes that are no command at all: random bytes, token soup with odd
/// blanks, invalid UTF-8, NUL runs.
/// A random line end: LF mostly, CR LF or a lone CR.
fn line_end(rng: &mut Rng) -> &'static [u8] {
    match rng.below(20) {
        0 | 1 => b"\r\n",
        2 | 3 => b"\r",
        _ => b"\n",
    }
}

fn garbage(rng: &mut Rng) -> Vec<u8> {
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
fn tokens(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Words whose commands print several lines, start or stop searches, or
/// change the dialect: a random line containing one is not sent (those
/// commands are exercised on purpose elsewhere).
const NOISY: &[&str] = &[
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
fn costly(tokens: &[String]) -> bool {
    let text = tokens.join(" ").to_lowercase();
    let big = |limit: u64| {
        tokens
            .iter()
            .filter_map(|t| t.trim_start_matches(['+', '-']).parse::<u64>().ok())
            .any(|n| n > limit)
    };
    (text.contains("hash") && big(64)) || (text.contains("multipv") && big(4))
}

fn noisy(bytes: &[u8]) -> bool {
    let t = tokens(bytes);
    t.iter().any(|w| NOISY.contains(&w.as_str())) || costly(&t)
}

// ---------------------------------------------------------------------
// UCI, TEI and USI

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dialect {
    Uci,
    Tei,
    Usi,
}

impl Dialect {
    fn handshake(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Tei => "tei",
            Dialect::Usi => "usi",
        }
    }
    fn handshake_ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Tei => "teiok",
            Dialect::Usi => "usiok",
        }
    }
    /// `bestmove` when the side to move has no legal move.
    fn no_move(self) -> &'static str {
        match self {
            Dialect::Usi => "resign",
            _ => "(none)",
        }
    }
    fn has_ponder(self) -> bool {
        self != Dialect::Tei
    }
    fn has_searchmoves(self) -> bool {
        self != Dialect::Tei
    }
    /// A clock `go` for the side to move with `ms` on each clock.
    fn clock(self, rng: &mut Rng) -> String {
        let t = rng.range(0, 200);
        let u = rng.range(0, 200);
        let inc = rng.range(0, 20);
        match self {
            Dialect::Usi if rng.chance(50) => {
                format!("btime {t} wtime {u} byoyomi {}", rng.range(0, 40))
            }
            Dialect::Usi => format!("btime {t} wtime {u} binc {inc} winc {inc}"),
            _ if rng.chance(30) => format!("wtime {t} btime {u} movestogo {}", rng.range(1, 5)),
            _ => format!("wtime {t} btime {u} winc {inc} binc {inc}"),
        }
    }
}

/// Lines every UCI-family dialect refuses with exactly one error, idle or
/// mid-search.
const BAD_COMMON: &[&str] = &[
    "xyzzy",
    "joho 42",
    "\u{fffd}",
    "go depth x",
    "go depth +3",
    "go depth",
    "go nodes -1",
    "go nodes 1e5",
    "go movetime abc",
    "go depth 99999999999",
    "go movestogo -2",
    "go perft -1",
    "go perft",
    "setoption",
    "setoption name",
    "setoption value 3",
    "setoption name NoSuchOption value 1",
    "setoption name MultiPV value 0",
    "debug",
    "debug maybe",
    "position",
    "position foo",
    "position startpos foo",
    "position startpos moves zz9",
    "position startpos moves a0a0",
    "position gnubgid 4HPwATDgc/ABMA",
    "position xgid -b----E-C----",
    "position cells 1 2 3",
    "bench x",
    "bench 99999999999",
];

const BAD_UCI: &[&str] = &[
    "usinewgame",
    "teinewgame 6",
    "setoption name UCI_Variant value chess",
    "setoption name USI_Hash value 8",
    "go mate 0",
    "go searchmoves",
];

const BAD_TEI: &[&str] = &[
    "ucinewgame",
    "usinewgame",
    "teinewgame",
    "teinewgame 9",
    "teinewgame 2",
    "teinewgame x",
    "go ponder",
    "go ponder wtime 100 btime 100",
    "go mate 1",
    "go searchmoves a1",
    "setoption name UCI_Variant value tak",
];

const BAD_USI: &[&str] = &[
    "ucinewgame",
    "teinewgame 6",
    "go mate x",
    "go mate",
    "go searchmoves",
    "gameover maybe",
    "gameover",
    "setoption name Hash value 8",
    "setoption name USI_Hash value 0",
];

const BAD_MAKRUK: &[&str] = &[
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 extra",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves e3e5",
    "position startpos moves e3e4 e6e5 e4e5",
    "position fen",
    "setoption name Board Honour Counting value maybe",
    "setoption name TakSize value 5",
];

const BAD_TAK: &[&str] = &[
    "position tps x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1",
    "position tps x6/x6 1",
    "position tps",
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "position startpos moves a1 a1",
    "position startpos moves Sa1",
    "setoption name HalfKomi value 11",
    "setoption name TakSize value 9",
    "setoption name TakSize value x",
    "setoption name Board Honour Counting value gui",
];

const BAD_OGI_USI: &[&str] = &[
    "position sfen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1 moves 5f5e 5f5e",
    "position sfen 9/9 b - 1",
    "position sfen",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position startpos moves 5f5d",
    "position startpos moves P*5e",
];

const BAD_OGI_UCI: &[&str] = &[
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1 moves e3e5",
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] x - - 0 1",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "position startpos moves e3e5",
    "position startpos moves P@e5",
    "setoption name TakSize value 5",
];

const BAD_CC: &[&str] = &[
    "position ccn 0,1,2,3,4,5,6,7,8/111,112,113,114,115,116,117,118,119,120 1 1",
    "position ccn 0,1,2,3,4,5,6,7,8,60/60,112,113,114,115,116,117,118,119,120 1 1",
    "position fen 0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 3 1",
    "position startpos moves 3-17",
    "position startpos moves 3-16-3",
    "position startpos moves pass",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "setoption name Players value 5",
];

const BAD_INTL: &[&str] = &[
    "position fen W:W51:B1-20",
    "position fen W:W31,31:B1",
    "position fen W:W3:B40",
    "position fen X:W31:B1",
    "position fen Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwe",
    "position startpos moves 32-29",
    "position startpos moves 32-28 19-23 28-22",
    "position startpos moves 32x23",
    "position tps x6/x6/x6/x6/x6/x6 1 1",
    "setoption name DrawKingMoves value 201",
    "setoption name DrawEndgameLimits value maybe",
];

const SEEDS_INTL: &[&str] = &[
    "position startpos moves 32-28 19-23 28x19 14x23",
    "position fen W:W12,40:B8,9,34 moves 12x14",
    "position fen BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeeewweBeeeeeeeeeBee",
    "position fen B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
    "setoption name DrawKingMoves value 0",
    "setoption name DrawEndgameLimits value false",
];

const BAD_RUS: &[&str] = &[
    "position fen W:Wc4:B1",
    "position fen W:W33:B1",
    "position fen W:Wb8:Ba1",
    "position startpos moves c3-c4",
    "position startpos moves c3-d4 f6-e5 d4-c5",
    "position fen W:WKc3:Bd2,d4,f2,f4,f6 moves c3:g7",
    "position fen W:W21-32:B1-12 moves 22-14",
    "setoption name DrawKingMoves value -1",
];

const SEEDS_RUS: &[&str] = &[
    "position startpos moves c3-d4 f6-e5 d4:f6",
    "position startpos moves 22-18 11-15 18x11",
    "position fen W:Wh2:Bd2,d6,g3,g5,g7",
    "position fen W:WKc3:Bd2,d4,f2,f4,f6 moves c3:e5:g7",
    "setoption name DrawKingMoves value 5",
];

const SEEDS_CC: &[&str] = &[
    "position startpos moves 8-17 111-102 3-16-18",
    "position ccn 4,7,8,17,28,29,41,43,50,60/70,79,83,90,91,104,105,112,117,118 1 8",
    "position fen 2,3,4,5,7,15,16,18,28,30/79,90,91,103,106,111,112,114,116,118 2 5 moves 79-69",
    "setoption name Hash value 8",
    "setoption name Move Overhead value 50",
];

const BAD_HALMA: &[&str] = &[
    "position hcn 8 0,1,2,3,8,9,10,16,17/39,46,47,53,54,55,60,61,62,63 1 1",
    "position hcn 12 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 1 1",
    "position fen 8 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 3 1",
    "position startpos moves 17-35",
    "position startpos moves 2-18-2",
    "position startpos moves pass",
    "position ccn 0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
    "setoption name Players value 3",
    "setoption name Camp Exit Limit value 201",
];

const SEEDS_HALMA: &[&str] = &[
    "position startpos moves 17-26 39-38 1-17-35",
    "position hcn 8 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 1 1",
    "position fen 8 0,2,3,10,11,13,14,20,21,22/38,46,47,53,54,55,60,61,62,63 2 5 moves 38-37",
    "setoption name Hash value 8",
    "setoption name Move Overhead value 50",
];

const SEEDS_MAKRUK: &[&str] = &[
    "position startpos moves e3e4 e6e5",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves a3a4",
    "position fen 8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
    "setoption name Hash value 32",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 100",
    "setoption name Board Honour Counting value gui",
    "debug on",
    "register name x code y",
];

const SEEDS_TAK: &[&str] = &[
    "position startpos moves a1 f6 Cc3",
    "position tps x6/x6/x2,1,x3/x6/x6/2,x5 2 2 moves 2c4- Sd4",
    "position tps x6/x6/x6/x2,21C,x2/x6/x6 1 5 moves 2d3<11 e5",
    "position tps x5/x5/x2,12,x2/x5/x5 1 4 moves c3-",
    "setoption name HalfKomi value 4",
    "setoption name Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name TakSize value 5",
];

const SEEDS_OGI_USI: &[&str] = &[
    "position startpos moves 5f5e 4c4d 5e5d",
    "position sfen ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33 moves P*7d",
    "position sfen lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9 moves 5c4b+",
    "setoption name USI_Hash value 8",
    "setoption name USI_MultiPV value 2",
    "setoption name MoveOverhead value 50",
];

const SEEDS_OGI_UCI: &[&str] = &[
    "position startpos moves e3e4 d6d5 e4e5",
    "position fen lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1 moves b3b4",
    "position fen lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL[p] w - - 0 5",
    "setoption name Hash value 8",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 50",
];

const OPTIONS_UCI: &[&str] = &[
    "setoption name Hash value 1",
    // The largest table: allocated as searches fill it, so every promise
    // (isready, stop, quit) holds as with a small one.
    "setoption name Hash value 16384",
    "setoption name hash value 8",
    "setoption name Clear Hash",
    "setoption name clear  hash",
    "setoption name MultiPV value 1",
    "setoption name MultiPV value 3",
    "setoption name Ponder value true",
    "setoption name Ponder value FALSE",
    "setoption name Move Overhead value 0",
    "setoption name Move Overhead value 30",
    "debug on",
    "debug off",
    "register later",
];

const OPTIONS_TEI: &[&str] = &[
    "setoption name Hash value 2",
    "setoption name Hash value 16384",
    "setoption name Clear Hash",
    "setoption name MultiPV value 2",
    "setoption name MultiPV value 1",
    "setoption name Move Overhead value 5",
    "setoption name HalfKomi value 4",
    "setoption name HalfKomi value -3",
    "setoption name HalfKomi value 0",
    "debug on",
];

const OPTIONS_USI: &[&str] = &[
    "setoption name USI_Hash value 4",
    "setoption name USI_Hash value 16384",
    "setoption name ClearHash",
    "setoption name USI_MultiPV value 2",
    "setoption name USI_MultiPV value 1",
    "setoption name USI_Ponder value true",
    "setoption name MoveOverhead value 20",
    "debug off",
];

/// One dialect × game to soak.
struct Game {
    name: &'static str,
    dialect: Dialect,
    /// Lines after the handshake that select the game; they print nothing.
    setup: &'static [&'static str],
    /// How `d`'s last line starts.
    label: &'static str,
    /// Position keywords the game reads (`position <kw> <text>`).
    keywords: &'static [&'static str],
    /// Tak board sizes to play (empty for the other games).
    sizes: &'static [u32],
    seeds: &'static [&'static str],
    bad: &'static [&'static str],
    options: &'static [&'static str],
    /// Moves from the start, then a cycle of moves back to the same
    /// position, for arbitrarily long `position` lines.
    opening: &'static [&'static str],
    cycle: &'static [&'static str],
    /// Lines per run in CI mode.
    lines: usize,
}

const MAKRUK_CYCLE: &[&str] = &["b1d2", "b8d7", "d2b1", "d7b8"];
const TAK_OPENING: &[&str] = &["a1", "c3"];
const TAK_CYCLE: &[&str] = &["c3<", "a1+", "b3>", "a2-"];
const CC_CYCLE: &[&str] = &["8-17", "111-102", "17-8", "102-111"];
const HALMA_CYCLE: &[&str] = &["17-26", "46-37", "26-17", "37-46"];
const OGI_USI_CYCLE: &[&str] = &["2g3g", "7b6b", "3g2g", "6b7b"];
const OGI_UCI_CYCLE: &[&str] = &["g2f2", "b7c7", "f2g2", "c7b7"];
/// Random games to a position where both sides have a king (found by a
/// seeded playout), then the kings step out and back.
const INTL_OPENING: &[&str] = &[
    "31-26", "17-21", "26x17", "12x21", "32-28", "20-24", "37-31", "21-26", "28-23", "19x28",
    "33x22", "26x37", "41x32", "18x27", "32x21", "16x27", "34-30", "27-31", "30x19", "13x24",
    "36x27", "14-20", "27-21", "10-14", "21-16", "8-13", "39-34", "24-29", "34x23", "5-10",
    "47-41", "13-18", "23x12", "7x18", "16x7", "1x12", "43-39", "2-8", "35-30", "20-24", "30x19",
    "14x23", "41-36", "23-28", "48-43", "9-13", "39-34", "18-22", "46-41", "13-19", "38-33",
    "28x46", "36-31", "46-41", "31-26", "19-24", "49-43", "41-47", "34-30", "24x35", "26-21",
    "8-13", "44-39", "35x33", "45-40", "13-18", "40-34", "10-14", "21-16", "22-27", "43-38",
    "33x42", "16-11", "6x17", "34-30", "17-22", "50-44", "18-23", "30-24", "4-10", "44-39",
    "47-36", "39-34", "14-19", "24x13", "23-29", "34x23", "3-9", "13x4",
];
const INTL_CYCLE: &[&str] = &["36-31", "4-9", "31-36", "9-4"];
const RUS_OPENING: &[&str] = &[
    "e3-f4", "d6-c5", "a3-b4", "c5:a3", "c3-b4", "a3:c5", "g3-h4", "f6-e5", "f4:d6:b4", "g7-f6",
    "h4-g5", "h6:f4", "h2-g3", "f4:h2", "f2-g3", "h2:f4", "b2-a3", "f6-e5", "b4-c5", "b6:d4",
    "a1-b2", "c7-b6", "g1-f2", "b6-c5", "b2-c3", "d4:b2", "f2-g3", "f4:h2", "d2-e3", "e5-d4",
    "a3-b4", "c5:a3", "e3:c5", "f8-g7", "c1-d2", "g7-f6", "d2-e3", "b2-a1", "e3-d4", "a1:e5",
    "e1-f2", "h2-g1", "c5-d6", "g1:e3", "d6:f8",
];
const RUS_CYCLE: &[&str] = &["e5-c7", "f8-g7", "c7-e5", "g7-f8"];

const UCI_MAKRUK: Game = Game {
    name: "uci makruk",
    dialect: Dialect::Uci,
    setup: &["setoption name UCI_Variant value makruk"],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_MAKRUK,
    bad: BAD_MAKRUK,
    options: OPTIONS_UCI,
    opening: &[],
    cycle: MAKRUK_CYCLE,
    lines: 2000,
};

const UCI_TAK: Game = Game {
    name: "uci tak",
    dialect: Dialect::Uci,
    setup: &["setoption name UCI_Variant value tak"],
    label: "Fen: ",
    keywords: &["fen", "tps"],
    sizes: &[4, 5, 6, 7],
    seeds: SEEDS_TAK,
    bad: BAD_TAK,
    options: OPTIONS_UCI,
    opening: TAK_OPENING,
    cycle: TAK_CYCLE,
    lines: 1500,
};

const UCI_OGI: Game = Game {
    name: "uci ogi",
    dialect: Dialect::Uci,
    setup: &["setoption name UCI_Variant value ogi"],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_OGI_UCI,
    bad: BAD_OGI_UCI,
    options: OPTIONS_UCI,
    opening: &[],
    cycle: OGI_UCI_CYCLE,
    lines: 1500,
};

/// Chinese checkers with the home-exit rule off, so that the cycle of
/// moves can go on without a marble leaving home.
const UCI_CC: Game = Game {
    name: "uci chinesecheckers",
    dialect: Dialect::Uci,
    setup: &[
        "setoption name UCI_Variant value chinesecheckers",
        "setoption name Home Exit Limit value 0",
    ],
    label: "Ccn: ",
    keywords: &["ccn", "fen"],
    sizes: &[],
    seeds: SEEDS_CC,
    bad: BAD_CC,
    options: OPTIONS_UCI,
    opening: &[],
    cycle: CC_CYCLE,
    lines: 1500,
};

/// Halma on 8x8 with the camp-exit rule off, so that the cycle of moves
/// can go on without a piece leaving its camp.
const UCI_HALMA: Game = Game {
    name: "uci halma",
    dialect: Dialect::Uci,
    setup: &[
        "setoption name UCI_Variant value halma",
        "setoption name Board Size value 8",
        "setoption name Camp Exit Limit value 0",
    ],
    label: "Hcn: ",
    keywords: &["hcn", "fen"],
    sizes: &[],
    seeds: SEEDS_HALMA,
    bad: BAD_HALMA,
    options: OPTIONS_UCI,
    opening: &[],
    cycle: HALMA_CYCLE,
    lines: 1500,
};

const UCI_INTL: Game = Game {
    name: "uci international",
    dialect: Dialect::Uci,
    setup: &["setoption name UCI_Variant value international"],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_INTL,
    bad: BAD_INTL,
    options: OPTIONS_UCI,
    opening: INTL_OPENING,
    cycle: INTL_CYCLE,
    lines: 1500,
};

const UCI_RUS: Game = Game {
    name: "uci russian",
    dialect: Dialect::Uci,
    setup: &["setoption name UCI_Variant value russian"],
    label: "Fen: ",
    keywords: &["fen"],
    sizes: &[],
    seeds: SEEDS_RUS,
    bad: BAD_RUS,
    options: OPTIONS_UCI,
    opening: RUS_OPENING,
    cycle: RUS_CYCLE,
    lines: 1500,
};

const TEI_TAK: Game = Game {
    name: "tei tak",
    dialect: Dialect::Tei,
    setup: &[],
    label: "Tps: ",
    keywords: &["tps"],
    sizes: &[3, 4, 5, 6, 7, 8],
    seeds: SEEDS_TAK,
    bad: BAD_TAK,
    options: OPTIONS_TEI,
    opening: TAK_OPENING,
    cycle: TAK_CYCLE,
    lines: 1500,
};

const USI_OGI: Game = Game {
    name: "usi ogi",
    dialect: Dialect::Usi,
    setup: &[],
    label: "Sfen: ",
    keywords: &["sfen"],
    sizes: &[],
    seeds: SEEDS_OGI_USI,
    bad: BAD_OGI_USI,
    options: OPTIONS_USI,
    opening: &[],
    cycle: OGI_USI_CYCLE,
    lines: 1500,
};

/// The position the daemon should have: a line that sets it up, and the
/// board `d` showed for it.
#[derive(Clone)]
struct Position {
    /// `position startpos` or `position <kw> <text>`.
    base: String,
    moves: Vec<String>,
    /// `d`'s output, its label line last.
    board: Vec<String>,
    /// The legal moves (`go perft 1`), once asked.
    legal: Option<Vec<String>>,
}

impl Position {
    fn line(&self) -> String {
        if self.moves.is_empty() {
            self.base.clone()
        } else {
            format!("{} moves {}", self.base, self.moves.join(" "))
        }
    }
}

/// A `go` the daemon owes one answer for.
struct Search {
    go: String,
    /// The line that set up the position searched.
    position: String,
    legal: Vec<String>,
    /// `searchmoves`, when given.
    restrict: Option<Vec<String>>,
    /// `go infinite` / `go ponder`: no answer before `stop` / `ponderhit`.
    hold: bool,
    ponder: bool,
    /// USI `go mate`: answered by a `checkmate` line.
    mate: bool,
    /// When the search was told to answer (`stop`, a new `go`, a new game);
    /// the answer must follow within `PROMPT`.
    stopped_at: Option<Instant>,
    /// `ponderhit` was sent (the search now runs under its clock).
    hit: bool,
}

#[derive(Default, Debug)]
struct Stats {
    /// Test lines sent (not counting the `isready` / `d` that check them).
    lines: usize,
    rejected: usize,
    rejected_positions: usize,
    accepted_random: usize,
    valid: usize,
    searches: usize,
    bestmoves: usize,
    mid_search_rejections: usize,
    races: usize,
    long_lines: usize,
    longest_line: usize,
    slowest_readyok_ms: u128,
    slowest_stop_ms: u128,
}

struct Soak {
    game: &'static Game,
    seed: u64,
    rng: Rng,
    d: Daemon,
    pos: Position,
    pending: VecDeque<Search>,
    /// Moves seen legal somewhere: candidates for illegal moves.
    pool: Vec<String>,
    /// Engine answers to replay with `position ... moves` when idle.
    replays: Vec<(String, Vec<String>)>,
    /// The position and move of the last `bestmove`, to play it on.
    last_best: Option<(String, String)>,
    handshake: Vec<String>,
    /// The current test line, for failure messages.
    line: Vec<u8>,
    stats: Stats,
    started: Instant,
}

impl Soak {
    fn start(game: &'static Game) -> Soak {
        let seed = seed_for(game.name);
        let mut s = Soak {
            game,
            seed,
            rng: Rng::new(seed),
            d: Daemon::start(),
            pos: Position {
                base: "position startpos".into(),
                moves: Vec::new(),
                board: Vec::new(),
                legal: None,
            },
            pending: VecDeque::new(),
            pool: Vec::new(),
            replays: Vec::new(),
            last_best: None,
            handshake: Vec::new(),
            line: Vec::new(),
            stats: Stats::default(),
            started: Instant::now(),
        };
        let word = game.dialect.handshake();
        s.line = word.as_bytes().to_vec();
        s.send(word);
        s.handshake = s.handshake_lines();
        for &l in game.setup {
            s.line = l.as_bytes().to_vec();
            s.send(l);
        }
        if !game.setup.is_empty() {
            // The handshake names the current game's options: read it again.
            s.send(word);
            s.handshake = s.handshake_lines();
        }
        s.line = b"position startpos".to_vec();
        s.send("position startpos");
        let (out, board) = s.sync_d();
        if !out.is_empty() {
            s.fail(&format!("the setup printed {out:?}"));
        }
        s.pos.board = board;
        s
    }

    /// The handshake's reply, up to its `...ok` line.
    fn handshake_lines(&mut self) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            let done = l == self.game.dialect.handshake_ok();
            got.push(l);
            if done {
                return got;
            }
        }
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "{} (seed {:#x}, TABULA_SOAK_SEED={:#x}): {what}\n  line: {}\n  {:?}\n  recent transcript:\n{}",
            self.game.name,
            self.seed,
            env_number("TABULA_SOAK_SEED").unwrap_or(0x50a4_0009),
            escape(&self.line),
            self.stats,
            self.d.transcript()
        );
    }

    fn line_end(&mut self) -> &'static [u8] {
        line_end(&mut self.rng)
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let mut b = bytes.to_vec();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends a test line (remembered for failure messages).
    fn test_line(&mut self, bytes: &[u8]) {
        self.stats.lines += 1;
        self.stats.longest_line = self.stats.longest_line.max(bytes.len());
        self.line = bytes.to_vec();
        self.send_bytes(bytes);
    }

    fn next(&mut self, timeout: Duration) -> String {
        match self.d.next_line(timeout) {
            Ok(l) => l,
            Err(e) => self.fail(&e),
        }
    }

    /// Search output is checked and swallowed here; any other line is
    /// returned.
    fn observe(&mut self, line: String) -> Option<String> {
        if line.starts_with("bestmove") {
            self.bestmove(&line);
            return None;
        }
        if line.starts_with("checkmate") {
            self.checkmate(&line);
            return None;
        }
        if line.starts_with("info") && !line.starts_with(ERR) {
            self.info(&line);
            return None;
        }
        Some(line)
    }

    fn info(&mut self, line: &str) {
        let Some(search) = self.pending.front() else {
            self.fail(&format!("search output with no search running: {line:?}"));
        };
        let tei = self.game.dialect == Dialect::Tei;
        if let Some(text) = line.strip_prefix("info string ") {
            // The notes a game prints before a search (Chinese checkers:
            // the player it moves for, or the result).
            let note = ["game over: ", "tomove ", "result "]
                .iter()
                .any(|p| text.starts_with(p));
            if tei || !note {
                self.fail(&format!("unexpected info string during a search: {line:?}"));
            }
            return;
        }
        match check_info(line, tei) {
            Ok(Some(first)) => {
                let allowed = search.restrict.as_ref().unwrap_or(&search.legal);
                if !allowed.contains(&first) {
                    self.fail(&format!(
                        "the pv of {line:?} starts with {first}, not a move of the search ({})",
                        search.go
                    ));
                }
            }
            Ok(None) => {}
            Err(e) => self.fail(&format!("{e}: {line:?}")),
        }
    }

    fn bestmove(&mut self, line: &str) {
        let Some(s) = self.pending.pop_front() else {
            self.fail(&format!("{line:?} with no search running"));
        };
        if s.mate {
            self.fail(&format!("{line:?} answers '{}'", s.go));
        }
        if s.hold && s.stopped_at.is_none() && !s.hit {
            self.fail(&format!("{line:?} before stop/ponderhit ('{}')", s.go));
        }
        if let Some(t) = s.stopped_at {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_stop_ms = self.stats.slowest_stop_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("{line:?} came {ms} ms after it was asked for"));
            }
        }
        let t: Vec<&str> = line.split(' ').collect();
        let ok_shape = match t.len() {
            2 => true,
            4 => t[2] == "ponder" && self.game.dialect.has_ponder(),
            _ => false,
        };
        if !ok_shape || t[0] != "bestmove" {
            self.fail(&format!("malformed {line:?}"));
        }
        let best = t[1];
        if best == self.game.dialect.no_move() {
            if !s.legal.is_empty() {
                self.fail(&format!("{line:?} with legal moves {:?}", s.legal));
            }
        } else {
            let allowed = s.restrict.as_ref().unwrap_or(&s.legal);
            if !allowed.contains(&best.to_string()) {
                self.fail(&format!(
                    "{line:?} is not among the moves of '{}' ({}): {allowed:?}",
                    s.go, s.position
                ));
            }
            let mut replay = vec![best.to_string()];
            if t.len() == 4 {
                replay.push(t[3].to_string());
            }
            self.replays.push((s.position.clone(), replay));
            self.last_best = Some((s.position.clone(), best.to_string()));
        }
        self.stats.bestmoves += 1;
    }

    fn checkmate(&mut self, line: &str) {
        let Some(s) = self.pending.pop_front() else {
            self.fail(&format!("{line:?} with no search running"));
        };
        if !s.mate {
            self.fail(&format!("{line:?} answers '{}'", s.go));
        }
        let moves: Vec<String> = line.split(' ').skip(1).map(str::to_string).collect();
        match moves.as_slice() {
            [] => self.fail("empty checkmate line"),
            [w] if w == "nomate" || w == "timeout" => {}
            [first, ..] => {
                if !s.legal.contains(first) {
                    self.fail(&format!("{line:?} starts with an illegal move"));
                }
                self.replays.push((s.position.clone(), moves));
            }
        }
        self.stats.bestmoves += 1;
    }

    /// `isready`, then everything up to `readyok` that is not search
    /// output. Mid-search the `readyok` must come within `PROMPT` (unless
    /// the line before it was a long one, whose parsing comes first).
    fn sync(&mut self) -> Vec<String> {
        let busy = !self.pending.is_empty() && self.line.len() < 64 * 1024;
        let t = Instant::now();
        self.send("isready");
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            if l == "readyok" {
                break;
            }
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        if busy {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_readyok_ms = self.stats.slowest_readyok_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("readyok took {ms} ms during a search"));
            }
        }
        got
    }

    /// `d` and `isready`: the lines before the board, and the board.
    fn sync_d(&mut self) -> (Vec<String>, Vec<String>) {
        self.send("d");
        let mut got = self.sync();
        let Some(start) = got.iter().position(String::is_empty) else {
            self.fail(&format!("no board from d: {got:?}"));
        };
        let board = got.split_off(start);
        if !board.last().is_some_and(|l| l.starts_with(self.game.label)) {
            self.fail(&format!(
                "d does not end with {:?}: {board:?}",
                self.game.label
            ));
        }
        (got, board)
    }

    /// Waits until every search sent has answered.
    fn await_idle(&mut self) {
        while !self.pending.is_empty() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                self.fail(&format!("unexpected {l:?} while waiting for a bestmove"));
            }
        }
    }

    /// The legal moves of the current position, from `go perft 1`.
    fn legal(&mut self) -> Vec<String> {
        if let Some(l) = &self.pos.legal {
            return l.clone();
        }
        let moves = self.perft1();
        self.pos.legal = Some(moves.clone());
        moves
    }

    fn perft1(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let got = self.sync();
        let n = got.len();
        let total = (n >= 2 && got[n - 2].is_empty())
            .then(|| got[n - 1].strip_prefix("Nodes searched: "))
            .flatten()
            .and_then(|t| t.parse::<usize>().ok());
        let Some(total) = total else {
            self.fail(&format!("go perft 1 printed {got:?}"));
        };
        let mut moves = Vec::new();
        for l in &got[..n - 2] {
            match l.split_once(": ") {
                Some((m, "1")) if !m.is_empty() && !m.contains(' ') => moves.push(m.to_string()),
                _ => self.fail(&format!("go perft 1 printed {l:?}")),
            }
        }
        if moves.len() != total {
            self.fail(&format!(
                "go perft 1 lists {} moves, total {total}",
                moves.len()
            ));
        }
        for m in &moves {
            if !self.pool.contains(m) && self.pool.len() < 2000 {
                self.pool.push(m.clone());
            }
        }
        moves
    }

    /// A line that may or may not be valid: at most one line back, an
    /// error; after an error the board is unchanged; otherwise the board
    /// shown becomes the model's.
    fn random_line(&mut self, bytes: &[u8]) {
        self.test_line(bytes);
        let (out, board) = self.sync_d();
        if out.len() > 1 {
            self.fail(&format!("several lines back: {out:?}"));
        }
        if let Some(reply) = out.first() {
            if !reply.starts_with(ERR) {
                self.fail(&format!("answered {reply:?}"));
            }
            self.stats.rejected += 1;
            if tokens(bytes).iter().any(|t| t == "position") {
                self.stats.rejected_positions += 1;
            }
            if board != self.pos.board {
                self.fail(&format!(
                    "a rejected line changed the board:\n{:#?}\nto\n{board:#?}",
                    self.pos.board
                ));
            }
        } else {
            self.stats.accepted_random += 1;
            self.adopt(board);
        }
    }

    /// The board shown after an accepted line becomes the model.
    fn adopt(&mut self, board: Vec<String>) {
        if board != self.pos.board {
            // The game may be another now (a Tak size): answers given
            // before cannot be replayed.
            self.replays.clear();
            let text = board
                .last()
                .and_then(|l| l.strip_prefix(self.game.label))
                .unwrap_or_default()
                .to_string();
            let kw = *self.rng.pick(self.game.keywords);
            self.pos = Position {
                base: format!("position {kw} {text}"),
                moves: Vec::new(),
                board,
                legal: None,
            };
        }
    }

    /// A line that must be refused with exactly one error and change
    /// nothing.
    fn bad_line(&mut self, line: &str) {
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if out.len() != 1 || !out[0].starts_with(ERR) {
            self.fail(&format!("expected one error line, got {out:?}"));
        }
        self.stats.rejected += 1;
        if line.contains("position") {
            self.stats.rejected_positions += 1;
        }
        if board != self.pos.board {
            self.fail(&format!(
                "a rejected line changed the board:\n{:#?}\nto\n{board:#?}",
                self.pos.board
            ));
        }
    }

    /// A line that must be accepted silently; the board is read back.
    fn valid_line(&mut self, line: &str) -> Vec<String> {
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if !out.is_empty() {
            self.fail(&format!("a valid line was answered {out:?}"));
        }
        self.stats.valid += 1;
        board
    }

    /// A valid position line: the model follows it.
    fn set_position(&mut self, base: String, moves: Vec<String>) {
        let mut p = Position {
            base,
            moves,
            board: Vec::new(),
            legal: None,
        };
        p.board = self.valid_line(&p.line());
        if p.board == self.pos.board && p.line() == self.pos.line() {
            p.legal = self.pos.legal.take();
        }
        self.pos = p;
    }

    /// A line that starts a new game (in TEI sometimes only `position
    /// startpos`, unless `must_stop`: the line must stop a running search).
    fn new_game_line(&mut self, must_stop: bool) -> String {
        let g = self.game;
        // Tak: `TakSize` acts like `teinewgame` in TEI too.
        let size_option = !g.sizes.is_empty() && self.rng.chance(40);
        match g.dialect {
            _ if size_option => {
                format!("setoption name TakSize value {}", self.rng.pick(g.sizes))
            }
            Dialect::Tei if must_stop || self.rng.chance(70) => {
                format!("teinewgame {}", self.rng.pick(g.sizes))
            }
            Dialect::Uci => "ucinewgame".into(),
            Dialect::Usi => "usinewgame".into(),
            Dialect::Tei => "position startpos".into(),
        }
    }

    fn new_game(&mut self) {
        self.replays.clear();
        let line = self.new_game_line(false);
        let board = self.valid_line(&line);
        self.pos = Position {
            base: "position startpos".into(),
            moves: Vec::new(),
            board,
            legal: None,
        };
    }

    /// A well-formed move that is not legal here (from moves seen legal
    /// elsewhere), if one is known.
    fn illegal_move(&mut self) -> Option<String> {
        let legal = self.legal();
        // Hop chains and captures may be written by their ends alone
        // (`115-104` for `115-102-104`): a move with a legal move's ends
        // is no illegal move.
        let ends = |m: &str| {
            let mut squares = m.split(['-', 'x', ':']);
            (
                squares.next().map(str::to_string),
                squares.next_back().map(str::to_string),
            )
        };
        let legal_ends: Vec<_> = legal.iter().map(|m| ends(m)).collect();
        let candidates: Vec<&String> = self
            .pool
            .iter()
            .filter(|m| !legal.contains(m) && !legal_ends.contains(&ends(m)))
            .collect();
        if candidates.is_empty() {
            None
        } else {
            Some(candidates[self.rng.below(candidates.len())].clone())
        }
    }

    fn pick_bad_line(&mut self) -> String {
        let g = self.game;
        let dialect_bad = match g.dialect {
            Dialect::Uci => BAD_UCI,
            Dialect::Tei => BAD_TEI,
            Dialect::Usi => BAD_USI,
        };
        match self.rng.below(10) {
            0..=2 => self.rng.pick(BAD_COMMON).to_string(),
            3 | 4 => self.rng.pick(dialect_bad).to_string(),
            5 | 6 => self.rng.pick(g.bad).to_string(),
            7 | 8 => match self.illegal_move() {
                Some(m) => {
                    let mut moves = self.pos.moves.clone();
                    moves.push(m);
                    format!("{} moves {}", self.pos.base, moves.join(" "))
                }
                None => "position startpos moves zz9".into(),
            },
            _ => match self.illegal_move() {
                Some(m) if g.dialect.has_searchmoves() => {
                    let mut list = self.legal();
                    list.truncate(self.rng.below(3));
                    list.insert(self.rng.below(list.len() + 1), m);
                    format!("go depth 1 searchmoves {}", list.join(" "))
                }
                _ => "go nodes x".into(),
            },
        }
    }

    // -----------------------------------------------------------------
    // The steps

    fn step(&mut self) {
        match self.rng.below(100) {
            0..=24 => {
                let seed = *self.rng.pick(self.game.seeds);
                let line = self.quiet(|rng| mutate(rng, seed.as_bytes()));
                self.random_line(&line);
            }
            25..=33 => {
                let line = self.quiet(garbage);
                self.random_line(&line);
            }
            34..=41 => self.mutated_notation(),
            42..=45 => {
                let base = self.pos.line();
                let line = self.quiet(|rng| mutate(rng, base.as_bytes()));
                self.random_line(&line);
            }
            46..=59 => self.valid_step(),
            60..=70 => {
                let line = self.pick_bad_line();
                self.bad_line(&line);
            }
            71..=88 => self.search(),
            89..=91 => self.race(),
            92..=96 => self.idle_noop(),
            _ => self.long_line(),
        }
        if !self.pending.is_empty() {
            self.fail("a search is still running after a step");
        }
    }

    /// A random line that is not noisy.
    fn quiet(&mut self, mut make: impl FnMut(&mut Rng) -> Vec<u8>) -> Vec<u8> {
        loop {
            let line = make(&mut self.rng);
            if !noisy(&line) {
                return line;
            }
        }
    }

    fn mutated_notation(&mut self) {
        let label = self.game.label;
        let text = self
            .pos
            .board
            .last()
            .and_then(|l| l.strip_prefix(label))
            .unwrap_or_default()
            .to_string();
        let kw = *self.rng.pick(self.game.keywords);
        let mut line = format!("position {kw} ").into_bytes();
        line.extend(mutate(&mut self.rng, text.as_bytes()));
        if self.rng.chance(30) {
            let legal = self.legal();
            if !legal.is_empty() {
                line.extend_from_slice(format!(" moves {}", self.rng.pick(&legal)).as_bytes());
            }
        }
        if noisy(&line) {
            return;
        }
        self.random_line(&line);
    }

    fn valid_step(&mut self) {
        let legal = self.legal();
        match self.rng.below(10) {
            0..=4 if !legal.is_empty() && self.pos.moves.len() < 160 => {
                let mut moves = self.pos.moves.clone();
                moves.push(self.rng.pick(&legal).clone());
                self.set_position(self.pos.base.clone(), moves);
            }
            0..=4 => self.new_game(),
            5 => {
                // The notation `d` shows reads back to the same board.
                let text = self
                    .pos
                    .board
                    .last()
                    .and_then(|l| l.strip_prefix(self.game.label))
                    .unwrap_or_default()
                    .to_string();
                let kw = *self.rng.pick(self.game.keywords);
                let before = self.pos.board.last().cloned();
                self.set_position(format!("position {kw} {text}"), Vec::new());
                if self.pos.board.last() != before.as_ref() {
                    self.fail(&format!(
                        "the position read back as {:?}, not {before:?}",
                        self.pos.board.last()
                    ));
                }
            }
            6 => self.new_game(),
            7 => match self.last_best.clone() {
                Some((position, best)) if position == self.pos.line() => {
                    let mut moves = self.pos.moves.clone();
                    moves.push(best);
                    self.set_position(self.pos.base.clone(), moves);
                }
                _ => self.set_position("position startpos".into(), Vec::new()),
            },
            _ => {
                let line = *self.rng.pick(self.game.options);
                let board = self.valid_line(line);
                self.adopt(board);
            }
        }
    }

    /// Commands that make no sense now and print nothing.
    fn idle_noop(&mut self) {
        let word = self.game.dialect.handshake();
        let line = match self.rng.below(6) {
            0 => "stop".to_string(),
            1 => "ponderhit".into(),
            2 => "stop now".into(),
            3 if self.game.dialect == Dialect::Uci => {
                let v = self.game.setup[0];
                v.to_string()
            }
            4 => {
                // The handshake again: the same lines, nothing else changes.
                self.test_line(word.as_bytes());
                let got = self.handshake_lines();
                if got != self.handshake {
                    self.fail(&format!(
                        "the handshake changed from {:?} to {got:?}",
                        self.handshake
                    ));
                }
                let (out, board) = self.sync_d();
                if !out.is_empty() || board != self.pos.board {
                    self.fail("the handshake again changed something");
                }
                return;
            }
            _ => {
                // Extra words after an argument-less command are ignored.
                self.test_line(b"isready extra words");
                let l = self.next(HANG);
                if l != "readyok" {
                    self.fail(&format!("isready with extra words answered {l:?}"));
                }
                "register later please".into()
            }
        };
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if !out.is_empty() || board != self.pos.board {
            self.fail(&format!("a no-op printed {out:?} or changed the board"));
        }
    }

    /// Plays the engine's answers (bestmove + ponder, a checkmate line) on
    /// the position searched: they must be legal there.
    fn replay(&mut self) {
        let replays = std::mem::take(&mut self.replays);
        if replays.is_empty() || self.rng.chance(40) {
            return;
        }
        for (position, moves) in replays.into_iter().rev().take(3) {
            let line = if position.contains(" moves ") {
                format!("{position} {}", moves.join(" "))
            } else {
                format!("{position} moves {}", moves.join(" "))
            };
            self.valid_line(&line);
        }
        // Back to the model's position, which must show the same notation
        // (an option changed meanwhile, like HalfKomi, may show elsewhere).
        let before = self.pos.board.last().cloned();
        let line = self.pos.line();
        let back = self.valid_line(&line);
        if back.last() != before.as_ref() {
            self.fail(&format!(
                "setting the position again shows {:?}, not {before:?}",
                back.last()
            ));
        }
        self.pos.board = back;
    }

    /// Moves from the start and `k` times the cycle; the tokens.
    fn cycle_moves(&self, k: usize) -> Vec<String> {
        let g = self.game;
        let mut moves: Vec<String> = g.opening.iter().map(|m| m.to_string()).collect();
        for _ in 0..k {
            moves.extend(g.cycle.iter().map(|m| m.to_string()));
        }
        moves
    }

    /// A `position startpos moves ...` line of thousands of moves; now and
    /// then with one bad token in it.
    fn long_line(&mut self) {
        self.stats.long_lines += 1;
        let k = self.rng.range(50, 6000);
        let mut moves = self.cycle_moves(k);
        if self.rng.chance(30) {
            let i = self.rng.below(moves.len());
            moves[i] = self.rng.pick(&["zz9", "a0a0", "*", "5"]).to_string();
            let line = format!("position startpos moves {}", moves.join(" "));
            self.bad_line(&line);
        } else if self.rng.chance(50) {
            self.set_position("position startpos".into(), moves);
        } else {
            let line = format!("position startpos moves {}", moves.join(" "));
            let board = self.valid_line(&line);
            self.pos.board = Vec::new();
            self.pos.legal = None;
            self.adopt(board);
        }
    }

    /// The 1 MiB lines, idle or (as often) while `go infinite` runs.
    fn big_lines(&mut self) {
        if self.rng.chance(50) {
            return self.mebibyte_lines();
        }
        self.go("go infinite".into(), None, true, false);
        self.mebibyte_lines();
        self.stop();
        self.await_idle();
        let extra = self.sync();
        if !extra.is_empty() {
            self.fail(&format!("unexpected lines after the search: {extra:?}"));
        }
    }

    /// One line of exactly 1 MiB (valid: a long move list padded with
    /// blanks), then one a byte longer, which is refused.
    fn mebibyte_lines(&mut self) {
        let moves = self.cycle_moves(MIB / 20);
        let mut line = String::from("position startpos moves");
        for m in moves {
            if line.len() + 1 + m.len() > MIB - 10 {
                break;
            }
            line.push(' ');
            line.push_str(&m);
        }
        while line.len() < MIB {
            line.push(' ');
        }
        let board = self.valid_line(&line);
        self.pos.board = Vec::new();
        self.pos.legal = None;
        self.adopt(board);
        // Longer: one error however long (the rest is dropped up to the
        // line end), whatever follows in the same write.
        let extra = if self.rng.chance(50) {
            1
        } else {
            self.rng.range(2, 2 * MIB)
        };
        line.extend(std::iter::repeat_n(' ', extra));
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if out != [TOO_LONG] {
            self.fail(&format!(
                "a line of 1 MiB + {extra} bytes was answered {out:?}"
            ));
        }
        if board != self.pos.board {
            self.fail("a line too long changed the board");
        }
        // 1 MiB of junk in one token: no ASCII blank or control byte (the rest,
        // invalid UTF-8 included, is kept).
        let junk: Vec<u8> = (0..MIB)
            .map(|_| match self.rng.next() as u8 {
                b if b <= b' ' || b == 0x7f => b'x',
                b => b,
            })
            .collect();
        if !noisy(&junk) {
            self.random_line(&junk);
        }
    }

    // -----------------------------------------------------------------
    // Searches

    /// Writes a valid `go` and records what it owes.
    fn go(&mut self, go: String, restrict: Option<Vec<String>>, hold: bool, ponder: bool) {
        let legal = self.legal();
        let mate = self.game.dialect == Dialect::Usi && go.starts_with("go mate");
        // A new `go` stops the running search.
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.pending.push_back(Search {
            go: go.clone(),
            position: self.pos.line(),
            legal,
            restrict,
            hold,
            ponder,
            mate,
            stopped_at: None,
            hit: false,
        });
        self.stats.searches += 1;
        self.test_line(go.as_bytes());
    }

    fn stop(&mut self) {
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.test_line(b"stop");
    }

    fn searchmoves(&mut self, legal: &[String]) -> Option<Vec<String>> {
        if legal.is_empty() || !self.game.dialect.has_searchmoves() {
            return None;
        }
        let mut list: Vec<String> = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let m = self.rng.pick(legal).clone();
            if !list.contains(&m) {
                list.push(m);
            }
        }
        Some(list)
    }

    /// A search limited by depth, nodes, time or clock.
    fn finite_go(&mut self) -> (String, Option<Vec<String>>) {
        let legal = self.legal();
        let dialect = self.game.dialect;
        let go = match self.rng.below(9) {
            0 => format!("go depth {}", self.rng.range(0, 3)),
            1 => format!("go nodes {}", self.rng.range(0, 3000)),
            2 => format!("go movetime {}", self.rng.range(0, 10)),
            3 | 4 => format!("go {}", dialect.clock(&mut self.rng)),
            5 => format!("go fast depth {} slow", self.rng.range(1, 2)),
            6 if dialect == Dialect::Uci => {
                format!("go mate 1 nodes {}", self.rng.range(1, 3000))
            }
            6 if dialect == Dialect::Usi => format!("go mate {}", self.rng.range(0, 30)),
            7 => {
                if let Some(list) = self.searchmoves(&legal) {
                    let go = format!(
                        "go depth {} searchmoves {}",
                        self.rng.range(1, 2),
                        list.join(" ")
                    );
                    return (go, Some(list));
                }
                "go depth 1".into()
            }
            _ => format!("go depth 2 nodes {}", self.rng.range(1, 2000)),
        };
        (go, None)
    }

    fn search(&mut self) {
        if self.rng.chance(45) {
            let (go, restrict) = self.finite_go();
            self.go(go, restrict, false, false);
            for _ in 0..self.rng.below(3) {
                self.interject(false);
            }
            self.await_idle();
        } else {
            self.held_search();
        }
        let extra = self.sync();
        if !extra.is_empty() {
            self.fail(&format!("unexpected lines after the search: {extra:?}"));
        }
        self.replay();
    }

    /// `go infinite` / `go ponder`: lines sent meanwhile, then the end.
    fn held_search(&mut self) {
        let legal = self.legal();
        let dialect = self.game.dialect;
        let mut restrict = None;
        let mut ponder = false;
        let mut hold = true;
        let go = match self.rng.below(8) {
            0 => "go".to_string(),
            1 => format!("go infinite depth {}", self.rng.range(1, 2)),
            2 => format!("go infinite nodes {}", self.rng.range(1, 500)),
            3 | 4 if dialect.has_ponder() => {
                ponder = true;
                match self.rng.below(3) {
                    0 => format!("go ponder {}", dialect.clock(&mut self.rng)),
                    1 => format!("go ponder depth {}", self.rng.range(1, 3)),
                    _ => format!("go ponder movetime {}", self.rng.range(1, 15)),
                }
            }
            5 if dialect.has_searchmoves() && !legal.is_empty() => {
                let list = self.searchmoves(&legal).unwrap_or_default();
                let go = format!("go infinite searchmoves {}", list.join(" "));
                restrict = Some(list);
                go
            }
            6 if dialect == Dialect::Usi => {
                hold = false;
                "go mate infinite".into()
            }
            _ => "go infinite".into(),
        };
        self.go(go, restrict, hold, ponder);
        if self.rng.chance(70) {
            thread::sleep(Duration::from_millis(self.rng.range(0, 10) as u64));
        }
        for _ in 0..self.rng.below(5) {
            self.interject(true);
        }
        // The end.
        match self.rng.below(10) {
            0 | 1 if ponder => {
                if let Some(s) = self.pending.front_mut() {
                    s.hit = true;
                }
                self.test_line(b"ponderhit");
            }
            2 => {
                // Another search stops this one; it answers first.
                let (go, restrict) = self.finite_go();
                self.go(go, restrict, false, false);
            }
            3 => {
                let now = Instant::now();
                if let Some(s) = self.pending.front_mut() {
                    s.stopped_at = Some(now);
                }
                let line = self.new_game_line(true);
                let board = self.valid_line(&line);
                self.await_idle();
                // The size may have changed: the answers cannot be replayed.
                self.replays.clear();
                self.pos = Position {
                    base: "position startpos".into(),
                    moves: Vec::new(),
                    board,
                    legal: None,
                };
            }
            4 if dialect == Dialect::Usi => {
                let now = Instant::now();
                if let Some(s) = self.pending.front_mut() {
                    s.stopped_at = Some(now);
                }
                let line = format!("gameover {}", self.rng.pick(&["win", "lose", "draw"]));
                self.valid_line(&line);
            }
            _ => self.stop(),
        }
        self.await_idle();
    }

    /// One line while a search runs, checked with `isready`: it must not
    /// stop a held search.
    fn interject(&mut self, held: bool) {
        match self.rng.below(9) {
            0 | 1 => {
                let line = self.pick_bad_line();
                self.test_line(line.as_bytes());
                let out = self.sync();
                if out.len() != 1 || !out[0].starts_with(ERR) {
                    self.fail(&format!("expected one error line mid-search, got {out:?}"));
                }
                self.stats.mid_search_rejections += 1;
            }
            2 => {
                let line = self.quiet(garbage);
                self.test_line(&line);
                let out = self.sync();
                if out.len() > 1 || out.iter().any(|l| !l.starts_with(ERR)) {
                    self.fail(&format!("junk mid-search answered {out:?}"));
                }
            }
            3 => {
                let (out, board) = self.sync_d();
                if !out.is_empty() || board != self.pos.board {
                    self.fail(&format!(
                        "d mid-search: {out:?}\n{board:#?}\nexpected\n{:#?}",
                        self.pos.board
                    ));
                }
            }
            4 => {
                // A new position for the next search; this one goes on.
                let legal = self.legal();
                if legal.is_empty() {
                    self.set_position("position startpos".into(), Vec::new());
                } else {
                    let mut moves = self.pos.moves.clone();
                    moves.push(self.rng.pick(&legal).clone());
                    self.set_position(self.pos.base.clone(), moves);
                }
            }
            5 => {
                let fresh = self.perft1();
                if let Some(known) = &self.pos.legal
                    && *known != fresh
                {
                    self.fail(&format!(
                        "go perft 1 mid-search lists {fresh:?}, not {known:?}"
                    ));
                }
                self.pos.legal = Some(fresh);
            }
            6 if held => {
                // Not pondering: ignored. Pondering: skipped here.
                if !self.pending.front().is_some_and(|s| s.ponder) {
                    self.test_line(b"ponderhit");
                    let out = self.sync();
                    if !out.is_empty() {
                        self.fail(&format!("ponderhit answered {out:?}"));
                    }
                }
            }
            7 => {
                let line = *self.rng.pick(self.game.options);
                self.test_line(line.as_bytes());
                let out = self.sync();
                if !out.is_empty() {
                    self.fail(&format!("a valid option mid-search answered {out:?}"));
                }
            }
            _ => {
                let out = self.sync();
                if !out.is_empty() {
                    self.fail(&format!("isready answered {out:?}"));
                }
            }
        }
    }

    /// Searches started and stopped back to back, written in one go.
    fn race(&mut self) {
        self.stats.races += 1;
        let dialect = self.game.dialect;
        let mut burst: Vec<u8> = Vec::new();
        let mut errors = 0;
        let n = self.rng.range(2, 12);
        // Each `go` is recorded as if sent alone; the writes are in order.
        for _ in 0..n {
            let (go, restrict, hold, ponder, end): (String, _, bool, bool, Option<&str>) =
                match self.rng.below(7) {
                    0 | 1 => ("go infinite".into(), None, true, false, Some("stop")),
                    2 => ("go depth 1".into(), None, false, false, Some("stop")),
                    3 => (
                        format!("go nodes {}", self.rng.range(0, 50)),
                        None,
                        false,
                        false,
                        None,
                    ),
                    4 if dialect.has_ponder() => (
                        "go ponder depth 1".into(),
                        None,
                        true,
                        true,
                        Some("ponderhit"),
                    ),
                    5 => ("go infinite".into(), None, true, false, None),
                    _ => ("go movetime 1".into(), None, false, false, None),
                };
            let legal = self.legal();
            let now = Instant::now();
            for s in self.pending.iter_mut() {
                s.stopped_at.get_or_insert(now);
            }
            self.pending.push_back(Search {
                go: go.clone(),
                position: self.pos.line(),
                legal,
                restrict,
                hold,
                ponder,
                mate: false,
                stopped_at: None,
                hit: false,
            });
            self.stats.searches += 1;
            self.stats.lines += 1;
            burst.extend_from_slice(go.as_bytes());
            burst.extend_from_slice(self.line_end());
            if self.rng.chance(20) {
                let bad = self.pick_bad_line();
                burst.extend_from_slice(bad.as_bytes());
                burst.extend_from_slice(self.line_end());
                self.stats.lines += 1;
                errors += 1;
            }
            if let Some(end) = end {
                if let Some(s) = self.pending.back_mut() {
                    if end == "stop" {
                        s.stopped_at = Some(now);
                    } else {
                        s.hit = true;
                    }
                }
                burst.extend_from_slice(end.as_bytes());
                burst.extend_from_slice(self.line_end());
                self.stats.lines += 1;
            }
        }
        // A held search goes on through the current variant set again;
        // a new game stops it.
        let mut new_game = false;
        if self.game.dialect == Dialect::Uci && self.rng.chance(20) {
            burst.extend_from_slice(format!("go infinite\n{}\n", self.game.setup[0]).as_bytes());
            self.push_burst_go("go infinite", true);
        }
        if self.rng.chance(20) {
            let line = self.new_game_line(true);
            burst.extend_from_slice(format!("go infinite\n{line}\n").as_bytes());
            self.push_burst_go("go infinite", true);
            let now = Instant::now();
            for s in self.pending.iter_mut() {
                s.stopped_at.get_or_insert(now);
            }
            new_game = true;
        }
        // The last search must end: stop it (a second stop is ignored).
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        burst.extend_from_slice(b"stop\n");
        if self.rng.chance(30) {
            burst.extend_from_slice(b"stop\n");
        }
        self.stats.lines += 1;
        self.line = burst.clone();
        if let Err(e) = self.d.send_raw(&burst) {
            self.fail(&e);
        }
        let mut got = Vec::new();
        while !self.pending.is_empty() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        got.extend(self.sync());
        if got.len() != errors || got.iter().any(|l| !l.starts_with(ERR)) {
            self.fail(&format!(
                "expected {errors} error lines in the burst, got {got:?}"
            ));
        }
        if new_game {
            let (out, board) = self.sync_d();
            if !out.is_empty() {
                self.fail(&format!("unexpected {out:?} after the burst"));
            }
            self.pos = Position {
                base: "position startpos".into(),
                moves: Vec::new(),
                board,
                legal: None,
            };
            self.replays.clear();
        }
        self.replay();
    }

    /// Records a `go` written as part of a burst (the caller writes it).
    fn push_burst_go(&mut self, go: &str, hold: bool) {
        let legal = self.legal();
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.pending.push_back(Search {
            go: go.to_string(),
            position: self.pos.line(),
            legal,
            restrict: None,
            hold,
            ponder: false,
            mate: false,
            stopped_at: None,
            hit: false,
        });
        self.stats.searches += 1;
        self.stats.lines += 2;
    }

    /// Ends the run: `quit` or end of input, idle or mid-search; the
    /// process must be gone within `PROMPT`, owing no bestmove.
    fn finish(mut self) {
        self.replay();
        let mid_search = self.rng.chance(60);
        if mid_search {
            let go = if self.game.dialect.has_ponder() && self.rng.chance(30) {
                "go ponder depth 30"
            } else {
                "go infinite"
            };
            self.go(go.into(), None, true, go.contains("ponder"));
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        let eof = self.rng.chance(50);
        let mut owed_readyok = false;
        if eof {
            if self.rng.chance(50) {
                // A last line without a line end is still read.
                self.line = b"isready".to_vec();
                if let Err(e) = self.d.send_raw(b"isready") {
                    self.fail(&e);
                }
                owed_readyok = true;
            }
            self.d.close_stdin();
        } else {
            self.test_line(b"quit");
        }
        let t = Instant::now();
        let status = match self.d.wait_exit(PROMPT) {
            Ok(s) => s,
            Err(e) => self.fail(&e),
        };
        if !status.success() {
            self.fail(&format!("the daemon exited with {status}"));
        }
        let exit_ms = t.elapsed().as_millis();
        let rest = match self.d.rest(PROMPT) {
            Ok(r) => r,
            Err(e) => self.fail(&e),
        };
        let mut readyoks = 0;
        for l in &rest {
            if l == "readyok" {
                readyoks += 1;
            } else if !l.starts_with("info ") || l.starts_with(ERR) {
                self.fail(&format!(
                    "after {}: {l:?}",
                    if eof { "EOF" } else { "quit" }
                ));
            }
        }
        if readyoks != usize::from(owed_readyok) {
            self.fail(&format!(
                "{readyoks} readyok for {} unterminated isready",
                usize::from(owed_readyok)
            ));
        }
        eprintln!(
            "soak {}: seed {:#x}: {} test lines ({} written, {} bytes, longest {}) in {:.2} s; \
             {} rejected ({} positions), {} random lines accepted, {} valid, {} searches, \
             {} bestmoves, {} rejections mid-search, {} races, {} long lines; slowest readyok \
             mid-search {} ms, slowest answer to stop {} ms; {} {} exit in {} ms",
            self.game.name,
            self.seed,
            self.stats.lines,
            self.d.lines_sent,
            self.d.bytes_sent,
            self.stats.longest_line,
            self.started.elapsed().as_secs_f64(),
            self.stats.rejected,
            self.stats.rejected_positions,
            self.stats.accepted_random,
            self.stats.valid,
            self.stats.searches,
            self.stats.bestmoves,
            self.stats.mid_search_rejections,
            self.stats.races,
            self.stats.long_lines,
            self.stats.slowest_readyok_ms,
            self.stats.slowest_stop_ms,
            if mid_search { "mid-search" } else { "idle" },
            if eof { "EOF" } else { "quit" },
            exit_ms,
        );
    }
}

/// Checks a search `info` line's fields and their order; returns the
/// first move of its pv.
fn check_info(line: &str, tei: bool) -> Result<Option<String>, String> {
    let t: Vec<&str> = line.split(' ').collect();
    let num = |i: usize, word: &str| -> Result<(), String> {
        if t.get(i) != Some(&word) {
            return Err(format!("field {i} is not '{word}'"));
        }
        match t.get(i + 1).map(|v| v.parse::<u64>()) {
            Some(Ok(_)) => Ok(()),
            _ => Err(format!("'{word}' without a number")),
        }
    };
    if t.first() != Some(&"info") {
        return Err("not an info line".into());
    }
    num(1, "depth")?;
    num(3, "seldepth")?;
    num(5, "multipv")?;
    if t.get(7) != Some(&"score") {
        return Err("no score".into());
    }
    match t.get(8) {
        Some(&"cp") => {}
        Some(&"mate") if !tei => {}
        _ => return Err("score is neither cp nor mate (TEI: cp only)".into()),
    }
    if t.get(9).and_then(|v| v.parse::<i64>().ok()).is_none() {
        return Err("score without a number".into());
    }
    let mut i = 10;
    if matches!(t.get(i), Some(&"lowerbound") | Some(&"upperbound")) {
        i += 1;
    }
    for word in ["nodes", "nps", "hashfull", "time"] {
        num(i, word)?;
        i += 2;
    }
    match t.get(i) {
        None => Ok(None),
        Some(&"pv") if t.len() > i + 1 => Ok(Some(t[i + 1].to_string())),
        _ => Err("junk after time".into()),
    }
}

fn soak(game: &'static Game) {
    let mut s = Soak::start(game);
    let lines = budget(game.lines);
    let big_at = lines / 2;
    let mut big_done = false;
    while s.stats.lines < lines {
        if !big_done && s.stats.lines >= big_at {
            big_done = true;
            s.big_lines();
        }
        s.step();
    }
    if !big_done {
        s.big_lines();
    }
    let min_rejected = s.stats.lines / 10;
    if s.stats.rejected < min_rejected || s.stats.rejected_positions == 0 {
        s.fail(&format!(
            "only {} lines rejected ({} positions): the mix is broken",
            s.stats.rejected, s.stats.rejected_positions
        ));
    }
    if s.stats.bestmoves == 0 || s.stats.valid == 0 {
        s.fail("no searches or no valid lines: the mix is broken");
    }
    s.finish();
}

#[test]
fn soak_uci_makruk() {
    soak(&UCI_MAKRUK);
}

#[test]
fn soak_uci_tak() {
    soak(&UCI_TAK);
}

#[test]
fn soak_uci_ogi() {
    soak(&UCI_OGI);
}

#[test]
fn soak_uci_chinesecheckers() {
    soak(&UCI_CC);
}

#[test]
fn soak_uci_halma() {
    soak(&UCI_HALMA);
}

#[test]
fn soak_uci_international() {
    soak(&UCI_INTL);
}

#[test]
fn soak_uci_russian() {
    soak(&UCI_RUS);
}

#[test]
fn soak_tei_tak() {
    soak(&TEI_TAK);
}

#[test]
fn soak_usi_ogi() {
    soak(&USI_OGI);
}

// ---------------------------------------------------------------------
// CECP (XBoard) Makruk. There is no `d` and no perft: a model of the game
// on the crate's own Makruk rules follows every move, and the engine must
// keep agreeing with it on which moves are legal and when the game ends.

use tabula::games::makruk::Makruk;
use tabula::games::{EndKind, Game as _, GamePosition, MoveNotation, Outcome};
use tabula::rules::RulesPosition;

type MakrukPos = <Makruk as tabula::games::Game>::Pos;

/// Lines every CECP session refuses with exactly one `Error (...)` line.
const BAD_CECP: &[&str] = &[
    "analyze",
    "sd x",
    "sd 0",
    "sd -3",
    "st 0",
    "st x",
    "level 1 2",
    "level x 5 0",
    "level 40 5:xx 0",
    "new game",
    "force now",
    "go go",
    "undo 2",
    "usermove",
    "usermove e3e4 e6e5",
    "ping x",
    "ping 99999999999999999999",
    "protover x",
    "time",
    "otim soon",
    "variant chess",
    "variant tak",
    "variant makruk extra",
    "result maybe",
    "result",
    "setboard",
    "uci",
    "isready",
    "position startpos",
    "ucinewgame",
    "xyzzy",
    "\u{fffd}",
];

/// Lines whose acceptance changes nothing the model tracks; mutated.
const SEEDS_CECP: &[&str] = &[
    "level 40 5 0",
    "level 0 2:30 1.5",
    "time 30000",
    "otim 29000",
    "st 30",
    "variant makruk",
    "accepted usermove",
    "rejected san",
    "name Some Body",
    "rating 2100 1900",
    "computer",
    "hard",
    "easy",
    "random",
    "hint",
    "bk",
    "memory 64",
    "cores 1",
];

/// First words of commands that change what the model tracks (or print
/// replies the soak asks for on purpose); random lines starting with one
/// are not sent.
const CECP_STATEFUL: &[&str] = &[
    "new",
    "quit",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "?",
    "undo",
    "remove",
    "result",
    "setboard",
    "usermove",
    "xboard",
    "sd",
    "draw",
    "post",
    "nopost",
    "ping",
    "protover",
    "st",
];

const ENDGAME_FENS: &[&str] = &[
    "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
    "8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
    "8/8/7K/8/2R5/8/8/1k6 w - 16 56 60",
    "4k3/8/8/3M4/8/8/8/4K3 w - - 0 1",
    "8/3k4/8/8/8/8/P7/4K3 w - - 0 1",
    "8/P7/8/8/8/3k4/8/4K3 w - - 0 1",
];

/// A word a CECP engine reads as a bare coordinate move.
fn looks_like_move(w: &str) -> bool {
    let b = w.as_bytes();
    let mut i = 0;
    for _ in 0..2 {
        let s = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        if i == s {
            return false;
        }
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == s {
            return false;
        }
    }
    b[i..].iter().all(u8::is_ascii_alphabetic)
}

fn cecp_quiet(bytes: &[u8]) -> bool {
    let t = tokens(bytes);
    match t.first() {
        None => true,
        Some(w) => !(CECP_STATEFUL.contains(&w.as_str()) || (t.len() == 1 && looks_like_move(w))),
    }
}

/// The result code XBoard expects for `outcome`.
fn result_code(outcome: &Outcome) -> &'static str {
    match outcome.winner() {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

fn is_counting(outcome: &Option<Outcome>) -> bool {
    outcome
        .as_ref()
        .is_some_and(|o| o.is_draw() && o.kind == EndKind::Counting)
}

/// A thinking-output line: `ply score time nodes [pv]`.
fn thinking_pv(line: &str) -> Option<Option<String>> {
    let t: Vec<&str> = line.split(' ').collect();
    if t.len() < 4
        || t[0].parse::<u32>().is_err()
        || t[1].parse::<i64>().is_err()
        || t[2].parse::<u64>().is_err()
        || t[3].parse::<u64>().is_err()
    {
        return None;
    }
    Some(t.get(4).map(|m| m.to_string()))
}

struct Cecp {
    seed: u64,
    rng: Rng,
    d: Daemon,
    game: Makruk,
    /// The last `setboard` FEN (None: the start position), the moves
    /// played since as the engine spells them, and the position reached.
    base: Option<String>,
    moves: Vec<String>,
    pos: MakrukPos,
    force: bool,
    engine_side: usize,
    over: bool,
    /// The engine owes a `move`; the legal moves where it thinks.
    thinking: Option<Vec<String>>,
    post: bool,
    depth: u32,
    /// The result line the engine must print next.
    result_due: Option<&'static str>,
    /// `offer draw` came while the engine thought: its move must reach
    /// the counting limit.
    offer_before_move: bool,
    /// The legal moves of a search just given up, until the next `pong`.
    stale: Option<Vec<String>>,
    /// A line whose reply depends on the game was sent while the engine
    /// thought: if its move comes before the next `pong`, which came first
    /// is unknown. The legal moves of that search.
    uncertain: Option<Vec<String>>,
    /// That search's move came anyway: the replies cannot be checked until
    /// the game is set up again.
    raced: bool,
    pool: Vec<String>,
    ping: i64,
    line: Vec<u8>,
    stats: Stats,
    engine_moves: usize,
    started: Instant,
}

impl Cecp {
    fn start() -> Cecp {
        let seed = seed_for("cecp makruk");
        let game = Makruk::new();
        let pos = game.start_position();
        let mut c = Cecp {
            seed,
            rng: Rng::new(seed),
            d: Daemon::start(),
            game,
            base: None,
            moves: Vec::new(),
            pos,
            force: false,
            engine_side: 1,
            over: false,
            thinking: None,
            post: false,
            depth: 2,
            result_due: None,
            offer_before_move: false,
            stale: None,
            uncertain: None,
            raced: false,
            pool: Vec::new(),
            ping: 0,
            line: Vec::new(),
            stats: Stats::default(),
            engine_moves: 0,
            started: Instant::now(),
        };
        c.test_line(b"xboard");
        c.test_line(b"protover 2");
        let feature = c.next(HANG);
        if !feature.starts_with("feature ") || !feature.ends_with(" done=1") {
            c.fail(&format!("protover 2 answered {feature:?}"));
        }
        for l in [
            "accepted usermove",
            "accepted ping",
            "accepted done",
            "new",
            "variant makruk",
        ] {
            c.test_line(l.as_bytes());
        }
        c.set_depth();
        c.expect_nothing();
        c
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "cecp makruk (seed {:#x}, TABULA_SOAK_SEED={:#x}): {what}\n  line: {}\n  model: {} moves {:?} (fen {}), force {}, engine plays {}, over {}, thinking {}\n  {:?}\n  recent transcript:\n{}",
            self.seed,
            env_number("TABULA_SOAK_SEED").unwrap_or(0x50a4_0009),
            escape(&self.line),
            self.base.as_deref().unwrap_or("startpos"),
            self.moves,
            self.pos.to_notation(),
            self.force,
            self.engine_side,
            self.over,
            self.thinking.is_some(),
            self.stats,
            self.d.transcript()
        );
    }

    fn line_end(&mut self) -> &'static [u8] {
        line_end(&mut self.rng)
    }

    fn test_line(&mut self, bytes: &[u8]) {
        self.stats.lines += 1;
        self.stats.longest_line = self.stats.longest_line.max(bytes.len());
        self.line = bytes.to_vec();
        let mut b = bytes.to_vec();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
    }

    fn next(&mut self, timeout: Duration) -> String {
        match self.d.next_line(timeout) {
            Ok(l) => l,
            Err(e) => self.fail(&e),
        }
    }

    fn legal(&mut self) -> Vec<String> {
        let moves: Vec<String> = self
            .pos
            .legal_move_list()
            .into_iter()
            .map(|m| self.pos.format_move(m, MoveNotation::Uci))
            .collect();
        for m in &moves {
            if !self.pool.contains(m) && self.pool.len() < 2000 {
                self.pool.push(m.clone());
            }
        }
        moves
    }

    /// How the engine spells `text` if it is legal here (XBoard may leave
    /// the promotion suffix out or give another letter).
    fn accepts(&self, text: &str) -> Option<String> {
        let mut spellings = vec![text.to_string()];
        if text.len() == 4 {
            spellings.push(format!("{text}m"));
        } else if text.len() == 5
            && text.is_char_boundary(4)
            && text.as_bytes()[4].is_ascii_alphabetic()
        {
            spellings.push(format!("{}m", &text[..4]));
            spellings.push(text[..4].to_string());
        }
        spellings
            .into_iter()
            .find(|s| self.pos.parse_move(s, MoveNotation::Uci).is_ok())
    }

    /// Plays an accepted move on the model; a game ended by a rule the
    /// engine announces with a result line.
    fn play(&mut self, spelled: String) {
        let mv = match self.pos.parse_move(&spelled, MoveNotation::Uci) {
            Ok(m) => m,
            Err(e) => self.fail(&format!("the model cannot play {spelled}: {e}")),
        };
        self.pos.play(mv);
        self.moves.push(spelled);
        self.announce_end();
    }

    /// The engine's `cecp_announce_end`: true when the game ended by a
    /// rule other than counting (a result line is then due).
    fn announce_end(&mut self) -> bool {
        let outcome = self.pos.outcome();
        match outcome {
            Some(ref o) if !is_counting(&outcome) => {
                self.over = true;
                self.result_due = Some(result_code(o));
                true
            }
            _ => false,
        }
    }

    /// The engine's `cecp_think`.
    fn think(&mut self) {
        if self.force
            || self.over
            || self.thinking.is_some()
            || self.pos.side_to_move() != self.engine_side
        {
            return;
        }
        if self.announce_end() {
            return;
        }
        let legal = self.legal();
        self.thinking = Some(legal);
    }

    /// A running search is given up (no move will come). Output it
    /// printed before the engine read the line may still be on its way
    /// (until the next `pong`): thinking lines, or even its move when it
    /// ended by itself just before (then the model is set up again).
    fn abort(&mut self) {
        if let Some(legal) = self.thinking.take() {
            self.stale = Some(legal);
        }
        self.offer_before_move = false;
    }

    /// After a search ended by itself just before a line that gave it up
    /// was read, the engine's game differs from the model's: force mode
    /// and the model's position make them agree again.
    fn resync(&mut self) {
        self.stats.races += 1;
        self.test_line(b"force");
        self.thinking = None;
        self.force = true;
        self.result_due = None;
        let fen = self.pos.to_notation();
        self.test_line(format!("setboard {fen}").as_bytes());
        self.base = Some(fen);
        self.moves.clear();
        self.over = false;
        let got = self.sync();
        let ok = ["Error (", "Illegal move", "tellusererror "];
        if got.iter().any(|l| !ok.iter().any(|p| l.starts_with(p))) {
            self.fail(&format!(
                "unexpected {got:?} while setting the game up again"
            ));
        }
        self.raced = false;
        self.expect_nothing();
    }

    fn observe(&mut self, line: String) -> Option<String> {
        if let Some(m) = line.strip_prefix("move ") {
            if self.raced {
                return None;
            }
            if let Some(legal) = self.uncertain.take() {
                // Before or after the line just sent? Unknown: check the
                // move, then set the game up again.
                if !legal.contains(&m.to_string()) {
                    self.fail(&format!("{line:?} is not legal: {legal:?}"));
                }
                self.thinking = None;
                self.raced = true;
                return None;
            }
            if self.thinking.is_none()
                && let Some(stale) = self.stale.take()
            {
                if !stale.contains(&m.to_string()) {
                    self.fail(&format!("{line:?} is not legal: {stale:?}"));
                }
                self.raced = true;
                return None;
            }
            let Some(legal) = self.thinking.take() else {
                self.fail(&format!("{line:?} while the engine was not thinking"));
            };
            if !legal.contains(&m.to_string()) {
                self.fail(&format!("{line:?} is not legal: {legal:?}"));
            }
            if self.result_due.is_some() {
                self.fail(&format!("{line:?} before the due result line"));
            }
            self.engine_moves += 1;
            self.stats.bestmoves += 1;
            self.play(m.to_string());
            if std::mem::take(&mut self.offer_before_move) && !is_counting(&self.pos.outcome()) {
                self.fail(&format!(
                    "a draw offered before {line:?}, which draws nothing"
                ));
            }
            return None;
        }
        if ["1-0 {", "0-1 {", "1/2-1/2 {"]
            .iter()
            .any(|p| line.starts_with(p))
        {
            if self.raced {
                return None;
            }
            match self.result_due.take() {
                Some(code) if line.starts_with(&format!("{code} {{")) && line.ends_with('}') => {}
                due => self.fail(&format!("result line {line:?}, expected {due:?}")),
            }
            return None;
        }
        if line == "offer draw" {
            if self.raced || self.stale.is_some() {
                return None;
            }
            let drawn = self.pos.outcome().is_some_and(|o| o.is_draw());
            if self.thinking.is_some() && !drawn {
                // Offered before the move that reaches the counting limit.
                self.offer_before_move = true;
            } else if !self.pos.outcome().is_some_and(|o| o.is_draw()) {
                self.fail("a draw offered in a position that is no draw");
            }
            return None;
        }
        if let Some(pv) = thinking_pv(&line) {
            if self.raced {
                return None;
            }
            let Some(legal) = self.thinking.as_ref().or(self.stale.as_ref()) else {
                self.fail(&format!("thinking output {line:?} while not thinking"));
            };
            if !self.post {
                self.fail(&format!("thinking output {line:?} after nopost"));
            }
            if let Some(first) = pv
                && !legal.contains(&first)
            {
                self.fail(&format!("thinking output {line:?}: {first} is not legal"));
            }
            return None;
        }
        if line == "resign" {
            self.fail("the engine resigned");
        }
        Some(line)
    }

    /// `ping N` and everything up to `pong N` that is not the engine's
    /// play; mid-think the `pong` must come within `PROMPT`.
    fn sync(&mut self) -> Vec<String> {
        self.ping += 1;
        let n = self.ping;
        let busy = self.thinking.is_some();
        let t = Instant::now();
        let ping = format!("ping {n}");
        let mut b = ping.into_bytes();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
        let pong = format!("pong {n}");
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            if l == pong {
                break;
            }
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        // Whatever a given-up search printed came before this pong.
        self.stale = None;
        self.uncertain = None;
        if busy {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_readyok_ms = self.stats.slowest_readyok_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("pong took {ms} ms while thinking"));
            }
        }
        got
    }

    fn expect_nothing(&mut self) {
        let got = self.sync();
        if !got.is_empty() && !self.raced {
            self.fail(&format!("expected no reply, got {got:?}"));
        }
    }

    /// Waits for the engine's move (if one is owed) and a due result line.
    fn await_move(&mut self) {
        while self.thinking.is_some() || self.result_due.is_some() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                self.fail(&format!(
                    "unexpected {l:?} while waiting for the engine's move"
                ));
            }
        }
    }

    fn set_depth(&mut self) {
        self.depth = self.rng.range(1, 3) as u32;
        let l = format!("sd {}", self.depth);
        self.test_line(l.as_bytes());
    }

    fn new_game(&mut self) {
        self.test_line(b"new");
        self.abort();
        self.base = None;
        self.moves.clear();
        self.pos = self.game.start_position();
        self.force = false;
        self.engine_side = 1;
        self.over = false;
        self.result_due = None;
        self.set_depth();
        self.expect_nothing();
    }

    /// One error line for `line`, starting with `prefix`.
    fn expect_error(&mut self, prefix: &str) {
        let got = self.sync();
        if self.raced {
            return;
        }
        if got.len() != 1 || !got[0].starts_with(prefix) {
            self.fail(&format!("expected one {prefix:?} line, got {got:?}"));
        }
        self.stats.rejected += 1;
    }

    fn step(&mut self) {
        match self.rng.below(100) {
            0..=29 => self.user_move(),
            30..=37 => self.illegal_move(),
            38..=49 => {
                let line = loop {
                    let l = if self.rng.chance(50) {
                        garbage(&mut self.rng)
                    } else {
                        let seed = *self.rng.pick(SEEDS_CECP);
                        mutate(&mut self.rng, seed.as_bytes())
                    };
                    if cecp_quiet(&l) {
                        break l;
                    }
                };
                self.test_line(&line);
                let got = self.sync();
                let ok = ["Error (", "Illegal move", "tellusererror "];
                if got.len() > 1 || got.iter().any(|l| !ok.iter().any(|p| l.starts_with(p))) {
                    self.fail(&format!("a random line was answered {got:?}"));
                }
                if got.is_empty() {
                    self.stats.accepted_random += 1;
                } else {
                    self.stats.rejected += 1;
                }
            }
            50..=58 => {
                let line = *self.rng.pick(BAD_CECP);
                self.test_line(line.as_bytes());
                self.expect_error("Error (");
            }
            59..=65 => self.setboard(),
            66..=70 => self.take_back(),
            71..=78 => self.mode(),
            79..=88 => self.move_now(),
            89..=91 => {
                self.post = !self.post;
                let l: &[u8] = if self.post { b"post" } else { b"nopost" };
                self.test_line(l);
                self.expect_nothing();
            }
            92 | 93 => {
                // The opponent offers a draw: accepted only when a rule
                // drew the game already.
                self.test_line(b"draw");
                let got = self.sync();
                if !got.is_empty() {
                    self.fail(&format!("draw answered {got:?}"));
                }
            }
            94 => {
                self.test_line(b"result 1/2-1/2 {adjudicated}");
                self.abort();
                self.over = true;
                self.expect_nothing();
            }
            95 => {
                // Nothing to do: `xboard` again, `?` with no search.
                let l: &[u8] = if self.rng.chance(50) { b"xboard" } else { b"?" };
                self.test_line(l);
                self.expect_nothing();
            }
            _ => {
                let n = [-5i64, 0, 7, i64::MAX, i64::MIN][self.rng.below(5)];
                let l = format!("ping {n}");
                self.test_line(l.as_bytes());
                let got = self.sync();
                if got != [format!("pong {n}")] {
                    self.fail(&format!("{l} answered {got:?}"));
                }
            }
        }
        self.await_move();
        if self.moves.len() > 150 || (self.over && self.rng.chance(50)) {
            self.new_game();
        }
    }

    fn user_move(&mut self) {
        let legal = self.legal();
        if self.over || legal.is_empty() {
            return self.new_game();
        }
        let mut m = self.rng.pick(&legal).clone();
        if m.len() == 5 && self.rng.chance(50) {
            // XBoard's promotion spellings: none, or another piece letter.
            m = if self.rng.chance(50) {
                m[..4].to_string()
            } else {
                format!("{}q", &m[..4])
            };
        }
        let Some(spelled) = self.accepts(&m) else {
            self.fail(&format!("the model does not accept its own move {m}"));
        };
        let line = if self.rng.chance(70) {
            format!("usermove {m}")
        } else {
            m.clone()
        };
        self.test_line(line.as_bytes());
        self.stats.valid += 1;
        self.abort();
        self.play(spelled);
        if !self.over {
            self.think();
        }
        self.expect_nothing();
    }

    fn illegal_move(&mut self) {
        let legal = self.legal();
        let candidates: Vec<String> = self
            .pool
            .iter()
            .filter(|m| !legal.contains(m) && self.accepts(m).is_none())
            .cloned()
            .collect();
        let m = if candidates.is_empty() || self.rng.chance(20) {
            self.rng
                .pick(&["e3e5", "a1a9", "i1i2", "e3e4x", "a0a1", "zz", "e3e4mm"])
                .to_string()
        } else {
            self.rng.pick(&candidates).clone()
        };
        if self.accepts(&m).is_some() {
            return;
        }
        let bare = looks_like_move(&m) && self.rng.chance(30);
        let line = if bare {
            m.clone()
        } else {
            format!("usermove {m}")
        };
        self.test_line(line.as_bytes());
        let prefix = if self.over {
            format!("Illegal move (the game is over): {m}")
        } else {
            format!("Illegal move: {m}")
        };
        if !self.over {
            // The engine's search (if any) is given up, then it thinks
            // again if it is on move.
            self.abort();
            self.think();
        }
        let got = self.sync();
        if got != [prefix.clone()] {
            self.fail(&format!("expected {prefix:?}, got {got:?}"));
        }
        self.stats.rejected += 1;
        self.stats.rejected_positions += 1;
    }

    fn setboard(&mut self) {
        let fen = match self.rng.below(4) {
            0 => self.pos.to_notation(),
            1 => self.rng.pick(ENDGAME_FENS).to_string(),
            _ => {
                let text = if self.rng.chance(50) {
                    self.pos.to_notation()
                } else {
                    self.rng.pick(ENDGAME_FENS).to_string()
                };
                let m = mutate(&mut self.rng, text.as_bytes());
                String::from_utf8_lossy(&m).into_owned()
            }
        };
        let mut line = b"setboard ".to_vec();
        line.extend_from_slice(fen.as_bytes());
        let args = tokens(&line)[1..].join(" ");
        self.test_line(&line);
        if args.is_empty() {
            return self.expect_error("Error (setboard needs a FEN)");
        }
        match self.game.parse_position(&args) {
            Ok(p) => {
                self.abort();
                self.pos = p;
                self.base = Some(args);
                self.moves.clear();
                self.over = false;
                self.stats.valid += 1;
                self.expect_nothing();
            }
            Err(_) => {
                self.stats.rejected_positions += 1;
                self.expect_error("tellusererror Illegal position: ");
            }
        }
    }

    fn take_back(&mut self) {
        let plies = self.rng.range(1, 2);
        let word = if plies == 1 { "undo" } else { "remove" };
        self.test_line(word.as_bytes());
        if self.moves.len() < plies {
            // Refused: a running search goes on.
            return self.expect_error(&format!("Error (no move to take back): {word}"));
        }
        self.abort();
        let keep = self.moves.len() - plies;
        self.moves.truncate(keep);
        self.over = false;
        self.result_due = None;
        let mut pos = match &self.base {
            None => self.game.start_position(),
            Some(fen) => match self.game.parse_position(fen) {
                Ok(p) => p,
                Err(e) => self.fail(&format!("the model's base does not read: {e}")),
            },
        };
        for m in &self.moves {
            match pos.parse_move(m, MoveNotation::Uci) {
                Ok(mv) => pos.play(mv),
                Err(e) => self.fail(&format!("the model's move {m} does not replay: {e}")),
            }
        }
        self.pos = pos;
        self.expect_nothing();
    }

    fn mode(&mut self) {
        match self.rng.below(6) {
            0 => {
                self.test_line(b"force");
                self.abort();
                self.force = true;
            }
            1 | 2 => {
                self.test_line(b"go");
                self.abort();
                self.force = false;
                self.engine_side = self.pos.side_to_move();
                self.think();
            }
            3 => {
                self.test_line(b"playother");
                self.abort();
                self.force = false;
                self.engine_side = self.pos.side_to_move() ^ 1;
            }
            4 => {
                let (word, side) = if self.rng.chance(50) {
                    ("white", 0)
                } else {
                    ("black", 1)
                };
                self.test_line(word.as_bytes());
                self.abort();
                self.engine_side = side ^ 1;
            }
            _ => return self.new_game(),
        }
        self.expect_nothing();
    }

    /// The engine thinks without a depth limit; lines meanwhile, then `?`:
    /// its move comes at once.
    fn move_now(&mut self) {
        if self.over || self.legal().is_empty() {
            return self.new_game();
        }
        self.test_line(b"sd 64");
        self.test_line(b"time 100000");
        self.test_line(b"go");
        self.abort();
        self.force = false;
        self.engine_side = self.pos.side_to_move();
        self.think();
        self.stats.searches += 1;
        if self.rng.chance(70) {
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        for _ in 0..self.rng.below(4) {
            let k = self.rng.below(8);
            if k >= 3 {
                self.uncertain = self.thinking.clone();
            }
            match k {
                // Commands that give the search up: no move may come.
                3 => {
                    self.test_line(b"force");
                    self.abort();
                    self.force = true;
                    self.expect_nothing();
                }
                4 => self.user_move(),
                5 => self.setboard(),
                6 => self.take_back(),
                7 => {
                    self.test_line(b"result * {aborted}");
                    self.abort();
                    self.over = true;
                    self.expect_nothing();
                }
                0 => {
                    let line = *self.rng.pick(BAD_CECP);
                    self.test_line(line.as_bytes());
                    self.expect_error("Error (");
                    self.stats.mid_search_rejections += 1;
                }
                1 => {
                    let line = loop {
                        let l = garbage(&mut self.rng);
                        if cecp_quiet(&l) {
                            break l;
                        }
                    };
                    self.test_line(&line);
                    let got = self.sync();
                    if got.len() > 1 || got.iter().any(|l| !l.starts_with("Error (")) {
                        self.fail(&format!("junk while thinking answered {got:?}"));
                    }
                }
                _ => self.expect_nothing(),
            }
            if self.raced {
                self.resync();
            }
        }
        let t = Instant::now();
        self.test_line(b"?");
        let moved_before = self.thinking.is_none();
        // The move is sent before the next line is read.
        if self.rng.chance(50) {
            self.test_line(b"force");
            self.force = true;
        }
        self.await_move();
        let ms = t.elapsed().as_millis();
        self.stats.slowest_stop_ms = self.stats.slowest_stop_ms.max(ms);
        if !moved_before && t.elapsed() > PROMPT {
            self.fail(&format!("the move came {ms} ms after '?'"));
        }
        self.set_depth();
        self.expect_nothing();
    }

    /// Once: a valid line of exactly 1 MiB, then one a byte longer.
    fn mebibyte_lines(&mut self) {
        let mut line = b"ping 424242".to_vec();
        line.resize(MIB, b' ');
        self.test_line(&line);
        let got = self.sync();
        if got != ["pong 424242"] {
            self.fail(&format!("a 1 MiB ping answered {got:?}"));
        }
        line.push(b' ');
        self.test_line(&line);
        self.expect_error("Error (input rejected): line too long");
    }

    fn finish(mut self) {
        let mid_think = self.rng.chance(60) && !self.over && !self.legal().is_empty();
        if mid_think {
            self.test_line(b"sd 64");
            self.test_line(b"go");
            self.abort();
            self.force = false;
            self.engine_side = self.pos.side_to_move();
            self.think();
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        let eof = self.rng.chance(50);
        if eof {
            self.d.close_stdin();
        } else {
            self.test_line(b"quit");
        }
        let t = Instant::now();
        match self.d.wait_exit(PROMPT) {
            Ok(s) if s.success() => {}
            Ok(s) => self.fail(&format!("the daemon exited with {s}")),
            Err(e) => self.fail(&e),
        }
        let exit_ms = t.elapsed().as_millis();
        let rest = match self.d.rest(PROMPT) {
            Ok(r) => r,
            Err(e) => self.fail(&e),
        };
        // A move that came before `quit` was read is fine (the search may
        // end by itself); it must be legal, and come once.
        for l in rest {
            if let Some(l) = self.observe(l) {
                self.fail(&format!(
                    "after {}: {l:?}",
                    if eof { "EOF" } else { "quit" }
                ));
            }
        }
        eprintln!(
            "soak cecp makruk: seed {:#x}: {} test lines ({} written, {} bytes, longest {}) in \
             {:.2} s; {} rejected ({} moves/positions), {} random lines accepted, {} user \
             moves/setboards, {} engine moves, {} '?' searches, {} rejections mid-think, {} searches that ended just \
             before a line gave them up; slowest pong mid-think {} ms, slowest move after '?' {} ms; {} {} exit in {} ms",
            self.seed,
            self.stats.lines,
            self.d.lines_sent,
            self.d.bytes_sent,
            self.stats.longest_line,
            self.started.elapsed().as_secs_f64(),
            self.stats.rejected,
            self.stats.rejected_positions,
            self.stats.accepted_random,
            self.stats.valid,
            self.engine_moves,
            self.stats.searches,
            self.stats.mid_search_rejections,
            self.stats.races,
            self.stats.slowest_readyok_ms,
            self.stats.slowest_stop_ms,
            if mid_think { "mid-think" } else { "idle" },
            if eof { "EOF" } else { "quit" },
            exit_ms
        );
    }
}

#[test]
fn soak_cecp_makruk() {
    let mut c = Cecp::start();
    let lines = budget(1000);
    let mut big_done = false;
    while c.stats.lines < lines {
        if !big_done && c.stats.lines >= lines / 2 {
            big_done = true;
            c.mebibyte_lines();
        }
        c.step();
    }
    if !big_done {
        c.mebibyte_lines();
    }
    if c.stats.rejected < c.stats.lines / 10 || c.engine_moves == 0 || c.stats.valid == 0 {
        c.fail("the mix is broken: too few rejections, user or engine moves");
    }
    c.finish();
}

/// `quit` and end of input end the process within `PROMPT` while a search
/// runs, in every dialect, and the pending answer is not printed.
#[test]
fn quit_and_eof_end_a_running_search() {
    let cases: &[(&[&str], &str)] = &[
        (&["uci"], "go infinite"),
        (&["uci"], "go ponder wtime 1000 btime 1000"),
        (
            &["uci", "setoption name UCI_Variant value tak"],
            "go infinite",
        ),
        (
            &["uci", "setoption name UCI_Variant value ogi"],
            "go ponder depth 99",
        ),
        (&["tei", "teinewgame 5"], "go infinite"),
        (&["tei", "teinewgame 8"], "go wtime 600000 btime 600000"),
        (&["usi"], "go ponder"),
        (&["usi", "position startpos moves 5f5e"], "go infinite"),
        (
            &["xboard", "protover 2", "new", "sd 64", "time 100000"],
            "go",
        ),
    ];
    for (setup, go) in cases {
        for eof in [false, true] {
            let mut d = Daemon::start();
            let what = format!("{setup:?} + {go:?} + {}", if eof { "EOF" } else { "quit" });
            for l in setup.iter().chain([go]) {
                d.send(l).unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            thread::sleep(Duration::from_millis(30));
            if eof {
                d.close_stdin();
            } else {
                d.send("quit").unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            let status = d
                .wait_exit(PROMPT)
                .unwrap_or_else(|e| panic!("{what}: {e}\n{}", d.transcript()));
            assert!(status.success(), "{what}: exit status {status}");
            let rest = d.rest(PROMPT).unwrap_or_else(|e| panic!("{what}: {e}"));
            let owed = rest.iter().find(|l| {
                l.starts_with("bestmove") || l.starts_with("move ") || l.starts_with("checkmate")
            });
            assert!(owed.is_none(), "{what}: printed {owed:?} at exit");
        }
    }
}

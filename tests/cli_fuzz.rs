//! A seeded fuzzer of the command line: random argument vectors built from
//! the sub-commands, game names, numbers, flags and non-UTF-8 bytes, each
//! run through the real binary. Every run must end by itself, with status
//! 0, 1 or 2, without a panic, and a usage error (2) must say why.
//!
//! `TABULA_FUZZ_CASES=N` runs N cases (default [`CI_CASES`]),
//! `TABULA_FUZZ_SEED=S` picks the seed, `TABULA_FUZZ_VERBOSE=1` prints
//! every case with its status and first line of stderr. A failure prints the seed and the
//! failing argv as a shell line to replay.
//!
//! Generated cases never start long work: perft and bench depths are at
//! most 3 (or invalid), and a match is always capped (`--depth 1` before
//! the random flags, `--games 1 --maxmoves 4` after them; random time
//! limits are fast or invalid).

use parking_lot::Mutex;
use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CI_CASES: usize = 500;
const DEFAULT_SEED: u64 = 0x7ab1_1a5e_ed00_0001;
/// Far above any generated case (a capped match takes well under a second).
const CASE_TIMEOUT: Duration = Duration::from_secs(60);

/// xorshift64*: small, seedable, good enough to pick words.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const GAMES: &[&str] = &[
    "makruk", "tak", "ogi", "MAKRUK", "Tak", "chess", "", "makru", "ogi ",
];
const POSITIONS: &[&str] = &[
    "startpos",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1",
    "lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9",
    "x5/x5/x5/x5/x5 1 1",
    "x6/x6/x6/x6/x6/x6 1 1",
    "",
    "startpos moves",
];
/// Depths that are cheap when valid.
const DEPTHS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "+1",
    "-1",
    "",
    "1x",
    "x",
    "99999999999",
    "4294967296",
    " 2",
];
const GAME_OPTIONS: &[&str] = &[
    "TakSize=5",
    "TakSize=99",
    "TakSize=",
    "=",
    "Foo=1",
    "Board Honour Counting=gui",
    "HalfKomi=4",
    "TakSize=99999999999999999999",
];
const WORDS: &[&str] = &[
    "help",
    "--help",
    "-h",
    "frobnicate",
    "",
    "-",
    "--",
    "perf",
    "BENCH",
];
const ENGINES: &[&str] = &[
    "tabula",
    "tabula",
    "tabula",
    "/nonexistent/engine",
    "sh -c 'exit 3'",
    "'unbalanced",
    "",
    "   ",
    "true",
];
const PROTOS: &[&str] = &["uci", "usi", "tei", "xboard", "", "UCI"];
const OPTIONS: &[&str] = &[
    "Hash=1",
    "Hash=99999999",
    "Hash=-1",
    "Foo=1",
    "=",
    "Hash",
    "Ponder=maybe",
    "Ponder=true",
    "USI_Hash=1",
    "TakSize=5",
    "Board Honour Counting=gui",
    "Board Honour Counting=sometimes",
    "HalfKomi=4",
    "MultiPV=2",
    "UCI_Variant=chess",
];
const COUNTS: &[&str] = &[
    "0",
    "1",
    "2",
    "+1",
    "-1",
    "",
    "x",
    "99999999999999999999999",
    "100000",
];
/// Time limits: fast when valid, else invalid.
const TIME_CONTROLS: &[&str] = &[
    "0.1+0.01",
    "0.2",
    "40/0.5",
    "99999999999999999:0",
    "0",
    "+1",
    "x",
    "",
    "movetime=10",
    "depth=1",
    "nodes=100",
    "depth=0",
    "10+",
];
const FAST_LIMITS: &[&str] = &[
    "0",
    "1",
    "5",
    "20",
    "+5",
    "-1",
    "",
    "x",
    "99999999999999999999999",
];
const MARGINS: &[&str] = &[
    "0",
    "100",
    "18446744073709551615",
    "+1",
    "-1",
    "x",
    "99999999999999999999999",
];
const PATHS: &[&str] = &["/nonexistent/dir/x.txt", "/dev/null", "/", ""];
const RECORDS: &[&str] = &["/dev/null", "/dev/full", "/nonexistent/dir/x.pgn", ""];
const SIZES: &[&str] = &["3", "6", "8", "9", "0", "+5", "x"];
const KOMIS: &[&str] = &["0", "2", "2.5", "-0.5", "x", "99", "+1"];
const UNKNOWN_FLAGS: &[&str] = &["--bogus", "-x", "", "--", "match", "--games=1"];

const MAKRUK_OPENINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/openings/makruk.txt");

/// A match flag, values that work (for some game) and values of any kind.
/// Valid values are picked more often, so that many cases get past the
/// argument checks into engine checks and games.
const MATCH_FLAGS: &[(&str, &[&str], &[&str])] = &[
    ("--game", &["makruk", "tak", "ogi"], GAMES),
    ("--engine", &["tabula"], ENGINES),
    ("--name", &["a", "x y"], &["a", "", "x y"]),
    ("--proto", &["uci", "usi", "tei"], PROTOS),
    ("--option", &["Hash=1", "MultiPV=2", "Ponder=true"], OPTIONS),
    ("--games", &["1", "2"], COUNTS),
    (
        "--tc",
        &["0.1+0.01", "movetime=10", "depth=1", "nodes=100", "40/0.5"],
        TIME_CONTROLS,
    ),
    ("--movetime", &["5", "20"], FAST_LIMITS),
    ("--depth", &["1", "2"], DEPTHS),
    ("--nodes", &["1", "20"], FAST_LIMITS),
    ("--timemargin", &["0", "100"], MARGINS),
    ("--hang-timeout", &["1", "60"], MARGINS),
    ("--openings", &[MAKRUK_OPENINGS], PATHS),
    ("--no-repeat", &[], &[]),
    ("--concurrency", &["1", "2"], COUNTS),
    ("--maxmoves", &["0", "3"], COUNTS),
    ("--pgnout", &["/dev/null", "/dev/full"], RECORDS),
    ("--record", &["/dev/null"], RECORDS),
    ("--size", &["3", "6"], SIZES),
    ("--komi", &["0", "2.5"], KOMIS),
    ("--event", &["e", "a\"b"], &["e", "", "a\"b"]),
];

/// Each game with positions it reads (the rest are noise for it).
const GAME_POSITIONS: &[(&str, &[&str])] = &[
    (
        "makruk",
        &[
            "startpos",
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        ],
    ),
    (
        "ogi",
        &[
            "startpos",
            "lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9",
        ],
    ),
    ("tak", &["startpos", "x5/x5/x5/x5/x5 1 1"]),
];

/// Often a well-formed perft (one of the games, a position it reads, a
/// shallow depth), else any words in roughly the right places.
fn perft_case(r: &mut Rng, argv: &mut Vec<OsString>) {
    let (game, positions) = GAME_POSITIONS[r.below(GAME_POSITIONS.len())];
    let well_formed = r.chance(50);
    if well_formed || r.chance(95) {
        argv.push(if well_formed { game } else { r.pick(GAMES) }.into());
    }
    for _ in 0..r.below(3) {
        if r.chance(50) {
            argv.push(r.pick(GAME_OPTIONS).into());
        }
    }
    if well_formed || r.chance(95) {
        argv.push(
            if well_formed {
                r.pick(positions)
            } else {
                r.pick(POSITIONS)
            }
            .into(),
        );
    }
    if well_formed || r.chance(95) {
        argv.push(
            if well_formed {
                r.pick(&["0", "1", "2", "3"])
            } else {
                r.pick(DEPTHS)
            }
            .into(),
        );
    }
    if r.chance(10) {
        argv.push(r.pick(DEPTHS).into());
    }
}

/// Exactly one depth-like word, so that a valid bench is a shallow one.
fn bench_case(r: &mut Rng, argv: &mut Vec<OsString>) {
    let mut words: Vec<&str> = vec![r.pick(DEPTHS)];
    for _ in 0..r.below(3) {
        words.push(if r.chance(70) {
            r.pick(GAMES)
        } else {
            r.pick(DEPTHS)
        });
    }
    let depth_at = r.below(words.len());
    words.swap(0, depth_at);
    argv.extend(words.into_iter().map(OsString::from));
}

fn match_case(r: &mut Rng, argv: &mut Vec<OsString>) {
    argv.extend(["--depth", "1"].map(OsString::from));
    let engines = match r.below(10) {
        0 => 0,
        1 => 1,
        2 => 3,
        _ => 2,
    };
    let mut flags: Vec<Vec<&str>> = (0..engines)
        .map(|_| {
            let engine = if r.chance(80) {
                "tabula"
            } else {
                r.pick(ENGINES)
            };
            vec!["--engine", engine]
        })
        .collect();
    for _ in 0..r.below(5) {
        let flag = match r.below(20) {
            0 => vec![r.pick(UNKNOWN_FLAGS)],
            1 => vec![r.pick(&["-h", "--help"])],
            _ => {
                let (flag, valid, any) = MATCH_FLAGS[r.below(MATCH_FLAGS.len())];
                let values = if r.chance(60) { valid } else { any };
                if values.is_empty() {
                    vec![flag]
                } else {
                    vec![flag, r.pick(values)]
                }
            }
        };
        flags.insert(r.below(flags.len() + 1), flag);
    }
    argv.extend(flags.concat().into_iter().map(OsString::from));
    argv.extend(["--games", "1", "--maxmoves", "4"].map(OsString::from));
    if r.chance(5) {
        // A flag left without its value at the very end.
        argv.push(MATCH_FLAGS[r.below(MATCH_FLAGS.len())].0.into());
    }
}

/// Spoils one argument with bytes that are not UTF-8.
fn spoil(r: &mut Rng, argv: &mut [OsString]) {
    if argv.is_empty() {
        return;
    }
    let k = r.below(argv.len());
    let mut bytes = argv[k].as_bytes().to_vec();
    let bad: &[u8] = match r.below(4) {
        0 => b"\xff",
        1 => b"\xfe\xff",
        2 => b"\xc3",         // a cut two-byte sequence
        _ => b"\xed\xa0\x80", // an encoded surrogate
    };
    let at = r.below(bytes.len() + 1);
    bytes.splice(at..at, bad.iter().copied());
    argv[k] = OsString::from_vec(bytes);
}

fn generate(r: &mut Rng) -> Vec<OsString> {
    let mut argv: Vec<OsString> = Vec::new();
    match r.below(20) {
        0..=5 => {
            argv.push("perft".into());
            perft_case(r, &mut argv);
        }
        6..=8 => {
            argv.push("bench".into());
            bench_case(r, &mut argv);
        }
        9..=16 => {
            argv.push("match".into());
            match_case(r, &mut argv);
        }
        _ => {
            argv.push(r.pick(WORDS).into());
            for _ in 0..r.below(3) {
                argv.push(r.pick(WORDS).into());
            }
        }
    }
    if r.chance(8) {
        spoil(r, &mut argv);
    }
    argv
}

/// The argv as a shell line (`$'...'` quoting) to replay a case.
fn replay_line(argv: &[OsString]) -> String {
    let mut line = String::from("tabula");
    for a in argv {
        line.push_str(" $'");
        for &b in a.as_bytes() {
            match b {
                b'\'' | b'\\' => line.push_str(&format!("\\{}", b as char)),
                0x20..=0x7e => line.push(b as char),
                _ => line.push_str(&format!("\\x{b:02x}")),
            }
        }
        line.push('\'');
    }
    line
}

struct Run {
    status: ExitStatus,
    stderr: String,
}

/// Runs one case; a run past the timeout is killed (with its engines: the
/// case runs in its own process group) and reported.
fn run(argv: &[OsString]) -> Result<Run, String> {
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(argv)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot run tabula: {e}"))?;
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(CASE_TIMEOUT) {
        Ok(Ok(out)) => Ok(Run {
            status: out.status,
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }),
        Ok(Err(e)) => Err(format!("waiting for tabula: {e}")),
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .status();
            Err(format!("still running after {CASE_TIMEOUT:?}; killed"))
        }
    }
}

/// What is wrong with a run, if anything.
fn judge(run: &Run) -> Option<String> {
    let Some(code) = run.status.code() else {
        return Some(format!("ended by {:?}", run.status));
    };
    if run.stderr.contains("panicked") {
        return Some(format!("panicked (status {code})"));
    }
    if ![0, 1, 2].contains(&code) {
        return Some(format!("exit status {code}"));
    }
    if code == 2 && run.stderr.trim().is_empty() {
        return Some("usage error without a message".into());
    }
    None
}

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

#[test]
fn command_line_fuzz() {
    let cases = env_number("TABULA_FUZZ_CASES").map_or(CI_CASES, |n| n as usize);
    let seed = env_number("TABULA_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let verbose = std::env::var_os("TABULA_FUZZ_VERBOSE").is_some();
    eprintln!("cli_fuzz: seed {seed:#x}, {cases} cases");
    let mut rng = Rng::new(seed);
    let all: Vec<Vec<OsString>> = (0..cases).map(|_| generate(&mut rng)).collect();
    let started = Instant::now();
    // Two runners: the machine has two cores and most cases are tiny.
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let statuses = Mutex::new([0usize; 3]);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(argv) = all.get(k) else { break };
                    let verdict = match run(argv) {
                        Ok(r) => {
                            if verbose {
                                let first = r.stderr.lines().next().unwrap_or_default();
                                eprintln!("{:?} {} | {first}", r.status.code(), replay_line(argv));
                            }
                            if let Some(c @ 0..=2) = r.status.code() {
                                statuses.lock()[c as usize] += 1;
                            }
                            judge(&r).map(|why| format!("{why}\n{}", r.stderr))
                        }
                        Err(e) => Some(e),
                    };
                    if let Some(why) = verdict {
                        failures
                            .lock()
                            .push(format!("case {k}: {}\n  {why}", replay_line(argv)));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner();
    let statuses = statuses.into_inner();
    eprintln!(
        "cli_fuzz: {cases} cases in {:.1} s; exit 0: {}, 1: {}, 2: {}",
        started.elapsed().as_secs_f64(),
        statuses[0],
        statuses[1],
        statuses[2]
    );
    assert!(
        failures.is_empty(),
        "seed {seed:#x}: {} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn replay_lines_quote_every_byte() {
    let argv = vec![
        OsString::from("perft"),
        OsString::from_vec(b"a'b\\\xff c".to_vec()),
    ];
    assert_eq!(replay_line(&argv), r"tabula $'perft' $'a\'b\\\xff c'");
}

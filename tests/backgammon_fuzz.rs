//! Backgammon's two routes under random input: a seeded stream of valid,
//! mutated and garbage lines over UBGI and over UCI (`UCI_Variant
//! backgammon`), through the real binary. After every line `isready` must
//! be answered; a line gets at most one error line; every `go` the daemon
//! accepts gets exactly one final answer (`bestmove`, `bestcube`,
//! `bestturn`); a bad line leaves the position as it was (`d` over UCI,
//! the answer to the same `go` over UBGI); and `quit` ends the process.
//!
//! `TABULA_BG_FUZZ_LINES=N` sets the lines per route (default 400),
//! `TABULA_BG_FUZZ_SEED=S` the seed, `TABULA_BG_FUZZ_VERBOSE=1` prints every
//! line with what it got.

mod common;

use common::daemon::Daemon;
use common::driver::{self, env_flag, env_number, send, until};
use common::rng::Rng;

/// Sends `line`, then `isready`; the lines printed before `readyok`.
fn ask(d: &mut Daemon, line: &str) -> Vec<String> {
    driver::ask(d, line, "isready", "readyok")
}

fn is_answer(l: &str) -> bool {
    ["bestmove ", "bestcube ", "bestturn "]
        .iter()
        .any(|w| l.starts_with(w))
}

fn is_error(l: &str) -> bool {
    l.starts_with("error ") || l.starts_with("info string error")
}

const IDS: &[&str] = &[
    "4HPwATDgc/ABMA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:cIkFAAAAAAAA",
    "4HPwATDgc/ABMA:cBEAAAAAAAAA",
    "sGfwATDgc/ABMA:QYkqASAAIAAA",
    "trsHAIBtdwcAAA:8AngAGAAKAAA",
    "AAD8/wHcAAAAAA",
];
const XGIDS: &[&str] = &[
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
    "XGID=------E-D---cE-----bbbbbbA:0:0:1:42:0:0:0:0:10",
    "XGID=--A-B--o------------------:0:0:1:65:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:0:10",
];
/// Lines of both routes (not a handshake word: it would switch dialects).
const JUNK: &[&str] = &[
    "",
    " ",
    "\t",
    "position",
    "go sideways",
    "dice",
    "dice 0 0",
    "dice 9 9",
    "set",
    "set engine.ply",
    "set engine.ply 0",
    "set engine.ply x",
    "get nothing",
    "\u{0}\u{1}",
    "ÿÿÿ",
    "bestmove 8/5 6/5",
    "position gnubgid",
    "position xgid XGID=",
    "setoption name engine.ply value 4",
    "keys now",
    "stop",
    "newgame",
];

/// A valid or damaged piece of text.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match rng.below(6) {
        0 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars.truncate(k);
        }
        1 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars[k] = *['A', '/', ':', '-', '9', 'z', '*']
                .get(rng.below(7))
                .unwrap_or(&'x');
        }
        2 => chars.push(':'),
        _ => {}
    }
    chars.into_iter().collect()
}

fn ubgi_line(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 | 1 => format!("position gnubgid {}", damaged(rng, IDS)),
        2 => format!("position xgid {}", damaged(rng, XGIDS)),
        3 | 4 => format!("dice {} {}", rng.below(8), rng.below(8)),
        5 | 6 => format!(
            "go {}",
            *rng.pick(&[
                "chequer",
                "cube",
                "turn",
                "",
                "fast",
                "role chequer",
                "role turn depth 1",
                "role",
                "role dance"
            ])
        ),
        7 => format!(
            "set {} {}",
            *rng.pick(&[
                "engine.ply",
                "game.variant",
                "game.jacoby",
                "engine.hash",
                "x"
            ]),
            *rng.pick(&[
                "1",
                "2",
                "3",
                "0",
                "16384",
                "tavla",
                "backgammon",
                "true",
                "maybe",
                "16"
            ])
        ),
        8 => rng
            .pick(&["ubgi", "ubgi extra", "keys", "get engine.ply"])
            .to_string(),
        _ => rng.pick(JUNK).to_string(),
    }
}

/// One of `items`, perhaps damaged.
fn damaged(rng: &mut Rng, items: &[&str]) -> String {
    let text = *rng.pick(items);
    mutate(rng, text)
}

const TOKENS: &[&str] = &[
    "31:8/5,6/5",
    "31",
    "64",
    "64:24/18,13/9",
    "double",
    "take",
    "drop",
    "nodouble",
    "roll",
    "52:pass",
    "71:8/1",
    "31:8/5",
    "13:6/5,8/5",
    "66:24/18(2),13/7(2)",
    "43:bar/22*,13/9",
];

fn uci_line(rng: &mut Rng) -> String {
    match rng.below(8) {
        0..=2 => {
            let n = rng.below(5);
            let moves: Vec<&str> = (0..n).map(|_| *rng.pick(TOKENS)).collect();
            let base = match rng.below(3) {
                0 => "startpos".to_string(),
                1 => format!("gnubgid {}", damaged(rng, IDS)),
                _ => format!("xgid {}", damaged(rng, XGIDS)),
            };
            if moves.is_empty() {
                format!("position {base}")
            } else {
                format!("position {base} moves {}", moves.join(" "))
            }
        }
        3 | 4 => format!("go depth {}", rng.below(4)),
        5 => format!(
            "setoption name {} value {}",
            *rng.pick(&["Ply", "Rules", "Jacoby", "Hash"]),
            *rng.pick(&["1", "3", "9", "tavla", "backgammon", "true", "x"])
        ),
        _ => rng.pick(JUNK).to_string(),
    }
}

fn lines_per_route() -> usize {
    env_number("TABULA_BG_FUZZ_LINES").map_or(400, |n| n as usize)
}

fn seed() -> u64 {
    env_number("TABULA_BG_FUZZ_SEED").unwrap_or(0x00b9_f022_1234_5678)
}

/// Plays one route: `setup`, then random lines from `make`.
fn run(route: &str, setup: &[&str], make: fn(&mut Rng) -> String, uci: bool) {
    let mut rng = Rng::new(seed());
    let mut d = Daemon::start();
    for s in setup {
        send(&mut d, s);
    }
    send(&mut d, "isready");
    until(&mut d, "readyok", |l| l == "readyok");
    let mut answered = 0;
    for _ in 0..lines_per_route() {
        let line = make(&mut rng);
        let before = if uci { ask(&mut d, "d") } else { Vec::new() };
        let is_go = line.starts_with("go") && !line.contains("perft");
        let mut got = ask(&mut d, &line);
        // An accepted `go` owes exactly one answer (it may come after
        // `readyok`).
        if is_go && !got.iter().any(|l| is_error(l)) {
            // UCI ignores unknown `go` words: without a limit the search
            // is infinite and answers at `stop`.
            if uci && !line.contains("depth") {
                send(&mut d, "stop");
            }
            if !got.iter().any(|l| is_answer(l)) {
                let what = format!("answer to {line:?} (got {got:?})");
                got.extend(until(&mut d, &what, is_answer));
            }
            answered += 1;
            assert_eq!(
                got.iter().filter(|l| is_answer(l)).count(),
                1,
                "{route}: '{line}' -> {got:?}"
            );
        }
        if env_flag("TABULA_BG_FUZZ_VERBOSE") {
            eprintln!("{line:?} -> {got:?}");
        }
        let errors = got.iter().filter(|l| is_error(l)).count();
        assert!(errors <= 1, "{route}: '{line}' -> {got:?}");
        if errors == 1 && uci && line.starts_with("position") {
            assert_eq!(
                ask(&mut d, "d"),
                before,
                "{route}: '{line}' changed the position"
            );
        }
    }
    assert!(answered > 10, "{route}: only {answered} searches");
    driver::quit(&mut d, route);
}

#[test]
fn ubgi_survives_random_lines() {
    run("ubgi", &["ubgi"], ubgi_line, false);
}

#[test]
fn uci_backgammon_survives_random_lines() {
    run(
        "uci backgammon",
        &["uci", "setoption name UCI_Variant value backgammon"],
        uci_line,
        true,
    );
}

/// The answer to `go role chequer` with the lines before it.
fn chequer_answer(d: &mut Daemon) -> String {
    send(d, "go role chequer");
    let got = until(d, "bestmove", |l| l.starts_with("bestmove "));
    got.last().cloned().unwrap_or_default()
}

#[test]
fn malformed_v01_lines_get_one_error_and_change_nothing() {
    let mut d = Daemon::start();
    for line in [
        "ubgi",
        "setoption name Ply value 1",
        "position gnubgid 4HPwATDgc/ABMA",
        "dice 6 5",
    ] {
        send(&mut d, line);
    }
    send(&mut d, "isready");
    until(&mut d, "readyok", |l| l == "readyok");
    let answer = chequer_answer(&mut d);
    assert_eq!(answer, "bestmove 24/18 18/13");
    let keys = |d: &mut Daemon| {
        let mut v = ask(d, "get engine.ply");
        v.extend(ask(d, "get game.variant"));
        v.extend(ask(d, "get engine.bestmoveid"));
        v
    };
    let before = keys(&mut d);
    let text_lines = [
        "go role",
        "go role dance",
        "go role role chequer",
        "go role chequer depth",
        "go role chequer depth 0",
        "go role chequer nodes -1",
        "setoption name",
        "setoption name Ply",
        "setoption name Ply value",
        "setoption name Ply value 99",
        "setoption name Variant value chess",
        "setoption name Threads value 4",
        "setoption Ply value 1",
        "setcube value 2 owner p0",
    ];
    let raw_lines: [&[u8]; 4] = [
        b"go role \xff\xfe\n",
        b"\x00\x01\x02\x7f\n",
        b"setoption name \xc3\x28 value 1\n",
        b"go role chequer\xc0\n",
    ];
    let mut sent: Vec<Vec<u8>> = text_lines
        .iter()
        .map(|l| format!("{l}\n").into_bytes())
        .collect();
    sent.extend(raw_lines.iter().map(|b| b.to_vec()));
    for bytes in &sent {
        d.send_raw(bytes)
            .unwrap_or_else(|e| panic!("{e}\n{}", d.transcript()));
        send(&mut d, "isready");
        let mut got = until(&mut d, "readyok", |l| l == "readyok");
        got.pop();
        let shown = String::from_utf8_lossy(bytes);
        assert_eq!(got.len(), 1, "{shown:?} -> {got:?}");
        assert!(
            got.iter().all(|l| l.starts_with("error ")),
            "{shown:?} -> {got:?}"
        );
        assert_eq!(keys(&mut d), before, "{shown:?} changed a key");
        assert_eq!(
            chequer_answer(&mut d),
            answer,
            "{shown:?} changed the position"
        );
    }
    driver::quit(&mut d, "ubgi");
}

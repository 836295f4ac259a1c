//! UBGI, the backgammon dialect: every game of the registry that speaks
//! it (backgammon, the handshake's own) under a seeded stream of valid,
//! damaged and garbage lines. After every line `isready` must be
//! answered; a line gets at most one error line; every `go` the daemon
//! accepts gets exactly one final answer (`bestmove`, `bestcube`,
//! `bestturn`); `quit` or end of input ends the process, also mid-search.
//! A bad line leaving the position as it was is checked on fixed lines
//! (`malformed_v01_lines_get_one_error_and_change_nothing`): the same
//! `go` must get the same answer.
//!
//! A game's `[ubgi]` section (`fixtures/soak/<id>.txt`): `lines` (the
//! default budget), `gnubgid` and `xgid` (position texts, one a line),
//! `key` and `value` (words: `set` keys and values), `junk` (lines of the
//! game that are wrong or out of place, one a line).

use crate::Driver;
use crate::common::daemon::Daemon;
use crate::common::driver::{self, send, until};
use crate::common::rng::Rng;
use crate::data::Section;
use crate::lines::budget;
use crate::wire::{BLANK_JUNK, Wire, damage};

pub const DRIVER: Driver = Driver {
    handshake: "ubgi",
    check: |_, s| {
        Data::read(s);
    },
    soak,
};

#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[(
    &["ubgi", "position gnubgid 4HPwATDgc/ABMA", "dice 6 5"],
    "go chequer movetime 60000",
)];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}

/// What damages a backgammon position text.
pub const MARKS: &[char] = &['A', '/', ':', '-', '9', 'z', '*'];

/// The arguments of `go` the stream tries.
const GO: &[&str] = &[
    "chequer",
    "cube",
    "turn",
    "",
    "fast",
    "role chequer",
    "role turn depth 1",
    "role",
    "role dance",
];

/// Lines the stream sends as they are: the handshake again, the keys, and
/// the threads of the searches from then on (helpers search beside the
/// main thread once the search honours them).
const OTHER: &[&str] = &[
    "ubgi",
    "ubgi extra",
    "keys",
    "get engine.ply",
    "set engine.threads 2",
    "set engine.threads 4",
];

/// A final answer of a search.
pub fn is_answer(l: &str) -> bool {
    ["bestmove ", "bestcube ", "bestturn "]
        .iter()
        .any(|w| l.starts_with(w))
}

fn is_error(l: &str) -> bool {
    l.starts_with("error ") || l.starts_with("info string error")
}

/// A game's section, read.
struct Data {
    lines: usize,
    gnubgids: Vec<String>,
    xgids: Vec<String>,
    keys: Vec<String>,
    values: Vec<String>,
    junk: Vec<String>,
}

impl Data {
    fn read(s: &Section) -> Data {
        s.only(&["lines", "gnubgid", "xgid", "key", "value", "junk"]);
        let mut junk = s.some("junk");
        junk.extend(BLANK_JUNK.iter().map(|j| j.to_string()));
        Data {
            lines: s.number("lines"),
            gnubgids: s.some("gnubgid"),
            xgids: s.some("xgid"),
            keys: s.some_words("key"),
            values: s.some_words("value"),
            junk,
        }
    }
}

/// A line of the stream and whether it is a `go` the dialect answers.
fn ubgi_line(rng: &mut Rng, data: &Data) -> (String, bool) {
    let line = match rng.below(10) {
        0 | 1 => {
            let id = rng.pick(&data.gnubgids).clone();
            format!("position gnubgid {}", damage(rng, &id, MARKS))
        }
        2 => {
            let id = rng.pick(&data.xgids).clone();
            format!("position xgid {}", damage(rng, &id, MARKS))
        }
        3 | 4 => format!("dice {} {}", rng.below(8), rng.below(8)),
        5 | 6 => return (format!("go {}", rng.pick(GO)), true),
        7 => format!(
            "set {} {}",
            rng.pick(&data.keys).clone(),
            rng.pick(&data.values).clone()
        ),
        8 => rng.pick(OTHER).to_string(),
        _ => rng.pick(&data.junk).clone(),
    };
    let go = line.starts_with("go") && !line.contains("perft");
    (line, go)
}

fn soak(id: &'static str, s: &Section) {
    let data = Data::read(s);
    let mut w = Wire::start(format!("ubgi {id}"), "isready", "readyok");
    w.send("ubgi");
    let got = w.probe();
    if got.last().map(String::as_str) != Some("ubgiok") {
        w.fail(&format!("ubgi answered {got:?}"));
    }
    let mut last = String::from("ubgi");
    let lines = budget(data.lines);
    for _ in 0..lines {
        let (line, go, random) = w.next_line(&last, |rng| ubgi_line(rng, &data));
        let mut got = w.ask(line.as_bytes());
        let errors = got.iter().filter(|l| is_error(l)).count();
        w.check_reply(&mut got, go, errors, is_answer);
        if errors == 0 {
            w.stats.count_accepted(random);
            // Junk is made from the last line: not from a threads line,
            // whose mutations could ask for hundreds of threads.
            if !line.contains("engine.threads") {
                last = line;
            }
        }
    }
    w.check_searches(lines);
    // A search that cannot end within the exit's few milliseconds.
    w.finish(
        &[
            "set game.variant backgammon",
            "set engine.ply 3",
            "position gnubgid 4HPwATDgc/ABMA",
            "dice 6 5",
            "go chequer movetime 60000",
        ],
        is_answer,
    );
}

/// Sends `line`, then `isready`; the lines printed before `readyok`.
fn ask(d: &mut Daemon, line: &str) -> Vec<String> {
    driver::ask(d, line, "isready", "readyok")
}

/// The answer to `go role chequer` with the lines before it.
fn chequer_answer(d: &mut Daemon) -> String {
    send(d, "go role chequer");
    let got = until(d, "bestmove", |l| l.starts_with("bestmove "));
    got.last().cloned().unwrap_or_default()
}

/// The keys a bad line must leave as they were.
fn keys(d: &mut Daemon) -> Vec<String> {
    let mut v = ask(d, "get engine.ply");
    v.extend(ask(d, "get game.variant"));
    v.extend(ask(d, "get engine.bestmoveid"));
    v.extend(ask(d, "get engine.threads"));
    v
}

/// UBGI v0.1's spellings, wrong: one `error` line each, and the keys and
/// the position (the answer to the same `go`) as they were.
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
        "setoption name Threads value 0",
        "setoption name Threads value x",
        "setoption name Seed value 4",
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

//! UCI: the dialect every game speaks, the game chosen by `UCI_Variant`
//! (the games' data are in `fixtures/soak/<id>.txt`, section `[uci]`). A
//! game is soaked by the session of `session.rs`, unless its section says
//! `driver lines`: a game whose turns the session cannot model
//! (backgammon: dice, cube decisions) gets the random-line soak below.

use crate::Driver;
use crate::common::rng::Rng;
use crate::data::Section;
use crate::lines::budget;
use crate::session::{Dialect, Profile, clock_white_first, soak};
use crate::wire::{BLANK_JUNK, Wire, damage};
use tabula::engine::registry;

pub const DRIVER: Driver = Driver {
    handshake: "uci",
    check: |id, s| {
        if random_lines(s) {
            Data::read(s);
        } else {
            Profile::read(&UCI, id, s);
        }
    },
    soak: |id, s| {
        if random_lines(s) {
            soak_lines(id, s);
        } else {
            soak(Profile::read(&UCI, id, s));
        }
    },
};

#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

pub const UCI: Dialect = Dialect {
    handshake: "uci",
    handshake_ok: "uciok",
    variant_option: Some("UCI_Variant"),
    no_move: "(none)",
    ponder: true,
    searchmoves: true,
    mate_scores: true,
    info_notes: true,
    checkmate: false,
    gameover: false,
    mate_go: Some(mate_go),
    clock: clock_white_first,
    new_game: |_, _, _| "ucinewgame".into(),
    bad: BAD_UCI,
    options: OPTIONS_UCI,
};

fn mate_go(rng: &mut Rng) -> String {
    format!("go mate 1 nodes {}", rng.range(1, 3000))
}

const BAD_UCI: &[&str] = &[
    "usinewgame",
    "teinewgame 6",
    "setoption name UCI_Variant value chess",
    "setoption name USI_Hash value 8",
    "go mate 0",
    "go searchmoves",
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
    // Helpers beside the main thread, once the search uses them.
    "setoption name Threads value 2",
    "setoption name Threads value 4",
    "debug on",
    "debug off",
    "register later",
];

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[
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
];

/// The cases above, then `go infinite` in every game of the registry that
/// speaks UCI.
#[test]
fn quit_and_eof_end_a_running_search() {
    let mut cases = crate::quit_cases(QUIT_CASES);
    for id in registry::games_speaking(tabula::engine::Dialect::Uci) {
        let setup = vec![
            "uci".to_string(),
            format!("setoption name UCI_Variant value {id}"),
        ];
        cases.push((setup, "go infinite".into()));
    }
    crate::quit_and_eof_end_a_running_search(&cases);
}

/// The section asks for the random-line soak.
fn random_lines(s: &Section) -> bool {
    match s.maybe("driver").as_deref() {
        None => false,
        Some("lines") => true,
        Some(other) => panic!("{}: driver {other}: only `lines` is known", s.place),
    }
}

/// What damages a position text.
const MARKS: &[char] = &['A', '/', ':', '-', '9', 'z', '*'];

/// A section for the random-line soak, read: `lines` (the default
/// budget), `gnubgid` and `xgid` (position texts, one a line: after
/// `position gnubgid` and `position xgid`), `token` (words: turns for
/// `moves`, legal or not), `option` and `value` (words: `setoption` names
/// and values), `junk` (lines, one a line).
struct Data {
    lines: usize,
    gnubgids: Vec<String>,
    xgids: Vec<String>,
    tokens: Vec<String>,
    options: Vec<String>,
    values: Vec<String>,
    junk: Vec<String>,
}

impl Data {
    fn read(s: &Section) -> Data {
        s.only(&[
            "driver", "lines", "gnubgid", "xgid", "token", "option", "value", "junk",
        ]);
        let mut junk = s.some("junk");
        junk.extend(BLANK_JUNK.iter().map(|j| j.to_string()));
        Data {
            lines: s.number("lines"),
            gnubgids: s.some("gnubgid"),
            xgids: s.some("xgid"),
            tokens: s.some_words("token"),
            options: s.some_words("option"),
            values: s.some_words("value"),
            junk,
        }
    }
}

fn random_line(rng: &mut Rng, data: &Data) -> String {
    match rng.below(8) {
        0..=2 => {
            let n = rng.below(5);
            let moves: Vec<String> = (0..n).map(|_| rng.pick(&data.tokens).clone()).collect();
            let base = match rng.below(3) {
                0 => "startpos".to_string(),
                1 => {
                    let id = rng.pick(&data.gnubgids).clone();
                    format!("gnubgid {}", damage(rng, &id, MARKS))
                }
                _ => {
                    let id = rng.pick(&data.xgids).clone();
                    format!("xgid {}", damage(rng, &id, MARKS))
                }
            };
            if moves.is_empty() {
                format!("position {base}")
            } else {
                format!("position {base} moves {}", moves.join(" "))
            }
        }
        3 | 4 => format!("go depth {}", rng.below(4)),
        // Now and then the threads of the searches from then on.
        5 if rng.chance(25) => format!("setoption name Threads value {}", rng.pick(&[2, 4])),
        5 => format!(
            "setoption name {} value {}",
            rng.pick(&data.options).clone(),
            rng.pick(&data.values).clone()
        ),
        _ => rng.pick(&data.junk).clone(),
    }
}

fn is_answer(l: &str) -> bool {
    ["bestmove ", "bestcube ", "bestturn "]
        .iter()
        .any(|w| l.starts_with(w))
}

fn is_error(l: &str) -> bool {
    l.starts_with("error ") || l.starts_with("info string error")
}

/// The random-line soak of game `id` over UCI: after every line `isready`
/// must be answered; a line gets at most one error line, and a rejected
/// line leaves `d` as it was; every `go` the daemon accepts gets exactly
/// one final answer; `quit` or end of input ends the process.
fn soak_lines(id: &'static str, s: &Section) {
    let data = Data::read(s);
    let mut w = Wire::start(format!("uci {id}"), "isready", "readyok");
    w.send("uci");
    w.send(&format!("setoption name UCI_Variant value {id}"));
    let got = w.probe();
    if got.last().map(String::as_str) != Some("uciok") {
        w.fail(&format!("the set-up answered {got:?}"));
    }
    let mut last = String::from("position startpos");
    let lines = budget(data.lines);
    for _ in 0..lines {
        let (line, go, random) = w.next_line(&last, |rng| {
            let line = random_line(rng, &data);
            let go = line.starts_with("go") && !line.contains("perft");
            (line, go)
        });
        w.send("d");
        let before = w.probe();
        let mut got = w.ask(line.as_bytes());
        let errors = got.iter().filter(|l| is_error(l)).count();
        // UCI ignores unknown `go` words: without a limit the search is
        // infinite and answers at `stop`.
        if go && errors == 0 && !line.contains("depth") {
            w.send("stop");
        }
        w.check_reply(&mut got, go, errors, is_answer);
        if errors == 1 {
            w.send("d");
            let after = w.probe();
            if after != before {
                w.fail(&format!(
                    "a rejected line changed the position:\n{before:#?}\nto\n{after:#?}"
                ));
            }
        } else {
            w.stats.count_accepted(random);
            // Junk is made from the last line: not from a threads line,
            // whose mutations could ask for hundreds of threads.
            if !line.contains("Threads") {
                last = line;
            }
        }
    }
    w.check_searches(lines);
    w.finish(&["position startpos moves 31", "go infinite"], is_answer);
}

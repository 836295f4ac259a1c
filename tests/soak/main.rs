//! Soak: the daemon's contract under a seeded stream of valid, mutated and
//! garbage input, for every dialect × game of the registry: one driver
//! per dialect, each soaking every game of `tabula::engine::registry` that
//! speaks it, with that game's data read at run time from
//! `fixtures/soak/<id>.txt` (one section per dialect).
//!
//! The contract the UCI family and CECP are checked on, line by line:
//!
//! * a bad line prints exactly one error line (`info string error: ...`;
//!   CECP: `Error (...)`, `Illegal move...`, `tellusererror ...`) and
//!   changes nothing: the board `d` shows afterwards is the one before
//!   (CECP has no `d`: a model of the game built on the crate's own rules
//!   must keep agreeing with the engine on every move);
//! * a valid line prints nothing (apart from the replies it asks for, and
//!   the one note on setting more `Threads` than the machine has cores);
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
//!
//! Hub, UBGI and the UCI games the session cannot model (backgammon) are
//! soaked by random lines (`wire.rs`) checked on what each line got back
//! before the probe's reply and, for Hub, against a model of the game on
//! the crate's own rules: one error line at most, every accepted `go` one
//! answer, legal where the model stands (Hub), a refused position changing
//! nothing, `quit` or end of input ending the process.
//!
//! The layout: `lines.rs` makes the input (seeds, budgets, mutations,
//! garbage); `data.rs` reads the games' data files; `model.rs` reaches a
//! game's rules by its registry id; `session.rs` drives the UCI family,
//! whose dialects are data in `uci.rs`, `tei.rs` and `usi.rs`; `cecp.rs`
//! drives CECP; `wire.rs` is the random-line driver of `hub.rs`, `ubgi.rs`
//! and `uci.rs`'s `driver lines` games. Each dialect module has a test
//! that soaks every game speaking it ([`soak_games`]: the games side by
//! side, as many at once as the machine has cores; a failure names the
//! game), and one that checks `quit` and end of input mid-search.
//! `TABULA_SOAK_GAMES=id,id` soaks only those games.
//!
//! A new game adds its data file, `fixtures/soak/<id>.txt`, with a section
//! for each dialect it speaks; a new dialect adds its module here (and its
//! name in the `dialects!` list below) and a section to the data file of
//! each game that speaks it. The test
//! `every_registered_game_and_dialect_is_soaked` fails, naming the file
//! to write, while a game, a section or a driver is missing.

#[path = "../common/mod.rs"]
mod common;

mod data;
mod lines;
mod model;
mod session;
mod wire;

use common::daemon::Daemon;
use common::driver::env_flag;
use lines::PROMPT;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::Duration;
use tabula::engine::{Dialect, registry};

/// How the soak drives one dialect: each dialect's module defines one.
pub struct Driver {
    /// The dialect's handshake word, which names its sections in the data
    /// files.
    pub handshake: &'static str,
    /// Reads game `id`'s section as the driver would (panics on bad or
    /// missing data) without starting anything.
    pub check: fn(&'static str, &data::Section),
    /// Soaks game `id` over the dialect with its section.
    pub soak: fn(&'static str, &data::Section),
}

/// Declares the dialect modules and lists their drivers in [`DRIVERS`]. A
/// new dialect is its module and its name here (the declaration Rust
/// needs).
macro_rules! dialects {
    ($($dialect:ident),+ $(,)?) => {
        $(mod $dialect;)+

        /// Every dialect's driver.
        const DRIVERS: &[&Driver] = &[$(&$dialect::DRIVER),+];
    };
}

dialects! {
    uci,
    tei,
    usi,
    cecp,
    hub,
    ubgi,
}

/// Every game of the registry has its data file, with a section for each
/// dialect it speaks that its driver reads; every dialect has a driver.
#[test]
fn every_registered_game_and_dialect_is_soaked() {
    for d in Dialect::ALL {
        assert!(
            DRIVERS.iter().any(|v| v.handshake == d.name()),
            "no driver soaks {}: write tests/soak/{}.rs and name it in main.rs's dialects!",
            d.name(),
            d.name()
        );
    }
    for g in registry::GAMES {
        let file = data::read(g.id);
        for s in &file.sections {
            let speaks = g.dialects.iter().any(|d| d.name() == s.handshake);
            assert!(speaks, "{}: {} does not speak it", s.place, g.id);
        }
        for d in g.dialects {
            let driver = DRIVERS.iter().find(|v| v.handshake == d.name()).unwrap();
            (driver.check)(g.id, file.section(g.id, d.name()));
        }
    }
    let files = std::fs::read_dir(data::dir()).expect("fixtures/soak");
    for f in files {
        let name = f.expect("a directory entry").file_name();
        let name = name.to_string_lossy();
        let id = name.strip_suffix(".txt").unwrap_or(&name);
        assert!(
            registry::entry(id).is_some(),
            "fixtures/soak/{name}: no game {id} in the registry"
        );
    }
}

/// How many soaks run at once in the whole test binary (the tests of the
/// dialects run side by side): as many as the machine has cores.
fn slots() -> usize {
    thread::available_parallelism().map_or(2, |n| n.get())
}

/// Soaks that run now, under [`slots`].
static RUNNING: (Mutex<usize>, Condvar) = (Mutex::new(0), Condvar::new());

/// Runs `f` once a slot is free.
fn in_a_slot<T>(f: impl FnOnce() -> T) -> T {
    let (lock, free) = &RUNNING;
    let mut n = lock.lock().unwrap_or_else(|e| e.into_inner());
    while *n >= slots() {
        n = free.wait(n).unwrap_or_else(|e| e.into_inner());
    }
    *n += 1;
    drop(n);
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            let (lock, free) = &RUNNING;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
            free.notify_one();
        }
    }
    let _release = Release;
    f()
}

/// The games `TABULA_SOAK_GAMES` (ids, comma-separated) lets through; all
/// when it is unset.
fn wanted(id: &str) -> bool {
    match std::env::var("TABULA_SOAK_GAMES") {
        Ok(list) => list.split(',').any(|w| w.trim() == id),
        Err(_) => true,
    }
}

/// Soaks every game of the registry that speaks the driver's dialect, each
/// on its own thread, as many at once as [`slots`] allows; then fails
/// naming every game whose soak failed, with its message.
pub fn soak_games(driver: &Driver) {
    let dialect = Dialect::from_name(driver.handshake).expect("a dialect of the registry");
    let games: Vec<&'static str> = registry::games_speaking(dialect)
        .into_iter()
        .filter(|id| wanted(id))
        .collect();
    assert!(
        !games.is_empty() || env_flag("TABULA_SOAK_GAMES"),
        "no game of the registry speaks {}",
        driver.handshake
    );
    let failed: Vec<String> = thread::scope(|scope| {
        let runs: Vec<_> = games
            .iter()
            .map(|&id| {
                scope.spawn(move || {
                    let file = data::read(id);
                    let section = file.section(id, driver.handshake).clone();
                    in_a_slot(|| catch_unwind(AssertUnwindSafe(|| (driver.soak)(id, &section))))
                        .err()
                        .map(|e| panic_text(&*e))
                        .map(|e| format!("{} {id}: {e}", driver.handshake))
                })
            })
            .collect();
        runs.into_iter()
            .filter_map(|r| r.join().unwrap_or_else(|e| Some(panic_text(&*e))))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "{} of {} games failed over {}:\n\n{}",
        failed.len(),
        games.len(),
        driver.handshake,
        failed.join("\n\n")
    );
}

/// A panic's message.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else {
        "a panic without a message".into()
    }
}

/// `quit` and end of input end the process within `PROMPT` while a search
/// runs, and the pending answer is not printed: for each case, the
/// handshake and setup lines, then the `go`. Each dialect's module runs its
/// cases.
pub fn quit_and_eof_end_a_running_search(cases: &[(Vec<String>, String)]) {
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
            // The answers of every dialect: none may come in any.
            let owed = rest.iter().find(|l| {
                [
                    "bestmove",
                    "move ",
                    "checkmate",
                    "bestcube ",
                    "bestturn ",
                    "done",
                ]
                .iter()
                .any(|w| l.starts_with(w))
            });
            assert!(owed.is_none(), "{what}: printed {owed:?} at exit");
        }
    }
}

/// The cases of a dialect module's list as owned lines.
pub fn quit_cases(list: &[(&[&str], &str)]) -> Vec<(Vec<String>, String)> {
    list.iter()
        .map(|(setup, go)| {
            (
                setup.iter().map(|l| l.to_string()).collect(),
                go.to_string(),
            )
        })
        .collect()
}

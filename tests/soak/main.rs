//! Soak: the daemon's contract under a seeded stream of valid, mutated and
//! garbage input, for every dialect × game of the registry it plays (UCI
//! Makruk, Tak, Ōgi, Chinese checkers, Halma and both draughts, TEI Tak at
//! several sizes, USI Ōgi, CECP Makruk; Hub and UBGI have fuzzers of their
//! own, tests/hub_fuzz.rs and tests/backgammon_fuzz.rs).
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
//!
//! The layout: `lines.rs` makes the input (seeds, budgets, mutations,
//! garbage); `session.rs` drives the UCI family, whose dialects are data in
//! `uci.rs`, `tei.rs` and `usi.rs`; `cecp.rs` drives CECP; `hub.rs` and
//! `ubgi.rs` hold those dialects' exit cases (each dialect module tests
//! `quit` and end of input mid-search with the helper below); `games/` has one module per
//! game of the registry with its profiles and tests. A new game is a new
//! module in `games/` (and its line in `games/mod.rs`); the registry test
//! below fails while a game or handshake of the registry is soaked nowhere.

#[path = "../common/mod.rs"]
mod common;

mod cecp;
mod games;
mod hub;
mod lines;
mod session;
mod tei;
mod ubgi;
mod uci;
mod usi;

use common::daemon::Daemon;
use lines::PROMPT;
use std::thread;
use std::time::Duration;
use tabula::engine::registry;

/// Every game of the registry has its module in `games/`, and each
/// handshake it speaks is soaked there or named as soaked elsewhere.
#[test]
fn every_registered_game_and_handshake_is_soaked() {
    for g in registry::GAMES {
        let Some((_, soaked)) = games::ALL.iter().find(|(id, _)| *id == g.id) else {
            panic!("{}: no module tests/soak/games/{}.rs", g.id, g.id);
        };
        for hs in g.dialects.iter().map(|d| d.name()) {
            let here = soaked.profiles.iter().any(|p| p.dialect.handshake == hs);
            let elsewhere = soaked.elsewhere.iter().any(|(h, _)| *h == hs);
            assert!(here || elsewhere, "{} over {hs} is soaked nowhere", g.id);
        }
        for p in soaked.profiles {
            assert_eq!(p.id, g.id, "a profile of {} names {}", g.id, p.id);
            // The game must speak the profile's dialect (checked there).
            p.setup_lines();
        }
    }
    for (id, _) in games::ALL {
        assert!(
            registry::entry(id).is_some(),
            "games/{id}.rs: not in the registry"
        );
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

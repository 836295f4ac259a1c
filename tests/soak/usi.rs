//! USI: Ōgi's own dialect (the registry's game for `usi`), with
//! `go mate` answered by `checkmate` and `gameover`.

use crate::Driver;
use crate::common::rng::Rng;
use crate::session::{Dialect, Profile, soak};

pub const DRIVER: Driver = Driver {
    handshake: "usi",
    check: |id, s| {
        Profile::read(&USI, id, s);
    },
    soak: |id, s| soak(Profile::read(&USI, id, s)),
};

/// Every game of the registry that speaks USI, each with its section
/// `[usi]` of `fixtures/soak/<id>.txt`.
#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

pub const USI: Dialect = Dialect {
    handshake: "usi",
    handshake_ok: "usiok",
    variant_option: None,
    no_move: "resign",
    ponder: true,
    searchmoves: true,
    mate_scores: true,
    info_notes: true,
    checkmate: true,
    gameover: true,
    mate_go: Some(mate_go),
    clock,
    new_game: |_, _, _| "usinewgame".into(),
    bad: BAD_USI,
    options: OPTIONS_USI,
};

fn mate_go(rng: &mut Rng) -> String {
    format!("go mate {}", rng.range(0, 30))
}

/// Black's clock first, with byoyomi or increments.
fn clock(rng: &mut Rng) -> String {
    let t = rng.range(0, 200);
    let u = rng.range(0, 200);
    let inc = rng.range(0, 20);
    if rng.chance(50) {
        format!("btime {t} wtime {u} byoyomi {}", rng.range(0, 40))
    } else {
        format!("btime {t} wtime {u} binc {inc} winc {inc}")
    }
}

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

const OPTIONS_USI: &[&str] = &[
    "setoption name USI_Hash value 4",
    "setoption name USI_Hash value 16384",
    "setoption name ClearHash",
    "setoption name USI_MultiPV value 2",
    "setoption name USI_MultiPV value 1",
    "setoption name USI_Ponder value true",
    "setoption name MoveOverhead value 20",
    // Helpers beside the main thread, once the search uses them.
    "setoption name Threads value 2",
    "setoption name Threads value 4",
    "debug off",
];

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[
    (&["usi"], "go ponder"),
    (&["usi", "position startpos moves 5f5e"], "go infinite"),
];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}

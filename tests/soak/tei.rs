//! TEI: Tak's own dialect (the registry's game for `tei`), at every
//! board size `teinewgame` takes.

use crate::Driver;
use crate::common::rng::Rng;
use crate::session::{Dialect, Profile, clock_white_first, soak};

pub const DRIVER: Driver = Driver {
    handshake: "tei",
    check: |id, s| {
        Profile::read(&TEI, id, s);
    },
    soak: |id, s| soak(Profile::read(&TEI, id, s)),
};

/// Every game of the registry that speaks TEI, each with its section
/// `[tei]` of `fixtures/soak/<id>.txt`.
#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

pub const TEI: Dialect = Dialect {
    handshake: "tei",
    handshake_ok: "teiok",
    variant_option: None,
    no_move: "(none)",
    ponder: false,
    searchmoves: false,
    mate_scores: false,
    info_notes: false,
    checkmate: false,
    gameover: false,
    mate_go: None,
    clock: clock_white_first,
    new_game,
    bad: BAD_TEI,
    options: OPTIONS_TEI,
};

/// `teinewgame <size>`, or (when the search need not stop) sometimes only
/// `position startpos`.
fn new_game(rng: &mut Rng, sizes: &[u32], must_stop: bool) -> String {
    if must_stop || rng.chance(70) {
        format!("teinewgame {}", rng.pick(sizes))
    } else {
        "position startpos".into()
    }
}

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

const OPTIONS_TEI: &[&str] = &[
    "setoption name Hash value 2",
    "setoption name Hash value 16384",
    "setoption name Clear Hash",
    "setoption name MultiPV value 2",
    "setoption name MultiPV value 1",
    "setoption name Move Overhead value 5",
    // Helpers beside the main thread, once the search uses them.
    "setoption name Threads value 2",
    "setoption name Threads value 4",
    "setoption name HalfKomi value 4",
    "setoption name HalfKomi value -3",
    "setoption name HalfKomi value 0",
    "debug on",
];

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[
    (&["tei", "teinewgame 5"], "go infinite"),
    (&["tei", "teinewgame 8"], "go wtime 600000 btime 600000"),
];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}

//! UCI: the dialect every game speaks, the game chosen by `UCI_Variant`
//! (the games and their data are in `games/`).

use crate::common::rng::Rng;
use crate::session::{Dialect, clock_white_first};
use tabula::engine::registry;

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

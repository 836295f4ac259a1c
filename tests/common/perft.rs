//! The oracle-perft runner the `*_perft` tests share: read a table from
//! fixtures/perft, set a record's position up, check or time its depths.
//! Each game's test keeps only what differs (board setup, depth limits).

use tabula::games::perft_file::{self, PerftRecord};
use tabula::games::{Game, GamePosition, MoveNotation};

/// The records of `fixtures/perft/<file>`.
pub fn records(file: &str) -> Vec<PerftRecord> {
    let path = format!("{}/fixtures/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    perft_file::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The record's position with its moves played, in a game set up by the
/// caller (Tak needs its board size first).
pub fn position_of<G: Game>(game: &G, r: &PerftRecord, notation: &str) -> G::Pos {
    assert_eq!(r.game, G::ID, "{}", r.id);
    assert_eq!(r.notation, notation, "{}", r.id);
    let mut pos = game
        .parse_position(&r.position)
        .unwrap_or_else(|e| panic!("{}: {e}", r.id));
    for m in &r.moves {
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .unwrap_or_else(|e| panic!("{}: oracle move {m}: {e}", r.id));
        pos.play(mv);
    }
    pos
}

/// Checks every depth of the record that `skip` lets through; returns the
/// deepest depth checked (0 if none).
pub fn check_record<P: GamePosition>(
    pos: &mut P,
    r: &PerftRecord,
    skip: impl Fn(u32, u64) -> bool,
) -> u32 {
    let mut deepest = 0;
    for &(depth, expected) in &r.perft {
        if skip(depth, expected) {
            continue;
        }
        assert_eq!(pos.perft(depth), expected, "{} depth {depth}", r.id);
        deepest = deepest.max(depth);
    }
    deepest
}

/// Runs one depth, prints its speed and checks the count (for the ignored
/// timing tests, run with `--release -- --ignored --nocapture`).
pub fn timed_perft<P: GamePosition>(pos: &mut P, r: &PerftRecord, depth: u32, expected: u64) {
    let t = std::time::Instant::now();
    let n = pos.perft(depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{:14} perft {depth}: {n} leaves in {s:.3} s = {:.1} M leaves/s",
        r.id,
        n as f64 / s / 1e6
    );
    assert_eq!(n, expected, "{} depth {depth}", r.id);
}

//! Perft against the oracle table fixtures/perft/tak.perft (convention T0:
//! a finished game has no leaves below it).

mod common;

use common::perft;

use tabula::games::Game;
use tabula::games::perft_file::PerftRecord;
use tabula::games::tak::Tak;

/// Depths with more leaves than this are skipped (all records of the oracle
/// table fit: 6x6 depth 5 takes under a second with bulk counting).
const MAX_LEAVES: u64 = 2_000_000_000;

/// The record's position on a board of the size its TPS shows.
fn position_of(r: &PerftRecord) -> <Tak as Game>::Pos {
    let board = r.position.split_whitespace().next().expect("board field");
    let size = board.split('/').count();
    let mut game = Tak::new();
    game.new_game_argument(&size.to_string()).expect("size");
    perft::position_of(&game, r, "tps")
}

#[test]
fn tak_perft_oracle() {
    let recs = perft::records("tak.perft");
    assert!(recs.len() >= 10);
    let mut deepest_per_record = Vec::new();
    for r in &recs {
        let mut pos = position_of(r);
        let deepest = perft::check_record(&mut pos, r, |_, expected| expected > MAX_LEAVES);
        deepest_per_record.push((r.id.clone(), deepest));
    }
    // Every start position is checked to depth 4 at least.
    for (id, d) in deepest_per_record {
        if id.starts_with("TAK-") && id[4..].chars().all(|c| c.is_ascii_digit()) {
            assert!(d >= 4, "{id} checked only to depth {d}");
        }
    }
}

/// Speed of the deepest depth of each record:
/// `cargo test --release --test tak_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn tak_perft_timing() {
    for r in &perft::records("tak.perft") {
        let mut pos = position_of(r);
        if let Some(&(depth, expected)) = r.perft.last() {
            perft::timed_perft(&mut pos, r, depth, expected);
        }
    }
}
